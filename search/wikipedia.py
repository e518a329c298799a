"""Wikipedia through the MediaWiki Action API: ``GET {base}/w/api.php?action=query&list=search&…``.

Any language edition: the base URL is ``https://{language}.wikipedia.org`` (the
DEEPREF_WIKIPEDIA_LANGUAGE setting) or a mirror's. Wikimedia's API etiquette asks
for a descriptive User-Agent and requests in series, not in parallel; 2 per
second is used. Articles are read as web pages (CC BY-SA), so hits are plain.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from deepref.search.api import ApiProvider, Page, ProviderStats, text
from deepref.search.models import SearchHit
from deepref.search.records import plain


class WikipediaProvider(ApiProvider):
    name = "wikipedia"
    label = "Wikipedia"
    url_setting = "DEEPREF_WIKIPEDIA_URL"
    rate_per_second = 2.0
    max_page = 50

    def __init__(self, base_url: str = "https://en.wikipedia.org", **kw):
        super().__init__(base_url, **kw)

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        params = {
            "action": "query",
            "list": "search",
            "srsearch": query,
            "srlimit": size,
            "sroffset": offset,
            "srprop": "snippet|timestamp",
            "format": "json",
            "formatversion": "2",
        }
        return await self.request("GET", "/w/api.php", self._page, stats, query=query, params=params)

    def _page(self, data: Any) -> Page:
        if "error" in data:
            raise ValueError(f"API error {data['error'].get('code')}: {data['error'].get('info')}")
        rows = data["query"]["search"]
        if not isinstance(rows, list):
            raise TypeError("query.search is not a list")
        hits = []
        for row in rows:
            title = text(row.get("title")) if isinstance(row, dict) else None
            if title:
                # the snippet's <span class="searchmatch"> marks and entities; the title is the page's name
                snippet = plain(row.get("snippet") or "") or ""
                url = f"{self.base_url}/wiki/{quote(title.replace(' ', '_'), safe='()_,:')}"
                hits.append(SearchHit(url, title, snippet, self.name, "", 0))
        return Page(hits, "continue" in data)
