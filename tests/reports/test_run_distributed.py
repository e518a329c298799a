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
    start_worker("reports", **{k: v for k, v in env.items() if k not in worker_env or worker_env[k] != v})
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
        time.sleep(3)  # several more ticks from both beats: still one run for this slot
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
