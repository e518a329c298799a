"""Pydantic models at the edges of the job system: what a client submits, what is
stored in Redis, what ``status``/``result``/the HTTP API return.

Inside a stage, data travels as frozen dataclasses; these models are the JSON
contract between processes and must stay backwards compatible.
"""

from __future__ import annotations

import time
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class JobState(StrEnum):
    queued = "queued"
    searching = "searching"
    fetching = "fetching"
    chunking = "chunking"
    generating = "generating"
    referencing = "referencing"
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


class ResearchOptions(BaseModel):
    """Per-job options; anything left None falls back to settings."""

    model_config = ConfigDict(extra="forbid")

    provider: Literal["duckduckgo", "searxng", "local"] | None = Field(None, description="Search backend.")
    corpus_dir: str | None = Field(None, description="Folder searched by the local provider.")
    max_pages: int | None = Field(None, ge=1, le=100, description="Pages fetched for this job.")
    profile: Literal["precise", "seed"] = Field("precise", description="Reference engine profile.")
    embedder: Literal["auto", "local", "openai", "jaccard"] | None = Field(None, description="Scorer's embedder.")
    only_hostnames: list[str] = Field(default_factory=list, description="Cite only these hosts.")
    allow_hosts: list[str] = Field(default_factory=list, description="Search results only from these hosts.")
    deny_hosts: list[str] = Field(default_factory=list, description="Never use these hosts.")
    sub_queries: int | None = Field(None, ge=0, le=10, description="LLM-written extra queries.")
    llm_model: str | None = Field(None, max_length=200, description="Chat model for this job (endpoint from settings).")


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


class SourceOut(BaseModel):
    id: str
    url: str
    title: str
    date: str | None = None
    chars: int = 0
    # bibliographic metadata for exports (worker/bibliography); absent in older results
    author: str | None = Field(None, description="Author(s) the page names, several joined with '; '.")
    site: str | None = Field(None, description="Name of the site the page belongs to.")
    accessed: str | None = Field(None, description="Date (ISO, UTC) the page was read.")


class FailureOut(BaseModel):
    url: str
    stage: str
    reason: str


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


class ResearchResult(BaseModel):
    """The finished job: the answer with [^n] markers and everything needed to check it."""

    question: str
    answer: str
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


class JobErrorOut(BaseModel):
    stage: str
    type: str
    message: str


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

    def public(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
