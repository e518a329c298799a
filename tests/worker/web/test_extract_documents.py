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
