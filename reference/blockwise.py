"""A score matrix that is never held whole: rows computed a block at a time.

1,000 answer sentences by 100,000 source passages is 400 MB of float32, and the
engine only ever keeps a few candidates per sentence. ``RowBlocks`` stands for the
(segments × chunks) matrix: ``blocks()`` walks it in blocks of rows small enough to
stay within a fixed number of cells, ``m[r]`` and ``m[r, c]`` compute the block
holding row ``r`` (the last block is kept, since callers go through rows in order).

Every value is computed by the same function on the same rows as in the dense path
(``reference.scoring``), so a row of a block equals that row of the whole matrix
bit for bit, and the candidates picked per row are the same; ``best_per_row``
keeps ties the way the greedy rules rank them. Sparse products are row by row. A
dense product is not: BLAS sums a row in an order that depends on the shape of the
product it is part of (with OpenBLAS 0.3.31 on an AMD EPYC, no block size gives
the rows of the whole product), so the dense path computes its matrix product by
the same blocks of rows (``product``): each row comes out of the same product on
both paths (tests/reference/test_blockwise.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

MIN_ROWS = 4  # rows of the smallest block: a product of one or two rows is slow
BLOCK_CELLS = 2_000_000  # cells per block of the blockwise path (8 MB of float32 each)
DENSE_CELLS = 8_000_000  # up to this size the whole matrix is computed at once (32 MB)

Compute = Callable[[int, int], tuple[np.ndarray, np.ndarray | None]]


def block_rows(n_cols: int) -> int:
    """Rows per block: as many as fit in ``BLOCK_CELLS``, at least ``MIN_ROWS``."""
    return max(MIN_ROWS, BLOCK_CELLS // max(n_cols, 1))


def product(a: np.ndarray, b: np.ndarray, start: int, end: int, n_cols: int) -> np.ndarray:
    """Rows ``start:end`` of ``a @ b.T``, one matrix product per block of rows of a
    (rows × ``n_cols``) matrix, as ``views`` walks it: the dense path (0, n) and each
    block get every row from the same product. ``start`` is a block's first row."""
    step = block_rows(n_cols)
    out = np.empty((end - start, b.shape[0]), dtype=np.result_type(a, b))
    for first in range(start, end, step):
        last = min(first + step, end)
        np.matmul(a[first:last], b.T, out=out[first - start : last - start])
    return out


def use_blocks(n_rows: int, n_cols: int) -> bool:
    """Whether a (rows × columns) matrix is too big to compute whole."""
    return n_rows * n_cols > DENSE_CELLS


class _Cache:
    """The last computed block of (matrix, dense) rows, shared by both views."""

    def __init__(self, compute: Compute, n_rows: int, rows_per_block: int):
        self.compute, self.n_rows, self.size = compute, n_rows, rows_per_block
        self.start = -1
        self.value: tuple[np.ndarray, np.ndarray | None] = (np.zeros((0, 0), np.float32), None)

    def block_of(self, row: int) -> tuple[int, tuple[np.ndarray, np.ndarray | None]]:
        start = row // self.size * self.size
        if start != self.start:
            self.value = self.compute(start, min(start + self.size, self.n_rows))
            self.start = start
        return start, self.value


class RowBlocks:
    """A read-only (rows × columns) float32 matrix computed by blocks of rows."""

    def __init__(self, cache: _Cache, n_cols: int, which: int):
        self._cache, self._which = cache, which
        self.shape = (cache.n_rows, n_cols)
        self.dtype = np.dtype(np.float32)

    def blocks(self) -> Iterator[tuple[int, np.ndarray]]:
        """(first row, block) over the whole matrix, in order."""
        for start in range(0, self.shape[0], self._cache.size):
            _, value = self._cache.block_of(start)
            yield start, self._part(value)

    def row(self, r: int) -> np.ndarray:
        start, value = self._cache.block_of(int(r))
        return self._part(value)[int(r) - start]

    def _part(self, value: tuple[np.ndarray, np.ndarray | None]) -> np.ndarray:
        part = value[self._which]
        if part is None:  # a RowBlocks is made only of a part its cache computes
            raise ValueError(f"the block cache computes no part {self._which}")
        return part

    def __getitem__(self, key):
        if isinstance(key, tuple):
            r, c = key
            return self.row(r)[c]
        return self.row(key)


def views(compute: Compute, n_rows: int, n_cols: int, dense: bool) -> tuple[RowBlocks, RowBlocks | None]:
    """The score matrix and (when ``dense``) the cosine matrix, as row blocks."""
    cache = _Cache(compute, n_rows, block_rows(n_cols))
    return RowBlocks(cache, n_cols, 0), (RowBlocks(cache, n_cols, 1) if dense else None)


def row_blocks(matrix: np.ndarray | RowBlocks) -> Iterator[tuple[int, np.ndarray]]:
    """Blocks of rows of either kind of matrix (a dense one is one block)."""
    if isinstance(matrix, RowBlocks):
        yield from matrix.blocks()
    else:
        yield 0, matrix


def best_per_row(block: np.ndarray, k: int, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """(rows, cols) of each row's ``k`` best entries that reach ``threshold``, in the
    order the greedy selection ranks them (score, then column): entries above the
    ``k``-th best, then the lowest columns among those tied with it. Any pair the
    greedy rules may keep is among these (``reference.selection``)."""
    n_rows, n_cols = block.shape
    if n_rows == 0 or n_cols == 0 or k <= 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    if k >= n_cols:
        rows, cols = np.nonzero(block >= threshold)
        return rows, cols
    kth = -np.partition(-block, k - 1, axis=1)[:, k - 1 : k]  # the k-th best of each row
    above = block > kth
    tied = block == kth
    room = k - above.sum(axis=1, keepdims=True)
    keep = above | (tied & (np.cumsum(tied, axis=1) <= room))
    keep &= block >= threshold
    rows, cols = np.nonzero(keep)
    return rows, cols
