"""KernelBench L1/19 ReLU: one streaming pass (1 read + 1 write), 128-bit vector loads, int64 offsets."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    start = tl.program_id(0).to(tl.int64) * BLOCK
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first")
    y = tl.where(x > 0, x, 0.0)
    # Keep NaN propagation like torch.relu (NaN > 0 is False, so restore it explicitly).
    y = tl.where(x != x, x, y)
    tl.store(y_ptr + offs, y, mask=mask, cache_modifier=".cs")


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        if n == 0:
            return y
        block = 4096
        _relu_kernel[(triton.cdiv(n, block),)](x, y, n, BLOCK=block, num_warps=8)
        return y
