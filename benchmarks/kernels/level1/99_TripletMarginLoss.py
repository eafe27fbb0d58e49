"""KernelBench L1/99 TripletMarginLoss (p = 2, eps = 1e-6, mean) on three (32768, 8192) fp32 tensors.

Eager computes pairwise_distance twice (a - p + eps, then a norm; a - n + eps, then a norm: each difference is a
full read of two inputs plus a write and a re-read), then a few small ops: about 8 passes of 1 GB. Here one
kernel reads a, p and n once (3 passes, the floor): each program owns BLOCK_R rows, accumulates both squared
distances in registers, applies max(d_ap - d_an + margin, 0) per row and stores one fp32 partial; a
one-program kernel adds the partials in a fixed order and divides by the number of rows.
"""

import torch
import torch.nn as nn
import triton
import triton.language as tl

_BLOCK_R = 4
_BLOCK_D = 512
_FINISH_BLOCK = 1024


@triton.jit
def _triplet_partial_kernel(
    a_ptr, p_ptr, n_ptr, part_ptr, n_rows, D, margin, eps, BLOCK_R: tl.constexpr, BLOCK_D: tl.constexpr
):
    pid = tl.program_id(0)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < n_rows
    row_off = rows.to(tl.int64)[:, None] * D
    acc_p = tl.zeros([BLOCK_R, BLOCK_D], tl.float32)
    acc_n = tl.zeros([BLOCK_R, BLOCK_D], tl.float32)
    for d0 in range(0, D, BLOCK_D):
        cols = d0 + tl.arange(0, BLOCK_D)
        mask = rmask[:, None] & (cols < D)[None, :]
        offs = row_off + cols[None, :]
        a = tl.load(a_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        p = tl.load(p_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        n = tl.load(n_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        # pairwise_distance(x, y) = ||x - y + eps||_2
        dp = tl.where(mask, a - p + eps, 0.0)
        dn = tl.where(mask, a - n + eps, 0.0)
        acc_p += dp * dp
        acc_n += dn * dn
    d_ap = tl.sqrt(tl.sum(acc_p, 1))
    d_an = tl.sqrt(tl.sum(acc_n, 1))
    loss = tl.where(rmask, tl.maximum(d_ap - d_an + margin, 0.0), 0.0)
    tl.store(part_ptr + pid, tl.sum(loss, 0))


@triton.jit
def _finish_mean_kernel(part_ptr, out_ptr, n_parts, inv_n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], tl.float32)
    for off in range(0, n_parts, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        acc += tl.load(part_ptr + idx, mask=idx < n_parts, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, 0) * inv_n).to(out_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self, margin: float = 1.0):
        super().__init__()
        self.margin = margin
        self.eps = 1e-6  # TripletMarginLoss / pairwise_distance default

    def forward(self, anchor: torch.Tensor, positive: torch.Tensor, negative: torch.Tensor) -> torch.Tensor:
        a, p, n = torch.broadcast_tensors(anchor, positive, negative)
        if a.dim() == 0:
            raise ValueError("TripletMarginLoss needs inputs with at least one dim (the embedding dim)")
        d = a.shape[-1]
        # Contiguous (rows, D) views; copies only for inputs that are broadcast or not contiguous.
        a, p, n = (x.contiguous().view(-1, d) for x in (a, p, n))
        n_rows = a.shape[0]
        out_dtype = torch.promote_types(torch.promote_types(a.dtype, p.dtype), n.dtype)
        out = torch.empty((), device=a.device, dtype=out_dtype)
        n_parts = max(1, triton.cdiv(n_rows, _BLOCK_R))
        parts = torch.empty(n_parts, device=a.device, dtype=torch.float32)
        _triplet_partial_kernel[(n_parts,)](
            a, p, n, parts, n_rows, d, self.margin, self.eps, BLOCK_R=_BLOCK_R, BLOCK_D=_BLOCK_D, num_warps=4
        )
        inv_n = 1.0 / n_rows if n_rows else float("nan")
        _finish_mean_kernel[(1,)](parts, out, n_parts, inv_n, BLOCK=_FINISH_BLOCK, num_warps=4)
        return out
