"""Redis failure modes, reproduced on a redis-server of the test's own.

The restart (SIGKILL, back from the append-only file) is in test_pipeline_e2e.py;
here Redis runs out of memory with the policy docker-compose sets (noeviction)."""

from __future__ import annotations

import pytest
import redis

from deepref.worker.errors import StoreUnavailable
from deepref.worker.queues import INTERACTIVE_QUEUE
from tests.e2e.support import PrivateRedis, results

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]


def test_a_full_redis_refuses_new_jobs_clearly_and_loses_no_queued_one(
    worker_env, start_worker, client_for, searxng_server, web_site, tmp_path
):
    """With noeviction a full Redis refuses writes; it never drops a queued message
    or a job record to make room (what an LRU policy would do, silently)."""
    server = PrivateRedis(tmp_path, "--maxmemory", "64mb", "--maxmemory-policy", "noeviction")
    server.start()
    env = {**worker_env, "DEEPREF_REDIS_URL": server.url}
    filler = redis.Redis.from_url(server.url)
    try:
        searxng_server.fake.default = results(web_site, "/article")
        client = client_for(env)
        queued = client.submit("Which tidal plant is the largest?")  # no worker yet: it waits on the queue
        for i in range(32):  # other data fills it up (2 MiB) ...
            filler.set(f"filler:{i}", b"x" * 64 * 1024)
        filler.config_set("maxmemory", "1mb")  # ... past its limit: it is full
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            filler.set("one-more", b"x")
        with pytest.raises(StoreUnavailable, match="is full"):
            client.submit("And the second largest?")
        assert client.status(queued).state.value == "queued"  # nothing was evicted
        assert client.store.queue_length(INTERACTIVE_QUEUE) >= 1
        filler.config_set("maxmemory", "64mb")  # the operator gives it room
        start_worker("after-full", DEEPREF_REDIS_URL=server.url)
        assert client.result(queued, wait=True, timeout=90).references
    finally:
        filler.close()
        server.kill()
