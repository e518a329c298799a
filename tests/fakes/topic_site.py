"""A site with as many pages as a test asks for, and a search that finds different
pages for every query: what a deep job's rounds need.

``/page/{slug}`` is an article whose sentences name the slug (so each page is its
own source); ``/copy/{slug}`` is the same article under another URL with a
different footer (a syndicated copy: a near-duplicate). Requests are counted per
path (``hits``), so a test can tell a page fetched twice. ``SearchRows`` plugs into
the fake SearxNG's ``results``: any query gets ``per_query`` pages of its own.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections import Counter

from aiohttp import web

TOPICS = [
    "Tidal lagoons hold water behind a sea wall and release it through turbines",
    "The capital cost of a tidal lagoon is dominated by the length of its sea wall",
    "Tidal stream turbines stand in fast currents like underwater wind turbines",
    "Tidal range power depends on the square of the difference between high and low water",
    "Maintenance of tidal turbines is costly because divers and vessels are needed",
    "Sediment builds up behind barrages and changes the habitats of wading birds",
]


def slug_of(query: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", query.lower()).strip("-")[:80] or "page"


def article(slug: str) -> str:
    """Sentences unique to ``slug`` (codes and numbers from its hash), all about tides:
    pages of one site share some topic sentences, as real ones share phrases."""
    digest = hashlib.sha256(slug.encode()).hexdigest()
    seed = int(digest[:8], 16)
    words = slug.replace("-", " ")
    codes = [digest[i : i + 5] for i in range(8, 48, 5)]
    sentences = [f"{TOPICS[(seed + i) % len(TOPICS)]}, says report {codes[i]}." for i in range(2)]
    sentences += [
        f"The tidal lagoon costs reported in {words} reach {seed % 900 + 100} million pounds.",
        f"Survey {codes[2]} logged {seed % 77 + 3} readings at station {codes[3]} near buoy {codes[4]}.",
        f"Engineer {codes[5]} measured currents of {seed % 5 + 1} metres per second at pier {codes[6]}.",
        f"Archive {codes[7]} keeps {seed % 300 + 20} tide tables from harbour {digest[48:53]} and {digest[53:58]}.",
    ]
    return " ".join(sentences)


class TopicSite:
    def __init__(self, delay: float = 0.0) -> None:
        self.hits: Counter[str] = Counter()
        self.delay = delay
        self.app = web.Application()
        self.app.router.add_get("/page/{slug}", self._page)
        self.app.router.add_get("/copy/{slug}", self._copy)

    def text(self, slug: str) -> str:
        return article(slug)

    async def _page(self, request: web.Request) -> web.Response:
        return await self._serve(request, "")

    async def _copy(self, request: web.Request) -> web.Response:
        return await self._serve(request, "<p>Syndicated from the Tidal Gazette.</p>")

    async def _serve(self, request: web.Request, footer: str) -> web.Response:
        self.hits[request.path] += 1
        if self.delay:
            await asyncio.sleep(self.delay)
        slug = request.match_info["slug"]
        body = (
            f"<html><head><title>{slug}</title></head><body><article><h1>{slug}</h1>"
            f"<p>{article(slug)}</p>{footer}</article></body></html>"
        )
        return web.Response(text=body, content_type="text/html")


class SearchRows(dict):
    """``FakeSearxNG.results`` that answers every query with pages of its own
    (``per_query`` of them; with ``copies``, each query's first page also has a
    syndicated copy among the results)."""

    def __init__(self, base_url: str, per_query: int = 3, copies: bool = False):
        super().__init__()
        self.base_url, self.per_query, self.copies = base_url, per_query, copies

    def get(self, query, default=None):  # the fake SearxNG calls results.get(query, default)
        slug = slug_of(query)
        rows = [
            {"url": f"{self.base_url}/page/{slug}-{i}", "title": f"{slug} {i}", "content": ""}
            for i in range(self.per_query)
        ]
        if self.copies:
            rows.insert(1, {"url": f"{self.base_url}/copy/{slug}-0", "title": f"{slug} copy", "content": ""})
        return rows
