"""The labelled data the support model is trained and measured on, as whole answers.

- ExpertQA (``expertqa/rand_val.jsonl``): one answer per (question, system); its
  claims, the passages each cites (the answer's pool of sources) and a human label
  per claim (Complete or Partial = supported).
- WiCE (``wice/dev.jsonl``): a Wikipedia claim, the page it cites (one sentence a
  line), a label and the gold supporting sentences.

Both are turned into the inputs the pipeline gives ``build_references``: an answer
text (with the claims' own ``[n]`` markers renumbered to the pool, or none for
attribution) and a list of ``Source``; ``claim_spans`` maps spans of the engine's
marker-free text back to claims. Embeddings are cached on disk under /tmp (not in
the repository): embedding is the whole cost, and CPU is scarce.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from deepref.reference import Source
from deepref.reference.markers import parse_markers, strip_markers

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
EXPERTQA = DATA / "expertqa" / "rand_val.jsonl"
WICE = DATA / "wice" / "dev.jsonl"
CACHE = Path(os.environ.get("DEEPREF_SUPPORT_CACHE", "/tmp/deepref-support-cache"))
SUPPORTED = ("Complete", "Partial")
LABELLED = ("Complete", "Partial", "Incomplete", "Missing")
_MARKER = re.compile(r"\s*\[\d+(?:\s*,\s*\d+)*\]")
_TRAILING = re.compile(r"[.!?;:]*\s*$")


@dataclass
class Claim:
    text: str
    cited: list[str]  # source ids the claim cites (ExpertQA) or [the page] (WiCE)
    supported: bool
    label: str
    gold_spans: list[tuple[int, int]] = field(default_factory=list)  # WiCE: spans of gold sentences


@dataclass
class Answer:
    group: str  # question (ExpertQA) or claim id (WiCE): the unit of a fold
    system: str
    sources: list[Source]
    claims: list[Claim]

    def text(self, with_markers: bool) -> str:
        """The claims joined; with their citations as ``[n]`` before the final period."""
        parts = []
        for c in self.claims:
            if not with_markers or not c.cited:
                parts.append(c.text)
                continue
            end = _TRAILING.search(c.text).start()
            marks = "".join(f"[{i}]" for i in c.cited)
            parts.append(f"{c.text[:end]} {marks}{c.text[end:]}")
        return " ".join(parts)

    def claim_spans(self, answer: str) -> list[tuple[int, int]]:
        """Spans of each claim in the engine's marker-free version of ``answer``."""
        text, _ = strip_markers(answer, parse_markers(answer)[0])
        spans, pos = [], 0
        for c in self.claims:
            start = text.find(c.text[: max(1, _TRAILING.search(c.text).start())], pos)
            start = pos if start < 0 else start
            spans.append((start, start))
            pos = start + 1
        ends = [s for s, _ in spans[1:]] + [len(text)]
        return [(s, e) for (s, _), e in zip(spans, ends, strict=True)]


def load_expertqa(path: Path = EXPERTQA) -> list[Answer]:
    answers = []
    for q, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        row = json.loads(line)
        for system, ans in row["answers"].items():
            pool: dict[str, Source] = {}
            claims = []
            for c in ans["claims"]:
                cited = []
                for ev in c.get("evidence") or []:
                    head, _, passage = ev.partition("\n\n")
                    key = passage.strip()
                    if not key:
                        continue
                    if key not in pool:
                        url = head.split(" ", 1)[-1].strip()
                        pool[key] = Source(str(len(pool) + 1), url, url, key)
                    if pool[key].id not in cited:
                        cited.append(pool[key].id)
                label = c.get("support") or ""
                text = _MARKER.sub("", c["claim_string"]).strip()
                if cited and label in LABELLED and text:
                    claims.append(Claim(text, cited, label in SUPPORTED, label))
            if claims:
                answers.append(Answer(f"q{q}", system, list(pool.values()), claims))
    return answers


def load_wice(path: Path = WICE) -> list[Answer]:
    answers = []
    for row in (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()):
        lines = [s.replace("\n", " ").strip() or "." for s in row["evidence"]]
        starts = np.cumsum([0] + [len(s) + 1 for s in lines])
        text = "\n".join(lines)
        gold = sorted({i for group in row["supporting_sentences"] for i in group})
        spans = [(int(starts[i]), int(starts[i]) + len(lines[i])) for i in gold if i < len(lines)]
        label = row["label"]
        claim = Claim(row["claim"].strip(), ["1"], label != "not_supported", label, spans)
        page = Source("1", row["meta"].get("id", ""), row["meta"].get("claim_title", ""), text)
        answers.append(Answer(row["meta"]["id"], "wice", [page], [claim]))
    return answers


def folds(answers: list[Answer], k: int = 5, seed: int = 13) -> list[int]:
    """Fold of each answer, by its group (all answers to one question share a fold)."""
    groups = sorted({a.group for a in answers})
    order = np.random.default_rng(seed).permutation(len(groups))
    fold_of = {groups[i]: rank % k for rank, i in enumerate(order)}
    return [fold_of[a.group] for a in answers]


class DiskCachedEmbedder:
    """Wraps an embedder; vectors live in one .npy per model under ``CACHE``."""

    def __init__(self, inner, cache: Path = CACHE):
        self.inner, self.name = inner, inner.name
        cache.mkdir(parents=True, exist_ok=True)
        self.path = cache / f"{inner.name}.npz"
        self.vectors: dict[str, np.ndarray] = {}
        if self.path.is_file():
            data = np.load(self.path)
            self.vectors = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
        self.dirty = 0

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    def embed(self, texts: list[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        missing = list(dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in self.vectors))
        if missing:
            for text, vec in zip(missing, self.inner.embed(missing), strict=True):
                self.vectors[self._key(text)] = np.asarray(vec, dtype=np.float32)
            self.dirty += len(missing)
            if self.dirty >= 2000:
                self.save()
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return np.stack([self.vectors[k] for k in keys])

    def save(self) -> None:
        if not self.dirty:
            return
        keys = list(self.vectors)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array(keys), vectors=np.stack([self.vectors[k] for k in keys]))
        tmp.replace(self.path)
        self.dirty = 0


def local_embedder():
    """The local MiniLM behind a disk cache, or None when it is not installed."""
    from deepref.reference import DeeprefError
    from deepref.worker.inference.embedding import get_embedder

    try:
        return DiskCachedEmbedder(get_embedder("local"))
    except DeeprefError:
        return None
