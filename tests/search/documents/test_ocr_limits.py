"""Issue 31, item 4: OCR is capped by page image size, time per page and time per file,
and Tesseract never outlives the process that started it."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deepref.search.documents import ReadLimits, read_bytes
from deepref.search.documents.ocr import ocr_available
from deepref.search.documents.pdf import _scale
from tests.search.documents.hostile import pdf_blank_page
from tests.search.documents.makers import make_scanned_pdf

needs_tesseract = pytest.mark.skipif(
    not ocr_available(), reason="tesseract not installed (scripts/test.sh installs it)"
)
REPO = Path(__file__).resolve().parents[3]


def test_a_page_larger_than_the_pixel_cap_is_rendered_at_a_lower_resolution():
    a4 = _scale(595, 842, 25_000_000)
    assert a4 == 300 / 72  # an ordinary page keeps 300 dpi
    poster = _scale(5000, 5000, 25_000_000)
    assert (5000 * poster) * (5000 * poster) <= 25_000_000 * 1.0001  # 434 million pixels at 300 dpi


def _children(pid: int, name: str) -> list[int]:
    """Live processes called ``name`` whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        if comm == name and int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _bytes_read(pid: int) -> int:
    try:
        lines = Path(f"/proc/{pid}/io").read_text().splitlines()
    except OSError:
        return 0
    return next(int(line.split()[1]) for line in lines if line.startswith("rchar:"))


@needs_tesseract
def test_the_blank_5000_pt_page_is_read_within_the_pixel_cap():
    """The 433-byte PDF that took 109 s and 3 GB: its page goes to Tesseract at 72 dpi."""
    data = pdf_blank_page(5000, 5000)
    assert len(data) < 1000
    doc = read_bytes(data, "poster.pdf")
    assert doc.segments == ()
    assert doc.warnings[1] == (
        "poster.pdf: pages over 25,000,000 pixels at 300 dpi (DEEPREF_OCR_MAX_PIXELS) read at a lower "
        "resolution: page 1 (5000 x 5000 pt) at 72 dpi"
    )


@needs_tesseract
def test_tesseract_past_its_time_per_page_is_killed_and_the_page_named():
    doc = read_bytes(make_scanned_pdf("Herons nest on the island"), "scan.pdf", ReadLimits(ocr_page_seconds=0.001))
    assert doc.segments == ()
    assert "scan.pdf: OCR of page 1 stopped at 0.001 s (DEEPREF_OCR_PAGE_SECONDS)" in doc.warnings
    assert _children(os.getpid(), "tesseract") == []


@needs_tesseract
def test_ocr_past_its_time_per_file_stops_and_names_the_page():
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for _ in range(3):
        writer.add_page(PdfReader(io.BytesIO(make_scanned_pdf("Herons nest on the island"))).pages[0])
    out = io.BytesIO()
    writer.write(out)
    doc = read_bytes(out.getvalue(), "scans.pdf", ReadLimits(ocr_file_seconds=0.001))
    stopped = [w for w in doc.warnings if "DEEPREF_OCR_FILE_SECONDS" in w]
    assert len(stopped) == 1
    assert stopped[0] in (
        f"scans.pdf: OCR stopped after 0.001 s (DEEPREF_OCR_FILE_SECONDS), before page {n} of 3" for n in (1, 2)
    )


@needs_tesseract
def test_tesseract_dies_with_the_process_that_started_it():
    """A reading process killed (an extraction child at its cap, a reader of ``deepref
    index``) takes its Tesseract with it: it used to run on, orphaned."""
    script = (
        "import numpy as np\n"
        "from deepref.search.documents.ocr import ocr_page\n"
        "ocr_page(np.full((8000, 8000), 255, dtype=np.uint8))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    reader = subprocess.Popen([sys.executable, "-c", script], env=env, start_new_session=True)
    tesseract: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not tesseract and time.monotonic() < deadline and reader.poll() is None:
            tesseract = _children(reader.pid, "tesseract")
            time.sleep(0.05)
        assert tesseract, "the reading process never started tesseract"
        while _bytes_read(tesseract[0]) < 8000 * 8000 and time.monotonic() < deadline:
            time.sleep(0.05)  # killed before it has the whole image, tesseract would stop on a short read
        assert _bytes_read(tesseract[0]) >= 8000 * 8000, "tesseract never read the page image"
        reader.send_signal(signal.SIGKILL)
        reader.wait(10)
        deadline = time.monotonic() + 10
        while Path(f"/proc/{tesseract[0]}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        state = Path(f"/proc/{tesseract[0]}/stat")
        gone = not state.exists() or state.read_text().split(") ")[1].startswith("Z")
        assert gone, "tesseract outlived the process that started it"
    finally:
        if reader.poll() is None:
            reader.kill()
            reader.wait()
        for pid in tesseract:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
