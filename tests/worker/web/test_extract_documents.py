"""Web PDFs and corpus files keep their pages, slides and sections through extraction."""

from __future__ import annotations

import dataclasses
import json

from deepref.reference.locators import locate
from deepref.worker.web.extract import Document, extract
from deepref.worker.web.fetch import FetchedPage
from tests.search.documents.makers import PAGE_SENTENCES, make_pdf, make_pptx


def test_web_pdf_gets_page_marks_that_survive_json():
    page = FetchedPage("https://x.example/r", "https://x.example/r", 200, "application/pdf", make_pdf(), None)
    doc = extract(page, doc_id="1")
    assert [m.number for m in doc.marks] == [1, 2, 3, 4]
    again = Document(**json.loads(json.dumps(dataclasses.asdict(doc))))  # the extraction child's round trip
    at = again.text.index(PAGE_SENTENCES[3])
    assert locate(again.marks, (at, at + 5)).text == "p. 4"


def test_corpus_slides_get_slide_marks():
    url = "file:///library/deck.pptx"
    doc = extract(FetchedPage(url, url, 200, "text/plain", make_pptx(), None), doc_id="2")
    at = doc.text.index("Forty percent")
    assert locate(doc.marks, (at, at + 5)).text == "slide 2"


def test_a_repeated_slide_is_read_once_on_the_web_path_and_the_document_names_it():
    """A job's corpus file goes through extraction, not the index: the same limits hold
    (issue 31, item 3), and the Document says what was cut, through the child's JSON."""
    from deepref.search.documents import ReadLimits
    from tests.search.documents.hostile import pptx_repeating_slide

    url = "file:///library/deck.pptx"
    body = pptx_repeating_slide(times=200, slide_chars=20_000)
    doc = extract(FetchedPage(url, url, 200, "text/plain", body, None), doc_id="3", limits=ReadLimits(max_chars=5_000))
    assert len(doc.text) <= 5_000 and [m.number for m in doc.marks] == [1]
    again = Document(**json.loads(json.dumps(dataclasses.asdict(doc))))
    assert again.cut == (
        "deck.pptx repeats 199 parts (slide 1 x200): each read once",
        "deck.pptx was cut at 5,000 characters (DEEPREF_DOCUMENT_MAX_CHARS): read up to slide 1 of 200",
    )


def test_ocr_on_the_web_path_fits_inside_the_extraction_cap():
    """Issue 31, item 4: a scan fetched by a job is read by OCR within the extraction
    child's cap, so it answers with the pages it read instead of being killed with none."""
    from deepref.search.documents import ReadLimits
    from deepref.worker.settings import Settings
    from deepref.worker.web.extract_runner import ExtractRunner

    runner = ExtractRunner(workers=1, timeout=8.0, limits=ReadLimits(ocr_page_seconds=30.0, ocr_file_seconds=120.0))
    assert (runner.limits.ocr_file_seconds, runner.limits.ocr_page_seconds) == (6.0, 6.0)
    settings = Settings(ocr_max_pixels=1_000_000, document_max_chars=9_999, extract_timeout=400.0)
    limits = ExtractRunner.from_settings(settings).limits
    assert (limits.ocr_max_pixels, limits.max_chars, limits.ocr_file_seconds) == (1_000_000, 9_999, 120.0)
