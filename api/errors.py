"""Every error the API answers, as JSON ``{"error": {"type", "message"}}``.

One middleware translates deepref's exception tree and aiohttp's HTTP exceptions
into statuses: malformed request 400, missing or wrong token 401, forbidden 403,
unknown job 404, wrong method 405 (with ``Allow``), a job in the wrong state 409,
too large 413, wrong content type 415, Host not served 421, invalid fields 422,
too many streams 429/503, Redis down 503. No traceback ever reaches a client; a bug
is logged here and answered 500.
"""

from __future__ import annotations

import logging

from aiohttp import web

from deepref.api.appkeys import SETTINGS
from deepref.api.validation import BadRequest, InvalidBody
from deepref.reference.errors import ConfigurationError, DeeprefError, InputError
from deepref.reports.errors import ReportRunNotFound
from deepref.worker.errors import JobError, JobNotFound, StoreUnavailable

log = logging.getLogger("api")


class ApiError(DeeprefError):
    """An answer with a status of its own (a refused Host, Origin, content type, a full stream pool)."""

    def __init__(self, status: int, kind: str, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.kind, self.headers = status, kind, headers


def error_response(status: int, kind: str, message: str, headers: dict | None = None) -> web.Response:
    return web.json_response({"error": {"type": kind, "message": message}}, status=status, headers=headers)


@web.middleware
async def errors(request: web.Request, handler):
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        max_body = request.app[SETTINGS].api_max_body_bytes
        message = {
            413: f"request body too large (limit {max_body:,} bytes)",
            404: f"no route {request.method} {request.path}",
            405: f"{request.method} is not allowed on {request.path}",
        }.get(exc.status, exc.reason)
        headers = None
        if isinstance(exc, web.HTTPMethodNotAllowed):  # RFC 9110: a 405 lists the methods the path takes
            headers = {"Allow": ", ".join(sorted(exc.allowed_methods))}
        return error_response(exc.status, type(exc).__name__, message, headers)
    except ApiError as exc:
        return error_response(exc.status, exc.kind, str(exc), exc.headers)
    except BadRequest as exc:
        return error_response(400, "BadRequest", str(exc))
    except InvalidBody as exc:
        return error_response(422, "ValidationError", str(exc))
    except (JobNotFound, ReportRunNotFound) as exc:
        return error_response(404, type(exc).__name__, str(exc))
    except (InputError, ConfigurationError) as exc:
        return error_response(422, type(exc).__name__, str(exc))
    except StoreUnavailable as exc:
        return error_response(503, "StoreUnavailable", str(exc))
    except (JobError, DeeprefError) as exc:
        return error_response(409, type(exc).__name__, str(exc))
    except Exception:  # a bug: log it here, never send a traceback
        log.exception("unhandled error on %s %s", request.method, request.path)
        return error_response(500, "InternalError", "internal error; the server log has the details")
