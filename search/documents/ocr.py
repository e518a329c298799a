"""OCR of a rendered page with the ``tesseract`` binary (Debian's ``tesseract-ocr``).

A subprocess, not a Python binding: the page goes in on stdin as a PGM image, text
comes out on stdout, so no extra package is needed and a crash stays in the child.
Tesseract runs in its own process group, is killed (the group) when it overruns its
time, and is killed by the kernel when the process that started it dies
(``PR_SET_PDEATHSIG``, Linux): an extraction child killed at its cap, or a reading
process killed with ``deepref index``, leaves no tesseract behind. One OpenMP thread
(``OMP_THREAD_LIMIT=1``): the readers already run one file per core."""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import subprocess
import sys

import numpy as np

OCR_HINT = "install Tesseract to read it with OCR (Debian/Ubuntu: apt-get install tesseract-ocr)"
_PR_SET_PDEATHSIG = 1


class OcrTimeout(Exception):
    """Tesseract overran its time on a page and was killed."""


def ocr_available() -> bool:
    return shutil.which("tesseract") is not None


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


_LIBC = _libc()  # loaded before any fork: the child only calls into it


def _die_with_parent() -> None:
    """In the forked child, before exec: SIGKILL when the parent ends."""
    if _LIBC is not None:
        _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def ocr_page(gray: np.ndarray, *, dpi: int = 300, timeout: float = 30.0) -> str:
    """Text of a grayscale page image (a 2-D uint8 array, or H x W x 1) rendered at
    ``dpi``; :class:`OcrTimeout` when Tesseract takes longer than ``timeout`` seconds."""
    image = np.ascontiguousarray(gray.reshape(gray.shape[0], gray.shape[1]), dtype=np.uint8)
    pgm = f"P5\n{image.shape[1]} {image.shape[0]}\n255\n".encode() + image.tobytes()
    with subprocess.Popen(
        ["tesseract", "stdin", "stdout", "--dpi", str(max(dpi, 1))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ, OMP_THREAD_LIMIT="1"),
        process_group=0,
        preexec_fn=_die_with_parent,  # async-signal-safe: one prctl call into a libc loaded before the fork
    ) as proc:
        try:
            out, _ = proc.communicate(pgm, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise OcrTimeout(f"Tesseract took over {timeout:g} s") from exc
        finally:
            if proc.poll() is None:  # timed out, or this thread was interrupted
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
    return out.decode("utf-8", errors="replace") if proc.returncode == 0 else ""
