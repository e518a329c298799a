"""Running a report: one research job per question, a concurrency limit, one report.

The run's progress is its ``report.json`` (see ``reports.store``): each section
is pending, running (with its job id), done (with its result) or failed (with
the reason). Advancing a run only looks at that record and at the jobs, so a
coordinator that crashed (beat, a worker, the CLI) is replaced by the next one
and questions already answered are never asked again.

Distributed: ``advance`` submits jobs through the queue and collects finished
ones. Whoever advances a run (beat's tick, ``deepref reports run NAME``) calls
``advance_locked``: it holds the run's lock in Redis and re-reads the run under
it, so two coordinators never submit the same question twice. Embedded:
``run_local`` researches the questions in this process with the same limit.
Either way each question is one job through the job lifecycle
(worker/jobs/lifecycle.py), and a section's status follows its job's state.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from deepref.reference.errors import DeeprefError
from deepref.reports.assemble import assemble, render_html, render_markdown, run_cost
from deepref.reports.definitions import ReportDefinition
from deepref.reports.diff import summarize_changes
from deepref.reports.store import ReportStore
from deepref.worker.errors import JobNotFound
from deepref.worker.inference import spend
from deepref.worker.jobs.models import JobState, ResearchResult

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)

ADVANCE_LOCK_SECONDS = 60
"""Longest one advance may hold a run; a coordinator that died frees it after this."""


def new_run(definition: ReportDefinition, store: ReportStore, slot: str | None = None) -> dict[str, Any]:
    run = slot or "manual-" + datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    report = {
        "name": definition.name,
        "title": definition.title,
        "run": run,
        "slot": slot,
        "status": "running",
        "started_at": time.time(),
        "finished_at": None,
        "summary": None,
        "sections": [
            {"question": q, "status": "pending", "job_id": None, "error": None, "result": None}
            for q in definition.all_questions()
        ],
        "references": [],
    }
    store.save(report)
    return report


def advance_locked(name: str, run_id: str, definition: ReportDefinition, store: ReportStore, client) -> bool | None:
    """Advance a run under its lock, from what is on disk now. True when the run is
    finished, False when it goes on, None when another coordinator holds it."""
    jobs = client.store
    key, token = jobs.keys.report_run_lock(name, run_id), uuid.uuid4().hex
    if not jobs.acquire(key, token, ADVANCE_LOCK_SECONDS):
        return None
    try:
        report = store.load(name, run_id)  # re-read under the lock: the last holder's progress
        if report["status"] != "running":
            return True
        return advance(report, definition, store, client)
    finally:
        jobs.release(key, token)


def advance(report: dict[str, Any], definition: ReportDefinition, store: ReportStore, client) -> bool:
    """Collect finished jobs, submit pending questions up to the limit; True when finished.
    Callers other than tests go through ``advance_locked``."""
    changed = False
    for section in report["sections"]:
        if section["status"] != "running":
            continue
        try:
            record = client.status(section["job_id"])
        except JobNotFound:
            section.update(status="pending", job_id=None)  # expired or lost: ask again
            changed = True
            continue
        if record.state is JobState.done and record.result is not None:
            section.update(status="done", result=record.result.model_dump(mode="json"))
            changed = True
        elif record.state.finished:
            reason = record.error.message if record.error else record.state.value
            section.update(status="failed", error=reason)
            changed = True
    running = sum(s["status"] == "running" for s in report["sections"])
    for section in report["sections"]:
        if running >= definition.concurrency:
            break
        if section["status"] == "pending":
            try:
                # the bulk queue: a long report never delays interactive questions
                job_id = client.submit(section["question"], definition.options, queue="bulk")
                section.update(status="running", job_id=job_id)
                running += 1
            except DeeprefError as exc:
                section.update(status="failed", error=str(exc))
            changed = True
    if all(s["status"] in ("done", "failed") for s in report["sections"]):
        finish(report, definition, store)
        return True
    if changed:
        store.save(report)
    return False


async def run_local(
    report: dict[str, Any],
    definition: ReportDefinition,
    store: ReportStore,
    settings: Settings | None = None,
    on_section=None,
) -> dict[str, Any]:
    """Research every unanswered question in this process, then finish the report."""
    from deepref.worker.pipeline.embedded import run_research_async

    limit = asyncio.Semaphore(definition.concurrency)
    lock = asyncio.Lock()

    async def one(section: dict[str, Any]) -> None:
        async with limit:
            try:
                result = await run_research_async(section["question"], definition.options, settings=settings)
                section.update(status="done", result=result.model_dump(mode="json"), error=None)
            except DeeprefError as exc:
                section.update(status="failed", error=str(exc))
            async with lock:  # progress on disk after every question: a crash loses at most the running ones
                store.save(report)
            if on_section is not None:
                on_section(section)

    await asyncio.gather(*(one(s) for s in report["sections"] if s["status"] not in ("done", "failed")))
    finish(report, definition, store, settings=settings)
    return report


def finish(
    report: dict[str, Any], definition: ReportDefinition, store: ReportStore, settings: Settings | None = None
) -> None:
    sections = report["sections"]
    ok = sum(s["status"] == "done" for s in sections)
    report["status"] = "done" if ok == len(sections) else "partial" if ok else "failed"
    report["finished_at"] = time.time()
    assemble(report)
    summary_usage = None
    if definition.summary and ok:
        report["summary"], summary_usage = _summary(report, settings)
    report["usage"] = spend.add(
        *(s["result"].get("usage") for s in sections if s["status"] == "done" and s.get("result")), summary_usage
    )
    previous = _previous(store, report)
    report["changes"] = summarize_changes(previous, report)
    rendered = {}
    if "md" in definition.formats:
        rendered["md"] = render_markdown(report)
    if "html" in definition.formats:
        rendered["html"] = render_html(report)
    documents = _documents(report, definition)
    report.pop("_merged_refs", None)
    store.save(report, {**rendered, **documents})  # finished on disk first: a delivery never holds the run back
    if definition.deliveries:
        from deepref.reports.delivery import deliver_report
        from deepref.worker.settings import get_settings

        try:
            deliver_report(report, definition, rendered, settings or get_settings())
        except Exception as exc:  # a delivery bug must not undo a finished run
            log.exception("report %s: deliveries crashed", report["name"])
            report["deliveries"] = [{"kind": "all", "state": "failed", "attempts": [{"ok": False, "error": str(exc)}]}]
        store.save(report)
    store.apply_retention(report["name"], definition.retention.keep_runs, definition.retention.keep_days)


def _documents(report: dict[str, Any], definition: ReportDefinition) -> dict[str, str | bytes]:
    """``report.pdf`` and ``report.docx`` when the definition asks for them. A file that
    cannot be written (the export extra missing) is named in the run's ``warnings``;
    the run and its other files stand."""
    wanted = [f for f in ("pdf", "docx") if f in definition.formats]
    if not wanted:
        return {}
    from deepref.export import document_from_report, render

    doc = document_from_report(report, subtitle=f"Run {report['run']} · {report['status']}{run_cost(report)}")
    out: dict[str, str | bytes] = {}
    for fmt in wanted:
        try:
            out[fmt] = render(doc, fmt)
        except DeeprefError as exc:
            log.warning("report %s: no report.%s: %s", report["name"], fmt, exc)
            report.setdefault("warnings", []).append(f"report.{fmt} not written: {exc}")
    return out


def _previous(store: ReportStore, report: dict[str, Any]) -> dict[str, Any] | None:
    earlier = [
        r["run"] for r in store.runs(report["name"]) if r["run"] < report["run"] and r["status"] in ("done", "partial")
    ]
    return store.load(report["name"], earlier[-1]) if earlier else None


def _summary(report: dict[str, Any], settings: Settings | None) -> tuple[str | None, dict | None]:
    """A short summary of findings, only when an LLM is configured, and its usage."""
    from deepref.worker.inference.llm import LLMClient
    from deepref.worker.settings import get_settings

    llm = LLMClient.from_settings(settings or get_settings())
    if llm is None:
        return None, None
    texts = [ResearchResult.model_validate(s["result"]).answer for s in report["sections"] if s["status"] == "done"]

    async def go():
        try:
            return await llm.summarize(report["title"], texts)
        finally:
            await llm.close()

    try:
        gen = _run_coroutine(go())
    except DeeprefError as exc:
        log.warning("report %s: no summary (%s)", report["name"], exc)
        return None, None
    return gen.text, spend.usage_of([gen])


def _run_coroutine(coro):
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # called from inside a running loop
        return pool.submit(asyncio.run, coro).result()
