"""The job store in Redis: workers, the API and the client share it.

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

import base64
import functools
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

import redis

from deepref.worker.errors import JobPending, StoreUnavailable
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.models import JobRecord, ResearchOptions
from deepref.worker.jobs.records import (
    EVENTS_MAXLEN,
    TEXT_EVENTS_MAXLEN,
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
    from deepref.worker.settings import Settings

KNOWN_RECORDS = 512  # running jobs whose last record a store remembers (records are a few kB before the result)

P = ParamSpec("P")
R = TypeVar("R")


def unavailable(exc: redis.RedisError, url: str) -> StoreUnavailable:
    """What a Redis error means for the store, and what to do about it; ``url`` is the
    server's address without its password."""
    name = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, redis.exceptions.OutOfMemoryError):
        why = (
            f"Redis at {url} is full (maxmemory reached; it refuses writes rather than evict keys): "
            "raise its maxmemory, lower DEEPREF_JOB_TTL_SECONDS, or remove old keys"
        )
    elif isinstance(exc, redis.exceptions.ReadOnlyError):
        why = f"Redis at {url} is a read-only replica ({name}): set DEEPREF_REDIS_URL to the primary"
    elif isinstance(exc, redis.exceptions.AuthenticationError | redis.exceptions.AuthorizationError):
        why = f"Redis at {url} refused the credentials ({name}): put the right ones in DEEPREF_REDIS_URL"
    elif isinstance(exc, redis.exceptions.TimeoutError):
        why = f"Redis at {url} did not answer in time ({name}): check that it is running and not overloaded"
    elif isinstance(exc, redis.exceptions.ResponseError):
        why = f"Redis at {url} refused a command ({name}): deepref needs Redis 6.2 or later, with Lua scripting"
    else:
        why = f"cannot reach Redis at {url} ({name}); start Redis or set DEEPREF_REDIS_URL"
    return StoreUnavailable(why)


@contextmanager
def redis_errors(url: str) -> Iterator[None]:
    """Any Redis error inside the block is raised as :class:`StoreUnavailable` (see
    :func:`unavailable`), with the Redis error as its cause."""
    try:
        yield
    except redis.RedisError as exc:
        raise unavailable(exc, url) from exc


def _translated(method: Callable[Concatenate[RedisJobStore, P], R]) -> Callable[Concatenate[RedisJobStore, P], R]:
    """A store method whose Redis errors are raised as StoreUnavailable."""

    @functools.wraps(method)
    def call(self: RedisJobStore, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with redis_errors(self.url_for_errors):
            return method(self, *args, **kwargs)

    return call


class RedisJobStore:
    """Redis-backed store; one per process (the client is thread-safe).

    It owns every Redis call about jobs: records, events, artifacts, heartbeats and
    locks (a lock is a key from ``Keys`` holding its owner's token)."""

    def __init__(self, client: redis.Redis, keys: Keys, ttl: int, *, url_for_errors: str = "redis") -> None:
        self.redis, self.keys, self.ttl = client, keys, ttl
        self.url_for_errors = url_for_errors  # the server in error messages, without its password
        self._refresh = client.register_script(_REFRESH)
        self._release = client.register_script(_RELEASE)
        self._update = client.register_script(_UPDATE)
        self._delete = client.register_script(_DELETE)
        self._known: OrderedDict[str, bytes | str] = OrderedDict()  # job id -> last record seen (running jobs)
        self._known_lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings: Settings) -> RedisJobStore:
        client = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=5, socket_timeout=30)
        return cls(
            client, Keys(settings.key_prefix), settings.job_ttl_seconds, url_for_errors=settings.redis_url_redacted()
        )

    # -- records ------------------------------------------------------------------------
    @_translated
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
        raw = record.model_dump_json()
        events = self.keys.job_events(record.id)
        pipe = self.redis.pipeline()  # one round trip: the record, the index and the first event
        pipe.set(self.keys.job(record.id), raw, ex=self.ttl)
        pipe.zadd(self.keys.job_index(), {record.id: record.created_at})
        pipe.xadd(events, _fields(event_fields(record)), maxlen=EVENTS_MAXLEN, approximate=True)
        pipe.expire(events, self.ttl)
        pipe.execute()
        self._remember(record, raw)
        return record

    @_translated
    def get(self, job_id: str) -> JobRecord:
        return self._parse(job_id, self.redis.get(self.keys.job(job_id)))

    @_translated
    def get_and_acquire(self, job_id: str, key: str, token: str, seconds: int) -> tuple[JobRecord, bool]:
        pipe = self.redis.pipeline(transaction=False)
        pipe.get(self.keys.job(job_id))
        pipe.set(key, token, nx=True, ex=seconds)
        raw, acquired = pipe.execute()
        if raw is None and acquired:
            self.release(key, token)
        return self._parse(job_id, raw), bool(acquired)

    @_translated
    def update(
        self,
        job_id: str,
        mutate: Callable[[JobRecord], None] | None = None,
        *,
        alive_for: int | None = None,
        release: tuple[str, str] | None = None,
        **fields: Any,
    ) -> JobRecord:
        """One compare-and-set script call: the record as this store last saw it is
        replaced only if it is still the one in Redis; otherwise the script answers
        with the current record and the change is applied to that."""
        lock_key, token = release or (self.keys.job(job_id), "")
        keys = [self.keys.job(job_id), self.keys.job_events(job_id), self.keys.job_heartbeat(job_id), lock_key]
        expected: bytes | str = self._recall(job_id) or ""  # "" never matches: the script answers with the record
        while True:
            record = apply_change(self._parse(job_id, expected), mutate, fields) if expected else None
            raw = record.model_dump_json() if record is not None else ""
            event = [part for pair in event_fields(record).items() for part in pair] if record is not None else []
            args = [expected, raw, self.ttl, EVENTS_MAXLEN, alive_for or 0, f"{time.time()}", token, *event]
            done, *current = self._update(keys=keys, args=args)
            if done == 1 and record is not None:
                self._remember(record, raw)
                return record
            if not current:
                self._forget(job_id)
                raise job_not_found(job_id)
            expected = current[0]  # changed since we last saw it: apply the change to what it is now

    @_translated
    def delete(self, job_id: str) -> None:
        keys = [self.keys.job(job_id), self.keys.job_events(job_id), self.keys.job_text(job_id)]
        keys += [self.keys.job_heartbeat(job_id), self.keys.job_index()]
        answer = self._delete(keys=keys, args=[job_id])
        if answer == 1:  # outputs expire with the job anyway; this removes them now
            artifacts = self.redis.scan_iter(match=self.keys.job_artifact(job_id, "*"), count=1000)
            for batch in _batched(artifacts, 500):
                self.redis.delete(*batch)
        self._forget(job_id)
        if answer == 0:
            raise job_not_found(job_id)
        if isinstance(answer, bytes | str):  # the state of a job not finished
            raise JobPending(
                f"job {job_id} is {_s(answer)}, not finished: cancel it first, then delete it", job_id=job_id
            )

    @_translated
    def discard(self, job_id: str) -> None:
        pipe = self.redis.pipeline()  # DEL and ZREM free memory: a full Redis still runs them
        pipe.delete(self.keys.job(job_id), self.keys.job_events(job_id), self.keys.job_heartbeat(job_id))
        pipe.zrem(self.keys.job_index(), job_id)
        pipe.execute()
        self._forget(job_id)

    @_translated
    def running(self) -> list[JobRecord]:
        members = cast("list[bytes]", self.redis.zrange(self.keys.job_index(), 0, -1))  # no scores asked
        ids = [_s(i) for i in members]
        raws = self.redis.mget([self.keys.job(i) for i in ids]) if ids else []
        records = [JobRecord.model_validate_json(r) for r in raws if r]
        stale = [i for i, r in zip(ids, raws, strict=True) if r is None]
        if stale:  # expired records leave their index entries behind
            self.redis.zrem(self.keys.job_index(), *stale)
        return [r for r in records if not r.state.finished]

    def _parse(self, job_id: str, raw: bytes | str | None) -> JobRecord:
        if raw is None:
            self._forget(job_id)
            raise job_not_found(job_id)
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

    # -- events ---------------------------------------------------------------------------
    @_translated
    def events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[Event]:
        answer = self.redis.xread({self.keys.job_events(job_id): last_id}, block=block_ms, count=100)
        return _read(answer).get(self.keys.job_events(job_id), [])

    @_translated
    def text_event(self, job_id: str, fields: dict[str, str]) -> str:
        key = self.keys.job_text(job_id)
        pipe = self.redis.pipeline()
        pipe.xadd(key, _fields(fields), maxlen=TEXT_EVENTS_MAXLEN, approximate=True)
        pipe.expire(key, self.ttl)
        event_id, _ = pipe.execute()
        return _s(event_id)

    @_translated
    def text_events(self, job_id: str, last_id: str = "0", block_ms: int | None = None) -> list[Event]:
        answer = self.redis.xread({self.keys.job_text(job_id): last_id}, block=block_ms, count=100)
        return _read(answer).get(self.keys.job_text(job_id), [])

    @_translated
    def both_events(self, job_id: str, state_last: str, text_last: str) -> tuple[list[Event], list[Event]]:
        states, texts = self.keys.job_events(job_id), self.keys.job_text(job_id)
        got = _read(self.redis.xread({states: state_last, texts: text_last}, count=100))  # one XREAD: one moment
        return got.get(states, []), got.get(texts, [])

    # -- heartbeats and locks --------------------------------------------------------------
    @_translated
    def heartbeat(self, job_id: str, seconds: int) -> None:
        self.redis.set(self.keys.job_heartbeat(job_id), str(time.time()), ex=seconds)

    @_translated
    def alive(self, job_id: str) -> bool:
        return bool(self.redis.exists(self.keys.job_heartbeat(job_id)))

    @_translated
    def acquire(self, key: str, token: str, seconds: int) -> bool:
        return bool(self.redis.set(key, token, nx=True, ex=seconds))

    @_translated
    def refresh(self, key: str, token: str, seconds: int) -> bool:
        return bool(self._refresh(keys=[key], args=[token, seconds]))

    @_translated
    def release(self, key: str, token: str) -> None:
        self._release(keys=[key], args=[token])

    @_translated
    def held(self, key: str) -> bool:
        return bool(self.redis.exists(key))

    def queue_length(self, queue: str) -> int:
        return self.queued([queue])

    @_translated
    def queued(self, queues: list[str]) -> int:
        pipe = self.redis.pipeline(transaction=False)  # one round trip
        for queue in queues:
            pipe.llen(self.keys.celery_queue(queue))
        return sum(int(n) for n in pipe.execute())

    @_translated
    def broker_jobs(self, queues: list[str]) -> set[str] | None:
        """Reads every message on the queues and in kombu's unacknowledged hash (one
        round trip): the reaper asks only when a queued job has looked lost for long."""
        pipe = self.redis.pipeline(transaction=False)
        for queue in queues:
            for key in self.keys.celery_queue_keys(queue):
                pipe.lrange(key, 0, -1)
        pipe.hvals(self.keys.celery_unacked())
        *lists, unacked = pipe.execute()
        jobs = {job for raws in lists for raw in raws if (job := message_job(raw))}
        for raw in unacked:
            try:
                payload = json.loads(raw)[0]  # [message, exchange, routing key]
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            if job := message_job(payload):
                jobs.add(job)
        return jobs

    # -- artifacts ------------------------------------------------------------------------
    @_translated
    def put_artifact(self, job_id: str, name: str, obj: Any) -> None:
        self.redis.set(self.keys.job_artifact(job_id, name), json.dumps(obj, ensure_ascii=False), ex=self.ttl)

    @_translated
    def get_artifact(self, job_id: str, name: str) -> Any:
        raw = self.redis.get(self.keys.job_artifact(job_id, name))
        if raw is None:
            raise artifact_not_found(job_id, name)
        return json.loads(raw)


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


def message_job(message: bytes | str | dict[str, Any]) -> str | None:
    """The job a broker message is about: the first argument of a deepref task (every
    stage task takes the job id first), read from Celery's message (protocol 2: the
    body is ``[args, kwargs, embed]``, base64-encoded by kombu's Redis transport)."""
    try:
        payload = message if isinstance(message, dict) else json.loads(message)
        headers = payload.get("headers") or {}
        if not str(headers.get("task", "")).startswith("deepref."):
            return None
        body = payload["body"]
        if payload.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        return args[0] if args and isinstance(args[0], str) else None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def _batched(items: Iterable[Any], n: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch


def _s(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _read(answer: Any) -> dict[str, list[Event]]:
    """XREAD's answer (a list of [stream, entries], or None) as events by stream name."""
    return {
        _s(stream): [(_s(event_id), {_s(k): _s(v) for k, v in data.items()}) for event_id, data in entries]
        for stream, entries in answer or []
    }


def _fields(fields: dict[str, str]) -> dict[Any, Any]:
    """Event fields as redis-py types XADD's argument (a dict of any encodable keys and
    values; dict is invariant, so dict[str, str] is not one)."""
    return cast("dict[Any, Any]", fields)


if TYPE_CHECKING:  # mypy checks that this class has every method of the interface, with its types
    _conforms: type[JobStore] = RedisJobStore
