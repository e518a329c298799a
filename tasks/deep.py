"""Thin Celery task of a standard/deep job's stages: one round (``round-N``) or the
report, then the next stage queued by name (no chain, no chord: the round decides
what follows, and the job record keeps that decision for the reaper).

The work is the stage table's (``worker.pipeline.table.deep_stage``: ``worker.pipeline.deep``),
the same the embedded runner runs; the bookkeeping (claim, heartbeat, retries,
cancel at the boundary) is the lifecycle's through ``tasks.stage``.
"""

from __future__ import annotations

from deepref.tasks.research import _run, stage_body
from deepref.tasks.stage import run_stage
from deepref.worker.celery_app import app, process_enqueue, process_resources, process_store
from deepref.worker.errors import JobNotFound
from deepref.worker.jobs.lifecycle import DEEP_TASK
from deepref.worker.jobs.models import REPORT_STAGE
from deepref.worker.pipeline.deep import fanout
from deepref.worker.pipeline.stages import corpus_path

FETCH_TASK = "deepref.deep_fetch"


@app.task(bind=True, name=DEEP_TASK, max_retries=None)
def deep_stage(self, job_id: str, stage: str) -> None:
    def fan_out(n: int, batches: int) -> None:
        for i in range(1, batches):  # batch 0 is the round's own first
            app.signature(FETCH_TASK, args=(job_id, n, i), immutable=True).apply_async()

    # raises Ignore when cancelled or failed: nothing follows
    run_stage(self, job_id, stage, stage_body(job_id, stage, fan_out=fan_out))
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
    _run(fanout.fetch_batch(store, res, corpus_path(record.options, res.settings), job_id, n, i))
