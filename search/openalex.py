"""OpenAlex works search: ``GET {base}/works?search=…&per-page=…&page=…``.

OpenAlex (CC0 metadata of about 250 million works) asks callers to name themselves
with ``mailto`` (the "polite pool": steadier service) and documents at most 10
requests per second; an API key, when given, raises the daily allowance. Abstracts
come as an inverted index (word → positions), rebuilt here. ``best_oa_location``
is an open-access copy (its PDF, else its page) and is the only full text used.
Titles may hold HTML, venue names C1 control characters (U+0098, U+009C), authors
the placeholder "NULL AUTHOR_ID": all cleaned or dropped (``search.records``). A
work whose primary location is a repository (arXiv) but whose DOI is a journal's
takes the journal location's venue. ``is_retracted`` flags a retracted work.
"""

from __future__ import annotations

import re
from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.identifiers import arxiv_of_doi, normalize_arxiv, normalize_doi
from deepref.search.models import SearchHit
from deepref.search.records import person_name, plain

_KINDS = {
    "preprint": "article",
    "book": "book",
    "book-chapter": "chapter",
    "dissertation": "thesis",
    "dataset": "dataset",
    "report": "report",
}


class OpenAlexProvider(ApiProvider):
    name = "openalex"
    label = "OpenAlex"
    url_setting = "DEEPREF_OPENALEX_URL"
    key_setting = "DEEPREF_OPENALEX_API_KEY"
    rate_per_second = 10.0
    max_page = 200

    def __init__(self, base_url: str = "https://api.openalex.org", *, mailto: str | None = None, api_key=None, **kw):
        super().__init__(base_url, **kw)
        self.mailto, self.api_key = mailto, api_key

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        number = offset // size + 1
        params: dict[str, Any] = {"search": query, "per-page": size, "page": number}
        if self.mailto:
            params["mailto"] = self.mailto
        if self.api_key:
            params["api_key"] = self.api_key
        return await self.request(
            "GET", "/works", lambda data: _page(data, number, size), stats, query=query, params=params
        )


def _page(data: Any, number: int, size: int) -> Page:
    results = data["results"]
    if not isinstance(results, list):
        raise TypeError("results is not a list")
    count = (data.get("meta") or {}).get("count")
    more = number * size < count if isinstance(count, int) else len(results) >= size
    return Page([hit for row in results if (hit := _work(row)) is not None], more)


def _work(row: Any) -> SearchHit | None:
    if not isinstance(row, dict):
        return None
    doi = normalize_doi(row.get("doi"))
    primary = row.get("primary_location") or {}
    source = primary.get("source") or {}
    locations = [loc for loc in (row.get("locations") or []) if isinstance(loc, dict)]
    landing = text(primary.get("landing_page_url"))
    url = landing or (f"https://doi.org/{doi}" if doi else text(row.get("id")))
    title = plain(row.get("title") or row.get("display_name"))
    if not url or not title:
        return None
    arxiv = next(
        (aid for loc in [primary, *locations] if (aid := normalize_arxiv(text(loc.get("landing_page_url"))))), None
    )
    best = row.get("best_oa_location") or {}
    fulltext = text(best.get("pdf_url")) or (text(best.get("landing_page_url")) if best.get("is_oa") else None)
    pmid = text((row.get("ids") or {}).get("pmid"))
    kind = _KINDS.get(row.get("type") or "")
    if kind is None:
        kind = "paper-conference" if source.get("type") == "conference" else "article-journal"
    if source.get("type") == "repository" and doi and not arxiv_of_doi(doi) and row.get("type") != "preprint":
        # a stale primary location: the DOI is the journal's, so is the venue
        journal = next((s for loc in locations if (s := loc.get("source") or {}).get("type") == "journal"), None)
        if journal is not None:
            source, kind = journal, "article-journal"
    if source.get("type") == "repository" and row.get("type") in (None, "article", "preprint"):
        kind = "article"
    abstract = _abstract(row.get("abstract_inverted_index"))
    return SearchHit(
        url=url,
        title=title,
        snippet=(abstract or "")[:300],
        provider="openalex",
        query="",
        rank=0,
        scholarly=True,
        doi=doi,
        authors=tuple(
            name
            for a in row.get("authorships") or []
            if isinstance(a, dict)
            and (name := person_name((a.get("author") or {}).get("display_name") or a.get("raw_author_name")))
        ),
        year=year_of(row.get("publication_year")),
        venue=plain(source.get("display_name")),
        kind=kind,
        arxiv_id=arxiv,
        pmid=m.group(0) if pmid and (m := re.search(r"\d+$", pmid)) else None,
        abstract=abstract,
        fulltext_url=fulltext,
        notice="retracted" if row.get("is_retracted") is True else None,
    )


def _abstract(index: Any) -> str | None:
    """OpenAlex's ``abstract_inverted_index`` ({word: [positions]}) back to text."""
    if not isinstance(index, dict) or not index:
        return None
    words: dict[int, str] = {}
    for word, positions in index.items():
        for pos in positions if isinstance(positions, list) else []:
            if isinstance(pos, int):
                words[pos] = word
    return " ".join(words[i] for i in sorted(words)) or None
