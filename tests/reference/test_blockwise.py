"""The blockwise path (reference/blockwise.py) gives the dense path's references.

Inputs are seeded random texts over a small vocabulary, so scores tie often (the
case where keeping "a few candidates per segment" could pick differently), with
and without an embedder, in both profiles and every marker mode. The blockwise
path is forced with blocks of four segments, so every input spans several
blocks; a spy checks that it ran.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from deepref.reference import Source, blockwise, build_references
from deepref.reference.scoring import ScoringConfig, score
from deepref.reference.selection import Candidates, greedy_multi, greedy_unique

WORDS = ["tide", "wind", "solar", "grid", "power", "station", "turbine", "energy", "storage", "battery", "sea"]


class BagEmbedder:
    """Deterministic bag-of-words vectors: cosines tie when word bags do."""

    def __init__(self, name: str):
        self.name = name

    def embed(self, texts):
        out = np.zeros((len(texts), 16), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().split():
                out[i, hashlib.md5(w.strip(".,").encode()).digest()[0] % 16] += 1
        return out


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _inputs(rng: random.Random, profile: str) -> tuple[str, list[Source]]:
    long = profile == "seed"  # the seed cites lines of 80 characters or more
    sources = []
    for i in range(rng.randint(2, 6)):
        lines = [
            " ".join(_sentence(rng, rng.randint(4, 8)) for _ in range(3 if long else rng.randint(1, 3)))
            for _ in range(rng.randint(2, 4) if long else rng.randint(3, 12))
        ]
        sources.append(Source(str(i + 1), f"https://s{i}.example/", f"S{i}", "\n\n".join(lines)))
    sep = "\n" if long else " "
    answer = sep.join(
        _sentence(rng, rng.randint(14, 20) if long else rng.randint(3, 9)) for _ in range(rng.randint(17, 45))
    )
    return answer, sources


def _with_markers(rng: random.Random, answer: str, n_sources: int) -> str:
    sentences = answer.split(". ")
    return ". ".join(f"{s} [{rng.randint(1, n_sources)}]" if rng.random() < 0.6 else s for s in sentences)


@pytest.fixture
def blocks_spy(monkeypatch):
    """Force the blockwise path (blocks of four rows) and record the blocks computed."""
    seen = []
    compute = blockwise._Cache.block_of

    def counted(self, row):
        start, value = compute(self, row)
        seen.append(start)
        return start, value

    def force():
        monkeypatch.setattr(blockwise, "DENSE_CELLS", 0)
        monkeypatch.setattr(blockwise, "BLOCK_CELLS", 1)
        monkeypatch.setattr(blockwise._Cache, "block_of", counted)

    return force, seen


@pytest.mark.parametrize("seed", range(40))
def test_blockwise_gives_the_dense_references(seed, blocks_spy):
    rng = random.Random(seed)
    profile = "seed" if seed % 3 == 0 else "precise"
    answer, sources = _inputs(rng, profile)
    embedder = [None, BagEmbedder("local-minilm"), BagEmbedder("other")][(seed // 3) % 3]
    options = {"profile": profile, "embedder": embedder, "max_ref": rng.choice([None, 1, 3, 7, 12])}
    if profile == "seed":  # low floors: segments compete for the same few chunks, deep in their rankings
        options["min_rel_score"] = rng.choice([0.0, 0.1, 0.2])
    elif rng.random() < 0.3:
        options["min_rel_score"] = rng.choice([0.0, 0.2, 0.35, 0.5])
    if seed % 4 == 1:
        answer = _with_markers(rng, answer, len(sources))
        options.update(markers=rng.choice(["resolve", "verify"]), fill_uncited=True, drop_unsupported=bool(seed % 8))
    dense = build_references(answer, sources, **options)
    force, seen = blocks_spy
    force()
    blocky = build_references(answer, sources, **options)
    assert blocky == dense
    assert seen or not dense.references  # the blockwise path ran
    if "markers" not in options:
        assert len(set(seen)) >= 2  # over several blocks


def _ranked(block: np.ndarray, k: int, threshold: float) -> set[tuple[int, int]]:
    out = set()
    for r, row in enumerate(block.tolist()):
        order = sorted(range(len(row)), key=lambda c: (-row[c], c))[:k]
        out |= {(r, c) for c in order if row[c] >= threshold}
    return out


@pytest.mark.parametrize("seed", range(60))
def test_best_per_row_is_the_greedy_order_with_ties(seed):
    rng = np.random.default_rng(seed)
    block = (rng.integers(0, 5, size=(rng.integers(1, 8), rng.integers(1, 12))) / 4).astype(np.float32)
    k, threshold = int(rng.integers(1, 6)), float(rng.choice([0.0, 0.25, 0.5]))
    rows, cols = blockwise.best_per_row(block, k, threshold)
    assert set(zip(rows.tolist(), cols.tolist(), strict=True)) == _ranked(block, k, threshold)


@pytest.mark.parametrize("seed", range(300))
def test_greedy_rules_on_candidates_match_the_dense_matrix(seed):
    """Many segments compete for a few more chunks than ``limit``: picks go deep
    into each segment's ranking, where keeping too few candidates would show."""
    rng = np.random.default_rng(seed)
    limit = int(rng.integers(0, 7))
    shape = (int(rng.integers(1, 25)), int(rng.integers(1, limit + 6)))
    scores = (rng.integers(0, 6, size=shape) / 5).astype(np.float32)  # many ties
    threshold = float(rng.choice([0.0, 0.0, 0.4, 0.6]))
    rows, cols = blockwise.best_per_row(scores, limit, threshold)
    found = Candidates(rows, cols, scores[rows, cols], shape)
    assert greedy_unique(found, threshold, limit) == greedy_unique(scores, threshold, limit)
    owners = rng.integers(0, 3, size=shape[1])
    every = Candidates(*np.nonzero(scores >= threshold), scores[scores >= threshold], shape)
    multi = [greedy_multi(m, owners, threshold, limit, 2, 0.3) for m in (every, scores)]
    assert multi[0] == multi[1]


class RandomEmbedder:
    """Seeded random vectors per text, at MiniLM's width."""

    name = "random"

    def embed(self, texts):
        return np.stack(
            [
                np.random.default_rng(int.from_bytes(hashlib.md5(t.encode()).digest()[:8])).standard_normal(384)
                for t in texts
            ]
        ).astype(np.float32)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 9, 23])
@pytest.mark.parametrize("blend", [0.3, 1.0])
def test_rows_of_blocks_equal_rows_of_the_whole_matrix(n, blend, monkeypatch):
    """Bit for bit, with a last block of one to three rows (a short product). The block
    size is a constant of the module; the whole matrix is computed with the same one."""
    rng = random.Random(n)
    segments = [_sentence(rng, 6) for _ in range(n)]
    chunks = [_sentence(rng, 12) for _ in range(40)]
    config = ScoringConfig(blend=blend, prefilter_k=3 if blend < 1 else None)
    monkeypatch.setattr(blockwise, "BLOCK_CELLS", 1)  # MIN_ROWS rows per block
    whole = score(segments, chunks, RandomEmbedder(), config)
    parts = score(segments, chunks, RandomEmbedder(), config, blockwise=True)
    assert isinstance(parts.matrix, blockwise.RowBlocks)
    for r in range(n):
        assert np.array_equal(parts.matrix[r], whole.matrix[r])
        assert np.array_equal(parts.dense[r], whole.dense[r])
    assert np.array_equal(parts.dense_mask, whole.dense_mask)


def test_product_is_the_matrix_product_by_blocks(monkeypatch):
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((23, 384)).astype(np.float32), rng.standard_normal((40, 384)).astype(np.float32)
    monkeypatch.setattr(blockwise, "BLOCK_CELLS", 400)  # ten rows per block
    whole = blockwise.product(a, b, 0, 23, 40)
    assert np.allclose(whole, a @ b.T, atol=1e-4)
    for start in (0, 10, 20):  # each block, computed alone, gives the whole matrix's rows
        assert np.array_equal(blockwise.product(a, b, start, min(start + 10, 23), 40), whole[start : start + 10])
