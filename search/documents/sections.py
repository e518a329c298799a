"""Building heading-path segments: text is added under the headings seen so far."""

from __future__ import annotations

from deepref.search.documents.models import Segment


class Sections:
    def __init__(self) -> None:
        self._path: list[tuple[int, str]] = []
        self._segments: list[Segment] = []
        self._lines: list[str] = []
        self.first_heading = ""

    def heading(self, level: int, text: str) -> None:
        self._flush()
        text = " ".join(text.split())
        self.first_heading = self.first_heading or text
        self._path = [(lv, t) for lv, t in self._path if lv < level] + [(level, text)]
        self._lines.append(text)  # the heading is part of its section's text (searchable, quotable)

    def add(self, text: str) -> None:
        self._lines.append(text)

    def _flush(self) -> None:
        text = "\n".join(self._lines).strip()
        if text:
            self._segments.append(Segment(text, "section", path=tuple(t for _, t in self._path)))
        self._lines = []

    def segments(self) -> tuple[Segment, ...]:
        self._flush()
        return tuple(self._segments)
