"""What a document reader returns: passages (segments) each with its locator."""

from __future__ import annotations

from dataclasses import dataclass, field

from deepref.reference.locators import SECTION_SEPARATOR, LocatorKind, Mark


class DocumentError(Exception):
    """A file that cannot be read; ``reason`` is a short tag, the message says why and what to do."""

    def __init__(self, message: str, *, reason: str):
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Segment:
    """One page, slide or section of a document. ``kind`` None: no locator (plain text)."""

    text: str
    kind: LocatorKind | None = None
    number: int = 0
    label: str = ""
    path: tuple[str, ...] = ()

    @property
    def mark_label(self) -> str:
        if self.kind == "section":
            return SECTION_SEPARATOR.join(self.path)
        return self.label if self.label and self.label != str(self.number) else ""


@dataclass(frozen=True, slots=True)
class ReadDocument:
    """A read file: its title, its segments in reading order, and what was noticed on the way."""

    title: str
    segments: tuple[Segment, ...]
    warnings: tuple[str, ...] = field(default=())
    content_type: str = "text/plain"
    raw: bool = False
    """The segments are consecutive slices of the file's text (Markdown, plain text):
    joined as they are, so offsets in the document are offsets in the file."""
    cut: tuple[str, ...] = ()
    """What was not read, each a sentence naming the file: repeated parts read once,
    text past the character budget (:mod:`search.documents.limits`)."""

    @property
    def notes(self) -> tuple[str, ...]:
        """Warnings and cuts: what a caller shows or stores of the reading."""
        return self.warnings + self.cut

    def text_and_marks(self) -> tuple[str, tuple[Mark, ...]]:
        """The document's text (segments joined by blank lines) and where each segment starts."""
        if self.raw:
            return self._raw_text_and_marks()
        parts: list[str] = []
        marks: list[Mark] = []
        offset = 0
        for seg in self.segments:
            text = seg.text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n").strip()
            if not text:
                continue
            if parts:
                offset += 2
            if seg.kind is not None and (seg.kind != "section" or seg.path):
                marks.append(Mark(offset, seg.kind, seg.number, seg.mark_label))
            parts.append(text)
            offset += len(text)
        return "\n\n".join(parts), tuple(marks)

    def _raw_text_and_marks(self) -> tuple[str, tuple[Mark, ...]]:
        marks, offset = [], 0
        for seg in self.segments:
            if seg.kind is not None and seg.text.strip() and (seg.kind != "section" or seg.path):
                marks.append(Mark(offset, seg.kind, seg.number, seg.mark_label))
            offset += len(seg.text)
        return "".join(seg.text for seg in self.segments), tuple(marks)
