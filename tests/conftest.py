"""Shared fixtures: real services on loopback.

Each section below belongs to one area; servers are real (aiohttp on 127.0.0.1,
a real Redis, real Celery worker subprocesses). Tests that need Redis are skipped
on a laptop without one and fail on CI (``CI=true``), like dramatiq's suite.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"
ARTIFACTS = REPO / "test-artifacts"

# Our own database number, so that tests never touch db 0 of a developer's Redis.
TEST_REDIS_DB = int(os.environ.get("DEEPREF_TEST_REDIS_DB", "13"))
TEST_REDIS_URL = os.environ.get("DEEPREF_TEST_REDIS_URL", f"redis://127.0.0.1:6379/{TEST_REDIS_DB}")


# --------------------------------------------------------------------------- what a test needs
# A test that needs a real dependency says so with a marker; using one of these fixtures
# adds the marker for it. On CI (``CI`` set) such a test may not skip: a missing Redis,
# worker, browser or local model fails the run instead of passing it quietly.
NEEDS_MARKERS = ("redis", "worker", "browser", "local_model", "netns")
FIXTURE_NEEDS = {
    "redis_client": ("redis",),
    "worker_env": ("redis",),
    "start_worker": ("redis", "worker"),
    "chromium": ("browser",),
}


@pytest.fixture(scope="session", autouse=True)
def _library_index_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Folder indexes (search/library) go to a temporary folder, not the user's cache,
    in this process (the provider's default) and in subprocesses (DEEPREF_INDEX_DIR)."""
    from deepref.search import library

    folder = tmp_path_factory.mktemp("library-index")
    before, os.environ["DEEPREF_INDEX_DIR"] = os.environ.get("DEEPREF_INDEX_DIR"), str(folder)
    default, library.DEFAULT_INDEX_DIR = library.DEFAULT_INDEX_DIR, folder
    yield folder
    library.DEFAULT_INDEX_DIR = default
    if before is None:
        os.environ.pop("DEEPREF_INDEX_DIR", None)
    else:
        os.environ["DEEPREF_INDEX_DIR"] = before


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture, markers in FIXTURE_NEEDS.items():
            if fixture in getattr(item, "fixturenames", ()):
                for name in markers:
                    item.add_marker(name)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    needs = [m for m in NEEDS_MARKERS if item.get_closest_marker(m)]
    if report.skipped and needs and os.environ.get("CI"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped on CI, where {', '.join(needs)} must be available: {reason}"


_EXIT_STATUS: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _EXIT_STATUS.append(int(exitstatus))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """A test that leaves a non-daemon thread blocked would keep the interpreter from
    exiting after the summary (CI once waited 90 minutes on one): such threads are
    named with their stacks, and the run ends with a failure."""
    import concurrent.futures.thread
    import sys
    import threading
    import traceback

    concurrent.futures.thread._python_exit()  # type: ignore[attr-defined]  # idle pool threads end, as at exit
    left = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    for thread in left:
        thread.join(5)
    left = [t for t in left if t.is_alive()]
    if not left:
        return
    frames = sys._current_frames()
    for thread in left:
        stack = "".join(traceback.format_stack(frames[thread.ident])) if thread.ident in frames else ""
        sys.stderr.write(f"\nA test left the thread {thread.name!r} running; it would hang the exit:\n{stack}")
    sys.stderr.flush()
    os._exit((_EXIT_STATUS or [1])[0] or 1)


# --------------------------------------------------------------------------- Redis
def _redis_or_skip():
    import redis

    client = redis.Redis.from_url(TEST_REDIS_URL)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        client.close()
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no Redis at {TEST_REDIS_URL} (CI fails here instead of skipping)")
    return client


@pytest.fixture
def redis_url() -> str:
    return TEST_REDIS_URL


@pytest.fixture
def key_prefix() -> str:
    """A prefix of this test's own, so parallel runs and leftovers never collide."""
    return f"deepref-test-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def redis_client(key_prefix: str) -> Iterator[object]:
    """A real Redis client; every key under this test's prefix is deleted afterwards."""
    client = _redis_or_skip()
    yield client
    for key in client.scan_iter(match=f"{key_prefix}:*", count=1000):
        client.delete(key)
    client.close()


@pytest.fixture
def settings_env(monkeypatch: pytest.MonkeyPatch, redis_url: str, key_prefix: str, tmp_path: Path):
    """Point the process settings at the test Redis and prefix; returns fresh Settings."""
    from deepref.worker.settings import get_settings

    monkeypatch.setenv("DEEPREF_REDIS_URL", redis_url)
    monkeypatch.setenv("DEEPREF_KEY_PREFIX", key_prefix)
    monkeypatch.setenv("DEEPREF_REPORTS_DIR", str(tmp_path / "reports"))
    monkeypatch.setenv("DEEPREF_FETCH_ALLOW", '["loopback"]')
    monkeypatch.setenv("DEEPREF_FETCH_RESPECT_ROBOTS", "true")
    get_settings.cache_clear()
    yield get_settings()
    get_settings.cache_clear()


# --------------------------------------------------------------------------- shared data
@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data; tests that read it skip cleanly when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# --------------------------------------------------------------------------- servers on loopback
def _serve(app):
    from tests.fakes.server import ServerThread

    return ServerThread(app).start()


@pytest.fixture
def openai_server():
    """OpenAI-compatible chat + embeddings (tests/fakes/openai_server.py); ``.base_url``
    ends in /v1, ``.fake`` holds the knobs and recorded requests."""
    from tests.fakes.openai_server import FakeOpenAI

    fake = FakeOpenAI()
    server = _serve(fake.app)
    server.fake = fake
    server.api_key = fake.api_key
    server.v1 = server.base_url + "/v1"
    yield server
    server.stop()


@pytest.fixture
def scholarly_apis():
    """OpenAlex, Crossref, Semantic Scholar, arXiv and PubMed in their published formats
    (tests/fakes/scholarly.py): ``(fakes, base URLs)``, each by provider name."""
    from tests.fakes.scholarly import FakeArxiv, FakeCrossref, FakeOpenAlex, FakePubMed, FakeSemanticScholar

    fakes = {
        "openalex": FakeOpenAlex(),
        "crossref": FakeCrossref(),
        "semanticscholar": FakeSemanticScholar(),
        "arxiv": FakeArxiv(),
        "pubmed": FakePubMed(),
    }
    servers = {name: _serve(fake.app) for name, fake in fakes.items()}
    yield fakes, {name: s.base_url for name, s in servers.items()}
    for server in servers.values():
        server.stop()


@pytest.fixture
def searxng_server():
    """SearxNG-compatible JSON search (tests/fakes/searxng.py); set ``.fake.default``."""
    from tests.fakes.searxng import FakeSearxNG

    fake = FakeSearxNG()
    server = _serve(fake.app)
    server.fake = fake
    yield server
    server.stop()


@pytest.fixture
def topic_site(searxng_server):
    """A site of pages on one topic (tests/fakes/topic_site.py) that the fake search
    returns two rows a query of; ``.site`` counts the requests each page got."""
    from tests.fakes.topic_site import SearchRows, TopicSite

    site = TopicSite()
    server = _serve(site.app)
    server.site = site
    searxng_server.fake.results = SearchRows(server.base_url, per_query=2)
    yield server
    server.stop()


@pytest.fixture
def research_env(searxng_server, openai_server) -> dict[str, str]:
    """DEEPREF_ variables for a research run in this process or a subprocess: the
    local search and chat model, loopback pages allowed (no Redis, no embedder)."""
    return {
        "DEEPREF_SEARCH_PROVIDER": "searxng",
        "DEEPREF_SEARXNG_URL": searxng_server.base_url,
        "DEEPREF_LLM_BASE_URL": openai_server.v1,
        "DEEPREF_LLM_API_KEY": openai_server.api_key,
        "DEEPREF_LLM_MODEL": "fake",
        "DEEPREF_FETCH_ALLOW": '["loopback"]',
        "DEEPREF_MAX_PER_HOST": "100",
    }


@pytest.fixture
async def llm(openai_server):
    """The real chat client against the local OpenAI-compatible server, no retries."""
    from deepref.worker.inference.llm import LLMClient

    client = LLMClient(openai_server.v1, api_key=openai_server.api_key, model="fake", max_retries=0)
    yield client
    await client.close()


@pytest.fixture
def web_site():
    """Real-looking pages and hostile ones (tests/fakes/site.py); ``.url(path)``."""
    from tests.fakes.site import Site

    site = Site()
    server = _serve(site.app)
    server.site = site
    server.url = lambda path: server.base_url + path
    yield server
    server.stop()


# --------------------------------------------------------------------------- Celery worker
# Celery's log line of a task message: received, then ended (succeeded in, ignored,
# raised ..., retry: ..., INTERNAL ERROR, rejected)
_TASK_LINE = re.compile(r"Task ([\w.]+)\[([0-9a-f-]+)\] (received|succeeded|ignored|raised|retry|INTERNAL|rejected)")


class WorkerProcess:
    """A real worker subprocess in its own process group, started with the documented
    command (``deepref worker`` plus celery's options), which execs ``celery worker``."""

    def __init__(self, env: dict[str, str], name: str, concurrency: int = 2, args: tuple[str, ...] = ()):
        import subprocess

        self.log_path = ARTIFACTS / f"worker-{name}.log"
        ARTIFACTS.mkdir(exist_ok=True)
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        import sys

        argv = [
            sys.executable,
            "-m",
            "deepref.cli.main",
            "worker",
            "-c",
            str(concurrency),
            "--pool",
            "prefork",
            "-n",
            f"{name}@%h",
            "--loglevel",
            "info",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            *args,
        ]
        self.proc = subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def wait_ready(self, timeout: float = 60) -> None:
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited early; see {self.log_path}:\n{self.log_path.read_text()[-2000:]}")
            if " ready." in self.log_path.read_text(errors="replace"):
                return
            time.sleep(0.2)
        raise RuntimeError(f"worker not ready after {timeout} s; see {self.log_path}")

    def tasks(self) -> dict[str, tuple[str, int, int]]:
        """Each task message the worker's log names: id -> (task name, times received,
        times ended). A retried task is received again under its id."""
        seen: dict[str, tuple[str, int, int]] = {}
        for name, task_id, what in _TASK_LINE.findall(self.log_path.read_text(errors="replace")):
            _, received, ended = seen.get(task_id, (name, 0, 0))
            seen[task_id] = (name, received + (what == "received"), ended + (what != "received"))
        return seen

    def wait_idle(self, timeout: float = 60) -> None:
        """Until every task message the worker has received has ended (whatever it
        queued on the broker is queued by then)."""
        from tests.e2e.support import wait_until

        def idle() -> bool:
            return all(ended >= received for _, received, ended in self.tasks().values())

        wait_until(idle, timeout, f"the worker idle (see {self.log_path})")

    def barrier(self, client, job_id: str, timeout: float = 60) -> None:
        """Queue a message for ``job_id`` behind everything queued so far and wait until
        the worker has taken and ended it, then until it is idle: whatever was queued
        before has run by then. The message is a redelivered ``search``, which a job that
        has ended (or moved on) ignores."""
        from tests.e2e.support import wait_until

        self.wait_idle(timeout)
        sent = client.celery.send_task("deepref.search", args=(job_id,))
        wait_until(
            lambda: sent.id in self.tasks() and self.tasks()[sent.id][2] >= 1,
            timeout,
            f"the worker to end the barrier message {sent.id} (see {self.log_path})",
        )
        self.wait_idle(timeout)

    def kill(self) -> None:
        import signal

        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        import signal
        import subprocess

        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log.close()


@pytest.fixture
def worker_env(redis_client, redis_url, key_prefix, openai_server, searxng_server, web_site):
    """Environment for worker subprocesses and for this test's client: test Redis db
    and prefix, local search/LLM/embedding endpoints, loopback fetching allowed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env.update(
        {
            "DEEPREF_REDIS_URL": redis_url,
            "DEEPREF_KEY_PREFIX": key_prefix,
            "DEEPREF_INDEX_DIR": os.environ["DEEPREF_INDEX_DIR"],
            "DEEPREF_SEARCH_PROVIDER": "searxng",
            "DEEPREF_SEARXNG_URL": searxng_server.base_url,
            "DEEPREF_SEARCH_RATE_PER_SECOND": "50",
            "DEEPREF_LLM_BASE_URL": openai_server.v1,
            "DEEPREF_LLM_API_KEY": openai_server.api_key,
            "DEEPREF_LLM_MODEL": "fake",
            "DEEPREF_LLM_SUB_QUERIES": "1",
            "DEEPREF_EMBEDDER": "openai",
            "DEEPREF_EMBEDDING_BASE_URL": openai_server.v1,
            "DEEPREF_EMBEDDING_API_KEY": openai_server.api_key,
            "DEEPREF_FETCH_ALLOW": '["loopback"]',
            "DEEPREF_MAX_PER_HOST": "20",
            "DEEPREF_FETCH_TIMEOUT": "3",
            "DEEPREF_FETCH_TOTAL_TIMEOUT": "6",
            "DEEPREF_FETCH_HOST_RATE_PER_SECOND": "100",
            "DEEPREF_FETCH_MAX_BYTES": "1000000",
            "DEEPREF_JOB_HEARTBEAT_SECONDS": "1",
            "DEEPREF_VISIBILITY_TIMEOUT": "4",
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


@pytest.fixture
def client_for(monkeypatch):
    """Build a ``worker.client.Client`` whose settings come from ``env`` (a dict)."""
    from deepref.worker.settings import Settings

    def make(env: dict[str, str]):
        from deepref.worker.client import Client

        for key, value in env.items():
            if key.startswith("DEEPREF_"):
                monkeypatch.setenv(key, value)
        from deepref.worker.settings import get_settings

        get_settings.cache_clear()
        client = Client(Settings())  # stores and queues on these settings' Redis, nothing global
        clients.append(client)
        return client

    clients: list = []
    yield make
    for client in clients:
        client.close()
    from deepref.worker.settings import get_settings

    get_settings.cache_clear()


@pytest.fixture
def start_worker(worker_env, redis_client, key_prefix):
    """Start real worker processes (``start_worker(name)``); all are stopped and
    their queue keys removed at the end."""
    workers: list[WorkerProcess] = []

    def start(name: str = "w1", *args: str, **extra_env: str) -> WorkerProcess:
        """``args`` go to ``celery worker`` (e.g. "--max-memory-per-child=1")."""
        proc = WorkerProcess({**worker_env, **extra_env}, name, args=args)
        workers.append(proc)
        proc.wait_ready()
        return proc

    yield start
    for proc in workers:
        proc.stop()


# --------------------------------------------------------------------------- deepref serve
class ServeProcess:
    """``deepref serve`` as a real subprocess on a free loopback port, started with the
    documented command; everything it prints goes to ``log_path``."""

    def __init__(self, env: dict[str, str], name: str, args: tuple[str, ...] = ()):
        import socket
        import subprocess
        import sys

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / f"serve-{name}.log"
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        argv = [
            sys.executable,
            "-m",
            "deepref.cli.main",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            *args,
        ]
        self.proc = subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def wait_ready(self, timeout: float = 30) -> ServeProcess:
        import socket
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"deepref serve exited early; see {self.log_path}:\n{self.log()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"deepref serve not listening after {timeout} s; see {self.log_path}")

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        import signal
        import subprocess

        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._log.close()


@pytest.fixture
def serve(worker_env, request):
    """Start ``deepref serve`` on loopback with the test's Redis db and prefix:
    ``serve(*extra_args, DEEPREF_X="...")``; every one started is stopped at the end."""
    started: list[ServeProcess] = []

    def start(*args: str, **extra_env: str) -> ServeProcess:
        name = f"{request.node.name}-{len(started)}".replace("/", "_")[:80]
        proc = ServeProcess({**worker_env, **extra_env}, name, args)
        started.append(proc)
        return proc.wait_ready()

    yield start
    for proc in started:
        proc.stop()


@pytest.fixture
def deep_settings(openai_server, searxng_server, topic_site):
    """Settings for a job in this process against the local search, the topic site (a
    page per query) and the fake model (tests/worker/pipeline/deep/test_rounds.py)."""
    from deepref.worker.settings import Settings
    from tests.fakes.topic_site import SearchRows

    searxng_server.fake.results = SearchRows(topic_site.base_url, per_query=3)
    return Settings(
        _env_file=None,
        search_provider="searxng",
        searxng_url=searxng_server.base_url,
        search_rate_per_second=50,
        llm_base_url=openai_server.v1,
        llm_api_key=openai_server.api_key,
        llm_model="fake",
        embedder="jaccard",
        fetch_allow=["loopback"],
        fetch_respect_robots=False,
        max_per_host=100,
        fetch_host_rate_per_second=100,
        fetch_timeout=3,
        fetch_total_timeout=6,
    )
