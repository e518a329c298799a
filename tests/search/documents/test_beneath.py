"""A corpus folder's files are opened beneath it: links out, swaps, FIFOs, devices, hard
links, forged names and paths over PATH_MAX are each named and skipped, and the rest is
read (docs/security.md, "Corpus folders")."""

from __future__ import annotations

import os
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest

from deepref.search.documents import ReadLimits
from deepref.search.documents.beneath import PATH_MAX, Folder, FolderError, shown_name
from deepref.search.library.store import index_path
from deepref.search.library.update import read_one, update_index

REPO = Path(__file__).resolve().parents[3]
SECRET = "The launch code is 0000 and must never be searched."


def _texts(index_dir: Path, folder: Path) -> str:
    """Every passage the folder's catalogue holds, as one string."""
    with closing(sqlite3.connect(index_path(index_dir, folder) / "catalog.sqlite")) as conn:
        return "\n".join(text for (text,) in conn.execute("SELECT text FROM passages"))


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(SECRET)
    return secret


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "library"
    root.mkdir()
    (root / "a-note.txt").write_text("A note about tidal power and the energy of tides.")
    (root / "b-note.txt").write_text("A note about offshore wind turbines at sea, long enough.")
    return root


def test_a_file_swapped_for_a_link_after_the_listing_is_refused(folder, outside, tmp_path):
    """The finding: a file swapped for a symlink while the index is read had its target's
    text indexed. The swap here lands after the listing, before the file is opened (the
    second file is read after the first one's progress); its size and mtime are the
    target's, so a check by stat alone cannot see it."""
    swap = folder / "b-note.txt"
    st = outside.stat()

    def progress(p) -> None:
        if p.done == 1 and not swap.is_symlink():
            swap.unlink()
            swap.symlink_to(outside)
            os.utime(outside, ns=(st.st_atime_ns, st.st_mtime_ns))

    summary = update_index(folder, tmp_path / "index", workers=1, progress=progress)
    assert "launch code" not in _texts(tmp_path / "index", folder)
    assert summary.read == 1
    (message,) = summary.skipped["outside-folder"]
    assert "b-note.txt (a symlink to" in message and "leads outside the folder" in message


def test_read_one_opens_only_beneath_the_folder(folder, outside):
    (folder / "b-note.txt").unlink()
    (folder / "b-note.txt").symlink_to(outside)
    (folder / "up.txt").symlink_to("../outside/secret.txt")
    (folder / "sub").mkdir()
    (folder / "sub" / "back.txt").symlink_to("../a-note.txt")  # inside: read as that file
    for rel in ("b-note.txt", "up.txt", "../outside/secret.txt", "sub/../../outside/secret.txt"):
        read = read_one(str(folder), rel)
        assert read.reason == "outside-folder" and not read.texts, (rel, read)
    assert read_one(str(folder), "sub/back.txt").texts[0].startswith("A note about tidal power")


def test_a_fifo_a_socket_and_a_device_are_named_and_never_opened(folder, tmp_path):
    """The finding: a FIFO named x.pdf blocked ``deepref index`` for ever, holding the
    writer lock. Now it is named without being opened, and the index completes."""
    os.mkfifo(folder / "x.pdf")
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(folder / "s.txt"))
    except OSError:  # a path over sun_path's 108 bytes: no socket in this test
        sock.close()
        sock = None
    if os.geteuid() == 0:  # a character device (the one /dev/null is): only root makes one
        os.mknod(folder / "null.txt", stat.S_IFCHR | 0o600, os.makedev(1, 3))
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    run = subprocess.Popen(
        [sys.executable, "-m", "deepref.cli.main", "index", str(folder)],
        cwd=REPO,
        env={**env, "DEEPREF_INDEX_DIR": str(tmp_path / "index")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = run.communicate(timeout=120)
    finally:
        run.kill()
        if sock is not None:
            sock.close()
    assert run.returncode == 0, err
    assert "2 read" in out and "x.pdf is a FIFO (named pipe), not a regular file" in out, out
    if sock is not None:
        assert "s.txt is a socket" in out
    if os.geteuid() == 0:
        assert "null.txt is a character device" in out


def test_a_name_swapped_for_a_fifo_after_the_listing_is_not_waited_on(folder):
    """Opened ``O_NONBLOCK`` and checked by ``fstat``: a FIFO put in a listed file's
    place is refused at once (the reading thread would otherwise block for ever)."""
    (folder / "b-note.txt").unlink()
    os.mkfifo(folder / "b-note.txt")
    got = []
    reader = threading.Thread(target=lambda: got.append(read_one(str(folder), "b-note.txt")), daemon=True)
    reader.start()
    reader.join(30)
    assert got and got[0].reason == "not-a-file" and "a FIFO" in (got[0].message or "")


def test_a_hard_link_is_refused_unless_allowed(folder, outside, tmp_path):
    """The finding: a hard link to a file outside the folder was indexed. A hard link
    cannot be told from the file it links to, so any regular file with other names is
    refused, named, unless the operator allows hard links."""
    os.link(outside, folder / "c-linked.txt")
    summary = update_index(folder, tmp_path / "index", workers=1)
    assert "launch code" not in _texts(tmp_path / "index", folder)
    assert summary.read == 2 and "c-linked.txt is a hard link (2 names)" in summary.skipped["hard-link"][0]
    assert "DEEPREF_CORPUS_HARD_LINKS" in summary.skipped["hard-link"][0]
    allowed = update_index(folder, tmp_path / "index2", workers=1, limits=ReadLimits(hard_links=True))
    assert allowed.read == 3 and "launch code" in _texts(tmp_path / "index2", folder)


def test_names_cannot_forge_lines_and_odd_names_are_skipped(folder, tmp_path):
    """The finding: a name holding a newline or a terminal escape was printed raw, so it
    could forge a "skipped" line; a name that is not UTF-8 stopped the index."""
    forged = "e\n  skipped (forged): 1\x1b[2J\u202e.txt"
    (folder / forged).write_bytes(b"")
    (folder / os.fsdecode(b"f-\xff.txt")).write_text("A note whose name is Latin-1 bytes.")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    run = subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", "index", str(folder)],
        cwd=REPO,
        env={**env, "DEEPREF_INDEX_DIR": str(tmp_path / "index")},
        capture_output=True,
        timeout=120,
    )
    out = run.stdout.decode()
    assert run.returncode == 0, run.stderr.decode()
    assert "\x1b" not in out and "\u202e" not in out
    assert not any(line.startswith("  skipped (forged)") for line in out.splitlines()), out
    assert "e\\n  skipped (forged): 1\\x1b[2J\\u202e.txt is empty" in out
    assert "f-\\udcff.txt: its name is not UTF-8" in out
    assert "2 read" in out


def test_a_path_over_path_max_is_named_and_the_rest_is_read(folder, tmp_path):
    """The finding: a path over PATH_MAX stopped the whole index. The folders are made
    relative to each other's descriptors (no path that long can be named whole)."""
    base = len(os.fsencode(str(folder)))
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    depth = 0
    try:
        while base + (depth + 1) * 201 < PATH_MAX - 100:
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd, depth = inner, depth + 1
        made = os.open("deep-" + "x" * 200 + ".txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(made, b"A note so deep that no program can open it by its path.")
        os.close(made)
    finally:
        os.close(fd)
    summary = update_index(folder, tmp_path / "index", workers=1)
    assert summary.read == 2
    (message,) = summary.skipped["path-too-long"]
    assert "deep-xxx" in message and "over 4,096 bytes (PATH_MAX)" in message
    too_long = read_one(str(folder), "n" * 300 + ".txt")  # over NAME_MAX: no file system holds it
    assert too_long.reason == "path-too-long" and "over the file system's limit" in (too_long.message or "")


def test_the_folder_itself_is_opened_with_no_link_in_its_path(folder, outside, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(outside.parent, target_is_directory=True)
    with pytest.raises(FolderError, match="is a symlink"):
        Folder(link)
    with pytest.raises(FolderError, match="is a symlink"):
        update_index(link / ".", tmp_path / "index", workers=1)
    assert not (tmp_path / "index").exists()  # refused before the index was made
    with pytest.raises(FolderError, match="does not exist"):
        Folder(tmp_path / "nope")


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("plain name.pdf", "plain name.pdf"),
        ("潮汐.md", "潮汐.md"),
        ("a\nb.txt", "a\\nb.txt"),
        ("\x1b[31mred.txt", "\\x1b[31mred.txt"),
        ("evil\u202etxt.pdf", "evil\\u202etxt.pdf"),
        ("line\u2028sep.txt", "line\\u2028sep.txt"),
        (os.fsdecode(b"\xff.txt"), "\\udcff.txt"),
    ],
)
def test_shown_name_escapes_what_a_terminal_would_act_on(name, shown):
    assert shown_name(name) == shown


def test_a_link_the_user_names_is_resolved_where_it_is_named(folder, tmp_path):
    """The CLI, MCP over stdio and DEEPREF_CORPUS_DIR may name a folder by a link of the
    user's own: it is resolved once, where it is named, and the real path is opened."""
    from deepref.worker.confine import corpus_folder
    from deepref.worker.settings import Settings

    link = tmp_path / "my-notes"
    link.symlink_to(folder, target_is_directory=True)
    assert corpus_folder(str(link), None) == str(folder)
    assert Settings(corpus_dir=link).corpus_dir == folder
    summary = update_index(Path(corpus_folder(str(link), None)), tmp_path / "index", workers=1)
    assert summary.read == 2
