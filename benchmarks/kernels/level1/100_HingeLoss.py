"""KernelBench L1/100 hinge loss, mean(clamp(1 - p * t, min=0)), p: (32768, 32768), t: (32768,) broadcast
along the last dim.

Eager runs mul, rsub and clamp (each 1 read + 1 write of 4.3 GB) and mean (1 read): 7 passes. Here one kernel
reads p once (t is a 128 KiB vector that stays in cache): 1 pass, the floor. Inputs are viewed as 2-D
(rows, last dim) with their own strides, so the broadcast target needs no copy; each program reduces a
[BLOCK_R x cols] strip to one fp32 partial, and a one-program kernel adds the partials in a fixed order.
"""

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK_R = 4
_BLOCK_C = 1024
_FINISH_BLOCK = 1024


@triton.jit
def _hinge_partial_kernel(
    p_ptr, t_ptr, part_ptr, n_rows, n_cols, sp_r, sp_c, st_r, st_c,
    BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < n_rows
    p_row = rows.to(tl.int64)[:, None] * sp_r
    t_row = rows.to(tl.int64)[:, None] * st_r
    acc = tl.zeros([BLOCK_R, BLOCK_C], tl.float32)
    for c0 in range(0, n_cols, BLOCK_C):
        cols = c0 + tl.arange(0, BLOCK_C)
        mask = rmask[:, None] & (cols < n_cols)[None, :]
        cols64 = cols.to(tl.int64)[None, :]
        p = tl.load(p_ptr + p_row + cols64 * sp_c, mask=mask, other=0.0, eviction_policy="evict_first")
        t = tl.load(t_ptr + t_row + cols64 * st_c, mask=mask, other=0.0)
        v = tl.maximum(1.0 - p.to(tl.float32) * t.to(tl.float32), 0.0)
        acc += tl.where(mask, v, 0.0)
    tl.store(part_ptr + pid, tl.sum(tl.sum(acc, 1), 0))


@triton.jit
def _finish_mean_kernel(part_ptr, out_ptr, n_parts, inv_n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], tl.float32)
    for off in range(0, n_parts, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        acc += tl.load(part_ptr + idx, mask=idx < n_parts, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, 0) * inv_n).to(out_ptr.dtype.element_ty))


def _as_rows(x: torch.Tensor, shape: torch.Size) -> torch.Tensor:
    """``x`` broadcast to ``shape`` as a 2-D (rows, last dim) tensor; a view (no copy) whenever possible."""
    n_cols = shape[-1] if len(shape) else 1
    return x.expand(shape).reshape(-1, n_cols)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        shape = torch.broadcast_shapes(predictions.shape, targets.shape)
        p = _as_rows(predictions, shape)
        t = _as_rows(targets, shape)
        n_rows, n_cols = p.shape
        out_dtype = torch.promote_types(predictions.dtype, targets.dtype)
        out = torch.empty((), device=p.device, dtype=out_dtype)
        n_parts = max(1, triton.cdiv(n_rows, _BLOCK_R))
        parts = torch.empty(n_parts, device=p.device, dtype=torch.float32)
        _hinge_partial_kernel[(n_parts,)](
            p, t, parts, n_rows, n_cols, p.stride(0), p.stride(1), t.stride(0), t.stride(1),
            BLOCK_R=_BLOCK_R, BLOCK_C=_BLOCK_C, num_warps=8,
        )  # fmt: skip
        n = n_rows * n_cols
        inv_n = 1.0 / n if n else float("nan")
        _finish_mean_kernel[(1,)](parts, out, n_parts, inv_n, BLOCK=_FINISH_BLOCK, num_warps=4)
        return out
