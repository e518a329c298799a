"""What every stage task does around its body, as Celery sees it.

The decisions (skip a duplicate delivery, hold the stage lock with a heartbeat,
retry or fail, finish) are the job lifecycle's (worker/jobs/lifecycle.py); this module
only translates them into Celery's vocabulary: ``Ignore`` ends a delivery
quietly, ``task.retry`` schedules another attempt, a soft time limit is a failure.

A research job's stages are a chain of messages, one a stage, so that other jobs'
stages can run between them. When no message waits, passing the next stage on
through the broker only costs time (the message's round trips and hand-over to a
process, about 2 ms a stage on an idle machine, five times more on a loaded one):
the task then runs the next stage itself (:data:`INLINE_SECONDS`), and takes its
message out of the chain. Its own message stays unacknowledged until the last
stage it runs is done, so a worker killed in a stage it ran on still loses
nothing: the broker delivers that message again, whose claim finds the job moved
on (``Moved``) and claims the stage the job is at in its place.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from celery.exceptions import Ignore, SoftTimeLimitExceeded

from deepref.reference.errors import DeeprefError
from deepref.worker.celery_app import process_enqueue, process_lifecycle
from deepref.worker.errors import describe
from deepref.worker.jobs.lifecycle import STAGE_TASKS, Claim, JobLifecycle, Moved, RunsElsewhere, Skip, next_stage
from deepref.worker.jobs.models import STAGES, JobRecord, ResearchResult
from deepref.worker.queues import BULK_QUEUE, INTERACTIVE_QUEUE
from deepref.worker.settings import get_settings

log = logging.getLogger(__name__)

Body = Callable[[JobRecord], object]

INLINE_SECONDS = 1.0
"""A task runs the job's next stage itself only while it has run less than this: its
time limits (``DEEPREF_STAGE_SOFT_TIME_LIMIT``...) count from its start, so a stage
run on gets at most this much less than its own, and its message, unacknowledged
meanwhile, lives at most this much longer than one stage."""


def run_stage(task, job_id: str, stage: str, body: Body, *, bodies: Callable[[str], Body] | None = None) -> None:
    """Run ``stage`` of the job; with ``bodies`` (a stage's body by name), then run on
    with the job's following stages while no other message waits (module docstring)."""
    lifecycle = process_lifecycle()
    started = time.monotonic()
    claim = _claim(task, lifecycle, job_id, stage, follow=bodies is not None)
    if claim.stage != stage and bodies is not None:  # this delivery took over a later stage (Moved)
        body = bodies(claim.stage)
    while True:
        _run(task, lifecycle, claim, body)
        following = _run_on(task, lifecycle, claim, started) if bodies is not None else None
        if following is None or bodies is None:
            return
        claim, body = following, bodies(following.stage)


def _claim(task, lifecycle: JobLifecycle, job_id: str, stage: str, *, follow: bool) -> Claim:
    try:
        try:
            return lifecycle.claim(job_id, stage, task.request.id, enqueue=process_enqueue, follow=follow)
        except Moved as moved:  # perhaps this very message ran on into that stage and its worker died
            claim = lifecycle.claim(job_id, moved.stage, task.request.id, enqueue=process_enqueue)
            _drop_from_chain(task, job_id, through=moved.stage)
            return claim
    except RunsElsewhere as why:  # a copy of a running stage: look again later, never drop it
        log.info("job %s, stage %s: %s; looking again in %g s", job_id, stage, why, why.wait)
        raise task.retry(countdown=why.wait) from None
    except Skip as why:
        log.info("job %s, stage %s: not running this delivery (%s)", job_id, stage, why)
        raise Ignore() from None


def _run(task, lifecycle: JobLifecycle, claim: Claim, body: Body) -> None:
    """The claimed stage's body and its outcome; returns only when it finished and the
    job goes on."""
    job_id, stage = claim.job_id, claim.stage
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
            # the same message again (a stage run on: its first stage is done, so its
            # claim finds the job Moved and takes this stage)
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
    if not lifecycle.finish(claim, output if isinstance(output, ResearchResult) else None):
        raise Ignore()  # cancelled while this stage ran: do not chain on


def _run_on(task, lifecycle: JobLifecycle, done: Claim, started: float) -> Claim | None:
    """The next stage claimed for this task, or None: pass it on as its message."""
    following = next_stage(done.record, done.stage)
    chain = getattr(task.request, "chain", None)
    if following is None or not chain or time.monotonic() - started > INLINE_SECONDS:
        return None
    if _stage_of(chain[-1], done.job_id) != following:
        return None
    # an interactive job's next message would run before waiting bulk ones
    queues = [INTERACTIVE_QUEUE] if done.record.queue == "interactive" else [INTERACTIVE_QUEUE, BULK_QUEUE]
    if lifecycle.store.queued(queues):
        return None  # another job waits: it goes first, as it would have
    try:
        claim = lifecycle.claim(done.job_id, following, task.request.id)
    except Skip:
        return None  # its message finds out what to do, as usual
    chain.pop()
    return claim


_STAGE_OF_TASK = {task: stage for stage, task in STAGE_TASKS.items()}


def _stage_of(step: dict, job_id: str) -> str | None:
    """Which stage of this job a chain's step (a signature as a dict) runs, if any."""
    if list(step.get("args") or ()) != [job_id]:
        return None
    return _STAGE_OF_TASK.get(str(step.get("task")))


def _drop_from_chain(task, job_id: str, *, through: str) -> None:
    """Take this job's steps up to ``through`` out of the task's chain (they were run)."""
    chain = getattr(task.request, "chain", None) or []
    while chain and (stage := _stage_of(chain[-1], job_id)) is not None:
        if STAGES.index(stage) > STAGES.index(through):
            break
        chain.pop()
