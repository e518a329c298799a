"""DuckDuckGo through the ``ddgs`` package (successor of duckduckgo-search).

``ddgs`` is synchronous, so calls run in a thread. DuckDuckGo answers bursts with
"Ratelimit"; those are retried with exponential backoff and jitter, then turned
into :class:`RateLimitedError` with what the user can do about it.

The client object is injectable because DuckDuckGo cannot be reached from the
test machines: tests pass a stand-in that speaks the same ``text()`` call (the
one place this project fakes a transport; see tests/search/test_duckduckgo.py).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from deepref.search.errors import RateLimitedError, SearchError
from deepref.search.models import SearchHit
from deepref.search.ratelimit import RateLimiter

# how ddgs words a network that does not let it out (its backends' transport errors)
_UNREACHABLE = ("DNSError", "ConnectError", "ConnectTimeout", "Connection refused", "error sending request")


class DuckDuckGoProvider:
    name = "duckduckgo"

    def __init__(
        self,
        *,
        client: Any = None,
        limiter: RateLimiter | None = None,
        retries: int = 3,
        backoff: float = 2.0,
        region: str = "wt-wt",
        timeout: int = 10,
    ):
        if client is None:
            from ddgs import DDGS

            client = DDGS(timeout=timeout)
        self.client, self.limiter = client, limiter
        self.retries, self.backoff, self.region = retries, backoff, region

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]:
        from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

        for attempt in range(self.retries + 1):
            if self.limiter is not None:
                await self.limiter.acquire(self.name)
            try:
                rows = await asyncio.to_thread(self.client.text, query, region=self.region, max_results=max_results)
                break
            except (RatelimitException, TimeoutException) as exc:
                if attempt == self.retries:
                    if isinstance(exc, RatelimitException):
                        raise RateLimitedError(
                            "DuckDuckGo is rate-limiting this machine; wait a few minutes, lower "
                            "DEEPREF_SEARCH_RATE_PER_SECOND, or use SearxNG (DEEPREF_SEARCH_PROVIDER=searxng)",
                            provider=self.name,
                            query=query,
                        ) from exc
                    raise SearchError(
                        f"DuckDuckGo timed out {attempt + 1} times for {query!r}", provider=self.name, query=query
                    ) from exc
                await asyncio.sleep(self.backoff * 2**attempt * (0.5 + random.random()))
            except DDGSException as exc:
                if "no results" in str(exc).lower():
                    return []
                if any(marker in str(exc) for marker in _UNREACHABLE):
                    raise SearchError(
                        f"DuckDuckGo cannot be reached from this machine ({str(exc).split(':', 1)[0]}): check its "
                        "internet connection or proxy, research local documents with --corpus DIR, or use a SearxNG "
                        "instance (DEEPREF_SEARCH_PROVIDER=searxng, DEEPREF_SEARXNG_URL)",
                        provider=self.name,
                        query=query,
                    ) from exc
                raise SearchError(f"DuckDuckGo search failed: {exc}", provider=self.name, query=query) from exc
        return [
            SearchHit(
                url=str(row.get("href") or row.get("url") or ""),
                title=str(row.get("title") or ""),
                snippet=str(row.get("body") or row.get("snippet") or ""),
                provider=self.name,
                query=query,
                rank=i + 1,
            )
            for i, row in enumerate(rows or [])
            if row.get("href") or row.get("url")
        ]
