"""ODT: headings (text:h with their outline level) and paragraphs, in document order.

A ``<text:s text:c="N"/>`` stands for N spaces: at most ``MAX_SPACE_RUN`` are kept (a
400-byte file asked for 100,000,000), and a paragraph is built only up to the
characters the file has left (:mod:`search.documents.limits`)."""

from __future__ import annotations

from deepref.search.documents.limits import MAX_SPACE_RUN, Budget
from deepref.search.documents.models import ReadDocument
from deepref.search.documents.safezip import SafeZip
from deepref.search.documents.sections import Sections

TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
DC = "{http://purl.org/dc/elements/1.1/}"
PARTS = frozenset({f"{TEXT}h", f"{TEXT}p"})


def _spaces(value: str | None) -> str:
    count = int(value) if value and value.isdigit() else 1
    return " " * max(1, min(count, MAX_SPACE_RUN))


def _text(el, room: int) -> str:
    """The element's text, at most about ``room`` characters (what the file has left)."""
    parts = [el.text or ""]
    size = len(parts[0])
    for child in el:
        if size > room:
            break
        if child.tag == f"{TEXT}s":
            part = _spaces(child.get(f"{TEXT}c"))
        elif child.tag == f"{TEXT}tab":
            part = "\t"
        elif child.tag == f"{TEXT}line-break":
            part = "\n"
        elif child.tag != f"{TEXT}note":
            part = _text(child, room - size)
        else:
            part = ""
        parts += (part, child.tail or "")
        size += len(part) + len(child.tail or "")
    return "".join(parts)


def _add(el, sections: Sections, budget: Budget) -> None:
    if el.tag == f"{TEXT}h":
        level = el.get(f"{TEXT}outline-level", "1")
        text = _text(el, budget.left).strip()
        if text:
            sections.heading(int(level) if level.isdigit() else 1, text)
    elif el.tag == f"{TEXT}p":
        text = _text(el, budget.left).strip()
        if text:
            sections.add(text)


def read_odt(data: bytes, name: str, budget: Budget) -> ReadDocument:
    z = SafeZip(data, name)
    sections = Sections(budget)
    for part in z.stream("content.xml", PARTS, budget, within=f"{OFFICE}body"):
        for el in part.iter():  # a note's or a frame's paragraphs sit inside one
            if sections.full:
                break
            _add(el, sections, budget)
        if sections.full:
            break
    title = ""
    if "meta.xml" in z.names:
        found = z.xml("meta.xml").find(f".//{DC}title")
        title = (found.text or "").strip() if found is not None else ""
    return ReadDocument(
        title or sections.first_heading, sections.segments(), content_type="application/vnd.oasis.opendocument.text"
    )
