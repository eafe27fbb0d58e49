"""Matrix-vector products (a matmul whose right operand is one column): a streaming kernel, split along K.

The tiled matmul would spend a whole BLOCK_N-wide tile (and its FMAs) on one useful column; a matrix-vector
product is a pass over A at memory speed, so each program streams rows of A against a chunk of the vector.
"""

from __future__ import annotations

from ._base import Family

GEMV = Family(
    "gemv",
    '''

@triton.jit
def _gemv_kernel(a_ptr, x_ptr, part_ptr, M, K, K_PER_SPLIT, s_am, s_xk,
                 BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    # part[s, m] = sum over split s's K range of A[m, k] * x[k]. A's rows are contiguous (stride 1 along K), so
    # a (BLOCK_M, BLOCK_K) tile is BLOCK_M runs of contiguous memory; products accumulate per lane and are summed
    # once at the end (short fp32 chains: K_PER_SPLIT / BLOCK_K terms per lane).
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    s = tl.program_id(1)
    rk = tl.arange(0, BLOCK_K)
    a_row = a_ptr + rm[:, None].to(tl.int64) * s_am
    k_lo = s * K_PER_SPLIT
    k_hi = tl.minimum(K, k_lo + K_PER_SPLIT)
    acc = tl.zeros((BLOCK_M, BLOCK_K), tl.float32)
    for k0 in range(k_lo, k_hi, BLOCK_K):
        k = k0 + rk
        kmask = k < k_hi
        xv = tl.load(x_ptr + k.to(tl.int64) * s_xk, mask=kmask, other=0.0).to(tl.float32)
        a = tl.load(a_row + k[None, :], mask=(rm[:, None] < M) & kmask[None, :], other=0.0).to(tl.float32)
        acc += a * xv[None, :]
    tl.store(part_ptr + s.to(tl.int64) * M + rm, tl.sum(acc, 1), mask=rm < M)


def _gemv(a, b):
    """torch.matmul(a, b) for b of shape (K,) or (K, 1): rows of a times one vector, a row block and a K range
    per program (MM_GEMV_PROGRAMS programs at least, when K is long enough), the K partials summed after."""
    vec = b.reshape(b.shape[0])
    k = a.shape[-1]
    lead = a.shape[:-1]
    out_shape = (*lead, 1) if b.dim() == 2 else lead
    out = torch.empty(out_shape, dtype=_promote(a.dtype, b.dtype), device=a.device)
    a2 = a.reshape(math.prod(lead), k)
    if a2.stride(1) != 1:
        a2 = a2.contiguous()
    m = a2.shape[0]
    if out.numel() == 0:
        return out
    block_m = min(MM_GEMV_BLOCK_M, _next_pow2(m))
    block_k = min(MM_GEMV_BLOCK_K, _next_pow2(max(k, 1)))
    row_blocks = _cdiv(m, block_m)
    split = max(1, min(_cdiv(MM_GEMV_PROGRAMS, row_blocks), _cdiv(k, 4 * block_k)))
    k_per_split = _cdiv(_cdiv(max(k, 1), split), block_k) * block_k
    split = _cdiv(max(k, 1), k_per_split)
    part = torch.empty((split, m), dtype=torch.float32, device=a.device)
    _gemv_kernel[(row_blocks, split)](a2, vec, part, m, k, k_per_split, a2.stride(0), vec.stride(0),
                                      BLOCK_M=block_m, BLOCK_K=block_k, num_warps=MM_GEMV_NUM_WARPS)
    out.view(m).copy_(part[0] if split == 1 else part.sum(0))
    return out
''',
    # H200, 2026-11-30, L1/4 (2048 x 1 Mi): 4 x 1024 with 4 warps was judged correct at 1.95 ms (1.19x eager cuBLAS).
    # The screen measured 1.91 ms at 4 x 2048 (the best of 24 combinations within 0.2 %), but the judge rejected
    # that kernel: 1 of 2048 outputs off by 3.7e-4 on signed inputs, where K = 1 Mi sums cancel to near zero
    {"MM_GEMV_BLOCK_M": 4, "MM_GEMV_BLOCK_K": 1024, "MM_GEMV_NUM_WARPS": 4, "MM_GEMV_PROGRAMS": 1056},
    {"MM_GEMV_BLOCK_M": [1, 2, 4, 8, 16, 32], "MM_GEMV_BLOCK_K": [128, 256, 512, 1024, 2048, 4096],
     "MM_GEMV_NUM_WARPS": [1, 2, 4, 8], "MM_GEMV_PROGRAMS": [132, 264, 528, 1056, 2112, 4224]},
)
