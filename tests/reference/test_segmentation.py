"""Hard-wrapped notes: a line break inside a folded paragraph ends no sentence.

Notes folded at 80 or 120 columns used to be cut at every line break, so answers
quoted fragments starting in mid-sentence. Extracted web text (one paragraph or
heading per line) must still end a sentence at every line break.
"""

from __future__ import annotations

import textwrap

import pytest

from deepref.reference import Source, build_references
from deepref.reference.chunking import chunk_text, split_sentences
from deepref.reference.segmentation import segment_answer
from deepref.reference.wrapping import wrap_breaks

SENTENCES = [
    "The harbour at Kessel Bay was dredged in 1987 so that container ships drawing up to twelve metres could dock "
    "at the northern quay without waiting for the tide.",
    "Before that, cargo was moved to shallow barges in the outer roads, which added about two days to every "
    "crossing and made winter schedules unreliable.",
    "The dredging was paid for by a harbour levy on every tonne of cargo landed, collected until the loan was "
    "repaid in 2004.",
    "Local fishermen opposed the project because the spoil was dumped on the mussel beds south of the breakwater, "
    "and the beds took a decade to recover.",
]
PARAGRAPH = " ".join(SENTENCES)


def fold(text: str, width: int, newline: str = "\n") -> str:
    return newline.join(textwrap.wrap(text, width))


def sentences_of(text: str) -> list[str]:
    return [" ".join(text[s:e].split()) for s, e in split_sentences(text)]


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_plain_text_folded_at_a_width_splits_into_whole_sentences(width, newline):
    text = fold(PARAGRAPH, width, newline) + newline * 2 + fold(PARAGRAPH, width, newline)
    assert text.count("\n") > 6  # really folded
    assert sentences_of(text) == SENTENCES * 2


@pytest.mark.parametrize("width", [80, 120])
def test_markdown_note_blocks_still_end_sentences(width):
    """Headings, list items and table rows are blocks of their own, even folded."""
    note = "\n".join(
        [
            "# Kessel Bay harbour",
            "",
            fold(PARAGRAPH, width),
            "",
            "## Open questions",
            "",
            "- "
            + fold(
                "Who maintains the breakwater now that the harbour board has been merged into the county", width
            ).replace("\n", "\n  "),
            "- Whether the levy should return",
            "- " + fold("How deep the channel is today after thirty years of silt", width),
            "",
            "| year | depth |",
            "|------|-------|",
            "| 1987 | 12 m |",
            "| 2019 | 10 m |",
        ]
    )
    got = sentences_of(note)
    assert got[0] == "# Kessel Bay harbour"
    assert got[1:5] == SENTENCES
    assert "## Open questions" in got
    assert "- Who maintains the breakwater now that the harbour board has been merged into the county" in got
    assert "- Whether the levy should return" in got
    assert "| 1987 | 12 m |" in got and "| 2019 | 10 m |" in got


def test_extracted_text_still_ends_a_sentence_at_every_line():
    """Extracted pages put one paragraph, heading or item per line; none is a fold
    even when the lines run long and carry no full stop."""
    page = "\n".join(
        [
            "Kessel Bay harbour history and the story of its 1987 dredging project",
            "The harbour was dredged in 1987 so that container ships could dock at the northern quay at any tide.",
            "Opening hours",
            "The visitor centre is open from April to October, every day except Mondays and public holidays",
            "Tickets are sold at the gate and cost four euros for adults and two euros for children under twelve.",
            "- Guided tours on Saturdays",
            "- School visits by appointment",
            "Contact the harbour office",
        ]
    )
    assert wrap_breaks(page) == frozenset()
    assert len(split_sentences(page)) == 8


def test_a_lower_case_line_after_a_line_ending_in_a_full_stop_continues_in_folded_text():
    text = (
        fold(PARAGRAPH, 80)
        + "\n"
        + fold("A tonne of grain cost 3 euros to land, e.g. five times the rate at Osterholm, and", 80)
    )
    text += "\nfishermen paid half."
    assert (
        sentences_of(text)[-1]
        == "A tonne of grain cost 3 euros to land, e.g. five times the rate at Osterholm, and fishermen paid half."
    )


def test_a_span_of_a_folded_text_splits_as_the_whole_text_does():
    """The engine splits one passage at a time: the decision must not depend on the cut."""
    text = "\n\n".join(fold(PARAGRAPH, 80) for _ in range(3))
    whole = split_sentences(text)
    for chunk in chunk_text(text, max_chars=300, min_chars=40):
        assert all(span in whole for span in split_sentences(text, chunk.start, chunk.end))


def test_chunks_of_a_folded_note_start_at_a_sentence():
    chunks = chunk_text(fold(PARAGRAPH, 80), max_chars=300, min_chars=40)
    assert len(chunks) > 1
    for chunk in chunks:
        assert any(" ".join(chunk.text.split()).startswith(s) for s in SENTENCES)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_folded_markdown_answer_is_segmented_into_whole_claims(newline):
    answer = newline.join(
        [
            "# Kessel Bay",
            "",
            fold(PARAGRAPH, 80, newline),
            "",
            "- " + fold(SENTENCES[0], 60, newline).replace(newline, newline + "  "),
            "- short item",
            "",
            "| year | depth |",
            "|---|---|",
            "| 1987 | twelve metres |",
        ]
    )
    claims = [" ".join(s.text.split()) for s in segment_answer(answer, "sentences")]
    assert claims[:4] == SENTENCES
    assert claims[4] == "- " + SENTENCES[0]
    assert claims[5] == "- short item"
    assert claims[6] == "1987 | twelve metres"
    for seg in segment_answer(answer, "sentences"):
        assert answer[seg.start : seg.end] == seg.text


def test_markdown_hard_break_ends_the_claim():
    answer = "The quay opened in 1987  \nthe levy ended in 2004."
    assert [s.text for s in segment_answer(answer, "sentences")] == [
        "The quay opened in 1987",
        "the levy ended in 2004.",
    ]


def test_quote_from_a_folded_source_is_the_whole_sentence():
    """The answer quotes the sentence that supports it, not the last line of it."""
    source = Source("1", "file:///notes/kessel.md", "Kessel Bay", fold(PARAGRAPH, 80))
    claim = "The dredging was paid for by a harbour levy on every tonne of cargo landed."
    result = build_references(claim, [source], markers="attribute")
    assert len(result.references) == 1
    quote = " ".join(result.references[0].quote.split())
    assert quote == SENTENCES[2]
