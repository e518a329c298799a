"""All settings, in one place, read from ``DEEPREF_*`` environment variables.

The table in ``docs/configuration.md`` documents every field below; keep them in
step (``tests/worker/test_settings.py`` checks that each field is documented).
Secrets are ``SecretStr`` so they never print in logs, reprs or results.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from deepref.search.spec import parse_spec


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DEEPREF_", env_file=None, extra="ignore")

    # --- Redis / Celery -------------------------------------------------------
    redis_url: str = Field("redis://localhost:6379/0", description="Broker and result store.")
    key_prefix: str = Field("deepref", description="Prefix of every Redis key deepref writes.")
    job_ttl_seconds: int = Field(7 * 24 * 3600, ge=60, description="How long job state and results are kept.")
    stage_soft_time_limit: int = Field(300, ge=1, description="Seconds before a stage is asked to stop.")
    stage_time_limit: int = Field(360, ge=1, description="Seconds before a stage's worker process is killed.")
    stage_max_retries: int = Field(3, ge=0, description="Retries of a stage after a transient error.")
    job_heartbeat_seconds: int = Field(15, ge=1, description="How often a running stage proves it is alive.")
    visibility_timeout: int = Field(
        3600, ge=1, description="Seconds before a task held by a vanished worker is delivered to another worker."
    )
    broker_backoff_seconds: float = Field(
        1.0, gt=0, description="First pause of a worker whose broker refused a write (full) or went away; doubles."
    )
    broker_backoff_max_seconds: float = Field(30.0, gt=0, description="Longest such pause.")
    lost_message_seconds: int = Field(
        120,
        ge=1,
        description="Seconds a queued job may have no message on the broker (queue or unacknowledged) before "
        "the reaper queues it again.",
    )
    followup_min_coverage: float = Field(
        0.6,
        ge=0.0,
        le=1.0,
        description="A follow-up question is answered from its thread's sources, without a new search, when "
        "one of their passages holds at least this IDF-weighted share of its words (0..1; 0: never search, "
        "1: search unless every word is there).",
    )
    plan_approval_seconds: int = Field(
        24 * 3600,
        ge=1,
        description="How long a job with approve_plan waits for its plan's approval before it fails "
        "(at most half of DEEPREF_JOB_TTL_SECONDS, so its record is still there to say why).",
    )

    # --- Questions ------------------------------------------------------------
    max_question_chars: int = Field(2000, ge=10, description="Longest accepted question.")
    allowed_profiles: list[Literal["precise", "seed"]] = Field(
        default_factory=lambda: ["precise", "seed"],  # type: ignore[arg-type]  # mypy infers list[str] for the lambda
        description="Reference engine profiles a job's options may name.",
    )

    # --- LLM (OpenAI-compatible) ---------------------------------------------
    llm_base_url: str | None = Field(None, description="Chat-completions endpoint; unset = extractive answers.")
    llm_api_key: SecretStr | None = Field(None, description="Key for the LLM endpoint.")
    llm_model: str = Field("gpt-4o-mini", description="Chat model name.")
    llm_timeout: float = Field(120.0, gt=0, description="Seconds per chat request.")
    llm_context_tokens: int = Field(
        0,
        ge=0,
        description="The chat model's context in tokens; 0 = ask the server (Ollama, llama.cpp, vLLM), "
        "else 32768. Prompts are cut to fit it, with a warning.",
    )
    llm_prices: dict[str, dict[str, float]] = Field(
        default_factory=dict,
        description='USD per 1M tokens by model, e.g. {"my-model": {"input": 0.2, "output": 0.8, '
        '"cached_input": 0.05}}; adds to and overrides the built-in list prices (docs/pipeline.md, cost).',
    )
    max_cost: float | None = Field(
        None, gt=0, description="US dollars one job may spend on the chat model at most; unset = no cap."
    )
    verify_with_model: Literal["off", "optional", "on"] = Field(
        "optional",
        description="The chat model judges the citations the support model is unsure of: off (never), "
        "optional (when a job asks: options.verify_with_model, --verify-with-model) or on (every job).",
    )
    verify_max_pairs: int = Field(
        30, ge=1, le=1000, description="Citations a job has the chat model judge at most (verify_with_model)."
    )
    verify_band: tuple[float, float] = Field(
        (0.35, 0.85),
        description="Support levels [low, high) between which a model citation is judged by the chat model "
        "(verify_with_model): below, the support model drops it; above, it keeps it.",
    )
    llm_sub_queries: int = Field(3, ge=0, le=10, description="Extra search queries the LLM writes per question.")
    allowed_llm_models: list[str] = Field(
        default_factory=list, description="Models a job's options.llm_model may name; empty = DEEPREF_LLM_MODEL only."
    )

    # --- Embeddings -------------------------------------------------------------
    embedder: Literal["auto", "local", "openai", "jaccard"] = Field(
        "auto", description="auto = openai if an embedding URL is set, else local if installed, else jaccard."
    )
    embedding_base_url: str | None = Field(None, description="OpenAI-compatible /v1/embeddings base URL.")
    embedding_api_key: SecretStr | None = Field(None, description="Key for the embedding endpoint.")
    embedding_model: str = Field("text-embedding-3-small", description="Embedding model name.")
    allowed_embedders: list[Literal["auto", "local", "openai", "jaccard"]] = Field(
        default_factory=list,
        description="Embedders a job's options.embedder may name; empty = DEEPREF_EMBEDDER and jaccard.",
    )
    embedding_batch_size: int = Field(128, ge=1, le=2048, description="Texts per embeddings request.")
    embedding_cache_ttl: int = Field(30 * 24 * 3600, ge=0, description="Seconds an embedding stays cached in Redis.")

    # --- Search ----------------------------------------------------------------
    search_provider: str = Field(
        "duckduckgo",
        description="Search providers: a name, several joined with commas, or a preset (web, academic, all); "
        "docs/search.md.",
    )
    allowed_providers: list[str] = Field(
        default_factory=list,
        description="Providers (or presets) a job's options.provider may name; empty = DEEPREF_SEARCH_PROVIDER's "
        "and local.",
    )
    searxng_url: str | None = Field(None, description="Base URL of a SearxNG instance (JSON API enabled).")
    corpus_dir: Path | None = Field(
        None,
        description="Folder of documents for the local provider: PDF, DOCX, PPTX, EPUB, ODT, HTML, Markdown, text "
        "(docs/library.md).",
    )
    corpus_hard_links: bool = Field(
        False,
        description="Read corpus files that have other names (hard links); off: each is skipped and named, since "
        "one of its names may lie outside the folder (docs/security.md).",
    )
    library_vectors: bool = Field(
        False,
        description="Store the configured embedder's vectors of a corpus folder's passages when it is indexed, and "
        "rerank the lexical top 200 with them (docs/library.md).",
    )
    index_dir: Path = Field(
        Path("~/.cache/deepref/index"),
        description="Where corpus folders' indexes live (deepref index); share it between workers on a volume "
        "(docs/library.md).",
    )
    max_results_per_query: int = Field(8, ge=1, le=50, description="Search results kept per query.")
    max_pages: int = Field(12, ge=1, le=100, description="Pages fetched per job.")
    max_per_host: int = Field(
        3,
        ge=1,
        description="Web pages per host per job (a scholarly work with a DOI, arXiv id or PMID is not counted "
        "against its resolver host).",
    )
    allow_hosts: list[str] = Field(default_factory=list, description="If set, only these hosts are used.")
    deny_hosts: list[str] = Field(default_factory=list, description="Hosts never used.")
    search_rate_per_second: float = Field(
        0.5,
        gt=0,
        description="Queries per second to DuckDuckGo or SearxNG (API providers keep their documented rates).",
    )
    search_retries: int = Field(
        2, ge=0, le=5, description="Retries of an API provider's request after a 429, 5xx, timeout or malformed answer."
    )
    search_max_wait_seconds: float = Field(
        30.0, ge=0, description="Longest Retry-After a job waits for; a provider asking longer is skipped."
    )
    search_timeout: float = Field(15.0, gt=0, description="Seconds per search API request.")
    search_max_answer_bytes: int = Field(
        10_000_000,
        ge=1024,
        description="Largest answer read from a search provider (its JSON or XML); a larger one is cut off "
        "while read and that provider is skipped for the job (docs/security.md).",
    )
    scholarly_mailto: str | None = Field(
        None, description="Contact e-mail sent to OpenAlex and Crossref (polite pool) and NCBI (email)."
    )
    openalex_url: str | None = Field(None, description="OpenAlex API base URL; unset = https://api.openalex.org.")
    openalex_api_key: SecretStr | None = Field(
        None, description="OpenAlex API key (optional; a larger daily allowance)."
    )
    crossref_url: str | None = Field(None, description="Crossref REST API base URL; unset = https://api.crossref.org.")
    semanticscholar_url: str | None = Field(
        None, description="Semantic Scholar API base URL; unset = https://api.semanticscholar.org."
    )
    semanticscholar_api_key: SecretStr | None = Field(
        None, description="Semantic Scholar API key (optional; without it the shared public allowance)."
    )
    arxiv_url: str | None = Field(None, description="arXiv API base URL; unset = https://export.arxiv.org.")
    pubmed_url: str | None = Field(
        None, description="NCBI E-utilities base URL; unset = https://eutils.ncbi.nlm.nih.gov/entrez/eutils."
    )
    pubmed_api_key: SecretStr | None = Field(None, description="NCBI API key (optional; 10 instead of 3 requests/s).")
    wikipedia_language: str = Field(
        "en", pattern=r"^[a-z][a-z0-9-]{1,15}$", description="Wikipedia edition searched (en, de, fr, simple, ...)."
    )
    wikipedia_url: str | None = Field(
        None, description="Wikipedia base URL; unset = https://{DEEPREF_WIKIPEDIA_LANGUAGE}.wikipedia.org."
    )
    tavily_url: str | None = Field(None, description="Tavily API base URL; unset = https://api.tavily.com.")
    tavily_api_key: SecretStr | None = Field(None, description="Tavily API key (required by the tavily provider).")
    brave_url: str | None = Field(None, description="Brave Search API base URL; unset = https://api.search.brave.com.")
    brave_api_key: SecretStr | None = Field(None, description="Brave Search API key (required by the brave provider).")
    exa_url: str | None = Field(None, description="Exa API base URL; unset = https://api.exa.ai.")
    exa_api_key: SecretStr | None = Field(None, description="Exa API key (required by the exa provider).")

    # --- Fetch -------------------------------------------------------------------
    fetch_concurrency: int = Field(8, ge=1, le=256, description="Pages fetched at once per job.")
    fetch_timeout: float = Field(15.0, gt=0, description="Seconds per page (connect + read).")
    fetch_total_timeout: float = Field(60.0, gt=0, description="Seconds for all pages of a job.")
    fetch_max_bytes: int = Field(5_000_000, ge=1024, description="Largest page body read.")
    fetch_max_redirects: int = Field(5, ge=0, description="Redirects followed per page.")
    fetch_allow_private: bool = Field(False, description="Allow every non-public address (internal deployments).")
    fetch_allow: list[Literal["loopback", "private", "link_local", "multicast", "reserved"]] = Field(
        default_factory=list, description='Non-public address kinds to allow, e.g. ["loopback"] (tests).'
    )
    fetch_user_agent: str = Field(
        "Mozilla/5.0 (compatible; deepref/0.1; +https://github.com/deepref/deepref)", description="User-Agent header."
    )
    fetch_respect_robots: bool = Field(True, description="Obey robots.txt.")
    fetch_host_rate_per_second: float = Field(2.0, gt=0, description="Requests per second per fetched host.")
    fetch_robots_cache_size: int = Field(1024, ge=1, description="Sites whose robots.txt a worker process keeps.")
    fetch_robots_cache_ttl: float = Field(3600.0, gt=0, description="Seconds before a site's robots.txt is read again.")
    extract_timeout: float = Field(
        20.0, gt=0, description="Seconds to extract one page's text; the extraction process is killed past it."
    )
    extract_workers: int = Field(2, ge=1, le=32, description="Extraction processes per worker process.")

    # --- Reading documents: what one file may yield (docs/security.md) --------------
    document_max_chars: int = Field(
        5_000_000, ge=1000, description="Characters of text read from one document; the rest is cut and named."
    )
    document_max_passages: int = Field(
        10_000, ge=1, description="Passages one document adds to a folder's index; the rest is cut and named."
    )
    document_max_pages: int = Field(5_000, ge=1, description="PDF pages read of one document.")
    ocr_max_pixels: int = Field(
        25_000_000,
        ge=100_000,
        description="Pixels of one page image given to OCR; a larger page is rendered below 300 dpi to fit.",
    )
    ocr_page_seconds: float = Field(30.0, gt=0, description="Seconds of OCR per page; Tesseract is killed past it.")
    ocr_file_seconds: float = Field(
        120.0, gt=0, description="Seconds of OCR per document; the pages after it are not read (named)."
    )

    # --- Reports -------------------------------------------------------------------
    reports_file: Path = Field(Path("reports.yaml"), description="Report definitions (YAML or TOML).")
    reports_dir: Path = Field(Path("deepref-reports"), description="Where finished reports are kept.")
    beat_interval_seconds: float = Field(30.0, gt=0, description="How often beat checks the definitions.")

    # --- Deep research: operator caps of every job's budget (docs/pipeline.md) -------
    deep_max_rounds: int = Field(8, ge=1, le=20, description="Rounds a standard/deep job may run at most.")
    deep_max_queries_per_round: int = Field(6, ge=1, le=10, description="Search queries per round at most.")
    deep_max_pages: int = Field(100, ge=1, le=500, description="Pages a standard/deep job may fetch at most.")
    deep_max_tokens: int = Field(
        400_000, ge=500, description="Model tokens (prompt + completion) a standard/deep job may spend at most."
    )
    deep_max_seconds: float = Field(1800.0, ge=1, description="Wall-clock seconds a standard/deep job may run at most.")

    # --- Webhooks, deliveries, queues, metrics (docs/integrations.md) ---------------
    webhook_secret: SecretStr | None = Field(
        None, description="Signs every webhook (HMAC-SHA256); at least 32 characters; required for callback URLs."
    )
    webhook_allow_private: bool = Field(
        False, description="Allow callbacks to every non-public address (a receiver inside your network)."
    )
    webhook_allow: list[Literal["loopback", "private", "link_local", "multicast", "reserved"]] = Field(
        default_factory=list, description='Non-public address kinds callbacks may reach, e.g. ["loopback"].'
    )
    webhook_timeout: float = Field(10.0, gt=0, description="Seconds per webhook attempt (connect + answer).")
    webhook_retry_seconds: float = Field(
        3600.0, ge=0, description="How long a failing webhook is retried after its first attempt."
    )
    webhook_backoff_seconds: float = Field(
        5.0, gt=0, description="Wait before the first retry; doubles after each failure (capped at 10 minutes)."
    )
    webhook_max_attempts: int = Field(12, ge=1, le=100, description="Attempts per webhook at most.")
    public_url: str | None = Field(
        None, description="Base URL of the API as receivers see it, for links in webhook events."
    )
    report_delivery_attempts: int = Field(
        3, ge=1, le=10, description="Attempts per report delivery (webhook or e-mail) before it is recorded as failed."
    )
    smtp_host: str | None = Field(None, description="SMTP server for e-mailed reports; unset = no e-mail.")
    smtp_port: int = Field(587, ge=1, le=65535, description="SMTP port.")
    smtp_starttls: bool = Field(True, description="Upgrade the SMTP connection with STARTTLS (refuse if absent).")
    smtp_ssl: bool = Field(False, description="Connect with TLS from the start (port 465) instead of STARTTLS.")
    smtp_username: str | None = Field(None, description="SMTP login.")
    smtp_password: SecretStr | None = Field(None, description="SMTP password.")
    smtp_from: str = Field("deepref@localhost", description="From address of e-mailed reports.")
    smtp_timeout: float = Field(30.0, gt=0, description="Seconds per SMTP conversation.")
    smtp_ca_file: Path | None = Field(None, description="CA bundle to verify the SMTP server with (private CA).")
    llm_max_concurrency: int = Field(
        0, ge=0, description="Chat requests to one model at once, all workers together (0 = no limit)."
    )
    llm_concurrency_lease_seconds: int = Field(
        300, ge=5, description="A held chat slot expires after this long (its worker died)."
    )
    worker_metrics_port: int | None = Field(
        None, ge=1, le=65535, description="Port of a worker host's /metrics (set by deepref worker --metrics-port)."
    )
    metrics_token: SecretStr | None = Field(
        None, description="Bearer token for /metrics; unset = /metrics follows the API's token."
    )

    # --- HTTP API ------------------------------------------------------------------
    api_token: SecretStr | None = Field(
        None, description="Bearer token required by the API when set; at least 32 characters."
    )
    api_allowed_hosts: list[str] = Field(
        default_factory=lambda: ["localhost", "127.0.0.1", "::1"],
        description='Host header values the API answers (any port); "*" = any (only behind a proxy that checks it).',
    )
    api_allowed_origins: list[str] = Field(
        default_factory=list, description="Origins allowed besides the API's own, e.g. https://app.example.org."
    )
    api_max_streams: int = Field(100, ge=1, description="Event streams open at once, all clients together.")
    api_max_streams_per_client: int = Field(8, ge=1, description="Event streams open at once per client address.")
    api_stream_max_seconds: float = Field(
        900.0, gt=0, description="Longest life of one event stream; the client reconnects after it."
    )
    api_event_token_seconds: int = Field(600, ge=10, description="Validity of the per-job token in events URLs.")
    api_max_body_bytes: int = Field(64_000, ge=1024, description="Largest accepted request body.")
    api_corpus_roots: list[Path] = Field(
        default_factory=list,
        description="Folders inside which HTTP clients may name a corpus_dir; empty = they may not name one.",
    )

    @field_validator("corpus_dir")
    @classmethod
    def _real_corpus_dir(cls, value: Path | None) -> Path | None:
        """The operator's folder by its real path: a job's folder is opened with no link
        in its path (search/documents/beneath.py), and a link here is the operator's own."""
        return Path(value).expanduser().resolve() if value is not None else None

    @field_validator("search_provider")
    @classmethod
    def _provider_spec(cls, value: str) -> str:
        parse_spec(value)
        return value

    @field_validator("allowed_providers")
    @classmethod
    def _provider_specs(cls, value: list[str]) -> list[str]:
        for spec in value:
            parse_spec(spec)
        return value

    def redis_url_redacted(self) -> str:
        """The Redis URL with any password replaced, safe for messages and logs."""
        return redact_url(self.redis_url)


def redact_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Settings of this process; tests call ``get_settings.cache_clear()`` after changing env."""
    return Settings()
