"""How much of one file is read: characters, passages and OCR time, and a note of what was cut.

The zip and file byte caps (:mod:`search.documents.safezip`, :mod:`search.documents.walk`)
bound what a file *holds*; these bound what it *yields*. A small file can yield without
bound by repetition (a deck listing one slide 200 times, an EPUB spine naming one
chapter again and again, a PDF page tree listing one page 5,000 times, an ODT asking
for 100,000,000 spaces), so each reader reads a repeated part once and stops at the
character budget, and the note of what it left out becomes one of the document's
warnings. The worker fills :class:`ReadLimits` from settings (``DEEPREF_DOCUMENT_*``,
``DEEPREF_OCR_*``); search itself never reads settings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from deepref.search.documents.models import Segment


@dataclass(frozen=True, slots=True)
class ReadLimits:
    max_chars: int = 5_000_000
    """Characters of text read from one file (about 2,500 book pages; War and Peace has 3.2 million)."""
    max_passages: int = 10_000
    """Passages one file adds to a folder's index."""
    max_pages: int = 5_000
    """PDF pages read of one file: pages without text or repeating another's cost no
    characters, so this bounds the time of a page tree that lists one page millions of times."""
    ocr_max_pixels: int = 25_000_000
    """Pixels of one page image given to OCR: a page larger than A3 at 300 dpi is rendered
    at a lower resolution to fit (a 5,000 x 5,000 pt page at 300 dpi is 434 million)."""
    ocr_page_seconds: float = 30.0
    """Seconds Tesseract may spend on one page before it is killed."""
    ocr_file_seconds: float = 120.0
    """Seconds of OCR for one file; the pages after it are not read, and the warning says so."""
    hard_links: bool = False
    """Read a corpus file that has other names (``st_nlink > 1``). Off: it is skipped and
    named, since one of its names may lie outside the folder (search.documents.beneath)."""


DEFAULT_LIMITS = ReadLimits()
MAX_SPACE_RUN = 64
"""Spaces an ODT ``<text:s text:c="N"/>`` stands for at most: layout, not text."""


class Budget:
    """One file's reading: characters left, repeated parts seen, and notes of what was cut."""

    def __init__(self, name: str, limits: ReadLimits = DEFAULT_LIMITS):
        self.name = name
        self.limits = limits
        self.left = limits.max_chars
        self.cut_at = ""  # where reading stopped ("slide 7 of 200"), once it did
        self.repeats: Counter[str] = Counter()
        self.pages_cut = 0  # pages of a PDF past max_pages: how many it has
        self.other: list[str] = []  # cuts by another limit, each a sentence

    @property
    def full(self) -> bool:
        return self.left <= 0

    def take(self, text: str, where: str | Callable[[], str] = "") -> str:
        """``text``, cut to the characters left; the first cut is remembered with ``where``
        (a callable is called only then)."""
        if len(text) <= self.left:
            self.left -= len(text)
            return text
        kept = text[: max(self.left, 0)]
        self.left = 0
        self.stop(where() if callable(where) else where)
        return kept

    def stop(self, where: str) -> None:
        """Reading stopped at ``where``: the budget was spent."""
        self.left = 0
        self.cut_at = self.cut_at or where or "its end"

    def keep(self, segments: Iterable[Segment]) -> tuple[Segment, ...]:
        """The segments a reader made whole, cut where the budget ends (readers that
        cannot stop early: a text or Markdown file is read whole, within the byte cap)."""
        kept = []
        for seg in segments:
            if self.full:
                self.stop(_locator(seg))
                break
            text = self.take(seg.text, lambda seg=seg: _locator(seg))  # type: ignore[misc]
            kept.append(seg if text is seg.text else replace(seg, text=text))
        return tuple(kept)

    def cut(self, what: str) -> None:
        """Reading stopped by a limit of its own: ``what`` says which and where (a
        sentence after the file's name)."""
        self.left = 0
        self.other.append(f"{self.name}: {what}")

    def repeated(self, part: str) -> None:
        """``part`` (a slide, a chapter, a page) was met again and not read again."""
        self.repeats[part] += 1

    def notes(self) -> tuple[str, ...]:
        out = []
        if self.repeats:
            parts = ", ".join(f"{part} x{n + 1}" for part, n in self.repeats.most_common(3))
            more = f" and {len(self.repeats) - 3} more" if len(self.repeats) > 3 else ""
            total = sum(self.repeats.values())
            out.append(f"{self.name} repeats {total:,} parts ({parts}{more}): each read once")
        if self.pages_cut:
            out.append(
                f"{self.name}: its first {self.limits.max_pages:,} of {self.pages_cut:,} pages read "
                "(DEEPREF_DOCUMENT_MAX_PAGES)"
            )
        out += self.other
        if self.cut_at:
            out.append(
                f"{self.name} was cut at {self.limits.max_chars:,} characters (DEEPREF_DOCUMENT_MAX_CHARS): "
                f"read up to {self.cut_at}"
            )
        return tuple(out)


def _locator(seg: Segment) -> str:
    if seg.kind == "section" and seg.path:
        return f"the section {seg.mark_label!r}"
    return f"{seg.kind} {seg.number}" if seg.kind else "its end"


__all__ = ["DEFAULT_LIMITS", "MAX_SPACE_RUN", "Budget", "ReadLimits"]
