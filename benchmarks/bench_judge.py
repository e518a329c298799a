"""The chat model as a second opinion on citations, measured on human labels.

``DEEPREF_LLM_BASE_URL=… DEEPREF_LLM_MODEL=… python -m benchmarks judge [--pairs N]``

Over ExpertQA rand_val (model citations with a human support label) and WiCE dev
(claims with the page they cite), each citation goes through ``build_references``
as a job's does (``verify``) to get its support and its cited passage, then to the
configured chat model through the same judge a job uses (worker/pipeline/judging). Printed,
on the same citations: the support model alone (keep at its default level), the
judge alone (keep unless it says "none"; a pair it did not judge falls back to the
support model), and the combination a job runs (the judge decides inside
``DEEPREF_VERIFY_BAND``, the support model outside), as precision and recall of the
kept citations against the human labels, with the judge's requests, tokens and
cost. The packaged support weights were trained on these labels, so the support
model's figures here are in-sample and flatter it; docs/benchmarks.md has its
held-out ones. Without an endpoint it says how to set one and exits.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass

from benchmarks.support_data import EXPERTQA, WICE, Answer, load_expertqa, load_wice
from deepref.reference import build_references
from deepref.reference.engine import OPINION_CONTEXT
from deepref.reference.support import default_models

LEVEL = default_models().lexical.min_support  # the lexical weights' default level (no embedder here)


@dataclass(frozen=True, slots=True)
class Item:
    claim: str
    passage: str
    support: float
    supported: bool  # the human label
    level: float  # the support model's default level for this call (kept at or above it)


def items(answers: list[Answer], limit: int) -> list[Item]:
    """The first ``limit`` model citations: (claim, cited passage, support, label)."""
    out: list[Item] = []
    for ans in answers:
        result = build_references(ans.text(True), ans.sources, markers="verify", min_support=0.0)
        by_id = {s.id: s for s in ans.sources}
        for claim in ans.claims:
            refs = [r for r in result.references if r.origin == "model" and claim.text[:40] in r.answer_chunk]
            if not refs:
                continue
            ref = max(refs, key=lambda r: r.support)
            text = by_id[ref.source_id].text
            s, e = ref.quote_span
            passage = text[max(0, s - OPINION_CONTEXT) : e + OPINION_CONTEXT]
            out.append(Item(claim.text, passage, ref.support, claim.supported, LEVEL))
            if len(out) >= limit:
                return out
    return out


def scores(kept: list[bool], labels: list[bool]) -> str:
    true_kept = sum(k and y for k, y in zip(kept, labels, strict=True))
    precision = true_kept / max(1, sum(kept))
    recall = true_kept / max(1, sum(labels))
    return f"precision {precision:.3f} recall {recall:.3f} (kept {sum(kept)} of {len(kept)})"


async def run(data: list[Item], settings) -> list[str]:
    from deepref.worker.inference.llm import LLMClient
    from deepref.worker.pipeline.judging.model_judge import ModelJudge

    llm = LLMClient.from_settings(settings)
    assert llm is not None
    judge = ModelJudge(llm, max_pairs=len(data))
    try:
        verdicts = await judge.judge([(d.claim, d.passage) for d in data])
    finally:
        await llm.close()
    price = llm.price().price
    low, high = settings.verify_band
    labels = [d.supported for d in data]
    alone = [d.support >= d.level for d in data]
    level = data[0].level if data else 0.0
    judged = [v.verdict != "none" if v.verdict else a for v, a in zip(verdicts, alone, strict=True)]
    combined = [
        (v.verdict != "none" if v.verdict else a) if low <= d.support < high else a
        for d, v, a in zip(data, verdicts, alone, strict=True)
    ]
    u = judge.usage
    cost = price.cost(u.prompt_tokens, u.completion_tokens) if price is not None else None
    unjudged = sum(v.verdict is None for v in verdicts)
    in_band = sum(low <= d.support < high for d in data)
    return [
        f"  support model alone (level {level}): {scores(alone, labels)}",
        f"  judge alone ({judge.model}):   {scores(judged, labels)}; unjudged {unjudged}",
        f"  combination (band {low}-{high}, {in_band} in band): {scores(combined, labels)}",
        f"  judge: {u.requests} requests, {u.prompt_tokens:,} prompt + {u.completion_tokens:,} completion tokens, "
        + ("cost unknown (set DEEPREF_LLM_PRICES)" if cost is None else f"${cost:.4f}"),
    ]


def main(argv: list[str]) -> int:
    from deepref.worker.settings import Settings

    settings = Settings()
    if not settings.llm_base_url:
        print("skipped: set DEEPREF_LLM_BASE_URL (and DEEPREF_LLM_API_KEY, DEEPREF_LLM_MODEL) to the judge's endpoint")
        return 0
    if not (EXPERTQA.is_file() and WICE.is_file()):
        print("skipped: ExpertQA or WiCE not found in ../shared/data")
        return 0
    pairs = int(argv[argv.index("--pairs") + 1]) if "--pairs" in argv else 200
    for name, answers in (("ExpertQA rand_val", load_expertqa()), ("WiCE dev", load_wice())):
        data = items(answers, pairs)
        base = sum(d.supported for d in data) / max(1, len(data))
        print(f"{name}: {len(data)} model citations (supported {base:.3f}; lexical support, in-sample)")
        for line in asyncio.run(run(data, settings)):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
