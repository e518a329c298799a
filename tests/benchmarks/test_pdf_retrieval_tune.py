"""benchmarks/pdf_retrieval_tune.py: the tune paraphrases are asked of tune sentences."""

from __future__ import annotations


def test_tune_paraphrase_keys_are_sentences_of_tune_docs():
    from benchmarks.pdf_layouts import make, sources
    from benchmarks.pdf_retrieval_tune import TUNE_PARAPHRASES

    held_out = {s for p in sources("held-out") for s, _ in make("one column", p).sentences}
    tune = {s for p in sources("tune") for s, _ in make("one column", p).sentences}
    assert not TUNE_PARAPHRASES.keys() & held_out
    # a docs edit may retire a few keys (they are then not asked); more than 10% gone
    # means the set needs re-keying
    missing = sorted(TUNE_PARAPHRASES.keys() - tune)
    assert len(missing) <= len(TUNE_PARAPHRASES) // 10, missing
