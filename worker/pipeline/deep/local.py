"""A standard/deep job in this process (``deepref research --depth deep``): the same
rounds and report as the Celery task, run one after the other through the
embedded runner's lifecycle."""

from __future__ import annotations

from deepref.worker.jobs.models import REPORT_STAGE, round_stage
from deepref.worker.pipeline.deep.budget import check_depth
from deepref.worker.pipeline.deep.report import write_report
from deepref.worker.pipeline.deep.rounds import Job, last_state, run_round
from deepref.worker.pipeline.stages import corpus_path


async def run_deep(job_id: str, question: str, options, settings, res, store, stage):
    """``stage(name, work)`` runs one stage through the lifecycle (worker/pipeline/embedded.py)."""
    check_depth(options, settings)
    job = Job(job_id, question, options, res, store, corpus_path(options, settings))
    n = 1
    while True:
        state = await stage(round_stage(n), lambda r, n=n: run_round(job, n))
        if state["next"] == REPORT_STAGE:
            break
        n += 1
    return await stage(
        REPORT_STAGE,
        lambda r: write_report(job, last_state(job), embedder=res.embedder, timings=dict(r.timings)),
    )
