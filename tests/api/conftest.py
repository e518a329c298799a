"""Fixtures of the API's route tests."""

from __future__ import annotations

import pytest

from deepref.api.app import create_app


@pytest.fixture
async def api(aiohttp_client, worker_env, client_for):
    """The real app on a test server and its client (a real Redis; start a worker to run jobs)."""
    client = client_for(worker_env)
    return await aiohttp_client(create_app(client.settings, client=client)), client
