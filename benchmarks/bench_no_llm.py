"""The answer without an LLM: hard-wrapped notes and questions the corpus cannot answer.

1. Folded paragraphs (``reference.wrapping``). Three kinds of real text:
   - the Markdown READMEs of the installed packages (their wheels' METADATA),
     with markdown-it's paragraphs as the truth: a line break inside a paragraph
     is a fold. Counted: folds found among those after a line that ends in
     mid-sentence (the only ones where a wrong cut makes a fragment), and line
     breaks between blocks (list items, paragraphs without a blank line...)
     wrongly taken for folds;
   - ExpertQA passages folded with ``textwrap`` at 80 and 120 columns: the
     sentences found must be those of the unfolded passage;
   - pages of the WCXB benchmark extracted as the worker does (trafilatura):
     line breaks taken for folds. Some pages really are folded in their HTML
     source (manuals), so this is an upper bound on mistakes.
2. Declining. Every ExpertQA question is asked of a local corpus made of the
   passages that all the answers cite, through the real search (BM25 over the
   folder), chunk and extractive-answer code:
   - answerable: the search's top 8 files include the question's own passages;
   - unanswerable: the question's own passages are left out, so the top 8 are
     other questions' passages, retrieved because they share its words (often
     the same field: a hard test).
   The level is chosen on even-numbered questions (the highest that still
   answers 90% of answerable ones) and reported on odd-numbered ones. And the
   blatant case: the same expert questions asked of examples/corpus (notes
   about deepref), where whatever the search finds shares only common words.

    python -m benchmarks no_llm [--limit N] [--pages N] [--no-local]
"""

from __future__ import annotations

import argparse
import email
import glob
import gzip
import json
import random
import re
import sys
import tempfile
import textwrap
from pathlib import Path

import numpy as np

from deepref.reference.chunking import split_sentences
from deepref.reference.wrapping import wrap_breaks

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
EXPERTQA = SHARED / "expertqa" / "rand_val.jsonl"
WCXB = SHARED / "wcxb" / "dev" / "html"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "corpus"
_ENDS_SENTENCE = re.compile(r"[.!?:;。！？…][\"'”’)\]]*$")
ANSWER_SHARE = 0.90  # the level keeps answering at least this share of answerable questions


# -- 1. folded paragraphs -----------------------------------------------------------------
def markdown_readmes() -> list[tuple[str, str]]:
    docs = []
    for path in sorted(glob.glob(f"{sys.prefix}/lib/python3*/site-packages/*.dist-info/METADATA")):
        msg = email.message_from_string(Path(path).read_text(errors="replace"))
        body = msg.get_payload()
        if "markdown" in (msg.get("Description-Content-Type") or "") and isinstance(body, str) and len(body) > 500:
            docs.append((Path(path).parent.name, body))
    return docs


def markdown_truth(text: str) -> tuple[set[int], set[int]]:
    """(folds, breaks): newlines inside a paragraph per markdown-it; every newline
    between two non-blank lines."""
    from markdown_it import MarkdownIt

    lines = text.split("\n")
    offsets = np.cumsum([0] + [len(line) + 1 for line in lines])
    folds = set()
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        if token.type == "paragraph_open" and token.map:
            for k in range(token.map[0], token.map[1] - 1):
                if not re.search(r"(?: {2,}|\\)$", lines[k]):
                    folds.add(int(offsets[k + 1]) - 1)
    breaks = {int(offsets[k + 1]) - 1 for k in range(len(lines) - 1) if lines[k].strip() and lines[k + 1].strip()}
    return folds & breaks, breaks


def bench_readmes() -> None:
    found = missed = wrong = blocks = docs = 0
    for _name, text in markdown_readmes():
        folds, breaks = markdown_truth(text)
        predicted = wrap_breaks(text)
        wrong += len(predicted & (breaks - folds))
        blocks += len(breaks - folds)
        # folds after a line that ends in mid-sentence, lines without HTML or links
        # (badges and <br> are not prose)
        matter = {
            p
            for p in folds
            if not _ENDS_SENTENCE.search(text[:p].rstrip())
            and not re.search("<|://", text[text.rfind("\n", 0, p) : text.find("\n", p + 1)])
        }
        found += len(matter & predicted)
        missed += len(matter - predicted)
        docs += 1
    total = found + missed
    print(f"READMEs (Markdown, {docs} packages): folds found {_pct(found, total)} ({found}/{total})")
    print(f"  line breaks between blocks taken for folds {_pct(wrong, blocks)} ({wrong}/{blocks})")


def bench_folded_prose(passages: list[str]) -> None:
    for width in (80, 120):
        same = total = 0
        for text in passages:
            flat = " ".join(text.split())
            folded = "\n".join(textwrap.wrap(flat, width, break_on_hyphens=False))  # as editors fold
            want = [flat[s:e] for s, e in split_sentences(flat)]
            got = [" ".join(folded[s:e].split()) for s, e in split_sentences(folded)]
            same += got == want
            total += 1
        print(f"ExpertQA passages folded at {width} columns: split exactly as unfolded {_pct(same, total)} ({total})")


def bench_extracted(pages: int) -> None:
    import trafilatura

    files = sorted(WCXB.glob("*.html.gz"))
    if not files:
        print("WCXB pages absent: skipped")
        return
    random.seed(0)
    breaks = taken = flagged = 0
    for path in random.sample(files, min(pages, len(files))):
        html = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        doc = trafilatura.bare_extraction(
            html, with_metadata=True, include_tables=True, include_comments=False, favor_precision=True
        )
        text = (doc.text or "") if doc else ""
        folds = wrap_breaks(text)
        breaks += text.count("\n")
        taken += len(folds)
        flagged += bool(folds)
    print(
        f"extracted WCXB pages ({pages}): line breaks taken for folds {_pct(taken, breaks)} ({taken}/{breaks}), "
        f"on {flagged} pages (some are folded in their HTML source)"
    )


# -- 2. declining ---------------------------------------------------------------------------
def load_questions(limit: int | None) -> list[tuple[str, list[str]]]:
    out = []
    for line in EXPERTQA.open(encoding="utf-8"):
        record = json.loads(line)
        texts: dict[str, None] = {}
        for answer in record["answers"].values():
            for claim in answer.get("claims") or []:
                for evidence in claim.get("evidence") or []:
                    match = re.match(r"\[\d+\]\s*\S+\s*\n\n(.*)", evidence, re.S)
                    if match and len(match.group(1).strip()) > 80:
                        texts.setdefault(match.group(1).strip())
        if texts:
            out.append((record["question"], list(texts)))
    return out[:limit] if limit else out


def relevance_cases(questions: list[tuple[str, list[str]]], embedder) -> list[dict]:
    """Per question and case: the best sentence's relevance and whether it declined."""
    from deepref.search.local import LocalCorpusProvider
    from deepref.worker.pipeline.extractive import extractive_answer, is_nothing_found, rank_sentences

    root = Path(tempfile.mkdtemp(prefix="deepref-no-llm-"))
    own: list[set[str]] = []
    for qi, (_question, texts) in enumerate(questions):
        own.append(set())
        for j, text in enumerate(texts):
            path = root / f"q{qi:03d}-{j:02d}.txt"
            path.write_text(text + "\n", encoding="utf-8")
            own[qi].add(path.as_uri())
    provider = LocalCorpusProvider(root)
    cases = []
    for qi, (question, _texts) in enumerate(questions):
        hits = provider.search_sync(question, max_results=200)
        for case, chosen in (
            ("answerable", hits[:8]),
            ("unanswerable", [h for h in hits if h.url not in own[qi]][:8]),
        ):
            if case == "answerable" and not any(h.url in own[qi] for h in chosen):
                continue  # the search missed the answer: not a test of the answer
            passages = passages_of(question, chosen)
            ranked = rank_sentences(question, passages, embedder)
            declined = is_nothing_found(extractive_answer(question, passages, embedder))
            cases.append({"q": qi, "case": case, "best": ranked.best, "scorer": ranked.scorer, "declined": declined})
    return cases


def passages_of(question: str, hits) -> list:
    """The passages the generate stage would be shown for these corpus hits: the
    files read and chunked by the pipeline's own chunk stage."""
    from deepref.search.local import read_corpus_file
    from deepref.worker.inference.llm import Passage
    from deepref.worker.pipeline.outputs import Fetched, SourceDocument
    from deepref.worker.pipeline.stages import chunk_stage

    docs = []
    for hit in hits:
        title, text = read_corpus_file(Path(hit.url.removeprefix("file://")))
        docs.append(SourceDocument(url=hit.url, title=title, text=text))
    chunked = chunk_stage(question, Fetched(documents=docs))
    by_id = {d.id: d for d in chunked.documents}
    return [
        Passage(int(p.doc_id), by_id[p.doc_id].title, by_id[p.doc_id].url, by_id[p.doc_id].text[p.start : p.end])
        for p in chunked.passages
    ]


def unrelated_corpus(questions: list[tuple[str, list[str]]], embedder, label: str) -> None:
    """Expert questions (law, medicine, history...) asked of the example corpus
    (notes about deepref): the blatant case, where a passage is found only
    because it shares a common word with the question."""
    from deepref.search.local import LocalCorpusProvider
    from deepref.worker.pipeline.extractive import extractive_answer, is_nothing_found

    provider = LocalCorpusProvider(EXAMPLES)
    found = declined = 0
    for question, _texts in questions:
        hits = provider.search_sync(question, max_results=8)
        if not hits:
            continue  # the search itself finds nothing, and the answer says so
        found += 1
        passages = passages_of(question, hits)
        declined += is_nothing_found(extractive_answer(question, passages, embedder))
    print(
        f"{label}: {len(questions)} expert questions asked of examples/corpus; the search returns passages for "
        f"{found}; the answer declines {_pct(declined, found)} of those"
    )


def bench_declining(cases: list[dict], label: str) -> None:
    def rates(rows: list[dict], level: float) -> tuple[float, float, int, int]:
        pos = [r["best"] >= level for r in rows if r["case"] == "answerable"]
        neg = [r["best"] < level for r in rows if r["case"] == "unanswerable"]
        return float(np.mean(pos)), float(np.mean(neg)), len(pos), len(neg)

    tune = [r for r in cases if r["q"] % 2 == 0]
    test = [r for r in cases if r["q"] % 2 == 1]
    levels = np.round(np.arange(0.10, 0.60, 0.025), 3)
    chosen = max((lv for lv in levels if rates(tune, lv)[0] >= ANSWER_SHARE), default=levels[0])
    answered, declined, n_pos, n_neg = rates(test, chosen)
    shipped_pos = np.mean([not r["declined"] for r in test if r["case"] == "answerable"])
    shipped_neg = np.mean([r["declined"] for r in test if r["case"] == "unanswerable"])
    print(f"{label} ({cases[0]['scorer']} score): level chosen on even questions {chosen:.3f}; on odd questions "
          f"answers {answered:.2f} of {n_pos} answerable, declines {declined:.2f} of {n_neg} unanswerable")  # fmt: skip
    print(f"  as shipped (extractive.MIN_RELEVANCE): answers {shipped_pos:.2f}, declines {shipped_neg:.2f}")
    print("  level  answers|answerable  declines|unanswerable   (all questions)")
    for level in levels[::2]:
        a, d, _, _ = rates(cases, level)
        print(f"  {level:.3f}  {a:.2f}  {d:.2f}")


def _pct(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "n/a"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks no_llm")
    parser.add_argument("--limit", type=int, default=None, help="ExpertQA questions (default: all 217)")
    parser.add_argument("--pages", type=int, default=80, help="WCXB pages to extract")
    parser.add_argument("--no-local", action="store_true", help="skip the MiniLM runs")
    args = parser.parse_args(argv)
    print("-- folded paragraphs")
    bench_readmes()
    if not EXPERTQA.exists():
        print(f"{EXPERTQA} absent: ExpertQA parts skipped")
        return 0
    questions = load_questions(args.limit)
    bench_folded_prose([t for _, texts in questions for t in texts][:2000])
    bench_extracted(args.pages)
    print("-- declining questions the corpus cannot answer")
    bench_declining(relevance_cases(questions, None), "lexical")
    unrelated_corpus(questions, None, "lexical")
    if not args.no_local:
        from deepref.worker.inference.embedding import CachedEmbedder, LocalEmbedder

        if LocalEmbedder.available():
            embedder = CachedEmbedder(LocalEmbedder())
            bench_declining(relevance_cases(questions, embedder), "MiniLM")
            unrelated_corpus(questions, embedder, "MiniLM")
        else:
            print("MiniLM not installed: skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
