from hypothesis import given
from hypothesis import strategies as st

from reference import chunk_text
from reference.chunking import split_sentences


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
