"""Citation scores in DeepResearch Bench's FACT terms.

FACT counts each (statement, URL) pair once and asks a judge whether the page
supports the statement. *Citation accuracy* is the share of judged pairs that are
supported; *effective citations* is the number of supported pairs. A partly
supported pair is not supported (FACT's judge answers yes or no); the share of
partial verdicts is reported beside, so a reader sees how much that choice moves
the figure. Unjudged pairs (the model failed, or the cap was reached) count in
neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deepref.worker.pipeline.judging.citations import Citation
from deepref.worker.pipeline.judging.model_judge import Judgement


@dataclass(frozen=True, slots=True)
class Scored:
    citation: Citation
    judgement: Judgement


@dataclass(frozen=True, slots=True)
class FactScores:
    pairs: int
    judged: int
    supported: int
    partial: int
    unsupported: int

    @property
    def accuracy(self) -> float | None:
        """Citation accuracy: supported / judged (None when nothing was judged)."""
        return self.supported / self.judged if self.judged else None

    @property
    def accuracy_with_partial(self) -> float | None:
        return (self.supported + self.partial) / self.judged if self.judged else None

    @property
    def effective_citations(self) -> int:
        return self.supported


def fact_scores(scored: Sequence[Scored]) -> FactScores:
    verdicts = [s.judgement.verdict for s in scored]
    return FactScores(
        pairs=len(scored),
        judged=sum(v is not None for v in verdicts),
        supported=verdicts.count("full"),
        partial=verdicts.count("partial"),
        unsupported=verdicts.count("none"),
    )
