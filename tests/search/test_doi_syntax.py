"""DOIs outside the DOI Handbook's syntax are refused wherever one is read (issue 31)."""

from __future__ import annotations

import pytest

from deepref.bibliography.works import Work
from deepref.reference.urls import normalize_doi
from deepref.search.identifiers import normalize_doi as search_normalize_doi

REFUSED = [
    "10.1234/../../etc/passwd",
    "10.1234/./x",
    "10.1234/a/../b",
    "https://doi.org/10.1234/../../etc/passwd",
    "10.1234/abc\x00def",
    "10.1234/abc\x1b[31mred",
    "10.1234/abc\u202edef",  # a right-to-left override
    "10.1234/abc def",
    "10.1234/abc\ndef",
    "10.1234/",
    "10.1234//x",
    "10.12/x",  # a registrant code has at least 4 digits
    "11.1234/x",
    "10.1234/" + "x" * 600,
]
KEPT = {
    "10.1000/XYZ123": "10.1000/xyz123",
    "https://doi.org/10.1016/j.icarus.2020.113000": "10.1016/j.icarus.2020.113000",
    "doi:10.48550/arXiv.1706.03762": "10.48550/arxiv.1706.03762",
    "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O": (
        "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-o"
    ),
    "10.1000.10/abc": "10.1000.10/abc",  # a registrant code's subdivision
    "10.1234/a/b.c..d": "10.1234/a/b.c..d",  # dots inside a segment are characters, not a path
    "10.1234/ü-é": "10.1234/ü-é",  # any printable Unicode
}


@pytest.mark.parametrize("value", REFUSED, ids=repr)
def test_a_doi_outside_the_handbook_syntax_is_refused(value):
    assert normalize_doi(value) is None
    assert Work(title="t", url="https://x.example/", doi=value).doi is None


@pytest.mark.parametrize(("value", "doi"), KEPT.items(), ids=repr)
def test_dois_in_the_handbook_syntax_are_kept(value, doi):
    assert normalize_doi(value) == search_normalize_doi(value) == doi
    assert Work(title="t", url="https://x.example/", doi=value).doi == doi
