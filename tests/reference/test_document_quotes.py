"""Where a claim's quote lands in a long paged document (a PDF, slides): the claim in
other words shares only a few rare words with its sentence, while other pages repeat
the document's common words (reference.quotes, PAGED_PRECISION)."""

from __future__ import annotations

import numpy as np

from deepref.reference import Source, build_references
from deepref.reference.locators import Mark
from deepref.reference.quotes import fragments, sentence_ends

FILLER = [
    "The survey counted animals in each region of the park this year.",
    "Every region reported its animal counts to the survey office by spring.",
    "Counts from the survey were compared with last year's regional figures.",
    "The office published the survey counts for each region in a short table.",
]
DISTRACTOR = (
    "This year the survey office counted animals across every region again and reported "
    "the regional counts for the year in its annual survey of the park's animals."
)
TARGET = "Reindeer herds cross the tundra twice before the snow."
WEATHER = [
    "Rain fell on most afternoons in the lowlands.",
    "Frost came early to the hills, and the lakes froze by November.",
]
CLAIM = "Twice a year the park's survey office counted reindeer herds crossing the tundra in every region."


def _document(pages: list[list[str]]) -> tuple[str, tuple[Mark, ...]]:
    text, marks = "", []
    for n, paragraphs in enumerate(pages, start=1):
        if text:
            text += "\n\n"
        marks.append(Mark(len(text), "page", n))
        text += "\n\n".join(paragraphs)
    return text, tuple(marks)


def _cited(claim: str, pages: list[list[str]], name: str = "Guide", embedder=None):
    """Citing a paged document (``pages``) for ``claim``, verified: the whole result."""
    text, marks = _document(pages)
    source = Source("1", f"file:///d/{name.lower()}.pdf", name, text, marks=marks)
    return build_references(f"{claim} [1]", [source], markers="verify", min_support=0.0, embedder=embedder)


def _pages() -> list[list[str]]:
    pages = [[" ".join(FILLER[k:] + FILLER[:k]) for k in range(3)] for _ in range(5)]
    pages[0][1] = DISTRACTOR
    pages[2][1] = " ".join([WEATHER[0], TARGET, WEATHER[1]])
    return pages


def _cite(text: str, marks: tuple[Mark, ...]):
    source = Source("1", "file:///d/survey.pdf", "Survey", text, marks=marks)
    result = build_references(f"{CLAIM} [1]", [source], markers="verify", min_support=0.0)
    return result.references[0]


def test_a_paraphrase_is_quoted_on_its_page_not_where_common_words_pile_up():
    text, marks = _document(_pages())
    ref = _cite(text, marks)
    assert TARGET in ref.quote
    assert (ref.locator.first, ref.locator.last) == (3, 3)
    assert "survey.pdf#page=3" in ref.link


def test_a_verbatim_claim_still_gets_its_own_sentence():
    text, marks = _document(_pages())
    source = Source("1", "file:///d/survey.pdf", "Survey", text, marks=marks)
    result = build_references(f"{DISTRACTOR} [1]", [source], markers="verify", min_support=0.0)
    assert result.references[0].quote == DISTRACTOR
    assert result.references[0].locator.first == 1


def test_a_page_without_marks_keeps_the_coverage_rule():
    """A web page (no page marks) is placed as before: the window holding the most
    of the claim's words, its passage's score added (WiCE's rule)."""
    text, _ = _document(_pages())
    ref = _cite(text, ())
    assert ref.locator is None and TARGET not in ref.quote


def test_a_body_sentence_in_a_licence_passage_is_quoted_on_its_page():
    """A slide with a draft warning beside the manual's licence is one passage of licence
    text; a claim about the warning in other words cites that slide, its warning quoted
    and not its licence (on the old code the licence passage was left out whole, and the
    claim cited a page about editions)."""
    warning = "Some chapters of this manual are drafts that could change in the next edition."
    licence = (
        "Copyright 2015 the river office. Permission is hereby granted to copy this manual. "
        "It is provided as is, without warranty of any kind, including merchantability."
    )
    pages = [
        ["The river office printed the first edition of this manual in spring."],
        [f"Warning\n{warning}\n{licence}"],
        ["The second edition of the manual adds two chapters on flood warnings and their editions."],
    ]
    claim = "Draft chapters may still be changed in a later edition."
    ref = _cited(claim, pages, "Manual").references[0]
    assert ref.quote == warning
    assert (ref.locator.first, ref.locator.last) == (2, 2)


class _Meanings:
    """An embedder that knows two meanings words do not show: being sent back, and
    being revised (and a little of everything, so no vector is zero)."""

    name = "meanings"
    _SENSES = (("returned", "sent back"), ("revision", "revised"))

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.array(
            [[float(any(w in t.lower() for w in sense)) for sense in self._SENSES] + [0.1] for t in texts],
            dtype=np.float32,
        )


def test_with_an_embedder_a_paraphrase_is_quoted_where_its_meaning_is():
    """The claim shares more words with page 1 than with its sentence on page 3; the
    embedder's sentence cosine places it there (on the old code, the words alone: page 1)."""
    sentence = "Papers that break the rules are returned to their authors for revision."
    pages = [
        ["The template of the paper sets its fonts, and a paper that ignores the template looks odd."],
        ["Reviewers read each submission twice before the meeting."],
        [f"{sentence} The office keeps a copy of each one."],
    ]
    claim = "A paper that ignores the template is sent back to be revised."
    lexical = _cited(claim, pages).references[0]
    assert lexical.locator.first == 1  # the words alone
    ref = _cited(claim, pages, embedder=_Meanings()).references[0]
    assert ref.quote == sentence
    assert (ref.locator.first, ref.locator.last) == (3, 3)


class _Senses:
    """An embedder whose cosines sit in a narrow band, as MiniLM's do over one document:
    every text shares a common direction, and a text about a paper being sent back
    for changes leans a little towards a second one."""

    name = "senses"

    def embed(self, texts: list[str]) -> np.ndarray:
        sense = ("returned", "sent back")
        return np.array([[1.0, 0.75 * any(w in t.lower() for w in sense)] for t in texts], dtype=np.float32)


def test_a_sentence_that_stands_out_by_meaning_outweighs_a_few_shared_words():
    """The cosines of a claim with a document's sentences sit in a narrow band (here
    0.8 for every sentence, 1.0 for the one about being returned): at a fixed weight
    that lead is worth less than the few words the claim shares with page 1's sentence
    (on the old code, page 1), standardised over the document's sentences it stands
    out and the claim is quoted on page 3."""
    sentence = "Your document will be returned to its authors if modifications are discovered."
    pages = [
        ["If you have published with us before, this guide explains the recent changes to the paper template."],
        [
            "Reviewers read each submission twice before the meeting.",
            "The programme committee meets in the spring.",
            "Each reviewer writes a short report on every submission.",
        ],
        [f"{sentence} The office keeps a copy of each one.", "Accepted papers appear in the proceedings."],
        ["Fonts are set by the class file.", "Figures go at the top of a column.", "Tables are numbered."],
    ]
    claim = "If changes to the template are detected, the paper is sent back to its authors to be revised."
    ref = _cited(claim, pages, embedder=_Senses()).references[0]
    assert ref.quote == sentence
    assert (ref.locator.first, ref.locator.last) == (3, 3)


def test_a_paraphrase_is_quoted_from_a_sentence_not_a_heading_sharing_its_word():
    """A slide's heading shares the claim's one rare word and nothing else, so on the old
    rule it outscored the sentence that carries the claim in other words (held-out-2's
    lecture slides quoted "Biogeography"); a window of headings and list items alone
    now loses to prose (reference.quotes.FRAGMENT_PENALTY)."""
    sentence = "Comments on how to run the next biogeography class are gladly received by the author."
    pages = [
        ["Plants of the northern forests and the animals that feed on them are the first topic."],
        ["Biogeography\nIslands and continents\nMaps of the regions"],
        ["The course ends with a short test on each region.", sentence],
    ]
    claim = "Suggestions for the biogeography lesson are welcome."
    ref = _cited(claim, pages, "Lecture").references[0]
    assert ref.quote == sentence
    assert (ref.locator.first, ref.locator.last) == (3, 3)


def test_a_heading_is_still_quoted_for_a_claim_that_is_a_heading():
    text, marks = _document([["Rivers of the north carry the snow melt to the sea."], ["Biogeography\nMaps"]])
    source = Source("1", "file:///d/lecture.pdf", "Lecture", text, marks=marks)
    ref = build_references("Biogeography [1]", [source], markers="verify", min_support=0.0).references[0]
    assert ref.quote == "Biogeography" and ref.locator.first == 2


def test_fragments_are_headings_labels_and_list_items_not_sentences():
    text = "Sample code:\n• \\author{}\nModifying LaTeX\nBiogeography.\nThe rows are fixed in height.\nWe tried it."
    spans, at = [], 0
    for line in text.split("\n"):
        spans.append((at, at + len(line)))
        at += len(line) + 1
    assert fragments(text, spans).tolist() == [True, True, True, True, False, False]


def test_a_contents_line_without_a_sentence_end_loses_to_prose():
    """A contents line of six words or more shares the claim's rarer words and few
    others, so on the old rule it outscored the sentence that carries the claim in
    other words (the tune split's auguide quoted "Footnotes for authors, collaborations,
    affiliations or title 6"); a window with no sentence end in it is a fragment now,
    however long (reference.quotes.sentence_ends)."""
    sentence = "The \\collaboration command should appear at the end of the list of authors."
    pages = [
        ["Contents", "Footnotes for authors, collaborations, affiliations or title 6\nReferences and citations 7"],
        ["Each author group may have its own address.", "Affiliations are listed in the order given."],
        ["Several groups may write one paper together.", sentence],
    ]
    claim = "Put \\collaboration after the last of the authors."
    ref = _cited(claim, pages).references[0]
    assert ref.quote == sentence
    assert (ref.locator.first, ref.locator.last) == (3, 3)


def test_a_sentence_a_line_break_cut_is_still_quoted_whole():
    """A sentence the reader set on two lines is split at the break; its first line has no
    sentence end, but a window that runs on to the line holding the stop is a sentence
    and is quoted whole."""
    first, second = "If you want to start a new page, rather than simply move to the next frame, use", "the command."
    pages = [
        ["Frames are placed on the page in the order they are defined."],
        [f"{first}\n{second}", "The margin of a frame may be set on either side."],
        ["A page with no frames left is ended automatically."],
    ]
    claim = "To go to a new page instead of just the following frame, use that command."
    ref = _cited(claim, pages).references[0]
    assert ref.quote == f"{first}\n{second}"
    assert ref.locator.first == 2


def test_sentence_ends_anywhere_in_a_sentence_not_inside_a_number():
    text = "Footnotes for authors 6\nSee section 5.9 of the guide\nIt works. (Mostly)\nThe end.\n"
    spans, at = [], 0
    for line in text.rstrip("\n").split("\n"):
        spans.append((at, at + len(line)))
        at += len(line) + 1
    assert sentence_ends(text, spans).tolist() == [False, False, True, True]


class _Counting(_Senses):
    """``_Senses``, remembering every text it was asked to embed."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.asked.extend(texts)
        return super().embed(texts)


def test_the_claim_is_embedded_once_for_scoring_and_quote_placement():
    """Scoring embeds the claim; the quote placement in a paged document takes that
    vector instead of embedding the claim a second time (on the old code, twice), and
    still quotes the sentence that stands out by meaning."""
    sentence = "Your document will be returned to its authors if modifications are discovered."
    pages = [
        ["If you have published with us before, this guide explains the recent changes to the paper template."],
        ["Reviewers read each submission twice before the meeting.", "Each reviewer writes a short report."],
        [f"{sentence} The office keeps a copy of each one.", "Accepted papers appear in the proceedings."],
    ]
    claim = "If changes to the template are detected, the paper is sent back to its authors to be revised."
    embedder = _Counting()
    ref = _cited(claim, pages, embedder=embedder)
    assert embedder.asked.count(claim) == 1
    assert ref.references[0].quote == sentence


def test_a_paraphrase_finds_its_sentence_through_another_form_of_a_word():
    """The claim says "draft" and "single-column", its sentence "drafting" and
    "one-column"; a list item on page 1 holds "layout", "single" and "column" word for
    word. A claim's word now also matches a word that begins with its first five
    letters (reference.quotes.PREFIX_LETTERS), and the sentence on page 2 is quoted (on
    the old code, the list item on page 1)."""
    sentence = "When drafting papers, it is common to use a one-column format."
    pages = [
        [
            "Options of the class are given in square brackets.",
            "• A layout option such as preprint (single-column formatting) or twocolumn.",
            "The journal option selects the journal's style.",
        ],
        [f"{sentence} Final versions use the journal's own layout.", "Figures may be placed at the end."],
        ["References are numbered in the order they are cited.", "Each column of a table has a heading."],
    ]
    claim = "A single-column layout is usual while a paper is still a draft."
    ref = _cited(claim, pages).references[0]
    assert ref.quote == sentence
    assert (ref.locator.first, ref.locator.last) == (2, 2)


def test_without_an_embedder_a_longer_sentence_holding_more_of_the_claim_wins():
    """The claim's sentence holds five of its six words and five others; a same-topic
    sentence on page 1 holds four and two others. Jaccard's full charge for the longer
    sentence's other words quoted page 1 (the old code); half that charge
    (reference.quotes.PAGED_LEXICAL_PRECISION) quotes the sentence on page 3."""
    sentence = "Guided by old bulls, reindeer herds cross the frozen tundra toward the coast."
    pages = [
        [
            "The park keeps a record of its animals and their routes.",
            "In winter the herds cross frozen lakes slowly.",
            "Rangers count the animals each spring.",
        ],
        ["Most birds leave the park before the first snow.", "Wolves follow the herds at a distance."],
        [sentence, "The coast is reached by the end of the month."],
    ]
    ref = _cited("In winter reindeer herds cross the frozen tundra.", pages).references[0]
    assert ref.quote == sentence
    assert ref.locator.first == 3


def test_a_stop_then_a_word_in_lower_case_ends_a_sentence_in_a_paged_document():
    """The reader set a caption and the next column's line on one line ("…with the
    LaTeX option. advantages of…"), so the caption's sentence runs on into other words,
    and the same caption with another figure's number on page 3 was quoted (the old
    code). A stop after a word of four letters or more, then a word in lower case, ends
    the sentence (reference.quotes.LOWER_START_LETTERS): the caption on page 1 is
    quoted alone. An abbreviation's stop ("e.g. the") does not end one."""
    caption = "Figure 2: The test image, exported to PDF with the LaTeX option."
    pages = [
        [
            f"{caption} advantages of setting the labels in the document's own fonts, "
            "e.g. the same size and the same family as the body text, kept in the drawing.",
            "The drawing program writes the picture and its text to two files.",
        ],
        ["Labels are placed where the drawing puts them.", "Each label is one line."],
        ["Figure 3: The test image, exported to PDF with the LaTeX option.", "The scale is kept."],
    ]
    ref = _cited(caption, pages).references[0]
    assert ref.quote == caption
    assert ref.locator.first == 1
    abbreviation = "Labels follow the body text, e.g. the same size and the same family as the text."
    pages[1][1] = abbreviation
    ref = _cited("Labels follow the body text, e.g. the same size and family.", pages).references[0]
    assert ref.quote == abbreviation


def test_of_two_near_copies_on_different_pages_the_one_in_the_claims_words_and_order_is_quoted():
    """A manual says one sentence twice, on page 1 in short and on page 4 with one more
    stop-word ("with according options" / "with the according options"): the two hold
    the same words, so the score tied and the first page was cited (the old code). The
    copy whose text follows the claim's is quoted (reference.quotes.ORDER_TIE), and a
    claim in the other copy's words cites that one."""
    short = "The alphalph package is supported, so page numbers over 26 can be used (with according options set)."
    full = "The alphalph package is supported, so page numbers over 26 can be used (with the according options set)."
    pages = [
        ["Page numbers are kept on every page of the document.", short],
        ["The labels are written when the page is shipped out.", "Each label names its page."],
        ["Several numbering schemes may be mixed in one document.", "A scheme is set by a command."],
        ["Other packages work together with this one.", full, "The order of loading matters."],
    ]
    ref = _cited(full, pages).references[0]
    assert ref.quote == full
    assert ref.locator.first == 4
    ref = _cited(short, pages).references[0]
    assert ref.quote == short
    assert ref.locator.first == 1
