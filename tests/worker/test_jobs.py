from __future__ import annotations

import pytest

from reference.errors import JobNotFound, StoreUnavailable
from worker.jobs import JobStore, MemoryJobStore
from worker.keys import Keys
from worker.models import JobState, ResearchOptions


@pytest.fixture(params=["redis", "memory"])
def store(request, redis_client, key_prefix):
    if request.param == "memory":
        return MemoryJobStore()
    return JobStore(redis_client, Keys(key_prefix), ttl=600)


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
    store = JobStore(redis_client, Keys(key_prefix), ttl=600)
    record = store.create("q")
    keys = {k.decode() for k in redis_client.scan_iter(match=f"{key_prefix}:*")}
    assert f"{key_prefix}:job:{record.id}" in keys
    assert 0 < redis_client.ttl(f"{key_prefix}:job:{record.id}") <= 600


def test_redis_down_is_a_clear_error():
    import redis

    store = JobStore(
        redis.Redis.from_url("redis://:secret@127.0.0.1:1/0", socket_connect_timeout=0.5),
        Keys("x"),
        60,
        url_for_errors="redis://:***@127.0.0.1:1/0",
    )
    with pytest.raises(StoreUnavailable) as info:
        store.create("q")
    assert "DEEPREF_REDIS_URL" in str(info.value) and "secret" not in str(info.value)
