"""Real documents written by the libraries that write them (reportlab, python-docx,
python-pptx, ebooklib, odfpy), for the reader tests."""

from __future__ import annotations

import io
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "documents"

PAGE_SENTENCES = [
    "The river survey counted forty-two otters along the northern bank.",
    "Nitrate levels in the reservoir doubled between March and August.",
    "The committee recommended a ban on motorboats above the weir.",
    "Volunteers planted three thousand willow saplings in the floodplain.",
]


def make_pdf(sentences=PAGE_SENTENCES, *, header="Annual River Report 2024", labels_from=None, password=None) -> bytes:
    """One sentence a page (plus filler), a running header and a footer with the page number."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, encrypt=password)
    c.setTitle("Annual River Report")
    if labels_from is not None:
        c.addPageLabel(0, style="ROMAN_LOWER", start=labels_from)
    for number, sentence in enumerate(sentences, start=1):
        c.setFont("Helvetica", 9)
        c.drawString(72, 800, header)
        c.setFont("Helvetica", 11)
        c.drawString(72, 700, sentence)
        c.drawString(72, 680, f"Filler line {number} about the survey area and its weather.")
        c.setFont("Helvetica", 9)
        c.drawString(280, 40, f"Page {number}")
        c.showPage()
    c.save()
    return buf.getvalue()


def make_scanned_pdf(text: str) -> bytes:
    """A PDF whose only page is a picture of ``text`` (no text layer), like a scan."""
    import pypdfium2 as pdfium
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    source = io.BytesIO()
    c = canvas.Canvas(source, pagesize=(600, 200))
    c.setFont("Helvetica", 28)
    c.drawString(30, 100, text)
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(source.getvalue())
    image = pdf[0].render(scale=3).to_pil()
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(600, 200))
    c.drawImage(ImageReader(image), 0, 0, 600, 200)
    c.showPage()
    c.save()
    return out.getvalue()


def make_docx() -> bytes:
    import docx

    d = docx.Document()
    d.core_properties.title = "Lake study"
    d.add_paragraph("Preface text before any heading.")
    d.add_heading("Methods", level=1)
    d.add_paragraph("We describe the methods in this section.")
    d.add_heading("Sampling", level=2)
    d.add_paragraph("Water was sampled weekly at seven stations on the lake.")
    d.add_heading("Results", level=1)
    d.add_paragraph("Phosphate fell by a third after the reed beds were restored.")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def make_pptx() -> bytes:
    import pptx

    p = pptx.Presentation()
    for title, body in [
        ("Overview", "The project restores wetlands."),
        ("Budget", "Forty percent of the budget pays for dredging."),
    ]:
        slide = p.slides.add_slide(p.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
    buf = io.BytesIO()
    p.save(buf)
    return buf.getvalue()


def make_epub() -> bytes:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("id-lake")
    book.set_title("The Lake Book")
    book.set_language("en")
    chapters = []
    for i, (head, sub, body) in enumerate(
        [
            ("History", "Early settlers", "The first mill on the lake was built in 1820."),
            ("Ecology", "Birds", "Herons nest on the eastern island every spring."),
        ],
        start=1,
    ):
        ch = epub.EpubHtml(title=head, file_name=f"ch{i}.xhtml", lang="en")
        ch.content = f"<html><body><h1>{head}</h1><p>Intro to {head}.</p><h2>{sub}</h2><p>{body}</p></body></html>"
        book.add_item(ch)
        chapters.append(ch)
    book.toc = chapters
    book.spine = chapters
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    buf = io.BytesIO()
    epub.write_epub(buf, book)
    return buf.getvalue()


def make_odt() -> bytes:
    from odf.opendocument import OpenDocumentText
    from odf.text import H, P

    doc = OpenDocumentText()
    doc.text.addElement(H(outlinelevel=1, text="Findings"))
    doc.text.addElement(P(text="Summary of the findings."))
    doc.text.addElement(H(outlinelevel=2, text="Fish"))
    doc.text.addElement(P(text="Trout returned to the upper river in 2023."))
    buf = io.BytesIO()
    doc.write(buf)
    return buf.getvalue()


RIVER_SENTENCES = [
    f"Survey {n} found that the {animal} along reach {n} of the river had {verb} since the dam was removed."
    for n, (animal, verb) in enumerate(
        [("otters", "doubled"), ("herons", "halved"), ("trout", "returned"), ("beavers", "spread")] * 50, start=1
    )
]


def make_columns_pdf(
    sentences=RIVER_SENTENCES,
    *,
    columns=2,
    pages=4,
    header="Federal Register / Vol. 85, No. 152 / Monday, August 10, 2020",
    body_first=None,
    watermark=None,
) -> bytes:
    """Pages of ``columns`` columns drawn line by line across the columns (as some
    layout programs do), a header whose page number changes side on even pages, a
    footer "-N- Instructions for Form 1040" and a vertical stamp in the left margin.
    ``body_first``: a line (with ``{n}`` for the page) opening each page's body.
    ``watermark``: a word drawn large at 55 degrees across the columns' middle, as a
    draft's watermark is (tugboat-babelbib)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen import canvas

    width = A4[0] - 100
    gutter = 18
    column = (width - gutter * (columns - 1)) / columns
    lines = simpleSplit(" ".join(sentences), "Helvetica", 9, column)
    per_column = 50
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for page in range(1, pages + 1):
        c.setFont("Helvetica", 8)
        if page % 2:
            c.drawString(50, 810, f"{47700 + page} {header}")
        else:
            c.drawRightString(545, 810, f"{header} {47700 + page}")
        c.drawString(250, 30, f"-{page}- Instructions for Form 1040")
        c.saveState()
        c.translate(20, 300)
        c.rotate(90)
        c.drawString(0, 0, f"Downloaded from the county library on 2024-01-0{page}")
        c.restoreState()
        c.setFont("Helvetica", 9)
        top = 780
        if body_first:
            c.drawString(50, top, body_first.format(n=page))
            top -= 14
        chunk, lines = lines[: per_column * columns], lines[per_column * columns :]
        for row in range(per_column):
            for k in range(columns):
                at = k * per_column + row
                if at < len(chunk):
                    c.drawString(50 + k * (column + gutter), top - 14 * row, chunk[at])
        if watermark:
            c.saveState()
            c.translate(150, 220)
            c.rotate(55)
            c.setFont("Helvetica", 150)
            c.drawString(0, 0, watermark)
            c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()
