"""DOCX: paragraphs in body order, split into sections by heading styles (heading path)."""

from __future__ import annotations

import re

from deepref.search.documents.limits import Budget
from deepref.search.documents.models import ReadDocument
from deepref.search.documents.safezip import SafeZip
from deepref.search.documents.sections import Sections

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
DC = "{http://purl.org/dc/elements/1.1/}"
PARAGRAPH = frozenset({f"{W}p"})
_HEADING = re.compile(r"^(?:heading|berschrift|titre|título|titolo)\s*(\d)$", re.I)


def _level(paragraph) -> int:
    props = paragraph.find(f"{W}pPr")
    if props is None:
        return 0
    outline = props.find(f"{W}outlineLvl")
    if outline is not None and (val := outline.get(f"{W}val", "")).isdigit():
        return int(val) + 1
    style = props.find(f"{W}pStyle")
    value = style.get(f"{W}val", "") if style is not None else ""
    if value.lower() == "title":
        return 1
    match = _HEADING.match(value.replace("Heading", "heading "))
    return int(match.group(1)) if match else 0


def _text(paragraph) -> str:
    parts = []
    for el in paragraph.iter():
        if el.tag == f"{W}t" and el.text:
            parts.append(el.text)
        elif el.tag == f"{W}tab":
            parts.append("\t")
        elif el.tag in (f"{W}br", f"{W}cr"):
            parts.append("\n")
    return "".join(parts).strip()


def _add(paragraph, sections: Sections) -> None:
    text = _text(paragraph)
    if text:
        level = _level(paragraph)
        sections.heading(level, text) if level else sections.add(text)


def read_docx(data: bytes, name: str, budget: Budget) -> ReadDocument:
    z = SafeZip(data, name)
    sections = Sections(budget)
    for outer in z.stream("word/document.xml", PARAGRAPH, budget):
        for paragraph in outer.iter(f"{W}p"):  # a text box's paragraphs sit inside one
            if sections.full:
                break
            _add(paragraph, sections)
        if sections.full:
            break
    title = ""
    if "docProps/core.xml" in z.names:
        found = z.xml("docProps/core.xml").find(f"{DC}title")
        title = (found.text or "").strip() if found is not None else ""
    return ReadDocument(
        title or sections.first_heading,
        sections.segments(),
        content_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    )
