from __future__ import annotations

import pytest

from deepref.reference.errors import ConfigurationError
from deepref.worker.errors import GenerationError
from deepref.worker.inference.llm import LLMClient, Passage, check_llm_settings, parse_queries
from deepref.worker.settings import Settings

PASSAGES = [
    Passage(1, "Tides", "https://t.example/", "The La Rance station opened in 1966. It is in France."),
    Passage(2, "Wind", "https://w.example/", "Offshore wind farms place turbines at sea."),
]


async def test_answer_prompt_is_numbered_and_cited(llm, openai_server):
    gen = await llm.answer("When did La Rance open?", PASSAGES)
    assert "[1]" in gen.text and gen.prompt_tokens > 0 and gen.latency_ms > 0
    body = openai_server.fake.requests[-1]["body"]
    user = body["messages"][-1]["content"]
    assert "[1] Tides — https://t.example/" in user and "[2] Wind" in user
    assert "ONLY from the numbered context" in body["messages"][0]["content"]


async def test_model_per_call(llm, openai_server):
    gen = await llm.answer("q", PASSAGES, model="other-model")
    assert gen.model == "other-model" and openai_server.fake.requests[-1]["body"]["model"] == "other-model"


async def test_sub_queries(llm):
    queries = await llm.sub_queries("tidal power", 2)
    assert len(queries) == 2 and all("tidal power" in q for q in queries)


@pytest.mark.parametrize(
    ("status", "hint"), [(401, "DEEPREF_LLM_API_KEY"), (404, "DEEPREF_LLM_MODEL"), (500, "HTTP 500")]
)
async def test_errors_say_what_to_fix(llm, openai_server, status, hint):
    openai_server.fake.fail_status = status
    with pytest.raises(GenerationError, match=hint) as info:
        await llm.answer("q", PASSAGES)
    assert openai_server.api_key not in str(info.value)


async def test_unreachable_endpoint():
    client = LLMClient("http://127.0.0.1:1/v1", api_key="k", model="m", max_retries=0, timeout=2)
    with pytest.raises(GenerationError, match="cannot reach"):
        await client.answer("q", PASSAGES)
    await client.close()


async def test_retries_transient_errors(openai_server):
    openai_server.fake.fail_status, openai_server.fake.fail_times = 503, 1
    client = LLMClient(openai_server.v1, api_key=openai_server.api_key, model="fake", max_retries=2)
    try:
        assert (await client.answer("q", PASSAGES)).text
    finally:
        await client.close()


def test_missing_key_is_caught_at_submit_time():
    with pytest.raises(ConfigurationError, match="DEEPREF_LLM_API_KEY"):
        check_llm_settings(Settings(llm_base_url="https://api.openai.com/v1"))
    check_llm_settings(Settings(llm_base_url="http://localhost:8000/v1"))  # local servers need no key


def test_parse_queries():
    assert parse_queries('["a b c", "d e f"]', 5) == ["a b c", "d e f"]
    assert parse_queries("1. first query\n- second query\n\nx", 5) == ["first query", "second query"]


@pytest.mark.parametrize("mode", ["tags", "prompt-opened", "field"])
@pytest.mark.parametrize("streamed", [True, False])
async def test_a_reasoning_models_thinking_is_not_the_answer(llm, openai_server, mode, streamed):
    fake = openai_server.fake
    fake.reasoning = mode
    deltas: list[str] = []
    restarts: list[int] = []

    def restart() -> None:
        restarts.append(len(deltas))
        deltas.clear()

    gen = await llm.answer(
        "When did La Rance open?",
        PASSAGES,
        on_delta=deltas.append if streamed else None,
        on_restart=restart if streamed else None,
    )
    assert gen.text.startswith("The La Rance station opened in 1966") and "think" not in gen.text.lower()
    assert "off-topic" not in gen.text and gen.reasoning_tokens > 0
    if streamed:
        assert "".join(deltas).strip() == gen.text
        # only a block the prompt opened is taken back, once its closing tag shows it was thinking
        assert bool(restarts) == (mode == "prompt-opened")


async def test_an_answer_that_is_only_thinking_is_an_error_that_says_so(llm, openai_server):
    openai_server.fake.script("La Rance", "<think>I cannot decide")
    with pytest.raises(GenerationError, match="only its reasoning"):
        await llm.answer("When did La Rance open?", PASSAGES)
