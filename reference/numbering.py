"""Footnote numbers per source identity, in order of first appearance.

langchain-references' lesson: fragments of one document share one number, and a
document nobody cited gets none. The identity is the normalised URL unless the
caller derives it (``source_key``, e.g. ``source#row=N`` for CSV rows). Two
sources with the same text are also one page (one page reachable under two URLs
must not be cited twice).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from reference.models import Reference, ReferenceResult, Source
from reference.urls import normalize_url

SourceKey = Callable[[Source], str]


def source_identity(source: Source, source_key: SourceKey | None = None) -> str:
    if source_key is not None:
        return str(source_key(source))
    if not source.url.strip():
        return f"id:{source.id}"
    # Fragments name different parts of one document (a.html#chap1, a.html#chap2):
    # langchain-references numbers them apart, so identity keeps them.
    fragment = urlsplit(source.url.strip()).fragment
    return normalize_url(source.url) + (f"#{fragment}" if fragment else "")


def _text_digest(text: str) -> str:
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()


class Numbering:
    """Hands out 1, 2, 3… to identities as they are first seen."""

    def __init__(self, source_key: SourceKey | None = None):
        self._key = source_key
        self._numbers: dict[str, int] = {}
        self._by_text: dict[str, int] = {}

    def number(self, source: Source) -> int:
        identity = source_identity(source, self._key)
        if identity in self._numbers:
            return self._numbers[identity]
        digest = _text_digest(source.text) if source.text.strip() and self._key is None else None
        n = self._by_text.get(digest) if digest else None
        if n is None:
            n = len(set(self._numbers.values())) + 1
        self._numbers[identity] = n
        if digest:
            self._by_text.setdefault(digest, n)
        return n


def unify_sources(sources: Sequence[Source], source_key: SourceKey | None = None) -> dict[str, str]:
    """Map each source id to the id of the first source with the same text, so the
    engine searches one page once. Sources that only share a URL are kept apart:
    they are fragments of one document (numbered alike, but each citable)."""
    first: dict[str, str] = {}
    canonical: dict[str, str] = {}
    for src in sources:
        key = (source_identity(src, source_key) if source_key else "") + "text:" + _text_digest(src.text)
        canonical[src.id] = first.setdefault(key, src.id) if src.text.strip() else src.id
    return canonical


@dataclass(frozen=True, slots=True)
class MergedSection:
    """One result renumbered into a shared list: new text, new marker positions, and
    the old -> new number of each of its sources."""

    answer: str
    markers: tuple[tuple[int, int, int], ...]
    mapping: dict[int, int]


def merge_sections(
    results: Sequence[ReferenceResult], *, source_key: SourceKey | None = None
) -> tuple[list[MergedSection], list[Reference]]:
    """Renumber several results (report sections) into one reference list.

    A source cited by several sections keeps one number across the whole report;
    numbers follow first appearance through the sections in order. Only the
    markers the engine wrote (``ReferenceResult.markers``) are rewritten.
    """
    numbering = Numbering(source_key)
    sections: list[MergedSection] = []
    merged: list[Reference] = []
    for result in results:
        by_n: dict[int, Reference] = {}
        for ref in result.references:
            by_n.setdefault(ref.n, ref)
        mapping: dict[int, int] = {}
        for n in [n for _, _, n in sorted(result.markers)] + [r.n for r in result.references]:
            if n not in mapping and n in by_n:
                mapping[n] = numbering.number(_as_source(by_n[n]))
        text, markers = _rewrite(result.answer, result.markers, mapping)
        sections.append(MergedSection(text, markers, mapping))
        merged.extend(replace(ref, n=mapping[ref.n]) for ref in result.references)
    merged.sort(key=lambda r: r.n)
    return sections, merged


def merge_results(
    results: Sequence[ReferenceResult], *, source_key: SourceKey | None = None
) -> tuple[list[str], list[Reference]]:
    """Texts of :func:`merge_sections` and the shared reference list."""
    sections, merged = merge_sections(results, source_key=source_key)
    return [s.answer for s in sections], merged


def _as_source(ref: Reference) -> Source:
    return Source(id=ref.source_id, url=ref.url, title=ref.title, text="", date=ref.date)


def _rewrite(
    answer: str, markers: Sequence[tuple[int, int, int]], mapping: dict[int, int]
) -> tuple[str, tuple[tuple[int, int, int], ...]]:
    out, spans, prev, length = [], [], 0, 0
    for start, end, n in sorted(markers):
        out.append(answer[prev:start])
        length += start - prev
        marker = f"[^{mapping.get(n, n)}]"
        out.append(marker)
        spans.append((length, length + len(marker), mapping.get(n, n)))
        length += len(marker)
        prev = end
    out.append(answer[prev:])
    return "".join(out), tuple(spans)
