"""Schemathesis against a real ``deepref serve`` and a real worker: every check
(``--checks all``), every phase including the stateful one, finds nothing.

The run's settings are in ``schemathesis.toml`` at the repository's root; the
server's own (token, stream lifetime) are here. The worker runs jobs on the fake
search and chat servers of tests/fakes, so no request leaves the machine.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(600)]

REPORT = "tides"  # the report run seeded below, named in schemathesis.toml for GET /v1/reports/{name}/runs/{run}
REPORT_RUN = "2025-01-01T00-00"


def _seed_report(root: Path) -> None:
    from deepref.reports.store import ReportStore

    now = time.time()
    ReportStore(root).save(
        {
            "name": REPORT,
            "title": "Tidal power",
            "run": REPORT_RUN,
            "slot": None,
            "status": "done",
            "started_at": now - 5,
            "finished_at": now,
            "sections": [{"question": "When did La Rance open?", "status": "done", "answer": "In 1966.[^1]"}],
            "references": [{"n": 1, "url": "https://example.org/rance", "title": "La Rance"}],
        }
    )


SERVERS = {
    "with a chat model": {},
    # issue 36: depth standard/deep is refused here, so the description must not offer it
    "without a chat model": {"DEEPREF_LLM_BASE_URL": ""},
}


@pytest.mark.parametrize("server_settings", SERVERS.values(), ids=SERVERS.keys())
def test_schemathesis_finds_nothing(
    server_settings, serve, start_worker, searxng_server, web_site, artifacts_dir, tmp_path
):
    if not SCHEMATHESIS.exists():
        pytest.skip(f"schemathesis is not installed in {SCHEMATHESIS.parent} (make install-dev)")
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    token = secrets.token_urlsafe(32)
    _seed_report(tmp_path / "reports")
    start_worker("schemathesis")
    server = serve(
        DEEPREF_API_TOKEN=token,
        DEEPREF_API_STREAM_MAX_SECONDS="3",  # a stream of a job still queued ends soon, as documented
        DEEPREF_REPORTS_DIR=str(tmp_path / "reports"),
        **server_settings,
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    argv = [
        str(SCHEMATHESIS),
        "--config-file",
        str(REPO / "schemathesis.toml"),
        "run",
        f"{server.base_url}/openapi.json",
        "--checks",
        "all",
        "--header",
        f"Authorization: Bearer {token}",
        "--workers",
        "1",
        "--report-dir",
        str(tmp_path / "schemathesis-report"),
    ]
    log_path = artifacts_dir / f"schemathesis-{len(server_settings)}.log"
    with open(log_path, "w") as log:
        run = subprocess.run(argv, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=540)
    output = log_path.read_text(errors="replace")
    print(output[-6000:])  # the summary, in the test's captured output
    assert run.returncode == 0, f"schemathesis found problems (exit {run.returncode}):\n{output[-20000:]}"
