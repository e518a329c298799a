"""The embedded mode: the whole pipeline in this process, no Redis, no worker.

Same stage functions as the Celery tasks, run in order; progress goes to a
callback (the CLI prints it on stderr). This is what ``deepref research`` runs.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from worker import pipeline
from worker.models import STAGE_STATE, JobState, ResearchOptions, ResearchResult
from worker.questions import validate_question
from worker.resources import build_resources, close_resources
from worker.settings import Settings, get_settings

ProgressCallback = Callable[[str, float, str], None]

STAGE_PROGRESS = {"search": 0.1, "fetch": 0.3, "chunk": 0.55, "generate": 0.65, "build_references": 0.85}


def run_research(
    question: str,
    options: ResearchOptions | None = None,
    *,
    settings: Settings | None = None,
    on_progress: ProgressCallback | None = None,
) -> ResearchResult:
    """Answer ``question`` now, in-process; raises DeeprefError subclasses on failure."""
    return asyncio.run(run_research_async(question, options, settings=settings, on_progress=on_progress))


async def run_research_async(
    question: str,
    options: ResearchOptions | None = None,
    *,
    settings: Settings | None = None,
    on_progress: ProgressCallback | None = None,
) -> ResearchResult:
    settings = settings or get_settings()
    options = options or ResearchOptions()
    question = validate_question(question, max_chars=settings.max_question_chars)
    report = on_progress or (lambda stage, progress, message: None)
    res = build_resources(
        settings, distributed=False, corpus_dir=pipeline.corpus_path(options, settings), embedder_name=options.embedder
    )
    timings: dict[str, float] = {}

    async def timed(stage: str, coro_or_value):
        report(stage, STAGE_PROGRESS[stage], STAGE_STATE[stage].value)
        started = time.perf_counter()
        value = await coro_or_value if asyncio.iscoroutine(coro_or_value) else coro_or_value
        timings[stage] = round(time.perf_counter() - started, 3)
        return value

    try:
        searched = await timed("search", pipeline.search_stage(question, options, res))
        fetched = await timed("fetch", pipeline.fetch_stage(searched, res, pipeline.corpus_path(options, settings)))
        chunked = await timed("chunk", asyncio.to_thread(pipeline.chunk_stage, question, fetched))
        generated = await timed(
            "generate", pipeline.generate_stage(question, chunked, res, options.llm_model, res.embedder)
        )
        refs = await timed(
            "build_references",
            asyncio.to_thread(pipeline.reference_stage, generated["text"], chunked, options, res.embedder),
        )
    finally:
        await close_resources(res)
    result = pipeline.build_result(question, chunked, generated, refs, warnings=searched["warnings"], timings=timings)
    report("done", 1.0, JobState.done.value)
    return result
