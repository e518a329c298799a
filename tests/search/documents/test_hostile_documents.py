"""Issue 31, item 3: a small file cannot yield without bound. Each repeated part
(slide, spine item, page) is read once, a file is read up to its character budget,
and what was left out is named in the document's ``cut`` (and so in the index's
warnings and the web path's Document). The files are real ones, written by
python-pptx, ebooklib, odfpy and pypdf (tests/search/documents/hostile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deepref.search.documents import ReadLimits, read_bytes
from deepref.search.library.store import LibrarySearcher, index_path
from deepref.search.library.update import update_index
from tests.search.documents import hostile
from tests.search.documents.makers import make_docx


def _chars(doc) -> int:
    return len(doc.text_and_marks()[0])


def test_a_slide_listed_200_times_is_read_once():
    data = hostile.pptx_repeating_slide(times=200, slide_chars=100_000)
    doc = read_bytes(data, "deck.pptx")
    assert len(doc.segments) == 1 and doc.segments[0].number == 1
    assert 100_000 <= _chars(doc) < 110_000  # one slide's text, not 200 (20 MB before)
    assert doc.cut == ("deck.pptx repeats 199 parts (slide 1 x200): each read once",)


def test_a_slide_of_many_paragraphs_listed_500_times_is_read_once():
    """The 32 KB deck that took 80 s and 2.1 GB to read."""
    doc = read_bytes(hostile.pptx_many_paragraphs(times=500), "paragraphs.pptx")
    assert len(doc.segments) == 1
    assert "slide 1 x500" in doc.cut[0]


def test_a_chapter_the_spine_repeats_is_read_once():
    doc = read_bytes(hostile.epub_repeating_chapter(times=500, chapter_chars=50_000), "book.epub")
    assert 50_000 <= _chars(doc) < 55_000  # 25 MB before
    assert doc.cut == ("book.epub repeats 499 parts (the chapter EPUB/once.xhtml x500): each read once",)


def test_a_page_object_listed_5000_times_is_read_once():
    doc = read_bytes(hostile.pdf_repeating_page(times=5000), "pages.pdf")
    assert [s.number for s in doc.segments] == [1]
    assert doc.cut == ("pages.pdf repeats 4,999 parts (page 1 x5000): each read once",)


def test_a_slanted_page_listed_5000_times_is_read_once():
    """Text set at a slant (a diagonal watermark) is read apart from the columns, and
    counts as the page's text all the same when pages are compared."""
    doc = read_bytes(hostile.pdf_repeating_page(times=5000, slant=30), "slanted.pdf")
    assert [s.number for s in doc.segments] == [1]
    assert doc.cut == ("slanted.pdf repeats 4,999 parts (page 1 x5000): each read once",)


def test_pdf_pages_past_the_page_limit_are_not_read_and_named():
    doc = read_bytes(hostile.pdf_repeating_page(times=300), "pages.pdf", ReadLimits(max_pages=100))
    assert doc.cut == (
        "pages.pdf repeats 99 parts (page 1 x100): each read once",
        "pages.pdf: its first 100 of 300 pages read (DEEPREF_DOCUMENT_MAX_PAGES)",
    )


def test_an_odt_asking_for_100_million_spaces_is_bounded():
    data = hostile.odt_space_run(100_000_000)
    assert len(data) < 10_000
    doc = read_bytes(data, "spaces.odt")
    text = doc.text_and_marks()[0]
    assert "Before the run." in text and "After the run." in text
    assert len(text) < 200  # 100,000,029 characters before


@pytest.mark.parametrize(
    ("name", "data", "where"),
    [
        ("long.pptx", lambda: hostile.pptx_repeating_slide(times=1, slide_chars=30_000), "slide 1 of 1"),
        ("long.epub", lambda: hostile.epub_repeating_chapter(times=1, chapter_chars=30_000), "the section 'Once'"),
        ("long.pdf", lambda: hostile.pdf_repeating_page(times=1, lines=40), "page 1 of 1"),
        ("slanted.pdf", lambda: hostile.pdf_repeating_page(times=1, lines=40, slant=30), "page 1 of 1"),
        ("long.txt", lambda: hostile.prose(30_000).encode(), "its end"),
        ("long.md", lambda: ("# Title\n\n" + hostile.prose(30_000)).encode(), "the section 'Title'"),
        ("long.docx", lambda: make_docx(), "the section 'Methods / Sampling'"),
    ],
)
def test_text_past_the_character_budget_is_cut_and_named(name, data, where):
    limits = ReadLimits(max_chars=100 if name == "long.docx" else 2_000)
    doc = read_bytes(data(), name, limits)
    assert _chars(doc) <= limits.max_chars + 2 * len(doc.segments)  # + the blank lines between segments
    assert doc.cut == (
        f"{name} was cut at {limits.max_chars:,} characters (DEEPREF_DOCUMENT_MAX_CHARS): read up to {where}",
    )


def test_the_index_keeps_at_most_max_passages_and_names_what_was_cut(tmp_path: Path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "deck.pptx").write_bytes(hostile.pptx_repeating_slide(times=50, slide_chars=20_000))
    (corpus / "notes.txt").write_text(hostile.prose(20_000))
    index = tmp_path / "index"
    summary = update_index(corpus, index, workers=1, limits=ReadLimits(max_passages=5))
    assert summary.read == 2 and not summary.skipped
    searcher = LibrarySearcher(index_path(index, corpus))
    try:
        assert searcher.counts() == (2, 10)
        stored = searcher.skipped()  # the catalogue's message of each file: what a job's warnings show
    finally:
        searcher.close()
    deck = next(m for m in stored if m.startswith("deck.pptx"))
    assert "repeats 49 parts (slide 1 x50)" in deck
    assert "deck.pptx: its first 5 of" in deck and "(DEEPREF_DOCUMENT_MAX_PASSAGES)" in deck
    assert summary.warnings == sorted(stored)
    assert any(line.startswith("read with warnings: 2") for line in summary.lines())


def test_a_large_office_part_is_streamed_a_paragraph_at_a_time():
    """A 12 MB DOCX of 3 million empty paragraphs took 1 GB as one element tree; the
    body is streamed, so what is held is about the part's own bytes."""
    import tracemalloc

    data = hostile.docx_many_paragraphs(100_000)
    xml_bytes = 100_000 * 26
    tracemalloc.start()
    try:
        doc = read_bytes(data, "empty.docx")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "After the empty paragraphs." in doc.text_and_marks()[0]
    assert peak < 4 * xml_bytes, f"{peak:,} bytes held for {xml_bytes:,} bytes of XML"  # a whole tree: about 20x


def test_a_part_past_the_element_limit_is_cut_and_named(monkeypatch):
    from deepref.search.documents import safezip

    monkeypatch.setattr(safezip, "MAX_MEMBER_ELEMENTS", 1000)
    doc = read_bytes(hostile.docx_many_paragraphs(5000), "empty.docx")
    assert doc.cut == ("empty.docx: word/document.xml read up to its first 1,000 XML elements (a part of more is cut)",)
