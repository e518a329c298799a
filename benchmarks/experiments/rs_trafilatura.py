"""Peer comparison (issue 15): rs-trafilatura, the WCXB authors' page-type-aware extractor.

Not a benchmark of the shipped engine and not run by ``python -m benchmarks``. It scores
rs-trafilatura (0.1.1, a Rust extractor with a page-kind classifier and per-kind
passes: repeated cards on listings, every post on forums, JSON-LD on products) on the
same WCXB pages, split and metric as ``python -m benchmarks extract``, so its figures
sit beside ours. rs-trafilatura was built on WCXB dev, so on our held-out part its
figures are in-sample for it, not for us.

It cannot be a dependency: PyPI has a wheel for CPython 3.12 only, and its source
needs crates.io to build. Run it from a Python 3.12 venv, from the repository root::

    python3.12 -m venv /tmp/rs312
    /tmp/rs312/bin/pip install rs-trafilatura==0.1.1
    /tmp/rs312/bin/python -m benchmarks.experiments.rs_trafilatura --part held
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

from benchmarks.bench_extract import WCXB, Page, load_wcxb, prf


def _run(page: Page) -> tuple[str, float, float]:
    import rs_trafilatura

    body = gzip.decompress(page.path.read_bytes())
    started = time.perf_counter()
    try:
        text = rs_trafilatura.extract_bytes(body, url=page.url).main_content or ""
    except Exception:  # an extractor's failure on a page scores 0, as an empty text does
        text = ""
    return page.kind, prf(text, page.gold)[2], time.perf_counter() - started


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=("all", "tune", "held"), default="held")
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args(argv)
    if not WCXB.exists():
        print(f"skipped: WCXB data not found at {WCXB}")
        return 0
    pages = [p for p in load_wcxb() if args.part in ("all", p.part)]
    with Pool(args.procs) as pool:
        rows = pool.map(_run, pages, chunksize=4)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, f1, _ in rows:
        by_kind[kind].append(f1)
        by_kind["ALL"].append(f1)
    print(f"rs-trafilatura on the {args.part} part: {len(rows)} pages")
    for kind in [*sorted(k for k in by_kind if k != "ALL"), "ALL"]:
        scores = by_kind[kind]
        print(f"{kind:<14}{len(scores):>5} {sum(scores) / len(scores):>8.3f}")
    print(f"time per page: {1000 * sum(r[2] for r in rows) / len(rows):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
