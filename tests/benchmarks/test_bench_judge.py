"""``python -m benchmarks judge`` against a scripted model endpoint, on a few labelled
citations of ../shared/data (skipped without it)."""

from __future__ import annotations

import re

import pytest

from benchmarks.support_data import EXPERTQA, WICE

pytestmark = pytest.mark.data


@pytest.mark.skipif(not (EXPERTQA.is_file() and WICE.is_file()), reason="../shared/data is absent")
def test_the_judge_benchmark_prints_the_three_ways_on_the_same_citations(openai_server, monkeypatch, capsys):
    from benchmarks import bench_judge

    monkeypatch.setenv("DEEPREF_LLM_BASE_URL", openai_server.v1)
    monkeypatch.setenv("DEEPREF_LLM_API_KEY", openai_server.api_key)
    monkeypatch.setenv("DEEPREF_LLM_MODEL", "fake")
    monkeypatch.setenv("DEEPREF_LLM_PRICES", '{"fake": {"input": 1.0, "output": 2.0}}')
    assert bench_judge.main(["--pairs", "12"]) == 0
    out = capsys.readouterr().out
    assert out.count("support model alone") == out.count("judge alone") == out.count("combination") == 2
    kept = [int(n) for n in re.findall(r"kept (\d+) of 12\)", out)]
    assert len(kept) == 6  # every way judges the same 12 citations of each set
    assert re.search(r"judge: [1-9]\d* requests, [\d,]+ prompt \+ [\d,]+ completion tokens, \$0\.\d{4}", out)


def test_without_an_endpoint_it_says_what_to_set(monkeypatch, capsys):
    from benchmarks import bench_judge

    monkeypatch.delenv("DEEPREF_LLM_BASE_URL", raising=False)
    assert bench_judge.main([]) == 0
    assert "set DEEPREF_LLM_BASE_URL" in capsys.readouterr().out
