"""The package map, as pip builds it (issue 32, item 5): one import name, no warning.

The wheel and the editable wheel are built by setuptools' own PEP 517/660 hooks, offline,
from a copy of the repository's package files (a build writes build/ and *.egg-info).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDERS = ("api", "bibliography", "cli", "export", "reference", "reports", "search", "tasks", "worker")

_BUILD = """
import sys
import setuptools.build_meta as backend
hook = backend.build_editable if sys.argv[1] == "editable" else backend.build_wheel
print(hook(sys.argv[2]))
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("project")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, root / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in (*FOLDERS, "deepref", "src"):
        shutil.copytree(REPO / name, root / name, symlinks=True, ignore=ignore)
    return root


def _build(project: Path, kind: str, out: Path) -> tuple[zipfile.ZipFile, str]:
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-W", "always", "-c", _BUILD, kind, str(out)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    name = done.stdout.strip().splitlines()[-1]
    return zipfile.ZipFile(out / name), done.stdout + done.stderr


def test_the_wheel_installs_one_name_and_every_module(project: Path, tmp_path: Path) -> None:
    wheel, _ = _build(project, "wheel", tmp_path / "dist")
    names = wheel.namelist()
    assert {name.split("/")[0] for name in names} == {"deepref", "deepref-0.1.0.dist-info"}
    assert wheel.read("deepref-0.1.0.dist-info/top_level.txt").decode().split() == ["deepref"]
    for folder in FOLDERS:
        files = (REPO / folder).rglob("*.py")
        modules = {p.relative_to(REPO).as_posix() for p in files if "__pycache__" not in p.parts}
        missing = sorted(m for m in modules if f"deepref/{m}" not in names)
        assert modules and not missing, f"{folder}: {missing[:5]}"
    assert "deepref/api/static/viewer.js" in names
    assert "deepref/reference/support_weights.json" in names


def test_the_editable_install_is_a_path_to_deepref_alone_and_warns_of_nothing(project: Path, tmp_path: Path) -> None:
    """`make demo` runs `pip install -e .`: setuptools' import-hook strategy warns of folders named like
    the package; a .pth to src/ (which holds only the deepref link) neither warns nor offers `worker`."""
    wheel, output = _build(project, "editable", tmp_path / "dist")
    assert "Please be careful" not in output and "Package would be ignored" not in output, output[-2000:]
    pth = [n for n in wheel.namelist() if n.endswith(".pth")]
    assert len(pth) == 1, wheel.namelist()
    entries = wheel.read(pth[0]).decode().split()
    assert entries == [str((project / "src").resolve())]
    importable = sorted(p.name for p in Path(entries[0]).iterdir() if not p.name.endswith(".egg-info"))
    assert importable == ["deepref"]
    assert not any(n.endswith(".py") for n in wheel.namelist()), "no import hook: a static path only"
