"""What the fetch stage reads for a scholarly hit: its open full text, else its abstract.

A scholarly index's hit points at a landing page, which for most papers is a
publisher's paywall: read as the paper, its cookie banner and teaser would be
quoted as the work. So a scholarly hit is fetched only through an open-access
full-text URL the provider gave (arXiv's PDF, OpenAlex ``best_oa_location``,
Semantic Scholar ``openAccessPdf``, PubMed Central), with the normal guarded
fetcher. Without one, or when it cannot be read, the provider's abstract is the
document, and the source says ``cites: "abstract"``. With neither, the hit is
listed as a failure. Every document of a work carries the work's metadata
(``work``), which sources, references and exports print.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ABSTRACT = "abstract"
FULL_TEXT = "full text"


@dataclass
class FetchPlan:
    urls: list[str] = field(default_factory=list)  # what the fetcher reads, in hit order
    hit_of: dict[str, dict] = field(default_factory=dict)  # fetched URL -> its hit
    order: dict[str, int] = field(default_factory=dict)  # hit URL -> rank in the merged list
    failures: list[dict] = field(default_factory=list)


def work_of(hit: dict, cites: str) -> dict | None:
    """The metadata a document keeps of its hit (None for a plain web hit)."""
    if not hit.get("scholarly"):
        return None
    return {
        "doi": hit.get("doi"),
        "authors": list(hit.get("authors") or ()),
        "year": hit.get("year"),
        "venue": hit.get("venue"),
        "type": hit.get("kind"),
        "arxiv_id": hit.get("arxiv_id"),
        "pmid": hit.get("pmid"),
        "landing_url": hit.get("url"),
        "cites": cites,
        "notice": hit.get("notice"),
        "notice_doi": hit.get("notice_doi"),
    }


def plan(hits: list[dict]) -> FetchPlan:
    out = FetchPlan()
    for i, hit in enumerate(hits):
        out.order[hit["url"]] = i
        if not hit.get("scholarly"):
            url = hit["url"]
        elif hit.get("fulltext_url"):
            url = hit["fulltext_url"]
        else:
            continue  # read as its abstract (abstract_documents), never as its landing page
        if url not in out.hit_of:
            out.urls.append(url)
            out.hit_of[url] = hit
    return out


def abstract_documents(hits: list[dict], read: set[str], failures: list[dict]) -> list[dict]:
    """Documents of the scholarly hits whose full text was not read (``read``: hit URLs that
    gave a document): their abstracts; a hit with no abstract either becomes a failure."""
    docs = []
    for hit in hits:
        if not hit.get("scholarly") or hit["url"] in read:
            continue
        abstract = (hit.get("abstract") or "").strip()
        if not abstract:
            failures.append(
                {
                    "url": hit["url"],
                    "stage": "fetch",
                    "reason": "no open-access full text and no abstract: the landing page is not read as the paper",
                }
            )
            continue
        docs.append(
            {
                "url": hit["url"],
                "title": hit.get("title") or hit["url"],
                "date": str(hit["year"]) if hit.get("year") else None,
                "text": abstract,
                "content_type": "text/plain",
                "author": "; ".join(hit.get("authors") or ()) or None,
                "site": hit.get("venue"),
                "marks": [],
                "work": work_of(hit, ABSTRACT),
            }
        )
    return docs
