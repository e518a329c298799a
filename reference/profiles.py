"""The engine's two parameter sets.

``seed`` reproduces node-DeepResearch's buildReferences: newline chunks, an 80-char
minimum, dense cosine only (its Jaccard fallback with the same 0.7 threshold),
one reference per answer chunk, at most 10, threshold 0.7.

``precise`` is ours: sentence segments so short and CJK sentences get cited,
several sources per sentence, quotes narrowed to the supporting sentence(s),
lexical coverage blended with cosine, and a threshold per scorer. The numbers
were chosen on the ExpertQA dev split (``python -m benchmarks expertqa``; see
docs/benchmarks.md): each threshold is the one that kept precision of the kept
references high while coverage stayed useful; they are dev-set choices, not laws.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from deepref.reference.errors import InputError
from deepref.reference.scoring import ScoringConfig


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    segments: Literal["lines", "sentences"]
    min_chunk_length: int  # shortest answer segment that gets cited (chars)
    source_chunks: Literal["lines", "passages"]
    source_min_chars: int  # shortest source chunk that may be cited
    source_max_chars: int
    max_ref: int
    per_segment: int
    margin: float  # a second source must score within this of the segment's best
    thresholds: dict[str, float] = field(default_factory=dict)
    scoring: ScoringConfig = field(default_factory=ScoringConfig)
    narrow_quote: bool = True
    judge: Literal["support", "threshold"] = "support"  # what decides: support model or raw threshold
    support_candidates: int = 4  # chunks per segment the support model judges when attributing
    support_margin: float = 0.25  # a second source's support must be within this of the best

    def threshold(self, scorer: str) -> float:
        return self.thresholds[scorer]


SEED = Profile(
    name="seed",
    segments="lines",
    min_chunk_length=80,
    source_chunks="lines",
    source_min_chars=80,
    source_max_chars=10**9,
    max_ref=10,
    per_segment=1,
    margin=1.0,
    thresholds={"cosine": 0.7, "hybrid": 0.7, "jaccard": 0.7, "lexical": 0.7},
    scoring=ScoringConfig(dense=True, blend=1.0, lexical="jaccard", prefilter_k=None),
    narrow_quote=False,
    judge="threshold",
)

PRECISE = Profile(
    name="precise",
    segments="sentences",
    min_chunk_length=8,
    source_chunks="passages",
    source_min_chars=15,
    source_max_chars=600,
    max_ref=100,
    per_segment=3,
    margin=0.1,
    # dev-set choices (ExpertQA, 769 claims): each keeps precision at about the share
    # of claims humans judged supported (0.76) while covering 42-47% of the claims.
    thresholds={"cosine": 0.55, "hybrid": 0.45, "jaccard": 0.4, "lexical": 0.4},
    scoring=ScoringConfig(dense=True, blend=0.3, lexical="coverage", prefilter_k=8),
    narrow_quote=True,
)

PROFILES = {p.name: p for p in (SEED, PRECISE)}


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise InputError(f"unknown profile {name!r}: use 'precise' (default) or 'seed'") from None
