"""The write-up streamed while it is written, through a real Redis, a real worker
process and the real API: the events reassemble to exactly the stored answer, for
a quick answer and for a deep job's sectioned report; ``deepref result --follow``
prints the answer as it is written, then the result."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from deepref.api.app import create_app
from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
from deepref.worker.jobs.streaming import Reassembly
from tests.e2e.support import answer_requests, results, wait_until

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(240)]

REPO = Path(__file__).resolve().parents[2]
QUESTION = "Which tidal power stations have been the largest in the world?"
# cites one claim wrongly and one with a number no source has, leaves one uncited:
# the verified answer is not the draft, so only the edits can make them equal
SCRIPT = (
    "La Rance, on the estuary of the Rance river in Brittany, began producing electricity in 1966 "
    "and remained the world's largest tidal plant for 45 years [{/article}]. Tidal lagoons enclose part of "
    "the coast with a wall [{/cp1252}]. Tidal stream generators work like underwater wind turbines "
    "[{unknown}]. The Sihwa Lake Tidal Power Station in South Korea, opened in 2011, has a capacity of "
    "254 megawatts."
)
DEEP_Q = "What do tidal lagoon costs depend on?"


async def _sse(http, url: str, headers: dict | None = None) -> list[tuple[str, str, dict]]:
    """(id, event, data) of every event of one SSE response, until it ends."""
    events, event_id, kind = [], "", "message"
    async with http.get(url, headers=headers or {}) as resp:
        assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/event-stream")
        async for raw in resp.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                events.append((event_id, kind, json.loads(line[6:])))
                event_id, kind = "", "message"
    return events


def _reassemble(events) -> Reassembly:
    reader = Reassembly()
    for _, kind, data in events:
        if kind in ("draft", "answer"):
            reader.apply(kind, data)
    return reader


@pytest.fixture
async def api(aiohttp_client, worker_env, client_for):
    client = client_for(worker_env)
    return await aiohttp_client(create_app(client.settings, client=client)), client


async def test_quick_answer_streams_and_reassembles_to_the_stored_answer(
    api, start_worker, searxng_server, web_site, openai_server
):
    http, _ = api
    searxng_server.fake.default = results(web_site, "/article", "/cp1252")
    openai_server.fake.script("largest in the world", SCRIPT)
    openai_server.fake.stream_piece, openai_server.fake.stream_delay = 4, 0.01  # ~1 s of writing
    start_worker("stream")
    created = await (await http.post("/v1/jobs", json={"question": QUESTION})).json()
    events = await _sse(http, created["urls"]["events"])  # followed from the start, live
    job = await (await http.get(created["urls"]["status"])).json()
    answer = job["result"]["answer"]

    kinds = [kind for _, kind, _ in events]
    assert kinds[-1] == "state" and events[-1][2]["state"] == "done"
    drafts = [data for _, kind, data in events if kind == "draft"]
    assert len(drafts) >= 5, kinds  # the text came in pieces while it was written
    first_draft, answer_at = kinds.index("draft"), kinds.index("answer")
    assert kinds.count("answer") == 1 and first_draft < answer_at < len(kinds) - 1
    generating = [i for i, (_, kind, data) in enumerate(events) if kind == "state" and data["state"] == "generating"]
    assert generating and generating[0] < first_draft  # drafts are written in the generate stage
    # the model asked to stream, and the usage of its last chunk was counted
    answered = [r["body"] for r in answer_requests(openai_server)]
    assert answered[-1]["stream"] is True and job["result"]["usage"]["completion_tokens"] > 0

    reader = _reassemble(events)
    assert reader.broken is None and reader.answer == answer
    assert "[^1]" in reader.draft and "[1]" not in reader.draft  # markers rewritten as they came
    assert reader.draft != answer  # the verified answer differs (moved, dropped, filled citations)

    # a follower arriving after the end reads every piece; one resuming mid-draft goes on
    late = await _sse(http, created["urls"]["events"])
    assert _reassemble(late).answer == answer
    middle = next(i for i, (_, kind, _) in enumerate(late) if kind == "draft") + 2
    resumed = await _sse(http, created["urls"]["events"], {"Last-Event-ID": late[middle][0]})
    assert [e[1:] for e in resumed] == [e[1:] for e in late[middle + 1 :]]
    assert _reassemble(late[: middle + 1] + resumed).answer == answer


async def test_deep_report_streams_section_by_section_and_reassembles(api, start_worker, openai_server, topic_site):
    http, _ = api
    openai_server.fake.researcher.behave("tidal lagoon", rounds=2)
    openai_server.fake.stream_piece, openai_server.fake.stream_delay = 6, 0.005
    start_worker("deep-stream")
    options = ResearchOptions(depth="deep", budget=ResearchBudget(rounds=3))
    created = await (
        await http.post("/v1/jobs", json={"question": DEEP_Q, "options": options.model_dump(mode="json")})
    ).json()
    events = await _sse(http, created["urls"]["events"])
    result = (await (await http.get(created["urls"]["status"])).json())["result"]
    assert result["deep"]["outline"] == ["Background", "Details"]

    reader = _reassemble(events)
    assert reader.broken is None and reader.answer == result["answer"]
    assert reader.draft.startswith("## Background\n\n") and "\n\n## Details\n\n" in reader.draft
    assert "[^" in reader.draft and sum(kind == "draft" for _, kind, _ in events) >= 5
    # sections were streamed while they were written: drafts between the progress lines
    kinds = [(kind, data.get("message", "")) for _, kind, data in events]
    second = next(i for i, (kind, msg) in enumerate(kinds) if msg.startswith("writing section 2 of 2"))
    assert any(kind == "draft" for kind, _ in kinds[:second]) and any(kind == "draft" for kind, _ in kinds[second:])
    # the report's footnotes are the verified ones: each resolves to a quote in its source
    for ref in result["references"]:
        assert ref["quote"] in topic_site.site.text(ref["url"].rsplit("/", 1)[1])


def test_result_follow_prints_the_answer_as_it_is_written_then_the_result(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = results(web_site, "/article", "/cp1252")
    openai_server.fake.script("largest in the world", SCRIPT)
    openai_server.fake.stream_piece, openai_server.fake.stream_delay = 4, 0.02  # ~2 s of writing
    client = client_for(worker_env)
    job_id = client.submit(QUESTION)
    follower = subprocess.Popen(
        [sys.executable, "-m", "deepref.cli.main", "result", job_id, "--follow", "--timeout", "120"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={k: v for k, v in worker_env.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(REPO)},
    )
    lines: list[str] = []
    outs: list[str] = []
    readers = [
        threading.Thread(
            target=lambda: [lines.append(line) for line in iter(follower.stderr.readline, "")], daemon=True
        ),
        threading.Thread(target=lambda: outs.append(follower.stdout.read()), daemon=True),
    ]
    for reader in readers:
        reader.start()
    # the follower prints a progress message of the queued job: it is following before the worker starts
    client.store.update(job_id, message="waiting for a worker")
    wait_until(lambda: "[queued] waiting for a worker\n" in lines, 30, "the follower's [queued] line")
    start_worker("follow")
    try:
        follower.wait(150)
    finally:
        follower.kill()
        for reader in readers:
            reader.join(10)
        follower.stdout.close()
        follower.stderr.close()
    out, err = "".join(outs), "".join(lines)
    assert follower.returncode == 0, err
    result = client.result(job_id)
    pieces = [fields["text"] for _, fields in client.store.text_events(job_id) if fields["kind"] == "draft"]
    assert result.answer in out and "[^" not in err.split("[done]")[-1]  # the result on stdout only
    assert "[generating]" in err and "[done]" in err  # progress lines
    assert len(pieces) > 3 and "[^1]" in "".join(pieces)  # the draft, markers rewritten
    at = err.index("[generating]")
    for piece in filter(None, pieces):  # each piece printed as it came, in order, between the progress lines
        at = err.index(piece, at)
    assert at < err.index("[done]")


async def test_an_endpoint_that_does_not_stream_still_reassembles(
    api, start_worker, searxng_server, web_site, openai_server
):
    http, _ = api
    searxng_server.fake.default = results(web_site, "/article", "/cp1252")
    openai_server.fake.streams = False  # one JSON body to the streamed request
    start_worker("no-stream")
    created = await (await http.post("/v1/jobs", json={"question": "When did La Rance open?"})).json()
    events = await _sse(http, created["urls"]["events"])
    answer = (await (await http.get(created["urls"]["status"])).json())["result"]["answer"]
    # the whole text at once (and a marker it ends with, held back until the end)
    assert 1 <= sum(kind == "draft" for _, kind, _ in events) <= 2
    assert _reassemble(events).answer == answer


async def test_a_worker_killed_mid_stream_writes_again_and_the_events_still_reassemble(
    api, start_worker, client_for, worker_env, searxng_server, web_site, openai_server
):
    """SIGKILL the worker while the answer is half streamed; the broker redelivers the
    generate stage, whose new attempt starts the draft over (offset 0): the events
    of both attempts, read in order, still give exactly the stored answer."""
    http, _ = api
    env = {"DEEPREF_VISIBILITY_TIMEOUT": "8"}  # past the dead worker's stage lock (3 s)
    searxng_server.fake.default = results(web_site, "/article", "/cp1252")
    openai_server.fake.script("largest in the world", SCRIPT)
    openai_server.fake.stream_piece, openai_server.fake.stream_delay = 4, 0.01
    openai_server.fake.stream_stall_after = 120
    first = start_worker("doomed", **env)
    client = client_for({**worker_env, **env})
    job_id = client.submit(QUESTION)
    await asyncio.to_thread(wait_until, lambda: openai_server.fake.streams_stalled == 1, 60, "half an answer")
    await asyncio.to_thread(wait_until, lambda: len(client.store.text_events(job_id)) > 0, 10, "a draft event")
    first.kill()
    openai_server.fake.release_streams(openai_server.loop)
    start_worker("heir", **env)
    events = await _sse(http, f"/v1/jobs/{job_id}/events")
    record = client.status(job_id)
    assert record.attempts["generate"] == 2
    restarts = [data for _, kind, data in events if kind == "draft" and data["offset"] == 0]
    assert len(restarts) == 2  # the killed attempt's draft, then the new one from the start
    reader = _reassemble(events)
    assert reader.broken is None and reader.answer == record.result.answer
