"""Wikipedia, Tavily, Brave and Exa against local servers speaking their formats."""

from __future__ import annotations

import pytest

from deepref.search.api import ProviderStats
from deepref.search.brave import BraveProvider
from deepref.search.errors import ProviderAuthError
from deepref.search.exa import ExaProvider
from deepref.search.tavily import TavilyProvider
from deepref.search.wikipedia import WikipediaProvider
from tests.fakes.encyclopedic import FakeWikipedia
from tests.fakes.websearch import KEY, FakeBrave, FakeExa, FakeTavily

ROWS = [(f"https://site{i}.example/page", f"Page {i}", f"text {i}") for i in range(5)]


async def test_wikipedia_search_pages_and_article_urls(serve, sleeps):
    fake = FakeWikipedia()
    fake.articles = {"Tidal locking": "…", "Moon (disambiguation)": "…", "Earth's rotation": "…"}
    base = serve(fake)
    provider = WikipediaProvider(base, sleep=sleeps, page_size=2)
    stats = ProviderStats("wikipedia")
    try:
        hits = await provider.search("tides", max_results=5, stats=stats)
    finally:
        await provider.close()
    assert [h.url for h in hits] == [
        f"{base}/wiki/Tidal_locking",
        f"{base}/wiki/Moon_(disambiguation)",
        f"{base}/wiki/Earth%27s_rotation",
    ]
    assert hits[0].snippet == "Tidal locking & more"  # markup gone, entities read
    assert not hits[0].scholarly
    assert stats.requests == 2  # "continue" led to a second page, none after it
    assert fake.params[0]["formatversion"] == "2"


@pytest.mark.parametrize(
    ("fake_cls", "provider_cls"), [(FakeTavily, TavilyProvider), (FakeBrave, BraveProvider), (FakeExa, ExaProvider)]
)
async def test_commercial_results_and_keys(fake_cls, provider_cls, serve, sleeps):
    fake = fake_cls()
    fake.rows = ROWS
    provider = provider_cls(serve(fake), api_key=KEY, sleep=sleeps, page_size=3)
    try:
        hits = await provider.search("tides", max_results=4)
    finally:
        await provider.close()
    got = [(h.url, h.title, h.snippet, h.rank) for h in hits]
    if provider_cls is BraveProvider:  # pages: 3 + 1
        assert got == [(u, t, c, i + 1) for i, (u, t, c) in enumerate(ROWS[:4])]
        assert [p["offset"] for p in fake.params] == ["0", "1"]
    else:  # one request, no further pages
        assert got == [(u, t, c, i + 1) for i, (u, t, c) in enumerate(ROWS[:3])]


@pytest.mark.parametrize(
    ("fake_cls", "provider_cls", "setting"),
    [
        (FakeTavily, TavilyProvider, "DEEPREF_TAVILY_API_KEY"),
        (FakeBrave, BraveProvider, "DEEPREF_BRAVE_API_KEY"),
        (FakeExa, ExaProvider, "DEEPREF_EXA_API_KEY"),
    ],
)
async def test_a_wrong_key_is_refused_once(fake_cls, provider_cls, setting, serve, sleeps):
    fake = fake_cls()
    provider = provider_cls(serve(fake), api_key="wrong", sleep=sleeps, retries=3)
    with pytest.raises(ProviderAuthError, match=setting):
        await provider.search("tides", max_results=3)
    await provider.close()
    assert len(fake.params) == 1
