"""PDF text layer with pypdfium2, a page a segment (page number and page label).

pypdfium2 (PDFium, Apache-2.0/BSD) was chosen by measurement over pypdf and
pdfminer.six: about 10x their pages/s with text as good (docs/library.md,
benchmarks/bench_pdf.py); PyMuPDF is faster still but AGPL. PDFium is not
thread-safe, so every call holds one lock. Pages without a text layer are read with
Tesseract when it is installed (:mod:`search.documents.ocr`)."""

from __future__ import annotations

import threading

from deepref.search.documents.cleanup import join_lines, normalise, strip_running_lines
from deepref.search.documents.models import DocumentError, ReadDocument, Segment
from deepref.search.documents.ocr import OCR_HINT, ocr_available, ocr_page

PDFIUM_LOCK = threading.RLock()
OCR_MAX_PAGES = 200  # a scanned book beyond this is read up to here, and the warning says so


def pdf_pages(data: bytes, name: str) -> tuple[list[str], list[str], str]:
    """(raw text of each page, page labels, title) with pypdfium2; DocumentError when unreadable."""
    import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            if "password" in str(exc).lower():
                raise DocumentError(
                    f"{name} is password-protected: save an unprotected copy to read it", reason="encrypted"
                ) from exc
            raise DocumentError(
                f"{name} is not a readable PDF ({exc}): it may be truncated or corrupt", reason="corrupt"
            ) from exc
        try:
            texts, labels = [], []
            for i in range(len(pdf)):
                page = pdf[i]
                textpage = page.get_textpage()
                texts.append(textpage.get_text_bounded())
                textpage.close()
                page.close()
                labels.append(pdf.get_page_label(i) or str(i + 1))
            title = (pdf.get_metadata_dict(skip_empty=True).get("Title") or "").strip()
        except pdfium.PdfiumError as exc:
            raise DocumentError(f"{name} is a damaged PDF ({exc})", reason="corrupt") from exc
        finally:
            pdf.close()
    return texts, labels, title


def read_pdf(data: bytes, name: str) -> ReadDocument:
    texts, labels, title = pdf_pages(data, name)
    warnings: list[str] = []
    if texts and not any(t.strip() for t in texts):
        texts, note = _ocr(data, name, len(texts))
        if note:
            warnings.append(note)
    pages = strip_running_lines([normalise(t) for t in texts])
    segments = tuple(
        Segment(join_lines(text), "page", i + 1, labels[i]) for i, text in enumerate(pages) if text.strip()
    )
    return ReadDocument(title, segments, tuple(warnings), "application/pdf")


def _ocr(data: bytes, name: str, n_pages: int) -> tuple[list[str], str]:
    if not ocr_available():
        return [""] * n_pages, f"{name} has no text layer (a scan?): {OCR_HINT}"
    import pypdfium2 as pdfium

    texts = []
    with PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(data)
        try:
            for i in range(min(n_pages, OCR_MAX_PAGES)):
                page = pdf[i]
                bitmap = page.render(scale=300 / 72, grayscale=True)
                texts.append(ocr_page(bitmap.to_numpy()))
                page.close()
        finally:
            pdf.close()
    note = f"{name} has no text layer: read with OCR (Tesseract)"
    if n_pages > OCR_MAX_PAGES:
        note += f", its first {OCR_MAX_PAGES} of {n_pages} pages"
    return texts + [""] * (n_pages - len(texts)), note
