"""``build_references``: an answer and its sources in, verified footnotes out.

Two ways in, one way out. *Attribute*: segment the answer, chunk the sources,
score every pair (one batched embedding call, matrix products), judge the best
candidates with the support model (a calibrated probability that the passage
supports the claim, ``reference.support``), keep those that clear
``min_support``, insert ``[^n]``. *Resolve*: the model already wrote markers (``[3]``,
``<sources>[1, 2]</sources>``…); strip them, tie each to its claim and its
source, find the passage of that source that supports the claim, and write
``[^n]`` back; ``verify`` also judges each citation's support. Both number
footnotes per source in reading order, so ``[^1]`` is always the first source
the reader meets, and its definition names that source.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

import numpy as np

from deepref.reference import blockwise, boilerplate
from deepref.reference.blockwise import row_blocks
from deepref.reference.chunking import Chunk, chunk_text, split_lines
from deepref.reference.embedders import Embedder
from deepref.reference.errors import InputError
from deepref.reference.insertion import insert_markers, marker_position
from deepref.reference.locators import locate
from deepref.reference.markers import Marker, parse_markers, strip_markers
from deepref.reference.models import Opinion, Reference, ReferenceResult, SecondOpinion, Source, Stats
from deepref.reference.numbering import Numbering, unify_sources
from deepref.reference.profiles import Profile, get_profile
from deepref.reference.quotes import (
    FRAGMENT_PENALTY,
    PAGED_COSINE_WEIGHT,
    PAGED_LEXICAL_PRECISION,
    PAGED_PASSAGE_WEIGHT,
    PAGED_PRECISION,
    WordWeights,
    fragments,
    page_sentences,
    place_quote,
    sentence_ends,
)
from deepref.reference.scoring import Scorer, Scores, embed_texts, l2_normalise, score
from deepref.reference.segmentation import Layout, Segment, segment_answer
from deepref.reference.selection import Candidates, Pair, greedy_multi, greedy_unique
from deepref.reference.support import (
    PairEvidence,
    SupportModel,
    SupportModels,
    default_models,
    pair_features,
    source_keys,
)
from deepref.reference.tokens import TokenIndex
from deepref.reference.urls import hostname

MARKER_MODES = ("auto", "attribute", "resolve", "verify")
OPINION_BAND = (0.35, 0.85)
"""Support levels between which a model citation is uncertain enough to ask a second
opinion: held out, pairs predicted below 0.35 were supported 25% of the time or less,
pairs above 0.85 at least 83% (docs/benchmarks.md, support reliability)."""
OPINION_CONTEXT = 300  # characters of the cited page on each side of the quote, for the second opinion


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
    evidence: PairEvidence | None = None
    quote: tuple[int, int] | None = None  # placed over the whole cited page (model citations)
    opinion: Opinion | None = None  # a second opinion's verdict (verify, in the uncertain band)


@dataclass(frozen=True, slots=True)
class _Options:
    """The options of one ``build_references`` call, as the caller gave them."""

    markers: str
    min_rel_score: float | None
    max_ref: int | None
    min_chunk_length: int | None
    only_hostnames: Sequence[str]
    source_key: Callable[[Source], str] | None
    drop_unsupported: bool
    fill_uncited: bool
    min_support: float | None
    second_opinion: SecondOpinion | None = None
    opinion_band: tuple[float, float] = (0.0, 0.0)


# The step that raised a warning: the host filter, the marker parser, resolving a
# citation, verify's drop, or the scorer.
WarningOrigin = Literal["only_hostnames", "markers", "citation", "verify", "scoring"]


@dataclass(frozen=True, slots=True)
class _Warning:
    origin: WarningOrigin
    text: str


@dataclass(slots=True)
class _Warnings:
    """The warnings of one call in the order raised, each with the step that raised it;
    the result carries each text once (:meth:`texts`)."""

    items: list[_Warning] = field(default_factory=list)

    def add(self, origin: WarningOrigin, text: str) -> None:
        self.items.append(_Warning(origin, text))

    def extend(self, origin: WarningOrigin, texts: Iterable[str]) -> None:
        self.items.extend(_Warning(origin, t) for t in texts)

    def texts(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w.text for w in self.items))


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
    min_support: float | None = None,
    support_models: SupportModels | None = None,
    tokens: TokenIndex | None = None,
    second_opinion: SecondOpinion | None = None,
    opinion_band: tuple[float, float] = OPINION_BAND,
) -> ReferenceResult:
    """Footnote ``answer`` with passages of ``sources``; see docs/references.md.

    ``min_support``: the support a passage needs to be attributed, filled in or to
    keep a model's citation under ``verify`` (default: the weights' level, where 85% of
    held-out model citations that clear it are supported). ``support_models``: other
    weights (``reference.support.SupportModels``); the packaged ones by default.
    ``tokens``: a ``reference.tokens.TokenIndex`` shared by the job's stages, so each
    passage is tokenised once per job (a fresh one by default). ``second_opinion``
    (``reference.models.SecondOpinion``): under ``verify``, the model citations whose
    support falls in ``opinion_band`` [low, high) are put to it in one call, and its
    verdict keeps or drops each (docs/references.md, "A second opinion")."""
    opts = _Options(
        markers, min_rel_score, max_ref, min_chunk_length, only_hostnames, source_key,
        drop_unsupported, fill_uncited, min_support, second_opinion, opinion_band,
    )  # fmt: skip
    _validate(answer, sources, opts)
    prof = get_profile(profile)
    models = support_models or default_models()
    warnings = _Warnings()
    usable = _filter_hosts(sources, only_hostnames, warnings)
    canonical = unify_sources(usable, source_key)
    distinct = [s for s in usable if canonical[s.id] == s.id]
    chunks = _chunk_sources(distinct, prof)

    parsed, parse_warnings = parse_markers(answer)
    mode = markers if markers != "auto" else ("resolve" if parsed else "attribute")
    if mode == "attribute":
        text, layout = answer, Layout(answer)
        positions: list[int] = []
        segments = _segments(text, layout, prof, min_chunk_length)
        always: list[int] = []
    else:
        warnings.extend("markers", parse_warnings)
        text, positions = strip_markers(answer, parsed)
        layout = Layout(text)
        segments = _segments(text, layout, prof, 1)
        cited = {canonical.get(s.id) for m in parsed for raw in m.ids if (s := _lookup(raw, sources)) is not None}
        chunks += _short_chunks(distinct, chunks, cited)
        always = [i for i, (src, _) in enumerate(chunks) if src.id in cited]
    tokens = TokenIndex() if tokens is None else tokens  # scoring's, reused for the quotes' word weights
    scores = score(
        [s.text for s in segments], [c.text for _, c in chunks], embedder, prof.scoring, always,
        tokens=tokens, blockwise=_blockwise(prof, len(segments), len(chunks)),
    )  # fmt: skip
    judge = _Judge(segments, chunks, scores, models, prof, min_rel_score, min_support)
    call = _Call(
        opts, prof, text, layout, segments, sources, usable, canonical, distinct, chunks, judge, warnings,
        boilerplate=_boilerplate(chunks), tokens=tokens,
        embedder=embedder if judge.scores.dense is not None else None,
    )  # fmt: skip
    if mode == "attribute":
        candidates = _attribute(call, max_ref)
    else:
        candidates = _resolve(call, parsed, positions)
        if mode == "verify":
            candidates = _verify(call, candidates)
            if fill_uncited:
                candidates += _fill(call, candidates)
        else:
            candidates = [replace(c, supported=None) for c in candidates]  # only verify judges support
    warnings.extend("scoring", scores.warnings)
    return _assemble(call, candidates, scores.scorer)


def _blockwise(prof: Profile, n_segments: int, n_chunks: int) -> bool:
    """Score by blocks of rows, keeping a few candidates per segment, when the whole
    matrix would be big. Every selection rule of the two profiles needs only each
    segment's best pairs; a custom profile that keeps several sources per segment on
    raw scores may need any pair, so it keeps the whole matrix."""
    if prof.judge == "threshold" and prof.per_segment > 1:
        return False
    return blockwise.use_blocks(n_segments, n_chunks)


def _validate(answer: object, sources: Sequence[Source], opts: _Options) -> None:
    if not isinstance(answer, str):
        raise InputError(f"answer must be a string, got {type(answer).__name__}")
    if isinstance(sources, (str, bytes)) or not all(isinstance(s, Source) for s in sources):
        raise InputError("sources must be a list of reference.Source objects")
    ids = [s.id for s in sources]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise InputError(f"source ids must be unique; repeated: {', '.join(dup[:5])}")
    if opts.markers not in MARKER_MODES:
        raise InputError(f"markers must be one of {', '.join(MARKER_MODES)}, got {opts.markers!r}")
    if opts.min_rel_score is not None and not 0.0 <= opts.min_rel_score <= 1.0:
        raise InputError(f"min_rel_score must be between 0 and 1, got {opts.min_rel_score}")
    if opts.max_ref is not None and opts.max_ref < 0:
        raise InputError(f"max_ref must be zero or more, got {opts.max_ref}")
    if opts.min_chunk_length is not None and opts.min_chunk_length < 0:
        raise InputError(f"min_chunk_length must be zero or more, got {opts.min_chunk_length}")
    if opts.min_support is not None and not 0.0 <= opts.min_support <= 1.0:
        raise InputError(f"min_support must be between 0 and 1, got {opts.min_support}")


def _filter_hosts(sources: Sequence[Source], only: Sequence[str], warnings: _Warnings) -> list[Source]:
    if not only:
        return list(sources)
    allowed = {h.lower().removeprefix("www.") for h in only}
    kept = [s for s in sources if _host_allowed(hostname(s.url), allowed)]
    if not kept and sources:
        warnings.add("only_hostnames", f"only_hostnames={sorted(allowed)} matched none of the {len(sources)} sources")
    return kept


def _host_allowed(host: str, allowed: set[str]) -> bool:
    return any(host == a or host.endswith("." + a) for a in allowed)


def _short_chunks(sources: list[Source], chunks, cited: set) -> list[tuple[Source, Chunk]]:
    """A cited source whose text is too short to be chunked (a search snippet, a
    table row) is still citable as a whole; one with no text gets an empty chunk, so
    the model's citation keeps its reference (with an empty quote and a warning)."""
    have = {src.id for src, _ in chunks}
    out = []
    for src in sources:
        if src.id in cited and src.id not in have:
            start = len(src.text) - len(src.text.lstrip())
            end = max(start, len(src.text.rstrip()))
            out.append((src, Chunk(start, end, src.text[start:end])))
    return out


def _chunk_sources(sources: list[Source], prof: Profile) -> list[tuple[Source, Chunk]]:
    out: list[tuple[Source, Chunk]] = []
    for src in sources:
        if prof.source_chunks == "lines":
            text, least = src.text, prof.source_min_chars
            pieces = [Chunk(s, e, text[s:e]) for s, e in split_lines(text) if e - s >= least]
        else:
            pieces = chunk_text(src.text, max_chars=prof.source_max_chars, min_chars=prof.source_min_chars)
        out.extend((src, c) for c in pieces if len(c.text) >= prof.source_min_chars)
    return out


def _segments(text: str, layout: Layout, prof: Profile, min_len: int | None) -> list[Segment]:
    minimum = prof.min_chunk_length if min_len is None else min_len
    return [s for s in segment_answer(text, prof.segments, layout) if len(s.text) >= minimum]


# Segments judged per call of the support model: its features are computed as
# (segments x candidate windows) matrices, 0.7 GB for 1,000 sentences with four
# candidates each; groups keep that to a few MB. (Its IDF weights are taken over the
# candidates judged together, so a group is a fixed slice of the segments' pairs, the
# same on both paths; an answer of up to this many sentences is judged in one call.)
EVIDENCE_SEGMENTS = 128


def _by_segments(keys: list[tuple[int, int, bool]], size: int) -> list[list[tuple[int, int, bool]]]:
    """``keys`` in consecutive groups that each hold the pairs of at most ``size`` segments."""
    groups: list[list[tuple[int, int, bool]]] = []
    seen: set[int] = set()
    for key in keys:
        if not groups or (key[0] not in seen and len(seen) >= size):
            groups.append([])
            seen = set()
        seen.add(key[0])
        groups[-1].append(key)
    return groups


class _Judge:
    """Support of (segment, chunk) pairs, computed once per pair and remembered.

    In the ``precise`` profile every decision compares support with ``min_support``;
    the ``seed`` profile reproduces the seed and keeps its raw-score threshold (support
    is still computed and reported)."""

    def __init__(
        self,
        segments: list[Segment],
        chunks: list[tuple[Source, Chunk]],
        scores: Scores,
        models: SupportModels,
        prof: Profile,
        min_rel_score: float | None,
        min_support: float | None,
    ) -> None:
        self.segments, self.chunks, self.scores, self.prof = segments, chunks, scores, prof
        self.model: SupportModel = models.pick(scores.embedder if scores.dense is not None else None)
        self.min_support: float = self.model.min_support if min_support is None else min_support
        self.by_support = prof.judge == "support"
        self.threshold = prof.threshold(scores.scorer) if min_rel_score is None else min_rel_score
        self.floor = 0.0 if min_rel_score is None else min_rel_score  # a raw-score floor under support
        self.memo: dict[tuple[int, int, bool], PairEvidence] = {}

    @cached_property
    def sources(self) -> np.ndarray:
        """Per chunk, a number naming its source (:func:`reference.support.source_keys`),
        made once per call: attribution's greedy pass and each verified citation's
        support features both group chunks by source."""
        return source_keys(self.chunks)

    def evidence(self, pairs: list[tuple[int, int]], cited: bool = False) -> list[PairEvidence]:
        """Support of (segment, chunk) pairs; ``cited``: the model cited these sources
        for these segments (verifying a citation, not attributing)."""
        keys = [(r, c, cited) for r, c in pairs]
        for todo in _by_segments([k for k in dict.fromkeys(keys) if k not in self.memo], EVIDENCE_SEGMENTS):
            rows, cols, flags = (np.array(v) for v in zip(*todo, strict=True))
            dense = self.scores.dense if self.model.dense else None
            x, windows = pair_features(
                [s.text for s in self.segments], self.chunks, self.scores.matrix, rows, cols,
                dense, self.scores.dense_mask, flags,
                chunk_sources=self.sources if dense is not None and cited else None,
                names=self.model.features,
            )  # fmt: skip
            probs = self.model.predict(x)
            for k, prob, w in zip(todo, probs, windows, strict=True):
                self.memo[k] = PairEvidence(float(prob), w)
        return [self.memo[k] for k in keys]

    def clears(self, ev: PairEvidence, raw: float) -> bool:
        return ev.support >= self.min_support if self.by_support else raw >= self.threshold

    def support_candidates(self, mask: np.ndarray | None = None, skip: _Skip | None = None) -> tuple[Candidates, dict]:
        """Support of each segment's top candidates by score (what attribution ranks),
        and each candidate's raw score. ``mask``: the segments to consider; ``skip``:
        the pairs of a segment and boilerplate it is not about."""
        matrix = self.scores.matrix
        n, m = matrix.shape
        k = min(self.prof.support_candidates, m)
        dense_mask = self.scores.dense_mask if self.model.dense else None  # judge embedded chunks only
        pairs: list[tuple[int, int]] = []
        raws: list[float] = []
        if k > 0 and n > 0:
            for start, block in row_blocks(matrix):
                if mask is not None:
                    block = np.where(mask[start : start + len(block), None], block, -1.0)
                if skip is not None:
                    block = np.where(skip.allowed(start, len(block)), block, -1.0)
                if dense_mask is not None:
                    block = np.where(dense_mask[None, :], block, -1.0)
                top = np.argpartition(-block, k - 1, axis=1)[:, :k]
                values = np.take_along_axis(block, top, axis=1)
                rows, ks = np.nonzero((values > 0) & (values >= self.floor))
                pairs.extend(zip((rows + start).tolist(), top[rows, ks].tolist(), strict=True))
                raws.extend(values[rows, ks].tolist())
        support = np.array([ev.support for ev in self.evidence(pairs)], dtype=np.float64)
        rows_, cols_ = (np.array([p[i] for p in pairs], dtype=np.int64) for i in (0, 1))
        return Candidates(rows_, cols_, support, (n, m)), dict(zip(pairs, raws, strict=True))

    def raw_candidates(self, mask: np.ndarray | None, limit: int, skip: _Skip | None = None) -> tuple[Candidates, dict]:
        """Each segment's ``limit`` best pairs by raw score that reach the threshold:
        all the seed's greedy rule can keep (``blockwise.best_per_row``)."""
        rows, cols, values = [], [], []
        for start, block in row_blocks(self.scores.matrix):
            if mask is not None:
                block = np.where(mask[start : start + len(block), None], block, -1.0)
            if skip is not None:
                block = np.where(skip.allowed(start, len(block)), block, -1.0)
            r, c = blockwise.best_per_row(block, limit, self.threshold)
            rows.append(r + start)
            cols.append(c)
            values.append(block[r, c])
        found = Candidates(
            np.concatenate(rows), np.concatenate(cols), np.concatenate(values), self.scores.matrix.shape
        )  # fmt: skip
        return found, {}


@dataclass(frozen=True, slots=True)
class _Call:
    """One ``build_references`` call once its pairs are scored: what the steps after
    scoring (attribute, resolve, verify, fill, assemble) share."""

    options: _Options
    prof: Profile
    text: str  # the answer without the model's markers
    layout: Layout
    segments: list[Segment]
    sources: Sequence[Source]  # as given: a model's citation ids name these
    usable: list[Source]  # those only_hostnames keeps
    canonical: dict[str, str]  # source id -> the id of the source it is one with
    distinct: list[Source]  # the usable sources, one per canonical id
    chunks: list[tuple[Source, Chunk]]
    judge: _Judge  # the scores and the support of pairs
    warnings: _Warnings
    vetoed: set[tuple[int, str]] = field(default_factory=set)
    """(segment start, canonical source id) pairs a second opinion judged unsupported."""
    boilerplate: dict[int, str] = field(default_factory=dict)
    """Chunk row -> its kind, for the chunks that are a table of contents, an index or
    licence text (reference.boilerplate)."""
    tokens: TokenIndex = field(default_factory=TokenIndex)  # the one scoring tokenised the chunks with
    embedder: Embedder | None = None  # the one scoring used, when it did (its cosines are in judge.scores.dense)


@dataclass(frozen=True, slots=True)
class _Skip:
    """The one boilerplate rule of a call: a segment is not paired with a boilerplate chunk
    (reference.boilerplate) of a kind it is not about, unless nothing else is left to it.
    Attribution applies it to the score matrix (:meth:`allowed`), a model's citation to
    the cited source's chunks (:meth:`keep`), where a boilerplate chunk whose words the
    claim repeats is kept too (reference.boilerplate.quoted): a table of contents shares
    a document's words, and a quote from it supports nothing."""

    kinds: np.ndarray  # per chunk: the bit of its boilerplate kind, 0 for body text
    wanted: np.ndarray  # per segment: the bits of the kinds it is about
    call: _Call | None = None  # the chunks' and segments' texts, for :meth:`keep`

    @classmethod
    def of(cls, call: _Call) -> _Skip | None:
        if not call.boilerplate:
            return None
        bits = {kind: 1 << i for i, kind in enumerate(sorted({*call.boilerplate.values()}))}
        kinds = np.zeros(len(call.chunks), dtype=np.int64)
        for row, kind in call.boilerplate.items():
            kinds[row] = bits[kind]
        wanted = np.array(
            [sum(b for k, b in bits.items() if k in boilerplate.asked(s.text)) for s in call.segments], dtype=np.int64
        )
        return cls(kinds, wanted, call)

    @classmethod
    def none(cls, call: _Call) -> _Skip:
        """The rule where no chunk is boilerplate: every pair kept."""
        return cls(np.zeros(len(call.chunks), dtype=np.int64), np.zeros(len(call.segments), dtype=np.int64))

    def allowed(
        self, start: int, n: int, chunks: list[int] | None = None, quoted: np.ndarray | None = None
    ) -> np.ndarray:
        """(n, chunks) booleans: the pairs of segments ``start`` .. ``start + n`` kept,
        among ``chunks`` (rows of the call's chunks; all of them by default). ``quoted``:
        pairs kept whatever the chunk's kind."""
        kinds = self.kinds if chunks is None else self.kinds[chunks]
        ok = (kinds[None, :] & ~self.wanted[start : start + n, None]) == 0
        if quoted is not None:
            ok |= quoted
        ok[~ok.any(axis=1)] = True
        return ok

    def keep(self, segment: int, chunks: list[int]) -> list[int]:
        """Those of ``chunks`` that ``segment`` may cite."""
        quoted = None
        if self.call is not None:
            claim, texts = self.call.segments[segment].text, self.call.chunks
            quoted = np.array([[bool(self.kinds[r]) and boilerplate.quoted(claim, texts[r][1].text) for r in chunks]])
        return [row for row, ok in zip(chunks, self.allowed(segment, 1, chunks, quoted)[0], strict=True) if ok]


def _attribute(call: _Call, max_ref: int | None, mask: np.ndarray | None = None) -> list[_Candidate]:
    judge, prof = call.judge, call.prof
    limit = prof.max_ref if max_ref is None else max_ref
    skip = _Skip.of(call)
    raws: dict = {}
    matrix: np.ndarray | Candidates
    if judge.by_support:
        (matrix, raws), threshold, margin = judge.support_candidates(mask, skip), judge.min_support, prof.support_margin
    elif isinstance(judge.scores.matrix, blockwise.RowBlocks):
        (matrix, raws), threshold, margin = judge.raw_candidates(mask, limit, skip), judge.threshold, prof.margin
    else:
        raw = judge.scores.matrix
        matrix = raw if mask is None else np.where(mask[:, None], raw, -1.0)
        if skip is not None:
            matrix = np.where(skip.allowed(0, len(matrix)), matrix, -1.0)
        threshold, margin = judge.threshold, prof.margin
    if prof.per_segment <= 1:
        pairs = greedy_unique(matrix, threshold, limit)
    else:
        pairs = greedy_multi(matrix, judge.sources, threshold, limit, prof.per_segment, margin)
    evidence = judge.evidence([(p.segment, p.chunk) for p in pairs])
    return [c for p, ev in zip(pairs, evidence, strict=True) if (c := _candidate(call, p, ev, raws)) is not None]


def _candidate(call: _Call, pair: Pair, ev: PairEvidence, raws: dict) -> _Candidate | None:
    segment = call.segments[pair.segment]
    pos = marker_position(call.layout, segment.start, segment.end)
    if pos is None:
        return None
    src, chunk = call.chunks[pair.chunk]
    key = (pair.segment, pair.chunk)
    raw = raws[key] if key in raws else float(call.judge.scores.matrix[pair.segment, pair.chunk])
    return _Candidate(pos, segment, src, chunk, raw, "attributed", None, ev)


def _resolve(call: _Call, parsed: list[Marker], positions: list[int]) -> list[_Candidate]:
    layout, segments, sources, chunks, judge = call.layout, call.segments, call.sources, call.chunks, call.judge
    warnings = call.warnings
    usable_ids = {s.id for s in call.usable}
    chunk_rows: dict[str, list[int]] = {}
    for i, (src, _) in enumerate(chunks):
        chunk_rows.setdefault(src.id, []).append(i)
    skip = _Skip.of(call) or _Skip.none(call)
    pages: dict[str, dict] = {}  # per source: sentences and words of its passages split so far, by span
    weights: dict[str, WordWeights] = {}  # per source: its words' IDF over its passages
    out: list[_Candidate] = []
    for marker, pos in zip(parsed, positions, strict=True):
        if not marker.ids:
            continue  # an empty <sources>[] tag: removed, nothing to cite
        seg_index = _claim_for(layout.text, segments, marker, pos)
        if seg_index is None:
            warnings.add("citation", f"citation {_label(marker)} has no claim next to it; dropped")
            continue
        segment = segments[seg_index]
        where = pos if marker.attach == "before" else marker_position(layout, segment.start, segment.end)
        if where is None or not layout.can_insert(where):
            where = marker_position(layout, segment.start, segment.end)
        for raw in marker.ids:
            named = _lookup(raw, sources)
            if named is None:
                known = ", ".join(s.id for s in sources[:10]) or "none"
                warnings.add("citation", f"citation id {raw!r} names no source (known ids: {known}); dropped")
                continue
            if named.id not in usable_ids:
                warnings.add("citation", f"citation id {raw!r} ({named.url}) is outside only_hostnames; dropped")
                continue
            rows = chunk_rows.get(call.canonical[named.id], [])
            if not rows or where is None:
                warnings.add("citation", f"citation id {raw!r} ({named.url}) has no place to go in the answer; dropped")
                continue
            allowed = skip.keep(seg_index, rows)
            scores = judge.scores.matrix[seg_index]
            # judged on the passage most similar to the claim (what the support model
            # was trained on); shown and quoted where the claim's words are
            row = max(allowed, key=scores.__getitem__)
            key = call.canonical[named.id]
            paged = _paged(chunks[row][0])
            if paged and key not in weights:
                weights[key] = _word_weights(call.tokens, [chunks[r][1].text for r in chunk_rows[key]])
            memo = pages.setdefault(key, {})
            # in a paged document, the boilerplate left out may still hold body sentences
            aside = frozenset(rows).difference(allowed) if paged else frozenset()
            vectors = judge.scores.segment_vectors if paged and call.embedder is not None else None
            chunk, quote = _cited_passage(
                segment, row, rows if aside else allowed, chunks, scores, judge.prof, memo,
                weights=weights.get(key) if paged else None, aside=aside, embedder=call.embedder if paged else None,
                claim_vector=vectors[seg_index] if vectors is not None else None,
            )  # fmt: skip
            ev = judge.evidence([(seg_index, row)], cited=True)[0]
            value = float(scores[row])
            if not chunk.text:
                warnings.add(
                    "citation", f"citation id {raw!r} ({named.url}) has no citable text; kept with an empty quote"
                )
            out.append(
                _Candidate(where, segment, chunks[row][0], chunk, value, "model", judge.clears(ev, value), ev, quote)
            )
    return out


def _boilerplate(chunks: list[tuple[Source, Chunk]]) -> dict[int, str]:
    """The rows of ``chunks`` that are boilerplate, with their kind; a source's pages
    are judged once (reference.boilerplate.flags)."""
    rows: dict[str, list[int]] = {}
    for i, (src, _) in enumerate(chunks):
        rows.setdefault(src.id, []).append(i)
    out: dict[int, str] = {}
    for ids in rows.values():
        src = chunks[ids[0]][0]
        spans = [(chunks[i][1].start, chunks[i][1].end) for i in ids]
        for i, found in zip(ids, boilerplate.flags(src.text, src.marks, spans), strict=True):
            if found is not None:
                out[i] = found
    return out


QUOTE_PASSAGES = 4  # passages of a cited page, by score, where its quote is looked for
DOCUMENT_PASSAGES = 16  # the same in a paged document (a claim in other words ranks its passage lower)


def _paged(source: Source) -> bool:
    """A source of pages or slides (a PDF, a deck): its quote is placed by the document
    rule (``_cited_passage``). Sections alone (a DOCX, a web page's headings) were not
    measured, and keep the page rule."""
    return any(m.kind in ("page", "slide") for m in source.marks)


def _word_weights(tokens: TokenIndex, passages: list[str]) -> WordWeights:
    """IDF of a cited document's words over its passages (reference.quotes.WordWeights),
    from the token ids scoring already found (no passage is tokenised again)."""
    ids = tokens.ids(passages)
    found = np.concatenate(ids) if ids else np.zeros(0, dtype=np.int32)
    return WordWeights(tokens.vocab, np.bincount(found, minlength=tokens.width), len(passages))


def _cited_passage(
    segment: Segment,
    best: int,
    rows: list[int],
    chunks,
    scores: np.ndarray,
    prof: Profile,
    pages: dict,
    weights: WordWeights | None = None,
    aside: frozenset[int] = frozenset(),
    embedder: Embedder | None = None,
    claim_vector: np.ndarray | None = None,
) -> tuple[Chunk, tuple[int, int] | None]:
    """The passage a model's citation of a page shows (``chunk_span``) and its quote.

    The passage most similar to the claim holds a gold sentence for 0.90 of WiCE's
    supported claims (the one with the highest support, 0.63), but the best window
    inside it lands on one less often; the window chosen over the whole page, its
    passage's score added (``reference.quotes.place_quote``), lands on one more often
    (docs/benchmarks.md "quotes"). A window that runs into the next passage shows
    both. The seed profile quotes the most similar passage whole. ``pages``: the
    sentences of passages split so far in this call; ``best``: the row of ``rows``
    most similar to the claim. ``weights``: the document's word weights, for a paged
    document (a PDF, slides), which is matched by its own rule (``reference.quotes``,
    ``PAGED_PRECISION``; ``PAGED_LEXICAL_PRECISION`` when words alone place the quote):
    its pages share their topic words. ``aside``: rows of
    ``rows`` that are boilerplate the claim is not about, where only body sentences
    (reference.boilerplate.body_sentence) may be quoted. ``embedder``: the one scoring
    used, for a paged document: each sentence's cosine with the claim, standardised
    over the candidate sentences, counts too (``PAGED_COSINE_WEIGHT``); ``claim_vector``:
    the claim's embedding as scoring made it (L2-normalised), so it is not embedded again."""
    src, chunk = chunks[best]
    if not prof.narrow_quote or not chunk.text:
        return chunk, None
    # the page's best passages and their neighbours (a window may run into one): a
    # window elsewhere never won on WiCE, and splitting a whole 50-page report cost
    # more than judging it
    paged = weights is not None
    order = sorted(range(len(rows)), key=lambda k: -float(scores[rows[k]]))
    order = order[: DOCUMENT_PASSAGES if paged else QUOTE_PASSAGES]
    picked = sorted({j for k in order for j in (k - 1, k, k + 1) if 0 <= j < len(rows)})
    near = [rows[k] for k in picked]
    page = page_sentences(
        src.text, [(chunks[r][1].start, chunks[r][1].end) for r in near], pages, lower_starts=weights is not None
    )
    if aside:
        page = page.only(
            np.array(
                [
                    near[k] not in aside or boilerplate.body_sentence(src.text[a:b])
                    for (a, b), k in zip(page.spans, page.passage, strict=True)
                ],
                dtype=bool,
            )
        )
    passage_scores = np.array([float(scores[r]) for r in near])
    if paged:
        cosines = _sentence_cosines(embedder, claim_vector, src.text, page.spans)
        placed = place_quote(
            segment.text, page, passage_scores, weights=weights,
            precision=PAGED_PRECISION if cosines is not None else PAGED_LEXICAL_PRECISION,
            passage_weight=PAGED_PASSAGE_WEIGHT, cosines=cosines, cosine_weight=PAGED_COSINE_WEIGHT,
            fragment=fragments(src.text, page.spans), fragment_penalty=FRAGMENT_PENALTY,
            ended=sentence_ends(src.text, page.spans), prefix=True, text=src.text,
        )  # fmt: skip
    else:
        placed = place_quote(segment.text, page, passage_scores)
    if placed is None:
        return chunk, None
    first, last = chunks[near[placed.passages[0]]][1], chunks[near[placed.passages[-1]]][1]
    if first is last:
        return first, placed.span
    return Chunk(first.start, last.end, src.text[first.start : last.end]), placed.span


def _sentence_cosines(
    embedder: Embedder | None, claim: np.ndarray | None, text: str, spans: list[tuple[int, int]]
) -> np.ndarray | None:
    """Cosine (clipped to [0, 1]) of the claim (``claim``: its L2-normalised vector, as
    scoring embedded it) with each sentence ``text[start:end]``, standardised over these
    sentences (minus their mean, over their spread): how far a sentence stands out from
    the document's others by meaning, on one scale whatever band the embedder's cosines
    sit in for this claim (``PAGED_COSINE_WEIGHT``). None without an embedder or a
    claim vector, or when the embedder fails now (the quote is then placed by words
    alone, as scoring falls back to them)."""
    if embedder is None or claim is None or not spans:
        return None
    try:
        vectors = l2_normalise(embed_texts(embedder, [text[a:b] for a, b in spans]))
    except Exception:  # any embedder failure: the words still place the quote
        return None
    cosines = np.clip(vectors @ np.asarray(claim, dtype=np.float32), 0.0, 1.0).astype(np.float64)
    spread = float(cosines.std())
    return (cosines - cosines.mean()) / spread if spread > 1e-6 else np.zeros_like(cosines)


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


def _verify(call: _Call, candidates: list[_Candidate]) -> list[_Candidate]:
    candidates = _second_opinions(call, candidates)
    kept = []
    for c in candidates:
        if not c.supported and call.options.drop_unsupported:
            support = c.evidence.support if c.evidence else 0.0
            why = (
                f"{c.opinion.judged_by or 'the second opinion'} judged it unsupported: {c.opinion.reason}"
                if c.opinion is not None
                else f"support {support:.2f} < {call.judge.min_support:.2f}, score {c.score:.2f}"
            )
            call.warnings.add(
                "verify",
                f"dropped unsupported citation of {c.source.url or c.source.id} for {c.segment.text[:60]!r} ({why})",
            )
            continue
        kept.append(c)
    return kept


def _second_opinions(call: _Call, candidates: list[_Candidate]) -> list[_Candidate]:
    """The model citations in the uncertain band, with the second opinion's verdict;
    one the opinion drops is not filled back in with the same source."""
    ask = call.options.second_opinion
    low, high = call.options.opinion_band
    uncertain = [
        i
        for i, c in enumerate(candidates)
        if c.origin == "model" and c.evidence is not None and low <= c.evidence.support < high
    ]
    if ask is None or not uncertain:
        return candidates
    opinions = list(ask([(candidates[i].segment.text, _opinion_passage(candidates[i])) for i in uncertain]))
    out = list(candidates)
    for i, opinion in zip(uncertain, opinions + [None] * (len(uncertain) - len(opinions)), strict=True):
        if opinion is None:
            continue  # no opinion: the support model's decision stands
        supported = opinion.verdict != "none"
        out[i] = replace(out[i], supported=supported, opinion=opinion)
        if not supported:
            call.vetoed.add((out[i].segment.start, call.canonical.get(out[i].source.id, out[i].source.id)))
    return out


def _opinion_passage(c: _Candidate) -> str:
    start, end = c.quote or (c.chunk.start, c.chunk.end)
    text = c.source.text
    return text[max(0, start - OPINION_CONTEXT) : min(len(text), end + OPINION_CONTEXT)]


def _fill(call: _Call, existing: list[_Candidate]) -> list[_Candidate]:
    """References for the segments no kept citation covers, when one clears ``min_support``."""
    cited = {c.segment.start for c in existing}
    min_len = call.options.min_chunk_length
    minimum = call.prof.min_chunk_length if min_len is None else min_len
    mask = np.array([s.start not in cited and len(s.text) >= minimum for s in call.segments], dtype=bool)
    if not mask.any():
        return []
    filled = _attribute(call, None, mask)
    return [c for c in filled if (c.segment.start, call.canonical.get(c.source.id, c.source.id)) not in call.vetoed]


def _assemble(call: _Call, candidates: list[_Candidate], scorer: Scorer) -> ReferenceResult:
    text, prof, judge = call.text, call.prof, call.judge
    numbering = Numbering(call.options.source_key)
    ordered = sorted(candidates, key=lambda c: (c.position, -c.score))
    numbered = [(numbering.number(c.source), c) for c in ordered]
    new_text, spans = insert_markers(text, [(c.position, n) for n, c in numbered])
    shift = _shifter(spans)
    refs = []
    for n, c in numbered:
        quote_start, quote_end = _narrow(c, prof)
        support = c.evidence.support if c.evidence else 0.0
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
                support=round(support, 4),
                date=c.source.date,
                answer_chunk=c.segment.text,
                origin=c.origin,  # type: ignore[arg-type]
                supported=c.supported,
                chunk_span=(c.chunk.start, c.chunk.end),
                locator=locate(c.source.marks, (quote_start, quote_end)),
                judged_by=c.opinion.judged_by if c.opinion else "",
                verdict=c.opinion.verdict if c.opinion else "",
                verdict_reason=c.opinion.reason if c.opinion else "",
            )
        )
    refs.sort(key=lambda r: (r.n, r.answer_span))
    return ReferenceResult(
        answer=new_text,
        references=tuple(refs),
        scorer=scorer,
        warnings=call.warnings.texts(),
        stats=Stats.of([r.score for r in refs]),
        sources=tuple(call.distinct),
        markers=tuple(spans),
        support_model=judge.model.name,
        min_support=round(judge.min_support, 4),
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
    """The window of one to three sentences of the chunk that carries the support
    (found while judging it), as a span of the source text; the whole chunk in the
    seed profile."""
    if not prof.narrow_quote or c.evidence is None:
        return c.chunk.start, c.chunk.end
    return c.quote if c.quote is not None else c.evidence.window
