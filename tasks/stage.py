"""What every stage task does around its body: the job's bookkeeping.

- skip when the job is finished (done, failed, cancelled) or the stage already ran
  (a duplicate delivery after a worker died between finishing and acknowledging);
- hold a per-stage lock refreshed by a heartbeat, so a vanished worker is noticed
  (the heartbeat key expires) and two deliveries never run one stage at once;
- count attempts, retry transient errors with exponential backoff, and fail the
  job with the stage and a reason a user can act on when retries run out.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from celery.exceptions import Ignore, Retry, SoftTimeLimitExceeded

from reference.errors import (
    DeeprefError,
    FetchError,
    GenerationError,
    JobNotFound,
    RateLimitedError,
    SearchError,
    StoreUnavailable,
)
from worker.celery_app import process_store
from worker.models import STAGE_STATE, STAGES, JobErrorOut, JobRecord, JobState
from worker.runner import STAGE_PROGRESS
from worker.settings import get_settings

log = logging.getLogger(__name__)

TRANSIENT = (SearchError, RateLimitedError, FetchError, GenerationError, StoreUnavailable)


class Heartbeat:
    """Refreshes the job's heartbeat and the stage lock until stopped."""

    def __init__(self, store, job_id: str, stage: str, every: float):
        self.store, self.job_id, self.stage, self.every = store, job_id, stage, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"heartbeat-{job_id}", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._beat()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _beat(self) -> None:
        ttl = max(2, int(self.every * 3))
        try:
            self.store.beat(self.job_id, ttl)
            self.store.redis.expire(self.store.keys.job_stage_lock(self.job_id, self.stage), ttl)
        except Exception as exc:  # a missed beat is not fatal; the next one may succeed
            log.warning("heartbeat of job %s failed: %s", self.job_id, exc)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self._beat()


def run_stage(task, job_id: str, stage: str, body: Callable[[JobRecord], object]) -> None:
    settings = get_settings()
    store = process_store()
    record, lock = _claim(task, store, settings, job_id, stage)
    started = time.perf_counter()
    try:
        with Heartbeat(store, job_id, stage, settings.job_heartbeat_seconds):
            output = body(record)
    except SoftTimeLimitExceeded:
        _fail(
            store,
            job_id,
            stage,
            "TimeLimit",
            f"the {stage} stage ran longer than {settings.stage_soft_time_limit} s (DEEPREF_STAGE_SOFT_TIME_LIMIT)",
        )
        raise Ignore() from None
    except TRANSIENT as exc:
        if task.request.retries < settings.stage_max_retries:
            store.redis.delete(lock)
            store.update(job_id, message=f"{stage}: {exc}; retrying")
            raise task.retry(exc=exc, countdown=min(60, 2 ** (task.request.retries + 1))) from None
        _fail(store, job_id, stage, type(exc).__name__, f"{exc} (after {task.request.retries + 1} attempts)")
        raise Ignore() from None
    except (Ignore, Retry):
        raise
    except DeeprefError as exc:
        _fail(store, job_id, stage, type(exc).__name__, str(exc))
        raise Ignore() from None
    except Exception as exc:  # a bug: fail the job with its type, keep the traceback in the log
        log.exception("stage %s of job %s crashed", stage, job_id)
        _fail(store, job_id, stage, type(exc).__name__, f"internal error in the {stage} stage: {exc}")
        raise Ignore() from None
    finally:
        store.redis.delete(lock)
    _finish(store, job_id, stage, output, round(time.perf_counter() - started, 3))


def _claim(task, store, settings, job_id: str, stage: str) -> tuple[JobRecord, str]:
    """The job record and the stage lock, or Ignore when this delivery must not run."""
    try:
        record = store.get(job_id)
    except JobNotFound:
        log.warning("job %s vanished (expired?); dropping its %s stage", job_id, stage)
        raise Ignore() from None
    if record.state.finished:
        raise Ignore()
    if stage in record.timings:
        _continue_after(record, stage)
        raise Ignore()
    lock = store.keys.job_stage_lock(job_id, stage)
    ttl = max(2, settings.job_heartbeat_seconds * 3)
    if not store.redis.set(lock, task.request.id or "local", nx=True, ex=ttl):
        log.info("stage %s of job %s is already running elsewhere; skipping this delivery", stage, job_id)
        raise Ignore()
    attempts = record.attempts.get(stage, 0) + 1
    if attempts > settings.stage_max_retries + 2:
        store.redis.delete(lock)
        _fail(
            store,
            job_id,
            stage,
            "WorkerLost",
            f"the {stage} stage was started {attempts - 1} times without finishing (its worker was killed or "
            f"ran out of time each time); see the worker logs",
        )
        raise Ignore()
    record = store.update(
        job_id,
        state=STAGE_STATE[stage],
        stage=stage,
        progress=STAGE_PROGRESS[stage],
        message=f"{stage} (attempt {attempts})",
        mutate=lambda r: r.attempts.__setitem__(stage, attempts),
    )
    return record, lock


def _finish(store, job_id: str, stage: str, output, elapsed: float) -> None:
    if stage == STAGES[-1]:
        output.timings[stage] = elapsed
        store.update(
            job_id,
            state=JobState.done,
            progress=1.0,
            message="done",
            result=output,
            mutate=lambda r: r.timings.__setitem__(stage, elapsed),
        )
        return
    record = store.update(job_id, mutate=lambda r: r.timings.__setitem__(stage, elapsed))
    if record.state.finished:  # cancelled while this stage ran: do not chain on
        raise Ignore()


def _fail(store, job_id: str, stage: str, kind: str, message: str) -> None:
    store.update(
        job_id, state=JobState.failed, message=message, error=JobErrorOut(stage=stage, type=kind, message=message)
    )


def _continue_after(record: JobRecord, stage: str) -> None:
    """A stage that already finished was delivered again: if the job never moved on
    (the worker died after finishing, before the next stage was queued), queue it."""
    index = STAGES.index(stage)
    if record.stage == stage and index + 1 < len(STAGES):
        from tasks.research import pipeline_from

        log.info("job %s: %s already done, continuing with %s", record.id, stage, STAGES[index + 1])
        pipeline_from(STAGES[index + 1], record.id).apply_async()
