"""Helpers of the end-to-end tests: search results on the test site, waiting for a
job state, and a private redis-server that a test may kill and restart."""

from __future__ import annotations

import time

import pytest

from deepref.worker.jobs.models import JobState


def results(web_site, *paths: str) -> list[dict]:
    """SearxNG rows pointing at pages of the test site."""
    return [{"url": web_site.url(p), "title": p.strip("/"), "content": ""} for p in paths]


def wait_for_state(client, job_id: str, state: JobState, timeout: float = 60, while_waiting=None):
    """The job's record once it is in ``state``; fails with the record on timeout."""
    deadline = time.monotonic() + timeout
    while (record := client.status(job_id)).state is not state:
        assert time.monotonic() < deadline, record
        if while_waiting is not None:
            while_waiting()
        time.sleep(0.1)
    return record


def wait_until(predicate, timeout: float = 30, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"{what} not reached within {timeout} s"
        time.sleep(0.1)


def answer_requests(openai_server) -> list[dict]:
    """Chat requests asking for an answer (not for search queries)."""
    return [
        r
        for r in openai_server.fake.requests
        if r["path"].endswith("/chat/completions") and "search queries" not in r["body"]["messages"][0]["content"]
    ]


class PrivateRedis:
    """A redis-server of this test's own (append-only file, fsync on every write), so
    that it can be killed and restarted without touching the shared one."""

    def __init__(self, directory, *extra: str):
        import shutil
        import socket

        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed (scripts/ensure-redis.sh installs it)")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.argv = [
            binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(directory),
            "--appendonly", "yes", "--appendfsync", "always", "--save", "", *extra,
        ]  # fmt: skip
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None

    def start(self) -> None:
        import subprocess

        import redis

        self.proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                assert time.monotonic() < deadline, "the private redis-server did not start"
                time.sleep(0.05)
        client.close()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
