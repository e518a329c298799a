"""What every job store does to a record: new ids, changes, the events they append,
and the errors for what is missing (``worker/jobs/store.py`` has the interface)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any, Literal

from deepref.worker.errors import ArtifactNotFound, JobNotFound
from deepref.worker.jobs.models import JobRecord

EVENTS_MAXLEN = 1000
TEXT_EVENTS_MAXLEN = 20_000  # a write-up's pieces are coalesced (worker/jobs/streaming.py): a few hundred per attempt

Event = tuple[str, dict[str, str]]
"""One stream entry: its id (``"<ms>-<seq>"``, increasing) and its fields."""

Queue = Literal["interactive", "bulk"]
"""The broker queue a job's stages go to (``JobRecord.queue``)."""


def new_job_id() -> str:
    return uuid.uuid4().hex


def apply_change(record: JobRecord, mutate: Callable[[JobRecord], None] | None, fields: dict[str, Any]) -> JobRecord:
    """One update: a finished job (done, failed, cancelled) stays as it is."""
    if not record.state.finished or fields.get("force"):
        for name, value in fields.items():
            if name != "force":
                setattr(record, name, value)
        if mutate is not None:
            mutate(record)
        record.updated_at = time.time()
    return record


def event_fields(record: JobRecord) -> dict[str, str]:
    """The state event a change of ``record`` appends."""
    return {
        "state": record.state.value,
        "stage": record.stage or "",
        "progress": f"{record.progress:.3f}",
        "message": record.message,
        "ts": f"{record.updated_at:.3f}",
    }


def job_not_found(job_id: str) -> JobNotFound:
    return JobNotFound(f"no job {job_id!r}: it was never submitted or has expired", job_id=job_id)


def artifact_not_found(job_id: str, name: str) -> ArtifactNotFound:
    return ArtifactNotFound(f"job {job_id!r} has no {name!r} output (expired, or the stage never ran)", job_id=job_id)
