"""Which links each output keeps (docs/references.md, "Links"): HTML opened from disk
and Markdown, written for a local reader, link http(s), mailto, relative targets and a
file on this machine (shown with its path too); what the API serves links no file;
nothing links a file on another host (a network share)."""

from __future__ import annotations

import pytest

from deepref.reference import Source, build_references, render
from deepref.reference.html import reference_item_html, safe_url

LOCAL = "file:///corpus/notes%20on%20tides.md"
SHARE = "file://evil.example/share/tides.md"
SOURCES = [
    Source("1", LOCAL, "Tide notes", "Tidal power converts the energy of tides."),
    Source("2", SHARE, "Shared notes", "Offshore wind farms place turbines at sea."),
    Source("3", "https://ok.example/", "Web page", "Wave energy is harvested from surface waves."),
]
ANSWER = " ".join(source.text for source in SOURCES)


@pytest.fixture
def result():
    return build_references(ANSWER, SOURCES)


@pytest.mark.parametrize(
    ("url", "html", "markdown"),
    [
        ("https://ok.example/x", True, True),
        ("mailto:a@b.example", True, True),
        ("/jobs/1", True, True),
        (LOCAL, False, True),
        ("file://localhost/corpus/a.md", False, True),
        (SHARE, False, False),
        ("FILE://Evil.Example/share", False, False),
        ("javascript:alert(1)", False, False),
        ("data:text/html,hi", False, False),
    ],
)
def test_safe_url_keeps_files_only_where_allowed(url, html, markdown):
    assert safe_url(url) == (url if html else "")
    assert safe_url(url, allow_file=True) == (url if markdown else "")


def test_html_links_a_local_file_with_its_path_but_never_a_share(result):
    out = render(result, "html")
    assert f'<a href="{LOCAL}" rel="noopener noreferrer nofollow">Tide notes</a>' in out
    assert '<span class="path">/corpus/notes on tides.md</span>' in out
    assert "evil.example" not in out  # a share is neither linked nor shown
    assert '<a href="https://ok.example/"' in out
    item = reference_item_html(1, "Notes", LOCAL, [])  # served over HTTP: the path, no link
    assert "href" not in item and "/corpus/notes on tides.md" in item


@pytest.mark.parametrize("style", ["markdown", "markdown-links"])
def test_markdown_links_a_local_file_but_not_a_share(result, style):
    out = render(result, style)
    assert f"({LOCAL})" in out
    assert f"({SHARE})" not in out and "](file://evil" not in out
    assert "(https://ok.example/)" in out


def test_text_prints_every_source_url_as_text(result):
    out = render(result, "text")
    assert f"<{LOCAL}>" in out and "<https://ok.example/>" in out
