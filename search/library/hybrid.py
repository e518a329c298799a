"""Hybrid ranking: the lexical top-k reranked by the passages' stored vectors.

The query is embedded once by the configured embedder (the packaged MiniLM or the
embedding endpoint); the k lexical candidates' vectors are read from the catalogue
(:mod:`search.library.vectors`) and the lexical order and the cosine order are fused
by reciprocal rank (RRF, k=60), which needs no score calibration between BM25 and
cosine. Chosen by measurement (docs/library.md): stored vectors rank as well as
embedding the candidates at each query and cost one embedding a query instead of
k + 1, and reranking the lexical top k keeps the query's cost independent of the
library's size (a nearest-neighbour search over every vector would not be).

A candidate that holds nearly all of the query (by IDF weight: a sentence pasted from
a document) is ranked before the fused order: the cosine of a 600-character passage
to one of its sentences is diluted by its other sentences, so RRF let a passage that
merely shares the topic outrank the one the sentence came from (issue 34: 15% of
verbatim questions about 33 PDFs got another PDF first).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence

import numpy as np

from deepref.reference.embedders import Embedder
from deepref.reference.lexical import coverage, tokenize
from deepref.search.library import vectors as stored

log = logging.getLogger(__name__)

RRF_K = 60
RERANK_DEPTH = 200
"""Lexical candidates reranked: tuned (nDCG@10) on the even-numbered ExpertQA questions,
among depths 20, 50, 100 and 200 (docs/library.md)."""
DENSE_WEIGHT = 4.0
"""Weight of the dense order in the fusion (the lexical order's is 1), tuned with the
depth among 0.5, 1, 2 and 4."""
COVERED = 0.9
"""Share of the query's IDF weight a passage must hold to rank before the fused order.
Tuned on the PDF retrieval benchmark's tune split (0.8, 0.9, 0.95, 1): 0.9 and above
keep every verbatim sentence's PDF first, 0.8 lets a near-copy of the topic in; no
paraphrase reaches 0.9 there (docs/library.md, "Retrieval on documents")."""
COVER_DEPTH = 20
"""Lexical candidates looked at for :data:`COVERED`: a passage holding the query ranks
near the top lexically, so the first 20 are enough and cost 20 tokenisations."""


def fuse(
    rankings: Sequence[Sequence[int]], k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[int, float]]:
    """Weighted reciprocal-rank fusion of rankings of ids, best first."""
    scores: dict[int, float] = {}
    for ranking, weight in zip(rankings, weights or [1.0] * len(rankings), strict=True):
        for rank, item in enumerate(ranking):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank + 1)
    return sorted(scores.items(), key=lambda kv: -kv[1])


def covering(query: str, texts: Mapping[int, str], idf: Mapping[str, float], share: float = COVERED) -> set[int]:
    """Ids of the ``texts`` (passage id -> title and text) that hold ``share`` of ``query``
    (:func:`reference.lexical.coverage`, weighed by the index's IDF)."""
    ids = list(texts)
    held = coverage(query, [texts[pid] for pid in ids], idf)
    return {pid for pid, c in zip(ids, held.tolist(), strict=True) if c >= share}


def rerank(
    query_vector: np.ndarray,
    candidates: Sequence[int],
    vectors: dict[int, np.ndarray],
    *,
    dense_weight: float = DENSE_WEIGHT,
    first: Collection[int] = (),
) -> list[int]:
    """``candidates`` (passage ids in lexical order) fused with the cosine order of those
    that have a vector in ``vectors``; a candidate without one keeps its lexical vote only.
    The candidates in ``first`` (those holding the query: :func:`covering`) lead, in the
    fused order among themselves."""
    have = [pid for pid in candidates if pid in vectors]
    if not have:
        return list(candidates)
    cosine = np.vstack([vectors[pid] for pid in have]) @ np.asarray(query_vector, dtype=np.float32)
    dense = [have[i] for i in np.argsort(-cosine, kind="stable")]
    fused = [pid for pid, _ in fuse([list(candidates), dense], weights=[1.0, dense_weight])]
    return [pid for pid in fused if pid in first] + [pid for pid in fused if pid not in first]


def search(searcher, query: str, k: int, embedder: Embedder | None) -> tuple[list[tuple[int, float]], str | None]:
    """(passage id, score) of the best ``k`` passages, and a warning when hybrid ranking
    was asked (an embedder given) but the index's vectors cannot serve it: then the
    order is lexical. ``searcher`` is a :class:`search.library.store.LibrarySearcher`."""
    found = searcher.lexical(query, max(k, RERANK_DEPTH) if embedder is not None else k)
    if embedder is None or not found:
        return found[:k], None
    why = stored.usable(searcher.meta(), embedder)
    if why is not None:
        return found[:k], f"ranked lexically: {why}"
    ids = [pid for pid, _ in found[:RERANK_DEPTH]]
    query_vector = np.asarray(embedder.embed([query]), dtype=np.float32)[0]
    stamp = stored.stamp_of(searcher.meta())
    assert stamp is not None  # usable() found the vectors
    dim = stamp[1]
    if query_vector.shape[0] != dim:
        return found[:k], (
            f"ranked lexically: {embedder.name} now gives {query_vector.shape[0]} dimensions, the index's vectors "
            f"have {dim}: run 'deepref index --vectors FOLDER' to embed the passages again"
        )
    top = searcher.passages(ids[:COVER_DEPTH])
    texts = {pid: f"{p.title} {p.text}" for pid, p in top.items()}
    held = covering(query, texts, searcher.idf(tokenize(query)), COVERED)
    order = rerank(query_vector, ids, searcher.vectors(ids), first=held)
    score = dict(found)
    ranked = [(pid, score[pid]) for pid in order]
    return (ranked + found[RERANK_DEPTH:])[:k], None
