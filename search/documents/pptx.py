"""PPTX: the text of each slide in presentation order, a slide a segment (slide number).

A slide part the presentation lists again is read once (a 32 KB deck listing one
100 KB slide 200 times made 20 MB of text), and slides are read until the file's
character budget is spent (:mod:`search.documents.limits`)."""

from __future__ import annotations

import posixpath

from deepref.search.documents.limits import Budget
from deepref.search.documents.models import DocumentError, ReadDocument, Segment
from deepref.search.documents.safezip import SafeZip

P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
DC = "{http://purl.org/dc/elements/1.1/}"
PARAGRAPH = frozenset({f"{A}p"})


def _slide_paths(z: SafeZip) -> list[str]:
    presentation = z.xml("ppt/presentation.xml")
    rels = {
        r.get("Id"): r.get("Target", "") for r in z.xml("ppt/_rels/presentation.xml.rels").iter(f"{REL}Relationship")
    }
    paths = []
    for sld in presentation.iter(f"{P}sldId"):
        target = rels.get(sld.get(f"{R}id"))
        if target:
            paths.append(posixpath.normpath(posixpath.join("ppt", target)).lstrip("/"))
    return paths


def read_pptx(data: bytes, name: str, budget: Budget) -> ReadDocument:
    z = SafeZip(data, name)
    segments = []
    first_line = ""
    paths = _slide_paths(z)
    first_number: dict[str, int] = {}
    for number, path in enumerate(paths, start=1):
        if path not in z.names:
            raise DocumentError(f"{name} names slide {path}, which is missing: the file is damaged", reason="corrupt")
        if path in first_number:
            budget.repeated(f"slide {first_number[path]}")
            continue
        first_number[path] = number
        if budget.full:
            budget.stop(f"slide {number - 1} of {len(paths)}")
            continue
        lines = []
        size = 0
        for outer in z.stream(path, PARAGRAPH, budget):
            for paragraph in outer.iter(f"{A}p"):
                line = "".join(t.text or "" for t in paragraph.iter(f"{A}t")).strip()
                if line:
                    lines.append(line)
                    size += len(line) + 1
            if size > budget.left:
                break  # the slide is cut here: take() names it
        first_line = first_line or (lines[0] if lines else "")
        text = budget.take("\n".join(lines), f"slide {number} of {len(paths)}")
        segments.append(Segment(text, "slide", number))
    title = ""
    if "docProps/core.xml" in z.names:
        found = z.xml("docProps/core.xml").find(f"{DC}title")
        title = (found.text or "").strip() if found is not None else ""
    return ReadDocument(
        title or first_line,
        tuple(segments),
        content_type="application/vnd.openxmlformats-officedocument.presentationml.presentation",
    )
