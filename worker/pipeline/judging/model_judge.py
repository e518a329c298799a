"""Does this passage support this claim? Asked of the configured chat model.

Many pairs go in one request, as a JSON list, and the model answers a JSON object
of verdicts (``full``, ``partial``, ``none``) with a one-line reason each, the way
DeepResearch Bench's FACT judges citations. Costs stay bounded: at most
``max_pairs`` pairs a run, passages cut to :data:`PASSAGE_CHARS`, and verdicts
cached by (claim, passage, model). A batch the model fails, or answers with
something other than the JSON asked for, is asked once more; pairs still without
a verdict are *unjudged* and the caller falls back to its own decision.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from deepref.worker.errors import GenerationError
from deepref.worker.inference.jsontext import first_json_object
from deepref.worker.inference.llm import LLMClient

Verdict = Literal["full", "partial", "none"]
VERDICTS: tuple[Verdict, ...] = ("full", "partial", "none")
PASSAGE_CHARS = 2_000
"""A passage is cut to this many characters: FACT's judge reads the passage, not
the whole page, and a page would cost tens of times more tokens."""
BATCH = 8
"""Pairs per request: enough to share the instructions' tokens, few enough that a
model keeps the ids straight."""
ATTEMPTS = 2

SYSTEM = (
    "You check citations. For each item, decide whether the PASSAGE supports the CLAIM. "
    '"full": everything the claim states is stated in, or directly follows from, the passage. '
    '"partial": some of the claim is supported, not all of it. '
    '"none": the passage does not support the claim, or is about something else. '
    "Judge only from the passage, never from what you know. "
    'Answer with JSON only: {"verdicts": [{"id": <the item id>, "verdict": "full" | "partial" | "none", '
    '"reason": "<one short line>"}]}, one verdict per item.'
)


@dataclass(frozen=True, slots=True)
class Judgement:
    verdict: Verdict | None
    """None: not judged (over the cap, or the model failed or answered nonsense)."""
    reason: str
    judged_by: str
    """The model that judged, or "" when none did."""


@dataclass
class JudgeUsage:
    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    failures: list[str] = field(default_factory=list)
    cached: int = 0


class ModelJudge:
    """One per run; ``cache`` may be shared between runs (a dict keyed by
    :func:`cache_key`)."""

    def __init__(
        self,
        llm: LLMClient,
        *,
        model: str | None = None,
        max_pairs: int = 200,
        batch: int = BATCH,
        cache: dict[str, Judgement] | None = None,
    ):
        self.llm, self.model = llm, model or llm.model
        self.max_pairs, self.batch = max_pairs, batch
        self.cache = cache if cache is not None else {}
        self.usage = JudgeUsage()
        self._asked = 0

    async def judge(self, pairs: Sequence[tuple[str, str]]) -> list[Judgement]:
        """A judgement for each (claim, passage), in order."""
        out: list[Judgement | None] = [None] * len(pairs)
        todo: list[int] = []
        for i, (claim, passage) in enumerate(pairs):
            hit = self.cache.get(cache_key(claim, passage, self.model))
            if hit is not None:
                out[i] = hit
                self.usage.cached += 1
            elif self._asked < self.max_pairs:
                todo.append(i)
                self._asked += 1
            else:
                out[i] = Judgement(None, f"not judged: over the cap of {self.max_pairs} pairs", "")
        for start in range(0, len(todo), self.batch):
            group = todo[start : start + self.batch]
            found = await self._ask([pairs[i] for i in group])
            for k, i in enumerate(group):
                judgement = found.get(k)
                if judgement is not None:
                    self.cache[cache_key(*pairs[i], self.model)] = judgement
                out[i] = judgement or Judgement(None, "not judged: the model gave no verdict for it", "")
        return [j for j in out if j is not None]

    async def _ask(self, pairs: list[tuple[str, str]]) -> dict[int, Judgement]:
        items = [{"id": k, "claim": c, "passage": p[:PASSAGE_CHARS]} for k, (c, p) in enumerate(pairs)]
        messages = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": json.dumps({"items": items}, ensure_ascii=False)},
        ]
        found: dict[int, Judgement] = {}
        for _ in range(ATTEMPTS):
            try:
                gen = await self.llm.complete(messages, max_tokens=60 * len(pairs) + 50, model=self.model)
            except GenerationError as exc:
                self.usage.failures.append(str(exc))
                continue
            self.usage.requests += 1
            self.usage.prompt_tokens += gen.prompt_tokens
            self.usage.completion_tokens += gen.completion_tokens
            found.update(parse_verdicts(gen.text, len(pairs), gen.model or self.model))
            if len(found) == len(pairs):
                break
            self.usage.failures.append(f"the model answered {len(found)} of {len(pairs)} verdicts as asked")
        return found


def parse_verdicts(text: str, n: int, model: str) -> dict[int, Judgement]:
    """The well-formed verdicts of an answer, by item id; anything else is ignored."""
    obj = first_json_object(text)
    rows = obj.get("verdicts") if obj else None
    out: dict[int, Judgement] = {}
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict):
            continue
        k, verdict = row.get("id"), str(row.get("verdict", "")).strip().lower()
        if isinstance(k, str) and k.isdigit():
            k = int(k)
        if isinstance(k, int) and not isinstance(k, bool) and 0 <= k < n and verdict in VERDICTS:
            reason = " ".join(str(row.get("reason", "")).split())[:300]
            out.setdefault(k, Judgement(verdict, reason, model))
    return out


def cache_key(claim: str, passage: str, model: str) -> str:
    raw = json.dumps([model, " ".join(claim.split()), passage[:PASSAGE_CHARS]], ensure_ascii=False)
    return hashlib.sha256(raw.encode()).hexdigest()
