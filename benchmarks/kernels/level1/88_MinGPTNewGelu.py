"""KernelBench L1/88 tanh-GELU. Eager runs ~8 separate elementwise kernels (pow, muls, add, tanh, ...), each a
full read+write of the tensor; this is one fused pass (1 read + 1 write).

Uses the identity 0.5 * (1 + tanh(y)) == sigmoid(2y), so out = x / (1 + exp(-2y)) with
y = sqrt(2/pi) * (x + 0.044715 x^3). This is exact algebra (no approximation) and avoids the cancellation
in 1 + tanh(y) for negative y.
"""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

_TWO_SQRT_2_OVER_PI = 2.0 * math.sqrt(2.0 / math.pi)


@triton.jit
def _new_gelu_kernel(x_ptr, y_ptr, n_elements, two_c, BLOCK: tl.constexpr):
    start = tl.program_id(0).to(tl.int64) * BLOCK
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
    two_y = two_c * (x + 0.044715 * x * x * x)
    y = x / (1.0 + tl.exp(-two_y))
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")


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
        _new_gelu_kernel[(triton.cdiv(n, block),)](x, y, n, _TWO_SQRT_2_OVER_PI, BLOCK=block, num_warps=8)
        return y
