"""Every Redis key deepref writes is built here, so a prefix change or an audit of
what we store needs one file. All keys start with the configured prefix so that
several deployments (or test runs) can share one Redis database.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keys:
    prefix: str = "deepref"

    def job(self, job_id: str) -> str:
        """JSON of the job record (state, progress, timings, error, result)."""
        return f"{self.prefix}:job:{job_id}"

    def job_events(self, job_id: str) -> str:
        """Redis stream of state changes; the API's SSE endpoint tails it."""
        return f"{self.prefix}:job:{job_id}:events"

    def job_text(self, job_id: str) -> str:
        """Redis stream of the write-up as it is written (draft pieces, then the edits
        that make it the stored answer); apart from ``job_events`` so that neither
        trims the other and readers of state changes see only those."""
        return f"{self.prefix}:job:{job_id}:text"

    def job_artifact(self, job_id: str, name: str) -> str:
        """Intermediate stage output (hits, documents, passages, answer) of a job.
        Stages pass job ids, not payloads, so a retried stage re-reads its input."""
        return f"{self.prefix}:job:{job_id}:artifact:{name}"

    def job_heartbeat(self, job_id: str) -> str:
        """Expires unless the running stage refreshes it: how a vanished worker is seen."""
        return f"{self.prefix}:job:{job_id}:heartbeat"

    def job_stage_lock(self, job_id: str, stage: str) -> str:
        """Held (and refreshed) while one process runs a stage, so a duplicate delivery
        of the same message does not run the stage twice at once."""
        return f"{self.prefix}:job:{job_id}:lock:{stage}"

    def job_index(self) -> str:
        """Sorted set of job ids by creation time (for listing and the reaper)."""
        return f"{self.prefix}:jobs"

    def embedding(self, model: str, digest: str) -> str:
        """Cached embedding vector of one text, by model and content hash."""
        return f"{self.prefix}:emb:{model}:{digest}"

    def rate_limit(self, name: str) -> str:
        """Shared token bucket of a search provider or fetched host."""
        return f"{self.prefix}:rate:{name}"

    def report_slot_lock(self, report: str, slot: str) -> str:
        """SET NX lock: one run per report per scheduled slot, even with two beats."""
        return f"{self.prefix}:report:{report}:slot:{slot}"

    def report_run_lock(self, report: str, run_id: str) -> str:
        """Held by whoever advances one report run (beat's tick or ``deepref reports
        run``), so two coordinators never submit the same questions twice."""
        return f"{self.prefix}:report:{report}:run:{run_id}:lock"

    def webhook_lock(self, job_id: str) -> str:
        """Held while one process POSTs the job's end event, so two never send it at once."""
        return f"{self.prefix}:job:{job_id}:webhook:lock"

    def llm_slots(self, model: str) -> str:
        """Sorted set of leases (token -> expiry) on concurrent chat requests to ``model``."""
        return f"{self.prefix}:llm:slots:{model}"

    def celery(self) -> str:
        """Prefix of every key Celery itself writes (queues, unacked messages, results)."""
        return f"{self.prefix}:celery:"

    def celery_queue(self, queue: str) -> str:
        """The broker's list of messages waiting on ``queue`` (kombu's Redis transport)."""
        return f"{self.celery()}{queue}"

    def celery_queue_keys(self, queue: str) -> list[str]:
        """Every list of ``queue``: kombu keeps one per priority step (0, 3, 6, 9), the
        first under the queue's own name, the others after its separator ``\x06\x16``."""
        return [self.celery_queue(queue)] + [f"{self.celery_queue(queue)}\x06\x16{p}" for p in (3, 6, 9)]

    def celery_unacked(self) -> str:
        """The broker's hash of messages taken by a worker and not yet acknowledged."""
        return f"{self.celery()}unacked"
