"""The broker transport: kombu's Redis transport, made to outlive a full or restarting Redis.

kombu takes a message in two steps: ``BRPOP`` pops it off the queue, then a second
write records it in the unacknowledged index (``ZADD`` + ``HSET``), from where it is
redelivered if the worker never acknowledges it. Two failures lost work there:

- **Redis full** (``maxmemory`` with ``noeviction``): the second write is refused
  with ``OOM``. The message is then in neither the queue nor the index, only in the
  worker's memory, and kombu raised the error to Celery, whose consumer calls it
  unrecoverable: the worker exited, and the message with it.
- **Redis restarting**: on a lost connection Celery stops the running stages and
  kombu "restores" their unacknowledged messages at once, while Redis is still
  down. That fails; the messages stay in the index until the visibility timeout
  (an hour by default) or the reaper brings them back.

Here, a message whose index write is refused is **parked**: pushed back where it
was taken (at the head of its queue), or, when Redis refuses that too, kept in
this process and pushed back later. Consumption then pauses with a backoff
(``DEEPREF_BROKER_BACKOFF_SECONDS`` doubling to ``DEEPREF_BROKER_BACKOFF_MAX_SECONDS``)
and resumes once Redis accepts writes again; the worker never exits for it. The
messages a worker held when its connection broke are **held**: once the
connection is back, each is put back on its queue from the index
(``restore_by_tag``: atomic, and a no-op when another worker restored it first),
so their stages run again within seconds of Redis' return.

Both lists live in the worker's main process (the consumer's), not on a channel:
a channel is replaced on every reconnection. A worker killed while it parks a
message loses it: the reaper's reconciliation of queued jobs (worker/jobs/lifecycle.py)
re-queues such a job. Celery is told to retry a broken connection for ever
(``broker_connection_max_retries=None``, worker/celery_app.py).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import redis
from kombu.transport import redis as kombu_redis
from kombu.utils.json import dumps

log = logging.getLogger(__name__)

TRANSPORT = "deepref.worker.broker:Transport"
"""What ``broker_transport`` names for a ``redis://`` broker (worker/celery_app.py)."""


class Parked(Exception):
    """A message was taken but Redis refused to record it: it is parked, not delivered."""


@dataclass
class Recovery:
    """What this process owes the broker, and when it may consume again."""

    backoff: float = 1.0
    backoff_max: float = 30.0
    parked: list[tuple[dict[str, Any], str, str]] = field(default_factory=list)
    """Messages taken off a queue and not recorded anywhere in Redis: (payload, exchange, routing key)."""
    held: dict[str, tuple[dict[str, Any], str, str]] = field(default_factory=dict)
    """Delivery tags of the messages held when the connection broke, to restore once it is back."""
    resume_at: float = 0.0
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def configure(self, backoff: float, backoff_max: float) -> None:
        self.backoff, self.backoff_max = backoff, max(backoff, backoff_max)

    def pause(self, why: BaseException) -> float:
        """Stop consuming for the next backoff step; returns its length."""
        self.failures += 1
        wait = min(self.backoff_max, self.backoff * 2 ** (self.failures - 1))
        self.resume_at = time.monotonic() + wait
        log.warning("broker: %s; consuming again in %.1f s", describe(why), wait)
        return wait

    def settled(self) -> bool:
        return not self.parked and not self.held


recovery = Recovery()
"""The one of this process (the worker's consumer)."""


def describe(exc: BaseException) -> str:
    if isinstance(exc, redis.exceptions.OutOfMemoryError) or "OOM" in str(exc):
        return f"Redis is full ({exc})"
    if isinstance(exc, redis.exceptions.ConnectionError | OSError):
        return f"Redis is unreachable ({exc})"
    return f"Redis refused a command ({type(exc).__name__}: {exc})"


class QoS(kombu_redis.QoS):
    def append(self, message, delivery_tag):
        try:
            super().append(message, delivery_tag)
        except Exception as exc:  # Redis refused the index write: the message is ours alone
            delivery = message.delivery_info
            self.channel.park(message._raw, delivery["exchange"], delivery["routing_key"], exc)
            raise Parked(describe(exc)) from exc

    def restore_unacked(self, client=None):
        """At a channel's close (a lost connection, a shutdown): put back every message
        not acknowledged; when Redis cannot be reached, remember them for later."""
        delivered = dict(self._delivered)
        try:
            super().restore_unacked(client)
        except Exception as exc:
            with recovery.lock:
                for tag, message in delivered.items():
                    info = message.delivery_info
                    recovery.held[tag] = (message._raw, info["exchange"], info["routing_key"])
            self._delivered.clear()
            log.warning(
                "broker: cannot put back %d unacknowledged message(s) now (%s); they will be once Redis answers",
                len(delivered),
                describe(exc),
            )

    def can_consume(self):
        return self.channel.ready() and super().can_consume()


class Channel(kombu_redis.Channel):
    QoS = QoS

    def park(self, payload: dict[str, Any], exchange: str, routing_key: str, exc: BaseException) -> None:
        """Put a message taken from a queue back at its head (it is next), or keep it
        here until Redis takes it; then pause consuming."""
        try:
            self._push_back(payload, exchange, routing_key)
            log.warning("broker: a message was put back on its queue (%s)", describe(exc))
        except Exception:
            with recovery.lock:
                recovery.parked.append((payload, exchange, routing_key))
            log.warning("broker: a message is kept in this worker until Redis takes it back (%s)", describe(exc))
        recovery.pause(exc)

    def _push_back(self, payload: dict[str, Any], exchange: str, routing_key: str) -> None:
        with self.conn_or_acquire() as client, client.pipeline() as pipe:
            for queue in self._lookup(exchange, routing_key):
                pri = self._get_message_priority(payload, reverse=False)
                pipe.rpush(self._q_for_pri(queue, pri), dumps(payload))  # BRPOP takes from the right
            pipe.execute()

    def ready(self) -> bool:
        """May this channel consume now? Not during a backoff; after one, only once what
        this process owes Redis (parked and held messages) is back on the queues."""
        if time.monotonic() < recovery.resume_at:
            return False
        if recovery.settled():
            return True
        with recovery.lock:
            try:
                while recovery.parked:
                    self._push_back(*recovery.parked[0])
                    recovery.parked.pop(0)
                for tag in list(recovery.held):
                    self.qos.restore_by_tag(tag)
                    del recovery.held[tag]
                    log.info("broker: message %s held at the connection's loss is back on its queue", tag)
            except Exception as exc:
                recovery.pause(exc)
                return False
        recovery.failures = 0
        log.info("broker: every message this worker held is back on the queues; consuming again")
        return True

    def _brpop_read(self, **options):
        try:
            answer = super()._brpop_read(**options)
        except Parked:
            raise kombu_redis.Empty() from None
        recovery.failures = 0
        return answer


class Transport(kombu_redis.Transport):
    Channel = Channel
