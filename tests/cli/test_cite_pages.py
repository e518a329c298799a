"""``deepref cite`` with page locators: a source given as a list of pages, or as text
with page marks (character offset → page, slide or section); references name the
page and link it (docs/references.md, "Page locators")."""

from __future__ import annotations

import json

import pytest

from deepref.cli.cite import cite, validate_document
from deepref.reference.errors import InputError

CLAIM = "The committee recommended a ban on motorboats above the weir."
OTHER = "Volunteers planted three thousand willow saplings in the floodplain."


def _cite(sources, style="markdown"):
    doc = {"answer": f"{CLAIM}[^1] {OTHER}[^1]", "sources": sources, "options": {"markers": "resolve", "style": style}}
    return cite(validate_document(json.loads(json.dumps(doc))))


def test_a_list_of_pages_names_and_links_each_quotes_page():
    pages = [OTHER, "Otters were counted on the northern bank.", {"text": CLAIM, "label": "xii"}]
    out = _cite([{"id": 1, "url": "file:///d/report.pdf", "title": "Report", "pages": pages}])
    where = {r["quote"]: (r["locator"]["text"], r["link"]) for r in out["references"]}
    assert where == {
        CLAIM: ("p. xii", "file:///d/report.pdf#page=3"),
        OTHER: ("p. 1", "file:///d/report.pdf#page=1"),
    }
    assert "([p. xii](file:///d/report.pdf#page=3))" in out["rendered"]
    assert "([p. 1](file:///d/report.pdf#page=1))" in out["rendered"]


def test_pages_may_carry_their_own_numbers_and_be_slides():
    pages = [{"text": OTHER, "number": 7}, {"text": CLAIM, "number": 9}]
    out = _cite([{"id": "d", "url": "https://x.org/deck.pptx", "title": "Deck", "pages": pages, "pages_kind": "slide"}])
    assert {r["locator"]["text"] for r in out["references"]} == {"slide 7", "slide 9"}
    assert all(r["link"] == "https://x.org/deck.pptx" for r in out["references"])  # a slide opens no #page=


def test_text_with_marks_pages_slides_and_sections():
    text = f"{OTHER}\n\n{CLAIM}"
    marks = [{"start": 0, "kind": "page", "number": 14, "label": "14"}, {"start": text.index(CLAIM), "number": 15}]
    out = _cite([{"id": 1, "url": "https://x.org/r.pdf", "title": "R", "text": text, "marks": marks}], style="text")
    assert {(r["locator"]["text"], r["link"]) for r in out["references"]} == {
        ("p. 14", "https://x.org/r.pdf#page=14"),
        ("p. 15", "https://x.org/r.pdf#page=15"),
    }
    assert "(p. 15) <https://x.org/r.pdf#page=15>" in out["rendered"]
    section = [{"start": 0, "kind": "section", "label": "Methods › Sampling"}]
    out = _cite([{"id": 1, "url": "file:///d/a.docx", "title": "A", "text": text, "marks": section}])
    assert {r["locator"]["text"] for r in out["references"]} == {"§ Methods › Sampling"}


def test_a_source_without_marks_has_no_locator_but_a_link():
    out = _cite([{"id": 1, "url": "https://x.org/a", "title": "A", "text": f"{OTHER} {CLAIM}"}])
    assert all(r["locator"] is None and r["link"] == "https://x.org/a" for r in out["references"])


@pytest.mark.parametrize(
    ("source", "says"),
    [
        ({"pages": ["a"], "text": "a"}, "either pages, or text"),
        ({"pages": ["a"], "text": None, "marks": []}, "either pages, or text"),
        ({}, "text, or its pages"),
        ({"text": "abc", "marks": [{"start": 2}, {"start": 1}]}, "in order"),
        ({"text": "abc", "marks": [{"start": 9}]}, "past the end"),
        ({"text": "abc", "marks": [{"start": 0, "kind": "chapter"}]}, "sources.0.marks.0.kind"),
        ({"pages": [{"text": "a", "number": 0}]}, "sources.0.pages"),
    ],
)
def test_bad_marks_and_pages_are_refused_with_the_field(source, says):
    doc = {"answer": "x", "sources": [{"id": "1", "url": "u", "title": "t", **source}]}
    with pytest.raises(InputError, match=says.replace(".", r"\.")):
        validate_document(doc)
