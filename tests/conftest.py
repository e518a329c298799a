"""Shared fixtures: real services on loopback.

Each section below belongs to one area; servers are real (aiohttp on 127.0.0.1,
a real Redis, real Celery worker subprocesses). Tests that need Redis are skipped
on a laptop without one and fail on CI (``CI=true``), like dramatiq's suite.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"
ARTIFACTS = REPO / "test-artifacts"

# Our own database number, so that tests never touch db 0 of a developer's Redis.
TEST_REDIS_DB = int(os.environ.get("DEEPREF_TEST_REDIS_DB", "13"))
TEST_REDIS_URL = os.environ.get("DEEPREF_TEST_REDIS_URL", f"redis://127.0.0.1:6379/{TEST_REDIS_DB}")


# --------------------------------------------------------------------------- Redis
def _redis_or_skip():
    import redis

    client = redis.Redis.from_url(TEST_REDIS_URL)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        client.close()
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no Redis at {TEST_REDIS_URL} (CI fails here instead of skipping)")
    return client


@pytest.fixture
def redis_url() -> str:
    return TEST_REDIS_URL


@pytest.fixture
def key_prefix() -> str:
    """A prefix of this test's own, so parallel runs and leftovers never collide."""
    return f"deepref-test-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def redis_client(key_prefix: str) -> Iterator[object]:
    """A real Redis client; every key under this test's prefix is deleted afterwards."""
    client = _redis_or_skip()
    yield client
    for key in client.scan_iter(match=f"{key_prefix}:*", count=1000):
        client.delete(key)
    client.close()


@pytest.fixture
def settings_env(monkeypatch: pytest.MonkeyPatch, redis_url: str, key_prefix: str, tmp_path: Path):
    """Point the process settings at the test Redis and prefix; returns fresh Settings."""
    from worker.settings import get_settings

    monkeypatch.setenv("DEEPREF_REDIS_URL", redis_url)
    monkeypatch.setenv("DEEPREF_KEY_PREFIX", key_prefix)
    monkeypatch.setenv("DEEPREF_REPORTS_DIR", str(tmp_path / "reports"))
    monkeypatch.setenv("DEEPREF_FETCH_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("DEEPREF_FETCH_RESPECT_ROBOTS", "true")
    get_settings.cache_clear()
    yield get_settings()
    get_settings.cache_clear()


# --------------------------------------------------------------------------- shared data
@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data; tests that read it skip cleanly when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# --------------------------------------------------------------------------- OpenAI-compatible server
# (chat completions + embeddings on loopback; owned by the LLM/embedding clients)


# --------------------------------------------------------------------------- search endpoints
# (SearxNG-compatible JSON server on loopback; owned by search/)


# --------------------------------------------------------------------------- web site
# (aiohttp site with real HTML pages; owned by the fetcher)


# --------------------------------------------------------------------------- Celery worker
# (real `celery worker` subprocesses; owned by the pipeline)
