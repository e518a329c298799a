"""Scheduled reports with a real Redis, a real worker and real beat processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.support import wait_until

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "examples" / "corpus"


def start_beat(env: dict, tmp_path: Path, name: str) -> subprocess.Popen:
    log = open(tmp_path / f"beat-{name}.log", "w")  # noqa: SIM115 - handed to the child
    proc = subprocess.Popen(
        [  # the documented command, `deepref beat`, with celery's options handed on
            sys.executable,
            "-m",
            "deepref.cli.main",
            "beat",
            "--schedule",
            str(tmp_path / f"beat-{name}.db"),
            "--loglevel",
            "info",
        ],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    log.close()
    return proc


def ticks_sent(tmp_path: Path, name: str) -> int:
    """Report ticks the beat ``name`` has sent, as its log says."""
    return (tmp_path / f"beat-{name}.log").read_text(errors="replace").count("(deepref.report_tick)")


def ticks_ended(worker) -> int:
    """Report ticks the worker has run to their end."""
    return sum(ended for name, _, ended in worker.tasks().values() if name == "deepref.report_tick")


def test_two_beats_one_scheduled_run_with_shared_references(worker_env, start_worker, tmp_path):
    (tmp_path / "reports.yaml").write_text(f"""\
reports:
  - name: hourly
    title: Hourly brief
    questions:
      - How do footnotes in deepref point at the exact supporting passage?
      - How does deepref refuse requests to private addresses?
    schedule: {{every: 1h}}
    options: {{provider: local, corpus_dir: "{CORPUS}"}}
""")
    env = {
        **worker_env,
        "DEEPREF_REPORTS_FILE": str(tmp_path / "reports.yaml"),
        "DEEPREF_REPORTS_DIR": str(tmp_path / "out"),
        "DEEPREF_BEAT_INTERVAL_SECONDS": "1",
        "DEEPREF_LLM_SUB_QUERIES": "0",
    }
    worker = start_worker("reports", **{k: v for k, v in env.items() if k not in worker_env or worker_env[k] != v})
    beats = [start_beat(env, tmp_path, "a"), start_beat(env, tmp_path, "b")]  # racing for the same slot
    index_path = tmp_path / "out" / "hourly" / "index.json"
    try:
        deadline = time.monotonic() + 120
        while True:
            index = json.loads(index_path.read_text()) if index_path.exists() else {"runs": []}
            if index["runs"] and index["runs"][-1]["status"] != "running":
                break
            assert time.monotonic() < deadline, f"no finished run: {index}"
            time.sleep(0.5)
        # several more ticks from both beats, each run by the worker: still one run for this slot
        sent_by_then = [ticks_sent(tmp_path, name) for name in "ab"]
        wait_until(
            lambda: all(ticks_sent(tmp_path, name) >= n + 2 for name, n in zip("ab", sent_by_then, strict=True)),
            30,
            "two more ticks from each beat",
        )
        sent = sum(ticks_sent(tmp_path, name) for name in "ab")
        wait_until(lambda: ticks_ended(worker) >= sent, 30, f"the worker to run the {sent} ticks sent")
    finally:
        for beat in beats:
            os.killpg(beat.pid, signal.SIGTERM)
            beat.wait(15)
    index = json.loads(index_path.read_text())
    assert len(index["runs"]) == 1, index
    run = index["runs"][0]
    assert run["status"] == "done" and run["slot"] and run["done"] == 2
    folder = tmp_path / "out" / "hourly" / run["run"]
    report = json.loads((folder / "report.json").read_text())
    assert (folder / "report.md").read_text().count("## References") == 1
    numbers: dict[str, set[int]] = {}
    for ref in report["references"]:
        numbers.setdefault(ref["url"], set()).add(ref["n"])
    assert all(len(n) == 1 for n in numbers.values())
    assert report["summary"]  # an LLM is configured: the findings are summarised
