"""The chat model's context: known before a prompt is sent, and never exceeded silently."""

from __future__ import annotations

import pytest

from deepref.worker.inference import context_window as cw
from deepref.worker.inference.llm import LLMClient, Passage

LONG = "Tidal range power stations hold water behind a barrage and release it through turbines. " * 40
PASSAGES = [
    Passage(1, "La Rance", "https://t.example/rance", "The La Rance station opened in 1966. " + LONG),
    *(Passage(n, f"Page {n}", f"https://t.example/{n}", LONG) for n in range(2, 13)),
]


def test_server_root_drops_the_openai_path():
    assert cw.server_root("http://127.0.0.1:11434/v1/") == "http://127.0.0.1:11434"
    assert cw.server_root("https://gw.example/ollama/v1") == "https://gw.example/ollama"


def test_the_servers_own_reports_are_read():
    show = {"parameters": "num_ctx 16384\nstop x", "model_info": {"llama.context_length": 131072}}
    assert cw.from_ollama_show(show) == 16384  # the Modelfile's setting is what it serves
    assert cw.from_ollama_show({"model_info": {"qwen3.context_length": 40960}}) == 40960
    assert cw.from_ollama_show({"model_info": {}}) is None
    assert cw.from_llamacpp_props({"default_generation_settings": {"n_ctx": 4096}}) == 4096
    assert cw.from_llamacpp_props({"default_generation_settings": {}}) is None
    models = {"data": [{"id": "other", "max_model_len": 1}, {"id": "m", "max_model_len": 32768}]}
    assert cw.from_vllm_models(models, "m") == 32768 and cw.from_vllm_models(models, "x") is None


def test_fit_texts_keeps_the_best_first_and_shortens_the_one_that_does_not_fit():
    texts = ["a" * 300, "b " * 300, "c " * 300, "d " * 300]
    fitted = cw.fit_texts(texts, 400)  # 1,200 characters of room
    assert fitted.texts[:2] == texts[:2] and fitted.shortened and fitted.dropped == 1
    assert fitted.texts[2] == "c " * 149 + "c"  # cut at a space, within the 300 characters left
    fitted = cw.fit_texts(texts, 350)  # 150 characters left: too little to be worth a passage
    assert fitted.texts == texts[:2] and not fitted.shortened and fitted.dropped == 2


@pytest.fixture
async def client(openai_server):
    made: list[LLMClient] = []

    def make(**kwargs) -> LLMClient:
        made.append(LLMClient(openai_server.v1, api_key=openai_server.api_key, model="fake", max_retries=0, **kwargs))
        return made[-1]

    yield make
    for c in made:
        await c.close()


async def test_ollama_is_asked_for_the_context_the_prompt_needs(client, openai_server):
    fake = openai_server.fake
    fake.server = "ollama"
    gen = await client().answer("When did La Rance open?", PASSAGES)
    num_ctx = fake.requests[-1]["body"]["options"]["num_ctx"]
    prompt = cw.prompt_tokens(fake.requests[-1]["body"]["messages"])
    assert prompt + cw.ANSWER_TOKENS <= num_ctx <= fake.context
    assert "1966" in gen.text and not gen.warnings  # the first source reached the model


async def test_without_num_ctx_ollama_would_have_lost_the_first_sources(openai_server):
    """What the request above prevents: the fake cuts like Ollama when not asked."""
    fake = openai_server.fake
    fake.server = "ollama"
    client = LLMClient(openai_server.v1, api_key=openai_server.api_key, model="fake", max_retries=0)
    client._windows["fake"] = cw.ContextWindow(131072, "test", ollama=False)  # a client that does not ask
    try:
        gen = await client.answer("When did La Rance open?", PASSAGES)
    finally:
        await client.close()
    assert "1966" not in gen.text and "[1] La Rance" not in fake.seen_prompts[-1]


async def test_a_small_context_is_filled_with_the_best_sources_and_the_warning_says_so(client, openai_server):
    fake = openai_server.fake
    fake.server, fake.context = "llamacpp", 4096
    gen = await client().answer("When did La Rance open?", PASSAGES)
    sent = fake.requests[-1]["body"]["messages"]
    assert cw.prompt_tokens(sent) + cw.ANSWER_TOKENS <= 4096
    assert "[1] La Rance" in sent[-1]["content"] and "[12] Page 12" not in sent[-1]["content"]
    (warning,) = gen.warnings
    assert "4,096 tokens, from llama.cpp's /props" in warning and "of the 12 passages" in warning


async def test_the_setting_wins_over_the_server(client, openai_server):
    openai_server.fake.server = "llamacpp"
    window = await client(context_tokens=3000).context_window()
    assert window.tokens == 3000 and window.source == "DEEPREF_LLM_CONTEXT_TOKENS"


async def test_an_unknown_server_gets_the_documented_default(client):
    window = await client().context_window()
    assert window.tokens == cw.DEFAULT_CONTEXT_TOKENS and "DEEPREF_LLM_CONTEXT_TOKENS" in window.source


async def test_any_call_too_long_for_the_context_is_cut_with_a_warning(client, openai_server):
    fake = openai_server.fake
    fake.server, fake.context = "llamacpp", 2048
    gen = await client().complete([{"role": "user", "content": "Summarise: " + LONG * 3}], max_tokens=200)
    sent = fake.requests[-1]["body"]["messages"]
    assert cw.prompt_tokens(sent) + 200 <= 2048 and sent[0]["content"].startswith("Summarise: ")
    assert gen.warnings and "2,048 tokens" in gen.warnings[0]
