import pytest

from deepref.worker.errors import QuestionError
from deepref.worker.jobs.questions import validate_question


def test_valid_questions_are_stripped():
    assert validate_question("  What is BM25?\n", max_chars=100) == "What is BM25?"
    assert validate_question("潮汐能是什么？", max_chars=100) == "潮汐能是什么？"
    assert validate_question("می\u200cخواهم", max_chars=100)  # ZWNJ belongs to Persian


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * 101, "limit is 100"),
        ("a\x00b", r"U\+0000"),
        ("a\u202eb", r"U\+202E"),
        (42, "must be text"),
    ],
)
def test_bad_questions(question, message):
    with pytest.raises(QuestionError, match=message):
        validate_question(question, max_chars=100)
