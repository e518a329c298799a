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
    notice: str | None = None
    """A notice published about the work: "retracted", "withdrawn", "expression of concern" or "corrected"."""
    notice_doi: str | None = None  # the notice's DOI, when the index gave it

    @classmethod
    def of_url(cls, url: str, rank: int = 1, provider: str = "url") -> SearchHit:
        """A hit that is only a URL (a cited page read again, a test's page)."""
        return cls(url, "", "", provider, "", rank)


# the notices an index reports about a work, worst first, and the names the indexes give them
NOTICES = ("retracted", "withdrawn", "expression of concern", "corrected")
_NOTICE_OF = {
    "retraction": "retracted",
    "partial_retraction": "retracted",
    "retract": "retracted",
    "retracted": "retracted",
    "withdrawal": "withdrawn",
    "withdraw": "withdrawn",
    "withdrawn": "withdrawn",
    "removal": "withdrawn",
    "expression_of_concern": "expression of concern",
    "expression of concern": "expression of concern",
    "expression-of-concern": "expression of concern",
    "concern": "expression of concern",
    "correction": "corrected",
    "correct": "corrected",
    "corrected": "corrected",
    "erratum": "corrected",
    "corrigendum": "corrected",
    "addendum": "corrected",
}


def notice_of(current: str | None, kind: str) -> str | None:
    """The worse of ``current`` and the notice an index calls ``kind`` (Crossmark's
    ``retraction``, ``correction``, …); an update that is no notice (a new version)
    leaves ``current``."""
    new = _NOTICE_OF.get(kind.strip().lower())
    if new is None:
        return current
    if current is None:
        return new
    return min(current, new, key=NOTICES.index)


@runtime_checkable
class SearchProvider(Protocol):
    name: str

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]: ...
