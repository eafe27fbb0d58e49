"""KernelBench L1/48 mean over dim 1 of a (128, 4096, 4095) fp32 tensor (dim removed).

The input is viewed as (outer, reduced, inner). For an inner dim (> 1) each program owns BLOCK_B contiguous
inner positions of one outer index and walks the reduced dim in [BLOCK_D x BLOCK_B] tiles, so every load is a
coalesced row segment and each element is read exactly once (1 read of 8.6 GB, tiny write): the memory floor,
matching a well-tuned eager reduction rather than beating it. ~4000 programs keep all 132 SMs streaming.
Reducing the innermost dim uses a row kernel instead. Accumulation is fp32 in a register tile;
the sum is scaled by 1/n at the end.
"""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK_B = 128  # inner positions per program
_BLOCK_D = 32  # reduced-dim rows per loop step
_ROW_BLOCK = 2048  # elements per loop step when reducing the innermost dim


@triton.jit
def _reduce_mid_kernel(x_ptr, y_ptr, D, B, n_bblocks, scale, BLOCK_D: tl.constexpr, BLOCK_B: tl.constexpr):
    pid = tl.program_id(0)
    a = pid // n_bblocks
    bb = pid % n_bblocks
    b_offs = bb * BLOCK_B + tl.arange(0, BLOCK_B)
    bmask = b_offs < B
    base = a.to(tl.int64) * D * B
    d_offs = tl.arange(0, BLOCK_D)
    acc = tl.zeros([BLOCK_D, BLOCK_B], tl.float32)
    for d0 in range(0, D, BLOCK_D):
        d = d0 + d_offs
        mask = (d < D)[:, None] & bmask[None, :]
        offs = base + d.to(tl.int64)[:, None] * B + b_offs[None, :]
        acc += tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
    out = tl.sum(acc, 0) * scale
    tl.store(y_ptr + a.to(tl.int64) * B + b_offs, out.to(y_ptr.dtype.element_ty), mask=bmask)


@triton.jit
def _reduce_row_kernel(x_ptr, y_ptr, D, scale, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row.to(tl.int64) * D
    acc = tl.zeros([BLOCK], tl.float32)
    for d0 in range(0, D, BLOCK):
        d = d0 + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + base + d, mask=d < D, other=0.0, eviction_policy="evict_first").to(tl.float32)
    tl.store(y_ptr + row, (tl.sum(acc, 0) * scale).to(y_ptr.dtype.element_ty))


def _reduce(x: torch.Tensor, dim: int, keepdim: bool, mean: bool) -> torch.Tensor:
    if not x.is_floating_point():
        raise ValueError(f"this kernel reduces floating-point tensors, got {x.dtype}")
    dim = dim % x.dim()
    x = x.contiguous()
    outer = math.prod(x.shape[:dim])
    n_red = x.shape[dim]
    inner = math.prod(x.shape[dim + 1 :])
    out_shape = list(x.shape)
    if keepdim:
        out_shape[dim] = 1
    else:
        del out_shape[dim]
    y = torch.empty(out_shape, device=x.device, dtype=x.dtype)
    if y.numel() == 0:
        return y
    scale = 1.0 / n_red if mean else 1.0
    if inner == 1:
        _reduce_row_kernel[(outer,)](x, y, n_red, scale, BLOCK=_ROW_BLOCK, num_warps=8)
        return y
    block_b = min(_BLOCK_B, max(16, triton.next_power_of_2(inner)))
    n_bblocks = triton.cdiv(inner, block_b)
    _reduce_mid_kernel[(outer * n_bblocks,)](
        x, y, n_red, inner, n_bblocks, scale, BLOCK_D=_BLOCK_D, BLOCK_B=block_b, num_warps=8
    )
    return y


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _reduce(x, self.dim, keepdim=False, mean=True)
