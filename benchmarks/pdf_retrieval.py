"""Retrieval on documents (issue 34, item 5): recall@k of the right PDF among many.

``python -m benchmarks pdf --retrieval`` writes every docs file (both splits) as a
PDF, the layout kinds in turn (benchmarks/pdf_layouts.py), into one folder with the
first 20 of Debian's PDFs under /usr/share/doc as distractors, indexes it as
``deepref index`` does, and asks questions through the provider a job uses
(``LocalCorpusProvider.search_sync``, one hit per file): every third sentence of a
split's docs verbatim, and the hand-written paraphrases (benchmarks/pdf_claims.py,
held-out docs only). A question is found at k when the PDF holding its sentence is
among the first k hits. Lexical ranking, and hybrid with the packaged MiniLM when
``--hybrid`` is given. Nothing here was tuned: the held-out split is the headline,
the tune split is shown beside it.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.pdf_layouts import KINDS, make, sources

KS = (1, 5, 10)
EVERY = 3


def _library(folder: Path) -> dict[str, list[tuple[str, str]]]:
    """Write the PDFs; (question kind, question, file name) per split."""
    from benchmarks.pdf_claims import PARAPHRASES

    questions: dict[str, list[tuple[str, str]]] = {}
    texts: dict[str, str] = {}
    asked: dict[str, list[tuple[str, str, str]]] = {"held-out": [], "tune": []}
    i = 0
    for split in ("tune", "held-out"):
        for path in sources(split):
            truth = make(KINDS[i % len(KINDS)], path)
            i += 1
            name = f"{path.stem}.pdf"
            (folder / name).write_bytes(truth.data)
            texts[name] = " ".join(" ".join(page.split()) for page in truth.body)
            for sentence, _ in truth.sentences[::EVERY]:
                asked[split].append(("verbatim", sentence, sentence))
            for sentence, _ in truth.sentences:
                if sentence in PARAPHRASES:
                    asked[split].append(("paraphrase", PARAPHRASES[sentence], sentence))
    for n, pdf in enumerate(sorted(Path("/usr/share/doc").rglob("*.pdf"))[:20]):
        shutil.copyfile(pdf, folder / f"debian-{n:02d}-{pdf.name}")
    for split, rows in asked.items():
        # right: every written PDF that holds the sentence (a sentence may recur)
        questions[split] = [
            (kind, q, "|".join(sorted(name for name, text in texts.items() if sentence in text)))
            for kind, q, sentence in rows
        ]
    return questions


def main(hybrid: bool = False) -> int:
    from deepref.search.local import LocalCorpusProvider

    embedder = None
    if hybrid:
        from deepref.worker.inference.embedding import LocalEmbedder

        embedder = LocalEmbedder()
    with tempfile.TemporaryDirectory() as tmp:
        folder, index_dir = Path(tmp) / "library", Path(tmp) / "index"
        folder.mkdir()
        questions = _library(folder)
        provider = LocalCorpusProvider(folder, index_dir=index_dir, embedder=embedder)
        started = time.perf_counter()
        provider.prepare()
        files, passages = provider._ready().counts()
        print(
            f"library: {files} PDFs ({passages} passages), indexed in {time.perf_counter() - started:.1f}s; "
            f"ranking: {'hybrid (MiniLM)' if hybrid else 'lexical'}"
        )
        print("| split, questions | questions | recall@1 | recall@5 | recall@10 |")
        print("|---|---|---|---|---|")
        for split in ("held-out", "tune"):
            for kind in ("verbatim", "paraphrase"):
                rows = [(q, right) for k, q, right in questions[split] if k == kind and right]
                if not rows:
                    continue
                found = {k: 0 for k in KS}
                for question, right in rows:
                    names = [h.url.rsplit("/", 1)[1] for h in provider.search_sync(question, max_results=max(KS))]
                    wanted = set(right.split("|"))
                    for k in KS:
                        found[k] += any(n in wanted for n in names[:k])
                cells = " | ".join(f"{found[k] / len(rows):.1%}" for k in KS)
                print(f"| {split}, {kind} | {len(rows)} | {cells} |")
    return 0
