"""How an API provider meets refusals: 429 with Retry-After, 5xx, timeouts, malformed
bodies and refused keys, each against a local server that answers so."""

from __future__ import annotations

import email.utils
import time

import pytest

from deepref.search.api import ProviderStats, retry_after
from deepref.search.arxiv import ArxivProvider
from deepref.search.errors import ProviderAuthError, RateLimitedError, SearchError
from deepref.search.openalex import OpenAlexProvider
from deepref.search.pubmed import PubMedProvider
from tests.fakes.apis import FakeWork
from tests.fakes.scholarly import FakeArxiv, FakeOpenAlex, FakePubMed

WORK = FakeWork(
    "Tidal locking of moons", doi="10.1000/tides", arxiv="2101.00003", pmid="31000001", abstract="Moons lock."
)


async def search(provider, stats=None):
    try:
        return await provider.search("tides", max_results=3, stats=stats)
    finally:
        await provider.close()


async def test_429_waits_what_retry_after_asks_then_answers(serve, sleeps):
    fake = FakeOpenAlex()
    fake.works = [WORK]
    fake.script = [(429, 7), (429, None)]
    stats = ProviderStats("openalex")
    hits = await search(OpenAlexProvider(serve(fake), sleep=sleeps, backoff=0.5, retries=2), stats)
    assert [h.doi for h in hits] == ["10.1000/tides"]
    assert sleeps.waits[0] == 7  # the header's seconds
    assert 0.5 <= sleeps.waits[1] <= 1.5  # no header: backoff (second attempt: 2 x 0.5 s) with jitter
    assert (stats.requests, stats.retries) == (3, 2)
    assert stats.waited_seconds == pytest.approx(sum(sleeps.waits))


async def test_retry_after_beyond_the_bound_fails_at_once(serve, sleeps):
    fake = FakeOpenAlex()
    fake.script = [(429, 3600)]
    with pytest.raises(RateLimitedError, match="asks to wait 3600 s, more than the 30 s"):
        await search(OpenAlexProvider(serve(fake), sleep=sleeps, max_wait=30))
    assert sleeps.waits == []
    assert len(fake.params) == 1


def test_retry_after_as_an_http_date():
    now = time.time()
    assert retry_after(email.utils.formatdate(now + 20, usegmt=True), now=now) == pytest.approx(20, abs=1)
    assert retry_after("soon") is None
    assert retry_after(None) is None


async def test_5xx_is_retried_then_the_provider_fails_with_the_reason(serve, sleeps):
    fake = FakeOpenAlex()
    fake.script = [(503, None)] * 3
    with pytest.raises(SearchError, match=r"OpenAlex failed 3 times: HTTP 503") as err:
        await search(OpenAlexProvider(serve(fake), sleep=sleeps, retries=2))
    assert not isinstance(err.value, RateLimitedError)
    assert len(fake.params) == 3


async def test_a_rate_limit_that_persists_is_a_rate_limited_error(serve, sleeps):
    fake = FakeOpenAlex()
    fake.script = [(429, 1)] * 2
    with pytest.raises(RateLimitedError, match="HTTP 429"):
        await search(OpenAlexProvider(serve(fake), sleep=sleeps, retries=1))
    assert sleeps.waits == [1]


@pytest.mark.parametrize("status", [401, 403])
async def test_refused_key_is_never_retried(status, serve, sleeps):
    fake = FakeOpenAlex()
    fake.script = [(status, None)]
    with pytest.raises(ProviderAuthError, match=f"HTTP {status}.*DEEPREF_OPENALEX_API_KEY") as err:
        await search(OpenAlexProvider(serve(fake), sleep=sleeps, retries=3))
    assert len(fake.params) == 1 and sleeps.waits == []
    assert err.value.retryable is False


@pytest.mark.parametrize(
    ("fake_cls", "provider_cls"),
    [(FakeOpenAlex, OpenAlexProvider), (FakeArxiv, ArxivProvider), (FakePubMed, PubMedProvider)],
)
async def test_malformed_body_is_retried_then_fails(fake_cls, provider_cls, serve, sleeps):
    fake = fake_cls()
    fake.works = [WORK]
    fake.script = [("malformed", None)]
    hits = await search(provider_cls(serve(fake), sleep=sleeps, retries=1))
    assert [h.title for h in hits] == [WORK.title]  # the second answer was good
    fake = fake_cls()
    fake.script = [("malformed", None)] * 2
    with pytest.raises(SearchError, match="malformed answer"):
        await search(provider_cls(serve(fake), sleep=sleeps, retries=1))


async def test_other_4xx_is_not_retried_and_says_where(serve, sleeps):
    fake = FakeOpenAlex()
    provider = OpenAlexProvider(serve(fake) + "/nothing-here", sleep=sleeps, retries=3)
    with pytest.raises(SearchError, match="nothing-here/works answered HTTP 404"):
        await search(provider)
    assert sleeps.waits == []


async def test_a_json_answer_of_another_shape_is_malformed(serve, sleeps):
    fake = FakeOpenAlex()
    fake.script = [("malformed", None)]
    provider = OpenAlexProvider(serve(fake), sleep=sleeps, retries=0)
    with pytest.raises(SearchError, match="malformed answer"):
        await search(provider)


async def test_timeout_is_retried_then_fails(serve, sleeps):
    fake = FakeOpenAlex()
    fake.works = [WORK]
    fake.script = [("hang", 3)]
    hits = await search(OpenAlexProvider(serve(fake), sleep=sleeps, retries=1, timeout=0.3))
    assert len(hits) == 1
    fake = FakeOpenAlex()
    fake.script = [("hang", 3)] * 2
    with pytest.raises(SearchError, match=r"no answer within 0\.3 s"):
        await search(OpenAlexProvider(serve(fake), sleep=sleeps, retries=1, timeout=0.3))


async def test_unreachable_names_the_url_setting(sleeps):
    with pytest.raises(SearchError, match=r"unreachable.*DEEPREF_OPENALEX_URL"):
        await search(OpenAlexProvider("http://127.0.0.1:1", sleep=sleeps, retries=0))


async def test_a_failure_after_the_first_page_keeps_the_pages_read(serve, sleeps):
    fake = FakeOpenAlex()
    fake.works = [FakeWork(f"P{i}", doi=f"10.1000/p{i}") for i in range(6)]
    fake.script = [(200, None), (503, None)]
    stats = ProviderStats("openalex")
    hits = await search(OpenAlexProvider(serve(fake), sleep=sleeps, retries=0, page_size=2), stats)
    assert [h.title for h in hits] == ["P0", "P1"]
    assert stats.hits == 2
    assert stats.failures == ["'tides' after 2 hits: OpenAlex failed 1 times: HTTP 503"]
