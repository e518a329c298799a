"""A local OpenAI-compatible endpoint: chat completions and embeddings, deterministic.

Chat: answers from the numbered context it receives, like an obedient model: from
each of the first three sections (``cite_sections``), the whole sentence sharing most words with the
question, followed by ``[n]``.
A request for search queries gets a few queries back. Embeddings: hashed bag of
words (dim 384, L2-normalised), so texts sharing words get close vectors.
Knobs on the object make it fail or stall; every request is recorded. ``script``
makes it misbehave for one question: paraphrase, cite a wrong or unknown number,
leave claims uncited, so that verify, drop and fill run end to end.

A request with ``"stream": true`` is answered in OpenAI's chunked format
(``data: {chat.completion.chunk}`` lines, ``data: [DONE]``), the text cut into
``stream_piece``-character deltas (so markers arrive in pieces), with the usage in
a last chunk when ``stream_options.include_usage`` asks for it; ``streams = False``
plays an endpoint that ignores ``stream`` and answers with one JSON body,
``stream_status`` one that refuses it, ``stream_stall_after`` one that stops in the
middle of an answer until ``release_streams``.

Deep research's prompts (plan, read, outline, write) are answered by a researcher
(tests/fakes/researcher.py), scriptable per question through ``.researcher``.

Run alone: ``python -m tests.fakes.openai_server --port 8001``.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import re
import time

import numpy as np
from aiohttp import web

from tests.fakes.researcher import Refused, Researcher

DIM = 384
OLLAMA_DEFAULT_CTX = 2048  # tokens Ollama serves when a request does not ask for num_ctx
_SECTION = re.compile(r"^\[(\d+)\] .*?\n(.*?)(?=^\[\d+\] |\Z)", re.M | re.S)


_HEADER = re.compile(r"^\[(\d+)\] .*? — (\S+)$", re.M)


def render_script(script: str, user: str) -> str:
    """Fill a scripted answer's ``{/path}`` and ``{unknown}`` from the prompt's sections."""
    numbers = {url: int(n) for n, url in _HEADER.findall(user)}

    def number(match: re.Match) -> str:
        key = match.group(1)
        if key == "unknown":
            return str(max(numbers.values(), default=0) + 7)
        found = [n for url, n in numbers.items() if url.endswith(key)]
        if not found:
            raise KeyError(f"scripted answer cites {key}, which the prompt does not hold: {sorted(numbers)}")
        return str(found[0])

    return re.sub(r"\{(/[^}]*|unknown)\}", number, script)


def hashed_embedding(text: str) -> list[float]:
    vec = np.zeros(DIM, dtype=np.float32)
    for word in re.findall(r"\w+", text.lower()):
        vec[int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % DIM] += 1.0
    norm = np.linalg.norm(vec)
    return (vec / norm if norm else vec).tolist()


class FakeOpenAI:
    def __init__(self, api_key: str = "test-key-123"):
        self.api_key = api_key
        self.requests: list[dict] = []
        self.fail_status: int | None = None  # answer every request with this status
        self.fail_times: int | None = None  # ... this many times (None = every time)
        self.chat_delay = 0.0  # seconds before answering a chat request
        self.in_flight = 0  # chat requests being answered now, and the most ever at once
        self.max_in_flight = 0
        self.streams = True  # False: ignore "stream": true and answer with one JSON body
        self.stream_piece = 5  # characters per streamed delta
        self.stream_delay = 0.0  # seconds between streamed chunks
        self.stream_status: int | None = None  # answer a streamed request with this status (a server refusing it)
        self.stream_stall_after: int | None = None  # hold a stream after this many characters until release_streams()
        self.streams_stalled = 0
        self._stream_gate: asyncio.Event | None = None
        # a reasoning model's thinking, written before every chat answer: "tags" puts
        # <think>…</think> in the content, "prompt-opened" only the closing tag (the chat
        # template opened it), "field" sends it as reasoning_content beside the content
        self.reasoning: str | None = None
        self.thinking = "Let me think about [1] and [2]. The user wants facts; section [2] looks off-topic."
        # a local server's own context report: ``server = "ollama"`` answers POST /api/show
        # (and, like Ollama, serves ``OLLAMA_DEFAULT_CTX`` tokens unless the request asks
        # for ``options.num_ctx``, cutting the start of a longer prompt without a word);
        # "llamacpp" answers GET /props; ``context`` is the model's context either way
        self.server: str | None = None
        self.context = 131072
        self.seen_prompts: list[str] = []  # the user message each chat request was answered from
        self.judge: str | None = None  # the citation judge's misbehaviour (see _verdicts)
        # question substring -> scripted answer (see ``script``); others get the obedient one
        self.scripts: dict[str, str] = {}
        self.cite_sections = 3  # how many of the context's sections the obedient answer cites
        # deep research's prompts (tests/fakes/researcher.py); ``researcher.behave`` scripts it
        self.researcher = Researcher()
        self.app = web.Application()
        self.app.router.add_post("/v1/chat/completions", self.chat)
        self.app.router.add_post("/v1/embeddings", self.embeddings)
        self.app.router.add_get("/v1/models", self.models)
        self.app.router.add_post("/api/show", self.ollama_show)
        self.app.router.add_get("/props", self.llamacpp_props)

    def _check(self, request: web.Request, body: dict) -> web.Response | None:
        self.requests.append(
            {
                "path": request.path,
                "body": body,
                "authorized": request.headers.get("Authorization") == f"Bearer {self.api_key}",
            }
        )
        if self.fail_status is not None and (self.fail_times is None or self.fail_times > 0):
            if self.fail_times is not None:
                self.fail_times -= 1
            return web.json_response({"error": {"message": "injected failure"}}, status=self.fail_status)
        if request.headers.get("Authorization") != f"Bearer {self.api_key}":
            return web.json_response({"error": {"message": "bad key", "type": "invalid_request_error"}}, status=401)
        return None

    async def chat(self, request: web.Request) -> web.Response:
        body = await request.json()
        if (err := self._check(request, body)) is not None:
            return err
        if body.get("stream") and self.stream_status is not None:
            return web.json_response({"error": {"message": "stream is not supported"}}, status=self.stream_status)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.chat_delay:
                await asyncio.sleep(self.chat_delay)
        finally:
            self.in_flight -= 1
        messages = self._served(body)
        system = messages[0]["content"] if messages else ""
        user = messages[-1]["content"] if messages else ""
        self.seen_prompts.append(user)
        if Researcher.handles(user):
            try:
                text = await self.researcher.answer(user)
            except Refused as exc:
                return web.json_response({"error": {"message": str(exc)}}, status=400)
        elif system.startswith("You check citations."):
            text = self._verdicts(user)
        elif "search queries" in system:
            question = user.split("answer:", 1)[-1].split(" Write them in", 1)[0].strip()
            text = "\n".join([f"{question} overview", f"{question} details"])
        elif (script := self._script_for(user)) is not None:
            text = render_script(script, user)
        else:
            question = set(re.findall(r"\w+", user.split("\n", 1)[0].lower()))
            lines = []
            context = user.split("\n\nAnswer the question", 1)[0]  # not the closing instruction
            for n, section in _SECTION.findall(context)[: self.cite_sections]:
                pieces = [x.strip() for x in re.split(r"(?<=[.!?。！？])\s+|\n", section.strip()) if x.strip()]
                # whole sentences, not the title line a page opens with
                sentences = [x for x in pieces if x[-1] in ".!?。！？"] or pieces
                if sentences:  # the sentence sharing most words with the question
                    best = max(sentences, key=lambda x: len(question & set(re.findall(r"\w+", x.lower()))))
                    lines.append(f"{best} [{n}]")
            text = "\n".join(lines) or "The sources found do not answer this question."
        text, field = self._with_thinking(text)
        usage = {
            "prompt_tokens": len(user.split()),
            "completion_tokens": len(text.split()) + len(field.split()),
            "total_tokens": len(user.split()) + len(text.split()) + len(field.split()),
        }
        if body.get("stream") and self.streams:
            return await self._stream(request, body, text, usage, field)
        message = {"role": "assistant", "content": text, **({"reasoning_content": field} if field else {})}
        return web.json_response(
            {
                "id": "chatcmpl-test",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
                "usage": usage,
            }
        )

    def _served(self, body: dict) -> list[dict]:
        """The messages as the server's context holds them: Ollama without ``num_ctx``
        keeps the last ``OLLAMA_DEFAULT_CTX`` tokens (3 characters each here)."""
        messages = body.get("messages", [])
        if self.server != "ollama" or (body.get("options") or {}).get("num_ctx"):
            return messages
        left, kept = OLLAMA_DEFAULT_CTX * 3, []
        for message in reversed(messages):
            if left <= 0:
                break
            content = message.get("content", "")
            kept.append({**message, "content": content[-left:]})
            left -= len(content)
        return kept[::-1]

    async def ollama_show(self, request: web.Request) -> web.Response:
        if self.server != "ollama":
            raise web.HTTPNotFound()
        body = await request.json()
        return web.json_response(
            {
                "parameters": "stop <|im_end|>",
                "model_info": {"general.architecture": "qwen3", "qwen3.context_length": self.context},
                "details": {"family": "qwen3"},
                "model": body.get("model"),
            }
        )

    async def llamacpp_props(self, request: web.Request) -> web.Response:
        if self.server != "llamacpp":
            raise web.HTTPNotFound()
        return web.json_response({"default_generation_settings": {"n_ctx": self.context}, "total_slots": 1})

    def _verdicts(self, user: str) -> str:
        """A citation judge that reads words, not meaning: "full" when the passage
        holds the claim's words and numbers, "partial" for half of them, else "none".
        ``judge = "nonsense"`` answers prose; "half" leaves out every other verdict."""
        if self.judge == "nonsense":
            return "I think most of these citations look fine to me."
        verdicts = []
        for item in json.loads(user)["items"]:
            words = {w for w in re.findall(r"\w+", item["claim"].lower()) if len(w) > 3 or w.isdigit()}
            found = set(re.findall(r"\w+", item["passage"].lower()))
            share = len(words & found) / max(1, len(words))
            numbers_ok = all(w in found for w in words if w.isdigit())
            verdict = "full" if share >= 0.8 and numbers_ok else "partial" if share >= 0.5 else "none"
            if self.judge == "half" and item["id"] % 2:
                continue
            verdicts.append({"id": item["id"], "verdict": verdict, "reason": f"{share:.0%} of the claim's words"})
        return "```json\n" + json.dumps({"verdicts": verdicts}) + "\n```"

    def _with_thinking(self, text: str) -> tuple[str, str]:
        """(content, reasoning_content) of an answer, as ``reasoning`` says."""
        if self.reasoning == "tags":
            return f"<think>\n{self.thinking}\n</think>\n\n{text}", ""
        if self.reasoning == "prompt-opened":
            return f"{self.thinking}\n</think>\n\n{text}", ""
        return text, (self.thinking if self.reasoning == "field" else "")

    async def _stream(
        self, request: web.Request, body: dict, text: str, usage: dict, thinking: str = ""
    ) -> web.StreamResponse:
        """The answer as OpenAI streams it: a role chunk, content deltas, a finish
        chunk, the usage chunk (``choices: []``) when asked for, ``[DONE]``."""
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"})
        await resp.prepare(request)
        head = {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": int(time.time())}
        head["model"] = body.get("model", "fake")

        async def send(choices: list, **extra) -> None:
            await resp.write(f"data: {json.dumps({**head, 'choices': choices, **extra})}\n\n".encode())

        await send([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
        step = max(1, self.stream_piece)
        for i in range(0, len(thinking), step):  # reasoning_content deltas come before the content
            await send([{"index": 0, "delta": {"reasoning_content": thinking[i : i + step]}, "finish_reason": None}])
        for i in range(0, len(text), step):
            if self.stream_delay:
                await asyncio.sleep(self.stream_delay)
            await send([{"index": 0, "delta": {"content": text[i : i + step]}, "finish_reason": None}])
            if self.stream_stall_after is not None and i < self.stream_stall_after <= i + step:
                self.streams_stalled += 1  # half an answer is out: hold the rest (a worker to kill)
                await self._gate().wait()
        await send([{"index": 0, "delta": {}, "finish_reason": "stop"}])
        if (body.get("stream_options") or {}).get("include_usage"):
            await send([], usage=usage)
        await resp.write(b"data: [DONE]\n\n")
        await resp.write_eof()
        return resp

    def _gate(self) -> asyncio.Event:
        if self._stream_gate is None:
            self._stream_gate = asyncio.Event()
        return self._stream_gate

    def release_streams(self, loop: asyncio.AbstractEventLoop) -> None:
        """Let held streams go on (call from the test's thread with the server's loop)."""
        loop.call_soon_threadsafe(self._gate().set)

    def script(self, question_part: str, answer: str) -> None:
        """Answer any question containing ``question_part`` with ``answer``, a model
        that misbehaves on cue. In ``answer``, ``{/path}`` becomes the number the
        prompt gave the source whose URL ends in ``/path`` and ``{unknown}`` a number
        that names no source; everything else is sent as written (a paraphrase, a
        wrong number, a claim with no marker)."""
        self.scripts[question_part] = answer

    def _script_for(self, user: str) -> str | None:
        question = user.split("\n", 1)[0]
        return next((answer for part, answer in self.scripts.items() if part in question), None)

    async def embeddings(self, request: web.Request) -> web.Response:
        body = await request.json()
        if (err := self._check(request, body)) is not None:
            return err
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [{"object": "embedding", "index": i, "embedding": hashed_embedding(t)} for i, t in enumerate(inputs)]
        return web.json_response(
            {
                "object": "list",
                "data": data,
                "model": body.get("model", "fake"),
                "usage": {"prompt_tokens": 0, "total_tokens": 0},
            }
        )

    async def models(self, request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [{"id": "fake", "object": "model"}]})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8001)
    args = parser.parse_args()
    web.run_app(FakeOpenAI().app, host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
