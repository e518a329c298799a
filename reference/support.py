"""Support: the probability that a passage supports a claim.

Every decision about a citation (attribute, verify, drop, fill) compares this
probability with one level, ``min_support``, instead of comparing a raw
similarity with a hand-set threshold. Gradient-boosted trees (``reference.support_trees``,
numpy) over a few features of the (claim, passage) pair, fitted on human labels
(ExpertQA, WiCE) by ``scripts/train_support.py`` under the monotone constraints of
:data:`MONOTONE`, so that common sense holds whatever the data's quirks; the
measurements behind each feature are in docs/references.md. Features are computed by
name and stacked in the order the weights file declares (:func:`stack_features`). Two weight sets live in
``support_weights.json``: one with MiniLM cosine features (used when the local MiniLM
scored the pairs) and one lexical-only (no embedder, or another model whose cosines
mean something else). The result says which one ran.

Pure and fast: features come from the score matrices the engine already has,
plus one sparse product over the sentence windows of the candidate passages.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np
from scipy import sparse

if TYPE_CHECKING:
    from deepref.reference.blockwise import RowBlocks

from deepref.reference.chunking import Chunk, split_sentences
from deepref.reference.errors import ConfigurationError
from deepref.reference.lexical import TokenMatrix, build_matrices, coverage_matrix, idf_of, token_matrix, tokenize
from deepref.reference.models import Source
from deepref.reference.support_trees import Trees
from deepref.reference.words import STOPWORDS

LEXICAL_FEATURES = (
    "coverage",  # IDF-weighted share of the claim's words in the passage
    "jaccard",  # sqrt(Jaccard): the passage is about the claim, not merely long
    "window_coverage",  # the same, on the best window of 1-3 sentences
    "window_density",  # share of that window's words that are the claim's
    "numbers_missing",  # share of the claim's numbers absent from the passage
    "has_numbers",
    "entities_missing",  # share of the claim's capitalised names absent
    "negation_mismatch",  # negated in one, not the other (best window)
    "top1",  # the best passage for this claim among the candidates
    "log_rank",
    "margin",  # score minus the claim's best score (0 for the best)
    "claim_length",  # log of the claim's content tokens (CJK: character bigrams)
    "passage_length",
    "cited",  # the model cited this passage's source for the claim (verify), or not (attribution)
)
# "source_cosine": for a citation being verified, the claim's best cosine over the
# cited source's chunks (a citation names a source, and the pair's own chunk is the one
# with the best *blended* score); for an attribution candidate, its own cosine. Alone,
# the feature that best separates ExpertQA's supported citations (AUC 0.686), and free
# (a cited source's chunks are embedded already); given to every pair, it cost
# attribution precision (docs/benchmarks.md, "support").
DENSE_FEATURES = (*LEXICAL_FEATURES, "cosine", "cosine_margin", "source_cosine")
# The direction each feature may move support in, whatever the others (1: never down
# as it grows, -1: never up; the rest free). The trees are fitted under these
# constraints, so more of the claim found, a better rank or cosine never lowers support
# and a missing number or name, or a negation on one side only, never raises it.
MONOTONE = {
    "coverage": 1, "jaccard": 1, "window_coverage": 1, "window_density": 1, "top1": 1, "log_rank": -1,
    "margin": 1, "cosine": 1, "cosine_margin": 1, "source_cosine": 1,
    "numbers_missing": -1, "entities_missing": -1, "negation_mismatch": -1,
}  # fmt: skip
WEIGHTS_FILE = "support_weights.json"
WINDOW_PENALTY = 0.05  # claim weight an extra quoted sentence must add (WiCE gold sentences)
# Scores within this of the claim's best count as the best (rank, top1, margins): the
# labels mark one passage per claim, so without it a second source quoting the claim
# word for word, 0.016 below the first, lost 0.15 of support to the rank features.
TIE = 0.02

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w-]+")
_NEGATION = re.compile(r"\b(?:not|no|never|none|nor|neither|cannot|without)\b|n't\b", re.IGNORECASE)


KIND = "trees"  # the one model kind the weights file holds ("kind" of each weight set)


@dataclass(frozen=True, slots=True)
class SupportModel:
    """Gradient-boosted trees over the named ``features``; a tree's feature index is a
    position in ``features`` (the weights file's order, not :data:`DENSE_FEATURES`')."""

    name: str  # "minilm" or "lexical": which weight set ran
    features: tuple[str, ...]
    trees: Trees
    min_support: float  # the default level: 85% of held-out kept model citations supported (dev data)
    embedders: tuple[str, ...] = ()  # embedder names whose cosines these weights were trained on

    @property
    def dense(self) -> bool:
        return "cosine" in self.features

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Support of each row of ``x``, whose columns are :attr:`features` in order
        (``pair_features(..., names=model.features)``)."""
        if len(x) == 0:
            return np.zeros(0, dtype=np.float64)
        return self.trees.predict(x)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "features": list(self.features),
            "kind": KIND,
            "min_support": round(float(self.min_support), 4),
            "embedders": list(self.embedders),
            "trees": self.trees.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict) -> SupportModel:
        features = tuple(d["features"])
        unknown = set(features) - set(DENSE_FEATURES)
        if unknown:
            raise ConfigurationError(
                f"support weights name features reference.support does not compute: {sorted(unknown)} "
                f"(it computes {', '.join(DENSE_FEATURES)}); retrain them with python scripts/train_support.py"
            )
        kind = d.get("kind")
        if kind != KIND:
            raise ConfigurationError(
                f"support weights {d.get('name')!r} are of kind {kind!r}; only {KIND!r} (gradient-boosted "
                "trees) is read: retrain them with python scripts/train_support.py"
            )
        trees = Trees.from_dict(d["trees"], len(features))
        return cls(d["name"], features, trees, float(d["min_support"]), tuple(d.get("embedders", ())))


@dataclass(frozen=True, slots=True)
class SupportModels:
    """The two weight sets; :meth:`pick` chooses the one the scores allow."""

    dense: SupportModel
    lexical: SupportModel

    def pick(self, embedder_name: str | None) -> SupportModel:
        """MiniLM weights only for the embedder they were trained on: another model's
        cosines live on another scale, so its pairs are judged on lexical features."""
        if embedder_name is not None and embedder_name in self.dense.embedders:
            return self.dense
        return self.lexical

    def to_dict(self) -> dict:
        return {"version": 1, "models": [self.dense.to_dict(), self.lexical.to_dict()]}

    @classmethod
    def from_dict(cls, d: dict) -> SupportModels:
        models = {m["name"]: SupportModel.from_dict(m) for m in d["models"]}
        try:
            return cls(models["minilm"], models["lexical"])
        except KeyError as exc:
            raise ConfigurationError(f"support weights lack the {exc.args[0]!r} set") from None


@cache  # the package's own read-only file, parsed once
def default_models() -> SupportModels:
    """The weights shipped with the package (reference/support_weights.json)."""
    text = resources.files("deepref.reference").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return SupportModels.from_dict(json.loads(text))


@dataclass(frozen=True, slots=True)
class PairEvidence:
    """What the model saw for one pair: its probability and the best sentence window."""

    support: float
    window: tuple[int, int]  # span of the source text: the sentences that carry the support


def pair_features(
    segments: Sequence[str],
    chunks: Sequence[tuple[Source, Chunk]],
    matrix: np.ndarray | RowBlocks,
    rows: np.ndarray,
    cols: np.ndarray,
    dense: np.ndarray | RowBlocks | None = None,
    dense_mask: np.ndarray | None = None,
    cited: np.ndarray | None = None,
    chunk_sources: np.ndarray | None = None,
    names: Sequence[str] = DENSE_FEATURES,
) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Feature rows for the pairs ``(rows[i], cols[i])``, one column per name of
    ``names`` in that order (a model's ``features``; the dense ones 0 without
    ``dense``), and each pair's best window. Each feature is computed under its name
    and the columns stacked by name (:func:`stack_features`), so the order of
    :data:`DENSE_FEATURES` says nothing about where a value lands.

    ``matrix`` is the engine's score matrix (segments × chunks): ranks and margins
    are taken among all chunks for the same segment. ``dense`` is the cosine matrix,
    ``dense_mask`` the chunks that were embedded. ``cited``: per pair, whether the
    model cited the chunk's source for that segment (a citation being verified).
    ``chunk_sources``: :func:`source_keys` of ``chunks``, if the caller has them already.
    """
    rows, cols = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
    n = len(rows)
    columns = {name: np.zeros(n, dtype=np.float64) for name in DENSE_FEATURES}
    if n == 0:
        return stack_features(columns, names), []
    seg_ids = np.unique(rows)
    chunk_ids = np.unique(cols)
    seg_texts = [segments[i] for i in seg_ids]
    sentences, (members, windows), owner, width = _windows(chunks, chunk_ids)
    # tokenise each sentence once; chunks and windows are unions of their sentences
    a, sent = build_matrices(seg_texts, [chunks[chunk_ids[o]][0].text[s:e] for (s, e), o in sentences])
    of_chunk: list[list[int]] = [[] for _ in chunk_ids]
    for i, (_, o) in enumerate(sentences):
        of_chunk[o].append(i)
    chunk_rows = _union(sent.rows, of_chunk)
    window_rows = _union(sent.rows, members)
    b = token_matrix(chunk_rows, idf_of(chunk_rows))
    a = TokenMatrix(a.rows, a.sizes, b.idf)
    cov = coverage_matrix(a, b)
    inter = (a.rows @ b.rows.T).toarray()
    union = a.sizes[:, None] + b.sizes[None, :] - inter
    jac = np.sqrt(np.where(union > 0, inter / np.maximum(union, 1), 0.0))
    wb = token_matrix(window_rows, b.idf)
    wcov = coverage_matrix(a, wb)
    winter = (a.rows @ wb.rows.T).toarray()
    wdensity = np.where(wb.sizes[None, :] > 0, winter / np.maximum(wb.sizes[None, :], 1), 0.0)
    width = np.asarray(width)

    seg_pos = {int(s): i for i, s in enumerate(seg_ids)}
    chunk_pos = {int(c): i for i, c in enumerate(chunk_ids)}
    by_chunk: dict[int, list[int]] = {}
    for w, o in enumerate(owner):
        by_chunk.setdefault(o, []).append(w)
    claim_facts = {int(s): _facts(segments[s]) for s in seg_ids}
    if dense is not None:
        mask = dense_mask if dense_mask is not None else np.ones(dense.shape[1], dtype=bool)
        best_cosine = {int(s): float(dense[s][mask].max()) if mask.any() else 0.0 for s in seg_ids}
        flags = np.zeros(n, dtype=bool) if cited is None else np.asarray(cited, dtype=bool)
        if flags.any() and chunk_sources is None:
            chunk_sources = source_keys(chunks)
    best_windows: list[tuple[int, int]] = []
    for i, (r, c) in enumerate(zip(rows.tolist(), cols.tolist(), strict=True)):
        si, ci = seg_pos[r], chunk_pos[c]
        ws = by_chunk.get(ci, [])
        src, chunk = chunks[c]
        if ws:
            w = _best_window(wcov[si, ws], width[ws])
            wi = ws[w]
            window, wc, wd = windows[wi], float(wcov[si, wi]), float(wdensity[si, wi])
        else:
            window, wc, wd = (chunk.start, chunk.end), float(cov[si, ci]), float(jac[si, ci])
        best_windows.append(window)
        numbers, entities, negated, words = claim_facts[r]
        passage = chunk.text
        passage_numbers = {_norm_number(x) for x in _NUMBER.findall(passage)}
        passage_lower = passage.lower()
        row = matrix[r]
        value = float(row[c])
        rank = int((row > value + TIE).sum())
        found = {
            "coverage": cov[si, ci],
            "jaccard": jac[si, ci],
            "window_coverage": wc,
            "window_density": wd,
            "numbers_missing": (sum(x not in passage_numbers for x in numbers) / len(numbers)) if numbers else 0.0,
            "has_numbers": 1.0 if numbers else 0.0,
            "entities_missing": (sum(e not in passage_lower for e in entities) / len(entities)) if entities else 0.0,
            "negation_mismatch": float(negated != bool(_NEGATION.search(src.text[window[0] : window[1]]))),
            "top1": 1.0 if rank == 0 else 0.0,
            "log_rank": math.log1p(rank),
            "margin": min(0.0, value - float(row.max()) + TIE),
            "claim_length": math.log1p(words),
            "passage_length": math.log1p(len(passage) / 100),
            "cited": float(cited[i]) if cited is not None else 0.0,
        }
        if dense is not None:
            found["cosine"] = dense[r, c]
            found["cosine_margin"] = min(0.0, dense[r, c] - best_cosine[r] + TIE)
            found["source_cosine"] = dense[r, c]
            if flags[i] and chunk_sources is not None:  # a verified citation: the cited source's best embedded chunk
                same = (chunk_sources == chunk_sources[c]) & mask
                if same.any():
                    found["source_cosine"] = max(float(dense[r, same].max()), dense[r, c])
        for name, v in found.items():
            columns[name][i] = v  # a name DENSE_FEATURES does not declare is a KeyError here
    return stack_features(columns, names), best_windows


def stack_features(columns: dict[str, np.ndarray], names: Sequence[str]) -> np.ndarray:
    """The (pairs x names) matrix of ``columns`` (feature name -> per-pair values), one
    column per name in the order of ``names``; a name with no column is refused."""
    missing = [name for name in names if name not in columns]
    if missing:
        raise ConfigurationError(
            f"support features {missing} are not computed by reference.support.pair_features "
            f"(it computes {', '.join(columns)}); the weights and the code disagree: retrain the "
            "weights (python scripts/train_support.py) or compute the feature"
        )
    n = len(next(iter(columns.values()))) if columns else 0
    if not names:
        return np.zeros((n, 0), dtype=np.float64)
    return np.stack([columns[name] for name in names], axis=1)


def source_keys(chunks: Sequence[tuple[Source, Chunk]]) -> np.ndarray:
    """Per chunk, a number naming its source (the chunks of one source share its object)."""
    return np.fromiter((id(src) for src, _ in chunks), dtype=np.int64, count=len(chunks))


def _windows(chunks, chunk_ids):
    """Sentences of each chunk (span, chunk) and windows of 1-3 consecutive ones:
    their spans, the sentences each holds, the chunk each is from, and its width."""
    sentences: list[tuple[tuple[int, int], int]] = []
    windows: list[list[int]] = []
    spans: list[tuple[int, int]] = []
    owner: list[int] = []
    width: list[int] = []
    for k, j in enumerate(chunk_ids):
        src, chunk = chunks[j]
        first = len(sentences)
        found = split_sentences(src.text, chunk.start, chunk.end)
        sentences.extend((span, k) for span in found)
        for size in (1, 2, 3):
            for i in range(len(found) - size + 1):
                windows.append(list(range(first + i, first + i + size)))
                spans.append((found[i][0], found[i + size - 1][1]))
                owner.append(k)
                width.append(size)
    return sentences, (windows, spans), owner, width


def _union(rows: sparse.csr_matrix, groups: list[list[int]]) -> sparse.csr_matrix:
    """Binary rows that are the union of the given rows of ``rows``."""
    indptr = np.zeros(len(groups) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(g) for g in groups])
    indices = np.fromiter((i for g in groups for i in g), dtype=np.int64, count=int(indptr[-1]))
    member = sparse.csr_matrix(
        (np.ones(len(indices), dtype=np.float32), indices, indptr), shape=(len(groups), rows.shape[0])
    )
    out = (member @ rows).tocsr()
    out.data[:] = 1.0
    return out


def _best_window(values: np.ndarray, width: np.ndarray) -> int:
    """The window that carries the support: a longer window must add
    :data:`WINDOW_PENALTY` (0.05) of the claim's weight per extra sentence to be
    preferred to a shorter one."""
    adjusted = values - WINDOW_PENALTY * (width - 1)
    return int(np.argmax(adjusted))


def _facts(claim: str) -> tuple[list[str], list[str], bool, int]:
    numbers = list(dict.fromkeys(_norm_number(x) for x in _NUMBER.findall(claim)))
    entities = [e.lower() for e in dict.fromkeys(_CAPITALISED.findall(claim.strip())) if e.lower() not in STOPWORDS]
    return numbers, entities, bool(_NEGATION.search(claim)), len(tokenize(claim))


def _norm_number(x: str) -> str:
    return x.replace(",", "")
