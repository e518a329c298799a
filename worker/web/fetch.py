"""Fetching pages: one shared aiohttp session per worker process, bounded and guarded.

Concurrency runs inside one task with asyncio rather than one Celery task per URL:
a page costs milliseconds of CPU and seconds of waiting, so a semaphore over one
session's connection pool uses a worker far better than fanning out messages
(docs/benchmarks.md, "fetch"). Every limit is explicit: per-request and total
timeouts, a byte cap enforced while reading, a redirect cap, per-host rate
limits, robots.txt (cached, bounded in size and age), and the SSRF guard
(worker/web/netguard.py) on every hop. A bad page becomes a :class:`FetchFailure`
with a reason slug; ``fetch_all`` itself never raises for one. ``extract`` turns a
page into text in a killable child process (worker/web/extract_runner.py), so a
pathological page never holds the event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from urllib.robotparser import RobotFileParser

import aiohttp
from aiohttp.abc import AbstractResolver
from yarl import URL

from deepref.search.documents import DocumentError
from deepref.search.documents.beneath import Folder, FolderError, shown_name
from deepref.search.ratelimit import RateLimiter
from deepref.worker.errors import BlockedAddressError, FetchError
from deepref.worker.settings import Settings
from deepref.worker.web.netguard import AddressPolicy, GuardedConnector
from deepref.worker.web.pages import FetchedPage, FetchFailure, FileVersion

log = logging.getLogger(__name__)

ACCEPTED_TYPES = ("text/html", "application/xhtml+xml", "text/plain", "text/markdown", "application/pdf")


def _beneath(path: Path, root: Path | None) -> str | None:
    """``path`` (absolute, normalised) relative to ``root``, ``/``-separated; None outside."""
    if root is None or not path.is_absolute() or not path.is_relative_to(root) or path == root:
        return None
    return path.relative_to(root).as_posix()


def _setting(name: str):
    """The default of ``Settings.<name>``: one place for every default, so a fetcher
    built without settings behaves as one built from them."""
    return Settings.model_fields[name].default


@dataclass(frozen=True, slots=True)
class FetchConfig:
    """What a fetcher needs of the settings; build it with :meth:`from_settings`."""

    concurrency: int = _setting("fetch_concurrency")
    timeout: float = _setting("fetch_timeout")
    total_timeout: float = _setting("fetch_total_timeout")
    max_bytes: int = _setting("fetch_max_bytes")
    max_redirects: int = _setting("fetch_max_redirects")
    allow: tuple[str, ...] = ()  # address categories allowed (see worker.web.netguard)
    user_agent: str = _setting("fetch_user_agent")
    respect_robots: bool = _setting("fetch_respect_robots")
    corpus_dir: Path | None = None
    hard_links: bool = _setting("corpus_hard_links")  # read a corpus file that has other names
    robots_cache_size: int = _setting("fetch_robots_cache_size")  # origins whose robots.txt is kept
    robots_cache_ttl: float = _setting("fetch_robots_cache_ttl")  # seconds before a robots.txt is read again

    @classmethod
    def from_settings(cls, settings: Settings, corpus_dir: str | Path | None = None) -> FetchConfig:
        policy = AddressPolicy.from_flag(settings.fetch_allow_private)
        policy = AddressPolicy(policy.allow | set(settings.fetch_allow))
        root = corpus_dir or settings.corpus_dir
        return cls(
            concurrency=settings.fetch_concurrency,
            timeout=settings.fetch_timeout,
            total_timeout=settings.fetch_total_timeout,
            max_bytes=settings.fetch_max_bytes,
            max_redirects=settings.fetch_max_redirects,
            allow=tuple(sorted(policy.allow)),
            user_agent=settings.fetch_user_agent,
            respect_robots=settings.fetch_respect_robots,
            robots_cache_size=settings.fetch_robots_cache_size,
            robots_cache_ttl=settings.fetch_robots_cache_ttl,
            corpus_dir=Path(os.path.abspath(root)) if root else None,  # opened with no link in it
            hard_links=settings.corpus_hard_links,
        )


class RobotsCache:
    """robots.txt parsers by origin: least recently used dropped past ``size``, and
    each read again after ``ttl`` seconds (a long-lived worker sees sites change)."""

    def __init__(self, size: int, ttl: float):
        self.size, self.ttl = size, ttl
        self._entries: OrderedDict[str, tuple[float, RobotFileParser | None]] = OrderedDict()

    def get(self, origin: str) -> tuple[bool, RobotFileParser | None]:
        """(found, parser); an expired entry counts as not found."""
        entry = self._entries.get(origin)
        if entry is None or entry[0] <= time.monotonic():
            self._entries.pop(origin, None)
            return False, None
        self._entries.move_to_end(origin)
        return True, entry[1]

    def put(self, origin: str, parser: RobotFileParser | None) -> None:
        self._entries[origin] = (time.monotonic() + self.ttl, parser)
        self._entries.move_to_end(origin)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


class Fetcher:
    """Fetches URLs for one worker process; create once, ``close()`` on shutdown."""

    def __init__(
        self,
        config: FetchConfig,
        *,
        limiter: RateLimiter | None = None,
        resolver: AbstractResolver | None = None,
    ):
        self.config = config
        self.limiter = limiter
        self.policy = AddressPolicy(config.allow)
        self._inner_resolver = resolver
        self._session: aiohttp.ClientSession | None = None
        self.robots = RobotsCache(config.robots_cache_size, config.robots_cache_ttl)

    async def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            connector = GuardedConnector(
                self.policy, self._inner_resolver, limit=max(self.config.concurrency, 4), ttl_dns_cache=60
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                headers={
                    "User-Agent": self.config.user_agent,
                    "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1",
                },
                auto_decompress=True,
                trust_env=False,  # an environment proxy would connect for us, unchecked
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()

    async def fetch_all(
        self, urls: list[str], *, corpus_dir: Path | None = None
    ) -> tuple[list[FetchedPage], list[FetchFailure]]:
        """Fetch ``urls`` concurrently; pages come back in the order of ``urls``.
        ``corpus_dir`` (a job's own folder) is where ``file://`` URLs may point."""
        semaphore = asyncio.Semaphore(self.config.concurrency)

        async def one(url: str) -> FetchedPage | FetchFailure:
            async with semaphore:
                return await self.fetch_one(url, corpus_dir=corpus_dir)

        tasks = [asyncio.create_task(one(u)) for u in urls]
        _, pending = await asyncio.wait(tasks, timeout=self.config.total_timeout) if tasks else (set(), set())
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        pages: list[FetchedPage] = []
        failures: list[FetchFailure] = []
        for url, task in zip(urls, tasks, strict=True):
            if task in pending:
                failures.append(
                    FetchFailure(
                        url, "timeout", f"not finished within the job's {self.config.total_timeout:.0f} s fetch budget"
                    )
                )
                continue
            outcome = task.result()
            if isinstance(outcome, FetchedPage):
                pages.append(outcome)
            else:
                failures.append(outcome)
        return pages, failures

    async def fetch_one(self, url: str, *, corpus_dir: Path | None = None) -> FetchedPage | FetchFailure:
        try:
            if urlsplit(url).scheme == "file":
                return await asyncio.to_thread(self._read_file, url, corpus_dir or self.config.corpus_dir)
            return await asyncio.wait_for(self._fetch(url), timeout=self.config.timeout)
        except FetchError as exc:
            return FetchFailure(url, exc.reason, str(exc))
        except TimeoutError:
            return FetchFailure(url, "timeout", f"no complete answer within {self.config.timeout:.0f} s")
        except aiohttp.ClientError as exc:
            return FetchFailure(url, "connection", f"{type(exc).__name__}: {exc}")
        except (OSError, UnicodeError, ValueError) as exc:
            return FetchFailure(url, "connection", f"{type(exc).__name__}: {exc}")

    async def _fetch(self, url: str) -> FetchedPage:
        session = await self.session()
        current = url
        for _hop in range(self.config.max_redirects + 1):
            if urlsplit(current).scheme not in ("http", "https"):
                raise FetchError(
                    f"refused {current}: only http and https URLs are fetched", url=url, reason="unsupported-scheme"
                )
            try:
                # the URL as aiohttp will see it (IDNA/NFKC-normalised host): what is checked is what is requested
                target = self.policy.check_url(current)
                if self.config.respect_robots and not await self._allowed_by_robots(target):
                    raise FetchError(f"robots.txt of {target.host} disallows {current}", url=url, reason="robots")
                if self.limiter is not None:
                    await self.limiter.acquire(f"host:{target.raw_host}")
                async with session.get(target, allow_redirects=False) as resp:
                    if resp.status in (301, 302, 303, 307, 308) and "Location" in resp.headers:
                        current = urljoin(current, resp.headers["Location"])
                        continue
                    return await self._read(url, current, resp)
            except BlockedAddressError as exc:
                detail = str(exc)  # the resolver and connector do not know the URL: name it
                if current not in detail:
                    detail = f"{detail} (fetching {current})"
                raise BlockedAddressError(detail, url=url, reason=exc.reason) from None
        raise FetchError(
            f"{url} redirected more than {self.config.max_redirects} times", url=url, reason="too-many-redirects"
        )

    async def _read(self, url: str, final_url: str, resp: aiohttp.ClientResponse) -> FetchedPage:
        if resp.status >= 400:
            raise FetchError(f"{final_url} answered HTTP {resp.status}", url=url, reason=f"http-{resp.status}")
        declared = resp.headers.get("Content-Length")
        if declared and declared.isdigit() and int(declared) > self.config.max_bytes:
            raise FetchError(
                f"{final_url} is {int(declared):,} bytes, over the {self.config.max_bytes:,}-byte cap",
                url=url,
                reason="too-large",
            )
        body = bytearray()
        async for block in resp.content.iter_chunked(65536):
            body.extend(block)
            if len(body) > self.config.max_bytes:
                raise FetchError(
                    f"{final_url} is over the {self.config.max_bytes:,}-byte cap", url=url, reason="too-large"
                )
        content_type = resp.content_type or "application/octet-stream"
        if content_type not in ACCEPTED_TYPES and not bytes(body[:5]) == b"%PDF-":
            raise FetchError(
                f"{final_url} is {content_type}, not a page deepref can read", url=url, reason="unsupported-type"
            )
        return FetchedPage(url, final_url, resp.status, content_type, bytes(body), resp.charset)

    async def _allowed_by_robots(self, url: URL) -> bool:
        origin = str(url.origin())
        found, parser = self.robots.get(origin)
        if not found:
            parser = await self._load_robots(origin)
            self.robots.put(origin, parser)
        return True if parser is None else parser.can_fetch(self.config.user_agent, str(url))

    async def _load_robots(self, origin: str) -> RobotFileParser | None:
        """Like Google: a missing or broken robots.txt allows everything; 401/403 forbids."""
        parser = RobotFileParser()
        session = await self.session()
        try:
            # no redirects: a redirect to an IP literal would bypass the guarded resolver
            async with session.get(
                origin + "/robots.txt",
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=min(self.config.timeout, 10)),
            ) as resp:
                if resp.status in (401, 403):
                    # an attribute RobotFileParser sets in __init__ and typeshed does not declare
                    parser.disallow_all = True  # type: ignore[attr-defined]
                    return parser
                if resp.status >= 300:
                    return None
                text = (await resp.content.read(500_000)).decode("utf-8", errors="replace")
        except BlockedAddressError:
            raise  # the page itself is refused too, with this reason
        except (aiohttp.ClientError, TimeoutError, OSError, FetchError):
            return None
        parser.parse(text.splitlines())
        return parser

    def _read_file(self, url: str, root: Path | None) -> FetchedPage:
        """A ``file://`` URL beneath the job's folder, opened relative to it with no link
        out of it followed (search/documents/beneath.py): never resolved first, so a
        name swapped for a link after the search is refused, not read."""
        path = Path(os.path.normpath(unquote(urlsplit(url).path)))
        rel = _beneath(path, root)
        if root is None or rel is None:
            raise FetchError(
                f"refused {url}: local files are read only inside the corpus folder", url=url, reason="outside-corpus"
            )
        started = time.perf_counter()
        try:  # one read between two stats that agree: every quote comes from this one version
            with Folder(root, hard_links=self.config.hard_links) as folder:
                body, stat = folder.read(rel, max_bytes=self.config.max_bytes)
        except FolderError as exc:
            raise FetchError(str(exc), url=url, reason="outside-corpus") from exc
        except DocumentError as exc:
            reason = "outside-corpus" if exc.reason == "outside-folder" else exc.reason
            raise FetchError(f"{shown_name(str(path))}: {exc}", url=url, reason=reason) from exc
        log.debug("read %s (%d bytes) in %.3fs", shown_name(str(path)), len(body), time.perf_counter() - started)
        version = FileVersion(hashlib.sha256(body).hexdigest(), stat.st_size, stat.st_mtime_ns)
        suffix = path.suffix.lower()
        content_type = {
            ".html": "text/html",
            ".htm": "text/html",
            ".pdf": "application/pdf",
            ".md": "text/markdown",
            ".markdown": "text/markdown",
        }.get(suffix, "text/plain")
        return FetchedPage(url, url, 200, content_type, body, None, version)
