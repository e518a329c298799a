"""Main-text extraction on WCXB dev: the pipeline's extraction against plain trafilatura.

Each page reaches ``worker.web.extract.extract`` as a fetched page does (URL, status 200,
``text/html``, raw bytes, no charset); plain ``trafilatura.extract(html)`` runs on the
same bytes in the same run. Scores are the benchmark's: word F1 over lower-case ``\\w+``
tokens (multiset overlap), averaged over pages, an empty extraction scoring 0; plus
precision, recall, the share of ``with`` snippets found and of ``without`` (boilerplate)
snippets leaked, pages returned empty, and time per page.

The dev split is cut by registrable domain (sha256 of the domain, < 60 of 100 -> tune,
else held-out) so that figures on the held-out part are not fitted to the pages they
score: extraction rules were tuned on the tune part only. Pages whose ground truth has
no ``main_content`` (2 of 1,497) are left out.

    python -m benchmarks extract                       # all of dev (slow: ~1,500 pages)
    python -m benchmarks extract --limit 200           # a seeded sample
    python -m benchmarks extract --part held --procs 2 # held-out part on two processes
    python -m benchmarks extract --articles            # also the 181-article sanity check
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
WCXB = DATA / "wcxb" / "dev"
ARTICLES = DATA / "article-extraction-benchmark"
TUNE_SHARE = 60  # percent of domains in the tuning part
_TOKEN = re.compile(r"\w+")
# second-level labels under which a registrable domain has three labels (bbc.co.uk)
_SECOND_LEVEL = {"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go"}


@dataclass(frozen=True, slots=True)
class Page:
    id: str
    url: str
    kind: str
    part: str
    gold: str
    with_: tuple[str, ...]
    without: tuple[str, ...]
    path: Path


@dataclass(frozen=True, slots=True)
class Row:
    page: Page
    ours: str
    plain: str
    ours_s: float
    plain_s: float


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def prf(pred: str, gold: str) -> tuple[float, float, float]:
    """Word precision, recall, F1 over lower-case ``\\w+`` tokens (multiset overlap)."""
    p, g = Counter(tokens(pred)), Counter(tokens(gold))
    overlap = sum((p & g).values())
    if not p or not g or not overlap:
        return 0.0, 0.0, 0.0
    precision, recall = overlap / sum(p.values()), overlap / sum(g.values())
    return precision, recall, 2 * precision * recall / (precision + recall)


def contains(text_tokens: str, snippet: str) -> bool:
    needle = " ".join(tokens(snippet))
    return bool(needle) and f" {needle} " in text_tokens


def registrable_domain(url: str) -> str:
    host = re.sub(r"^[a-z]+://", "", url.lower()).split("/")[0].split(":")[0]
    labels = host.split(".")
    if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2:
        return ".".join(labels[-3:])
    return ".".join(labels[-2:])


def part_of(url: str) -> str:
    bucket = int(hashlib.sha256(registrable_domain(url).encode()).hexdigest(), 16) % 100
    return "tune" if bucket < TUNE_SHARE else "held"


def load_wcxb(root: Path = WCXB) -> list[Page]:
    pages = []
    with gzip.open(root / "ground-truth.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            truth = record["ground_truth"]
            if not truth.get("main_content"):
                continue
            url = record.get("url") or f"https://unknown.invalid/{record['file_id']}"
            pages.append(
                Page(
                    id=record["file_id"],
                    url=url,
                    kind=record["_internal"]["page_type"]["primary"],
                    part=part_of(url),
                    gold=truth["main_content"],
                    with_=tuple(truth.get("with") or ()),
                    without=tuple(truth.get("without") or ()),
                    path=root / "html" / f"{record['file_id']}.html.gz",
                )
            )
    return pages


def _ours(url: str, body: bytes) -> str:
    from deepref.worker.errors import ExtractError
    from deepref.worker.web.extract import extract
    from deepref.worker.web.fetch import FetchedPage

    try:
        return extract(FetchedPage(url, url, 200, "text/html", body, None), doc_id="bench").text
    except ExtractError:
        return ""


def _plain(body: bytes) -> str:
    import trafilatura

    return trafilatura.extract(body) or ""


def run_page(page: Page) -> Row:
    body = gzip.decompress(page.path.read_bytes())
    started = time.perf_counter()
    ours = _ours(page.url, body)
    middle = time.perf_counter()
    plain = _plain(body)
    return Row(page, ours, plain, middle - started, time.perf_counter() - middle)


def _mean(scores: list[tuple[float, float, float]], i: int) -> float:
    return sum(s[i] for s in scores) / len(scores)


def _share(rows: list[Row], which: str, snippets: str) -> float:
    """Share of the pages' ``with_``/``without`` snippets found in the ``ours``/``plain`` texts."""
    found = total = 0
    for r in rows:
        text = f" {' '.join(tokens(getattr(r, which)))} "
        items = getattr(r.page, snippets)
        total += len(items)
        found += sum(contains(text, s) for s in items)
    return found / total if total else 0.0


def summarise(rows: list[Row], label: str) -> None:
    print(f"\n{label}: {len(rows)} pages")
    print(
        f"{'kind':<14}{'n':>5} {'F1 ours':>8}{'plain':>7}{'diff':>7} {'P ours':>7}{'plain':>7}"
        f" {'R ours':>7}{'plain':>7} {'with ours':>9}{'plain':>7} {'w/o ours':>8}{'plain':>7} {'empty':>6}{'lost':>5}"
    )
    for kind in [*sorted({r.page.kind for r in rows}), "ALL"]:
        sub = [r for r in rows if kind in ("ALL", r.page.kind)]
        ours = [prf(r.ours, r.page.gold) for r in sub]
        plain = [prf(r.plain, r.page.gold) for r in sub]
        empty = sum(not tokens(r.ours) for r in sub)
        lost = sum(not tokens(r.ours) and bool(tokens(r.plain)) for r in sub)
        f1, base = _mean(ours, 2), _mean(plain, 2)
        print(
            f"{kind:<14}{len(sub):>5} {f1:>8.3f}{base:>7.3f}{f1 - base:>+7.3f}"
            f" {_mean(ours, 0):>7.3f}{_mean(plain, 0):>7.3f} {_mean(ours, 1):>7.3f}{_mean(plain, 1):>7.3f}"
            f" {_share(sub, 'ours', 'with_'):>9.3f}{_share(sub, 'plain', 'with_'):>7.3f}"
            f" {_share(sub, 'ours', 'without'):>8.3f}{_share(sub, 'plain', 'without'):>7.3f} {empty:>6}{lost:>5}"
        )
    ours_ms = 1000 * sum(r.ours_s for r in rows) / len(rows)
    plain_ms = 1000 * sum(r.plain_s for r in rows) / len(rows)
    print(f"time per page: ours {ours_ms:.0f} ms (with metadata), plain {plain_ms:.0f} ms", end="")
    print(f", ratio {ours_ms / plain_ms:.2f}")


def articles_check(procs: int) -> None:
    """Word F1 on the 181 articles of the article-extraction-benchmark: articles must not regress."""
    truth = json.loads((ARTICLES / "ground-truth.json").read_text())
    pages = [
        Page(key, v.get("url") or "", "article", "-", v["articleBody"], (), (), ARTICLES / "html" / f"{key}.html.gz")
        for key, v in sorted(truth.items())
    ]
    rows = _map(pages, procs)
    ours = sum(prf(r.ours, r.page.gold)[2] for r in rows) / len(rows)
    plain = sum(prf(r.plain, r.page.gold)[2] for r in rows) / len(rows)
    empty = sum(not tokens(r.ours) for r in rows)
    print(f"\narticle-extraction-benchmark: {len(rows)} articles, word F1 ours {ours:.3f}, plain {plain:.3f}", end="")
    print(f", empty {empty}")


def _map(pages: list[Page], procs: int) -> list[Row]:
    if procs <= 1:
        return [run_page(p) for p in pages]
    with Pool(procs) as pool:
        return pool.map(run_page, pages, chunksize=4)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks extract", description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="score a seeded sample of N pages (0: all)")
    parser.add_argument("--part", choices=("all", "tune", "held"), default="all")
    parser.add_argument("--kind", action="append", help="only pages of this type (repeatable)")
    parser.add_argument("--procs", type=int, default=1, help="worker processes (the machine is shared: 1 or 2)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--articles", action="store_true", help="also the 181-article sanity check")
    args = parser.parse_args(argv)
    if not WCXB.exists():
        print(f"skipped: WCXB data not found at {WCXB} (see ../shared/data/README.md)")
        return 0
    pages = [p for p in load_wcxb() if args.part in ("all", p.part) and (not args.kind or p.kind in args.kind)]
    if args.limit and args.limit < len(pages):
        pages = sorted(random.Random(args.seed).sample(pages, args.limit), key=lambda p: p.id)
    started = time.perf_counter()
    rows = _map(pages, args.procs)
    print(f"{len(rows)} pages in {time.perf_counter() - started:.0f}s on {args.procs} process(es)")
    for part in ("held", "tune"):
        sub = [r for r in rows if r.page.part == part]
        if sub:
            summarise(sub, {"held": "held-out part (report)", "tune": "tuning part"}[part])
    if {r.page.part for r in rows} == {"held", "tune"}:
        summarise(rows, "all of dev (reference)")
    if args.articles and ARTICLES.exists():
        articles_check(args.procs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
