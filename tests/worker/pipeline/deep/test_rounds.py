"""A standard/deep job in process (the embedded runner, no Redis): rounds against
the local search, a site with a page per query and the fake model playing a
researcher; budgets, near-duplicates and the sectioned report."""

from __future__ import annotations

import random

import pytest

from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
from deepref.worker.pipeline.embedded import run_research
from tests.fakes.topic_site import SearchRows

Q = "What do tidal lagoon costs depend on?"


def deep(**budget) -> ResearchOptions:
    return ResearchOptions(depth="deep", embedder="jaccard", budget=ResearchBudget(**budget))


def test_rounds_until_covered_then_a_sectioned_report(deep_settings, openai_server, topic_site):
    openai_server.fake.researcher.behave("tidal lagoon", rounds=3)
    seen: list[tuple[str, str]] = []
    result = run_research(Q, deep(rounds=5), settings=deep_settings, on_progress=lambda s, p, st: seen.append((s, st)))
    info = result.deep
    assert [r.n for r in info.rounds] == [1, 2, 3]
    assert info.stop_reason == "the model found the question covered"
    assert info.rounds[0].queries == [f"{Q} r1a", f"{Q} r1b"]
    assert all(r.pages_fetched == 6 and r.new_sources == 6 for r in info.rounds)
    assert info.spent["pages"] == 18 and info.spent["rounds"] == 3
    assert info.spent["tokens"] == result.usage.total_tokens > 0
    assert info.estimate["pages"] <= info.budget["pages"]
    assert max(topic_site.site.hits.values()) == 1  # no page fetched twice
    # the report: two sections, one reference list, every footnote's quote in its page
    assert info.outline == ["Background", "Details"]
    assert result.answer.startswith("## Background\n\n") and "\n\n## Details\n\n" in result.answer
    assert result.references
    by_n: dict[int, str] = {}
    for ref in result.references:
        assert by_n.setdefault(ref.n, ref.url) == ref.url  # one number per source
        slug = ref.url.rsplit("/", 1)[1]
        assert ref.quote in topic_site.site.text(slug)
        assert result.answer[ref.answer_span[0] : ref.answer_span[1]].strip()
    for start, end, n in result.markers:
        assert result.answer[start:end] == f"[^{n}]"
    assert ("round-1", "researching") in seen and ("report", "writing") in seen


def test_each_budget_stops_the_rounds(deep_settings, openai_server):
    fake = openai_server.fake
    fake.researcher.behave("tidal", rounds=None)  # never satisfied: only budgets stop it
    rounds = run_research(Q, deep(rounds=2), settings=deep_settings).deep
    assert len(rounds.rounds) == 2 and rounds.stop_reason == "round budget (2) reached"

    pages = run_research(Q + " p", deep(pages=8), settings=deep_settings).deep
    assert pages.spent["pages"] == 8 and pages.stop_reason == "page budget (8) reached"
    assert [r.pages_fetched for r in pages.rounds] == [6, 2]

    tokens = run_research(Q + " t", deep(tokens=9000), settings=deep_settings).deep
    assert tokens.spent["tokens"] <= 9000 and "token budget" in tokens.stop_reason

    fake.chat_delay = 0.6
    timed = run_research(Q + " s", deep(seconds=2), settings=deep_settings).deep
    assert "time budget" in timed.stop_reason and len(timed.rounds) <= 2


def test_malformed_plans_and_unshown_citations(deep_settings, openai_server):
    openai_server.fake.researcher.behave("lagoon", rounds=2, malformed_plan=True, cite_unshown=True)
    result = run_research(Q, deep(rounds=3), settings=deep_settings)
    assert result.deep.rounds[0].queries == [Q]  # the fallback: the question itself
    assert result.deep.rounds[1].queries == [f"{Q} gap 1"]  # then the open gaps
    assert any("not the JSON asked for" in w for w in result.warnings)
    assert any("dropped citation" in w and "not shown" in w for w in result.warnings)
    assert result.references  # the job still answers


def test_near_duplicate_pages_are_one_source(deep_settings, searxng_server, topic_site, openai_server):
    searxng_server.fake.results = SearchRows(topic_site.base_url, per_query=2, copies=True)
    openai_server.fake.researcher.behave("lagoon", rounds=1)
    info = run_research(Q, deep(rounds=2), settings=deep_settings).deep
    assert info.rounds[0].pages_fetched == 6 and info.rounds[0].duplicates == 2
    assert info.rounds[0].new_sources == 4


def test_a_round_run_again_after_its_fetch_does_not_fetch_again(deep_settings, openai_server, topic_site):
    """A round whose read failed (or whose worker died) after fetching goes on from
    the stored pages: each page is requested once."""
    import asyncio

    from deepref.worker.errors import GenerationError
    from deepref.worker.jobs.store import MemoryJobStore
    from deepref.worker.pipeline.deep.rounds import Job, run_round
    from deepref.worker.pipeline.resources import build_resources, close_resources

    openai_server.fake.researcher.behave("lagoon", rounds=None, fail_on="Open gaps:\n- What do tidal")
    store = MemoryJobStore()
    options = deep(rounds=3)
    record = store.create(Q, options)

    async def rounds():
        res = build_resources(deep_settings, distributed=False, embedder_name="jaccard")
        job = Job(record.id, Q, options, res, store)
        try:
            first = await run_round(job, 1)
            with pytest.raises(GenerationError):
                await run_round(job, 2)  # fails reading, after its fetch
            return first, await run_round(job, 2)
        finally:
            await close_resources(res)

    first, second = asyncio.run(rounds())
    assert first["next"] == "round-2" and second["next"] == "round-3"
    assert [r["pages_fetched"] for r in second["rounds"]] == [6, 6]
    assert second["spent"]["pages"] == 12 and second["rounds"][1]["findings"] > 0
    round2 = {p: c for p, c in topic_site.site.hits.items() if "-r2" in p}
    assert len(round2) == 6 and set(round2.values()) == {1}


def test_every_reading_in_prose_still_ends_with_verified_references(deep_settings, openai_server, topic_site):
    """Readings written as models write prose: markers before or after the full stop,
    some citing a neighbour, a passage not shown or ``[source]``, others none."""
    researcher = openai_server.fake.researcher
    # seeded: cited with a passage not shown; cited with [source] and a neighbour's number; "(from passage n)"
    researcher.behave("tidal lagoon", rounds=None, prose_rate=1.0, prose_steps=("reading",), prose_rng=random.Random(9))
    result = run_research(Q, deep(rounds=3), settings=deep_settings)
    how = researcher.behaviours["tidal lagoon"]
    assert how.prose == {"reading": 3}
    named = [w for w in result.warnings if "model's reading was not the JSON asked for" in w]
    assert len(named) == 3  # every prose reading names its fallback
    assert any("kept" in w and "of its sentences citing passages" in w for w in named)
    assert any("cited no passage shown" in w for w in named)  # a reading whose prose cites nothing
    assert any("dropped citation" in w and "prose reading" in w for w in result.warnings)
    assert any("not passage numbers: [source]" in w for w in result.warnings)
    assert result.references
    for ref in result.references:  # every footnote kept is the cited page's own text
        assert ref.quote in topic_site.site.text(ref.url.rsplit("/", 1)[1])
