"""The word rules every lexical measure shares: which characters are CJK (their runs
become character bigrams), the English stop-words, the light plural strip, and what
ends a sentence.

``reference.lexical.tokenize`` applies them one text at a time, ``reference.tokens``
to a batch of texts; both import them from here.
"""

from __future__ import annotations

import re
from functools import lru_cache

import regex

CJK = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\u3040-\u30ff"  # a character class body
CJK_RUN = re.compile(rf"[{CJK}]+")

# Text that ends as a sentence ends: . ! or ? then any closing quotes or brackets. The
# quote placement's test of a heading or list item (reference.quotes) takes it as it is;
# reference.boilerplate's test of prose asks for a letter or a closing bracket before
# the stop too (``PROSE_END``), since a contents or index entry ends with its page
# number ("Rating curves 12.").
SENTENCE_END = regex.compile(r"[.!?][\"'”’)\]]*$")
PROSE_END = regex.compile(r"[\p{L})\]]" + SENTENCE_END.pattern)

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "no",
        "not",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "too",
        "us",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    ]
)


@lru_cache(maxsize=200_000)  # a pure memo: words repeat, stemming them once is enough
def stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
