"""A :class:`~export.model.Document` as a PDF, laid out by WeasyPrint from ``export.page``.

WeasyPrint was chosen by measurement over Chromium's print to PDF and reportlab
(docs/exports.md, "PDF and DOCX"): it sets footnotes at the foot of the page (CSS
``float: footnote``), writes the outline (bookmarks) from the headings and the printed
contents' page numbers, links every ``<a>`` (``#page=`` kept), shapes Arabic and Hebrew
and breaks CJK lines through Pango, and runs in the process, with no browser.

Nothing is fetched while laying out: the page has no external resource, and the URL
fetcher refuses any, so an answer's Markdown can never make the renderer read a file
or reach a host.
"""

from __future__ import annotations

import logging

from deepref.export.errors import ExportUnavailable
from deepref.export.model import Document
from deepref.export.page import document_html


def _no_fetch(url: str, *args, **kwargs):
    raise ValueError(f"deepref's PDF export loads no resource ({url[:80]})")


def to_pdf(doc: Document) -> bytes:
    """The PDF file's bytes."""
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: the Pango library itself is missing
        raise ExportUnavailable("pdf", "WeasyPrint", exc) from None
    # WeasyPrint logs each CSS property it ignores at WARNING; the page is ours and checked by tests
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    html = weasyprint.HTML(string=document_html(doc), url_fetcher=_no_fetch)
    return html.write_pdf(pdf_tags=False)
