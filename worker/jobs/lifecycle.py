"""The one state machine of a research job, whoever runs it.

    queued ─claim(search)→ searching ─finish→ claim(fetch)→ fetching → … → referencing ─finish→ done
       │                      │  retryable error, retries left: same stage again (attempt n+1)
       │                      │  other error, retries out, time limit, started too often: failed
       └── cancel (any time before done) → cancelled: the running stage ends, nothing after it runs

    approve_plan (standard/deep): queued → plan → awaiting_approval ─approve→ queued → round-1 → … → done
                                                  │  no task holds it; replace_plan edits the plan
                                                  └── expired (reap, or any read through approve/replace): failed

A Celery worker (tasks/stage.py), the embedded runner (worker/pipeline/embedded.py) and,
through them, report sections all move jobs with these calls, on a job store
(the ``JobStore`` interface of worker/jobs/store.py, Redis or memory) that holds the record, the stage lock and the
heartbeat. The store makes every change atomically and a finished job never
changes again, so a cancel and a stage finishing at the same moment cannot undo
each other.

Delivery is at least once (acks_late): ``claim`` never lets a second delivery of
a stage run it again. Already finished: nothing to do (but queue the next stage
if nobody did). Running elsewhere: look again later (``RunsElsewhere``), since
the holder may still die and leave this copy the only one.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deepref.worker import metrics
from deepref.worker.jobs.models import (
    FINAL_STAGES,
    PLAN_STAGE,
    STAGES,
    DeepProgress,
    JobErrorOut,
    JobRecord,
    JobState,
    ResearchOptions,
    ResearchResult,
    first_stage,
    round_of,
    round_stage,
    stage_state,
)
from deepref.worker.jobs.plans import PlanOut, ResearchPlan
from deepref.worker.queues import QUEUES

if TYPE_CHECKING:
    from deepref.worker.jobs.records import Queue
    from deepref.worker.jobs.store import JobStore
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)

STAGE_PROGRESS = {"search": 0.1, "fetch": 0.3, "chunk": 0.55, "generate": 0.65, "build_references": 0.85}
"""Progress shown when a stage starts (rough share of a typical job's time before it)."""

STAGE_TASKS = {stage: f"deepref.{stage}" for stage in STAGES}
"""Celery task name of each stage: queues send by name, so nothing imports tasks/."""

REQUEUED = "requeued"
"""Key of ``JobRecord.attempts`` counting how often the reaper queued a job whose message was lost."""

DEEP_TASK = "deepref.deep_stage"
"""Task of every stage of a standard/deep job (``round-N``, ``report``), sent with the stage."""


def stage_progress(stage: str) -> float:
    """Progress shown when a stage starts; rounds of a deep job creep towards 0.85."""
    if stage in STAGE_PROGRESS:
        return STAGE_PROGRESS[stage]
    n = round_of(stage)
    return 0.9 if n is None else min(0.85, 0.05 + 0.8 * (1 - 0.7**n))


def next_stage(record: JobRecord, stage: str) -> str | None:
    """The stage after ``stage``: the next of the five, or what the last round decided."""
    if stage in STAGES:
        index = STAGES.index(stage)
        return STAGES[index + 1] if index + 1 < len(STAGES) else None
    return record.deep.next_stage if record.deep is not None and stage not in FINAL_STAGES else None


def stall_allowance(stage: str, settings: Settings) -> float:
    """Seconds a running stage may go without an event: its longest silent step (a
    model call, a fetch batch) plus three heartbeats. Rounds emit an event per step."""
    fetching = settings.fetch_total_timeout + settings.extract_timeout
    silent = {"search": 60.0, "fetch": fetching, "chunk": 120.0, "build_references": 300.0}.get(
        stage, max(settings.llm_timeout, fetching)
    )
    return silent + settings.job_heartbeat_seconds * 3


Enqueue = Callable[[str, str], None]
"""``enqueue(stage, job_id)``: queue the job's stages from ``stage`` to the end."""


class Skip(Exception):
    """This delivery of a stage must not run (the job ended, the stage runs elsewhere
    or already finished); not an error."""


class Moved(Skip):
    """This stage is finished and the job is at a later one, ``stage``: the delivery may
    be that of a worker which ran the following stages in the same task and died
    (tasks/stage.py); the caller may claim ``stage`` in its place."""

    def __init__(self, message: str, *, stage: str):
        super().__init__(message)
        self.stage = stage


class RunsElsewhere(Skip):
    """Another process holds the stage. This copy must not run now, but must not be
    dropped either: if the holder dies, its lock expires and this copy is the one
    left to run the stage. Look again after ``wait`` seconds."""

    def __init__(self, message: str, *, wait: float):
        super().__init__(message)
        self.wait = wait


@dataclass
class Claim:
    """A stage held by this process: the record as claimed and the lock's token."""

    record: JobRecord
    stage: str
    token: str
    started: float = field(default_factory=time.perf_counter)

    @property
    def job_id(self) -> str:
        return self.record.id

    @property
    def attempt(self) -> int:
        return self.record.attempts[self.stage]


@dataclass(frozen=True, slots=True)
class RetryDecision:
    retry: bool
    countdown: float = 0.0
    why: str = ""


class JobLifecycle:
    """Claim, heartbeat, finish, fail, cancel and retry decisions for one store."""

    def __init__(
        self,
        store: JobStore,
        *,
        heartbeat_seconds: float = 15,
        max_retries: int = 3,
        notify: Callable[[str], None] | None = None,
        lost_message_seconds: float = 120,
        approval_seconds: float = 24 * 3600,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.approval_seconds = approval_seconds
        """How long a plan waits for approval (``propose``); ``reap`` fails the job after."""
        self.clock = clock
        """Wall-clock time of plan expiry (a test's own clock where expiry is the subject)."""
        self.heartbeat_seconds = heartbeat_seconds
        self.max_retries = max_retries
        self.lost_message_seconds = lost_message_seconds
        """A queued job whose message the broker has not had for this long is queued again (``reap``)."""
        self.notify = notify
        """``notify(job_id)`` sends a finished job's webhook (worker/jobs/webhooks.py); None = nobody sends."""

    @classmethod
    def from_settings(
        cls, store: JobStore, settings: Settings, notify: Callable[[str], None] | None = None
    ) -> JobLifecycle:
        return cls(
            store,
            heartbeat_seconds=settings.job_heartbeat_seconds,
            max_retries=settings.stage_max_retries,
            notify=notify,
            lost_message_seconds=settings.lost_message_seconds,
            approval_seconds=min(settings.plan_approval_seconds, settings.job_ttl_seconds / 2),
        )

    @property
    def lock_seconds(self) -> int:
        """A lock or heartbeat lives three beats: one missed beat is not a death."""
        return max(2, int(self.heartbeat_seconds * 3))

    @property
    def max_starts(self) -> int:
        """Starts of one stage before it counts as killing its workers: the retries
        plus one first try plus one redelivery."""
        return self.max_retries + 2

    # -- the job --------------------------------------------------------------------------
    def submit(
        self,
        question: str,
        options: ResearchOptions | None = None,
        *,
        queue: Queue = "interactive",
        parent: str | None = None,
    ) -> JobRecord:
        """A new queued job; ``parent``: the job a follow-up question follows."""
        return self.store.create(question, options or ResearchOptions(), queue=queue, parent=parent)

    def cancel(self, job_id: str) -> JobRecord:
        """Stop the job at its next stage boundary; a finished job is left as it is."""
        since = time.time()
        return self._ended(self.store.update(job_id, state=JobState.cancelled, message="cancelled by request"), since)

    # -- a plan to approve ------------------------------------------------------------------
    def propose(self, job_id: str, plan: ResearchPlan, warnings: list[str]) -> JobRecord:
        """The plan stage's end: the job waits, holding no worker, until ``approve`` (or
        expiry, or a cancel). A job cancelled meanwhile stays cancelled."""
        now = self.clock()
        out = PlanOut(**plan.model_dump(), warnings=warnings, proposed_at=now, expires_at=now + self.approval_seconds)
        until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(out.expires_at))
        said = "; the model's plan was not usable, see the plan's warnings" if warnings else ""
        return self.store.update(
            job_id,
            state=JobState.awaiting_approval,
            plan=out,
            deep=DeepProgress(next_stage=None),  # nothing follows until approve says round-1
            message=f"waiting for approval of its plan until {until}{said}",
        )

    def replace_plan(self, job_id: str, plan: ResearchPlan) -> JobRecord:
        """The waiting job's plan, replaced whole (NotAwaitingApproval otherwise)."""

        def edit(record: JobRecord) -> None:
            old = self._waiting(record)
            record.plan = PlanOut(
                **plan.model_dump(), proposed_at=old.proposed_at, expires_at=old.expires_at, edited=True
            )

        self._check_waiting(job_id)
        record = self.store.update(job_id, edit, message="its plan was edited; waiting for approval")
        if record.state is not JobState.awaiting_approval:  # it ended meanwhile (a finished record takes no edit)
            self._waiting(record)
        return record

    def approve(self, job_id: str, enqueue: Enqueue) -> JobRecord:
        """Queue the waiting job's first round; the run follows the plan on its record.
        A lost message is queued again by the reaper (``deep.next_stage`` says round-1)."""

        def approved(record: JobRecord) -> None:
            self._waiting(record).approved_at = self.clock()  # checked first: fields are set before this runs
            record.state, record.message = JobState.queued, "plan approved; queued"
            record.deep = DeepProgress(next_stage=round_stage(1))

        self._check_waiting(job_id)
        record = self.store.update(job_id, approved)
        if record.state is not JobState.queued:  # it ended meanwhile (a finished record takes no change)
            self._waiting(record)
        enqueue(round_stage(1), job_id)
        return record

    def _check_waiting(self, job_id: str) -> None:
        """NotAwaitingApproval unless the job waits (one whose plan expired fails now)."""
        record = self.store.get(job_id)
        if self.expire_if_due(record):
            record = self.store.get(job_id)
        self._waiting(record)

    def _waiting(self, record: JobRecord) -> PlanOut:
        from deepref.worker.errors import NotAwaitingApproval

        if record.state is JobState.awaiting_approval and record.plan is not None:
            return record.plan
        if record.state is JobState.failed and record.error is not None and record.error.stage == PLAN_STAGE:
            why = f"it failed: {record.error.message}"
        elif not record.options.approve_plan:
            why = "it was submitted without approve_plan"
        elif record.plan is not None and record.plan.approved_at is not None:
            why = "its plan was approved already"
        else:
            why = "it has not finished planning yet" if not record.state.finished else "it ended"
        raise NotAwaitingApproval(
            f"job {record.id} is {record.state.value}, not awaiting approval of a plan: {why}", job_id=record.id
        )

    def expire_if_due(self, record: JobRecord) -> bool:
        """Fail a waiting job whose plan expired; True when this call failed it."""
        plan = record.plan
        if record.state is not JobState.awaiting_approval or plan is None or self.clock() < plan.expires_at:
            return False
        waited = plan.expires_at - plan.proposed_at
        how_long = f"{waited / 3600:.3g} h" if waited >= 3600 else f"{waited:.0f} s"
        message = (
            f"its plan waited {how_long} for approval and expired (DEEPREF_PLAN_APPROVAL_SECONDS); "
            "submit the question again"
        )
        return self.fail(record.id, PLAN_STAGE, "ApprovalExpired", message).state is JobState.failed

    def fail(self, job_id: str, stage: str, kind: str, message: str) -> JobRecord:
        error = JobErrorOut(stage=stage, type=kind, message=message)
        since = time.time()
        return self._ended(self.store.update(job_id, state=JobState.failed, message=message, error=error), since)

    # -- a stage --------------------------------------------------------------------------
    def claim(
        self,
        job_id: str,
        stage: str,
        token: str | None = None,
        *,
        enqueue: Enqueue | None = None,
        follow: bool = False,
    ) -> Claim:
        """Take ``stage`` of the job for this process, or raise :class:`Skip`.

        A stage already finished is skipped, and the next one queued through
        ``enqueue`` when the job never moved on (its worker died between finishing
        and queuing the next stage). With ``follow``, a finished stage of a job
        that moved on to a later one of the five raises :class:`Moved` instead. A
        stage started ``max_starts`` times fails the job: something kills every
        worker that runs it.

        Two round trips on Redis: the record is read and the stage lock tried at
        once (a lock taken for a delivery that must not run is dropped again), then
        the record, its event and the heartbeat are written at once."""
        from deepref.worker.errors import JobNotFound

        token = token or uuid.uuid4().hex
        lock = self.store.keys.job_stage_lock(job_id, stage)
        try:
            record, acquired = self.store.get_and_acquire(job_id, lock, token, self.lock_seconds)
        except JobNotFound:
            log.warning("job %s vanished (expired?); dropping its %s stage", job_id, stage)
            raise Skip("no such job") from None
        waiting = record.state is JobState.awaiting_approval
        if acquired and (record.state.finished or waiting or stage in record.timings):
            self.store.release(lock, token)
        if record.state.finished or waiting:
            raise Skip(f"job is {record.state.value}")
        if stage in record.timings:
            now = record.stage
            if follow and stage in STAGES and now in STAGES and STAGES.index(now) > STAGES.index(stage):
                raise Moved(f"{stage} already finished, the job is at {now}", stage=now)
            self._continue_after(record, stage, enqueue)
            raise Skip(f"{stage} already finished")
        if not acquired:
            log.info("stage %s of job %s is already running elsewhere; skipping this delivery", stage, job_id)
            raise RunsElsewhere(f"{stage} runs elsewhere", wait=self.lock_seconds)
        attempt = record.attempts.get(stage, 0) + 1
        if attempt > self.max_starts:
            self.store.release(lock, token)
            self.fail(
                job_id,
                stage,
                "WorkerLost",
                f"the {stage} stage was started {attempt - 1} times without finishing (its worker was killed or "
                "ran out of time each time); see the worker logs",
            )
            raise Skip("started too often")
        record = self.store.update(
            job_id,
            state=stage_state(stage),
            stage=stage,
            progress=stage_progress(stage),
            message=f"{stage} (attempt {attempt})",
            mutate=lambda r: r.attempts.__setitem__(stage, attempt),
            alive_for=self.lock_seconds,
        )
        if record.state.finished:  # cancelled between our read and our update
            self.store.release(lock, token)
            raise Skip(f"job is {record.state.value}")
        return Claim(record, stage, token)

    def heartbeat(self, claim: Claim) -> Heartbeat:
        """``with lifecycle.heartbeat(claim):`` keeps the stage's lock and heartbeat alive."""
        return Heartbeat(self, claim)

    def keep_alive(self, claim: Claim) -> None:
        """One heartbeat: the job is alive and the stage lock stays ours."""
        self.store.heartbeat(claim.job_id, self.lock_seconds)
        lock = self.store.keys.job_stage_lock(claim.job_id, claim.stage)
        if not self.store.refresh(lock, claim.token, self.lock_seconds):
            log.warning("job %s lost its %s lock (paused past its expiry?)", claim.job_id, claim.stage)

    def release(self, claim: Claim) -> None:
        self.store.release(self.store.keys.job_stage_lock(claim.job_id, claim.stage), claim.token)

    def finish(self, claim: Claim, result: ResearchResult | None = None) -> bool:
        """Record the stage's time (and, for the last stage, the result: the job is
        done) and drop the stage lock, in one atomic step (one round trip on Redis).
        False when the job ended meanwhile (cancelled): do not go on."""
        elapsed = round(time.perf_counter() - claim.started, 3)
        stage = claim.stage
        since = time.time()
        lock = (self.store.keys.job_stage_lock(claim.job_id, stage), claim.token)
        if stage in FINAL_STAGES:
            if result is None:
                raise ValueError(f"the {stage} stage ends job {claim.job_id}: finish it with the job's result")
            result.timings[stage] = elapsed
            record = self.store.update(
                claim.job_id,
                state=JobState.done,
                progress=1.0,
                message="done",
                result=result,
                mutate=lambda r: r.timings.__setitem__(stage, elapsed),
                release=lock,
            )
            if record.state is JobState.done and record.result is not None and record.updated_at >= since:
                metrics.tokens(record.result.model, record.result.usage)
            self._ended(record, since)
        else:
            record = self.store.update(
                claim.job_id, mutate=lambda r: r.timings.__setitem__(stage, elapsed), release=lock
            )
        metrics.stage_time(stage, elapsed)
        return not record.state.finished or record.state is JobState.done

    def retry_decision(self, exc: BaseException, retries_done: int) -> RetryDecision:
        """Retry only what may pass (``exc.retryable``, set where it was raised), with
        exponential backoff, at most ``max_retries`` times. ``retries_done`` is
        ``claim.attempt - 1``: every earlier start of the stage counts, a killed one too."""
        if not getattr(exc, "retryable", False):
            return RetryDecision(False, why="not retryable")
        if retries_done >= self.max_retries:
            return RetryDecision(False, why=f"after {retries_done + 1} attempts")
        return RetryDecision(True, countdown=min(60.0, 2.0 ** (retries_done + 1)))

    def retrying(self, claim: Claim, exc: BaseException) -> None:
        """The stage failed and will run again: free it for the next attempt."""
        self.release(claim)
        self.store.update(claim.job_id, message=f"{claim.stage}: {exc}; retrying")

    def failed(self, claim: Claim, exc: BaseException, why: str = "") -> None:
        """The stage failed for good: the job fails with the stage and the reason."""
        self.release(claim)
        from deepref.worker.errors import describe

        message = f"{describe(exc)} ({why})" if why and why != "not retryable" else describe(exc)
        self.fail(claim.job_id, claim.stage, type(exc).__name__, message)

    # -- vanished workers -----------------------------------------------------------------
    def reap(self, enqueue: Enqueue, *, queues: Sequence[str] = tuple(QUEUES.values())) -> Reaped:
        """Jobs whose stage's worker vanished (heartbeat expired, record unchanged for
        four beats): queue the stage again, or fail the job once it was started
        ``max_starts`` times. Also notices a queue that nobody consumes."""
        stale_after = self.heartbeat_seconds * 4
        reaped = Reaped()
        now = time.time()
        waiting = []
        for record in self.store.running():
            if record.state is JobState.awaiting_approval:  # no worker holds it: nothing to reap but its expiry
                if self.expire_if_due(record):
                    reaped.failed.append(record.id)
                continue
            if record.state is JobState.queued or record.stage is None:
                waiting.append(record)
                continue
            if self.store.alive(record.id) or now - record.updated_at < stale_after:
                reaped.alive += 1
                continue
            attempts = record.attempts.get(record.stage, 0)
            if attempts >= self.max_starts:
                message = (
                    f"the worker running the {record.stage} stage vanished {attempts} times; "
                    "check the workers' logs and memory limits"
                )
                self.fail(record.id, record.stage, "WorkerLost", message)
                reaped.failed.append(record.id)
                continue
            log.warning("job %s: worker of stage %s vanished; re-queuing it", record.id, record.stage)
            self.store.update(record.id, message=f"worker vanished during {record.stage}; re-queued")
            enqueue(record.stage, record.id)
            reaped.requeued.append(record.id)
        self._reconcile(waiting, enqueue, queues, now, reaped)
        # Consumption watchdog: work waits, nothing runs, and it has waited long.
        oldest = min((now - r.created_at for r in waiting), default=0.0)
        late = waiting and not reaped.alive and oldest > stale_after
        # the broker is asked only when work is late: every reap would otherwise pay for it
        backlog = [q for q in queues if self.store.queue_length(q) > 0] if late else []
        if backlog:
            reaped.stalled = True
            log.error(
                "%d job(s) queued for up to %.0f s and no worker runs any: are the workers consuming "
                "queue %s? (a worker that lost Redis may need a restart)",
                len(waiting),
                oldest,
                " or ".join(backlog),
            )
        return reaped

    def _reconcile(
        self, waiting: list[JobRecord], enqueue: Enqueue, queues: Sequence[str], now: float, reaped: Reaped
    ) -> None:
        """Queued jobs whose message the broker lost: unchanged for ``lost_message_seconds``,
        their message in neither a queue nor the unacknowledged hash, and no process
        holding their first stage's lock. Each is queued again, at most ``max_starts``
        times (counted in ``attempts["requeued"]``); then it fails with the reason.
        The broker is read only when such a job exists."""
        suspects = [r for r in waiting if now - r.updated_at > self.lost_message_seconds]
        on_broker = self.store.broker_jobs(list(queues)) if suspects else None
        if on_broker is None:
            return
        for record in suspects:
            stage = record.stage or first_stage(record.options)
            if record.id in on_broker or self.store.held(self.store.keys.job_stage_lock(record.id, stage)):
                continue
            times = record.attempts.get(REQUEUED, 0)
            if times >= self.max_starts:
                message = (
                    f"the broker lost this job's message {times + 1} times while it was queued; "
                    "check Redis' memory (maxmemory, noeviction) and persistence (appendonly)"
                )
                self.fail(record.id, stage, "MessageLost", message)
                reaped.failed.append(record.id)
                continue
            log.warning(
                "job %s: queued for %.0f s with no message on the broker; queuing %s again",
                record.id,
                now - record.updated_at,
                stage,
            )
            self.store.update(
                record.id,
                message=f"its message was lost from the broker; queued again ({times + 1})",
                mutate=_count_requeue,
            )
            enqueue(stage, record.id)
            reaped.requeued.append(record.id)

    # -- helpers ----------------------------------------------------------------------------
    def _ended(self, record: JobRecord, since: float) -> JobRecord:
        """After a call that may have ended the job (``since``: when it began): count
        the end if this call made it, and announce it (once, see ``webhooks.mark_pending``)."""
        if not record.state.finished:
            return record
        if record.updated_at >= since:
            metrics.job_ended(record.state.value)
        if record.webhook is None and record.options.callback_url and self.notify is not None:
            from deepref.worker.jobs import webhooks

            webhooks.job_ended(self.store, record, self.notify)
        return record

    def _continue_after(self, record: JobRecord, stage: str, enqueue: Enqueue | None) -> None:
        following = next_stage(record, stage)
        if enqueue is not None and record.stage == stage and following is not None:
            log.info("job %s: %s already done, continuing with %s", record.id, stage, following)
            enqueue(following, record.id)


def _count_requeue(record: JobRecord) -> None:
    record.attempts[REQUEUED] = record.attempts.get(REQUEUED, 0) + 1


@dataclass
class Reaped:
    """What one pass of the reaper did."""

    requeued: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    alive: int = 0
    stalled: bool = False


class Heartbeat:
    """Refreshes the job's heartbeat and the stage lock from a thread until stopped."""

    def __init__(self, lifecycle: JobLifecycle, claim: Claim):
        self.lifecycle, self.claim = lifecycle, claim
        self.every = lifecycle.heartbeat_seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"heartbeat-{claim.job_id}", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.lifecycle.keep_alive(self.claim)
            except Exception as exc:  # a missed beat is not fatal; the next one may succeed
                log.warning("heartbeat of job %s failed: %s", self.claim.job_id, exc)
