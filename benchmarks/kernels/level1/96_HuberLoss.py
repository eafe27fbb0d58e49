"""KernelBench L1/96 Huber (smooth L1, beta = 1) loss, mean over two (32768, 32768) fp32 tensors.

Eager runs the elementwise smooth_l1 kernel (2 reads + 1 write of 4.3 GB) and then a mean (1 read): 4 passes.
Here one kernel reads p and t once (2 passes, the floor), each program reducing a 32 Ki-element slice to one
fp32 partial; a one-program kernel adds the partials in a fixed order (deterministic, no atomics) and divides by n.
"""

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK = 4096
_ITERS = 8  # loop steps per program: each program reduces _BLOCK * _ITERS elements
_FINISH_BLOCK = 1024


@triton.jit
def _huber_partial_kernel(p_ptr, t_ptr, part_ptr, n, beta, BLOCK: tl.constexpr, ITERS: tl.constexpr):
    pid = tl.program_id(0)
    base = pid.to(tl.int64) * (BLOCK * ITERS)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(ITERS):
        offs = base + i * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        p = tl.load(p_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        t = tl.load(t_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        d = tl.abs(p - t)
        loss = tl.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
        acc += tl.where(mask, loss, 0.0)
    tl.store(part_ptr + pid, tl.sum(acc, 0))


@triton.jit
def _finish_mean_kernel(part_ptr, out_ptr, n_parts, inv_n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], tl.float32)
    for off in range(0, n_parts, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        acc += tl.load(part_ptr + idx, mask=idx < n_parts, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, 0) * inv_n).to(out_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.beta = 1.0  # smooth_l1_loss default

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
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
        _huber_partial_kernel[(n_parts,)](p, t, parts, n, self.beta, BLOCK=_BLOCK, ITERS=_ITERS, num_warps=8)
        inv_n = 1.0 / n if n else float("nan")
        _finish_mean_kernel[(1,)](parts, out, n_parts, inv_n, BLOCK=_FINISH_BLOCK, num_warps=4)
        return out
