"""What a job's model calls cost, and a cost budget that holds (worker/inference/pricing.py,
worker/inference/spend.py), against the local OpenAI-compatible server priced by a setting."""

from __future__ import annotations

import pytest

from deepref.reference.errors import ConfigurationError
from deepref.worker.inference import spend
from deepref.worker.inference.pricing import FREE, LIST_PRICES, Price, price_of
from deepref.worker.jobs.limits import check_options
from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
from deepref.worker.pipeline.embedded import run_research
from tests.worker.pipeline.deep.test_rounds import Q, deep

PRICE = {"fake": {"input": 2.0, "output": 8.0, "cached_input": 0.5}}  # USD per 1M tokens


def test_a_models_price_comes_from_the_setting_the_list_or_the_endpoint():
    assert price_of("fake", "http://127.0.0.1:9/v1", PRICE).price == Price(2.0, 8.0, 0.5)
    dated = price_of("gpt-4o-mini-2024-07-18", "https://api.openai.com/v1")
    assert dated.price == LIST_PRICES["gpt-4o-mini"] and "list price of gpt-4o-mini" in dated.source
    assert price_of("openai/gpt-4.1-mini", "https://gateway.example/v1").price == LIST_PRICES["gpt-4.1-mini"]
    assert price_of("gpt-4o-mini", "https://x.example/v1", {"gpt-4o-mini": {"input": 1, "output": 1}}).price == Price(
        1.0, 1.0, None
    )
    for local in ("http://127.0.0.1:11434/v1", "http://localhost:8080/v1", "http://10.0.0.5/v1", "http://ollama:11434"):
        assert price_of("qwen3:14b", local).price == FREE
    unknown = price_of("mystery-1", "https://llm.example.com/v1")
    assert unknown.price is None and "DEEPREF_LLM_PRICES" in unknown.source


def test_cached_prompt_tokens_are_billed_at_their_rate():
    price = Price(2.0, 8.0, 0.5)
    assert price.cost(1_000_000, 0) == pytest.approx(2.0)
    assert price.cost(1_000_000, 1_000_000, cached_tokens=600_000) == pytest.approx(0.8 + 0.3 + 8.0)
    assert Price(2.0, 8.0).cost(1_000_000, 0, cached_tokens=1_000_000) == pytest.approx(2.0)


def test_usage_adds_up_and_an_unknown_price_makes_the_cost_unknown():
    a = {"prompt_tokens": 10, "completion_tokens": 5, "model_calls": 1, "cost": 0.5}
    b = {"prompt_tokens": 1, "completion_tokens": 2, "model_calls": 1, "cost": 0.25}
    assert spend.add(a, b, None)["cost"] == 0.75 and spend.add(a, b)["total_tokens"] == 18
    assert spend.add(a, {**b, "cost": None})["cost"] is None


def test_a_call_is_refused_when_its_worst_case_does_not_fit():
    price, messages = Price(2.0, 8.0), [{"content": "x" * 3000}]  # about 1,008 prompt tokens
    assert spend.refuse_cost(None, 0.0, None, messages, 100) is None
    assert spend.refuse_cost(1.0, 0.0, price, messages, 100) is None
    why = spend.refuse_cost(0.01, 0.0099, price, messages, 100)
    assert why is not None and "cost budget ($0.0100) would be exceeded" in why
    assert "price is unknown" in spend.refuse_cost(1.0, 0.0, None, messages, 100)


def test_the_server_caps_what_a_job_asks(deep_settings):
    settings = deep_settings.model_copy(update={"max_cost": 0.5})
    assert spend.cost_limit(ResearchOptions(budget=ResearchBudget(cost=2.0)), settings) == 0.5
    assert spend.cost_limit(ResearchOptions(budget=ResearchBudget(cost=0.1)), settings) == 0.1
    assert spend.cost_limit(ResearchOptions(), settings) == 0.5
    assert spend.cost_limit(ResearchOptions(), deep_settings) is None


def test_a_cost_budget_on_a_model_of_unknown_price_is_refused_at_submit(deep_settings):
    settings = deep_settings.model_copy(update={"llm_base_url": "https://llm.example.com/v1", "llm_model": "mystery-1"})
    with pytest.raises(ConfigurationError, match=r"mystery-1.*DEEPREF_LLM_PRICES"):
        check_options(ResearchOptions(budget=ResearchBudget(cost=1.0)), settings, caller="remote")
    check_options(ResearchOptions(), settings, caller="remote")  # no budget: the cost is merely reported as unknown


def test_a_quick_job_reports_its_cost_including_the_sub_queries(deep_settings, openai_server):
    settings = deep_settings.model_copy(update={"llm_prices": PRICE})
    result = run_research(Q, ResearchOptions(embedder="jaccard"), settings=settings)
    usage = result.usage
    assert usage.model_calls == 2  # the sub-queries, then the answer
    expected = Price(2.0, 8.0, 0.5).cost(usage.prompt_tokens, usage.completion_tokens)
    assert usage.cost == pytest.approx(expected) and usage.cost > 0
    assert usage.cost <= usage.estimated_cost  # estimated before the calls, at their limits


def test_a_quick_job_too_poor_to_ask_the_model_answers_from_the_sources(deep_settings, openai_server):
    settings = deep_settings.model_copy(update={"llm_prices": PRICE})
    asked = len(openai_server.fake.requests)
    result = run_research(
        Q, ResearchOptions(embedder="jaccard", budget=ResearchBudget(cost=0.000001)), settings=settings
    )
    assert result.answer_mode == "extractive" and result.usage.model_calls == 0 and result.usage.cost == 0
    assert any("no sub-queries written: cost budget" in w for w in result.warnings)
    assert any("the model was not asked: cost budget" in w for w in result.warnings)
    assert len(openai_server.fake.requests) == asked


def test_a_deep_jobs_cost_budget_holds(deep_settings, openai_server):
    openai_server.fake.researcher.behave("tidal", rounds=None)  # only budgets stop it
    settings = deep_settings.model_copy(update={"llm_prices": PRICE})
    result = run_research(Q + " c", deep(cost=0.02, rounds=20), settings=settings)
    info = result.deep
    assert "cost budget" in info.stop_reason
    assert 0 < result.usage.cost <= 0.02 and info.spent["cost"] == pytest.approx(result.usage.cost)
    assert info.budget["cost"] == 0.02 and 0 < info.estimate["cost"] <= 0.02
