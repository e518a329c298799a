"""What the benchmarks run against: the Redis of the queued ones (one place for its URL
and the skip when it is down), and the local servers of in-process research jobs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


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


@dataclass(frozen=True, slots=True)
class LocalResearch:
    site: Any  # tests.fakes.topic_site.TopicSite: a page per query
    model: Any  # tests.fakes.openai_server.FakeOpenAI: the test suite's researcher model
    settings: Any  # worker.settings.Settings pointing at them


@contextmanager
def local_research(per_query: int, page_ms: float = 0.0, **settings: Any) -> Iterator[LocalResearch]:
    """A topic site (``per_query`` pages for any query, each ``page_ms`` slow), a
    SearxNG-compatible search and the test model on loopback, with the settings of an
    in-process job against them (``settings`` added); stopped on the way out."""
    from deepref.worker.settings import Settings
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxNG
    from tests.fakes.server import ServerThread
    from tests.fakes.topic_site import SearchRows, TopicSite

    site, search, model = TopicSite(delay=page_ms / 1000), FakeSearxNG(), FakeOpenAI()
    servers = [ServerThread(app).start() for app in (site.app, search.app, model.app)]
    try:
        search.results = SearchRows(servers[0].base_url, per_query=per_query)
        yield LocalResearch(
            site,
            model,
            Settings(
                _env_file=None,
                search_provider="searxng",
                searxng_url=servers[1].base_url,
                search_rate_per_second=1000,
                llm_base_url=servers[2].base_url + "/v1",
                llm_api_key=model.api_key,
                llm_model="fake",
                embedder="jaccard",
                fetch_allow=["loopback"],
                max_per_host=1000,
                fetch_host_rate_per_second=1000,
                **settings,
            ),
        )
    finally:
        for server in servers:
            server.stop()
