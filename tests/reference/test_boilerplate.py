"""reference.boilerplate: which passages are a table of contents, an index or licence text."""

from __future__ import annotations

from deepref.reference.boilerplate import CONTENTS, INDEX, LICENCE, asked, body_sentence, flags, kind, prose, quoted
from deepref.reference.locators import Mark

TOC = "Contents\nIntroduction .......... 1 Measuring the flow ........... 4 Flood warnings . . . . . . 9"
INDEX_PAGE = "Index\nbank erosion, 12, 40 flood warning, 9, 31-33 gauge, 3, 4, 18 rating curve, 5, 22 weir, 7"
MIT = (
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this software. THE SOFTWARE "
    "IS PROVIDED AS IS, WITHOUT WARRANTY OF ANY KIND, INCLUDING BUT NOT LIMITED TO MERCHANTABILITY."
)
BODY = "The flow of water is computed from the height of the river by a rating curve, checked 4 times a year."


def test_kinds():
    assert kind(TOC) == CONTENTS
    assert kind(INDEX_PAGE) == INDEX
    assert kind(MIT) == LICENCE
    assert kind("GNU General Public License, version 3. This program is free software.") == LICENCE


def test_body_text_is_not_boilerplate():
    assert kind(BODY) is None
    assert kind("Wait... the gauge read 3.5 m, 4.2 m and 5 m on 12, 13 and 14 May.") is None
    assert kind("The software is provided as is by the vendor; see the licence for details.") is None
    assert kind("") is None


def test_asked():
    assert asked("Under which licence may the manual be copied?") == {LICENCE}
    assert asked("What does the table of contents list?") == {CONTENTS}
    assert asked("How is the flow of water measured?") == frozenset()


def test_a_passage_of_a_licence_page_without_its_phrases_is_licence():
    middle = "you must give the recipients all the rights that you have and show them these terms."
    text = f"{BODY}\n\n{MIT} {middle}"
    marks = (Mark(0, "page", 1), Mark(len(BODY) + 2, "page", 2))
    at = text.index(middle)
    assert flags(text, marks, [(0, len(BODY)), (at, at + len(middle))]) == [None, LICENCE]


def test_prose_on_a_contents_page_is_body_text_but_licence_prose_is_not():
    entries = "\n".join(f"{n} Chapter on gauges {'.' * 40} {n}" for n in range(1, 30))
    intro = "This manual explains how gauges record the height of water in the river every day."
    text = f"Contents\n{entries}\n\n{intro}"
    marks = (Mark(0, "page", 1),)
    at = text.index(intro)
    assert flags(text, marks, [(9, 9 + 120), (at, len(text))]) == [CONTENTS, None]
    assert prose(intro) and not prose(entries) and not prose(INDEX_PAGE)


def test_quoted_is_a_run_of_the_passage_words():
    assert quoted("the software is provided AS IS, without warranty", MIT)
    assert not quoted("without warranty of any software", MIT)  # the words, not in a row
    assert not quoted("without warranty", MIT)  # too few words to tell


def test_a_body_sentence_is_prose_without_a_licence_or_contents_mark():
    assert body_sentence("Some chapters of this manual are drafts that could change in the next edition.")
    assert not body_sentence("This software is provided as is, without warranty of any kind, to anyone.")
    assert not body_sentence("Copies may be made under the terms of the licence of the river office.")
    assert not body_sentence("Measuring the flow of water ............ 3")
    assert not body_sentence("Flood warnings.")  # a heading, not a sentence of prose
