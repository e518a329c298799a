"""Job state, progress, events, artifacts, heartbeats and locks, in Redis (or memory).

A job record is one JSON document under ``Keys.job(id)``. Every change is a
compare-and-set: the new record is written, and appended to the job's event
stream for live progress (SSE), only if the record is still the one the change
was computed from, so a cancel never gets overwritten by a stage finishing at the
same moment. The store remembers the last record it read or wrote of each running
job, so a change usually costs one round trip (a stale memory costs a second, the
script answering with the current record). Stage outputs are artifacts next to
the record: stages pass job ids, not payloads, so a retried stage simply reads
its input again.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import redis

from deepref.worker.errors import ArtifactNotFound, JobNotFound, JobPending, StoreUnavailable
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.models import JobRecord, ResearchOptions

EVENTS_MAXLEN = 1000
KNOWN_RECORDS = 512  # running jobs whose last record a store remembers (records are a few kB before the result)
TEXT_EVENTS_MAXLEN = 20_000  # a write-up's pieces are coalesced (worker/jobs/streaming.py): a few hundred per attempt


def new_job_id() -> str:
    return uuid.uuid4().hex


class JobStore:
    """Redis-backed store; one per process (the client is thread-safe).

    It owns every Redis call about jobs: records, events, artifacts, heartbeats and
    locks (a lock is a key from ``Keys`` holding its owner's token)."""

    def __init__(self, client: redis.Redis, keys: Keys, ttl: int, *, url_for_errors: str = "redis"):
        self.redis, self.keys, self.ttl = client, keys, ttl
        self._url = url_for_errors
        self._refresh = client.register_script(_REFRESH)
        self._release = client.register_script(_RELEASE)
        self._update = client.register_script(_UPDATE)
        self._delete = client.register_script(_DELETE)
        self._known: OrderedDict[str, bytes | str] = OrderedDict()  # job id -> last record seen (running jobs)
        self._known_lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings) -> JobStore:
        client = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=5, socket_timeout=30)
        return cls(
            client, Keys(settings.key_prefix), settings.job_ttl_seconds, url_for_errors=settings.redis_url_redacted()
        )

    def _fail(self, exc: Exception) -> StoreUnavailable:
        if isinstance(exc, redis.exceptions.OutOfMemoryError):
            return StoreUnavailable(
                f"Redis at {self._url} is full (maxmemory reached; it refuses writes rather than evict keys): "
                "raise its maxmemory, lower DEEPREF_JOB_TTL_SECONDS, or remove old keys"
            )
        return StoreUnavailable(
            f"cannot reach Redis at {self._url} ({type(exc).__name__}: {exc}); start Redis or set DEEPREF_REDIS_URL"
        )

    # -- records ------------------------------------------------------------------------
    def create(
        self,
        question: str,
        options: ResearchOptions | None = None,
        job_id: str | None = None,
        *,
        queue: str = "interactive",
    ) -> JobRecord:
        record = JobRecord(
            id=job_id or new_job_id(), question=question, options=options or ResearchOptions(), queue=queue
        )
        raw = record.model_dump_json()
        events = self.keys.job_events(record.id)
        try:  # one round trip: the record, the index and the first event
            pipe = self.redis.pipeline()
            pipe.set(self.keys.job(record.id), raw, ex=self.ttl)
            pipe.zadd(self.keys.job_index(), {record.id: record.created_at})
            pipe.xadd(events, _event_fields(record), maxlen=EVENTS_MAXLEN, approximate=True)
            pipe.expire(events, self.ttl)
            pipe.execute()
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        self._remember(record, raw)
        return record

    def get(self, job_id: str) -> JobRecord:
        try:
            raw = self.redis.get(self.keys.job(job_id))
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        return self._parse(job_id, raw)

    def get_and_acquire(self, job_id: str, key: str, token: str, seconds: int) -> tuple[JobRecord, bool]:
        """The record, and whether the lock ``key`` was taken for ``seconds``, in one
        round trip (a stage's claim). Raises JobNotFound (with the lock left free)."""
        try:
            pipe = self.redis.pipeline(transaction=False)
            pipe.get(self.keys.job(job_id))
            pipe.set(key, token, nx=True, ex=seconds)
            raw, acquired = pipe.execute()
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        if raw is None and acquired:
            self.release(key, token)
        return self._parse(job_id, raw), bool(acquired)

    def update(
        self,
        job_id: str,
        mutate: Callable[[JobRecord], None] | None = None,
        *,
        alive_for: int | None = None,
        release: tuple[str, str] | None = None,
        **fields: Any,
    ) -> JobRecord:
        """Apply ``fields`` (and ``mutate``) atomically; finished jobs stay finished.

        In the same atomic step, ``alive_for`` refreshes the job's heartbeat for that
        many seconds, and ``release=(key, token)`` drops that lock if the token holds
        it: a stage's claim and finish are one round trip each."""
        lock_key, token = release or (self.keys.job(job_id), "")
        keys = [self.keys.job(job_id), self.keys.job_events(job_id), self.keys.job_heartbeat(job_id), lock_key]
        expected: bytes | str = self._recall(job_id) or ""  # "" never matches: the script answers with the record
        while True:
            record = _apply(self._parse(job_id, expected), mutate, fields) if expected else None
            raw = record.model_dump_json() if record is not None else ""
            event = [part for pair in _event_fields(record).items() for part in pair] if record is not None else []
            args = [expected, raw, self.ttl, EVENTS_MAXLEN, alive_for or 0, f"{time.time()}", token, *event]
            try:
                done, *current = self._update(keys=keys, args=args)
            except redis.RedisError as exc:
                raise self._fail(exc) from exc
            if done == 1:
                self._remember(record, raw)
                return record
            if not current:
                self._forget(job_id)
                raise JobNotFound(f"no job {job_id!r}: it was never submitted or has expired", job_id=job_id)
            expected = current[0]  # changed since we last saw it: apply the change to what it is now

    def delete(self, job_id: str) -> None:
        """Remove a finished job: its record, events, write-up and outputs. Raises
        JobNotFound, or JobPending (with the record left as it is) when it is not finished."""
        keys = [self.keys.job(job_id), self.keys.job_events(job_id), self.keys.job_text(job_id)]
        keys += [self.keys.job_heartbeat(job_id), self.keys.job_index()]
        try:
            answer = self._delete(keys=keys, args=[job_id])
            if answer == 1:  # outputs expire with the job anyway; this removes them now
                artifacts = self.redis.scan_iter(match=self.keys.job_artifact(job_id, "*"), count=1000)
                for batch in _batched(artifacts, 500):
                    self.redis.delete(*batch)
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        self._forget(job_id)
        if answer == 0:
            raise JobNotFound(f"no job {job_id!r}: it was never submitted or has expired", job_id=job_id)
        if answer != 1:
            raise JobPending(
                f"job {job_id} is {_s(answer)}, not finished: cancel it first, then delete it", job_id=job_id
            )

    def _parse(self, job_id: str, raw: bytes | str | None) -> JobRecord:
        if raw is None:
            self._forget(job_id)
            raise JobNotFound(f"no job {job_id!r}: it was never submitted or has expired", job_id=job_id)
        record = JobRecord.model_validate_json(raw)
        self._remember(record, raw)
        return record

    # The memory of records: only running jobs (a finished record changes once or twice
    # more, for its webhook, and may be large), at most KNOWN_RECORDS of them.
    def _remember(self, record: JobRecord, raw: bytes | str) -> None:
        with self._known_lock:
            if record.state.finished:
                self._known.pop(record.id, None)
                return
            self._known[record.id] = raw
            self._known.move_to_end(record.id)
            while len(self._known) > KNOWN_RECORDS:
                self._known.popitem(last=False)

    def _recall(self, job_id: str) -> bytes | str | None:
        with self._known_lock:
            return self._known.get(job_id)

    def _forget(self, job_id: str) -> None:
        with self._known_lock:
            self._known.pop(job_id, None)

    def events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[tuple[str, dict]]:
        """Events after ``last_id`` (blocking up to ``block_ms`` when there are none)."""
        try:
            answer = self.redis.xread({self.keys.job_events(job_id): last_id}, block=block_ms, count=100)
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        out = []
        for _stream, entries in answer or []:
            for event_id, data in entries:
                out.append((_s(event_id), {_s(k): _s(v) for k, v in data.items()}))
        return out

    def text_event(self, job_id: str, fields: dict[str, str]) -> str:
        """Append to the job's text stream (worker/jobs/streaming.py writes the fields)."""
        key = self.keys.job_text(job_id)
        try:
            pipe = self.redis.pipeline()
            pipe.xadd(key, fields, maxlen=TEXT_EVENTS_MAXLEN, approximate=True)
            pipe.expire(key, self.ttl)
            event_id, _ = pipe.execute()
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        return _s(event_id)

    def text_events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[tuple[str, dict]]:
        """Text events after ``last_id``, like :meth:`events`."""
        try:
            answer = self.redis.xread({self.keys.job_text(job_id): last_id}, block=block_ms, count=100)
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        return [
            (_s(event_id), {_s(k): _s(v) for k, v in data.items()})
            for _stream, entries in answer or []
            for event_id, data in entries
        ]

    def both_events(self, job_id: str, state_last: str, text_last: str) -> tuple[list, list]:
        """State and text events after the given ids, in one XREAD: both as of one
        moment, so ``worker.jobs.streaming.in_order`` can interleave them exactly."""
        states, texts = self.keys.job_events(job_id), self.keys.job_text(job_id)
        try:
            answer = self.redis.xread({states: state_last, texts: text_last}, count=100)
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        got = {
            _s(stream): [(_s(i), {_s(k): _s(v) for k, v in data.items()}) for i, data in entries]
            for stream, entries in answer or []
        }
        return got.get(states, []), got.get(texts, [])

    def running(self) -> list[JobRecord]:
        """Jobs not finished (for the reaper)."""
        try:
            ids = [_s(i) for i in self.redis.zrange(self.keys.job_index(), 0, -1)]
            raws = self.redis.mget([self.keys.job(i) for i in ids]) if ids else []
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        records = [JobRecord.model_validate_json(r) for r in raws if r]
        stale = [i for i, r in zip(ids, raws, strict=True) if r is None]
        if stale:
            self.redis.zrem(self.keys.job_index(), *stale)
        return [r for r in records if not r.state.finished]

    # -- heartbeats and locks --------------------------------------------------------------
    def heartbeat(self, job_id: str, seconds: int) -> None:
        """Prove the job's running stage is alive for ``seconds`` more."""
        try:
            self.redis.set(self.keys.job_heartbeat(job_id), str(time.time()), ex=seconds)
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def alive(self, job_id: str) -> bool:
        try:
            return bool(self.redis.exists(self.keys.job_heartbeat(job_id)))
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def acquire(self, key: str, token: str, seconds: int) -> bool:
        """Take the lock ``key`` (built by ``Keys``) for ``seconds`` unless someone holds it."""
        try:
            return bool(self.redis.set(key, token, nx=True, ex=seconds))
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def refresh(self, key: str, token: str, seconds: int) -> bool:
        """Extend a lock we hold; False when it expired or someone else holds it now."""
        try:
            return bool(self._refresh(keys=[key], args=[token, seconds]))
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def release(self, key: str, token: str) -> None:
        """Drop a lock, only if we still hold it (never another process's)."""
        try:
            self._release(keys=[key], args=[token])
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def held(self, key: str) -> bool:
        try:
            return bool(self.redis.exists(key))
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def queue_length(self, queue: str) -> int:
        """Messages waiting on a broker queue (for the consumption watchdog)."""
        return self.queued([queue])

    def queued(self, queues: list[str]) -> int:
        """Messages waiting on any of these broker queues, in one round trip."""
        try:
            pipe = self.redis.pipeline(transaction=False)
            for queue in queues:
                pipe.llen(self.keys.celery_queue(queue))
            return sum(int(n) for n in pipe.execute())
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    # -- artifacts ------------------------------------------------------------------------
    def put_artifact(self, job_id: str, name: str, obj: Any) -> None:
        try:
            self.redis.set(self.keys.job_artifact(job_id, name), json.dumps(obj, ensure_ascii=False), ex=self.ttl)
        except redis.RedisError as exc:
            raise self._fail(exc) from exc

    def get_artifact(self, job_id: str, name: str) -> Any:
        try:
            raw = self.redis.get(self.keys.job_artifact(job_id, name))
        except redis.RedisError as exc:
            raise self._fail(exc) from exc
        if raw is None:
            raise ArtifactNotFound(
                f"job {job_id!r} has no {name!r} output (expired, or the stage never ran)", job_id=job_id
            )
        return json.loads(raw)


def _apply(record: JobRecord, mutate: Callable[[JobRecord], None] | None, fields: dict[str, Any]) -> JobRecord:
    """One update: a finished job (done, failed, cancelled) stays as it is."""
    if not record.state.finished or fields.get("force"):
        for name, value in fields.items():
            if name != "force":
                setattr(record, name, value)
        if mutate is not None:
            mutate(record)
        record.updated_at = time.time()
    return record


# Compare-and-set of a record: KEYS record, events, heartbeat, lock; ARGV the record as
# last seen, the new record, ttl, events' maxlen, heartbeat seconds (0: none), the
# heartbeat's value, the lock's token ("": none), then the event's field/value pairs.
# Answers {1} when written, {0, current record} when it changed meanwhile, {0} when absent.
_UPDATE = """
local current = redis.call('get', KEYS[1])
if not current then return {0} end
if current ~= ARGV[1] then return {0, current} end
redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3])
redis.call('xadd', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', unpack(ARGV, 8))
redis.call('expire', KEYS[2], ARGV[3])
if ARGV[5] ~= '0' then redis.call('set', KEYS[3], ARGV[6], 'EX', ARGV[5]) end
if ARGV[7] ~= '' and redis.call('get', KEYS[4]) == ARGV[7] then redis.call('del', KEYS[4]) end
return {1}
"""

# Compare-and-act scripts: a lock is refreshed or released only by the token that took it.
_REFRESH = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) end return 0"
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

# 1 when deleted, 0 when there is no such job, else the state of a job not finished
_DELETE = """
local raw = redis.call('get', KEYS[1])
if not raw then return 0 end
local state = cjson.decode(raw)['state']
if state ~= 'done' and state ~= 'failed' and state ~= 'cancelled' then return state end
redis.call('del', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('zrem', KEYS[5], ARGV[1])
return 1
"""


def _batched(items, n: int):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch


def _s(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class MemoryJobStore:
    """The embedded mode's store: the same interface in a dict, no Redis.

    ``deepref research`` runs a job through the same lifecycle as a worker does;
    this is what it keeps the record, artifacts and locks in. ``listeners`` are
    called with every new record (the embedded runner's progress),
    ``text_listeners`` with every text event (the write-up as it is written)."""

    def __init__(self, keys: Keys | None = None) -> None:
        self.keys = keys or Keys()
        self._records: dict[str, JobRecord] = {}
        self._artifacts: dict[tuple[str, str], Any] = {}
        self._events: dict[str, list[tuple[str, dict]]] = {}
        self._texts: dict[str, list[tuple[str, dict]]] = {}
        self._locks: dict[str, tuple[str, float]] = {}  # key -> (token, expires at)
        self._lock = threading.Lock()
        self.listeners: list[Callable[[JobRecord], None]] = []
        self.text_listeners: list[Callable[[dict[str, str]], None]] = []

    def create(
        self,
        question: str,
        options: ResearchOptions | None = None,
        job_id: str | None = None,
        *,
        queue: str = "interactive",
    ) -> JobRecord:
        record = JobRecord(
            id=job_id or new_job_id(), question=question, options=options or ResearchOptions(), queue=queue
        )
        with self._lock:
            self._records[record.id] = record
        self._event(record)
        return record.model_copy(deep=True)

    def get(self, job_id: str) -> JobRecord:
        try:
            return self._records[job_id].model_copy(deep=True)
        except KeyError:
            raise JobNotFound(f"no job {job_id!r}: it was never submitted or has expired", job_id=job_id) from None

    def get_and_acquire(self, job_id: str, key: str, token: str, seconds: int) -> tuple[JobRecord, bool]:
        record = self.get(job_id)
        return record, self.acquire(key, token, seconds)

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
            for key in [k for k in self._artifacts if k[0] == job_id]:
                del self._artifacts[key]

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
            record = _apply(self.get(job_id), mutate, fields)
            self._records[job_id] = record
        if alive_for:
            self.heartbeat(job_id, alive_for)
        if release is not None:
            self.release(*release)
        self._event(record)
        return record.model_copy(deep=True)

    def _event(self, record: JobRecord) -> None:
        events = self._events.setdefault(record.id, [])
        events.append((f"{len(events) + 1}-0", _event_fields(record)))
        for listener in self.listeners:
            listener(record)

    def events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[tuple[str, dict]]:
        seq = int(last_id.split("-")[0]) if last_id not in ("0", "$") else 0
        return self._events.get(job_id, [])[seq:]

    def text_event(self, job_id: str, fields: dict[str, str]) -> str:
        with self._lock:
            events = self._texts.setdefault(job_id, [])
            events.append((f"{len(events) + 1}-0", dict(fields)))
            event_id = events[-1][0]
        for listener in self.text_listeners:
            listener(dict(fields))
        return event_id

    def text_events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[tuple[str, dict]]:
        seq = int(last_id.split("-")[0]) if last_id not in ("0", "$") else 0
        return self._texts.get(job_id, [])[seq:]

    def both_events(self, job_id: str, state_last: str, text_last: str) -> tuple[list, list]:
        with self._lock:
            return self.events(job_id, state_last), self.text_events(job_id, text_last)

    def running(self) -> list[JobRecord]:
        return [r.model_copy(deep=True) for r in self._records.values() if not r.state.finished]

    def heartbeat(self, job_id: str, seconds: int) -> None:
        self.acquire(self.keys.job_heartbeat(job_id), "alive", seconds, replace=True)

    def alive(self, job_id: str) -> bool:
        return self.held(self.keys.job_heartbeat(job_id))

    def acquire(self, key: str, token: str, seconds: int, *, replace: bool = False) -> bool:
        with self._lock:
            if not replace and self._holder(key) is not None:
                return False
            self._locks[key] = (token, time.monotonic() + seconds)
            return True

    def refresh(self, key: str, token: str, seconds: int) -> bool:
        with self._lock:
            if self._holder(key) != token:
                return False
            self._locks[key] = (token, time.monotonic() + seconds)
            return True

    def release(self, key: str, token: str) -> None:
        with self._lock:
            if self._holder(key) == token:
                del self._locks[key]

    def held(self, key: str) -> bool:
        with self._lock:
            return self._holder(key) is not None

    def _holder(self, key: str) -> str | None:
        token, expires = self._locks.get(key, (None, 0.0))
        return token if expires > time.monotonic() else None

    def queue_length(self, queue: str) -> int:
        return self.queued([queue])

    def queued(self, queues: list[str]) -> int:
        return 0  # nothing is queued in-process

    def put_artifact(self, job_id: str, name: str, obj: Any) -> None:
        self._artifacts[(job_id, name)] = json.loads(json.dumps(obj, ensure_ascii=False))

    def get_artifact(self, job_id: str, name: str) -> Any:
        try:
            return self._artifacts[(job_id, name)]
        except KeyError:
            raise ArtifactNotFound(f"job {job_id!r} has no {name!r} output", job_id=job_id) from None


def _event_fields(record: JobRecord) -> dict[str, str]:
    return {
        "state": record.state.value,
        "stage": record.stage or "",
        "progress": f"{record.progress:.3f}",
        "message": record.message,
        "ts": f"{record.updated_at:.3f}",
    }
