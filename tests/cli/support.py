"""Running ``deepref`` the way a user does, for the CLI's tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def deepref(*args: str, env: Mapping[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``deepref ARGS`` (``python -m deepref.cli.main``) from the repository, with exactly
    ``env``, its output captured as text; never raises on a failing exit code."""
    return subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
        env=dict(env),
        check=False,
    )
