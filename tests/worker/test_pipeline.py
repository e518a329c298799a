"""The extractive answer: what the embedded default says when no model is configured."""

import numpy as np

from worker.extractive import extractive_answer, is_nothing_found
from worker.llm import Passage

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
