"""Thin Celery task of a standard/deep job's stages: one round (``round-N``) or the
report, then the next stage queued by name (no chain, no chord: the round decides
what follows, and the job record keeps that decision for the reaper).

The work is ``worker.pipeline.deep``'s; the bookkeeping (claim, heartbeat, retries,
cancel at the boundary) is the lifecycle's through ``tasks.stage``.
"""

from __future__ import annotations

from deepref.tasks.research import _job_embedder, _run
from deepref.tasks.stage import run_stage
from deepref.worker.celery_app import app, process_enqueue, process_resources, process_store
from deepref.worker.errors import JobNotFound
from deepref.worker.jobs.lifecycle import DEEP_TASK
from deepref.worker.jobs.models import REPORT_STAGE, JobRecord, round_of
from deepref.worker.pipeline import stages as pipeline
from deepref.worker.pipeline.deep import fanout, rounds
from deepref.worker.pipeline.deep.report import write_report

FETCH_TASK = "deepref.deep_fetch"


@app.task(bind=True, name=DEEP_TASK, max_retries=None)
def deep_stage(self, job_id: str, stage: str) -> None:
    def body(record: JobRecord):
        job = _job(record)
        if stage == REPORT_STAGE:
            state = rounds.last_state(job)
            return _run(write_report(job, state, embedder=_job_embedder(record, job.res), timings=record.timings))
        n = round_of(stage)
        if n is None:
            raise ValueError(f"unknown stage {stage!r} of a deep job")
        _run(rounds.run_round(job, n))
        return None

    run_stage(self, job_id, stage, body)  # raises Ignore when cancelled or failed: nothing follows
    if stage != REPORT_STAGE:
        following = process_store().get(job_id).deep
        if following is not None and following.next_stage:
            process_enqueue(following.next_stage, job_id)


@app.task(name=FETCH_TASK, max_retries=None)
def deep_fetch(job_id: str, n: int, i: int) -> None:
    """A helper of a wide round: fetch batch ``i`` of round ``n`` unless it is done or taken."""
    store = process_store()
    try:
        record = store.get(job_id)
    except JobNotFound:
        return
    if record.state.finished:
        return
    res = process_resources()
    _run(fanout.fetch_batch(store, res, pipeline.corpus_path(record.options, res.settings), job_id, n, i))


def _job(record: JobRecord) -> rounds.Job:
    res = process_resources()
    corpus = pipeline.corpus_path(record.options, res.settings)

    def fan_out(n: int, batches: int) -> None:
        for i in range(1, batches):  # batch 0 is the round's own first
            app.signature(FETCH_TASK, args=(record.id, n, i), immutable=True).apply_async()

    return rounds.Job(record.id, record.question, record.options, res, process_store(), corpus, fan_out)
