"""The index of one corpus folder, and the read-only searcher every process opens.

One directory per folder in the index directory (``DEEPREF_INDEX_DIR``), named after
the folder's resolved path, holding

- ``catalog.sqlite`` (WAL): ``files`` (relative path, size, mtime, content hash,
  title, why it was skipped, the batch that wrote it), ``passages`` (text, file) and
  ``meta`` (the tokenizer's stamp, the readers' fingerprint that read the files, the
  batch counters), and ``vectors`` (a passage's dense vector, when stored:
  :mod:`search.library.vectors`). It is the truth: a passage is served only if its
  row is here.
- ``lexical/``: a tantivy index of each passage's tokens as
  :func:`reference.lexical.tokenize` makes them (stems, CJK bigrams), so it ranks what
  the in-memory BM25 ranked, with the passage and file ids. Chosen over SQLite FTS5
  by measurement (docs/library.md): FTS5's OR-queries scan whole posting lists.

A file's rows change in one SQLite transaction; the tantivy commit follows, and a hit
whose passage is no longer in the catalogue is dropped, so a query sees each file
whole, old or new, also while a writer runs or after it was killed.
"""

from __future__ import annotations

import hashlib
import math
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from deepref.reference.lexical import tokenize

if TYPE_CHECKING:
    import tantivy

SCHEMA_VERSION = "2"
_PROBE = "The runners were running: naïve cafés, co-operation in 2024; 東京大学の研究"
CATALOG = "catalog.sqlite"
LEXICAL = "lexical"
RELOAD_SECONDS = 1.0
"""A reader looks for the writer's new commits at most this often."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    pages INTEGER NOT NULL DEFAULT 0,
    passages INTEGER NOT NULL DEFAULT 0,
    reason TEXT,
    message TEXT,
    gen INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS files_gen ON files(gen);
CREATE TABLE IF NOT EXISTS passages(id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS passages_file ON passages(file_id);
CREATE TABLE IF NOT EXISTS vectors(id INTEGER PRIMARY KEY, v BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS dropped(file_id INTEGER PRIMARY KEY, gen INTEGER NOT NULL);
"""


def lexical_schema():
    import tantivy

    builder = tantivy.SchemaBuilder()
    builder.add_text_field("body", stored=False, tokenizer_name="whitespace", index_option="freq")
    builder.add_integer_field("id", stored=True, fast=True)
    builder.add_integer_field("file", indexed=True)
    return builder.build()


class LibraryError(Exception):
    """The index cannot be opened or used; the message says how to fix it."""


def tokenizer_stamp() -> str:
    """Changes when the tokenizer or the schema does: the index is then rebuilt, since a
    contentless FTS5 row is deleted by repeating the tokens it was made from."""
    probe = "|".join(tokenize(_PROBE))
    return hashlib.sha256(f"{SCHEMA_VERSION}:{probe}".encode()).hexdigest()[:16]


def index_path(index_dir: Path, root: Path) -> Path:
    """The directory of folder ``root``'s index: a readable slug plus a hash of the path."""
    root = Path(root).resolve()
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", root.name).strip("-.")[:40] or "root"
    return Path(index_dir).expanduser() / f"{slug}-{hashlib.sha256(str(root).encode()).hexdigest()[:16]}"


def passage_tokens(title: str, text: str) -> str:
    return " ".join(tokenize(f"{title} {text}"))


def connect_writer(path: Path) -> sqlite3.Connection:
    path.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path / CATALOG, timeout=30, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a crash loses the last commits, never consistency
    conn.executescript(_SCHEMA)
    return conn


def query_tokens(query: str) -> list[str]:
    return list(dict.fromkeys(tokenize(query)))


@dataclass(frozen=True, slots=True)
class Passage:
    id: int
    path: str  # relative to the folder
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class IndexedFile:
    id: int
    size: int
    mtime_ns: int
    sha256: str
    title: str


class LibrarySearcher:
    """Read-only access to one folder's index; an SQLite connection per thread."""

    def __init__(self, path: Path):
        self.path = Path(path)
        if not (self.path / CATALOG).is_file():
            raise LibraryError(f"no index at {self.path}: run 'deepref index FOLDER'")
        self._local = threading.local()
        self._lock = threading.Lock()
        self._lexical: tantivy.Index | None = None
        self._loaded = 0.0

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            uri = f"{(self.path / CATALOG).as_uri()}?mode=ro"
            conn = sqlite3.connect(uri, uri=True, timeout=30, check_same_thread=False)
            self._local.conn = conn
        return conn

    def _searcher(self):
        import tantivy

        with self._lock:
            now = time.monotonic()
            if self._lexical is None:
                if not (self.path / LEXICAL / "meta.json").is_file():
                    return None, None
                self._lexical = tantivy.Index.open(str(self.path / LEXICAL))
                self._loaded = now
            elif now - self._loaded >= RELOAD_SECONDS:
                self._lexical.reload()
                self._loaded = now
            return self._lexical, self._lexical.searcher()

    def refresh(self) -> None:
        """See the writer's latest commit at the next query."""
        self._loaded = float("-inf")

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def meta(self) -> dict[str, str]:
        try:
            return dict(self._conn().execute("SELECT key, value FROM meta"))
        except sqlite3.Error:
            return {}

    def files(self) -> dict[str, IndexedFile]:
        rows = self._conn().execute("SELECT path, id, size, mtime_ns, sha256, title FROM files")
        return {r[0]: IndexedFile(*r[1:]) for r in rows}

    def skipped(self) -> list[str]:
        return [m for (m,) in self._conn().execute("SELECT message FROM files WHERE message IS NOT NULL ORDER BY path")]

    def incomplete(self) -> set[str]:
        """Paths of the files skipped (a reason) or read with a warning (a message): what
        a change of the readers may read better."""
        rows = self._conn().execute("SELECT path FROM files WHERE reason IS NOT NULL OR message IS NOT NULL")
        return {path for (path,) in rows}

    def counts(self) -> tuple[int, int]:
        """(files with text, passages)."""
        conn = self._conn()
        files = conn.execute("SELECT count(*) FROM files WHERE reason IS NULL").fetchone()[0]
        passages = conn.execute("SELECT coalesce(sum(passages), 0) FROM files").fetchone()[0]
        return files, passages

    def lexical(self, query: str, k: int) -> list[tuple[int, float]]:
        """(passage id, BM25 score) of the ``k`` best passages in the catalogue, best first."""
        import tantivy

        tokens = query_tokens(query)
        index, searcher = self._searcher()
        if not tokens or index is None:
            return []
        schema = index.schema
        query_ = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "body", t)) for t in tokens]
        )
        found = [(searcher.doc(address)["id"][0], score) for score, address in searcher.search(query_, k + 16).hits]
        alive = self._alive([pid for pid, _ in found])
        return [(pid, score) for pid, score in found if pid in alive][:k]

    def idf(self, tokens: list[str]) -> dict[str, float]:
        """BM25's inverse document frequency of each of ``tokens`` among the indexed passages."""
        index, searcher = self._searcher()
        if index is None:
            return {}
        n = searcher.num_docs
        out = {}
        for token in set(tokens):
            df = searcher.doc_freq("body", token)
            out[token] = math.log(1 + (n - df + 0.5) / (df + 0.5))
        return out

    def _alive(self, ids: list[int]) -> set[int]:
        """The ids whose passage is in the catalogue (a writer may be between commits)."""
        if not ids:
            return set()
        marks = ",".join("?" * len(ids))
        return {r[0] for r in self._conn().execute(f"SELECT id FROM passages WHERE id IN ({marks})", ids)}

    def vectors(self, ids: list[int]) -> dict[int, np.ndarray]:
        """The stored vectors (float32) of those of ``ids`` that have one."""
        from deepref.search.library.vectors import decode

        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._conn().execute(f"SELECT id, v FROM vectors WHERE id IN ({marks})", ids).fetchall()
        return dict(zip((pid for pid, _ in rows), decode(v for _, v in rows), strict=True)) if rows else {}

    def passages(self, ids: list[int]) -> dict[int, Passage]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._conn().execute(
            f"SELECT p.id, f.path, f.title, p.text FROM passages p JOIN files f ON f.id = p.file_id "
            f"WHERE p.id IN ({marks})",
            ids,
        )
        return {r[0]: Passage(*r) for r in rows}
