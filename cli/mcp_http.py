"""``deepref mcp --http``: the MCP server over streamable HTTP, with the API's safety defaults.

The SDK's streamable HTTP transport is an ASGI (Starlette) app, so it runs on
uvicorn (which the SDK installs) on a port of its own, next to ``deepref serve``
rather than inside aiohttp. The rules are the API's (docs/api.md):

- loopback by default; another address only with ``DEEPREF_API_TOKEN`` set
  (``--insecure-no-auth`` overrides that, loudly), checked by ``api.security``;
- with a token, every request carries ``Authorization: Bearer <token>``,
  compared in constant time;
- the ``Host`` header must be one of ``DEEPREF_API_ALLOWED_HOSTS`` and a browser's
  ``Origin`` this server's own or one of ``DEEPREF_API_ALLOWED_ORIGINS`` (the
  SDK's DNS-rebinding guard, fed from the same settings).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr

from deepref.api.security import check_listen
from deepref.worker.credentials import bearer_token, token_matches

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

MCP_PATH = "/mcp"


def transport_security(settings: Settings, host: str, port: int):
    """The SDK's Host/Origin guard from the API's allow-lists."""
    from mcp.server.transport_security import TransportSecuritySettings

    hosts = list(settings.api_allowed_hosts)
    if "*" in hosts:  # the operator's proxy checks Host
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    if host not in hosts and host not in ("0.0.0.0", "::"):
        hosts.append(host)
    names = [f"[{h}]" if ":" in h else h for h in hosts]
    allowed_hosts = [*names, *(f"{n}:*" for n in names)]
    origins = [f"{scheme}://{n}:{port}" for n in names for scheme in ("http", "https")]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=allowed_hosts,
        allowed_origins=[*origins, *(f"{scheme}://{n}" for n in names for scheme in ("http", "https")),
                         *settings.api_allowed_origins],
    )  # fmt: skip


class BearerToken:
    """ASGI middleware: every HTTP request needs ``Authorization: Bearer <token>``."""

    def __init__(self, app, token: SecretStr):
        self.app, self._token = app, token

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            given = bearer_token(dict(scope.get("headers") or []).get(b"authorization"))
            if not token_matches(given, self._token):
                body = json.dumps(
                    {"error": {"type": "Unauthorized", "message": "missing or wrong bearer token "
                               "(send 'Authorization: Bearer <DEEPREF_API_TOKEN>')"}}
                ).encode()  # fmt: skip
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b'Bearer realm="deepref"'),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def serve_http(settings: Settings, args: argparse.Namespace, build_server: Callable[[], Any]) -> int:
    """Serve the server ``build_server`` makes (``cli.mcp_server`` passes it in, so this
    module does not import that one back)."""
    import uvicorn

    warnings = check_listen(args.host, settings, insecure_no_auth=args.insecure_no_auth)  # raises: exit 1
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for warning in warnings:
        print(f"deepref: WARNING: {warning}", file=sys.stderr, flush=True)
    server = build_server()
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        transport_security=transport_security(settings, args.host, args.port),
        host=args.host,
    )
    if settings.api_token is not None:
        app = BearerToken(app, settings.api_token)
    print(f"deepref mcp: streamable HTTP on http://{args.host}:{args.port}{MCP_PATH}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
