"""A reader or extractor whose library cannot be imported stops the job with the fix (issue 32, item 5).

Python 3.11's own pip installs trafilatura without ``lxml_html_clean``; lxml then raises
an ImportError when trafilatura imports it. Here that import fails for real: a folder
put first on PYTHONPATH holds an ``lxml_html_clean`` that raises ModuleNotFoundError, as
a missing package does, in the CLI's process, its readers and its extraction processes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.cli.support import deepref

REPO = Path(__file__).resolve().parents[2]
QUESTION = "How do footnotes in deepref point at the exact supporting passage?"
FIX = "pip install lxml_html_clean"


@pytest.fixture
def broken(tmp_path: Path) -> dict[str, str]:
    """The environment of a deepref whose lxml_html_clean cannot be imported."""
    shim = tmp_path / "shim" / "lxml_html_clean"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'lxml_html_clean'\", name='lxml_html_clean')\n"
    )
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_") or k == "DEEPREF_INDEX_DIR"}
    path = os.pathsep.join([str(shim.parent), str(REPO), os.environ.get("PYTHONPATH", "")])
    return {**base, "PYTHONPATH": path, "DEEPREF_EMBEDDER": "jaccard", "DEEPREF_INDEX_DIR": str(tmp_path / "index")}


def _deepref(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return deepref(*args, env=env)


def test_the_shim_breaks_trafilatura_as_the_missing_package_does(broken: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-c", "import trafilatura"], env=broken, capture_output=True, text=True)
    assert done.returncode == 1 and "lxml_html_clean" in done.stderr


def test_web_pages_and_documents_fail_with_the_fix_not_nothing_found(broken: dict[str, str], tmp_path: Path) -> None:
    """Markdown is read without trafilatura, so the index is built; the extraction processes cannot start."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("deepref-footnotes.md", "job-queue.md", "bm25-ranking.txt"):
        shutil.copy2(REPO / "examples" / "corpus" / name, corpus / name)
    out = _deepref(broken, "research", QUESTION, "--corpus", str(corpus))
    assert out.returncode != 0, out.stdout
    assert FIX in out.stderr and "needs trafilatura" in out.stderr, out.stderr[-2000:]
    assert "Nothing found" not in out.stdout + out.stderr


def test_an_html_file_in_a_corpus_fails_the_index_with_the_fix(broken: dict[str, str], tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy2(REPO / "examples" / "corpus" / "fetch-security.html", corpus / "page.html")
    shutil.copy2(REPO / "examples" / "corpus" / "job-queue.md", corpus / "job-queue.md")
    out = _deepref(broken, "index", str(corpus))
    assert out.returncode != 0
    assert "reading HTML files needs trafilatura" in out.stderr and FIX in out.stderr, out.stderr[-2000:]
    assert "page.html not read" in out.stderr
    # the file is not recorded as skipped: once the install is fixed, it is read
    fixed = {**broken, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    again = _deepref(fixed, "index", str(corpus))
    assert again.returncode == 0, again.stderr
    assert "2 files: 1 read, 1 unchanged, 0 removed, 0 skipped" in again.stdout, again.stdout + again.stderr


def test_lxml_html_clean_is_declared() -> None:
    """pip 23 does not bring it through trafilatura -> justext -> lxml[html_clean]: deepref names it."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    names = {dep.split(">")[0].split("=")[0].split("[")[0].strip().lower() for dep in project["dependencies"]}
    assert "lxml_html_clean" in names or "lxml-html-clean" in names
