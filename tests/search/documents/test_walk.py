"""A folder with bad files: each is named with its reason and the rest is searched."""

from __future__ import annotations

import os

import pytest

from deepref.search.local import LocalCorpusProvider
from tests.search.documents.makers import make_docx, make_pdf


@pytest.fixture
def messy(tmp_path):
    root = tmp_path / "library"
    root.mkdir()
    (root / "report.pdf").write_bytes(make_pdf())
    (root / "lake.docx").write_bytes(make_docx())
    (root / "empty.txt").write_bytes(b"")
    (root / "cut.pdf").write_bytes(make_pdf()[:500])
    (root / "locked.pdf").write_bytes(make_pdf(password="pw"))
    outside = tmp_path / "secret.txt"
    outside.write_text("The launch code is 0000 and must never be searched.")
    (root / "escape.txt").symlink_to(outside)
    (root / "loop.txt").symlink_to(root / "loop.txt")
    (root / "sub").mkdir()
    (root / "sub" / "up").symlink_to(root, target_is_directory=True)
    private = root / "private.md"
    private.write_text("# Private\n\nNot for anyone.")
    private.chmod(0)
    yield root
    private.chmod(0o644)


def test_bad_files_are_named_and_the_rest_is_searched(messy):
    provider = LocalCorpusProvider(messy)
    hits = provider.search_sync("motorboats weir committee", max_results=3)
    assert hits and hits[0].url.endswith("report.pdf")
    assert provider.search_sync("phosphate reed beds", max_results=3)[0].url.endswith("lake.docx")
    assert not provider.search_sync("launch code", max_results=3)  # the link leaving the folder was refused
    warnings = "\n".join(provider.warnings)
    assert "empty.txt is empty" in warnings
    assert "cut.pdf" in warnings and "locked.pdf is password-protected" in warnings
    assert "refused" in warnings and "escape.txt" in warnings and "outside the folder" in warnings
    assert "loop.txt: a symlink loop" in warnings
    if os.geteuid() != 0:  # root reads any file
        assert "private.md is not readable" in warnings
