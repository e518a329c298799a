"""The library index at scale, the engines compared, and hybrid retrieval's quality.

``python -m benchmarks library [--scale S] [--part engines,quality,scale]``

- engines: SQLite FTS5 (contentless, deepref's tokens), tantivy and the in-memory
  bm25s of before, on the same passages: build time, disk, query p50/p95, RSS.
- quality: ExpertQA rand_val questions against a library of their evidence pages
  plus thousands of real distractor pages (WCXB, the article benchmark, WiCE pages,
  Debian's docs), indexed with MiniLM vectors; the fusion (depth, dense weight) is
  tuned on half the questions and recall@10 and nDCG@10 over documents reported on
  the other half: lexical, stored vectors reranking the lexical top k, the top 50
  embedded at query time, and a full nearest-neighbour scan fused with lexical; and
  index-time embedding throughput, MiniLM float and int8.
- scale: about 10,000 documents and 1,000,000 passages (``--scale`` 1.0) generated
  from sentences of that real text plus Debian's real PDFs, in a temporary folder:
  full index time and pages/s, one changed file, search p50/p95 lexical and hybrid
  (stored vectors filled with random unit rows: the query's cost does not depend on
  their values, and embedding a million passages is hours of MiniLM on two cores),
  RSS growth of a querying process, disk against the extracted text and of the
  vectors, and the in-memory BM25 baseline (build time and RSS per process).

Data is read from ../shared/data (skipped with a message when absent); nothing is
written outside a temporary folder.
"""

from __future__ import annotations

import argparse
import contextlib
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
import zlib
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
                    key = (
                        re.sub(r"[^A-Za-z0-9]+", "-", url)[-80:].strip("-")
                        + "-"
                        + str(zlib.crc32(url.encode()) % 10**6)
                    )
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


def _embed_rate(texts: list[str], quantize: bool) -> float:
    """Passages/s of the local MiniLM (float or int8) embedding ``texts`` in index batches."""
    from deepref.search.library.vectors import EMBED_BATCH
    from deepref.worker.inference.embedding import LocalEmbedder

    embedder = LocalEmbedder(quantize=quantize)
    embedder.embed(["warm up"])
    started = time.perf_counter()
    for i in range(0, len(texts), EMBED_BATCH):
        embedder.embed(texts[i : i + EMBED_BATCH])
    return len(texts) / (time.perf_counter() - started)


def _mixed(lex, qv, vec, depth: int, share: float) -> list[int]:
    """The shipped fusion: BM25 and cosine z-scores mixed over the lexical top ``depth``."""
    from deepref.search.library import hybrid

    return hybrid.rerank(qv, lex[:depth], vec, dense_share=share) + [pid for pid, _ in lex[depth:]]


def _rrf(lex, qv, vec, depth: int, weight: float) -> list[int]:
    """The fusion before: reciprocal rank, the cosine order weighing ``weight``."""
    from deepref.search.library import hybrid

    ids = [pid for pid, _ in lex[:depth]]
    dense = sorted((pid for pid in ids if pid in vec), key=lambda pid: -float(vec[pid] @ qv))
    return [pid for pid, _ in hybrid.fuse([ids, dense], weights=[1.0, weight])] + [pid for pid, _ in lex[depth:]]


def quality(pages: list[tuple[str, str]], doc_chars: int, workdir: Path | None = None) -> None:
    import numpy as np

    from deepref.search.library import hybrid
    from deepref.search.library.store import LibrarySearcher, index_path
    from deepref.search.library.update import update_index
    from deepref.worker.inference.embedding import LocalEmbedder

    questions, docs = expertqa()
    # every document cut to ``doc_chars`` characters, so that embedding every passage at
    # index time stays within minutes of MiniLM on two cores
    docs = {key: text[:doc_chars] for key, text in docs.items()}
    distractors = [(title, text[:doc_chars]) for title, text in pages]
    embedder = LocalEmbedder()
    with contextlib.ExitStack() as stack:
        # a kept work directory: a second run finds every passage embedded (the index is
        # incremental) and goes straight to the measures
        tmp = workdir or stack.enter_context(tempfile.TemporaryDirectory(prefix="deepref-quality-"))
        folder, index_dir = Path(tmp, "library"), Path(tmp, "index")
        folder.mkdir(parents=True, exist_ok=True)
        _write_library(folder, docs, distractors)
        summary = update_index(folder, index_dir, embedder=embedder)
        searcher = LibrarySearcher(index_path(index_dir, folder))
        n_files, n_passages = searcher.counts()
        vectors_mb = _table_mb(index_path(index_dir, folder) / "catalog.sqlite", "vectors")
        print(
            f"\nquality: {len(questions)} ExpertQA rand_val questions, {len(docs)} evidence documents among "
            f"{n_files:,} documents ({n_files - len(docs):,} real distractors), every document cut to "
            f"{doc_chars:,} characters, {n_passages:,} passages; "
            f"indexed in {summary.seconds - summary.embed_seconds:.0f}s, "
            f"then {summary.embedded:,} passages embedded by MiniLM (float) in {summary.embed_seconds:.0f}s "
            f"({summary.embedded / summary.embed_seconds:.1f} passages/s), stored as int8 rows: {vectors_mb:.1f} MB"
        )
        conn = searcher._conn()
        texts = [t for (t,) in conn.execute("SELECT text FROM passages ORDER BY random() LIMIT 512")]
        print(
            f"index-time embedding, 512 passages: MiniLM float {_embed_rate(texts, False):.1f} passages/s, "
            f"MiniLM int8 {_embed_rate(texts, True):.1f} passages/s (2-core shared machine)"
        )
        key_of = {
            pid: path.rsplit(".", 1)[0]
            for pid, path in conn.execute("SELECT p.id, f.path FROM passages p JOIN files f ON f.id = p.file_id")
        }
        all_ids = [pid for (pid,) in conn.execute("SELECT id FROM vectors ORDER BY id")]
        chunks = []
        for i in range(0, len(all_ids), 500):
            got = searcher.vectors(all_ids[i : i + 500])
            chunks.append(np.vstack([got[pid] for pid in all_ids[i : i + 500]]))
        matrix = np.vstack(chunks)

        def docs_of(ranking: list[int]) -> list[str]:
            out: list[str] = []
            for pid in ranking:
                if key_of[pid] not in out:
                    out.append(key_of[pid])
            return out[:10]

        # per question: lexical top 200 (id, BM25), the query vector, the candidates' stored vectors
        prepared = []
        for question, gold in questions:
            lexical = searcher.lexical(question, 200)
            t = time.perf_counter()
            qv = embedder.embed([question])[0]
            stored = searcher.vectors([pid for pid, _ in lexical[: hybrid.RERANK_DEPTH]])
            hybrid.rerank(qv, lexical[: hybrid.RERANK_DEPTH], stored)
            seconds = time.perf_counter() - t
            prepared.append((question, gold, lexical, qv, searcher.vectors([pid for pid, _ in lexical]), seconds))
        tune, held = prepared[0::2], prepared[1::2]

        def score(rows, rank, depth: int, knob: float) -> tuple[float, float]:
            got = [docs_of(rank(lex, qv, vec, depth, knob)) for _, _, lex, qv, vec, _ in rows]
            recall = statistics.mean(len(set(g) & gold) / len(gold) for g, (_, gold, *_) in zip(got, rows, strict=True))
            ndcg = statistics.mean(_ndcg(g, gold) for g, (_, gold, *_) in zip(got, rows, strict=True))
            return recall, ndcg

        grid = [(d, a) for d in (50, 100, 200) for a in (0.3, 0.4, 0.5, 0.6, 0.7)]
        tuned = {cfg: score(tune, _mixed, *cfg) for cfg in grid}
        best = max(grid, key=lambda cfg: (tuned[cfg][1], tuned[cfg][0]))
        print(
            f"fusion tuned on {len(tune)} questions (nDCG@10): "
            + ", ".join(f"top {d} share {a}: {tuned[(d, a)][1]:.3f}" for d, a in grid)
            + f"; RRF before (top 200, weight 4): {score(tune, _rrf, 200, 4.0)[1]:.3f}"
        )

        rows: list[tuple[str, float, float, str]] = []
        lexical_score = score(held, _mixed, 0, 0.5)
        rows.append(("lexical alone (tantivy BM25)", *lexical_score, "0"))
        rows.append(
            (
                "stored vectors, RRF over the lexical top 200, dense weight 4 (before)",
                *score(held, _rrf, 200, 4.0),
                "same",
            )
        )
        shipped = score(held, _mixed, hybrid.RERANK_DEPTH, hybrid.DENSE_SHARE)
        ms = [1000 * r[5] for r in held]
        rows.append(
            (
                f"stored int8 vectors, z-scores mixed over the lexical top {hybrid.RERANK_DEPTH}, "
                f"cosine share {hybrid.DENSE_SHARE} (shipped)",
                *shipped,
                f"{_pct(ms, 0.5):.0f} / {_pct(ms, 0.95):.0f}",
            )
        )
        if best != (hybrid.RERANK_DEPTH, hybrid.DENSE_SHARE):
            rows.append((f"z-scores mixed, tuned: top {best[0]}, share {best[1]}", *score(held, _mixed, *best), "same"))
        # the candidates embedded at query time (float), as DEEPREF_LIBRARY_RERANK did
        got, qms = [], []
        for question, gold, lex, _, _, _ in held:
            t = time.perf_counter()
            top50 = [pid for pid, _ in lex[:50]]
            texts_of = searcher.passages(top50)
            vecs = embedder.embed([question, *(texts_of[p].text for p in top50)])
            ranking = hybrid.rerank(vecs[0], lex[:50], dict(zip(top50, vecs[1:], strict=True)))
            qms.append(1000 * (time.perf_counter() - t))
            got.append((docs_of(ranking + [pid for pid, _ in lex[50:]]), gold))
        rows.append(
            (
                "lexical top 50 embedded at query time (float) and reranked",
                statistics.mean(len(set(g) & gold) / len(gold) for g, gold in got),
                statistics.mean(_ndcg(g, gold) for g, gold in got),
                f"{_pct(qms, 0.5):.0f} / {_pct(qms, 0.95):.0f}",
            )
        )
        # nearest 50 over every stored vector (a scan: grows with the library) fused with lexical
        got = []
        for _, gold, lex, qv, _, _ in held:
            cosine = matrix @ qv
            top = np.argpartition(-cosine, 50)[:50]
            dense = [all_ids[i] for i in top[np.argsort(-cosine[top])]]
            got.append((docs_of([pid for pid, _ in hybrid.fuse([[pid for pid, _ in lex[:50]], dense])]), gold))
        rows.append(
            (
                "nearest 50 of all stored vectors + lexical 50 (RRF; a full scan)",
                statistics.mean(len(set(g) & gold) / len(gold) for g, gold in got),
                statistics.mean(_ndcg(g, gold) for g, gold in got),
                "grows with the library",
            )
        )
        print(f"held-out half: {len(held)} questions, not used for tuning")
        print("| ranking | recall@10 | nDCG@10 | × lexical (recall / nDCG) | added per query, ms p50 / p95 |")
        print("|---|---|---|---|---|")
        for name, recall, ndcg, cost in rows:
            ratio = f"{recall / lexical_score[0]:.2f} / {ndcg / lexical_score[1]:.2f}"
            print(f"| {name} | {recall:.3f} | {ndcg:.3f} | {ratio} | {cost} |")
        searcher.close()


def _table_mb(db: Path, table: str) -> float:
    """Bytes of ``table``'s pages in the SQLite file (dbstat), in MB."""
    with sqlite3.connect(db) as conn:
        try:
            n = conn.execute("SELECT sum(pgsize) FROM dbstat WHERE name = ?", (table,)).fetchone()[0]
        except sqlite3.OperationalError:  # SQLite built without dbstat
            return float("nan")
    return (n or 0) / 1e6


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


def _query_child(index_dir: str, folder: str, queries: list[str], hybrid_: bool, out) -> None:
    """The search stage's index work for each query, in a fresh process: lexical top 80,
    or the hybrid ranking (one MiniLM embedding of the query, the candidates' stored
    vectors read by id, the fusion), then the passages' text."""
    base = _rss_mb()
    from deepref.search.library import hybrid
    from deepref.search.library.store import LibrarySearcher, index_path

    embedder = None
    if hybrid_:
        from deepref.worker.inference.embedding import LocalEmbedder

        embedder = LocalEmbedder()
        embedder.embed(["warm up"])
    imported = _rss_mb()
    searcher = LibrarySearcher(index_path(Path(index_dir), Path(folder)))
    times, vector_ms = [], []
    for q in queries:
        t = time.perf_counter()
        hits, why = hybrid.search(searcher, q, 80, embedder)
        assert why is None, why
        searcher.passages([pid for pid, _ in hits])
        times.append(time.perf_counter() - t)
        if hybrid_:
            ids = [pid for pid, _ in hits[: hybrid.RERANK_DEPTH]]
            t = time.perf_counter()
            searcher.vectors(ids)
            vector_ms.append(1000 * (time.perf_counter() - t))
    out.send(
        {
            "p50": 1000 * _pct(times, 0.5),
            "p95": 1000 * _pct(times, 0.95),
            "rss_growth": _rss_mb() - base,
            "rss_index": _rss_mb() - imported,
            "vector_p95": _pct(vector_ms, 0.95) if vector_ms else 0.0,
        }
    )


def _synthetic_vectors(db: Path, name: str, dim: int = 384) -> float:
    """Fill ``vectors`` with random unit rows for every passage (the query cost does not
    depend on the values); seconds taken."""
    import numpy as np

    from deepref.search.library.vectors import encode

    rng = np.random.default_rng(5)
    started = time.perf_counter()
    conn = sqlite3.connect(db, isolation_level=None)
    ids = [pid for (pid,) in conn.execute("SELECT id FROM passages ORDER BY id")]
    conn.execute("BEGIN")
    for i in range(0, len(ids), 10_000):
        chunk = ids[i : i + 10_000]
        rows = rng.standard_normal((len(chunk), dim)).astype(np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        conn.executemany("INSERT OR REPLACE INTO vectors(id, v) VALUES (?, ?)", zip(chunk, encode(rows), strict=True))
    conn.executemany(
        "INSERT OR REPLACE INTO meta VALUES (?, ?)",
        [("vectors", name), ("vectors_dim", str(dim)), ("vectors_state", "complete")],
    )
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return time.perf_counter() - started


def _memmap_gather_ms(n: int, k: int, dim: int = 384, rounds: int = 200) -> float:
    """p95 ms of reading ``k`` random rows of an n x dim int8 memory-mapped .npy (the
    alternative to SQLite blobs), file cache warm as the SQLite measure's."""
    import numpy as np

    with tempfile.TemporaryDirectory(prefix="deepref-mmap-") as tmp:
        path = Path(tmp, "v.npy")
        array = np.lib.format.open_memmap(path, mode="w+", dtype=np.int8, shape=(n, dim))
        array[:] = 1
        array.flush()
        del array
        array = np.load(path, mmap_mode="r")
        rng = random.Random(3)
        times = []
        for _ in range(rounds):
            rows = sorted(rng.sample(range(n), k))
            t = time.perf_counter()
            np.asarray(array[rows], dtype=np.float32)
            times.append(1000 * (time.perf_counter() - t))
        return _pct(times, 0.95)


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


def scale(factor: float, sentences: list[str], queries: list[str], workers: int | None, baseline_: bool) -> None:
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
        from deepref.search.library.hybrid import RERANK_DEPTH
        from deepref.worker.inference.embedding import LocalEmbedder

        filled = _synthetic_vectors(db, LocalEmbedder().name)
        vectors_mb = _du(index_dir) / 1e6 - disk / 1e6
        row(
            "vectors: disk (int8 rows in the catalogue; synthetic values)",
            f"{vectors_mb:.0f} MB, {vectors_mb * 1e6 / summary.passages:.0f} bytes a passage "
            f"(written in {filled:.0f} s)",
        )
        hybrid = _in_child(_query_child, str(index_dir), str(folder), queries, True)
        row(
            f"search p50 / p95, hybrid (query embedded by MiniLM, stored vectors of the top {RERANK_DEPTH})",
            f"{hybrid['p50']:.1f} / {hybrid['p95']:.1f} ms (× lexical: {hybrid['p50'] / lexical['p50']:.1f} / "
            f"{hybrid['p95'] / lexical['p95']:.1f})",
        )
        row(
            f"reading the top {RERANK_DEPTH}'s vectors, p95: SQLite blobs / memory-mapped .npy",
            f"{hybrid['vector_p95']:.2f} / {_memmap_gather_ms(summary.passages, RERANK_DEPTH):.2f} ms",
        )
        row(
            "RSS growth, hybrid (of which the index, after loading MiniLM)",
            f"{hybrid['rss_growth']:.0f} MB ({hybrid['rss_index']:.0f} MB)",
        )
        if not baseline_:
            return
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
    parser.add_argument(
        "--doc-chars", type=int, default=2000, help="quality: each document cut to this many characters"
    )
    parser.add_argument(
        "--quality-dir", type=Path, help="quality: keep the library and its index (with vectors) here, reuse them"
    )
    parser.add_argument("--no-baseline", action="store_true", help="scale: skip the in-memory BM25 baseline")
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
        quality(pages, args.doc_chars, args.quality_dir)
    if "scale" in parts:
        scale(args.scale, sentences, questions, args.workers, not args.no_baseline)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
