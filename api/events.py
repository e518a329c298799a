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
from typing import TYPE_CHECKING, Any, cast

from aiohttp import web

from deepref.api import validation
from deepref.api.appkeys import CLIENT, SETTINGS, STREAMS
from deepref.api.errors import ApiError
from deepref.worker.errors import StoreUnavailable
from deepref.worker.jobs.streaming import decode, in_order

if TYPE_CHECKING:
    import redis.asyncio as aioredis

    from deepref.worker.settings import Settings

POLL_SECONDS = 0.5  # how late a listener may see an event; one XREAD per stream per poll
HEARTBEAT_SECONDS = 15.0  # a comment line, so proxies do not close an idle stream
POOL_CONNECTIONS = 4  # every stream's poll shares these; a poll holds one for a round trip
POOL_WAIT_SECONDS = 5.0
RETRY_AFTER_SECONDS = 10
FINAL_STATES = ("done", "failed", "cancelled")
READ_COUNT = 100  # events per stream per read


class Streams:
    """Open streams (in all and per client) and the Redis client they poll with."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.total = 0
        self.per_client: Counter[str] = Counter()
        self.redis: aioredis.Redis | None = None  # opened by start()
        self.closing = asyncio.Event()  # set on shutdown: every stream ends at its next poll

    async def start(self) -> None:
        import redis.asyncio as aioredis

        from deepref.worker.jobs.keys import Keys

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

    async def read(self, job_id: str, state_last: str, text_last: str) -> tuple[list, list]:
        """State and text events after the given ids, at once, in one XREAD (so both
        are as of one moment; no BLOCK: the connection goes straight back)."""
        import redis

        states, texts = self.keys.job_events(job_id), self.keys.job_text(job_id)
        try:
            assert self.redis is not None, "read() before start()"
            answer = await self.redis.xread({states: state_last, texts: text_last}, count=READ_COUNT)
        except redis.RedisError as exc:
            raise StoreUnavailable(
                f"cannot read events from Redis at {self.settings.redis_url_redacted()}: {exc}"
            ) from exc
        # RESP2, the pool's protocol: [stream, entries] pairs, or None when nothing is new
        pairs = cast("list[list[Any]] | None", answer)
        got = {stream: entries for stream, entries in pairs or []}
        return got.get(states, []), got.get(texts, [])


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
    """Server-sent events: one ``state`` event per change, and the write-up as it is
    written (``draft`` and ``answer`` events, worker/jobs/streaming.py), in the order they
    happened, until the job ends or the stream's lifetime does."""
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
            await _send(resp, "error", {"message": str(exc)})
        return resp


async def _tail(streams: Streams, resp: web.StreamResponse, job_id: str, last: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + streams.settings.api_stream_max_seconds
    quiet_since = loop.time()
    state_last, text_last = _positions(last)
    while loop.time() < end and not streams.closing.is_set():
        states, texts = await streams.read(job_id, state_last, text_last)
        for event_id, kind, data in in_order(states, texts, READ_COUNT):
            if kind == "state":
                state_last = event_id
            else:
                text_last = event_id
            sse_id = state_last if text_last == "0" else f"{state_last}_{text_last}"
            if kind == "state":
                await _send(resp, "state", data, sse_id)
                if data.get("state") in FINAL_STATES:
                    await resp.write_eof()
                    return
            else:
                await _send(resp, *decode(data), event_id=sse_id)
        if states or texts:
            quiet_since = loop.time()
            if len(states) == READ_COUNT or len(texts) == READ_COUNT:
                continue  # more are waiting: read on at once
        elif loop.time() - quiet_since >= HEARTBEAT_SECONDS:
            await resp.write(b": keep-alive\n\n")
            quiet_since = loop.time()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(streams.closing.wait(), POLL_SECONDS)
    await resp.write_eof()  # lifetime over or shutting down: EventSource reconnects with Last-Event-ID


def _positions(last: str) -> tuple[str, str]:
    """(state, text) stream positions of a ``Last-Event-ID``: ``S_T`` as this stream
    sends it once the write-up began, or a state event's id alone (Redis ids are
    times, so the text stream goes on from the same moment)."""
    state, _, text = last.partition("_")
    return state, text or state


async def _send(resp: web.StreamResponse, event: str, data: dict, event_id: str | None = None) -> None:
    head = f"id: {event_id}\n" if event_id else ""
    await resp.write(f"{head}event: {event}\ndata: {json.dumps(data)}\n\n".encode())
