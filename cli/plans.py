"""A plan to approve from the terminal: ``deepref plan JOB_ID`` prints the plan of a job
submitted with ``--approve-plan`` as JSON (the file ``deepref approve JOB_ID --plan FILE``
takes back, edited); ``deepref research --approve-plan`` queues the job and prints its
plan once it is proposed. docs/pipeline.md has the states."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from deepref.reference.errors import InputError
from deepref.worker.errors import JobTimeout, NotAwaitingApproval

POLL_SECONDS = 0.2
DEFAULT_WAIT = 300.0  # seconds deepref research --approve-plan waits for the proposal


def _client():
    from deepref.worker.client import Client

    return Client()


def plan(args: argparse.Namespace) -> int:
    """The plan on stdout (JSON, editable), its state and what to do next on stderr."""
    client = _client()
    record = _wait_for_plan(client, args.job_id, args.timeout) if args.wait else client.status(args.job_id)
    return _show(record)


def _show(record) -> int:
    if record.plan is None:
        why = "it was submitted without --approve-plan" if not record.options.approve_plan else "it is still planning"
        raise NotAwaitingApproval(
            f"job {record.id} has no plan yet ({record.state.value}): {why}; "
            f"wait for it with: deepref plan {record.id} --wait",
            job_id=record.id,
        )
    out = record.plan
    for warning in out.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    unanswered = [c.question for c in out.clarifications if not c.answer]
    for question in unanswered:
        print(f"the planner asks: {question} (answer it in the plan's clarifications)", file=sys.stderr)
    if record.state.value == "awaiting_approval":
        until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(out.expires_at))
        print(
            f"job {record.id} awaits approval until {until}: edit this JSON into a file, then "
            f"deepref approve {record.id} --plan FILE (or approve it as it is: deepref approve {record.id})",
            file=sys.stderr,
        )
    else:
        print(f"job {record.id} is {record.state.value}", file=sys.stderr)
    print(out.editable().model_dump_json(indent=2))
    return 0


def _wait_for_plan(client, job_id: str, timeout: float | None):
    deadline = time.monotonic() + (timeout or DEFAULT_WAIT)
    while True:
        record = client.status(job_id)
        if record.plan is not None or record.state.finished:
            return record
        if time.monotonic() > deadline:
            raise JobTimeout(
                f"job {job_id} proposed no plan within {timeout or DEFAULT_WAIT:g} s (state: {record.state.value}); "
                f"is a worker running? look again with: deepref plan {job_id} --wait",
                job_id=job_id,
            )
        time.sleep(POLL_SECONDS)


def approve(args: argparse.Namespace) -> int:
    """Replace the plan with ``--plan FILE`` (JSON, as ``deepref plan`` prints it), then approve it."""
    client = _client()
    if args.plan is not None:
        client.replace_plan(args.job_id, read_plan(args.plan))
    record = client.approve(args.job_id)
    print(f"job {record.id}: approved, {record.state.value}; follow it with: deepref result {record.id} --follow")
    return 0


def read_plan(path: Path):
    """A plan file, refused with what is wrong and where."""
    from pydantic import ValidationError

    from deepref.cli.main import describe_validation_error
    from deepref.worker.jobs.plans import ResearchPlan

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"--plan {path}: cannot read it ({exc.strerror or exc})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"--plan {path}: not JSON ({exc}); 'deepref plan JOB_ID' prints one to edit") from None
    try:
        return ResearchPlan.model_validate(data, strict=True)
    except ValidationError as exc:
        raise InputError(f"--plan {path}: not a plan: {describe_validation_error(exc)}") from None


def submit_for_approval(args: argparse.Namespace, options) -> int:
    """``deepref research --approve-plan``: queue the job (a person approves it later, so it
    cannot run in this process), wait for its plan and print it."""
    client = _client()
    job_id = client.submit(args.question, options)
    print(f"queued as job {job_id}; planning", file=sys.stderr)
    if not client.workers_answer():  # the plan is a worker's to make: say so before waiting for it
        print(f"warning: {client.no_worker_message()}; the plan waits until one does", file=sys.stderr)
    return _show(_wait_for_plan(client, job_id, None))
