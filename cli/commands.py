"""The argparse tree of every ``deepref`` command, and nothing else.

A handler is named ``"module:function"`` and imported by ``cli.main`` when its
command runs, so building the parser (``deepref --help``) loads no command's work:
not the engine, Celery, the fetcher, the models, nor pydantic.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from deepref.cli.output import CITATION_STYLES, DOCUMENTS, FORMATS


def register(subparsers: argparse._SubParsersAction) -> None:
    for add in (_cite, _research, _index, _jobs, _reports, _evaluate, _serve, _mcp_server):
        add(subparsers)


def add_job_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("question", help="what to research (quote it)")
    p.add_argument(
        "--corpus",
        metavar="DIR",
        help="search this folder of documents (PDF, DOCX, PPTX, EPUB, ODT, HTML, Markdown, text) instead of the web",
    )
    p.add_argument(
        "--provider",
        metavar="SPEC",
        help="search providers: a name, several joined with commas (openalex,arxiv,local) or a preset "
        "(web, academic, all); see docs/search.md",
    )
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
        "--verify-with-model",
        action="store_true",
        default=None,
        help="have the chat model judge the citations the support model is unsure of (docs/references.md)",
    )
    p.add_argument(
        "--language",
        metavar="LANG",
        help="write the answer in this language (fr, pt-BR, ja, or a name such as French); "
        "default: the question's. Quotes stay in their source's language",
    )
    p.add_argument(
        "--max-cost",
        type=float,
        metavar="USD",
        help="US dollars the job may spend on the chat model (any depth; the model's price must be known)",
    )
    p.add_argument(
        "--callback-url", metavar="URL", help="POST a signed event here when the job ends (docs/integrations.md)"
    )
    p.add_argument(
        "--follow-up",
        metavar="JOB_ID",
        help="ask this as a follow-up question of a finished job (or report run: NAME/RUN): its sources first, "
        "its answers as conversation, its options and footnote numbering (docs/pipeline.md)",
    )
    p.add_argument(
        "--approve-plan",
        action="store_true",
        help="with --depth standard/deep: queue the job, stop after planning and print the plan; it runs once "
        "approved (deepref approve JOB_ID [--plan FILE])",
    )


def add_output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--format",
        choices=(*FORMATS, *DOCUMENTS),
        default="md",
        help="output format (default: md); pdf and docx are files: --output FILE",
    )
    p.add_argument("--output", "-o", metavar="FILE", help="write the output to FILE instead of printing it")
    p.add_argument(
        "--style",
        choices=CITATION_STYLES,
        help="write the references of md, html or text output in this citation style",
    )


def _cite(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "cite",
        help="footnote an answer with passages of its sources (JSON in, JSON out)",
        description="Reads {answer, sources, options} as JSON on stdin (or --input) and writes the "
        "answer with [^n] markers, the rendered text and every reference as JSON.",
    )
    p.add_argument("--input", "-i", type=Path, help="read the JSON document from this file instead of stdin")
    p.set_defaults(handler="deepref.cli.cite:run")


def _research(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("research", help="answer a question now, in this process (no Redis, no worker)")
    add_job_options(p)
    add_output_options(p)
    p.add_argument(
        "--stream",
        action=argparse.BooleanOptionalAction,
        help="print the model's write-up on stderr as it is written (default: when stderr is a terminal)",
    )
    p.set_defaults(handler="deepref.cli.research:run")


def _index(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "index",
        help="build or update a folder's library index (only files added, changed or removed are read)",
        description="Indexes a folder of documents for --corpus into DEEPREF_INDEX_DIR (docs/library.md). "
        "Shows a progress bar on stderr and ends with a summary.",
    )
    p.add_argument("folder", metavar="DIR", help="the folder of documents")
    p.add_argument("--index-dir", type=Path, help="where indexes live (default: DEEPREF_INDEX_DIR)")
    p.add_argument("--workers", type=int, help="processes reading files (default: CPUs, at most 4)")
    p.add_argument(
        "--batch-seconds",
        type=float,
        help="commit at least this often (default 5): what an interrupted run has to read again",
    )
    p.add_argument(
        "--vectors",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="store every passage's vector by the configured embedder for hybrid search "
        "(default: DEEPREF_LIBRARY_VECTORS)",
    )
    p.set_defaults(handler="deepref.cli.index:run")


def _jobs(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("submit", help="queue a research job on Redis; prints its id as the last line")
    add_job_options(p)
    p.set_defaults(handler="deepref.cli.jobs:submit")

    p = subparsers.add_parser("status", help="state, progress and per-stage timings of a job")
    p.add_argument("job_id")
    p.set_defaults(handler="deepref.cli.jobs:status")

    p = subparsers.add_parser("result", help="the cited answer of a finished job")
    p.add_argument("job_id")
    p.add_argument("--wait", action="store_true", help="block until the job finishes")
    p.add_argument("--timeout", type=float, help="with --wait or --follow: give up after this many seconds")
    p.add_argument(
        "--follow",
        action="store_true",
        help="print the progress and the answer as it is written (on stderr), then the result (on stdout)",
    )
    add_output_options(p)
    p.set_defaults(handler="deepref.cli.jobs:result")

    p = subparsers.add_parser("plan", help="the plan of a job submitted with --approve-plan, as JSON to edit (stdout)")
    p.add_argument("job_id")
    p.add_argument("--wait", action="store_true", help="wait until the job has proposed its plan")
    p.add_argument("--timeout", type=float, help="with --wait: give up after this many seconds (default 300)")
    p.set_defaults(handler="deepref.cli.plans:plan")

    p = subparsers.add_parser("approve", help="approve a job's plan (edited with --plan FILE): the job runs it")
    p.add_argument("job_id")
    p.add_argument("--plan", type=Path, metavar="FILE", help="replace the plan with this JSON first (deepref plan's)")
    p.set_defaults(handler="deepref.cli.plans:approve")

    p = subparsers.add_parser("cancel", help="cancel a queued or running job")
    p.add_argument("job_id")
    p.set_defaults(handler="deepref.cli.jobs:cancel")

    p = subparsers.add_parser(
        "worker",
        help="run a Celery worker for deepref's queue (other options go to celery)",
        epilog="Other options go to 'celery worker', e.g. deepref worker --concurrency 4 --loglevel info",
    )
    p.add_argument(
        "--queues",
        default="interactive,bulk",
        help="queues to consume: interactive (CLI/API/MCP jobs), bulk (report sections) or both, "
        "interactive first (default: interactive,bulk)",
    )
    p.add_argument(
        "--metrics-port",
        type=int,
        metavar="N",
        help="serve Prometheus metrics of this worker host on port N (all its processes; docs/integrations.md)",
    )
    p.set_defaults(handler="deepref.cli.jobs:worker", passthrough=True)

    p = subparsers.add_parser(
        "beat",
        help="run Celery beat: the reaper of vanished jobs (and report schedules)",
        epilog="Other options go to 'celery beat', e.g. deepref beat --loglevel info",
    )
    p.set_defaults(handler="deepref.cli.jobs:beat", passthrough=True)


def _reports(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("reports", help="scheduled bulk reports")
    sub = p.add_subparsers(dest="reports_command", required=True)
    s = sub.add_parser("list", help="reports defined in DEEPREF_REPORTS_FILE and their latest run")
    s.set_defaults(handler="deepref.cli.reports:list_reports")
    s = sub.add_parser("run", help="run a report now, without waiting for its schedule")
    s.add_argument("name")
    s.add_argument("--local", action="store_true", help="research every question in this process (no Redis)")
    s.add_argument("--resume", action="store_true", help="continue the latest unfinished run instead")
    s.set_defaults(handler="deepref.cli.reports:run_report")
    s = sub.add_parser("show", help="print a run (the latest by default) as Markdown")
    s.add_argument("name")
    s.add_argument("run", nargs="?")
    s.set_defaults(handler="deepref.cli.reports:show_report")


def _evaluate(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("eval", help="judge an answer's citations with the configured chat model")
    sub = p.add_subparsers(dest="eval_command", required=True)
    s = sub.add_parser(
        "citations",
        help="re-judge every footnote of a result, job, report run or Markdown report (FACT's terms)",
        description="Asks the chat model (DEEPREF_LLM_*) whether each cited passage supports its claim and "
        "prints citation accuracy and effective citations as DeepResearch Bench's FACT counts them, then "
        "the citations judged unsupported. A Markdown report's links are fetched to find the passage.",
    )
    s.add_argument("answer", help="a result .json, a report run folder or report.json, a .md report, or a job id")
    s.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    s.add_argument("--model", help="judge with this model instead of DEEPREF_LLM_MODEL")
    s.add_argument("--max-pairs", type=int, default=200, help="judge at most this many (claim, source) pairs")
    s.add_argument("--fail-under", type=float, metavar="ACCURACY", help="exit 3 when citation accuracy is below this")
    s.set_defaults(handler="deepref.cli.evaluate:citations")


def _serve(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("serve", help="run the HTTP API and the report viewer")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="listen on a non-loopback address without DEEPREF_API_TOKEN (anyone who reaches it can use the API)",
    )
    p.set_defaults(handler="deepref.cli.serve:run")


def _mcp_server(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "mcp",
        help="serve deepref's tools to MCP clients (stdio; --http for streamable HTTP)",
        description="A Model Context Protocol server: tools research, submit, status, result, cancel, cite; "
        "finished reports as resources. See docs/mcp.md.",
    )
    p.add_argument(
        "--research",
        choices=("auto", "local", "queued"),
        default="auto",
        help="where the research tool runs: in this process (local), on the Redis queue (queued), or queued "
        "when DEEPREF_REDIS_URL is set (auto, the default)",
    )
    p.add_argument("--http", action="store_true", help="serve streamable HTTP instead of stdio")
    p.add_argument("--host", default="127.0.0.1", help="with --http: address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8001, help="with --http: port (default 8001)")
    p.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="with --http: listen beyond loopback without DEEPREF_API_TOKEN (anyone who reaches it can use it)",
    )
    p.set_defaults(handler="deepref.cli.mcp_server:run")
