"""The HTTP API and the viewer, on aiohttp.web: routes and handlers.

aiohttp.web rather than FastAPI: aiohttp is already a dependency (the fetcher),
it streams server-sent events natively, and the OpenAPI description is small
enough to write from the same pydantic models the API validates with.

Around the handlers: ``api.errors`` (every error as JSON), ``api.security`` (Host,
Origin, token, content type, response headers), ``api.validation`` (bodies and
ids) and ``api.events`` (the bounded event streams). docs/api.md has the security
model.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from deepref.api import security, validation
from deepref.api.appkeys import CLIENT, EVENT_TOKENS, SETTINGS, WARNINGS
from deepref.api.documents import add_routes as add_document_routes
from deepref.api.errors import error_response, errors
from deepref.api.events import end_streams, job_events, streams_ctx
from deepref.api.followups import add_routes as add_followup_routes
from deepref.api.models import JobRequest
from deepref.api.plans import add_routes as add_plan_routes
from deepref.api.references import add_routes as add_reference_routes
from deepref.api.spec import openapi_for
from deepref.reference.html import answer_html, safe_url
from deepref.reports.errors import ReportRunNotFound
from deepref.reports.store import ReportStore
from deepref.worker.confine import CorpusError, CorpusForbidden, corpus_folder
from deepref.worker.credentials import bearer_token, check_secrets, token_matches

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"


def create_app(settings: Settings | None = None, *, client=None, warnings: list[str] | None = None) -> web.Application:
    """The application; ``warnings`` (from ``security.check_listen``) are shown by /healthz.
    Raises ConfigurationError for a token too short to be one, or a search provider
    configured without its key."""
    from deepref.worker.settings import get_settings

    settings = settings or get_settings()
    check_secrets(settings)
    # a configured search provider without its key: the setting to fix, before serving
    from deepref.worker.search_config import check_search_config

    check_search_config(settings.search_provider, settings)
    app = web.Application(
        middlewares=[errors, security.allowed_host, security.allowed_origin, security.auth, security.json_bodies],
        client_max_size=settings.api_max_body_bytes,
    )
    if client is None:
        from deepref.worker.client import Client

        client = Client(settings)  # no I/O yet: Redis is reached on the first request
    app[SETTINGS] = settings
    app[CLIENT] = client
    app[WARNINGS] = list(warnings or [])
    token = settings.api_token
    app[EVENT_TOKENS] = (
        security.EventTokens(token.get_secret_value(), settings.api_event_token_seconds) if token else None
    )
    app.cleanup_ctx.append(streams_ctx)
    app.on_shutdown.append(end_streams)
    app.on_response_prepare.append(security.security_headers)
    r = app.router
    r.add_post("/v1/jobs", create_job)
    r.add_get("/v1/jobs/{id}", get_job)
    r.add_delete("/v1/jobs/{id}", delete_job)
    r.add_post("/v1/jobs/{id}/cancel", cancel_job)
    r.add_get("/v1/jobs/{id}/events", job_events, name=security.EVENTS_ROUTE)
    add_reference_routes(r, client)
    add_document_routes(r, client)
    add_plan_routes(r, client)
    add_followup_routes(r, client, _created, _reports)
    r.add_get("/v1/reports", list_reports)
    r.add_get("/v1/reports/{name}/runs/{run}", get_report_run)
    r.add_get("/healthz", healthz)
    r.add_get("/metrics", metrics_endpoint)
    r.add_get("/openapi.json", openapi_json)
    r.add_get("/jobs/{id}", viewer_page)
    r.add_get("/reports/{name}/runs/{run}", viewer_page)
    r.add_get("/", index_page)
    r.add_static("/static/", STATIC, show_index=False)
    return app


def _client(request: web.Request):
    return request.app[CLIENT]


async def create_job(request: web.Request) -> web.Response:
    job = await validation.read_model(request, JobRequest)  # "3" is not the integer 3 the description asks
    if job.options.corpus_dir is not None:  # the rule MCP over HTTP follows too
        try:
            job.options.corpus_dir = corpus_folder(job.options.corpus_dir, request.app[SETTINGS].api_corpus_roots)
        except CorpusForbidden as exc:
            return error_response(403, "Forbidden", str(exc))
        except CorpusError as exc:
            raise validation.BadRequest(str(exc)) from None
    # a remote caller: its picks within DEEPREF_ALLOWED_* (worker/jobs/limits.py)
    job_id = await asyncio.to_thread(_client(request).submit, job.question, job.options, caller="remote")
    return _created(request, job_id)


def _created(request: web.Request, job_id: str) -> web.Response:
    """202: the queued job's id and where to find it."""
    return web.json_response(
        {"id": job_id, "state": "queued", "urls": _urls(request, job_id)},
        status=202,
        headers={"Location": f"/v1/jobs/{job_id}"},
    )


def _urls(request: web.Request, job_id: str) -> dict[str, str]:
    """Where to find the job. With a token, the events URL carries a per-job token
    of its own (EventSource cannot send an Authorization header)."""
    events = f"/v1/jobs/{job_id}/events"
    tokens = request.app[EVENT_TOKENS]
    if tokens is not None:
        events += f"?token={tokens.issue(job_id)}"
    return {"status": f"/v1/jobs/{job_id}", "events": events, "page": f"/jobs/{job_id}"}


async def get_job(request: web.Request) -> web.Response:
    job_id = validation.job_id(request.match_info["id"])
    record = await asyncio.to_thread(_client(request).status, job_id)
    data = record.public()
    if record.result is not None:
        data["result"]["answer_html"] = answer_html(record.result.answer, record.result.markers)
        _add_hrefs(data["result"].get("references", []))
        _add_hrefs((data["result"].get("followup") or {}).get("references", []))  # a follow-up's thread
    data["urls"] = _urls(request, record.id)
    return web.json_response(data)


async def cancel_job(request: web.Request) -> web.Response:
    job_id = validation.job_id(request.match_info["id"])
    record = await asyncio.to_thread(_client(request).cancel, job_id)
    return web.json_response(record.public() | {"result": None})


async def delete_job(request: web.Request) -> web.Response:
    """A finished job's record, events and outputs are removed (a later GET is 404);
    a job still queued or running is 409 (JobPending): cancel it first."""
    job_id = validation.job_id(request.match_info["id"])
    await asyncio.to_thread(_client(request).delete, job_id)
    return web.Response(status=204)


def _reports(request: web.Request) -> ReportStore:
    return ReportStore(request.app[SETTINGS].reports_dir)


async def list_reports(request: web.Request) -> web.Response:
    return web.json_response({"reports": _reports(request).indexes()})


async def get_report_run(request: web.Request) -> web.Response:
    name, run = request.match_info["name"], request.match_info["run"]
    try:
        data = json.loads(_reports(request).read(name, run, "report.json"))
    except ReportRunNotFound as exc:
        raise ReportRunNotFound(f"no report run: {exc}; see GET /v1/reports for what exists") from None
    for section in data.get("sections", []):
        if section.get("answer") is not None:
            section["answer_html"] = answer_html(section["answer"], section.get("markers", []))
        _add_hrefs(section.get("references") or [])
    _add_hrefs(data.get("references", []))
    return web.json_response(data)


def _add_hrefs(references: list[dict]) -> None:
    """Each reference's link as the viewer may follow it ("" when unsafe): the one
    URL rule of reference/html.py, so the viewer keeps no rule of its own."""
    for ref in references:
        ref["href"] = safe_url(ref.get("url") or "")


async def healthz(request: web.Request) -> web.Response:
    """200 when Redis answers and at least one worker answers a ping; 503 otherwise."""
    settings, client = request.app[SETTINGS], request.app[CLIENT]

    def check() -> dict:
        import redis

        status: dict[str, Any] = {"redis": False, "workers": 0}
        try:
            redis.Redis.from_url(settings.redis_url, socket_connect_timeout=2, socket_timeout=2).ping()
            status["redis"] = True
        except redis.RedisError as exc:
            status["redis_error"] = f"cannot reach Redis at {settings.redis_url_redacted()}: {exc}"
            return status
        try:  # the client's Celery app: the broker of this server's settings
            status["workers"] = len(client.celery.control.ping(timeout=1.0) or [])
        except Exception as exc:  # the broker answered Redis pings; report rather than fail
            status["worker_error"] = str(exc)
        return status

    status = await asyncio.to_thread(check)
    if request.app[WARNINGS]:
        status["warnings"] = request.app[WARNINGS]  # --insecure-no-auth, said wherever anyone looks
    healthy = status["redis"] and status["workers"] > 0
    return web.json_response({"status": "ok" if healthy else "unavailable", **status}, status=200 if healthy else 503)


async def metrics_endpoint(request: web.Request) -> web.Response:
    """Prometheus text format: this process's metrics (every worker process's too when
    PROMETHEUS_MULTIPROC_DIR is shared with them) and the store's gauges. Behind
    DEEPREF_METRICS_TOKEN, else DEEPREF_API_TOKEN, else as open as the rest of a
    loopback-only API (docs/integrations.md, "Metrics")."""
    from prometheus_client import CONTENT_TYPE_LATEST

    from deepref.worker import metrics

    settings = request.app[SETTINGS]
    if settings.metrics_token is not None or settings.api_token is not None:
        given = bearer_token(request.headers.get("Authorization"))
        if not token_matches(given, settings.metrics_token, settings.api_token):
            raise web.HTTPUnauthorized(
                text="missing or wrong bearer token for /metrics (DEEPREF_METRICS_TOKEN or DEEPREF_API_TOKEN)",
                headers={"WWW-Authenticate": 'Bearer realm="deepref-metrics"'},
            )
    body = await asyncio.to_thread(metrics.render, _client(request).store)
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def openapi_json(request: web.Request) -> web.Response:
    return web.json_response(openapi_for(request.app[SETTINGS]))


async def viewer_page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "viewer.html")


async def index_page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html")
