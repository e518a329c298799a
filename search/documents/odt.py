"""ODT: headings (text:h with their outline level) and paragraphs, in document order."""

from __future__ import annotations

from deepref.search.documents.models import ReadDocument
from deepref.search.documents.safezip import SafeZip
from deepref.search.documents.sections import Sections

TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
DC = "{http://purl.org/dc/elements/1.1/}"


def _text(el) -> str:
    parts = [el.text or ""]
    for child in el:
        if child.tag == f"{TEXT}s":
            parts.append(" " * int(child.get(f"{TEXT}c", "1") or 1))
        elif child.tag == f"{TEXT}tab":
            parts.append("\t")
        elif child.tag == f"{TEXT}line-break":
            parts.append("\n")
        elif child.tag != f"{TEXT}note":
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def read_odt(data: bytes, name: str) -> ReadDocument:
    z = SafeZip(data, name)
    content = z.xml("content.xml")
    sections = Sections()
    body = content.find(f"{OFFICE}body")
    for el in (body if body is not None else content).iter():
        if el.tag == f"{TEXT}h":
            level = el.get(f"{TEXT}outline-level", "1")
            text = _text(el).strip()
            if text:
                sections.heading(int(level) if level.isdigit() else 1, text)
        elif el.tag == f"{TEXT}p":
            text = _text(el).strip()
            if text:
                sections.add(text)
    title = ""
    if "meta.xml" in z.names:
        found = z.xml("meta.xml").find(f".//{DC}title")
        title = (found.text or "").strip() if found is not None else ""
    return ReadDocument(
        title or sections.first_heading, sections.segments(), content_type="application/vnd.oasis.opendocument.text"
    )
