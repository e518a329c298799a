"""Crossref works search: ``GET {base}/works?query=…&rows=…&offset=…``.

Crossref holds the metadata publishers deposit with their DOIs, so its DOI,
authors, venue and date are the registered ones. A ``mailto`` puts requests in
the "polite pool"; the public pool allows 5 requests per second (one at a time).
Abstracts, when deposited, are JATS XML (tags stripped here). Crossref's ``link``
entries are mostly publishers' text-mining URLs behind their own licences, so
Crossref hits give no full text: the paper is read through another provider's
open copy, or as its abstract.
"""

from __future__ import annotations

import html
import re
from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.identifiers import normalize_doi
from deepref.search.models import SearchHit

_TAGS = re.compile(r"<[^<>]+>")  # never holds a "<": linear on "<<<<…" (docs/security.md)
_KINDS = {
    "journal-article": "article-journal",
    "proceedings-article": "paper-conference",
    "posted-content": "article",
    "book-chapter": "chapter",
    "book": "book",
    "monograph": "book",
    "dissertation": "thesis",
    "report": "report",
    "dataset": "dataset",
}


class CrossrefProvider(ApiProvider):
    name = "crossref"
    label = "Crossref"
    url_setting = "DEEPREF_CROSSREF_URL"
    rate_per_second = 5.0
    max_page = 100

    def __init__(self, base_url: str = "https://api.crossref.org", *, mailto: str | None = None, **kw):
        super().__init__(base_url, **kw)
        self.mailto = mailto

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        params: dict[str, Any] = {"query": query, "rows": size, "offset": offset}
        if self.mailto:
            params["mailto"] = self.mailto
        return await self.request(
            "GET", "/works", lambda data: _page(data, offset, size), stats, query=query, params=params
        )


def _page(data: Any, offset: int, size: int) -> Page:
    message = data["message"]
    items = message["items"]
    if not isinstance(items, list):
        raise TypeError("message.items is not a list")
    total = message.get("total-results")
    more = offset + size < total if isinstance(total, int) else len(items) >= size
    return Page([hit for item in items if (hit := _work(item)) is not None], more)


def _work(item: Any) -> SearchHit | None:
    if not isinstance(item, dict):
        return None
    doi = normalize_doi(item.get("DOI"))
    title = text(item.get("title"))
    if not doi or not title:
        return None
    parts = ((item.get("issued") or {}).get("date-parts") or [[None]])[0] or [None]
    abstract = text(html.unescape(_TAGS.sub(" ", item["abstract"]))) if isinstance(item.get("abstract"), str) else None
    authors = []
    for a in item.get("author") or []:
        if isinstance(a, dict):
            name = " ".join(p for p in (text(a.get("given")), text(a.get("family"))) if p) or text(a.get("name"))
            if name:
                authors.append(name)
    return SearchHit(
        url=text(item.get("URL")) or f"https://doi.org/{doi}",
        title=title,
        snippet=(abstract or "")[:300],
        provider="crossref",
        query="",
        rank=0,
        scholarly=True,
        doi=doi,
        authors=tuple(authors),
        year=year_of(parts[0]),
        venue=text(item.get("container-title")),
        kind=_KINDS.get(item.get("type") or "", "article-journal"),
        abstract=abstract,
    )
