"""Thin Celery tasks around the pipeline stages, one task per stage, chained per job.

Each task takes only the job id: it reads its input artifact from the job store,
calls the plain function in ``worker.pipeline``, writes its output artifact and
updates the job's state. The common bookkeeping (cancellation, attempts,
heartbeat, duplicate deliveries, timings, errors) lives in ``tasks.stage``.
"""

from __future__ import annotations

from celery import chain

from tasks.stage import run_stage
from worker import pipeline
from worker.celery_app import app, process_loop, process_resources, process_store
from worker.models import JobRecord, ResearchResult


@app.task(bind=True, name="deepref.search", max_retries=None)
def search(self, job_id: str) -> None:
    def body(record: JobRecord) -> None:
        out = process_loop().run_until_complete(
            pipeline.search_stage(record.question, record.options, process_resources())
        )
        process_store().put_artifact(job_id, "search", out)

    run_stage(self, job_id, "search", body)


@app.task(bind=True, name="deepref.fetch", max_retries=None)
def fetch(self, job_id: str) -> None:
    def body(record: JobRecord) -> None:
        store, res = process_store(), process_resources()
        corpus = pipeline.corpus_path(record.options, res.settings)
        out = process_loop().run_until_complete(pipeline.fetch_stage(store.get_artifact(job_id, "search"), res, corpus))
        store.put_artifact(job_id, "fetch", out)

    run_stage(self, job_id, "fetch", body)


@app.task(bind=True, name="deepref.chunk", max_retries=None)
def chunk(self, job_id: str) -> None:
    def body(record: JobRecord) -> None:
        store = process_store()
        store.put_artifact(job_id, "chunk", pipeline.chunk_stage(record.question, store.get_artifact(job_id, "fetch")))

    run_stage(self, job_id, "chunk", body)


@app.task(bind=True, name="deepref.generate", max_retries=None)
def generate(self, job_id: str) -> None:
    def body(record: JobRecord) -> None:
        store, res = process_store(), process_resources()
        chunked = store.get_artifact(job_id, "chunk")
        out = process_loop().run_until_complete(
            pipeline.generate_stage(record.question, chunked, res, record.options.llm_model, _job_embedder(record, res))
        )
        store.put_artifact(job_id, "generate", out)

    run_stage(self, job_id, "generate", body)


@app.task(bind=True, name="deepref.build_references", max_retries=None)
def build_references(self, job_id: str) -> None:
    def body(record: JobRecord) -> ResearchResult:
        store, res = process_store(), process_resources()
        chunked = store.get_artifact(job_id, "chunk")
        generated = store.get_artifact(job_id, "generate")
        refs = pipeline.reference_stage(generated["text"], chunked, record.options, _job_embedder(record, res))
        searched = store.get_artifact(job_id, "search")
        return pipeline.build_result(
            record.question, chunked, generated, refs, warnings=searched["warnings"], timings=dict(record.timings)
        )

    run_stage(self, job_id, "build_references", body)


def _job_embedder(record: JobRecord, res):
    """The process's embedder, unless the job asked for another one."""
    if record.options.embedder is None:
        return res.embedder
    from worker.embedding import resolve_embedder
    from worker.settings import get_settings

    return resolve_embedder(get_settings(), record.options.embedder)


STAGE_TASKS = {
    "search": search,
    "fetch": fetch,
    "chunk": chunk,
    "generate": generate,
    "build_references": build_references,
}


def pipeline_from(stage: str, job_id: str):
    """The chain of stage tasks from ``stage`` to the end (a new job starts at search)."""
    names = list(STAGE_TASKS)
    return chain(*(STAGE_TASKS[name].si(job_id) for name in names[names.index(stage) :]))
