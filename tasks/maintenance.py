"""Periodic housekeeping run by beat: jobs whose worker vanished.

A running stage refreshes a heartbeat key. When the key has expired and the job
has not changed for a while, the process running it is gone (killed, out of
memory, machine lost). Redis redelivers the unacknowledged message only after
the broker's visibility timeout (an hour by default), so the reaper re-queues
the stage itself; the stage lock and the "already done" check make a later
redelivery harmless. A stage that keeps vanishing fails the job with a reason.
"""

from __future__ import annotations

import logging
import time

from worker.celery_app import app, process_store
from worker.models import JobErrorOut, JobState
from worker.settings import get_settings

log = logging.getLogger(__name__)


@app.task(name="deepref.reap")
def reap() -> int:
    from tasks.research import pipeline_from

    settings = get_settings()
    store = process_store()
    stale_after = settings.job_heartbeat_seconds * 4
    requeued = 0
    for record in store.running():
        if record.state is JobState.queued or record.stage is None:
            continue
        if store.alive(record.id) or time.time() - record.updated_at < stale_after:
            continue
        attempts = record.attempts.get(record.stage, 0)
        if attempts >= settings.stage_max_retries + 2:
            message = (
                f"the worker running the {record.stage} stage vanished {attempts} times; "
                "check the workers' logs and memory limits"
            )
            store.update(
                record.id,
                state=JobState.failed,
                message=message,
                error=JobErrorOut(stage=record.stage, type="WorkerLost", message=message),
            )
            continue
        log.warning("job %s: worker of stage %s vanished; re-queuing it", record.id, record.stage)
        store.update(record.id, message=f"worker vanished during {record.stage}; re-queued")
        pipeline_from(record.stage, record.id).apply_async()
        requeued += 1
    return requeued
