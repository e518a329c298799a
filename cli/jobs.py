"""Queue commands: ``deepref submit|status|result|cancel|worker`` (Redis at DEEPREF_REDIS_URL)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from deepref.cli.draft import DraftEcho
from deepref.cli.output import check_output_options, write_result
from deepref.cli.research import options_from


def _client():
    from deepref.worker.client import Client

    return Client()


def submit(args: argparse.Namespace) -> int:
    client = _client()
    if getattr(args, "follow_up", None):
        from deepref.cli import followups

        job_id = followups.submit(args)
    else:
        job_id = client.submit(args.question, options_from(args))
    print(f"queued; follow it with: deepref status {job_id}", file=sys.stderr)
    if not client.workers_answer():  # as MCP does, but the job stays queued for a worker to come
        print(f"warning: {client.no_worker_message()}; the job waits in the queue until one does", file=sys.stderr)
    print(job_id)
    return 0


def status(args: argparse.Namespace) -> int:
    """The record as JSON on stdout for scripts, and one line in words on stderr for
    the person at the terminal."""
    record = _client().status(args.job_id)
    data = record.model_dump(mode="json", exclude={"result"})
    data["has_result"] = record.result is not None
    print(status_line(record), file=sys.stderr)
    print(json.dumps(data, ensure_ascii=False, indent=2))
    return 0


def status_line(record) -> str:
    """``[fetching] 40% - reading 8 pages (stage fetch)``; a failed job says what
    went wrong, a stalled one that it is stalled, a finished one how to read it."""
    line = f"[{record.state.value}] {round(record.progress * 100)}%"
    if record.message:
        line += f" - {record.message}"
    if record.stage and record.state.value not in ("done", "failed", "cancelled"):
        line += f" (stage {record.stage})"
    if record.error is not None:
        line += f"; {record.error.stage} failed: {record.error.message}"
    if record.stalled:
        line += f"; stalled: {record.stalled}"
    if record.result is not None:
        line += f"; read it with: deepref result {record.id}"
    return line


def result(args: argparse.Namespace) -> int:
    check_output_options(args.format, args.style, args.output)
    client = _client()
    if args.follow:
        follow(client, args.job_id, timeout=args.timeout)
    wait = f"wait for it: deepref result {args.job_id} --wait (or --follow)"
    res = client.result(args.job_id, wait=args.wait or args.follow, timeout=args.timeout, pending_hint=wait)
    write_result(res, args.format, args.style, args.output)
    return 0


FOLLOW_POLL_SECONDS = 0.1
READ_COUNT = 100  # events a store read returns at most (worker.jobs.store)


def follow(client, job_id: str, *, timeout: float | None = None, out=None) -> str:
    """Print the job's progress lines and its write-up as it is written (draft
    events, markers already rewritten) to ``out`` until the job ends; the draft as
    printed. The stored answer, with its verified references, is the caller's to
    print: the answer event's edits are applied by readers that show the draft in
    place (the API's clients); a terminal cannot take back what it printed."""
    import time

    from deepref.worker.jobs.streaming import decode, in_order

    out = out or sys.stderr
    store = client.store
    deadline = None if timeout is None else time.monotonic() + timeout
    state_last = text_last = "0"
    echo, message = DraftEcho(out), None
    while deadline is None or time.monotonic() < deadline:
        states, texts = store.both_events(job_id, state_last, text_last)
        for event_id, kind, fields in in_order(states, texts, READ_COUNT):
            if kind == "text":
                text_last = event_id
                kind, data = decode(fields)
                if kind == "draft":
                    echo.draft_event(data["offset"], data["text"])
                continue
            state_last = event_id
            if fields.get("message") and fields["message"] != message:
                message = fields["message"]
                echo.line(f"[{fields['state']}] {message}")
            if fields.get("state") in ("done", "failed", "cancelled"):
                echo.end()
                return echo.draft
        if not states and not texts:
            time.sleep(FOLLOW_POLL_SECONDS)
    return echo.draft


def cancel(args: argparse.Namespace) -> int:
    record = _client().cancel(args.job_id)
    print(f"job {record.id}: {record.state.value}")
    return 0


def worker(args: argparse.Namespace) -> int:
    extra = args.passthrough_args
    from deepref.reference.errors import InputError
    from deepref.worker.celery_app import queue_names, worker_argv

    try:
        queue_names(args.queues)
    except ValueError as exc:
        raise InputError(f"--queues: {exc}") from None
    _check_secrets()  # the webhook secret signs deliveries made here: a short one refuses to start
    if args.metrics_port is not None:
        # every prefork child writes its metrics here; the main process serves their sum
        if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            import tempfile

            os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="deepref-metrics-")
        os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)
        os.environ["DEEPREF_WORKER_METRICS_PORT"] = str(args.metrics_port)
    argv = worker_argv(*extra, queues=args.queues)
    os.execv(sys.executable, argv)
    return 0  # not reached


def beat(args: argparse.Namespace) -> int:
    extra = args.passthrough_args
    _check_secrets()
    if not any(a in ("-s", "--schedule") or a.startswith("--schedule=") for a in extra):
        extra = ["--schedule", os.path.join(os.environ.get("TMPDIR", "/tmp"), "deepref-beat-schedule"), *extra]
    argv = [sys.executable, "-m", "celery", "-A", "deepref.worker.celery_app", "beat", *extra]
    os.execv(sys.executable, argv)
    return 0  # not reached


def _check_secrets() -> None:
    """Every secret of this deployment follows one rule (worker/credentials.py), on
    every process that uses one, before it starts."""
    from deepref.worker.credentials import check_secrets
    from deepref.worker.settings import get_settings

    check_secrets(get_settings())
