"""Issue 31, "Done means": one folder holding the hostile files (repeated slides, spine
items and pages, 100 million ODT spaces, a blank 5,000 pt page for OCR, a 100 KB
blank run, a broken zip, a symlink out of the folder) beside two good files is indexed
by ``deepref index`` and researched by an embedded ``deepref research --corpus`` job
in bounded memory: each bad file is named, the good ones are read and cited, and
nothing from outside the folder reaches the answer. The figures of a run are in
docs/library.md and docs/security.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.search.documents.hostile import hostile_folder

REPO = Path(__file__).resolve().parents[2]
PEAK_RSS_BOUND_KB = 1_000_000
"""Memory bound of each command (its largest process, Tesseract included): about
150-250 MB is measured; the 32 KB deck alone took 2.1 GB before, the blank page 2.1 GB."""

# prints the peak RSS (KB) of the largest process below it, once they have all ended
_MEASURE = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:]).returncode\n"
    "print('peak-rss-kb', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def _deepref(*args: str, index_dir: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env |= {"DEEPREF_INDEX_DIR": str(index_dir), "DEEPREF_EMBEDDER": "jaccard"}
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, sys.executable, "-m", "deepref.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=600,  # a hang guard, not a speed bound: the run takes about 10-30 s
        cwd=REPO,
        env=env,
    )
    peak = int(out.stderr.rsplit("peak-rss-kb", 1)[1].split()[0])
    return out, peak


@pytest.mark.timeout(900)  # two commands of 10-30 s each; 90 s seen on a busy 2-core machine
def test_a_folder_of_hostile_files_is_indexed_and_researched_in_bounded_memory(tmp_path):
    corpus = tmp_path / "corpus"
    expected = hostile_folder(corpus, tmp_path / "outside")

    out, peak = _deepref("index", str(corpus), index_dir=tmp_path / "index")
    assert out.returncode == 0, out.stderr
    assert peak < PEAK_RSS_BOUND_KB, f"deepref index peaked at {peak:,} KB"
    report = out.stdout
    # the FIFO, the hard link and the long path are refused when listed (not counted as files)
    assert report.startswith("11 files: 8 read, 0 unchanged, 0 removed, 7 skipped"), report
    assert "\x1b" not in report and not any(ln.startswith("  skipped (forged)") for ln in report.splitlines())
    for name, why in expected.items():
        lines = [ln for ln in report.splitlines() if name in ln]
        if why:
            assert any(why in ln for ln in lines), f"{name} is not named with {why!r}:\n{report}"
        else:
            assert not any("skipped" in ln for ln in lines), report  # read, with its bounded text
    for good in ("report.pdf", "notes.md"):
        assert good not in report  # read without a word

    question = "What did the parish committee recommend about motorboats?"
    out, peak = _deepref("research", question, "--corpus", str(corpus), "--format", "json", index_dir=tmp_path / "job")
    assert out.returncode == 0, out.stderr
    assert peak < PEAK_RSS_BOUND_KB, f"deepref research peaked at {peak:,} KB"
    data = json.loads(out.stdout)
    assert "motorboats above the Hornby weir" in data["answer"]
    assert any(r["url"].endswith("/report.pdf") for r in data["references"])
    warnings = "\n".join(data["warnings"])
    for name, why in expected.items():
        if why:
            assert any(name in w and why in w for w in data["warnings"]), f"{name} ({why!r}) not in:\n{warnings}"
    assert "vermilion" not in out.stdout  # the symlink's outside file reaches nothing
