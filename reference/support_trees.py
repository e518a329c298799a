"""Gradient-boosted trees for the support model, evaluated in numpy.

Shallow regression trees fitted to the log-loss gradient (``benchmarks/support_train.py``
fits them); the probability is ``sigmoid(base + rate * sum of the trees' leaves)``.
Fitted under monotone constraints (``reference.support.MONOTONE``), so support
never falls as coverage or cosine rises, nor rises with a missing number. On
held-out questions they separate supported from unsupported pairs better than the
logistic regression they replaced (docs/benchmarks.md, section support;
``benchmarks/experiments/logistic.py`` fits that regression to compare). Each weight
set of the weights file is ``"kind": "trees"``.

Each tree is stored as flat node arrays: ``feature`` (-1 for a leaf), ``threshold``,
``left`` and ``right`` (node indices; a value goes left when ``x <= threshold``)
and ``value`` (a leaf's output). All trees are padded to one node count, so one
prediction is ``depth`` gathers over a (pairs × trees) index array.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from deepref.reference.errors import ConfigurationError

_FIELDS = ("feature", "threshold", "left", "right", "value")


@dataclass(frozen=True, slots=True)
class Trees:
    base: float  # log-odds before any tree
    rate: float  # learning rate: each tree's leaves are scaled by it
    feature: np.ndarray  # (trees, nodes) int: the feature a node splits on, -1 for a leaf
    threshold: np.ndarray  # (trees, nodes) float
    left: np.ndarray  # (trees, nodes) int
    right: np.ndarray  # (trees, nodes) int
    value: np.ndarray  # (trees, nodes) float: a leaf's output (0 for a split)
    depth: int  # longest root-to-leaf path: the gathers one prediction takes

    @classmethod
    def of(cls, base, rate, feature, threshold, left, right, value) -> Trees:
        """Trees from their node arrays, their depth measured."""
        feature, left, right = (np.asarray(a, dtype=np.int64) for a in (feature, left, right))
        deepest = 0
        for t in range(len(feature)):
            stack = [(0, 0)]
            while stack:
                node, d = stack.pop()
                if feature[t, node] < 0:
                    deepest = max(deepest, d)
                elif d < feature.shape[1]:  # a cycle cannot loop forever
                    stack += [(int(left[t, node]), d + 1), (int(right[t, node]), d + 1)]
        th, val = (np.asarray(a, dtype=np.float64) for a in (threshold, value))
        return cls(float(base), float(rate), feature, th, left, right, val, deepest)

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The probability of each row of ``x`` (features in the model's order)."""
        return 1.0 / (1.0 + np.exp(-self.logit(x)))

    def logit(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=np.float64)
        n, n_trees = len(x), len(self.feature)
        if n == 0 or n_trees == 0:
            return np.full(n, self.base)
        trees = np.arange(n_trees)[None, :]
        node = np.zeros((n, n_trees), dtype=np.int64)
        rows = np.arange(n)[:, None]
        for _ in range(self.depth):
            feat = self.feature[trees, node]
            split = feat >= 0
            go_left = x[rows, np.maximum(feat, 0)] <= self.threshold[trees, node]
            nxt = np.where(go_left, self.left[trees, node], self.right[trees, node])
            node = np.where(split, nxt, node)
        return self.base + self.rate * self.value[trees, node].sum(axis=1)

    def to_dict(self) -> dict:
        return {
            "base": round(float(self.base), 6),
            "rate": float(self.rate),
            "trees": [
                {
                    "feature": self.feature[t].tolist(),
                    "threshold": [float(v) for v in self.threshold[t]],  # exact: cuts are data values
                    "left": self.left[t].tolist(),
                    "right": self.right[t].tolist(),
                    "value": [round(float(v), 6) for v in self.value[t]],
                }
                for t in range(len(self.feature))
            ],
        }

    @classmethod
    def from_dict(cls, d: dict, n_features: int) -> Trees:
        trees = d["trees"]
        width = max((len(t["feature"]) for t in trees), default=1)
        arrays = {}
        for f in _FIELDS:
            pad = -1 if f == "feature" else 0
            arrays[f] = np.array([list(t[f]) + [pad] * (width - len(t[f])) for t in trees] or [[pad]])
        feature = arrays["feature"].astype(np.int64)
        left, right = arrays["left"].astype(np.int64), arrays["right"].astype(np.int64)
        if (feature >= n_features).any():
            raise ConfigurationError("support trees split on a feature the weights do not name")
        split = feature >= 0
        if ((left >= width) | (right >= width) | (left < 0) | (right < 0))[split].any():
            raise ConfigurationError("support trees point at a node that does not exist")
        if not trees:
            feature = np.zeros((0, 1), dtype=np.int64)
        n = len(feature)
        return cls.of(d["base"], d["rate"], feature, arrays["threshold"][:n], left[:n], right[:n], arrays["value"][:n])
