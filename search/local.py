"""Searching a folder of the user's own documents (.md, .txt, .html) with BM25.

So that someone can research their own notes, papers or an intranet dump with no
internet at all. Ranking is BM25 (the ``bm25s`` library) over passages, with the
reference engine's tokenizer so Chinese, Japanese and Korean files are searchable
too. The index is built once per folder and rebuilt when a file changes.
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
from search.models import SearchHit

log = logging.getLogger(__name__)

SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm")
MAX_FILE_BYTES = 20_000_000


@dataclass(frozen=True, slots=True)
class _Passage:
    path: Path
    title: str
    text: str


def read_corpus_file(path: Path) -> tuple[str, str]:
    """(title, plain text) of one corpus file; HTML goes through trafilatura."""
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="replace")
    if path.suffix.lower() in (".html", ".htm"):
        import trafilatura

        extracted = trafilatura.bare_extraction(text, with_metadata=True, include_tables=True)
        body = (getattr(extracted, "text", None) or "") if extracted else ""
        title = (getattr(extracted, "title", None) or "") if extracted else ""
        return title or path.stem, body
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if path.suffix.lower() == ".txt":
        title = lines[0] if lines and len(lines[0]) <= 120 else ""
    else:
        title = next((ln.lstrip("# ").strip() for ln in lines if ln.startswith("# ")), "")
    return title or path.stem.replace("-", " ").replace("_", " "), text


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
        return sorted(
            p
            for p in self.root.rglob("*")
            if p.is_file()
            and p.suffix.lower() in SUFFIXES
            and not p.name.startswith(".")
            and p.name.lower() != "readme.md"
        )

    def _ensure_index(self) -> None:
        files = self.files()
        fingerprint = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
        if fingerprint == self._fingerprint:
            return
        passages: list[_Passage] = []
        self.warnings = []
        for path in files:
            if path.stat().st_size > MAX_FILE_BYTES:
                self.warnings.append(f"skipped {path.name}: larger than {MAX_FILE_BYTES} bytes")
                continue
            try:
                title, text = read_corpus_file(path)
            except OSError as exc:
                self.warnings.append(f"skipped {path.name}: {exc}")
                continue
            passages.extend(_Passage(path, title, c.text) for c in chunk_text(text, max_chars=600))
        if not passages:
            raise ConfigurationError(f"corpus folder {self.root} has no readable .md, .txt or .html files with text")
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
