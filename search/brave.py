"""Brave Search API: ``GET {base}/res/v1/web/search?q=…&count=…&offset=…`` with ``X-Subscription-Token``.

Brave's own web index. The free plan allows 1 request per second (the rate used
here); ``count`` is at most 20 and ``offset`` counts pages (at most 9).
"""

from __future__ import annotations

import html
import re
from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text
from deepref.search.models import SearchHit

_TAGS = re.compile(r"<[^<>]+>")  # never holds a "<": linear on "<<<<…" (docs/security.md)


class BraveProvider(ApiProvider):
    name = "brave"
    label = "Brave Search"
    url_setting = "DEEPREF_BRAVE_URL"
    key_setting = "DEEPREF_BRAVE_API_KEY"
    rate_per_second = 1.0
    max_page = 20

    def __init__(self, base_url: str = "https://api.search.brave.com", *, api_key: str, **kw):
        super().__init__(base_url, **kw)
        self.api_key = api_key

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        number = offset // size
        if number > 9:
            return Page([], False)
        params = {"q": query, "count": size, "offset": number}
        headers = {"X-Subscription-Token": self.api_key, "Accept": "application/json"}
        return await self.request(
            "GET", "/res/v1/web/search", _page, stats, query=query, params=params, headers=headers
        )


def _page(data: Any) -> Page:
    rows = (data.get("web") or {}).get("results", [])  # no "web" block: nothing found
    if not isinstance(rows, list):
        raise TypeError("web.results is not a list")
    hits = [
        SearchHit(
            url,
            text(row.get("title")) or url,
            text(html.unescape(_TAGS.sub("", row.get("description") or ""))) or "",
            "brave",
            "",
            0,
        )
        for row in rows
        if isinstance(row, dict) and (url := text(row.get("url")))
    ]
    return Page(hits, bool((data.get("query") or {}).get("more_results_available")))
