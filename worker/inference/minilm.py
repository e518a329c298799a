"""all-MiniLM-L6-v2 on ONNX Runtime, straight from the packaged safetensors: no torch.

sentence-transformers + torch cost ~7 s of imports per process and ~565 MB per worker
child; this runs the same BERT forward pass (6 layers, 12 heads, mean pooling, L2
normalisation) with ONNX Runtime's fused CPU kernels in well under a second of start.

- **No export step.** The ONNX graph (about 40 nodes) is written here as protobuf
  bytes (:mod:`worker.inference.onnx_proto`), so nothing is converted at install time and
  neither torch nor the ``onnx`` package is needed.
- **Shared weights.** The safetensors file is memory-mapped and the concatenated or
  quantised matrices are computed once per process; a worker's parent loads
  :class:`MiniLMWeights` (and imports ONNX Runtime) before forking, and its children
  share those pages. The float weights are the graph's inputs, fed to every run as
  views of those pages: ONNX Runtime copies initializers, external ones included,
  into each session (~45 MB a child), and reads inputs in place. (The int8 graph
  keeps its matrices as initializers, see :func:`_graph`.) ONNX Runtime sessions
  own thread pools, which do not survive ``fork``: each process builds its own
  session (a fraction of a second) on first use.
- **Idle children hold no activations.** No memory arena: a run's activations go
  back to malloc, and a large :meth:`MiniLM.encode` call hands malloc's free pages
  back to the system when it ends (~90 MB a child between calls).
- **Float by default**, equal to sentence-transformers' vectors to 1e-6. ``quantize``
  runs the linear layers with int8 weights (per output channel) through
  ``DynamicQuantizeMatMul``: ~1.4x the float speed on AVX2, at cosine ~0.98, and each
  batch's activations share one scale, so a vector depends slightly on its batch
  mates (docs/benchmarks.md).
"""

from __future__ import annotations

import json
import mmap
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from deepref.worker.inference import onnx_proto as P

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    from tokenizers import Tokenizer

HIDDEN, HEADS, LAYERS = 384, 12, 6
_DTYPES = {"F32": np.float32, "I64": np.int64}


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file as a view of one mmap: pages of the page cache,
    shared by every process that maps the file. Private (copy-on-write) rather than
    read-only because ONNX Runtime takes external initializers only from writable
    buffers; nothing writes to them."""
    with open(path, "rb") as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
    size = int.from_bytes(mapped[:8], "little")
    header = json.loads(mapped[8 : 8 + size])
    tensors = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        dtype = np.dtype(_DTYPES[meta["dtype"]])
        flat = np.frombuffer(mapped, dtype=dtype, count=(end - start) // dtype.itemsize, offset=8 + size + start)
        tensors[name] = flat.reshape(meta["shape"])
    return tensors


def quantize_columns(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 per column of ``w`` (in x out): the weights and their scales."""
    scale = np.abs(w).max(axis=0) / 127.0
    scale = np.where(scale > 0, scale, 1.0).astype(np.float32)
    return np.ascontiguousarray(np.clip(np.rint(w / scale), -127, 127), dtype=np.int8), scale


@dataclass
class MiniLMWeights:
    """Tokenizer and the graph's weights; built once per process (or parent)."""

    tokenizer: Tokenizer
    word: np.ndarray  # vocabulary x hidden, in the mmap
    position_type: np.ndarray  # position embeddings plus the (only) token type's
    inputs: dict[str, np.ndarray]  # fed to every run: views of the mmap, or arrays made before fork
    initializers: dict[str, np.ndarray]  # external ones, copied into each session: the int8 graph's matrices only
    graph: bytes
    quantized: bool

    @classmethod
    def load(cls, model_dir: Path, *, quantize: bool = False, max_seq_length: int = 128) -> MiniLMWeights:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tokenizer.no_padding()  # the file pads every text to 128: we pad per batch
        tokenizer.enable_truncation(max_length=max_seq_length)  # counts [CLS] and [SEP], like sentence-transformers
        t = read_safetensors(model_dir / "model.safetensors")
        inputs, inits, nodes = _graph(t, quantize)
        # weights as inputs, not initializers: ONNX Runtime would copy those into each
        # process's session, where inputs are read where they are (see MiniLM.session)
        graph = P.model(
            nodes,
            inputs=[
                P.value_info("embeddings", P.FLOAT, ["batch", "length", HIDDEN]),
                P.value_info("mask", P.INT64, ["batch", "length"]),
                *(P.value_info(name, _PROTO_TYPES[a.dtype], list(a.shape)) for name, a in inputs.items()),
            ],
            outputs=[P.value_info("hidden", P.FLOAT, ["batch", "length", HIDDEN])],
            initializers=[P.external_tensor(name, _PROTO_TYPES[a.dtype], a.shape) for name, a in inits.items()],
        )
        position_type = t["embeddings.position_embeddings.weight"] + t["embeddings.token_type_embeddings.weight"][0]
        return cls(tokenizer, t["embeddings.word_embeddings.weight"], position_type, inputs, inits, graph, quantize)


_PROTO_TYPES = {np.dtype(np.float32): P.FLOAT, np.dtype(np.int8): P.INT8, np.dtype(np.int64): P.INT64}


def _graph(
    t: dict[str, np.ndarray], quantize: bool
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], list[bytes]]:
    """BERT's encoder as ONNX nodes (standard ops plus ONNX Runtime's fused contrib ops),
    and its weights: the graph's inputs, and its initializers (int8 only).

    The int8 graph's matrices (the quantised ones and the attention's QKV) stay
    initializers: fed as inputs, the attention's output moves by ~1e-7 (it is not
    pre-packed), enough to move the next layer's dynamic quantisation steps and the
    int8 vectors by up to 0.01; they are ~19 MB a child, against the float graph's 45.
    The embedding lookup is left to numpy (:meth:`MiniLM.encode`): the 47 MB word
    table is read from the mmap that every process shares."""
    inputs: dict[str, np.ndarray] = {"emb_g": t["embeddings.LayerNorm.weight"], "emb_b": t["embeddings.LayerNorm.bias"]}
    inits: dict[str, np.ndarray] = {}
    nodes = [
        P.node("LayerNormalization", ["embeddings", "emb_g", "emb_b"], ["h0"], axis=-1, epsilon=1e-12),
        P.node("Cast", ["mask"], ["mask32"], to=P.INT32),
    ]

    def linear(x: str, w: np.ndarray, out: str, bias: str | None = None) -> bytes:
        """x @ w (w is in x out, a transposed view of the file's matrix): float, or int8
        weights with dynamic quantisation of x."""
        if not quantize:  # the mmapped (out x in) matrix as it is: no copy, shared by every process
            inputs[f"{out}_w"] = w.T
            return P.node("FusedMatMul", [x, f"{out}_w"], [out], domain=P.MS, transB=1)
        inits[f"{out}_q"], inits[f"{out}_s"] = quantize_columns(w)
        ins = [x, f"{out}_q", f"{out}_s"] + (["", bias] if bias else [])
        return P.node("DynamicQuantizeMatMul", ins, [out], domain=P.MS)

    h = "h0"
    for i in range(LAYERS):
        p = f"encoder.layer.{i}."
        w = {k.removeprefix(p): v for k, v in t.items() if k.startswith(p)}
        qkv = [w[f"attention.self.{n}.weight"].T for n in ("query", "key", "value")]
        (inits if quantize else inputs)[f"qkv{i}_w"] = np.ascontiguousarray(np.concatenate(qkv, axis=1))
        inputs[f"qkv{i}_b"] = np.concatenate([w[f"attention.self.{n}.bias"] for n in ("query", "key", "value")])
        for name, key in (("ao", "attention.output"), ("out", "output")):
            inputs[f"{name}{i}_b"] = w[f"{key}.dense.bias"]
            inputs[f"{name}{i}_g"] = w[f"{key}.LayerNorm.weight"]
            inputs[f"{name}{i}_beta"] = w[f"{key}.LayerNorm.bias"]
        inputs[f"in{i}_b"] = w["intermediate.dense.bias"]
        nodes += [
            P.node("Attention", [h, f"qkv{i}_w", f"qkv{i}_b", "mask32"], [f"att{i}"], domain=P.MS, num_heads=HEADS),
            linear(f"att{i}", w["attention.output.dense.weight"].T, f"ao{i}"),
            P.node(
                "SkipLayerNormalization",
                [f"ao{i}", h, f"ao{i}_g", f"ao{i}_beta", f"ao{i}_b"],
                [f"a{i}"],
                domain=P.MS,
                epsilon=1e-12,
            ),
            linear(f"a{i}", w["intermediate.dense.weight"].T, f"in{i}"),
            P.node("BiasGelu", [f"in{i}", f"in{i}_b"], [f"gelu{i}"], domain=P.MS),  # erf GELU, as BERT's
            linear(f"gelu{i}", w["output.dense.weight"].T, f"out{i}"),
            P.node(
                "SkipLayerNormalization",
                [f"out{i}", f"a{i}", f"out{i}_g", f"out{i}_beta", f"out{i}_b"],
                [f"h{i + 1}"],
                domain=P.MS,
                epsilon=1e-12,
            ),
        ]
        h = f"h{i + 1}"
    nodes.append(P.node("Identity", [h], ["hidden"]))
    return inputs, inits, nodes


# sessions built by a parent process, kept alive in its forked children (see MiniLM.session)
_INHERITED: list[tuple[object, object]] = []
# word pieces (rows x padded length) of a call's largest batch from which its memory is
# handed back: ~45 kB of activations each, and a release costs a few ms
RELEASE_FROM = 1024


def _malloc_trim() -> None:
    """Hand the C heap's free pages back to the system (glibc; elsewhere nothing): a
    run's freed activations stay in malloc's heaps otherwise, those of ONNX Runtime's
    threads included."""
    import contextlib
    import ctypes

    with contextlib.suppress(AttributeError, OSError):  # not glibc
        ctypes.CDLL(None).malloc_trim(0)


def cpu_count() -> int:
    """CPUs this process may run on (a container's or taskset's limit, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class MiniLM:
    """Encode texts to L2-normalised 384-d rows, as sentence-transformers' ``encode``.

    ``side_by_side``: batches run side by side, one thread each (``threads``, default
    one per CPU), on a session whose operators are single-threaded, so that a batch's
    ~40 operators never wait for each other's threads at a barrier. Not the default:
    on a loaded 2-core machine it was faster than one batch at a time over two threads
    in 5 of 6 paired runs but slower in one (x0.91 to x1.75, docs/benchmarks.md
    "model") and costs ~30 MB a process. Same vectors either way."""

    def __init__(self, weights: MiniLMWeights, *, threads: int = 0, side_by_side: bool = False):
        # threads=0: ONNX Runtime's own choice (one per physical core)
        self.weights, self.threads, self.side_by_side = weights, threads, side_by_side
        self._session: Any = None  # an onnxruntime.InferenceSession (ONNX Runtime ships no types)
        # the OrtValues of the external initializers, which must outlive the session
        self._values: list[Any] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._pid = -1
        self._lock = threading.Lock()

    def session(self) -> Any:
        """This process's ONNX Runtime session (a forked child builds its own).

        It holds no weights: they are inputs of every run (:meth:`encode`), read in
        place from the pages the parent made before forking, so a child's session
        costs ~2 MB instead of ~45 MB of copied initializers. (ONNX Runtime copies
        initializers, ``add_external_initializers`` ones included, into each session;
        ``add_initializer`` needs the weights in the graph.) Inputs are not
        pre-packed for MLAS: measured ~2% slower, the vectors the same to 1.5e-7.
        The int8 graph's matrices are still external initializers (see the module).

        No CPU memory arena: with one, an idle Celery child kept ~90 MB of a batch's
        activations in most runs, the arena shrunk after each call or not (the
        shrink run option); without, a run's tensors go back to malloc, and
        :meth:`release` hands them to the system. Same speed within the noise."""
        with self._lock:
            if self._session is None or self._pid != os.getpid():
                import onnxruntime as ort

                if self._session is not None:
                    # a forked child must never free its parent's session: the destructor
                    # joins thread-pool threads that did not survive fork and waits forever
                    # (seen as a hung Celery child); the copy-on-write pages cost nothing
                    _INHERITED.append((self._session, self._values))

                options = ort.SessionOptions()
                # one thread an operator, batches side by side (encode); or one batch at
                # a time over all threads (benchmarks/bench_model.py compares the two)
                options.intra_op_num_threads = 1 if self.side_by_side else self.threads
                options.enable_cpu_mem_arena = False
                options.log_severity_level = 3  # warnings about our own graph are ours to fix, not a worker's log
                names = list(self.weights.initializers)
                values = [ort.OrtValue.ortvalue_from_numpy(self.weights.initializers[n]) for n in names]
                if names:
                    options.add_external_initializers(names, values)
                self._session = ort.InferenceSession(self.weights.graph, options, providers=["CPUExecutionProvider"])
                self._values, self._pid = values, os.getpid()
                self._pool = None  # threads do not survive fork either
            return self._session

    def close(self) -> None:
        """Stop the side-by-side threads (a process about to fork should not hold them)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)

    def _threads(self) -> ThreadPoolExecutor:
        from concurrent.futures import ThreadPoolExecutor

        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.threads or cpu_count(), thread_name_prefix="minilm")
            return self._pool

    def encode(self, texts: list[str], batch_size: int = 16) -> np.ndarray:
        """Batches of similar length (sorted, so padding is small), run side by side;
        order of ``texts`` kept. Smaller batches when there are fewer than threads.

        When the largest batch has :data:`RELEASE_FROM` word pieces or more, the call
        ends with :meth:`release`, so that an idle worker child does not hold a
        batch's activations (~90 MB): once a call, not once a batch (the pages come
        back at a cost), and not after small calls (a query: ~4 ms, a release 1-4 ms)."""
        out = np.zeros((len(texts), HIDDEN), dtype=np.float32)
        if not texts:
            return out
        session = self.session()
        encodings = self.weights.tokenizer.encode_batch([t.strip() for t in texts])
        lengths = np.array([len(e.ids) for e in encodings])
        order = np.argsort(-lengths, kind="stable")
        parallel = (self.threads or cpu_count()) if self.side_by_side else 1
        size = max(1, min(batch_size, -(-len(texts) // parallel)))
        starts = range(0, len(texts), size)
        weights = self.weights.inputs

        def run(start: int) -> None:
            rows = order[start : start + size]
            ids = np.zeros((len(rows), lengths[rows].max()), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, : lengths[i]] = encodings[i].ids
            mask = (np.arange(ids.shape[1]) < lengths[rows][:, None]).astype(np.int64)
            embeddings = self.weights.word[ids] + self.weights.position_type[: ids.shape[1]]
            hidden = session.run(None, {"embeddings": embeddings, "mask": mask, **weights})[0]
            pooled = (hidden * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
            out[rows] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

        if parallel == 1 or len(starts) == 1:
            for start in starts:
                run(start)
        else:
            list(self._threads().map(run, starts))
        if len(order[:size]) * lengths[order[0]] >= RELEASE_FROM:
            self.release()
        return out

    def release(self) -> None:
        """Hand this process's freed activation memory back to the system."""
        _malloc_trim()
