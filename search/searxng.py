"""SearxNG, the self-hostable metasearch engine, through its JSON API.

``GET {base}/search?q=…&format=json`` (the instance must enable the json format).
429 and 403 mean "slow down": retried with backoff, then RateLimitedError. The answer
is read up to ``max_answer_bytes`` (AnswerTooLargeError past it); one that does not
parse, nested too deep included, is a MalformedAnswerError (search/api.py).
"""

from __future__ import annotations

import asyncio
import json
import random

import aiohttp

from deepref.search.api import MALFORMED, MAX_ANSWER_BYTES, read_capped
from deepref.search.errors import MalformedAnswerError, RateLimitedError, SearchError
from deepref.search.models import SearchHit
from deepref.search.ratelimit import RateLimiter


class SearxNGProvider:
    name = "searxng"

    def __init__(
        self,
        base_url: str,
        *,
        session: aiohttp.ClientSession | None = None,
        limiter: RateLimiter | None = None,
        retries: int = 3,
        backoff: float = 1.0,
        timeout: float = 15.0,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ):
        self.base_url = base_url.rstrip("/")
        self._session, self._owns_session = session, session is None
        self.limiter, self.retries, self.backoff = limiter, retries, backoff
        self.timeout = aiohttp.ClientTimeout(total=timeout)
        self.max_answer_bytes = max_answer_bytes

    async def _client(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=self.timeout)
            self._owns_session = True
        return self._session

    async def close(self) -> None:
        if self._owns_session and self._session is not None:
            await self._session.close()

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]:
        url = f"{self.base_url}/search"
        session = await self._client()
        for attempt in range(self.retries + 1):
            if self.limiter is not None:
                await self.limiter.acquire(self.name)
            try:
                async with session.get(url, params={"q": query, "format": "json"}, timeout=self.timeout) as resp:
                    if resp.status in (429, 403):
                        if attempt < self.retries:
                            await asyncio.sleep(self.backoff * 2**attempt * (0.5 + random.random()))
                            continue
                        raise RateLimitedError(
                            f"SearxNG at {self.base_url} keeps answering {resp.status}; lower "
                            "DEEPREF_SEARCH_RATE_PER_SECOND or allow this client in the instance's limiter",
                            provider=self.name,
                            query=query,
                        )
                    if resp.status != 200:
                        raise SearchError(
                            f"SearxNG at {url} answered HTTP {resp.status}", provider=self.name, query=query
                        )
                    raw = await read_capped(
                        resp, self.max_answer_bytes, provider=self.name, label="SearxNG", query=query
                    )
                    try:
                        data = json.loads(raw.decode(resp.charset) if resp.charset else raw)
                    except (*MALFORMED, LookupError) as exc:
                        raise MalformedAnswerError(
                            f"SearxNG at {url} sent an answer that is not readable JSON "
                            f"({type(exc).__name__}: {str(exc)[:120]})",
                            provider=self.name,
                            query=query,
                        ) from exc
                    break
            except (aiohttp.ClientError, TimeoutError) as exc:
                raise SearchError(
                    f"SearxNG at {url} failed ({type(exc).__name__}: {exc}); check DEEPREF_SEARXNG_URL and "
                    "that the instance enables format=json",
                    provider=self.name,
                    query=query,
                ) from exc
        results = data.get("results", []) if isinstance(data, dict) else []
        hits: list[SearchHit] = []
        for row in results:
            if isinstance(row, dict) and row.get("url"):
                hits.append(
                    SearchHit(
                        str(row["url"]),
                        str(row.get("title") or ""),
                        str(row.get("content") or ""),
                        self.name,
                        query,
                        len(hits) + 1,
                    )
                )
            if len(hits) >= max_results:
                break
        return hits
