"""How many tokens the chat model can read, and prompts cut to fit it, never silently.

A local server cuts a prompt that exceeds its context without an error (Ollama
keeps the end and drops the start, which holds the instructions and the first
sources), so the answer quietly loses its sources. The context is therefore known
before a prompt is sent, in this order:

1. ``DEEPREF_LLM_CONTEXT_TOKENS``, when set;
2. the server's own word: Ollama's ``POST /api/show`` (``model_info``'s
   ``*.context_length``, or a ``num_ctx`` parameter of the Modelfile), llama.cpp's
   ``GET /props`` (``default_generation_settings.n_ctx``), or vLLM's
   ``GET /v1/models`` (``max_model_len``);
3. :data:`DEFAULT_CONTEXT_TOKENS`.

Ollama serves its OpenAI endpoint with a small default context whatever the model
was trained for, so requests to it ask for the context they need
(``options.num_ctx``). A prompt that does not fit is cut (sources dropped from the
least relevant, then the last one shortened) and the job's warnings say so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

CHARS_PER_TOKEN = 3
"""Prompt tokens are counted as characters / 3: more than English text needs
(about 4), so a prompt is cut before it could overflow, not after."""
DEFAULT_CONTEXT_TOKENS = 32768
"""The context assumed when neither the setting nor the server tells. Hosted models
serve 128k or more; a smaller local model behind an unknown server needs the setting."""
ANSWER_TOKENS = 1024
"""Room kept for the answer when a call sets no completion limit."""
NUM_CTX_STEP = 2048
"""Ollama's ``num_ctx`` is asked for in steps, so that nearby prompt sizes reuse one
loaded model instead of reloading it for each size."""


@dataclass(frozen=True, slots=True)
class ContextWindow:
    tokens: int
    source: str
    """Where ``tokens`` came from, for warnings: a setting name or a server's endpoint."""
    ollama: bool = False
    """The server is Ollama: ask for ``options.num_ctx``."""

    def num_ctx(self, needed: int) -> int:
        """The ``num_ctx`` to ask Ollama for a call of ``needed`` tokens."""
        return min(self.tokens, max(NUM_CTX_STEP, math.ceil(needed / NUM_CTX_STEP) * NUM_CTX_STEP))


def prompt_tokens(messages: list[dict[str, str]]) -> int:
    """A generous count of a prompt's tokens, before sending it."""
    return math.ceil(sum(len(m.get("content", "")) for m in messages) / CHARS_PER_TOKEN) + 8 * len(messages)


def server_root(base_url: str) -> str:
    """``http://host:11434/v1`` → ``http://host:11434``: where Ollama's and llama.cpp's
    own endpoints live."""
    parts = urlsplit(base_url.rstrip("/"))
    path = parts.path[: -len("/v1")] if parts.path.endswith("/v1") else parts.path
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def from_ollama_show(body: dict) -> int | None:
    """The context of an ``/api/show`` answer: a Modelfile's ``num_ctx`` first (what
    the model was set up to serve), else the trained ``*.context_length``."""
    for line in str(body.get("parameters") or "").splitlines():
        name, _, value = line.strip().partition(" ")
        if name == "num_ctx" and value.strip().isdigit():
            return int(value.strip())
    info = body.get("model_info") or {}
    lengths = [v for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int) and v > 0]
    return max(lengths) if lengths else None


def from_llamacpp_props(body: dict) -> int | None:
    settings = body.get("default_generation_settings") or {}
    n_ctx = settings.get("n_ctx", body.get("n_ctx"))
    return n_ctx if isinstance(n_ctx, int) and n_ctx > 0 else None


def from_vllm_models(body: dict, model: str) -> int | None:
    for entry in body.get("data") or []:
        if isinstance(entry, dict) and entry.get("id") == model:
            length = entry.get("max_model_len")
            return length if isinstance(length, int) and length > 0 else None
    return None


@dataclass(frozen=True, slots=True)
class Fitted:
    """Passages cut to fit a context: how many were kept whole, and whether the last
    kept one was shortened."""

    texts: list[str]
    dropped: int
    shortened: bool


def fit_texts(texts: list[str], room_tokens: int) -> Fitted:
    """The longest prefix of ``texts`` (best first) that fits in ``room_tokens``; the
    first text that does not fit is shortened into what is left when that leaves
    something useful, else dropped."""
    kept: list[str] = []
    left = room_tokens * CHARS_PER_TOKEN
    shortened = False
    for text in texts:
        if len(text) <= left:
            kept.append(text)
            left -= len(text)
            continue
        if left >= 200:  # a shortened passage still worth citing
            cut = text[:left]
            kept.append(cut[: cut.rfind(" ")] if " " in cut else cut)
            shortened = True
        break
    return Fitted(kept, len(texts) - len(kept), shortened)
