"""The one way deepref asks a search API: spaced, retried within bounds, then failed with a reason.

Every HTTP provider (OpenAlex, Crossref, Semantic Scholar, arXiv, PubMed, Wikipedia,
Tavily, Brave, Exa) is an :class:`ApiProvider`: it says how to ask for one page of
results and how to read the answer; this module sends it.

- Each request first takes a slot from the provider's rate limiter (Redis-backed in
  workers, so every process on every machine shares the provider's documented limit).
- 429 waits what ``Retry-After`` asks (seconds or an HTTP date), at most
  ``max_wait`` seconds; a longer demand fails at once rather than holding the job.
- 5xx, a timeout, a refused connection and a body that does not parse are retried
  with exponential backoff, ``retries`` times.
- 401 and 403 are a wrong or missing key: never retried (:class:`ProviderAuthError`).
- An answer is read in blocks up to ``max_answer_bytes`` and cut off there
  (:class:`AnswerTooLargeError`, never retried); one that does not parse (nested too
  deep, not in its encoding, not JSON or XML, an unexpected shape) is retried, then
  :class:`MalformedAnswerError`. Either is this provider's failure: the job goes on
  with the others (search/combined.py).
- What a query cost is counted in a :class:`ProviderStats` the caller passes (one
  per job), since provider objects live for the whole worker process.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from xml.etree.ElementTree import ParseError

import aiohttp
import defusedxml.ElementTree as SafeET

from deepref.search.errors import (
    AnswerTooLargeError,
    MalformedAnswerError,
    ProviderAuthError,
    RateLimitedError,
    SearchError,
)
from deepref.search.models import SearchHit
from deepref.search.ratelimit import RateLimiter

Sleep = Callable[[float], Awaitable[None]]
# RecursionError: a JSON answer nested 200,000 deep (json.loads, and a parse walking it)
MALFORMED = (ValueError, KeyError, TypeError, AttributeError, IndexError, ParseError, RecursionError)
MAX_ANSWER_BYTES = 10_000_000  # DEEPREF_SEARCH_MAX_ANSWER_BYTES


async def read_capped(resp: aiohttp.ClientResponse, cap: int, *, provider: str, label: str, query: str) -> bytes:
    """The body, read block by block and abandoned past ``cap`` bytes (as the fetcher
    reads pages): a 1 GB answer costs ``cap`` bytes of memory, not 1 GB."""
    declared = resp.headers.get("Content-Length", "")
    too_large = f"{label} sent an answer over the {cap:,}-byte cap (DEEPREF_SEARCH_MAX_ANSWER_BYTES)"
    if declared.isdigit() and int(declared) > cap:
        raise AnswerTooLargeError(too_large, provider=provider, query=query)
    body = bytearray()
    async for block in resp.content.iter_chunked(65536):
        body += block
        if len(body) > cap:
            resp.close()  # drop the connection: the rest is never read
            raise AnswerTooLargeError(too_large, provider=provider, query=query)
    return bytes(body)


@dataclass
class ProviderStats:
    """What one provider did for one job: queries asked, hits returned, failures and waits."""

    provider: str
    queries: int = 0
    hits: int = 0
    requests: int = 0
    retries: int = 0
    waited_seconds: float = 0.0  # Retry-After and backoff, not the rate limiter's spacing
    failures: list[str] = field(default_factory=list)
    answered: int = 0  # queries it answered (with hits or none)
    skipped: bool = False  # failed, and asked nothing more for the rest of the job

    def as_dict(self) -> dict[str, Any]:
        return {
            "provider": self.provider,
            "queries": self.queries,
            "hits": self.hits,
            "requests": self.requests,
            "retries": self.retries,
            "waited_seconds": round(self.waited_seconds, 3),
            "failures": list(self.failures),
            "answered": self.answered,
            "skipped": self.skipped,
        }


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a provider's answer: its hits (rank 0: numbered by the caller) and
    whether the provider has more after it."""

    hits: list[SearchHit]
    more: bool


def retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds a ``Retry-After`` header asks for: delta-seconds or an HTTP date; None if absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class ApiProvider:
    """Base of the HTTP search providers. Subclasses set ``name``, ``label``, ``rate_per_second``
    (the documented limit), ``max_page`` and implement :meth:`page`."""

    name = "api"
    label = "API"  # how messages name the service
    url_setting = "DEEPREF_API_URL"
    key_setting: str | None = None  # where its key is set, for the message of a 401/403
    rate_per_second = 1.0
    max_page = 50

    def __init__(
        self,
        base_url: str,
        *,
        session: aiohttp.ClientSession | None = None,
        limiter: RateLimiter | None = None,
        retries: int = 2,
        backoff: float = 1.0,
        max_wait: float = 30.0,
        timeout: float = 15.0,
        page_size: int | None = None,
        user_agent: str = "deepref",
        sleep: Sleep = asyncio.sleep,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ):
        self.base_url = base_url.rstrip("/")
        self._session, self._owns_session = session, session is None
        self.limiter, self.retries, self.backoff, self.max_wait = limiter, retries, backoff, max_wait
        self.timeout = aiohttp.ClientTimeout(total=timeout)
        self.page_size = max(1, min(page_size or self.max_page, self.max_page))
        self.user_agent = user_agent
        self.sleep = sleep
        self.max_answer_bytes = max_answer_bytes

    # -- what a subclass writes ------------------------------------------------------
    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        raise NotImplementedError

    # -- searching ---------------------------------------------------------------
    async def search(self, query: str, *, max_results: int, stats: ProviderStats | None = None) -> list[SearchHit]:
        """Up to ``max_results`` hits, page after page. A failure after the first page
        keeps the pages already read (noted in ``stats``); on the first it raises."""
        stats = stats if stats is not None else ProviderStats(self.name)
        stats.queries += 1
        size = min(self.page_size, max_results)
        hits: list[SearchHit] = []
        offset = 0
        while len(hits) < max_results:
            try:
                page = await self.page(query, offset, size, stats)
            except SearchError as exc:
                if not hits:
                    raise
                stats.failures.append(f"{query!r} after {len(hits)} hits: {exc}")
                break
            hits.extend(page.hits)
            offset += size
            if not page.more or not page.hits:
                break
        hits = [replace(h, query=query, rank=i + 1, provider=self.name) for i, h in enumerate(hits[:max_results])]
        stats.hits += len(hits)
        return hits

    async def close(self) -> None:
        if self._owns_session and self._session is not None:
            await self._session.close()

    async def _client(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=self.timeout, headers={"User-Agent": self.user_agent})
            self._owns_session = True
        return self._session

    # -- one request, retried ----------------------------------------------------------
    async def request(
        self,
        method: str,
        path: str,
        parse: Callable[[Any], Any],
        stats: ProviderStats,
        *,
        query: str,
        params: Mapping[str, Any] | None = None,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
        body: str = "json",
    ) -> Any:
        """Send one request and return ``parse(body)``; ``body`` is ``json``, ``xml`` (an
        Element, parsed with defusedxml) or ``text``. A ``parse`` that raises on an
        unexpected shape counts as a malformed answer (retried, then failed)."""
        url = f"{self.base_url}{path}"
        session = await self._client()
        reason = ""
        for attempt in range(self.retries + 1):
            if attempt:
                stats.retries += 1
            if self.limiter is not None:
                await self.limiter.acquire(f"search:{self.name}")
            stats.requests += 1
            wait: float | None = None
            try:
                async with session.request(
                    method, url, params=params, json=json_body, headers=headers, timeout=self.timeout
                ) as resp:
                    reason, wait = self._refusal(resp, url, query)
                    if not reason:
                        try:
                            raw = await read_capped(
                                resp, self.max_answer_bytes, provider=self.name, label=self.label, query=query
                            )
                            return parse(_decode(raw, body, resp.charset))
                        except (*MALFORMED, LookupError) as exc:  # LookupError: a charset Python lacks
                            reason = f"malformed answer ({type(exc).__name__}: {str(exc)[:120]})"
            except (TimeoutError, aiohttp.ServerTimeoutError):
                reason = f"no answer within {self.timeout.total:g} s"
            except aiohttp.ClientError as exc:
                reason = f"unreachable ({type(exc).__name__}: {str(exc)[:120]})"
            if attempt < self.retries:
                delay = wait if wait is not None else self.backoff * 2**attempt * (0.5 + random.random())
                delay = min(delay, self.max_wait)
                stats.waited_seconds += delay
                await self.sleep(delay)
        error = (
            RateLimitedError
            if reason.startswith("HTTP 429")
            else MalformedAnswerError
            if reason.startswith("malformed")
            else SearchError
        )
        raise error(
            f"{self.label} failed {self.retries + 1} times: {reason} (check {self.url_setting})"
            if reason.startswith("unreachable")
            else f"{self.label} failed {self.retries + 1} times: {reason}",
            provider=self.name,
            query=query,
        )

    def _refusal(self, resp: aiohttp.ClientResponse, url: str, query: str) -> tuple[str, float | None]:
        """Why an answer is no answer, worth retrying (a reason and the wait asked), or
        ``("", None)`` for a 200; raises when retrying cannot help."""
        if resp.status in (401, 403):
            raise ProviderAuthError(
                f"{self.label} refused the request (HTTP {resp.status}): "
                + (f"check {self.key_setting}" if self.key_setting else "it does not accept this client"),
                provider=self.name,
                query=query,
            )
        if resp.status == 429:
            asked = retry_after(resp.headers.get("Retry-After"))
            if asked is not None and asked > self.max_wait:
                raise RateLimitedError(
                    f"{self.label} is rate-limiting (HTTP 429) and asks to wait {asked:.0f} s, "
                    f"more than the {self.max_wait:.0f} s a job waits",
                    provider=self.name,
                    query=query,
                )
            return "HTTP 429 (rate limited)", asked
        if resp.status >= 500:
            return f"HTTP {resp.status}", None
        if resp.status != 200:
            raise SearchError(f"{self.label} at {url} answered HTTP {resp.status}", provider=self.name, query=query)
        return "", None


def _decode(raw: bytes, body: str, charset: str | None) -> Any:
    """JSON, XML or text from the body's bytes. Bytes that are not in the declared
    charset (JSON's own UTF-8/16/32 when none is declared, XML's prolog) raise
    UnicodeDecodeError: a malformed answer."""
    if body == "json":
        return json.loads(raw.decode(charset) if charset else raw)
    if body == "xml":
        return SafeET.fromstring(raw)
    return raw.decode(charset or "utf-8")


def text(value: Any) -> str | None:
    """A string field as one clean line, or None when absent or empty."""
    if value is None:
        return None
    if isinstance(value, list):  # Crossref gives titles and venues as lists
        value = next((v for v in value if isinstance(v, str) and v.strip()), None)
        if value is None:
            return None
    if not isinstance(value, str | int | float):
        raise TypeError(f"expected text, got {type(value).__name__}")
    out = " ".join(str(value).split())
    return out or None


def year_of(value: Any) -> int | None:
    """A year from ``2021``, ``"2021-05-01"``, ``"2021 May 3"``; None when there is none."""
    if isinstance(value, int) and 1000 <= value <= 2999:
        return value
    if isinstance(value, str) and len(value) >= 4 and value[:4].isdigit() and 1000 <= int(value[:4]) <= 2999:
        return int(value[:4])
    return None
