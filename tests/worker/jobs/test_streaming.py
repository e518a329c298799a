"""The streamed write-up (worker/jobs/streaming.py): draft events, coalescing, and the
edits that turn the draft into the stored answer. Pure: no Redis, no server."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deepref.reference import Source, build_references
from deepref.worker.jobs.streaming import (
    DraftWriter,
    Reassembly,
    answer_event,
    apply_edits,
    decode,
    diff,
)

SOURCES = [
    Source("1", "https://a.example/", "A", "La Rance tidal power station opened in 1966. It is in Brittany, France."),
    Source("2", "https://b.example/", "B", "Sihwa Lake is the largest tidal power station; it opened in 2011."),
]
MODEL = "La Rance opened in 1966 [1]. Sihwa Lake is the largest tidal plant [2][1]. It is in Brittany."


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _write(text: str, cuts: list[int], clock: Clock | None = None, step: float = 0.01) -> tuple[list[dict], str]:
    events: list[dict] = []
    clock = clock or Clock()
    writer = DraftWriter(events.append, SOURCES, clock=clock)
    at = 0
    for cut in [*sorted(cuts), len(text)]:
        writer.feed(text[at:cut])
        at = cut
        clock.now += step
    return events, writer.close()


def _reassemble(events: list[dict]) -> Reassembly:
    reader = Reassembly()
    for fields in events:
        reader.apply(*decode(fields))
    return reader


def test_draft_has_markers_rewritten_and_the_answer_event_gives_the_verified_answer():
    events, draft = _write(MODEL, list(range(0, len(MODEL), 3)))
    assert "[^1]" in draft and "[1]" not in draft and "[2]" not in draft
    verified = build_references(MODEL, SOURCES, markers="verify", drop_unsupported=True, fill_uncited=True).answer
    assert verified != draft  # the engine changed something the stream could not know
    events.append(answer_event(draft, verified))
    reader = _reassemble(events)
    assert reader.draft == draft and reader.answer == verified and reader.broken is None
    edits = decode(events[-1])[1]["edits"]
    assert edits and sum(len(t) for _, _, t in edits) < len(verified) / 2  # edits, not the whole text again


@given(
    draft=st.text(st.sampled_from("ab [^1]2.\n"), max_size=80),
    answer=st.text(st.sampled_from("ab [^1]3.\n"), max_size=80),
)
def test_edits_make_any_draft_the_answer(draft, answer):
    assert apply_edits(draft, diff(draft, answer)) == answer


@given(cuts=st.lists(st.integers(0, len(MODEL)), max_size=40), step=st.sampled_from([0.0, 0.01, 0.2]))
def test_any_split_of_the_model_text_reassembles_to_the_same_draft(cuts, step):
    events, draft = _write(MODEL, cuts, step=step)
    assert _reassemble(events).draft == draft
    assert events[0]["offset"] == "0"


def test_pieces_are_coalesced_and_their_number_grows_with_the_log_of_the_length():
    text = "Tidal power is predictable [1]. " * 3000  # 96,000 characters in one-character deltas
    clock = Clock()
    events: list[dict] = []
    writer = DraftWriter(events.append, SOURCES, clock=clock)
    for ch in text:
        writer.feed(ch)
        clock.now += 0.001  # 1,000 deltas a second
    draft = writer.close()
    assert _reassemble(events).draft == draft
    # at most one event per 50 ms of writing, and about SHARE * ln(length) in all
    assert len(events) <= 96 / 0.05 + 1
    assert len(events) <= 200 * math.log(len(draft)) and len(events) < len(text) / 40


def test_a_new_attempt_starts_over_and_a_stale_answer_is_refused():
    first, _ = _write("Half an answer [1", [5, 10])
    second, draft = _write(MODEL, [20, 40], step=0.1)
    assert len(second) == 3
    answer = draft.replace(" [^1]", "[^1]")
    assert _reassemble([*first, *second, answer_event(draft, answer)]).answer == answer
    # edits against a longer draft than the reader has are not applied
    reader = _reassemble([*second[:2], answer_event(draft, answer)])
    assert reader.answer is None and "characters, not" in reader.broken


def test_a_gap_in_the_pieces_is_reported():
    events, draft = _write(MODEL, list(range(0, len(MODEL), 2)), step=0.1)
    assert len(events) > 3
    reader = _reassemble([events[0], *events[2:], answer_event(draft, draft)])
    assert reader.answer is None and reader.broken.startswith("a draft piece at")


def test_an_answer_with_no_draft_is_one_insertion():
    reader = _reassemble([answer_event("", "The extractive answer.[^1]")])
    assert reader.answer == "The extractive answer.[^1]"


def test_edits_out_of_order_are_refused():
    with pytest.raises(ValueError, match="does not fit"):
        apply_edits("abcdef", [[3, 4, "x"], [1, 2, "y"]])


def test_thinking_taken_back_leaves_the_draft_as_it_was_before_the_model_answer():
    events: list[dict] = []
    writer = DraftWriter(events.append, SOURCES, interval=0, share=10**9)
    writer.literal("## Tides\n\n")
    for piece in ["The user wants [1] ", "dates.", " More thinking."]:
        writer.feed(piece)
    writer.restart()  # the closing </think> came: all of that was thinking
    writer.feed("La Rance opened in 1966 [1].")
    draft = writer.close()
    reader = Reassembly()
    for fields in events:
        reader.apply(*decode(fields))
    assert draft == reader.text == "## Tides\n\nLa Rance opened in 1966 [^1]."
    assert "thinking" not in reader.text and reader.broken is None
