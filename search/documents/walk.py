"""Finding and reading the documents of a folder, naming every file that is skipped.

The folder is opened without following a link in its path, and every file beneath it
relative to it (:mod:`search.documents.beneath`): a symlink is followed only while it
stays inside the folder, a link that leaves it is refused (the API confines a job to
its corpus folder), a link loop is named, only regular files are read (a FIFO, a
socket or a device is named and never opened), and a hard link is refused unless the
operator allows them. Each skipped file becomes one warning with its reason; reading
goes on."""

from __future__ import annotations

import os
from pathlib import Path

from deepref.search.documents import SUFFIXES, DocumentError, ReadDocument, read_bytes
from deepref.search.documents.beneath import Entry, Folder, FolderError, Refusal, shown_name

MAX_FILE_BYTES = 100_000_000


def list_files(folder: Folder) -> tuple[list[Entry], list[Refusal]]:
    """The readable-format regular files beneath ``folder`` (sorted by path, each with
    its size and mtime) and the names refused on the way."""
    found: list[Entry] = []
    refused: list[Refusal] = []
    for item in folder.walk(frozenset(SUFFIXES)):
        if isinstance(item, Refusal):
            refused.append(item)
        elif item.rel.rsplit("/", 1)[-1].lower() != "readme.md":
            found.append(item)
    return sorted(found, key=lambda e: e.rel), refused


def read_whole(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> tuple[bytes, os.stat_result]:
    """The bytes and stat of a file a user named (not one of a corpus folder: those are
    read by :meth:`Folder.read`), read from one descriptor between two stats that agree;
    only a regular file is read (a FIFO is refused, never waited on). A
    :class:`DocumentError` for a huge (``too-large``), unreadable or changing
    (``changed``) file, the message saying what to do."""
    real = Path(path).resolve()  # the user's own links are theirs to follow
    try:
        folder = Folder(real.parent, hard_links=True)  # a file the user named: its other names do not matter
    except FolderError as exc:
        raise DocumentError(f"{shown_name(path.name)} could not be read: {exc}", reason="unreadable") from exc
    with folder:
        return folder.read(real.name, max_bytes=max_bytes)


def read_path(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> ReadDocument:
    """The document at ``path``; :class:`DocumentError` for an unreadable, empty, huge,
    damaged or changing file (the message says which and what to do)."""
    data, _ = read_whole(path, max_bytes=max_bytes)
    return read_bytes(data, path.name)


__all__ = ["MAX_FILE_BYTES", "DocumentError", "Entry", "Folder", "Refusal", "list_files", "read_path", "read_whole"]
