"""Exa search: ``POST {base}/search`` with ``x-api-key``.

A neural web index; 5 search requests per second by default (the rate used here).
``numResults`` is asked once (up to 100); there are no further pages.
"""

from __future__ import annotations

from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.models import SearchHit


class ExaProvider(ApiProvider):
    name = "exa"
    label = "Exa"
    url_setting = "DEEPREF_EXA_URL"
    key_setting = "DEEPREF_EXA_API_KEY"
    rate_per_second = 5.0
    max_page = 100

    def __init__(self, base_url: str = "https://api.exa.ai", *, api_key: str, **kw):
        super().__init__(base_url, **kw)
        self.api_key = api_key

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        body = {"query": query, "numResults": size, "type": "auto"}
        headers = {"x-api-key": self.api_key}
        return await self.request("POST", "/search", _page, stats, query=query, json_body=body, headers=headers)


def _page(data: Any) -> Page:
    rows = data["results"]
    if not isinstance(rows, list):
        raise TypeError("results is not a list")
    hits = []
    for row in rows:
        url = text(row.get("url")) if isinstance(row, dict) else None
        if url:
            author = text(row.get("author"))
            hits.append(
                SearchHit(
                    url,
                    text(row.get("title")) or url,
                    text(row.get("text") or " ".join(row.get("highlights") or [])) or "",
                    "exa",
                    "",
                    0,
                    authors=(author,) if author else (),
                    year=year_of(row.get("publishedDate")),
                )
            )
    return Page(hits, False)
