"""Rendering a result for people and programs, one style per name.

A style rewrites exactly the markers the engine wrote (``ReferenceResult.markers``)
and appends a reference list. Footnote numbers are per source, so a number used
by several claims lists every quote that supports them under one definition.
Custom styles subclass :class:`Style` and are passed to :func:`render` as
instances (the built-in table is read-only: this package keeps no global state).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from deepref.reference.errors import InputError
from deepref.reference.html import (
    QuoteItem,
    answer_html,
    marker_html,
    reference_item_html,
    reference_list_html,
    safe_url,
)
from deepref.reference.locators import locator_link

if TYPE_CHECKING:  # types only: models imports this module to render (ReferenceResult.render)
    from deepref.reference.models import Reference, ReferenceResult


class Style:
    """Base class: override ``marker`` and ``reference_list`` (and ``render`` if needed)."""

    name = "base"

    def marker(self, n: int, refs: list[Reference]) -> str:
        return f"[^{n}]"

    def reference_list(self, groups: list[tuple[int, list[Reference]]]) -> str:
        return ""

    def render(self, result: ReferenceResult) -> str:
        groups = _groups(result)
        by_n = dict(groups)
        body = _rewrite(result, lambda n: self.marker(n, by_n.get(n, [])))
        tail = self.reference_list(groups)
        return body + ("\n\n" + tail if tail else "")


def _groups(result: ReferenceResult) -> list[tuple[int, list[Reference]]]:
    grouped: dict[int, list[Reference]] = defaultdict(list)
    for ref in result.references:
        grouped[ref.n].append(ref)
    return sorted(grouped.items())


def _rewrite(result: ReferenceResult, marker) -> str:
    text, out, prev = result.answer, [], 0
    for start, end, n in sorted(result.markers):
        out.append(text[prev:start])
        out.append(marker(n))
        prev = end
    out.append(text[prev:])
    return "".join(out)


def located_quotes(refs: Sequence[Reference]) -> list[QuoteItem]:
    """Each distinct quote of ``refs`` with its own page, slide or section ("" when
    none) and its own link: a footnote quoting pages 25 and 15 links ``#page=25`` and
    ``#page=15``. The link is "" when the URL is not one a reader may follow, or when
    it would open no particular place (no page locator)."""
    out: dict[tuple[str, str], QuoteItem] = {}
    for r in refs:
        if not r.quote:
            continue
        quote, where = " ".join(r.quote.split()), r.locator.text if r.locator else ""
        link = _link(r) if r.locator is not None and r.locator.kind == "page" and r.locator.first else ""
        out.setdefault((quote, where), QuoteItem(quote, where, link))
    return list(out.values())


def _link(ref: Reference) -> str:
    """The reference's URL opening its page (``#page=17``) when it has one; a local
    reader's corpus files (``file:///…`` on this machine) stay links (reference/html.py)."""
    return safe_url(locator_link(ref.url, ref.locator), allow_file=True)


class MarkdownFootnotes(Style):
    """``[^n]`` in the text; ``[^n]: [title](url) "quote"`` definitions."""

    name = "markdown"

    def reference_list(self, groups):
        lines = []
        for n, refs in groups:
            head = refs[0]
            link = f"[{_md_escape(head.title)}]({_link(head)})" if _link(head) else _md_escape(head.title)
            quotes = " … ".join(markdown_quote(q) for q in located_quotes(refs))
            lines.append(f"[^{n}]: {link}" + (f" {quotes}" if quotes else ""))
        return "\n".join(lines)


class MarkdownLinks(Style):
    """``<sup>[[n](url)]</sup>`` in the text and a ``- **n** [title](url)`` list (langchain-references)."""

    name = "markdown-links"

    def marker(self, n, refs):
        url = _link(refs[0]) if refs else ""
        return f"<sup>[[{n}]({url})]</sup>" if url else f"<sup>[{n}]</sup>"

    def reference_list(self, groups):
        return "\n".join(f"- **{n}** [{_md_escape(refs[0].title)}]({_link(refs[0])})" for n, refs in groups)


class HTMLStyle(Style):
    """The answer's Markdown rendered, clickable ``<sup>`` markers and an ordered
    list; the same markup as report pages and the viewer (reference/html.py)."""

    name = "html"

    def marker(self, n, refs, occurrence: int = 1):
        return marker_html(n, 0, occurrence)

    def render(self, result):
        return f'<div class="answer">{answer_html(result.answer, result.markers)}</div>\n{self.references_html(result)}'

    def references_html(self, result) -> str:
        """The ordered reference list alone, for pages that render the answer otherwise."""
        return self.reference_list(_groups(result))

    def reference_list(self, groups):
        return reference_list_html(
            [
                reference_item_html(n, refs[0].title, _link(refs[0]), located_quotes(refs), allow_file=True)
                for n, refs in groups
            ]
        )


class TextStyle(Style):
    """For terminals: ``[n]`` and a plain list with quotes."""

    name = "text"

    def marker(self, n, refs):
        return f"[{n}]"

    def reference_list(self, groups):
        lines = ["References:"]
        for n, refs in groups:
            lines.append(f"[{n}] {refs[0].title} <{locator_link(refs[0].url, refs[0].locator)}>")
            lines.extend(f"    {text_quote(q)}" for q in located_quotes(refs))
        return "\n".join(lines) if groups else ""


class JSONStyle(Style):
    """Machine-readable citations: a superset of RAGQA's (label, source, doc_id,
    chunk_id, excerpt) with url, spans and score."""

    name = "json"

    def render(self, result):
        citations = [
            {
                "label": f"[{r.n}]",
                "n": r.n,
                "source": r.title,
                "url": r.url,
                "doc_id": r.source_id,
                "chunk_id": f"{r.source_id}:{r.quote_span[0]}-{r.quote_span[1]}",
                "excerpt": r.quote,
                "quote_span": list(r.quote_span),
                "answer_span": list(r.answer_span),
                "score": r.score,
                "support": r.support,
                "origin": r.origin,
                "supported": r.supported,
                "locator": r.locator.to_dict() if r.locator else None,
                "link": locator_link(r.url, r.locator),
            }
            for r in result.references
        ]
        return json.dumps({"answer": result.answer, "citations": citations}, ensure_ascii=False, indent=2)


class EmptyStyle(Style):
    """No marks at all; the references stay on the result for logging and analysis."""

    name = "empty"

    def marker(self, n, refs):
        return ""


_STYLES: Mapping[str, Style] = MappingProxyType(
    {s.name: s for s in (MarkdownFootnotes(), MarkdownLinks(), HTMLStyle(), TextStyle(), JSONStyle(), EmptyStyle())}
)
STYLE_NAMES = tuple(_STYLES)


def get_style(style: str | Style) -> Style:
    if isinstance(style, Style):
        return style
    try:
        return _STYLES[style]
    except KeyError:
        raise InputError(f"unknown style {style!r}: choose one of {', '.join(sorted(_STYLES))}") from None


def render(result: ReferenceResult, style: str | Style = "markdown") -> str:
    """The result's answer with markers and reference list in ``style``."""
    return get_style(style).render(result)


def markdown_quote(q: QuoteItem) -> str:
    """``"quote"``, ``"quote" (§ Methods)``, or ``"quote" ([p. 17](….pdf#page=17))``: the
    locator links the quote's own page."""
    if not q.where:
        return f'"{q.text}"'
    where = f"[{_md_escape(q.where)}]({_md_url(q.link)})" if q.link else q.where
    return f'"{q.text}" ({where})'


def text_quote(q: QuoteItem) -> str:
    """``"quote"``, or ``"quote" (p. 17) <….pdf#page=17>`` with its locator and link."""
    return f'"{q.text}"' + (f" ({q.where})" if q.where else "") + (f" <{q.link}>" if q.link else "")


def _md_url(url: str) -> str:
    """A URL as a Markdown link destination: spaces and parentheses would end it."""
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")


# Markdown's inline specials: a title from a page or a provider is text, never markup.
# ``<`` would open raw HTML (``<script>``) in CommonMark renderers and ``&lt;`` an
# entity; ``[`` ``]`` would end the link text; ``*`` ``_`` `````` ``~`` ``|`` would emphasise,
# open code, strike or cut a table. CommonMark lets any ASCII punctuation be escaped.
_MD_TEXT_SPECIAL = re.compile(r"[\\`*_\[\]<>~|]|&(?=#?[0-9A-Za-z]+;)")


def _md_escape(text: str) -> str:
    """``text`` as literal Markdown inline text on one line (link text, a locator)."""
    return _MD_TEXT_SPECIAL.sub(lambda m: "\\" + m.group(), " ".join(text.splitlines()))
