"""The API's own models: the body of ``POST /v1/jobs`` and the data of each server-sent
event of ``GET /v1/jobs/{id}/events``.

Both ``api.app`` (which validates and sends them) and ``api.spec`` (which describes
them) import them from here, so neither imports the other.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from deepref.worker.jobs.models import JobState, ResearchBudget, ResearchOptions


class JobRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(..., description="What to research.")
    options: ResearchOptions = Field(default_factory=ResearchOptions)


class FollowupRequest(BaseModel):
    """The body of ``POST /v1/jobs/{id}/followups``: a question to a finished job's answer."""

    model_config = ConfigDict(extra="forbid")
    question: str = Field(..., description="The follow-up question.")
    budget: ResearchBudget | None = Field(
        None, description="What the follow-up may spend (its cost); unset: the parent's cost budget."
    )


class StateEvent(BaseModel):
    """``event: state``: the job's record changed (``worker.jobs.store`` writes these fields
    as Redis stream strings, and they go out as they are stored)."""

    state: JobState
    stage: str = Field(description="The running stage, or empty.")
    progress: str = Field(pattern=r"^[01]\.[0-9]{3}$", description="0.000 to 1.000, as a decimal string.")
    message: str
    ts: str = Field(pattern=r"^[0-9]+\.[0-9]{3}$", description="When the record changed (unix time, a string).")


class DraftEvent(BaseModel):
    """``event: draft``: ``draft = draft[:offset] + text`` (worker/jobs/streaming.py)."""

    offset: int = Field(ge=0)
    text: str


class AnswerEvent(BaseModel):
    """``event: answer``: the edits from the draft to the stored answer."""

    edits: list[tuple[int, int, str]] = Field(description="[start, end, text]: spans of the draft, in order.")
    draft_chars: int = Field(ge=0)
    chars: int = Field(ge=0)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class ErrorEvent(BaseModel):
    """``event: error``: Redis failed after the stream began; the stream then ends."""

    message: str


EVENTS: dict[str, type[BaseModel]] = {
    "state": StateEvent,
    "draft": DraftEvent,
    "answer": AnswerEvent,
    "error": ErrorEvent,
}
"""Every event name the stream sends, with the model of its ``data`` (JSON)."""
