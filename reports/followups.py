"""A follow-up question to a report run: the run, as the done job a follow-up follows.

A report run is not a job, so its follow-ups' parent is made for it once: a done job,
its id derived from the report's name and run, whose question is the report's title,
whose answer is the report (each done section under its question, the markers and the
one reference list as the report numbers them), and whose sources are its sections'
jobs' sources while the job store keeps them (a run researched in one process,
``deepref reports run --local``, kept none: its follow-ups search). From there a
follow-up runs as any other (worker/pipeline/followup.py).
"""

from __future__ import annotations

import uuid
from typing import Any

from pydantic import ValidationError

from deepref.worker.errors import JobNotFound, ParentNotFinished
from deepref.worker.jobs.models import JobState, ReferenceOut, ResearchOptions, ResearchResult, SourceOut
from deepref.worker.jobs.store import JobStore
from deepref.worker.pipeline import followup
from deepref.worker.pipeline.outputs import Chunked, SourceDocument


def parent_id(name: str, run: str) -> str:
    """The id of a run's parent job: the same for every follow-up of the run."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"deepref:report-run/{name}/{run}").hex


def run_parent(report: dict[str, Any], store: JobStore) -> str:
    """The id of the done job standing for ``report`` (made on the first follow-up);
    ParentNotFinished while the run is not finished."""
    name, run, status = report["name"], report["run"], report.get("status")
    if status not in ("done", "partial"):
        raise ParentNotFinished(
            f"report run {name}/{run} is {status}, not done: wait until it is (deepref reports show {name} {run})",
            job_id=None,
        )
    job_id = parent_id(name, run)
    try:
        store.get(job_id)
        return job_id
    except JobNotFound:
        pass
    parts: list[str] = []
    markers: list[tuple[int, int, int]] = []
    sources: list[SourceOut] = []
    documents: dict[str, SourceDocument] = {}
    options: ResearchOptions | None = None
    at = 0
    for section in report.get("sections", []):
        if section.get("status") != "done" or not section.get("answer"):
            continue
        head = f"## {section['question']}\n\n"
        offset = at + len(head)
        markers += [(s + offset, e + offset, n) for s, e, n in section.get("markers") or []]
        parts.append(head + section["answer"])
        at += len(parts[-1]) + 2  # the blank line between sections
        sources += _valid(SourceOut, section.get("sources") or [])
        if section.get("job_id"):
            try:
                record = store.get(section["job_id"])
            except JobNotFound:  # expired: its sources are gone, the follow-up searches
                continue
            options = options or record.options
            for doc in followup.thread_documents(store, record):
                documents.setdefault(doc.hit_url or doc.url, doc)
    result = ResearchResult(
        question=report.get("title") or name,
        answer="\n\n".join(parts),
        answer_mode="llm",
        references=_valid(ReferenceOut, report.get("references") or []),
        sources=sources,
        markers=markers,
    )
    store.create(result.question, options or ResearchOptions(), job_id)
    store.put_artifact(job_id, "chunk", Chunked(documents=list(documents.values())).artifact())
    store.update(job_id, state=JobState.done, progress=1.0, message=f"report run {name}/{run}", result=result)
    return job_id


def _valid(model: Any, items: list[dict]) -> list[Any]:
    """The items that are ``model``s (a report written by an older version may hold less)."""
    out = []
    for item in items:
        try:
            out.append(model.model_validate(item))
        except ValidationError:
            continue
    return out
