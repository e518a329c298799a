"""``deepref research``: the whole pipeline in this process (the embedded default)."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable

from deepref.cli.draft import DraftEcho
from deepref.cli.output import check_output_options, cost_line, spend_summary, write_result
from deepref.worker.confine import corpus_folder
from deepref.worker.jobs.models import Depth, JobRecord, ResearchBudget, ResearchOptions


def options_from(args: argparse.Namespace) -> ResearchOptions:
    # absolute, so a worker elsewhere in the tree finds it too; the API's and MCP's rule
    corpus = corpus_folder(args.corpus, None, label="--corpus") if args.corpus else None
    depth: Depth = getattr(args, "depth", "quick")
    budget = ResearchBudget(
        rounds=getattr(args, "rounds", None),
        queries_per_round=getattr(args, "queries_per_round", None),
        pages=args.max_pages if depth != "quick" else None,
        tokens=getattr(args, "max_tokens", None),
        seconds=getattr(args, "max_seconds", None),
        cost=getattr(args, "max_cost", None),
    )
    return ResearchOptions(
        depth=depth,
        budget=budget,
        provider=args.provider,
        corpus_dir=corpus,
        profile=args.profile,
        embedder=args.embedder,
        max_pages=args.max_pages if depth == "quick" else None,
        callback_url=getattr(args, "callback_url", None),
        language=getattr(args, "language", None),
        verify_with_model=getattr(args, "verify_with_model", None),
        approve_plan=getattr(args, "approve_plan", False),
    )


def run(args: argparse.Namespace) -> int:
    from deepref.worker.pipeline.embedded import run_research

    check_output_options(args.format, args.style, args.output)  # before minutes of research, not after
    thread: dict = {}
    if getattr(args, "follow_up", None):  # the parent's options, its record and sources read from Redis
        from deepref.cli import followups

        options, thread = followups.embedded(args)
    else:
        options = options_from(args)
    if options.approve_plan:  # approved later, perhaps elsewhere: the job is queued
        from deepref.cli.plans import submit_for_approval

        return submit_for_approval(args, options)
    if options.depth == "quick" and (line := estimate_line(args.question, options)) is not None:
        print(line, file=sys.stderr)
    tty = sys.stderr.isatty()
    stream = tty if args.stream is None else args.stream
    echo = DraftEcho(sys.stderr)
    on_text = functools.partial(_draft, echo) if stream else None
    if options.depth == "quick":  # five stages: one line, rewritten in place on a terminal that shows no draft
        in_place = tty and not stream

        def progress(stage: str, fraction: float, state: str) -> None:
            line = f"[{fraction * 100:3.0f}%] {state}"
            if in_place:
                print("\r" + line.ljust(40), file=sys.stderr, end="", flush=True)
            else:
                echo.line(line)

        def say(line: str) -> None:  # a stage's own message: its own line, the progress line goes on below
            if in_place:
                print("\r" + line.ljust(40), file=sys.stderr, flush=True)
            else:
                echo.line(line)

        result = run_research(
            args.question, options, on_progress=progress, on_update=stage_messages(say), on_text=on_text, **thread
        )
        if in_place:
            print(file=sys.stderr)
    else:  # rounds: a line per step, in words, with the counts so far
        result = run_research(args.question, options, on_update=progress_lines(echo.line), on_text=on_text)
        if result.deep is not None:
            echo.line(f"[done] {spend_summary(result.deep)}")
    if (line := cost_line(result)) is not None:
        echo.line(line)
    echo.end()
    write_result(result, args.format, args.style, args.output)
    return 0


def _draft(echo: DraftEcho, fields: dict[str, str]) -> None:
    from deepref.worker.jobs.streaming import decode

    kind, data = decode(fields)
    if kind == "draft":
        echo.draft_event(data["offset"], data["text"])


def progress_lines(say: Callable[[str], None]) -> Callable[[JobRecord], None]:
    """A listener saying each new message of a job as ``[state] message``, the lines
    of ``deepref result --follow``: ``[researching] round 2 of 4: reading 8 pages for
    'tidal lagoon costs' (14 pages, 12 sources, 5210 tokens so far)``."""
    last = None

    def on_update(record: JobRecord) -> None:
        nonlocal last
        if record.message and record.message != last:
            last = record.message
            say(f"[{record.state.value}] {record.message}")

    return on_update


def stage_messages(say: Callable[[str], None]) -> Callable[[JobRecord], None]:
    """A quick job's listener saying what its stages report in words, as ``[state]
    message``: the corpus index (``waiting for the index of DIR (another process is
    indexing it)``, its progress and summary) and retries. The lifecycle's own messages
    (``search (attempt 1)``, ``done``) are left to the percentage line."""
    lines = progress_lines(say)

    def on_update(record: JobRecord) -> None:
        claimed = (
            record.stage is not None
            and record.message == f"{record.stage} (attempt {record.attempts.get(record.stage)})"
        )
        if not claimed and record.message != "done":
            lines(record)

    return on_update


def estimate_line(question: str, options: ResearchOptions) -> str | None:
    """``[estimate] …``: the most the job's model calls can cost, before they are made."""
    from deepref.worker.inference.spend import quick_estimate
    from deepref.worker.pipeline.stages import PROMPT_PASSAGES
    from deepref.worker.settings import get_settings

    cost = quick_estimate(question, options, get_settings(), PROMPT_PASSAGES)
    if not cost:
        return None
    if options.budget.cost is not None:  # the answer is capped: the estimate is a bound
        return f"[estimate] the model calls cost ${cost:.4f} at most (budget ${options.budget.cost:g})"
    return f"[estimate] the model calls cost about ${cost:.4f} (an answer of 2,048 tokens)"
