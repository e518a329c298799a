"""Faults on a real deployment, small: a redis-server of its own (append-only file),
``deepref worker`` processes, ``deepref beat``, and jobs whose model answers slowly.

One ``Cluster`` per fault, so that no fault leaves anything to the next. Each fault
function runs jobs through it, injects its fault, and returns an ``Outcome``: the
jobs done, failed, lost (their record gone, or unfinished with no message on the
broker and no stage alive) and stuck (unfinished at the deadline), and how long
after the fault's end the jobs moved again and were all finished. The e2e tests
(tests/e2e/test_chaos.py) assert on it; ``python -m benchmarks chaos`` prints it.

The shared Redis (127.0.0.1:6379) is never touched: every fault runs on a
redis-server started here on a free port, in a temporary folder.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


class RedisServer:
    """A redis-server of our own: append-only file with fsync on every write, as
    docker-compose runs it, so that a SIGKILL loses nothing acknowledged."""

    def __init__(self, directory: Path, *extra: str) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (scripts/ensure-redis.sh installs it)")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.argv = [
            binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(directory),
            "--appendonly", "yes", "--appendfsync", "always", "--save", "",
            "--maxmemory-policy", "noeviction", *extra,
        ]  # fmt: skip
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 20) -> None:
        import redis

        self.proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        try:
            while True:
                try:
                    client.ping()
                    return
                except (redis.exceptions.ConnectionError, redis.exceptions.BusyLoadingError):
                    if time.monotonic() > deadline:
                        raise RuntimeError("the private redis-server did not start") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


class Process:
    """A deepref command in its own process group, its output in ``log``."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.log = log
        self._out = open(log, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=self._out, stderr=subprocess.STDOUT, start_new_session=True
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for(self, line: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while line not in self.text():
            if not self.alive():
                raise RuntimeError(f"{self.log.name} exited early:\n{self.text()[-2000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.log.name}: no {line!r} after {timeout} s")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.alive():
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self._out.close()


@dataclass
class Outcome:
    fault: str
    jobs: int
    done: int = 0
    failed: dict[str, str] = field(default_factory=dict)  # job id -> error
    lost: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    resumed: float | None = None  # seconds from the fault's end until a stage finished again
    drained: float | None = None  # ... until every job was finished
    workers_alive: int = 0
    workers: int = 0
    refusals: list[str] = field(default_factory=list)  # what submit said during the fault
    half_made: int = 0  # records left by refused submits
    notes: list[str] = field(default_factory=list)

    def row(self) -> str:
        def secs(value: float | None) -> str:
            return "-" if value is None else f"{value:.1f}"

        return (
            f"| {self.fault} | {self.jobs} | {self.done} | {len(self.failed)} | {len(self.lost)} | "
            f"{len(self.stuck)} | {secs(self.resumed)} | {secs(self.drained)} | "
            f"{self.workers_alive}/{self.workers} |"
        )


HEADER = (
    "| fault | jobs | done | failed | lost | stuck | moving again (s) | all done (s) | workers alive |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


class Cluster:
    """Redis, ``workers`` workers of ``concurrency`` processes, beat, and the local
    search, site and model (answering after ``chat_delay`` seconds)."""

    def __init__(
        self,
        *,
        workers: int = 2,
        concurrency: int = 2,
        chat_delay: float = 2.0,
        heartbeat: int = 1,
        visibility: int = 60,
        lost_after: int = 4,
        folder: Path | None = None,
        start_workers: bool = True,
    ) -> None:
        self.folder = folder or Path(tempfile.mkdtemp(prefix="deepref-chaos-"))
        self.settings = {
            "workers": workers,
            "concurrency": concurrency,
            "chat_delay": chat_delay,
            "heartbeat": heartbeat,
            "visibility": visibility,
            "lost_after": lost_after,
            "start_workers": start_workers,
        }
        self.workers: list[Process] = []
        self.beat: Process | None = None
        self.client: Any = None
        self._servers: list[Any] = []

    def __enter__(self) -> Cluster:
        from tests.fakes.openai_server import FakeOpenAI
        from tests.fakes.searxng import FakeSearxNG
        from tests.fakes.server import ServerThread
        from tests.fakes.topic_site import SearchRows, TopicSite

        s = self.settings
        (self.folder / "redis").mkdir(parents=True, exist_ok=True)
        self.redis = RedisServer(self.folder / "redis")
        self.redis.start()
        site, search, self.model = TopicSite(), FakeSearxNG(), FakeOpenAI()
        self.model.chat_delay = s["chat_delay"]
        self._servers = [ServerThread(app).start() for app in (site.app, search.app, self.model.app)]
        search.results = SearchRows(self._servers[0].base_url, per_query=2)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
        self.env.update(
            {
                "DEEPREF_REDIS_URL": self.redis.url,
                "DEEPREF_KEY_PREFIX": f"chaos-{uuid.uuid4().hex[:8]}",
                "DEEPREF_INDEX_DIR": str(self.folder / "index"),
                "DEEPREF_SEARCH_PROVIDER": "searxng",
                "DEEPREF_SEARXNG_URL": self._servers[1].base_url,
                "DEEPREF_SEARCH_RATE_PER_SECOND": "1000",
                "DEEPREF_LLM_BASE_URL": self._servers[2].base_url + "/v1",
                "DEEPREF_LLM_API_KEY": self.model.api_key,
                "DEEPREF_LLM_MODEL": "fake",
                "DEEPREF_LLM_SUB_QUERIES": "1",
                "DEEPREF_EMBEDDER": "jaccard",
                "DEEPREF_FETCH_ALLOW": '["loopback"]',
                "DEEPREF_MAX_PER_HOST": "100",
                "DEEPREF_FETCH_HOST_RATE_PER_SECOND": "1000",
                "DEEPREF_JOB_HEARTBEAT_SECONDS": str(s["heartbeat"]),
                "DEEPREF_VISIBILITY_TIMEOUT": str(s["visibility"]),
                "DEEPREF_LOST_MESSAGE_SECONDS": str(s["lost_after"]),
                "DEEPREF_BROKER_BACKOFF_SECONDS": "0.5",
                "DEEPREF_BROKER_BACKOFF_MAX_SECONDS": "2",
                "PYTHONUNBUFFERED": "1",
            }
        )
        from deepref.worker.client import Client
        from deepref.worker.settings import Settings

        self._saved = {k: v for k, v in os.environ.items() if k.startswith("DEEPREF_")}
        for key in self._saved:
            del os.environ[key]
        os.environ.update({k: v for k, v in self.env.items() if k.startswith("DEEPREF_")})
        self.client = Client(Settings())  # this cluster's settings, read from the variables just set
        self.beat = Process(
            [sys.executable, "-m", "deepref.cli.main", "beat", "--schedule", str(self.folder / "beat-schedule")],
            self.env,
            self.folder / "beat.log",
        )
        if s["start_workers"]:
            self.start_workers()
        return self

    def start_workers(self) -> None:
        s = self.settings
        for n in range(s["workers"]):
            name = f"w{len(self.workers) + 1}"
            argv = [
                sys.executable, "-m", "deepref.cli.main", "worker", "-c", str(s["concurrency"]), "--pool", "prefork",
                "-n", f"{name}@%h", "--loglevel", "info", "--without-gossip", "--without-mingle", "--without-heartbeat",
            ]  # fmt: skip
            self.workers.append(Process(argv, self.env, self.folder / f"worker-{name}.log"))
            del n
        for worker in self.workers:
            worker.wait_for(" ready.")

    def __exit__(self, *exc: object) -> None:
        for proc in [*self.workers, *([self.beat] if self.beat else [])]:
            proc.stop()
        if self.client is not None:
            self.client.close()
            self.client.store.redis.close()
        for server in self._servers:
            server.stop()
        self.redis.kill()
        for key in [k for k in os.environ if k.startswith("DEEPREF_")]:
            del os.environ[key]
        os.environ.update(self._saved)

    # -- observing ------------------------------------------------------------------------
    def submit(self, n: int, tag: str = "") -> list[str]:
        return [self.client.submit(f"How do tidal lagoons work, case {tag}{i}?") for i in range(n)]

    def records(self, ids: list[str]) -> dict[str, Any]:
        """Each job's record, None when it is gone; {} when Redis does not answer."""
        from deepref.worker.errors import JobNotFound, StoreUnavailable

        found: dict[str, Any] = {}
        try:
            for job_id in ids:
                try:
                    found[job_id] = self.client.store.get(job_id)
                except JobNotFound:
                    found[job_id] = None
        except StoreUnavailable:
            return {}
        return found

    def progress(self, ids: list[str]) -> int:
        """Stages finished, all jobs together (-1 when Redis does not answer)."""
        records = self.records(ids)
        if not records:
            return -1
        return sum(len(r.timings) + (r.state.value == "done") for r in records.values() if r is not None)

    def wait(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what}: not after {timeout} s")
            time.sleep(0.1)

    def generating(self, ids: list[str]) -> int:
        return sum(1 for r in self.records(ids).values() if r is not None and r.state.value == "generating")

    def settle(self, outcome: Outcome, ids: list[str], fault_end: float, timeout: float) -> Outcome:
        """Watch the jobs until all are finished or ``timeout``, timing both from ``fault_end``."""
        before = self.progress(ids)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            records = self.records(ids)
            now = time.monotonic()
            if records and outcome.resumed is None and self.progress(ids) > before >= 0:
                outcome.resumed = now - fault_end
            if records and all(r is None or r.state.finished for r in records.values()):
                outcome.drained = now - fault_end
                outcome.resumed = outcome.resumed if outcome.resumed is not None else outcome.drained
                break
            time.sleep(0.1)
        records = self.records(ids)
        on_broker = self.client.store.broker_jobs(["deepref.interactive", "deepref.bulk"]) or set()
        for job_id, record in records.items():
            if record is None:
                outcome.lost.append(job_id)
            elif record.state.value == "done":
                outcome.done += 1
            elif record.state.finished:
                outcome.failed[job_id] = record.error.message if record.error else f"{record.state.value}, no error"
            elif job_id not in on_broker and not self.client.store.alive(job_id):
                outcome.lost.append(job_id)
            else:
                outcome.stuck.append(job_id)
        outcome.workers = len(self.workers)
        outcome.workers_alive = sum(w.alive() for w in self.workers)
        return outcome

    def refused_submit(self, outcome: Outcome) -> None:
        """Submit during the fault: it must be refused, name the cause, and leave no record."""
        import redis

        from deepref.worker.errors import StoreUnavailable

        index = self.client.store.keys.job_index()
        probe = redis.Redis.from_url(self.redis.url)
        try:
            before = probe.zcard(index) if self._answers(probe) else None
            try:
                job_id = self.client.submit("A question asked while the broker refuses?")
                outcome.notes.append(f"a submit during the fault was accepted ({job_id})")
                return
            except StoreUnavailable as exc:
                outcome.refusals.append(str(exc))
            after = probe.zcard(index) if self._answers(probe) else None
            if before is not None and after is not None:
                outcome.half_made += max(0, after - before)
        finally:
            probe.close()

    @staticmethod
    def _answers(client: Any) -> bool:
        import redis

        try:
            return bool(client.ping())
        except redis.exceptions.RedisError:
            return False


# ----------------------------------------------------------------------------------- the faults
def fill(url: str, keys: list[str]) -> None:
    """Fill the Redis at ``url`` to its limit: maxmemory just above what it holds, then
    data, in smaller and smaller pieces, until even a small write is refused, then the
    limit a little below what it holds. Called
    again and again while the fault lasts: anything that frees memory (a worker
    acknowledging a message) is taken back at once, as by a busy application."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        if not keys:
            used = int(client.info("memory")["used_memory"])
            client.config_set("maxmemory", used + 512 * 1024)
        for size in (16 * 1024, 1024, 64, 8):
            refused = 0
            while refused < 3:  # a refusal may be a passing peak (a client's buffer)
                key = f"chaos:filler:{len(keys)}"
                try:
                    client.set(key, b"x" * size)
                    keys.append(key)
                    refused = 0
                except redis.exceptions.OutOfMemoryError:
                    refused += 1
        # full, not at the brim: a few bytes a worker frees (an acknowledged message)
        # must not let a write through before the next fill takes them back
        used = int(client.info("memory")["used_memory"])
        client.config_set("maxmemory", max(1024 * 1024, used - 256 * 1024))
    finally:
        client.close()


class Filler:
    """Keeps the Redis full from a thread until stopped, then frees it."""

    def __init__(self, url: str) -> None:
        import threading

        self.url, self.keys = url, []
        fill(url, self.keys)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            fill(self.url, self.keys)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)
        free(self.url, self.keys)


def free(url: str, keys: list[str]) -> None:
    import redis

    client = redis.Redis.from_url(url)
    client.config_set("maxmemory", 0)
    for i in range(0, len(keys), 500):
        client.delete(*keys[i : i + 500])
    client.close()


def redis_full(jobs: int = 12, hold: float = 5.0, timeout: float = 90, **cluster: Any) -> Outcome:
    """Redis fills up (noeviction) while jobs generate and more wait, stays full for
    ``hold`` seconds, then is freed."""
    outcome = Outcome("Redis full, then freed", jobs)
    with Cluster(**cluster) as c:
        ids = c.submit(jobs)
        c.wait(lambda: c.generating(ids) >= 2, 60, "two jobs generating")
        filler = Filler(c.redis.url)
        try:
            time.sleep(0.5)
            c.refused_submit(outcome)
            time.sleep(max(0.0, hold - 0.5))
            alive = sum(w.alive() for w in c.workers)
            if alive < len(c.workers):
                outcome.notes.append(f"only {alive} of {len(c.workers)} workers alive while Redis was full")
        finally:
            filler.stop()
        return c.settle(outcome, ids, time.monotonic(), timeout)


def redis_restart(jobs: int = 12, down: float = 3.0, timeout: float = 90, **cluster: Any) -> Outcome:
    """Redis is killed (SIGKILL) while jobs generate, and a worker with it; Redis comes
    back from its append-only file ``down`` seconds later; the killed worker does not."""
    outcome = Outcome("Redis killed and restarted (AOF), a worker killed with it", jobs)
    with Cluster(**cluster) as c:
        ids = c.submit(jobs)
        c.wait(lambda: c.generating(ids) >= 2, 60, "two jobs generating")
        c.workers[0].kill()
        c.redis.kill()
        time.sleep(0.5)
        c.refused_submit(outcome)
        time.sleep(max(0.0, down - 0.5))
        c.redis.start()
        return c.settle(outcome, ids, time.monotonic(), timeout)


def message_deleted(jobs: int = 3, timeout: float = 60, **cluster: Any) -> Outcome:
    """Queued jobs whose messages are deleted from the broker before any worker takes
    them; the reaper must find and queue them again."""
    outcome = Outcome("queued jobs' messages deleted", jobs)
    import redis

    with Cluster(start_workers=False, **cluster) as c:
        ids = c.submit(jobs)
        client = redis.Redis.from_url(c.redis.url)
        for key in c.client.store.keys.celery_queue_keys("deepref.interactive"):
            client.delete(key)
        client.close()
        gone = c.client.store.broker_jobs(["deepref.interactive", "deepref.bulk"]) or set()
        if gone & set(ids):
            outcome.notes.append("the messages were not all deleted")
        c.start_workers()  # timed from here: until a worker runs, nothing could have run them
        return c.settle(outcome, ids, time.monotonic(), timeout)


FAULTS: dict[str, Callable[..., Outcome]] = {
    "full": redis_full,
    "restart": redis_restart,
    "lost": message_deleted,
}
