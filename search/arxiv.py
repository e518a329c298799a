r"""arXiv through its Atom API: ``GET {base}/api/query?search_query=all:…&start=…&max_results=…``.

arXiv's terms ask for at most one request every three seconds (the rate used
here) and a single connection. Every entry is open: its PDF link is the full
text. ``arxiv:doi`` is the DOI the authors gave for the published version, which
links the preprint to its journal record. Titles, abstracts and names are TeX as
the authors typed them (``$\omega$``, ``\textit{x}``), rendered to text here.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.identifiers import normalize_arxiv, normalize_doi
from deepref.search.models import SearchHit
from deepref.search.records import is_placeholder, tex

NS = {
    "atom": "http://www.w3.org/2005/Atom",
    "arxiv": "http://arxiv.org/schemas/atom",
    "opensearch": "http://a9.com/-/spec/opensearch/1.1/",
}


class ArxivProvider(ApiProvider):
    name = "arxiv"
    label = "arXiv"
    url_setting = "DEEPREF_ARXIV_URL"
    rate_per_second = 1 / 3
    max_page = 100

    def __init__(self, base_url: str = "https://export.arxiv.org", **kw):
        super().__init__(base_url, **kw)

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        params = {"search_query": f"all:{query}", "start": offset, "max_results": size}
        return await self.request(
            "GET", "/api/query", lambda feed: _page(feed, offset, size), stats, query=query, params=params, body="xml"
        )


def _page(feed: Element, offset: int, size: int) -> Page:
    if feed.tag != f"{{{NS['atom']}}}feed":
        raise ValueError(f"not an Atom feed: <{feed.tag}>")
    entries = feed.findall("atom:entry", NS)
    total = text(feed.findtext("opensearch:totalResults", None, NS))
    more = offset + size < int(total) if total and total.isdigit() else len(entries) >= size
    return Page([hit for entry in entries if (hit := _entry(entry)) is not None], more)


def _entry(entry: Element) -> SearchHit | None:
    arxiv = normalize_arxiv(entry.findtext("atom:id", "", NS))
    title = tex(entry.findtext("atom:title", None, NS))
    if not arxiv or not title:  # arXiv reports a bad query as an entry without an arXiv id
        return None
    links: dict[str, Any] = {}
    for link in entry.findall("atom:link", NS):
        links.setdefault(link.get("title") or link.get("rel") or "", link.get("href"))
    abstract = tex(entry.findtext("atom:summary", None, NS))
    return SearchHit(
        url=text(links.get("alternate")) or f"https://arxiv.org/abs/{arxiv}",
        title=title,
        snippet=(abstract or "")[:300],
        provider="arxiv",
        query="",
        rank=0,
        scholarly=True,
        doi=normalize_doi(entry.findtext("arxiv:doi", None, NS)),
        authors=tuple(
            n
            for a in entry.findall("atom:author", NS)
            if (n := tex(a.findtext("atom:name", None, NS))) and not is_placeholder(n)
        ),
        year=year_of(entry.findtext("atom:published", None, NS)),
        venue="arXiv",
        kind="article",
        arxiv_id=arxiv,
        abstract=abstract,
        fulltext_url=text(links.get("pdf")) or f"https://arxiv.org/pdf/{arxiv}",
    )
