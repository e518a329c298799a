"""How depth and budgets reach a job: the CLI's flags (research and submit share
them), reports.yaml's per-report shorthand, and the no-LLM refusal."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deepref.cli.commands import add_job_options
from deepref.cli.research import options_from
from deepref.reference.errors import ConfigurationError
from deepref.reports.definitions import ReportDefinition
from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
from deepref.worker.pipeline.deep.budget import check_depth
from deepref.worker.settings import Settings
from tests.worker.pipeline.deep.test_rounds import Q

REPO = Path(__file__).resolve().parents[4]


def parse(*argv: str) -> ResearchOptions:
    parser = argparse.ArgumentParser()
    add_job_options(parser)
    return options_from(parser.parse_args(["q", *argv]))


def test_cli_flags_make_the_budget():
    quick = parse("--max-pages", "5")
    assert quick.depth == "quick" and quick.max_pages == 5 and quick.budget == ResearchBudget()
    opts = parse("--depth", "deep", "--rounds", "3", "--queries-per-round", "2", "--max-pages", "40")
    assert opts.depth == "deep" and opts.max_pages is None
    assert opts.budget == ResearchBudget(rounds=3, queries_per_round=2, pages=40)
    opts = parse("--depth", "standard", "--max-tokens", "20000", "--max-seconds", "90")
    assert (opts.budget.tokens, opts.budget.seconds) == (20000, 90)


def test_report_definitions_set_depth_and_budget_per_report():
    report = ReportDefinition(name="r", title="R", questions=["q?"], depth="deep", budget={"rounds": 2})
    assert report.options.depth == "deep" and report.options.budget.rounds == 2
    assert ReportDefinition(name="r", title="R", questions=["q?"]).options.depth == "quick"


def test_deep_needs_a_model():
    with pytest.raises(ConfigurationError, match="needs a chat model"):
        check_depth(ResearchOptions(depth="deep"), Settings(_env_file=None))
    check_depth(ResearchOptions(), Settings(_env_file=None))  # quick: extractive is fine


def test_deepref_research_depth_deep(deep_settings, openai_server):
    s = deep_settings
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")} | {
        "DEEPREF_SEARCH_PROVIDER": "searxng",
        "DEEPREF_SEARXNG_URL": s.searxng_url,
        "DEEPREF_SEARCH_RATE_PER_SECOND": "50",
        "DEEPREF_LLM_BASE_URL": s.llm_base_url,
        "DEEPREF_LLM_API_KEY": openai_server.api_key,
        "DEEPREF_LLM_MODEL": "fake",
        "DEEPREF_EMBEDDER": "jaccard",
        "DEEPREF_FETCH_ALLOW": '["loopback"]',
        "DEEPREF_MAX_PER_HOST": "50",
        "DEEPREF_FETCH_HOST_RATE_PER_SECOND": "100",
    }
    argv = [
        sys.executable,
        "-m",
        "deepref.cli.main",
        "research",
        Q,
        "--depth",
        "deep",
        "--rounds",
        "2",
        "--format",
        "json",
    ]
    out = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=REPO, env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [r["n"] for r in data["deep"]["rounds"]] == [1, 2] and data["references"]
    assert "researching" in out.stderr and "writing" in out.stderr
    no_model = {k: v for k, v in env.items() if not k.startswith("DEEPREF_LLM")}
    out = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=REPO, env=no_model)
    assert out.returncode != 0 and "needs a chat model" in out.stderr
