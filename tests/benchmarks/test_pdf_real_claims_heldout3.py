"""benchmarks/pdf_real_claims_heldout3.py: every key is a truth sentence of exactly one
held-out-3 real PDF (benchmarks/pdf_real.py, ``FILES_HELD_OUT_3``), every layout kind
is asked about, and no claim repeats its sentence (needs the corpus installed, skipped
otherwise; the truth is cached beside the corpus, so this is quick)."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from benchmarks.pdf_real import CORPUS, FILES_HELD_OUT_3, data_of, locate_file, truth_of
from benchmarks.pdf_real_claims_heldout3 import PARAPHRASES


def _truth_by_kind() -> dict[str, list[set[str]]]:
    if not CORPUS.exists() or shutil.which("pdftotext") is None:
        pytest.skip(f"the real-PDF corpus is not installed ({CORPUS}) or pdftotext is missing")
    by_kind: dict[str, list[set[str]]] = {}
    for pdf in FILES_HELD_OUT_3:
        path = locate_file(pdf)
        if path is None:
            pytest.skip(f"{pdf.path} is missing from the corpus")
        by_kind.setdefault(pdf.kind, []).append({s for s, _ in truth_of(pdf, data_of(path)).sentences})
    return by_kind


def test_every_key_is_a_truth_sentence_of_one_held_out_3_pdf_and_every_kind_is_asked():
    by_kind = _truth_by_kind()
    files = Counter(s for sets in by_kind.values() for sentences in sets for s in sentences)
    assert sorted(s for s in PARAPHRASES if files[s] != 1) == []
    assert all(PARAPHRASES.keys() & set().union(*sets) for sets in by_kind.values())


def test_no_claim_repeats_its_sentence():
    def norm(text: str) -> str:
        return " ".join(text.lower().split())

    assert all(claim.strip() for claim in PARAPHRASES.values())
    assert [s for s, claim in PARAPHRASES.items() if norm(claim) == norm(s)] == []
