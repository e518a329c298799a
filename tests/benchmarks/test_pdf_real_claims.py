"""benchmarks/pdf_real_claims_tune.py: every key is a truth sentence of a real PDF of
benchmarks/pdf_real.py, and no claim repeats its sentence (needs the corpus installed,
skipped otherwise; the truth is cached beside the corpus, so this is quick)."""

from __future__ import annotations

import shutil

import pytest

from benchmarks.pdf_real import CORPUS, FILES, data_of, locate_file, truth_of
from benchmarks.pdf_real_claims_tune import PARAPHRASES


def _truth_by_kind() -> dict[str, set[str]]:
    if not CORPUS.exists() or shutil.which("pdftotext") is None:
        pytest.skip(f"the real-PDF corpus is not installed ({CORPUS}) or pdftotext is missing")
    by_kind: dict[str, set[str]] = {}
    for pdf in FILES:
        path = locate_file(pdf)
        if path is None:
            pytest.skip(f"{pdf.path} is missing from the corpus")
        by_kind.setdefault(pdf.kind, set()).update(s for s, _ in truth_of(pdf, data_of(path)).sentences)
    return by_kind


def test_every_key_is_a_truth_sentence_of_a_real_pdf():
    by_kind = _truth_by_kind()
    truth = set().union(*by_kind.values())
    assert sorted(PARAPHRASES.keys() - truth) == []
    # every layout kind is asked about
    assert all(PARAPHRASES.keys() & sentences for sentences in by_kind.values())


def test_no_claim_repeats_its_sentence():
    def norm(text: str) -> str:
        return " ".join(text.lower().split())

    assert all(claim.strip() for claim in PARAPHRASES.values())
    assert [s for s, claim in PARAPHRASES.items() if norm(claim) == norm(s)] == []
