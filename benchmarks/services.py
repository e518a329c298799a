"""The Redis the queued benchmarks use: one place for its URL and the skip when it is down."""

from __future__ import annotations

import os


def bench_redis(what: str) -> str | None:
    """The URL of the benchmarks' Redis (``DEEPREF_BENCH_REDIS_URL``, db 13 by default),
    or None after saying that ``what`` is skipped because nothing answers there."""
    import redis

    url = os.environ.get("DEEPREF_BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
    try:
        redis.Redis.from_url(url).ping()
    except redis.exceptions.ConnectionError:
        print(f"{what} skipped: no Redis at {url}")
        return None
    return url
