"""Just enough of the ONNX protobuf schema to write a model graph as bytes.

:mod:`worker.inference.minilm` describes its graph (about 40 nodes, weights given apart) with these
helpers instead of the ``onnx`` package, whose import alone costs ~0.5 s of a cold
start and ~30 MB of install. Field numbers are those of onnx/onnx.proto (IR version 8);
ONNX Runtime validates the result when it loads it, and the tests compare its output
with sentence-transformers' vectors.
"""

from __future__ import annotations

import struct

FLOAT, INT8, INT32, INT64 = 1, 3, 6, 7  # TensorProto.DataType
MS = "com.microsoft"  # ONNX Runtime's contrib operators (fused attention, layer norm, GELU)
IR_VERSION, OPSET = 8, 17


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1  # negative int64 as two's complement, like protobuf
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _int(field: int, n: int) -> bytes:
    return _varint(field << 3) + _varint(n)


def _bytes(field: int, data: bytes | str) -> bytes:
    data = data.encode() if isinstance(data, str) else data
    return _varint(field << 3 | 2) + _varint(len(data)) + data


def _float(field: int, x: float) -> bytes:
    return _varint(field << 3 | 5) + struct.pack("<f", x)


def _attribute(name: str, value: int | float) -> bytes:
    if isinstance(value, float):
        return _bytes(1, name) + _float(2, value) + _int(20, 1)  # f, type=FLOAT
    return _bytes(1, name) + _int(3, value) + _int(20, 2)  # i, type=INT


def node(op: str, inputs: list[str], outputs: list[str], domain: str = "", **attributes: int | float) -> bytes:
    """A NodeProto; an empty input name marks an omitted optional input."""
    out = b"".join(_bytes(1, i) for i in inputs) + b"".join(_bytes(2, o) for o in outputs)
    out += _bytes(3, f"{op}_{outputs[0]}") + _bytes(4, op)
    out += b"".join(_bytes(5, _attribute(k, v)) for k, v in attributes.items())
    return out + (_bytes(7, domain) if domain else b"")


def value_info(name: str, elem_type: int, shape: list[int | str]) -> bytes:
    """A graph input or output: a tensor whose dimensions are sizes or symbolic names."""
    dims = b"".join(_bytes(1, _int(1, d) if isinstance(d, int) else _bytes(2, d)) for d in shape)
    tensor_type = _int(1, elem_type) + _bytes(2, dims)
    return _bytes(1, name) + _bytes(2, _bytes(1, tensor_type))


def external_tensor(name: str, elem_type: int, shape: tuple[int, ...]) -> bytes:
    """An initializer whose data the session receives as an external initializer."""
    out = b"".join(_int(1, d) for d in shape) + _int(2, elem_type) + _bytes(8, name)
    out += _bytes(13, _bytes(1, "location") + _bytes(2, "external"))  # never read: the session is given the data
    return out + _int(14, 1)  # data_location = EXTERNAL


def model(nodes: list[bytes], inputs: list[bytes], outputs: list[bytes], initializers: list[bytes]) -> bytes:
    """A ModelProto with the default and Microsoft opsets."""
    graph = b"".join(_bytes(1, n) for n in nodes) + _bytes(2, "graph")
    graph += b"".join(_bytes(5, t) for t in initializers)
    graph += b"".join(_bytes(11, i) for i in inputs) + b"".join(_bytes(12, o) for o in outputs)
    opsets = _bytes(8, _int(2, OPSET)) + _bytes(8, _bytes(1, MS) + _int(2, 1))
    return _int(1, IR_VERSION) + opsets + _bytes(7, graph)
