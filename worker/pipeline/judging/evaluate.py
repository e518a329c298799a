"""``deepref eval citations``: every footnote of an answer judged again by the model."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deepref.reference.errors import ConfigurationError
from deepref.worker.pipeline.judging.citations import Citation
from deepref.worker.pipeline.judging.fact import FactScores, Scored, fact_scores
from deepref.worker.pipeline.judging.model_judge import Judgement, JudgeUsage, ModelJudge
from deepref.worker.pipeline.judging.pages import passages_for

if TYPE_CHECKING:
    from deepref.worker.settings import Settings


@dataclass(frozen=True, slots=True)
class Evaluation:
    scored: list[Scored]
    scores: FactScores
    usage: JudgeUsage
    model: str
    unreadable: dict[str, str]
    """URL → why its page could not be read (its citations are unjudged)."""


async def evaluate(
    citations: list[Citation], settings: Settings, *, max_pairs: int, model: str | None = None
) -> Evaluation:
    from deepref.worker.pipeline.resources import build_resources, close_resources

    if not settings.llm_base_url:
        raise ConfigurationError(
            "judging citations needs a chat model: set DEEPREF_LLM_BASE_URL (and DEEPREF_LLM_API_KEY and "
            "DEEPREF_LLM_MODEL as the endpoint needs)"
        )
    res = build_resources(settings, distributed=False, embedder_name="jaccard")
    try:
        citations, unreadable = await passages_for(citations, res)
        if res.llm is None:  # the settings named an endpoint, so this is a bug, not a user's mistake
            raise ConfigurationError("judging citations needs a chat model, and none was built")
        judge = ModelJudge(res.llm, model=model, max_pairs=max_pairs)
        readable = [c for c in citations if c.passage]
        judgements = iter(await judge.judge([(c.claim, c.passage or "") for c in readable]))
        scored = []
        for c in citations:
            if c.passage:
                scored.append(Scored(c, next(judgements)))
            else:
                why = unreadable.get(c.url, "no passage")
                scored.append(Scored(c, Judgement(None, f"not judged: the page could not be read ({why})", "")))
        return Evaluation(scored, fact_scores(scored), judge.usage, judge.model, unreadable)
    finally:
        await close_resources(res)


def as_dict(ev: Evaluation) -> dict:
    s = ev.scores
    return {
        "model": ev.model,
        "pairs": s.pairs,
        "judged": s.judged,
        "supported": s.supported,
        "partial": s.partial,
        "unsupported": s.unsupported,
        "citation_accuracy": s.accuracy,
        "citation_accuracy_with_partial": s.accuracy_with_partial,
        "effective_citations": s.effective_citations,
        "usage": dataclasses.asdict(ev.usage),
        "citations": [{**dataclasses.asdict(x.citation), **dataclasses.asdict(x.judgement)} for x in ev.scored],
    }
