"""Starter ModelNew for 4_Matrix_vector_multiplication_, generated from the reference by autokernel-kb.

Generated Triton kernels: matmul: gemv
Library calls kept: none
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
MM_GEMV_BLOCK_M = 4
MM_GEMV_BLOCK_K = 1024
MM_GEMV_NUM_WARPS = 4
MM_GEMV_PROGRAMS = 1056

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
M = 256 * 8
K = 131072 * 8


def _promote(*dtypes):
    """Result dtype of an elementwise op (torch promotion; float when only ints/bools met floats)."""
    out = dtypes[0]
    for dt in dtypes[1:]:
        out = torch.promote_types(out, dt)
    return out if out.is_floating_point else torch.get_default_dtype()


def _bcast_operand(t, shape):
    """(tensor, inner, size, broadcast?) so that element i of the output reads t[(i // inner) % size].

    Covers same-shape, scalar and "one contiguous block of dims" broadcasts (per-channel bias,
    per-column vectors) without copying; any other pattern is materialised once.
    """
    shape = tuple(shape)
    if tuple(t.shape) == shape and t.is_contiguous():
        return t, 1, 1, False
    padded = (1,) * (len(shape) - t.dim()) + tuple(t.shape)
    real = [d for d, s in enumerate(padded) if s != 1]
    if t.is_contiguous() and (not real or real == list(range(real[0], real[-1] + 1))):
        if not real:
            return t, 1, 1, True
        if all(padded[d] == shape[d] for d in real):
            inner = math.prod(shape[real[-1] + 1:])
            return t, inner, math.prod(padded[d] for d in real), True
    return t.expand(shape).contiguous(), 1, 1, False


def _pad3(v, nd, fill):
    v = (v,) * nd if isinstance(v, int) else tuple(v)
    return (fill,) * (3 - nd) + v


def _tile(r, inner, ncols, tile, block_inner):
    """(BLOCK_R, BLOCK_I) for a reduction of length r over ncols columns (inner = column stride 1 run).

    Rows (inner == 1): walk each row along memory, several short rows per program.
    Columns (inner > 1): BLOCK_I neighbouring columns are contiguous in memory, so loads coalesce.
    """
    if inner == 1:
        block_r = min(triton.next_power_of_2(max(r, 1)), tile)
        return block_r, max(1, min(tile // block_r, triton.next_power_of_2(ncols)))
    block_i = min(block_inner, triton.next_power_of_2(ncols))
    return max(1, min(tile // block_i, triton.next_power_of_2(max(r, 1)))), block_i


@triton.jit
def _tanh(x):
    # tanh from exp (portable across Triton backends); |error| ~1e-7 in fp32
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    return tl.where(x >= 0, t, -t)


@triton.jit
def _softplus(x, beta, threshold):
    bx = x * beta
    return tl.where(bx > threshold, x, tl.log(1.0 + tl.exp(tl.minimum(bx, threshold))) / beta)


@triton.jit
def _mul_combine(a, b):
    return a * b



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
    block_m = min(MM_GEMV_BLOCK_M, triton.next_power_of_2(m))
    block_k = min(MM_GEMV_BLOCK_K, triton.next_power_of_2(max(k, 1)))
    row_blocks = triton.cdiv(m, block_m)
    split = max(1, min(triton.cdiv(MM_GEMV_PROGRAMS, row_blocks), triton.cdiv(k, 4 * block_k)))
    k_per_split = triton.cdiv(triton.cdiv(max(k, 1), split), block_k) * block_k
    split = triton.cdiv(max(k, 1), k_per_split)
    part = torch.empty((split, m), dtype=torch.float32, device=a.device)
    _gemv_kernel[(row_blocks, split)](a2, vec, part, m, k, k_per_split, a2.stride(0), vec.stride(0),
                                      BLOCK_M=block_m, BLOCK_K=block_k, num_warps=MM_GEMV_NUM_WARPS)
    out.view(m).copy_(part[0] if split == 1 else part.sum(0))
    return out


class ModelNew(nn.Module):

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        matmul = _gemv(a, b)
        return matmul
