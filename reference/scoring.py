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

from reference.embedders import Embedder
from reference.lexical import build_matrices, coverage_matrix, jaccard_matrix
from reference.models import Scorer


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    dense: bool = True  # use the embedder when there is one
    blend: float = 0.3  # weight of cosine in the hybrid score (1.0 = cosine only)
    lexical: str = "coverage"  # "coverage" (ours) or "jaccard" (the seed's fallback)
    prefilter_k: int | None = 8  # chunks per segment sent to the embedder; None = all


@dataclass(slots=True)
class Scores:
    matrix: np.ndarray  # (segments, chunks) float32
    scorer: Scorer
    warnings: list[str] = field(default_factory=list)
    embedded: int = 0  # texts sent to the embedder
    dense: np.ndarray | None = None  # cosine matrix (0 where a chunk was not embedded)
    dense_mask: np.ndarray | None = None  # chunks that were embedded
    embedder: str | None = None  # name of the embedder whose cosines ``dense`` holds


def l2_normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1.0)


def cosine_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine of every row pair: one matrix product of L2-normalised rows."""
    return l2_normalise(a) @ l2_normalise(b).T


def lexical_scores(segments: list[str], chunks: list[str], kind: str) -> np.ndarray:
    a, b = build_matrices(segments, chunks)
    if kind == "jaccard":
        return jaccard_matrix(a, b)
    # Coverage says "the claim's words are there"; sqrt(Jaccard) favours the passage
    # that is about the claim rather than merely long. Equal weights scored best on
    # the ExpertQA dev split (top-1 0.796 vs 0.783 for 0.85/0.15; docs/benchmarks.md).
    return 0.5 * coverage_matrix(a, b) + 0.5 * np.sqrt(jaccard_matrix(a, b))


def score(
    segments: list[str],
    chunks: list[str],
    embedder: Embedder | None,
    config: ScoringConfig,
    always: Sequence[int] = (),
) -> Scores:
    """Score matrix of ``segments`` × ``chunks`` with the best scorer available.
    ``always``: chunks embedded whatever the prefilter says (those a model cited,
    so that verifying a citation never rests on lexical evidence alone)."""
    plain: Scorer = "jaccard" if config.lexical == "jaccard" else "lexical"
    if not segments or not chunks:
        return Scores(np.zeros((len(segments), len(chunks)), dtype=np.float32), plain)
    lexical = lexical_scores(segments, chunks, config.lexical)
    if embedder is None or not config.dense:
        return Scores(lexical, plain)
    columns = np.union1d(_candidates(lexical, config.prefilter_k), np.asarray(always, dtype=np.int64))
    texts = segments + [chunks[i] for i in columns]
    try:
        vectors = np.asarray(embedder.embed(texts), dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(texts):
            raise ValueError(f"expected {len(texts)} vectors, got shape {vectors.shape}")
        if not np.isfinite(vectors).all():
            raise ValueError("embedder returned NaN or infinite values")
    except Exception as exc:  # any embedder failure falls back; the result says so
        name = getattr(embedder, "name", type(embedder).__name__)
        warning = f"embedder {name!r} failed ({type(exc).__name__}: {exc}); scored with lexical features instead"
        return Scores(lexical, plain, [warning])
    dense = np.zeros_like(lexical)
    dense[:, columns] = np.clip(cosine_matrix(vectors[: len(segments)], vectors[len(segments) :]), 0.0, 1.0)
    mask = np.zeros(len(chunks), dtype=bool)
    mask[columns] = True
    name = getattr(embedder, "name", None)
    if config.blend >= 1.0:
        return Scores(dense, "cosine", embedded=len(texts), dense=dense, dense_mask=mask, embedder=name)
    blended = config.blend * dense + (1 - config.blend) * lexical
    return Scores(blended, "hybrid", embedded=len(texts), dense=dense, dense_mask=mask, embedder=name)


def _candidates(lexical: np.ndarray, k: int | None) -> np.ndarray:
    """Columns worth embedding: each row's top-k lexical chunks (all when k is None)."""
    n_rows, n_cols = lexical.shape
    if k is None or k >= n_cols:
        return np.arange(n_cols)
    top = np.argpartition(-lexical, k - 1, axis=1)[:, :k]
    keep = np.unique(top.ravel())
    return keep[lexical[:, keep].max(axis=0) > 0] if n_rows else keep
