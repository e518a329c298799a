"""Typed keys of what the application holds, shared by its modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

if TYPE_CHECKING:
    from deepref.api.events import Streams
    from deepref.api.security import EventTokens
    from deepref.worker.client import Client
    from deepref.worker.settings import Settings

# the types are imported for the type checker only: the modules that define them import this one
SETTINGS: web.AppKey[Settings] = web.AppKey("settings")
"""worker.settings.Settings of this server."""
CLIENT: web.AppKey[Client] = web.AppKey("client")
"""worker.client.Client: submits, reads and cancels jobs (sync, called in threads)."""
EVENT_TOKENS: web.AppKey[EventTokens | None] = web.AppKey("event_tokens")
"""api.security.EventTokens, or None when the API has no token."""
STREAMS: web.AppKey[Streams] = web.AppKey("streams")
"""api.events.Streams: the event streams' own Redis pool and their slots."""
WARNINGS = web.AppKey("warnings", list)
"""Loud warnings of this server's configuration (--insecure-no-auth), shown by /healthz."""
