"""The model judge against a local OpenAI-compatible server whose judge reads words,
not meaning (tests/fakes/openai_server.py): right often, wrong sometimes, and able
to answer nonsense."""

from __future__ import annotations

from deepref.worker.pipeline.judging.citations import Citation
from deepref.worker.pipeline.judging.fact import Scored, fact_scores
from deepref.worker.pipeline.judging.model_judge import Judgement, ModelJudge, parse_verdicts

PASSAGE = "La Rance tidal power station opened in 1966 in Brittany, France."
PAIRS = [
    ("La Rance opened in 1966.", PASSAGE),  # supported
    ("La Rance opened in 1967.", PASSAGE),  # a wrong year: the word-reading judge says partial
    ("Sihwa Lake is the largest station.", PASSAGE),  # another station
    ("La Rance is in Brittany and cost 620 million francs.", PASSAGE),  # mostly unsupported
]


async def test_verdicts_come_back_in_order_from_batched_requests(llm, openai_server):
    judge = ModelJudge(llm, batch=3)
    got = await judge.judge(PAIRS)
    assert [j.verdict for j in got] == ["full", "partial", "none", "none"]
    assert all(j.judged_by == "fake" and j.reason for j in got)
    assert judge.usage.requests == 2 and judge.usage.prompt_tokens > 0


async def test_a_pair_judged_before_is_not_asked_again(llm, openai_server):
    cache: dict = {}
    await ModelJudge(llm, cache=cache).judge(PAIRS[:2])
    asked = len(openai_server.fake.requests)
    again = ModelJudge(llm, cache=cache)
    got = await again.judge(PAIRS[:2])
    assert [j.verdict for j in got] == ["full", "partial"] and again.usage.cached == 2
    assert len(openai_server.fake.requests) == asked


async def test_the_cap_leaves_the_rest_unjudged_without_asking(llm, openai_server):
    got = await ModelJudge(llm, max_pairs=2).judge(PAIRS)
    assert [j.verdict for j in got[:2]] == ["full", "partial"]
    assert [j.verdict for j in got[2:]] == [None, None] and "cap of 2" in got[2].reason


async def test_nonsense_is_asked_again_then_left_unjudged(llm, openai_server):
    openai_server.fake.judge = "nonsense"
    judge = ModelJudge(llm)
    got = await judge.judge(PAIRS)
    assert all(j.verdict is None for j in got) and judge.usage.requests == 2
    assert "0 of 4 verdicts" in judge.usage.failures[0]


async def test_verdicts_the_model_left_out_are_unjudged_and_the_rest_kept(llm, openai_server):
    openai_server.fake.judge = "half"
    got = await ModelJudge(llm).judge(PAIRS)
    assert [j.verdict for j in got] == ["full", None, "none", None]  # asked twice, the odd ones never came


async def test_a_failing_endpoint_leaves_everything_unjudged(llm, openai_server):
    openai_server.fake.fail_status = 500
    judge = ModelJudge(llm)
    got = await judge.judge(PAIRS[:1])
    assert got[0].verdict is None and "HTTP 500" in judge.usage.failures[0]


def test_parse_verdicts_takes_only_well_formed_rows():
    text = 'Sure! {"verdicts": [{"id": 0, "verdict": "FULL", "reason": " ok \\n"}, {"id": 7, "verdict": "full"},'
    text += ' {"id": "1", "verdict": "maybe"}, {"id": true, "verdict": "none"}, {"id": "1", "verdict": "none"}]}'
    assert parse_verdicts(text, 2, "m") == {0: Judgement("full", "ok", "m"), 1: Judgement("none", "", "m")}


def test_fact_scores_count_supported_pairs_and_leave_unjudged_ones_out():
    def scored(verdict):
        return Scored(Citation("c", "u", "[1]"), Judgement(verdict, "", "m" if verdict else ""))

    scores = fact_scores([scored("full"), scored("full"), scored("partial"), scored("none"), scored(None)])
    assert (scores.pairs, scores.judged, scores.effective_citations) == (5, 4, 2)
    assert scores.accuracy == 0.5 and scores.accuracy_with_partial == 0.75
    assert fact_scores([scored(None)]).accuracy is None
