from __future__ import annotations

import numpy as np
import pytest

from reference.errors import EmbedderError
from worker.embedding import CachedEmbedder, LocalEmbedder, OpenAIEmbedder, resolve_embedder
from worker.keys import Keys
from worker.settings import Settings


def test_openai_embedder_batches_and_keeps_order(openai_server):
    emb = OpenAIEmbedder(openai_server.v1, api_key=openai_server.api_key, model="fake", batch_size=2)
    texts = ["tidal power", "wind farms", "tidal power station", "solar"]
    vectors = emb.embed(texts)
    assert vectors.shape == (4, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert vectors[0] @ vectors[2] > vectors[0] @ vectors[1]
    assert len([r for r in openai_server.fake.requests if r["path"] == "/v1/embeddings"]) == 2


def test_openai_embedder_retries_then_fails_clearly(openai_server):
    openai_server.fake.fail_status, openai_server.fake.fail_times = 500, 1
    emb = OpenAIEmbedder(openai_server.v1, api_key=openai_server.api_key, model="fake", max_retries=2)
    assert emb.embed(["x"]).shape == (1, 384)
    down = OpenAIEmbedder("http://127.0.0.1:1/v1", api_key="k", model="m", max_retries=0, timeout=2)
    with pytest.raises(EmbedderError, match="DEEPREF_EMBEDDING_BASE_URL"):
        down.embed(["x"])


class Counting:
    name = "counting"

    def __init__(self):
        self.seen = []

    def embed(self, texts):
        self.seen.extend(texts)
        return np.ones((len(texts), 4), dtype=np.float32) * np.arange(1, len(texts) + 1)[:, None]


def test_cache_in_redis_across_instances(redis_client, key_prefix):
    inner = Counting()
    first = CachedEmbedder(inner, redis_client, Keys(key_prefix), ttl=60)
    a = first.embed(["x", "y", "x"])
    assert inner.seen == ["x", "y"] and np.array_equal(a[0], a[2])
    second = CachedEmbedder(inner, redis_client, Keys(key_prefix), ttl=60)  # a new process, same Redis
    b = second.embed(["y", "z"])
    assert inner.seen == ["x", "y", "z"] and np.array_equal(b[0], a[1])


def test_cache_degrades_when_redis_is_down():
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    inner = Counting()
    down = redis.Redis(port=1, socket_connect_timeout=0.2, retry=Retry(NoBackoff(), 0))
    cache = CachedEmbedder(inner, down, Keys("x"), ttl=60)
    assert cache.embed(["a"]).shape == (1, 4)


def test_auto_rule(openai_server):
    assert resolve_embedder(Settings(embedder="jaccard")) is None
    emb = resolve_embedder(
        Settings(embedder="auto", embedding_base_url=openai_server.v1, embedding_api_key=openai_server.api_key)
    )
    assert emb.name.startswith("openai")


def test_which_settings_preload_the_local_model(openai_server):
    """A worker's parent imports the model's libraries before forking only when jobs
    will embed locally; the check itself imports nothing heavy."""
    import subprocess
    import sys

    from tests.conftest import REPO
    from worker.embedding import uses_local_model

    assert not uses_local_model(Settings(embedder="jaccard"))
    assert not uses_local_model(Settings(embedder="auto", embedding_base_url=openai_server.v1))
    assert uses_local_model(Settings(embedder="local"))
    # in a fresh interpreter: another test of this session may have imported it already
    check = "import sys; from worker.embedding import LocalEmbedder; LocalEmbedder.available(); "
    check += "print('sentence_transformers' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == "False"


@pytest.mark.local_model
def test_local_model_is_semantic_and_offline():
    if not LocalEmbedder.available():
        pytest.skip("the 'local' extra is not installed")
    vectors = LocalEmbedder().embed(
        [
            "The cat sits on the mat.",
            "A kitten rests on a rug.",
            "Stock markets fell sharply today.",
            "机器学习是人工智能的一部分。",
        ]
    )
    assert vectors.shape == (4, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
