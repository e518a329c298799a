"""Periodic housekeeping run by beat: jobs whose worker vanished, queues nobody reads.

A running stage refreshes a heartbeat key. When the key has expired and the job
has not changed for a while, the process running it is gone (killed, out of
memory, machine lost). The broker redelivers its unacknowledged message only
after the visibility timeout (an hour by default), so the reaper re-queues the
stage sooner; the stage lock and the "already finished" check make the later
redelivery harmless. The decisions are the lifecycle's (``JobLifecycle.reap``).
"""

from __future__ import annotations

from deepref.worker.celery_app import app, process_enqueue, process_lifecycle


@app.task(name="deepref.reap")
def reap() -> dict:
    reaped = process_lifecycle().reap(process_enqueue)
    return {"requeued": reaped.requeued, "failed": reaped.failed, "stalled": reaped.stalled}
