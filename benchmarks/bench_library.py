"""The library index at scale, the engines compared, and hybrid retrieval's quality.

``python -m benchmarks library [--scale S] [--part engines,quality,scale]``

- engines: SQLite FTS5 (contentless, deepref's tokens), tantivy and the in-memory
  bm25s of before, on the same passages: build time, disk, query p50/p95, RSS.
- quality: ExpertQA rand_val questions against a library of their evidence pages
  plus thousands of real distractor pages (WCXB, the article benchmark, WiCE pages,
  Debian's docs); recall@10 and nDCG@10 over documents for lexical, lexical reranked
  by MiniLM at query time, and stored vectors fused with lexical.
- scale: about 10,000 documents and 1,000,000 passages (``--scale`` 1.0) generated
  from sentences of that real text plus Debian's real PDFs, in a temporary folder:
  full index time and pages/s, one changed file, search p50/p95, RSS growth of a
  querying process, disk against the extracted text, and the in-memory BM25
  baseline (build time and RSS per process).

Data is read from ../shared/data (skipped with a message when absent); nothing is
written outside a temporary folder.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import multiprocessing
import random
import re
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
DEBIAN_DOCS = Path("/usr/share/doc")


# -- real text -------------------------------------------------------------------------------
def _pages() -> list[tuple[str, str]]:  # noqa: C901 - one loop per data set
    """(title, text) of real pages: WCXB main text, articles, WiCE pages, Debian text docs."""
    pages: list[tuple[str, str]] = []
    wcxb = DATA / "wcxb" / "dev" / "ground-truth.jsonl.gz"
    if wcxb.is_file():
        with gzip.open(wcxb, "rt") as fh:
            for line in fh:
                r = json.loads(line)
                gt = r.get("ground_truth") or {}
                if len(gt.get("main_content") or "") > 300:
                    pages.append((gt.get("title") or r["file_id"], gt["main_content"]))
    articles = DATA / "article-extraction-benchmark" / "ground-truth.json"
    if articles.is_file():
        for key, value in json.loads(articles.read_text()).items():
            if len(value.get("articleBody") or "") > 300:
                pages.append((key, value["articleBody"]))
    wice = DATA / "wice" / "dev.jsonl"
    if wice.is_file():
        for line in wice.open():
            r = json.loads(line)
            pages.append((r["claim"][:60], "\n".join(r["evidence"])))
    for path in sorted(DEBIAN_DOCS.glob("*/*")):
        name = path.name.lower()
        if name.startswith(("readme", "news", "changelog")) or name.endswith(".txt"):
            try:
                raw = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
                text = raw.decode("utf-8")
            except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile):
                continue
            if len(text) > 300:
                pages.append((f"{path.parent.name} {name}", text[:200_000]))
    return pages


def _sentences(pages: list[tuple[str, str]]) -> list[str]:
    out = []
    for _, text in pages:
        out.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if 40 <= len(s.strip()) <= 400)
    return out


def expertqa() -> tuple[list[tuple[str, set[str]]], dict[str, str]]:
    """(question, gold document keys) and document key -> text: each cited URL's passages."""
    docs: dict[str, list[str]] = {}
    questions = []
    for line in (DATA / "expertqa" / "rand_val.jsonl").open():
        r = json.loads(line)
        gold = set()
        for answer in r["answers"].values():
            for claim in answer["claims"]:
                for evidence in claim.get("evidence") or []:
                    head, _, body = evidence.partition("\n\n")
                    url = head.split(" ", 1)[-1].strip()
                    if len(body) < 100:
                        continue
                    key = re.sub(r"[^A-Za-z0-9]+", "-", url)[-80:].strip("-") + "-" + str(abs(hash(url)) % 10**6)
                    if body not in docs.setdefault(key, []):
                        docs[key].append(body)
                    gold.add(key)
        if gold:
            questions.append((r["question"], gold))
    return questions, {k: "\n\n".join(v) for k, v in docs.items()}


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.is_dir() else path.stat().st_size


# -- engines ---------------------------------------------------------------------------------
def _engine_child(kind: str, workdir: str, queries: list[str], out) -> None:
    """Build (or open) one engine over the passages file and time queries; in its own process."""
    from deepref.reference.lexical import tokenize

    base = _rss_mb()
    passages = json.loads(Path(workdir, "passages.json").read_text())
    loaded = _rss_mb()
    started = time.perf_counter()
    times: list[float] = []
    if kind == "bm25s (in memory, before)":
        import bm25s

        index = bm25s.BM25()
        index.index([tokenize(p) or ["\u2205"] for p in passages], show_progress=False)
        build = time.perf_counter() - started
        disk = 0
        for q in queries:
            t = time.perf_counter()
            tokens = [x for x in tokenize(q) if x in index.vocab_dict]
            if tokens:
                index.retrieve([tokens], k=80, show_progress=False)
            times.append(time.perf_counter() - t)
    elif kind == "sqlite fts5":
        import sqlite3

        from deepref.search.library.store import match_expression

        db = Path(workdir, "fts.sqlite")
        conn = sqlite3.connect(db, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE VIRTUAL TABLE fts USING fts5(body, content='')")
        conn.execute("CREATE TABLE passages(id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("BEGIN")
        for i, p in enumerate(passages, 1):
            conn.execute("INSERT INTO passages VALUES (?, ?)", (i, p))
            conn.execute("INSERT INTO fts(rowid, body) VALUES (?, ?)", (i, " ".join(tokenize(p))))
        conn.execute("COMMIT")
        conn.execute("INSERT INTO fts(fts) VALUES('optimize')")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        build = time.perf_counter() - started
        disk = _du(db)
        conn.close()
        conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
        for q in queries:
            t = time.perf_counter()
            expr = match_expression(q)
            if expr:
                conn.execute(
                    "SELECT rowid, bm25(fts) s FROM fts WHERE fts MATCH ? ORDER BY s LIMIT 80", (expr,)
                ).fetchall()
            times.append(time.perf_counter() - t)
    else:
        import tantivy

        schema = (
            tantivy.SchemaBuilder()
            .add_text_field("body", stored=False)
            .add_text_field("text", stored=True, index_option="basic")
        )
        schema = schema.add_integer_field("id", stored=True)
        folder = Path(workdir, "tantivy")
        folder.mkdir()
        index = tantivy.Index(schema.build(), path=str(folder))
        writer = index.writer(heap_size=200_000_000, num_threads=1)
        for i, p in enumerate(passages, 1):
            writer.add_document(tantivy.Document(id=i, body=" ".join(tokenize(p)), text=p))
        writer.commit()
        writer.wait_merging_threads()
        build = time.perf_counter() - started
        disk = _du(folder)
        index.reload()
        searcher = index.searcher()
        for q in queries:
            t = time.perf_counter()
            tokens = list(dict.fromkeys(tokenize(q)))
            if tokens:
                query = index.parse_query(" OR ".join(f'"{x}"' for x in tokens if '"' not in x), ["body"])
                searcher.search(query, 80)
            times.append(time.perf_counter() - t)
    del passages
    out.send(
        {
            "build_s": build,
            "disk_mb": disk / 1e6,
            "p50_ms": 1000 * _pct(times, 0.5),
            "p95_ms": 1000 * _pct(times, 0.95),
            "rss_mb": _rss_mb() - loaded + (loaded - base) * 0,
        }
    )


def _in_child(target, *args) -> dict:
    ctx = multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=target, args=(*args, child))
    proc.start()
    result = parent.recv()
    proc.join()
    return result


def engines(n_passages: int, queries: list[str], sentences: list[str]) -> None:
    rng = random.Random(7)
    passages = []
    while len(passages) < n_passages:
        text, parts = 0, []
        while text < 500:
            s = rng.choice(sentences)
            parts.append(s)
            text += len(s) + 1
        passages.append(" ".join(parts))
    text_mb = sum(len(p.encode()) for p in passages) / 1e6
    print(f"\nengines: {n_passages:,} passages ({text_mb:.0f} MB of text), {len(queries)} queries (top 80)")
    print("| engine | build s | disk MB (x text) | query p50 ms | query p95 ms | RSS growth MB |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="deepref-engines-") as workdir:
        Path(workdir, "passages.json").write_text(json.dumps(passages))
        del passages
        for kind in ("sqlite fts5", "tantivy", "bm25s (in memory, before)"):
            if kind == "tantivy":
                try:
                    import tantivy  # noqa: F401
                except ImportError:
                    print("| tantivy | not installed (pip install tantivy) | | | | |")
                    continue
            r = _in_child(_engine_child, kind, workdir, queries)
            ratio = f"{r['disk_mb']:.0f} ({r['disk_mb'] / text_mb:.2f}x)" if r["disk_mb"] else "0 (memory)"
            cells = [
                kind,
                f"{r['build_s']:.1f}",
                ratio,
                f"{r['p50_ms']:.1f}",
                f"{r['p95_ms']:.1f}",
                f"{r['rss_mb']:.0f}",
            ]
            print("| " + " | ".join(cells) + " |", flush=True)


# -- quality ---------------------------------------------------------------------------------
def _write_library(folder: Path, docs: dict[str, str], pages: list[tuple[str, str]]) -> None:
    for key, text in docs.items():
        (folder / f"{key}.txt").write_text(text)
    for i, (title, text) in enumerate(pages):
        safe = re.sub(r"[^A-Za-z0-9]+", "-", title)[:50].strip("-")
        (folder / f"d{i:05d}-{safe}.md").write_text(f"# {title}\n\n{text}")


def _ndcg(ranked: list[str], gold: set[str], k: int = 10) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:k]) if d in gold)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(k, len(gold))))
    return dcg / ideal


def quality(pages: list[tuple[str, str]]) -> None:
    import numpy as np

    from deepref.search.library.hybrid import RERANK_DEPTH, fuse, rerank
    from deepref.search.library.store import LibrarySearcher, index_path
    from deepref.search.library.update import update_index
    from deepref.worker.inference.embedding import LocalEmbedder

    questions, docs = expertqa()
    # distractors cut to 2,000 characters each, so that storing every passage's vector
    # (the alternative measured) stays within minutes of MiniLM on two cores
    distractors = [(title, text[:2000]) for title, text in pages]
    with tempfile.TemporaryDirectory(prefix="deepref-quality-") as tmp:
        folder, index_dir = Path(tmp, "library"), Path(tmp, "index")
        folder.mkdir()
        _write_library(folder, docs, distractors)
        summary = update_index(folder, index_dir)
        searcher = LibrarySearcher(index_path(index_dir, folder))
        n_files, n_passages = searcher.counts()
        print(
            f"\nquality: {len(questions)} ExpertQA rand_val questions, {len(docs)} evidence documents among "
            f"{n_files:,} documents ({n_files - len(docs):,} real distractors), {n_passages:,} passages; "
            f"indexed in {summary.seconds:.0f}s"
        )
        embedder = LocalEmbedder()
        conn = searcher._conn()
        ids, texts = zip(*conn.execute("SELECT id, text FROM passages ORDER BY id"), strict=True)
        started = time.perf_counter()
        matrix = np.concatenate([embedder.embed(list(texts[i : i + 256])) for i in range(0, len(texts), 256)])
        matrix = matrix.astype(np.float16)
        embed_s = time.perf_counter() - started
        row_of = {pid: i for i, pid in enumerate(ids)}
        key_of = dict(conn.execute("SELECT p.id, f.path FROM passages p JOIN files f ON f.id = p.file_id"))
        results: dict[str, list[tuple[float, float, float]]] = {"lexical": [], "rerank": [], "stored": []}

        def docs_of(ranking: list[int]) -> list[str]:
            out: list[str] = []
            for pid in ranking:
                key = key_of[pid].rsplit(".", 1)[0]
                if key not in out:
                    out.append(key)
            return out[:10]

        for question, gold in questions:
            lexical = searcher.lexical(question, RERANK_DEPTH)
            lex_ids = [pid for pid, _ in lexical]
            t = time.perf_counter()
            passages = searcher.passages(lex_ids)
            reranked = [pid for pid, _ in rerank(question, [(p, passages[p].text) for p in lex_ids], embedder)]
            rerank_s = time.perf_counter() - t
            t = time.perf_counter()
            q = embedder.embed([question])[0].astype(np.float32)
            cosine = matrix @ q.astype(np.float16)
            top = np.argpartition(-cosine, RERANK_DEPTH)[:RERANK_DEPTH]
            dense = [ids[i] for i in top[np.argsort(-cosine[top])]]
            stored = [pid for pid, _ in fuse([lex_ids, dense])]
            stored_s = time.perf_counter() - t
            for name, ranking, seconds in (
                ("lexical", lex_ids, 0.0),
                ("rerank", reranked, rerank_s),
                ("stored", stored, stored_s),
            ):
                got = docs_of(ranking)
                results[name].append((len(set(got) & gold) / len(gold), _ndcg(got, gold), seconds))
        del row_of
        print(f"stored vectors: {len(ids):,} passages embedded by MiniLM in {embed_s:.0f}s (float16 matrix)")
        print("| ranking | recall@10 | nDCG@10 | added query ms p50 / p95 |")
        print("|---|---|---|---|")
        names = {
            "lexical": "lexical (tantivy BM25)",
            "rerank": f"lexical top-{RERANK_DEPTH} reranked by MiniLM (RRF)",
            "stored": "stored vectors + lexical (RRF)",
        }
        for name, rows in results.items():
            recall = statistics.mean(r[0] for r in rows)
            ndcg = statistics.mean(r[1] for r in rows)
            ms = [1000 * r[2] for r in rows]
            print(f"| {names[name]} | {recall:.3f} | {ndcg:.3f} | {_pct(ms, 0.5):.0f} / {_pct(ms, 0.95):.0f} |")
        searcher.close()


# -- scale -----------------------------------------------------------------------------------
def _generate(folder: Path, n_docs: int, passages_per_doc: int, sentences: list[str]) -> int:
    """Text files of random real sentences, ~600 characters a paragraph; Debian's PDFs too."""
    rng = random.Random(11)
    total = 0
    for pdf in sorted(DEBIAN_DOCS.rglob("*.pdf")):
        shutil.copy(pdf, folder / pdf.name)
    for i in range(n_docs):
        sub = folder / f"shelf{i // 500:03d}"
        sub.mkdir(exist_ok=True)
        paragraphs = []
        for _ in range(passages_per_doc):
            size, parts = 0, []
            while size < 420:
                s = rng.choice(sentences)
                parts.append(s)
                size += len(s) + 1
            paragraphs.append(" ".join(parts))
        text = f"Document {i}\n\n" + "\n\n".join(paragraphs)
        total += len(text.encode())
        (sub / f"doc{i:05d}.txt").write_text(text)
    return total


def _query_child(index_dir: str, folder: str, queries: list[str], hybrid: bool, out) -> None:
    base = _rss_mb()
    from deepref.search.library.hybrid import RERANK_DEPTH, rerank
    from deepref.search.library.store import LibrarySearcher, index_path

    embedder = None
    if hybrid:
        from deepref.worker.inference.embedding import LocalEmbedder

        embedder = LocalEmbedder()
        embedder.embed(["warm up"])
    imported = _rss_mb()
    searcher = LibrarySearcher(index_path(Path(index_dir), Path(folder)))
    times = []
    for q in queries:
        t = time.perf_counter()
        hits = searcher.lexical(q, RERANK_DEPTH if hybrid else 80)
        passages = searcher.passages([pid for pid, _ in hits])
        if embedder is not None:
            rerank(q, [(pid, passages[pid].text) for pid, _ in hits], embedder)
        times.append(time.perf_counter() - t)
    out.send(
        {
            "p50": 1000 * _pct(times, 0.5),
            "p95": 1000 * _pct(times, 0.95),
            "rss_growth": _rss_mb() - base,
            "rss_index": _rss_mb() - imported,
        }
    )


def _baseline_child(folder: str, out) -> None:
    """Today's in-memory BM25: read every file, chunk, tokenise, bm25s.index, in this process."""
    base = _rss_mb()
    import bm25s

    from deepref.reference.chunking import chunk_text
    from deepref.reference.lexical import tokenize
    from deepref.search.documents.walk import list_files, read_path

    started = time.perf_counter()
    tokens = []
    for path in list_files(Path(folder))[0]:
        try:
            doc = read_path(path)
        except Exception:
            continue
        text, _ = doc.text_and_marks()
        tokens.extend(tokenize(f"{doc.title} {c.text}") or ["\u2205"] for c in chunk_text(text, max_chars=600))
    index = bm25s.BM25()
    index.index(tokens, show_progress=False)
    out.send({"build_s": time.perf_counter() - started, "rss_growth": _rss_mb() - base, "passages": len(tokens)})


def scale(factor: float, sentences: list[str], queries: list[str], workers: int | None) -> None:
    from deepref.search.library.store import index_path
    from deepref.search.library.update import update_index

    n_docs, per_doc = max(20, int(10_000 * factor)), 100
    with tempfile.TemporaryDirectory(prefix="deepref-library-") as tmp:
        folder, index_dir = Path(tmp, "library"), Path(tmp, "index")
        folder.mkdir()
        t = time.perf_counter()
        generated = _generate(folder, n_docs, per_doc, sentences)
        made = time.perf_counter() - t
        print(f"\nscale {factor}: {n_docs:,} generated documents ({generated / 1e6:.0f} MB) in {made:.0f}s")
        print("| measure | value |")
        print("|---|---|")

        def row(name: str, value: str) -> None:
            print(f"| {name} | {value} |", flush=True)

        summary = update_index(folder, index_dir, workers=workers)
        db = index_path(index_dir, folder) / "catalog.sqlite"
        with sqlite3.connect(db) as conn:
            extracted = sum(len(t.encode()) for (t,) in conn.execute("SELECT text FROM passages"))
        row("documents (files)", f"{summary.files:,}")
        row("passages", f"{summary.passages:,}")
        row(
            "full index",
            f"{summary.seconds:.0f} s: {summary.pages / summary.seconds:.0f} pages/s (a text file is one page), "
            f"{generated / 1e6 / summary.seconds:.1f} MB/s",
        )
        changed = folder / "shelf000" / "doc00003.txt"
        changed.write_text(changed.read_text() + "\n\nA freshly added paragraph about quokkas on Rottnest Island.")
        update = update_index(folder, index_dir, workers=workers)
        row("one file changed: update", f"{update.seconds:.2f} s ({update.read} file read)")
        disk = _du(index_dir)
        row(
            "disk: index / extracted text",
            f"{disk / 1e6:.0f} MB / {extracted / 1e6:.0f} MB = {disk / extracted:.2f}x (no vectors stored)",
        )
        lexical = _in_child(_query_child, str(index_dir), str(folder), queries, False)
        row("search p50 / p95, lexical", f"{lexical['p50']:.1f} / {lexical['p95']:.1f} ms")
        row("RSS growth of a querying process, lexical", f"{lexical['rss_growth']:.0f} MB")
        hybrid = _in_child(_query_child, str(index_dir), str(folder), queries, True)
        row("search p50 / p95, hybrid (MiniLM rerank of 50)", f"{hybrid['p50']:.0f} / {hybrid['p95']:.0f} ms")
        row(
            "RSS growth, hybrid (of which the index, after loading MiniLM)",
            f"{hybrid['rss_growth']:.0f} MB ({hybrid['rss_index']:.0f} MB)",
        )
        baseline = _in_child(_baseline_child, str(folder))
        row(
            "baseline in-memory BM25 (before): build per process",
            f"{baseline['build_s']:.0f} s, RSS +{baseline['rss_growth']:.0f} MB ({baseline['passages']:,} passages)",
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks library")
    parser.add_argument("--scale", type=float, default=1.0, help="1.0: 10,000 documents, ~1,000,000 passages")
    parser.add_argument("--part", default="engines,quality,scale", help="engines, quality, scale (comma-separated)")
    parser.add_argument("--engine-passages", type=int, default=200_000)
    parser.add_argument("--workers", type=int, help="reading processes (default: CPUs, at most 4)")
    args = parser.parse_args(argv)
    if not (DATA / "expertqa" / "rand_val.jsonl").is_file():
        print(f"skipped: {DATA} has no expertqa/rand_val.jsonl")
        return 0
    pages = _pages()
    sentences = _sentences(pages)
    questions = [q for q, _ in expertqa()[0]]
    print(f"real text: {len(pages):,} pages, {len(sentences):,} sentences; {len(questions)} queries")
    parts = set(args.part.split(","))
    if "engines" in parts:
        engines(args.engine_passages, questions, sentences)
    if "quality" in parts:
        quality(pages)
    if "scale" in parts:
        scale(args.scale, sentences, questions, args.workers)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
