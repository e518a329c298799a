"""What reads the documents here: the readers' library versions and the OCR engine.

A file skipped for a missing reader (a scan before Tesseract was installed, a PDF
before pypdfium2 was) is in the library index with its reason; the index keeps this
fingerprint beside it, and when it differs the skipped files are read again
(:func:`search.library.update.plan`), instead of staying skipped until the file
itself changes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from functools import lru_cache
from importlib import metadata

READER_PACKAGES = ("pypdfium2", "defusedxml", "trafilatura", "charset-normalizer")
"""The distributions the readers call (search/documents/*); a version change may read
what an older one could not."""
TESSERACT_TIMEOUT_S = 10


def readers() -> dict[str, str]:
    """Each reader's version, ``absent`` when not installed; ``tesseract`` is the OCR
    engine on ``PATH`` (its path and version), as the readers find it now."""
    found = {name: _version(name) for name in READER_PACKAGES}
    binary = shutil.which("tesseract")
    found["tesseract"] = "absent" if binary is None else _tesseract(binary, *_stamp(binary))
    return found


def readers_fingerprint() -> str:
    """A short hash of :func:`readers`: stored in the index's catalogue."""
    return hashlib.sha256(json.dumps(readers(), sort_keys=True).encode()).hexdigest()[:16]


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"


def _stamp(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=8)
def _tesseract(binary: str, size: int, mtime_ns: int) -> str:
    """``path version`` of the binary, asked once per binary (keyed by its stat, so an
    upgrade in place is seen): every search's freshness check calls :func:`readers`."""
    try:
        done = subprocess.run(
            [binary, "--version"], capture_output=True, timeout=TESSERACT_TIMEOUT_S, check=False, text=True
        )
        first = (done.stdout or done.stderr).strip().splitlines()
        version = first[0] if first else f"exit {done.returncode}"
    except (OSError, subprocess.TimeoutExpired) as exc:
        version = f"unusable ({type(exc).__name__})"
    return f"{binary} {version}"
