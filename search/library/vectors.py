"""Dense vectors of a library's passages, stored at index time, read by row at query time.

Each passage's vector is a row of the catalogue's ``vectors`` table (passage id, blob):
int8 components with one float32 scale per row, 4 + dim bytes (388 for MiniLM). They
live in the catalogue, not a file beside it, so a passage and its vector are written
and dropped in the same SQLite transactions: a killed run never leaves a vector of a
passage that is gone, a reader never sees half of a batch, and no second file needs
an atomic rename. Reading the k vectors of a query's lexical candidates is k B-tree
lookups by primary key, a fraction of a millisecond at a million rows (measured in
benchmarks/bench_library.py), so the query cost does not grow with the library.

``meta`` records which embedder made them (``vectors``: its name, ``vectors_dim``) and
whether every passage has one (``vectors_state``: ``complete`` or ``partial``). Another
embedder (a different name or dimension) makes the next ``deepref index --vectors``
embed every passage again; a query with an embedder other than the one that made the
stored vectors is ranked lexically, with a warning.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterable

import numpy as np

from deepref.reference.embedders import Embedder

log = logging.getLogger(__name__)

EMBED_BATCH = 256
"""Passages embedded and committed together: what a killed run loses at most."""
_PROBE = "probe"


def encode(vectors: np.ndarray) -> list[bytes]:
    """int8 rows with their float32 scale (max |component| / 127) in front."""
    vectors = np.asarray(vectors, dtype=np.float32)
    scale = np.abs(vectors).max(axis=1, keepdims=True) / 127.0
    scale[scale == 0] = 1.0
    q = np.clip(np.rint(vectors / scale), -127, 127).astype(np.int8)
    return [s.astype(np.float32).tobytes() + row.tobytes() for s, row in zip(scale, q, strict=True)]


def decode(blobs: Iterable[bytes]) -> np.ndarray:
    """float32 rows of :func:`encode`'s blobs (all of one dimension)."""
    rows = [
        np.frombuffer(b, dtype=np.int8, offset=4).astype(np.float32) * np.frombuffer(b[:4], np.float32)[0]
        for b in blobs
    ]
    return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)


def stamp_of(meta: dict[str, str]) -> tuple[str, int] | None:
    """(embedder name, dimension) of the stored vectors, None when there are none."""
    if not meta.get("vectors"):
        return None
    return meta["vectors"], int(meta.get("vectors_dim", "0"))


def usable(meta: dict[str, str], embedder: Embedder) -> str | None:
    """Why the stored vectors cannot rank ``embedder``'s queries; None when they can."""
    stamp = stamp_of(meta)
    if stamp is None:
        return "the index has no stored vectors: run 'deepref index --vectors FOLDER'"
    if stamp[0] != embedder.name:
        return (
            f"the index's vectors were made by {stamp[0]}, the configured embedder is {embedder.name}: "
            "run 'deepref index --vectors FOLDER' to embed the passages again"
        )
    return None


def complete(meta: dict[str, str], embedder: Embedder) -> bool:
    """Every passage has a vector by ``embedder``."""
    return usable(meta, embedder) is None and meta.get("vectors_state") == "complete"


def embed_missing(
    conn: sqlite3.Connection,
    embedder: Embedder,
    *,
    report: Callable[[str], None] | None = None,
    progress: Callable[[int, int, float], None] | None = None,
) -> tuple[int, float]:
    """Embed the passages that have no vector yet, a batch per transaction; (embedded,
    seconds). A different embedder than the stored vectors' (name or dimension)
    drops them all first, saying so through ``report``. Runs under the writer lock."""
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    dim = int(np.asarray(embedder.embed([_PROBE])).shape[1])
    stamp = stamp_of(meta)
    if stamp is not None and stamp != (embedder.name, dim):
        n = conn.execute("SELECT count(*) FROM vectors").fetchone()[0]
        message = (
            f"the embedder changed (the stored vectors are {stamp[0]}, {stamp[1]} dimensions; now {embedder.name}, "
            f"{dim}): dropping {n:,} vectors and embedding every passage again"
        )
        log.warning(message)
        if report is not None:
            report(message)
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("DELETE FROM vectors")
        conn.execute("COMMIT")
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(
        "INSERT OR REPLACE INTO meta VALUES (?, ?)",
        [("vectors", embedder.name), ("vectors_dim", str(dim)), ("vectors_state", "partial")],
    )
    conn.execute("COMMIT")
    total = conn.execute(
        "SELECT count(*) FROM passages p LEFT JOIN vectors v ON v.id = p.id WHERE v.id IS NULL"
    ).fetchone()[0]
    started, done, last = time.monotonic(), 0, 0
    while True:
        rows = conn.execute(
            "SELECT p.id, p.text FROM passages p LEFT JOIN vectors v ON v.id = p.id "
            "WHERE v.id IS NULL AND p.id > ? ORDER BY p.id LIMIT ?",
            (last, EMBED_BATCH),
        ).fetchall()
        if not rows:
            break
        vectors = np.asarray(embedder.embed([text for _, text in rows]), dtype=np.float32)
        if vectors.shape != (len(rows), dim):
            raise ValueError(f"{embedder.name} returned vectors of shape {vectors.shape}, not ({len(rows)}, {dim})")
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(
            "INSERT OR REPLACE INTO vectors(id, v) VALUES (?, ?)",
            zip((pid for pid, _ in rows), encode(vectors), strict=True),
        )
        conn.execute("COMMIT")
        done += len(rows)
        last = rows[-1][0]
        if progress is not None:
            progress(done, total, time.monotonic() - started)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('vectors_state', 'complete')")
    conn.execute("COMMIT")
    return done, time.monotonic() - started
