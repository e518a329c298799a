"""Feasibility experiment (issue 10): a cross-encoder fine-tuned here to judge citation support.

Not a benchmark of the shipped engine and not run by ``python -m benchmarks``. It asks
whether all-MiniLM-L6-v2 (the packaged weights, worker/inference/weights.py), fine-tuned
as a cross-encoder on ExpertQA's labelled model citations, separates supported from
unsupported citations much better than the support model's features do.

- Pairs: each ExpertQA claim with each passage it cites (``support_data.load_expertqa``),
  label supported = Complete or Partial; split by question with ``support_data.folds``
  (the support model's 5 folds).
- Model: a hand-written BERT in torch initialised from the packaged safetensors,
  ``[CLS] claim [SEP] passage [SEP]`` truncated to ``--max-len`` word pieces, a linear
  head on the mean-pooled output, binary cross-entropy, AdamW with linear warm-up/decay.
- Baselines on the same held-out questions, same run: the zero-shot bi-encoder cosine of
  claim and passage (same weights, mean pooling), and the project's monotone trees on
  the lexical support features (``support_train.build_pairs``, trained on the same
  training questions; their verify pairs are the claim's segments against each cited
  source's best chunk, so a close but not identical population).
- ``--wice``: each fold's model also scores WiCE claims against their cited page's
  three sentences sharing most words with the claim (label: supported or partially
  supported), against the cosine on the same text: ExpertQA -> WiCE transfer.

Metrics: AUC and precision at recall 0.70 of the supported class, per fold and pooled
over the folds run (out-of-fold predictions).

torch is not a dependency of deepref and must not be installed in its venv; install it
apart and put it on the path (2 threads; about 5 to 11 minutes a fold on a shared
2-core machine)::

    python3.11 -m pip install --target /tmp/torchlib torch   # or a local CPU wheel
    PYTHONPATH=/tmp/torchlib nice -n 10 .venv/bin/python -m benchmarks.experiments.cross_encoder \\
        --folds 0,1,2 --epochs 2 --lr 5e-5 --max-len 192 --wice
    # the baselines alone, all five folds, in a few minutes:
    PYTHONPATH=/tmp/torchlib .venv/bin/python -m benchmarks.experiments.cross_encoder \\
        --baselines-only --folds 0,1,2,3,4 --threads 1

``--check`` compares the torch encoder's vectors with the engine's MiniLM (cosine 1.0).
Results and reading: docs/benchmarks.md, "## support", "A cross-encoder fine-tuned
here (experiment)". No weights are saved.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks.support_data import folds, load_expertqa, load_wice

RECALL = 0.70
_WORD = re.compile(r"\w+")


def model_dir() -> Path:
    from deepref.worker.inference.weights import checked_model_dir

    return checked_model_dir()


def auc(scores: np.ndarray, y: np.ndarray) -> float:
    """Rank AUC (ties count half)."""
    from scipy.stats import rankdata

    pos = y == 1
    n1, n0 = int(pos.sum()), int((~pos).sum())
    if not n1 or not n0:
        return float("nan")
    ranks = rankdata(scores)
    return float((ranks[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def precision_at_recall(scores: np.ndarray, y: np.ndarray, recall: float = RECALL) -> float:
    """Precision of the supported class at the highest threshold whose recall reaches ``recall``."""
    order = np.argsort(-scores, kind="stable")
    s, t = scores[order], y[order]
    tp = np.cumsum(t)
    need = math.ceil(recall * t.sum())
    k = int(np.searchsorted(tp, need))  # first index where tp >= need
    k = int(np.searchsorted(-s, -s[k], side="right")) - 1  # include ties of the threshold
    return float(tp[k] / (k + 1))


def expertqa_pairs():
    answers = load_expertqa()
    fold_of = folds(answers)
    claims, passages, labels, fold, owner = [], [], [], [], []
    for a_index, (ans, f) in enumerate(zip(answers, fold_of, strict=True)):
        by_id = {s.id: s.text for s in ans.sources}
        for c in ans.claims:
            for sid in c.cited:
                claims.append(c.text)
                passages.append(by_id[sid])
                labels.append(int(c.supported))
                fold.append(f)
                owner.append(a_index)
    return answers, claims, passages, np.array(labels), np.array(fold), fold_of


def wice_pairs(top: int = 3):
    """Claim, its page's ``top`` sentences sharing most words with it (page order), label."""
    claims, passages, labels = [], [], []
    for ans in load_wice():
        claim = ans.claims[0]
        words = set(_WORD.findall(claim.text.lower()))
        lines = ans.sources[0].text.split("\n")
        overlap = [len(words & set(_WORD.findall(s.lower()))) for s in lines]
        best = sorted(np.argsort(overlap, kind="stable")[::-1][:top])
        claims.append(claim.text)
        passages.append(" ".join(lines[i] for i in best))
        labels.append(int(claim.supported))
    return claims, passages, np.array(labels)


def lexical_trees(answers, fold_of, test_fold: int) -> tuple[np.ndarray, np.ndarray]:
    """Held-out predictions and labels of the project's monotone trees on lexical features
    (verify pairs of the test fold's questions; trained on the other folds' ExpertQA pairs)."""
    from benchmarks.support_train import MODEL_LEXICAL, build_pairs, columns, fit

    pairs = build_pairs(answers, None, False)
    fold = np.array(fold_of)[pairs.answer]
    train = fold != test_fold
    model = fit(pairs.x[train], pairs.y[train], MODEL_LEXICAL, "lexical")
    test = (fold == test_fold) & (pairs.kind == 1)
    return model.predict(columns(pairs.x[test], MODEL_LEXICAL)), pairs.y[test]


_LAYER_PARTS = (
    ("q", "attention.self.query"),
    ("k", "attention.self.key"),
    ("v", "attention.self.value"),
    ("o", "attention.output.dense"),
    ("ln1", "attention.output.LayerNorm"),
    ("ff1", "intermediate.dense"),
    ("ff2", "output.dense"),
    ("ln2", "output.LayerNorm"),
)


def weight_keys(model) -> dict:
    """Each parameter of ``encoder_class()``'s model under its name in the packaged safetensors."""
    mods = {"word_embeddings": model.word, "position_embeddings": model.pos}
    mods |= {"token_type_embeddings": model.segment, "LayerNorm": model.ln}
    out = {f"embeddings.{n}.weight": m.weight for n, m in mods.items()}
    out["embeddings.LayerNorm.bias"] = model.ln.bias
    for i, layer in enumerate(model.layers):
        for attr, name in _LAYER_PARTS:
            mod = getattr(layer, attr)
            out[f"encoder.layer.{i}.{name}.weight"] = mod.weight
            out[f"encoder.layer.{i}.{name}.bias"] = mod.bias
    return out


def encoder_class():
    """The BERT of all-MiniLM-L6-v2 in torch, with a linear head (torch imported here)."""
    import torch
    from torch import nn

    from deepref.worker.inference.minilm import read_safetensors

    weights = {k: torch.from_numpy(np.array(v)) for k, v in read_safetensors(model_dir() / "model.safetensors").items()}

    class Layer(nn.Module):
        def __init__(self, d: int = 384, heads: int = 12, ff: int = 1536, p: float = 0.1):
            super().__init__()
            self.heads, self.p = heads, p
            self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
            self.ln1, self.ln2 = nn.LayerNorm(d, eps=1e-12), nn.LayerNorm(d, eps=1e-12)
            self.ff1, self.ff2 = nn.Linear(d, ff), nn.Linear(ff, d)
            self.drop = nn.Dropout(p)

        def forward(self, x, bias):
            b, n, d = x.shape

            def split(t):
                return t.view(b, n, self.heads, d // self.heads).transpose(1, 2)

            att = nn.functional.scaled_dot_product_attention(
                split(self.q(x)), split(self.k(x)), split(self.v(x)), attn_mask=bias, dropout_p=self.p * self.training
            )
            x = self.ln1(x + self.drop(self.o(att.transpose(1, 2).reshape(b, n, d))))
            return self.ln2(x + self.drop(self.ff2(nn.functional.gelu(self.ff1(x)))))

    class Bert(nn.Module):
        def __init__(self, pool: str = "mean"):
            super().__init__()
            self.word = nn.Embedding(30522, 384)
            self.pos = nn.Embedding(512, 384)
            self.segment = nn.Embedding(2, 384)
            self.ln = nn.LayerNorm(384, eps=1e-12)
            self.drop = nn.Dropout(0.1)
            self.layers = nn.ModuleList(Layer() for _ in range(6))
            self.head = nn.Linear(384, 1)
            self.pool = pool
            with torch.no_grad():
                for key, param in weight_keys(self).items():
                    param.copy_(weights[key])
                nn.init.normal_(self.head.weight, std=0.02)
                nn.init.zeros_(self.head.bias)

        def pooled(self, ids, types, mask):
            pos = torch.arange(ids.shape[1]).unsqueeze(0)
            x = self.drop(self.ln(self.word(ids) + self.pos(pos) + self.segment(types)))
            bias = torch.zeros(mask.shape).masked_fill(mask == 0, float("-inf"))[:, None, None, :]
            for layer in self.layers:
                x = layer(x, bias)
            if self.pool == "cls":
                return x[:, 0]
            m = mask.unsqueeze(-1).float()
            return (x * m).sum(1) / m.sum(1).clamp(min=1.0)

        def forward(self, ids, types, mask):
            return self.head(self.pooled(ids, types, mask)).squeeze(-1)

    return Bert


class Batcher:
    """Word pieces of texts or (claim, passage) pairs, padded per batch."""

    def __init__(self, max_len: int, batch: int):
        from tokenizers import Tokenizer

        self.tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
        self.tok.no_padding()
        self.max_len, self.batch = max_len, batch

    def __call__(self, a: list[str], b: list[str] | None, idx: np.ndarray):
        import torch

        self.tok.enable_truncation(self.max_len, strategy="longest_first")
        for start in range(0, len(idx), self.batch):
            part = idx[start : start + self.batch]
            enc = self.tok.encode_batch([a[i] if b is None else (a[i], b[i]) for i in part])
            ids = torch.zeros(len(enc), max(len(e.ids) for e in enc), dtype=torch.long)
            types, mask = torch.zeros_like(ids), torch.zeros_like(ids)
            for r, e in enumerate(enc):
                k = len(e.ids)
                ids[r, :k], types[r, :k], mask[r, :k] = torch.tensor(e.ids), torch.tensor(e.type_ids), 1
            yield part, ids, types, mask

    def by_length(self, a: list[str], b: list[str] | None, idx: np.ndarray) -> np.ndarray:
        """Indices sorted by length (less padding at prediction time)."""
        return idx[np.argsort([len(a[i]) + (len(b[i]) if b else 0) for i in idx], kind="stable")]

    def predict(self, model, a: list[str], b: list[str], idx: np.ndarray) -> np.ndarray:
        import torch

        model.eval()
        out = np.zeros(len(a), dtype=np.float64)
        with torch.no_grad():
            for part, ids, types, mask in self(a, b, self.by_length(a, b, idx)):
                out[part] = model(ids, types, mask).numpy()
        return out[idx]

    def vectors(self, model, texts: list[str], idx: np.ndarray) -> np.ndarray:
        import torch

        model.eval()
        out = np.zeros((len(texts), 384), dtype=np.float64)
        with torch.no_grad():
            for part, ids, types, mask in self(texts, None, self.by_length(texts, None, idx)):
                out[part] = torch.nn.functional.normalize(model.pooled(ids, types, mask), dim=-1).numpy()
        return out

    def cosine(self, model, a: list[str], b: list[str], idx: np.ndarray) -> np.ndarray:
        """Zero-shot bi-encoder cosine of a[i] and b[i] (mean pooling, as sentence-transformers)."""
        return (self.vectors(model, a, idx)[idx] * self.vectors(model, b, idx)[idx]).sum(1)


def train(model, batcher: Batcher, claims, passages, y, train_idx, args, rng) -> float:
    """Fine-tunes ``model`` in place; returns the seconds it took."""
    import torch
    from torch import nn

    steps = args.epochs * math.ceil(len(train_idx) / args.batch)
    warm = max(1, steps // 10)
    groups = [
        {"params": [p for p in model.parameters() if p.ndim > 1], "weight_decay": 0.01},
        {"params": [p for p in model.parameters() if p.ndim <= 1], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(groups, lr=args.lr)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min((s + 1) / warm, (steps - s) / max(1, steps - warm)))
    lossf = nn.BCEWithLogitsLoss()
    t0, step = time.perf_counter(), 0
    for epoch in range(args.epochs):
        model.train()
        total = 0.0
        for part, ids, types, mask in batcher(claims, passages, rng.permutation(train_idx)):
            loss = lossf(model(ids, types, mask), torch.tensor(y[part], dtype=torch.float32))
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(part)
            step += 1
            if step == args.time_steps:
                dt = time.perf_counter() - t0
                print(f"{step} steps of {args.batch}: {dt / step:.2f} s a step; {steps} steps a fold")
                return dt
        print(f"    epoch {epoch + 1}: train loss {total / len(train_idx):.4f} ({time.perf_counter() - t0:.0f} s)")
    return time.perf_counter() - t0


def line(name: str, s: np.ndarray, y: np.ndarray) -> str:
    return f"    {name:<22} AUC {auc(s, y):.3f}  precision at recall {RECALL:.2f} {precision_at_recall(s, y):.3f}"


def other_folds_threshold(results: list[dict], key: str, ykey: str = "y") -> str:
    """Precision and recall when each fold's threshold is the one reaching recall 0.70 on the others."""
    tp = fp = fn = 0
    for k, r in enumerate(results):
        rest = [o for j, o in enumerate(results) if j != k]
        s, y = np.concatenate([o[key] for o in rest]), np.concatenate([o[ykey] for o in rest])
        pos = np.sort(s[y == 1])[::-1]
        keep = r[key] >= pos[math.ceil(RECALL * len(pos)) - 1]
        tp += int((keep & (r[ykey] == 1)).sum())
        fp += int((keep & (r[ykey] == 0)).sum())
        fn += int((~keep & (r[ykey] == 1)).sum())
    return f"threshold from the other folds: precision {tp / (tp + fp):.3f} recall {tp / (tp + fn):.3f}"


def report(results: list[dict]) -> None:
    """Pooled out-of-fold figures over the folds run so far."""
    if len(results) < 2:
        return
    cat = {k: np.concatenate([r[k] for r in results]) for k in results[0] if not k.startswith("wice")}
    print(f"pooled over {len(results)} folds ({len(cat['y'])} held-out pairs, {cat['y'].mean():.3f} supported):")
    if "ce" in cat:
        print(line("cross-encoder", cat["ce"], cat["y"]), other_folds_threshold(results, "ce"))
    print(line("cosine", cat["cos"], cat["y"]), other_folds_threshold(results, "cos"))
    print(line("lexical trees", cat["trees"], cat["trees_y"]), other_folds_threshold(results, "trees", "trees_y"))
    if "wice_ce" in results[0]:
        wy = results[0]["wice_y"]
        mean_rank = np.mean([np.argsort(np.argsort(r["wice_ce"])) for r in results], axis=0)
        print(line("WiCE cross-encoder (mean rank of the fold models)", mean_rank, wy))


def check(batcher: Batcher, base, texts: list[str]) -> None:
    """The torch encoder's vectors against the engine's MiniLM (cosine 1.0 expected)."""
    from deepref.worker.inference.embedding import get_embedder

    ref = np.asarray(get_embedder("local").embed(texts))
    batcher.max_len = 128
    ours = batcher.vectors(base, texts, np.arange(len(texts)))
    print("cosine to the engine's vectors:", (ours * ref).sum(1))


def parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folds", default="0", help="comma-separated test folds (0-4)")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--max-len", type=int, default=192)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--pool", choices=("mean", "cls"), default="mean")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="train on at most this many pairs (smoke tests)")
    ap.add_argument("--time-steps", type=int, default=0, help="time this many training steps and stop")
    ap.add_argument("--wice", action="store_true", help="also score WiCE with each fold's model")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--save", default="", help="write each fold's held-out scores to PREFIX-foldN.npz")
    ap.add_argument("--baselines-only", action="store_true", help="cosine and lexical trees only, no training")
    ap.add_argument("--check", action="store_true", help="compare the torch encoder with the engine's MiniLM")
    return ap.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    try:
        import torch
    except ImportError:
        print("torch is not installed: install it apart and put it on PYTHONPATH (see the module docstring)")
        return 1
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    bert, batcher = encoder_class(), Batcher(args.max_len, args.batch)
    base = bert("mean")  # the packaged sentence encoder, untouched: the cosine baseline
    answers, claims, passages, y, fold, fold_of = expertqa_pairs()
    if args.check:
        check(batcher, base, [claims[0], passages[0][:300]])
        return 0
    print(
        f"ExpertQA: {len(y)} claim-passage pairs from {len(answers)} answers, {y.mean():.3f} supported; "
        f"max {args.max_len} word pieces, {args.epochs} epochs, lr {args.lr}, batch {args.batch}, "
        f"{args.pool} pooling, {args.threads} threads"
    )
    if args.wice:
        w_claims, w_passages, w_y = wice_pairs()
        w_idx = np.arange(len(w_y))
        w_cos = batcher.cosine(base, w_claims, w_passages, w_idx)
        print(f"WiCE: {len(w_y)} claims, {w_y.mean():.3f} supported or partially supported")
        print(line("WiCE cosine", w_cos, w_y))
    results = []
    for test_fold in (int(f) for f in args.folds.split(",")):
        train_idx, test_idx = np.flatnonzero(fold != test_fold), np.flatnonzero(fold == test_fold)
        if args.limit:
            train_idx = rng.permutation(train_idx)[: args.limit]
        r = {"y": y[test_idx], "cos": batcher.cosine(base, claims, passages, test_idx)}
        r["trees"], r["trees_y"] = lexical_trees(answers, fold_of, test_fold)
        print(f"fold {test_fold}: {len(train_idx)} train / {len(test_idx)} test pairs ({r['y'].mean():.3f} supported)")
        if not args.baselines_only:
            torch.manual_seed(args.seed + test_fold)
            model = bert(args.pool)
            seconds = train(model, batcher, claims, passages, y, train_idx, args, rng)
            if args.time_steps:
                return 0
            r["ce"] = batcher.predict(model, claims, passages, test_idx)
            print(f"    trained in {seconds:.0f} s")
            print(line("cross-encoder", r["ce"], r["y"]))
        print(line("cosine", r["cos"], r["y"]))
        print(line("lexical trees", r["trees"], r["trees_y"]))
        if args.wice and not args.baselines_only:
            r |= {"wice_ce": batcher.predict(model, w_claims, w_passages, w_idx), "wice_y": w_y}
            print(line("WiCE cross-encoder", r["wice_ce"], w_y))
        results.append(r)
        report(results)
        if args.save:
            np.savez(f"{args.save}-fold{test_fold}.npz", **r)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
