"""What a PDF or DOCX holds, as independent readers see it: pypdf for the PDF's text,
link annotations and outline; python-docx and the raw XML parts (lxml) for the DOCX's
headings, footnotes and their hyperlinks' relationships."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field

from lxml import etree
from pypdf import PdfReader

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def squash(text: str) -> str:
    """Text without whitespace or the quote marks and full stops around a quote: readers
    break lines and join runs differently, the characters stay."""
    return re.sub(r"[\s“”\"'.。]", "", text)


@dataclass
class PdfFacts:
    pages: list[str]
    uris: list[str]
    internal_links: int
    outline: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.pages)


def read_pdf(data: bytes) -> PdfFacts:
    reader = PdfReader(io.BytesIO(data))
    uris, internal = [], 0
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            a = annot.get_object()
            action = a.get("/A")
            if action is not None and action.get("/S") == "/URI":
                uris.append(str(action["/URI"]))
            elif a.get("/Dest") is not None or (action is not None and action.get("/S") == "/GoTo"):
                internal += 1
    titles: list[str] = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(str(item.title))

    walk(reader.outline)
    return PdfFacts([p.extract_text() or "" for p in reader.pages], uris, internal, titles)


@dataclass
class Footnote:
    id: str
    text: str
    hrefs: list[str] = field(default_factory=list)


@dataclass
class DocxFacts:
    headings: list[tuple[str, str]]  # (style, text)
    body: str
    footnotes: list[Footnote]
    references_in_text: list[str]  # the footnote ids the body points at, in order
    body_hrefs: list[str]
    content_types: str


def _rels(z: zipfile.ZipFile, name: str) -> dict[str, str]:
    path = f"word/_rels/{name}.rels"
    if path not in z.namelist():
        return {}
    root = etree.fromstring(z.read(path))
    return {r.get("Id"): r.get("Target") for r in root.iter(f"{REL}Relationship")}


def read_docx(data: bytes) -> DocxFacts:
    import docx

    document = docx.Document(io.BytesIO(data))  # python-docx opens it
    headings = [(p.style.name, p.text) for p in document.paragraphs if p.style.name.startswith(("Heading", "Title"))]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        body = etree.fromstring(z.read("word/document.xml"))
        doc_rels = _rels(z, "document.xml")
        assert "word/footnotes.xml" in z.namelist(), "no footnotes part"
        notes_root = etree.fromstring(z.read("word/footnotes.xml"))
        note_rels = _rels(z, "footnotes.xml")
        content_types = z.read("[Content_Types].xml").decode()
    footnotes = []
    for fn in notes_root.iter(f"{W}footnote"):
        if fn.get(f"{W}type") in ("separator", "continuationSeparator"):
            continue
        text = "".join(t.text or "" for t in fn.iter(f"{W}t"))
        hrefs = [note_rels[h.get(f"{R}id")] for h in fn.iter(f"{W}hyperlink") if h.get(f"{R}id")]
        footnotes.append(Footnote(fn.get(f"{W}id"), text, hrefs))
    refs = [r.get(f"{W}id") for r in body.iter(f"{W}footnoteReference")]
    body_hrefs = [doc_rels[h.get(f"{R}id")] for h in body.iter(f"{W}hyperlink") if h.get(f"{R}id")]
    text = "\n".join(p.text for p in document.paragraphs)
    return DocxFacts(headings, text, footnotes, refs, body_hrefs, content_types)
