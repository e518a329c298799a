"""Merging the hits of several queries into one ranked, deduplicated list.

Ranks are interleaved round-robin (the first hit of every query before any second
hit), so one broad query cannot crowd out a precise one. Duplicates are found by
normalised URL (scheme and host case, tracking parameters, fragments, trailing
slashes), and for scholarly works by identity: a shared DOI, arXiv id (arXiv's
own ``10.48550/arXiv.*`` DOI included) or PMID makes two hits one work, whichever
provider returned them. The first hit keeps its place and gains what the other
knew (a preprint found first takes its journal version's DOI and venue). Hosts are
filtered (a host rule also covers its subdomains) and capped, but the cap is for
web pages: it keeps one site from filling a job. A work with an identifier counts
as itself, not as its resolver's host (every Crossref hit is on doi.org, every
arXiv one on arxiv.org, every PubMed one on pubmed.ncbi.nlm.nih.gov), so twenty
distinct works of one index are twenty hits, not three.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from urllib.parse import urlsplit

from deepref.reference.urls import hostname, normalize_url
from deepref.search.identifiers import arxiv_of_doi, work_keys
from deepref.search.models import SearchHit, notice_of

ALLOWED_SCHEMES = ("http", "https", "file")
# venues that are preprint servers and repositories, as the indexes name them
_PREPRINT_SERVERS = re.compile(
    r"\b(?:arxiv|biorxiv|medrxiv|chemrxiv|psyarxiv|socarxiv|techrxiv|eartharxiv|ssrn|research square|"
    r"preprints\.org|authorea|zenodo|osf preprints|hal|cornell university)\b",
    re.IGNORECASE,
)


def host_matches(host: str, rules: Iterable[str]) -> bool:
    host = host.lower()
    for rule in rules:
        rule = rule.lower().strip().removeprefix("www.")
        if rule and (host == rule or host.endswith("." + rule)):
            return True
    return False


def merge_hits(
    hit_lists: Sequence[Sequence[SearchHit]],
    *,
    limit: int,
    max_per_host: int,
    allow_hosts: Sequence[str] | None = None,
    deny_hosts: Sequence[str] = (),
) -> list[SearchHit]:
    """Hits of several lists interleaved by rank, one per URL or work, at most
    ``max_per_host`` web pages a host (a work with a DOI, arXiv id or PMID is not
    capped by host) and ``limit`` in all. ``allow_hosts``: None allows any
    host, a sequence only the hosts it names (empty: none)."""
    if allow_hosts is not None and not allow_hosts:
        return []
    seen: set[str] = set()
    works: dict[str, int] = {}  # work key -> index in merged
    per_host: Counter[str] = Counter()
    merged: list[SearchHit] = []
    depth = max((len(h) for h in hit_lists), default=0)
    for i in range(depth):
        for hits in hit_lists:
            if i >= len(hits) or len(merged) >= limit:
                continue
            hit = hits[i]
            if urlsplit(hit.url).scheme.lower() not in ALLOWED_SCHEMES:
                continue
            keys = work_keys(hit.doi, hit.arxiv_id, hit.pmid)
            same = next((works[k] for k in keys if k in works), None)
            if same is not None:
                merged[same] = merge_work(merged[same], hit)
                works.update(dict.fromkeys(work_keys(merged[same].doi, merged[same].arxiv_id, merged[same].pmid), same))
                continue
            key = normalize_url(hit.url)
            host = hostname(hit.url)
            if key in seen or host_matches(host, deny_hosts):
                continue
            if allow_hosts is not None and not host_matches(host, allow_hosts):
                continue
            if not keys:  # a web page: its host is the site that would crowd the job
                if host and per_host[host] >= max_per_host:
                    continue
                per_host[host] += 1
            seen.add(key)
            works.update(dict.fromkeys(keys, len(merged)))
            merged.append(hit if hit.providers else replace(hit, providers=(hit.provider,)))
    return merged


def merge_work(kept: SearchHit, other: SearchHit) -> SearchHit:
    """One work from two records of it: ``kept`` (the better-ranked) keeps its URL and
    title; each field it lacks comes from ``other``. The journal version's DOI wins
    over arXiv's own, and its type and venue over the preprint's; a venue that is a
    preprint server (a stale primary location) loses to the DOI's own record's
    (Crossref's, the registrar's); names given as parts (``Family, Given``) win over
    the same names written as one string; a notice (a retraction) is kept."""
    journal = other if _published(other) and not _published(kept) else kept
    if _published(other) and other.provider == "crossref" and other.doi == journal.doi:
        journal = other  # the DOI's own record, as its registrar holds it
    venues = [h.venue for h in (journal, kept, other) if h.venue]
    return replace(
        kept,
        doi=journal.doi or kept.doi or other.doi,
        authors=other.authors if _structured(other.authors, kept.authors) else kept.authors or other.authors,
        year=journal.year or kept.year or other.year,
        venue=next((v for v in venues if not _PREPRINT_SERVERS.search(v)), venues[0] if venues else None),
        kind=journal.kind or kept.kind or other.kind,
        arxiv_id=kept.arxiv_id or other.arxiv_id or arxiv_of_doi(other.doi) or arxiv_of_doi(kept.doi),
        pmid=kept.pmid or other.pmid,
        abstract=kept.abstract or other.abstract,
        fulltext_url=kept.fulltext_url or other.fulltext_url,
        scholarly=kept.scholarly or other.scholarly,
        providers=tuple(
            dict.fromkeys([*(kept.providers or (kept.provider,)), *(other.providers or (other.provider,))])
        ),
        notice=notice_of(kept.notice, other.notice) if other.notice else kept.notice,
        notice_doi=kept.notice_doi or other.notice_doi,
    )


def _structured(names: tuple[str, ...], than: tuple[str, ...]) -> bool:
    """``names`` are the same authors as ``than`` but as family and given parts."""
    return bool(names) and len(names) == len(than) and all("," in n for n in names) and not any("," in n for n in than)


def _published(hit: SearchHit) -> bool:
    """A record of the published version: a DOI that is not arXiv's own."""
    return bool(hit.doi) and arxiv_of_doi(hit.doi) is None
