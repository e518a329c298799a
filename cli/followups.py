"""``--follow-up JOB_ID``: a follow-up question to a finished job, from the terminal.

``deepref research "…" --follow-up JOB_ID`` reads the parent job (its answer and
sources) from Redis, where job ids live, and answers here, in this process (``--follow-up
NAME/RUN``: a finished report run of DEEPREF_REPORTS_DIR, reports/followups.py);
``deepref submit "…" --follow-up JOB_ID`` queues the follow-up for a worker (its
record then names its parent, and can be followed up in turn). Either way the
parent's options are the follow-up's: only its cost budget may be given.
"""

from __future__ import annotations

import argparse
from typing import Any

from deepref.reference.errors import InputError
from deepref.worker.jobs.models import ResearchBudget, ResearchOptions

_PARENTS_OPTIONS = (
    ("--corpus", "corpus"),
    ("--provider", "provider"),
    ("--max-pages", "max_pages"),
    ("--rounds", "rounds"),
    ("--queries-per-round", "queries_per_round"),
    ("--max-tokens", "max_tokens"),
    ("--max-seconds", "max_seconds"),
    ("--language", "language"),
    ("--callback-url", "callback_url"),
    ("--verify-with-model", "verify_with_model"),
    ("--approve-plan", "approve_plan"),
)


def check_args(args: argparse.Namespace) -> ResearchBudget | None:
    """The follow-up's budget (``--max-cost``); InputError for a flag that would change the
    parent's options."""
    given = [flag for flag, name in _PARENTS_OPTIONS if getattr(args, name, None) not in (None, False)]
    if getattr(args, "depth", "quick") != "quick":
        given.append("--depth")
    if given:
        raise InputError(
            f"--follow-up answers with its parent job's options: drop {', '.join(given)} "
            "(only --max-cost, the follow-up's own budget, may be given)"
        )
    return ResearchBudget(cost=args.max_cost) if getattr(args, "max_cost", None) is not None else None


def embedded(args: argparse.Namespace) -> tuple[ResearchOptions, dict[str, Any]]:
    """The follow-up's options and what ``run_research`` needs to read its parent (the
    Redis job store): JobNotFound or ParentNotFinished before anything runs."""
    from deepref.worker.client import Client
    from deepref.worker.pipeline import followup

    budget = check_args(args)
    client = Client()
    parent = client.store.get(parent_of(args.follow_up, client))
    followup.check_parent(parent)
    return followup.options_of(parent, budget), {"parent": parent.id, "parent_store": client.store}


def submit(args: argparse.Namespace) -> str:
    """Queue the follow-up; its id."""
    from deepref.worker.client import Client

    client = Client()
    return client.follow_up(parent_of(args.follow_up, client), args.question, budget=check_args(args))


def parent_of(given: str, client) -> str:
    """The parent job's id: ``given``, or the job standing for the report run ``NAME/RUN``
    (reports/followups.py) of DEEPREF_REPORTS_DIR."""
    if "/" not in given:
        return given
    from deepref.reports.followups import run_parent
    from deepref.reports.store import ReportStore

    name, _, run = given.partition("/")
    report = ReportStore(client.settings.reports_dir).load(name, run)  # ReportRunNotFound names what is missing
    return run_parent(report, client.store)
