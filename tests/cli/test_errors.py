"""The CLI's promise: every failure is one line on stderr and an exit code, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.support import deepref

REPO = Path(__file__).resolve().parents[2]


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    return {**base, "DEEPREF_EMBEDDER": "jaccard", **(extra or {})}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return deepref(*args, env=_env(env))


def test_an_option_out_of_range_is_one_line_naming_the_option():
    out = run("research", "What is a tidal lagoon?", "--max-pages", "0", "--corpus", "examples/corpus")
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines() == [
        "deepref: error: invalid max_pages: Input should be greater than or equal to 1"
    ]


@pytest.mark.redis
def test_waiting_too_long_for_a_job_says_it_goes_on(redis_client, redis_url, key_prefix):
    env = {"DEEPREF_REDIS_URL": redis_url, "DEEPREF_KEY_PREFIX": key_prefix}
    submitted = run("submit", "What is a tidal lagoon?", "--corpus", "examples/corpus", env=env)
    assert submitted.returncode == 0, submitted.stderr
    job_id = submitted.stdout.strip().splitlines()[-1]
    out = run("result", job_id, "--wait", "--timeout", "0.5", env=env)  # no worker: it stays queued
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert "did not finish within 0.5 s (state: queued)" in out.stderr
    assert f"deepref status {job_id}" in out.stderr


@pytest.mark.redis
def test_a_reader_that_closes_the_pipe_early_gets_no_traceback(redis_client, redis_url, key_prefix):
    env = {"DEEPREF_REDIS_URL": redis_url, "DEEPREF_KEY_PREFIX": key_prefix}
    job_id = run("submit", "What is a tidal lagoon?", "--corpus", "examples/corpus", env=env).stdout.split()[-1]
    # `deepref status ID | head -c 0`: the reader is gone before the first write
    proc = subprocess.Popen(
        [sys.executable, "-m", "deepref.cli.main", "status", job_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=_env(env),
    )
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr


@pytest.mark.redis
def test_submit_with_no_worker_warns_and_result_names_its_flag(redis_client, redis_url, key_prefix):
    """Issue 32, item 6: submit says no worker answers (as MCP does; the job stays queued),
    and a result asked too early names the CLI's --wait, not the Python API's wait=True."""
    env = {"DEEPREF_REDIS_URL": redis_url, "DEEPREF_KEY_PREFIX": key_prefix}
    submitted = run("submit", "What is a tidal lagoon?", "--corpus", "examples/corpus", env=env)
    assert submitted.returncode == 0, submitted.stderr
    assert "warning: no worker answers on the broker" in submitted.stderr
    assert "deepref worker" in submitted.stderr and key_prefix in submitted.stderr
    job_id = submitted.stdout.strip().splitlines()[-1]
    early = run("result", job_id, env=env)
    assert early.returncode == 1
    assert f"deepref result {job_id} --wait" in early.stderr and "wait=True" not in early.stderr


def test_index_of_a_folder_with_nothing_readable_fails(tmp_path):
    """docs/library.md: "A folder with nothing readable fails with a message listing the supported formats"."""
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    (folder / "empty.md").write_text("")
    out = run("index", str(folder), "--index-dir", str(tmp_path / "index"))
    assert out.returncode == 1, out.stdout + out.stderr
    assert "has no readable files with text: deepref reads PDF, DOCX" in out.stderr
    assert "Traceback" not in out.stderr
