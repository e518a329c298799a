"""``build_references``: an answer and its sources in, verified footnotes out.

Two ways in, one way out. *Attribute*: segment the answer, chunk the sources,
score every pair (one batched embedding call, matrix products), keep the best
pairs, insert ``[^n]``. *Resolve*: the model already wrote markers (``[3]``,
``<sources>[1, 2]</sources>``…); strip them, tie each to its claim and its
source, find the passage of that source that supports the claim, and write
``[^n]`` back. Both number footnotes per source in reading order, so ``[^1]`` is
always the first source the reader meets, and its definition names that source.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from reference.chunking import Chunk, chunk_text, split_lines, split_sentences
from reference.embedders import Embedder
from reference.errors import InputError
from reference.insertion import insert_markers, marker_position
from reference.markers import Marker, parse_markers, strip_markers
from reference.models import Reference, ReferenceResult, Source, Stats
from reference.numbering import Numbering, unify_sources
from reference.profiles import Profile, get_profile
from reference.scoring import Scores, lexical_scores, score
from reference.segmentation import Layout, Segment, segment_answer
from reference.selection import Pair, greedy_multi, greedy_unique
from reference.urls import hostname

MARKER_MODES = ("auto", "attribute", "resolve", "verify")


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A reference before numbering: where its marker goes and what it cites."""

    position: int  # marker position in the marker-free answer
    segment: Segment
    source: Source
    chunk: Chunk
    score: float
    origin: str
    supported: bool | None


def build_references(
    answer: str,
    sources: Sequence[Source],
    *,
    embedder: Embedder | None = None,
    profile: str = "precise",
    markers: str = "auto",
    min_rel_score: float | None = None,
    max_ref: int | None = None,
    min_chunk_length: int | None = None,
    only_hostnames: Sequence[str] = (),
    source_key: Callable[[Source], str] | None = None,
    drop_unsupported: bool = False,
    fill_uncited: bool = False,
) -> ReferenceResult:
    """Footnote ``answer`` with passages of ``sources``; see docs/references.md."""
    _validate(answer, sources, markers, min_rel_score, max_ref, min_chunk_length)
    prof = get_profile(profile)
    warnings: list[str] = []
    usable = _filter_hosts(sources, only_hostnames, warnings)
    canonical = unify_sources(usable, source_key)
    distinct = [s for s in usable if canonical[s.id] == s.id]
    chunks = _chunk_sources(distinct, prof)

    parsed, parse_warnings = parse_markers(answer)
    mode = markers if markers != "auto" else ("resolve" if parsed else "attribute")
    if mode == "attribute":
        text, layout = answer, Layout(answer)
        segments = _segments(text, layout, prof, min_chunk_length)
        scores = score([s.text for s in segments], [c.text for _, c in chunks], embedder, prof.scoring)
        threshold = prof.threshold(scores.scorer) if min_rel_score is None else min_rel_score
        candidates = _attribute(layout, segments, chunks, scores, threshold, prof, max_ref)
    else:
        warnings.extend(parse_warnings)
        text, positions = strip_markers(answer, parsed)
        layout = Layout(text)
        segments = _segments(text, layout, prof, 1)
        cited = {canonical.get(s.id) for m in parsed for raw in m.ids if (s := _lookup(raw, sources)) is not None}
        always = [i for i, (src, _) in enumerate(chunks) if src.id in cited]
        scores = score([s.text for s in segments], [c.text for _, c in chunks], embedder, prof.scoring, always)
        threshold = prof.threshold(scores.scorer) if min_rel_score is None else min_rel_score
        candidates = _resolve(
            layout, segments, parsed, positions, sources, canonical, usable, chunks, scores, threshold, warnings
        )
        if mode == "verify":
            candidates = _verify(candidates, drop_unsupported, warnings)
            if fill_uncited:
                candidates += _fill(layout, segments, chunks, scores, threshold, prof, candidates, min_chunk_length)
    warnings.extend(scores.warnings)
    return _assemble(text, candidates, distinct, scores.scorer, warnings, source_key, prof)


def _validate(answer, sources, markers, min_rel_score, max_ref, min_chunk_length) -> None:
    if not isinstance(answer, str):
        raise InputError(f"answer must be a string, got {type(answer).__name__}")
    if isinstance(sources, (str, bytes)) or not all(isinstance(s, Source) for s in sources):
        raise InputError("sources must be a list of reference.Source objects")
    ids = [s.id for s in sources]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise InputError(f"source ids must be unique; repeated: {', '.join(dup[:5])}")
    if markers not in MARKER_MODES:
        raise InputError(f"markers must be one of {', '.join(MARKER_MODES)}, got {markers!r}")
    if min_rel_score is not None and not 0.0 <= min_rel_score <= 1.0:
        raise InputError(f"min_rel_score must be between 0 and 1, got {min_rel_score}")
    if max_ref is not None and max_ref < 0:
        raise InputError(f"max_ref must be zero or more, got {max_ref}")
    if min_chunk_length is not None and min_chunk_length < 0:
        raise InputError(f"min_chunk_length must be zero or more, got {min_chunk_length}")


def _filter_hosts(sources: Sequence[Source], only: Sequence[str], warnings: list[str]) -> list[Source]:
    if not only:
        return list(sources)
    allowed = {h.lower().removeprefix("www.") for h in only}
    kept = [s for s in sources if _host_allowed(hostname(s.url), allowed)]
    if not kept and sources:
        warnings.append(f"only_hostnames={sorted(allowed)} matched none of the {len(sources)} sources")
    return kept


def _host_allowed(host: str, allowed: set[str]) -> bool:
    return any(host == a or host.endswith("." + a) for a in allowed)


def _chunk_sources(sources: list[Source], prof: Profile) -> list[tuple[Source, Chunk]]:
    out: list[tuple[Source, Chunk]] = []
    for src in sources:
        if prof.source_chunks == "lines":
            pieces = [Chunk(s, e, src.text[s:e]) for s, e in split_lines(src.text)]
        else:
            pieces = chunk_text(src.text, max_chars=prof.source_max_chars, min_chars=prof.source_min_chars)
        out.extend((src, c) for c in pieces if len(c.text) >= prof.source_min_chars)
    return out


def _segments(text: str, layout: Layout, prof: Profile, min_len: int | None) -> list[Segment]:
    minimum = prof.min_chunk_length if min_len is None else min_len
    return [s for s in segment_answer(text, prof.segments, layout) if len(s.text) >= minimum]


def _attribute(layout, segments, chunks, scores: Scores, threshold, prof: Profile, max_ref) -> list[_Candidate]:
    limit = prof.max_ref if max_ref is None else max_ref
    if prof.per_segment <= 1:
        pairs = greedy_unique(scores.matrix, threshold, limit)
    else:
        owner = np.array([id(src) for src, _ in chunks], dtype=np.int64)
        pairs = greedy_multi(scores.matrix, owner, threshold, limit, prof.per_segment, prof.margin)
    return [c for p in pairs if (c := _candidate(layout, segments[p.segment], chunks, p, "attributed")) is not None]


def _candidate(layout, segment: Segment, chunks, pair: Pair, origin: str, supported=None) -> _Candidate | None:
    pos = marker_position(layout, segment.start, segment.end)
    if pos is None:
        return None
    src, chunk = chunks[pair.chunk]
    return _Candidate(pos, segment, src, chunk, pair.score, origin, supported)


def _resolve(
    layout, segments, parsed: list[Marker], positions, sources, canonical, usable, chunks, scores, threshold, warnings
) -> list[_Candidate]:
    usable_ids = {s.id for s in usable}
    chunk_rows: dict[str, list[int]] = {}
    for i, (src, _) in enumerate(chunks):
        chunk_rows.setdefault(src.id, []).append(i)
    out: list[_Candidate] = []
    for marker, pos in zip(parsed, positions, strict=True):
        if not marker.ids:
            continue  # an empty <sources>[] tag: removed, nothing to cite
        seg_index = _claim_for(layout.text, segments, marker, pos)
        if seg_index is None:
            warnings.append(f"citation {_label(marker)} has no claim next to it; dropped")
            continue
        segment = segments[seg_index]
        where = pos if marker.attach == "before" else marker_position(layout, segment.start, segment.end)
        if where is None or not layout.can_insert(where):
            where = marker_position(layout, segment.start, segment.end)
        for raw in marker.ids:
            src = _lookup(raw, sources)
            if src is None:
                known = ", ".join(s.id for s in sources[:10]) or "none"
                warnings.append(f"citation id {raw!r} names no source (known ids: {known}); dropped")
                continue
            if src.id not in usable_ids:
                warnings.append(f"citation id {raw!r} ({src.url}) is outside only_hostnames; dropped")
                continue
            rows = chunk_rows.get(canonical[src.id], [])
            if not rows or where is None:
                warnings.append(f"citation id {raw!r} ({src.url}) has no citable text; dropped")
                continue
            best = max(rows, key=lambda r: scores.matrix[seg_index, r])
            value = float(scores.matrix[seg_index, best])
            out.append(_Candidate(where, segment, chunks[best][0], chunks[best][1], value, "model", value >= threshold))
    return out


def _lookup(raw: str, sources: Sequence[Source]) -> Source | None:
    """The source a model's id names: ids like "3" name a source by id; when no
    source has a numeric id, they name the source at that 1-based position (the
    order the prompt listed them)."""
    for src in sources:
        if src.id == raw:
            return src
    if raw.isdigit() and all(not s.id.isdigit() for s in sources) and 1 <= int(raw) <= len(sources):
        return sources[int(raw) - 1]
    return None


def _label(marker: Marker) -> str:
    return "[" + ", ".join(marker.ids) + "]"


def _claim_for(text: str, segments: list[Segment], marker: Marker, pos: int) -> int | None:
    """The segment a marker cites: the one it ends (or sits in) when the claim comes
    before it; the next segment when the marker is a tag that precedes its claim."""
    if not segments:
        return None
    if marker.attach == "after":
        return next((i for i, s in enumerate(segments) if s.start >= pos), None)
    before = [i for i, s in enumerate(segments) if s.start < pos]
    if before:
        return before[-1]
    return 0 if text[:pos].strip() == "" else None


def _verify(candidates: list[_Candidate], drop: bool, warnings: list[str]) -> list[_Candidate]:
    kept = []
    for c in candidates:
        if not c.supported and drop:
            warnings.append(
                f"dropped unsupported citation of {c.source.url or c.source.id} for {c.segment.text[:60]!r} "
                f"(score {c.score:.2f})"
            )
            continue
        kept.append(c)
    return kept


def _fill(layout, segments, chunks, scores, threshold, prof, existing, min_len) -> list[_Candidate]:
    cited = {c.segment.start for c in existing}
    minimum = prof.min_chunk_length if min_len is None else min_len
    mask = np.array([s.start not in cited and len(s.text) >= minimum for s in segments], dtype=bool)
    if not mask.any():
        return []
    matrix = np.where(mask[:, None], scores.matrix, -1.0).astype(np.float32)
    return _attribute(layout, segments, chunks, Scores(matrix, scores.scorer), threshold, prof, None)


def _assemble(text, candidates, sources, scorer, warnings, source_key, prof: Profile) -> ReferenceResult:
    numbering = Numbering(source_key)
    ordered = sorted(candidates, key=lambda c: (c.position, -c.score))
    numbered = [(numbering.number(c.source), c) for c in ordered]
    new_text, spans = insert_markers(text, [(c.position, n) for n, c in numbered])
    shift = _shifter(spans)
    refs = []
    for n, c in numbered:
        quote_start, quote_end = _narrow(c, prof)
        refs.append(
            Reference(
                n=n,
                source_id=c.source.id,
                url=c.source.url,
                title=c.source.title.strip() or c.source.url or c.source.id,
                quote=c.source.text[quote_start:quote_end],
                quote_span=(quote_start, quote_end),
                answer_span=(shift(c.segment.start), shift(c.segment.end)),
                score=round(c.score, 4),
                date=c.source.date,
                answer_chunk=c.segment.text,
                origin=c.origin,  # type: ignore[arg-type]
                supported=c.supported,
                chunk_span=(c.chunk.start, c.chunk.end),
            )
        )
    refs.sort(key=lambda r: (r.n, r.answer_span))
    return ReferenceResult(
        answer=new_text,
        references=tuple(refs),
        scorer=scorer,
        warnings=tuple(dict.fromkeys(warnings)),
        stats=Stats.of([r.score for r in refs]),
        sources=tuple(sources),
        markers=tuple(spans),
    )


def _shifter(spans: list[tuple[int, int, int]]) -> Callable[[int], int]:
    """Map a position of the marker-free text to the text with markers inserted
    (a marker inserted exactly at ``pos`` lands after it, so ends stay before it)."""
    starts = np.array([s for s, _, _ in spans], dtype=np.int64)
    lengths = np.array([e - s for s, e, _ in spans], dtype=np.int64)
    original = starts - np.concatenate(([0], np.cumsum(lengths)[:-1])) if len(spans) else starts
    cumulative = np.cumsum(lengths) if len(spans) else lengths

    def shift(pos: int) -> int:
        i = int(np.searchsorted(original, pos, side="left"))
        return pos + (int(cumulative[i - 1]) if i > 0 else 0)

    return shift


def _narrow(c: _Candidate, prof: Profile) -> tuple[int, int]:
    """The sentence (or two adjacent sentences) of the chunk that best supports the
    claim, as a span of the source text; the whole chunk in the seed profile."""
    if not prof.narrow_quote:
        return c.chunk.start, c.chunk.end
    sentences = split_sentences(c.source.text, c.chunk.start, c.chunk.end)
    if len(sentences) <= 1:
        return c.chunk.start, c.chunk.end
    windows = sentences + [(a[0], b[1]) for a, b in itertools.pairwise(sentences)]
    texts = [c.source.text[s:e] for s, e in windows]
    values = lexical_scores([c.segment.text], texts, "coverage")[0]
    single = int(np.argmax(values[: len(sentences)]))
    pair = len(sentences) + int(np.argmax(values[len(sentences) :]))
    # a second sentence must add real support to be worth quoting
    best = pair if values[pair] > values[single] + 0.1 else single
    return windows[best]
