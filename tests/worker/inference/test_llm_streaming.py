"""Streamed chat completions against the local OpenAI-compatible server: the
deltas, the usage of the last chunk, and the fallbacks of an endpoint that does
not stream."""

from __future__ import annotations

import pytest

from deepref.worker.inference.llm import Passage

PASSAGES = [
    Passage(1, "Tides", "https://t.example/", "The La Rance station opened in 1966. It is in France."),
    Passage(2, "Wind", "https://w.example/", "Offshore wind farms place turbines at sea."),
]
Q = "When did the La Rance station open?"


async def test_answer_streams_in_pieces_with_the_usage_of_the_last_chunk(llm, openai_server):
    plain = await llm.answer(Q, PASSAGES)
    deltas: list[str] = []
    streamed = await llm.answer(Q, PASSAGES, on_delta=deltas.append)
    body = openai_server.fake.requests[-1]["body"]
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert len(deltas) > 3 and "".join(deltas).strip() == streamed.text == plain.text
    assert "[1]" in streamed.text
    assert (
        (streamed.prompt_tokens, streamed.completion_tokens) == (plain.prompt_tokens, plain.completion_tokens) != (0, 0)
    )
    assert llm.streams


async def test_an_endpoint_that_ignores_stream_answers_once(llm, openai_server):
    openai_server.fake.streams = False  # one JSON body to a streamed request
    deltas: list[str] = []
    gen = await llm.answer(Q, PASSAGES, on_delta=deltas.append)
    assert deltas == [gen.text] and gen.completion_tokens > 0
    assert len(openai_server.fake.requests) == 1 and not llm.streams
    await llm.answer(Q, PASSAGES, on_delta=deltas.append)
    assert "stream" not in openai_server.fake.requests[-1]["body"]  # not asked again


async def test_an_endpoint_that_refuses_stream_is_asked_without_it(llm, openai_server):
    openai_server.fake.stream_status = 400
    deltas: list[str] = []
    gen = await llm.answer(Q, PASSAGES, on_delta=deltas.append)
    assert deltas == [gen.text] and "[1]" in gen.text
    assert [r["body"].get("stream") for r in openai_server.fake.requests] == [True, None]
    assert not llm.streams


async def test_a_failing_endpoint_still_fails_when_streaming(llm, openai_server):
    from deepref.worker.errors import GenerationError

    openai_server.fake.fail_status = 500
    with pytest.raises(GenerationError, match="HTTP 500"):
        await llm.answer(Q, PASSAGES, on_delta=lambda _: None)
