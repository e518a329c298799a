"""What every stage task does around its body, as Celery sees it.

The decisions (skip a duplicate delivery, hold the stage lock with a heartbeat,
retry or fail, finish) are the job lifecycle's (worker/lifecycle.py); this module
only translates them into Celery's vocabulary: ``Ignore`` ends a delivery
quietly, ``task.retry`` schedules another attempt, a soft time limit is a failure.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from celery.exceptions import Ignore, SoftTimeLimitExceeded

from reference.errors import DeeprefError
from worker.celery_app import process_enqueue, process_lifecycle
from worker.errors import describe
from worker.lifecycle import RunsElsewhere, Skip
from worker.models import JobRecord
from worker.settings import get_settings

log = logging.getLogger(__name__)


def run_stage(task, job_id: str, stage: str, body: Callable[[JobRecord], object]) -> None:
    lifecycle = process_lifecycle()
    try:
        claim = lifecycle.claim(job_id, stage, task.request.id, enqueue=process_enqueue)
    except RunsElsewhere as why:  # a copy of a running stage: look again later, never drop it
        log.info("job %s, stage %s: %s; looking again in %g s", job_id, stage, why, why.wait)
        raise task.retry(countdown=why.wait) from None
    except Skip as why:
        log.info("job %s, stage %s: not running this delivery (%s)", job_id, stage, why)
        raise Ignore() from None
    try:
        with lifecycle.heartbeat(claim):
            output = body(claim.record)
    except SoftTimeLimitExceeded:
        limit = get_settings().stage_soft_time_limit
        lifecycle.release(claim)
        lifecycle.fail(
            job_id, stage, "TimeLimit", f"the {stage} stage ran longer than {limit} s (DEEPREF_STAGE_SOFT_TIME_LIMIT)"
        )
        raise Ignore() from None
    except DeeprefError as exc:
        decision = lifecycle.retry_decision(exc, claim.attempt - 1)
        if decision.retry:
            lifecycle.retrying(claim, exc)
            raise task.retry(exc=exc, countdown=decision.countdown) from None
        lifecycle.failed(claim, exc, decision.why)
        raise Ignore() from None
    except Exception as exc:  # a bug: fail the job with its type, keep the traceback in the log
        log.exception("stage %s of job %s crashed", stage, job_id)
        lifecycle.release(claim)
        lifecycle.fail(
            job_id, stage, type(exc).__name__, f"internal error in the {stage} stage: {describe(exc, with_type=True)}"
        )
        raise Ignore() from None
    if not lifecycle.finish(claim, output):
        raise Ignore()  # cancelled while this stage ran: do not chain on
