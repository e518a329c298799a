"""Celery alone, the floor under the queue's overhead (for bench_queue): a chain of
five tasks that do nothing, on an app configured exactly as deepref's
(``worker.celery_app.configure``: Redis broker, JSON, acks_late, prefetch 1),
served by ``celery -A benchmarks.queue_floor worker``. The last task pushes to a
Redis list the benchmark waits on, so a chain's time is what five hand-overs cost
with none of deepref's bookkeeping.
"""

from __future__ import annotations

import redis
from celery import Celery, chain

from deepref.worker.celery_app import INTERACTIVE_QUEUE, configure
from deepref.worker.settings import get_settings

_settings = get_settings()
app = Celery("deepref-floor", set_as_current=False)
configure(app, _settings)
_redis = redis.Redis.from_url(_settings.redis_url)


@app.task(name="deepref.floor.step")
def step(done_key: str, last: bool) -> None:
    if last:
        _redis.lpush(done_key, "1")


def send(done_key: str, stages: int = 5) -> None:
    """Queue one chain; ``done_key`` gets an item when its last task ran."""
    chain(
        *[
            app.signature(
                "deepref.floor.step", args=(done_key, i == stages - 1), immutable=True, queue=INTERACTIVE_QUEUE
            )
            for i in range(stages)
        ]
    ).apply_async()
