from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from deepref.reference.errors import EmbedderError
from deepref.worker.inference.embedding import CachedEmbedder, LocalEmbedder, OpenAIEmbedder, resolve_embedder
from deepref.worker.jobs.keys import Keys
from deepref.worker.settings import Settings


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
    from deepref.worker.inference.embedding import uses_local_model
    from tests.conftest import REPO

    assert not uses_local_model(Settings(embedder="jaccard"))
    assert not uses_local_model(Settings(embedder="auto", embedding_base_url=openai_server.v1))
    assert uses_local_model(Settings(embedder="local"))
    # in a fresh interpreter: another test of this session may have imported it already
    check = "import sys; from deepref.worker.inference.embedding import LocalEmbedder; LocalEmbedder.available(); "
    check += "print('sentence_transformers' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == "False"


REFERENCE = Path(__file__).resolve().parents[2] / "fixtures" / "minilm_reference.json"


@pytest.fixture(scope="module")
def reference():
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def local():
    if not LocalEmbedder.available():
        pytest.skip("the 'local' extra is not installed")
    return LocalEmbedder()


@pytest.mark.local_model
def test_local_model_is_semantic_and_offline(local):
    vectors = local.embed(
        [
            "The cat sits on the mat.",
            "A kitten rests on a rug.",
            "Stock markets fell sharply today.",
            "机器学习是人工智能的一部分。",
        ]
    )
    assert vectors.shape == (4, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]


@pytest.mark.local_model
def test_local_model_matches_sentence_transformers(local, reference):
    """The vectors of the sentence-transformers path the fixture was made with, to float
    precision. The fixture covers a text past 128 word pieces (truncation), an empty
    one, CJK, Cyrillic and accents."""
    assert local.max_seq_length == reference["max_seq_length"]
    vectors = local.embed(reference["texts"])
    cosines = np.sum(vectors * np.asarray(reference["vectors"], dtype=np.float32), axis=1)
    assert cosines.min() > 0.99999, cosines
    assert np.allclose(vectors, reference["vectors"], atol=1e-5)


@pytest.mark.local_model
def test_local_float_weights_are_inputs_read_in_place(local):
    """No session copies the float weights (ONNX Runtime copies initializers into each
    one, ~45 MB a worker child): the graph has no initializers, every weight is an
    input of the session, and the linear layers' matrices fed to it are views of the
    safetensors mmap that a worker's parent and children share."""
    import mmap

    model = local._model()
    assert model.weights.initializers == {}
    assert {i.name for i in model.session().get_inputs()} == {"embeddings", "mask", *model.weights.inputs}
    for name in ("ao0_w", "in0_w", "out5_w"):
        base = model.weights.inputs[name]
        while isinstance(base, np.ndarray):
            base = base.base
        assert isinstance(base.obj if isinstance(base, memoryview) else base, mmap.mmap), name


@pytest.mark.local_model
def test_local_large_calls_give_their_memory_back(local, reference, monkeypatch):
    """An idle worker child should not hold a batch's activations: a call whose largest
    batch has RELEASE_FROM word pieces or more ends with a release (malloc_trim), a
    small one (a query) does not pay for it."""
    from deepref.worker.inference import minilm

    model, calls = local._model(), []
    with monkeypatch.context() as m:
        m.setattr(minilm.MiniLM, "release", lambda self: calls.append(self))
        local.embed(["tides"])
        assert calls == []
        local.embed(reference["texts"] * 8)  # a text of 128 word pieces in a batch of 16
        assert calls == [model]
    model.release()  # and the real one runs


@pytest.mark.local_model
def test_local_int8_option_is_close_but_not_equal(reference):
    """int8 weights (not the default): near the float vectors, not equal, and moved by
    batch mates (one activation scale per batch), which is why it is not the default."""
    if not LocalEmbedder.available():
        pytest.skip("the 'local' extra is not installed")
    int8 = LocalEmbedder(quantize=True)
    assert int8.name != LocalEmbedder().name  # never one cache entry for both
    vectors = int8.embed(reference["texts"])
    cosines = np.sum(vectors * np.asarray(reference["vectors"], dtype=np.float32), axis=1)
    assert cosines.min() > 0.95 and cosines.max() < 0.99999


@pytest.mark.local_model
def test_local_batches_give_the_vectors_of_one_at_a_time(local, reference):
    """Mixed lengths share a padded batch; padding must not leak into any vector,
    and the order of the input is kept."""
    texts = reference["texts"]
    together = local.embed(texts)
    alone = np.stack([local.embed([t])[0] for t in texts])
    assert np.allclose(together, alone, atol=1e-5)
    assert np.array_equal(local.embed(texts[::-1]), together[::-1])


@pytest.mark.local_model
def test_local_batches_side_by_side_give_the_vectors_of_one_batch_at_a_time(local, reference):
    """Batches run on two threads at once (one thread an operator, an option): the same
    vectors as one batch at a time over both threads, in the input's order. Its threads
    are stopped after, so that no later fork in this process inherits them."""
    from deepref.worker.inference.minilm import MiniLM

    texts = reference["texts"] * 5  # several batches of mixed lengths
    weights = local._model().weights
    side = MiniLM(weights, threads=2, side_by_side=True)
    try:
        serial = MiniLM(weights, threads=2, side_by_side=False).encode(texts, batch_size=4)
        assert np.allclose(side.encode(texts, batch_size=4), serial, atol=1e-6)
        assert np.allclose(local.embed(texts), serial, atol=1e-6)
    finally:
        side.close()


@pytest.mark.local_model
def test_local_truncates_long_input_and_embeds_empty_text(local, reference):
    long, empty = reference["texts"][3], ""
    longer = long + " " + "More words past the limit change nothing. " * 200
    vectors = local.embed([long, longer, empty, "   "])
    assert np.allclose(vectors[0], vectors[1], atol=1e-6)  # only the first 128 word pieces count
    assert np.allclose(vectors[2], vectors[3], atol=1e-6)  # stripped, like sentence-transformers
    assert np.isfinite(vectors).all() and np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert local.embed([]).shape == (0, 384)


@pytest.mark.local_model
def test_local_model_loads_without_torch():
    """A fresh interpreter: loading and embedding imports neither torch nor
    sentence-transformers (their import alone was ~7 s of every cold start)."""
    if not LocalEmbedder.available():
        pytest.skip("the 'local' extra is not installed")
    from tests.conftest import REPO

    check = "import sys; from deepref.worker.inference.embedding import LocalEmbedder; "
    check += "LocalEmbedder().embed(['tides']); "
    check += "print(sorted(m for m in ('torch', 'sentence_transformers', 'transformers', 'onnx') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == "[]"


_FORKED = """
import multiprocessing, numpy as np
from deepref.worker.inference.embedding import LocalEmbedder
TEXT = "Tidal power converts the energy of tides into electricity."
def child(text):
    return LocalEmbedder().embed([text])[0]
if __name__ == "__main__":
    LocalEmbedder.preload()
    before = LocalEmbedder().embed([TEXT])[0]
    with multiprocessing.get_context("fork").Pool(1) as pool:
        after = pool.apply_async(child, (TEXT,)).get(60)  # a dead child's task never answers
    print(float(np.dot(before, after)), float(np.abs(before - after).max()))
"""


@pytest.mark.local_model
def test_local_model_is_usable_in_a_forked_child(tmp_path):
    """A worker's parent loads the weights (and here embeds) before forking; the child
    builds its own session (ONNX Runtime's threads do not survive fork) and gets the
    same vectors. In a fresh interpreter, as a Celery worker's parent is: this test
    process holds other tests' threads (servers, the browser), which no worker has."""
    if not LocalEmbedder.available():
        pytest.skip("the 'local' extra is not installed")
    from tests.conftest import REPO

    script = tmp_path / "forked.py"
    script.write_text(_FORKED)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=90, cwd=REPO)
    assert out.returncode == 0, out.stderr
    cosine, largest = map(float, out.stdout.split())
    assert cosine > 0.999999 and largest < 1e-6
