"""Lexical similarity that works for every script, computed as sparse matrix products.

Tokens: Latin-like text is split into lower-cased words (stop-words dropped, a
light plural strip so "footnote" matches "footnotes"). CJK text has no spaces, so
whitespace tokenising turns a Chinese sentence into one giant token (the peer's
Jaccard then scores it 0 against everything); CJK runs become overlapping
character bigrams instead, the usual unit of CJK retrieval, plus the unigram for
runs of one character.

Each text is a binary row of a CSR matrix, so for answer rows ``A`` and source
rows ``B``: intersection = ``A @ B.T``, union = ``|A| + |B| - intersection``.
No Python loop runs over pairs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from deepref.reference.tokens import TokenIndex
from deepref.reference.words import CJK, CJK_RUN, STOPWORDS, stem

_TOKEN = re.compile(rf"[{CJK}]+|[^\W_]+", re.UNICODE)


def tokenize(text: str) -> list[str]:
    """Tokens of ``text`` in order (duplicates kept)."""
    out: list[str] = []
    for word in _TOKEN.findall(text.lower()):
        if word[0] >= "\u2e80" and CJK_RUN.fullmatch(word):
            if len(word) == 1:
                out.append(word)
            else:
                out.extend(word[i : i + 2] for i in range(len(word) - 1))
        elif word not in STOPWORDS:
            out.append(stem(word))
    return out


@dataclass(frozen=True, slots=True)
class TokenMatrix:
    """Binary bag-of-tokens rows over one shared vocabulary."""

    rows: sparse.csr_matrix
    sizes: np.ndarray  # distinct tokens per row
    idf: np.ndarray  # per vocabulary entry, from the source rows


def build_matrices(
    left: list[str], right: list[str], index: TokenIndex | None = None
) -> tuple[TokenMatrix, TokenMatrix]:
    """Token matrices of two text lists over a shared vocabulary (IDF from ``right``).

    ``index``: a ``reference.tokens.TokenIndex`` that has seen (or will remember) these
    texts, so a text is tokenised once per job; a fresh one by default."""
    index = TokenIndex() if index is None else index
    index.ids(list(left) + list(right))  # one batch, left first: the ids the per-text loop gave
    a, b = index.matrix(left), index.matrix(right)
    return token_matrix(a, idf_of(b)), token_matrix(b, idf_of(b))


def idf_of(rows: sparse.csr_matrix) -> np.ndarray:
    """IDF of each vocabulary entry over binary ``rows`` (the sources)."""
    df = np.bincount(rows.indices, minlength=rows.shape[1]).astype(np.float64)
    return np.log1p((rows.shape[0] + 1) / (df + 1)).astype(np.float32)


def token_matrix(rows: sparse.csr_matrix, idf: np.ndarray) -> TokenMatrix:
    return TokenMatrix(rows, np.diff(rows.indptr).astype(np.float32), idf)


def shared(left: sparse.csr_matrix, right: sparse.csr_matrix) -> np.ndarray:
    """``left @ right.T`` as a dense float32 array, by sparse-times-dense products over
    a few left rows at a time. The sums run over the shared tokens in vocabulary
    order, as in a sparse product (same values), but most pairs share a common
    word, and building that near-dense product as a sparse matrix cost several
    times more."""
    if not right.has_sorted_indices:  # the sums must run in vocabulary order, as they did
        right = right.sorted_indices()
    out = np.empty((left.shape[0], right.shape[0]), dtype=np.float32)
    for start in range(0, left.shape[0], _SHARED_ROWS):
        part = left[start : start + _SHARED_ROWS].T.toarray()  # (vocabulary, a few rows)
        out[start : start + part.shape[1]] = (right @ part).T
    return out


_SHARED_ROWS = 64  # left rows per product: bounds the (vocabulary x rows) dense copy


def jaccard_matrix(a: TokenMatrix, b: TokenMatrix) -> np.ndarray:
    """|A∩B| / |A∪B| for every pair of rows, as a dense float32 matrix."""
    inter = shared(a.rows, b.rows)
    union = a.sizes[:, None] + b.sizes[None, :] - inter
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(union > 0, inter / union, 0.0)
    return out.astype(np.float32)


def coverage_matrix(a: TokenMatrix, b: TokenMatrix) -> np.ndarray:
    """IDF-weighted share of each left row's tokens found in each right row.

    A claim is usually much shorter than the passage that supports it; Jaccard
    punishes that length gap, coverage does not (it asks "is the claim in there?").
    """
    weighted = a.rows.multiply(a.idf[None, :]).tocsr()
    total = np.asarray(weighted.sum(axis=1)).ravel()
    found = shared(weighted, b.rows)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(total[:, None] > 0, found / total[:, None], 0.0)
    return out.astype(np.float32)


def coverage(
    query: str, passages: Sequence[str], idf: Mapping[str, float] | None = None, index: TokenIndex | None = None
) -> np.ndarray:
    """The share of ``query`` each of ``passages`` holds: its distinct tokens weighed by IDF
    (:func:`coverage_matrix`), one value a passage (0..1). Whether a passage says what a
    question asks (a follow-up's sources, worker/pipeline/followup.py) or is where a query
    was pasted from (the library's hybrid ranking, search/library/hybrid.py).

    ``idf``: token -> weight, when the passages are a few candidates of a larger
    collection whose statistics are known (a search index's BM25 IDF); a token it does not
    name weighs nothing. By default the IDF is the passages' own. ``index``: the
    ``TokenIndex`` the caller tokenises these texts with."""
    if not passages:
        return np.zeros(0, dtype=np.float32)
    index = TokenIndex() if index is None else index
    a, b = build_matrices([query], list(passages), index)
    if idf is not None:
        weights = np.zeros(index.width, dtype=np.float32)
        for token, value in idf.items():
            if (column := index.vocab.get(token)) is not None:
                weights[column] = value
        a = token_matrix(a.rows, weights)
    return coverage_matrix(a, b)[0]


def jaccard(left: list[str], right: list[str]) -> np.ndarray:
    """Convenience: Jaccard matrix of two text lists."""
    a, b = build_matrices(left, right)
    return jaccard_matrix(a, b)
