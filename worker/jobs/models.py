"""Pydantic models at the edges of the job system: what a client submits, what is
stored in Redis, what ``status``/``result``/the HTTP API return.

Inside a stage, data travels as frozen dataclasses; these models are the JSON
contract between processes and must stay backwards compatible.
"""

from __future__ import annotations

import dataclasses
import time
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from deepref.reference.locators import Locator, locator_link
from deepref.reference.models import Reference, ReferenceResult, Stats
from deepref.search.spec import parse_spec
from deepref.worker.jobs.plans import PlanOut

CONTEXT_CHARS = 400  # source text kept on each side of a quote for viewers
SourceKind = Literal["web", "document", "work"]
"""A web page, a document of the job's folder (file:), or a scholarly work."""
Notice = Literal["retracted", "withdrawn", "expression of concern", "corrected"]
"""A notice published about a work (search.models.NOTICES)."""


class JobState(StrEnum):
    queued = "queued"
    searching = "searching"
    fetching = "fetching"
    chunking = "chunking"
    generating = "generating"
    referencing = "referencing"
    researching = "researching"  # a round of a standard/deep job (worker/pipeline/deep/)
    writing = "writing"  # the sectioned report of a standard/deep job
    awaiting_approval = "awaiting_approval"  # planned, waiting for its plan's approval (options.approve_plan)
    done = "done"
    failed = "failed"
    cancelled = "cancelled"

    @property
    def finished(self) -> bool:
        return self in (JobState.done, JobState.failed, JobState.cancelled)


STAGES: tuple[str, ...] = ("search", "fetch", "chunk", "generate", "build_references")
"""Pipeline stages in order; each is one Celery task."""

STAGE_STATE: dict[str, JobState] = {
    "search": JobState.searching,
    "fetch": JobState.fetching,
    "chunk": JobState.chunking,
    "generate": JobState.generating,
    "build_references": JobState.referencing,
}

REPORT_STAGE = "report"
"""Last stage of a standard/deep job: outline, sections, one reference list."""

PLAN_STAGE = "plan"
"""First stage of a standard/deep job with ``approve_plan``: it plans, and the job waits for approval."""

FINAL_STAGES: tuple[str, ...] = (STAGES[-1], REPORT_STAGE)
"""Stages whose end is the job's end (they carry the result)."""


def round_stage(n: int) -> str:
    """Stage name of round ``n`` of a standard/deep job: each round is its own stage
    (own lock, attempts and timing), so a redelivered round resumes where it was."""
    return f"round-{n}"


def round_of(stage: str) -> int | None:
    """The round number of a round stage, else None."""
    head, _, n = stage.partition("-")
    return int(n) if head == "round" and n.isdigit() else None


def first_stage(options: ResearchOptions | None) -> str:
    """Where a new job starts: the search stage, or round 1 of a standard/deep job (its
    plan first, with ``approve_plan``)."""
    if options is None or options.depth == "quick":
        return "search"
    return PLAN_STAGE if options.approve_plan else round_stage(1)


def stage_state(stage: str) -> JobState:
    if (state := STAGE_STATE.get(stage)) is not None:
        return state
    return JobState.writing if stage == REPORT_STAGE else JobState.researching


Depth = Literal["quick", "standard", "deep"]


class ResearchBudget(BaseModel):
    """What a standard/deep job may spend; None takes the depth's default. The
    operator's DEEPREF_DEEP_MAX_* settings cap every value (worker/pipeline/deep/budget.py)."""

    model_config = ConfigDict(extra="forbid")

    rounds: int | None = Field(None, ge=1, le=20, description="Rounds of plan, search, fetch and read.")
    queries_per_round: int | None = Field(None, ge=1, le=10, description="Search queries per round.")
    pages: int | None = Field(None, ge=1, le=500, description="Pages fetched by the whole job.")
    tokens: int | None = Field(
        None, ge=500, le=10_000_000, description="Model tokens (prompt and completion) of the whole job."
    )
    seconds: float | None = Field(None, ge=1, le=86_400, description="Wall-clock seconds from the first round.")
    cost: float | None = Field(
        None,
        gt=0,
        le=10_000,
        description="US dollars the job may spend on the chat model (any depth; the model's price must be known).",
    )


class ResearchOptions(BaseModel):
    """Per-job options; anything left None falls back to settings."""

    model_config = ConfigDict(extra="forbid")

    provider: str | None = Field(
        None,
        max_length=200,
        description="Search providers: a name, several joined with commas, or a preset (web, academic, all); "
        "docs/search.md.",
        examples=["academic", "openalex,arxiv,local"],
    )
    corpus_dir: str | None = Field(None, description="Folder searched by the local provider.")
    max_pages: int | None = Field(None, ge=1, le=100, description="Pages fetched for this job.")
    profile: Literal["precise", "seed"] = Field("precise", description="Reference engine profile.")
    embedder: Literal["auto", "local", "openai", "jaccard"] | None = Field(None, description="Scorer's embedder.")
    only_hostnames: list[str] = Field(default_factory=list, description="Cite only these hosts.")
    allow_hosts: list[str] = Field(default_factory=list, description="Search results only from these hosts.")
    deny_hosts: list[str] = Field(default_factory=list, description="Never use these hosts.")
    sub_queries: int | None = Field(None, ge=0, le=10, description="LLM-written extra queries.")
    llm_model: str | None = Field(None, max_length=200, description="Chat model for this job (endpoint from settings).")
    depth: Depth = Field("quick", description="quick: one pass; standard/deep: rounds and a sectioned report.")
    verify_with_model: bool | None = Field(
        None,
        description="Have the chat model judge the citations the support model is unsure of "
        "(DEEPREF_VERIFY_WITH_MODEL allows it; docs/references.md).",
    )
    language: str | None = Field(
        None,
        max_length=40,
        pattern=r"^[A-Za-z][A-Za-z_-]*$",
        description="Language of the answer or report: a code (fr, pt-BR, ja) or an English name (French); "
        "unset = the question's language.",
    )
    budget: ResearchBudget = Field(default_factory=ResearchBudget, description="Limits of a standard/deep job.")
    callback_url: str | None = Field(
        None, max_length=2000, description="POSTed a signed event when the job ends (docs/integrations.md)."
    )
    approve_plan: bool = Field(
        False,
        description="standard/deep: stop after planning, in state awaiting_approval, until the plan is approved "
        "(POST /v1/jobs/{id}/approve; docs/pipeline.md).",
    )

    @field_validator("provider")
    @classmethod
    def _provider_spec(cls, value: str | None) -> str | None:
        if value is not None:
            parse_spec(value)  # a SpecError (ValueError) says which names exist
        return value

    @model_validator(mode="after")
    def _plan_needs_rounds(self) -> ResearchOptions:
        if self.approve_plan and self.depth == "quick":
            raise ValueError("approve_plan applies to depth standard or deep (a quick job has no plan): set depth")
        return self


class LocatorOut(BaseModel):
    """Where in a document a quote is: page(s), slide(s) or section (docs/library.md)."""

    kind: Literal["page", "slide", "section"]
    first: int = Field(0, description="First page or slide number (physical, 1-based; what #page= opens).")
    last: int = Field(0, description="Last page or slide number (a quote across a page break has two).")
    first_label: str = Field("", description="Printed label of the first page (xii, 17), or the heading path.")
    last_label: str = ""
    text: str = Field(
        "", description="As cited, in the report's language: 'p. 17', 'pp. 17–18', 'slide 4', '§ Methods › Sampling'."
    )
    language: str = Field("", description="The report's language code, whose labels text uses ('' = English).")

    @classmethod
    def of(cls, locator: Locator | None, language: str) -> LocatorOut | None:
        """The engine's locator labelled in the report's language (English: no code)."""
        if locator is None:
            return None
        return cls(**dataclasses.replace(locator, language="" if language == "en" else language).to_dict())


class ReferenceOut(BaseModel):
    """One footnote occurrence, with the text around its quote for viewers."""

    n: int
    source_id: str
    url: str
    title: str
    quote: str
    quote_span: tuple[int, int]
    answer_span: tuple[int, int]
    score: float
    support: float = Field(0.0, description="Probability that the quote supports the claim (support model).")
    date: str | None = None
    origin: Literal["attributed", "model"] = "attributed"
    supported: bool | None = None
    context: str = Field("", description="Source text around the quote.")
    context_quote_span: tuple[int, int] = Field((0, 0), description="Where the quote sits inside context.")
    locator: LocatorOut | None = Field(None, description="Page(s), slide or section of the quote, for documents.")
    link: str = Field(
        "",
        description="The URL that opens the quote's own page: url with #page=N when the quote is on a PDF page "
        "(file: and https: alike), else url.",
    )
    source_kind: Literal["web", "document", "work"] = Field(
        "web", description="The kind of its source (SourceOut.kind)."
    )
    judged_by: str = Field("", description="The chat model that judged this citation (verify_with_model), or ''.")
    verdict: Literal["", "full", "partial", "none"] = Field(
        "", description="Its verdict: does the passage support the claim fully, partly or not ('' = not judged)."
    )
    verdict_reason: str = Field("", description="The judge's one-line reason.")
    quote_gone: bool = Field(
        False,
        description="Its document (a file of the job's folder) changed after the job read it and no longer holds "
        "this quote: the quote is the version read (sources[].sha256), and the warnings say so.",
    )
    doi: str | None = Field(None, description="DOI of the cited work (its source's), when an index gave one.")
    cites: Literal["full text", "abstract"] | None = Field(
        None, description="'abstract' when the quote comes from the work's abstract, not its text."
    )
    notice: Notice | None = Field(
        None, description="The cited work was retracted, withdrawn, corrected or has an expression of concern."
    )

    @classmethod
    def of(
        cls, ref: Reference, *, source_text: str, source_kind: SourceKind, work: dict | None, language: str
    ) -> ReferenceOut:
        """The engine's reference as a result carries it: the fields both have, by name,
        plus the source text around the quote and what the source is."""
        lo = max(0, ref.quote_span[0] - CONTEXT_CHARS)
        hi = min(len(source_text), ref.quote_span[1] + CONTEXT_CHARS)
        return cls(
            **{name: getattr(ref, name) for name in _SHARED_WITH_REFERENCE},
            context=source_text[lo:hi],
            context_quote_span=(ref.quote_span[0] - lo, ref.quote_span[1] - lo),
            locator=LocatorOut.of(ref.locator, language),
            link=ref.link,
            source_kind=source_kind,
            doi=(work or {}).get("doi"),
            cites=(work or {}).get("cites"),
            notice=(work or {}).get("notice"),
        )

    @model_validator(mode="after")
    def _link_of_older_results(self) -> ReferenceOut:
        # results stored before references carried a link get theirs when read back
        if not self.link:
            self.link = locator_link(self.url, Locator.from_dict(self.locator.model_dump()) if self.locator else None)
        return self

    def reference(self) -> Reference:
        """Back to the engine's reference (to render a stored result in a style)."""
        return Reference(
            **{name: getattr(self, name) for name in _SHARED_WITH_REFERENCE},
            locator=Locator.from_dict(self.locator.model_dump()) if self.locator else None,
        )


# what ReferenceOut copies of Reference, and back: every field both declare, by name
_SHARED_WITH_REFERENCE = tuple(
    f.name for f in dataclasses.fields(Reference) if f.name in ReferenceOut.model_fields and f.name != "locator"
)


class SourceOut(BaseModel):
    id: str
    url: str
    title: str
    kind: Literal["web", "document", "work"] = Field(
        "web", description="A web page, a document of the job's folder (file:), or a scholarly work."
    )
    date: str | None = None
    chars: int = 0
    # bibliographic metadata for exports (bibliography); absent in older results
    author: str | None = Field(None, description="Author(s) the page names, several joined with '; '.")
    site: str | None = Field(None, description="Name of the site the page belongs to.")
    accessed: str | None = Field(None, description="Date (ISO, UTC) the page was read.")
    # a scholarly work (docs/search.md): what its index gave; none of it is ever made up
    doi: str | None = Field(None, description="The work's DOI, as a scholarly index gave it.")
    authors: list[str] = Field(
        default_factory=list,
        description="The work's authors, as its index lists them: 'Family, Given' when it gives the parts "
        "(Crossref, PubMed), else the name as one string.",
    )
    year: int | None = Field(None, description="Year of publication.")
    venue: str | None = Field(None, description="Journal, proceedings or repository.")
    type: str | None = Field(None, description="CSL type: article-journal, paper-conference, article (preprint), …")
    arxiv_id: str | None = Field(None, description="arXiv identifier (a preprint, or the journal version's preprint).")
    pmid: str | None = Field(None, description="PubMed identifier.")
    landing_url: str | None = Field(None, description="The work's page at its index or publisher (url: what was read).")
    cites: Literal["full text", "abstract"] | None = Field(
        None, description="For a work: whether its open-access full text or only its abstract was read and quoted."
    )
    notice: Notice | None = Field(
        None,
        description="A notice published about the work, as its index reports it (OpenAlex is_retracted, Crossref "
        "updated-by/update-to/relation, PubMed CommentsCorrections): retracted, withdrawn, expression of concern, "
        "corrected.",
    )
    notice_doi: str | None = Field(None, description="The DOI of that notice, when the index gave it.")
    # a file of the job's folder: the version quoted, and whether it is still the file's
    sha256: str | None = Field(None, description="A document's SHA-256: of the bytes the job read and quoted.")
    changed: bool = Field(
        False,
        description="The document changed (or was removed) after the job read it: the quotes are from the version "
        "read (sha256); references[].quote_gone marks those no longer in the file.",
    )


class FailureOut(BaseModel):
    url: str
    stage: str
    reason: str


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    reasoning_tokens: int = Field(
        0,
        description="Of completion_tokens, those a reasoning model spent thinking (its thinking is not in the answer).",
    )
    cached_tokens: int = Field(0, description="Of prompt_tokens, those the provider served from its prompt cache.")
    cost: float | None = Field(
        0.0,
        description="US dollars spent on the chat model (worker/inference/pricing.py); null when its price is unknown.",
    )
    model_calls: int = Field(0, description="Chat model requests made for the job.")
    estimated_cost: float | None = Field(
        None, description="US dollars the job's model calls could cost at most, estimated before they were made."
    )


class RoundOut(BaseModel):
    """One round of a standard/deep job, as the result and the viewer show it."""

    n: int
    why: str = Field("", description="Why this round was needed (the plan's reason or the open gaps).")
    queries: list[str] = Field(default_factory=list)
    pages_fetched: int = 0
    new_sources: int = 0
    duplicates: int = Field(0, description="Pages already fetched, or near-copies of a page the job has.")
    findings: int = 0
    gaps: list[str] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    stop_reason: str | None = Field(None, description="Set on the last round: why no other round followed.")


class DeepOut(BaseModel):
    """What a standard/deep job planned, did and spent."""

    depth: Depth
    budget: dict[str, float] = Field(default_factory=dict, description="The limits the job ran under.")
    estimate: dict[str, float] = Field(
        default_factory=dict, description="Tokens, pages and cost (USD) expected before the run, at most."
    )
    spent: dict[str, float] = Field(default_factory=dict, description="Rounds, pages, tokens and seconds used.")
    rounds: list[RoundOut] = Field(default_factory=list)
    stop_reason: str = ""
    outline: list[str] = Field(default_factory=list, description="Section titles of the report.")


class DeepProgress(BaseModel):
    """Counts a running standard/deep job shows (``status``, events)."""

    round: int = 0
    rounds: int = 0
    pages: int = 0
    sources: int = 0
    tokens: int = 0
    next_stage: str | None = Field(None, description="Stage queued after the current one (resumption).")


class ProviderSearchOut(BaseModel):
    """What one search provider did for the job (docs/search.md)."""

    provider: str
    queries: int = Field(0, description="Queries asked of it.")
    hits: int = Field(0, description="Results it returned.")
    requests: int = Field(0, description="HTTP requests sent (pages, retries).")
    retries: int = Field(0, description="Requests sent again after a 429, 5xx, timeout or malformed answer.")
    waited_seconds: float = Field(0.0, description="Seconds waited on Retry-After and backoff.")
    failures: list[str] = Field(default_factory=list, description="Why a query failed; a failed provider is skipped.")
    answered: int = Field(0, description="Queries it answered (with results or none).")
    skipped: bool = Field(False, description="It failed and was asked nothing more for the rest of the job.")


class TurnOut(BaseModel):
    """An earlier question and answer of a follow-up's thread."""

    job_id: str
    question: str
    answer: str = Field("", description="Its answer, markers as numbered across the thread.")


class FollowupOut(BaseModel):
    """What a follow-up started from (docs/pipeline.md, "Follow-up questions")."""

    parent: str = Field(description="The job this follows up.")
    turns: list[TurnOut] = Field(default_factory=list, description="The earlier questions and answers, first first.")
    reused_sources: int = Field(0, description="Sources of the thread read again (no fetch).")
    coverage: float = Field(
        0.0, description="IDF-weighted share of the question's words in the thread's best passage (0..1)."
    )
    min_coverage: float = Field(0.0, description="What they had to reach to suffice (DEEPREF_FOLLOWUP_MIN_COVERAGE).")
    searched: bool = Field(False, description="The thread's sources did not suffice: a new search ran.")
    note: str = Field("", description="Why it searched or not, in words (also the job's message then).")
    references: list[ReferenceOut] = Field(
        default_factory=list, description="The one reference list of the thread: earlier answers' and this one's."
    )


class ResearchResult(BaseModel):
    """The finished job: the answer with [^n] markers and everything needed to check it."""

    question: str
    answer: str
    language: str = Field("", description="Language code of the answer: the job's language option, or the question's.")
    answer_mode: Literal["llm", "extractive"]
    references: list[ReferenceOut] = Field(default_factory=list)
    sources: list[SourceOut] = Field(default_factory=list)
    failures: list[FailureOut] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)
    usage: Usage = Field(default_factory=Usage)
    scorer: str = "jaccard"
    support_model: str = Field("", description="Support weights that judged the references: minilm or lexical.")
    stats: dict[str, float] = Field(default_factory=dict)
    model: str | None = None
    markers: list[tuple[int, int, int]] = Field(
        default_factory=list, description="(start, end, n) of every footnote marker in answer."
    )
    deep: DeepOut | None = Field(None, description="Rounds, budget and spend of a standard/deep job.")
    search: list[ProviderSearchOut] = Field(
        default_factory=list, description="Per search provider: queries, hits, retries, waits and failures."
    )
    followup: FollowupOut | None = Field(None, description="The thread of a follow-up question, and its sources.")

    def reference_result(self) -> ReferenceResult:
        """The engine's result again, from a stored job result (to render it in a style)."""
        return ReferenceResult(
            answer=self.answer,
            references=tuple(r.reference() for r in self.references),
            scorer=self.scorer,  # type: ignore[arg-type]
            warnings=tuple(self.warnings),
            stats=Stats(**self.stats) if self.stats else Stats(),  # type: ignore[arg-type]  # Stats' own fields
            markers=tuple((m[0], m[1], m[2]) for m in self.markers),
        )


class JobErrorOut(BaseModel):
    stage: str
    type: str
    message: str


class WebhookAttempt(BaseModel):
    """One POST of a job's end event: when, and the HTTP status or the error."""

    at: float
    status: int | None = None
    error: str | None = None
    seconds: float = 0.0


class WebhookStatus(BaseModel):
    """Delivery of the job's end event to its ``callback_url``."""

    state: Literal["pending", "delivered", "failed"] = "pending"
    event: str = Field("", description="The job state the event announces.")
    attempts: list[WebhookAttempt] = Field(default_factory=list)
    next_at: float | None = Field(None, description="When the next attempt is due (unix time).")


class JobRecord(BaseModel):
    """What Redis holds for one job, and what ``deepref status`` shows."""

    id: str
    question: str
    options: ResearchOptions = Field(default_factory=ResearchOptions)
    state: JobState = JobState.queued
    stage: str | None = None
    progress: float = Field(0.0, ge=0.0, le=1.0)
    message: str = ""
    created_at: float = Field(default_factory=time.time)
    updated_at: float = Field(default_factory=time.time)
    timings: dict[str, float] = Field(default_factory=dict)
    attempts: dict[str, int] = Field(default_factory=dict)
    error: JobErrorOut | None = None
    result: ResearchResult | None = None
    webhook: WebhookStatus | None = None
    queue: Literal["interactive", "bulk"] = Field("interactive", description="Broker queue of the job's stages.")
    deep: DeepProgress | None = Field(None, description="Rounds, pages, sources and tokens of a standard/deep job.")
    plan: PlanOut | None = Field(None, description="The plan to approve, or approved (options.approve_plan).")
    parent: str | None = Field(None, description="The job a follow-up question follows (POST /v1/jobs/{id}/followups).")
    stalled: str | None = Field(
        None, description="Set when read: the running stage showed no sign of life for longer than it may."
    )

    def public(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
