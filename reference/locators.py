"""Where in a document a quote sits: page, slide or section, and the link that opens it.

A source's text may carry :class:`Mark` s, each saying "from this character on is page
17" (or slide 4, or the section Methods › Sampling). :func:`locate` maps a quote's
character span onto them; a quote that crosses a page break gets both pages. Pure:
the readers in ``search.documents`` make the marks, the engine only maps spans.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from deepref.reference.languages import locator_label

LocatorKind = Literal["page", "slide", "section"]
SECTION_SEPARATOR = " › "


@dataclass(frozen=True, slots=True)
class Mark:
    """From ``start`` (a character offset of the source text) on, the text is on this
    page or slide (``number``, 1-based; ``label`` the printed page label when it differs)
    or in this section (``label`` = the heading path joined with " › ")."""

    start: int
    kind: LocatorKind
    number: int = 0
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "kind": self.kind, "number": self.number, "label": self.label}


@dataclass(frozen=True, slots=True)
class Locator:
    """The page(s), slide(s) or section a quote is in. ``first``/``last`` are physical
    page or slide numbers (what ``#page=`` opens); the labels are what is printed."""

    kind: LocatorKind
    first: int = 0
    last: int = 0
    first_label: str = ""
    last_label: str = ""
    language: str = ""
    """The report's language (a code): its labels for page and slide; "" is English."""

    @property
    def text(self) -> str:
        """``p. 17``, ``pp. 17–18``, ``slide 4``, ``slides 4–5`` or ``§ Methods › Sampling``,
        in the report's language (``S. 17`` in German, ``17頁`` in Japanese)."""
        if self.kind == "section":
            return f"§ {self.first_label}"
        first = self.first_label or str(self.first)
        last = self.last_label or str(self.last)
        several = first != last
        return locator_label(self.language, self.kind, f"{first}–{last}" if several else first, several)

    @property
    def pages(self) -> str:
        """The printed page range for bibliographies (``17`` or ``17–18``); empty unless pages."""
        if self.kind != "page":
            return ""
        first, last = self.first_label or str(self.first), self.last_label or str(self.last)
        return first if first == last else f"{first}–{last}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "first": self.first,
            "last": self.last,
            "first_label": self.first_label,
            "last_label": self.last_label,
            "text": self.text,
            **({"language": self.language} if self.language else {}),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Locator | None:
        if not d:
            return None
        return cls(
            d["kind"],
            int(d.get("first", 0)),
            int(d.get("last", 0)),
            d.get("first_label", ""),
            d.get("last_label", ""),
            d.get("language") or "",
        )


def marks_from(raw: Sequence[Any]) -> tuple[Mark, ...]:
    """Marks from their dict form (JSON payloads) or as they are."""
    return tuple(
        m if isinstance(m, Mark) else Mark(int(m["start"]), m["kind"], int(m.get("number", 0)), m.get("label", ""))
        for m in raw
    )


def locate(marks: Sequence[Mark], span: tuple[int, int]) -> Locator | None:
    """The locator of ``span`` (start, end) over ``marks`` sorted by start; None without
    marks or before the first one. A section quote is named by the section it starts in."""
    if not marks:
        return None
    starts = [m.start for m in marks]
    first_i = bisect.bisect_right(starts, span[0]) - 1
    if first_i < 0:
        return None
    first = marks[first_i]
    last_i = max(first_i, bisect.bisect_right(starts, max(span[0], span[1] - 1)) - 1)
    last = marks[last_i]
    if first.kind == "section" or last.kind != first.kind:
        return Locator(first.kind, first.number, first.number, first.label, first.label)
    first_label = first.label or str(first.number)
    last_label = last.label or str(last.number)
    return Locator(first.kind, first.number, last.number, first_label, last_label)


def locator_link(url: str, locator: Locator | None) -> str:
    """``url`` with ``#page=N`` when the locator names a PDF page (file: and https: alike)."""
    if locator is None or locator.kind != "page" or not locator.first:
        return url
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, f"page={locator.first}"))
