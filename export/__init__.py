"""Answers and reports as files people hand on: PDF and DOCX.

    from deepref.export import document_from_result, render
    data = render(document_from_result(result), "pdf")

``model`` turns a job's result or a report run into a :class:`Document` (sections,
one note per footnote marker with its quotes, page and link, the reference list);
``pdf`` lays it out with WeasyPrint from the HTML of ``page``; ``word`` writes a DOCX
with real footnotes through python-docx. Both libraries are the ``export`` extra
(``pip install 'deepref[export]'``); without it, :class:`ExportUnavailable` says so.
docs/exports.md shows the files and how the renderer was chosen.

Of deepref it may import only ``reference`` (the HTML renderer, locators, languages):
a renderer like ``bibliography``, used by the CLI, the API and report runs. It reads
a result through its JSON form, so it needs no import of ``worker``.
"""

from __future__ import annotations

from deepref.export.errors import ExportUnavailable
from deepref.export.model import Document, Note, Quote, Section, SourceEntry, document_from_report, document_from_result

__all__ = [
    "FORMATS",
    "MEDIA_TYPES",
    "Document",
    "ExportUnavailable",
    "Note",
    "Quote",
    "Section",
    "SourceEntry",
    "check_available",
    "document_from_report",
    "document_from_result",
    "render",
]

FORMATS = ("pdf", "docx")
MEDIA_TYPES = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}


def render(doc: Document, fmt: str) -> bytes:
    """The file of ``doc`` in ``fmt`` (pdf or docx)."""
    if fmt == "pdf":
        from deepref.export.pdf import to_pdf

        return to_pdf(doc)
    if fmt == "docx":
        from deepref.export.word import to_docx

        return to_docx(doc)
    raise ValueError(f"unknown document format {fmt!r}: choose one of {', '.join(FORMATS)}")


def check_available(fmt: str) -> None:
    """Raise :class:`ExportUnavailable` now (before any research) when ``fmt``'s library is missing."""
    try:
        if fmt == "pdf":
            import weasyprint  # noqa: F401
        elif fmt == "docx":
            import docx  # noqa: F401
    except (ImportError, OSError) as exc:
        raise ExportUnavailable(fmt, "WeasyPrint" if fmt == "pdf" else "python-docx", exc) from None
