"""Cited PDF pages reach BibTeX ``pages``, RIS ``SP``/``EP`` and CSL-JSON ``page``."""

from __future__ import annotations

import json

import bibtexparser
import rispy

from deepref.bibliography import export, works_from_references

URL = "file:///library/report.pdf"


def _works():
    refs = [
        {"n": 1, "source_id": "1", "url": URL, "title": "River report",
         "locator": {"kind": "page", "first": 17, "last": 18, "first_label": "17", "last_label": "18"}},
        {"n": 1, "source_id": "1", "url": URL, "title": "River report",
         "locator": {"kind": "page", "first": 3, "last": 3, "first_label": "3", "last_label": "3"}},
        {"n": 2, "source_id": "2", "url": "https://example.org/page", "title": "A web page", "locator": None},
    ]  # fmt: skip
    sources = [{"id": "1", "url": URL, "title": "River report"}, {"id": "2", "url": "https://example.org/page"}]
    return works_from_references(refs, sources, by="source_id")


def test_cited_pages_in_every_format():
    works = _works()
    assert works[0].pages == (("3", "3"), ("17", "18")) and works[1].pages == ()
    bib = bibtexparser.parse_string(export(works, "bibtex").text)
    assert bib.entries[0].fields_dict["pages"].value == "3, 17--18"
    assert "pages" not in bib.entries[1].fields_dict
    ris = rispy.loads(export(works, "ris").text)
    assert (ris[0]["start_page"], ris[0]["end_page"]) == ("3", "18")
    assert "start_page" not in ris[1]
    csl = json.loads(export(works, "csl-json").text)
    assert csl[0]["page"] == "3, 17–18" and "page" not in csl[1]
