"""Rate limiters shared by every task that talks to one provider or host.

Bursts earn 403s, CAPTCHAs and DuckDuckGo's "Ratelimit" answers, so requests to
one provider (or one fetched host) are spaced out. ``MemoryRateLimiter`` spaces
the tasks of one process (the embedded mode); ``RedisRateLimiter`` spaces every
task of every worker process through one token bucket kept in Redis.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class RateLimiter(Protocol):
    async def acquire(self, key: str) -> None: ...


class MemoryRateLimiter:
    """Token bucket per key, in this process: ``burst`` at once, then ``rate`` per second."""

    def __init__(self, rate_per_second: float, burst: int = 1):
        if rate_per_second <= 0 or burst < 1:
            raise ValueError("rate_per_second must be > 0 and burst >= 1")
        self.rate, self.burst = rate_per_second, burst
        self._next: dict[str, float] = {}
        self._lock = asyncio.Lock()

    async def acquire(self, key: str) -> None:
        async with self._lock:
            now = time.monotonic()
            # the bucket's "theoretical arrival time" (GCRA): at most `burst` requests early
            tat = max(self._next.get(key, now), now)
            wait = tat - now - (self.burst - 1) / self.rate
            self._next[key] = tat + 1 / self.rate
        if wait > 0:
            await asyncio.sleep(wait)


# GCRA in one atomic script: returns how many milliseconds the caller must wait.
_GCRA = """
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
if tat < now then tat = now end
local wait = tat - now - (burst - 1) * interval
redis.call('SET', KEYS[1], tat + interval, 'PX', math.ceil((tat + interval - now) + 1000))
if wait < 0 then wait = 0 end
return wait
"""


class RedisRateLimiter:
    """GCRA token bucket in Redis: one limit for all workers on all machines.

    Time comes from the Redis server (``TIME``), so clocks of worker machines do
    not need to agree. Takes a ``redis.asyncio`` client and a key builder.
    """

    def __init__(self, redis, keys, rate_per_second: float, burst: int = 1):
        if rate_per_second <= 0 or burst < 1:
            raise ValueError("rate_per_second must be > 0 and burst >= 1")
        self.redis, self.keys = redis, keys
        self.interval_ms = 1000.0 / rate_per_second
        self.burst = burst
        self._script = redis.register_script(_GCRA)

    async def acquire(self, key: str) -> None:
        seconds, micros = await self.redis.time()
        now_ms = seconds * 1000 + micros / 1000
        wait_ms = await self._script(keys=[self.keys.rate_limit(key)], args=[now_ms, self.interval_ms, self.burst])
        if float(wait_ms) > 0:
            await asyncio.sleep(float(wait_ms) / 1000)
