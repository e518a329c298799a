import asyncio
import time

import pytest
import redis.asyncio as aioredis

from deepref.search.ratelimit import MemoryRateLimiter, RedisRateLimiter
from deepref.worker.jobs.keys import Keys


async def _elapsed(limiter, n, key="k"):
    started = time.monotonic()
    await asyncio.gather(*(limiter.acquire(key) for _ in range(n)))
    return time.monotonic() - started


async def test_memory_limiter_spaces_requests():
    limiter = MemoryRateLimiter(rate_per_second=20, burst=1)
    assert await _elapsed(limiter, 5) >= 4 / 20 * 0.9
    assert await _elapsed(limiter, 1, key="other") < 0.05  # keys are independent


@pytest.mark.redis
async def test_redis_limiter_is_shared_between_clients(redis_client, redis_url, key_prefix):
    a = aioredis.Redis.from_url(redis_url)
    b = aioredis.Redis.from_url(redis_url)
    try:
        la = RedisRateLimiter(a, Keys(key_prefix), rate_per_second=20, burst=1)
        lb = RedisRateLimiter(b, Keys(key_prefix), rate_per_second=20, burst=1)
        started = time.monotonic()
        await asyncio.gather(*(lim.acquire("searxng") for lim in (la, lb, la, lb, la, lb)))
        assert time.monotonic() - started >= 5 / 20 * 0.9
    finally:
        await a.aclose()
        await b.aclose()


def test_bad_rates():
    with pytest.raises(ValueError):
        MemoryRateLimiter(0)
