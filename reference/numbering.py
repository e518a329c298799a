"""Footnote numbers per source identity, in order of first appearance.

langchain-references' lesson: fragments of one document share one number, and a
document nobody cited gets none. The identity is the normalised URL unless the
caller derives it (``source_key``, e.g. ``source#row=N`` for CSV rows). Two
sources with the same text are also one page (one page reachable under two URLs
must not be cited twice).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from deepref.reference.models import Reference, ReferenceResult, Source
from deepref.reference.urls import normalize_url

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


EDGE_WORDS = 24  # words at each end of a text that bucket it before any whole comparison


def _edges(text: str) -> tuple[str, ...]:
    """The first and the last ``EDGE_WORDS`` words of ``text``: equal for texts equal up
    to whitespace, and read from a few hundred characters at each end."""
    head, tail = _words_at(text, EDGE_WORDS, from_end=False), _words_at(text, EDGE_WORDS, from_end=True)
    return (*head, "\x00", *tail)


def _words_at(text: str, k: int, *, from_end: bool) -> list[str]:
    size = 64 * k
    while True:  # a longer slice until it holds k whole words (or is the whole text)
        words = (text[-size:] if from_end else text[:size]).split()
        if size >= len(text):
            return words[-k:] if from_end else words[:k]
        if len(words) > k:  # the word cut by the slice is not among the k kept
            return words[-k:] if from_end else words[:k]
        size *= 4


def _normalised(text: str) -> str:
    return " ".join(text.split())


class TextKeys:
    """One key per text up to whitespace: texts whose words are the same get the same
    key. Normalising 20 pages of a report (6.6 MB) to compare them cost 60-140 ms, a
    third of the whole reference call; texts are bucketed by their first and last
    words instead and normalised only when two share a bucket (two pages equal up to
    whitespace, or with the same header and footer), so the keys are exact and
    cost next to nothing otherwise."""

    def __init__(self) -> None:
        self._buckets: dict[tuple[str, ...], list[tuple[str, int]]] = {}
        self._normal: dict[int, str] = {}  # key -> normalised text, once compared
        self._count = 0

    def key(self, text: str) -> int:
        bucket = self._buckets.setdefault(_edges(text), [])
        normal = None
        for seen, key in bucket:
            if seen == text:
                return key
            if normal is None:
                normal = _normalised(text)
            if key not in self._normal:
                self._normal[key] = _normalised(seen)
            if self._normal[key] == normal:
                return key
        self._count += 1
        bucket.append((text, self._count))
        return self._count


class Numbering:
    """Hands out 1, 2, 3… to identities as they are first seen."""

    def __init__(self, source_key: SourceKey | None = None):
        self._key = source_key
        self._numbers: dict[str, int] = {}
        self._by_text: dict[int, int] = {}
        self._texts = TextKeys()
        self._count = 0

    def keep(self, source: Source, n: int) -> None:
        """Give ``source`` the number ``n`` it already has elsewhere (an earlier answer's);
        numbers handed out later follow the highest kept."""
        self._numbers.setdefault(source_identity(source, self._key), n)
        self._count = max(self._count, n)

    def number(self, source: Source) -> int:
        identity = source_identity(source, self._key)
        if identity in self._numbers:
            return self._numbers[identity]
        text_key = self._texts.key(source.text) if source.text.strip() and self._key is None else None
        n = self._by_text.get(text_key) if text_key is not None else None
        if n is None:
            self._count += 1
            n = self._count
        self._numbers[identity] = n
        if text_key is not None:
            self._by_text.setdefault(text_key, n)
        return n


def unify_sources(sources: Sequence[Source], source_key: SourceKey | None = None) -> dict[str, str]:
    """Map each source id to the id of the first source with the same text, so the
    engine searches one page once. Sources that only share a URL are kept apart:
    they are fragments of one document (numbered alike, but each citable)."""
    first: dict[tuple[str, int], str] = {}
    canonical: dict[str, str] = {}
    texts = TextKeys()
    for src in sources:
        if not src.text.strip():
            canonical[src.id] = src.id
            continue
        key = (source_identity(src, source_key) if source_key else "", texts.key(src.text))
        canonical[src.id] = first.setdefault(key, src.id)
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
        section = _renumbered(result, numbering)
        sections.append(section)
        merged.extend(replace(ref, n=section.mapping[ref.n]) for ref in result.references)
    merged.sort(key=lambda r: r.n)
    return sections, merged


def continue_numbering(
    earlier: Sequence[Reference], result: ReferenceResult, *, source_key: SourceKey | None = None
) -> MergedSection:
    """Renumber ``result`` to follow ``earlier`` references (a thread's earlier answers):
    a source they cite keeps its number, a new one takes the next number after theirs,
    in order of first appearance. The earlier numbers are kept as they are, gaps too."""
    numbering = Numbering(source_key)
    for ref in sorted(earlier, key=lambda r: r.n):
        numbering.keep(_as_source(ref), ref.n)
    return _renumbered(result, numbering)


def _renumbered(result: ReferenceResult, numbering: Numbering) -> MergedSection:
    """``result``'s answer with its numbers taken from ``numbering``, in order of first
    appearance (markers first, then references no marker names)."""
    by_n: dict[int, Reference] = {}
    for ref in result.references:
        by_n.setdefault(ref.n, ref)
    mapping: dict[int, int] = {}
    for n in [n for _, _, n in sorted(result.markers)] + [r.n for r in result.references]:
        if n not in mapping and n in by_n:
            mapping[n] = numbering.number(_as_source(by_n[n]))
    text, markers = _rewrite(result.answer, result.markers, mapping)
    return MergedSection(text, markers, mapping)


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
