"""Frozen records the reference engine takes and returns.

They are plain dataclasses so that the engine has no dependency beyond numpy and
so that callers (Celery payloads, the HTTP API, the CLI) convert them at their own
edge with :meth:`ReferenceResult.to_dict`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from deepref.reference.locators import Locator, Mark, locator_link

Scorer = Literal["cosine", "hybrid", "lexical", "jaccard"]
"""Which similarity produced the scores: dense only, dense+lexical, lexical only
(coverage blended with Jaccard), or plain token Jaccard (the seed's fallback)."""


@dataclass(frozen=True, slots=True)
class Source:
    """One document an answer may cite. ``text`` is what quotes and spans index."""

    id: str
    url: str
    title: str
    text: str
    date: str | None = None
    marks: tuple[Mark, ...] = ()
    """Where each page, slide or section of a document starts in ``text``
    (``reference.locators``); references to it then carry a locator."""

    def __post_init__(self) -> None:
        if isinstance(self.id, int) and not isinstance(self.id, bool):
            object.__setattr__(self, "id", str(self.id))  # callers number sources: 3 is "3"
        for name in ("id", "url", "title", "text"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"Source.{name} must be a string, got {type(getattr(self, name)).__name__}")


@dataclass(frozen=True, slots=True)
class Span:
    """A located passage: ``text[start:end]`` with a similarity in [0, 1]."""

    start: int
    end: int
    score: float


@dataclass(frozen=True, slots=True)
class Opinion:
    """A second opinion on one citation (a chat model's, say): does the passage support
    the claim? "full" and "partial" keep the citation, "none" drops it."""

    verdict: Literal["full", "partial", "none"]
    reason: str = ""
    judged_by: str = ""


SecondOpinion = Callable[[Sequence[tuple[str, str]]], Sequence[Opinion | None]]
"""Given (claim, passage) pairs, an opinion on each, or None where it has none (the
support model's decision then stands). Called once per ``build_references`` call."""


@dataclass(frozen=True, slots=True)
class Reference:
    """One footnote occurrence: a claim in the answer tied to a passage of a source.

    Several references may share ``n`` when they cite the same source (numbers are
    per source, in order of first appearance), each with its own quote.
    """

    n: int
    source_id: str
    url: str
    title: str
    quote: str
    quote_span: tuple[int, int]
    answer_span: tuple[int, int]
    score: float
    date: str | None = None
    answer_chunk: str = ""
    origin: Literal["attributed", "model"] = "attributed"
    supported: bool | None = None
    chunk_span: tuple[int, int] = (0, 0)
    """Span of the whole source chunk the quote was narrowed from (== quote_span in
    the seed profile): the passage the score was computed on."""
    support: float = 0.0
    """Probability that the passage supports the claim (``reference.support``);
    ``score`` is the raw similarity it was ranked by."""
    locator: Locator | None = None
    """Page(s), slide or section of the quote, when the source is a document with marks."""
    judged_by: str = ""
    """The model that judged this citation (a second opinion in the uncertain band), or ""."""
    verdict: str = ""
    """That model's verdict: "full", "partial" or "none" ("" when not judged)."""
    verdict_reason: str = ""

    @property
    def link(self) -> str:
        """The URL that opens the quote's own page (``…/report.pdf#page=17``), else the URL."""
        return locator_link(self.url, self.locator)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["locator"] = self.locator.to_dict() if self.locator else None
        d["link"] = self.link
        d["quote_span"] = list(self.quote_span)
        d["answer_span"] = list(self.answer_span)
        d["chunk_span"] = list(self.chunk_span)
        return d


@dataclass(frozen=True, slots=True)
class Stats:
    """Relevance statistics over the kept references (the seed logs these)."""

    min: float = 0.0
    max: float = 0.0
    mean: float = 0.0
    count: int = 0

    @classmethod
    def of(cls, scores: list[float]) -> Stats:
        if not scores:
            return cls()
        return cls(min(scores), max(scores), sum(scores) / len(scores), len(scores))


@dataclass(frozen=True, slots=True)
class ReferenceResult:
    """What :func:`reference.build_references` returns.

    ``answer`` is the input text with ``[^n]`` markers inserted (or the model's
    markers resolved to ``[^n]``) and nothing else changed.
    """

    answer: str
    references: tuple[Reference, ...]
    scorer: Scorer
    warnings: tuple[str, ...] = ()
    stats: Stats = field(default_factory=Stats)
    sources: tuple[Source, ...] = ()
    markers: tuple[tuple[int, int, int], ...] = ()
    """(start, end, n) of every marker the engine wrote into ``answer``, so styles
    rewrite exactly those and never a ``[^1]`` the author typed inside code."""
    support_model: str = ""
    """Which support weights judged the references: "minilm" or "lexical"."""
    min_support: float = 0.0
    """The support level the engine applied."""

    def render(self, style: str = "markdown") -> str:
        from deepref.reference.styles import render  # here: the data classes need not load the renderers

        return render(self, style)

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "references": [r.to_dict() for r in self.references],
            "scorer": self.scorer,
            "support_model": self.support_model,
            "min_support": self.min_support,
            "warnings": list(self.warnings),
            "stats": asdict(self.stats),
        }
