"""A second indexer in its own process, paused while it holds a folder's writer lock:
what a job finds when another ``deepref index`` (or another job) is indexing its folder."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# A real indexer in its own process: it takes the folder's writer lock, reads its first
# file, says "holding" and holds the lock until the test writes a line to its stdin
# (or 60 s pass: the old code never says it waits, and its job must not hang forever).
HOLDER = textwrap.dedent(
    """
    import select, sys
    from pathlib import Path
    from deepref.search.library.update import update_index

    held = []

    def progress(p):
        if not held:
            held.append(p)
            print("holding", flush=True)
            select.select([sys.stdin], [], [], 60)

    update_index(Path(sys.argv[1]), Path(sys.argv[2]), progress=progress, workers=1)
    """
)


class Indexer:
    """The second indexer (HOLDER), paused under the writer lock until released."""

    def __init__(self, folder: Path, index_dir: Path):
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(folder), str(index_dir)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def wait_holding(self) -> None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line == "holding\n", (line, self.proc.communicate(timeout=30))

    def release(self) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write("go\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):  # it has ended already
            pass

    def finish(self) -> None:
        try:
            self.release()
            _, err = self.proc.communicate(timeout=60)
            assert self.proc.returncode == 0, err
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
