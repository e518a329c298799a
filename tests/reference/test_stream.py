import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from deepref.reference import ReferenceStream, Source, rewrite_markers

SOURCES = [
    Source("1", "a.html#chap1", "a chap1", "t1"),
    Source("2", "a.html#chap2", "a chap2", "t2"),
    Source("3", "b.pdf", "b", "t3"),
    Source("4", "b.pdf", "b", "t4"),
    Source("5", "c.pdf", "c", "t5"),
    Source("6", "d.csv", "d", "t6"),
]


def test_langchain_references_example():
    text = "Yes[1](id=3), certainly[2](id=2), no[3](id=4), yes[4](id=1), yes[5](id=5)"
    out, refs, warnings = rewrite_markers(text, SOURCES, style="markdown-links")
    assert out.startswith(
        "Yes<sup>[[1](b.pdf)]</sup>, certainly<sup>[[2](a.html#chap2)]</sup>, "
        "no<sup>[[1](b.pdf)]</sup>, yes<sup>[[3](a.html#chap1)]</sup>, yes<sup>[[4](c.pdf)]</sup>"
    )
    assert [r.url for r in refs] == ["b.pdf", "a.html#chap2", "a.html#chap1", "c.pdf"]  # d.csv never cited
    assert "d.csv" not in out and warnings == []


def test_false_start_is_released_unchanged():
    stream = ReferenceStream(SOURCES)
    assert stream.feed("an array [") == "an array "
    assert stream.feed("x] and `a[1]` ok") == "[x] and `a[1]` ok"


def test_unknown_ids_warned():
    out, _, warnings = rewrite_markers("claim [9].", SOURCES)
    assert out.startswith("claim .") and "'9'" in warnings[0]


PIECES = st.sampled_from(
    [
        "Yes",
        " ",
        "[1]",
        "[2](id=3)",
        "[^4]",
        "<sources>[1, 5]</sources>",
        "[1-2]",
        "`a[1]`",
        "```\n[3]\n```",
        "[",
        "]",
        "(",
        "<",
        "s",
        "\n",
        "[9]",
        "[1, 2",
        "id=",
        ".",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=30), st.data())
def test_any_split_gives_the_whole_text_output(pieces, data):
    text = "".join(pieces)
    whole, _, whole_warnings = rewrite_markers(text, SOURCES)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=10)))
    stream = ReferenceStream(SOURCES)
    out, prev = "", 0
    for cut in [*cuts, len(text)]:
        out += stream.feed(text[prev:cut])
        prev = cut
    out += stream.close()
    assert out == whole
    assert stream.warnings == whole_warnings


def test_async_wrapper():
    async def deltas():
        for piece in ["Yes[1", "](id=3) done"]:
            yield piece

    async def collect():
        return "".join([d async for d in ReferenceStream(SOURCES).rewrite(deltas())])

    assert asyncio.run(collect()).startswith("Yes[^1] done")
