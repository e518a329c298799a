"""Network clients of one process, built once and closed on shutdown.

A Celery worker builds them in ``worker_process_init`` (one set per prefork child);
the embedded runner builds a set around one run. Rate limiters are in Redis when
a Redis is configured (shared by every worker), in memory otherwise.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import redis
import redis.asyncio as aioredis
from redis.backoff import NoBackoff
from redis.retry import Retry

from deepref.search.ratelimit import MemoryRateLimiter, RateLimiter, RedisRateLimiter
from deepref.worker.inference.concurrency import build_slots
from deepref.worker.inference.embedding import resolve_embedder
from deepref.worker.inference.llm import LLMClient
from deepref.worker.jobs.keys import Keys
from deepref.worker.pipeline.stages import Resources
from deepref.worker.search_config import check_search_config
from deepref.worker.web.extract_runner import ExtractRunner
from deepref.worker.web.fetch import FetchConfig, Fetcher

if TYPE_CHECKING:
    from pathlib import Path

    from deepref.worker.settings import Settings


def build_resources(
    settings: Settings, *, distributed: bool, corpus_dir: str | Path | None = None, embedder_name: str | None = None
) -> Resources:
    """Raises ConfigurationError when DEEPREF_SEARCH_PROVIDER names a provider whose key is not set."""
    check_search_config(settings.search_provider, settings)
    keys = Keys(settings.key_prefix)
    search_limiter: RateLimiter
    host_limiter: RateLimiter
    limiter_for: Callable[[float], RateLimiter]
    if distributed:
        async_redis = aioredis.Redis.from_url(settings.redis_url)
        search_limiter = RedisRateLimiter(async_redis, keys, settings.search_rate_per_second, burst=2)

        def redis_limiter(rate: float) -> RateLimiter:
            return RedisRateLimiter(async_redis, keys, rate, burst=1)

        limiter_for = redis_limiter

        host_limiter = RedisRateLimiter(async_redis, keys, settings.fetch_host_rate_per_second, burst=4)
        # the cache is an optimisation: fail fast, never retry, so a Redis hiccup costs
        # one embedding call its cache, not seconds of back-off
        cache = redis.Redis.from_url(
            settings.redis_url, socket_connect_timeout=1, socket_timeout=2, retry=Retry(NoBackoff(), 0)
        )
        slots = build_slots(settings, async_redis=async_redis, keys=keys)
    else:
        search_limiter = MemoryRateLimiter(settings.search_rate_per_second, burst=2)

        def memory_limiter(rate: float) -> RateLimiter:
            return MemoryRateLimiter(rate, burst=1)

        limiter_for = memory_limiter

        host_limiter = MemoryRateLimiter(settings.fetch_host_rate_per_second, burst=4)
        cache = None
        slots = build_slots(settings)
    fetcher = Fetcher(FetchConfig.from_settings(settings, corpus_dir=corpus_dir), limiter=host_limiter)
    embedder = resolve_embedder(settings, embedder_name, redis=cache, keys=keys)
    llm = LLMClient.from_settings(settings)
    if llm is not None:
        llm.slots = slots
    return Resources(
        settings=settings,
        fetcher=fetcher,
        extractor=ExtractRunner.from_settings(settings),
        llm=llm,
        embedder=embedder,
        embedder_name=embedder_name,
        search_limiter=search_limiter,
        limiter_for=limiter_for,
    )


async def close_resources(res: Resources) -> None:
    await res.fetcher.close()
    if res.extractor is not None:
        await asyncio.to_thread(res.extractor.close)
    if res.llm is not None:
        await res.llm.close()
    for provider in res.providers.values():
        close = getattr(provider, "close", None)
        if close is not None:
            await close()
