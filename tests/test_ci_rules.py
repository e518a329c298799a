"""The suite's own rules (tests/conftest.py): on CI a test whose dependency is missing
fails instead of skipping; a thread that a test leaves blocked cannot hang the exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SAMPLE = """
import pytest

@pytest.mark.local_model
def test_marked_and_skipped():
    pytest.skip("the model is not installed")

def test_needs_redis_through_its_fixture(redis_client):
    pass

def test_plain_skip():
    pytest.skip("nothing to do with a dependency")
"""


def _run(tmp_path: Path, ci: bool, sample: str = SAMPLE) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_sample.py").write_text(sample)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["DEEPREF_TEST_REDIS_URL"] = "redis://127.0.0.1:1/13"  # nothing listens on port 1
    if ci:
        env["CI"] = "true"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.conftest",
            "-p",
            "no:cacheprovider",
            "-q",
            "-rA",
            "--rootdir",
            str(tmp_path),
            str(tmp_path / "test_sample.py"),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )
    return out


def test_missing_dependencies_skip_on_a_laptop(tmp_path):
    out = _run(tmp_path, ci=False).stdout
    assert "3 skipped" in out


def test_missing_dependencies_fail_on_ci(tmp_path):
    out = _run(tmp_path, ci=True).stdout
    assert "FAILED" in out and "test_marked_and_skipped" in out
    assert "skipped on CI, where local_model must be available" in out
    assert "test_needs_redis_through_its_fixture" in out and "ConnectionError" in out
    assert "1 skipped" in out  # a skip that is not about a dependency stays a skip


LEFT_THREAD = """
import threading

def test_leaves_a_blocked_thread():
    threading.Thread(target=threading.Event().wait, name="stuck-reader").start()
"""


def test_a_blocked_thread_left_by_a_test_ends_the_run_with_its_name(tmp_path):
    """Without the guard the interpreter waits for the thread at exit for ever (and the
    subprocess's own timeout fires instead)."""
    out = _run(tmp_path, ci=True, sample=LEFT_THREAD)
    assert "1 passed" in out.stdout
    assert "left the thread 'stuck-reader' running" in out.stderr and "wait" in out.stderr
    assert out.returncode != 0
