"""What each stage hands the next: typed models, stored as JSON in the job store.

A stage returns one of these; the Celery path writes it as the job's artifact of
that stage (``model_dump(mode="json")``) and the next stage, perhaps on another
machine, reads it back with ``model_validate``; the embedded runner does the same
through its in-memory store, so both paths read the same types. Field names are the
artifacts' JSON keys: a job queued before an upgrade keeps its stored outputs.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from deepref.reference.locators import Mark
from deepref.search.models import SearchHit
from deepref.worker.jobs.models import SourceKind
from deepref.worker.web.pages import FileVersion


class StageOutput(BaseModel):
    """What a stage hands on: JSON in the job store between stages (``artifact()``)."""

    model_config = ConfigDict(extra="ignore", arbitrary_types_allowed=False)

    def artifact(self) -> dict[str, Any]:
        """The JSON the job store keeps."""
        return self.model_dump(mode="json")


class Recalled(StageOutput):
    """A follow-up's look at its thread's sources (worker/pipeline/followup.py)."""

    parent: str
    sources: int
    """How many sources the thread has."""
    coverage: float
    """IDF-weighted share of the question's words in their best passage."""
    min_coverage: float
    searched: bool
    """They did not suffice: the search ran."""
    note: str = ""


class Searched(StageOutput):
    """The search stage: the queries asked, the merged hits, and what it cost."""

    queries: list[str]
    hits: list[SearchHit]
    warnings: list[str] = Field(default_factory=list)
    usage: dict[str, Any] = Field(default_factory=dict)
    """Model usage of the sub-queries (``worker.inference.spend.usage_of``)."""
    estimated_cost: float | None = None
    providers: list[dict[str, Any]] = Field(default_factory=list)
    """What each provider did (``ProviderSearchOut``'s fields)."""
    followup: Recalled | None = None
    """A follow-up's: whether its thread's sources sufficed (then nothing was searched)."""


_HITS = TypeAdapter(list[SearchHit])


def search_hits(raw: list[dict[str, Any]]) -> list[SearchHit]:
    """Hits from their JSON form (a deep round's stored batch)."""
    return _HITS.validate_python(raw)


class Failure(StageOutput):
    """A URL that gave no document, the stage where it failed and why."""

    url: str
    stage: str
    reason: str


class SourceDocument(StageOutput):
    """A fetched page's or file's main text; ``id`` is its number once chunked ("1"...)."""

    id: str = ""
    url: str
    title: str
    date: str | None = None
    text: str
    content_type: str = "text/plain"
    author: str | None = None
    site: str | None = None
    marks: tuple[Mark, ...] = ()
    """Where each page, slide or section starts in ``text`` (documents only)."""
    work: dict[str, Any] | None = None
    """A scholarly work's record (``worker.web.scholarly``): DOI, authors, venue, ``cites``."""
    hit_url: str | None = None
    """The search hit's URL when the text came from elsewhere (a work's open full text)."""
    version: FileVersion | None = None
    """A file of the job's folder: the version read (its quotes come from it)."""

    @property
    def kind(self) -> SourceKind:
        """ "document" for a file of the job's folder, "work" for a scholarly work, else "web"."""
        if self.work:
            return "work"
        return "document" if self.url.startswith("file:") else "web"


class Fetched(StageOutput):
    documents: list[SourceDocument]
    failures: list[Failure] = Field(default_factory=list)


class PassagePick(StageOutput):
    """A passage shown to the model: ``text[start:end]`` of document ``doc_id``."""

    doc_id: str
    start: int
    end: int
    score: float


class Chunked(StageOutput):
    """Documents numbered 1..k in search-rank order and the passages for the prompt."""

    documents: list[SourceDocument]
    passages: list[PassagePick] = Field(default_factory=list)
    failures: list[Failure] = Field(default_factory=list)

    def document(self, doc_id: str) -> SourceDocument:
        return next(d for d in self.documents if d.id == doc_id)


class Generated(StageOutput):
    """The answer with its ``[n]`` markers, as the model (or the extractive path) wrote it."""

    text: str
    mode: str
    """ "llm" or "extractive"."""
    model: str | None = None
    draft: str = ""
    """The streamed draft, markers rewritten as they arrived (``worker.jobs.streaming``)."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning_tokens: int = 0
    latency_ms: float = 0.0
    warnings: list[str] = Field(default_factory=list)
    usage: dict[str, Any] = Field(default_factory=dict)
