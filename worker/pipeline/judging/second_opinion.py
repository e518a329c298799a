"""A job's uncertain citations judged by its chat model (``verify_with_model``).

``build_references`` stays pure and synchronous, so the model is asked between two
calls of it: the first records which model citations fall in the uncertain band
(``DEEPREF_VERIFY_BAND``, by default ``reference.engine.OPINION_BAND``) and decides
nothing; the model judges those pairs (batched, capped, cached by claim, passage
and model, and within the job's cost budget); the second call is the same call
with the verdicts. Both calls see
the same answer and sources, so they ask the same pairs in the same order. A
verdict the model did not give (it failed, timed out or answered nonsense) leaves
the support model's decision in place.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deepref.reference.models import Opinion, ReferenceResult
from deepref.worker.inference import spend
from deepref.worker.inference.context_window import prompt_tokens
from deepref.worker.inference.llm import LLMClient, metered
from deepref.worker.pipeline.judging.model_judge import BATCH, PASSAGE_CHARS, SYSTEM, Judgement, ModelJudge
from deepref.worker.pipeline.outputs import Chunked
from deepref.worker.pipeline.stages import reference_stage

if TYPE_CHECKING:
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.settings import Settings

VERDICT_TOKENS = 60  # the most one verdict (a label and a one-line reason) may take
CACHE_SIZE = 10_000  # verdicts a worker process keeps (claim, passage, model), the oldest dropped first
_cache: dict[str, Judgement] = {}


@dataclass(frozen=True, slots=True)
class Judged:
    references: ReferenceResult
    usage: dict
    warnings: list[str]


def enabled(options: ResearchOptions, settings: Settings, llm: LLMClient | None) -> bool:
    """Whether a job's citations get a second opinion (DEEPREF_VERIFY_WITH_MODEL)."""
    if llm is None or settings.verify_with_model == "off":
        return False
    return settings.verify_with_model == "on" or bool(options.verify_with_model)


async def judged_references(
    answer: str,
    chunked: Chunked,
    options,
    embedder,
    tokens,
    *,
    llm: LLMClient,
    settings,
    spent: dict | None,
    token_limit: int | None = None,
) -> Judged:
    asked: list[tuple[str, str]] = []

    def record(pairs: Sequence[tuple[str, str]]) -> list[None]:
        asked.extend(pairs)
        return [None] * len(pairs)

    band = tuple(settings.verify_band)
    first = await asyncio.to_thread(reference_stage, answer, chunked, options, embedder, tokens, record, band)
    if not asked:
        return Judged(first, spend.usage_of([]), [])
    warnings: list[str] = []
    limit = min(len(asked), settings.verify_max_pairs)
    if limit < len(asked):
        warnings.append(
            f"{len(asked)} citations were uncertain; the model judged {limit} (DEEPREF_VERIFY_MAX_PAIRS), "
            "the support model decided the rest"
        )
    limit = _affordable(limit, asked, options, settings, llm, spent, warnings, token_limit)
    judge = ModelJudge(llm, model=options.llm_model, max_pairs=limit, cache=_bounded(_cache))
    with metered() as calls:
        judgements = await judge.judge(asked)
    if judge.usage.failures:
        warnings.append(
            f"the model's second opinion failed for some citations ({judge.usage.failures[0]}); "
            "the support model decided those"
        )
    opinions = [Opinion(j.verdict, j.reason, j.judged_by) if j.verdict else None for j in judgements]

    def verdicts(pairs: Sequence[tuple[str, str]]) -> list[Opinion | None]:
        return opinions if list(pairs) == asked else [None] * len(pairs)

    second = await asyncio.to_thread(reference_stage, answer, chunked, options, embedder, tokens, verdicts, band)
    return Judged(second, spend.usage_of(calls), warnings)


def _affordable(
    limit: int, asked, options, settings, llm: LLMClient, spent, warnings: list[str], token_limit: int | None
) -> int:
    """At most ``limit`` pairs, fewer when the job's cost budget or ``token_limit``
    (tokens, of which ``spent`` is gone) cannot pay for their worst case."""
    budget = spend.cost_limit(options, settings)
    if budget is None and token_limit is None:
        return limit
    price = llm.price(options.llm_model).price
    so_far = spend.add(spent)
    while limit > 0:
        batches = [asked[i : i + BATCH] for i in range(0, limit, BATCH)]
        messages = [{"content": SYSTEM + "".join(c + p[:PASSAGE_CHARS] for c, p in b)} for b in batches]
        completion = VERDICT_TOKENS * BATCH * len(batches)
        cost_ok = budget is None or spend.refuse_cost(budget, so_far["cost"], price, messages, completion) is None
        tokens_ok = token_limit is None or so_far["total_tokens"] + prompt_tokens(messages) + completion <= token_limit
        if cost_ok and tokens_ok:
            return limit
        limit -= BATCH
    what = "cost budget" if budget is not None and token_limit is None else "job's budget"
    warnings.append(f"the {what} left nothing for the model's second opinion; the support model decided")
    return 0


def _bounded(cache: dict) -> dict:
    while len(cache) > CACHE_SIZE:
        cache.pop(next(iter(cache)))
    return cache
