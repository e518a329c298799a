"""Hybrid ranking: the lexical top-k reranked with dense vectors at query time.

The query and the k passages are embedded by the configured embedder (the packaged
MiniLM or the embedding endpoint) and the two rankings are fused by reciprocal rank
(RRF, k=60), which needs no score calibration between BM25 and cosine. Chosen over
vectors stored at index time by measurement (docs/library.md): as good on ExpertQA,
and no embedding pass over the whole library (a million passages is hours of MiniLM
on two cores) nor a vector file to keep in step with incremental updates.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from deepref.reference.embedders import Embedder

RRF_K = 60
RERANK_DEPTH = 50
"""Lexical candidates reranked: the cost is embedding this many passages per query."""


def fuse(rankings: Sequence[Sequence[int]], k: int = RRF_K) -> list[tuple[int, float]]:
    """Reciprocal-rank fusion of rankings of ids, best first."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank + 1)
    return sorted(scores.items(), key=lambda kv: -kv[1])


def rerank(query: str, candidates: Sequence[tuple[int, str]], embedder: Embedder) -> list[tuple[int, float]]:
    """``candidates`` (id, text) in lexical order, fused with their cosine order to the query."""
    if not candidates:
        return []
    vectors = np.asarray(embedder.embed([query, *(text for _, text in candidates)]), dtype=np.float32)
    cosine = vectors[1:] @ vectors[0]
    ids = [pid for pid, _ in candidates]
    dense = [ids[i] for i in np.argsort(-cosine, kind="stable")]
    return fuse([ids, dense])
