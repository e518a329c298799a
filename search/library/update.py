"""Bringing a folder's index up to date: only files added, changed or removed are touched.

A file is unchanged when its size and mtime match the index; when they differ it is
read and hashed, and a file whose content hash matches is only re-stamped. Files are
read (parsed, chunked, tokenised) in worker processes. The writer works in batches
(generation ``gen``): the catalogue's transaction first, then the tantivy commit,
then the catalogue records ``lexical_gen``. A run killed anywhere leaves every file
whole, old or new, in the catalogue; the next run first gives tantivy the batches it
missed (files with ``gen > lexical_gen``, and the ``dropped`` ones), then carries on
from the files it did not reach. One writer at a time per folder: an exclusive
``flock`` on ``writer.lock`` in the index's directory; readers take no lock.

With an embedder (``deepref index --vectors``, ``DEEPREF_LIBRARY_VECTORS``), the
passages that have no vector yet are embedded after the files are in, in batches of
their own transactions (:mod:`search.library.vectors`); a killed run resumes there.
"""

from __future__ import annotations

import ctypes
import fcntl
import hashlib
import multiprocessing
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from deepref.reference.chunking import chunk_text
from deepref.reference.embedders import Embedder
from deepref.search.documents import DocumentError, ReadLimits, read_bytes
from deepref.search.documents.beneath import Folder, FolderError, shown_name
from deepref.search.documents.dependencies import MissingDependencyError
from deepref.search.documents.fingerprint import readers_fingerprint
from deepref.search.documents.limits import DEFAULT_LIMITS
from deepref.search.documents.walk import MAX_FILE_BYTES, list_files
from deepref.search.library import vectors
from deepref.search.library.store import (
    LEXICAL,
    IndexedFile,
    LibrarySearcher,
    connect_writer,
    index_path,
    lexical_schema,
    passage_tokens,
    tokenizer_stamp,
)

PASSAGE_CHARS = 600
COMMIT_SECONDS = 5.0
"""A batch of files is committed at least this often: what a killed run loses at most."""
MISSING_DEPENDENCY = "missing-dependency"  # a _Read whose reader could not import its library


@dataclass(frozen=True, slots=True)
class Progress:
    done: int
    total: int
    pages: int
    seconds: float
    current: str = ""
    unit: str = "files"
    """What ``done`` and ``total`` count: files, or passages when embedding them."""

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds if self.seconds > 0 else 0.0

    @property
    def eta_seconds(self) -> float | None:
        if not self.done or self.done >= self.total:
            return None if self.done < self.total else 0.0
        return self.seconds / self.done * (self.total - self.done)


def progress_messages(report: Callable[[str], None], every: float = 2.0) -> Callable[[Progress], None]:
    """A progress callback that reports one line at most every ``every`` seconds."""
    last = [float("-inf")]

    def callback(p: Progress) -> None:
        now = time.monotonic()
        if now - last[0] >= every or p.done == p.total:
            last[0] = now
            eta = p.eta_seconds
            left = "" if eta is None else f", about {eta:.0f}s left"
            if p.unit == "passages":
                rate = f"{p.pages_per_second:.0f} passages/s"
                report(f"embedding the corpus passages: {p.done:,}/{p.total:,}, {rate}{left}")
            else:
                report(
                    f"indexing the corpus folder: {p.done:,}/{p.total:,} files, {p.pages_per_second:.0f} pages/s{left}"
                )

    return callback


@dataclass
class Summary:
    files: int = 0
    """Files in the folder in a readable format."""
    read: int = 0
    unchanged: int = 0
    restamped: int = 0
    removed: int = 0
    skipped: dict[str, list[str]] = field(default_factory=dict)
    """reason -> messages, of files read in this run and links refused."""
    warnings: list[str] = field(default_factory=list)
    """Files read in this run with a warning: what was cut (a repeated part, past a
    limit), an encoding guessed, OCR."""
    passages: int = 0
    """Passages in the index after the run."""
    added_passages: int = 0
    pages: int = 0
    seconds: float = 0.0
    rebuilt: bool = False
    embedded: int = 0
    """Passages embedded in this run (stored vectors)."""
    embed_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    """Messages about the run as a whole (the embedder changed, ...)."""

    def lines(self) -> list[str]:
        skipped = sum(len(v) for v in self.skipped.values())
        out = [
            f"{self.files:,} files: {self.read:,} read, {self.unchanged + self.restamped:,} unchanged, "
            f"{self.removed:,} removed, {skipped:,} skipped; {self.passages:,} passages in the index "
            f"({self.added_passages:,} new), {self.pages:,} pages in {self.seconds:.1f}s"
            + (f" ({self.pages / self.seconds:.0f} pages/s)" if self.seconds > 0 and self.pages else "")
        ]
        if self.embedded:
            rate = self.embedded / self.embed_seconds if self.embed_seconds > 0 else 0.0
            out.append(f"vectors: {self.embedded:,} passages embedded in {self.embed_seconds:.1f}s ({rate:.0f}/s)")
        out.extend(self.notes)
        if self.warnings:
            out.append(f"read with warnings: {len(self.warnings)}")
            out.extend(f"  {m}" for m in self.warnings)
        for reason, messages in sorted(self.skipped.items()):
            out.append(f"skipped ({reason}): {len(messages)}")
            out.extend(f"  {m}" for m in messages)
        return out


@dataclass(frozen=True, slots=True)
class Plan:
    """What an update would do: files to read, paths to drop, links refused."""

    to_read: list[str]
    removed: list[str]
    refused: list[tuple[str, str]]  # (reason, message)
    total: int
    complete: bool
    retried: frozenset[str] = frozenset()
    """Of ``to_read``, unchanged files read again because the readers changed since
    they were skipped or read with a warning (catalogue ``meta.readers``)."""
    readers: str = ""
    """The readers' fingerprint now (search.documents.fingerprint)."""

    @property
    def stale(self) -> bool:
        return bool(self.to_read or self.removed) or not self.complete


@dataclass(frozen=True, slots=True)
class _Read:
    path: str
    size: int
    mtime_ns: int
    sha256: str
    title: str = ""
    pages: int = 0
    texts: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    reason: str | None = None
    message: str | None = None


def plan(root: Path, index_dir: Path, limits: ReadLimits = DEFAULT_LIMITS) -> Plan:
    """Compare the folder with its index by path, size and mtime (no file is read).
    :class:`FolderError` when the folder cannot be opened (gone, or a link in its path)."""
    root = Path(os.path.abspath(root))
    with Folder(root, hard_links=limits.hard_links) as folder:
        files, refused = list_files(folder)
    path = index_path(index_dir, root)
    indexed: dict[str, IndexedFile] = {}
    complete = False
    readers = readers_fingerprint()
    incomplete: set[str] = set()
    if (path / "catalog.sqlite").is_file():
        searcher = LibrarySearcher(path)
        try:
            meta = searcher.meta()
            if meta.get("tokenizer") == tokenizer_stamp():
                indexed = searcher.files()
                complete = meta.get("state") == "complete"
                if meta.get("readers") != readers:  # (none: an index from before the fingerprint)
                    incomplete = searcher.incomplete()
        except sqlite3.Error:
            indexed = {}
        finally:
            searcher.close()
    to_read, seen, retried = [], set(), set()
    for file in files:
        rel = file.rel
        seen.add(rel)
        known = indexed.get(rel)
        if known is None or (known.size, known.mtime_ns) != (file.size, file.mtime_ns):
            to_read.append(rel)
        elif rel in incomplete:
            to_read.append(rel)
            retried.add(rel)
    removed = sorted(set(indexed) - seen)
    refusals = [(s.reason, s.message) for s in refused]
    return Plan(to_read, removed, refusals, len(files), complete, frozenset(retried), readers)


@contextmanager
def writer_lock(path: Path, *, wait: Callable[[], None] | None = None) -> Iterator[None]:
    """The folder's one writer. ``wait`` is called once if another process holds it."""
    path.mkdir(parents=True, exist_ok=True)
    with open(path / "writer.lock", "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if wait is not None:
                wait()
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_one(root: str, rel: str, limits: ReadLimits = DEFAULT_LIMITS) -> _Read:
    """Read, hash, chunk and tokenise one file (in a worker process) within ``limits``;
    never raises."""
    file = Path(rel)
    shown = shown_name(rel)
    try:
        # opened beneath the folder, no link out of it followed, a regular file only:
        # what was listed may have been swapped since (docs/security.md)
        with Folder(root, hard_links=limits.hard_links) as folder:
            data, stat = folder.read(rel, max_bytes=MAX_FILE_BYTES)
    except FolderError as exc:
        return _Read(rel, -1, -1, "", reason="folder-gone", message=f"skipped {shown}: {exc}")
    except DocumentError as exc:
        # a huge file is recorded at its size and time, so it is not read again until it
        # changes; an unreadable, refused or changing one is read again next time
        size, mtime = _stamp(root, rel, limits) if exc.reason == "too-large" else (-1, -1)
        return _Read(rel, size, mtime, "", reason=exc.reason, message=f"skipped {shown}: {exc}")
    sha = hashlib.sha256(data).hexdigest()
    size, mtime = stat.st_size, stat.st_mtime_ns
    try:
        doc = read_bytes(data, shown_name(file.name), limits)
    except DocumentError as exc:
        return _Read(rel, size, mtime, sha, reason=exc.reason, message=f"skipped {shown}: {exc}")
    except MissingDependencyError as exc:  # not the file's fault: the run fails with the fix (run)
        return _Read(rel, size, mtime, sha, reason=MISSING_DEPENDENCY, message=str(exc))
    except Exception as exc:  # a reader's bug must not stop the folder
        return _Read(rel, size, mtime, sha, reason="error", message=f"skipped {shown}: {type(exc).__name__}")
    title = doc.title or shown_name(file.stem).replace("-", " ").replace("_", " ")
    text, _ = doc.text_and_marks()
    texts = tuple(c.text for c in chunk_text(text, max_chars=PASSAGE_CHARS))
    notes = doc.notes
    if len(texts) > limits.max_passages:
        notes += (
            f"{shown_name(file.name)}: its first {limits.max_passages:,} of {len(texts):,} passages kept "
            "(DEEPREF_DOCUMENT_MAX_PASSAGES)",
        )
        texts = texts[: limits.max_passages]
    pages = sum(1 for s in doc.segments if s.kind in ("page", "slide")) or 1
    warning = "; ".join(notes) or None
    if not texts:
        return _Read(
            rel,
            size,
            mtime,
            sha,
            title,
            pages,
            reason="no-text",
            message=f"skipped {shown}: no text" + (f" ({warning})" if warning else ""),
        )
    tokens = tuple(passage_tokens(title, t) for t in texts)
    message = f"{shown}: {warning}" if warning else None
    return _Read(rel, size, mtime, sha, title, pages, texts, tokens, None, message)


def _stamp(root: str, rel: str, limits: ReadLimits) -> tuple[int, int]:
    try:
        with Folder(root, hard_links=limits.hard_links) as folder:
            st = folder.stat_file(rel)
    except (FolderError, DocumentError):
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)


POOL_START: str | None = None
"""``fork`` or ``forkserver`` to force one (benchmarks/bench_index_where.py); None chooses."""
POOL_MIN_FILES = 8
"""Fewer files than this are read in the calling process: starting readers costs more."""
POOL_CHUNK = 4
"""Files a reader takes at a time."""
READER_STALL_SECONDS = 300.0
"""With no file read back for this long, the readers are killed and the files left are
read in the calling process (each reader bounds its own time per file; a reader that
never answers, for whatever reason, must not hold a job or ``deepref index`` forever)."""


def _pool_start() -> str:
    """How reading processes start: ``fork`` only where it is both safe and needed.

    A fork copies only the calling thread; a lock another thread held at that moment
    stays held in the child for ever, so from a process with other threads the readers
    come from a forkserver (a single-threaded process that imports the readers once). A
    Celery prefork child cannot use one (billiard's child refuses to pickle its
    authentication key), and there fork is kept; measured in
    benchmarks/bench_index_where.py."""
    if POOL_START is not None:
        return POOL_START
    daemonic = multiprocessing.current_process()._config.get("daemon", False)  # type: ignore[attr-defined]
    return "fork" if daemonic or threading.active_count() == 1 else "forkserver"


def _read_many(root: str, rels: list[str], limits: ReadLimits = DEFAULT_LIMITS) -> list[_Read]:
    return [read_one(root, rel, limits) for rel in rels]


def _reads(root: Path, rels: list[str], workers: int, limits: ReadLimits) -> Iterator[_Read]:
    if workers <= 1 or len(rels) < POOL_MIN_FILES:
        for rel in rels:
            yield read_one(str(root), rel, limits)
        return
    chunks = [rels[i : i + POOL_CHUNK] for i in range(0, len(rels), POOL_CHUNK)]
    left = len(chunks)
    with _reader_pool(workers) as pool:
        futures = [pool.submit(_read_many, str(root), chunk, limits) for chunk in chunks]
        for at, future in enumerate(futures):
            try:
                reads = future.result(timeout=READER_STALL_SECONDS)
            except (TimeoutError, BrokenProcessPool):
                left = at  # the readers stalled or died: _reader_pool kills them
                break
            yield from reads
    for chunk in chunks[left:]:  # what they did not give back is read here
        yield from _read_many(str(root), chunk, limits)


@contextmanager
def _reader_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """Reading processes that any caller may start, a Celery prefork child included.

    A prefork child is daemonic, and multiprocessing refuses children to daemonic
    processes ("daemonic processes are not allowed to have children") because a
    daemon that is killed cannot stop them. Here each reader asks the kernel to kill it
    when its parent ends (``PR_SET_PDEATHSIG``), so no reader outlives the job that
    started it, and the refusal is lifted while the pool starts its processes (a fork
    pool starts them all at the first submit)."""
    me = multiprocessing.current_process()
    config = me._config  # type: ignore[attr-defined]  # multiprocessing keeps 'daemon' here
    daemonic = config.get("daemon", False)
    start = _pool_start()
    context = multiprocessing.get_context(start)
    if start == "forkserver":
        context.set_forkserver_preload([__name__])
    # a forkserver's reader is the server's child; the server ends with this process
    parent = os.getpid() if start == "fork" else None
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_die_with_parent, initargs=(parent,)
    )
    try:
        config["daemon"] = False
        yield pool
    finally:
        config["daemon"] = daemonic
        # never wait on a reader for ever: one that does not end when told is killed
        readers = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + 5
        for reader in readers:
            reader.join(max(0.0, deadline - time.monotonic()))
            if reader.is_alive():
                reader.kill()


def _die_with_parent(parent: int | None) -> None:
    """In a reading process: be killed (SIGKILL) when the process that started it ends
    (``parent``, when known, is checked: it may have ended before prctl took effect)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG; Linux only, elsewhere a no-op
    except (OSError, AttributeError):
        return
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def update_index(
    root: Path,
    index_dir: Path,
    *,
    progress: Callable[[Progress], None] | None = None,
    workers: int | None = None,
    wait: Callable[[], None] | None = None,
    embedder: Embedder | None = None,
    limits: ReadLimits = DEFAULT_LIMITS,
) -> Summary:
    """Bring the index of ``root`` up to date; returns what was done. With ``embedder``,
    every passage without a stored vector (by this embedder) is embedded too. Each file
    is read within ``limits`` (characters, passages, OCR time)."""
    root = Path(os.path.abspath(root))
    Folder(root).close()  # a folder that cannot be opened (a link in its path) is refused before the index is touched
    path = index_path(index_dir, root)
    started = time.monotonic()
    workers = workers if workers is not None else min(os.cpu_count() or 1, 4)
    with writer_lock(path, wait=wait):
        writer = _Writer(path)
        try:
            summary = writer.run(root, index_dir, started, progress, workers, limits)
            if embedder is not None:
                writer.embed(embedder, summary, progress)
            summary.seconds = time.monotonic() - started
            return summary
        finally:
            writer.close()


class _Writer:
    """The catalogue connection and the tantivy writer of one run."""

    def __init__(self, path: Path):
        import tantivy

        self.conn = connect_writer(path)
        (path / LEXICAL).mkdir(exist_ok=True)
        self.schema = lexical_schema()
        self.index = tantivy.Index(self.schema, path=str(path / LEXICAL))
        self.writer = self.index.writer(heap_size=100_000_000, num_threads=1)
        self.gen = int(self._meta().get("gen", "0"))

    def _meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta"))

    def _set(self, key: str, value: object) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, str(value)))

    def close(self) -> None:
        self.writer.wait_merging_threads()
        self.conn.close()

    def _add(self, file_id: int, passages: list[tuple[int, str]]) -> None:
        import tantivy

        for pid, tokens in passages:
            self.writer.add_document(tantivy.Document(id=pid, file=file_id, body=tokens))

    def recover(self) -> None:
        """Give tantivy the batches a killed run committed to the catalogue only."""
        done = int(self._meta().get("lexical_gen", "0"))
        if done >= self.gen:
            return
        for (file_id,) in self.conn.execute("SELECT file_id FROM dropped WHERE gen > ?", (done,)).fetchall():
            self.writer.delete_documents_by_term("file", file_id)
        for file_id, title in self.conn.execute("SELECT id, title FROM files WHERE gen > ?", (done,)).fetchall():
            self.writer.delete_documents_by_term("file", file_id)
            rows = self.conn.execute("SELECT id, text FROM passages WHERE file_id = ?", (file_id,)).fetchall()
            self._add(file_id, [(pid, passage_tokens(title, text)) for pid, text in rows])
        self._commit_lexical()

    def _commit_lexical(self) -> None:
        self.writer.commit()
        self.conn.execute("BEGIN IMMEDIATE")
        self._set("lexical_gen", self.gen)
        self.conn.execute("DELETE FROM dropped WHERE gen <= ?", (self.gen,))
        self.conn.execute("COMMIT")

    def begin(self) -> None:
        self.gen += 1
        self.conn.execute("BEGIN IMMEDIATE")
        self._set("gen", self.gen)

    def commit(self) -> None:
        self.conn.execute("COMMIT")
        self._commit_lexical()

    def embed(self, embedder: Embedder, summary: Summary, progress: Callable[[Progress], None] | None) -> None:
        def step(done: int, total: int, seconds: float) -> None:
            if progress is not None:
                progress(Progress(done, total, done, seconds, unit="passages"))

        summary.embedded, summary.embed_seconds = vectors.embed_missing(
            self.conn, embedder, report=summary.notes.append, progress=step
        )

    def drop(self, file_id: int) -> None:
        self.conn.execute("DELETE FROM vectors WHERE id IN (SELECT id FROM passages WHERE file_id = ?)", (file_id,))
        self.conn.execute("DELETE FROM passages WHERE file_id = ?", (file_id,))
        self.conn.execute("DELETE FROM files WHERE id = ?", (file_id,))
        self.conn.execute("INSERT OR REPLACE INTO dropped VALUES (?, ?)", (file_id, self.gen))
        self.writer.delete_documents_by_term("file", file_id)

    def insert(self, item: _Read) -> None:
        cur = self.conn.execute(
            "INSERT INTO files(path, size, mtime_ns, sha256, title, pages, passages, reason, message, gen) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                item.path,
                item.size,
                item.mtime_ns,
                item.sha256,
                item.title,
                item.pages,
                len(item.texts),
                item.reason,
                item.message,
                self.gen,
            ),
        )
        file_id = cur.lastrowid
        assert file_id is not None  # an INSERT's row id
        added: list[tuple[int, str]] = []
        for text, tokens in zip(item.texts, item.tokens, strict=True):
            pid = self.conn.execute("INSERT INTO passages(file_id, text) VALUES (?, ?)", (file_id, text)).lastrowid
            assert pid is not None
            added.append((pid, tokens))
        self._add(file_id, added)

    def clear(self) -> None:
        self.writer.delete_all_documents()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("DELETE FROM vectors")
        self.conn.execute("DELETE FROM passages")
        self.conn.execute("DELETE FROM files")
        self.conn.execute("DELETE FROM dropped")
        self.conn.execute("COMMIT")
        self._commit_lexical()

    def _put(self, item: _Read, old: tuple | None, retried: bool, summary: Summary) -> None:
        """One file read: only re-stamped when its content and its reading are as before,
        else its rows replaced. A file read again for new readers is always replaced."""
        unchanged = old is not None and item.sha256 and old[1] == item.sha256 and old[2] is None
        if unchanged and not retried and item.reason is None:
            assert old is not None
            stamp = (item.size, item.mtime_ns, old[0])
            self.conn.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE id = ?", stamp)
            summary.restamped += 1
            return
        if old is not None:
            self.drop(old[0])
        self.insert(item)
        summary.added_passages += len(item.texts)
        if item.reason is None:
            summary.read += 1
            if item.message:
                summary.warnings.append(item.message)
        else:
            summary.skipped.setdefault(item.reason, []).append(item.message or item.path)

    def run(self, root, index_dir, started, progress, workers, limits: ReadLimits) -> Summary:
        summary = Summary()
        conn = self.conn
        self.recover()
        if self._meta().get("tokenizer") not in (None, tokenizer_stamp()):
            self.clear()
            summary.rebuilt = True
        conn.execute("BEGIN IMMEDIATE")
        for key, value in (("tokenizer", tokenizer_stamp()), ("root", str(root)), ("state", "updating")):
            self._set(key, value)
        conn.execute("COMMIT")

        todo = plan(root, index_dir, limits)
        summary.files = todo.total
        summary.unchanged = todo.total - len(todo.to_read)
        if todo.retried:
            summary.notes.append(
                f"the readers changed (a library or Tesseract installed, upgraded or removed): "
                f"{len(todo.retried):,} files skipped or read with a warning before are read again"
            )
        for reason, message in todo.refused:
            summary.skipped.setdefault(reason, []).append(message)
        known = {r[0]: r[1:] for r in conn.execute("SELECT path, id, sha256, reason FROM files")}

        self.begin()
        for rel in todo.removed:
            self.drop(known[rel][0])
            summary.removed += 1
        last_commit = time.monotonic()
        missing: dict[str, list[str]] = {}
        for done, item in enumerate(_reads(root, todo.to_read, workers, limits), 1):
            if item.reason == MISSING_DEPENDENCY:  # not stored: read again once the install is fixed
                missing.setdefault(item.message or "", []).append(item.path)
            else:
                self._put(item, known.get(item.path), item.path in todo.retried, summary)
            summary.pages += item.pages
            now = time.monotonic()
            if now - last_commit >= COMMIT_SECONDS:
                self.commit()
                self.begin()
                last_commit = now
            if progress is not None:
                progress(Progress(done, len(todo.to_read), summary.pages, now - started, item.path))
        self._set("state", "complete")
        self._set("readers", todo.readers)  # what read this run's files; a killed run keeps the old one
        if summary.added_passages:
            self._set("vectors_state", "partial")  # until the new passages are embedded
        self._set("updated", time.time())
        self.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        summary.passages = conn.execute("SELECT coalesce(sum(passages), 0) FROM files").fetchone()[0]
        summary.seconds = time.monotonic() - started
        if missing:  # the rest of the folder is indexed; the job stops with the fix
            message, paths = next(iter(missing.items()))
            count = f"{len(paths):,} files not read, e.g. {paths[0]}" if len(paths) > 1 else f"{paths[0]} not read"
            raise MissingDependencyError(f"{message} ({count})")
        return summary
