"""The search providers' configuration, taken from settings at the edge (search never reads settings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deepref.search.documents.limits import ReadLimits
from deepref.search.spec import COMMERCIAL, SCHOLARLY, ProviderConfig, check_config

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

_KEYED = (*COMMERCIAL, "openalex", "semanticscholar", "pubmed")
_URLS = (*SCHOLARLY, "wikipedia", *COMMERCIAL)


def read_limits(settings: Settings) -> ReadLimits:
    """What one document may yield (DEEPREF_DOCUMENT_*, DEEPREF_OCR_*)."""
    return ReadLimits(
        max_chars=settings.document_max_chars,
        max_passages=settings.document_max_passages,
        max_pages=settings.document_max_pages,
        ocr_max_pixels=settings.ocr_max_pixels,
        ocr_page_seconds=settings.ocr_page_seconds,
        ocr_file_seconds=settings.ocr_file_seconds,
        hard_links=settings.corpus_hard_links,
    )


def provider_config(settings: Settings, corpus_dir=None) -> ProviderConfig:
    urls = {name: url for name in _URLS if (url := getattr(settings, f"{name}_url", None))}
    urls.setdefault("wikipedia", f"https://{settings.wikipedia_language}.wikipedia.org")
    keys = {name: key.get_secret_value() for name in _KEYED if (key := getattr(settings, f"{name}_api_key", None))}
    first_web = next((n for n in settings.search_provider.split(",") if n.strip() in ("duckduckgo", "searxng")), "")
    return ProviderConfig(
        web=first_web.strip() or ("searxng" if settings.searxng_url else "duckduckgo"),
        searxng_url=settings.searxng_url,
        corpus_dir=corpus_dir or settings.corpus_dir,
        index_dir=settings.index_dir,
        urls=urls,
        keys={k: v for k, v in keys.items() if v},
        mailto=settings.scholarly_mailto,
        user_agent=settings.fetch_user_agent,
        timeout=settings.search_timeout,
        retries=settings.search_retries,
        max_wait=settings.search_max_wait_seconds,
        max_answer_bytes=settings.search_max_answer_bytes,
        read_limits=read_limits(settings),
    )


def job_provider_spec(options, settings: Settings) -> str:
    """The spec a job searches with: its option, else ``local`` for a corpus, else the
    configured one. A corpus with a provider named searches both (documents and web)."""
    if options is not None and options.provider:
        named = [part.strip().lower() for part in options.provider.split(",")]
        return f"{options.provider},local" if options.corpus_dir and "local" not in named else options.provider
    if options is not None and options.corpus_dir:
        return "local"
    return settings.search_provider


def check_search_config(spec: str, settings: Settings) -> tuple[str, ...]:
    """The providers of ``spec``; a ConfigurationError naming the key setting one of them
    lacks, at startup and at submit (SearxNG's URL is checked when the job searches)."""
    return check_config(spec, provider_config(settings), urls=False)
