"""Fake search APIs on loopback (tests/fakes/scholarly.py, encyclopedic.py, websearch.py)."""

from __future__ import annotations

import pytest


class Sleeps:
    """An injected sleep: records what a provider waited, returns at once (tests wait for no clock)."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def serve():
    """``serve(fake)`` runs ``fake.app`` on 127.0.0.1 and returns its base URL."""
    from tests.fakes.server import ServerThread

    servers = []

    def start(fake) -> str:
        server = ServerThread(fake.app).start()
        servers.append(server)
        return server.base_url

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()
