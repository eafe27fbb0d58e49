"""KernelBench L1/98 KL divergence, kl_div(log(p), t, reduction="batchmean") over two (16384, 16384) fp32
tensors.

Eager runs log(p), xlogy(t, t), t * log(p), the subtraction (each a full pass that reads and writes 1 GB) and a
sum: about 11 passes. Here one kernel reads p and t once (2 passes, the floor) and sums
t * (log t - log p) (0 where t == 0, as xlogy defines) into one fp32 partial per program; a one-program kernel
adds the partials in a fixed order (deterministic, no atomics) and divides by the batch size.
"""

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK = 4096
_ITERS = 8  # loop steps per program: each program reduces _BLOCK * _ITERS elements
_FINISH_BLOCK = 1024


@triton.jit
def _kl_partial_kernel(p_ptr, t_ptr, part_ptr, n, BLOCK: tl.constexpr, ITERS: tl.constexpr):
    pid = tl.program_id(0)
    base = pid.to(tl.int64) * (BLOCK * ITERS)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(ITERS):
        offs = base + i * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        p = tl.load(p_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        t = tl.load(t_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        # Masked lanes load t = 0, which contributes exactly 0 (xlogy(0, .) == 0 and 0 * log(1) == 0).
        p = tl.where(mask, p, 1.0)
        acc += tl.where(t == 0.0, 0.0, t * (tl.log(t) - tl.log(p)))
    tl.store(part_ptr + pid, tl.sum(acc, 0))


@triton.jit
def _finish_scaled_sum_kernel(part_ptr, out_ptr, n_parts, scale, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], tl.float32)
    for off in range(0, n_parts, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        acc += tl.load(part_ptr + idx, mask=idx < n_parts, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, 0) * scale).to(out_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        batch = predictions.shape[0] if predictions.dim() else 1  # "batchmean" divides by input.size(0)
        if predictions.shape != targets.shape:
            # Rare layout case: materialise the broadcast so the streaming kernel sees two flat arrays.
            predictions, targets = torch.broadcast_tensors(predictions, targets)
        p = predictions.contiguous()
        t = targets.contiguous()
        out_dtype = torch.promote_types(p.dtype, t.dtype)
        out = torch.empty((), device=p.device, dtype=out_dtype)
        n = p.numel()
        per_program = _BLOCK * _ITERS
        n_parts = max(1, triton.cdiv(n, per_program))
        parts = torch.empty(n_parts, device=p.device, dtype=torch.float32)
        _kl_partial_kernel[(n_parts,)](p, t, parts, n, BLOCK=_BLOCK, ITERS=_ITERS, num_warps=8)
        scale = 1.0 / batch if batch else float("nan")
        _finish_scaled_sum_kernel[(1,)](parts, out, n_parts, scale, BLOCK=_FINISH_BLOCK, num_warps=4)
        return out
