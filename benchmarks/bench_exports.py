"""PDF renderers compared for ``export``: WeasyPrint (chosen), Chromium's print to PDF,
reportlab; and the DOCX writer. ``python -m benchmarks exports [--sections 4 8 16]``.

Every renderer gets the same report (tests/fakes/exportable.py: English, Chinese, Arabic
and Hebrew sections, web pages and PDF pages among the sources). Chromium and
WeasyPrint print the same HTML (``export.page``); reportlab has no HTML input, so it
gets the same paragraphs as Platypus flowables with the fonts registered by hand (it
shapes no Arabic and needs a TrueType font per script). Quality is read back with pypdf:
pages, link annotations (``#page=`` kept), outline entries, and whether each quote sits
on the page of its marker (a footnote) or only at the end.
"""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def _weasyprint(page: str) -> bytes:
    import weasyprint

    return weasyprint.HTML(string=page).write_pdf()


def _weasyprint_endnotes(page: str) -> bytes:
    return _weasyprint(page.replace("float: footnote;", "display: none;"))


def _chromium(page: str) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "page.html", Path(tmp) / "page.pdf"
        src.write_text(page, encoding="utf-8")
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
             "--generate-pdf-document-outline", f"--user-data-dir={tmp}/profile", f"--print-to-pdf={out}",
             src.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        return out.read_bytes()


def _reportlab(page: str) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    pdfmetrics.registerFont(TTFont("DejaVu", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont("WQY", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", subfontIndex=0))
    body = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    blocks = re.findall(
        r"<(?:p|h1|h2|li|blockquote|span class=\"note\")[^>]*>(.*?)</(?:p|h1|h2|li|blockquote|span)>", body
    )
    style = getSampleStyleSheet()["BodyText"]
    flow = []
    for block in blocks:
        text = html.unescape(re.sub(r"<[^>]+>", "", block))
        font = "WQY" if re.search(r"[\u4e00-\u9fff]", text) else "DejaVu"
        flow.append(Paragraph(f'<font name="{font}">{html.escape(text)}</font>', style))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build(flow)
    return buf.getvalue()


def _quality(data: bytes, doc) -> str:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    uris = {
        str(a.get_object()["/A"]["/URI"])
        for p in reader.pages
        for a in p.get("/Annots") or []
        if a.get_object().get("/A") is not None and a.get_object()["/A"].get("/S") == "/URI"
    }
    outline = len(reader.outline)
    first_quote = re.sub(r"\s", "", doc.sections[0].notes[0].quotes[0].text)
    on_page = first_quote in re.sub(r"\s", "", reader.pages[0].extract_text() or "")
    page_links = sum("#page=" in u for u in uris)
    return (
        f"{len(reader.pages)} pages, {len(uris)} link targets ({page_links} #page=), outline {outline}, "
        f"note on its page: {on_page}"
    )


def main(argv: list[str]) -> int:
    from deepref.export import document_from_report
    from deepref.export.page import document_html
    from deepref.export.word import to_docx
    from tests.fakes.exportable import report

    sizes = [int(a) for a in argv if a.isdigit()] or [4, 8, 16]
    renderers = {"weasyprint": _weasyprint, "weasyprint-endnotes": _weasyprint_endnotes, "reportlab": _reportlab}
    if shutil.which("chromium"):
        renderers["chromium"] = _chromium
    for sections in sizes:
        doc = document_from_report(report(sections, repeat=2))
        page = document_html(doc)
        markers = sum(len(s.markers) for s in doc.sections)
        print(f"-- {sections} sections, {markers} footnote markers")
        for name, render in renderers.items():
            render(page)  # warm-up: imports, fonts, the browser's first start
            started = time.perf_counter()
            data = render(page)
            seconds = time.perf_counter() - started
            print(f"{name:20} {seconds:6.2f} s {len(data) / 1024:7.0f} KiB  {_quality(data, doc)}", flush=True)
        started = time.perf_counter()
        data = to_docx(doc)
        print(f"{'docx (python-docx)':20} {time.perf_counter() - started:6.2f} s {len(data) / 1024:7.0f} KiB")
    return 0
