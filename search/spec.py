"""Provider names, presets and configuration, and reading a provider spec (no network code:
the settings import it).

A spec is one name, a comma-separated list, or a preset:

- ``academic``: openalex, crossref, semanticscholar, arxiv, pubmed;
- ``web``: the configured web search (duckduckgo or searxng), wikipedia, and each
  commercial API (tavily, brave, exa) whose key is set;
- ``all``: both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from deepref.reference.errors import ConfigurationError
from deepref.search.documents.limits import DEFAULT_LIMITS, ReadLimits

SCHOLARLY = ("openalex", "crossref", "semanticscholar", "arxiv", "pubmed")
COMMERCIAL = ("tavily", "brave", "exa")
WEB = ("duckduckgo", "searxng")
PROVIDERS = (*WEB, "local", *SCHOLARLY, "wikipedia", *COMMERCIAL)
PRESETS = ("web", "academic", "all")
REQUIRED_KEYS = {"tavily": "DEEPREF_TAVILY_API_KEY", "brave": "DEEPREF_BRAVE_API_KEY", "exa": "DEEPREF_EXA_API_KEY"}


class SpecError(ValueError):
    """A provider spec names no provider, or one deepref does not know."""


def parse_spec(spec: str) -> tuple[str, ...]:
    """The names and presets of a spec, checked: ``"openalex, arxiv"`` -> ("openalex", "arxiv")."""
    names = tuple(dict.fromkeys(p.strip().lower() for p in str(spec).split(",") if p.strip()))
    if not names:
        raise SpecError(f"no search provider in {spec!r}: name one of {', '.join(PROVIDERS)} or a preset")
    for name in names:
        if name not in PROVIDERS and name not in PRESETS:
            shown = name if len(name) <= 40 else name[:40] + "…"
            raise SpecError(
                f"unknown search provider {shown!r}: choose among {', '.join(PROVIDERS)} "
                f"or a preset ({', '.join(PRESETS)}), several joined with commas"
            )
    return names


@dataclass(frozen=True)
class ProviderConfig:
    """What building providers needs, taken from settings by the worker (search never reads settings)."""

    web: str = "duckduckgo"  # the web search of the ``web`` preset
    searxng_url: str | None = None
    corpus_dir: str | Path | None = None
    index_dir: str | Path | None = None  # where corpus folders' indexes live (search/library)
    urls: Mapping[str, str] = field(default_factory=dict)  # base URL per provider; absent = the public service
    keys: Mapping[str, str] = field(default_factory=dict)  # API key per provider (plain: never logged)
    mailto: str | None = None  # OpenAlex/Crossref polite pool, NCBI's email
    user_agent: str = "deepref"
    timeout: float = 15.0
    retries: int = 2
    max_answer_bytes: int = 10_000_000  # largest answer read (DEEPREF_SEARCH_MAX_ANSWER_BYTES)
    max_wait: float = 30.0
    read_limits: ReadLimits = DEFAULT_LIMITS  # what one corpus file may yield (DEEPREF_DOCUMENT_*, DEEPREF_OCR_*)


def expand(spec: str, config: ProviderConfig) -> tuple[str, ...]:
    """The providers a spec names, presets resolved, in order, each once (a
    ConfigurationError for an unknown name)."""
    try:
        names = parse_spec(spec)
    except SpecError as exc:
        raise ConfigurationError(str(exc)) from exc
    out: list[str] = []
    for name in names:
        if name in ("web", "all"):
            web = config.web if config.web in WEB else "duckduckgo"
            out += [web, "wikipedia", *(c for c in COMMERCIAL if config.keys.get(c))]
        if name in ("academic", "all"):
            out += SCHOLARLY
        if name in PROVIDERS:
            out.append(name)
    return tuple(dict.fromkeys(out))


def check_config(spec: str, config: ProviderConfig, *, urls: bool = True) -> tuple[str, ...]:
    """The providers of ``spec``, or a ConfigurationError naming the setting one of them lacks
    (an API key; with ``urls``, also DEEPREF_SEARXNG_URL)."""
    names = expand(spec, config)
    for name in names:
        if name in REQUIRED_KEYS and not config.keys.get(name):
            raise ConfigurationError(f"the {name} provider needs an API key: set {REQUIRED_KEYS[name]}")
        if urls and name == "searxng" and not config.searxng_url:
            raise ConfigurationError("the searxng provider needs DEEPREF_SEARXNG_URL (e.g. http://localhost:8080)")
    return names
