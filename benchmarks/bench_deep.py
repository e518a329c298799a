"""Round-by-round timing of a deep job against local servers (``python -m benchmarks deep``).

In process (the embedded runner): a SearxNG-compatible search that finds pages of
their own for every query, a site whose pages each take ``--page-ms`` (100 ms by
default), and the test suite's model playing a researcher (tests/fakes/), which
answers at once: what is measured is deepref's own work per round (planning,
search, fetch, extraction, passage choice, reading) and the report. Baseline in
the same run: a quick (one pass) job on the same servers.

Options: ``--rounds N`` (4), ``--per-query N`` pages per query (4), ``--page-ms`` (100).
"""

from __future__ import annotations

import time


def _arg(argv: list[str], name: str, default: float) -> float:
    return float(argv[argv.index(name) + 1]) if name in argv else default


def main(argv: list[str]) -> int:
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.searxng import FakeSearxNG
    from tests.fakes.server import ServerThread
    from tests.fakes.topic_site import SearchRows, TopicSite
    from worker.models import ResearchBudget, ResearchOptions
    from worker.runner import run_research
    from worker.settings import Settings

    rounds = int(_arg(argv, "--rounds", 4))
    per_query = int(_arg(argv, "--per-query", 4))
    page_ms = _arg(argv, "--page-ms", 100)
    site, search, model = TopicSite(delay=page_ms / 1000), FakeSearxNG(), FakeOpenAI()
    servers = [ServerThread(app).start() for app in (site.app, search.app, model.app)]
    try:
        search.results = SearchRows(servers[0].base_url, per_query=per_query)
        model.researcher.behave("tidal", rounds=None)  # only the round budget stops it
        settings = Settings(
            _env_file=None,
            search_provider="searxng",
            searxng_url=servers[1].base_url,
            search_rate_per_second=1000,
            llm_base_url=servers[2].base_url + "/v1",
            llm_api_key=model.api_key,
            llm_model="fake",
            llm_sub_queries=1,
            embedder="jaccard",
            fetch_allow=["loopback"],
            max_per_host=1000,
            fetch_host_rate_per_second=1000,
        )
        question = "What do tidal lagoon costs depend on?"
        started = time.perf_counter()
        quick = run_research(question, ResearchOptions(embedder="jaccard"), settings=settings)
        quick_s = time.perf_counter() - started
        options = ResearchOptions(
            depth="deep", embedder="jaccard", budget=ResearchBudget(rounds=rounds, pages=rounds * per_query * 2)
        )
        started = time.perf_counter()
        result = run_research(question + " (deep)", options, settings=settings)
        deep_s = time.perf_counter() - started
    finally:
        for server in servers:
            server.stop()
    info = result.deep
    print(f"quick job (baseline): {quick_s:.2f} s, {len(quick.sources)} sources")
    print("round  seconds  pages  new sources  findings  tokens")
    for r in info.rounds:
        tokens = r.prompt_tokens + r.completion_tokens
        print(f"{r.n:>5}  {r.seconds:7.2f}  {r.pages_fetched:5}  {r.new_sources:11}  {r.findings:8}  {tokens:6}")
    report_s = result.timings.get("report", 0.0)
    print(f"report (outline, {len(info.outline)} sections, references): {report_s:.2f} s")
    print(
        f"deep job: {deep_s:.2f} s = {deep_s / quick_s:.1f}x the quick job; {int(info.spent['pages'])} pages, "
        f"{len(result.sources)} sources, {len(result.references)} references, {int(info.spent['tokens'])} tokens "
        f"(estimate {info.estimate['tokens']}); stopped: {info.stop_reason}"
    )
    return 0
