"""Opening a corpus folder, and the files beneath it, without following a link out of it.

A folder's path is checked where its files are opened, not only where a caller named
it: the API resolves a job's folder when the job is submitted, and whoever can write
inside the operator's roots may swap that folder (or a file in it) for a symlink
before a worker reads it. So:

- :class:`Folder` opens the folder component by component from ``/`` with
  ``O_NOFOLLOW``: a symlink anywhere in the path is refused (every entry point passes
  a resolved path, so a link there now is a swap).
- Files are opened relative to the folder's descriptor, one component at a time. A
  link is followed only while it stays beneath the folder; ``..`` never climbs above
  it. The file is opened ``O_NOFOLLOW | O_NONBLOCK`` and its ``fstat`` must be a
  regular file, so a name swapped for a link, a FIFO or a device between the listing
  and the read is refused, and what is read is the inode that was checked.
- Only regular files are read: FIFOs, sockets and devices are named and never opened.
- A regular file with other names (``st_nlink > 1``, a hard link) is refused unless
  the operator allows hard links (``DEEPREF_CORPUS_HARD_LINKS``): a hard link cannot
  be told from the file it links to, and one of its names may lie outside the folder.
- A path over ``PATH_MAX`` bytes is named and skipped: other programs (a viewer
  opening the hit's ``file://`` URL) could not open it.
- Names in messages are shown by :func:`shown_name`, control characters escaped, so a
  file name cannot forge a line in a terminal or a log.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from deepref.reference.errors import InputError
from deepref.search.documents.models import DocumentError

PATH_MAX = 4096
"""Longest path (bytes, with its terminating NUL on Linux) most programs can open."""
MAX_LINKS = 40
"""Links followed to open one name: the kernel's own limit before ``ELOOP``."""
_LINK_ERRNOS = (errno.ELOOP, errno.ENOTDIR, errno.EMLINK)  # what O_NOFOLLOW says of a link (EMLINK: BSD)
_KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a folder",
}


class FolderError(InputError):
    """A corpus folder that cannot be opened safely: gone, not a folder, or a link in its path."""


def shown_name(name: str | os.PathLike[str]) -> str:
    """``name`` for a terminal or a log, each character that is not printable (control
    and format characters, line separators, undecodable bytes) written as its Python
    escape (``a\\nskipped (x): 1.pdf``, ``\\x1b[2J``, ``\\u202e``, ``\\udcff``), so a
    name cannot start a line, move the cursor or reorder the text. Its suffix is kept."""
    text = os.fspath(name)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, for a message."""
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


@dataclass(frozen=True, slots=True)
class Entry:
    """A regular file found beneath the folder: its path (``/``-separated, relative) and stamp."""

    rel: str
    size: int
    mtime_ns: int


@dataclass(frozen=True, slots=True)
class Refusal:
    """A name beneath the folder that is not read: ``reason`` a tag, ``message`` says why."""

    rel: str
    reason: str
    message: str


class Folder:
    """An open corpus folder; close it (or use ``with``). ``hard_links``: read regular
    files that have other names too."""

    def __init__(self, path: str | os.PathLike[str], *, hard_links: bool = False):
        self.path = Path(os.path.abspath(os.fspath(path)))
        self.hard_links = hard_links
        self.fd = _open_strict(self.path)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one file --------------------------------------------------------------------
    def open_file(self, rel: str) -> tuple[int, os.stat_result]:
        """A descriptor of the regular file at ``rel`` (links followed only beneath the
        folder) and its ``fstat``; :class:`DocumentError` when it is refused or unreadable."""
        parent, name = self._locate(rel)
        try:
            try:
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY, dir_fd=parent)
            except OSError as exc:
                if exc.errno in _LINK_ERRNOS and _link_target(parent, name) is not None:
                    raise DocumentError(
                        f"{shown_name(rel)} became a symlink while it was opened: refused", reason="changed"
                    ) from None
                raise _unreadable(rel, exc) from exc
        finally:
            _close_unless_root(parent, self.fd)
        try:
            st = os.fstat(fd)
            self._check_file(rel, st)
        except BaseException:
            os.close(fd)
            raise
        return fd, st

    def read(self, rel: str, *, max_bytes: int) -> tuple[bytes, os.stat_result]:
        """The bytes of the regular file at ``rel`` and its stat, read from one descriptor
        between two ``fstat`` that agree; a :class:`DocumentError` for a refused, huge
        (``too-large``), unreadable or changing (``changed``) file."""
        fd, before = self.open_file(rel)
        name = shown_name(rel)
        try:
            if before.st_size > max_bytes:
                raise DocumentError(
                    f"{name} is {before.st_size:,} bytes, over the {max_bytes:,}-byte limit: "
                    "split it or raise the limit",
                    reason="too-large",
                )
            chunks, total = [], 0
            while block := os.read(fd, min(1 << 20, max_bytes + 1 - total)):
                chunks.append(block)
                total += len(block)
                if total > max_bytes:
                    raise DocumentError(f"{name} grew past the {max_bytes:,}-byte limit while read", reason="too-large")
            after = os.fstat(fd)
        except PermissionError as exc:
            raise DocumentError(
                f"{name} is not readable (permission denied): check its permissions", reason="unreadable"
            ) from exc
        except OSError as exc:
            raise DocumentError(f"{name} could not be read: {exc.strerror or exc}", reason="unreadable") from exc
        finally:
            os.close(fd)
        data = b"".join(chunks)
        if (before.st_mtime_ns, before.st_size) != (after.st_mtime_ns, after.st_size) or len(data) != after.st_size:
            raise DocumentError(f"{name} changed while it was being read: it is read again next time", reason="changed")
        return data, after

    def stat_file(self, rel: str) -> os.stat_result:
        """The stat of what ``rel`` names beneath the folder (links followed only beneath
        it), without opening it; :class:`DocumentError` when refused."""
        parent, name = self._locate(rel)
        try:
            return os.stat(name, dir_fd=parent, follow_symlinks=False)
        except OSError as exc:
            raise _unreadable(rel, exc) from exc
        finally:
            _close_unless_root(parent, self.fd)

    def _check_file(self, rel: str, st: os.stat_result) -> None:
        if not stat.S_ISREG(st.st_mode):
            raise DocumentError(
                f"{shown_name(rel)} is {kind_of(st.st_mode)}, not a regular file: only regular files are read",
                reason="not-a-file",
            )
        if st.st_nlink > 1 and not self.hard_links:
            raise DocumentError(
                f"{shown_name(rel)} is a hard link ({st.st_nlink} names): one may lie outside the folder, and "
                "a hard link cannot be told from the file it links to; copy the file, or allow hard links "
                "(DEEPREF_CORPUS_HARD_LINKS=true) if only trusted people can write in the folder",
                reason="hard-link",
            )

    def _locate(self, rel: str) -> tuple[int, str]:
        """(a descriptor of the folder holding ``rel``'s last component, that component),
        every link on the way resolved beneath the folder. The caller closes the
        descriptor unless it is the folder's own."""
        todo = _parts(rel)
        if not todo:
            raise DocumentError(f"{shown_name(rel)} names the folder itself, not a file", reason="not-a-file")
        fds = [self.fd]  # fds[i]: the folder at depth i beneath the root
        links = 0
        try:
            while todo:
                part = todo.pop(0)
                if part == "..":
                    if len(fds) == 1:
                        raise _outside(rel, self.path)
                    os.close(fds.pop())
                elif (target := _link_target(fds[-1], part)) is not None:
                    links += 1
                    if links > MAX_LINKS:
                        raise DocumentError(f"{shown_name(rel)}: a symlink loop", reason="symlink-loop")
                    todo[:0] = self._link_parts(rel, target, fds)
                elif not todo:
                    return fds.pop(), part
                else:
                    fds.append(self._open_sub(rel, fds[-1], part))
            raise DocumentError(f"{shown_name(rel)} leads to the folder itself, not a file", reason="not-a-file")
        finally:
            for fd in fds[1:]:
                os.close(fd)

    def _link_parts(self, rel: str, target: str, fds: list[int]) -> list[str]:
        """The components a link stands for, from where it lies; an absolute target
        beneath the folder starts again from the folder (``fds`` cut back to it)."""
        if not target.startswith("/"):
            return _parts(target)
        inside = _beneath(target, self.path)
        if inside is None:
            raise _outside(rel, self.path, target)
        while len(fds) > 1:
            os.close(fds.pop())
        return _parts(inside)

    @staticmethod
    def _open_sub(rel: str, parent: int, part: str) -> int:
        """The folder ``part`` of ``parent``, opened only if it is not a link (it was not
        one a moment ago: a link now is a swap, refused as ``changed``)."""
        try:
            return os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=parent)
        except OSError as exc:
            if exc.errno in _LINK_ERRNOS and _link_target(parent, part) is not None:
                raise DocumentError(f"{shown_name(rel)} changed while it was opened", reason="changed") from None
            raise _unreadable(rel, exc) from exc

    # -- the whole folder ------------------------------------------------------------
    def walk(self, wanted: frozenset[str] | set[str] | None = None) -> Iterator[Entry | Refusal]:
        """Every regular file beneath the folder whose suffix is in ``wanted`` (all when
        None), in sorted order, and every name refused on the way, each with its reason.
        Hidden names are passed over. Nothing but folders is opened; a folder is opened
        relative to its parent with ``O_NOFOLLOW``, so a folder swapped for a link
        during the walk is not entered."""
        base = len(os.fsencode(str(self.path))) + 1
        stack: list[str] = [""]
        while stack:
            rel_dir = stack.pop()
            try:
                fd = self._open_dir(rel_dir)
            except DocumentError as exc:
                yield Refusal(rel_dir, exc.reason, f"skipped {exc}")
                continue
            except OSError as exc:
                name = shown_name(rel_dir or str(self.path))
                yield Refusal(rel_dir, "unreadable", f"skipped {name}: {exc.strerror or exc}; check its permissions")
                continue
            try:
                yield from self._scan(fd, rel_dir, base, wanted, stack)
            finally:
                if fd != self.fd:
                    os.close(fd)

    def _scan(
        self, fd: int, rel_dir: str, base: int, wanted: frozenset[str] | set[str] | None, stack: list[str]
    ) -> Iterator[Entry | Refusal]:
        """One folder's entries (``fd`` open meanwhile: their stats are taken through it);
        its subfolders pushed on ``stack``."""
        try:
            with os.scandir(fd) as found:
                entries = sorted(found, key=lambda e: e.name)
        except OSError as exc:
            yield Refusal(rel_dir, "unreadable", f"skipped {shown_name(rel_dir)}: {exc.strerror or exc}")
            return
        subdirs = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            if base + len(os.fsencode(rel)) >= PATH_MAX:
                yield Refusal(
                    rel,
                    "path-too-long",
                    f"skipped {shown_name(rel)}: its path is over {PATH_MAX:,} bytes (PATH_MAX), "
                    "which other programs cannot open; shorten the names of its folders",
                )
                continue
            if entry.is_dir(follow_symlinks=False):
                subdirs.append(rel)
                continue
            suffix = os.path.splitext(entry.name)[1].lower()
            if entry.is_symlink():
                yield from self._link_entry(rel, suffix, wanted)
            elif wanted is None or suffix in wanted:
                yield from self._file_entry(rel, entry)
        stack.extend(reversed(subdirs))

    def _open_dir(self, rel_dir: str) -> int:
        if not rel_dir:
            return self.fd
        parent, name = self._locate(rel_dir)
        try:
            return os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=parent)
        finally:
            _close_unless_root(parent, self.fd)

    def _file_entry(self, rel: str, entry: os.DirEntry[str]) -> Iterator[Entry | Refusal]:
        try:
            st = entry.stat(follow_symlinks=False)
            self._check_file(rel, st)
            _check_name(rel)
        except DocumentError as exc:
            yield Refusal(rel, exc.reason, f"skipped {exc}")
            return
        except OSError as exc:
            yield Refusal(rel, "unreadable", f"skipped {shown_name(rel)}: {exc.strerror or exc}")
            return
        yield Entry(rel, st.st_size, st.st_mtime_ns)

    def _link_entry(self, rel: str, suffix: str, wanted: frozenset[str] | set[str] | None) -> Iterator[Entry | Refusal]:
        """A symlink: refused when it leaves the folder, loops or is broken; a link to a
        folder beneath is not entered (that folder is read where it lies); a link to a
        file beneath is read as that file."""
        try:
            st = self.stat_file(rel)
        except DocumentError as exc:
            if exc.reason in ("outside-folder", "symlink-loop") or wanted is None or suffix in wanted:
                yield Refusal(rel, exc.reason, f"{'refused' if exc.reason == 'outside-folder' else 'skipped'} {exc}")
            return
        if stat.S_ISDIR(st.st_mode) or (wanted is not None and suffix not in wanted):
            return
        try:
            self._check_file(rel, st)
            _check_name(rel)
        except DocumentError as exc:
            yield Refusal(rel, exc.reason, f"skipped {exc}")
            return
        yield Entry(rel, st.st_size, st.st_mtime_ns)


def _parts(path: str) -> list[str]:
    return [p for p in path.split("/") if p not in ("", ".")]


def _check_name(rel: str) -> None:
    """A name the catalogue and a ``file://`` URL can carry: UTF-8."""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        raise DocumentError(
            f"{shown_name(rel)}: its name is not UTF-8 (bytes shown escaped): rename it", reason="bad-name"
        ) from None


def _open_strict(path: Path) -> int:
    """``path`` opened as a folder, one component at a time from ``/``, no link followed."""
    fd = os.open("/", os.O_RDONLY | os.O_DIRECTORY)
    walked = Path("/")
    try:
        for part in path.parts[1:]:
            walked = walked / part
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
            except OSError as exc:
                raise _folder_error(path, walked, fd, part, exc) from None
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def _folder_error(path: Path, walked: Path, parent: int, part: str, exc: OSError) -> FolderError:
    name = shown_name(str(path))
    target = _link_target(parent, part) if exc.errno in _LINK_ERRNOS else None
    if target is not None:
        return FolderError(
            f"corpus folder {name}: {shown_name(str(walked))} is a symlink (to {shown_name(target)}); a corpus "
            "folder is named by its real path when a job is submitted, so a link there now was put in its place "
            "since: refused. Name the folder the link points to, if it may be searched"
        )
    if exc.errno == errno.ENOENT:
        return FolderError(f"corpus folder {name} does not exist: pass an existing folder")
    if exc.errno == errno.ENOTDIR:
        return FolderError(f"corpus folder {name}: {shown_name(str(walked))} is not a folder")
    return FolderError(f"corpus folder {name} cannot be opened: {(exc.strerror or str(exc)).lower()}")


def _link_target(parent: int, name: str) -> str | None:
    """The target of ``name`` in ``parent`` if it is a symlink, else None."""
    try:
        return os.readlink(name, dir_fd=parent)
    except OSError:
        return None


def _beneath(target: str, root: Path) -> str | None:
    """An absolute link target as a path beneath ``root`` (lexically), None outside."""
    prefix = str(root).rstrip("/") + "/"
    if target.rstrip("/") == str(root):
        return ""
    return target[len(prefix) :] if target.startswith(prefix) else None


def _outside(rel: str, root: Path, target: str | None = None) -> DocumentError:
    to = f" (a symlink to {shown_name(target)})" if target else ""
    return DocumentError(
        f"{shown_name(rel)}{to} leads outside the folder {shown_name(str(root))}", reason="outside-folder"
    )


def _unreadable(rel: str, exc: OSError) -> DocumentError:
    if exc.errno == errno.ENOENT:
        return DocumentError(f"{shown_name(rel)}: a symlink to a missing target or a missing file", reason="not-found")
    if exc.errno == errno.ELOOP:
        return DocumentError(f"{shown_name(rel)}: a symlink loop", reason="symlink-loop")
    if exc.errno == errno.ENAMETOOLONG:
        return DocumentError(f"{shown_name(rel)}: a name over the file system's limit", reason="path-too-long")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return DocumentError(
            f"{shown_name(rel)} is not readable (permission denied): check its permissions", reason="unreadable"
        )
    return DocumentError(f"{shown_name(rel)} could not be opened: {exc.strerror or exc}", reason="unreadable")


def _close_unless_root(fd: int, root: int) -> None:
    if fd != root:
        os.close(fd)


__all__ = ["MAX_LINKS", "PATH_MAX", "Entry", "Folder", "FolderError", "Refusal", "kind_of", "shown_name"]
