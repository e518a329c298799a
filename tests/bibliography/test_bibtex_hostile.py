"""Hostile metadata cannot forge or cut a BibTeX entry: each export below is read back
by three BibTeX readers (bibtexparser 2, pybtex in strict mode, and BibTeX 0.99d
itself through a small style that prints every field), and each must find exactly
the one entry written, with its key, and fields that decode to the original text."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import unquote

import bibtexparser
import pybtex.database
import pybtex.errors
import pytest

from deepref.bibliography import Work, cite_keys, export
from deepref.bibliography.works import clean
from tests.bibliography.bibtex_reader import read_bibtex

FORGING_TITLE = 'Tidal power} @misc{forged, title = "Forged by the page", url = "https://evil.example/" } @comment{'
HOSTILE_TITLES = [
    FORGING_TITLE,
    "Closes early}}}} and opens {{{{ again",
    r"Escaped \} and \{ braces \\ and a trailing backslash \\",
    '"Quoted", # concatenated # "string", % not a comment, @preamble{"x"}',
    "Math $x^2$ ~ tilde & ampersand _ underscore",
    "}, author = {Forger}, note = {",
]
HOSTILE_AUTHORS = [
    "Jane} @misc{forged, title={x}",  # a literal: lower-case words
    "Tom and Jerry",  # one organisation-like name, not two people
    "Smith, Jane, Jr. and Co",  # a comma and an `and` inside a person's given names
    "Evil {Brace",
]
HOSTILE_URLS = [
    'https://ex.com/a}b{c\\d e"f?q={x}#frag%20_y',
    "https://ex.com/} @misc{forged, url={https://evil.example/}",
]

# the inverse of formats.py's escapes, longest first: what a reader sees decoded
_UNESCAPE = {
    r"{\textbackslash}": "\\",
    r"{\textbraceleft}": "{",
    r"{\textbraceright}": "}",
    r"{\textasciicircum}": "^",
    r"{\textasciitilde}": "~",
    '{"}': '"',
    "{,}": ",",
    "{and}": "and",
    "{And}": "And",
    "{AND}": "AND",
    r"\{": "{",
    r"\}": "}",
    r"\&": "&",
    r"\%": "%",
    r"\$": "$",
    r"\#": "#",
    r"\_": "_",
}
_UNESCAPE_RE = re.compile("|".join(re.escape(k) for k in sorted(_UNESCAPE, key=len, reverse=True)))


def decode(value: str) -> str:
    return _UNESCAPE_RE.sub(lambda m: _UNESCAPE[m.group(0)], value)


def split_authors(value: str) -> list[str]:
    """Names split where BibTeX splits them: `` and `` outside braces."""
    names, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth == 0 and value.startswith(" and ", i):
            names.append(value[start:i])
            start = i + 5
    return [*names, value[start:]]


# ---------------------------------------------------------------------------- readers
def read_bibtexparser(text: str, tmp_path: Path) -> list[dict[str, str]]:
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == []
    assert not library.blocks[len(library.entries) :], "stray blocks beside the entries"
    return [{"KEY": e.key, "TYPE": e.entry_type, **{f.key: f.value for f in e.fields}} for e in library.entries]


def read_pybtex(text: str, tmp_path: Path) -> list[dict[str, str]]:
    assert pybtex.errors.strict  # pybtex's default: a syntax error raises instead of being skipped
    data = pybtex.database.parse_string(text, "bibtex")
    out = []
    for key, entry in data.entries.items():
        fields = {"KEY": key, "TYPE": entry.type, **{k.lower(): str(v) for k, v in entry.fields.items()}}
        if "author" in entry.persons:  # pybtex splits names itself: join them back as written
            fields["author"] = " and ".join(str(person) for person in entry.persons["author"])
            fields["author_count"] = str(len(entry.persons["author"]))
        out.append(fields)
    return out


READERS = {"bibtexparser": read_bibtexparser, "pybtex": read_pybtex, "bibtex": read_bibtex}


@pytest.fixture(params=sorted(READERS))
def read(request):
    if request.param == "bibtex" and shutil.which("bibtex") is None:
        pytest.skip("BibTeX 0.99d is not installed (Debian: texlive-binaries; scripts/test.sh installs it)")
    return READERS[request.param]


def _one_entry(work: Work, read, tmp_path: Path) -> dict[str, str]:
    text = export([work], "bibtex").text
    entries = read(text, tmp_path)
    assert [e["KEY"] for e in entries] == cite_keys([work]), text
    assert entries[0]["TYPE"] == "misc"
    assert not {"forged", "Forger"} & {v for e in entries for v in e.values()}
    return entries[0]


# ---------------------------------------------------------------------------- tests
@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_a_hostile_title_stays_one_title_in_one_entry(title, read, tmp_path):
    work = Work(title, "https://ex.com/page", ("Jane Smith",), "Tide Site", "2024-05-06", "2026-11-23")
    entry = _one_entry(work, read, tmp_path)
    assert decode(entry["title"]) == clean(title)
    assert entry["url"] == "https://ex.com/page"
    assert entry["howpublished"] == "Tide Site" and entry["year"] == "2024" and entry["urldate"] == "2026-11-23"
    assert decode(entry["author"]) == "Smith, Jane"


@pytest.mark.parametrize("author", HOSTILE_AUTHORS)
def test_a_hostile_author_stays_one_name(author, read, tmp_path):
    work = Work("Tides", "https://ex.com/page", (author, "Ann Lee"))
    entry = _one_entry(work, read, tmp_path)
    names = split_authors(entry["author"])
    assert len(names) == 2 and decode(names[1]) == "Lee, Ann"
    first = decode(names[0])
    assert first in (author, "{" + author + "}")  # a person as written, an organisation braced
    if "author_count" in entry:  # pybtex's own name splitting agrees
        assert entry["author_count"] == "2"
    assert decode(entry["title"]) == "Tides"


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_a_hostile_url_stays_the_same_url(url, read, tmp_path):
    work = Work("Tides", url)
    entry = _one_entry(work, read, tmp_path)
    assert unquote(entry["url"]) == unquote(url)  # percent-encoding names the same resource
    assert not set('{}\\ "') & set(entry["url"])


def test_every_value_balances_its_braces_however_a_reader_counts_escaped_ones():
    """BibTeX counts ``\\{`` as a brace, some readers do not: balanced either way."""
    works = [Work(t, u, (a,)) for t, u, a in zip(HOSTILE_TITLES, HOSTILE_URLS * 3, HOSTILE_AUTHORS * 2, strict=False)]
    for line in export(works, "bibtex").text.splitlines():
        if " = {" not in line:
            continue
        value = line.split(" = {", 1)[1].rstrip(",")[:-1]
        for counted in (value, value.replace("\\{", "").replace("\\}", "")):
            depth = 0
            for ch in counted:
                depth += {"{": 1, "}": -1}.get(ch, 0)
                assert depth >= 0, line
            assert depth == 0, line
