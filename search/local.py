"""Searching a folder of the user's own documents (PDF, office files, HTML, Markdown, text).

So that someone can research their own notes, papers or an intranet dump with no
internet at all. The folder's passages are ranked by BM25 in its on-disk index
(:mod:`search.library`: built by ``deepref index`` or by the first search, kept up to
date incrementally, shared by every process), with the reference engine's tokenizer
so Chinese, Japanese and Korean files are searchable too; with an embedder the
passages' vectors are stored at index time and the lexical top-k is reranked by
them. A file that cannot be read is named in ``warnings`` with its reason, and the
rest are searched.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from deepref.reference import boilerplate
from deepref.reference.embedders import Embedder
from deepref.reference.errors import ConfigurationError, EmbedderError
from deepref.search import library
from deepref.search.documents import FORMAT_NAMES, ReadLimits, read_bytes
from deepref.search.documents.beneath import shown_name
from deepref.search.documents.limits import DEFAULT_LIMITS
from deepref.search.documents.walk import read_whole
from deepref.search.library import hybrid
from deepref.search.library import vectors as stored
from deepref.search.library.store import LibrarySearcher, Passage, index_path
from deepref.search.library.update import Progress, Summary, plan, update_index
from deepref.search.models import SearchHit

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 100_000_000


def read_corpus_file(path: Path, limits: ReadLimits = DEFAULT_LIMITS) -> tuple[str, str]:
    """(title, plain text) of one file a user named; raises :class:`DocumentError` when unreadable."""
    data, _ = read_whole(path, max_bytes=MAX_FILE_BYTES)
    doc = read_bytes(data, shown_name(path.name), limits)
    text, _ = doc.text_and_marks()
    return doc.title or path.stem.replace("-", " ").replace("_", " "), text


def last_boilerplate(query: str, ranked: list[int], passages: dict[int, Passage]) -> list[int]:
    """``ranked`` with the passages that are a table of contents, an index or licence
    text (reference.boilerplate) after the others, unless the query is about them: they
    share a document's words and answer nothing else (issue 34)."""
    wanted = boilerplate.asked(query)
    kinds = {pid: boilerplate.kind(passages[pid].text) for pid in ranked}
    body = [pid for pid in ranked if kinds[pid] is None or kinds[pid] in wanted]
    return body + [pid for pid in ranked if not (kinds[pid] is None or kinds[pid] in wanted)]


FRESH_SECONDS = 10.0
"""A large folder is compared with its index (a walk and a stat per file) at most this
often by searches; a job compares it once when it starts (``prepare``)."""
CHEAP_CHECK_SECONDS = 0.02
"""A folder compared with its index in less than this is compared on every search."""


class LocalCorpusProvider:
    name = "local"

    def __init__(
        self,
        corpus_dir: str | Path,
        *,
        index_dir: str | Path | None = None,
        embedder: Embedder | None = None,
        limits: ReadLimits = DEFAULT_LIMITS,
    ):
        # not resolved here: the folder was named by its real path (worker/confine.py, the
        # settings), and is opened with no link in its path at every use
        self.root = Path(os.path.abspath(Path(corpus_dir).expanduser()))
        if not self.root.is_dir() and not self.root.is_symlink():
            raise ConfigurationError(
                f"corpus folder {shown_name(self.root)} does not exist: "
                "pass an existing folder with --corpus or DEEPREF_CORPUS_DIR"
            )
        self.shown = shown_name(self.root)
        """The folder's name for messages and logs, control characters escaped."""
        self.index_dir = Path(index_dir or library.DEFAULT_INDEX_DIR).expanduser()
        self.embedder = embedder
        self.limits = limits
        """What one file may yield (characters, passages, OCR time)."""
        """Set: index updates store every passage's vector by it, and the lexical top-k
        is reranked by them (search.library.hybrid)."""
        self.warnings: list[str] = []
        self._searcher: LibrarySearcher | None = None
        self._checked = -FRESH_SECONDS
        self._check_every = 0.0
        self._lock = threading.Lock()
        self._warned: set[str] = set()
        self._embed_failed = False

    def _embedder_for_index(self) -> Embedder | None:
        """The embedder to store vectors with: a cache in front of it is skipped (every
        passage is embedded once; a job's cache would only fill up)."""
        return getattr(self.embedder, "inner", self.embedder)

    def _vectors_stale(self) -> bool:
        if self.embedder is None or self._embed_failed:
            return False
        if self._searcher is None:
            return True
        return not stored.complete(self._searcher.meta(), self.embedder)

    def prepare(
        self,
        progress: Callable[[Progress], None] | None = None,
        waiting: Callable[[str], None] | None = None,
    ) -> Summary | None:
        """Update the folder's index if it is missing or stale (files added, changed,
        removed, skipped ones the readers may now read, or a killed run); the summary of
        the update, None when it was fresh. ``waiting`` is told, once, when another
        process is writing the index and this one waits for it (a job's events say so)."""
        with self._lock:
            summary = None
            started = time.monotonic()
            todo = plan(self.root, self.index_dir, self.limits)
            self._check_every = 0.0 if time.monotonic() - started < CHEAP_CHECK_SECONDS else FRESH_SECONDS
            if todo.stale or self._vectors_stale():
                wait = self._wait_message(waiting)
                try:
                    summary = update_index(
                        self.root,
                        self.index_dir,
                        progress=progress,
                        wait=wait,
                        embedder=self._embedder_for_index(),
                        limits=self.limits,
                    )
                except EmbedderError as exc:  # the files are in; searches rank lexically and say why
                    log.warning("corpus %s: the passages could not be embedded (%s)", self.shown, exc)
                    self._embed_failed = True
                    summary = update_index(self.root, self.index_dir, progress=progress, wait=wait, limits=self.limits)
            if self._searcher is None:
                self._searcher = LibrarySearcher(index_path(self.index_dir, self.root))
            elif summary is not None:
                self._searcher.refresh()
            self.warnings = [m for _, m in todo.refused] + self._searcher.skipped()
            for warning in self.warnings:
                log.warning("corpus %s: %s", self.shown, warning)
            self._checked = time.monotonic()
            return summary

    def _wait_message(self, waiting: Callable[[str], None] | None) -> Callable[[], None]:
        """What to do when another process holds the folder's writer lock: say so (log,
        and the caller's ``waiting``), since the wait lasts as long as that indexing."""

        def wait() -> None:
            message = f"waiting for the index of {self.shown} (another process is indexing it)"
            log.info("corpus %s: %s", self.shown, message)
            if waiting is not None:
                waiting(message)

        return wait

    def _ready(self) -> LibrarySearcher:
        if self._searcher is None or time.monotonic() - self._checked >= self._check_every:
            self.prepare()
        assert self._searcher is not None
        if not self._searcher.counts()[1]:
            raise ConfigurationError(
                f"corpus folder {self.shown} has no readable files with text: deepref reads {FORMAT_NAMES}"
                + (f" ({len(self.warnings)} skipped: {'; '.join(self.warnings[:3])})" if self.warnings else "")
            )
        return self._searcher

    def search_sync(self, query: str, *, max_results: int) -> list[SearchHit]:
        searcher = self._ready()
        found, why = hybrid.search(searcher, query, max_results * 8, self.embedder)
        if why is not None and why not in self._warned:
            self._warned.add(why)
            self.warnings.append(f"corpus {self.shown}: {why}")
            log.warning("corpus %s: %s", self.shown, why)
        passages = searcher.passages([pid for pid, _ in found])
        ranked = last_boilerplate(query, [pid for pid, score in found if score > 0 and pid in passages], passages)
        hits: list[SearchHit] = []
        seen: set[str] = set()
        for pid in ranked:
            passage = passages[pid]
            if passage.path in seen:
                continue
            seen.add(passage.path)
            snippet = " ".join(passage.text.split())[:300]
            url = (self.root / passage.path).as_uri()
            hits.append(SearchHit(url, passage.title, snippet, self.name, query, len(hits) + 1))
            if len(hits) >= max_results:
                break
        return hits

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]:
        return await asyncio.to_thread(self.search_sync, query, max_results=max_results)
