"""Who may call the API, from which page, and what every response tells the browser.

The API trusts its operator's settings and nothing a request says about itself:

- a token (``DEEPREF_API_TOKEN``, by the one rule of ``worker.credentials``) in the
  ``Authorization`` header on every ``/v1`` path, compared in constant time; the
  only token a URL may carry is a per-job events token (``EventTokens``), because
  ``EventSource`` cannot send headers, and it opens that job's stream only;
- the ``Host`` header must name this server (``DEEPREF_API_ALLOWED_HOSTS``), so a
  hostile page cannot reach a loopback API by rebinding its own DNS name;
- an ``Origin``, when a browser sends one, must be this server's own or listed in
  ``DEEPREF_API_ALLOWED_ORIGINS``;
- bodies must be ``application/json``: a form or ``text/plain`` post is what a
  page of another site can send without asking.

``deepref serve`` refuses to listen beyond loopback without a token
(``check_listen``), unless told ``--insecure-no-auth``, which it then says loudly.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import re
import time
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from aiohttp import web

from deepref.api.appkeys import EVENT_TOKENS, SETTINGS
from deepref.api.errors import ApiError
from deepref.reference.errors import ConfigurationError
from deepref.worker.credentials import MAKE_SECRET, bearer_token, check_secrets, token_matches

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

EVENTS_ROUTE = "job-events"

CSP = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
CORS_PREFLIGHT = {
    "Access-Control-Allow-Methods": "GET, POST, DELETE",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, Last-Event-ID",
    "Access-Control-Max-Age": "600",
}
_PORT = re.compile(r"[0-9]{1,5}")


# --------------------------------------------------------------------------- startup checks
def is_loopback(host: str) -> bool:
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name: it may resolve anywhere


def check_listen(host: str, settings: Settings, *, insecure_no_auth: bool = False) -> list[str]:
    """Refuse to serve a non-loopback address without a token; the warnings to shout
    (at startup and in /healthz) when ``insecure_no_auth`` overrides that."""
    check_secrets(settings)
    if settings.api_token is not None or is_loopback(host):
        return []
    if not insecure_no_auth:
        raise ConfigurationError(
            f"refusing to listen on {host} without an API token: anyone who reaches that address could queue "
            f"jobs and read every result. Set DEEPREF_API_TOKEN (make one with: {MAKE_SECRET}), or listen on "
            "127.0.0.1 behind a reverse proxy; --insecure-no-auth overrides this on a network you fully trust"
        )
    return [
        f"INSECURE: listening on {host} with no API token (--insecure-no-auth): "
        "anyone who can reach this address can queue jobs and read every result"
    ]


# --------------------------------------------------------------------------- per-job events tokens
class EventTokens:
    """Short-lived tokens that open one job's event stream, for ``EventSource`` URLs.

    ``<expiry>.<HMAC-SHA256(job id, expiry)>`` under a key derived from the API token,
    so they need no storage, die with the token, and a leaked URL (a log, a history)
    opens one stream for minutes, not the API.
    """

    def __init__(self, api_token: str, lifetime_seconds: int):
        self._key = hmac.new(api_token.encode(), b"deepref job events v1", hashlib.sha256).digest()
        self.lifetime = lifetime_seconds

    def issue(self, job_id: str, now: float | None = None) -> str:
        expiry = int(time.time() if now is None else now) + self.lifetime
        return f"{expiry}.{self._sign(job_id, expiry)}"

    def valid(self, job_id: str, token: str, now: float | None = None) -> bool:
        expiry, _, signature = token.partition(".")
        if not re.fullmatch(r"[0-9]{1,12}", expiry) or int(expiry) < (time.time() if now is None else now):
            return False
        return hmac.compare_digest(signature.encode(), self._sign(job_id, int(expiry)).encode())

    def _sign(self, job_id: str, expiry: int) -> str:
        digest = hmac.new(self._key, f"{job_id}\n{expiry}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


# --------------------------------------------------------------------------- middlewares
def host_name(host: str | None) -> str | None:
    """``[::1]:8000`` -> ``::1``; ``Example.org.`` -> ``example.org``; None when malformed."""
    if not host:
        return None
    host = host.strip().lower()
    if host.startswith("["):
        name, sep, rest = host[1:].partition("]")
        if not sep or (rest and not (rest.startswith(":") and _PORT.fullmatch(rest[1:]))):
            return None
        return name
    name, sep, port = host.rpartition(":")
    if not sep:
        name = host
    elif not _PORT.fullmatch(port):
        return None
    return name.rstrip(".") or None


@web.middleware
async def allowed_host(request: web.Request, handler):
    allowed = request.app[SETTINGS].api_allowed_hosts
    if "*" not in allowed:
        name = host_name(request.headers.get("Host"))
        if name is None or name not in {h.strip().strip("[]").lower().rstrip(".") for h in allowed}:
            raise ApiError(
                421,
                "MisdirectedRequest",
                f"this server does not answer for Host {request.headers.get('Host', '')!r}; "
                "its operator lists the names it answers in DEEPREF_API_ALLOWED_HOSTS",
            )
    return await handler(request)


def _cross_origin_allowed(request: web.Request) -> str | None:
    """The request's Origin when DEEPREF_API_ALLOWED_ORIGINS lists it (CORS applies)."""
    origin = request.headers.get("Origin")
    if origin and origin.rstrip("/") in {o.rstrip("/") for o in request.app[SETTINGS].api_allowed_origins}:
        return origin
    return None


def _same_origin(origin: str, host: str | None) -> bool:
    parts = urlsplit(origin)
    if not host:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()


@web.middleware
async def allowed_origin(request: web.Request, handler):
    origin = request.headers.get("Origin")
    if origin is None or _same_origin(origin, request.headers.get("Host")):
        return await handler(request)
    if _cross_origin_allowed(request) is None:
        raise ApiError(
            403,
            "Forbidden",
            f"pages from origin {origin!r} may not call this API: only this server's own pages and the origins "
            "in DEEPREF_API_ALLOWED_ORIGINS may",
        )
    if request.method == "OPTIONS":  # a CORS preflight from an allowed origin
        return web.Response(status=204, headers=CORS_PREFLIGHT)
    return await handler(request)


@web.middleware
async def json_bodies(request: web.Request, handler):
    has_route = request.match_info.http_exception is None  # else let the 404/405 speak
    if has_route and request.body_exists:  # a POST without a body (a cancel) has nothing to type
        given = request.headers.get("Content-Type")
        charset = (request.charset or "utf-8").lower()
        if request.content_type != "application/json" or charset not in ("utf-8", "utf8"):
            raise ApiError(
                415,
                "UnsupportedMediaType",
                f"send the body as JSON with 'Content-Type: application/json' (got {given or 'no Content-Type'})",
            )
    return await handler(request)


@web.middleware
async def auth(request: web.Request, handler):
    token = request.app[SETTINGS].api_token
    if token is None or not request.path.startswith("/v1/"):
        return await handler(request)  # /healthz, /openapi.json, the pages and static files are open
    if token_matches(bearer_token(request.headers.get("Authorization")), token):
        return await handler(request)
    route = request.match_info.route
    given = request.query.get("token")
    if route.name == EVENTS_ROUTE and given:
        tokens = request.app[EVENT_TOKENS]  # set whenever the API has a token
        if tokens is not None and tokens.valid(request.match_info["id"], given):
            return await handler(request)
        message = (
            "the token of this events URL is wrong, expired or for another job: "
            "GET /v1/jobs/{id} for a fresh urls.events"
        )
    elif "access_token" in request.query:
        message = (
            "the API token is not accepted in a URL (URLs end up in logs and histories): "
            "send 'Authorization: Bearer <token>'"
        )
    else:
        message = "missing or wrong bearer token (send 'Authorization: Bearer <token>')"
    raise ApiError(401, "Unauthorized", message, headers={"WWW-Authenticate": 'Bearer realm="deepref"'})


async def security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every response, errors and files included (an ``on_response_prepare`` hook)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    origin = _cross_origin_allowed(request)
    if origin is not None:
        response.headers["Access-Control-Allow-Origin"] = origin
        response.headers["Vary"] = "Origin"
