"""Searching a folder of the user's own documents (PDF, office files, HTML, Markdown, text) with BM25.

So that someone can research their own notes, papers or an intranet dump with no
internet at all. Ranking is BM25 (the ``bm25s`` library) over passages, with the
reference engine's tokenizer so Chinese, Japanese and Korean files are searchable
too. The index is built once per folder and rebuilt when a file changes. Files are
read by :mod:`search.documents`; a file that cannot be read is named in
``warnings`` with its reason, and the rest are searched.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path

import bm25s
import numpy as np

from reference.chunking import chunk_text
from reference.errors import ConfigurationError
from reference.lexical import tokenize
from search.documents import FORMAT_NAMES, DocumentError
from search.documents.walk import list_files, read_path
from search.models import SearchHit

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 100_000_000


@dataclass(frozen=True, slots=True)
class _Passage:
    path: Path
    title: str
    text: str


def read_corpus_file(path: Path) -> tuple[str, str]:
    """(title, plain text) of one corpus file; raises :class:`DocumentError` when unreadable."""
    doc = read_path(path, max_bytes=MAX_FILE_BYTES)
    text, _ = doc.text_and_marks()
    return doc.title or path.stem.replace("-", " ").replace("_", " "), text


class LocalCorpusProvider:
    name = "local"

    def __init__(self, corpus_dir: str | Path):
        self.root = Path(corpus_dir).expanduser().resolve()
        if not self.root.is_dir():
            raise ConfigurationError(
                f"corpus folder {self.root} does not exist: pass an existing folder with --corpus or DEEPREF_CORPUS_DIR"
            )
        self._fingerprint: tuple | None = None
        self._passages: list[_Passage] = []
        self._index: bm25s.BM25 | None = None
        self.warnings: list[str] = []

    def files(self) -> list[Path]:
        return list_files(self.root)[0]

    def _ensure_index(self) -> None:
        files, refused = list_files(self.root)
        fingerprint = tuple((str(p), *_stamp(p)) for p in files)
        if fingerprint == self._fingerprint:
            return
        passages: list[_Passage] = []
        self.warnings = [s.message for s in refused]
        for path in files:
            try:
                doc = read_path(path, max_bytes=MAX_FILE_BYTES)
            except DocumentError as exc:
                self.warnings.append(f"skipped {path.relative_to(self.root)}: {exc}")
                continue
            self.warnings.extend(doc.warnings)
            title = doc.title or path.stem.replace("-", " ").replace("_", " ")
            text, _ = doc.text_and_marks()
            passages.extend(_Passage(path, title, c.text) for c in chunk_text(text, max_chars=600))
        for warning in self.warnings:
            log.warning("corpus %s: %s", self.root, warning)
        if not passages:
            raise ConfigurationError(
                f"corpus folder {self.root} has no readable files with text: deepref reads {FORMAT_NAMES}"
                + (f" ({len(self.warnings)} skipped: {'; '.join(self.warnings[:3])})" if self.warnings else "")
            )
        index = bm25s.BM25()
        index.index([tokenize(f"{p.title} {p.text}") or ["\u2205"] for p in passages], show_progress=False)
        self._passages, self._index, self._fingerprint = passages, index, fingerprint

    def search_sync(self, query: str, *, max_results: int) -> list[SearchHit]:
        self._ensure_index()
        assert self._index is not None
        tokens = [t for t in tokenize(query) if t in self._index.vocab_dict] or []
        if not tokens:
            return []
        k = min(len(self._passages), max_results * 8)
        docs, scores = self._index.retrieve([tokens], k=k, show_progress=False)
        hits: list[SearchHit] = []
        seen: set[Path] = set()
        for doc, value in zip(np.asarray(docs)[0], np.asarray(scores)[0], strict=True):
            passage = self._passages[int(doc)]
            if value <= 0 or passage.path in seen:
                continue
            seen.add(passage.path)
            snippet = " ".join(passage.text.split())[:300]
            hits.append(SearchHit(passage.path.as_uri(), passage.title, snippet, self.name, query, len(hits) + 1))
            if len(hits) >= max_results:
                break
        return hits

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]:
        return await asyncio.to_thread(self.search_sync, query, max_results=max_results)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError:
        return (0, -1)  # gone or unreadable: read_path names it
    return (st.st_mtime_ns, st.st_size)
