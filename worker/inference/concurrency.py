"""How many chat requests may go to one model at once, across every worker.

A burst of jobs (a report's sections, many API callers) would otherwise send as
many requests as there are worker processes and trip the provider's rate limit.
:class:`RedisSlots` is a counting semaphore in Redis: a sorted set per model of
lease tokens scored by their expiry. Taking a slot first drops expired leases
(a worker killed mid-request gives its slot back after the lease), then adds ours
if fewer than ``limit`` remain, in one Lua script, so two workers never both take
the last slot. :class:`MemorySlots` is the same for the embedded mode.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

# KEYS[1] the model's set; ARGV: now, limit, lease expiry, token
_ACQUIRE = """
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if redis.call('zcard', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('zadd', KEYS[1], ARGV[3], ARGV[4])
  redis.call('expire', KEYS[1], math.ceil(ARGV[3] - ARGV[1]) + 60)
  return 1
end
return 0
"""


class RedisSlots:
    """``async with slots.hold(model):`` waits for one of ``limit`` shared slots."""

    def __init__(self, redis, keys, limit: int, lease_seconds: float = 300, poll: float = 0.05):
        self.redis, self.keys, self.limit, self.lease = redis, keys, limit, lease_seconds
        self.poll = poll
        self._acquire = redis.register_script(_ACQUIRE)

    async def try_acquire(self, model: str, token: str) -> bool:
        now = time.time()
        return bool(
            await self._acquire(keys=[self.keys.llm_slots(model)], args=[now, self.limit, now + self.lease, token])
        )

    async def release(self, model: str, token: str) -> None:
        await self.redis.zrem(self.keys.llm_slots(model), token)

    async def held(self, model: str) -> int:
        await self.redis.zremrangebyscore(self.keys.llm_slots(model), "-inf", time.time())
        return int(await self.redis.zcard(self.keys.llm_slots(model)))

    @contextlib.asynccontextmanager
    async def hold(self, model: str) -> AsyncIterator[None]:
        token = uuid.uuid4().hex
        wait = self.poll
        while not await self.try_acquire(model, token):
            await asyncio.sleep(wait)
            wait = min(1.0, wait * 1.5)  # a waiting crowd polls less and less
        try:
            yield
        finally:
            # shielded: a cancelled request still gives its slot back
            await asyncio.shield(self.release(model, token))


class MemorySlots:
    """The same limit inside one process (embedded runs)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._semaphores: dict[str, asyncio.Semaphore] = {}

    @contextlib.asynccontextmanager
    async def hold(self, model: str) -> AsyncIterator[None]:
        semaphore = self._semaphores.setdefault(model, asyncio.Semaphore(self.limit))
        async with semaphore:
            yield


def build_slots(settings: Settings, *, async_redis=None, keys=None):
    """The limiter the settings ask for, or None (DEEPREF_LLM_MAX_CONCURRENCY=0)."""
    if settings.llm_max_concurrency <= 0:
        return None
    if async_redis is not None:
        return RedisSlots(async_redis, keys, settings.llm_max_concurrency, settings.llm_concurrency_lease_seconds)
    return MemorySlots(settings.llm_max_concurrency)
