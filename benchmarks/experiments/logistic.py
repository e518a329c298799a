"""Experiment: the support model as an L2 logistic regression, against the shipped trees.

Not a benchmark of the shipped engine and not run by ``python -m benchmarks``; the
engine reads gradient-boosted trees only (``reference.support.SupportModel``). Both
models are fitted on the pairs the training script builds (``support_train.build_pairs``,
ExpertQA and WiCE, the same features) and compared on held-out pairs: 5 folds by
question (by claim for WiCE), each fold predicted by models fitted without it. The
figures: AUC on ExpertQA citations, WiCE citations and attribution candidates, and the
log-loss over all held-out pairs::

    .venv/bin/python -m benchmarks.experiments.logistic [--no-local]   # 12 s

On the shipped features (2026-11-26; the comparison quoted in ``support_train.py`` was
made when the trees were chosen, before ``source_cosine`` and the near-tie rule):

    lexical  trees     AUC 0.534 / 0.832 / 0.749, log-loss 0.5478
    lexical  logistic  AUC 0.565 / 0.826 / 0.747, log-loss 0.5502
    MiniLM   trees     AUC 0.600 / 0.850 / 0.755, log-loss 0.5432
    MiniLM   logistic  AUC 0.601 / 0.825 / 0.750, log-loss 0.5497
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from benchmarks.support_data import local_embedder
from benchmarks.support_train import MODEL_DENSE, MODEL_LEXICAL, Pairs, all_pairs, columns, fit

L2 = 1.0  # penalty on the standardised coefficients (not on the intercept)


@dataclass(frozen=True, slots=True)
class LogisticModel:
    """p = sigmoid(w·z + b) over standardised features ``z = (x - mean) / scale``."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Support of each row of ``x``, whose columns are :attr:`features` in order."""
        z = (np.asarray(x, dtype=np.float64) - self.mean) / self.scale
        return 1.0 / (1.0 + np.exp(-(z @ self.coef + self.intercept)))


def fit_logistic(x: np.ndarray, y: np.ndarray, features: tuple[str, ...]) -> LogisticModel:
    """L2 logistic regression on standardised features, by Newton's method. ``x``:
    columns in DENSE_FEATURES order, as ``build_pairs`` makes them."""
    x = columns(x, features)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-9, scale, 1.0)
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], L2)
    penalty[-1] = 0.0  # the intercept is not shrunk
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        grad = z.T @ (p - y) + penalty * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return LogisticModel(features, mean, scale, w[:-1], float(w[-1]))


def auc(p: np.ndarray, y: np.ndarray) -> float:
    """Area under the ROC curve (ties count half)."""
    pos, neg = p[y == 1], p[y == 0]
    if len(pos) == 0 or len(neg) == 0:
        return float("nan")
    greater = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(greater / (len(pos) * len(neg)))


def held_out(sets: list[Pairs], groups: list[list[str]], features: tuple[str, ...], k: int = 5) -> dict:
    """Out-of-fold predictions of both models (folds as ``support_train.out_of_fold_level``)."""
    both = Pairs.concat(sets)
    keys = [f"{i}:{groups[i][a]}" for i, p in enumerate(sets) for a in p.answer]
    names = sorted(set(keys))
    order = np.random.default_rng(13).permutation(len(names))
    fold_of = {names[i]: r % k for r, i in enumerate(order)}
    fold = np.array([fold_of[key] for key in keys])
    out = {"trees": np.zeros(len(both.y)), "logistic": np.zeros(len(both.y))}
    for f in range(k):
        train, test = fold != f, fold == f
        x_test = columns(both.x[test], features)
        out["trees"][test] = fit(both.x[train], both.y[train], features, "trees").predict(x_test)
        out["logistic"][test] = fit_logistic(both.x[train], both.y[train], features).predict(x_test)
    data = np.concatenate([np.full(len(p.y), i) for i, p in enumerate(sets)])
    return {"y": both.y, "kind": both.kind, "data": data, **out}


def report(label: str, held: dict) -> None:
    y, kind, data = held["y"], held["kind"], held["data"]
    views = {
        "ExpertQA citations": (data == 0) & (kind == 1),
        "WiCE citations": (data == 1) & (kind == 1),
        "attribution candidates": kind == 0,
    }
    for model in ("trees", "logistic"):
        p = np.clip(held[model], 1e-9, 1 - 1e-9)
        loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
        aucs = " / ".join(f"{auc(p[m], y[m]):.3f}" for m in views.values())
        print(f"  {label:<8} {model:<9} AUC {aucs} ({', '.join(views)}), log-loss {loss:.4f}")


def main(argv: list[str]) -> int:
    embedder = None if "--no-local" in argv else local_embedder()
    runs = [("lexical", None, MODEL_LEXICAL)] + ([("MiniLM", embedder, MODEL_DENSE)] if embedder else [])
    for label, emb, features in runs:
        eqa, eqa_pairs, wice, wice_pairs = all_pairs(emb)
        groups = [[a.group for a in eqa], [a.group for a in wice]]
        report(label, held_out([eqa_pairs, wice_pairs], groups, features))
    if embedder is not None:
        embedder.save()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
