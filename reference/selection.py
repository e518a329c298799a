"""Choosing which (answer segment, source chunk) pairs become references.

The seed sorts *every* pair and walks the list. Most pairs fall below the
threshold, so here the threshold mask comes first and only survivors are sorted:
200 × 20,000 pairs cost one vectorised comparison, not four million objects.

The rules take a dense score matrix or ``Candidates``: the few pairs per segment
that can be kept, when the matrix was never held whole (``reference.blockwise``).
Both are walked in the same order (score, then segment, then chunk), so the same
pairs come out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Pair:
    segment: int
    chunk: int
    score: float


@dataclass(frozen=True, slots=True)
class Candidates:
    """A sparse score matrix: the pairs that may be kept; every other pair of the
    ``shape`` scores below all of them (below the threshold, or not among its
    segment's best)."""

    rows: np.ndarray
    cols: np.ndarray
    values: np.ndarray
    shape: tuple[int, int]

    def row_max(self) -> np.ndarray:
        best = np.full(self.shape[0], -np.inf, dtype=self.values.dtype)
        np.maximum.at(best, self.rows, self.values)
        return best


Scores = np.ndarray | Candidates


def ranked_pairs(scores: Scores, threshold: float) -> Iterator[Pair]:
    """Pairs scoring at least ``threshold``, best first (ties: reading order),
    produced lazily: a greedy walk that stops at ``max_ref`` builds no more."""
    if isinstance(scores, Candidates):
        keep = scores.values >= threshold
        rows, cols, values = scores.rows[keep], scores.cols[keep], scores.values[keep]
    else:
        rows, cols = np.nonzero(scores >= threshold)
        values = scores[rows, cols]
    for i in np.lexsort((cols, rows, -values)):
        yield Pair(int(rows[i]), int(cols[i]), float(values[i]))


def greedy_unique(scores: Scores, threshold: float, max_ref: int) -> list[Pair]:
    """The seed's selection: best pairs first, each segment and each chunk used once."""
    used_segments: set[int] = set()
    used_chunks: set[int] = set()
    kept: list[Pair] = []
    for pair in ranked_pairs(scores, threshold):
        if len(kept) >= max_ref:
            break
        if pair.segment in used_segments or pair.chunk in used_chunks:
            continue
        kept.append(pair)
        used_segments.add(pair.segment)
        used_chunks.add(pair.chunk)
    return kept


def greedy_multi(
    scores: Scores,
    chunk_source: np.ndarray,
    threshold: float,
    max_ref: int,
    per_segment: int,
    margin: float,
    unique_chunks: bool = False,
) -> list[Pair]:
    """Several references per segment, from *distinct sources*, each close to the
    segment's best score (within ``margin``) so a weak second source is not shown
    as support. Unlike the seed, one passage may support several sentences (a
    paragraph of the answer often paraphrases one paragraph of a page) unless
    ``unique_chunks`` asks for the seed's rule."""
    if isinstance(scores, Candidates):
        best = scores.row_max()
    else:
        best = scores.max(axis=1) if scores.size else np.zeros(scores.shape[0])
    used_chunks: set[int] = set()
    per: dict[int, set[int]] = {}
    kept: list[Pair] = []
    for pair in ranked_pairs(scores, threshold):
        if len(kept) >= max_ref:
            break
        sources = per.setdefault(pair.segment, set())
        source = int(chunk_source[pair.chunk])
        if (
            (unique_chunks and pair.chunk in used_chunks)
            or source in sources
            or len(sources) >= per_segment
            or pair.score < best[pair.segment] - margin
        ):
            continue
        kept.append(pair)
        used_chunks.add(pair.chunk)
        sources.add(source)
    return kept
