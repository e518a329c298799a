"""Hostile documents (issue 31), written by the libraries that write such files
(python-pptx, ebooklib, odfpy, reportlab and pypdf), so they are real files a
stranger could put into a corpus folder: each stays under the zip-bomb byte limits
and repeats one part (slide, spine item, page object) to multiply what is read."""

from __future__ import annotations

import copy
import io

WORDS = ["otter", "willow", "heron", "trout", "reed", "nitrate", "weir", "survey", "floodplain", "sapling"]


def prose(chars: int, seed: int = 0) -> str:
    """Sentences of distinct-looking words, about ``chars`` long (compresses well, splits into passages)."""
    out, i = [], seed
    size = 0
    while size < chars:
        sentence = " ".join(WORDS[(i + k * 7) % len(WORDS)] for k in range(12)).capitalize() + f" number {i}."
        out.append(sentence)
        size += len(sentence) + 1
        i += 1
    return " ".join(out)


def pptx_repeating_slide(times: int = 200, slide_chars: int = 100_000) -> bytes:
    """One slide of ``slide_chars`` characters that the presentation lists ``times`` times
    (every ``p:sldId`` names the same relationship, so the same slide part)."""
    import pptx

    p = pptx.Presentation()
    slide = p.slides.add_slide(p.slide_layouts[1])
    slide.shapes.title.text = "Repeated slide"
    frame = slide.placeholders[1].text_frame
    frame.text = prose(slide_chars)
    ids = p.slides._sldIdLst
    first = ids[0]
    for n in range(1, times):
        clone = copy.deepcopy(first)
        clone.set("id", str(256 + n))
        ids.append(clone)
    buf = io.BytesIO()
    p.save(buf)
    return buf.getvalue()


def pptx_many_paragraphs(times: int = 500, paragraphs: int = 15_000) -> bytes:
    """A slide of ``paragraphs`` one-word paragraphs (a large element tree from a few KB),
    listed ``times`` times."""
    import pptx

    p = pptx.Presentation()
    slide = p.slides.add_slide(p.slide_layouts[1])
    slide.shapes.title.text = "Many paragraphs"
    frame = slide.placeholders[1].text_frame
    frame.text = "\n".join(WORDS[i % len(WORDS)] for i in range(paragraphs))
    ids = p.slides._sldIdLst
    for n in range(1, times):
        clone = copy.deepcopy(ids[0])
        clone.set("id", str(256 + n))
        ids.append(clone)
    buf = io.BytesIO()
    p.save(buf)
    return buf.getvalue()


def docx_many_paragraphs(paragraphs: int = 300_000) -> bytes:
    """A DOCX (python-docx's, its body rewritten with zipfile) of ``paragraphs`` empty
    paragraphs, each with a revision id (so the part compresses under the zip-bomb
    ratio), then one paragraph of text: a large element tree from a small file."""
    import random
    import zipfile

    from tests.search.documents.makers import make_docx

    source = zipfile.ZipFile(io.BytesIO(make_docx()))
    rnd = random.Random(31)
    empty = "".join(f'<w:p w:rsidR="{rnd.getrandbits(32):08X}"/>' for _ in range(paragraphs))
    xml = source.read("word/document.xml").decode()
    at = xml.index("<w:body>") + len("<w:body>")
    xml = xml[:at] + empty + "<w:p><w:r><w:t>After the empty paragraphs.</w:t></w:r></w:p>" + xml[at:]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = xml.encode() if info.filename == "word/document.xml" else source.read(info.filename)
            target.writestr(info.filename, body)
    return out.getvalue()


def epub_repeating_chapter(times: int = 500, chapter_chars: int = 50_000) -> bytes:
    """An EPUB whose spine names one chapter ``times`` times."""
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("id-repeat")
    book.set_title("Repeated chapter")
    book.set_language("en")
    chapter = epub.EpubHtml(title="Once", file_name="once.xhtml", lang="en")
    chapter.content = f"<html><body><h1>Once</h1><p>{prose(chapter_chars)}</p></body></html>"
    book.add_item(chapter)
    book.toc = [chapter]
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = [chapter] * times
    buf = io.BytesIO()
    epub.write_epub(buf, book)
    return buf.getvalue()


def odt_space_run(count: int = 100_000_000) -> bytes:
    """An ODT whose one paragraph asks for ``count`` spaces (``<text:s text:c="…"/>``)."""
    from odf.opendocument import OpenDocumentText
    from odf.text import P, S

    doc = OpenDocumentText()
    para = P(text="Before the run.")
    para.addElement(S(c=count))
    para.addText("After the run.")
    doc.text.addElement(para)
    buf = io.BytesIO()
    doc.write(buf)
    return buf.getvalue()


def pdf_repeating_page(times: int = 5000, lines: int = 40, slant: float = 0) -> bytes:
    """A PDF whose page tree lists one page object ``times`` times (``/Kids [4 0 R 4 0 R …]``);
    ``slant``: its lines turned by so many degrees (text the reader keeps out of the columns)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, NameObject, NumberObject
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    source = io.BytesIO()
    c = canvas.Canvas(source, pagesize=A4)
    c.rotate(slant)
    for i in range(lines):
        c.drawString(40, 800 - i * 19, prose(90, seed=i)[:95])
    c.showPage()
    c.save()
    writer = PdfWriter()
    page = writer.add_page(PdfReader(source).pages[0])
    pages = writer._root_object["/Pages"]
    ref = page.indirect_reference
    pages[NameObject("/Kids")] = ArrayObject([ref] * times)
    pages[NameObject("/Count")] = NumberObject(times)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_blank_page(width_pt: float = 5000, height_pt: float = 5000) -> bytes:
    """One blank page of ``width_pt`` x ``height_pt`` points: no text layer, so it goes to OCR."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width_pt, height_pt)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


GOOD_SENTENCES = [
    "The river survey counted forty-two otters along the northern bank of the Wenning.",
    "Nitrate levels in the Stocks reservoir doubled between March and August.",
    "The parish committee recommended a ban on motorboats above the Hornby weir.",
    "Volunteers planted three thousand willow saplings in the Wenning floodplain.",
]


def hostile_folder(root, outside=None) -> dict[str, str]:
    """Write every hostile file of issue 31 into ``root`` beside two good ones; the
    name of each hostile file -> what its warning must say. ``outside``: a folder
    outside ``root`` for a symlink that leaves it."""
    from pathlib import Path

    from tests.search.documents.makers import make_pdf

    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    (root / "report.pdf").write_bytes(make_pdf(GOOD_SENTENCES))
    (root / "notes.md").write_text(
        "# Notes\n\nHerons nest on the eastern island of the Stocks reservoir every spring.\n"
    )
    files = {
        "deck.pptx": (pptx_repeating_slide(), "repeats 199 parts (slide 1 x200)"),
        "paragraphs.pptx": (pptx_many_paragraphs(), "repeats 499 parts (slide 1 x500)"),
        "book.epub": (epub_repeating_chapter(), "repeats 499 parts (the chapter EPUB/once.xhtml x500)"),
        "pages.pdf": (pdf_repeating_page(), "repeats 4,999 parts (page 1 x5000)"),
        "spaces.odt": (odt_space_run(), ""),  # read: its text is two short sentences
        "poster.pdf": (pdf_blank_page(), "(DEEPREF_OCR_MAX_PIXELS)"),
        "blank-run.txt": (("A sentence." + " " * 99_940 + "Another sentence.").encode(), ""),
        "broken.docx": (b"PK\x03\x04 broken", "not a valid zip container"),
    }
    for name, (data, _) in files.items():
        (root / name).write_bytes(data)
    expected = {name: why for name, (_, why) in files.items()}
    if outside is not None:
        outside = Path(outside)
        outside.mkdir(parents=True, exist_ok=True)
        (outside / "secret.md").write_text("# Secret\n\nThe outside canary phrase is vermilion kestrel.\n")
        (root / "leak.md").symlink_to(outside / "secret.md")
        expected["leak.md"] = "leads outside the folder"
        expected.update(file_system_oddities(root, outside / "secret.md"))
    return expected


def file_system_oddities(root, secret) -> dict[str, str]:
    """Issue 31, items 1, 5 and 7: a FIFO named like a PDF, a hard link to ``secret``
    (outside ``root``), an empty file whose name forges a "skipped" line with a newline
    and a terminal escape, and a file whose path is over PATH_MAX; the name each is
    shown by (escaped) -> what its warning must say."""
    import os

    os.mkfifo(root / "stream.pdf")
    os.link(secret, root / "linked.md")
    (root / "e\n  skipped (forged): 1\x1b[2J.txt").write_bytes(b"")
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)  # made relative to each other: no path that long
    try:
        for _ in range(4096 // 201 + 1):
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = inner
        os.close(os.open("deep.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd))
    finally:
        os.close(fd)
    return {
        "stream.pdf": "is a FIFO (named pipe), not a regular file",
        "linked.md": "is a hard link (2 names)",
        "e\\n  skipped (forged): 1\\x1b[2J.txt": "is empty",
        "ddddd": "(PATH_MAX)",
    }
