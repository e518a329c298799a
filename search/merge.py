"""Merging the hits of several queries into one ranked, deduplicated list.

Ranks are interleaved round-robin (the first hit of every query before any second
hit), so one broad query cannot crowd out a precise one. Duplicates are found by
normalised URL (scheme and host case, tracking parameters, fragments, trailing
slashes). Hosts are capped and filtered; a host rule also covers its subdomains.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit

from reference.urls import hostname, normalize_url
from search.models import SearchHit

ALLOWED_SCHEMES = ("http", "https", "file")


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
    allow_hosts: Sequence[str] = (),
    deny_hosts: Sequence[str] = (),
) -> list[SearchHit]:
    seen: set[str] = set()
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
            key = normalize_url(hit.url)
            host = hostname(hit.url)
            if key in seen or host_matches(host, deny_hosts):
                continue
            if allow_hosts and not host_matches(host, allow_hosts):
                continue
            if host and per_host[host] >= max_per_host:
                continue
            seen.add(key)
            per_host[host] += 1
            merged.append(hit)
    return merged
