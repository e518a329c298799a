"""PDF reading per layout kind (issue 34), and the PDF libraries compared.

``python -m benchmarks pdf`` reads PDFs of known text in four layouts
(benchmarks/pdf_layouts.py: one column, two and three columns drawn line by line
across the page, slides; running headers with changing numbers, footers, a margin
stamp) through deepref's public reader (``read_bytes``), and pypdf's ``extract_text``
on the same files in the same run, and prints per kind: sentences whole, running
lines left, word F1 against the text drawn, pages/s and its ratio to pypdf, and page
accuracy (a found sentence located, through the document's page marks, on the page
it starts on). Then the same speed on Debian's real PDFs under /usr/share/doc and the
test fixtures, with word F1 against pypdf's text as a sanity check.

``--split tune`` measures the docs files looked at while tuning; the default is the
held-out split, never looked at. ``--libraries`` runs the older comparison of
pypdfium2, pdfminer.six and pypdf (docs/library.md, "Choosing the PDF library").
"""

from __future__ import annotations

import io
import re
import time
from collections import Counter
from pathlib import Path

from benchmarks.pdf_layouts import KINDS, REPO, Truth, make, sources


def _words(text: str) -> Counter[str]:
    return Counter(re.findall(r"\w+", text.lower()))


def _f1(got: str, want: str) -> float:
    g, w = _words(got), _words(want)
    common = sum((g & w).values())
    if not common:
        return 0.0
    p, r = common / sum(g.values()), common / sum(w.values())
    return 2 * p * r / (p + r)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _pypdf(data: bytes) -> list[str]:
    import pypdf

    return [p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(data)).pages]


def _read(data: bytes, name: str):  # the public reading API, as the library and the CLI call it
    from deepref.search.documents import read_bytes

    return read_bytes(data, name)


def _score(truths: list[Truth]) -> dict[str, float]:
    from deepref.reference.locators import locate

    whole = total = left = running = located = 0
    got_all, want_all = "", ""
    started = time.perf_counter()
    docs = [_read(t.data, f"{t.source}.pdf") for t in truths]
    ours = time.perf_counter() - started
    started = time.perf_counter()
    pages = sum(len(_pypdf(t.data)) for t in truths)
    theirs = time.perf_counter() - started
    for truth, doc in zip(truths, docs, strict=True):
        by_page = {seg.number: seg.text for seg in doc.segments}
        for n, lines in enumerate(truth.running, start=1):
            text = _flat(by_page.get(n, ""))
            running += len(lines)
            left += sum(_flat(line) in text for line in lines)
            got_all += " " + by_page.get(n, "")
            want_all += " " + truth.body[n - 1]
        text, marks = doc.text_and_marks()
        flat = _flat(text)
        # offsets in the flattened text map back through a table of non-space runs
        spans = [m.start() for m in re.finditer(r"\S+", text)]
        for sentence, page in truth.sentences:
            total += 1
            at = flat.find(sentence)
            if at < 0:
                continue
            whole += 1
            start = spans[flat.count(" ", 0, at)] if at else 0
            loc = locate(marks, (start, start + len(sentence)))
            located += loc is not None and loc.first == page
    return {
        "docs": len(truths),
        "pages": pages,
        "sentences": total,
        "whole": whole / max(total, 1),
        "left": left,
        "running": running,
        "f1": _f1(got_all, want_all),
        "rate": pages / ours,
        "pypdf_rate": pages / theirs,
        "page_ok": located / max(whole, 1),
    }


def _real() -> list[tuple[str, bytes]]:
    files = sorted(Path("/usr/share/doc").rglob("*.pdf"))[:20]
    files += sorted((REPO / "tests" / "fixtures" / "documents").glob("*.pdf"))
    return [(p.name, p.read_bytes()) for p in files]


def layouts(split: str) -> int:
    files = sources(split)
    warm = make("one column", files[0], max_pages=1).data  # imports and first-call costs out of the timing
    _read(warm, "warm.pdf")
    _pypdf(warm)
    print(f"split {split}: {', '.join(p.name for p in files)}")
    print(
        "| layout | PDFs / pages | sentences | sentences whole | running lines left | word F1 "
        "| pages/s (× pypdf) | page right |"
    )
    print("|---|---|---|---|---|---|---|---|")
    ours_time = pypdf_time = 0.0
    all_pages = 0
    for kind in KINDS:
        truths = [make(kind, p) for p in files]
        s = _score(truths)
        ours_time += s["pages"] / s["rate"]
        pypdf_time += s["pages"] / s["pypdf_rate"]
        all_pages += int(s["pages"])
        print(
            f"| {kind} | {s['docs']} / {s['pages']} | {s['sentences']} | {s['whole']:.1%} "
            f"| {s['left']} of {s['running']} ({s['left'] / max(s['running'], 1):.1%}) | {s['f1']:.3f} "
            f"| {s['rate']:.0f} ({s['rate'] / s['pypdf_rate']:.1f}×) | {s['page_ok']:.1%} |"
        )
    real = _real()
    started = time.perf_counter()
    docs = [_read(data, name) for name, data in real]
    ours = time.perf_counter() - started
    started = time.perf_counter()
    theirs_text = [_pypdf(data) for _, data in real]
    theirs = time.perf_counter() - started
    pages = sum(len(t) for t in theirs_text)
    agree = _f1(" ".join(s.text for d in docs for s in d.segments), " ".join(" ".join(t) for t in theirs_text))
    print(
        f"| real (Debian /usr/share/doc, fixtures) | {len(real)} / {pages} | | | | {agree:.3f} vs pypdf "
        f"| {pages / ours:.0f} ({theirs / ours:.1f}×) | |"
    )
    ours_time += ours
    pypdf_time += theirs
    all_pages += pages
    print(
        f"mixed set: {all_pages} pages, deepref {all_pages / ours_time:.0f} pages/s, "
        f"pypdf {all_pages / pypdf_time:.0f} pages/s: {pypdf_time / ours_time:.1f}×"
    )
    return 0


def main(argv: list[str]) -> int:
    if "--libraries" in argv:
        from benchmarks.pdf_libraries import main as libraries

        return libraries()
    split = argv[argv.index("--split") + 1] if "--split" in argv else "held-out"
    return layouts(split)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
