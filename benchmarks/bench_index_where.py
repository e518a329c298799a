"""Where a job indexes a fresh folder: the reading pool, one reader, or a child command.

A job on a folder with no index builds it before searching, inside whatever process
runs the job: a Celery prefork child (a daemonic process), a thread of the embedded
runner. Each way is timed here the way a worker calls it, ``update_index`` from a
daemonic process, on the same fresh folder of real documents (PDFs written by
reportlab, Word and PowerPoint files), alternating the ways over several rounds; the
ratios are to one reader in the same run.

    python -m benchmarks index_where [--files 24] [--pages 12] [--rounds 3]
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

WORDS = [
    "river",
    "survey",
    "otter",
    "nitrate",
    "reservoir",
    "committee",
    "motorboat",
    "weir",
    "willow",
    "sapling",
    "floodplain",
    "heron",
    "station",
    "sample",
    "phosphate",
    "reed",
    "restoration",
    "budget",
    "dredging",
    "wetland",
    "trout",
    "upstream",
    "tributary",
]


def _prose(seed: int, sentences: int) -> list[str]:
    out = []
    for i in range(sentences):
        words = [WORDS[(seed * 7 + i * 3 + k * 5) % len(WORDS)] for k in range(14)]
        out.append(f"Sentence {seed}-{i}: the " + " ".join(words) + ".")
    return out


def _pdf(seed: int, pages: int) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for page in range(pages):
        c.setFont("Helvetica", 10)
        for line, sentence in enumerate(_prose(seed * 100 + page, 40)):
            c.drawString(40, 800 - 19 * line, sentence[:110])
        c.showPage()
    c.save()
    return buf.getvalue()


def _docx(seed: int) -> bytes:
    import docx

    d = docx.Document()
    for section in range(6):
        d.add_heading(f"Section {section}", level=1)
        for sentence in _prose(seed * 10 + section, 30):
            d.add_paragraph(sentence)
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _pptx(seed: int) -> bytes:
    import pptx

    p = pptx.Presentation()
    for slide_no in range(12):
        slide = p.slides.add_slide(p.slide_layouts[1])
        slide.shapes.title.text = f"Slide {slide_no}"
        slide.placeholders[1].text = " ".join(_prose(seed * 50 + slide_no, 4))
    buf = io.BytesIO()
    p.save(buf)
    return buf.getvalue()


def make_folder(folder: Path, files: int, pages: int) -> int:
    """``files`` documents: two PDFs for each Word or PowerPoint file; returns their pages."""
    total = 0
    for n in range(files):
        kind = ("pdf", "pdf", "docx", "pdf", "pdf", "pptx")[n % 6]
        data = _pdf(n, pages) if kind == "pdf" else _docx(n) if kind == "docx" else _pptx(n)
        (folder / f"doc-{n:03}.{kind}").write_bytes(data)
        total += pages if kind == "pdf" else 6 if kind == "docx" else 12
    return total


def _index_in_daemon(way: str, folder: str, index_dir: str, out) -> None:
    """Run in a daemonic process, as a Celery prefork child runs a job (a thread of a plain
    process for the embedded runner)."""
    from deepref.search.library import update

    started = time.perf_counter()
    try:
        if way == "command":
            env = {**os.environ, "DEEPREF_INDEX_DIR": index_dir}
            deepref = Path(sys.executable).with_name("deepref")
            subprocess.run([str(deepref), "index", folder], env=env, check=True, capture_output=True)
        elif way == "pool from a thread":  # the embedded runner: the pool chooses (a forkserver there)
            done: list[object] = []
            runner = threading.Thread(
                target=lambda: done.append(update.update_index(Path(folder), Path(index_dir), workers=2))
            )
            runner.start()
            runner.join()
            assert done and done[0].read == done[0].files, done  # type: ignore[attr-defined]
        else:
            start, workers = {"one reader": ("forkserver", 1), "pool (fork)": ("fork", 2)}.get(way, ("forkserver", 2))
            update.POOL_START = start
            summary = update.update_index(Path(folder), Path(index_dir), workers=workers)
            assert summary.read == summary.files, summary
        out.send(("ok", time.perf_counter() - started))
    except Exception as exc:  # the way is not possible here: say why
        out.send(("failed", f"{type(exc).__name__}: {exc}"[:120]))


WAYS = ("one reader", "pool (forkserver)", "pool (fork)", "command", "pool from a thread")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks index_where")
    parser.add_argument("--files", type=int, default=24)
    parser.add_argument("--pages", type=int, default=12, help="pages of each PDF")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    failures: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="deepref-index-where-") as tmp:
        folder = Path(tmp, "docs")
        folder.mkdir()
        pages = make_folder(folder, args.files, args.pages)
        print(
            f"{args.files} files, {pages} pages; {os.cpu_count()} CPUs; each way in a daemonic process, but the thread"
        )
        for round_ in range(args.rounds):
            for way in WAYS[round_ % 2 :] + WAYS[: round_ % 2]:  # alternate the order
                receive, send = multiprocessing.Pipe(duplex=False)
                index_dir = Path(tmp, f"index-{round_}-{WAYS.index(way)}")
                proc = multiprocessing.Process(
                    target=_index_in_daemon,
                    args=(way, str(folder), str(index_dir), send),
                    daemon=way != "pool from a thread",  # a daemon may not start a forkserver
                )
                proc.start()
                status, value = receive.recv()
                proc.join()
                if status == "ok":
                    times[way].append(value)
                else:
                    failures[way] = value
    base = statistics.median(times["one reader"])
    print("| way | median s | pages/s | vs one reader |")
    print("|---|---|---|---|")
    for way in WAYS:
        if way in failures:
            print(f"| {way} | fails: {failures[way]} | | |")
            continue
        median = statistics.median(times[way])
        print(f"| {way} | {median:.2f} | {pages / median:.0f} | {base / median:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
