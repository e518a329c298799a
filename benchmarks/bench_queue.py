"""Queue overhead: jobs with instant stages through Redis and a worker of 1, 2 and 4 processes.

Search is a two-file local corpus, generation is extractive, scoring lexical: the
stages take milliseconds, so what is measured is the queue (five Celery messages
and the job store's round trips per job). The baseline, in this run, is the same
jobs run in-process through the same lifecycle on the in-memory store, with the
process's network clients (fetcher, extraction processes) built once, as a
worker process holds them.

For each worker size (one ``deepref worker`` with ``-c N`` prefork processes):
- latency: jobs submitted one at a time on idle processes, each right after the
  same job in-process, so that both see the machine as it is at that moment (it
  is shared); "overhead" is the median of the differences, "in stages" the median
  of the job's recorded stage times (claim to finish, bookkeeping included); the
  rest is the queue between stages (Celery's hand-over, the client's wait);
- throughput: all jobs submitted at once, jobs per second until the last is done,
  and the CPU the worker's processes spent a job meanwhile (main and pool
  processes; a figure that the machine's other load changes little);
- Celery alone: the same with chains of five tasks that do nothing, on an app
  configured as deepref's (benchmarks/queue_floor.py): what the five hand-overs
  cost by themselves. "overhead - chain" is what deepref adds on top of them (the
  job store's round trips, artifacts, the client's wait).

With ``--timeline``, only one job's way through the worker instead, step by step
(``_timeline``): where the time between submit and result goes.

    python -m benchmarks queue [--jobs N] [--sizes 1,2,4] [--timeline]
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from benchmarks.services import bench_redis

REPO = Path(__file__).resolve().parent.parent
LATENCY_JOBS = 40


def main(argv: list[str]) -> int:
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 200
    timeline = "--timeline" in argv
    sizes = [int(s) for s in argv[argv.index("--sizes") + 1].split(",")] if "--sizes" in argv else [1, 2, 4]
    import redis

    url = bench_redis("the queue benchmark")
    if url is None:
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
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.settings import get_settings

    get_settings.cache_clear()
    options = ResearchOptions(corpus_dir=str(corpus))
    questions = [f"How does tidal power work, case {i}?" for i in range(jobs)]

    if timeline:  # only one job's steps, for each size
        try:
            for size in sizes:
                _timeline(size, options, env)
        finally:
            r = redis.Redis.from_url(url)
            for key in r.scan_iter(match=f"{prefix}:*", count=1000):
                r.delete(key)
        return 0
    local = InProcess(options)
    try:
        local.run("warm up")
        started, cpu = time.perf_counter(), time.process_time()
        for q in questions:
            local.run(q)
        local_seconds, local_cpu = time.perf_counter() - started, time.process_time() - cpu
        print(f"{jobs} jobs, instant stages")
        print(
            f"  in-process, sequential: {jobs / local_seconds:6.1f} jobs/s, {local_cpu / jobs * 1000:.1f} ms CPU a job"
        )
        rows, floors = [], []
        try:
            for size in sizes:
                floors.append(_celery_alone(size, jobs, env))
                rows.append((size, *_queued(size, questions, options, env, local)))
        finally:
            r = redis.Redis.from_url(url)
            for key in r.scan_iter(match=f"{prefix}:*", count=1000):
                r.delete(key)
    finally:
        local.close()
    print(
        f"  {'processes':>9} | {'jobs/s':>6} | {'x in-process':>12} | {'CPU a job':>9} | "
        f"{'median job':>10} | {'in-process':>10} | {'overhead':>8} | {'in stages':>9}"
    )
    for size, rate, cpu_ms, latency_ms, local_ms, overhead_ms, stages_ms, *_ in rows:
        print(
            f"  {size:>9} | {rate:6.1f} | {rate * local_seconds / jobs:12.2f} | {cpu_ms:6.1f} ms | "
            f"{latency_ms:7.1f} ms | {local_ms:7.1f} ms | {overhead_ms:5.1f} ms | {stages_ms:6.1f} ms"
        )
    ours, celery = rows[0][-2:]
    print(
        f"  Redis commands a job (a MULTI block counts once): {ours} by deepref's store and client, {celery} by Celery"
    )
    print("  Celery alone, five no-op tasks chained (the floor under the overhead):")
    print(
        f"  {'processes':>9} | {'chains/s':>8} | {'CPU a chain':>11} | {'median chain':>12} | {'overhead - chain':>16}"
    )
    for (size, *_, overhead_ms, _stages, _ours, _celery), (rate, cpu_ms, chain_ms) in zip(rows, floors, strict=True):
        print(f"  {size:>9} | {rate:8.1f} | {cpu_ms:8.1f} ms | {chain_ms:9.1f} ms | {overhead_ms - chain_ms:13.1f} ms")
    return 0


class InProcess:
    """Jobs run here, one at a time, through the lifecycle on the in-memory store, with
    one set of network clients (as a worker process holds them)."""

    def __init__(self, options):
        from deepref.worker.pipeline import stages as pipeline
        from deepref.worker.pipeline.resources import build_resources
        from deepref.worker.settings import get_settings

        self.options = options
        self.loop = asyncio.new_event_loop()
        settings = get_settings()
        self.res = build_resources(settings, distributed=False, corpus_dir=pipeline.corpus_path(options, settings))

    def run(self, question: str) -> float:
        """Seconds the job took."""
        from deepref.worker.pipeline.embedded import run_research_async

        started = time.perf_counter()
        self.loop.run_until_complete(run_research_async(question, self.options, resources=self.res))
        return time.perf_counter() - started

    def close(self) -> None:
        from deepref.worker.pipeline.resources import close_resources

        self.loop.run_until_complete(close_resources(self.res))
        self.loop.close()


@contextlib.contextmanager
def _warm_worker(size: int, name: str, options, env: dict):
    """A Celery worker of ``size`` processes and a client, after ``4 * size`` jobs in
    which every process built its clients (and extraction processes); stopped after."""
    from deepref.worker.celery_app import worker_argv
    from deepref.worker.client import Client

    quiet = ("--loglevel", "warning", "--without-gossip", "--without-mingle", "--without-heartbeat")
    worker = subprocess.Popen(
        worker_argv("-c", str(size), "-n", f"{name}@%h", *quiet),
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    client = Client()
    try:
        for job_id in [client.submit(f"warm up {i}", options) for i in range(4 * size)]:
            client.result(job_id, wait=True, timeout=120)
        yield worker, client
    finally:
        client.close()
        os.killpg(worker.pid, 15)
        worker.wait(30)


def _queued(size: int, questions: list[str], options, env: dict, local: InProcess) -> tuple[float, ...]:
    """jobs/s with every job submitted at once and the worker's CPU a job then; the
    median job one at a time, the in-process median in the same minutes, the median
    overhead (each queued job minus the in-process job run just before it) and the
    median time in stages."""
    with _warm_worker(size, f"bench{size}", options, env) as (worker, client):
        latencies, locals_, overheads, in_stages = [], [], [], []
        for q in questions[:LATENCY_JOBS]:
            here = local.run(q)  # paired: both see the machine as it is at that moment
            started = time.perf_counter()
            job_id = client.submit(q, options)
            client.result(job_id, wait=True, timeout=60)
            queued = time.perf_counter() - started
            latencies.append(queued)
            locals_.append(here)
            overheads.append(queued - here)
            in_stages.append(sum(client.store.get(job_id).timings.values()))
        commands = _commands_a_job(lambda: client.result(client.submit("counted", options), wait=True, timeout=60))
        cpu = _cpu_seconds(worker.pid)
        started = time.perf_counter()
        ids = [client.submit(q, options) for q in questions]
        for job_id in ids:
            client.result(job_id, wait=True, timeout=600)
        rate = len(questions) / (time.perf_counter() - started)
        cpu_ms = (_cpu_seconds(worker.pid) - cpu) / len(questions) * 1000
    ms = [statistics.median(x) * 1000 for x in (latencies, locals_, overheads, in_stages)]
    return (rate, cpu_ms, *ms, *commands)


def _timeline(size: int, options, env: dict, jobs: int = 20) -> None:
    """One job's way through a worker of ``size`` processes, step by step: the median
    over ``jobs`` jobs sent one at a time of the time from each event of the job's
    stream (its id is Redis' clock in ms) to the next, from the submit to the
    client's return."""
    steps: dict[str, list[float]] = {}
    with _warm_worker(size, f"timeline{size}", options, env) as (_, client):
        for i in range(jobs):
            started = time.time()
            job_id = client.submit(f"How does tidal power work, case {i}?", options)
            client.result(job_id, wait=True, timeout=60)
            marks, seen = [("submit", started)], set()
            for event_id, fields in client.store.events(job_id):  # per stage: its claim, then its finish
                stage = fields["stage"]
                what = f"{stage} {'ran' if stage in seen else 'claimed'}"
                if fields["state"] in ("queued", "done"):
                    what = fields["state"]
                seen.add(stage)
                marks.append((what, int(event_id.split("-")[0]) / 1000))
            marks.append(("client has the result", time.time()))
            for (_, before), (what, at) in itertools.pairwise(marks):
                steps.setdefault(what, []).append((at - before) * 1000)
    print(f"  one job's timeline, {size} process(es), median of {jobs} jobs (ms since the step before):")
    print("    " + " | ".join(f"{what} {statistics.median(ms):.1f}" for what, ms in steps.items()))


def _celery_alone(size: int, chains: int, env: dict) -> tuple[float, float, float]:
    """Chains of five no-op tasks (benchmarks/queue_floor.py) on a worker of ``size``
    processes: chains/s all sent at once, the worker's CPU a chain, the median chain
    sent one at a time."""
    import redis

    from benchmarks import queue_floor
    from deepref.worker.celery_app import INTERACTIVE_QUEUE

    quiet = ("--loglevel", "warning", "--without-gossip", "--without-mingle", "--without-heartbeat")
    argv = [sys.executable, "-m", "celery", "-A", "benchmarks.queue_floor", "worker", "-Q", INTERACTIVE_QUEUE]
    worker = subprocess.Popen(
        [*argv, "-c", str(size), "-n", f"floor{size}@%h", *quiet],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    # no socket timeout (redis-py's default is 5 s): a worker starting on a loaded machine
    # answers the first BLPOP later than that
    r = redis.Redis.from_url(env["DEEPREF_REDIS_URL"], socket_timeout=None)
    done = f"{env['DEEPREF_KEY_PREFIX']}:floor:{uuid.uuid4().hex}"
    try:
        for _ in range(4 * size):
            queue_floor.send(done)
        for _ in range(4 * size):
            if r.blpop([done], timeout=120) is None:
                raise RuntimeError("the no-op worker did not answer")
        latencies = []
        for _ in range(LATENCY_JOBS):
            started = time.perf_counter()
            queue_floor.send(done)
            r.blpop([done], timeout=60)
            latencies.append(time.perf_counter() - started)
        cpu = _cpu_seconds(worker.pid)
        started = time.perf_counter()
        for _ in range(chains):
            queue_floor.send(done)
        for _ in range(chains):
            r.blpop([done], timeout=600)
        rate = chains / (time.perf_counter() - started)
        cpu_ms = (_cpu_seconds(worker.pid) - cpu) / chains * 1000
    finally:
        os.killpg(worker.pid, 15)
        worker.wait(30)
        r.delete(done)
    return rate, cpu_ms, statistics.median(latencies) * 1000


def _commands_a_job(run) -> tuple[int, int]:
    """Redis commands sent while ``run()`` runs one job on idle processes, under this
    run's key prefix (MONITOR sees every client): deepref's (the job store, the
    client) and Celery's (its keys carry ``:celery:``). A MULTI ... EXEC block counts
    once; a pipeline without MULTI counts each command."""
    import threading

    import redis

    from deepref.worker.settings import get_settings

    settings = get_settings()
    prefix, celery_prefix = f"{settings.key_prefix}:", f"{settings.key_prefix}:celery:"
    r = redis.Redis.from_url(settings.redis_url)
    counts = {"deepref": 0, "celery": 0}
    ready, stop = threading.Event(), threading.Event()

    def listen() -> None:
        blocks: dict[str, str | None] = {}  # client -> kind of the MULTI block it is in ("" = none yet)
        with r.monitor() as monitor:
            ready.set()
            while not stop.is_set():
                seen = monitor.next_command()
                client, command = f"{seen['client_address']}:{seen['client_port']}", seen["command"]
                if seen["client_type"] == "lua":
                    continue  # inside a script: the EVALSHA counted
                if command == "MULTI":
                    blocks[client] = ""
                elif command.startswith("EXEC") and client in blocks:
                    kind = blocks.pop(client)
                    if kind:
                        counts[kind] += 1
                elif prefix in command:
                    kind = "celery" if celery_prefix in command else "deepref"
                    if client in blocks:
                        blocks[client] = blocks[client] or kind
                    else:
                        counts[kind] += 1

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    ready.wait(10)
    time.sleep(0.2)
    run()
    time.sleep(0.5)  # the worker acknowledges the last task after the result is out
    stop.set()
    r.ping()  # one more command wakes the monitor
    thread.join(10)
    r.close()
    return counts["deepref"], counts["celery"]


def _cpu_seconds(root: int) -> float:
    """User and system CPU of the worker's main process and its pool processes (not
    the extraction processes, which the in-process runs have too)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == root or ppid == root:
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
