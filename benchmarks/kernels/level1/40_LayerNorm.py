"""KernelBench L1/40 LayerNorm over the trailing (64, 256, 256) dims of a (16, 64, 256, 256) fp32 tensor.

Eager runs one thread block per row, so only 16 blocks (16 of 132 SMs) stream 4 Mi elements each. Here every
row is split into chunks so that ~2000 programs share the work:
  1. stats pass, grid (rows, splits): per chunk the shifted sums S1 = sum(x - K), S2 = sum((x - K)^2) with K the
     chunk's first element (numerically safe: K is a sample, so |mean - K| is of the order of the std);
     stores the chunk mean and M2 (sum of squared deviations);
  2. apply pass: each program merges its row's chunk (mean, M2, count) triples exactly (Chan et al.) and
     writes (x - mean) * rstd * weight + bias for its chunk.
Bytes: 2 reads + 1 write of x plus weight/bias (programs of consecutive ids share a weight chunk, so it is
reused from L2 across rows); the apply pass runs in reverse order to re-read the stats pass's last chunks from L2.
"""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK = 2048
_CHUNK_BLOCKS = 16  # loop steps per program at most (32 Ki elements)
_MIN_PROGRAMS = 1024
_MAX_SPLITS = 1024


@triton.jit
def _ln_stats_kernel(x_ptr, mean_ptr, m2_ptr, n_cols, chunk, n_splits, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    split = tl.program_id(1)
    row_ptr = x_ptr + row.to(tl.int64) * n_cols
    col0 = split.to(tl.int64) * chunk
    count = tl.minimum(chunk, n_cols - col0).to(tl.float32)
    shift = tl.load(row_ptr + col0).to(tl.float32)
    s1 = tl.zeros([BLOCK], tl.float32)
    s2 = tl.zeros([BLOCK], tl.float32)
    for off in range(0, chunk, BLOCK):
        cols = col0 + off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(row_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        d = tl.where(mask, x - shift, 0.0)
        s1 += d
        s2 += d * d
    t1 = tl.sum(s1, 0)
    t2 = tl.sum(s2, 0)
    tl.store(mean_ptr + row * n_splits + split, shift + t1 / count)
    tl.store(m2_ptr + row * n_splits + split, tl.maximum(t2 - t1 * t1 / count, 0.0))


@triton.jit
def _ln_apply_kernel(
    x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, m2_ptr, n_rows, n_cols, chunk, n_splits, eps,
    BLOCK: tl.constexpr, SPLITS_P2: tl.constexpr,
):  # fmt: skip
    # Reverse order: the first programs here touch what the stats pass read last (likely still in L2).
    row = n_rows - 1 - tl.program_id(0)
    split = n_splits - 1 - tl.program_id(1)
    parts = tl.arange(0, SPLITS_P2)
    pmask = parts < n_splits
    counts = tl.where(pmask, tl.minimum(chunk, n_cols - parts.to(tl.int64) * chunk), 0).to(tl.float32)
    means = tl.load(mean_ptr + row * n_splits + parts, mask=pmask, other=0.0)
    m2s = tl.load(m2_ptr + row * n_splits + parts, mask=pmask, other=0.0)
    mean = tl.sum(counts * means, 0) / n_cols
    dev = means - mean
    var = tl.sum(m2s + counts * dev * dev, 0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)

    row_off = row.to(tl.int64) * n_cols
    col0 = split.to(tl.int64) * chunk
    for off in range(0, chunk, BLOCK):
        cols = col0 + off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row_off + cols, mask=mask, other=0.0, eviction_policy="evict_first").to(
            tl.float32
        )
        w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(y_ptr + row_off + cols, y.to(y_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")


def _split_plan(n_rows: int, n_cols: int) -> tuple[int, int]:
    """(chunk elements, splits per row): big chunks, but enough programs to fill the GPU."""
    n_blocks = triton.cdiv(n_cols, _BLOCK)
    blocks = min(_CHUNK_BLOCKS, n_blocks)
    while blocks > 1 and n_rows * triton.cdiv(n_blocks, blocks) < _MIN_PROGRAMS:
        blocks = triton.cdiv(blocks, 2)
    blocks = max(blocks, triton.cdiv(n_blocks, _MAX_SPLITS))
    return blocks * _BLOCK, triton.cdiv(n_blocks, blocks)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: tuple):
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        self.normalized_shape = shape
        self.eps = 1e-5
        # Same parameters, in the same order, as nn.LayerNorm(normalized_shape).
        self.weight = nn.Parameter(torch.ones(shape))
        self.bias = nn.Parameter(torch.zeros(shape))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        nd = len(self.normalized_shape)
        if tuple(x.shape[x.dim() - nd :]) != self.normalized_shape:
            raise ValueError(f"input shape {tuple(x.shape)} does not end with {self.normalized_shape}")
        x = x.contiguous()
        y = torch.empty_like(x)
        n_cols = math.prod(self.normalized_shape)
        if x.numel() == 0:
            return y
        n_rows = x.numel() // n_cols
        chunk, n_splits = _split_plan(n_rows, n_cols)
        means = torch.empty((n_rows, n_splits), device=x.device, dtype=torch.float32)
        m2s = torch.empty((n_rows, n_splits), device=x.device, dtype=torch.float32)
        grid = (n_rows, n_splits)
        _ln_stats_kernel[grid](x, means, m2s, n_cols, chunk, n_splits, BLOCK=_BLOCK, num_warps=8)
        w = self.weight.contiguous()
        b = self.bias.contiguous()
        _ln_apply_kernel[grid](
            x, w, b, y, means, m2s, n_rows, n_cols, chunk, n_splits, self.eps,
            BLOCK=_BLOCK, SPLITS_P2=triton.next_power_of_2(n_splits), num_warps=8,
        )  # fmt: skip
        return y
