"""Page extraction off the event loop, in worker processes that can be killed.

``worker.web.extract.extract`` is CPU work in lxml, trafilatura and pypdfium2. On the
event loop, one pathological page (or PDF) stalls every other fetch of the
process; in a thread it still competes for the GIL and cannot be stopped (a
thread cannot be killed), so a time cap would only abandon it while it burns
CPU. A separate process is the only thing that can be stopped mid-parse, so
each page goes to one of a few long-lived child processes, and a child that
overruns the per-page cap (``DEEPREF_EXTRACT_TIMEOUT``) is killed and replaced.
Measured in docs/pipeline.md ("Extraction off the event loop").

The children are plain ``python -m deepref.worker.web.extract_runner`` subprocesses, not
``multiprocessing`` ones: they start the same way inside a Celery prefork child
(a daemonic process may not have multiprocessing children), under pytest and in
the embedded runner, and never fork a threaded parent. Requests go down as
pickles (parent to child, trusted); answers come back as JSON, so a child
subverted by a hostile page cannot run code in the worker through a pickle.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import pickle
import queue
import resource
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import deepref
from deepref.search.documents.dependencies import MissingDependencyError, require_extractors
from deepref.search.documents.limits import ReadLimits
from deepref.worker.errors import ExtractError

if TYPE_CHECKING:
    from deepref.worker.settings import Settings
    from deepref.worker.web.extract import Document
    from deepref.worker.web.pages import FetchedPage

log = logging.getLogger(__name__)

_HEADER = struct.Struct(">I")
_READY = b"ready\n"
_BROKEN = b"broke\n"  # instead of ready: an import failed; a framed JSON {"message"} follows
_START_TIMEOUT = 60.0  # importing trafilatura on a loaded machine; not part of a page's cap
# the folder that holds the deepref package (this file resolves to worker/web/, through the link)
_PACKAGE_ROOT = str(Path(deepref.__file__).resolve().parent.parent)
# address space of a child (it uses about 230 MB idle): a decompression bomb in a
# PDF or a runaway parse fails with MemoryError instead of swapping the worker
_MEMORY_LIMIT = 2 << 30


OCR_SHARE = 0.75
"""Of a page's extraction cap, the share OCR may spend, so that a slow scan answers
with the pages it read instead of being killed with none."""


def within_cap(limits: ReadLimits, timeout: float) -> ReadLimits:
    """``limits`` with OCR's time per file and per page inside the extraction cap."""
    budget = min(limits.ocr_file_seconds, timeout * OCR_SHARE)
    return dataclasses.replace(limits, ocr_file_seconds=budget, ocr_page_seconds=min(limits.ocr_page_seconds, budget))


class _Child:
    """One extraction subprocess; used by one thread at a time."""

    def __init__(self, timeout: float):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [_PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "deepref.worker.web.extract_runner", str(timeout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=True,  # a ^C to the worker's group is the worker's to handle
        )
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None  # both asked for as pipes
        self.stdin: IO[bytes] = stdin
        self.stdout: IO[bytes] = stdout
        deadline = time.monotonic() + _START_TIMEOUT
        try:
            line = _read_exactly(self.stdout, len(_READY), deadline)
            if line == _BROKEN:
                size = _read_exactly(self.stdout, _HEADER.size, deadline)
                body = _read_exactly(self.stdout, _HEADER.unpack(size)[0], deadline) if size else None
                self.kill()
                raise MissingDependencyError(json.loads(body)["message"] if body else "an extractor failed to import")
        except EOFError:
            line = None
        if line != _READY:
            self.kill()
            raise RuntimeError("the extraction process did not start (see the worker's stderr)")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def call(self, page: FetchedPage, doc_id: str, timeout: float, limits: ReadLimits) -> dict[str, Any] | None:
        """The child's answer; None when it overran ``timeout`` (it is killed), and a
        ``crashed`` answer when it died on the page (a crash in C code, out of memory)."""
        payload = pickle.dumps((page, doc_id, limits), protocol=pickle.HIGHEST_PROTOCOL)
        deadline = time.monotonic() + timeout
        body, died = None, False
        try:
            self.stdin.write(_HEADER.pack(len(payload)) + payload)
            self.stdin.flush()
            size = _read_exactly(self.stdout, _HEADER.size, deadline)
            if size is not None:
                body = _read_exactly(self.stdout, _HEADER.unpack(size)[0], deadline)
        except (OSError, EOFError):  # a broken pipe or end of file: the child is gone
            died = True
        if body is not None:
            return json.loads(body)
        self.kill()
        if not died:
            return None
        return {
            "ok": False,
            "reason": "crashed",
            "message": f"the extraction process died on {page.final_url} (exit status {self.proc.returncode})",
        }

    def kill(self) -> None:
        """Kill the child and its process group: a Tesseract it started goes with it."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)  # its own session: the group is its own
            self.proc.kill()
        self.proc.wait()
        for stream in (self.stdin, self.stdout):
            with contextlib.suppress(OSError):
                stream.close()

    def close(self) -> None:
        try:
            self.stdin.close()  # EOF: the child exits after its current page
            self.proc.wait(2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def _read_exactly(stream: IO[bytes], n: int, deadline: float) -> bytes | None:
    """``n`` bytes from a pipe, or None when ``deadline`` passes; EOFError at end of file."""
    fd, chunks, got = stream.fileno(), [], 0
    while got < n:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            return None
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            raise EOFError("the extraction process closed its output")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


class ExtractRunner:
    """Runs ``worker.web.extract.extract`` in ``workers`` child processes, at most
    ``timeout`` seconds per page. Create once per worker process; ``close()`` it."""

    @classmethod
    def from_settings(cls, settings: Settings) -> ExtractRunner:
        from deepref.worker.search_config import read_limits

        return cls(workers=settings.extract_workers, timeout=settings.extract_timeout, limits=read_limits(settings))

    def __init__(self, *, workers: int = 2, timeout: float = 20.0, limits: ReadLimits | None = None):
        self.workers, self.timeout = workers, timeout
        self.limits = within_cap(limits or ReadLimits(), timeout)
        # at most ``workers`` children ever exist: a slot holds a child or None (not started)
        self._slots: queue.SimpleQueue[_Child | None] = queue.SimpleQueue()
        for _ in range(workers):
            self._slots.put(None)
        self._semaphore: asyncio.Semaphore | None = None
        self._closed = False
        self._live: set[_Child] = set()  # for close() and tests; guarded by the slots
        self._missing: str | None = None  # an extractor that cannot be imported: no child is started again

    def processes(self) -> list[subprocess.Popen]:
        """The extraction processes started and not yet killed."""
        return [child.proc for child in list(self._live)]

    async def extract(self, page: FetchedPage, *, doc_id: str = "") -> Document:
        """The page's :class:`~worker.web.extract.Document`; :class:`ExtractError` when it has
        no text, cannot be parsed, or takes longer than the cap (reason ``timeout``)."""
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.workers)
        async with self._semaphore:
            # the thread only waits on a pipe (no GIL held); it ends within the cap even if
            # this task is cancelled, and then hands the child back
            answer = await asyncio.to_thread(self._call, page, doc_id)
        return _document(page, answer, self.timeout)

    def warm(self) -> None:
        """Start the processes in the background (a fetch takes longer than a start),
        so the first page does not wait for Python to import trafilatura."""
        if not self._closed and len(self._live) < self.workers:
            threading.Thread(target=self._warm, name="extract-warm", daemon=True).start()

    def _warm(self) -> None:
        for _ in range(self.workers):  # each free slot once; a busy one already has a process
            try:
                child = self._slots.get_nowait()
            except queue.Empty:
                return
            try:
                if child is None and not self._closed:
                    child = _Child(self.timeout)
                    self._live.add(child)
            except MissingDependencyError as exc:  # every page's call raises it
                self._missing = str(exc)
            except (OSError, RuntimeError) as exc:  # the page's own call retries and reports
                log.warning("could not start an extraction process: %s", exc)
            finally:
                self._slots.put(child)

    def _call(self, page: FetchedPage, doc_id: str) -> dict[str, Any] | None:
        child = self._slots.get()
        try:
            if self._closed:
                raise ExtractError("the extraction runner is closed", url=page.url, reason="closed")
            if self._missing is not None:
                raise MissingDependencyError(self._missing)
            if child is not None and not child.alive():
                self._live.discard(child)
                child.kill()
                child = None
            if child is None:
                try:
                    child = _Child(self.timeout)
                except MissingDependencyError as exc:
                    self._missing = str(exc)
                    raise
                except (OSError, RuntimeError) as exc:
                    raise ExtractError(
                        f"could not start an extraction process for {page.final_url}: {exc}",
                        url=page.url,
                        reason="extract-unavailable",
                    ) from exc
                self._live.add(child)
            answer = child.call(page, doc_id, self.timeout, self.limits)
            if answer is None:
                self._live.discard(child)
                child = None  # killed: the next page starts a fresh one
            return answer
        finally:
            self._slots.put(child)

    def close(self) -> None:
        """Stop every process; waits for pages in progress (at most the cap)."""
        self._closed = True
        slots = [self._slots.get() for _ in range(self.workers)]  # all of them: none in use
        for child in slots:
            if child is not None:
                child.close()
                self._live.discard(child)
        for _ in slots:
            self._slots.put(None)


def _document(page: FetchedPage, answer: dict[str, Any] | None, timeout: float) -> Document:
    from deepref.worker.web.extract import Document

    if answer is None:
        raise ExtractError(
            f"extracting {page.final_url} took longer than {timeout:g} s (DEEPREF_EXTRACT_TIMEOUT); skipped",
            url=page.url,
            reason="timeout",
        )
    if answer["ok"]:
        return Document(**answer["document"])
    if answer["reason"] == "missing-dependency":
        raise MissingDependencyError(answer["message"])
    raise ExtractError(answer["message"], url=page.url, reason=answer["reason"])


def _serve(cap: float) -> None:
    """The child: pages in on stdin, JSON answers out on stdout, until EOF."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a library's print() must not corrupt the answer stream
    try:
        require_extractors()  # imported before "ready", so no page's cap pays for it
    except MissingDependencyError as exc:  # the parent fails the job with the fix
        body = json.dumps({"message": str(exc)}).encode()
        stdout.write(_BROKEN + _HEADER.pack(len(body)) + body)
        stdout.flush()
        return

    from deepref.worker.web.extract import extract

    with contextlib.suppress(ValueError, OSError):  # not every platform enforces RLIMIT_AS
        resource.setrlimit(resource.RLIMIT_AS, (_MEMORY_LIMIT, _MEMORY_LIMIT))
    stdout.write(_READY)
    stdout.flush()
    while True:
        header = stdin.read(_HEADER.size)
        if len(header) < _HEADER.size:
            return
        page, doc_id, limits = pickle.loads(stdin.read(_HEADER.unpack(header)[0]))
        # the parent kills us at the cap; the alarm (default action: terminate) ends a
        # runaway parse even if the parent itself is gone
        signal.alarm(int(cap * 2) + 5)
        try:
            answer = {"ok": True, "document": dataclasses.asdict(extract(page, doc_id=doc_id, limits=limits))}
        except ExtractError as exc:
            answer = {"ok": False, "message": str(exc), "reason": exc.reason}
        except MissingDependencyError as exc:
            answer = {"ok": False, "message": str(exc), "reason": "missing-dependency"}
        except MemoryError:
            answer = {"ok": False, "message": f"extracting {page.final_url} ran out of memory", "reason": "too-large"}
        except Exception as exc:  # a library bug on one page must not end the child
            answer = {"ok": False, "message": f"extraction failed: {type(exc).__name__}: {exc}", "reason": "error"}
        signal.alarm(0)
        body = json.dumps(answer).encode()
        stdout.write(_HEADER.pack(len(body)) + body)
        stdout.flush()


if __name__ == "__main__":
    _serve(float(sys.argv[1]) if len(sys.argv) > 1 else 20.0)
