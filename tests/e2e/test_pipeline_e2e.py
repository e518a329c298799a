"""The whole pipeline through a real Redis and real Celery worker processes, against
local search, LLM and web servers."""

from __future__ import annotations

import pytest

from deepref.worker.jobs.models import JobState
from tests.e2e.support import PrivateRedis, answer_requests, wait_until
from tests.e2e.support import results as _results
from tests.e2e.support import wait_for_state as _wait_for_state

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]


def _states(store, job_id):
    return [data["state"] for _, data in store.events(job_id)]


def test_job_goes_through_every_stage_and_cites_the_right_pages(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = _results(
        web_site,
        "/article",
        "/chinese",
        "/cp1252",
        "/redirect-private",
        "/slow",
        "/huge",
        "/doc.pdf",
        "/private/secret",
        "/missing",
    )
    start_worker("e2e")
    client = client_for(worker_env)
    job_id = client.submit("When did the La Rance tidal power station open?")
    result = client.result(job_id, wait=True, timeout=120)

    states = _states(client.store, job_id)
    for state in ("queued", "searching", "fetching", "chunking", "generating", "referencing", "done"):
        assert state in states, f"state {state} never observed: {states}"
    assert states.index("searching") < states.index("fetching") < states.index("referencing")

    assert result.answer_mode == "llm"
    assert "[^1]" in result.answer
    assert result.references, result.warnings
    pages = {s.id: s for s in result.sources}
    for ref in result.references:
        assert ref.supported is not False
        # the quote is a verbatim passage of that page's extracted text
        assert ref.quote in ref.context
        assert ref.context[ref.context_quote_span[0] : ref.context_quote_span[1]] == ref.quote
        assert ref.url == pages[ref.source_id].url
    cited = {r.url for r in result.references}
    assert web_site.url("/article") in cited
    la_rance = [r for r in result.references if "La Rance" in r.quote]
    assert la_rance, (result.answer, [(r.n, r.url, r.quote[:80]) for r in result.references])
    assert la_rance[0].url == web_site.url("/article")

    reasons = {f.url.rsplit("/", 1)[-1]: f.reason for f in result.failures}
    assert "slow" in reasons, reasons
    assert reasons["redirect-private"].startswith("blocked-address")
    assert reasons["slow"].startswith("timeout")
    assert reasons["huge"].startswith("too-large")
    assert reasons["secret"].startswith("robots")
    assert web_site.site.hits["/private/secret"] == 0
    assert result.usage.total_tokens > 0
    assert set(result.timings) == {"search", "fetch", "chunk", "generate", "build_references"}
    # no request ever carried the key anywhere but the Authorization header
    assert all(openai_server.api_key not in str(r["body"]) for r in openai_server.fake.requests)


def test_worker_killed_mid_stage_the_broker_redelivers(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    """SIGKILL the worker (and its children) while it holds the generate stage; no
    reaper runs: the broker itself delivers the unacknowledged message again after
    the visibility timeout (acks_late), and another worker finishes the job."""
    # a visibility timeout well past the stage lock's life (3 heartbeats: 3 s), so the
    # redelivered message finds the dead worker's lock expired
    env = {"DEEPREF_VISIBILITY_TIMEOUT": "8"}
    searxng_server.fake.default = _results(web_site, "/article")
    openai_server.fake.chat_delay = 4.0  # the generate stage is slow
    first = start_worker("doomed", **env)
    client = client_for({**worker_env, **env})
    job_id = client.submit("Which tidal plant is the largest?")
    _wait_for_state(client, job_id, JobState.generating)
    first.kill()  # SIGKILL the whole process group mid-stage
    openai_server.fake.chat_delay = 0.0
    start_worker("rescuer", **env)
    result = client.result(job_id, wait=True, timeout=90)
    record = client.status(job_id)
    events = [(e["state"], e["message"]) for _, e in client.store.events(job_id)]
    assert record.state is JobState.done, (record, events)
    assert record.attempts["generate"] == 2, (record.attempts, events)  # the killed start and the redelivered one
    assert not any("re-queued" in m for _, m in events), events  # not the reaper
    assert result.references


@pytest.mark.parametrize(
    ("question", "message"),
    [("", "empty"), ("x" * 100_000, "limit"), ("What is\x00 this\x07?", "control")],
)
def test_bad_questions_fail_at_submit(worker_env, client_for, question, message):
    from deepref.worker.errors import QuestionError

    client = client_for(worker_env)
    with pytest.raises(QuestionError, match=message):
        client.submit(question)


def test_unknown_job_is_a_clear_error(worker_env, client_for):
    from deepref.worker.errors import JobNotFound

    with pytest.raises(JobNotFound, match="never submitted or has expired"):
        client_for(worker_env).status("nope")


def test_redis_killed_mid_job_loses_nothing(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server, tmp_path
):
    """Redis dies (SIGKILL) while a stage runs and comes back from its append-only file:
    the worker reconnects and consumes again, the broker redelivers the interrupted
    stage's message (no reaper runs), the stage runs again, the job finishes."""
    server = PrivateRedis(tmp_path)
    server.start()
    env = {**worker_env, "DEEPREF_REDIS_URL": server.url}
    try:
        searxng_server.fake.default = _results(web_site, "/article")
        openai_server.fake.chat_delay = 3.0
        start_worker("redis-outage", DEEPREF_REDIS_URL=server.url)
        client = client_for(env)
        job_id = client.submit("Which tidal plant is the largest?")
        _wait_for_state(client, job_id, JobState.generating)
        # Redis dies while the model writes (not before the stage has asked it: a loaded
        # machine may be slow to send the request)
        wait_until(lambda: answer_requests(openai_server) and openai_server.fake.in_flight, 60, "the answer request")
        server.kill()
        from deepref.worker.errors import StoreUnavailable

        with pytest.raises(StoreUnavailable, match="cannot reach Redis"):  # a clear error meanwhile
            client.status(job_id)
        # the model answers while Redis is away: the stage cannot record it
        wait_until(
            lambda: answer_requests(openai_server) and openai_server.fake.in_flight == 0, 30, "the model's answer"
        )
        openai_server.fake.chat_delay = 0.0
        server.start()
        # no reaper runs here: the worker reconnects and the broker redelivers
        _wait_for_state(client, job_id, JobState.done, timeout=90)
        result = client.result(job_id)
        assert result.references and "/article" in result.references[0].url
        assert client.status(job_id).timings.keys() >= {"search", "fetch", "chunk", "generate", "build_references"}
    finally:
        server.kill()
