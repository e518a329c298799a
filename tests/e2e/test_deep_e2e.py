"""Deep jobs through a real Redis and real Celery workers: rounds as queued work,
resumption after SIGKILL in round 2, cancel at the round boundary, a stalled
stage shown as stalled, and a sectioned report whose footnotes resolve."""

from __future__ import annotations

import pytest

from deepref.worker.jobs.models import JobState, ResearchBudget, ResearchOptions
from tests.e2e.support import wait_for_state, wait_until
from tests.fakes.topic_site import SearchRows

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(240)]

Q = "What do tidal lagoon costs depend on?"


def deep(**budget) -> ResearchOptions:
    return ResearchOptions(depth="deep", budget=ResearchBudget(**budget))


def round_pages(topic_site, n: int) -> dict[str, int]:
    """Requests per page found by round ``n``'s queries."""
    return {p: c for p, c in topic_site.site.hits.items() if f"-r{n}" in p}


def test_deep_job_runs_rounds_on_a_worker_and_writes_a_sectioned_report(
    worker_env, start_worker, client_for, openai_server, topic_site
):
    openai_server.fake.researcher.behave("tidal lagoon", rounds=None)  # only the budget stops it
    start_worker("deep")
    client = client_for(worker_env)
    job = client.submit(Q, deep(rounds=3))
    result = client.result(job, wait=True, timeout=150)
    record = client.status(job)
    assert [r.n for r in result.deep.rounds] == [1, 2, 3]
    assert result.deep.stop_reason == "round budget (3) reached"
    assert set(record.timings) >= {"round-1", "round-2", "round-3", "report"}
    assert record.deep.sources == len(result.sources) == 12 and record.deep.pages == 12
    assert max(topic_site.site.hits.values()) == 1
    assert result.deep.outline == ["Background", "Details"] and "## Details" in result.answer
    by_n: dict[int, str] = {}
    for ref in result.references:
        assert by_n.setdefault(ref.n, ref.url) == ref.url
        assert ref.quote in topic_site.site.text(ref.url.rsplit("/", 1)[1])
    assert {r.url for r in result.references} <= {s.url for s in result.sources}
    events = [e for _, e in client.store.events(job)]
    assert any(e["message"].startswith("round 2 of 3: reading 4 pages for") for e in events), events
    assert any("pages," in e["message"] and "tokens so far" in e["message"] for e in events)


def test_worker_killed_in_round_2_resumes_in_round_2(worker_env, start_worker, client_for, openai_server, topic_site):
    fake = openai_server.fake
    fake.researcher.behave("tidal lagoon", rounds=3, stall_on="Round: 2 of")
    first = start_worker("doomed")
    client = client_for(worker_env)
    job = client.submit(Q, deep(rounds=4))
    wait_until(lambda: fake.researcher.stalled == 1, 90, "round 2's plan")
    first.kill()
    fake.researcher.release(openai_server.loop)  # the next delivery's plan is answered
    start_worker("heir")
    result = client.result(job, wait=True, timeout=150)
    record = client.status(job)
    assert [r.n for r in result.deep.rounds] == [1, 2, 3]
    assert record.attempts["round-1"] == 1 and record.attempts["round-2"] == 2
    round1 = round_pages(topic_site, 1)
    assert len(round1) == 4 and set(round1.values()) == {1}  # round 1's pages not fetched again
    assert set(round_pages(topic_site, 2).values()) == {1}


def test_cancel_mid_round_stops_at_the_boundary(worker_env, start_worker, client_for, openai_server, topic_site):
    fake = openai_server.fake
    fake.researcher.behave("tidal lagoon", rounds=None, stall_on="Round: 2 of")
    worker = start_worker("cancel")
    # this client's stall allowance for a round: its longest silent step (2 s) and three beats
    quick = {"DEEPREF_LLM_TIMEOUT": "2", "DEEPREF_FETCH_TOTAL_TIMEOUT": "1", "DEEPREF_EXTRACT_TIMEOUT": "1"}
    client = client_for(worker_env | quick)
    job = client.submit(Q, deep(rounds=4))
    wait_until(lambda: fake.researcher.stalled == 1, 90, "round 2's plan")
    # a stage silent for longer than it may is shown as stalled, with the stage
    wait_until(lambda: client.status(job).stalled is not None, 30, "stalled")
    assert client.status(job).stalled.startswith("round-2: no event for")
    client.cancel(job)
    fake.researcher.release(openai_server.loop)
    # round 2 ends (its pages are read), then nothing follows
    wait_until(lambda: len(round_pages(topic_site, 2)) == 4, 60, "round 2's pages")
    worker.barrier(client, job)  # round 3, had it been queued, has run before this returns
    record = wait_for_state(client, job, JobState.cancelled)
    assert "round-3" not in record.attempts and record.stalled is None
    assert not any("Round: 3 of" in user for _, user in fake.researcher.prompts)


def test_every_budget_holds_on_a_worker(worker_env, start_worker, client_for, openai_server, topic_site):
    fake = openai_server.fake
    fake.researcher.behave("tidal", rounds=None)  # never satisfied: only budgets stop these jobs
    fake.chat_delay = 0.5  # a round makes at least two calls: round 1 alone outlasts the 1 s budget below
    start_worker("budgets")
    client = client_for(worker_env)
    jobs = {
        "pages": client.submit(Q + " (pages)", deep(pages=5)),
        "tokens": client.submit(Q + " (tokens)", deep(tokens=3000)),
        "seconds": client.submit(Q + " (seconds)", deep(seconds=1)),
    }
    deep_of = {name: client.result(job, wait=True, timeout=150).deep for name, job in jobs.items()}
    pages = deep_of["pages"]
    assert pages.spent["pages"] == 5 and pages.stop_reason == "page budget (5) reached"
    assert [r.pages_fetched for r in pages.rounds] == [4, 1]
    tokens = deep_of["tokens"]
    assert tokens.spent["tokens"] <= 3000 and "token budget" in tokens.stop_reason
    seconds = deep_of["seconds"]
    assert "time budget (1 s) reached" in seconds.stop_reason and len(seconds.rounds) < 6


def test_a_wide_round_is_fetched_by_several_worker_processes(
    worker_env, start_worker, client_for, openai_server, searxng_server, topic_site
):
    """20 pages in one round: two batches; the worker's second process helps (a
    deep_fetch task), completion is counted in the job store, each page fetched once."""
    from deepref.worker.pipeline.deep.fanout import out_name

    topic_site.site.delay = 0.3
    searxng_server.fake.results = SearchRows(topic_site.base_url, per_query=15)
    openai_server.fake.researcher.behave("tidal lagoon", rounds=1)
    worker = start_worker("wide", DEEPREF_MAX_RESULTS_PER_QUERY="15")  # two processes
    client = client_for(worker_env)
    job = client.submit(Q, deep(pages=20))
    result = client.result(job, wait=True, timeout=150)
    assert result.deep.rounds[0].pages_fetched == 20 and len(result.sources) == 20
    assert set(topic_site.site.hits.values()) == {1}
    assert all(client.store.get_artifact(job, out_name(1, i))["documents"] for i in range(2))
    log = worker.log_path.read_text()
    assert "deepref.deep_fetch" in log and "succeeded" in log
