"""A whole job, stage by stage: embedded and queued, on a local corpus and a local site.

Four rows, so that a regression anywhere (search, fetch and extraction, chunking,
the model client, the reference engine, the queue, memory) shows up in one table:

- **corpus**: a folder of 50 generated Markdown files (about 4 kB each), searched
  by the local provider (BM25) and read from disk;
- **site**: 12 generated HTML pages (an article of about 6 kB in navigation,
  sidebar and footer) served on loopback by an aiohttp server started here, found
  through a local SearxNG-compatible search (tests/fakes/searxng.py) that returns
  all 12; fetching is allowed to reach loopback for it, as in the tests.

Every job reads text nobody read before (each job's files and pages are generated
from a seed of its own), so neither the embedding cache nor a warm worker hides the
work. The chat model is the test suite's OpenAI-compatible fake on loopback
(tests/fakes/openai_server.py), which answers at once: ``generate`` is deepref's
side of a model call (prompt, request, stream, parse). Embeddings: the default
choice (the packaged MiniLM when installed, else the lexical scorer), named in the
output; ``--embedder jaccard`` shows the rest of the job without the model.

- **embedded**: ``deepref research`` as users run it, one fresh Python process per
  job (``run_research``: builds its clients, starts its extraction processes, runs
  the five stages, closes). ``outside`` is the job's time not in a stage (building
  the clients and closing them); "peak RSS" is the process's high-water mark, and
  "extract" the largest extraction process's.
- **queued**: a real Redis and one real worker process (``-c 1``), warmed by one
  job per source first; jobs are submitted one at a time from this process.
  ``outside`` is submit-to-result minus the stages: the queue between stages
  and the client's wait. "peak RSS" is the high-water mark of the worker's pool
  process (the one that ran every stage), "extract" its largest extraction process's.

Stage times are the job record's (claim to finish of each stage), medians over
``--jobs`` jobs (3); RSS the largest seen. Redis: ``DEEPREF_BENCH_REDIS_URL`` (db 13
of the local one by default); without one, the queued rows are skipped.

    python -m benchmarks e2e [--jobs N] [--only embedded|queued] [--embedder local|jaccard|openai]
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from benchmarks.services import bench_redis

REPO = Path(__file__).resolve().parent.parent
STAGES = ("search", "fetch", "chunk", "generate", "build_references")
CORPUS_FILES = 50
SITE_PAGES = 12
QUESTION = "How much electricity do tidal lagoons produce, and what do they cost to build? (case {case})"

# --------------------------------------------------------------------------- generated text
_PLACES = ["Swansea Bay", "La Rance", "Sihwa Lake", "the Severn estuary", "Cardiff", "Annapolis Royal",
           "the Bay of Fundy", "Kislaya Guba", "Jiangxia", "the Mersey", "Morecambe Bay",
           "Strangford Lough"]  # fmt: skip
_THINGS = ["tidal lagoon", "tidal barrage", "tidal stream turbine", "sea wall", "sluice gate", "bulb turbine",
           "offshore wind farm", "pumped storage scheme", "grid connection", "fish pass",
           "navigation lock"]  # fmt: skip
_VERBS = ["produces", "costs", "stores", "delivers", "loses", "requires", "replaces", "feeds", "protects"]
_UNITS = ["megawatts", "gigawatt hours a year", "million pounds", "billion euros", "metres of wall",
          "tonnes of sediment", "households", "per cent of the time", "kilometres of coast"]  # fmt: skip
_TEMPLATES = [
    "The {thing} at {place} {verb} about {n} {unit}, according to a survey of {year}.",
    "Engineers at {place} reported in {year} that a {thing} {verb} {n} {unit} when the tide turns.",
    "A {thing} {verb} {n} {unit}; critics at {place} argue that the figure ignores maintenance.",
    "Since {year}, the {thing} near {place} has been inspected {n2} times by the harbour authority.",
    "Building a {thing} costs more where the tidal range is small, as the study of {place} in {year} showed.",
    "Electricity from a {thing} is predictable: at {place} it {verb} {n} {unit} on spring tides.",
    "Wading birds feed on the mud flats of {place}, which a {thing} would cover with {n} {unit}.",
    "The operator of the {thing} at {place} expects to recover its cost within {n2} years.",
]


def _sentence(rng: random.Random) -> str:
    return rng.choice(_TEMPLATES).format(
        thing=rng.choice(_THINGS),
        place=rng.choice(_PLACES),
        verb=rng.choice(_VERBS),
        unit=rng.choice(_UNITS),
        n=rng.randint(2, 990),
        n2=rng.randint(2, 60),
        year=rng.randint(1961, 2025),
    )


def _paragraphs(rng: random.Random, count: int) -> list[str]:
    return [" ".join(_sentence(rng) for _ in range(rng.randint(4, 7))) for _ in range(count)]


def write_corpus(folder: Path, seed: int) -> Path:
    """``CORPUS_FILES`` Markdown notes of about 4 kB, all different for each seed."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(CORPUS_FILES):
        title = f"Field notes {seed}-{i}"
        body = "\n\n".join(_paragraphs(rng, 6))
        (folder / f"note-{i:02d}.md").write_text(f"# {title}\n\n{body}\n")
    return folder


def site_page(seed: int, index: int) -> str:
    """One page of the site: an article in the boilerplate of a real one."""
    rng = random.Random(seed * 1000 + index)
    title = f"Energy desk report {seed}-{index}"
    nav = "".join(f'<li><a href="/section/{n}">Section {n}</a></li>' for n in range(12))
    related = "".join(f'<li><a href="/{seed}/page-{n}">Related story {n}</a></li>' for n in range(8))
    paragraphs = "".join(f"<p>{p}</p>" for p in _paragraphs(rng, 12))
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}</title></head><body>"
        f"<header><nav><ul>{nav}</ul></nav></header>"
        f"<main><article><h1>{title}</h1><p class='byline'>By the energy desk, {rng.randint(1, 28)} May 2024</p>"
        f"{paragraphs}</article></main>"
        f"<aside><h2>Related</h2><ul>{related}</ul></aside>"
        "<footer><p>Copyright the Tidal Gazette. All rights reserved.</p><p>Cookies keep this site running.</p>"
        "</footer></body></html>"
    )


def _case(query: str) -> int:
    """The case number a question carries (``(case 7)``), also in its sub-queries."""
    tail = query.rsplit("case ", 1)[-1]
    digits = "".join(ch for ch in tail if ch.isdigit())
    return int(digits) if digits else 0


class _SiteSearch(dict):
    """The fake SearxNG's ``results``: every query of case ``k`` finds the 12 pages of case ``k``."""

    def __init__(self, base_url: str):
        super().__init__()
        self.base_url = base_url

    def get(self, query, default=None):
        case = _case(query)
        return [
            {"url": f"{self.base_url}/{case}/page-{i}", "title": f"Page {i}", "content": "tidal lagoon"}
            for i in range(SITE_PAGES)
        ]


def _site_app():
    from aiohttp import web

    async def page(request: web.Request) -> web.Response:
        seed, index = int(request.match_info["seed"]), int(request.match_info["index"])
        return web.Response(text=site_page(seed, index), content_type="text/html")

    app = web.Application()
    app.router.add_get("/{seed:\\d+}/page-{index:\\d+}", page)
    return app


# --------------------------------------------------------------------------- the run
def main(argv: list[str]) -> int:
    if "--child" in argv:
        return _child(argv[argv.index("--child") + 1])
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 3
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    embedder = argv[argv.index("--embedder") + 1] if "--embedder" in argv else None

    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxNG
    from tests.fakes.server import ServerThread

    model, search = FakeOpenAI(), FakeSearxNG()
    site = ServerThread(_site_app()).start()
    servers = [site, ServerThread(search.app).start(), ServerThread(model.app).start()]
    search.results = _SiteSearch(site.base_url)
    work = Path(tempfile.mkdtemp(prefix="deepref-e2e-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env.update(
        {
            "DEEPREF_SEARCH_PROVIDER": "searxng",
            "DEEPREF_SEARXNG_URL": servers[1].base_url,
            "DEEPREF_SEARCH_RATE_PER_SECOND": "1000",
            "DEEPREF_LLM_BASE_URL": servers[2].base_url + "/v1",
            "DEEPREF_LLM_API_KEY": model.api_key,
            "DEEPREF_LLM_MODEL": "fake",
            "DEEPREF_LLM_SUB_QUERIES": "1",
            "DEEPREF_FETCH_ALLOW": '["loopback"]',
            "DEEPREF_FETCH_HOST_RATE_PER_SECOND": "1000",
            "DEEPREF_MAX_PER_HOST": str(SITE_PAGES),
            "DEEPREF_API_CORPUS_ROOTS": json.dumps([str(work)]),
            "PYTHONUNBUFFERED": "1",
        }
    )
    if embedder:
        env["DEEPREF_EMBEDDER"] = embedder
    rows: list[dict] = []
    try:
        if only in (None, "embedded"):
            for source in ("corpus", "site"):
                runs = [_embedded(env, source, work, case) for case in range(1, jobs + 1)]
                rows.append(_row("embedded", source, runs))
        if only in (None, "queued"):
            rows.extend(_queued_rows(env, work, jobs))
    finally:
        for server in servers:
            server.stop()
    embedder = rows[0]["embedder"] if rows else "?"
    print(f"one job = search, fetch, chunk, generate (model on loopback), build_references; embedder: {embedder}")
    print(f"median of {jobs} job(s) per row, in ms; RSS in MB (largest seen)")
    head = f"  {'mode':<8} {'source':<6} |" + "".join(f" {s[:9]:>9}" for s in STAGES)
    print(head + f" | {'outside':>7} | {'job':>6} | {'peak RSS':>8} | {'extract':>7} | {'refs':>4}")
    for row in rows:
        stages = "".join(f" {row[s] * 1000:9.0f}" for s in STAGES)
        print(
            f"  {row['mode']:<8} {row['source']:<6} |{stages} | {row['outside'] * 1000:7.0f} | "
            f"{row['total'] * 1000:6.0f} | {row['rss_mb']:8.0f} | {row['extract_mb']:7.0f} | {row['refs']:4.0f}"
        )
    return 0


def _row(mode: str, source: str, runs: list[dict]) -> dict:
    row = {"mode": mode, "source": source, "embedder": runs[0]["embedder"]}
    for stage in STAGES:
        row[stage] = statistics.median(r["timings"][stage] for r in runs)
    row["total"] = statistics.median(r["total"] for r in runs)
    row["outside"] = statistics.median(r["total"] - sum(r["timings"].values()) for r in runs)
    row["rss_mb"] = max(r["rss_mb"] for r in runs)
    row["extract_mb"] = max(r["extract_mb"] for r in runs)
    row["refs"] = statistics.median(r["references"] for r in runs)
    return row


def _options(source: str, work: Path, case: int) -> dict:
    if source == "corpus":
        return {"corpus_dir": str(write_corpus(work / f"corpus-{case}", seed=case))}
    return {}


# --------------------------------------------------------------------------- embedded
def _embedded(env: dict, source: str, work: Path, case: int) -> dict:
    """One ``deepref research`` in a fresh process (what a user's command costs)."""
    options = _options(source, work, case)
    spec = json.dumps({"question": QUESTION.format(case=case), "options": options})
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_e2e", "--child", spec],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"embedded job failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _child(spec: str) -> int:
    """In the fresh process: run one job, print its timings and memory as JSON."""
    from deepref.worker.inference.embedding import embedder_choice
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.pipeline.embedded import run_research
    from deepref.worker.settings import get_settings

    job = json.loads(spec)
    started = time.perf_counter()
    result = run_research(job["question"], ResearchOptions(**job["options"]))
    total = time.perf_counter() - started
    report = {
        "timings": {s: result.timings[s] for s in STAGES},
        "total": total,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        # extraction processes ended with the run's clients: the largest one's high-water mark
        "extract_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        "embedder": embedder_choice(get_settings()),
        "references": len(result.references),
    }
    if os.environ.get("DEEPREF_BENCH_E2E_DEBUG"):
        print(result.answer, result.warnings, file=sys.stderr)
    print(json.dumps(report))
    return 0


# --------------------------------------------------------------------------- queued
def _queued_rows(env: dict, work: Path, jobs: int) -> list[dict]:
    import redis

    url = bench_redis("queued rows")
    if url is None:
        return []
    prefix = f"deepref-bench-{uuid.uuid4().hex[:8]}"
    env = {**env, "DEEPREF_REDIS_URL": url, "DEEPREF_KEY_PREFIX": prefix}
    from deepref.worker.celery_app import worker_argv

    quiet = ("--loglevel", "warning", "--without-gossip", "--without-mingle", "--without-heartbeat")
    worker = subprocess.Popen(
        worker_argv("-c", "1", "-n", "e2e@%h", *quiet),
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    from deepref.worker.client import Client
    from deepref.worker.inference.embedding import embedder_choice
    from deepref.worker.settings import Settings

    settings = Settings()
    client = Client(settings)
    rows = []
    try:
        for source in ("corpus", "site"):  # warm: the worker's clients, extraction processes, model
            client.result(client.submit(QUESTION.format(case=900), _options(source, work, 900)), wait=True, timeout=300)
        for source in ("corpus", "site"):
            runs = []
            for case in range(1, jobs + 1):
                case += 100  # not the embedded rows' pages
                options = _options(source, work, case)
                started = time.perf_counter()
                job_id = client.submit(QUESTION.format(case=case), options)
                client.result(job_id, wait=True, timeout=300)
                total = time.perf_counter() - started
                record = client.store.get(job_id)
                timings = record.timings
                pool, extract = _worker_memory(worker.pid)
                runs.append(
                    {
                        "timings": {s: timings[s] for s in STAGES},
                        "total": total,
                        "rss_mb": pool,
                        "extract_mb": extract,
                        "embedder": embedder_choice(settings),
                        "references": len(record.result.references),
                    }
                )
            rows.append(_row("queued", source, runs))
    finally:
        client.close()
        os.killpg(worker.pid, 15)
        worker.wait(30)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        r = redis.Redis.from_url(url)
        for key in r.scan_iter(match=f"{prefix}:*", count=1000):
            r.delete(key)
    return rows


def _worker_memory(root: int) -> tuple[float, float]:
    """High-water marks (MB) of the worker's pool process and its largest extraction process."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    pool = children.get(root, [])
    extract = [pid for p in pool for pid in children.get(p, [])]
    return max(map(_hwm_mb, pool), default=0.0), max(map(_hwm_mb, extract), default=0.0)


def _hwm_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
