"""The webhook task: one attempt per run, the next one scheduled with a countdown.

A waiting retry holds no worker slot and no stage; the attempts, their order and
the final state live on the job record (worker/jobs/webhooks.py decides all of it).
"""

from __future__ import annotations

from deepref.worker.celery_app import app, process_loop, process_store
from deepref.worker.jobs import webhooks
from deepref.worker.settings import get_settings


@app.task(bind=True, name="deepref.webhook", max_retries=None, acks_late=True)
def webhook(self, job_id: str, attempt: int | None = None) -> str:
    """Make attempt number ``attempt`` (a redelivered copy of one already made does nothing)."""
    store = process_store()
    delay = process_loop().run_until_complete(webhooks.deliver_once(store, job_id, get_settings(), attempt))
    if delay is not None:
        status = store.get(job_id).webhook
        next_attempt = len(status.attempts) + 1 if status is not None else None
        raise self.retry(args=(job_id, next_attempt), countdown=delay)
    return job_id
