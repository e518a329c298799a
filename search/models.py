"""What a search provider returns, and the protocol every provider follows.

A hit is a web page (a URL, a title, a snippet) and, from the scholarly indexes, a
work: its DOI, authors, year, venue, type, arXiv id, PMID, abstract and an
open-access full-text URL. Every scholarly field is optional (a provider gives what
it knows; an older stored hit has none), and a DOI or arXiv id is only ever one a
provider returned for that work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class SearchHit:
    url: str
    title: str
    snippet: str
    provider: str
    query: str
    rank: int  # 1-based position in that provider's answer to that query
    # -- a scholarly work (search/openalex.py, crossref.py, semanticscholar.py, arxiv.py, pubmed.py)
    scholarly: bool = False
    """A record of a scholarly index: fetched only as open-access full text, else read as its abstract."""
    doi: str | None = None  # lower case, without https://doi.org/
    authors: tuple[str, ...] = ()
    year: int | None = None
    venue: str | None = None  # journal, proceedings or repository
    kind: str | None = None  # CSL type: article-journal, paper-conference, article (preprint), book, ...
    arxiv_id: str | None = None  # without version, e.g. 1706.03762
    pmid: str | None = None
    abstract: str | None = None
    fulltext_url: str | None = None  # open-access PDF or HTML of the work itself, never a paywalled landing page
    providers: tuple[str, ...] = field(default=())  # every provider that returned this work (after merging)

    @classmethod
    def of_url(cls, url: str, rank: int = 1, provider: str = "url") -> SearchHit:
        """A hit that is only a URL (a cited page read again, a test's page)."""
        return cls(url, "", "", provider, "", rank)


@runtime_checkable
class SearchProvider(Protocol):
    name: str

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]: ...
