"""The Python client: queue research jobs on Redis and read them back by id.

    from deepref.worker.client import Client
    client = Client()
    job_id = client.submit("What is BM25?")
    result = client.result(job_id, wait=True, timeout=300)

Everything that can be checked before queuing is checked here (question, LLM
settings, Redis reachable), so mistakes surface at submit time, not in a worker.
The client stores and queues through the Redis of the settings it is given: its
own Celery app, built from them, sends the stage tasks by name.
"""

from __future__ import annotations

import logging
import time

import redis
from kombu.exceptions import OperationalError

from deepref.worker.errors import JobCancelled, JobFailed, JobPending, JobTimeout, StoreUnavailable
from deepref.worker.inference.llm import check_llm_settings
from deepref.worker.jobs.lifecycle import JobLifecycle, stall_allowance
from deepref.worker.jobs.limits import Caller, check_options
from deepref.worker.jobs.models import (
    JobRecord,
    JobState,
    ResearchBudget,
    ResearchOptions,
    ResearchResult,
    first_stage,
)
from deepref.worker.jobs.plans import ResearchPlan
from deepref.worker.jobs.questions import validate_question
from deepref.worker.jobs.records import Queue
from deepref.worker.jobs.redis_store import unavailable
from deepref.worker.jobs.store import JobStore, RedisJobStore
from deepref.worker.jobs.webhooks import validate_callback_url
from deepref.worker.pipeline.deep.budget import check_depth
from deepref.worker.settings import Settings, get_settings

_ENDED = {state.value for state in JobState if state.finished}

log = logging.getLogger(__name__)


def broker_refusal(exc: BaseException, url: str) -> StoreUnavailable:
    """What the broker's refusal to queue a message means, named by the Redis error
    under kombu's: "Redis at … is full (…)" is not "cannot reach Redis at …"."""
    cause: BaseException | None = exc
    while cause is not None and not isinstance(cause, redis.RedisError):
        cause = cause.__cause__ or cause.__context__
    if cause is None and "OOM" in str(exc):  # kombu may pass the reply's text alone
        cause = redis.exceptions.OutOfMemoryError(str(exc))
    if cause is None:
        return StoreUnavailable(f"cannot queue on the broker at {url} ({exc}); start Redis or set DEEPREF_REDIS_URL")
    refusal = unavailable(cause, url)
    return StoreUnavailable(f"the job was not queued: {refusal}")


class Client:
    def __init__(self, settings: Settings | None = None, store: JobStore | None = None):
        self.settings = settings or get_settings()
        self.store: JobStore = store or RedisJobStore.from_settings(self.settings)
        self.lifecycle = JobLifecycle.from_settings(self.store, self.settings, notify=self.send_webhook)
        self._celery = None

    @property
    def celery(self):
        """This client's Celery app, on its settings' Redis (built on first use)."""
        if self._celery is None:
            from deepref.worker.celery_app import make_celery_app

            self._celery = make_celery_app(self.settings)
        return self._celery

    def enqueue(self, stage: str, job_id: str, queue: str = "interactive") -> None:
        """Queue the job's stages from ``stage`` on (a new job starts at search)."""
        from deepref.worker.celery_app import enqueue

        enqueue(self.celery, stage, job_id, queue)

    def send_webhook(self, job_id: str) -> None:
        """Queue the webhook of a job this client ended (a cancel)."""
        from deepref.worker.celery_app import send_webhook

        send_webhook(self.celery, job_id)

    def workers_answer(self, timeout: float = 1.0) -> bool:
        """Whether a worker of this broker answers a ping within ``timeout`` seconds (the
        first answer ends the wait). A job queued with none waits until one starts; the
        CLI warns and MCP refuses. True when the broker cannot be asked: submitting then
        says what is wrong with it."""
        try:
            return bool(self.celery.control.ping(timeout=timeout, limit=1))
        except Exception:  # kombu/redis errors: submit reports the broker
            return True

    def no_worker_message(self) -> str:
        """Who to start, on which broker, when no worker answers."""
        return (
            f"no worker answers on the broker at {self.settings.redis_url_redacted()} (key prefix "
            f"{self.settings.key_prefix!r}): start one with 'deepref worker' and the same DEEPREF_REDIS_URL and "
            "DEEPREF_KEY_PREFIX"
        )

    def close(self) -> None:
        """Drop the broker connections this client opened."""
        if self._celery is not None:
            self._celery.close()
            self._celery = None

    def submit(
        self,
        question: str,
        options: ResearchOptions | dict | None = None,
        *,
        queue: Queue = "interactive",
        caller: Caller = "operator",
        parent: str | None = None,
    ) -> str:
        """Queue a job and return its id at once. ``queue="bulk"`` is for work nobody
        waits on interactively (report sections): it never delays interactive jobs.
        ``caller``: whoever can write to the broker is its operator; the API and MCP over
        HTTP pass ``"remote"``, whose options the ``DEEPREF_ALLOWED_*`` lists bound
        (worker/jobs/limits.py)."""
        question = validate_question(question, max_chars=self.settings.max_question_chars)
        if isinstance(options, dict):
            options = ResearchOptions.model_validate(options)
        check_options(options, self.settings, caller=caller)
        if options is not None and options.callback_url:
            validate_callback_url(options.callback_url, self.settings)
        check_llm_settings(self.settings)
        check_depth(options, self.settings)
        record = self.lifecycle.submit(question, options, queue=queue, parent=parent)
        try:
            self.enqueue(first_stage(record.options), record.id, queue)
        except OperationalError as exc:
            refused = broker_refusal(exc, self.settings.redis_url_redacted())
            try:  # the job was never queued: leave no record of it (a full Redis still deletes)
                self.store.discard(record.id)
            except StoreUnavailable:
                log.warning("job %s was not queued and its record could not be removed", record.id)
            raise refused from exc
        return record.id

    def follow_up(
        self,
        parent_id: str,
        question: str,
        *,
        budget: ResearchBudget | dict | None = None,
        caller: Caller = "operator",
    ) -> str:
        """Queue a follow-up question to a finished job (JobNotFound, or ParentNotFinished
        when it is not done): one quick pass with the parent's options, from the thread's
        sources first (worker/pipeline/followup.py); ``budget`` replaces the parent's cost budget.
        A remote caller's follow-up reaches no folder outside DEEPREF_API_CORPUS_ROOTS (CorpusForbidden)."""
        from deepref.worker.pipeline import followup

        parent = self.store.get(parent_id)
        followup.check_parent(parent)
        if isinstance(budget, dict):
            budget = ResearchBudget.model_validate(budget)
        roots = self.settings.api_corpus_roots if caller == "remote" else None  # the API's folder rule
        options = followup.options_of(parent, budget, corpus_roots=roots)
        return self.submit(question, options, queue=parent.queue, caller=caller, parent=parent.id)

    def status(self, job_id: str) -> JobRecord:
        """The job's record; ``stalled`` says so when its running stage has shown no
        sign of life (no event, or no heartbeat) for longer than that stage may."""
        record = self.store.get(job_id)
        if record.state is JobState.awaiting_approval:  # no worker holds it: never stalled, perhaps expired
            return self.store.get(job_id) if self.lifecycle.expire_if_due(record) else record
        if record.state.finished or record.state is JobState.queued or not record.stage:
            return record
        quiet = time.time() - record.updated_at
        allowance = stall_allowance(record.stage, self.settings)
        if quiet > allowance:
            record.stalled = f"{record.stage}: no event for {quiet:.0f} s (this stage may be silent {allowance:.0f} s)"
        elif quiet > self.lifecycle.lock_seconds and not self.store.alive(job_id):
            record.stalled = f"{record.stage}: no heartbeat for {quiet:.0f} s (its worker may have died)"
        return record

    def result(
        self, job_id: str, *, wait: bool = False, timeout: float | None = None, pending_hint: str = "pass wait=True"
    ) -> ResearchResult:
        """The finished result; with ``wait``, blocks until the job ends (or ``timeout``).
        ``pending_hint``: how this caller waits, in its own words (the CLI says ``--wait``)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        last_event = "0"
        while True:
            record = self.store.get(job_id)
            if record.state is JobState.done and record.result is not None:
                return record.result
            if record.state is JobState.failed:
                err = record.error
                raise JobFailed(
                    f"job {job_id} failed in the {err.stage if err else '?'} stage: "
                    f"{err.message if err else record.message}",
                    job_id=job_id,
                    stage=err.stage if err else None,
                )
            if record.state is JobState.cancelled:
                raise JobCancelled(f"job {job_id} was cancelled", job_id=job_id)
            if not wait:
                hint = (
                    f"its plan awaits approval: deepref plan {job_id}, then deepref approve {job_id}"
                    if record.state is JobState.awaiting_approval
                    else f"poll again or {pending_hint}"
                )
                raise JobPending(
                    f"job {job_id} is not finished yet (state: {record.state.value}); {hint}", job_id=job_id
                )
            if deadline is not None and deadline - time.monotonic() <= 0:
                raise JobTimeout(
                    f"job {job_id} did not finish within {timeout:g} s (state: {record.state.value}); it goes on: "
                    f"wait longer, or poll with 'deepref status {job_id}'",
                    job_id=job_id,
                )
            last_event = self._wait_for_end(job_id, last_event, deadline)

    def _wait_for_end(self, job_id: str, last_event: str, deadline: float | None) -> str:
        """Block on the job's event stream until an event says the job ended, a second
        passes without one, or the deadline; returns the last event id read. A record
        and its event are written in one step, so the record needs reading again only
        then, not at every stage's events."""
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                return last_event
            block = 1000 if remaining is None else max(1, int(min(remaining, 1.0) * 1000))
            events = self.store.events(job_id, last_event, block_ms=block)
            if not events:
                return last_event
            last_event = events[-1][0]
            if any(fields.get("state") in _ENDED for _, fields in events):
                return last_event

    def replace_plan(self, job_id: str, plan: ResearchPlan | dict) -> JobRecord:
        """Replace the plan of a job awaiting approval (NotAwaitingApproval otherwise)."""
        if isinstance(plan, dict):
            plan = ResearchPlan.model_validate(plan)
        return self.lifecycle.replace_plan(job_id, plan)

    def approve(self, job_id: str) -> JobRecord:
        """Resume a job awaiting approval: its rounds follow the plan on its record."""
        record = self.store.get(job_id)
        try:
            return self.lifecycle.approve(job_id, lambda stage, jid: self.enqueue(stage, jid, record.queue))
        except OperationalError as exc:  # approved, not queued: the reaper queues it once the broker takes it
            refused = broker_refusal(exc, self.settings.redis_url_redacted())
            raise StoreUnavailable(f"{refused}; the approval stands and the reaper queues the job again") from exc

    def cancel(self, job_id: str) -> JobRecord:
        """Stop the job at its next stage boundary; a finished job is left as it is."""
        return self.lifecycle.cancel(job_id)

    def delete(self, job_id: str) -> None:
        """Remove a finished job (record, events, outputs); JobPending when it is not
        finished (cancel it first), JobNotFound when there is none."""
        self.store.delete(job_id)
