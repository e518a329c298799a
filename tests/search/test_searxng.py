import pytest

from deepref.search.errors import RateLimitedError, SearchError
from deepref.search.searxng import SearxNGProvider


async def test_results_and_backoff(searxng_server):
    searxng_server.fake.default = [
        {"url": "https://a.example/1", "title": "A", "content": "alpha"},
        {"title": "no url"},
        {"url": "https://b.example/2", "title": "B"},
    ]
    searxng_server.fake.throttle = 2
    provider = SearxNGProvider(searxng_server.base_url, backoff=0.01)
    try:
        hits = await provider.search("tides", max_results=5)
    finally:
        await provider.close()
    assert [(h.url, h.rank, h.provider) for h in hits] == [
        ("https://a.example/1", 1, "searxng"),
        ("https://b.example/2", 2, "searxng"),
    ]
    assert searxng_server.fake.queries == ["tides"] * 3


async def test_rate_limited_after_retries(searxng_server):
    searxng_server.fake.throttle = 10
    provider = SearxNGProvider(searxng_server.base_url, retries=1, backoff=0.01)
    with pytest.raises(RateLimitedError, match="DEEPREF_SEARCH_RATE_PER_SECOND"):
        await provider.search("tides", max_results=5)
    await provider.close()


async def test_unreachable_instance():
    provider = SearxNGProvider("http://127.0.0.1:1", timeout=1)
    with pytest.raises(SearchError, match="DEEPREF_SEARXNG_URL"):
        await provider.search("tides", max_results=5)
    await provider.close()
