"""Where a model's citation is quoted, measured on WiCE's gold supporting sentences.

Each WiCE claim cites its page as ``[1]``; one ``build_references(...,
markers="verify")`` call per claim, as the pipeline makes it. For the claims people
judged supported or partially supported that have gold sentences: does the quote
overlap one? Reported for every such claim and for those whose citation is kept at
the packaged weights' default level, next to the passage shown (``chunk_span``)
and the quote's length. The baseline, in the same run, is the rule before
``reference.quotes.place_quote``: the passage most similar to the claim, quoted
at its best window (``_cited_passage`` stubbed out).

The placement rule's three numbers were chosen on the ``tune`` half of the claims
(by a hash of the claim id); ``held`` is the half they never saw.

    python -m benchmarks quotes [--no-local]
"""

from __future__ import annotations

import hashlib
import sys
import time

import numpy as np

import deepref.reference.engine as engine
from benchmarks.support_data import WICE, load_wice, local_embedder
from deepref.reference import build_references
from deepref.reference.support import default_models


def half(group: str) -> str:
    return "tune" if int(hashlib.md5(group.encode()).hexdigest(), 16) % 2 == 0 else "held"


def _overlaps(span: tuple[int, int], gold: list[tuple[int, int]]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in gold)


def run(answers, embedder) -> dict[str, list[tuple[float, float, bool, bool, int]]]:
    """Per half: (support, level, quote on gold, passage on gold, quote length)."""
    out: dict[str, list] = {"tune": [], "held": []}
    models = default_models()
    levels = {m.name: m.min_support for m in (models.dense, models.lexical)}
    for ans in answers:
        claim = ans.claims[0]
        if not (claim.supported and claim.gold_spans):
            continue
        result = build_references(ans.text(True), ans.sources, embedder=embedder, markers="verify", min_support=0.0)
        refs = [r for r in result.references if r.origin == "model"]
        if not refs:
            continue
        ref = max(refs, key=lambda r: r.support)
        out[half(ans.group)].append(
            (
                ref.support,
                levels[result.support_model],
                _overlaps(ref.quote_span, claim.gold_spans),
                _overlaps(ref.chunk_span, claim.gold_spans),
                ref.quote_span[1] - ref.quote_span[0],
            )
        )
    return out


def report(label: str, rows: list) -> None:
    if not rows:
        return
    a = np.array(rows, dtype=np.float64)
    kept = a[:, 0] >= a[:, 1]
    print(
        f"  {label:<30} n={len(a):<4} quote on gold {a[:, 2].mean():.3f} | kept at the default level "
        f"{a[kept, 2].mean():.3f} (n={int(kept.sum())}) | passage on gold {a[:, 3].mean():.3f} | "
        f"median quote {np.median(a[:, 4]):.0f} chars"
    )


def main(argv: list[str]) -> int:
    if not WICE.is_file():
        print("skipped: WiCE not found in ../shared/data")
        return 0
    answers = load_wice()
    runs = [(None, "lexical")]
    embedder = None if "--no-local" in argv else local_embedder()
    if embedder is not None:
        runs.append((embedder, "MiniLM"))
    real = engine._cited_passage

    def before(segment, best, rows, chunks, scores, prof, pages, **options):  # engine._cited_passage's signature
        return chunks[best][1], None  # the passage most similar to the claim, whole

    for emb, label in runs:
        started = time.perf_counter()
        try:
            engine._cited_passage = before
            old = run(answers, emb)
        finally:
            engine._cited_passage = real
        new = run(answers, emb)
        print(f"\n{label} ({time.perf_counter() - started:.0f} s): WiCE supported claims with gold sentences")
        for h in ("held", "tune"):
            report(f"{h}: most similar passage", old[h])
            report(f"{h}: placed over the page", new[h])
    if embedder is not None:
        embedder.save()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
