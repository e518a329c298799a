"""What a job spends on the chat model, and whether the next call still fits its cost budget.

A job's cost budget (``options.budget.cost``, capped by ``DEEPREF_MAX_COST``) holds
the way the token budget does: before every model call, what was spent plus the
call's worst case (its prompt counted generously, plus its completion limit, at
the model's price) must fit, or the call is not made. A quick job then answers
extractively; a standard or deep job stops its rounds or writes from its findings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from deepref.worker.inference.context_window import prompt_tokens
from deepref.worker.inference.pricing import Price, price_of

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

ANSWER_MAX_TOKENS = 2_048  # a quick answer's completion limit under a cost budget (its worst case must be known)
SUB_QUERY_MAX_TOKENS = 200  # LLMClient.sub_queries' limit
SUB_QUERY_PROMPT_CHARS = 300  # its instructions, around the question
PASSAGE_CHARS = 700  # a prompt passage at most (pipeline.chunk_stage's chunks)
INSTRUCTION_CHARS = 1_500  # an answer prompt's instructions and section headers, about

USAGE_FIELDS = ("prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens", "model_calls")


def usage_of(calls: Iterable) -> dict:
    """The usage of model calls (``Generation``s), as a job result reports it."""
    calls = list(calls)
    costs = [c.cost for c in calls]
    return {
        "prompt_tokens": sum(c.prompt_tokens for c in calls),
        "completion_tokens": sum(c.completion_tokens for c in calls),
        "reasoning_tokens": sum(c.reasoning_tokens for c in calls),
        "cached_tokens": sum(c.cached_tokens for c in calls),
        "model_calls": len(calls),
        "cost": None if None in costs else sum(costs),
    }


def add(*usages: Mapping | None) -> dict:
    """Usages added up; the cost is unknown (None) if any part's is."""
    out: dict = dict.fromkeys(USAGE_FIELDS, 0)
    cost: float | None = 0.0
    for usage in usages:
        if not usage:
            continue
        for name in USAGE_FIELDS:
            out[name] += int(usage.get(name, 0) or 0)
        part = usage.get("cost", 0.0)
        cost = None if cost is None or part is None else cost + float(part)
    out["cost"] = cost
    out["total_tokens"] = out["prompt_tokens"] + out["completion_tokens"]
    return out


def cost_limit(options, settings: Settings) -> float | None:
    """The job's cost budget: what it asks (``options.budget.cost``), never above
    ``DEEPREF_MAX_COST``; None when neither sets one."""
    return capped(getattr(getattr(options, "budget", None), "cost", None), settings.max_cost)


def capped(asked: float | None, cap: float | None) -> float | None:
    limits = [x for x in (asked, cap) if x is not None]
    return min(limits) if limits else None


def worst_cost(price: Price, messages: list[dict[str, str]], max_tokens: int) -> float:
    """The most a call can cost: its prompt, counted generously, and ``max_tokens``."""
    return price.cost(prompt_tokens(messages), max_tokens)


def refuse_cost(limit: float | None, spent: float | None, price: Price | None, messages, max_tokens: int) -> str | None:
    """Why a call must not be made under a cost budget, or None."""
    if limit is None:
        return None
    if price is None or spent is None:
        return "the model's price is unknown (set DEEPREF_LLM_PRICES), so the cost budget cannot be kept"
    worst = worst_cost(price, messages, max_tokens)
    if spent + worst > limit:
        return f"cost budget (${limit:.4f}) would be exceeded: ${spent:.4f} spent, next call up to ${worst:.4f}"
    return None


def quick_estimate(question: str, options, settings: Settings, passages: int) -> float | None:
    """The most a quick job's model calls cost (its sub-queries and its answer from
    ``passages`` passages, each at its completion limit), before it runs; None without
    a model or a known price."""
    if not settings.llm_base_url:
        return None
    model = getattr(options, "llm_model", None) or settings.llm_model
    price = price_of(model, settings.llm_base_url, settings.llm_prices).price
    if price is None:
        return None
    asks = prompt_tokens(sub_query_prompt(question))
    prompt = prompt_tokens([{"content": question + " " * (passages * PASSAGE_CHARS + INSTRUCTION_CHARS)}])
    return price.cost(asks, SUB_QUERY_MAX_TOKENS) + price.cost(prompt, ANSWER_MAX_TOKENS)


def sub_query_prompt(question: str) -> list[dict[str, str]]:
    """The sub-queries request as budgets count it: the question and its instructions."""
    return [{"content": question + " " * SUB_QUERY_PROMPT_CHARS}]
