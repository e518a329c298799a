"""The answer without an LLM: sentences of the sources, or a clear "nothing found".

The embedded default is the first thing a new user sees, so it must not claim
what the sources do not say. Sentences are ranked by closeness to the question
(the engine's hybrid score when an embedder is available, lexical otherwise);
the answer declines when even the closest sentence is not about the question.
A passage found because it shares one common word with the question ("cost",
"worker") scores low on both counts: few of the question's content words, and
a low cosine. The levels come from ExpertQA (benchmarks/bench_no_llm.py): each
question against a corpus that holds its own answer passages, and against one
that holds only other questions' passages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from deepref.reference.chunking import split_sentences
from deepref.reference.embedders import Embedder
from deepref.reference.scoring import ScoringConfig, score
from deepref.reference.tokens import TokenIndex
from deepref.worker.inference.llm import Passage

# question-to-sentence relevance leans on meaning more than claim-to-passage support does
EXTRACTIVE_SCORING = ScoringConfig(blend=0.5, prefilter_k=None)
EXTRACTIVE_RELATIVE = 0.45  # keep sentences scoring at least this share of the best one
# Least relevance of the best sentence for the sources to count as answering: the
# score ``EXTRACTIVE_SCORING`` gives (hybrid with an embedder, lexical without).
# Chosen on half of the ExpertQA questions, reported on the other half
# (docs/benchmarks.md, section no_llm).
# Lexical evidence alone separates them less well (benchmarks: it declines about
# half of the unanswerable questions where MiniLM declines about three in four).
MIN_RELEVANCE = {"hybrid": 0.35, "cosine": 0.35, "lexical": 0.25, "jaccard": 0.25}
NOTHING_FOUND = "Nothing found in the sources for this question."
EXTRACTIVE_NOTICE = "No LLM is configured: this answer is extractive, built from sentences of the best sources."
DECLINED_NOTICE = (
    "No LLM is configured (extractive answer), and no sentence of the sources read is about this question: "
    "nothing is claimed."
)


@dataclass(frozen=True, slots=True)
class Ranked:
    """The candidate sentences, each with its source number, and their relevance."""

    candidates: list[tuple[int, str]]  # (source n, sentence) in reading order
    scores: np.ndarray
    scorer: str

    @property
    def best(self) -> float:
        return float(self.scores.max()) if len(self.scores) else 0.0


def rank_sentences(
    question: str, passages: list[Passage], embedder: Embedder | None = None, tokens: TokenIndex | None = None
) -> Ranked:
    """Every whole sentence of ``passages`` scored against the question (``tokens``:
    the job's ``TokenIndex``, so that verification finds these sentences tokenised)."""
    candidates = [(p.n, text) for p in passages for text in whole_sentences(p.text)]
    result = score([question], [text for _, text in candidates], embedder, EXTRACTIVE_SCORING, tokens=tokens)
    return Ranked(candidates, result.matrix[0] if candidates else np.zeros(0, dtype=np.float32), result.scorer)


def answers(ranked: Ranked) -> bool:
    """The sources say something about the question: the best sentence clears the level."""
    return bool(ranked.candidates) and ranked.best >= MIN_RELEVANCE.get(ranked.scorer, MIN_RELEVANCE["lexical"])


def extractive_answer(
    question: str,
    passages: list[Passage],
    embedder: Embedder | None = None,
    limit: int = 5,
    *,
    tokens: TokenIndex | None = None,
) -> str:
    """Bullet points: the sentences of the top passages closest to the question, each
    cited with its source number (the engine then verifies every one). A sentence
    much less related than the best one is left out: an extractive answer should
    not pad itself with whatever the sources also say. Kept sentences are grouped by
    source, in the source's own order, so that the bullets read as connected text.
    When no sentence is about the question, the answer says so and names what was
    read (see :func:`nothing_found`)."""
    ranked = rank_sentences(question, passages, embedder, tokens)
    if not answers(ranked):
        return nothing_found(passages)
    candidates = ranked.candidates
    return "\n".join(f"- {candidates[i][1]} [{candidates[i][0]}]" for i in top_sentences(ranked, limit))


def top_sentences(ranked: Ranked, limit: int) -> list[int]:
    """Indices into ``ranked.candidates`` of at most ``limit`` distinct sentences
    closest to the question, none much less related than the best one, grouped by
    source (sources in the order of their best sentence), each source's in reading order."""
    scores, candidates, best = ranked.scores, ranked.candidates, ranked.best
    picked: dict[str, int] = {}  # sentence -> index of its first occurrence
    for i in np.argsort(-scores, kind="stable"):
        if scores[i] < EXTRACTIVE_RELATIVE * best or len(picked) >= limit:
            break
        picked.setdefault(candidates[i][1], int(i))
    source_rank: dict[int, int] = {}
    for i in picked.values():  # sources in the order of their best sentence
        source_rank.setdefault(candidates[i][0], len(source_rank))
    return sorted(picked.values(), key=lambda i: (source_rank[candidates[i][0]], i))


def nothing_found(passages: list[Passage]) -> str:
    """The declining answer, with what was searched: the sources read."""
    titles = list(dict.fromkeys(p.title.strip() or p.url for p in passages))
    if not titles:
        return f"{NOTHING_FOUND} The search found no source with text to read."
    shown = ", ".join(f"“{t}”" for t in titles[:5]) + (f" and {len(titles) - 5} more" if len(titles) > 5 else "")
    noun = "source" if len(titles) == 1 else "sources"
    return f"{NOTHING_FOUND} None of the passages read from {len(titles)} {noun} ({shown}) is about it."


def is_nothing_found(answer: str) -> bool:
    return answer.startswith(NOTHING_FOUND)


def whole_sentences(text: str) -> list[str]:
    """Sentences that can stand as claims: a heading or a title line is not one."""
    return [
        re.sub(r"\s+", " ", text[s:e]).strip()
        for s, e in split_sentences(text)
        if len(text[s:e]) >= 25 and text[e - 1] in ".!?。！？" and not text[s:e].startswith("#")
    ]
