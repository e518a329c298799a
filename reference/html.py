"""The one HTML renderer: an answer's Markdown with clickable footnote markers, a
reference list, a standalone page, and the one rule for which links are safe.

``deepref cite --style html``, ``deepref research --format html``, report pages and
the API's viewer all render through here, so they agree on markup and on safety.

Rendering happens on the server with markdown-it (raw HTML in the answer is
escaped, never passed through), so the viewer needs no build step and no
third-party script. Markers are swapped for private-use placeholders before
rendering (so Markdown cannot split or escape them) and for ``<sup>`` links after.

The Markdown is untrusted (page text quoted by a model, the model's own words), so
no image is ever loaded (an image becomes a link to it: a remote image would tell
its host who reads the answer), and links keep only http(s), mailto and relative
targets, with ``rel="noopener noreferrer nofollow"``. A file URL with a host opens a
network share (on Windows, sending the reader's credentials to that host), so it is
never linked. Pages opened from disk (the HTML style, ``deepref research --format
html``, report runs) and the Markdown styles link a file on this machine
(``safe_url(url, allow_file=True)``: ``file:///…`` only); the API's viewer, served over
HTTP, does not. A local corpus's source also shows its path beside the title.
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt

from deepref.reference.languages import RTL

_md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
_OPEN, _CLOSE = "\ue000", "\ue001"
LINK_REL = "noopener noreferrer nofollow"
SAFE_SCHEMES = ("http", "https", "mailto")


def safe_url(url: str, *, allow_file: bool = False) -> str:
    """``url`` if a reader can follow it safely (http(s), mailto, or relative to the
    page), else "": a source or a model's Markdown may come from a stranger, so no
    ``javascript:`` or ``data:`` links. ``allow_file`` also lets through a file on this
    machine (``file:///…``, ``file://localhost/…``), never one on another host."""
    try:
        scheme = urlsplit(url.strip()).scheme.lower()
    except ValueError:
        return ""
    if scheme in SAFE_SCHEMES or scheme == "":
        return url
    return url if allow_file and local_path(url) is not None else ""


def local_path(url: str) -> str | None:
    """The path of a ``file:`` URL naming a file on this machine, else None."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme.lower() != "file" or parts.netloc.lower() not in ("", "localhost"):
        return None
    return unquote(parts.path) or None


def _link_open(self, tokens, idx, options, env) -> str:
    token = tokens[idx]
    if safe_url(token.attrGet("href") or ""):
        token.attrSet("rel", LINK_REL)
    else:
        token.attrs.pop("href", None)  # the text stays, the link goes
    return self.renderToken(tokens, idx, options, env)


def _image(self, tokens, idx, options, env) -> str:
    token = tokens[idx]
    alt = html.escape(self.renderInlineAsText(token.children or [], options, env)) or "image"
    src = token.attrGet("src") or ""
    if not safe_url(src):
        return f'<span class="image">[{alt}]</span>'
    return f'<a class="image" href="{html.escape(src, quote=True)}" rel="{LINK_REL}">[image: {alt}]</a>'


_md.add_render_rule("link_open", _link_open)
_md.add_render_rule("image", _image)


def marker_html(n: int, i: int, occurrence: int = 1) -> str:
    """A clickable footnote marker. ``data-i`` is the marker's index in reading order,
    so the viewer can show the reference whose ``answer_span`` it closes; the id is
    unique on the page (``cite-2``, then ``cite-2-2``...)."""
    anchor = f"cite-{n}" if occurrence == 1 else f"cite-{n}-{occurrence}"
    return f'<sup class="fn"><a href="#ref-{n}" id="{anchor}" data-n="{n}" data-i="{i}">[{n}]</a></sup>'


def answer_html(answer: str, markers: list[tuple[int, int, int]] | list[list[int]]) -> str:
    """HTML of ``answer`` (Markdown) with each marker (start, end, n) clickable."""
    out, prev = [], 0
    for i, (start, end, n) in enumerate(sorted(tuple(m) for m in markers)):
        out.append(answer[prev:start])
        out.append(f"{_OPEN}{int(n)}:{i}{_CLOSE}")
        prev = end
    out.append(answer[prev:])
    pieces = _md.render("".join(out)).split(_OPEN)
    result, seen = [pieces[0]], Counter[str]()
    for piece in pieces[1:]:
        token, _, rest = piece.partition(_CLOSE)
        n, _, i = token.partition(":")
        seen[n] += 1
        result.append(marker_html(int(n), int(i), seen[n]) + rest)
    return "".join(result)


class QuoteItem(NamedTuple):
    """A quote as a reference list shows it: its text, its own page, slide or section
    (``where``, "" when none) and the link that opens that page ("" when none)."""

    text: str
    where: str = ""
    link: str = ""


def reference_item_html(
    n: int,
    title: str,
    url: str,
    quotes: Sequence[str | QuoteItem],
    entry_html: str | None = None,
    *,
    allow_file: bool = False,
) -> str:
    """One entry of a reference list: the linked title (or a citation-style entry
    already rendered as HTML) and the quotes it supports the answer with, each
    followed by its own page, linked to that page (``#page=25``, ``#page=15``).

    ``allow_file``: a page opened from disk (``deepref cite --style html``, ``deepref
    research --format html``, report runs) links files on this machine (``file:///…``);
    never a file on another host (a network share)."""
    href = safe_url(url, allow_file=allow_file)
    head = entry_html
    if head is None:
        head = html.escape(title)
        if href:
            head = f'<a href="{html.escape(href, quote=True)}" rel="{LINK_REL}">{head}</a>'
        if path := local_path(url):
            head += f' <span class="path">{html.escape(path)}</span>'
    items = dict.fromkeys(q if isinstance(q, QuoteItem) else QuoteItem(q) for q in quotes)
    quoted = "".join(_quote_html(q, allow_file) for q in items if q.text)
    return f'<li id="ref-{n}" value="{n}">{head}{quoted}</li>'


def _quote_html(q: QuoteItem, allow_file: bool) -> str:
    out = f'<blockquote dir="auto">{html.escape(q.text)}</blockquote>'
    if not q.where:
        return out
    where = html.escape(q.where)
    if href := safe_url(q.link, allow_file=allow_file) if q.link else "":
        where = f'<a class="locator" href="{html.escape(href, quote=True)}" rel="{LINK_REL}">{where}</a>'
    return out + f'<p class="locator">{where}</p>'


def reference_list_html(items: list[str]) -> str:
    return f'<ol class="references">{"".join(items)}</ol>'


PAGE_CSS = (
    "body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}"
    "blockquote{border-inline-start:3px solid #ccd;margin:.3rem 0;padding:.2rem .8rem;color:#444}"
    ".failed{color:#a3261b}.note{color:#555;font-size:.9em}"
    "p.locator{margin:-.2rem 0 .5rem .8rem;font-size:.85em;color:#555}"
)


_STYLE_HASH = base64.b64encode(hashlib.sha256(PAGE_CSS.encode()).digest()).decode()
PAGE_CSP = f"default-src 'none'; style-src 'sha256-{_STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'"
"""For pages opened from disk (no server to send a header): nothing loads but their own style."""


def html_page(title: str, body: str, language: str = "") -> str:
    """A standalone page (no script, no external asset) around ``body``, for files
    that are opened from disk: report runs and ``deepref research --format html``.
    ``language`` (a code) sets the page's ``lang``, and ``dir="rtl"`` for Arabic,
    Persian, Hebrew and Urdu; quotes keep their own direction (``dir="auto"``)."""
    attrs = f' lang="{html.escape(language)}"' if language else ""
    attrs += ' dir="rtl"' if language in RTL else ""
    return (
        f"<!DOCTYPE html><html{attrs}><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{PAGE_CSP}">'
        f"<meta name='referrer' content='no-referrer'><title>{html.escape(title)}</title>"
        f"<style>{PAGE_CSS}</style></head><body>{body}</body></html>"
    )
