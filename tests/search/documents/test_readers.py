from __future__ import annotations

import io
import zipfile

import pytest

from deepref.reference.locators import locate
from deepref.search.documents import DocumentError, read_bytes
from deepref.search.documents.cleanup import normalise, strip_running_lines
from deepref.search.documents.ocr import ocr_available
from tests.search.documents.makers import (
    FIXTURES,
    PAGE_SENTENCES,
    make_docx,
    make_epub,
    make_odt,
    make_pdf,
    make_pptx,
    make_scanned_pdf,
)


def test_pdf_pages_carry_numbers_and_running_lines_are_dropped():
    doc = read_bytes(make_pdf(), "report.pdf")
    assert doc.title == "Annual River Report"
    assert [s.number for s in doc.segments] == [1, 2, 3, 4]
    for seg, sentence in zip(doc.segments, PAGE_SENTENCES, strict=True):
        assert sentence in seg.text
        assert "Annual River Report 2024" not in seg.text and "Page " not in seg.text
    text, marks = doc.text_and_marks()
    at = text.index(PAGE_SENTENCES[2])
    assert locate(marks, (at, at + 10)).text == "p. 3"


def test_pdf_page_labels_are_kept():
    doc = read_bytes(make_pdf(labels_from=5), "front.pdf")
    assert [s.label for s in doc.segments] == ["v", "vi", "vii", "viii"]
    text, marks = doc.text_and_marks()
    start = text.index(PAGE_SENTENCES[0])
    end = text.index(PAGE_SENTENCES[1]) + 5
    loc = locate(marks, (start, end))
    assert (loc.text, loc.first, loc.last) == ("pp. v–vi", 1, 2)


def test_real_tex_pdf_rejoins_hyphenation_and_drops_page_numbers():
    doc = read_bytes((FIXTURES / "libtasn1-pages-3-5.pdf").read_bytes(), "libtasn1.pdf")
    assert "structures management" in doc.segments[1].text
    assert doc.segments[1].text.startswith("1 Introduction")


def test_real_docbook_pdf_drops_its_running_header():
    doc = read_bytes((FIXTURES / "shared-mime-info-pages-2-4.pdf").read_bytes(), "mime.pdf")
    assert len(doc.segments) == 3
    assert all("Shared MIME-info Database" not in s.text for s in doc.segments)
    assert doc.segments[2].text.startswith("2.2. The source XML files")


def test_ligatures_and_line_end_hyphens():
    assert normalise("e\ufb03cient \ufb01sh ﬂow") == "efficient fish flow"
    assert normalise("man-\nagement and man\x02\nagement") == "management and management"
    bodies = [
        f"{w} opens page {i}.\nIts middle line.\nAnd {w} ends it." for i, w in enumerate(["Ash", "Elm", "Oak", "Yew"])
    ]
    pages = [f"Report\n{b}\nPage {i}" for i, b in enumerate(bodies, start=1)]
    assert strip_running_lines(pages) == bodies


def test_password_protected_pdf_is_named_not_a_crash():
    with pytest.raises(DocumentError, match=r"locked\.pdf is password-protected") as err:
        read_bytes(make_pdf(password="secret"), "locked.pdf")
    assert err.value.reason == "encrypted"


def test_corrupt_and_truncated_pdfs():
    good = make_pdf()
    with pytest.raises(DocumentError, match=r"cut\.pdf") as err:
        read_bytes(good[: len(good) // 3], "cut.pdf")
    assert err.value.reason == "corrupt"
    with pytest.raises(DocumentError, match=r"junk\.pdf"):
        read_bytes(b"%PDF-1.4 garbage", "junk.pdf")


@pytest.mark.skipif(not ocr_available(), reason="tesseract not installed")
def test_scanned_pdf_is_read_with_ocr():
    doc = read_bytes(make_scanned_pdf("Herons nest on the island"), "scan.pdf")
    assert "Herons" in doc.segments[0].text
    assert any("OCR" in w for w in doc.warnings)


def test_scanned_pdf_without_tesseract_says_how_to_get_ocr(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract on this PATH
    doc = read_bytes(make_scanned_pdf("Herons nest on the island"), "scan.pdf")
    assert doc.segments == ()
    assert doc.warnings == (
        "scan.pdf has no text layer (a scan?): install Tesseract to read it with OCR "
        "(Debian/Ubuntu: apt-get install tesseract-ocr)",
    )


def test_docx_heading_paths():
    doc = read_bytes(make_docx(), "lake.docx")
    assert doc.title == "Lake study"
    assert [s.path for s in doc.segments] == [(), ("Methods",), ("Methods", "Sampling"), ("Results",)]
    text, marks = doc.text_and_marks()
    at = text.index("Water was sampled")
    assert locate(marks, (at, at + 20)).text == "§ Methods › Sampling"
    assert locate(marks, (0, 5)) is None  # the preface is before any heading


def test_pptx_slides():
    doc = read_bytes(make_pptx(), "deck.pptx")
    assert [(s.kind, s.number) for s in doc.segments] == [("slide", 1), ("slide", 2)]
    text, marks = doc.text_and_marks()
    at = text.index("Forty percent")
    assert locate(marks, (at, at + 10)).text == "slide 2"


def test_epub_and_odt_heading_paths():
    epub = read_bytes(make_epub(), "book.epub")
    assert epub.title == "The Lake Book"
    assert ("Ecology", "Birds") in [s.path for s in epub.segments]
    assert any("Herons nest" in s.text and s.path == ("Ecology", "Birds") for s in epub.segments)
    odt = read_bytes(make_odt(), "notes.odt")
    assert [s.path for s in odt.segments] == [("Findings",), ("Findings", "Fish")]
    assert "Trout returned" in odt.segments[1].text


def test_markdown_and_html_heading_paths():
    md = read_bytes(b"# Report\n\nIntro.\n\n## Methods\n\n```\n# not a heading\n```\n\nSampling text.\n", "r.md")
    assert [s.path for s in md.segments] == [("Report",), ("Report", "Methods")]
    assert "# not a heading" in md.segments[1].text
    html = (
        "<html><head><title>Page</title></head><body><article><h1>Report</h1><p>"
        + "Intro words here. " * 10
        + "</p><h2>Methods</h2><p>"
        + "We sampled the lakes every week in summer. " * 5
        + "</p></article></body></html>"
    )
    doc = read_bytes(html.encode(), "r.html")
    assert ("Report", "Methods") in [s.path for s in doc.segments]


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def test_zip_bomb_is_refused_before_parsing():
    bomb = _zip({"word/document.xml": b"<a>" + b" " * 50_000_000 + b"</a>"})
    with pytest.raises(DocumentError, match=r"bomb\.docx.*refused as a zip bomb") as err:
        read_bytes(bomb, "bomb.docx")
    assert err.value.reason == "zip-bomb"


def test_xml_entity_expansion_is_refused():
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r>'
        b"<w:t>&b;</w:t></w:r></w:p></w:body></w:document>"
    )
    for name in ("laughs.docx",):
        with pytest.raises(DocumentError, match="declares XML entities") as err:
            read_bytes(_zip({"word/document.xml": laughs}), name)
        assert err.value.reason == "xml-entities"


def test_corrupt_office_files_and_empty_and_non_utf8():
    for name in ("a.docx", "a.pptx", "a.epub", "a.odt"):
        with pytest.raises(DocumentError, match=f"{name} is not a valid zip container"):
            read_bytes(b"PK\x03\x04 truncated", name)
    with pytest.raises(DocumentError, match="is empty") as err:
        read_bytes(b"", "empty.txt")
    assert err.value.reason == "empty"
    latin = read_bytes("Café au lait près de la rivière, très agréable.".encode("cp1252"), "notes.txt")
    assert "Café" in latin.segments[0].text
    assert latin.warnings and "notes.txt is not UTF-8" in latin.warnings[0]
