"""Boilerplate kept out of answers (issue 34, item 5): a PDF with a table of contents
and a licence page before its body, written by reportlab and read by deepref's reader;
a claim about the body cites a body page, one about the licence the licence page, and
the library's search ranks a licence file below the file a query is about."""

from __future__ import annotations

import io

import pytest

from deepref.reference import build_references
from deepref.reference.models import Source
from deepref.search.documents import read_bytes
from deepref.search.local import LocalCorpusProvider

CONTENTS = [
    ("Introduction to river gauges", 3),
    ("Measuring the flow of water", 3),
    ("Copies of the gauge readings", 3),
    ("Flood warnings and gauges", 3),
]
LICENCE = [
    "Permission is hereby granted, free of charge, to any person obtaining a copy",
    "of this manual and associated files, to deal in the manual without restriction,",
    "including without limitation the rights to use, copy, modify, merge, publish and",
    "distribute copies of the manual, subject to the following conditions: the above",
    "copyright notice and this permission notice shall be included in all copies.",
    "THE MANUAL IS PROVIDED AS IS, WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.",
]
BODY = [
    "River gauges measure the height of water in a river every fifteen minutes.",
    "The flow of water is computed from the height by a rating curve for each gauge.",
    "Copies of the gauge readings are published each morning for anyone who asks.",
    "Flood warnings are sent when the water at a gauge rises above its warning level.",
]


def _pdf(pages: list[list[str]]) -> bytes:
    """A PDF of these pages, a line of Helvetica 11 per string."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    pdf = canvas.Canvas(buf, pagesize=A4)
    for lines in pages:
        pdf.setFont("Helvetica", 11)
        for i, line in enumerate(lines):
            pdf.drawString(72, 780 - 18 * i, line)
        pdf.showPage()
    pdf.save()
    return buf.getvalue()


def _manual() -> bytes:
    return _pdf([["Contents"] + [f"{t} {'.' * (70 - len(t))} {p}" for t, p in CONTENTS], ["Licence", *LICENCE], BODY])


@pytest.fixture(scope="module")
def manual() -> Source:
    doc = read_bytes(_manual(), "manual.pdf")
    text, marks = doc.text_and_marks()
    return Source("1", "file:///docs/manual.pdf", "River gauge manual", text, marks=marks)


# claims about the manual's body (page 3), some sharing words with its contents and licence pages
BODY_CLAIMS = [
    "Measuring the flow of water uses a rating curve.",
    "Flood warnings and gauges go together.",
    "Copies of the gauge readings are given to anyone free of charge.",
    "The manual is an introduction to river gauges.",
]


def _cited_page(claim: str, source: Source) -> int:
    result = build_references(f"{claim} [1]", [source], markers="verify", min_support=0.0)
    (ref,) = result.references
    assert ref.locator is not None
    return ref.locator.first


@pytest.mark.parametrize("claim", BODY_CLAIMS)
def test_a_claim_about_the_body_cites_a_body_page(manual, claim):
    assert _cited_page(claim, manual) == 3


def test_a_claim_about_the_licence_cites_the_licence(manual):
    assert _cited_page("Under its licence anyone may copy and distribute the manual free of charge.", manual) == 2


def test_the_library_ranks_a_licence_below_the_file_asked_about(tmp_path):
    (tmp_path / "LICENSE.txt").write_text(
        "Permission is hereby granted, free of charge, to any person obtaining a copy of this software, to deal in "
        "the software without restriction, including the rights to copy and distribute copies of the software. "
        "THE SOFTWARE IS PROVIDED AS IS, WITHOUT WARRANTY OF ANY KIND."
    )
    (tmp_path / "gauges.md").write_text(
        "# Gauges\n\nCopies of the gauge readings are published each morning; anyone may obtain a copy.\n\n"
        "The flow of water is computed from the height by a rating curve."
    )
    provider = LocalCorpusProvider(tmp_path)
    hits = provider.search_sync("any person obtaining a copy of the gauge readings, free of charge", max_results=2)
    assert [h.url.rsplit("/", 1)[1] for h in hits] == ["gauges.md", "LICENSE.txt"]
    asked = provider.search_sync("the software licence: permission to copy free of charge", max_results=2)
    assert asked[0].url.endswith("LICENSE.txt")


def _attributed_pages(answer: str, source: Source, **kwargs) -> list[int]:
    result = build_references(answer, [source], min_support=0.0, **kwargs)
    assert result.references
    return [ref.locator.first for ref in result.references if ref.locator is not None]


@pytest.mark.parametrize("claim", BODY_CLAIMS)
def test_attribution_puts_a_claim_about_the_body_on_a_body_page(manual, claim):
    assert _attributed_pages(claim, manual, markers="attribute") == [3]
    # verify mode fills an uncited claim the same way
    answer = f"River gauges measure the height of water in a river [1]. {claim}"
    assert _attributed_pages(answer, manual, markers="verify", fill_uncited=True) == [3, 3]


def test_attribution_puts_a_claim_about_the_licence_on_the_licence(manual):
    claim = "Under its licence anyone may copy and distribute the manual free of charge."
    assert _attributed_pages(claim, manual, markers="attribute") == [2]


INTRODUCTION = [
    "1 Introduction",
    "This manual explains how the river gauges of the valley record the height of water.",
    "Readings from every gauge reach the flood office within a quarter of an hour.",
    "The office checks each reading against the rating curve before it is published.",
    "A reading that looks wrong is marked and sent back to the gauge keeper at once.",
    "Keepers visit their gauges every week and clean the float wells after a flood.",
    "Each gauge has a staff plate that a keeper reads by eye to check the recorder.",
    "Old paper charts are kept in the archive of the flood office for fifty years.",
    "New gauges send their readings by radio, and a few still use a telephone line.",
    "Two gauges on the upper river were moved last year after the banks gave way.",
    "The valley's rivers rise fastest in spring, when the snow melts in the hills.",
    "The last chapter answers the questions that readers of the manual ask most.",
]
CHAPTERS = [
    "Introduction to river gauges",
    "Measuring the flow of water",
    "Rating curves and their checks",
    "Copies of the gauge readings",
    "Flood warnings and gauges",
    "Maintenance of the gauges",
    "Gauges in winter and in floods",
    "The flood office and its staff",
    "Publishing the readings each morning",
    "Questions readers ask about gauges",
]


def _contents_then_introduction() -> bytes:
    """A manual whose first page holds its contents and then the introduction's first
    paragraph, as a LaTeX manual's title page often does; page 2 goes on about the
    same gauges and readings."""
    entries = [f"{t} {'.' * (70 - len(t))} {p}" for p, t in enumerate(CHAPTERS, start=1)]
    return _pdf([["Contents", *entries, "", *INTRODUCTION], BODY])


@pytest.mark.parametrize("claim", INTRODUCTION[-4:-1])
def test_a_claim_about_prose_on_a_contents_page_cites_that_page(claim):
    """The contents page's own introduction is body text (its passages after the
    contents hold no leader): on the old code every passage of a contents page counted
    as contents, and the claim cited page 2."""
    doc = read_bytes(_contents_then_introduction(), "manual.pdf")
    text, marks = doc.text_and_marks()
    source = Source("1", "file:///docs/manual.pdf", "River gauge manual", text, marks=marks)
    assert _cited_page(claim, source) == 1


def test_a_claim_that_quotes_the_licence_page_cites_it(manual):
    """The claim repeats the licence's words without naming a licence: on the old code
    the licence page was left out and the claim cited the body page."""
    claim = "The rights to use, copy, modify, merge, publish and distribute copies of the manual."
    assert _cited_page(claim, manual) == 2
