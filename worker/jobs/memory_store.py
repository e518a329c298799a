"""The job store in memory: the embedded mode's, with no Redis.

``deepref research`` runs a job through the same lifecycle as a worker does; this
is what it keeps the record, events, artifacts and locks in. It keeps the promises
of :class:`~deepref.worker.jobs.store.JobStore` for the threads of one process.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deepref.worker.errors import JobPending
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.models import JobRecord, ResearchOptions
from deepref.worker.jobs.records import (
    Event,
    Queue,
    apply_change,
    artifact_not_found,
    event_fields,
    job_not_found,
    new_job_id,
)

if TYPE_CHECKING:
    from deepref.worker.jobs.store import JobStore

READ_COUNT = 100  # events one read returns at most, as Redis's store reads them


class MemoryJobStore:
    """A job store in dicts. ``listeners`` are called with every new record (the
    embedded runner's progress), ``text_listeners`` with every write-up event (the
    write-up as it is written)."""

    def __init__(self, keys: Keys | None = None) -> None:
        self.keys = keys or Keys()
        self._records: dict[str, JobRecord] = {}
        self._artifacts: dict[tuple[str, str], Any] = {}
        self._events: dict[str, list[Event]] = {}
        self._texts: dict[str, list[Event]] = {}
        self._locks: dict[str, tuple[str, float]] = {}  # key -> (token, expires at, on the monotonic clock)
        self._lock = threading.Lock()
        self._appended = threading.Condition(self._lock)  # notified when any event is appended
        self.listeners: list[Callable[[JobRecord], None]] = []
        self.text_listeners: list[Callable[[dict[str, str]], None]] = []

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
        record = JobRecord(
            id=job_id or new_job_id(),
            question=question,
            options=options or ResearchOptions(),
            queue=queue,
            parent=parent,
        )
        with self._lock:
            self._records[record.id] = record
            self._append(self._events, record.id, event_fields(record))
        self._tell(record)
        return record.model_copy(deep=True)

    def get(self, job_id: str) -> JobRecord:
        try:
            return self._records[job_id].model_copy(deep=True)
        except KeyError:
            raise job_not_found(job_id) from None

    def get_and_acquire(self, job_id: str, key: str, token: str, seconds: int) -> tuple[JobRecord, bool]:
        record = self.get(job_id)
        return record, self.acquire(key, token, seconds)

    def update(
        self,
        job_id: str,
        mutate: Callable[[JobRecord], None] | None = None,
        *,
        alive_for: int | None = None,
        release: tuple[str, str] | None = None,
        **fields: Any,
    ) -> JobRecord:
        with self._lock:
            record = apply_change(self.get(job_id), mutate, fields)
            self._records[job_id] = record
            if alive_for:
                self._take(self.keys.job_heartbeat(job_id), "alive", alive_for)
            if release is not None and self._holder(release[0]) == release[1]:
                del self._locks[release[0]]
            self._append(self._events, job_id, event_fields(record))
        self._tell(record)
        return record.model_copy(deep=True)

    def delete(self, job_id: str) -> None:
        with self._lock:
            record = self.get(job_id)
            if not record.state.finished:
                raise JobPending(
                    f"job {job_id} is {record.state.value}, not finished: cancel it first, then delete it",
                    job_id=job_id,
                )
            del self._records[job_id]
            self._events.pop(job_id, None)
            self._texts.pop(job_id, None)
            self._locks.pop(self.keys.job_heartbeat(job_id), None)
            for key in [k for k in self._artifacts if k[0] == job_id]:
                del self._artifacts[key]

    def discard(self, job_id: str) -> None:
        with self._lock:
            self._records.pop(job_id, None)
            self._events.pop(job_id, None)
            self._texts.pop(job_id, None)
            self._locks.pop(self.keys.job_heartbeat(job_id), None)

    def running(self) -> list[JobRecord]:
        with self._lock:
            return [r.model_copy(deep=True) for r in self._records.values() if not r.state.finished]

    def _tell(self, record: JobRecord) -> None:
        copy = record.model_copy(deep=True)
        for listener in self.listeners:
            listener(copy)

    # -- events
    def events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[Event]:
        return self._read(self._events, job_id, last_id, block_ms)

    def text_event(self, job_id: str, fields: dict[str, str]) -> str:
        with self._lock:
            event_id = self._append(self._texts, job_id, dict(fields))
        for listener in self.text_listeners:
            listener(dict(fields))
        return event_id

    def text_events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[Event]:
        return self._read(self._texts, job_id, last_id, block_ms)

    def both_events(self, job_id: str, state_last: str, text_last: str) -> tuple[list[Event], list[Event]]:
        with self._lock:  # both as of one moment
            return self._after(self._events, job_id, state_last), self._after(self._texts, job_id, text_last)

    def _append(self, streams: dict[str, list[Event]], job_id: str, fields: dict[str, str]) -> str:
        """Append an event (the caller holds the lock); ids are "<n>-0", n from 1."""
        events = streams.setdefault(job_id, [])
        events.append((f"{len(events) + 1}-0", fields))
        self._appended.notify_all()
        return events[-1][0]

    def _read(self, streams: dict[str, list[Event]], job_id: str, last_id: str, block_ms: int | None) -> list[Event]:
        """Events after ``last_id``, waiting up to ``block_ms`` for one (0: no limit, as XREAD's BLOCK)."""
        with self._lock:
            if block_ms is not None:
                seq = _sequence(last_id, streams.get(job_id, []))
                self._appended.wait_for(
                    lambda: len(streams.get(job_id, [])) > seq, timeout=block_ms / 1000 if block_ms else None
                )
            return self._after(streams, job_id, last_id)

    @staticmethod
    def _after(streams: dict[str, list[Event]], job_id: str, last_id: str) -> list[Event]:
        events = streams.get(job_id, [])
        seq = _sequence(last_id, events)
        return [(i, dict(fields)) for i, fields in events[seq : seq + READ_COUNT]]

    # -- heartbeats and locks
    def heartbeat(self, job_id: str, seconds: int) -> None:
        with self._lock:
            self._take(self.keys.job_heartbeat(job_id), "alive", seconds)

    def alive(self, job_id: str) -> bool:
        return self.held(self.keys.job_heartbeat(job_id))

    def acquire(self, key: str, token: str, seconds: int) -> bool:
        with self._lock:
            if self._holder(key) is not None:
                return False
            self._take(key, token, seconds)
            return True

    def refresh(self, key: str, token: str, seconds: int) -> bool:
        with self._lock:
            if self._holder(key) != token:
                return False
            self._take(key, token, seconds)
            return True

    def release(self, key: str, token: str) -> None:
        with self._lock:
            if self._holder(key) == token:
                del self._locks[key]

    def held(self, key: str) -> bool:
        with self._lock:
            return self._holder(key) is not None

    def _take(self, key: str, token: str, seconds: int) -> None:
        self._locks[key] = (token, time.monotonic() + seconds)

    def _holder(self, key: str) -> str | None:
        token, expires = self._locks.get(key, (None, 0.0))
        return token if expires > time.monotonic() else None

    # -- broker queues: nothing is queued in-process
    def queue_length(self, queue: str) -> int:
        return self.queued([queue])

    def queued(self, queues: list[str]) -> int:
        return 0

    def broker_jobs(self, queues: list[str]) -> set[str] | None:
        return None  # no broker: jobs run in process

    # -- artifacts: kept as JSON gives them back, as Redis's store does
    def put_artifact(self, job_id: str, name: str, obj: Any) -> None:
        value = json.loads(json.dumps(obj, ensure_ascii=False))
        with self._lock:
            self._artifacts[(job_id, name)] = value

    def get_artifact(self, job_id: str, name: str) -> Any:
        try:
            return self._artifacts[(job_id, name)]
        except KeyError:
            raise artifact_not_found(job_id, name) from None


def _sequence(last_id: str, events: list[Event]) -> int:
    """How many events of a stream come up to ``last_id`` ("0": none; "$": all so far)."""
    if last_id == "$":
        return len(events)
    return int(last_id.split("-")[0])


if TYPE_CHECKING:  # mypy checks that this class has every method of the interface, with its types
    _conforms: type[JobStore] = MemoryJobStore
