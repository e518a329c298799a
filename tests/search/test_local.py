from __future__ import annotations

import pytest

from deepref.reference.errors import ConfigurationError
from deepref.search.local import LocalCorpusProvider

REPO_CORPUS = __import__("pathlib").Path(__file__).resolve().parents[2] / "examples" / "corpus"


@pytest.fixture
def corpus(tmp_path):
    (tmp_path / "tides.md").write_text("# Tides\n\nTidal power converts the energy of tides into electricity.")
    (tmp_path / "wind.txt").write_text("Wind notes\n\nOffshore wind farms place turbines at sea.")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "page.html").write_text(
        "<html><head><title>Solar page</title></head><body><article><p>Solar panels turn sunlight into "
        "electricity on rooftops and in large fields across many countries.</p></article></body></html>"
    )
    (tmp_path / "zh.md").write_text("# 潮汐\n\n潮汐能是利用海水涨落的能量来发电的一种可再生能源。")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    return tmp_path


async def test_ranks_files_by_bm25(corpus):
    provider = LocalCorpusProvider(corpus)
    hits = await provider.search("offshore wind turbines", max_results=3)
    assert hits[0].url.endswith("wind.txt") and hits[0].title == "Wind notes" and hits[0].rank == 1
    assert hits[0].url.startswith("file://")
    html = await provider.search("solar panels sunlight", max_results=3)
    assert html[0].url.endswith("page.html") and html[0].title == "Solar page"
    zh = await provider.search("海水发电", max_results=3)
    assert zh[0].url.endswith("zh.md")
    assert await provider.search("zzzz qqqq", max_results=3) == []


async def test_index_is_rebuilt_when_a_file_changes(corpus):
    provider = LocalCorpusProvider(corpus)
    assert not await provider.search("geothermal", max_results=3)
    (corpus / "geo.md").write_text("# Geo\n\nGeothermal plants use heat from inside the earth.")
    assert (await provider.search("geothermal", max_results=3))[0].url.endswith("geo.md")


def test_clear_errors(tmp_path):
    with pytest.raises(ConfigurationError, match="does not exist"):
        LocalCorpusProvider(tmp_path / "nope")
    with pytest.raises(ConfigurationError, match="no readable"):
        LocalCorpusProvider(tmp_path).search_sync("x", max_results=1)


async def test_example_corpus_answers_the_readme_question():
    hits = await LocalCorpusProvider(REPO_CORPUS).search(
        "How do footnotes in deepref point at the exact supporting passage?", max_results=3
    )
    assert hits[0].url.endswith("deepref-footnotes.md")
    assert all(not h.url.endswith("README.md") for h in hits)
