"""Token ids of texts, each text tokenised once and remembered: a ``TokenIndex``.

Lexical scoring, the prefilter, the extractive answer and verification all need
the token set of the same source passages. Tokenising is the cost that matters
(20,000 passages are a million words), so a ``TokenIndex`` keeps one vocabulary
and a memo from text to its sorted distinct token ids: a passage seen by an earlier
stage of the job costs a dictionary lookup. It is a plain picklable object owned by
whoever passes it in (one per job); the engine makes a fresh one per call otherwise.

New texts are tokenised as a batch, not one Python loop per text: the batch is
joined with a separator the token pattern matches on its own (``\\x00``, which no
word contains), one ``findall`` splits it, each *distinct* word is mapped to its
tokens once (stop-word, plural strip, CJK bigrams: ``reference.lexical.tokenize``),
and the occurrences become rows with numpy. Ids are given in order of first
appearance, exactly as the per-text loop did, so scores do not change.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from itertools import count

import numpy as np
from scipy import sparse

from deepref.reference.words import CJK as _CJK
from deepref.reference.words import CJK_RUN as _CJK_RUN
from deepref.reference.words import STOPWORDS
from deepref.reference.words import stem as _stem

_TOKEN_OR_SEPARATOR = re.compile(rf"[{_CJK}]+|[^\W_]+|\x00", re.UNICODE)
_SEPARATOR = "\x00"
_JOIN = " \x00 "  # the separator stands alone, so splitting on spaces finds it too
_SPACE = 32
BATCH = 5_000  # texts tokenised together: a million characters or so


@cache  # a pure table: which BMP code points the token pattern treats as what
def _classes() -> np.ndarray:
    """Per BMP code point: 0 neither, 1 word character (``[^\\W_]``), 2 CJK (bigrams)."""
    bmp = "".join(map(chr, range(0x10000))).replace("\x00", " ")
    table = np.zeros(0x10000, dtype=np.uint8)
    for m in re.finditer(r"[^\W_]+", bmp):
        table[m.start() : m.end()] = 1
    for m in re.finditer(rf"[{_CJK}]+", bmp):
        table[m.start() : m.end()] = 2
    return table


@cache
def _latin1_spaces() -> bytes:
    """``bytes.translate`` table: Latin-1 word characters and the separator kept, the
    rest made spaces (what ``_split_words`` does with code points, for one byte each)."""
    classes = _classes()
    return bytes(c if classes[c] == 1 or c == 0 else _SPACE for c in range(256))


def _split_words(text: str) -> list[str]:
    """``findall`` of the token pattern (separators included), but when the text has no
    CJK and no code point outside the BMP, by one table lookup over its code points
    (non-word characters become spaces) and ``str.split``: several times faster. A
    Latin-1 text (plain English among others) takes ``bytes.translate`` instead of
    the lookup: the batch's words in the time of ``str.split`` alone."""
    try:
        latin1 = text.encode("latin-1")
    except UnicodeEncodeError:  # stops at the first character beyond U+00FF
        pass
    else:
        return latin1.translate(_latin1_spaces()).decode("latin-1").split()
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    if len(codes) and int(codes.max()) < 0x10000:
        classes = _classes()[codes]
        if len(classes) == 0 or int(classes.max()) < 2:
            spaced = np.where((classes == 1) | (codes == 0), codes, _SPACE).astype(np.uint32)
            return spaced.tobytes().decode("utf-32-le", "surrogatepass").split()
    return _TOKEN_OR_SEPARATOR.findall(text)


class TokenIndex:
    """A vocabulary and the sorted distinct token ids of every text it has seen."""

    def __init__(self) -> None:
        self.vocab: dict[str, int] = {}
        self._words: dict[str, np.ndarray] = {}  # raw lower-cased word -> its token ids
        self._memo: dict[str, np.ndarray] = {}  # text -> sorted distinct token ids (int32)

    def __len__(self) -> int:
        return len(self._memo)

    @property
    def width(self) -> int:
        return max(len(self.vocab), 1)

    def ids(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Sorted distinct token ids of each text (tokenising only texts not seen before)."""
        new = [t for t in dict.fromkeys(texts) if t not in self._memo]
        for start in range(0, len(new), BATCH):  # batches bound the memory of the joined text
            self._tokenise(new[start : start + BATCH])
        memo = self._memo
        return [memo[t] for t in texts]

    def matrix(self, texts: Sequence[str]) -> sparse.csr_matrix:
        """Binary rows (one per text) over the whole vocabulary, columns sorted."""
        rows = self.ids(texts)
        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in rows], out=indptr[1:])
        indices = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int32)
        data = np.ones(len(indices), dtype=np.float32)
        return sparse.csr_matrix((data, indices, indptr), shape=(len(rows), self.width))

    def _tokenise(self, texts: list[str]) -> None:
        joined = _JOIN.join(t.replace(_SEPARATOR, " ") if _SEPARATOR in t else t for t in texts).lower()
        words = _split_words(joined)
        # each word's index among the batch's distinct words, in order of first appearance
        # (the ids the per-text loop gave): one pass, a new word taking the next number
        position: defaultdict[str, int] = defaultdict(count().__next__)
        occurrence = np.fromiter(map(position.__getitem__, words), dtype=np.int64, count=len(words))
        known = self._words
        for word in position:
            if word not in known:
                known[word] = self._word_ids(word)
        per_word = [known[w] for w in position]
        lengths = np.fromiter(map(len, per_word), dtype=np.int64, count=len(per_word))
        text_of = np.cumsum(occurrence == position.get(_SEPARATOR, -1))  # separators before each word
        if len(lengths) and int(lengths.max()) <= 1:  # no CJK run: a word is one token or none
            first = np.fromiter((ids[0] if len(ids) else -1 for ids in per_word), dtype=np.int64, count=len(per_word))
            tokens: np.ndarray = first[occurrence]
            kept = tokens >= 0
            text_of, tokens = text_of[kept], tokens[kept]
        else:
            flat = np.concatenate(per_word) if per_word else np.zeros(0, dtype=np.int32)
            offsets = np.zeros(len(per_word), dtype=np.int64)
            np.cumsum(lengths[:-1], out=offsets[1:])
            n = lengths[occurrence]
            tokens = flat[np.repeat(offsets[occurrence] - (np.cumsum(n) - n), n) + np.arange(int(n.sum()))]
            text_of = np.repeat(text_of, n)
        rows = sparse.csr_matrix(
            (np.ones(len(tokens), dtype=np.int32), (text_of, tokens)),
            shape=(len(texts), max(len(self.vocab), 1)),
        )
        rows.sum_duplicates()  # sorts each row's ids and merges repeats
        indices = rows.indices.astype(np.int32)
        for text, start, end in zip(texts, rows.indptr[:-1].tolist(), rows.indptr[1:].tolist(), strict=True):
            self._memo[text] = indices[start:end]

    def _word_ids(self, word: str) -> np.ndarray:
        """Token ids of one raw word (none for a stop-word or the separator)."""
        vocab = self.vocab
        if word == _SEPARATOR:
            grams: list[str] = []
        elif word[0] >= "\u2e80" and _CJK_RUN.fullmatch(word):
            grams = [word] if len(word) == 1 else [word[i : i + 2] for i in range(len(word) - 1)]
        elif word in STOPWORDS:
            grams = []
        else:
            grams = [_stem(word)]
        return np.array([vocab.setdefault(g, len(vocab)) for g in grams], dtype=np.int32)
