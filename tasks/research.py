"""Thin Celery tasks around the pipeline stages, one task per stage, chained per job
(a task runs the following stages itself when no other message waits: tasks/stage.py).

Each task takes only the job id and runs its stage from the stage table
(``worker.pipeline.table``), which reads the input artifacts from the job store and
writes the output one; the embedded runner runs the same table. The
job's bookkeeping (cancellation, attempts, heartbeat, duplicate deliveries,
timings, retries, errors) is the lifecycle's (worker/jobs/lifecycle.py), reached
through ``tasks.stage``. Task names are ``worker.jobs.lifecycle.STAGE_TASKS``: clients
send them by name.
"""

from __future__ import annotations

import contextlib
import functools

from deepref.tasks.stage import run_stage
from deepref.worker.celery_app import app, process_loop, process_resources, process_store
from deepref.worker.jobs.models import JobRecord
from deepref.worker.pipeline import table


def _run(coro):
    """Run a stage's coroutine on the process's loop. When it is interrupted (a soft
    time limit raises inside the loop), cancel it, so the next task on this loop
    does not resume a stage that was given up."""
    loop = process_loop()
    task = loop.create_task(coro)
    try:
        return loop.run_until_complete(task)
    except BaseException:
        if not task.done():
            task.cancel()
            # it was cancelled on purpose; the first error is what counts
            with contextlib.suppress(BaseException):
                loop.run_until_complete(task)
        raise


def stage_body(job_id: str, name: str, **extra):
    """The stage's work from the one stage table (worker/pipeline/table.py), on this
    process's store, clients and loop; what it returns is the job's result for the last one."""

    def body(record: JobRecord):
        job = table.StageRun(job_id, record, process_store(), process_resources(), **extra)
        return _run(table.run(table.stage_named(name), job))

    return body


def _stage(task, job_id: str, stage: str) -> None:
    """Run ``stage``, and the following ones in the same task when nothing waits (tasks/stage.py)."""
    run_stage(task, job_id, stage, stage_body(job_id, stage), bodies=functools.partial(stage_body, job_id))


@app.task(bind=True, name="deepref.search", max_retries=None)
def search(self, job_id: str) -> None:
    _stage(self, job_id, "search")


@app.task(bind=True, name="deepref.fetch", max_retries=None)
def fetch(self, job_id: str) -> None:
    _stage(self, job_id, "fetch")


@app.task(bind=True, name="deepref.chunk", max_retries=None)
def chunk(self, job_id: str) -> None:
    _stage(self, job_id, "chunk")


@app.task(bind=True, name="deepref.generate", max_retries=None)
def generate(self, job_id: str) -> None:
    _stage(self, job_id, "generate")


@app.task(bind=True, name="deepref.build_references", max_retries=None)
def references(self, job_id: str) -> None:
    """The build_references stage (named apart from ``reference.build_references``, which it calls)."""
    _stage(self, job_id, "build_references")
