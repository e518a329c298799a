"""What a chat model's tokens cost, in US dollars.

Prices are per million tokens: input, output, and cached input (a prompt prefix the
provider served from its cache, billed lower). A model's price comes from, in order:

1. ``DEEPREF_LLM_PRICES`` (JSON: ``{"model": {"input": 0.15, "output": 0.6,
   "cached_input": 0.075}}``), for any model, and to correct the table below;
2. :data:`LIST_PRICES`, the providers' published list prices for common hosted
   models (a dated snapshot: prices change, so check yours), matched by exact name
   or by the longest name the model's starts with (``gpt-4o-mini-2024-07-18``);
3. nothing for a model served on this machine or a private network (Ollama,
   llama.cpp, vLLM at home): it costs 0;
4. otherwise the price is unknown: the job's cost is reported as unknown, and a
   job with a cost budget is refused until the price is set.

Pure: names and numbers in, dollars out.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

LIST_PRICES_DATE = "2025-08"


@dataclass(frozen=True, slots=True)
class Price:
    input: float
    output: float
    cached_input: float | None = None
    """None: cached input is billed as input."""

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_tokens: int = 0) -> float:
        cached = min(max(cached_tokens, 0), prompt_tokens)
        cached_rate = self.input if self.cached_input is None else self.cached_input
        dollars = (prompt_tokens - cached) * self.input + cached * cached_rate + completion_tokens * self.output
        return dollars / 1_000_000


FREE = Price(0.0, 0.0, 0.0)

LIST_PRICES: dict[str, Price] = {
    # OpenAI (platform.openai.com/docs/pricing), per 1M tokens
    "gpt-5": Price(1.25, 10.0, 0.125),
    "gpt-5-mini": Price(0.25, 2.0, 0.025),
    "gpt-5-nano": Price(0.05, 0.40, 0.005),
    "gpt-4.1": Price(2.0, 8.0, 0.50),
    "gpt-4.1-mini": Price(0.40, 1.60, 0.10),
    "gpt-4.1-nano": Price(0.10, 0.40, 0.025),
    "gpt-4o": Price(2.50, 10.0, 1.25),
    "gpt-4o-mini": Price(0.15, 0.60, 0.075),
    "o3": Price(2.0, 8.0, 0.50),
    "o4-mini": Price(1.10, 4.40, 0.275),
    # Anthropic through an OpenAI-compatible gateway (cache reads as cached input)
    "claude-opus-4": Price(15.0, 75.0, 1.50),
    "claude-sonnet-4": Price(3.0, 15.0, 0.30),
    "claude-3-5-haiku": Price(0.80, 4.0, 0.08),
    # DeepSeek (api-docs.deepseek.com), cache hits as cached input
    "deepseek-chat": Price(0.27, 1.10, 0.07),
    "deepseek-reasoner": Price(0.55, 2.19, 0.14),
    # Google through its OpenAI-compatible endpoint
    "gemini-2.5-pro": Price(1.25, 10.0, 0.31),
    "gemini-2.5-flash": Price(0.30, 2.50, 0.075),
}


@dataclass(frozen=True, slots=True)
class Quote:
    """A model's price and where it came from (for warnings and the docs)."""

    price: Price | None
    source: str


def price_of(model: str, base_url: str | None, overrides: Mapping[str, Mapping[str, float]] | None = None) -> Quote:
    if overrides and model in overrides:
        given = overrides[model]
        return Quote(
            Price(float(given.get("input", 0)), float(given.get("output", 0)), _maybe(given.get("cached_input"))),
            "DEEPREF_LLM_PRICES",
        )
    name = model.lower().split("/")[-1]  # "openai/gpt-4o-mini" through a gateway
    match = max((k for k in LIST_PRICES if name == k or name.startswith(k + "-")), key=len, default=None)
    if match is not None:
        return Quote(LIST_PRICES[match], f"list price of {match} ({LIST_PRICES_DATE})")
    if is_local_endpoint(base_url):
        return Quote(FREE, "a model served on this machine or network")
    return Quote(None, f"no price for {model!r}: set DEEPREF_LLM_PRICES")


def is_local_endpoint(base_url: str | None) -> bool:
    """An endpoint on loopback, a private network or a ``.local``/``localhost`` name."""
    host = (urlsplit(base_url or "").hostname or "").lower()
    if not host:
        return False
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal", ".lan")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return "." not in host  # a bare name (docker compose's "ollama") is a local service
    return address.is_loopback or address.is_private or address.is_link_local


def _maybe(value) -> float | None:
    return None if value is None else float(value)
