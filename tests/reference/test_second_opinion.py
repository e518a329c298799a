"""A second opinion on uncertain citations (``build_references(second_opinion=...)``):
pure, with a scripted judge standing in for a chat model."""

from __future__ import annotations

from deepref.reference import Source, build_references
from deepref.reference.models import Opinion

SOURCES = [
    Source("1", "https://a.example/", "A", "La Rance tidal power station opened in 1966. It is in Brittany, France."),
    Source("2", "https://b.example/", "B", "Sihwa Lake is the largest tidal power station; it opened in 2011."),
]
ANSWER = "La Rance opened in 1966 [1]. Sihwa Lake opened in 2011 [1]."  # the second cites the wrong source
EVERY = (0.0, 1.01)  # every model citation counts as uncertain


def verify(**kwargs):
    return build_references(ANSWER, SOURCES, markers="verify", drop_unsupported=True, fill_uncited=True, **kwargs)


def test_only_the_uncertain_citations_are_asked_once_and_in_order():
    asked: list[list[tuple[str, str]]] = []

    def judge(pairs):
        asked.append(list(pairs))
        return [None] * len(pairs)

    plain = verify()
    with_none = verify(second_opinion=judge, opinion_band=EVERY)
    assert len(asked) == 1 and [claim for claim, _ in asked[0]] == [
        "La Rance opened in 1966.",
        "Sihwa Lake opened in 2011.",
    ]
    assert "1966" in asked[0][0][1]  # the passage is the cited page around its quote
    assert with_none.answer == plain.answer  # no opinion: the support model decides, as without a judge
    verify(second_opinion=judge, opinion_band=(0.0, 0.0))
    assert len(asked) == 1  # nothing in the band: the judge is not called


def test_a_none_verdict_drops_the_citation_and_attribution_does_not_put_it_back():
    def judge(pairs):
        return [Opinion("none", "another station", "m") if "Sihwa" in claim else None for claim, _ in pairs]

    result = verify(second_opinion=judge, opinion_band=EVERY)
    sihwa = [r for r in result.references if "Sihwa" in r.answer_chunk]
    assert all(r.source_id != "1" for r in sihwa)  # filled from source 2, never from the vetoed source 1
    assert any("m judged it unsupported: another station" in w for w in result.warnings)


def test_a_full_verdict_keeps_a_citation_the_support_model_would_drop_and_is_recorded():
    plain = verify(min_support=0.99)  # so strict that the support model drops both
    assert not [r for r in plain.references if r.origin == "model"]

    def judge(pairs):
        return [Opinion("full", "says so", "m") if "1966" in claim else None for claim, _ in pairs]

    result = verify(min_support=0.99, second_opinion=judge, opinion_band=EVERY)
    (kept,) = [r for r in result.references if r.origin == "model"]
    assert kept.source_id == "1" and kept.supported is True
    assert (kept.judged_by, kept.verdict, kept.verdict_reason) == ("m", "full", "says so")


def test_a_vetoed_pair_is_not_filled_back_in_by_attribution():
    def judge(pairs):
        return [Opinion("none", "judged wrong", "m") if "1966" in claim else None for claim, _ in pairs]

    plain = verify()
    assert any(r.source_id == "1" and "1966" in r.answer_chunk for r in plain.references)
    result = verify(second_opinion=judge, opinion_band=EVERY)
    assert not any(r.source_id == "1" and "1966" in r.answer_chunk for r in result.references)
