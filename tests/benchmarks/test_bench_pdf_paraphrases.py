"""benchmarks/bench_pdf.py: which paraphrases ``--real`` cites per split (no PDF needed)."""

from __future__ import annotations

import pytest

from benchmarks import bench_pdf
from benchmarks.pdf_real_claims_tune import PARAPHRASES


def test_the_tune_and_first_held_out_splits_cite_the_real_tune_paraphrases():
    # the generated PDFs' sets are keyed by sentences of docs/, which no real PDF holds
    assert bench_pdf.real_paraphrases("tune") is PARAPHRASES
    assert bench_pdf.real_paraphrases("held-out") is PARAPHRASES
    assert bench_pdf.real_paraphrases("no such split") == {}


def test_a_split_whose_set_is_not_written_yet_cites_verbatim_claims_only(monkeypatch, capsys):
    monkeypatch.setitem(bench_pdf.REAL_PARAPHRASES, "held-out-2", "benchmarks.no_such_claims_module")
    assert bench_pdf.real_paraphrases("held-out-2") == {}
    assert "verbatim claims only" in capsys.readouterr().out


def test_a_set_that_fails_to_import_is_not_taken_for_a_missing_one(monkeypatch, tmp_path):
    (tmp_path / "broken_claims.py").write_text("import no_such_dependency_here\nPARAPHRASES = {}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(bench_pdf.REAL_PARAPHRASES, "held-out-2", "broken_claims")
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_here"):
        bench_pdf.real_paraphrases("held-out-2")
