"""Building heading-path segments: text is added under the headings seen so far, until
the file's character budget is spent (:mod:`search.documents.limits`)."""

from __future__ import annotations

from deepref.search.documents.limits import Budget
from deepref.search.documents.models import Segment


class Sections:
    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget
        self._path: list[tuple[int, str]] = []
        self._segments: list[Segment] = []
        self._lines: list[str] = []
        self.first_heading = ""

    @property
    def full(self) -> bool:
        """The budget is spent: what comes next is not read."""
        return self.budget is not None and self.budget.full

    def _take(self, text: str) -> str:
        if self.budget is None:
            return text
        return self.budget.take(text, self._where)

    def _where(self) -> str:
        path = " / ".join(t for _, t in self._path)
        return f"the section {path!r}" if path else "its first section"

    def _past_budget(self) -> bool:
        """The budget is spent; the first text refused names where reading stopped."""
        if not self.full:
            return False
        assert self.budget is not None  # full needs one
        if not self.budget.cut_at:
            self.budget.stop(self._where())
        return True

    def heading(self, level: int, text: str) -> None:
        if self._past_budget():
            return
        self._flush()
        text = self._take(" ".join(text.split()))
        self.first_heading = self.first_heading or text
        self._path = [(lv, t) for lv, t in self._path if lv < level] + [(level, text)]
        self._lines.append(text)  # the heading is part of its section's text (searchable, quotable)

    def add(self, text: str) -> None:
        if text and not self._past_budget():
            self._lines.append(self._take(text))

    def _flush(self) -> None:
        text = "\n".join(self._lines).strip()
        if text:
            self._segments.append(Segment(text, "section", path=tuple(t for _, t in self._path)))
        self._lines = []

    def segments(self) -> tuple[Segment, ...]:
        self._flush()
        return tuple(self._segments)
