"""``deepref --help``, ``status``, ``result`` and ``cancel`` load only what they use.

Each case runs in a fresh interpreter, so modules imported by other tests do not
count, and reads ``sys.modules`` after the CLI has parsed its arguments and imported
the command's handler.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.test_architecture import REPO

HEAVY = ("deepref.reference.engine", "celery", "trafilatura", "onnxruntime", "scipy", "numpy")

PROBE = """
import contextlib, io, json, sys
from deepref.cli.main import build_parser, handler_of
argv = json.loads(sys.argv[1])
parser = build_parser()
if argv == ["--help"]:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        parser.parse_args(argv)
else:
    handler_of(parser.parse_args(argv))
    from deepref.worker.client import Client  # what the queue commands' handlers call
print(json.dumps(sorted(sys.modules)))
"""


def loaded_after(argv: list[str]) -> set[str]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)], cwd=REPO, capture_output=True, text=True, check=True
    )
    return set(json.loads(proc.stdout))


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["status", "0" * 32], ["result", "0" * 32], ["cancel", "0" * 32]],
    ids=["help", "status", "result", "cancel"],
)
def test_the_cli_imports_no_heavy_module_before_it_needs_one(argv):
    loaded = loaded_after(argv)
    heavy = sorted(name for name in loaded if any(name == h or name.startswith(h + ".") for h in HEAVY))
    assert not heavy, f"deepref {' '.join(argv)} imported {heavy}"


def test_help_builds_the_parser_without_pydantic():
    assert "pydantic" not in loaded_after(["--help"])
