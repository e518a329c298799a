import random

import numpy as np

from deepref.reference import locate_quote
from deepref.reference.quotes import locate_quotes

CONTEXT = "LangChain was created by Harrison Chase in 2022. It is a framework for building LLM apps."


def test_exact_and_seed_example():
    span = locate_quote("Harrison Chase in 2022", CONTEXT)
    assert CONTEXT[span.start : span.end] == "Harrison Chase in 2022" and span.score == 1.0


def test_whitespace_and_case_insensitive():
    span = locate_quote("harrison   chase\nIN 2022", CONTEXT)
    assert CONTEXT[span.start : span.end] == "Harrison Chase in 2022"


def test_regex_metacharacters_are_safe():
    text = "Price (in USD)* is $5.00 [approx.] + tax?"
    span = locate_quote("(in USD)* is $5.00 [approx.]", text)
    assert text[span.start : span.end] == "(in USD)* is $5.00 [approx.]"


def test_fuzzy_match_with_typos():
    span = locate_quote("It is a framwork for bulding LLM apps", CONTEXT)
    assert span is not None and CONTEXT[span.start : span.end] == "It is a framework for building LLM apps"
    assert 0.85 <= span.score < 1.0


def test_poor_match_is_rejected():
    assert locate_quote("Completely unrelated sentence about penguins in Antarctica", CONTEXT) is None
    assert locate_quote("", CONTEXT) is None


def test_long_quote_in_long_text():
    rng = random.Random(3)
    words = ["".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 9))) for _ in range(40_000)]
    text = " ".join(words)[:200_000]
    quote = text[100_000:100_400].replace("a", "e", 5)
    span = locate_quote(quote, text)
    assert span is not None and abs(span.start - 100_000) < 10


def test_list_of_quotes():
    spans = locate_quotes(["Harrison Chase", "nothing like it at all here"], CONTEXT)
    assert spans[0] is not None and spans[1] is None


# place_quote: the sentences of a cited page that carry a claim


def _page(text: str, passages: list[tuple[int, int]] | None = None):
    from deepref.reference.quotes import page_sentences

    return page_sentences(text, passages or [(0, len(text))])


def test_quote_is_the_sentence_with_the_claims_words():
    from deepref.reference.quotes import place_quote

    text = "Tides rise twice a day. The La Rance station opened in 1966. Visitors come in summer."
    placed = place_quote("The La Rance station opened in 1966.", _page(text), np.zeros(1))
    assert text[placed.span[0] : placed.span[1]] == "The La Rance station opened in 1966."
    assert placed.coverage == 1.0


def test_support_split_over_two_adjacent_sentences_quotes_both():
    from deepref.reference.quotes import place_quote

    text = (
        "Tides rise twice a day. The La Rance station opened in 1966. It produces 240 megawatts at peak. "
        "Visitors come in summer."
    )
    placed = place_quote("The La Rance station, opened in 1966, produces 240 megawatts.", _page(text), np.zeros(1))
    assert (
        text[placed.span[0] : placed.span[1]]
        == "The La Rance station opened in 1966. It produces 240 megawatts at peak."
    )


def test_window_may_run_into_the_next_passage_but_not_the_next_paragraph():
    from deepref.reference.quotes import place_quote

    text = "Intro words here. The station opened in 1966. Its turbines make 240 megawatts. End."
    cut = text.index("Its")
    placed = place_quote(
        "The station opened in 1966 and its turbines make 240 megawatts.",
        _page(text, [(0, cut - 1), (cut, len(text))]),
        np.array([0.5, 0.5]),
    )
    assert text[placed.span[0] : placed.span[1]] == "The station opened in 1966. Its turbines make 240 megawatts."
    assert placed.passages == (0, 1)
    split = text.replace("1966. Its", "1966.\n\nIts")
    cut = split.index("Its")
    placed = place_quote(
        "The station opened in 1966 and its turbines make 240 megawatts.",
        _page(split, [(0, cut - 2), (cut, len(split))]),
        np.array([0.5, 0.5]),
    )
    assert placed.passages in ((0,), (1,))


def test_a_better_passage_wins_a_close_call_and_no_shared_word_is_none():
    from deepref.reference.quotes import place_quote

    text = "The station opened in 1966.\nA station opened in 1966 too."
    page = _page(text, [(0, 27), (28, len(text))])
    claim = "The station opened in 1966."
    assert place_quote(claim, page, np.array([0.2, 0.6])).passages == (1,)
    assert place_quote(claim, page, np.array([0.6, 0.2])).passages == (0,)
    assert place_quote("Penguins waddle.", page, np.array([0.6, 0.2])) is None


def test_passages_that_are_not_adjacent_never_join_and_memo_is_reused():
    from deepref.reference.quotes import page_sentences, place_quote

    text = "The station opened in 1966. Unrelated words in between. Its turbines make 240 megawatts."
    first, last = (0, 27), (text.index("Its"), len(text))
    memo: dict = {}
    page = page_sentences(text, [first, last], memo)
    assert not page.joins[0]  # the middle sentence is not in the page: no window across the gap
    placed = place_quote("The station opened in 1966; its turbines make 240 megawatts.", page, np.array([0.5, 0.5]))
    assert placed.passages in ((0,), (1,))
    assert set(memo) == {first, last}
    assert page_sentences(text, [last], memo).words == page.words[1:]


def test_document_rule_prefers_the_short_sentence_with_the_claims_rare_words():
    """Weighted Jaccard over the document's IDF (the paged rule: precision 1) quotes
    the sentence holding the claim's rare words; the web page rule (each distinct word
    once, precision 0) quotes the long sentence holding more of its common ones."""
    from deepref.reference.lexical import tokenize
    from deepref.reference.quotes import WordWeights, place_quote

    common = "The survey office counted animals in every region this year and the year before."
    rare = "Reindeer herds cross the tundra."
    filler = [f"Every region's survey office counted its geese this year, {n} in all." for n in range(8)]
    paragraphs = [common, rare, *filler]
    text = "\n\n".join(paragraphs)
    vocab: dict[str, int] = {}
    words = [set(tokenize(p)) for p in paragraphs]
    for w in sorted(set().union(*words)):
        vocab[w] = len(vocab)
    df = np.zeros(len(vocab), dtype=np.int64)
    for held in words:
        df[[vocab[w] for w in held]] += 1
    weights = WordWeights(vocab, df, len(paragraphs))
    claim = "Each year the survey office counted reindeer herds on the tundra in every region."
    page, scores = _page(text), np.zeros(1)
    web = place_quote(claim, page, scores)
    paged = place_quote(claim, page, scores, weights=weights, precision=1.0)
    assert text[web.span[0] : web.span[1]] == common
    assert text[paged.span[0] : paged.span[1]] == rare
    assert weights("reindeer") > weights("survey") and weights("unseen") >= weights("reindeer")
