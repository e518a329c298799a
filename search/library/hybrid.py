"""Hybrid ranking: the lexical top-k reranked by the passages' stored vectors.

The query is embedded once by the configured embedder (the packaged MiniLM or the
embedding endpoint); the k lexical candidates' vectors are read from the catalogue
(:mod:`search.library.vectors`), and each candidate's BM25 score and cosine are mixed
after z-scoring both among the candidates (each query's own scale). Chosen by
measurement (docs/library.md): reciprocal-rank fusion, shipped before, kept only the
two orders and so threw away BM25's margin: a paraphrase whose passage led lexically
by far lost first place to a passage the cosine put a few hundredths ahead. Stored
vectors rank as well as embedding the candidates at each query and cost one embedding
a query instead of k + 1, and reranking the lexical top k keeps the query's cost
independent of the library's size (a nearest-neighbour search over every vector would
not be).

A candidate that holds nearly all of the query (by IDF weight: a sentence pasted from
a document) is ranked before the fused order: the cosine of a 600-character passage
to one of its sentences is diluted by its other sentences, so the fusion could let a
passage that merely shares the topic outrank the one the sentence came from (issue 34:
15% of verbatim questions about 33 PDFs got another PDF first).
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
DENSE_SHARE = 0.7
"""Share of the cosine's z-score in a candidate's fused score (BM25's z-score has the
rest). Tuned (0.25-0.8) on the PDF retrieval benchmark's real and generated splits
(never held-out-3) and ExpertQA's questions: 0.7 puts the most paraphrases' PDF first
without losing ExpertQA's nDCG@10 to the fusion before (docs/library.md, "Fusion by
scores, not ranks")."""
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


def standard(scores: np.ndarray) -> np.ndarray:
    """``scores`` z-scored (mean 0, standard deviation 1) over those that are not NaN; a
    NaN (no score) gets the lowest z-score, and scores that are all equal get 0."""
    z = np.zeros(len(scores))
    known = ~np.isnan(scores)
    if not known.any():
        return z
    spread = float(np.std(scores[known]))
    if spread > 0:
        z[known] = (scores[known] - float(np.mean(scores[known]))) / spread
    z[~known] = float(z[known].min())
    return z


def rerank(
    query_vector: np.ndarray,
    candidates: Sequence[tuple[int, float]],
    vectors: dict[int, np.ndarray],
    *,
    dense_share: float = DENSE_SHARE,
    first: Collection[int] = (),
) -> list[int]:
    """``candidates`` ((passage id, BM25 score) in lexical order) by ``(1 - dense_share)``
    times their BM25 z-score plus ``dense_share`` times their cosine's, both among the
    candidates (:func:`standard`); a candidate without a vector in ``vectors`` gets the
    lowest cosine z-score. Ties keep the lexical order. The candidates in ``first``
    (those holding the query: :func:`covering`) lead, in the fused order among themselves."""
    ids = [pid for pid, _ in candidates]
    have = [i for i, pid in enumerate(ids) if pid in vectors]
    if not have:
        return ids
    cosine = np.full(len(ids), np.nan)
    cosine[have] = np.vstack([vectors[ids[i]] for i in have]) @ np.asarray(query_vector, dtype=np.float32)
    lexical = np.array([score for _, score in candidates], dtype=np.float64)
    fused = (1 - dense_share) * standard(lexical) + dense_share * standard(cosine)
    order = [ids[i] for i in np.argsort(-fused, kind="stable")]
    return [pid for pid in order if pid in first] + [pid for pid in order if pid not in first]


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
    order = rerank(query_vector, found[:RERANK_DEPTH], searcher.vectors(ids), dense_share=DENSE_SHARE, first=held)
    score = dict(found)
    ranked = [(pid, score[pid]) for pid in order]
    return (ranked + found[RERANK_DEPTH:])[:k], None
