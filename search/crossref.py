"""Crossref works search: ``GET {base}/works?query=…&rows=…&offset=…``.

Crossref holds the metadata publishers deposit with their DOIs, so its DOI,
authors, venue and date are the registered ones. A ``mailto`` puts requests in
the "polite pool"; the public pool allows 5 requests per second (one at a time).
Titles, venues and abstracts are deposited with JATS or HTML markup and entities,
read as text here (``search.records``); names stay structured (given, family).
Crossmark's ``updated-by`` (on a work: a retraction, correction or expression of
concern published about it), ``update-to`` (on the notice: the work it updates) and
``relation`` flag a work's notice. Crossref's ``link``
entries are mostly publishers' text-mining URLs behind their own licences, so
Crossref hits give no full text: the paper is read through another provider's
open copy, or as its abstract.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.identifiers import normalize_doi
from deepref.search.models import SearchHit, notice_of
from deepref.search.records import person, person_name, plain

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
    hits = [hit for item in items if (hit := _work(item)) is not None]
    # a notice in the same answer flags the work it updates (``update-to`` names its DOI)
    notices = {
        doi: (kind, hit.doi)
        for item, hit in zip(items, hits, strict=False)
        for doi, kind in _updates(item, "update-to")
        if hit.doi == normalize_doi(item.get("DOI") if isinstance(item, dict) else None)
    }
    return Page([_flagged(hit, *notices[hit.doi]) if hit.doi in notices else hit for hit in hits], more)


def _flagged(hit: SearchHit, kind: str, notice_doi: str | None) -> SearchHit:
    worse = notice_of(hit.notice, kind)
    return hit if worse == hit.notice else replace(hit, notice=worse, notice_doi=notice_doi)


def _updates(item: Any, field: str) -> list[tuple[str, str]]:
    """(DOI, kind) of each Crossmark update in ``field`` (``updated-by``: the notices'
    DOIs; ``update-to``: the updated works')."""
    out = []
    for update in (item.get(field) if isinstance(item, dict) else None) or []:
        if isinstance(update, dict) and (doi := normalize_doi(update.get("DOI"))) and (kind := update.get("type")):
            out.append((doi, str(kind)))
    return out


def _relations(item: dict) -> list[tuple[str, str | None]]:
    """(kind, DOI) of ``relation`` entries that say a notice updates this work
    (``is-retracted-by``, ``has-correction``, ``is-corrected-by``, …)."""
    out = []
    relation = item.get("relation")
    for name, targets in relation.items() if isinstance(relation, dict) else []:
        for word in ("retract", "correct", "erratum", "concern", "withdraw"):
            if word in name:
                doi = (
                    next(
                        (
                            normalize_doi(t.get("id"))
                            for t in targets
                            if isinstance(t, dict) and t.get("id-type") == "doi"
                        ),
                        None,
                    )
                    if isinstance(targets, list)
                    else None
                )
                out.append((word, doi))
    return out


def _work(item: Any) -> SearchHit | None:
    if not isinstance(item, dict):
        return None
    doi = normalize_doi(item.get("DOI"))
    title = plain(item.get("title"))
    if not doi or not title:
        return None
    if (subtitle := plain(item.get("subtitle"))) and subtitle.lower() not in title.lower():
        title = f"{title}: {subtitle}" if not title.endswith((":", "?", "!", ".")) else f"{title} {subtitle}"
    parts = ((item.get("issued") or {}).get("date-parts") or [[None]])[0] or [None]
    abstract = plain(item["abstract"]) if isinstance(item.get("abstract"), str) else None
    authors = []
    for a in item.get("author") or []:
        if isinstance(a, dict):
            # a person as given/family; an organisation (a consortium) as its "name"
            name = person(a.get("given"), a.get("family")) or person_name(a.get("name"))
            if name:
                authors.append(name)
    notice: str | None = None
    notice_doi: str | None = None
    for doi_of_notice, kind in _updates(item, "updated-by"):
        if (worse := notice_of(notice, kind)) != notice:
            notice, notice_doi = worse, doi_of_notice
    for kind, related in _relations(item):
        if (worse := notice_of(notice, kind)) != notice:
            notice, notice_doi = worse, related
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
        venue=plain(item.get("container-title")),
        kind=_KINDS.get(item.get("type") or "", "article-journal"),
        abstract=abstract,
        notice=notice,
        notice_doi=notice_doi,
    )
