"""Thin Celery tasks around the pipeline stages, one task per stage, chained per job
(a task runs the following stages itself when no other message waits: tasks/stage.py).

Each task takes only the job id: it reads its input artifact from the job store,
calls the plain function in ``worker.pipeline.stages``, writes its output artifact. The
job's bookkeeping (cancellation, attempts, heartbeat, duplicate deliveries,
timings, retries, errors) is the lifecycle's (worker/jobs/lifecycle.py), reached
through ``tasks.stage``. Task names are ``worker.jobs.lifecycle.STAGE_TASKS``: clients
send them by name.
"""

from __future__ import annotations

import contextlib
import functools

from deepref.tasks.stage import run_stage
from deepref.worker import metrics
from deepref.worker.celery_app import app, process_loop, process_resources, process_store
from deepref.worker.inference import spend
from deepref.worker.jobs import streaming
from deepref.worker.jobs.models import JobRecord, ResearchResult
from deepref.worker.pipeline import stages as pipeline
from deepref.worker.pipeline.referencing import referencing_stage


def _run(coro):
    """Run a stage's coroutine on the process's loop. When it is interrupted (a soft
    time limit raises inside the loop), cancel it, so the next task on this loop
    does not resume a stage that was given up."""
    loop = process_loop()
    task = loop.create_task(coro)
    try:
        return loop.run_until_complete(task)
    except BaseException:
        if not task.done():
            task.cancel()
            # it was cancelled on purpose; the first error is what counts
            with contextlib.suppress(BaseException):
                loop.run_until_complete(task)
        raise


def _search(job_id: str, record: JobRecord) -> None:
    store = process_store()
    out = _run(
        pipeline.search_stage(
            record.question, record.options, process_resources(), lambda message: store.update(job_id, message=message)
        )
    )
    process_store().put_artifact(job_id, "search", out)


def _fetch(job_id: str, record: JobRecord) -> None:
    store, res = process_store(), process_resources()
    corpus = pipeline.corpus_path(record.options, res.settings)
    out = _run(pipeline.fetch_stage(store.get_artifact(job_id, "search"), res, corpus))
    store.put_artifact(job_id, "fetch", out)
    metrics.fetch_outcomes(out)


def _chunk(job_id: str, record: JobRecord) -> None:
    store = process_store()
    tokens = pipeline.job_tokens(job_id)  # shared with this job's next stages in this process
    chunked = pipeline.chunk_stage(record.question, store.get_artifact(job_id, "fetch"), tokens)
    store.put_artifact(job_id, "chunk", chunked)


def _generate(job_id: str, record: JobRecord) -> None:
    store, res = process_store(), process_resources()
    chunked = store.get_artifact(job_id, "chunk")
    publish = functools.partial(store.text_event, job_id)  # the answer as it is written (worker/jobs/streaming.py)
    out = _run(
        pipeline.generate_stage(
            record.question,
            chunked,
            res,
            record.options.llm_model,
            _job_embedder(record, res),
            publish,
            pipeline.job_tokens(job_id),
            cost_limit=spend.cost_limit(record.options, res.settings),
            spent=store.get_artifact(job_id, "search").get("usage"),
            language=record.options.language,
        )
    )
    store.put_artifact(job_id, "generate", out)


def _references(job_id: str, record: JobRecord) -> ResearchResult:
    store, res = process_store(), process_resources()
    chunked = store.get_artifact(job_id, "chunk")
    generated = store.get_artifact(job_id, "generate")
    embedder = _job_embedder(record, res)
    searched = store.get_artifact(job_id, "search")
    tokens = pipeline.job_tokens(job_id)
    result = _run(
        referencing_stage(
            record.question, record.options, searched, chunked, generated, embedder, tokens,
            res=res, timings=dict(record.timings),
        )
    )  # fmt: skip
    pipeline.release_job_tokens(job_id)  # the job's last stage to tokenise
    # before the job is done: the edits that make the streamed draft this answer
    streaming.publish_answer(functools.partial(store.text_event, job_id), generated.get("draft", ""), result.answer)
    return result


BODIES = {"search": _search, "fetch": _fetch, "chunk": _chunk, "generate": _generate, "build_references": _references}
"""Each stage's work, given the job id and its record (what the stage returns is the
job's result for the last one)."""


def _stage(task, job_id: str, stage: str) -> None:
    """Run ``stage``, and the following ones in the same task when nothing waits (tasks/stage.py)."""

    def body_of(name: str):
        return functools.partial(BODIES[name], job_id)

    run_stage(task, job_id, stage, body_of(stage), bodies=body_of)


@app.task(bind=True, name="deepref.search", max_retries=None)
def search(self, job_id: str) -> None:
    _stage(self, job_id, "search")


@app.task(bind=True, name="deepref.fetch", max_retries=None)
def fetch(self, job_id: str) -> None:
    _stage(self, job_id, "fetch")


@app.task(bind=True, name="deepref.chunk", max_retries=None)
def chunk(self, job_id: str) -> None:
    _stage(self, job_id, "chunk")


@app.task(bind=True, name="deepref.generate", max_retries=None)
def generate(self, job_id: str) -> None:
    _stage(self, job_id, "generate")


@app.task(bind=True, name="deepref.build_references", max_retries=None)
def references(self, job_id: str) -> None:
    """The build_references stage (named apart from ``reference.build_references``, which it calls)."""
    _stage(self, job_id, "build_references")


def _job_embedder(record: JobRecord, res):
    """The process's embedder, unless the job asked for another one."""
    if record.options.embedder is None:
        return res.embedder
    from deepref.worker.inference.embedding import resolve_embedder
    from deepref.worker.settings import get_settings

    return resolve_embedder(get_settings(), record.options.embedder)
