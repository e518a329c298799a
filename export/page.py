"""A :class:`~export.model.Document` as the HTML page the PDF is printed from.

The answer is rendered by the one HTML renderer (``reference.html.answer_html``: the
same Markdown rules, safe links and clickable ``[n]`` markers as the viewer and report
pages); each marker is then followed by its note, a ``float: footnote`` element that
WeasyPrint sets at the foot of the page (CSS GCPM). The references close the document
with every quote, the link that opens its page, and the URL printed for paper readers.
Headings carry ids for the PDF outline and, in a long document, the printed contents
with page numbers (``target-counter``).
"""

from __future__ import annotations

import html
import re

from deepref.export.model import Document, Note, Quote, Section, strong_rtl
from deepref.reference.html import LINK_REL, answer_html

LONG = 3
"""Sections from which a document gets a printed table of contents."""

FONTS = (
    # Debian's fonts (fonts-dejavu-core; fonts-wqy-microhei for CJK; fonts-noto-* when present):
    # DejaVu Sans covers Latin, Greek, Cyrillic, Arabic and Hebrew; fontconfig falls back per glyph
    '"DejaVu Sans", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "WenQuanYi Micro Hei", '
    '"Noto Sans CJK SC", "Noto Sans CJK JP", sans-serif'
)

CSS = f"""
@page {{
  size: A4; margin: 22mm 20mm 24mm;
  @bottom-center {{ content: counter(page) " / " counter(pages); font-size: 8pt; color: #666; }}
  @footnote {{ border-top: .5pt solid #999; padding-top: 4pt; }}
}}
html {{ font-family: {FONTS}; font-size: 10.5pt; line-height: 1.45; }}
h1 {{ font-size: 18pt; margin: 0 0 4pt; }}
h2 {{ font-size: 14pt; margin: 16pt 0 6pt; break-after: avoid; }}
h3, h4, h5, h6 {{ font-size: 11.5pt; break-after: avoid; }}
a {{ color: #1a4f9c; text-decoration: none; }}
.subtitle {{ color: #555; margin: 0 0 12pt; }}
.toc ol {{ list-style: none; padding: 0; }}
.toc a::after {{ content: leader('.') target-counter(attr(href), page); }}
sup.fn {{ font-size: 70%; line-height: 0; }}
.note {{ float: footnote; font-size: 8pt; line-height: 1.3; text-align: start; }}
.note::footnote-call {{ content: none; }}
.note::footnote-marker {{ content: none; }}
.note q, .refs q {{ quotes: "\\201C" "\\201D"; }}
.failed {{ color: #a3261b; }}
.refs li {{ margin-bottom: 6pt; break-inside: avoid; }}
.refs .url {{ font-size: 8pt; color: #555; word-break: break-all; }}
.refs blockquote {{ margin: 2pt 0 0; padding-inline-start: 8pt; border-inline-start: 2pt solid #ccd; color: #333; }}
.notes {{ color: #555; font-size: 9pt; }}
table {{ border-collapse: collapse; }} td, th {{ border: .5pt solid #bbb; padding: 2pt 4pt; }}
"""

_MARKER = re.compile(r'(<sup class="fn"><a href="#ref-\d+" id="[^"]+" data-n="\d+" data-i="(\d+)">\[\d+\]</a></sup>)')


def _dir(text: str) -> str:
    """`` dir="rtl"``/``"ltr"`` by the first strong character of ``text`` ("" with none)."""
    rtl = strong_rtl(text)
    return "" if rtl is None else f' dir="{"rtl" if rtl else "ltr"}"'


def _a(href: str, text: str) -> str:
    if not href:
        return text
    return f'<a href="{html.escape(href, quote=True)}" rel="{LINK_REL}">{text}</a>'


def _quote_html(q: Quote) -> str:
    where = _a(q.link, html.escape(q.where)) if q.where else ""
    return f"<q{_dir(q.text)}>{html.escape(q.text)}</q>" + (f" ({where})" if where else "")


def note_html(note: Note) -> str:
    """The footnote of one marker: ``n. Title: “quote” (p. 17)``, title and page linked."""
    head = f"{note.n}. " + _a(note.link, html.escape(note.title))
    quotes = " … ".join(_quote_html(q) for q in note.quotes)
    hint = " ".join(q.text for q in note.quotes) or note.title  # the quotes decide, else the title
    return f'<span class="note"{_dir(hint)}>{head}{": " + quotes if quotes else ""}</span>'


_HEADING = re.compile(r"<(/?)h([1-6])>")


def _answer(section: Section, shift: int) -> str:
    """The answer's HTML, its own headings one level down under a section heading."""
    body = answer_html(section.answer, list(section.markers))
    if shift:
        body = _HEADING.sub(lambda m: f"<{m.group(1)}h{min(6, int(m.group(2)) + shift)}>", body)
    notes = section.notes
    return _MARKER.sub(lambda m: m.group(1) + note_html(notes[int(m.group(2))]), body)


def _sources(doc: Document) -> str:
    items = []
    for s in doc.sources:
        head = _a(s.link, html.escape(s.title))
        shown = s.path or s.url
        url = f'<div class="url">{_a(s.link, html.escape(shown))}</div>' if shown else ""
        quotes = "".join(
            f"<blockquote{_dir(q.text)}><q>{html.escape(q.text)}</q>"
            + (f" ({_a(q.link, html.escape(q.where))})" if q.where else "")
            + "</blockquote>"
            for q in s.quotes
        )
        items.append(f'<li id="ref-{s.n}" value="{s.n}">{head}{url}{quotes}</li>')
    return f'<h2 id="references">References</h2><ol class="refs">{"".join(items)}</ol>' if items else ""


def document_html(doc: Document) -> str:
    """The whole page, standalone (fonts from the system, nothing fetched)."""
    esc = html.escape
    lang = f' lang="{esc(doc.language)}"' if doc.language else ""
    direction = ' dir="rtl"' if doc.rtl else ""
    parts = [f"<h1>{esc(doc.title)}</h1>"]
    if doc.subtitle:
        parts.append(f'<p class="subtitle">{esc(doc.subtitle)}</p>')
    headed = [(i, s) for i, s in enumerate(doc.sections) if s.heading]
    if len(headed) >= LONG:
        entries = "".join(f'<li><a href="#s{i}">{esc(s.heading)}</a></li>' for i, s in headed)
        if doc.sources:
            entries += '<li><a href="#references">References</a></li>'
        parts.append(f'<nav class="toc"><h2>Contents</h2><ol>{entries}</ol></nav>')
    for i, s in enumerate(doc.sections):
        attrs = (f' lang="{esc(s.language)}"' if s.language else "") + (
            f' dir="{"rtl" if s.rtl else "ltr"}"' if s.language else ""
        )
        if s.heading:
            parts.append(f'<h2 id="s{i}"{attrs}>{esc(s.heading)}</h2>')
        if s.failed:
            parts.append(f'<p class="failed">This question failed: {esc(s.failed)}</p>')
        else:
            parts.append(f'<div class="answer"{attrs}>{_answer(s, 1 if s.heading else 0)}</div>')
    parts.append(_sources(doc))
    parts.extend(f'<p class="notes">note: {esc(n)}</p>' for n in doc.notes)
    return (
        f"<!DOCTYPE html><html{lang}{direction}><head><meta charset='utf-8'><title>{esc(doc.title)}</title>"
        f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>"
    )
