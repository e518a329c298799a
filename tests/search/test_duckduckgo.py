"""DuckDuckGo cannot be reached from here, so these tests stand in for the ``ddgs``
client object at its ``text()`` call (the transport) and check everything of ours
around it: result mapping, backoff on "Ratelimit", and the message when it persists.
One test drives the real client into a closed port, as on a machine with no internet."""

import pytest
from ddgs.exceptions import DDGSException, RatelimitException

from deepref.search.duckduckgo import DuckDuckGoProvider
from deepref.search.errors import RateLimitedError, SearchError


class StandIn:
    def __init__(self, failures=0, error=RatelimitException):
        self.failures, self.error, self.calls = failures, error, []

    def text(self, query, **kwargs):
        self.calls.append((query, kwargs))
        if self.failures:
            self.failures -= 1
            raise self.error("202 Ratelimit")
        return [{"title": "A", "href": "https://a.example/", "body": "alpha"}, {"title": "no link"}]


async def test_maps_results():
    client = StandIn()
    hits = await DuckDuckGoProvider(client=client, backoff=0).search("tides", max_results=5)
    assert [(h.url, h.title, h.snippet, h.rank) for h in hits] == [("https://a.example/", "A", "alpha", 1)]
    assert client.calls[0][1]["max_results"] == 5


async def test_backs_off_then_succeeds():
    client = StandIn(failures=2)
    hits = await DuckDuckGoProvider(client=client, backoff=0.001).search("tides", max_results=5)
    assert hits and len(client.calls) == 3


async def test_persistent_rate_limit_is_explained():
    provider = DuckDuckGoProvider(client=StandIn(failures=99), retries=2, backoff=0.001)
    with pytest.raises(RateLimitedError, match="SearxNG"):
        await provider.search("tides", max_results=5)


async def test_other_errors():
    provider = DuckDuckGoProvider(client=StandIn(failures=1, error=DDGSException), backoff=0)
    with pytest.raises(SearchError, match="DuckDuckGo search failed"):
        await provider.search("tides", max_results=5)


async def test_no_network_is_explained_with_the_real_client():
    """The real ddgs client, sent through a proxy port nobody listens on: what a
    machine without internet sees, said in words that point at the alternatives."""
    import socket

    from ddgs import DDGS

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    provider = DuckDuckGoProvider(client=DDGS(proxy=f"http://127.0.0.1:{closed}", timeout=2), backoff=0)
    with pytest.raises(SearchError, match=r"cannot be reached from this machine \(\w+Error\).*--corpus DIR"):
        await provider.search("tides", max_results=3)
