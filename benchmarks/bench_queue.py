"""Queue overhead: 200 jobs with instant stages through Redis and two worker processes.

Search is a two-file local corpus, generation is extractive, scoring lexical: the
stages take milliseconds, so what is measured is the queue (five Celery messages
and a dozen Redis round trips per job). The baseline is the same 200 jobs run
in-process, one after another, in this run.

    python -m benchmarks queue [--jobs N]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 200
    import redis

    url = os.environ.get("DEEPREF_BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
    try:
        redis.Redis.from_url(url).ping()
    except redis.exceptions.ConnectionError:
        print(f"skipped: no Redis at {url}")
        return 0
    prefix = f"deepref-bench-{uuid.uuid4().hex[:8]}"
    corpus = Path(tempfile.mkdtemp())
    (corpus / "a.md").write_text("# Tides\n\nTidal power converts the energy of tides into electricity.\n")
    (corpus / "b.md").write_text("# Wind\n\nOffshore wind farms place turbines at sea, where winds are steady.\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env.update(
        {
            "DEEPREF_REDIS_URL": url,
            "DEEPREF_KEY_PREFIX": prefix,
            "DEEPREF_EMBEDDER": "jaccard",
            "DEEPREF_SEARCH_RATE_PER_SECOND": "100000",
            "DEEPREF_FETCH_HOST_RATE_PER_SECOND": "100000",
        }
    )
    os.environ.update(env)
    from worker.models import ResearchOptions
    from worker.runner import run_research
    from worker.settings import get_settings

    get_settings.cache_clear()
    options = ResearchOptions(corpus_dir=str(corpus))
    questions = [f"How does tidal power work, case {i}?" for i in range(jobs)]

    started = time.perf_counter()
    local_latencies = []
    for q in questions:
        t = time.perf_counter()
        run_research(q, options)
        local_latencies.append(time.perf_counter() - t)
    local = time.perf_counter() - started

    from worker.celery_app import worker_argv

    workers = [
        subprocess.Popen(
            worker_argv(
                "-c",
                "1",
                "-n",
                f"bench{i}@%h",
                "--loglevel",
                "warning",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ),
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        for i in range(2)
    ]
    try:
        from worker.client import Client

        client = Client()
        client.submit("warm up the workers", options)
        time.sleep(8)  # both workers import their modules and connect
        started = time.perf_counter()
        ids = [client.submit(q, options) for q in questions]
        for job_id in ids:
            client.result(job_id, wait=True, timeout=600)
        distributed = time.perf_counter() - started
        latencies = []  # one job at a time: the latency the queue adds to a job on idle workers
        for q in questions[:30]:
            t = time.perf_counter()
            client.result(client.submit(q, options), wait=True, timeout=60)
            latencies.append(time.perf_counter() - t)
    finally:
        for w in workers:
            os.killpg(w.pid, 15)
            w.wait(30)
        r = redis.Redis.from_url(url)
        for key in r.scan_iter(match=f"{prefix}:*", count=1000):
            r.delete(key)
    local_ms = statistics.median(local_latencies) * 1000
    queued_ms = statistics.median(latencies) * 1000
    print(f"{jobs} jobs, instant stages")
    print(f"  in-process, sequential : {jobs / local:7.1f} jobs/s, median job {local_ms:6.1f} ms")
    print(f"  Redis + 2 workers      : {jobs / distributed:7.1f} jobs/s (all {jobs} submitted at once)")
    print(f"  one job at a time      : median submit-to-result {queued_ms:6.1f} ms")
    print(
        f"  throughput ratio distributed/in-process: {local / distributed:.2f}; "
        f"median latency the queue adds to a job: {queued_ms - local_ms:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
