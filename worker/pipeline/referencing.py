"""The last stage of a quick job, the same on every path (a Celery task or the
embedded runner): the answer's references, with the chat model's second opinion
when the job has one, then the result with everything the job spent and warned."""

from __future__ import annotations

import asyncio

from deepref.worker.inference import spend
from deepref.worker.jobs.models import ResearchOptions, ResearchResult
from deepref.worker.pipeline import stages as pipeline
from deepref.worker.pipeline.judging.second_opinion import Judged, enabled, judged_references
from deepref.worker.pipeline.outputs import Chunked, Generated, Searched
from deepref.worker.pipeline.result import build_result
from deepref.worker.pipeline.since_read import mark_changed_files


async def references_of(
    answer: str,
    chunked: Chunked,
    options,
    embedder,
    tokens,
    *,
    res,
    spent: dict | None,
    token_limit: int | None = None,
) -> Judged:
    """The references, judged when the job wants a second opinion (``enabled``), within
    the job's cost budget and ``token_limit`` (a deep job's tokens, of which ``spent``
    is gone)."""
    if not enabled(options, res.settings, res.llm):
        refs = await asyncio.to_thread(pipeline.reference_stage, answer, chunked, options, embedder, tokens)
        return Judged(refs, spend.usage_of([]), [])
    return await judged_references(
        answer,
        chunked,
        options,
        embedder,
        tokens,
        llm=res.llm,
        settings=res.settings,
        spent=spent,
        token_limit=token_limit,
    )


async def referencing_stage(
    question: str,
    options: ResearchOptions,
    searched: Searched,
    chunked: Chunked,
    generated: Generated,
    embedder,
    tokens,
    *,
    res,
    timings: dict[str, float],
) -> ResearchResult:
    spent = spend.add(searched.usage, generated.usage)
    judged = await references_of(generated.text, chunked, options, embedder, tokens, res=res, spent=spent)
    result = build_result(
        question,
        chunked,
        generated,
        judged.references,
        warnings=[*searched.warnings, *judged.warnings],
        timings=timings,
        spent=spend.add(searched.usage, judged.usage),
        search=searched.providers,
        language=options.language,
        estimated_cost=searched.estimated_cost,
    )
    return await asyncio.to_thread(mark_changed_files, result, chunked.documents)
