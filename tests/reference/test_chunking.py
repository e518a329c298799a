import re

from hypothesis import given
from hypothesis import strategies as st

from deepref.reference import chunk_text
from deepref.reference.chunking import split_lines, split_sentences


def test_offsets_are_exact():
    text = "First para. Second sentence!\n\n第二段。还有一句？\n\n" + "word " * 400
    for chunk in chunk_text(text, max_chars=200, min_chars=20):
        assert text[chunk.start : chunk.end] == chunk.text
        assert len(chunk.text) <= 200


def test_sentences():
    text = "Dr. Who? No. e.g. this stays. 中文。再来！"
    assert [text[s:e] for s, e in split_sentences(text)] == ["Dr.", "Who?", "No. e.g. this stays.", "中文。", "再来！"]


@given(st.text(max_size=500))
def test_chunks_cover_text_without_overlap(text):
    chunks = chunk_text(text, max_chars=50, min_chars=5)
    prev = 0
    for c in chunks:
        assert c.start >= prev and text[c.start : c.end] == c.text
        prev = c.end


# The definition split_lines must keep: from a line's first non-space character to its
# last, never across a line boundary (the boundaries of str.splitlines).
_LINE = re.compile(r"\S(?:[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*\S)?")


@given(st.text(alphabet=st.sampled_from("ab \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2028\u2029\u3000中"), max_size=80))
def test_split_lines_spans_each_trimmed_line(text):
    assert split_lines(text) == [m.span() for m in _LINE.finditer(text)]


def test_split_lines_keeps_offsets():
    text = "  first line \r\n\n\tsecond\u2028 third  \x85last"
    assert [text[s:e] for s, e in split_lines(text)] == ["first line", "second", "third", "last"]
