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
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")

pytestmark = [
    pytest.mark.redis,
    pytest.mark.worker,
    pytest.mark.timeout(600),
    # Not clean yet (last run: test-artifacts/schemathesis.log): the options' enums must follow the
    # operator's allow-lists (DEEPREF_ALLOWED_PROVIDERS, _LLM_MODELS, ...), and the coverage phase
    # spends about 300 s on the question's pattern. Remove this marker once both are fixed.
    pytest.mark.xfail(run=False, reason="Schemathesis still reports the options' allow-lists (issue 23)"),
]


def test_schemathesis_finds_nothing(serve, start_worker, searxng_server, web_site, artifacts_dir, tmp_path):
    if not SCHEMATHESIS.exists():
        pytest.skip(f"schemathesis is not installed in {SCHEMATHESIS.parent} (make install-dev)")
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    token = secrets.token_urlsafe(32)
    start_worker("schemathesis")
    server = serve(
        DEEPREF_API_TOKEN=token,
        DEEPREF_API_STREAM_MAX_SECONDS="3",  # a stream of a job still queued ends soon, as documented
        DEEPREF_REPORTS_DIR=str(tmp_path / "reports"),
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
    log_path = artifacts_dir / "schemathesis.log"
    with open(log_path, "w") as log:
        run = subprocess.run(argv, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=540)
    output = log_path.read_text(errors="replace")
    print(output[-6000:])  # the summary, in the test's captured output
    assert run.returncode == 0, f"schemathesis found problems (exit {run.returncode}):\n{output[-20000:]}"
