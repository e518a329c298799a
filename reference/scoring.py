"""Scoring every answer segment against every source chunk, as matrices.

Three scorers, and the result always says which one ran:
- ``cosine``: dense embeddings only (the seed's behaviour).
- ``hybrid``: dense cosine blended with lexical coverage (our default when an
  embedder works). On ExpertQA dense cosine alone picks the right passage less
  often than lexical overlap, because passages retrieved for one question share
  its topic; the blend uses both kinds of evidence (weights in ``profiles.py``).
- ``lexical``: lexical only (coverage blended with Jaccard), when there is no
  embedder or it failed.
- ``jaccard``: plain token Jaccard (the seed profile's lexical fallback).

With a slow local model, embedding 2,000 chunks per job is the whole cost. The
lexical prefilter keeps, per answer segment, the ``prefilter_k`` chunks with the
best lexical score; only those (and the answer segments) are embedded, in one
batched call. Pairs that were not embedded keep their lexical evidence only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from deepref.reference.blockwise import RowBlocks, block_rows, product, views
from deepref.reference.embedders import Embedder
from deepref.reference.lexical import TokenMatrix, build_matrices, coverage_matrix, jaccard_matrix
from deepref.reference.models import Scorer
from deepref.reference.tokens import TokenIndex


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    dense: bool = True  # use the embedder when there is one
    blend: float = 0.3  # weight of cosine in the hybrid score (1.0 = cosine only)
    lexical: str = "coverage"  # "coverage" (ours) or "jaccard" (the seed's fallback)
    prefilter_k: int | None = 8  # chunks per segment sent to the embedder; None = all


@dataclass(slots=True)
class Scores:
    matrix: np.ndarray | RowBlocks  # (segments, chunks) float32; row blocks on the blockwise path
    scorer: Scorer
    warnings: list[str] = field(default_factory=list)
    embedded: int = 0  # texts sent to the embedder
    dense: np.ndarray | RowBlocks | None = None  # cosine matrix (0 where a chunk was not embedded)
    dense_mask: np.ndarray | None = None  # chunks that were embedded
    embedder: str | None = None  # name of the embedder whose cosines ``dense`` holds
    segment_vectors: np.ndarray | None = None  # the segments' L2-normalised embeddings (for quote placement)


def l2_normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1.0)


def cosine_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine of every row pair: one matrix product of L2-normalised rows."""
    return l2_normalise(a) @ l2_normalise(b).T


def lexical_scores(segments: list[str], chunks: list[str], kind: str, tokens: TokenIndex | None = None) -> np.ndarray:
    return _Lexical(segments, chunks, kind, tokens).rows(0, len(segments))


class _Lexical:
    """Lexical scores of the segments against every chunk, for any block of segments
    (the chunks are tokenised once)."""

    def __init__(self, segments: list[str], chunks: list[str], kind: str, tokens: TokenIndex | None):
        self.a, self.b = build_matrices(segments, chunks, tokens)
        self.kind = kind

    def rows(self, start: int, end: int) -> np.ndarray:
        rows = self.a.rows[start:end]
        a = TokenMatrix(rows, self.a.sizes[start:end], self.a.idf)
        if self.kind == "jaccard":
            return jaccard_matrix(a, self.b)
        # Coverage says "the claim's words are there"; sqrt(Jaccard) favours the passage
        # that is about the claim rather than merely long. Equal weights scored best on
        # the ExpertQA dev split (top-1 0.796 vs 0.783 for 0.85/0.15; docs/benchmarks.md).
        return 0.5 * coverage_matrix(a, self.b) + 0.5 * np.sqrt(jaccard_matrix(a, self.b))


def score(
    segments: list[str],
    chunks: list[str],
    embedder: Embedder | None,
    config: ScoringConfig,
    always: Sequence[int] = (),
    *,
    tokens: TokenIndex | None = None,
    blockwise: bool = False,
) -> Scores:
    """Score matrix of ``segments`` × ``chunks`` with the best scorer available.
    ``always``: chunks embedded whatever the prefilter says (those a model cited,
    so that verifying a citation never rests on lexical evidence alone).
    ``tokens``: a ``TokenIndex`` shared with other stages of the job. ``blockwise``:
    never hold the whole matrix (``reference.blockwise``): ``matrix`` and ``dense``
    are then ``RowBlocks`` with the same values.

    Only what the scorer uses is computed: no lexical matrix for dense cosine alone
    (unless the embedder fails), no dense matrix without an embedder."""
    plain: Scorer = "jaccard" if config.lexical == "jaccard" else "lexical"
    n, m = len(segments), len(chunks)
    if not segments or not chunks:
        return Scores(np.zeros((n, m), dtype=np.float32), plain)
    use_dense = embedder is not None and config.dense
    prefilter = config.prefilter_k is not None and config.prefilter_k < m
    needs_lexical = not use_dense or config.blend < 1.0 or prefilter
    lexical = _Lexical(segments, chunks, config.lexical, tokens) if needs_lexical else None
    if not use_dense or embedder is None:
        return Scores(_assemble(lexical.rows, n, m, blockwise)[0], plain)  # type: ignore[union-attr]
    columns = np.union1d(_candidates(lexical, n, m, config.prefilter_k, blockwise), np.asarray(always, dtype=np.int64))
    texts = segments + [chunks[i] for i in columns]
    try:
        vectors = embed_texts(embedder, texts)
    except Exception as exc:  # any embedder failure falls back; the result says so
        name = getattr(embedder, "name", type(embedder).__name__)
        warning = f"embedder {name!r} failed ({type(exc).__name__}: {exc}); scored with lexical features instead"
        lexical = lexical or _Lexical(segments, chunks, config.lexical, tokens)
        return Scores(_assemble(lexical.rows, n, m, blockwise)[0], plain, [warning])
    seg_vecs, col_vecs = l2_normalise(vectors[:n]), l2_normalise(vectors[n:])
    del vectors
    every = len(columns) == m  # all chunks embedded: the cosine block is the dense block

    def compute(start: int, end: int) -> tuple[np.ndarray, np.ndarray]:
        # by the blockwise path's blocks, also for the whole matrix: BLAS sums a row
        # differently in products of other shapes (reference.blockwise.product)
        cos = product(seg_vecs, col_vecs, start, end, m)
        np.minimum(np.maximum(cos, 0.0, out=cos), 1.0, out=cos)  # np.clip, in place and faster
        if every:
            dense = cos
        else:
            dense = np.zeros((end - start, m), dtype=np.float32)
            dense[:, columns] = cos
        if config.blend >= 1.0:
            return dense, dense
        return config.blend * dense + (1 - config.blend) * lexical.rows(start, end), dense  # type: ignore[union-attr]

    mask = np.zeros(m, dtype=bool)
    mask[columns] = True
    name = getattr(embedder, "name", None)
    matrix, dense = _assemble(compute, n, m, blockwise, with_dense=True)
    scorer: Scorer = "cosine" if config.blend >= 1.0 else "hybrid"
    return Scores(
        matrix, scorer, embedded=len(texts), dense=dense, dense_mask=mask, embedder=name, segment_vectors=seg_vecs
    )


def embed_texts(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """``embedder``'s vectors for ``texts``, checked: one finite row per text."""
    vectors = np.asarray(embedder.embed(texts), dtype=np.float32)
    if vectors.ndim != 2 or vectors.shape[0] != len(texts):
        raise ValueError(f"expected {len(texts)} vectors, got shape {vectors.shape}")
    if not np.isfinite(vectors).all():
        raise ValueError("embedder returned NaN or infinite values")
    return vectors


def _assemble(compute, n: int, m: int, blockwise: bool, with_dense: bool = False):
    """The whole matrix (and the dense one) at once, or as row blocks."""
    if blockwise:
        return views(lambda s, e: _pair(compute(s, e)), n, m, with_dense)
    out = _pair(compute(0, n))
    return out if with_dense else (out[0], None)


def _pair(value):
    return value if isinstance(value, tuple) else (value, None)


def _candidates(lexical: _Lexical | None, n: int, m: int, k: int | None, blockwise: bool) -> np.ndarray:
    """Columns worth embedding: each row's top-k lexical chunks (all when k is None),
    that some segment shares a token with."""
    if k is None or k >= m or lexical is None:
        return np.arange(m)
    step = block_rows(m) if blockwise else max(n, 1)
    picked: list[np.ndarray] = []
    positive = np.zeros(m, dtype=bool)  # some segment scores the chunk above 0
    for start in range(0, n, step):
        block = lexical.rows(start, min(start + step, n))
        picked.append(np.unique(np.argpartition(-block, k - 1, axis=1)[:, :k].ravel()))
        positive |= (block > 0).any(axis=0)
    keep = np.unique(np.concatenate(picked))
    return keep[positive[keep]]
