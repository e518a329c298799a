"""The chat model, through the ``openai`` SDK against any OpenAI-compatible endpoint.

The prompt follows RAGQA's shape: numbered context sections (``[n] Title — URL``),
"answer only from the context", cite with ``[n]``; the reference engine then
resolves those markers and checks each against its source. Errors of the SDK are
translated here into :class:`GenerationError` messages that name the setting to
fix. The API key lives in a ``SecretStr`` and is never put in a message.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import enum
import json
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

from deepref.reference.errors import ConfigurationError
from deepref.reference.languages import code_of, guess, name_of
from deepref.worker.errors import GenerationError
from deepref.worker.inference import context_window as cw
from deepref.worker.inference.pricing import Quote, price_of
from deepref.worker.inference.reasoning import ReasoningFilter

if TYPE_CHECKING:
    from openai.types import CompletionUsage
    from openai.types.chat import ChatCompletionMessageParam

    from deepref.worker.settings import Settings


@dataclass(frozen=True, slots=True)
class Passage:
    n: int
    title: str
    url: str
    text: str


@dataclass(frozen=True, slots=True)
class Generation:
    text: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    latency_ms: float
    reasoning_tokens: int = 0
    """Of ``completion_tokens``, those spent thinking (the server's count, or estimated
    from the share of thinking characters); the thinking itself is not in ``text``."""
    warnings: tuple[str, ...] = ()
    """What the call changed to fit the model (a prompt cut to its context)."""
    cached_tokens: int = 0
    """Of ``prompt_tokens``, those the provider served from its prompt cache."""
    cost: float | None = 0.0
    """US dollars (worker/inference/pricing.py); None when the model's price is unknown."""


SYSTEM_PROMPT = (
    "You are a careful research assistant. Answer ONLY from the numbered context sections. "
    "After every sentence that states a fact, cite the section(s) that support it with markers "
    "like [1] or [2][3], using the section numbers. Never cite a number that is not in the context. "
    "If the context does not contain the answer, say plainly that the sources found do not answer it. "
    "{language}Be concise; use bullet points when they help."
)


def language_rule(question: str, language: str | None = None) -> str:
    """The prompt's sentence on the language to write in: the question's, or the job's
    ``language``. Nothing about search queries: a prompt asks only for its own task."""
    code = code_of(language)
    if not code:
        return "Answer in the language of the question. "
    return f"Write in {name_of(code)}, whatever the language of the question or of the sources. "


def query_language_rule(question: str, language: str | None) -> str:
    """For a prompt that writes search queries: in the question's language and also in
    the job's ``language`` when they differ (sources in either are found); else nothing."""
    code = code_of(language)
    if not code or guess(question) == code:
        return ""
    return f"Write search queries in the language of the question and also in {name_of(code)}. "


def with_language(
    messages: list[dict[str, str]], question: str, language: str | None, *, queries: bool = False
) -> list[dict[str, str]]:
    """``messages`` whose system message also says which language to write in, and, for a
    prompt that asks for search queries (``queries``), which language to search in."""
    if not code_of(language) or not messages or messages[0].get("role") != "system":
        return messages
    rule = language_rule(question, language) + (query_language_rule(question, language) if queries else "")
    return [{**messages[0], "content": messages[0]["content"] + " " + rule.rstrip()}, *messages[1:]]


def _section(p: Passage) -> str:
    return f"[{p.n}] {p.title} — {p.url}\n{p.text.strip()}"


def build_answer_messages(
    question: str,
    passages: list[Passage],
    language: str | None = None,
    history: Sequence[tuple[str, str]] = (),
) -> list[dict[str, str]]:
    """The answer's prompt; ``history``: the earlier (question, answer) pairs of a
    follow-up's thread, given as the conversation before the question."""
    sections = "\n\n".join(_section(p) for p in passages)
    conversation = [
        {"role": role, "content": text}
        for asked, said in history
        for role, text in (("user", asked), ("assistant", said))
    ]
    return [
        {"role": "system", "content": SYSTEM_PROMPT.format(language=language_rule(question, language))},
        *conversation,
        {
            "role": "user",
            "content": f"Question: {question}\n\nContext sections:\n{sections or 'No context available.'}\n\n"
            "Answer the question, citing the context sections with [n] markers.",
        },
    ]


def check_llm_settings(settings: Settings) -> None:
    """Fail at submit time, not deep inside a worker, when the endpoint needs a key."""
    url = settings.llm_base_url
    if url and "api.openai.com" in (urlsplit(url).hostname or "") and settings.llm_api_key is None:
        raise ConfigurationError(
            f"DEEPREF_LLM_BASE_URL is {url} but DEEPREF_LLM_API_KEY is not set; set the key or unset the URL "
            "to get extractive answers"
        )
    if (
        settings.embedding_base_url
        and "api.openai.com" in (urlsplit(settings.embedding_base_url).hostname or "")
        and settings.embedding_api_key is None
        and settings.llm_api_key is None
    ):
        raise ConfigurationError("DEEPREF_EMBEDDING_BASE_URL points at OpenAI but no DEEPREF_EMBEDDING_API_KEY is set")


class _Refused(enum.Enum):
    REFUSED = "refused"


REFUSED = _Refused.REFUSED  # an endpoint's answer to a streamed request it does not take

_calls: contextvars.ContextVar[list[Generation] | None] = contextvars.ContextVar("deepref_llm_calls", default=None)


@contextlib.contextmanager
def metered() -> Iterator[list[Generation]]:
    """Collects every model call made inside the block (in this task and the tasks it
    starts), so that a stage can count calls it does not make itself (sub-queries)."""
    calls: list[Generation] = []
    token = _calls.set(calls)
    try:
        yield calls
    finally:
        _calls.reset(token)


class LLMClient:
    """One per worker process; wraps ``openai.AsyncOpenAI``."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None,
        model: str,
        timeout: float = 120.0,
        max_retries: int = 3,
        context_tokens: int = 0,
        prices: dict | None = None,
    ):
        from openai import AsyncOpenAI

        self.base_url, self.model = base_url, model
        self._api_key = api_key
        self._context_tokens = context_tokens  # DEEPREF_LLM_CONTEXT_TOKENS; 0: ask the server
        self._windows: dict[str, cw.ContextWindow] = {}
        self._prices = prices or {}  # DEEPREF_LLM_PRICES
        self.slots = None
        """Concurrency limit per model (worker/inference/concurrency.py), set by build_resources."""
        self.streams = True
        """False once the endpoint showed it does not stream: later calls do not ask."""
        # Local endpoints often need no key; the SDK insists on a string.
        self._client = AsyncOpenAI(
            base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=max_retries
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMClient | None:
        if not settings.llm_base_url:
            return None
        key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
        return cls(
            settings.llm_base_url,
            api_key=key,
            model=settings.llm_model,
            timeout=settings.llm_timeout,
            context_tokens=settings.llm_context_tokens,
            prices=settings.llm_prices,
        )

    def price(self, model: str | None = None) -> Quote:
        """What ``model``'s tokens cost (worker/inference/pricing.py)."""
        return price_of(model or self.model, self.base_url, self._prices)

    async def context_window(self, model: str | None = None) -> cw.ContextWindow:
        """The model's context (worker/inference/context_window.py), asked of the server once
        per model."""
        model = model or self.model
        if model not in self._windows:
            self._windows[model] = await self._discover_window(model)
        return self._windows[model]

    async def _discover_window(self, model: str) -> cw.ContextWindow:
        import aiohttp

        root = cw.server_root(self.base_url)
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        setting = self._context_tokens
        probes = (
            ("POST", f"{root}/api/show", {"model": model}, cw.from_ollama_show, "Ollama's /api/show"),
            ("GET", f"{root}/props", None, cw.from_llamacpp_props, "llama.cpp's /props"),
            ("GET", f"{self.base_url.rstrip('/')}/models", None, None, "the server's /v1/models"),
        )
        timeout = aiohttp.ClientTimeout(total=5)
        async with aiohttp.ClientSession(timeout=timeout, headers=headers) as http:
            for method, url, body, read, where in probes:
                try:
                    async with http.request(method, url, json=body, allow_redirects=False) as response:
                        data = await response.json(content_type=None) if response.status == 200 else None
                except (aiohttp.ClientError, TimeoutError, ValueError):
                    continue
                if not isinstance(data, dict):
                    continue
                tokens = read(data) if read is not None else cw.from_vllm_models(data, model)
                if tokens is None:
                    continue
                ollama = read is cw.from_ollama_show
                if setting:
                    return cw.ContextWindow(setting, "DEEPREF_LLM_CONTEXT_TOKENS", ollama=ollama)
                return cw.ContextWindow(tokens, where, ollama=ollama)
        if setting:
            return cw.ContextWindow(setting, "DEEPREF_LLM_CONTEXT_TOKENS")
        return cw.ContextWindow(cw.DEFAULT_CONTEXT_TOKENS, "the default (set DEEPREF_LLM_CONTEXT_TOKENS)")

    async def close(self) -> None:
        await self._client.close()

    async def complete(
        self,
        messages: list[dict[str, str]],
        *,
        max_tokens: int | None = None,
        model: str | None = None,
        on_delta: Callable[[str], None] | None = None,
        on_restart: Callable[[], None] | None = None,
    ) -> Generation:
        """One chat completion. With ``on_delta``, the answer is streamed (``stream:
        true``, usage asked for in the last chunk) and each piece of text is passed to
        ``on_delta`` as it arrives; an endpoint that answers with one JSON body
        instead, or refuses a streamed request (HTTP 400/422), is asked without
        streaming, and its whole text is one delta.

        A reasoning model's thinking (worker/inference/reasoning.py) is never passed on nor
        returned as text; ``on_restart`` is called when text already passed on turns
        out to have been thinking (a closing tag with no opening one), so that the
        caller starts its draft again."""
        model = model or self.model
        started = time.perf_counter()
        window = await self.context_window(model)
        messages, fit_warning = _fit_messages(messages, window, max_tokens)
        extra = _extra_body(window, messages, max_tokens)
        thinking = ReasoningFilter()
        if on_delta is not None:
            on_delta = _visible_only(thinking, on_delta, on_restart)
        with self._errors(model):
            # one of DEEPREF_LLM_MAX_CONCURRENCY slots of this model, shared by all workers
            async with self.slots.hold(model) if self.slots is not None else contextlib.nullcontext():
                streamed = None
                if on_delta is not None and self.streams:
                    streamed = await self._streamed(messages, max_tokens, model, on_delta, thinking, extra)
                    if streamed is not REFUSED:
                        return self._generation(thinking, *streamed, started, fit_warning)
                response = await self._client.chat.completions.create(
                    model=model,
                    messages=_openai_messages(messages),
                    temperature=0,
                    max_tokens=max_tokens,
                    extra_body=extra,
                )
                if streamed is REFUSED:
                    self.streams = False  # it answers, but not streamed: stop asking
        choice = response.choices[0] if response.choices else None
        text = choice.message.content or "" if choice else ""
        if choice is not None:
            thinking.thinking_chars += len(_reasoning_field(choice.message))
        if on_delta is not None and text:
            on_delta(text)
        elif text:
            thinking.feed(text)
        return self._generation(thinking, response.model or model, response.usage, started, fit_warning)

    async def _streamed(
        self,
        messages: list[dict[str, str]],
        max_tokens: int | None,
        model: str,
        on_delta: Callable[[str], None],
        thinking: ReasoningFilter,
        extra: dict[str, Any] | None,
    ) -> tuple[str, CompletionUsage | None] | _Refused:
        """(model, usage) of a streamed answer, or REFUSED when the endpoint
        refused the streamed request (it is then asked again without ``stream``)."""
        import openai

        try:
            stream = await self._client.chat.completions.create(
                model=model,
                messages=_openai_messages(messages),
                temperature=0,
                max_tokens=max_tokens,
                stream=True,
                stream_options={"include_usage": True},
                extra_body=extra,
            )
        except openai.APIStatusError as exc:
            if exc.status_code not in (400, 422):
                raise
            return REFUSED  # e.g. stream_options unknown to the server
        if "json" in stream.response.headers.get("content-type", ""):
            # the server ignored "stream": read its one answer, not an empty stream
            await stream.response.aread()
            await stream.close()
            self.streams = False
            body = openai.types.chat.ChatCompletion.model_validate(stream.response.json())
            first = body.choices[0] if body.choices else None
            text = first.message.content or "" if first else ""
            if first is not None:
                thinking.thinking_chars += len(_reasoning_field(first.message))
            if text:
                on_delta(text)
            return body.model or model, body.usage
        usage, answered_by = None, model
        async with stream:
            async for chunk in stream:
                answered_by = chunk.model or answered_by
                if chunk.usage is not None:
                    usage = chunk.usage
                for choice in chunk.choices[:1]:
                    if choice.delta is None:
                        continue
                    thinking.thinking_chars += len(_reasoning_field(choice.delta))
                    if choice.delta.content:
                        on_delta(choice.delta.content)
        return answered_by, usage

    def _generation(
        self, thinking: ReasoningFilter, model: str, usage, started: float, warning: str | None = None
    ) -> Generation:
        thinking.close()
        text = thinking.visible.strip()
        if not text:
            about = " (only its reasoning, no answer after it)" if thinking.thinking_chars else ""
            raise GenerationError(
                f"the LLM endpoint {self.base_url} returned an empty answer{about}; "
                "raise the completion limit or check the model",
                retryable=False,
            )
        prompt = getattr(usage, "prompt_tokens", 0) or 0
        completion = getattr(usage, "completion_tokens", 0) or 0
        cached = getattr(getattr(usage, "prompt_tokens_details", None), "cached_tokens", 0) or 0
        price = self.price(model).price
        gen = Generation(
            text,
            model,
            prompt,
            completion,
            (time.perf_counter() - started) * 1000,
            reasoning_tokens=_reasoning_tokens(usage, completion, thinking.thinking_chars, len(text)),
            warnings=(warning,) if warning else (),
            cached_tokens=cached,
            cost=price.cost(prompt, completion, cached) if price is not None else None,
        )
        if (calls := _calls.get()) is not None:
            calls.append(gen)
        return gen

    @contextlib.contextmanager
    def _errors(self, model: str) -> Iterator[None]:
        """The SDK's errors as GenerationError, naming the setting to fix."""
        import openai

        try:
            yield
        except openai.AuthenticationError:
            raise GenerationError(
                f"the LLM endpoint {self.base_url} rejected the key: check DEEPREF_LLM_API_KEY", retryable=False
            ) from None
        except openai.PermissionDeniedError:
            raise GenerationError(
                f"the LLM endpoint {self.base_url} refused access to model {model!r}: check DEEPREF_LLM_API_KEY's "
                "permissions or DEEPREF_LLM_MODEL",
                retryable=False,
            ) from None
        except openai.NotFoundError:
            raise GenerationError(
                f"the LLM endpoint {self.base_url} does not know model {model!r} "
                "(or the URL is wrong): check DEEPREF_LLM_MODEL and DEEPREF_LLM_BASE_URL",
                retryable=False,
            ) from None
        except openai.APITimeoutError:
            raise GenerationError(
                f"the LLM endpoint {self.base_url} did not answer in time; raise DEEPREF_LLM_TIMEOUT or try later",
                retryable=True,
            ) from None
        except openai.APIConnectionError:
            raise GenerationError(
                f"cannot reach the LLM endpoint {self.base_url}: check DEEPREF_LLM_BASE_URL "
                "and that the server is running",
                retryable=True,
            ) from None
        except openai.APIStatusError as exc:
            # 429 and 5xx pass with time; any other 4xx (400 bad request, 422...) will not
            transient = exc.status_code == 429 or exc.status_code >= 500
            raise GenerationError(
                f"the LLM endpoint {self.base_url} answered HTTP {exc.status_code}", retryable=transient
            ) from None
        except openai.APIError as exc:  # e.g. an error event in the middle of a stream
            raise GenerationError(
                f"the LLM endpoint {self.base_url} failed mid-answer: {exc}", retryable=True
            ) from None

    async def answer(
        self,
        question: str,
        passages: list[Passage],
        *,
        model: str | None = None,
        on_delta: Callable[[str], None] | None = None,
        on_restart: Callable[[], None] | None = None,
        max_tokens: int | None = None,
        language: str | None = None,
        history: Sequence[tuple[str, str]] = (),
    ) -> Generation:
        """A cited answer to ``question`` from ``passages``, in ``language`` (a code or
        name; None: the question's), after the conversation ``history`` (a follow-up's)."""
        window = await self.context_window(model)
        answer_room = max_tokens or cw.ANSWER_TOKENS
        room = window.tokens - cw.prompt_tokens(build_answer_messages(question, [], language, history)) - answer_room
        fitted = cw.fit_texts([_section(p) + "\n\n" for p in passages], room)
        warning = None
        if fitted.dropped or fitted.shortened:
            cut = passages[: len(fitted.texts)]
            if fitted.shortened:
                last = cut.pop()
                body = fitted.texts[-1][len(_section(last)) - len(last.text.strip()) :]
                if body.strip():
                    cut.append(Passage(last.n, last.title, last.url, body))
            warning = (
                f"the model's context ({window.tokens:,} tokens, from {window.source}) holds {len(cut)} of the "
                f"{len(passages)} passages found{', the last one shortened' if fitted.shortened else ''}; "
                "the answer is written from those"
            )
            passages = cut
        gen = await self.complete(
            build_answer_messages(question, passages, language, history),
            model=model,
            on_delta=on_delta,
            on_restart=on_restart,
            max_tokens=max_tokens,
        )
        return dataclasses.replace(gen, warnings=(warning, *gen.warnings)) if warning else gen

    async def sub_queries(self, question: str, n: int, language: str | None = None) -> list[str]:
        """Search queries that word the question differently (one per line or a JSON list),
        in the question's language, and also in ``language`` when the answer is wanted
        in another one."""
        if n <= 0:
            return []
        code = code_of(language)
        both = (
            f" Write them in the language of the question, and about half in {name_of(code)}."
            if (code and guess(question) != code)
            else " Write them in the language of the question."
        )
        messages = [
            {"role": "system", "content": "You write web search queries. Reply with one query per line, nothing else."},
            {
                "role": "user",
                "content": f"Write {n} different search queries that together find sources to answer: {question}"
                + both,
            },
        ]
        text = (await self.complete(messages, max_tokens=200)).text
        return parse_queries(text, n)

    async def summarize(self, title: str, sections: list[str]) -> Generation:
        body = "\n\n".join(f"Section {i + 1}:\n{s}" for i, s in enumerate(sections))
        messages = [
            {
                "role": "system",
                "content": "Summarise the key findings of a research report in a short "
                "paragraph. Use only what the sections say; add no citations and no new facts.",
            },
            {"role": "user", "content": f"Report: {title}\n\n{body}"},
        ]
        return await self.complete(messages, max_tokens=400)


def _fit_messages(
    messages: list[dict[str, str]], window: cw.ContextWindow, max_tokens: int | None
) -> tuple[list[dict[str, str]], str | None]:
    """``messages`` cut to fit ``window``: the tail of the longest message goes (a
    prompt's sources come last); None, or what was cut."""
    answer = max_tokens or cw.ANSWER_TOKENS
    over = cw.prompt_tokens(messages) + answer - window.tokens
    if over <= 0:
        return messages, None
    longest = max(range(len(messages)), key=lambda i: len(messages[i].get("content", "")))
    content = messages[longest].get("content", "")
    keep = max(0, len(content) - over * cw.CHARS_PER_TOKEN)
    cut = [dict(m) for m in messages]
    cut[longest]["content"] = content[:keep]
    warning = (
        f"a prompt of about {cw.prompt_tokens(messages):,} tokens was cut by {len(content) - keep:,} characters "
        f"to fit the model's context ({window.tokens:,} tokens, from {window.source})"
    )
    return cut, warning


def _extra_body(window: cw.ContextWindow, messages: list[dict[str, str]], max_tokens: int | None) -> dict | None:
    """Ollama's ``options.num_ctx``: its OpenAI endpoint otherwise serves a small
    default context and cuts longer prompts without a word."""
    if not window.ollama:
        return None
    needed = cw.prompt_tokens(messages) + (max_tokens or cw.ANSWER_TOKENS)
    return {"options": {"num_ctx": window.num_ctx(needed)}}


def _openai_messages(messages: list[dict[str, str]]) -> list[ChatCompletionMessageParam]:
    """``messages`` as the client's type names them: dicts of a role and a content are
    what its message TypedDicts describe."""
    return cast("list[ChatCompletionMessageParam]", messages)


def _visible_only(
    thinking: ReasoningFilter, on_delta: Callable[[str], None], on_restart: Callable[[], None] | None
) -> Callable[[str], None]:
    def feed(delta: str) -> None:
        seen = thinking.feed(delta)
        if seen.retract and on_restart is not None:
            on_restart()
        if seen.text:
            on_delta(seen.text)

    return feed


def _reasoning_field(message) -> str:
    """The thinking an endpoint sends beside the content (``reasoning_content`` in
    DeepSeek's API, vLLM and llama.cpp; ``reasoning`` in Ollama's and OpenRouter's)."""
    extra = getattr(message, "model_extra", None) or {}
    for name in ("reasoning_content", "reasoning"):
        value = getattr(message, name, None) or extra.get(name)
        if isinstance(value, str):
            return value
    return ""


def _reasoning_tokens(usage, completion: int, thinking_chars: int, text_chars: int) -> int:
    details = getattr(usage, "completion_tokens_details", None)
    counted = getattr(details, "reasoning_tokens", None)
    if isinstance(counted, int):
        return counted
    if not thinking_chars or not completion:
        return 0
    return round(completion * thinking_chars / (thinking_chars + text_chars))


def parse_queries(text: str, n: int) -> list[str]:
    text = text.strip()
    items: list[str] = []
    if text.startswith("["):
        try:
            items = [str(x) for x in json.loads(text) if isinstance(x, str)]
        except json.JSONDecodeError:
            items = []
    if not items:
        items = [re.sub(r"^\s*(?:[-*•]|\d+[.)])\s*", "", ln).strip().strip('"') for ln in text.splitlines()]
    return [q for q in items if 2 < len(q) <= 300][:n]
