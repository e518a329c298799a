"""The job store (Redis and memory, same tests) and the job lifecycle on it."""

from __future__ import annotations

import json
import threading
import time

import pytest

from deepref.search.errors import RateLimitedError, SearchError
from deepref.worker.errors import (
    BlockedAddressError,
    FetchError,
    GenerationError,
    JobNotFound,
    QuestionError,
    StoreUnavailable,
)
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.lifecycle import JobLifecycle, RunsElsewhere, Skip
from deepref.worker.jobs.models import JobState, ResearchOptions, ResearchResult
from deepref.worker.jobs.store import MemoryJobStore, RedisJobStore
from tests.e2e.support import wait_until


@pytest.fixture(params=["redis", "memory"])
def store(request, key_prefix):
    if request.param == "memory":
        return MemoryJobStore(Keys(key_prefix))
    return RedisJobStore(request.getfixturevalue("redis_client"), Keys(key_prefix), ttl=600)


def test_lifecycle_and_events(store):
    record = store.create("What is BM25?", ResearchOptions(profile="seed"))
    assert store.get(record.id).options.profile == "seed"
    store.update(record.id, state=JobState.searching, stage="search", progress=0.1)
    store.update(record.id, mutate=lambda r: r.timings.__setitem__("search", 0.5))
    got = store.get(record.id)
    assert got.state is JobState.searching and got.timings == {"search": 0.5}
    states = [e["state"] for _, e in store.events(record.id)]
    assert states == ["queued", "searching", "searching"]


def test_finished_jobs_stay_finished(store):
    record = store.create("q")
    store.update(record.id, state=JobState.cancelled)
    store.update(record.id, state=JobState.fetching)
    assert store.get(record.id).state is JobState.cancelled


def test_artifacts_and_missing(store):
    record = store.create("q")
    store.put_artifact(record.id, "search", {"hits": [1, 2]})
    assert store.get_artifact(record.id, "search") == {"hits": [1, 2]}
    with pytest.raises(JobNotFound):
        store.get_artifact(record.id, "fetch")
    with pytest.raises(JobNotFound, match="never submitted"):
        store.get("missing")


def test_keys_carry_the_prefix_and_expire(redis_client, key_prefix):
    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    record = store.create("q")
    keys = {k.decode() for k in redis_client.scan_iter(match=f"{key_prefix}:*")}
    assert f"{key_prefix}:job:{record.id}" in keys
    assert 0 < redis_client.ttl(f"{key_prefix}:job:{record.id}") <= 600


def test_redis_down_is_a_clear_error():
    import redis

    store = RedisJobStore(
        redis.Redis.from_url("redis://:secret@127.0.0.1:1/0", socket_connect_timeout=0.5),
        Keys("x"),
        60,
        url_for_errors="redis://:***@127.0.0.1:1/0",
    )
    with pytest.raises(StoreUnavailable) as info:
        store.create("q")
    assert "DEEPREF_REDIS_URL" in str(info.value) and "secret" not in str(info.value)


# --------------------------------------------------------------------------- locks
def elapse(store, seconds: float) -> None:
    """Let ``seconds`` pass for every lock and heartbeat of the store (and only for them):
    Redis's TTLs are shortened (a key whose TTL runs out is gone, as Redis would drop
    it), the memory store's expiry times are moved closer."""
    if isinstance(store, MemoryJobStore):
        with store._lock:
            for key, (token, expires) in store._locks.items():
                store._locks[key] = (token, expires - seconds)
        return
    for key in store.redis.scan_iter(match=f"{store.keys.prefix}:*"):
        left = store.redis.pttl(key)
        if left > 0:  # -1: no expiry, -2: already gone
            store.redis.pexpire(key, max(0, left - int(seconds * 1000)))  # 0 deletes it


def test_heartbeat_expires(store):
    """Redis's own clock expires the heartbeat (the shortest TTL, one second); the memory
    store's is aged."""
    store.heartbeat("j", 1)
    assert store.alive("j")
    if isinstance(store, MemoryJobStore):
        elapse(store, 0.9)
        assert store.alive("j")
        elapse(store, 0.2)
    else:
        assert 0 < store.redis.pttl(store.keys.job_heartbeat("j")) <= 1000
        wait_until(lambda: not store.alive("j"), 5, "the heartbeat to expire")
    assert not store.alive("j")


def test_elapse_expires_only_what_has_run_out(store):
    """The tests' clock: time passes for a lock without ending it early or late."""
    key = store.keys.job_stage_lock("j", "fetch")
    assert store.acquire(key, "mine", 3)
    elapse(store, 2.5)
    assert store.held(key) and not store.acquire(key, "theirs", 3)
    elapse(store, 0.6)
    assert not store.held(key) and store.acquire(key, "theirs", 3)


def test_a_store_whose_memory_of_a_record_is_stale_applies_its_change_to_the_current_one(redis_client, key_prefix):
    """Two processes, each with its store: what one wrote is never lost by the other's
    change computed from the record as it was (compare-and-set, then again)."""
    worker, api = (RedisJobStore(redis_client, Keys(key_prefix), ttl=600) for _ in range(2))
    life = JobLifecycle(worker, heartbeat_seconds=1)
    claim = life.claim(life.submit("q").id, "search", "t")  # the worker remembers the record it wrote
    api.update(claim.job_id, mutate=lambda r: r.attempts.__setitem__("probe", 7))
    assert life.finish(claim)
    record = api.get(claim.job_id)
    assert record.attempts["probe"] == 7 and "search" in record.timings  # both changes kept
    claim = life.claim(claim.job_id, "fetch", "t")
    JobLifecycle(api).cancel(claim.job_id)
    assert not life.finish(claim)  # the worker's finish lands on the cancelled record: it stays cancelled
    record = worker.get(claim.job_id)
    assert record.state is JobState.cancelled and "fetch" not in record.timings
    assert not worker.held(worker.keys.job_stage_lock(claim.job_id, "fetch"))  # the lock is dropped all the same
    states = [e["state"] for _, e in worker.events(claim.job_id)]
    assert states[-1] == "cancelled" and states.count("cancelled") == 2  # the cancel, then the finish's no-op


def test_a_record_expired_under_a_stores_memory_is_not_found(redis_client, key_prefix):
    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    record = store.create("q")
    redis_client.delete(store.keys.job(record.id))
    with pytest.raises(JobNotFound):
        store.update(record.id, message="too late")
    assert redis_client.get(store.keys.job(record.id)) is None  # not written back from memory


# --------------------------------------------------------------------------- the lifecycle
def result_for(claim) -> ResearchResult:
    """What the last stage returns: the result, with the earlier stages' timings."""
    return ResearchResult(question="q", answer="a", answer_mode="extractive", timings=dict(claim.record.timings))


def test_a_job_runs_every_stage_in_order(store):
    life = JobLifecycle(store, heartbeat_seconds=1, max_retries=1)
    job = life.submit("q")
    for stage in ("search", "fetch", "chunk", "generate", "build_references"):
        claim = life.claim(job.id, stage, "t")
        assert claim.record.stage == stage and claim.attempt == 1
        assert store.held(store.keys.job_stage_lock(job.id, stage)) and store.alive(job.id)
        assert life.finish(claim, result_for(claim))
        assert not store.held(store.keys.job_stage_lock(job.id, stage))
    record = store.get(job.id)
    assert record.state is JobState.done and record.progress == 1.0
    assert set(record.timings) == set(record.result.timings) == {
        "search", "fetch", "chunk", "generate", "build_references"
    }  # fmt: skip
    states = [e["state"] for _, e in store.events(job.id)]
    assert states[0] == "queued" and states[-1] == "done"
    assert states.index("searching") < states.index("fetching") < states.index("referencing")


def test_a_running_stage_keeps_its_lock_past_the_lock_lifetime(store):
    life = JobLifecycle(store, heartbeat_seconds=0.05)  # lock and heartbeat live 2 s unless refreshed
    claim = life.claim(life.submit("q").id, "fetch", "t")
    lock = store.keys.job_stage_lock(claim.job_id, "fetch")
    beats = threading.Semaphore(0)
    beat = life.keep_alive
    life.keep_alive = lambda c: (beat(c), beats.release())
    with life.heartbeat(claim) as heartbeat:
        for _ in range(3):  # 4.5 s in all: more than twice the lock's lifetime
            elapse(store, 1.5)
            for _ in range(2):  # the second beat surely started after the time passed
                assert beats.acquire(timeout=10), "no heartbeat"
            assert store.held(lock) and store.alive(claim.job_id)
    assert not heartbeat._thread.is_alive()  # no one refreshes them now
    elapse(store, life.lock_seconds)
    assert not store.held(lock) and not store.alive(claim.job_id)


def test_a_second_delivery_of_a_running_stage_does_not_run(store):
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    life.claim(job.id, "search", "first")
    with pytest.raises(RunsElsewhere, match="runs elsewhere") as info:
        life.claim(job.id, "search", "second")
    assert info.value.wait == life.lock_seconds  # not dropped: it looks again once the lock could have expired
    assert store.get(job.id).attempts == {"search": 1}


def test_a_finished_stage_delivered_again_continues_the_job_once(store):
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    life.finish(life.claim(job.id, "search", "t"))
    queued: list[tuple[str, str]] = []
    with pytest.raises(Skip, match="already finished"):
        life.claim(job.id, "search", "t", enqueue=lambda stage, job_id: queued.append((stage, job_id)))
    assert queued == [("fetch", job.id)]  # the worker died before queuing fetch: queue it
    life.finish(life.claim(job.id, "fetch", "t"))
    life.claim(job.id, "chunk", "t")
    with pytest.raises(Skip):  # the job moved on: someone else queued what follows
        life.claim(job.id, "fetch", "t", enqueue=lambda stage, job_id: queued.append((stage, job_id)))
    assert queued == [("fetch", job.id)]


def test_cancel_while_a_stage_runs_stops_at_the_boundary_and_stays_cancelled(store):
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    claim = life.claim(job.id, "generate", "t")
    life.cancel(job.id)
    assert not life.finish(claim)  # the stage ends; the caller must not go on
    with pytest.raises(Skip, match="cancelled"):
        life.claim(job.id, "build_references", "t")
    record = store.get(job.id)
    assert record.state is JobState.cancelled and "generate" not in record.timings


def test_a_stage_started_too_often_fails_the_job(store):
    life = JobLifecycle(store, heartbeat_seconds=1, max_retries=0)  # at most 2 starts
    job = life.submit("q")
    for token in ("a", "b"):
        life.release(life.claim(job.id, "fetch", token))  # started, never finished
    with pytest.raises(Skip):
        life.claim(job.id, "fetch", "c")
    record = store.get(job.id)
    assert record.state is JobState.failed
    assert record.error.stage == "fetch" and record.error.type == "WorkerLost"


@pytest.mark.parametrize(
    ("error", "retryable"),
    [
        (GenerationError("HTTP 401", retryable=False), False),
        (GenerationError("timeout", retryable=True), True),
        (SearchError("down"), True),
        (RateLimitedError("429"), True),
        (StoreUnavailable("gone"), True),
        (FetchError("x", url="u", reason="timeout"), True),
        (FetchError("x", url="u", reason="http-503"), True),
        (FetchError("x", url="u", reason="http-404"), False),
        (BlockedAddressError("x", url="u", reason="blocked-address"), False),
        (QuestionError("empty"), False),
        (ValueError("a bug"), False),
    ],
)
def test_retry_is_decided_by_the_errors_property(error, retryable):
    life = JobLifecycle(MemoryJobStore(), max_retries=2)
    first = life.retry_decision(error, 0)
    assert first.retry is retryable
    if retryable:
        assert first.countdown == 2.0 and life.retry_decision(error, 1).countdown == 4.0
        assert not life.retry_decision(error, 2).retry  # retries used up
    else:
        assert first.why == "not retryable"


def test_a_failed_stage_names_the_stage_and_the_reason(store):
    life = JobLifecycle(store, max_retries=0)
    job = life.submit("q")
    claim = life.claim(job.id, "generate", "t")
    error = GenerationError("the LLM endpoint rejected the key", retryable=True)
    life.failed(claim, error, life.retry_decision(error, 0).why)
    record = store.get(job.id)
    assert record.state is JobState.failed and record.error.stage == "generate"
    assert record.error.message == "the LLM endpoint rejected the key (after 1 attempts)"
    assert not store.held(store.keys.job_stage_lock(job.id, "generate"))


# --------------------------------------------------------------------------- the reaper
def age(store, job_id: str, seconds: float) -> None:
    """Make the record look unchanged for ``seconds`` (what a dead worker leaves)."""
    store.update(job_id, mutate=lambda r: None)
    if isinstance(store, MemoryJobStore):
        store._records[job_id].updated_at -= seconds
        store._records[job_id].created_at -= seconds
    else:
        record = store.get(job_id)
        record.updated_at -= seconds
        record.created_at -= seconds
        store.redis.set(store.keys.job(job_id), record.model_dump_json())


def test_reaper_requeues_a_vanished_stage_and_fails_one_that_keeps_vanishing(store):
    life = JobLifecycle(store, heartbeat_seconds=1, max_retries=0)
    alive, vanished, doomed = (life.submit(q) for q in ("alive", "vanished", "doomed"))
    running = life.claim(alive.id, "fetch", "t")
    life.claim(vanished.id, "generate", "t")
    for token in ("a", "b"):
        life.release(life.claim(doomed.id, "chunk", token))
    elapse(store, life.lock_seconds)  # heartbeats (3 beats) expire
    life.keep_alive(running)  # this one's worker is alive: its heartbeat is fresh
    age(store, vanished.id, 10)
    age(store, doomed.id, 10)
    queued: list[tuple[str, str]] = []
    reaped = life.reap(lambda stage, job_id: queued.append((stage, job_id)))
    assert queued == [("generate", vanished.id)]
    assert reaped.failed == [doomed.id] and reaped.alive == 1
    doomed_record = store.get(doomed.id)
    assert doomed_record.state is JobState.failed and doomed_record.error.type == "WorkerLost"
    assert "vanished 2 times" in doomed_record.error.message
    assert store.get(vanished.id).state is JobState.generating  # waiting for its new start


def test_watchdog_notices_a_queue_nobody_consumes(redis_client, key_prefix):
    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    assert not life.reap(lambda *a: None).stalled  # just queued: not late yet
    age(store, job.id, 10)
    assert not life.reap(lambda *a: None).stalled  # late, but the queue is empty (a lost message, not a stall)
    redis_client.rpush(store.keys.celery_queue("deepref.interactive"), "{}")  # a message waits on the broker
    assert life.reap(lambda *a: None).stalled


# --------------------------------------------------------------------------- the embedded runner
def test_the_embedded_runner_goes_through_the_same_lifecycle(monkeypatch):
    """``deepref research``: no Redis, no worker; the lifecycle on a memory store."""
    import os
    from pathlib import Path

    from deepref.worker.pipeline.embedded import run_research
    from deepref.worker.settings import Settings

    for key in [k for k in os.environ if k.startswith("DEEPREF_")]:
        monkeypatch.delenv(key)
    corpus = Path(__file__).resolve().parents[3] / "examples" / "corpus"
    settings = Settings(redis_url="redis://127.0.0.1:1/0", embedder="jaccard")  # never reached
    seen: list[tuple[str, float, str]] = []
    result = run_research(
        "How does deepref refuse requests to private addresses?",
        ResearchOptions(provider="local", corpus_dir=str(corpus)),
        settings=settings,
        on_progress=lambda stage, progress, state: seen.append((stage, progress, state)),
    )
    assert [state for _, _, state in seen] == [
        "searching", "fetching", "chunking", "generating", "referencing", "done"
    ]  # fmt: skip
    assert [p for _, p, _ in seen] == sorted(p for _, p, _ in seen) and seen[-1][:2] == ("done", 1.0)
    assert set(result.timings) == {"search", "fetch", "chunk", "generate", "build_references"}
    assert result.references


# --------------------------------------------------------------------------- the client's wait
def test_the_client_waits_on_events_and_reads_the_record_once_the_job_ended(redis_client, key_prefix):
    import threading

    from deepref.worker.client import Client
    from deepref.worker.errors import JobCancelled, JobTimeout
    from deepref.worker.settings import Settings

    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    client = Client(Settings(key_prefix=key_prefix), store=store)
    life = JobLifecycle(store, heartbeat_seconds=1)

    def run(job_id: str, cancel_after: str | None = None, following: _Counting | None = None) -> None:
        for stage in ("search", "fetch", "chunk", "generate", "build_references"):
            if following is not None:  # each stage once the client waits on the events so far
                following.wait_for_a_read_of_events()
            claim = life.claim(job_id, stage, "t")
            if stage == cancel_after:
                life.cancel(job_id)
            if not life.finish(claim, result_for(claim)):
                return  # cancelled: nothing after it runs

    reads: list[str] = []
    client.store = counting = _Counting(store, reads)
    job = life.submit("q")
    worker = threading.Thread(target=run, args=(job.id, None, counting))
    worker.start()
    assert client.result(job.id, wait=True, timeout=20).answer == "a"
    worker.join()
    assert len(store.events(job.id)) == 11  # queued, then a claim and a finish per stage
    assert counting.batches >= 5  # the client saw the events come in stage by stage
    assert len(reads) <= 3  # the record is read at first and once an event says the job ended, not per event
    client.store = store

    job = life.submit("q")
    worker = threading.Thread(target=run, args=(job.id, "fetch"))
    worker.start()
    with pytest.raises(JobCancelled):
        client.result(job.id, wait=True, timeout=20)
    worker.join()

    job = life.submit("q")
    life.claim(job.id, "search", "t")  # runs, never ends: events came, none says it ended
    started = time.monotonic()
    with pytest.raises(JobTimeout):
        client.result(job.id, wait=True, timeout=0.6)
    assert 0.5 < time.monotonic() - started < 5


class _Counting:
    """A store that notes every record read (``get``) and passes everything on."""

    def __init__(self, store, reads: list[str]):
        self._store, self._reads = store, reads
        self._events_read = threading.Condition()
        self._calls = self._seen = self.batches = 0

    def get(self, job_id: str):
        self._reads.append(job_id)
        return self._store.get(job_id)

    def events(self, *args, **kwargs):
        with self._events_read:
            self._calls += 1
            self._events_read.notify_all()
        events = self._store.events(*args, **kwargs)
        self.batches += bool(events)
        return events

    def wait_for_a_read_of_events(self) -> None:
        """Until the client has asked for events once more since the last call."""
        with self._events_read:
            assert self._events_read.wait_for(lambda: self._calls > self._seen, timeout=10), "the client never waited"
            self._seen = self._calls

    def __getattr__(self, name: str):
        return getattr(self._store, name)


# ------------------------------------------------------- a stage claimed by a message that ran on
def test_a_finished_stage_of_a_job_that_moved_on_says_where_it_is_when_asked(store):
    from deepref.worker.jobs.lifecycle import Moved

    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    life.finish(life.claim(job.id, "search", "t"))
    life.claim(job.id, "fetch", "t")
    with pytest.raises(Moved) as info:
        life.claim(job.id, "search", "t", follow=True)
    assert info.value.stage == "fetch"
    with pytest.raises(Skip) as plain:  # without follow: skipped as before
        life.claim(job.id, "search", "t")
    assert not isinstance(plain.value, Moved)


def test_the_reaper_queues_again_a_queued_job_whose_message_vanished(redis_client, key_prefix):
    """A queued job with no message in the queue or the unacknowledged hash, unchanged
    for ``lost_message_seconds`` and whose stage lock nobody holds, is queued again;
    after ``max_starts`` such losses it fails with the reason."""
    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    life = JobLifecycle(store, heartbeat_seconds=1, max_retries=0, lost_message_seconds=5)
    lost, waiting, running = (life.submit(q) for q in ("lost", "waiting", "held"))
    message = _celery_message("deepref.search", waiting.id)
    redis_client.lpush(store.keys.celery_queue("deepref.interactive"), json.dumps(message))
    store.acquire(store.keys.job_stage_lock(running.id, "search"), "someone", 60)
    queued: list[tuple[str, str]] = []
    assert not life.reap(lambda stage, job_id: queued.append((stage, job_id))).requeued  # not for long yet
    for job in (lost, waiting, running):
        age(store, job.id, 10)
    reaped = life.reap(lambda stage, job_id: queued.append((stage, job_id)))
    assert queued == [("search", lost.id)] and reaped.requeued == [lost.id]
    record = store.get(lost.id)
    assert record.state is JobState.queued and record.attempts == {"requeued": 1}
    assert "lost from the broker" in record.message
    # in the unacknowledged hash (a worker took it): not lost either
    redis_client.hset(store.keys.celery_unacked(), "tag", json.dumps([message, "", "deepref.interactive"]))
    assert store.broker_jobs(["deepref.interactive"]) == {waiting.id}
    for _ in range(life.max_starts):  # lost again and again
        age(store, lost.id, 10)
        life.reap(lambda *a: None)
    record = store.get(lost.id)
    assert record.state is JobState.failed and record.error.type == "MessageLost", record
    assert "lost this job's message" in record.error.message


def _celery_message(task: str, job_id: str) -> dict:
    """A Celery protocol 2 message as kombu's Redis transport stores it."""
    import base64

    body = base64.b64encode(json.dumps([[job_id], {}, {}]).encode()).decode()
    return {"body": body, "headers": {"task": task, "id": "x"}, "properties": {"body_encoding": "base64"}}


def test_a_job_the_broker_refused_leaves_no_record(redis_client, key_prefix, monkeypatch):
    """Submit: the record is made, the broker refuses the message (full): the record
    is removed and the error names the cause."""
    import redis as redis_lib
    from kombu.exceptions import OperationalError

    from deepref.worker.client import Client, broker_refusal
    from deepref.worker.errors import StoreUnavailable
    from deepref.worker.settings import Settings

    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    client = Client(Settings(_env_file=None, key_prefix=key_prefix), store=store)

    def refuse(*args, **kwargs):
        try:
            raise redis_lib.exceptions.OutOfMemoryError("command not allowed when used memory > 'maxmemory'.")
        except redis_lib.RedisError as exc:
            raise OperationalError(str(exc)) from exc

    monkeypatch.setattr(client, "enqueue", refuse)
    with pytest.raises(StoreUnavailable, match=r"not queued: Redis at .* is full \(maxmemory reached"):
        client.submit("What is a tidal lagoon?")
    assert not store.running() and redis_client.zcard(store.keys.job_index()) == 0
    down = broker_refusal(OperationalError("Error 111 connecting"), "redis://x")
    assert "cannot queue on the broker at redis://x" in str(down)
    unreachable = redis_lib.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused.")
    try:
        raise OperationalError(str(unreachable)) from unreachable
    except OperationalError as exc:
        assert "cannot reach Redis at redis://x" in str(broker_refusal(exc, "redis://x"))
