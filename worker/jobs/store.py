"""The job store's interface, and what its two implementations share.

A store keeps each job's record, its event streams (state changes, and the write-up
as it is written), its stage outputs (artifacts), the heartbeat of its running stage,
and locks. :class:`JobStore` declares it; ``worker/jobs/redis_store.py`` keeps it in
Redis (workers, the API, the client) and ``worker/jobs/memory_store.py`` in a dict
(the embedded mode). ``tests/worker/jobs/test_store_contract.py`` runs the same tests
on both, and mypy checks that both classes have every method with its types.

What every store guarantees:

- every change of a record is atomic, and appends one state event;
- a finished job (done, failed, cancelled) stays finished unless a change says ``force``;
- a lock is refreshed or released only with the token that took it;
- a missing job raises :class:`~deepref.worker.errors.JobNotFound`, a missing output
  :class:`~deepref.worker.errors.ArtifactNotFound`, and a store that cannot work
  (Redis down, full) :class:`~deepref.worker.errors.StoreUnavailable`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.memory_store import MemoryJobStore
from deepref.worker.jobs.models import JobRecord, ResearchOptions
from deepref.worker.jobs.records import Event, Queue
from deepref.worker.jobs.redis_store import RedisJobStore

__all__ = ["JobStore", "MemoryJobStore", "RedisJobStore"]


@runtime_checkable
class JobStore(Protocol):
    """Records, events, artifacts, heartbeats and locks of jobs (Redis or memory)."""

    keys: Keys  # lock and heartbeat keys are built with these (worker/jobs/keys.py)

    # -- records
    def create(
        self,
        question: str,
        options: ResearchOptions | None = None,
        job_id: str | None = None,
        *,
        queue: Queue = "interactive",
        parent: str | None = None,
    ) -> JobRecord:
        """A new queued job (a new id unless ``job_id`` is given), with its first event;
        ``parent``: the job a follow-up question follows."""
        ...

    def get(self, job_id: str) -> JobRecord:
        """The job's record; JobNotFound when it was never submitted or has expired."""
        ...

    def get_and_acquire(self, job_id: str, key: str, token: str, seconds: int) -> tuple[JobRecord, bool]:
        """The record, and whether the lock ``key`` was taken for ``seconds`` (a stage's
        claim). Raises JobNotFound, with the lock left free."""
        ...

    def update(
        self,
        job_id: str,
        mutate: Callable[[JobRecord], None] | None = None,
        *,
        alive_for: int | None = None,
        release: tuple[str, str] | None = None,
        **fields: Any,
    ) -> JobRecord:
        """Set ``fields`` and call ``mutate`` on the record in one atomic step that also
        appends an event; a finished job stays as it is (unless ``force=True``). In the
        same step ``alive_for`` refreshes the heartbeat for that many seconds and
        ``release=(key, token)`` drops that lock if the token holds it."""
        ...

    def delete(self, job_id: str) -> None:
        """Remove a finished job: record, events, write-up, outputs, heartbeat. Raises
        JobNotFound, or JobPending (leaving the job as it is) when it is not finished."""
        ...

    def discard(self, job_id: str) -> None:
        """Remove a job that never got queued (the broker refused its message), whatever
        its state, so no half-made record is left; nothing when there is none."""
        ...

    def running(self) -> list[JobRecord]:
        """The jobs not finished (for the reaper)."""
        ...

    # -- events
    def events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[Event]:
        """State events after ``last_id`` ("0": from the first), at most 100; waits up to
        ``block_ms`` for one when there are none (None: no wait)."""
        ...

    def text_event(self, job_id: str, fields: dict[str, str]) -> str:
        """Append to the job's write-up stream (worker/jobs/streaming.py writes the
        fields); returns the event's id."""
        ...

    def text_events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[Event]:
        """Write-up events after ``last_id``, like :meth:`events`."""
        ...

    def both_events(self, job_id: str, state_last: str, text_last: str) -> tuple[list[Event], list[Event]]:
        """State and write-up events after the given ids, both as of one moment, so
        ``worker.jobs.streaming.in_order`` can interleave them exactly."""
        ...

    # -- heartbeats and locks
    def heartbeat(self, job_id: str, seconds: int) -> None:
        """The job's running stage is alive for ``seconds`` more."""
        ...

    def alive(self, job_id: str) -> bool:
        """Whether the job's heartbeat has not expired."""
        ...

    def acquire(self, key: str, token: str, seconds: int) -> bool:
        """Take the lock ``key`` (built by ``Keys``) for ``seconds`` unless someone holds it."""
        ...

    def refresh(self, key: str, token: str, seconds: int) -> bool:
        """Extend a lock ``token`` holds; False when it expired or another token holds it."""
        ...

    def release(self, key: str, token: str) -> None:
        """Drop a lock if ``token`` holds it (never another holder's)."""
        ...

    def held(self, key: str) -> bool:
        """Whether anyone holds the lock ``key``."""
        ...

    # -- broker queues
    def queue_length(self, queue: str) -> int:
        """Messages waiting on a broker queue (for the consumption watchdog)."""
        ...

    def queued(self, queues: list[str]) -> int:
        """Messages waiting on any of these broker queues."""
        ...

    def broker_jobs(self, queues: list[str]) -> set[str] | None:
        """Ids of the jobs that have a message on the broker: waiting on one of these
        queues or taken by a worker and not acknowledged. None: this store has no
        broker to ask (the embedded runner's)."""
        ...

    # -- artifacts
    def put_artifact(self, job_id: str, name: str, obj: Any) -> None:
        """Keep a stage's output (anything JSON can hold) under ``name``."""
        ...

    def get_artifact(self, job_id: str, name: str) -> Any:
        """A stage's output as JSON gives it back; ArtifactNotFound when there is none."""
        ...
