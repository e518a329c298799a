"""Tavily search: ``POST {base}/search`` with ``Authorization: Bearer <key>``.

A paid API built for agents (a free monthly allowance; 100 requests per minute on
the development tier, about 1.5 per second, the rate used here). One request
returns up to 20 results; there are no further pages.
"""

from __future__ import annotations

from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text
from deepref.search.models import SearchHit


class TavilyProvider(ApiProvider):
    name = "tavily"
    label = "Tavily"
    url_setting = "DEEPREF_TAVILY_URL"
    key_setting = "DEEPREF_TAVILY_API_KEY"
    rate_per_second = 1.5
    max_page = 20

    def __init__(self, base_url: str = "https://api.tavily.com", *, api_key: str, **kw):
        super().__init__(base_url, **kw)
        self.api_key = api_key

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        body = {"query": query, "max_results": size, "search_depth": "basic"}
        headers = {"Authorization": f"Bearer {self.api_key}"}
        return await self.request("POST", "/search", _page, stats, query=query, json_body=body, headers=headers)


def _page(data: Any) -> Page:
    rows = data["results"]
    if not isinstance(rows, list):
        raise TypeError("results is not a list")
    hits = [
        SearchHit(url, text(row.get("title")) or url, text(row.get("content")) or "", "tavily", "", 0)
        for row in rows
        if isinstance(row, dict) and (url := text(row.get("url")))
    ]
    return Page(hits, False)
