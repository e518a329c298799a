import random

from reference import locate_quote
from reference.quotes import locate_quotes

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
