import json

import pytest

from deepref.reference import Source, Style, build_references, render
from deepref.reference.errors import InputError

EVIL = Source("1", "javascript:alert(1)", "<script>x</script>", "Tidal power converts the energy of tides.")
OK = Source("2", "https://ok.example/", "Fine & dandy", "Offshore wind farms place turbines at sea.")
ANSWER = "Tidal power converts the energy of tides. Offshore wind farms place turbines at sea.\n`arr[^1]`"


@pytest.fixture
def result():
    return build_references(ANSWER, [EVIL, OK])


def test_markdown_footnotes(result):
    out = render(result, "markdown")
    assert '[^2]: [Fine & dandy](https://ok.example/) "Offshore wind farms place turbines at sea."' in out
    assert "`arr[^1]`" in out  # typed by the author inside code: untouched


def test_markdown_links(result):
    out = render(result, "markdown-links")
    assert "<sup>[[2](https://ok.example/)]</sup>" in out and "- **2** [Fine & dandy](https://ok.example/)" in out
    assert "javascript:" not in out.split("\n\n")[0]


def test_html_escapes_everything(result):
    out = render(result, "html")
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert 'href="javascript' not in out
    assert '<a href="#ref-2" id="cite-2" data-n="2" data-i="' in out and "Fine &amp; dandy" in out


def test_html_ids_are_unique_and_markdown_is_rendered():
    answer = "- Offshore wind farms place turbines at sea.\n- Offshore wind farms place turbines at sea, far out."
    out = render(build_references(answer, [OK]), "html")
    assert out.count('id="cite-1"') == 1 and out.count('id="cite-1-2"') == 1
    assert out.count("<li>Offshore wind farms") == 2  # the answer's Markdown list, as reports and the viewer show it


def test_text_json_empty(result):
    assert "[2] Fine & dandy <https://ok.example/>" in render(result, "text")
    data = json.loads(render(result, "json"))
    c = data["citations"][0]
    assert {"label", "source", "doc_id", "chunk_id", "excerpt", "url", "quote_span", "score"} <= set(c)
    empty = render(result, "empty")
    assert "[^" not in empty.replace("`arr[^1]`", "") and result.references


def test_custom_style(result):
    class Brackets(Style):
        name = "brackets"

        def marker(self, n, refs):
            return f"{{{n}}}"

    assert "{2}" in result.render(Brackets())


def test_unknown_style(result):
    with pytest.raises(InputError, match="unknown style"):
        render(result, "pdf")


@pytest.mark.parametrize("style", ["markdown", "markdown-links"])
def test_titles_are_text_in_commonmark_renderers(style):
    """A page's title is never live markup in Markdown output (issue 31): neither raw
    HTML nor a link of its own, linked or not."""
    from markdown_it import MarkdownIt

    linked = Source(
        "3", "https://ok.example/t", "x](javascript:alert(1)) <img src=x onerror=alert(1)> &lt;b&gt;", OK.text
    )
    for sources in ([EVIL, OK], [linked]):
        out = render(build_references(ANSWER, sources), style)
        html = MarkdownIt("commonmark").render(out)
        assert "<script>" not in html and "<img" not in html and 'href="javascript' not in html
        assert "<b>" not in html
    assert "\\<script\\>x\\</script\\>" in render(build_references(ANSWER, [EVIL, OK]), style)
