"""Finding and reading the documents of a folder, naming every file that is skipped.

Symlinks are followed only to files inside the folder: a link that leaves it is
refused (the API confines a job to its corpus folder) and a link loop is named.
Each skipped file becomes one warning with its reason; reading goes on."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from deepref.search.documents import SUFFIXES, DocumentError, ReadDocument, read_bytes

MAX_FILE_BYTES = 100_000_000


@dataclass(frozen=True, slots=True)
class Skipped:
    path: Path
    reason: str
    message: str


def list_files(root: Path) -> tuple[list[Path], list[Skipped]]:
    """The readable-format files under ``root`` (sorted) and the links refused on the way."""
    root = root.resolve()
    found: list[Path] = []
    skipped: list[Skipped] = []
    for folder, dirs, names in os.walk(root, followlinks=False, onerror=lambda e: skipped.append(_walk_error(e))):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        base = Path(folder)
        for d in list(dirs):
            if (base / d).is_symlink():
                dirs.remove(d)
                skipped.extend(_link_check(base / d, root, directory=True))
        for name in sorted(names):
            path = base / name
            if name.startswith(".") or name.lower() == "readme.md" or path.suffix.lower() not in SUFFIXES:
                continue
            if path.is_symlink():
                problem = _link_check(path, root, directory=False)
                if problem:
                    skipped.extend(problem)
                    continue
            found.append(path)
    return sorted(found), skipped


def _walk_error(exc: OSError) -> Skipped:
    where = Path(exc.filename) if exc.filename else Path("?")
    return Skipped(where, "unreadable", f"skipped {where}: {exc.strerror or exc}; check its permissions")


def _link_check(path: Path, root: Path, *, directory: bool) -> list[Skipped]:
    try:
        target = path.resolve(strict=True)
    except RuntimeError:
        return [Skipped(path, "symlink-loop", f"skipped {path}: a symlink loop")]
    except OSError as exc:
        if getattr(exc, "errno", None) == 40:  # ELOOP
            return [Skipped(path, "symlink-loop", f"skipped {path}: a symlink loop")]
        return [Skipped(path, "broken-symlink", f"skipped {path}: a symlink to a missing target")]
    if not target.is_relative_to(root):
        return [Skipped(path, "outside-folder", f"refused {path}: a symlink to {target}, outside the folder {root}")]
    if directory:
        return []  # the folder it points to is read where it lies inside root
    return []


def read_whole(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> tuple[bytes, os.stat_result]:
    """The file's bytes and its stat, read between two stats that agree; a
    :class:`DocumentError` for a huge (``too-large``), unreadable or changing
    (``changed``) file, the message saying what to do."""
    name = path.name
    try:
        before = path.stat()
        if before.st_size > max_bytes:
            raise DocumentError(
                f"{name} is {before.st_size:,} bytes, over the {max_bytes:,}-byte limit: split it or raise the limit",
                reason="too-large",
            )
        data = path.read_bytes()
        after = path.stat()
    except PermissionError as exc:
        raise DocumentError(
            f"{name} is not readable (permission denied): check its permissions", reason="unreadable"
        ) from exc
    except OSError as exc:
        raise DocumentError(f"{name} could not be read: {exc.strerror or exc}", reason="unreadable") from exc
    if (before.st_mtime_ns, before.st_size) != (after.st_mtime_ns, after.st_size) or len(data) != after.st_size:
        raise DocumentError(f"{name} changed while it was being read: it is read again next time", reason="changed")
    return data, after


def read_path(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> ReadDocument:
    """The document at ``path``; :class:`DocumentError` for an unreadable, empty, huge,
    damaged or changing file (the message says which and what to do)."""
    data, _ = read_whole(path, max_bytes=max_bytes)
    return read_bytes(data, path.name)


__all__ = ["MAX_FILE_BYTES", "DocumentError", "Skipped", "list_files", "read_path", "read_whole"]
