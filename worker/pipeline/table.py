"""The stages of a job, defined once: each stage's name, its work, and what it stores.

Whoever runs a job (a Celery task per stage, or the embedded runner in one
process) claims a stage through the lifecycle and calls :func:`run` with a
:class:`StageRun`; the work reads the earlier stages' outputs from the job store,
and its own output is stored for the next stage. So both paths run the same code,
emit the same events and stream the same answer.

Quick jobs run :data:`QUICK`, in order. A standard/deep job's stages are
``round-1`` ... ``round-N`` and ``report`` (:func:`deep_stage`): each round decides
what follows, which the runner reads off the job record.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from deepref.worker import metrics
from deepref.worker.inference import spend
from deepref.worker.jobs import streaming
from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.jobs.models import PLAN_STAGE, REPORT_STAGE, JobRecord, ResearchOptions, ResearchResult, round_of
from deepref.worker.jobs.store import JobStore
from deepref.worker.pipeline import followup, stages
from deepref.worker.pipeline.deep import approval, rounds
from deepref.worker.pipeline.deep.report import write_report
from deepref.worker.pipeline.outputs import Chunked, Fetched, Generated, Searched, StageOutput
from deepref.worker.pipeline.referencing import referencing_stage
from deepref.worker.pipeline.stages import Resources

Output = TypeVar("Output", bound=StageOutput)


@dataclass(frozen=True)
class StageRun:
    """One stage of one job, as its work sees it: the job, its store and the process's clients."""

    job_id: str
    record: JobRecord
    store: JobStore
    res: Resources
    fan_out: Callable[[int, int], None] | None = field(default=None)
    """A deep round's helper tasks (the Celery path), else the round fetches alone."""

    @property
    def question(self) -> str:
        return self.record.question

    @property
    def options(self) -> ResearchOptions:
        return self.record.options

    @property
    def corpus(self) -> Path | None:
        return stages.corpus_path(self.options, self.res.settings)

    def input(self, model: type[Output]) -> Output:
        """An earlier stage's output, read back from the job store."""
        return model.model_validate(self.store.get_artifact(self.job_id, ARTIFACTS[model]))

    def report(self, message: str) -> None:
        """A progress message on the job's record."""
        self.store.update(self.job_id, message=message)

    def publish(self, fields: dict[str, str]) -> str:
        """An event of the job's text stream (the write-up as it is written)."""
        return self.store.text_event(self.job_id, fields)


@dataclass(frozen=True)
class Stage:
    name: str
    work: Callable[[StageRun], Awaitable[Any]]


async def _search(run: StageRun) -> Searched:
    if run.record.parent is None:
        return await stages.search_stage(run.question, run.options, run.res, run.report)
    # a follow-up: its thread's sources first, a search only when they do not suffice
    least = run.res.settings.followup_min_coverage
    recalled, documents = followup.recall(run.question, run.store, run.record.parent, least)
    run.report(recalled.note)
    # at most: the conversation is part of the answer's prompt (and of the sub-queries' bound)
    talk = " ".join(f"{q} {a}" for q, a in followup.conversation(run.store.get(run.record.parent)))
    estimate = spend.quick_estimate(f"{run.question} {talk}", run.options, run.res.settings, stages.PROMPT_PASSAGES)
    if not recalled.searched:
        return Searched(queries=[], hits=[], estimated_cost=estimate, followup=recalled)
    searched = await stages.search_stage(run.question, run.options, run.res, run.report)
    hits = followup.new_hits(searched.hits, documents)
    return searched.model_copy(update={"hits": hits, "followup": recalled, "estimated_cost": estimate})


async def _fetch(run: StageRun) -> Fetched:
    hits = run.input(Searched).hits
    fetched = (
        await stages.fetch_stage(hits, run.res, run.corpus)
        if hits or run.record.parent is None
        else Fetched(documents=[])
    )
    metrics.fetch_outcomes(len(fetched.documents), ((f.stage, f.reason) for f in fetched.failures))
    if run.record.parent is not None:  # the thread's sources first, in their order: their numbers stay
        thread = followup.thread_documents(run.store, run.store.get(run.record.parent))
        fetched = fetched.model_copy(update={"documents": [*thread, *fetched.documents]})
    return fetched


async def _chunk(run: StageRun) -> Chunked:
    tokens = stages.job_tokens(run.job_id)  # shared with the job's next stages in this process
    return await asyncio.to_thread(stages.chunk_stage, run.question, run.input(Fetched), tokens)


async def _generate(run: StageRun) -> Generated:
    return await stages.generate_stage(
        run.question,
        run.input(Chunked),
        run.res,
        run.options,
        embedder=run.res.embedder_for(run.options),
        publish=run.publish,  # the answer as it is written (worker/jobs/streaming.py)
        tokens=stages.job_tokens(run.job_id),
        spent=run.input(Searched).usage,
        history=followup.conversation(run.store.get(run.record.parent)) if run.record.parent else (),
    )


async def _build_references(run: StageRun) -> ResearchResult:
    generated = run.input(Generated)
    result = await referencing_stage(
        run.question,
        run.options,
        run.input(Searched),
        run.input(Chunked),
        generated,
        run.res.embedder_for(run.options),
        stages.job_tokens(run.job_id),
        res=run.res,
        timings=dict(run.record.timings),
    )
    stages.release_job_tokens(run.job_id)  # the job's last stage to tokenise
    recalled = run.input(Searched).followup
    if run.record.parent is not None and recalled is not None:  # numbered as the thread's next answer
        result = followup.in_thread(result, run.store.get(run.record.parent), recalled)
    # before the job is done: the edits that make the streamed draft this answer
    streaming.publish_answer(run.publish, generated.draft, result.answer)
    return result


QUICK = (
    Stage("search", _search),
    Stage("fetch", _fetch),
    Stage("chunk", _chunk),
    Stage("generate", _generate),
    Stage("build_references", _build_references),
)
ARTIFACTS: dict[type[StageOutput], str] = {
    Searched: "search",
    Fetched: "fetch",
    Chunked: "chunk",
    Generated: "generate",
}
"""Which stage's artifact holds each output."""
_QUICK_BY_NAME = {stage.name: stage for stage in QUICK}


def deep_stage(name: str) -> Stage:
    """``plan``, ``round-N`` or ``report`` of a standard/deep job (worker/pipeline/deep/)."""

    def job(run: StageRun) -> rounds.Job:
        plan = run.record.plan
        approved = plan.editable() if plan is not None and plan.approved_at is not None else None
        return rounds.Job(run.job_id, run.question, run.options, run.res, run.store, run.corpus, run.fan_out, approved)

    if name == PLAN_STAGE:  # approve_plan: plan, then wait for approval holding no worker

        async def propose(run: StageRun) -> None:
            await approval.propose_plan(job(run), JobLifecycle.from_settings(run.store, run.res.settings))

        return Stage(name, propose)
    if name == REPORT_STAGE:

        async def report(run: StageRun) -> ResearchResult:
            deep, timings = job(run), dict(run.record.timings)
            embedder = run.res.embedder_for(run.options)
            return await write_report(deep, rounds.last_state(deep), embedder=embedder, timings=timings)

        return Stage(name, report)
    n = round_of(name)
    if n is None:
        raise ValueError(f"unknown stage {name!r} of a deep job")
    return Stage(name, lambda run: rounds.run_round(job(run), n))


def stage_named(name: str) -> Stage:
    return _QUICK_BY_NAME.get(name) or deep_stage(name)


async def run(stage: Stage, job: StageRun) -> Any:
    """The stage's work; a typed output is stored as the job's artifact of that stage."""
    output = await stage.work(job)
    if isinstance(output, StageOutput):
        job.store.put_artifact(job.job_id, stage.name, output.artifact())
    return output
