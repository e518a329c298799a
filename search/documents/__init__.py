"""Reading the user's documents: PDF, DOCX, PPTX, EPUB, ODT, HTML, Markdown and text.

Each reader turns a file's bytes into a :class:`ReadDocument`: segments in reading
order, each with its locator (PDF page and page label, slide number, or heading
path). A file that cannot be read raises :class:`DocumentError` whose message names
the file, says why, and what to do; :mod:`search.documents.walk` turns those into
warnings so a folder is read on past them. Formats, locators and limits:
docs/library.md."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from deepref.search.documents.limits import DEFAULT_LIMITS, Budget, ReadLimits
from deepref.search.documents.models import DocumentError, ReadDocument, Segment

Reader = Callable[[bytes, str, Budget], ReadDocument]

FORMATS: dict[str, str] = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".pptx": "pptx",
    ".epub": "epub",
    ".odt": "odt",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
}
SUFFIXES = tuple(FORMATS)
FORMAT_NAMES = "PDF, DOCX, PPTX, EPUB, ODT, HTML, Markdown and text (.txt)"


def reader_for(kind: str) -> Reader:
    if kind == "pdf":
        from deepref.search.documents.pdf import read_pdf as reader
    elif kind == "docx":
        from deepref.search.documents.docx import read_docx as reader
    elif kind == "pptx":
        from deepref.search.documents.pptx import read_pptx as reader
    elif kind == "epub":
        from deepref.search.documents.epub import read_epub as reader
    elif kind == "odt":
        from deepref.search.documents.odt import read_odt as reader
    elif kind == "html":
        from deepref.search.documents.markup import read_html as reader
    elif kind == "markdown":
        from deepref.search.documents.markup import read_markdown as reader
    else:
        from deepref.search.documents.text import read_text as reader
    return reader


def read_bytes(data: bytes, name: str, limits: ReadLimits = DEFAULT_LIMITS) -> ReadDocument:
    """The document in ``data``; ``name`` (a file name) picks the format by its suffix,
    except that PDF bytes are PDF whatever the name. Read within ``limits``, what was
    left out named in its ``cut``. Raises :class:`DocumentError`."""
    if not data:
        raise DocumentError(f"{name} is empty (0 bytes)", reason="empty")
    kind = "pdf" if data[:5] == b"%PDF-" else FORMATS.get(Path(name).suffix.lower(), "text")
    if kind == "pdf" and data[:5] != b"%PDF-":
        raise DocumentError(f"{name} does not start like a PDF: it is corrupt or not a PDF", reason="corrupt")
    budget = Budget(name, limits)
    doc = reader_for(kind)(data, name, budget)
    return replace(doc, cut=budget.notes())


__all__ = [
    "FORMATS",
    "FORMAT_NAMES",
    "SUFFIXES",
    "DocumentError",
    "ReadDocument",
    "ReadLimits",
    "Segment",
    "read_bytes",
]
