"""The HTTP API and the viewer, on aiohttp.web.

aiohttp.web rather than FastAPI: aiohttp is already a dependency (the fetcher),
it streams server-sent events natively, and the OpenAPI description is small
enough to write from the same pydantic models the API validates with.

Errors are JSON ``{"error": {"type", "message"}}`` with the status that fits:
malformed JSON 400, missing or wrong token 401, unknown job 404, too large 413,
invalid fields 422, Redis down 503. No traceback ever reaches a client.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from pathlib import Path

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from api.render import answer_html
from api.spec import openapi
from reference.errors import (
    ConfigurationError,
    DeeprefError,
    InputError,
    JobError,
    JobNotFound,
    StoreUnavailable,
)
from worker.models import ResearchOptions

log = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"
SETTINGS = web.AppKey("settings", object)
CLIENT = web.AppKey("client", object)
AIOREDIS = web.AppKey("aioredis", object)
KEYS = web.AppKey("keys", object)
SSE_HEARTBEAT = 15.0


class JobRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(..., description="What to research.")
    options: ResearchOptions = Field(default_factory=ResearchOptions)


def _error(status: int, kind: str, message: str, headers: dict | None = None) -> web.Response:
    return web.json_response({"error": {"type": kind, "message": message}}, status=status, headers=headers)


@web.middleware
async def errors(request: web.Request, handler):
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        message = {
            413: f"request body too large (limit {request.app[SETTINGS].api_max_body_bytes:,} bytes)",
            404: f"no route {request.method} {request.path}",
            405: f"{request.method} is not allowed on {request.path}",
        }.get(exc.status, exc.reason)
        return _error(exc.status, type(exc).__name__, message)
    except JobNotFound as exc:
        return _error(404, "JobNotFound", str(exc))
    except (InputError, ConfigurationError) as exc:
        return _error(422, type(exc).__name__, str(exc))
    except StoreUnavailable as exc:
        return _error(503, "StoreUnavailable", str(exc))
    except (JobError, DeeprefError) as exc:
        return _error(409, type(exc).__name__, str(exc))
    except Exception:  # a bug: log it here, never send a traceback
        log.exception("unhandled error on %s %s", request.method, request.path)
        return _error(500, "InternalError", "internal error; the server log has the details")


@web.middleware
async def auth(request: web.Request, handler):
    token = request.app[SETTINGS].api_token
    open_paths = request.path in ("/healthz", "/openapi.json") or not request.path.startswith("/v1/")
    if token is None or open_paths:
        return await handler(request)
    header = request.headers.get("Authorization", "")
    given = header[7:] if header.startswith("Bearer ") else request.query.get("access_token", "")
    if not hmac.compare_digest(given.encode(), token.get_secret_value().encode()):
        return _error(
            401,
            "Unauthorized",
            "missing or wrong bearer token (send 'Authorization: Bearer <token>')",
            headers={"WWW-Authenticate": 'Bearer realm="deepref"'},
        )
    return await handler(request)


def create_app(settings=None, *, client=None) -> web.Application:
    from worker.settings import get_settings

    settings = settings or get_settings()
    app = web.Application(middlewares=[errors, auth], client_max_size=settings.api_max_body_bytes)
    if client is None:
        from worker.client import Client

        client = Client(settings)  # no I/O yet: Redis is reached on the first request
    app[SETTINGS] = settings
    app[CLIENT] = client
    app.cleanup_ctx.append(_redis_ctx)
    r = app.router
    r.add_post("/v1/jobs", create_job)
    r.add_get("/v1/jobs/{id}", get_job)
    r.add_delete("/v1/jobs/{id}", cancel_job)
    r.add_get("/v1/jobs/{id}/events", job_events)
    r.add_get("/v1/reports", list_reports)
    r.add_get("/v1/reports/{name}/runs/{run}", get_report_run)
    r.add_get("/healthz", healthz)
    r.add_get("/openapi.json", openapi_json)
    r.add_get("/jobs/{id}", viewer_page)
    r.add_get("/reports/{name}/runs/{run}", viewer_page)
    r.add_get("/", index_page)
    r.add_static("/static/", STATIC, show_index=False)
    return app


def _client(request: web.Request):
    return request.app[CLIENT]


async def _json_body(request: web.Request) -> object:
    try:
        return await request.json()
    except json.JSONDecodeError as exc:
        raise web.HTTPBadRequest(reason=f"body is not valid JSON: {exc.msg} at line {exc.lineno}") from None


async def create_job(request: web.Request) -> web.Response:
    body = await _json_body(request)
    try:
        job = JobRequest.model_validate(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "body"
        return _error(422, "ValidationError", f"{where}: {err['msg']}")
    if job.options.corpus_dir is not None:
        corpus = _allowed_corpus(job.options.corpus_dir, request.app[SETTINGS].api_corpus_roots)
        if corpus is None:
            return _error(
                403,
                "Forbidden",
                f"options.corpus_dir: {job.options.corpus_dir!r} is not inside a folder this server lets HTTP "
                "clients search (DEEPREF_API_CORPUS_ROOTS)",
            )
        job.options.corpus_dir = str(corpus)
    job_id = await asyncio.to_thread(_client(request).submit, job.question, job.options)
    return web.json_response(
        {"id": job_id, "state": "queued", "urls": _urls(job_id)},
        status=202,
        headers={"Location": f"/v1/jobs/{job_id}"},
    )


def _allowed_corpus(folder: str, roots) -> Path | None:
    """The folder, resolved, when it lies inside one of ``roots``: a caller over HTTP
    must not make the worker read whatever folder of its machine it names. A relative
    folder is taken inside the first root."""
    if not roots:
        return None
    path = Path(folder).expanduser()
    path = (path if path.is_absolute() else Path(roots[0]) / path).resolve()
    return path if any(path.is_relative_to(Path(root).resolve()) for root in roots) else None


def _urls(job_id: str) -> dict[str, str]:
    return {"status": f"/v1/jobs/{job_id}", "events": f"/v1/jobs/{job_id}/events", "page": f"/jobs/{job_id}"}


async def get_job(request: web.Request) -> web.Response:
    record = await asyncio.to_thread(_client(request).status, request.match_info["id"])
    data = record.public()
    if record.result is not None:
        data["result"]["answer_html"] = answer_html(record.result.answer, record.result.markers)
    data["urls"] = _urls(record.id)
    return web.json_response(data)


async def cancel_job(request: web.Request) -> web.Response:
    record = await asyncio.to_thread(_client(request).cancel, request.match_info["id"])
    return web.json_response(record.public() | {"result": None})


async def job_events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: one ``state`` event per change, until the job ends."""
    client = _client(request)
    job_id = request.match_info["id"]
    await asyncio.to_thread(client.status, job_id)  # 404 before the stream starts
    last = request.headers.get("Last-Event-ID") or request.query.get("last_event_id") or "0"
    resp = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    )
    await resp.prepare(request)
    idle = 0.0
    while True:
        events = await _events(request.app, job_id, last)
        if not events:
            idle += 1.0
            if idle >= SSE_HEARTBEAT:
                await resp.write(b": keep-alive\n\n")
                idle = 0.0
            continue
        idle = 0.0
        for event_id, data in events:
            last = event_id
            await resp.write(f"id: {event_id}\nevent: state\ndata: {json.dumps(data)}\n\n".encode())
            if data.get("state") in ("done", "failed", "cancelled"):
                await resp.write_eof()
                return resp


async def _redis_ctx(app: web.Application):
    """An asyncio Redis client for event streams: no thread held per listener."""
    import redis.asyncio as aioredis

    from worker.keys import Keys

    app[AIOREDIS] = aioredis.Redis.from_url(app[SETTINGS].redis_url, decode_responses=True)
    app[KEYS] = Keys(app[SETTINGS].key_prefix)
    yield
    await app[AIOREDIS].aclose()


async def _events(app: web.Application, job_id: str, last: str) -> list[tuple[str, dict]]:
    answer = await app[AIOREDIS].xread({app[KEYS].job_events(job_id): last}, block=1000, count=100)
    return [(event_id, data) for _stream, entries in answer or [] for event_id, data in entries]


def _reports_root(request: web.Request) -> Path:
    return Path(request.app[SETTINGS].reports_dir)


async def list_reports(request: web.Request) -> web.Response:
    root = _reports_root(request)
    reports = []
    for index in sorted(root.glob("*/index.json")) if root.is_dir() else []:
        try:
            reports.append(json.loads(index.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    return web.json_response({"reports": reports})


async def get_report_run(request: web.Request) -> web.Response:
    name, run = request.match_info["name"], request.match_info["run"]
    if not _safe_name(name) or not _safe_name(run):
        raise JobNotFound(f"no report run {name}/{run}")
    path = _reports_root(request) / name / run / "report.json"
    if not path.is_file():
        raise JobNotFound(f"no report run {name}/{run}: see GET /v1/reports for what exists")
    data = json.loads(path.read_text(encoding="utf-8"))
    for section in data.get("sections", []):
        if section.get("answer") is not None:
            section["answer_html"] = answer_html(section["answer"], section.get("markers", []))
    return web.json_response(data)


def _safe_name(value: str) -> bool:
    return bool(value) and all(ch.isalnum() or ch in "-_." for ch in value) and not value.startswith(".")


async def healthz(request: web.Request) -> web.Response:
    """200 when Redis answers and at least one worker answers a ping; 503 otherwise."""
    settings = request.app[SETTINGS]

    def check() -> dict:
        import redis

        status = {"redis": False, "workers": 0}
        try:
            redis.Redis.from_url(settings.redis_url, socket_connect_timeout=2, socket_timeout=2).ping()
            status["redis"] = True
        except redis.RedisError as exc:
            status["redis_error"] = f"cannot reach Redis at {settings.redis_url_redacted()}: {exc}"
            return status
        from worker.celery_app import app as celery_app

        try:
            status["workers"] = len(celery_app.control.ping(timeout=1.0) or [])
        except Exception as exc:  # the broker answered Redis pings; report rather than fail
            status["worker_error"] = str(exc)
        return status

    status = await asyncio.to_thread(check)
    healthy = status["redis"] and status["workers"] > 0
    return web.json_response({"status": "ok" if healthy else "unavailable", **status}, status=200 if healthy else 503)


async def openapi_json(request: web.Request) -> web.Response:
    return web.json_response(openapi())


async def viewer_page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "viewer.html")


async def index_page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html")
