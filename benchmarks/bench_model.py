"""The local model (all-MiniLM-L6-v2, worker/inference/weights.py): start, speed, agreement, memory.

- cold start: a fresh interpreter imports the embedder, loads the model and embeds one
  sentence (interpreter start-up itself excluded), and whether torch was imported;
- throughput: passages/s over real ExpertQA evidence passages (each ~180 word
  pieces, truncated at 128 as the worker does), best of two rounds; the float
  graph also with two batches side by side, one thread each (onnx-float-side-by-side,
  an option), against the default (one batch at a time over both threads); then
  again with each runtime in a process of its own (the fair comparison: torch's
  OpenMP threads keep spinning after its calls and slow what runs next to it);
- agreement: cosine of each runtime's vectors to sentence-transformers' on those
  passages, and the ExpertQA top-1 figures (engine, both profiles) and a WiCE figure
  (claim -> evidence sentence, top-1 on a gold supporting sentence) for each runtime;
- memory: RSS, PSS and USS (/proc/PID/smaps_rollup) of a real Celery worker with 4
  children that have each embedded with the local model.

The baseline is sentence-transformers + torch, measured in the same run when it is
importable (deepref no longer installs it). ``--baseline-path DIR`` adds a directory
where it was installed apart, after the venv's own packages, so nothing of the
venv changes (``pip install --target DIR torch sentence-transformers``); otherwise
its rows say skipped and docs/benchmarks.md keeps the figures measured before.

    python -m benchmarks model [--passages N] [--quality N (0: none)] [--no-worker] [--baseline-path DIR]
                               (--rate NAME: one runtime's passages/s alone, the child of the isolated rows)
                               [--no-before (without the onnx-float-side-by-side row)]
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import numpy as np

from benchmarks.services import bench_redis

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
EXPERTQA, WICE = DATA / "expertqa" / "rand_val.jsonl", DATA / "wice" / "dev.jsonl"
BASELINE = "sentence-transformers"
MAX_SEQ_LENGTH = 128  # as LocalEmbedder

try:  # the worker of the memory measurement imports this module (-I) for its task
    from deepref.worker.celery_app import app as _app
except ImportError:  # pragma: no cover - the worker's dependencies are core ones
    _app = None

if _app is not None:

    @_app.task(name="deepref.bench.embed")
    def _embed_task(texts: list[str], key: str) -> None:
        import redis

        from deepref.worker.inference.embedding import LocalEmbedder
        from deepref.worker.settings import get_settings

        LocalEmbedder().embed(texts)
        redis.Redis.from_url(get_settings().redis_url).sadd(key, os.getpid())
        time.sleep(2)  # hold this child so the next message goes to another one


class SentenceTransformersEmbedder:
    """The path before ONNX Runtime, configured as LocalEmbedder was."""

    name = BASELINE

    def __init__(self):
        from sentence_transformers import SentenceTransformer

        from deepref.worker.inference.weights import checked_model_dir

        self.model = SentenceTransformer(str(checked_model_dir()), device="cpu")
        self.model.max_seq_length = MAX_SEQ_LENGTH

    def embed(self, texts: list[str]) -> np.ndarray:
        return self.model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)


BASELINE_PATH: list[str] = []  # --baseline-path: appended to sys.path here and in the cold-start interpreters


def baseline_installed() -> bool:
    return importlib.util.find_spec("sentence_transformers") is not None


class SideBySide:
    """The float graph with batches side by side, one thread each (``MiniLM(...,
    side_by_side=True)``, not the default), against the default in one run."""

    name = "onnx-float-side-by-side"

    def __init__(self):
        from deepref.worker.inference.embedding import LocalEmbedder
        from deepref.worker.inference.minilm import MiniLM

        self.batch_size = LocalEmbedder().batch_size
        self.model = MiniLM(LocalEmbedder()._model().weights, side_by_side=True)

    def embed(self, texts: list[str]) -> np.ndarray:
        return self.model.encode(list(texts), batch_size=self.batch_size)


def runtimes(with_before: bool = False) -> dict:
    from deepref.worker.inference.embedding import LocalEmbedder

    found = {BASELINE: SentenceTransformersEmbedder()} if baseline_installed() else {}
    if with_before:
        found[SideBySide.name] = SideBySide()
    found["onnx-float"] = LocalEmbedder()
    found["onnx-int8"] = LocalEmbedder(quantize=True)
    return found


_COLD = {
    BASELINE: (  # as SentenceTransformersEmbedder, without importing this module (and Celery)
        "from deepref.worker.inference.weights import find_model_dir; "
        "from sentence_transformers import SentenceTransformer; "
        "m = SentenceTransformer(str(find_model_dir()), device='cpu'); "
        f"m.max_seq_length = {MAX_SEQ_LENGTH}; e = type('E', (), {{'embed': lambda s, t: m.encode(t)}})()"
    ),
    "onnx-float": "from deepref.worker.inference.embedding import LocalEmbedder; e = LocalEmbedder()",
    "onnx-int8": "from deepref.worker.inference.embedding import LocalEmbedder; e = LocalEmbedder(quantize=True)",
}


def cold_start(runtime: str) -> tuple[float, bool]:
    code = (
        f"import sys, time; sys.path.extend({BASELINE_PATH!r}); t = time.perf_counter(); "
        + _COLD[runtime]
        + "; e.embed(['Tidal power converts the energy of tides into electricity.']); "
        + "print(time.perf_counter() - t, 'torch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    seconds, torch = out.stdout.split()[-2:]
    return float(seconds), torch == "True"


def passages(n: int) -> list[str]:
    seen: dict[str, None] = {}
    for line in EXPERTQA.read_text(encoding="utf-8").splitlines():
        for answer in json.loads(line)["answers"].values():
            for claim in answer["claims"]:
                for ev in claim.get("evidence") or []:
                    text = ev.partition("\n\n")[2].strip()
                    if text:
                        seen[text] = None
        if len(seen) >= n:
            break
    return list(seen)[:n]


def throughput(embedders: dict, texts: list[str]) -> tuple[dict[str, float], dict[str, np.ndarray]]:
    rates: dict[str, float] = {}
    vectors = {}
    for e in embedders.values():
        e.embed(texts[:4])  # warm: the first call builds the session
    for _ in range(2):  # interleaved rounds: a burst of load on the shared machine hits every runtime
        for name, e in embedders.items():
            started = time.perf_counter()
            vectors[name] = np.asarray(e.embed(texts), dtype=np.float32)
            rates[name] = max(rates.get(name, 0.0), len(texts) / (time.perf_counter() - started))
    return rates, vectors


def _runtime(name: str):
    """One runtime alone, as :func:`runtimes` builds it."""
    from deepref.worker.inference.embedding import LocalEmbedder

    return {
        BASELINE: SentenceTransformersEmbedder,
        SideBySide.name: SideBySide,
        "onnx-float": LocalEmbedder,
        "onnx-int8": lambda: LocalEmbedder(quantize=True),
    }[name]()


def isolated_rates(names: list[str], n: int, rounds: int = 2) -> dict[str, float]:
    """passages/s of each runtime in a process of its own (best of ``rounds``, the
    runtimes in turn): torch's spinning OpenMP threads, or another runtime's arena,
    then take nothing from the one measured."""
    rates: dict[str, float] = {}
    for _ in range(rounds):
        for name in names:
            argv = [sys.executable, "-m", "benchmarks.bench_model", "--rate", name, "--passages", str(n)]
            if BASELINE_PATH:
                argv += ["--baseline-path", BASELINE_PATH[0]]
            out = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, check=True)
            rates[name] = max(rates.get(name, 0.0), float(out.stdout.split()[-1]))
    return rates


def _rate_alone(name: str, n: int) -> float:
    embedder, texts = _runtime(name), passages(n)
    embedder.embed(texts[:4])  # warm: the first call builds the session
    started = time.perf_counter()
    embedder.embed(texts)
    return len(texts) / (time.perf_counter() - started)


def wice_top1(embedder, limit: int) -> float:
    """Supported or partially supported claims whose most similar evidence sentence is gold."""
    hits = total = 0
    for line in WICE.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        gold = {i for group in row["supporting_sentences"] for i in group}
        if row["label"] == "not_supported" or not gold or not row["evidence"]:
            continue
        vectors = embedder.embed([row["claim"], *row["evidence"]])
        hits += int(np.argmax(vectors[1:] @ vectors[0])) in gold
        total += 1
        if total >= limit:
            break
    return hits / max(total, 1)


def quality(embedders: dict, limit: int) -> None:
    from benchmarks.bench_expertqa import engine_top1, load
    from deepref.worker.inference.embedding import CachedEmbedder

    answers = load(EXPERTQA, limit)
    print(f"agreement on tasks: ExpertQA {sum(len(a.claims) for a in answers)} claims of {limit} questions, ", end="")
    print(f"WiCE {limit * 2} claims")
    for name, e in embedders.items():
        started = time.perf_counter()
        cached = CachedEmbedder(e)  # each text embedded once across the three figures
        seed, precise = engine_top1(answers, "seed", cached), engine_top1(answers, "precise", cached)
        wice = wice_top1(cached, limit * 2)
        print(
            f"  {name:<22} ExpertQA top1 seed={seed:.3f} precise={precise:.3f} | WiCE top1 sentence={wice:.3f} "
            f"({time.perf_counter() - started:.0f}s)",
            flush=True,
        )


def _memory(pid: int) -> dict[str, int]:
    """Rss, Pss and Uss (private clean + dirty) in kB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":")
        fields[key] = int(value.split()[0])
    return {"rss": fields["Rss"], "pss": fields["Pss"], "uss": fields["Private_Clean"] + fields["Private_Dirty"]}


def worker_memory(texts: list[str]) -> None:
    """A real Celery worker (4 children, preloading parent) whose children all embedded."""
    import redis

    url = bench_redis("worker memory")
    if url is None:
        return
    prefix = f"deepref-bench-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env.update({"DEEPREF_REDIS_URL": url, "DEEPREF_KEY_PREFIX": prefix, "DEEPREF_EMBEDDER": "local"})
    os.environ.update(env)
    from deepref.worker.celery_app import make_celery_app, worker_argv
    from deepref.worker.settings import get_settings

    get_settings.cache_clear()
    client = make_celery_app(get_settings())  # sends by name, on this run's key prefix
    argv = worker_argv("-c", "4", "-I", "benchmarks.bench_model", "--loglevel", "warning", "--without-gossip")
    worker = subprocess.Popen(
        [*argv, "--without-mingle"], cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    r = redis.Redis.from_url(url)
    key = f"{prefix}:bench:pids"
    try:
        deadline = time.monotonic() + 300
        while r.scard(key) < 4 and time.monotonic() < deadline:
            for _ in range(4 - r.scard(key)):
                client.send_task("deepref.bench.embed", args=[texts, key], queue="deepref")
            time.sleep(6)
        children = [int(p) for p in Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()]
        parent = _memory(worker.pid)
        kids = [_memory(p) for p in children]
        embedded = {int(p) for p in r.smembers(key)}
    finally:
        worker.terminate()
        worker.wait(60)
        for k in r.scan_iter(match=f"{prefix}:*", count=1000):
            r.delete(k)
    mb = 1024
    print(f"worker memory: parent + {len(kids)} children, {len(embedded & set(children))} of them embedded")
    for label, m in [("parent", parent)] + [(f"child {i}", k) for i, k in enumerate(kids)]:
        print(f"  {label:<12} RSS {m['rss'] / mb:6.0f} MB  PSS {m['pss'] / mb:6.0f} MB  USS {m['uss'] / mb:6.0f} MB")
    total_rss = (parent["rss"] + sum(k["rss"] for k in kids)) / mb
    total_pss = (parent["pss"] + sum(k["pss"] for k in kids)) / mb
    print(f"  whole worker RSS summed {total_rss:6.0f} MB, PSS summed (real footprint) {total_pss:6.0f} MB")


def main(argv: list[str]) -> int:
    from deepref.worker.inference.embedding import LocalEmbedder

    if not LocalEmbedder.available():
        print("skipped: the local model is not installed (see README, 'local' extra)")
        return 0
    if not EXPERTQA.is_file():
        print(f"skipped: {EXPERTQA} not found (the ExpertQA dev data lives in ../shared/data)")
        return 0
    if "--baseline-path" in argv:
        BASELINE_PATH.append(str(Path(argv[argv.index("--baseline-path") + 1]).resolve()))
        sys.path.extend(BASELINE_PATH)
    n = int(argv[argv.index("--passages") + 1]) if "--passages" in argv else 200
    if "--rate" in argv:  # the child of isolated_rates
        print(_rate_alone(argv[argv.index("--rate") + 1], n))
        return 0
    limit = int(argv[argv.index("--quality") + 1]) if "--quality" in argv else 20
    names = list(_COLD) if baseline_installed() else list(_COLD)[1:]
    if not baseline_installed():
        print(f"{BASELINE}: not installed, its rows are skipped (figures measured before: docs/benchmarks.md)")
    print("cold start (fresh interpreter: import, load, first embedding)")
    for name in names:
        seconds, torch = cold_start(name)
        print(f"  {name:<22} {seconds:5.2f} s   torch imported: {torch}", flush=True)
    embedders = runtimes(with_before="--no-before" not in argv)
    texts = passages(n)
    rates, vectors = throughput(embedders, texts)
    print(f"throughput on {len(texts)} ExpertQA passages (best of 2 interleaved rounds)")
    reference = vectors.get(BASELINE, vectors["onnx-float"])
    for name, rate in rates.items():
        ratio = f"  x{rate / rates[BASELINE]:.2f} of {BASELINE}" if BASELINE in rates else ""
        cos = np.sum(vectors[name] * reference, axis=1)
        against = BASELINE if BASELINE in vectors else "onnx-float"
        print(
            f"  {name:<22} {rate:6.1f} passages/s{ratio}  | cosine to {against}: "
            f"min {cos.min():.6f} mean {cos.mean():.6f}",
            flush=True,
        )
    alone = isolated_rates(list(rates), n)
    print(f"throughput, each runtime in a process of its own (best of 2, in turns; {len(texts)} passages)")
    for name, rate in alone.items():
        ratio = f"  x{rate / alone[BASELINE]:.2f} of {BASELINE}" if BASELINE in alone else ""
        print(f"  {name:<22} {rate:6.1f} passages/s{ratio}", flush=True)
    if limit:
        quality(embedders, limit)
    if "--no-worker" not in argv:
        worker_memory(texts[:32])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
