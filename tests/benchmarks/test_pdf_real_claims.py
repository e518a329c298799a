"""The real PDFs' paraphrase sets (benchmarks/pdf_real_claims_*.py): every key is a truth
sentence of its split's PDFs (benchmarks/pdf_real.py), of exactly one file in a held-out
split, every layout kind is asked about, and no claim repeats its sentence (needs the
corpus installed, skipped otherwise; the truth is cached beside the corpus, so this is
quick). The tune set's keys may be shared by files that print the same text (acmart's
samples, elsarticle's three layouts of one paper)."""

from __future__ import annotations

import importlib
import shutil
from collections import Counter

import pytest

from benchmarks.pdf_real import (
    CORPUS,
    FILES,
    FILES_HELD_OUT_2,
    FILES_HELD_OUT_3,
    FILES_HELD_OUT_4,
    FILES_HELD_OUT_5,
    FILES_HELD_OUT_6,
    FILES_HELD_OUT_7,
    RealPdf,
    data_of,
    locate_file,
    truth_of,
)

SETS = {  # split: (its files, its paraphrases' module, a key lies in one file only)
    "tune": (FILES, "benchmarks.pdf_real_claims_tune", False),
    "held-out-2": (FILES_HELD_OUT_2, "benchmarks.pdf_real_claims_heldout2", True),
    "held-out-3": (FILES_HELD_OUT_3, "benchmarks.pdf_real_claims_heldout3", True),
    "held-out-4": (FILES_HELD_OUT_4, "benchmarks.pdf_real_claims_heldout4", True),
    "held-out-5": (FILES_HELD_OUT_5, "benchmarks.pdf_real_claims_heldout5", True),
    "held-out-6": (FILES_HELD_OUT_6, "benchmarks.pdf_real_claims_heldout6", True),
    "held-out-7": (FILES_HELD_OUT_7, "benchmarks.pdf_real_claims_heldout7", True),
}


def _truth_by_kind(files: tuple[RealPdf, ...]) -> dict[str, list[set[str]]]:
    if not CORPUS.exists() or shutil.which("pdftotext") is None:
        pytest.skip(f"the real-PDF corpus is not installed ({CORPUS}) or pdftotext is missing")
    by_kind: dict[str, list[set[str]]] = {}
    for pdf in files:
        path = locate_file(pdf)
        if path is None:
            pytest.skip(f"{pdf.path} is missing from the corpus")
        by_kind.setdefault(pdf.kind, []).append({s for s, _ in truth_of(pdf, data_of(path)).sentences})
    return by_kind


def _paraphrases(split: str) -> dict[str, str]:
    return importlib.import_module(SETS[split][1]).PARAPHRASES


# A split's truth is made once from its PDFs by pdfminer (a minute or two for a split of
# long decks on a busy 2-core machine), then cached beside the corpus: more than the
# suite's 120 s the first time only.
@pytest.mark.timeout(900)
@pytest.mark.parametrize("split", SETS)
def test_every_key_is_a_truth_sentence_of_its_split_and_every_kind_is_asked(split):
    files, _, one_file = SETS[split]
    paraphrases = _paraphrases(split)
    by_kind = _truth_by_kind(files)
    held = Counter(s for sets in by_kind.values() for sentences in sets for s in sentences)
    assert sorted(s for s in paraphrases if held[s] == 0 or (one_file and held[s] != 1)) == []
    assert all(paraphrases.keys() & set().union(*sets) for sets in by_kind.values())


@pytest.mark.parametrize("split", SETS)
def test_no_claim_repeats_its_sentence(split):
    def norm(text: str) -> str:
        return " ".join(text.lower().split())

    paraphrases = _paraphrases(split)
    assert all(claim.strip() for claim in paraphrases.values())
    assert [s for s, claim in paraphrases.items() if norm(claim) == norm(s)] == []
