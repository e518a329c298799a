"""The embedded mode: the whole pipeline in this process, no Redis, no worker.

The same stage table as the Celery tasks (worker/pipeline/table.py), run in order
through the same job lifecycle (worker/jobs/lifecycle.py) on an in-memory store;
progress goes to a callback (the CLI prints it on stderr). This is what
``deepref research`` runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from deepref.reference.errors import DeeprefError
from deepref.worker.jobs import webhooks
from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.jobs.limits import Caller, check_options, check_runnable_here
from deepref.worker.jobs.models import REPORT_STAGE, JobRecord, JobState, ResearchOptions, ResearchResult, round_stage
from deepref.worker.jobs.questions import validate_question
from deepref.worker.jobs.store import JobStore, MemoryJobStore
from deepref.worker.pipeline import table
from deepref.worker.pipeline.deep.budget import check_depth
from deepref.worker.pipeline.resources import build_resources, close_resources
from deepref.worker.pipeline.stages import Resources, corpus_path
from deepref.worker.settings import Settings, get_settings

ProgressCallback = Callable[[str, float, str], None]


def run_research(
    question: str,
    options: ResearchOptions | None = None,
    *,
    settings: Settings | None = None,
    on_progress: ProgressCallback | None = None,
    on_update: Callable[[JobRecord], None] | None = None,
    on_text: Callable[[dict[str, str]], None] | None = None,
    caller: Caller = "operator",
    parent: str | None = None,
    parent_store: JobStore | None = None,
) -> ResearchResult:
    """Answer ``question`` now, in-process; raises DeeprefError subclasses on failure.
    ``on_update`` sees the job's record after every change (its message says in words
    what is happening: a deep job's rounds, with counts); ``on_text`` every event of
    the write-up as the model writes it (``worker.jobs.streaming``: a ``draft`` event's
    text has its markers already rewritten)."""
    return asyncio.run(
        run_research_async(
            question,
            options,
            settings=settings,
            on_progress=on_progress,
            on_update=on_update,
            on_text=on_text,
            caller=caller,
            parent=parent,
            parent_store=parent_store,
        )
    )


async def run_research_async(
    question: str,
    options: ResearchOptions | None = None,
    *,
    settings: Settings | None = None,
    on_progress: ProgressCallback | None = None,
    on_update: Callable[[JobRecord], None] | None = None,
    on_text: Callable[[dict[str, str]], None] | None = None,
    resources: Resources | None = None,
    caller: Caller = "operator",
    parent: str | None = None,
    parent_store: JobStore | None = None,
) -> ResearchResult:
    """``caller``: ``"remote"`` for MCP over HTTP, whose options ``DEEPREF_ALLOWED_*`` bound
    (worker/jobs/limits.py); the terminal and stdio are the operator's.
    ``resources``: network clients built by the caller for this question's options
    (``build_resources``), kept open after the run, so that several runs share one
    fetcher and its extraction processes; by default a set is built and closed here.
    ``parent``: the job of ``parent_store`` (Redis: ``deepref research --follow-up``) this
    question follows up; its record and sources are copied in, the follow-up runs here."""
    settings = settings or get_settings()
    options = options or ResearchOptions()
    question = validate_question(question, max_chars=settings.max_question_chars)
    check_options(options, settings, caller=caller)
    check_runnable_here(options, settings)
    if options.callback_url:
        webhooks.validate_callback_url(options.callback_url, settings)
    if parent is not None and parent_store is None:
        raise ValueError("a follow-up in this process needs the store that holds its parent job")
    store = _memory_store(on_progress, on_update, on_text, (parent_store, parent) if parent else None)
    ended: list[str] = []  # the job's webhook, sent in-process once it ended
    lifecycle = JobLifecycle.from_settings(store, settings, notify=ended.append)
    job_id = lifecycle.submit(question, options, parent=parent).id
    res = resources or build_resources(
        settings, distributed=False, corpus_dir=corpus_path(options, settings), embedder_name=options.embedder
    )

    async def stage(name: str):
        """One stage of the table through the lifecycle: claim, work, finish."""
        claim = lifecycle.claim(job_id, name, "local")
        try:
            output = await table.run(table.stage_named(name), table.StageRun(job_id, claim.record, store, res))
        except DeeprefError as exc:
            lifecycle.failed(claim, exc)
            raise
        lifecycle.finish(claim, output)
        return output

    try:
        if options.depth == "quick":
            for quick in table.QUICK:
                result = await stage(quick.name)
        else:  # rounds, each deciding what follows, then a sectioned report (worker/pipeline/deep/)
            check_depth(options, settings)
            name = round_stage(1)
            while name != REPORT_STAGE:
                name = (await stage(name))["next"]
            result = await stage(REPORT_STAGE)
    finally:
        if resources is None:
            await close_resources(res)
        if ended:
            await webhooks.deliver(store, job_id, settings)
    return result


def _memory_store(
    on_progress: ProgressCallback | None,
    on_update: Callable[[JobRecord], None] | None,
    on_text: Callable[[dict[str, str]], None] | None,
    thread: tuple[JobStore | None, str] | None,
) -> MemoryJobStore:
    """This run's store, listened to; a follow-up's parent copied in first (unheard)."""
    store = MemoryJobStore()
    if thread is not None and thread[0] is not None:
        _copy_thread(thread[0], thread[1], store)
    if on_progress is not None:
        store.listeners.append(_progress_reporter(on_progress))
    if on_update is not None:
        store.listeners.append(on_update)
    if on_text is not None:
        store.text_listeners.append(on_text)
    return store


def _copy_thread(source: JobStore, parent_id: str, store: MemoryJobStore) -> None:
    """The parent's record (done) and its sources (as a ``chunk`` output), from ``source``
    into this process's store: what the follow-up's stages read."""
    from deepref.worker.pipeline import followup
    from deepref.worker.pipeline.outputs import Chunked

    parent = source.get(parent_id)
    result = followup.check_parent(parent)
    documents = followup.thread_documents(source, parent)
    store.create(parent.question, parent.options, parent.id, queue=parent.queue, parent=parent.parent)
    store.update(parent.id, state=JobState.done, progress=1.0, result=result, message="done")
    store.put_artifact(parent.id, "chunk", Chunked(documents=documents).artifact())


def _progress_reporter(on_progress: ProgressCallback) -> Callable[[JobRecord], None]:
    """Call ``on_progress(stage, progress, state)`` once per state the job enters."""
    seen: set[JobState] = set()

    def listener(record: JobRecord) -> None:
        if record.state in seen or record.state in (JobState.queued, JobState.failed, JobState.cancelled):
            return
        seen.add(record.state)
        stage = "done" if record.state is JobState.done else record.stage or ""
        on_progress(stage, record.progress, record.state.value)

    return listener
