"""The pure parts of deep research: budgets (resolve, estimate, refuse) and the
defensive reading of the model's plans, readings and outlines."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from deepref.worker.jobs.models import ResearchBudget, ResearchOptions, first_stage, round_of, round_stage, stage_state
from deepref.worker.pipeline.deep import budget as B
from deepref.worker.pipeline.deep import planning as P
from deepref.worker.settings import Settings
from tests.fakes.topic_site import article


def settings(**kw) -> Settings:
    return Settings(_env_file=None, **kw)


# -- budgets --------------------------------------------------------------------------------
def test_depth_defaults_and_operator_caps():
    budget, warnings = B.resolve_budget("deep", ResearchBudget(), settings())
    assert budget == B.Budget(rounds=6, queries_per_round=4, pages=60, tokens=200_000, seconds=900.0)
    assert warnings == []
    # options only narrow the operator's caps; the default is capped silently
    budget, warnings = B.resolve_budget(
        "deep", ResearchBudget(rounds=10, pages=5), settings(deep_max_rounds=3, deep_max_tokens=1000)
    )
    assert (budget.rounds, budget.pages, budget.tokens) == (3, 5, 1000)
    assert warnings == ["options.budget.rounds 10 is above the server's DEEPREF_DEEP_MAX_ROUNDS (3): 3 used"]


def test_budget_bounds_are_validated():
    with pytest.raises(ValidationError):
        ResearchBudget(rounds=0)
    with pytest.raises(ValidationError):
        ResearchOptions(depth="bottomless")
    assert ResearchOptions().depth == "quick"  # today's single pass stays the default


def test_estimate_never_exceeds_the_budget():
    small = B.Budget(rounds=2, queries_per_round=2, pages=5, tokens=3000, seconds=60)
    est = B.estimate(small)
    assert est.tokens == 3000 and est.pages == 5
    big = B.Budget(rounds=2, queries_per_round=2, pages=500, tokens=10_000_000, seconds=60)
    est = B.estimate(big)
    assert est.tokens < big.tokens and est.pages == 2 * 2 * 8 and est.model_calls == 2 * 2 + 1 + 4


def test_a_call_is_refused_before_it_could_overspend():
    budget = B.Budget(rounds=3, queries_per_round=2, pages=10, tokens=10_000, seconds=60)
    messages = [{"role": "user", "content": "x" * 3000}]  # ~1000 tokens counted
    assert B.refuse_call(budget, B.Spent(), 0, messages, 500, report=False) is None
    spent = B.Spent(prompt_tokens=5000, completion_tokens=1000)
    # rounds keep 30% for the report: 6000 + ~1010 + 500 > 7000
    assert "research rounds" in B.refuse_call(budget, spent, 0, messages, 500, report=False)
    assert B.refuse_call(budget, spent, 0, messages, 500, report=True) is None
    assert "time budget" in B.refuse_call(budget, B.Spent(), 60, messages, 500, report=True)


def test_pages_and_rounds_stop():
    budget = B.Budget(rounds=2, queries_per_round=2, pages=10, tokens=100_000, seconds=60)
    assert B.pages_left(budget, B.Spent(pages=7), 1) == 3
    assert B.pages_left(budget, B.Spent(pages=7), 61) == 0
    assert B.stop_before_round(budget, B.Spent(), 1, 2) is None
    assert "round budget (2)" in B.stop_before_round(budget, B.Spent(), 1, 3)
    assert "page budget" in B.stop_before_round(budget, B.Spent(pages=10), 1, 2)
    assert "time budget" in B.stop_before_round(budget, B.Spent(), 60, 2)
    assert "token budget" in B.stop_before_round(budget, B.Spent(prompt_tokens=69_000), 1, 2)


def test_stage_names():
    assert round_stage(3) == "round-3" and round_of("round-3") == 3 and round_of("search") is None
    assert first_stage(ResearchOptions()) == "search"
    assert first_stage(ResearchOptions(depth="deep")) == "round-1"
    assert stage_state("round-2").value == "researching" and stage_state("report").value == "writing"


# -- the model's answers ----------------------------------------------------------------------
def test_plan_json_inside_prose_is_read():
    text = 'Here you go:\n```json\n{"queries": ["tidal lagoon costs", "Tidal lagoon costs", "x"], "why": "costs"}\n```'
    plan = P.parse_plan(text, "Q?", [], ["already asked"], 4, 1)
    assert plan.queries == ["tidal lagoon costs"] and plan.why == "costs" and plan.warnings == []


def test_malformed_plan_falls_back_to_question_and_gaps():
    plan = P.parse_plan("Sure! {queries: [oops", "What do lagoons cost?", ["wall length"], [], 3, 2)
    assert plan.queries == ["What do lagoons cost?", "wall length"]
    assert "not the JSON asked for" in plan.warnings[0]
    # nothing new to search: the fallback skips what was asked
    plan = P.parse_plan("[]", "Q one", [], ["q one"], 3, 2)
    assert plan.queries == []


def test_reading_drops_citations_of_passages_not_shown():
    text = (
        '{"findings": [{"claim": "Walls cost most.", "cites": [2, 9]}, {"claim": "Invented.", "cites": [7]},'
        ' {"claim": "Cites as text.", "cites": "[3]"}, "junk"], "gaps": ["maintenance"], "enough": true}'
    )
    reading = P.parse_reading(text, {2, 3}, 1)
    assert [(f.claim, f.cites) for f in reading.findings] == [("Walls cost most.", [2]), ("Cites as text.", [3])]
    assert any("[9]" in w and "not shown" in w for w in reading.warnings)
    assert any("Invented" in w for w in reading.warnings)
    assert reading.gaps == ["maintenance"] and reading.enough is False  # gaps left: not covered
    assert P.parse_reading("no json at all", {1}, 1) is None  # prose: deep.prose reads it


def test_outline_places_each_finding_once():
    sections, warnings = P.parse_outline(
        '{"sections": [{"title": "A", "findings": [1, 2, 9]}, {"title": "B", "findings": [2]}]}', 3, "Q?"
    )
    assert [(s.title, s.findings) for s in sections] == [("A", [0, 1]), ("Other findings", [2])]
    sections, warnings = P.parse_outline("nope", 2, "What is it?")
    assert [(s.title, s.findings) for s in sections] == [("What is it", [0, 1])] and warnings


def test_writer_markers_outside_its_sources_are_removed():
    text, dropped = P.strip_disallowed("A [1]. B [4][2].", {1, 2})
    assert text == "A [1]. B [2]." and dropped == [4]


def test_near_duplicates_by_minhash():
    a, b = article("tidal-lagoon-costs-r1a-0"), article("tidal-lagoon-costs-r2b-1")
    copy = "Home | News. " + a + " Syndicated from the Tidal Gazette."
    assert P.similarity(P.minhash(a), P.minhash(a)) == 1.0
    assert P.near_duplicate(P.minhash(copy), {"1": P.minhash(b), "2": P.minhash(a)}) == "2"
    assert P.near_duplicate(P.minhash(b), {"1": P.minhash(a)}) is None


def test_prompts_carry_their_markers():
    assert P.plan_messages("Q", 1, 3, 2, [], [])[1]["content"].startswith(P.PLAN)
    passages = [{"n": 4, "title": "T", "url": "http://x", "text": "Text."}]
    assert P.read_messages("Q", passages, [])[1]["content"].startswith(P.READ)
    assert "[4] T — http://x\nText." in P.read_messages("Q", passages, [])[1]["content"]
    assert P.outline_messages("Q", [{"claim": "c", "cites": [1]}])[1]["content"].startswith(P.OUTLINE)
    write = P.write_messages("Q", "S", [{"claim": "c", "cites": [4]}], passages)[1]["content"]
    assert write.startswith(P.WRITE) and "You may cite only: [4]" in write
