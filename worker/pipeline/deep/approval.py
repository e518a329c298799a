"""The plan stage of a job with ``approve_plan``: ask the model for a plan, put it on
the record and stop (the I/O around proposal.py).

The stage's task then ends: the waiting job holds no worker. ``approve`` queues
round 1, whose rounds read the approved plan off the record (``rounds.Job.plan``).
What the proposal spent is kept (artifact ``rounds.PLAN_SPENT``) and counted in the job's
spending when round 1 starts; the budget's seconds start then, not while a person
reads the plan.
"""

from __future__ import annotations

import time

from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.pipeline.deep import budget as B
from deepref.worker.pipeline.deep import proposal
from deepref.worker.pipeline.deep.rounds import PLAN_SPENT, Job, call_model


async def propose_plan(job: Job, lifecycle: JobLifecycle) -> None:
    """Plan the job, then leave it awaiting approval."""
    budget, warnings = B.resolve_budget(job.options.depth, job.options.budget, job.res.settings)
    state = {
        "budget": {k: v for k, v in budget.as_dict().items() if v is not None},
        "spent": B.Spent().as_dict(),
        "started_at": time.time(),
        "warnings": list(warnings),
    }
    k = budget.queries_per_round
    job.store.update(job.id, message="planning: sub-questions, first queries and outline, for approval")
    text, refused = None, None
    if job.res.llm is not None:
        messages = proposal.propose_messages(job.question, k)
        text, refused = await call_model(job, state, messages, proposal.PROPOSE_MAX_TOKENS, report=False, queries=True)
    plan, problems = proposal.parse_proposal(text or "", job.question, k)
    if refused:
        problems = [f"the plan was not asked of the model: {refused}; this plan searches the question itself"]
    job.store.put_artifact(job.id, PLAN_SPENT, state["spent"])
    lifecycle.propose(job.id, plan, problems)
