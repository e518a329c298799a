"""The answer without an LLM, through the embedded pipeline on a folder of notes:
an off-topic question gets "nothing found" (and no footnote), an on-topic one a
cited answer, and a note folded at 80 columns is quoted by whole sentences."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.pipeline.embedded import run_research
from deepref.worker.pipeline.extractive import NOTHING_FOUND, is_nothing_found
from deepref.worker.settings import Settings

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "corpus"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    for path in EXAMPLES.iterdir():
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def research(question: str, corpus: Path):
    settings = Settings(llm_base_url=None, embedder="jaccard", corpus_dir=corpus, search_provider="local")
    return run_research(question, ResearchOptions(corpus_dir=str(corpus)), settings=settings)


def test_an_off_topic_question_sharing_a_common_word_gets_nothing_found(corpus):
    # "worker" and "hour" are all this question shares with notes about job queues
    result = research("How much does a construction worker earn per hour in Norway?", corpus)
    assert result.answer.startswith(NOTHING_FOUND)
    assert is_nothing_found(result.answer)
    assert result.references == [] and "[^" not in result.answer
    assert result.sources  # something was searched and read, and the answer names it
    assert any(s.title in result.answer for s in result.sources)
    assert "nothing is claimed" in result.warnings[0]


def test_an_on_topic_question_gets_a_cited_answer(corpus):
    result = research("What happens to a research job when its worker is killed in the middle of a task?", corpus)
    assert not is_nothing_found(result.answer)
    assert result.references and "[^1]" in result.answer
    assert any("another worker picks it up" in r.quote for r in result.references)
    assert "extractive" in result.warnings[0] and "nothing is claimed" not in result.warnings[0]


def test_a_note_folded_at_80_columns_is_quoted_by_whole_sentences(corpus):
    result = research("What does the answer say when the sources cannot answer the question?", corpus)
    folded = [r for r in result.references if r.url.endswith("extractive-answers.md")]
    assert folded, result.answer
    text = (corpus / "extractive-answers.md").read_text(encoding="utf-8")
    for ref in folded:
        assert text[ref.quote_span[0] : ref.quote_span[1]] == ref.quote
        assert ref.quote[0].isupper() and ref.quote.rstrip()[-1] in ".!?", ref.quote  # a sentence, not a fragment
    claims = [line for line in result.answer.splitlines() if line.startswith("- ")]
    assert any("nothing was found in the sources" in " ".join(c.split()) for c in claims)
