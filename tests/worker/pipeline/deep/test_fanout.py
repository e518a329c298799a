"""A wide round's batches (worker/pipeline/deep/fanout.py) against a real local site, on
the Redis store and the in-memory one: helpers fetch batches in parallel, a helper
that died holding a batch costs only its lock's time, each page is fetched once,
and the pages come back in batch order whoever fetched them."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from deepref.search.models import SearchHit
from deepref.worker.errors import ArtifactNotFound
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.store import MemoryJobStore, RedisJobStore
from deepref.worker.pipeline.deep import fanout
from tests.fakes.server import ServerThread
from tests.fakes.topic_site import TopicSite

PAGES = 25  # three batches: 10, 10, 5


@pytest.fixture(params=["redis", "memory"])
def store(request, key_prefix):
    if request.param == "memory":
        return MemoryJobStore(Keys(key_prefix))
    return RedisJobStore(request.getfixturevalue("redis_client"), Keys(key_prefix), ttl=600)


@pytest.fixture
def site():
    site = TopicSite(delay=0.05)
    server = ServerThread(site.app).start()
    server.site = site
    yield server
    server.stop()


@pytest.fixture
async def res(key_prefix):
    from deepref.worker.pipeline.resources import build_resources, close_resources
    from deepref.worker.settings import Settings

    settings = Settings(
        _env_file=None,
        key_prefix=key_prefix,
        embedder="jaccard",
        fetch_allow=["loopback"],
        max_per_host=1000,
        fetch_host_rate_per_second=1000,
    )
    res = build_resources(settings, distributed=False)
    yield res
    await close_resources(res)


def hits(site) -> list[dict]:
    """The round's hits as a deep job stores them (JSON of SearchHit)."""
    return [
        dataclasses.asdict(SearchHit(f"{site.base_url}/page/wide-{i}", f"wide {i}", "", "searxng", "q", i + 1))
        for i in range(PAGES)
    ]


async def test_helpers_fetch_batches_and_a_dead_helpers_batch_is_taken_over(store, site, res):
    job = store.create("What do tidal lagoon costs depend on?").id
    asked: list[tuple[int, int]] = []
    helpers: list[asyncio.Task] = []
    taken: dict[str, list] = {}  # lock -> who took it (the task, or the dead helper's token)
    acquire = store.acquire

    def spy(key: str, token: str, seconds: int, **kw) -> bool:
        got = acquire(key, token, seconds, **kw)
        if got:
            taken.setdefault(key, []).append(token if token == "dead-helper" else asyncio.current_task())
        return got

    store.acquire = spy

    def fan_out(n: int, batches: int) -> None:
        asked.append((n, batches))
        # batch 1: a helper took it and died (its lock outlives it by a second);
        # batch 2: a helper in another "process" fetches it
        assert store.acquire(fanout.lock_key(store, job, n, 1), "dead-helper", 1)
        helpers.append(asyncio.get_running_loop().create_task(fanout.fetch_batch(store, res, None, job, n, 2)))

    out = await fanout.fetch_wide(store, res, None, job, 3, hits(site), fan_out)
    await asyncio.gather(*helpers)
    assert asked == [(3, 3)]
    round_task = asyncio.current_task()
    lock = {i: fanout.lock_key(store, job, 3, i) for i in range(3)}
    assert taken[lock[0]] == [round_task]
    assert taken[lock[1]] == ["dead-helper", round_task]  # taken over once the dead helper's lock expired
    assert taken[lock[2]] == [helpers[0]]  # the helper fetched batch 2, and the round used its output
    assert [d.url for d in out.documents] == [h["url"] for h in hits(site)] and not out.failures
    assert len(site.site.hits) == PAGES and set(site.site.hits.values()) == {1}  # each page once
    for i in range(3):  # completion is counted in the store: every batch's output is there
        assert len(store.get_artifact(job, fanout.out_name(3, i))["documents"]) == (10 if i < 2 else 5)
    # a late helper finds its batch done and fetches nothing
    assert await fanout.fetch_batch(store, res, None, job, 3, 1) is not None
    assert set(site.site.hits.values()) == {1}


async def test_without_helpers_the_round_fetches_every_page_itself(store, site, res):
    job = store.create("What do tidal lagoon costs depend on?").id
    out = await fanout.fetch_wide(store, res, None, job, 1, hits(site), None)
    assert len(out.documents) == PAGES and set(site.site.hits.values()) == {1}
    with pytest.raises(ArtifactNotFound):  # no batch was stored: nothing to share
        store.get_artifact(job, fanout.batch_name(1, 0))
