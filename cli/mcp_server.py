"""``deepref mcp``: deepref as a Model Context Protocol server, for agents that call tools.

Tools: ``research`` (in this process, or queued on Redis when one is configured,
with a progress notification as each stage starts), ``submit``, ``status``,
``result``, ``export`` (PDF or DOCX), ``plan`` and ``approve`` (options.approve_plan), ``follow_up``,
``cancel`` and ``cite`` (the JSON contract of ``deepref cite``).
Finished report runs are resources: ``deepref://reports/{name}/{run}/{file}``.
Built on the official SDK's ``MCPServer``; stdio by default, streamable HTTP with
``--http`` (``cli/mcp_http.py``). docs/mcp.md has the client configuration.

Errors are the CLI's messages as tool errors: a DeeprefError or refused options
say what is wrong; a bug is logged on stderr and reported without a traceback.
"""

# no ``from __future__ import annotations``: the SDK reads the tools' annotations, some of
# which (Context) are imported inside build_server to keep ``deepref --help`` light
import argparse
import asyncio
import base64
import functools
import json
import logging
import time
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from deepref.cli.main import describe_validation_error
from deepref.cli.output import FORMATS, check_output_options, format_result
from deepref.reference.errors import DeeprefError, InputError
from deepref.reports.errors import ReportRunNotFound
from deepref.reports.store import ReportStore
from deepref.worker.confine import SHOWN_CHARS, corpus_folder
from deepref.worker.errors import JobTimeout, NotAwaitingApproval
from deepref.worker.jobs.models import JobState, ResearchBudget, ResearchOptions, ResearchResult
from deepref.worker.jobs.plans import ResearchPlan

if TYPE_CHECKING:
    from deepref.worker.client import Client
    from deepref.worker.jobs.limits import Caller
    from deepref.worker.settings import Settings

SERVER_NAME = "deepref"
REPORT_FILES = {  # what a report run folder holds -> media type
    "report.md": "text/markdown",
    "report.html": "text/html",
    "report.json": "application/json",
    "references.bib": "application/x-bibtex",
    "references.ris": "application/x-research-info-systems",
    "references.json": "application/vnd.citationstyles.csl+json",
}
POLL_SECONDS = 0.5  # how often a queued research looks at its job
PING_SECONDS = 1.0  # how long a queued research waits for a worker to answer a ping, before it queues

JobId = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$", description="A job id, as submit returned it.")]
Style = Annotated[
    Literal["apa", "chicago-author-date"] | None,
    Field(description="Write the reference list in this citation style (md, html and text only)."),
]


class CiteSource(BaseModel):
    """One source of ``cite``, for the tool's schema; ``deepref cite``'s own validation
    then checks the document, so both give the same answers and messages."""

    model_config = ConfigDict(extra="allow")  # a field deepref cite learns later passes through to it
    id: StrictStr | StrictInt = Field(description="The source's id; [n] in the answer cites id n (never a bool).")
    url: str = Field(max_length=8192, description="The source's URL.")
    title: str = Field(description="The source's title.")
    text: str = Field(description="The source's text; quotes and spans index it.")
    date: str | None = Field(None, description="The source's date, ISO.")


def run(args: argparse.Namespace) -> int:
    from deepref.worker.credentials import check_secrets
    from deepref.worker.settings import get_settings

    settings = get_settings()
    check_secrets(settings)  # a short secret of this deployment refuses to start, whichever transport
    queued = args.research == "queued" or (args.research == "auto" and "redis_url" in settings.model_fields_set)
    if args.http:
        from deepref.cli.mcp_http import serve_http

        return serve_http(settings, args, lambda: build_server(settings, queued=queued, http=True))
    build_server(settings, queued=queued, http=False).run("stdio")
    return 0


# --------------------------------------------------------------------------- errors
class CapLoggedInput(logging.Filter):
    """Log lines never carry unbounded input: the SDK logs a refused resource's URI
    whole, so every string argument and message is cut to a few caller-sized lines."""

    limit = 3 * SHOWN_CHARS

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = self._cut(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self._cut(a) if isinstance(a, str) else a for a in record.args)
        return True

    def _cut(self, text: str) -> str:
        return text if len(text) <= self.limit else f"{text[: self.limit]}… ({len(text)} characters)"


def _tool_errors(fn):
    """The CLI's one-line messages as MCP tool errors; anything else is the SDK's
    (logged with its traceback on stderr, reported as a bare failure)."""
    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
        except ValidationError as exc:
            raise ToolError(describe_validation_error(exc)) from None
        except DeeprefError as exc:
            raise ToolError(str(exc)) from None

    return wrapper


def build_server(settings: "Settings", *, queued: bool, http: bool):
    """The MCP server with deepref's tools and report resources. Over HTTP a caller
    names a corpus folder only inside DEEPREF_API_CORPUS_ROOTS, as with the API."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError

    class Server(MCPServer):
        async def call_tool(self, name, arguments, context=None):
            try:
                return await super().call_tool(name, arguments, context)
            except UnexpectedToolError:
                raise  # a bug: the SDK logs it and answers without details
            except ToolError as exc:
                if isinstance(exc.__cause__, ValidationError):  # arguments refused by the input schema
                    raise ToolError(f"{name}: {describe_validation_error(exc.__cause__)}") from None
                # the CLI's message as it is, without the SDK's "Error executing tool x: "
                raise ToolError(str(exc).removeprefix(f"Error executing tool {name}: ")) from None

        async def list_resources(self):
            return [*await super().list_resources(), *_report_resources(ReportStore(settings.reports_dir))]

    server = Server(
        SERVER_NAME,
        title="deepref",
        instructions="Research questions on the web or a folder of documents; every claim of an answer carries a "
        "footnote with the exact passage of its source. research waits for the answer; submit/status/result "
        "queue it on Redis. cite footnotes an answer you already have.",
        log_level="WARNING",
    )
    for handler in logging.getLogger().handlers:  # the SDK's (and deepref mcp --http's) log lines
        handler.addFilter(CapLoggedInput())
    jobs = _Jobs(settings)
    _research_tools(server, settings, jobs, queued=queued, http=http)
    _plan_tools(server, jobs)
    _follow_up_tool(server, settings, jobs, queued=queued, http=http)
    _cite_tool(server)
    _report_resource(server, settings)
    return server


def _research_tools(server, settings: "Settings", jobs: "_Jobs", *, queued: bool, http: bool) -> None:
    """research, submit, status, result, export, cancel."""
    from mcp.server.mcpserver import Context
    from mcp_types import BlobResourceContents, EmbeddedResource

    question_chars = settings.max_question_chars  # the operator's limit, in the schema the client sees
    # over HTTP a remote caller, bound by DEEPREF_ALLOWED_*; over stdio this machine's user,
    # who runs deepref with its settings: the operator (worker/jobs/limits.py)
    caller: Caller = "remote" if http else "operator"
    Question = Annotated[
        str, Field(min_length=1, max_length=question_chars, description="What to research, in plain words.")
    ]

    def checked(options: ResearchOptions | None) -> ResearchOptions:
        """The API's corpus rule: over HTTP inside DEEPREF_API_CORPUS_ROOTS; over stdio
        the caller is this machine's user, and any folder of theirs will do."""
        options = options or ResearchOptions()
        if options.corpus_dir is not None:
            options.corpus_dir = corpus_folder(options.corpus_dir, settings.api_corpus_roots if http else None)
        return options

    @server.tool(description="Answer a question now and wait for it: search, fetch, write, footnote. Sends a progress "
                 "notification as each stage starts. Returns the answer as Markdown with [^n] footnotes and every "
                 "reference with its quote.")  # fmt: skip
    @_tool_errors
    async def research(
        question: Question,
        ctx: Context,
        options: Annotated[ResearchOptions | None, Field(description="Search and referencing options.")] = None,
        style: Style = None,
        wait_seconds: Annotated[
            float, Field(gt=0, le=3600, description="Queued mode: give up waiting after this long.")
        ] = 600,
    ) -> dict[str, Any]:
        options = checked(options)
        if options.approve_plan:  # research waits for the answer; the plan waits for a person
            raise InputError("options.approve_plan: call submit, then plan and approve; research waits for an answer")
        if queued:
            result, job_id = await jobs.research(question, options, ctx, wait_seconds, caller=caller)
        else:
            result, job_id = await _research_here(question, options, settings, ctx, caller), None
        data = json.loads(format_result(result, "json"))
        return {"job_id": job_id, "markdown": format_result(result, "md", style), **data}

    @server.tool(description="Queue a research job on Redis and return its id at once (a worker must run).")
    @_tool_errors
    async def submit(
        question: Question,
        options: Annotated[ResearchOptions | None, Field(description="Search and referencing options.")] = None,
    ) -> dict[str, str]:
        job_id = await asyncio.to_thread(jobs.client().submit, question, checked(options), caller=caller)
        return {"id": job_id, "state": JobState.queued.value}

    @server.tool(description="State, progress, message and per-stage timings of a job.")
    @_tool_errors
    async def status(job_id: JobId) -> dict[str, Any]:
        record = await asyncio.to_thread(jobs.client().status, job_id)
        return record.model_dump(mode="json", exclude={"result"}) | {"has_result": record.result is not None}

    @server.tool(description="The cited answer of a finished job, in a format: md (default), html, json, text, or "
                 "the bibliography files bibtex, ris, csl-json.")  # fmt: skip
    @_tool_errors
    async def result(
        job_id: JobId,
        format: Annotated[Literal[FORMATS], Field(description="Output format.")] = "md",  # type: ignore[valid-type]
        style: Style = None,
        wait: Annotated[bool, Field(description="Block until the job finishes.")] = False,
        timeout: Annotated[
            float | None, Field(gt=0, le=3600, description="With wait: seconds to wait (default 600).")
        ] = None,
    ) -> str:
        check_output_options(format, style)  # before the store is asked
        if wait and timeout is None:  # the wait runs in a thread a cancelled call cannot stop: bound it
            timeout = 600
        res = await asyncio.to_thread(jobs.client().result, job_id, wait=wait, timeout=timeout)
        return format_result(res, format, style)

    @server.tool(description="A finished job's answer as a PDF or DOCX file to hand on: every quote, its page and "
                 "link in a footnote, then the reference list (docs/exports.md). Returned as an embedded resource "
                 "(base64).")  # fmt: skip
    @_tool_errors
    async def export(
        job_id: JobId,
        format: Annotated[Literal["pdf", "docx"], Field(description="File format.")] = "pdf",
    ) -> EmbeddedResource:
        from deepref.export import MEDIA_TYPES, check_available, document_from_result, render

        check_available(format)  # the extra is missing: say so before the store is asked
        res = await asyncio.to_thread(jobs.client().result, job_id)
        data = await asyncio.to_thread(render, document_from_result(res), format)
        blob = BlobResourceContents(
            uri=f"deepref://jobs/{job_id}/report.{format}",
            mime_type=MEDIA_TYPES[format],
            blob=base64.b64encode(data).decode("ascii"),
        )
        return EmbeddedResource(resource=blob)

    @server.tool(description="Cancel a queued or running job; a finished job stays as it is.")
    @_tool_errors
    async def cancel(job_id: JobId) -> dict[str, str]:
        record = await asyncio.to_thread(jobs.client().cancel, job_id)
        return {"id": record.id, "state": record.state.value}


def _plan_tools(server, jobs: "_Jobs") -> None:
    """plan and approve: a job submitted with options.approve_plan (docs/pipeline.md)."""

    @server.tool(description="The plan of a job submitted with options.approve_plan (depth standard or deep): its "
                 "state (awaiting_approval until approved), sub-questions, first queries, outline, clarifying "
                 "questions to answer, warnings, and when it expires.")  # fmt: skip
    @_tool_errors
    async def plan(job_id: JobId) -> dict[str, Any]:
        record = await asyncio.to_thread(jobs.client().status, job_id)
        if record.plan is None:
            raise NotAwaitingApproval(
                f"job {job_id} has no plan ({record.state.value}): "
                + ("it is still planning" if record.options.approve_plan else "it was submitted without approve_plan"),
                job_id=job_id,
            )
        return {"id": record.id, "state": record.state.value, "plan": record.plan.model_dump(mode="json")}

    @server.tool(description="Approve the plan of a job awaiting approval, first replacing it when a plan is given "
                 "(the whole plan: sub_questions, queries, outline, clarifications with the user's answers). The "
                 "job then runs the approved plan.")  # fmt: skip
    @_tool_errors
    async def approve(
        job_id: JobId,
        plan: Annotated[ResearchPlan | None, Field(description="The edited plan; omit to approve it as it is.")] = None,
    ) -> dict[str, str]:
        client = jobs.client()
        if plan is not None:
            await asyncio.to_thread(client.replace_plan, job_id, plan)
        record = await asyncio.to_thread(client.approve, job_id)
        return {"id": record.id, "state": record.state.value}


def _follow_up_tool(server, settings: "Settings", jobs: "_Jobs", *, queued: bool, http: bool) -> None:
    """follow_up: a question to a finished job's answer (docs/pipeline.md, "Follow-up questions")."""
    from mcp.server.mcpserver import Context

    caller: Caller = "remote" if http else "operator"
    Question = Annotated[
        str,
        Field(min_length=1, max_length=settings.max_question_chars, description="The follow-up question."),
    ]

    @server.tool(description="Ask a follow-up question of a finished job (its job_id) and wait for the answer: the "
                 "job's sources are read first and a new search runs only when they do not hold the question; the "
                 "earlier questions and answers are the model's conversation; footnotes are numbered across the "
                 "thread. Returns what research returns, with followup (parent, turns, searched, note, the thread's "
                 "references) and the new job_id to follow up in turn.")  # fmt: skip
    @_tool_errors
    async def follow_up(
        job_id: JobId,
        question: Question,
        ctx: Context,
        budget: Annotated[
            ResearchBudget | None, Field(description="What it may spend (cost); default: the parent's cost budget.")
        ] = None,
        wait_seconds: Annotated[
            float, Field(gt=0, le=3600, description="Queued mode: give up waiting after this long.")
        ] = 600,
        style: Style = None,
    ) -> dict[str, Any]:
        if queued:
            result, new_id = await jobs.research(
                question, ResearchOptions(), ctx, wait_seconds, caller=caller, follow_up=(job_id, budget)
            )
        else:  # this process answers; the parent (its answer and sources) is read from Redis
            from deepref.worker.pipeline import followup

            store = jobs.client().store
            parent = await asyncio.to_thread(store.get, job_id)
            followup.check_parent(parent)
            options = followup.options_of(parent, budget, corpus_roots=settings.api_corpus_roots if http else None)
            thread = {"parent": parent.id, "parent_store": store}
            result, new_id = await _research_here(question, options, settings, ctx, caller, thread), None
        data = json.loads(format_result(result, "json"))
        return {"job_id": new_id, "markdown": format_result(result, "md", style), **data}


def _cite_tool(server) -> None:
    @server.tool(description="Footnote an answer you already have with passages of its sources: the JSON contract "
                 "of 'deepref cite' (answer, sources [{id, url, title, text, date?}], options) in, the footnoted "
                 "answer, every reference and the rendered text out.")  # fmt: skip
    @_tool_errors
    async def cite(
        answer: Annotated[str, Field(max_length=1_000_000, description="The text to footnote; [n] markers optional.")],
        sources: Annotated[list[CiteSource], Field(max_length=10_000, description="The sources the answer may cite.")],
        options: Annotated[
            dict[str, Any] | None, Field(description="The options of deepref cite (docs/references.md).")
        ] = None,
    ) -> dict[str, Any]:
        document = {"answer": answer, "sources": [s.model_dump(exclude_unset=True) for s in sources]}
        return await asyncio.to_thread(_cite, document | {"options": options or {}})


def _report_resource(server, settings: "Settings") -> None:
    """One URI template per file of a run, so each carries its media type."""
    from mcp.server.mcpserver.exceptions import ResourceError

    store = ReportStore(settings.reports_dir)

    def reader(file: str):
        def read(name: str, run: str) -> str:
            try:
                return store.read(name, run, file)
            except ReportRunNotFound as exc:
                raise ResourceError(f"{exc}: see the resources listed for the runs") from None

        return read

    for file, mime in REPORT_FILES.items():
        server.resource(
            f"deepref://reports/{{name}}/{{run}}/{file}",
            name=f"report-{file}",
            description=f"{file} of a finished run of a scheduled report",
            mime_type=mime,
        )(reader(file))


# --------------------------------------------------------------------------- research
async def _research_here(
    question: str, options: ResearchOptions, settings: "Settings", ctx, caller: "Caller", thread: dict | None = None
) -> ResearchResult:
    """The embedded pipeline in this process; the runner's progress callback (called
    on this loop) feeds one task that sends the notifications in order."""
    from deepref.worker.pipeline.embedded import run_research_async

    queue: asyncio.Queue = asyncio.Queue()

    async def send() -> None:
        while (item := await queue.get()) is not None:
            await ctx.report_progress(*item)

    sender = asyncio.create_task(send())
    try:
        return await run_research_async(
            question,
            options,
            settings=settings,
            on_progress=lambda stage, fraction, state: queue.put_nowait((fraction, 1.0, state)),
            caller=caller,
            **(thread or {}),
        )
    finally:
        queue.put_nowait(None)
        await sender


class NoWorker(DeeprefError):
    """Queued research with no worker answering: the job would wait its whole timeout."""


class _Jobs:
    """The queue side: one client, made on first use (stdio research needs no Redis)."""

    def __init__(self, settings: "Settings"):
        self.settings = settings
        self._client: Client | None = None  # not evaluated: an attribute annotation in a function

    def client(self) -> "Client":
        if self._client is None:
            from deepref.worker.client import Client

            self._client = Client(self.settings)
        return self._client

    def workers_answer(self) -> bool:
        """Whether a worker of this broker answers a ping within PING_SECONDS; True when
        the broker cannot be asked (submit then says what is wrong with it)."""
        return self.client().workers_answer(PING_SECONDS)

    async def research(
        self,
        question: str,
        options: ResearchOptions,
        ctx,
        wait_seconds: float,
        *,
        caller: "Caller",
        follow_up: tuple[str, ResearchBudget | None] | None = None,
    ):
        """Submit (a follow-up of ``follow_up``'s job, under its budget, when given), report
        the job's progress as it changes, return its result; a cancelled tool call cancels the job."""
        client = self.client()
        if not await asyncio.to_thread(self.workers_answer):
            raise NoWorker(
                f"{client.no_worker_message()}, or run this server with --research local to research in its own process"
            )
        if follow_up is None:
            job_id = await asyncio.to_thread(client.submit, question, options, caller=caller)
        else:
            parent, budget = follow_up
            job_id = await asyncio.to_thread(client.follow_up, parent, question, budget=budget, caller=caller)
        await ctx.report_progress(0.0, 1.0, f"queued as job {job_id}")
        deadline, last = time.monotonic() + wait_seconds, None
        try:
            while True:
                record = await asyncio.to_thread(client.status, job_id)
                if (record.state, record.progress) != last:
                    last = (record.state, record.progress)
                    await ctx.report_progress(record.progress, 1.0, f"{record.state.value}: {record.message}".strip())
                if record.state.finished:
                    break
                if time.monotonic() > deadline:
                    raise JobTimeout(
                        f"job {job_id} did not finish within {wait_seconds:g} s (state: {record.state.value}); "
                        f"it goes on: call result with job_id {job_id} and wait=true",
                        job_id=job_id,
                    )
                await asyncio.sleep(POLL_SECONDS)
        except asyncio.CancelledError:
            await asyncio.shield(asyncio.to_thread(client.cancel, job_id))
            raise
        return await asyncio.to_thread(client.result, job_id), job_id


def _cite(document: dict[str, Any]) -> dict[str, Any]:
    """``deepref cite`` on a document: the same validation (and messages) and engine call."""
    from deepref.cli.cite import cite, validate_document

    return cite(validate_document(document))


# --------------------------------------------------------------------------- report resources
def _report_resources(store: ReportStore) -> list:
    """A resource per file of every finished run (newest runs first), read from the
    reports' index files each time, so a run finished since is listed."""
    from mcp_types import Resource

    out = []
    for data in store.indexes():
        for run in reversed(data.get("runs", [])):
            if run.get("status") not in ("done", "partial"):
                continue
            folder = store.run_dir(data["name"], run["run"])
            for file, mime in REPORT_FILES.items():
                if (folder / file).is_file():
                    out.append(
                        Resource(
                            uri=f"deepref://reports/{data['name']}/{run['run']}/{file}",
                            name=f"{data['name']}/{run['run']}/{file}",
                            title=f"{data.get('title', data['name'])} ({run['run']}): {file}",
                            mime_type=mime,
                        )
                    )
    return out
