"""KernelBench L1/24 LogSoftmax over dim 1 of a (4096, 393216) fp32 tensor (rows of 1.5 MB).

Two streaming passes instead of eager's max / sum-exp / write passes:
  1. split-row online statistics: grid (rows, splits); each program keeps a lane-wise running (max, sum exp)
     over its chunk and stores one (max, sum) pair per chunk;
  2. each program merges its row's chunk pairs (a few numbers) and writes exp(x - max) / sum for its chunk.
Bytes: 2 reads + 1 write of x (the floor without keeping rows on chip). Pass 2 walks the grid in reverse so
the chunks pass 1 read last are re-read while still in L2. Splitting rows keeps every SM busy for any row
count; chunk sizes adapt so there are enough programs.
"""

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK = 4096  # elements per loop step in a program
_CHUNK_BLOCKS = 16  # loop steps per program at most (64 Ki elements = 256 KiB of fp32)
_MIN_PROGRAMS = 1024  # split rows further until at least this many programs run
_MAX_SPLITS = 1024
_NEG_BIG = tl.constexpr(
    -3.0e38
)  # finite "minus infinity" for running maxima, so exp(m_old - m_new) never sees inf - inf


@triton.jit
def _chunk_stats_kernel(x_ptr, m_ptr, s_ptr, n_cols, chunk, n_splits, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    split = tl.program_id(1)
    row_ptr = x_ptr + row.to(tl.int64) * n_cols
    col0 = split.to(tl.int64) * chunk
    m = tl.full([BLOCK], _NEG_BIG, tl.float32)
    s = tl.zeros([BLOCK], tl.float32)
    for off in range(0, chunk, BLOCK):
        cols = col0 + off + tl.arange(0, BLOCK)
        x = tl.load(row_ptr + cols, mask=cols < n_cols, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m, x)
        s = s * tl.exp(m - m_new) + tl.exp(x - m_new)
        m = m_new
    m_chunk = tl.max(m, 0)
    s_chunk = tl.sum(s * tl.exp(m - m_chunk), 0)
    tl.store(m_ptr + row * n_splits + split, m_chunk)
    tl.store(s_ptr + row * n_splits + split, s_chunk)


@triton.jit
def _log_softmax_write_kernel(
    x_ptr, y_ptr, m_ptr, s_ptr, n_rows, n_cols, chunk, n_splits, BLOCK: tl.constexpr, SPLITS_P2: tl.constexpr
):
    # Reverse order: the first programs here touch what the stats pass read last (likely still in L2).
    row = n_rows - 1 - tl.program_id(0)
    split = n_splits - 1 - tl.program_id(1)
    parts = tl.arange(0, SPLITS_P2)
    pmask = parts < n_splits
    ms = tl.load(m_ptr + row * n_splits + parts, mask=pmask, other=_NEG_BIG)
    ss = tl.load(s_ptr + row * n_splits + parts, mask=pmask, other=0.0)
    row_max = tl.max(ms, 0)
    shift = row_max + tl.log(tl.sum(ss * tl.exp(ms - row_max), 0))
    row_off = row.to(tl.int64) * n_cols
    col0 = split.to(tl.int64) * chunk
    for off in range(0, chunk, BLOCK):
        cols = col0 + off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row_off + cols, mask=mask, other=0.0, eviction_policy="evict_first").to(
            tl.float32
        )
        y = x - shift
        tl.store(y_ptr + row_off + cols, y.to(y_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")


def _split_plan(n_rows: int, n_cols: int) -> tuple[int, int]:
    """(chunk elements, splits per row): big chunks, but enough programs to fill the GPU."""
    n_blocks = triton.cdiv(n_cols, _BLOCK)
    blocks = min(_CHUNK_BLOCKS, n_blocks)
    while blocks > 1 and n_rows * triton.cdiv(n_blocks, blocks) < _MIN_PROGRAMS:
        blocks = triton.cdiv(blocks, 2)
    blocks = max(blocks, triton.cdiv(n_blocks, _MAX_SPLITS))
    return blocks * _BLOCK, triton.cdiv(n_blocks, blocks)


def _log_softmax_last_dim(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    y = torch.empty_like(x)
    n_cols = x.shape[-1] if x.dim() else 1
    if x.numel() == 0:
        return y
    n_rows = x.numel() // n_cols
    chunk, n_splits = _split_plan(n_rows, n_cols)
    m = torch.empty((n_rows, n_splits), device=x.device, dtype=torch.float32)
    s = torch.empty((n_rows, n_splits), device=x.device, dtype=torch.float32)
    grid = (n_rows, n_splits)
    _chunk_stats_kernel[grid](x, m, s, n_cols, chunk, n_splits, BLOCK=_BLOCK, num_warps=8)
    _log_softmax_write_kernel[grid](
        x, y, m, s, n_rows, n_cols, chunk, n_splits,
        BLOCK=_BLOCK, SPLITS_P2=triton.next_power_of_2(n_splits), num_warps=8,
    )  # fmt: skip
    return y


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        dim = self.dim % max(x.dim(), 1)
        if dim == x.dim() - 1 or x.dim() <= 1:
            return _log_softmax_last_dim(x)
        # Other layouts: make the reduced dim innermost, then restore the original layout.
        y = _log_softmax_last_dim(x.movedim(dim, -1))
        return y.movedim(-1, dim).contiguous()
