"""Deep research against local servers (``python -m benchmarks deep``): a round-by-round
timing of a deep job, and a wide round fetched by 1 and by 3 worker processes.

**Round by round**, in process (the embedded runner): a SearxNG-compatible search
that finds pages of their own for every query, a site whose pages each take
``--page-ms`` (100 ms by default), and the test suite's model playing a researcher
(tests/fakes/), which answers at once: what is measured is deepref's own work per
round (planning, search, fetch, extraction, passage choice, reading) and the
report. Baseline in the same run: a quick (one pass) job on the same servers.

**Fan-out**: a one-round deep job whose round reads ``--fanout-pages`` (100) pages
of the same 100 ms site, through a real Redis (``DEEPREF_BENCH_REDIS_URL``, db 13
of the local one by default) and real ``celery worker -c 1`` processes started
here: first 1, then 3. The round cuts its pages into batches of 10 and queues a
helper task per batch (worker/pipeline/deep/fanout.py); with one process it fetches
every batch itself. Each setting first runs one warm-up job per process (each
process then has its fetcher, extraction processes and imports ready), then
``--fanout-jobs`` (3) measured ones, each on pages of its own. Measured: the fetch (from the round's
"fetching" event to its "reading" event, the job store's timestamps), the
round, and the job from submit to result. Baseline in the same run: 1 process.

Options: ``--rounds N`` (4), ``--per-query N`` pages per query (4), ``--page-ms`` (100),
``--fanout-pages N`` (100), ``--fanout-jobs N`` (3), ``--only rounds|fanout``.
"""

from __future__ import annotations

import math
import os
import statistics
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from benchmarks.services import bench_redis, local_research

REPO = Path(__file__).resolve().parent.parent


def _arg(argv: list[str], name: str, default: float) -> float:
    return float(argv[argv.index(name) + 1]) if name in argv else default


def main(argv: list[str]) -> int:
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    status = 0
    if only in (None, "rounds"):
        status |= round_by_round(argv)
    if only in (None, "fanout"):
        status |= fan_out(argv)
    return status


def round_by_round(argv: list[str]) -> int:
    from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
    from deepref.worker.pipeline.embedded import run_research

    rounds = int(_arg(argv, "--rounds", 4))
    per_query = int(_arg(argv, "--per-query", 4))
    page_ms = _arg(argv, "--page-ms", 100)
    with local_research(per_query, page_ms, llm_sub_queries=1) as local:
        local.model.researcher.behave("tidal", rounds=None)  # only the round budget stops it
        question = "What do tidal lagoon costs depend on?"
        started = time.perf_counter()
        quick = run_research(question, ResearchOptions(embedder="jaccard"), settings=local.settings)
        quick_s = time.perf_counter() - started
        options = ResearchOptions(
            depth="deep", embedder="jaccard", budget=ResearchBudget(rounds=rounds, pages=rounds * per_query * 2)
        )
        started = time.perf_counter()
        result = run_research(question + " (deep)", options, settings=local.settings)
        deep_s = time.perf_counter() - started
    info = result.deep
    print(f"quick job (baseline): {quick_s:.2f} s, {len(quick.sources)} sources")
    print("round  seconds  pages  new sources  findings  tokens")
    for r in info.rounds:
        tokens = r.prompt_tokens + r.completion_tokens
        print(f"{r.n:>5}  {r.seconds:7.2f}  {r.pages_fetched:5}  {r.new_sources:11}  {r.findings:8}  {tokens:6}")
    report_s = result.timings.get("report", 0.0)
    print(f"report (outline, {len(info.outline)} sections, references): {report_s:.2f} s")
    print(
        f"deep job: {deep_s:.2f} s = {deep_s / quick_s:.1f}x the quick job; {int(info.spent['pages'])} pages, "
        f"{len(result.sources)} sources, {len(result.references)} references, {int(info.spent['tokens'])} tokens "
        f"(estimate {int(info.estimate['tokens'])}); stopped: {info.stop_reason}"
    )
    return 0


def fan_out(argv: list[str]) -> int:
    import redis

    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxNG
    from tests.fakes.server import ServerThread
    from tests.fakes.topic_site import SearchRows, TopicSite

    url = bench_redis("fan-out")
    if url is None:
        return 0
    pages = int(_arg(argv, "--fanout-pages", 100))
    jobs = int(_arg(argv, "--fanout-jobs", 3))
    page_ms = _arg(argv, "--page-ms", 100)
    site, search, model = TopicSite(delay=page_ms / 1000), FakeSearxNG(), FakeOpenAI()
    servers = [ServerThread(app).start() for app in (site.app, search.app, model.app)]
    search.results = SearchRows(servers[0].base_url, per_query=(pages + 1) // 2)  # the researcher plans 2 queries
    model.researcher.behave("tidal", rounds=1)
    prefix = f"deepref-bench-deep-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env.update(
        {
            "DEEPREF_REDIS_URL": url,
            "DEEPREF_KEY_PREFIX": prefix,
            "DEEPREF_SEARCH_PROVIDER": "searxng",
            "DEEPREF_SEARXNG_URL": servers[1].base_url,
            "DEEPREF_SEARCH_RATE_PER_SECOND": "1000",
            "DEEPREF_MAX_RESULTS_PER_QUERY": str(min(50, (pages + 1) // 2)),
            "DEEPREF_LLM_BASE_URL": servers[2].base_url + "/v1",
            "DEEPREF_LLM_API_KEY": model.api_key,
            "DEEPREF_LLM_MODEL": "fake",
            "DEEPREF_EMBEDDER": "jaccard",
            "DEEPREF_FETCH_ALLOW": '["loopback"]',
            "DEEPREF_MAX_PER_HOST": "1000",
            "DEEPREF_FETCH_HOST_RATE_PER_SECOND": "1000",
        }
    )
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    figures: dict[int, list[dict]] = {}
    try:
        from deepref.worker.settings import Settings

        for processes in (1, 3):
            figures[processes] = _fan_out_runs(Settings(_env_file=None), env, site, processes, pages, jobs)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        for server in servers:
            server.stop()
        r = redis.Redis.from_url(url)
        for key in r.scan_iter(match=f"{prefix}:*", count=1000):
            r.delete(key)

    print(f"\nfan-out: a {pages}-page round, pages of {page_ms:g} ms, batches of 10, celery worker -c 1 processes")
    print("processes  job  fetch s  round s  job s  pages  sources  max requests per page")
    for processes, runs in figures.items():
        for i, run in enumerate(runs, 1):
            print(
                f"{processes:>9}  {i:>3}  {run['fetch']:7.2f}  {run['round']:7.2f}  {run['job']:5.2f}  "
                f"{run['pages']:5}  {run['sources']:7}  {run['max_hits']:21}"
            )
    print(f"the round said: {figures[3][-1]['said']!r}")
    # the floor: the pages' own waits, batch after batch, when nothing else took time
    from deepref.worker.pipeline.deep.fanout import FETCH_BATCH
    from deepref.worker.settings import Settings

    at_once = Settings(_env_file=None).fetch_concurrency
    batches, waves = math.ceil(pages / FETCH_BATCH), math.ceil(FETCH_BATCH / at_once)
    floor = {p: math.ceil(batches / p) * waves * page_ms / 1000 for p in figures}
    print(
        f"the pages' waits alone ({batches} batches, {at_once} pages at once per process): "
        f"{floor[1]:.2f} s on 1 process, {floor[3]:.2f} s on 3 ({floor[1] / floor[3]:.2f}x)"
    )
    fetch = {p: statistics.median(r["fetch"] for r in runs) for p, runs in figures.items()}
    job = {p: statistics.median(r["job"] for r in runs) for p, runs in figures.items()}
    print(
        f"median fetch of the round: 1 process {fetch[1]:.2f} s, 3 processes {fetch[3]:.2f} s: "
        f"{fetch[1] / fetch[3]:.2f}x faster; whole job {job[1]:.2f} s vs {job[3]:.2f} s ({job[1] / job[3]:.2f}x)"
    )
    return 0


def _fan_out_runs(settings, env: dict, site, processes: int, pages: int, jobs: int) -> list[dict]:
    """A warm-up job per process, then ``jobs`` measured ones, on ``processes`` fresh worker processes."""
    import signal

    from deepref.worker.celery_app import worker_argv
    from deepref.worker.client import Client
    from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
    from tests.fakes.topic_site import slug_of

    argv = ["-c", "1", "--loglevel", "warning", "--without-gossip", "--without-mingle", "--without-heartbeat"]
    log = tempfile.NamedTemporaryFile("w+", prefix=f"bench-deep-{processes}-", suffix=".log", delete=False)  # noqa: SIM115
    workers = [
        subprocess.Popen(
            worker_argv(*argv, "-n", f"bench-deep-{processes}-{i}@%h"),
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        for i in range(processes)
    ]
    client = Client(settings)
    try:
        deadline = time.monotonic() + 60
        while len(client.celery.control.ping(timeout=1.0) or []) < processes:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{processes} worker processes did not answer a ping within 60 s")
        options = ResearchOptions(
            depth="deep", embedder="jaccard", budget=ResearchBudget(rounds=1, pages=pages, queries_per_round=2)
        )
        runs = []
        for i in range(processes + jobs):  # the first warm up: extraction processes, imports, connections
            question = f"What do tidal lagoon costs depend on? ({processes} processes, job {i})"
            started = time.perf_counter()
            job_id = client.submit(question, options)
            try:
                result = client.result(job_id, wait=True, timeout=600)
            except Exception:
                print(f"the workers' log: {log.name}")
                raise
            elapsed = time.perf_counter() - started
            events = [e for _, e in client.store.events(job_id)]
            fetch_event = next(e for e in events if ": fetching" in e["message"])
            fetching = float(fetch_event["ts"])
            reading = next(float(e["ts"]) for e in events if ": reading" in e["message"])
            mine = f"/page/{slug_of(question)}-"  # the pages of this job's queries
            hits = [count for path, count in site.hits.items() if path.startswith(mine)]
            if i >= processes:
                runs.append(
                    {
                        "fetch": reading - fetching,
                        "round": result.deep.rounds[0].seconds,
                        "job": elapsed,
                        "pages": int(result.deep.spent["pages"]),
                        "sources": result.deep.rounds[0].new_sources,
                        "max_hits": max(hits, default=0),
                        "said": fetch_event["message"],
                    }
                )
        return runs
    finally:
        client.close()
        log.close()
        for w in workers:
            os.killpg(w.pid, signal.SIGTERM)
        for w in workers:
            try:
                w.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(w.pid, signal.SIGKILL)
                w.wait(10)
