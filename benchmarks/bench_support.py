"""The support model, measured through ``build_references`` on whole answers.

One ``build_references`` call per answer with all its claims; references are mapped
back to claims by ``answer_span``. Every figure is on data the weights never saw:

- ``cv``: 5 folds by question over ExpertQA (and by claim over WiCE); each fold's
  weights are fitted on the other folds plus the whole other data set;
- ``cross``: fitted on one data set only, measured on the other.

Reported for the lexical and the MiniLM weights: verification of ExpertQA model
citations (precision of kept, recall of supported), verification on WiCE (kept
share of supported-or-partial, dropped share of not-supported), attribution at
defaults on ExpertQA (precision, supported claims covered, forced top-1), quote
placement on WiCE (quote overlaps a gold supporting sentence), the precision and
coverage curve as ``min_support`` varies, a reliability table, and the cost of
support scoring on the reference benchmark's typical job.

    python -m benchmarks support [--no-local] [--quick]
"""

from __future__ import annotations

import gc
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from benchmarks.support_data import EXPERTQA, WICE, Answer, load_expertqa, load_wice, local_embedder
from benchmarks.support_train import MODEL_DENSE, MODEL_LEXICAL, Pairs, build_pairs, fit, out_of_fold_level
from deepref.reference import build_references
from deepref.reference.support import DENSE_FEATURES, SupportModels

LEVELS = (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
PLOT = Path(__file__).resolve().parents[1] / "docs" / "support_curve.png"


@dataclass
class Outcome:
    """Per citation or claim: the support the engine gave, and what people said."""

    verify: list[tuple[float, int]] = field(default_factory=list)  # (support, supported)
    attribution: list[tuple[float, int, int]] = field(default_factory=list)  # (support, correct, claim id)
    top1: list[int] = field(default_factory=list)  # per claim: best reference hits a cited passage
    supported_claims: int = 0
    quotes: list[tuple[float, int]] = field(default_factory=list)  # (support, quote on a gold sentence)


def models_for(train_sets: list[Pairs], groups: list[list[str]], dense: bool, embedder_name: str) -> SupportModels:
    """Weights fitted on ``train_sets`` the way the training script fits them."""
    both = Pairs.concat(train_sets)
    out = {}
    for name, features in (("lexical", MODEL_LEXICAL), ("minilm", MODEL_DENSE)):
        if name == "minilm" and not dense:
            continue
        model = fit(both.x, both.y, features, name, (embedder_name,) if name == "minilm" else ())
        out[name] = out_of_fold_level(model, train_sets, groups)
    return SupportModels(out.get("minilm", out["lexical"]), out["lexical"])


def run_expertqa(answers: list[Answer], models: SupportModels, embedder, out: Outcome) -> None:
    for ans in answers:
        text = ans.text(True)
        result = build_references(
            text, ans.sources, embedder=embedder, markers="verify", min_support=0.0, support_models=models
        )
        owner = _owner(ans, text, result)
        for k, claim in enumerate(ans.claims):
            for sid in claim.cited:
                refs = [r for r, o in owner if o == k and r.source_id == sid and r.origin == "model"]
                if refs:
                    out.verify.append((max(r.support for r in refs), int(claim.supported)))
        plain = ans.text(False)
        result = build_references(
            plain, ans.sources, embedder=embedder, markers="attribute", min_support=0.0, support_models=models
        )
        owner = _owner(ans, plain, result)
        for k, claim in enumerate(ans.claims):
            refs = [r for r, o in owner if o == k]
            good = [int(claim.supported and r.source_id in claim.cited) for r in refs]
            out.attribution.extend((r.support, g, id(claim)) for r, g in zip(refs, good, strict=True))
            best = max(range(len(refs)), key=lambda i: refs[i].support) if refs else None
            out.top1.append(int(best is not None and refs[best].source_id in claim.cited))
            out.supported_claims += claim.supported


def run_wice(answers: list[Answer], models: SupportModels, embedder, out: Outcome) -> None:
    for ans in answers:
        text = ans.text(True)
        result = build_references(
            text, ans.sources, embedder=embedder, markers="verify", min_support=0.0, support_models=models
        )
        claim = ans.claims[0]
        refs = [r for r in result.references if r.origin == "model"]
        if not refs:
            out.verify.append((0.0, int(claim.supported)))
            continue
        ref = max(refs, key=lambda r: r.support)
        out.verify.append((ref.support, int(claim.supported)))
        if claim.supported and claim.gold_spans:
            s, e = ref.quote_span
            out.quotes.append((ref.support, int(any(s < ge and gs < e for gs, ge in claim.gold_spans))))


def _owner(ans: Answer, text: str, result) -> list[tuple[object, int]]:
    """Each reference with the claim its ``answer_span`` falls in (marker-free offsets)."""
    spans = ans.claim_spans(text)
    starts = np.array([s for s, _, _ in result.markers], dtype=np.int64)
    lengths = np.array([e - s for s, e, _ in result.markers], dtype=np.int64)
    out = []
    for r in result.references:
        pos = r.answer_span[0]
        plain = pos - int(lengths[starts < pos].sum()) if len(starts) else pos
        k = next((i for i, (s, e) in enumerate(spans) if s <= plain < e), None)
        if k is not None:
            out.append((r, k))
    return out


def summarise(label: str, eqa: Outcome, wice: Outcome, level: float) -> None:
    v = np.array(eqa.verify) if eqa.verify else np.zeros((0, 2))
    kept = v[:, 0] >= level
    precision = v[kept, 1].mean() if kept.any() else float("nan")
    recall = kept[v[:, 1] == 1].mean() if (v[:, 1] == 1).any() else float("nan")
    w = np.array(wice.verify) if wice.verify else np.zeros((0, 2))
    wk = w[:, 0] >= level
    keep_pos = wk[w[:, 1] == 1].mean() if (w[:, 1] == 1).any() else float("nan")
    drop_neg = 1 - wk[w[:, 1] == 0].mean() if (w[:, 1] == 0).any() else float("nan")
    a = eqa.attribution
    kept_a = [(g, c) for s, g, c in a if s >= level]
    a_prec = np.mean([g for g, _ in kept_a]) if kept_a else float("nan")
    covered = len({c for g, c in kept_a if g}) / max(eqa.supported_claims, 1)
    q = [hit for s, hit in wice.quotes if s >= level]
    q_share = np.mean(q) if q else float("nan")
    top1 = np.mean(eqa.top1) if eqa.top1 else float("nan")
    print(
        f"  {label:<26} level {level:.2f} | ExpertQA verify: precision {precision:.3f} recall {recall:.3f} "
        f"(base {v[:, 1].mean():.3f}, n={len(v)}) | WiCE verify: keep {keep_pos:.3f} of supported/partial, "
        f"drop {drop_neg:.3f} of not-supported (n={len(w)})"
    )
    print(
        f"  {'':<26} attribution: precision {a_prec:.3f}, supported claims covered {covered:.3f}, "
        f"forced top-1 {top1:.3f} | WiCE quotes on a gold sentence {q_share:.3f} "
        f"(n={len(q)})"
    )


def curve(eqa: Outcome, wice: Outcome) -> None:
    print("  min_support | EQA verify prec  recall | WiCE keep supp  drop not | attribution prec  covered")
    v, w = np.array(eqa.verify), np.array(wice.verify)
    for level in LEVELS:
        kv, kw = v[:, 0] >= level, w[:, 0] >= level
        kept_a = [(g, c) for s, g, c in eqa.attribution if s >= level]
        print(
            f"  {level:11.2f} | {v[kv, 1].mean() if kv.any() else float('nan'):15.3f} {kv[v[:, 1] == 1].mean():7.3f} | "
            f"{kw[w[:, 1] == 1].mean():14.3f} {1 - kw[w[:, 1] == 0].mean():9.3f} | "
            f"{np.mean([g for g, _ in kept_a]) if kept_a else float('nan'):16.3f} "
            f"{len({c for g, c in kept_a if g}) / max(eqa.supported_claims, 1):8.3f}"
        )


def plot(curves: dict[str, tuple[Outcome, Outcome]], path: Path = PLOT) -> None:
    """The precision/coverage curves as a PNG (matplotlib: the dev extra only)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("  (matplotlib not installed: no PNG; pip install -e '.[dev]')")
        return
    grid = np.linspace(0.0, 0.98, 50)
    fig, axes = plt.subplots(1, 3, figsize=(13, 4))
    for label, (eqa, wice) in curves.items():
        v, w = np.array(eqa.verify), np.array(wice.verify)
        rows = [(v[v[:, 0] >= t, 1].mean() if (v[:, 0] >= t).any() else np.nan, (v[v[:, 1] == 1, 0] >= t).mean(),
                 (w[w[:, 1] == 1, 0] >= t).mean(), 1 - (w[w[:, 1] == 0, 0] >= t).mean(),
                 np.mean([g for s, g, _ in eqa.attribution if s >= t] or [np.nan]),
                 len({c for s, g, c in eqa.attribution if s >= t and g}) / max(eqa.supported_claims, 1))
                for t in grid]  # fmt: skip
        r = np.array(rows)
        axes[0].plot(r[:, 1], r[:, 0], label=label)
        axes[1].plot(r[:, 2], r[:, 3], label=label)
        axes[2].plot(r[:, 5], r[:, 4], label=label)
    specs = [
        ("ExpertQA verify", "recall of supported citations", "precision of kept", (0.70, 0.85)),
        ("WiCE verify", "kept share of supported/partial", "dropped share of not-supported", (0.85, 0.80)),
        ("ExpertQA attribution", "supported claims covered", "precision", (0.60, 0.85)),
    ]
    for ax, (title, xl, yl, target) in zip(axes, specs, strict=True):
        ax.set(title=title, xlabel=xl, ylabel=yl, xlim=(0, 1.02), ylim=(0, 1.02))
        ax.plot(*target, "k*", markersize=10, label="target")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.suptitle("Support model, held-out folds, as min_support varies (python -m benchmarks support)")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    print(f"  wrote {path}")


def reliability(outcomes: list[tuple[float, int]]) -> None:
    p = np.array([s for s, _ in outcomes])
    y = np.array([t for _, t in outcomes])
    print("  predicted bin | n    | mean predicted | observed supported")
    for lo in np.arange(0, 1, 0.1):
        m = (p >= lo) & (p < lo + 0.1 if lo < 0.9 else p <= 1.0)
        if m.any():
            print(f"  {lo:.1f}-{lo + 0.1:.1f}       | {m.sum():<4} | {p[m].mean():14.3f} | {y[m].mean():.3f}")
    print(f"  Brier score {np.mean((p - y) ** 2):.3f} (always predicting the base rate: {y.var():.3f})")


def _fold(groups: list[str], k: int = 5, seed: int = 13) -> dict[str, int]:
    names = sorted(set(groups))
    order = np.random.default_rng(seed).permutation(len(names))
    return {names[i]: r % k for r, i in enumerate(order)}


def evaluate(eqa, eqa_pairs, wice, wice_pairs, embedder, dense: bool, label: str) -> None:
    name = embedder.name if embedder is not None else ""
    eg, wg = [a.group for a in eqa], [a.group for a in wice]
    ef, wf = _fold(eg), _fold(wg)
    cv_e, cv_w = Outcome(), Outcome()
    levels = []
    for f in range(5):
        e_train = eqa_pairs.take(np.array([ef[eg[a]] != f for a in eqa_pairs.answer]))
        w_train = wice_pairs.take(np.array([wf[wg[a]] != f for a in wice_pairs.answer]))
        models = models_for([e_train, w_train], [eg, wg], dense, name)
        model = models.dense if dense else models.lexical
        levels.append(model.min_support)
        run_expertqa([a for a in eqa if ef[a.group] == f], models, embedder, cv_e)
        run_wice([a for a in wice if wf[a.group] == f], models, embedder, cv_w)
    level = float(np.mean(levels))
    print(f"\n{label}: 5-fold cross-validation (level chosen on each fold's training data; mean {level:.3f})")
    summarise("held-out folds", cv_e, cv_w, level)
    curve(cv_e, cv_w)
    print("  reliability on held-out folds (ExpertQA citations, WiCE citations, attributions):")
    reliability(cv_e.verify + cv_w.verify + [(s, g) for s, g, _ in cv_e.attribution])

    x_e, x_w = Outcome(), Outcome()
    to_wice = models_for([eqa_pairs], [eg], dense, name)
    to_eqa = models_for([wice_pairs], [wg], dense, name)
    run_wice(wice, to_wice, embedder, x_w)
    run_expertqa(eqa, to_eqa, embedder, x_e)
    pick = (lambda m: m.dense) if dense else (lambda m: m.lexical)
    print(f"{label}: cross-dataset")
    summarise("ExpertQA -> WiCE", Outcome(), x_w, pick(to_wice).min_support)
    summarise("WiCE -> ExpertQA", x_e, Outcome(), pick(to_eqa).min_support)
    print("  reliability across data sets (both directions):")
    reliability(x_e.verify + x_w.verify + [(s, g) for s, g, _ in x_e.attribution])
    return cv_e, cv_w


def cost(embedder, repeats: int = 3) -> None:
    """Share of build_references time spent on support, on bench_reference's typical job."""
    import deepref.reference.engine as engine
    from benchmarks.bench_reference import typical_pages

    pages, answer = typical_pages(random.Random(11))
    real = engine.pair_features

    def stub(
        segments, chunks, matrix, rows, cols, dense=None, dense_mask=None, cited=None, chunk_sources=None,
        names=DENSE_FEATURES,
    ):  # fmt: skip
        n = len(rows)
        return np.zeros((n, len(names))), [(chunks[c][1].start, chunks[c][1].end) for c in cols]

    def once(with_support: bool) -> float:
        engine.pair_features = real if with_support else stub
        gc.collect()
        started = time.perf_counter()
        build_references(answer, pages, embedder=embedder, markers="attribute")
        return time.perf_counter() - started

    try:
        if embedder is not None:
            embedder.embed(["warm up"])  # model load: once per worker process, not per job
        if repeats > 1:
            once(True)  # warm the memos (stemming, embedding cache) both variants share
        times = {True: [], False: []}
        for _ in range(repeats):
            for flag in (False, True):
                times[flag].append(once(flag))
    finally:
        engine.pair_features = real
    with_s, without = min(times[True]), min(times[False])
    label = embedder.name if embedder is not None else "lexical"
    print(
        f"  typical job (30 sentences, 20 pages), {label}: {without * 1000:.0f} ms without support features, "
        f"{with_s * 1000:.0f} ms with: +{(with_s / without - 1) * 100:.0f}%"
    )


def main(argv: list[str]) -> int:
    if not (EXPERTQA.is_file() and WICE.is_file()):
        print("skipped: ExpertQA or WiCE not found in ../shared/data")
        return 0
    eqa, wice = load_expertqa(), load_wice()
    if "--quick" in argv:
        eqa, wice = eqa[:60], wice[:120]
    print("model: trees (benchmarks/support_train.py)")
    runs = [(None, False, "lexical weights")]
    embedder = None if "--no-local" in argv else local_embedder()
    if embedder is not None:
        runs.append((embedder, True, "MiniLM weights"))
    curves = {}
    for emb, dense, label in runs:
        eqa_pairs = build_pairs(eqa, emb, False)
        wice_pairs = build_pairs(wice, emb, True)
        curves[label] = evaluate(eqa, eqa_pairs, wice, wice_pairs, emb, dense, label)
    if "--quick" not in argv:
        plot(curves)
    print("\ncost of support scoring")
    cost(None)
    if embedder is not None:
        cost(embedder)  # embeddings come from the disk cache: the denominator has no model time
        from deepref.worker.inference.embedding import LocalEmbedder

        cost(LocalEmbedder(), repeats=1)  # the real model, as a worker runs it (embedding every job)
        embedder.save()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
