"""The extractive answer: what the embedded default says when no model is configured."""

import asyncio
from collections import Counter

import numpy as np

from deepref.reference.tokens import TokenIndex
from deepref.worker.inference.llm import Passage
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.pipeline import stages as pipeline
from deepref.worker.pipeline.extractive import extractive_answer, is_nothing_found
from deepref.worker.pipeline.outputs import Fetched, SourceDocument
from deepref.worker.pipeline.stages import (
    Resources,
    chunk_stage,
    generate_stage,
    job_tokens,
    reference_stage,
    release_job_tokens,
)

SAFETY = Passage(
    1,
    "Fetching safely",
    "https://a.example/safe",
    "A research worker visits URLs that strangers control. "
    "It refuses private, loopback and link-local addresses after every redirect. "
    "Pages are capped in size and time.",
)
QUEUE = Passage(
    2,
    "Queues",
    "https://b.example/queue",
    "Celery runs each research job as a chain of tasks. "
    "A killed worker's message returns to the queue for another worker.",
)


class ConceptEmbedder:
    """Maps texts to two concepts by keyword: 'security' or 'queueing'. Stands in for a
    model that knows 'SSRF' and 'private addresses' mean the same thing."""

    name = "concepts"

    def embed(self, texts):
        out = np.zeros((len(texts), 2), dtype=np.float32)
        for i, text in enumerate(texts):
            low = text.lower()
            out[i, 0] = any(w in low for w in ("ssrf", "private", "strangers", "capped"))
            out[i, 1] = any(w in low for w in ("celery", "queue", "worker's"))
            out[i] += 0.01
        return out


def test_bullets_cite_their_passage_and_keep_the_source_order():
    answer = extractive_answer("Which addresses does the worker refuse after a redirect?", [QUEUE, SAFETY])
    lines = answer.splitlines()
    assert lines[0] == "- It refuses private, loopback and link-local addresses after every redirect. [1]"
    assert all(line.startswith("- ") and line.endswith(("[1]", "[2]")) for line in lines)


def test_an_embedder_finds_sentences_that_share_no_word_with_the_question():
    question = "How is SSRF prevented?"
    lexical = extractive_answer(question, [SAFETY, QUEUE])
    dense = extractive_answer(question, [SAFETY, QUEUE], ConceptEmbedder())
    assert is_nothing_found(lexical)  # not one word in common: nothing is claimed
    assert "- It refuses private, loopback and link-local addresses after every redirect. [1]" in dense.splitlines()
    # sentences of one source stay in that source's reading order
    assert dense.index("strangers control") < dense.index("refuses private") < dense.index("capped in size")
    assert "[2]" not in dense


def test_no_usable_sentence_says_so():
    heading_only = Passage(1, "T", "https://a.example", "# Heading\nshort")
    assert is_nothing_found(extractive_answer("anything", [heading_only]))


def test_bullets_follow_the_source_not_the_score():
    page = Passage(
        1,
        "Guard",
        "https://a.example/guard",
        "Private addresses reached after a redirect are a known risk. "
        "The worker refuses private addresses after every redirect and before connecting.",
    )
    answer = extractive_answer("Does the worker refuse private addresses after a redirect?", [page])
    assert answer.splitlines() == [
        "- Private addresses reached after a redirect are a known risk. [1]",  # scored lower, comes first in the page
        "- The worker refuses private addresses after every redirect and before connecting. [1]",
    ]


# -- one TokenIndex per job (worker.pipeline.stages.job_tokens) ---------------------------------
class CountingIndex(TokenIndex):
    """A ``TokenIndex`` that records every text it tokenises."""

    def __init__(self) -> None:
        super().__init__()
        self.tokenised: list[str] = []

    def _tokenise(self, texts: list[str]) -> None:
        self.tokenised.extend(texts)
        super()._tokenise(texts)


TIDES = (
    "Tidal power converts the energy of tides into electricity. "
    "The Rance station in France has produced tidal power since 1966. "
    "It has a peak output of 240 megawatts.\n\n"
    "Tidal barrages block an estuary and release water through turbines. "
    "Critics say barrages harm the estuary's wildlife and its mud flats."
)
WIND = (
    "Offshore wind farms stand in shallow seas. "
    "Their turbines turn faster than those on land because the wind at sea is steadier.\n\n"
    "Denmark built the first offshore wind farm in 1991, at Vindeby."
)
FETCHED = Fetched(
    documents=[
        SourceDocument(url="https://a.example/tides", title="Tides", text=TIDES),
        SourceDocument(url="https://b.example/wind", title="Wind", text=WIND),
    ]
)
QUESTION = "How long has the Rance tidal power station produced electricity?"


def _job(tokens):
    """The chunk, generate (extractive) and reference stages of one job."""
    res = Resources(settings=None, fetcher=None)  # no model: the extractive answer
    chunked = chunk_stage(QUESTION, FETCHED, tokens)
    generated = asyncio.run(generate_stage(QUESTION, chunked, res, ResearchOptions(), tokens=tokens))
    before = list(tokens.tokenised) if tokens is not None else []
    refs = reference_stage(generated.text, chunked, ResearchOptions(), None, tokens)
    return generated, refs, before


def test_the_stages_of_a_job_tokenise_each_text_once_with_the_same_references():
    shared = CountingIndex()
    generated, refs, before = _job(shared)
    assert generated.mode == "extractive" and not is_nothing_found(generated.text)
    assert before  # the prefilter and the extractive answer tokenised passages and sentences
    assert all(n == 1 for n in Counter(shared.tokenised).values())  # no text tokenised twice in the job
    alone = CountingIndex()  # the reference stage on its own (another process, or no sharing)
    fresh = reference_stage(generated.text, chunk_stage(QUESTION, FETCHED), ResearchOptions(), None, alone)
    again = shared.tokenised[len(before) :]
    assert set(alone.tokenised) & set(before)  # the reference stage needs texts the earlier stages saw
    assert set(again) == set(alone.tokenised) - set(before)  # only the others are tokenised again
    assert refs == fresh == reference_stage(generated.text, chunk_stage(QUESTION, FETCHED), ResearchOptions(), None)
    assert refs.references  # the comparison is about something


def test_a_job_without_an_index_answers_the_same():
    generated, refs, _ = _job(None)
    shared_generated, shared_refs, _ = _job(CountingIndex())
    assert generated == shared_generated and refs == shared_refs


def test_job_tokens_keeps_one_index_per_job_for_a_few_jobs():
    pipeline._job_tokens.clear()
    assert job_tokens(None) is None
    first = job_tokens("job-a")
    assert job_tokens("job-a") is first  # the job's later stages in this process
    for i in range(pipeline.JOB_TOKEN_INDEXES):
        job_tokens(f"other-{i}")
    assert len(pipeline._job_tokens) == pipeline.JOB_TOKEN_INDEXES  # bounded
    assert job_tokens("job-a") is not first  # evicted: tokenised again, with the same results
    recent = job_tokens("other-3")
    job_tokens("job-b")  # the least recently used one goes, not the one just used
    assert job_tokens("other-3") is recent
    release_job_tokens("other-3")
    assert "other-3" not in pipeline._job_tokens
    release_job_tokens("never-seen")
    pipeline._job_tokens.clear()
