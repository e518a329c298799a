"""A job whose uncertain citations the chat model judges (verify_with_model), in
process against the local model, whose judge reads words (right on clear cases,
wrong on some: tests/fakes/openai_server.py)."""

from __future__ import annotations

import pytest

from deepref.worker.jobs.limits import OptionNotAllowed, check_options
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.pipeline.embedded import run_research
from tests.worker.pipeline.deep.test_rounds import Q

EVERY = (0.0, 1.01)  # every model citation is uncertain: the judge sees them all


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Verdicts are cached per worker process; each test here starts without them."""
    from deepref.worker.pipeline.judging import second_opinion

    second_opinion._cache.clear()
    yield
    second_opinion._cache.clear()


def judge_requests(fake) -> list[dict]:
    return [r for r in fake.requests if r["body"]["messages"][0]["content"].startswith("You check citations.")]


def test_the_model_judges_the_uncertain_citations_and_is_counted(deep_settings, openai_server):
    fake = openai_server.fake
    settings = deep_settings.model_copy(update={"verify_band": EVERY})
    result = run_research(Q, ResearchOptions(embedder="jaccard", verify_with_model=True), settings=settings)
    judged = [r for r in result.references if r.judged_by]
    assert judged and all(r.judged_by == "fake" and r.verdict in ("full", "partial") for r in judged)
    assert len(judge_requests(fake)) == 1 and result.usage.model_calls == 3  # sub-queries, answer, judge


def test_a_citation_the_judge_finds_unsupported_is_dropped(deep_settings, openai_server, topic_site):
    fake = openai_server.fake
    fake.script(
        "costs depend", "Wading birds left the estuary in 1984 [{/page/what-do-tidal-lagoon-costs-depend-on-0}]."
    )
    settings = deep_settings.model_copy(update={"verify_band": EVERY})
    result = run_research(Q, ResearchOptions(embedder="jaccard", verify_with_model=True), settings=settings)
    assert not [r for r in result.references if r.origin == "model"]
    assert any("fake judged it unsupported" in w for w in result.warnings)


def test_no_opinion_asked_unless_the_job_or_the_operator_wants_one(deep_settings, openai_server):
    settings = deep_settings.model_copy(update={"verify_band": EVERY})
    run_research(Q, ResearchOptions(embedder="jaccard"), settings=settings)
    assert not judge_requests(openai_server.fake)
    always = settings.model_copy(update={"verify_with_model": "on"})
    run_research(Q + " again", ResearchOptions(embedder="jaccard"), settings=always)
    assert judge_requests(openai_server.fake)
    with pytest.raises(OptionNotAllowed, match="DEEPREF_VERIFY_WITH_MODEL=off"):
        check_options(
            ResearchOptions(verify_with_model=True),
            settings.model_copy(update={"verify_with_model": "off"}),
            caller="remote",
        )


def test_a_judge_that_answers_nonsense_leaves_the_support_models_decision(deep_settings, openai_server):
    fake = openai_server.fake
    settings = deep_settings.model_copy(update={"verify_band": EVERY})
    plain = run_research(Q, ResearchOptions(embedder="jaccard"), settings=settings)
    fake.judge = "nonsense"
    judged = run_research(Q, ResearchOptions(embedder="jaccard", verify_with_model=True), settings=settings)
    assert [(r.n, r.quote) for r in judged.references] == [(r.n, r.quote) for r in plain.references]
    assert not any(r.judged_by for r in judged.references)
    assert any("second opinion failed" in w for w in judged.warnings)


def test_the_cap_limits_the_pairs_judged(deep_settings, openai_server):
    settings = deep_settings.model_copy(update={"verify_band": EVERY, "verify_max_pairs": 1})
    result = run_research(Q, ResearchOptions(embedder="jaccard", verify_with_model=True), settings=settings)
    assert sum(bool(r.judged_by) for r in result.references) <= 1
    assert any("DEEPREF_VERIFY_MAX_PAIRS" in w for w in result.warnings)


def test_a_pair_judged_for_one_job_is_not_asked_again_for_the_next(deep_settings, openai_server):
    settings = deep_settings.model_copy(update={"verify_band": EVERY})
    options = ResearchOptions(embedder="jaccard", verify_with_model=True)
    first = run_research(Q, options, settings=settings)
    second = run_research(Q, options, settings=settings)
    assert len(judge_requests(openai_server.fake)) == 1 and second.usage.model_calls == 2
    assert [r.verdict for r in second.references] == [r.verdict for r in first.references]


def test_a_deep_reports_sections_get_the_second_opinion_too(deep_settings, openai_server):
    from tests.worker.pipeline.deep.test_rounds import deep

    openai_server.fake.researcher.behave("tidal lagoon", rounds=2)
    settings = deep_settings.model_copy(update={"verify_band": EVERY})
    options = deep(rounds=2).model_copy(update={"verify_with_model": True})
    result = run_research(Q, options, settings=settings)
    assert result.deep is not None and any(r.judged_by == "fake" for r in result.references)
    assert judge_requests(openai_server.fake)
    assert result.usage.model_calls > result.deep.spent["model_calls"]  # the judge's calls are counted too


def test_the_judge_asks_only_what_the_jobs_token_budget_still_holds(deep_settings, openai_server):
    """A deep job's tokens pay for its second opinions too: whole batches, while they fit."""
    from deepref.worker.inference.context_window import prompt_tokens
    from deepref.worker.inference.llm import LLMClient
    from deepref.worker.pipeline.judging import second_opinion
    from deepref.worker.pipeline.judging.model_judge import BATCH, PASSAGE_CHARS, SYSTEM

    llm = LLMClient.from_settings(deep_settings)
    asked = [
        (f"Claim {i} about tidal lagoons and their costs.", "A passage on lagoon walls. " * 40)
        for i in range(2 * BATCH)
    ]
    spent = {"prompt_tokens": 900, "completion_tokens": 100}
    one_batch = prompt_tokens([{"content": SYSTEM + "".join(c + p[:PASSAGE_CHARS] for c, p in asked[:BATCH])}])
    one_batch += second_opinion.VERDICT_TOKENS * BATCH

    def affordable(token_limit):
        warnings: list[str] = []
        n = second_opinion._affordable(
            len(asked), asked, ResearchOptions(), deep_settings, llm, spent, warnings, token_limit
        )
        return n, warnings

    assert affordable(None) == (2 * BATCH, [])  # no token budget (a quick job): every pair
    assert affordable(1000 + 2 * one_batch + 50)[0] == 2 * BATCH
    assert affordable(1000 + one_batch + 50)[0] == BATCH  # room for one batch, not two
    none, warnings = affordable(1000 + 10)
    assert none == 0 and warnings == [
        "the job's budget left nothing for the model's second opinion; the support model decided"
    ]
