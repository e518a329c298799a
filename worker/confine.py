"""The checks on paths and names a caller gives, one copy for the API, MCP and the CLI.

- ``corpus_folder``: a corpus folder, resolved; over HTTP it must lie inside the
  operator's roots (``DEEPREF_API_CORPUS_ROOTS``), since a caller there may be
  anyone the token admits. A name no file system can use (a NUL byte, a symlink
  loop, ``~nosuchuser``) is a ``CorpusError`` saying why, never a traceback. This is
  the check where a folder is named; the worker checks again where it opens it
  (search/documents/beneath.py): the resolved path must still hold no link, so a
  folder swapped for a symlink after this check is refused, whoever submitted the job.
- ``safe_name``: one path component of at most ``MAX_NAME_CHARS`` characters
  (report and run names).
- ``shown``: caller text cut to ``SHOWN_CHARS`` for messages and logs, so neither
  carries unbounded input.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path

from deepref.reference.errors import InputError

MAX_NAME_CHARS = 200
"""Longest report or run name: one component every file system takes."""
NAME_MAX_BYTES = 255
"""Longest file name on Linux and macOS file systems."""
SHOWN_CHARS = 80
"""How much of a caller's text a message or a log line repeats."""


class CorpusError(InputError):
    """A corpus folder that cannot be used (the API answers 400)."""


class CorpusForbidden(CorpusError):
    """A corpus folder outside the roots HTTP callers may name (the API answers 403)."""


def shown(value: str, limit: int = SHOWN_CHARS) -> str:
    """``value`` quoted, cut to ``limit`` characters with the length said when longer."""
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}… ({len(value)} characters)"


def safe_name(value: str) -> bool:
    """One path component: letters, digits, ``-_.``, not hidden, at most MAX_NAME_CHARS."""
    return (
        0 < len(value) <= MAX_NAME_CHARS
        and all(ch.isalnum() or ch in "-_." for ch in value)
        and not value.startswith(".")
    )


def corpus_folder(folder: str, roots: Sequence[str | Path] | None, *, label: str = "options.corpus_dir") -> str:
    """``folder`` resolved. ``roots`` None: the caller is this machine's user (the CLI,
    MCP over stdio), and the folder must exist. A list: the caller came over HTTP,
    and the folder must lie inside one of them (a relative one is taken inside the
    first); an empty list lets HTTP callers name no folder."""
    try:
        path = Path(folder).expanduser()
        if roots:
            path = path if path.is_absolute() else Path(roots[0]) / path
        path = path.resolve()
        if any(len(part.encode()) > NAME_MAX_BYTES for part in path.parts):  # resolve() does not look
            raise OSError(errno.ENAMETOOLONG, "file name too long")
        inside = roots is not None and any(path.is_relative_to(Path(r).resolve()) for r in roots)
        missing = roots is None and not path.is_dir()
    except (ValueError, OSError, RuntimeError) as exc:  # a NUL byte, ~nosuchuser, a symlink loop, a name too long
        raise CorpusError(f"{label}: {shown(folder)} is not a usable folder name ({_reason(exc)})") from None
    if missing:
        raise CorpusError(f"{label}: {shown(folder)}: no such folder")
    if roots is not None and not inside:
        raise CorpusForbidden(
            f"{label}: {shown(folder)} is not inside a folder this server lets HTTP clients search "
            "(DEEPREF_API_CORPUS_ROOTS)"
        )
    return str(path)


def _reason(exc: Exception) -> str:
    """Why, without the path it may repeat (said already, and unbounded)."""
    if isinstance(exc, OSError):
        return (exc.strerror or type(exc).__name__).lower()
    if isinstance(exc, RuntimeError) and "loop" in str(exc).lower():
        return "a symlink loop"
    return str(exc).rstrip(".").lower()  # "embedded null byte", "could not determine home directory"
