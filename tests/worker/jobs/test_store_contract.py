"""The job store's contract: every method of the ``JobStore`` interface, the same tests
on Redis and in memory (worker/jobs/store.py says what each promises)."""

from __future__ import annotations

import inspect
import threading

import pytest
import redis

from deepref.worker.errors import ArtifactNotFound, JobNotFound, JobPending, StoreUnavailable
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.models import JobState, ResearchOptions
from deepref.worker.jobs.redis_store import redis_errors, unavailable
from deepref.worker.jobs.store import JobStore, MemoryJobStore, RedisJobStore

IMPLEMENTATIONS = [RedisJobStore, MemoryJobStore]


@pytest.fixture(params=["redis", "memory"])
def store(request, key_prefix) -> JobStore:
    if request.param == "memory":
        return MemoryJobStore(Keys(key_prefix))
    return RedisJobStore(request.getfixturevalue("redis_client"), Keys(key_prefix), ttl=600)


# --------------------------------------------------------------------------- the interface
def interface_methods() -> list[str]:
    return sorted(name for name, value in vars(JobStore).items() if inspect.isfunction(value) and name[0] != "_")


@pytest.mark.parametrize("cls", IMPLEMENTATIONS, ids=lambda c: c.__name__)
def test_each_store_has_every_method_of_the_interface_with_its_parameters(cls):
    """mypy checks the types (``_conforms`` in each module); this checks the names,
    kinds and defaults, so a caller's keyword works on both stores."""
    assert len(interface_methods()) == 22
    for name in interface_methods():
        declared = inspect.signature(getattr(JobStore, name)).parameters
        implemented = inspect.signature(getattr(cls, name)).parameters
        for param in declared.values():
            assert param.name in implemented, f"{cls.__name__}.{name} has no parameter {param.name!r}"
            got = implemented[param.name]
            assert (got.kind, got.default) == (param.kind, param.default), f"{cls.__name__}.{name}({param.name})"
        extra = [p for p in implemented.values() if p.name not in declared and p.default is p.empty]
        assert not extra, f"{cls.__name__}.{name} needs more than the interface gives: {extra}"


def test_both_stores_are_job_stores_and_other_things_are_not(store):
    assert isinstance(store, JobStore)
    assert not isinstance(object(), JobStore)


# --------------------------------------------------------------------------- records
def test_create_get_and_the_first_event(store):
    record = store.create("What is BM25?", ResearchOptions(profile="seed"), queue="bulk")
    got = store.get(record.id)
    assert (got.question, got.options.profile, got.queue, got.state) == ("What is BM25?", "seed", "bulk", "queued")
    assert [e["state"] for _, e in store.events(record.id)] == ["queued"]
    assert store.create("q", job_id="mine").id == "mine"
    with pytest.raises(JobNotFound, match="never submitted"):
        store.get("missing")


def test_update_sets_fields_mutates_and_appends_one_event_each(store):
    record = store.create("q")
    store.update(record.id, state=JobState.searching, stage="search", progress=0.1)
    changed = store.update(record.id, mutate=lambda r: r.timings.__setitem__("search", 0.5))
    assert changed.timings == {"search": 0.5} and changed.stage == "search"
    got = store.get(record.id)
    assert got.state is JobState.searching and got.timings == {"search": 0.5}
    events = store.events(record.id)
    assert [e["state"] for _, e in events] == ["queued", "searching", "searching"]
    assert events[1][1]["stage"] == "search" and events[1][1]["progress"] == "0.100"
    with pytest.raises(JobNotFound):
        store.update("missing", message="x")


def test_a_returned_record_is_a_copy(store):
    record = store.create("q")
    record.message = "changed only here"
    store.get(record.id).timings["x"] = 1.0
    got = store.get(record.id)
    assert got.message == "" and got.timings == {}


def test_a_finished_job_stays_finished_unless_forced(store):
    record = store.create("q")
    store.update(record.id, state=JobState.cancelled)
    store.update(record.id, state=JobState.fetching, message="late")
    got = store.get(record.id)
    assert got.state is JobState.cancelled and got.message == ""
    store.update(record.id, message="webhook sent", force=True)
    assert store.get(record.id).message == "webhook sent" and store.get(record.id).state is JobState.cancelled


def test_update_refreshes_the_heartbeat_and_drops_only_its_own_lock(store):
    record = store.create("q")
    lock = store.keys.job_stage_lock(record.id, "fetch")
    assert store.acquire(lock, "mine", 5) and not store.alive(record.id)
    store.update(record.id, stage="fetch", alive_for=5, release=(lock, "theirs"))
    assert store.alive(record.id) and store.held(lock)
    store.update(record.id, message="done with it", release=(lock, "mine"))
    assert not store.held(lock) and store.get(record.id).message == "done with it"


def test_get_and_acquire_takes_the_lock_once_and_never_for_a_missing_job(store):
    record = store.create("q")
    lock = store.keys.job_stage_lock(record.id, "search")
    got, acquired = store.get_and_acquire(record.id, lock, "first", 5)
    assert got.id == record.id and acquired
    assert store.get_and_acquire(record.id, lock, "second", 5)[1] is False
    missing = store.keys.job_stage_lock("missing", "search")
    with pytest.raises(JobNotFound):
        store.get_and_acquire("missing", missing, "t", 5)
    assert not store.held(missing)


def test_delete_removes_a_finished_job_and_refuses_a_running_one(store):
    record = store.create("q")
    store.put_artifact(record.id, "search", {"hits": []})
    store.text_event(record.id, {"kind": "text", "data": "Hello"})
    store.update(record.id, state=JobState.searching, alive_for=30)
    with pytest.raises(JobPending, match="searching, not finished: cancel it first"):
        store.delete(record.id)
    assert store.get(record.id).state is JobState.searching  # left as it was
    store.update(record.id, state=JobState.cancelled)
    store.delete(record.id)
    with pytest.raises(JobNotFound):
        store.get(record.id)
    with pytest.raises(ArtifactNotFound):
        store.get_artifact(record.id, "search")
    assert store.events(record.id) == [] and store.text_events(record.id) == []
    assert not store.alive(record.id)
    with pytest.raises(JobNotFound):
        store.delete(record.id)


def test_discard_removes_a_job_whatever_its_state(store):
    """What a submit whose message the broker refused does: no half-made record."""
    record = store.create("q")
    store.discard(record.id)
    with pytest.raises(JobNotFound):
        store.get(record.id)
    assert record.id not in [r.id for r in store.running()] and store.events(record.id) == []
    store.discard(record.id)  # nothing left: nothing to do


def test_running_lists_the_jobs_not_finished(store):
    running, done = store.create("a"), store.create("b")
    store.update(done.id, state=JobState.done)
    assert [r.id for r in store.running()] == [running.id]


# --------------------------------------------------------------------------- events
def test_events_after_an_id_and_at_most_a_hundred(store):
    record = store.create("q")
    for n in range(120):
        store.update(record.id, message=f"m{n}")
    first = store.events(record.id)
    assert len(first) == 100 and first[0][1]["message"] == ""
    rest = store.events(record.id, first[-1][0])
    assert [e["message"] for _, e in rest] == [f"m{n}" for n in range(99, 120)]
    assert store.events(record.id, rest[-1][0]) == []
    ids = [i for i, _ in first + rest]
    assert len(set(ids)) == len(ids) == 121


def test_events_wait_for_the_next_one_when_asked(store):
    record = store.create("q")
    last = store.events(record.id)[-1][0]
    assert store.events(record.id, last, block_ms=50) == []  # none came: the wait ends
    reading = threading.Event()
    got: list = []

    def follow() -> None:
        reading.set()
        got.extend(store.events(record.id, last, block_ms=10_000))

    follower = threading.Thread(target=follow)
    follower.start()
    reading.wait(5)
    store.update(record.id, message="news")
    follower.join(10)
    assert [e["message"] for _, e in got] == ["news"]


def test_text_events_are_a_stream_of_their_own(store):
    record = store.create("q")
    ids = [store.text_event(record.id, {"kind": "text", "data": word}) for word in ("Hello", " world")]
    assert len(set(ids)) == 2
    events = store.text_events(record.id)
    assert [(i, e["data"]) for i, e in events] == [(ids[0], "Hello"), (ids[1], " world")]
    assert store.text_events(record.id, ids[0]) == [(ids[1], {"kind": "text", "data": " world"})]
    assert [e["state"] for _, e in store.events(record.id)] == ["queued"]  # state events are apart


def test_both_events_reads_both_streams_after_their_ids(store):
    record = store.create("q")
    text_id = store.text_event(record.id, {"kind": "text", "data": "A"})
    store.update(record.id, state=JobState.generating)
    store.text_event(record.id, {"kind": "text", "data": "B"})
    states, texts = store.both_events(record.id, "0", "0")
    assert [e["state"] for _, e in states] == ["queued", "generating"]
    assert [e["data"] for _, e in texts] == ["A", "B"]
    states, texts = store.both_events(record.id, states[-1][0], text_id)
    assert states == [] and [e["data"] for _, e in texts] == ["B"]


# --------------------------------------------------------------------------- heartbeats and locks
def test_a_lock_is_held_refreshed_and_released_only_by_its_owner(store):
    key = store.keys.job_stage_lock("j", "fetch")
    assert store.acquire(key, "mine", 5)
    assert not store.acquire(key, "theirs", 5)
    assert store.refresh(key, "mine", 5) and not store.refresh(key, "theirs", 5)
    store.release(key, "theirs")  # not theirs to drop
    assert store.held(key)
    store.release(key, "mine")
    assert not store.held(key) and store.acquire(key, "theirs", 5)
    assert not store.refresh(store.keys.job_stage_lock("j", "chunk"), "mine", 5)  # nobody's: nothing to extend


def test_a_heartbeat_says_the_job_is_alive(store):
    assert not store.alive("j")
    store.heartbeat("j", 30)
    assert store.alive("j") and not store.alive("k")
    store.heartbeat("j", 30)  # a second beat replaces the first
    assert store.alive("j")


def test_nothing_waits_on_queues_nobody_filled(store):
    assert store.queue_length("deepref-test-none") == 0
    assert store.queued(["deepref-test-none", "deepref-test-other"]) == 0
    assert store.broker_jobs(["deepref-test-none"]) == (None if isinstance(store, MemoryJobStore) else set())


# --------------------------------------------------------------------------- artifacts
def test_an_artifact_comes_back_as_json_gives_it(store):
    record = store.create("q")
    store.put_artifact(record.id, "search", {"hits": [1, 2], "pair": (3, 4), "text": "日本"})
    assert store.get_artifact(record.id, "search") == {"hits": [1, 2], "pair": [3, 4], "text": "日本"}
    store.put_artifact(record.id, "search", {"hits": []})  # a retried stage writes it again
    assert store.get_artifact(record.id, "search") == {"hits": []}
    with pytest.raises(ArtifactNotFound, match="no 'fetch' output") as info:
        store.get_artifact(record.id, "fetch")
    assert isinstance(info.value, JobNotFound) and info.value.job_id == record.id


# --------------------------------------------------------------------------- Redis's errors
def test_every_redis_error_of_the_store_is_store_unavailable_naming_the_server():
    client = redis.Redis.from_url("redis://:secret@127.0.0.1:1/0", socket_connect_timeout=0.5)
    store = RedisJobStore(client, Keys("x"), 60, url_for_errors="redis://:***@127.0.0.1:1/0")
    calls = {
        "create": lambda: store.create("q"),
        "get": lambda: store.get("j"),
        "get_and_acquire": lambda: store.get_and_acquire("j", "k", "t", 5),
        "update": lambda: store.update("j", message="m"),
        "delete": lambda: store.delete("j"),
        "running": store.running,
        "events": lambda: store.events("j"),
        "text_event": lambda: store.text_event("j", {"kind": "text"}),
        "text_events": lambda: store.text_events("j"),
        "both_events": lambda: store.both_events("j", "0", "0"),
        "heartbeat": lambda: store.heartbeat("j", 5),
        "alive": lambda: store.alive("j"),
        "acquire": lambda: store.acquire("k", "t", 5),
        "refresh": lambda: store.refresh("k", "t", 5),
        "release": lambda: store.release("k", "t"),
        "held": lambda: store.held("k"),
        "queue_length": lambda: store.queue_length("q"),
        "queued": lambda: store.queued(["q"]),
        "broker_jobs": lambda: store.broker_jobs(["q"]),
        "discard": lambda: store.discard("j"),
        "put_artifact": lambda: store.put_artifact("j", "a", {}),
        "get_artifact": lambda: store.get_artifact("j", "a"),
    }
    assert sorted(calls) == interface_methods()
    for name, call in calls.items():
        with pytest.raises(StoreUnavailable) as info:
            call()
        message = str(info.value)
        assert "127.0.0.1:1" in message and "DEEPREF_REDIS_URL" in message and "secret" not in message, name
        assert isinstance(info.value.__cause__, redis.ConnectionError), name


def test_an_expired_record_left_in_the_index_is_dropped_by_running(redis_client, key_prefix):
    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    kept, expired = store.create("a"), store.create("b")
    redis_client.delete(store.keys.job(expired.id))
    assert [r.id for r in store.running()] == [kept.id]
    assert redis_client.zrange(store.keys.job_index(), 0, -1) == [kept.id.encode()]


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (redis.exceptions.OutOfMemoryError("OOM command not allowed"), "is full"),
        (redis.exceptions.ReadOnlyError("You can't write against a read only replica."), "read-only replica"),
        (redis.exceptions.AuthenticationError("invalid password"), "refused the credentials"),
        (redis.exceptions.TimeoutError("Timeout reading from socket"), "did not answer in time"),
        (redis.exceptions.ResponseError("unknown command 'XADD'"), "refused a command"),
        (redis.exceptions.ConnectionError("Connection refused"), "cannot reach Redis"),
    ],
)
def test_a_redis_error_says_what_to_do(error, says):
    translated = unavailable(error, "redis://h:6379/0")
    assert says in str(translated) and "redis://h:6379/0" in str(translated) and translated.retryable
    with pytest.raises(StoreUnavailable, match=says) as info, redis_errors("redis://h:6379/0"):
        raise error
    assert info.value.__cause__ is error
