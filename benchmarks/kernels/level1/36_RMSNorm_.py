"""KernelBench L1/36 RMSNorm over dim 1 (features) of a (112, 64, 512, 512) fp32 tensor.

Eager materialises x**2, reduces it, then divides: about 3 reads + 2 writes of the 7.5 GB tensor. Here one
program owns a [features x BLOCK_S] tile of one batch item (BLOCK_S contiguous spatial positions, all 64
channels): it loads the tile once into registers, reduces over channels and writes x / rms. That is 1 read +
1 write, the memory floor. Many channels (> 64) fall back to two passes over the tile in channel blocks.
"""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

_TILE_ELEMS = 8192  # elements per program tile (registers: 32 fp32 per thread at 8 warps)
_MAX_SINGLE_C = 64  # up to this many channels the tile holds all of them


@triton.jit
def _rmsnorm_kernel(
    x_ptr, y_ptr, C, S, n_sblocks, eps,
    BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr, SINGLE: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    b = pid // n_sblocks
    sb = pid % n_sblocks
    base = b.to(tl.int64) * C * S
    s_offs = sb * BLOCK_S + tl.arange(0, BLOCK_S)
    smask = s_offs < S
    c_offs = tl.arange(0, BLOCK_C)
    if SINGLE:
        mask = (c_offs < C)[:, None] & smask[None, :]
        offs = base + c_offs.to(tl.int64)[:, None] * S + s_offs[None, :]
        x = tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        rms = tl.sqrt(tl.sum(x * x, 0) / C + eps)
        tl.store(y_ptr + offs, (x / rms[None, :]).to(y_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")
    else:
        acc = tl.zeros([BLOCK_C, BLOCK_S], tl.float32)
        for c0 in range(0, C, BLOCK_C):
            cc = c0 + c_offs
            mask = (cc < C)[:, None] & smask[None, :]
            offs = base + cc.to(tl.int64)[:, None] * S + s_offs[None, :]
            x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
            acc += x * x
        rms = tl.sqrt(tl.sum(acc, 0) / C + eps)
        for c0 in range(0, C, BLOCK_C):
            cc = c0 + c_offs
            mask = (cc < C)[:, None] & smask[None, :]
            offs = base + cc.to(tl.int64)[:, None] * S + s_offs[None, :]
            x = tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
            tl.store(
                y_ptr + offs, (x / rms[None, :]).to(y_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs"
            )


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super().__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dim() < 2:
            raise ValueError(f"RMSNorm over dim 1 needs at least 2 dims, got shape {tuple(x.shape)}")
        x = x.contiguous()
        y = torch.empty_like(x)
        if x.numel() == 0:
            return y
        n_batch, n_chan = x.shape[0], x.shape[1]
        n_spatial = math.prod(x.shape[2:])
        single = triton.next_power_of_2(n_chan) <= _MAX_SINGLE_C
        block_c = triton.next_power_of_2(n_chan) if single else 32
        block_s = max(16, min(_TILE_ELEMS // block_c, triton.next_power_of_2(n_spatial)))
        n_sblocks = triton.cdiv(n_spatial, block_s)
        _rmsnorm_kernel[(n_batch * n_sblocks,)](
            x, y, n_chan, n_spatial, n_sblocks, self.eps,
            BLOCK_C=block_c, BLOCK_S=block_s, SINGLE=single, num_warps=8,
        )  # fmt: skip
        return y
