"""``deepref research``: the whole pipeline in this process (the embedded default)."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable

from cli.draft import DraftEcho
from cli.output import add_output_options, check_output_options, format_result, spend_summary
from worker.confine import corpus_folder
from worker.models import JobRecord, ResearchBudget, ResearchOptions
from worker.runner import run_research
from worker.streaming import decode


def add_job_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("question", help="what to research (quote it)")
    p.add_argument("--corpus", metavar="DIR", help="search this folder of .md/.txt/.html files instead of the web")
    p.add_argument("--provider", choices=("duckduckgo", "searxng", "local"), help="search backend")
    p.add_argument("--profile", choices=("precise", "seed"), default="precise", help="reference engine profile")
    p.add_argument("--embedder", choices=("auto", "local", "openai", "jaccard"), help="scorer's embedder")
    p.add_argument("--max-pages", type=int, help="pages to fetch (with --depth standard/deep: by the whole job)")
    p.add_argument(
        "--depth",
        choices=("quick", "standard", "deep"),
        default="quick",
        help="quick: one pass (default); standard/deep: rounds of search and reading, then a sectioned report",
    )
    p.add_argument("--rounds", type=int, help="with --depth standard/deep: rounds at most")
    p.add_argument("--queries-per-round", type=int, help="with --depth standard/deep: search queries per round")
    p.add_argument("--max-tokens", type=int, help="with --depth standard/deep: model tokens for the whole job")
    p.add_argument("--max-seconds", type=float, help="with --depth standard/deep: wall-clock seconds at most")
    p.add_argument(
        "--callback-url", metavar="URL", help="POST a signed event here when the job ends (docs/integrations.md)"
    )


def options_from(args: argparse.Namespace) -> ResearchOptions:
    # absolute, so a worker elsewhere in the tree finds it too; the API's and MCP's rule
    corpus = corpus_folder(args.corpus, None, label="--corpus") if args.corpus else None
    depth = getattr(args, "depth", "quick")
    budget = ResearchBudget(
        rounds=getattr(args, "rounds", None),
        queries_per_round=getattr(args, "queries_per_round", None),
        pages=args.max_pages if depth != "quick" else None,
        tokens=getattr(args, "max_tokens", None),
        seconds=getattr(args, "max_seconds", None),
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
    )


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("research", help="answer a question now, in this process (no Redis, no worker)")
    add_job_options(p)
    add_output_options(p)
    p.add_argument(
        "--stream",
        action=argparse.BooleanOptionalAction,
        help="print the model's write-up on stderr as it is written (default: when stderr is a terminal)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    check_output_options(args.format, args.style)  # before minutes of research, not after
    options = options_from(args)
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

        result = run_research(args.question, options, on_progress=progress, on_text=on_text)
        if in_place:
            print(file=sys.stderr)
    else:  # rounds: a line per step, in words, with the counts so far
        result = run_research(args.question, options, on_update=progress_lines(echo.line), on_text=on_text)
        if result.deep is not None:
            echo.line(f"[done] {spend_summary(result.deep)}")
    echo.end()
    print(format_result(result, args.format, args.style))
    return 0


def _draft(echo: DraftEcho, fields: dict[str, str]) -> None:
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
