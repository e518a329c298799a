"""``deepref status``'s line in words: what a person reads before the JSON."""

from __future__ import annotations

from deepref.cli.jobs import status_line
from deepref.worker.jobs.models import JobErrorOut, JobRecord, JobState


def test_a_running_job_says_its_state_progress_message_and_stage():
    record = JobRecord(
        id="j1", question="q?", state=JobState.fetching, stage="fetch", progress=0.4, message="reading 8 pages"
    )
    assert status_line(record) == "[fetching] 40% - reading 8 pages (stage fetch)"


def test_a_failed_job_says_what_went_wrong_and_a_stalled_one_that_it_stalled():
    failed = JobRecord(
        id="j2",
        question="q?",
        state=JobState.failed,
        stage="generate",
        progress=0.6,
        error=JobErrorOut(stage="generate", type="GenerationError", message="the model endpoint answered HTTP 401"),
    )
    assert status_line(failed) == "[failed] 60%; generate failed: the model endpoint answered HTTP 401"
    stalled = JobRecord(id="j3", question="q?", state=JobState.researching, stalled="round-2: no event for 40 s")
    assert status_line(stalled).endswith("; stalled: round-2: no event for 40 s")


def test_worker_and_beat_refuse_to_start_with_a_short_secret():
    """They would sign webhook deliveries with it: one rule for every secret, checked
    before Celery starts (worker/credentials.py)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")} | {"DEEPREF_WEBHOOK_SECRET": "short"}
    for command in ("worker", "beat"):
        out = subprocess.run(
            [sys.executable, "-m", "deepref.cli.main", command], capture_output=True, text=True, timeout=60, env=env
        )
        assert out.returncode == 1 and "DEEPREF_WEBHOOK_SECRET" in out.stderr, out.stderr
        assert "celery" not in out.stderr.lower() and len(out.stderr.splitlines()) == 1
