"""Semantic Scholar Academic Graph: ``GET {base}/graph/v1/paper/search?query=…&offset=…&limit=…&fields=…``.

Without a key every caller shares one public allowance (429s are common); a key
(``x-api-key`` header) gives 1 request per second, the rate used here. Each paper
carries its DOI, arXiv id and PMID in ``externalIds`` and, when open, an
``openAccessPdf`` URL. Titles and venues are cleaned of markup and entities, and
names (one string each) of placeholders (``search.records``).
"""

from __future__ import annotations

from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.identifiers import normalize_arxiv, normalize_doi
from deepref.search.models import SearchHit
from deepref.search.records import person_name, plain

FIELDS = "title,abstract,year,venue,authors,externalIds,url,openAccessPdf,publicationTypes,journal"
_KINDS = {
    "JournalArticle": "article-journal",
    "Conference": "paper-conference",
    "Book": "book",
    "BookSection": "chapter",
}


class SemanticScholarProvider(ApiProvider):
    name = "semanticscholar"
    label = "Semantic Scholar"
    url_setting = "DEEPREF_SEMANTICSCHOLAR_URL"
    key_setting = "DEEPREF_SEMANTICSCHOLAR_API_KEY"
    rate_per_second = 1.0
    max_page = 100

    def __init__(self, base_url: str = "https://api.semanticscholar.org", *, api_key: str | None = None, **kw):
        super().__init__(base_url, **kw)
        self.api_key = api_key

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        params = {"query": query, "offset": offset, "limit": size, "fields": FIELDS}
        headers = {"x-api-key": self.api_key} if self.api_key else None
        return await self.request(
            "GET", "/graph/v1/paper/search", _page, stats, query=query, params=params, headers=headers
        )


def _page(data: Any) -> Page:
    rows = data.get("data", [])  # a search with no match answers without "data"
    if not isinstance(rows, list):
        raise TypeError("data is not a list")
    return Page([hit for row in rows if (hit := _paper(row)) is not None], data.get("next") is not None)


def _paper(row: Any) -> SearchHit | None:
    if not isinstance(row, dict):
        return None
    ids = row.get("externalIds") or {}
    doi, arxiv = normalize_doi(ids.get("DOI")), normalize_arxiv(ids.get("ArXiv"))
    title, url = plain(row.get("title")), text(row.get("url"))
    if not title or not url:
        return None
    types = row.get("publicationTypes") or []
    kind = next((_KINDS[t] for t in types if t in _KINDS), None)
    venue = plain(row.get("venue")) or plain((row.get("journal") or {}).get("name"))
    if kind is None:
        kind = "article" if arxiv and not (doi and not doi.startswith("10.48550/")) else "article-journal"
    pmid = ids.get("PubMed")
    abstract = text(row.get("abstract"))
    return SearchHit(
        url=url,
        title=title,
        snippet=(abstract or "")[:300],
        provider="semanticscholar",
        query="",
        rank=0,
        scholarly=True,
        doi=doi,
        authors=tuple(n for a in row.get("authors") or [] if isinstance(a, dict) and (n := person_name(a.get("name")))),
        year=year_of(row.get("year")),
        venue=venue,
        kind=kind,
        arxiv_id=arxiv,
        pmid=str(pmid) if isinstance(pmid, str | int) and str(pmid).isdigit() else None,
        abstract=abstract,
        fulltext_url=text((row.get("openAccessPdf") or {}).get("url")),
    )
