"""A job's server-sent events: its Redis stream, tailed for one client.

Streams are the one long-lived thing the API holds, so they are bounded three ways:
a count of open streams for all clients (503 when full) and per client address (429),
both with ``Retry-After``; a lifetime (``DEEPREF_API_STREAM_MAX_SECONDS``), after
which the browser's ``EventSource`` reconnects with ``Last-Event-ID``; and their own
small Redis pool, polled without blocking, so that a thousand listeners hold no
Redis connection between polls and can never take one that a job request needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from aiohttp import web

from api import validation
from api.appkeys import CLIENT, SETTINGS, STREAMS
from api.errors import ApiError
from worker.errors import StoreUnavailable

POLL_SECONDS = 0.5  # how late a listener may see an event; one XREAD per stream per poll
HEARTBEAT_SECONDS = 15.0  # a comment line, so proxies do not close an idle stream
POOL_CONNECTIONS = 4  # every stream's poll shares these; a poll holds one for a round trip
POOL_WAIT_SECONDS = 5.0
RETRY_AFTER_SECONDS = 10
FINAL_STATES = ("done", "failed", "cancelled")


class Streams:
    """Open streams (in all and per client) and the Redis client they poll with."""

    def __init__(self, settings):
        self.settings = settings
        self.total = 0
        self.per_client: Counter[str] = Counter()
        self.redis = None
        self.closing = asyncio.Event()  # set on shutdown: every stream ends at its next poll

    async def start(self) -> None:
        import redis.asyncio as aioredis

        from worker.keys import Keys

        self.keys = Keys(self.settings.key_prefix)
        pool = aioredis.BlockingConnectionPool.from_url(
            self.settings.redis_url,
            max_connections=POOL_CONNECTIONS,
            timeout=POOL_WAIT_SECONDS,
            socket_connect_timeout=5,
            socket_timeout=10,
            decode_responses=True,
            client_name=f"{self.settings.key_prefix}:api-events",  # visible in CLIENT LIST
        )
        self.redis = aioredis.Redis(connection_pool=pool)

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()
            await self.redis.connection_pool.disconnect()

    @contextmanager
    def slot(self, client: str) -> Iterator[None]:
        settings, retry = self.settings, {"Retry-After": str(RETRY_AFTER_SECONDS)}
        if self.total >= settings.api_max_streams:
            raise ApiError(
                503,
                "TooManyStreams",
                f"this server has {self.total} event streams open, its limit (DEEPREF_API_MAX_STREAMS): "
                f"retry in {RETRY_AFTER_SECONDS} s, or poll GET /v1/jobs/{{id}}",
                retry,
            )
        if self.per_client[client] >= settings.api_max_streams_per_client:
            raise ApiError(
                429,
                "TooManyStreams",
                f"{client} has {self.per_client[client]} event streams open, the limit per client "
                "(DEEPREF_API_MAX_STREAMS_PER_CLIENT): close one first",
                retry,
            )
        self.total += 1
        self.per_client[client] += 1
        try:
            yield
        finally:
            self.total -= 1
            self.per_client[client] -= 1
            if not self.per_client[client]:
                del self.per_client[client]

    async def read(self, job_id: str, last: str) -> list[tuple[str, dict]]:
        """Events after ``last``, at once (no BLOCK: the connection goes straight back)."""
        import redis

        try:
            answer = await self.redis.xread({self.keys.job_events(job_id): last}, count=100)
        except redis.RedisError as exc:
            raise StoreUnavailable(
                f"cannot read events from Redis at {self.settings.redis_url_redacted()}: {exc}"
            ) from exc
        return [(event_id, data) for _stream, entries in answer or [] for event_id, data in entries]


async def streams_ctx(app: web.Application):
    streams = Streams(app[SETTINGS])
    await streams.start()
    app[STREAMS] = streams
    yield
    await streams.close()


async def end_streams(app: web.Application) -> None:
    """On shutdown, before aiohttp waits (up to a minute) for open handlers: a stream
    would otherwise hold a stopping server until its lifetime ends."""
    app[STREAMS].closing.set()


async def job_events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: one ``state`` event per change, until the job ends or the
    stream's lifetime does."""
    job_id = validation.job_id(request.match_info["id"])
    last = validation.event_id(request.headers.get("Last-Event-ID") or request.query.get("last_event_id") or "0")
    await asyncio.to_thread(request.app[CLIENT].status, job_id)  # 404 before the stream starts
    streams: Streams = request.app[STREAMS]
    with streams.slot(request.remote or "unknown"):
        resp = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        )
        await resp.prepare(request)
        try:
            await _tail(streams, resp, job_id, last)
        except ConnectionResetError:
            pass  # the client went away
        except StoreUnavailable as exc:  # headers are sent: say it as an event, then end
            await _send(resp, "error", None, {"message": str(exc)})
        return resp


async def _tail(streams: Streams, resp: web.StreamResponse, job_id: str, last: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + streams.settings.api_stream_max_seconds
    quiet_since = loop.time()
    while loop.time() < end and not streams.closing.is_set():
        events = await streams.read(job_id, last)
        for event_id, data in events:
            last = event_id
            await _send(resp, "state", event_id, data)
            if data.get("state") in FINAL_STATES:
                await resp.write_eof()
                return
        if events:
            quiet_since = loop.time()
        elif loop.time() - quiet_since >= HEARTBEAT_SECONDS:
            await resp.write(b": keep-alive\n\n")
            quiet_since = loop.time()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(streams.closing.wait(), POLL_SECONDS)
    await resp.write_eof()  # lifetime over or shutting down: EventSource reconnects with Last-Event-ID


async def _send(resp: web.StreamResponse, event: str, event_id: str | None, data: dict) -> None:
    head = f"id: {event_id}\n" if event_id else ""
    await resp.write(f"{head}event: {event}\ndata: {json.dumps(data)}\n\n".encode())
