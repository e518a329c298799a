"""A reasoning model's thinking never reaches the answer or the draft."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deepref.worker.inference.reasoning import ReasoningFilter, strip_reasoning


def feed_all(pieces: list[str]) -> tuple[str, list[bool]]:
    f = ReasoningFilter()
    retracts = [f.feed(p).retract for p in pieces]
    f.close()
    return f.visible, retracts


@pytest.mark.parametrize(
    ("text", "visible"),
    [
        ("<think>is [2] relevant?</think>\n\nLa Rance opened in 1966 [1].", "La Rance opened in 1966 [1]."),
        ("<THINKING>a</THINKING>Answer.", "Answer."),
        ("<reasoning>a</reasoning>One. <think>b</think>Two.", "One. Two."),
        ("plan: read [1]\n</think>\nAnswer [1].", "Answer [1]."),  # the template opened the block
        ("Answer [1].", "Answer [1]."),
        ("a < b, and <thinker> is no tag.", "a < b, and <thinker> is no tag."),
        ("<think>never closed", ""),
    ],
)
def test_strip_reasoning(text, visible):
    assert strip_reasoning(text)[0] == visible


def test_thinking_characters_are_counted():
    assert strip_reasoning("<think>12345</think>Answer.")[1] == 5
    assert strip_reasoning("12345</think>Answer.")[1] == 5


def test_a_tag_cut_across_deltas_is_still_a_tag():
    visible, retracts = feed_all(["<thi", "nk>secret [3]</th", "ink>", "Ans", "wer <", "/b>"])
    assert visible == "Answer </b>" and not any(retracts)


def test_a_closing_tag_without_opening_retracts_what_was_shown():
    f = ReasoningFilter()
    shown = [f.feed(p) for p in ["The user asks ", "about tides. ", "</think>", "\n\nTides rise [1]."]]
    assert shown[0].text == "The user asks " and not shown[0].retract
    assert shown[2].retract and shown[3].text == "Tides rise [1]."
    assert f.visible == "Tides rise [1]."


@given(st.text(alphabet="ab <>/thinkTHINK[]1\n", max_size=60), st.integers(1, 7))
def test_pieces_give_the_same_text_as_the_whole(text, step):
    whole = strip_reasoning(text)[0]
    pieces = [text[i : i + step] for i in range(0, len(text), step)]
    assert feed_all(pieces)[0].strip() == whole
