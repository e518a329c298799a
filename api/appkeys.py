"""Typed keys of what the application holds, shared by its modules."""

from __future__ import annotations

from aiohttp import web

SETTINGS = web.AppKey("settings", object)
"""worker.settings.Settings of this server."""
CLIENT = web.AppKey("client", object)
"""worker.client.Client: submits, reads and cancels jobs (sync, called in threads)."""
EVENT_TOKENS = web.AppKey("event_tokens", object)
"""api.security.EventTokens, or None when the API has no token."""
STREAMS = web.AppKey("streams", object)
"""api.events.Streams: the event streams' own Redis pool and their slots."""
WARNINGS = web.AppKey("warnings", list)
"""Loud warnings of this server's configuration (--insecure-no-auth), shown by /healthz."""
