"""Starter ModelNew for 14_Gemm_Divide_Sum_Scaling, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise + reduction: div -> sum, fused elementwise: mul
Library calls kept: matmul: kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: MM_ENGINE)
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
MM_ENGINE = 'library'
MM_PRECISION = 'ieee'
MM_SPLIT_K = 0
MM_BLOCK_M = 64
MM_BLOCK_N = 64
MM_BLOCK_K = 32
MM_NUM_WARPS = 4
MM_NUM_STAGES = 3
MM_GROUP_M = 8
EW_STREAM = False
BLOCK_SIZE = 1024
NUM_WARPS = 4
RED_TILE = 1024
RED_BLOCK_INNER = 32
RED_NUM_WARPS = 4
RED_SPLIT_PROGRAMS = 264
RED_SPLIT_MIN_R = 16384
RED_SPLIT_CHUNK = 16384

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size   = 1024
input_size   = 8192
hidden_size  = 8192
scaling_factor = 1.5


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
def _tf32_split_kernel(src_ptr, hi_ptr, lo_ptr, R, C, R_OUT, C_OUT, s_b, s_r, s_c, d_b, d_r, d_c,
                       BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # x = hi + lo exactly, hi = x with its low 13 mantissa bits cleared (a TF32 value): the split of 3xTF32,
    # done once per operand instead of once per tile visit. The destination strides may transpose (B is
    # written K-major, the layout the TF32 tensor-core instructions read without a shuffle), and the destination
    # may be larger (R_OUT x C_OUT): the padding is written as zeros.
    b = tl.program_id(2).to(tl.int64)
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    c = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (r[:, None] < R) & (c[None, :] < C)
    x = tl.load(src_ptr + b * s_b + r[:, None].to(tl.int64) * s_r + c[None, :] * s_c, mask=mask, other=0.0)
    x = x.to(tl.float32)
    hi = (x.to(tl.int32, bitcast=True) & -8192).to(tl.float32, bitcast=True)  # -8192 = 0xFFFFE000
    off = b * d_b + r[:, None].to(tl.int64) * d_r + c[None, :] * d_c
    out = (r[:, None] < R_OUT) & (c[None, :] < C_OUT)
    tl.store(hi_ptr + off, hi, mask=out)
    tl.store(lo_ptr + off, x - hi, mask=out)


def _tf32_split(x, transpose, k_multiple=1):
    """(hi, lo) fp32 copies of a 3-D tensor (B, R, C) with x == hi + lo, hi a TF32 value: (B, R, C') or, when
    transposed, (B, C, R') contiguous, the last dim zero-padded to a multiple of ``k_multiple`` (when it is the
    matmul's K, every row then starts aligned and no K block is partial)."""
    bt, r, c = x.shape
    r_out, c_out = (triton.cdiv(r, k_multiple) * k_multiple, c) if transpose else (r, triton.cdiv(c, k_multiple) * k_multiple)
    shape = (bt, c_out, r_out) if transpose else (bt, r_out, c_out)
    hi = torch.empty(shape, dtype=torch.float32, device=x.device)
    lo = torch.empty_like(hi)
    d_b, d_r, d_c = (hi.stride(0), 1, r_out) if transpose else hi.stride()
    grid = (triton.cdiv(r_out, 64), triton.cdiv(c_out, 64), bt)
    _tf32_split_kernel[grid](x, hi, lo, r, c, r_out, c_out, *x.stride(), d_b, d_r, d_c, BLOCK_R=64, BLOCK_C=64)
    return hi, lo



@triton.jit
def _matmul_kernel(a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT, BATCH,
                   s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                   HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   GROUP_M: tl.constexpr, PRECISION: tl.constexpr, COMPENSATED: tl.constexpr):
    # C[b] = A[b] @ B[b] (+ bias[n]); any strides (transposed views need no copy); fp32 accumulation.
    # PRECISION "ieee" is exact fp32; "tf32x3" splits each operand into two TF32 parts on the tensor cores,
    # about fp32-accurate (well inside KernelBench's 1e-4) and usually faster than fp32 without tensor cores;
    # "tf32x3s" reads parts split beforehand (a2/b2 hold the low parts), so the loop is three plain TF32 dots.
    # Split K: program (tile, s * BATCH + b) sums K range s into partial s of an fp32 workspace.
    # COMPENSATED (long K ranges): each block's product is added with Kahan summation, so the running sum's
    # rounding does not grow with the range (a 64 Ki-long plain fp32 chain misses 1e-4 on signed inputs).
    # Tiles are visited GROUP_M rows of tiles at a time, so neighbouring programs share A and B tiles in L2.
    pid = tl.program_id(0)
    grid_m = tl.cdiv(M, BLOCK_M)
    grid_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * grid_n)
    rows = tl.minimum(grid_m - group * GROUP_M, GROUP_M)
    pid_m = group * GROUP_M + (pid % (GROUP_M * grid_n)) % rows
    pid_n = (pid % (GROUP_M * grid_n)) // rows
    pid_s = tl.program_id(1) // BATCH
    pid_b = (tl.program_id(1) % BATCH).to(tl.int64)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_off = pid_b * s_ab + rm[:, None].to(tl.int64) * s_am
    b_off = pid_b * s_bb + rn[None, :].to(tl.int64) * s_bn
    k_lo = pid_s * K_PER_SPLIT
    k_hi = tl.minimum(K, k_lo + K_PER_SPLIT)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    comp = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)  # Kahan: the low part lost by the last addition
    for k0 in range(k_lo, k_hi, BLOCK_K):
        k = k0 + rk
        a_idx = a_off + k[None, :].to(tl.int64) * s_ak
        b_idx = b_off + k[:, None].to(tl.int64) * s_bk
        a_mask = (rm[:, None] < M) & (k[None, :] < k_hi)
        b_mask = (k[:, None] < k_hi) & (rn[None, :] < N)
        a = tl.load(a_ptr + a_idx, mask=a_mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + b_idx, mask=b_mask, other=0.0).to(tl.float32)
        if PRECISION == "tf32x3s":
            a2 = tl.load(a2_ptr + a_idx, mask=a_mask, other=0.0)
            b2 = tl.load(b2_ptr + b_idx, mask=b_mask, other=0.0)
            part = tl.dot(a2, b, input_precision="tf32")  # the small cross terms first, the big product last
            part = tl.dot(a, b2, part, input_precision="tf32")
            part = tl.dot(a, b, part, input_precision="tf32")
        else:
            part = tl.dot(a, b, input_precision=PRECISION)
        if COMPENSATED:
            y = part - comp
            t = acc + y
            comp = (t - acc) - y
            acc = t
        else:
            acc += part
    if HAS_BIAS:
        acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)[None, :]
    c = c_ptr + pid_s.to(tl.int64) * s_cs + pid_b * s_cb + rm[:, None].to(tl.int64) * s_cm + rn[None, :] * s_cn
    tl.store(c, acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))


# K per split from which the matmul kernel's running sums are compensated (Kahan): shorter chains stay exact
# enough with a plain sum, and compensation costs a few additions per output element and K block.
_MM_COMPENSATED_CHAIN = 16384


def _mm_splits(m, n, k, batch, device):
    """K splits: MM_SPLIT_K, or when it is 0 (auto) enough to give every SM two tiles when the output alone is
    too small (matrix-vector, large K), each split at least 16 K-blocks long. Shorter fp32 accumulation chains
    are also more accurate (a 1M-long K misses 1e-4 in one chain)."""
    if MM_SPLIT_K > 0:
        return MM_SPLIT_K
    tiles = triton.cdiv(m, MM_BLOCK_M) * triton.cdiv(n, MM_BLOCK_N) * batch
    sms = torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4
    split = 1
    while split < 64 and tiles * split < 2 * sms and k >= 2 * split * 16 * MM_BLOCK_K:
        split *= 2
    return split


def _mm3(a, b, bias=None):
    """Batched (B, M, K) @ (B, K, N) with batch stride 0 allowed (broadcast)."""
    batch = max(a.shape[0], b.shape[0])
    m, k = a.shape[1], a.shape[2]
    n = b.shape[2]
    c = torch.empty((batch, m, n), dtype=_promote(a.dtype, b.dtype), device=a.device)
    if c.numel() == 0:
        return c
    a2 = b2 = None
    if MM_PRECISION == "tf32x3s" and k > 0:
        # K zero-padded to whole blocks: aligned rows, no partial block (the padding adds zeros to the sums)
        a, a2 = _tf32_split(a, transpose=False, k_multiple=MM_BLOCK_K)
        b, b2 = _tf32_split(b, transpose=True, k_multiple=MM_BLOCK_K)  # (B, N, K'): B[k, n] via swapped strides
        b_strides = (b.stride(0), b.stride(2), b.stride(1))
        k = a.shape[2]
    else:
        b_strides = b.stride()
    sab = a.stride(0) if a.shape[0] > 1 else 0
    sbb = b_strides[0] if b.shape[0] > 1 else 0
    split = _mm_splits(m, n, k, batch, a.device)
    k_per_split = max(1, triton.cdiv(triton.cdiv(k, split), MM_BLOCK_K)) * MM_BLOCK_K  # K = 0: one empty split
    split = max(1, triton.cdiv(k, k_per_split))
    # partial sums in fp32, summed after the kernel (bias added once, after the sum)
    out = c if split == 1 else torch.empty((split, batch, m, n), dtype=torch.float32, device=a.device)
    s_cs = 0 if split == 1 else out.stride(0)
    s_cb, s_cm, s_cn = out.stride(-3), out.stride(-2), out.stride(-1)
    grid = (triton.cdiv(m, MM_BLOCK_M) * triton.cdiv(n, MM_BLOCK_N), batch * split)
    _matmul_kernel[grid](a, a if a2 is None else a2, b, b if b2 is None else b2, out,
                         bias if bias is not None and split == 1 else out, m, n, k, k_per_split, batch,
                         sab, a.stride(1), a.stride(2), sbb, b_strides[1], b_strides[2], s_cs, s_cb, s_cm, s_cn,
                         HAS_BIAS=bias is not None and split == 1,
                         BLOCK_M=MM_BLOCK_M, BLOCK_N=MM_BLOCK_N, BLOCK_K=MM_BLOCK_K, GROUP_M=MM_GROUP_M,
                         PRECISION=MM_PRECISION, COMPENSATED=k_per_split >= _MM_COMPENSATED_CHAIN,
                         num_warps=MM_NUM_WARPS, num_stages=MM_NUM_STAGES)
    if split > 1:
        total = out.sum(0)
        if bias is not None:
            total += bias.to(torch.float32)
        c.copy_(total)
    return c


def _matmul(a, b):
    """torch.matmul for the shapes KernelBench uses: vectors, matrices, batches, (..., K) @ (K, N)."""
    if b.dim() == 1:
        return _matmul(a, b.unsqueeze(-1)).squeeze(-1)
    if a.dim() == 1:
        return _matmul(a.unsqueeze(0), b).squeeze(-2)
    if b.dim() == 2:
        lead = a.shape[:-1]
        a2 = a.reshape(math.prod(lead), a.shape[-1])  # explicit sizes: -1 is ambiguous when K = 0
        return _mm3(a2.unsqueeze(0), b.unsqueeze(0))[0].reshape(*lead, b.shape[-1])
    batch = torch.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a3 = a.expand(*batch, *a.shape[-2:]).reshape(math.prod(batch), *a.shape[-2:])
    b3 = b.expand(*batch, *b.shape[-2:]).reshape(math.prod(batch), *b.shape[-2:])
    return _mm3(a3, b3).reshape(*batch, a.shape[-2], b.shape[-1])


def _linear(x, weight, bias):
    """F.linear: x @ weight.T + bias, with the bias added in the matmul epilogue."""
    lead = x.shape[:-1]
    x2 = x.reshape(math.prod(lead), x.shape[-1])
    out = _mm3(x2.unsqueeze(0), weight.t().unsqueeze(0), bias)[0]
    return out.reshape(*lead, weight.shape[0])



@triton.jit
def _reduce_kernel(x_ptr, out_ptr, idx_ptr, R, INNER, NCOLS,
                   OP: tl.constexpr, WANT_IDX: tl.constexpr, WIDE: tl.constexpr, BLOCK_R: tl.constexpr,
                   BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER), contiguous; a "column" c = (o, i) is one output element, at
    # x[o * R * INNER + r * INNER + i]. One program reduces BLOCK_I columns, BLOCK_R rows at a time.
    # OP: 0 sum, 1 mean, 2 max, 3 min, 4 prod, 5 logsumexp, 6 l2 norm, 7 l1 norm. Accumulates in fp32.
    # WIDE: 64-bit offsets only when the tensor needs them (int32 index math per element is cheaper)
    if WIDE:
        cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    else:
        cols = tl.program_id(0) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    cc = tl.minimum(cols, NCOLS - 1)  # masked lanes address a real column: offsets stay below numel + BLOCK_R * INNER
    x_row = x_ptr + (cc // INNER) * R * INNER + cc % INNER
    r_offs = tl.arange(0, BLOCK_R)
    if OP == 2:
        neutral = -float("inf")
    elif OP == 3:
        neutral = float("inf")
    elif OP == 4:
        neutral = 1.0
    elif OP == 5:
        neutral = -float("inf")
    else:
        neutral = 0.0
    acc = tl.full((BLOCK_R, BLOCK_I), neutral, tl.float32)
    acc_s = tl.zeros((BLOCK_R, BLOCK_I), tl.float32)
    acc_i = tl.zeros((BLOCK_R, BLOCK_I), tl.int32)  # row index of the extreme (R < 2**31)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        m = (r[:, None] < R) & cmask[None, :]
        if WIDE:
            v = tl.load(x_row[None, :] + r[:, None].to(tl.int64) * INNER, mask=m, other=neutral)
        else:
            v = tl.load(x_row[None, :] + r[:, None] * INNER, mask=m, other=neutral)
        v = v.to(tl.float32)
        if OP == 0 or OP == 1:
            acc += v
        elif OP == 6:
            acc += v * v
        elif OP == 7:
            acc += tl.abs(v)
        elif OP == 4:
            acc *= v
        elif OP == 5:
            new_m = tl.maximum(acc, v)
            safe = tl.where(new_m == -float("inf"), 0.0, new_m)
            acc_s = acc_s * tl.exp(acc - safe) + tl.exp(v - safe)
            acc = new_m
        elif OP == 2:
            better = v > acc
            acc_i = tl.where(better, r[:, None], acc_i)
            acc = tl.where(better, v, acc)
        else:
            better = v < acc
            acc_i = tl.where(better, r[:, None], acc_i)
            acc = tl.where(better, v, acc)
    if OP == 0 or OP == 7:
        res = tl.sum(acc, 0)
    elif OP == 1:
        res = tl.sum(acc, 0) / R
    elif OP == 6:
        res = tl.sqrt(tl.sum(acc, 0))
    elif OP == 4:
        res = tl.reduce(acc, 0, _mul_combine)
    elif OP == 5:
        mx = tl.max(acc, 0)
        safe = tl.where(mx == -float("inf"), 0.0, mx)
        res = safe + tl.log(tl.sum(acc_s * tl.exp(acc - safe[None, :]), 0))
    elif OP == 2:
        res = tl.max(acc, 0)
    else:
        res = tl.min(acc, 0)
    out_offs = cols
    tl.store(out_ptr + out_offs, res.to(out_ptr.dtype.element_ty), mask=cmask)
    if WANT_IDX:
        # first index reaching the extreme (torch's tie rule): smallest index among lanes equal to res
        idx = tl.min(tl.where(acc == res[None, :], acc_i, R), 0)
        tl.store(idx_ptr + out_offs, idx.to(tl.int64), mask=cmask)


@triton.jit
def _reduce_split_kernel(x_ptr, part_ptr, R, INNER, NCOLS, CHUNK,
                         OP: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # Split stage 1: program (s, b) reduces rows [s * CHUNK, (s + 1) * CHUNK) of BLOCK_I columns into the
    # fp32 partial part[s, col]. Ops as in _reduce_kernel (no arg/logsumexp): mean and l2 stay raw sums here.
    s = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    x_row = x_ptr + (cols // INNER) * R * INNER + cols % INNER
    r_offs = tl.arange(0, BLOCK_R)
    if OP == 2:
        neutral = -float("inf")
    elif OP == 3:
        neutral = float("inf")
    elif OP == 4:
        neutral = 1.0
    else:
        neutral = 0.0
    acc = tl.full((BLOCK_R, BLOCK_I), neutral, tl.float32)
    start = s * CHUNK
    end = tl.minimum(start + CHUNK, R)
    for r0 in range(0, CHUNK, BLOCK_R):
        r = start + r0 + r_offs
        m = (r[:, None] < end) & cmask[None, :]
        v = tl.load(x_row[None, :] + r[:, None] * INNER, mask=m, other=neutral).to(tl.float32)
        if OP == 0 or OP == 1:
            acc += v
        elif OP == 6:
            acc += v * v
        elif OP == 7:
            acc += tl.abs(v)
        elif OP == 4:
            acc *= v
        elif OP == 2:
            acc = tl.maximum(acc, v)
        else:
            acc = tl.minimum(acc, v)
    if OP == 4:
        res = tl.reduce(acc, 0, _mul_combine)
    elif OP == 2:
        res = tl.max(acc, 0)
    elif OP == 3:
        res = tl.min(acc, 0)
    else:
        res = tl.sum(acc, 0)
    tl.store(part_ptr + s * NCOLS + cols, res, mask=cmask)


@triton.jit
def _reduce_partials_kernel(part_ptr, out_ptr, S, NCOLS, R,
                            OP: tl.constexpr, BLOCK_S: tl.constexpr, BLOCK_I: tl.constexpr):
    # Split stage 2: combine the S fp32 partials of BLOCK_I columns, then the final transform
    # (mean: / R, the full reduction length; l2: sqrt of the summed squares).
    cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    s_offs = tl.arange(0, BLOCK_S)
    if OP == 2:
        neutral = -float("inf")
    elif OP == 3:
        neutral = float("inf")
    elif OP == 4:
        neutral = 1.0
    else:
        neutral = 0.0
    acc = tl.full((BLOCK_S, BLOCK_I), neutral, tl.float32)
    for s0 in range(0, S, BLOCK_S):
        sr = (s0 + s_offs).to(tl.int64)
        m = (sr[:, None] < S) & cmask[None, :]
        v = tl.load(part_ptr + sr[:, None] * NCOLS + cols[None, :], mask=m, other=neutral)
        if OP == 4:
            acc *= v
        elif OP == 2:
            acc = tl.maximum(acc, v)
        elif OP == 3:
            acc = tl.minimum(acc, v)
        else:
            acc += v
    if OP == 4:
        res = tl.reduce(acc, 0, _mul_combine)
    elif OP == 2:
        res = tl.max(acc, 0)
    elif OP == 3:
        res = tl.min(acc, 0)
    else:
        res = tl.sum(acc, 0)
    if OP == 1:
        res = res / R
    elif OP == 6:
        res = tl.sqrt(res)
    tl.store(out_ptr + cols, res.to(out_ptr.dtype.element_ty), mask=cmask)


_REDUCE_OPS = {"sum": 0, "mean": 1, "max": 2, "amax": 2, "argmax": 2, "min": 3, "amin": 3, "argmin": 3,
               "prod": 4, "logsumexp": 5, "l2": 6, "l1": 7}
_SPLIT_REDUCE_OPS = ("sum", "mean", "max", "amax", "min", "amin", "prod", "l2", "l1")
_SPLIT_MAX_PARTS = 65536  # cap on stage-1 splits (the chunk grows instead): bounds the partial buffer


def _reduce_split(x, out, r, inner, ncols, op):
    """Two-stage reduction for few output columns and long rows: (splits, column blocks) programs write
    fp32 partials, then one kernel combines them. Returns False when splitting would not add programs."""
    block_r, block_i = _tile(min(r, RED_SPLIT_CHUNK), inner, ncols, RED_TILE, RED_BLOCK_INNER)
    chunk = max(RED_SPLIT_CHUNK, triton.cdiv(r, _SPLIT_MAX_PARTS))
    chunk = triton.cdiv(chunk, block_r) * block_r
    splits = triton.cdiv(r, chunk)
    col_blocks = triton.cdiv(ncols, block_i)
    if splits < 2 or col_blocks > 65535:  # grid axis 1 limit
        return False
    part = torch.empty((splits, ncols), dtype=torch.float32, device=x.device)
    _reduce_split_kernel[(splits, col_blocks)](x, part, r, inner, ncols, chunk, OP=_REDUCE_OPS[op],
                                               BLOCK_R=block_r, BLOCK_I=block_i, num_warps=RED_NUM_WARPS)
    block_s, block_i2 = _tile(splits, ncols, ncols, RED_TILE, RED_BLOCK_INNER)
    _reduce_partials_kernel[(triton.cdiv(ncols, block_i2),)](part, out, splits, ncols, r, OP=_REDUCE_OPS[op],
                                                             BLOCK_S=block_s, BLOCK_I=block_i2,
                                                             num_warps=RED_NUM_WARPS)
    return True


def _reduce(x, dims, keepdim, op, with_idx=False):
    """torch-style reduction of x over dims (None = all); returns values, indices or both."""
    nd = x.dim()
    dims = list(range(nd)) if dims is None else sorted({d % nd for d in dims})
    out_shape = [1 if d in dims else s for d, s in enumerate(x.shape) if keepdim or d not in dims]
    if dims != list(range(dims[0], dims[-1] + 1)):  # non-adjacent dims: move them last (one copy)
        kept = [d for d in range(nd) if d not in dims]
        x = x.permute(*kept, *dims)
        dims = list(range(len(kept), nd))
    x = x.contiguous()
    outer = math.prod(x.shape[: dims[0]])
    r = math.prod(x.shape[dims[0]: dims[-1] + 1])
    inner = math.prod(x.shape[dims[-1] + 1:])
    want_idx = with_idx or op in ("argmax", "argmin")
    out = torch.empty(out_shape, dtype=x.dtype, device=x.device)
    idx = torch.empty(out_shape, dtype=torch.int64, device=x.device) if want_idx else out
    block_r, block_i = _tile(r, inner, outer * inner, RED_TILE, RED_BLOCK_INNER)
    if out.numel() > 0 and r > 0:
        grid = (triton.cdiv(outer * inner, block_i),)
        # few programs, each with a long reduction: split it (two stages) so that the GPU fills up
        split = (not want_idx and op in _SPLIT_REDUCE_OPS and grid[0] < RED_SPLIT_PROGRAMS
                 and r >= RED_SPLIT_MIN_R and _reduce_split(x, out, r, inner, outer * inner, op))
        if not split:
            _reduce_kernel[grid](x, out, idx, r, inner, outer * inner, OP=_REDUCE_OPS[op], WANT_IDX=want_idx,
                                 WIDE=x.numel() + block_r * inner >= 2**31, BLOCK_R=block_r,
                                 BLOCK_I=block_i, num_warps=RED_NUM_WARPS)
    if op in ("argmax", "argmin"):
        return idx
    if with_idx:
        return torch.return_types.max((out, idx)) if op == "max" else torch.return_types.min((out, idx))
    return out



@triton.jit
def _fused0_reduce_kernel(in0_ptr, in0_inner, in0_size, part_ptr, R, INNER, NCOLS, CHUNK, IN0_BCAST: tl.constexpr, OP: tl.constexpr, WIDE: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # fused elementwise div, reduced (sum) over R of its output viewed as (OUTER, R, INNER):
    # program (column block, split) writes the fp32 partial of rows [split * CHUNK, +CHUNK) of its columns
    if WIDE:  # 64-bit index math only when the tensor needs it (broadcast operands divide per element)
        cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
        split = tl.program_id(1).to(tl.int64)
    else:
        cols = tl.program_id(0) * BLOCK_I + tl.arange(0, BLOCK_I)
        split = tl.program_id(1)
    cmask = cols < NCOLS
    row0 = (cols // INNER) * R * INNER + cols % INNER
    r_offs = tl.arange(0, BLOCK_R)
    if OP == 2:
        neutral = -float("inf")
    elif OP == 3:
        neutral = float("inf")
    else:
        neutral = 0.0
    acc = tl.full((BLOCK_R, BLOCK_I), neutral, tl.float32)
    start = split * CHUNK
    end = tl.minimum(start + CHUNK, R)
    for r0 in range(0, CHUNK, BLOCK_R):
        r = start + r0 + r_offs
        m = (r[:, None] < end) & cmask[None, :]
        offs = row0[None, :] + r[:, None] * INNER
        if IN0_BCAST:
            a0 = tl.load(in0_ptr + (offs // in0_inner) % in0_size, mask=m, other=0.0)
        else:
            a0 = tl.load(in0_ptr + offs, mask=m, other=0.0)
        a0 = a0.to(tl.float32)
        t0 = (a0 / 2.0)  # truediv: div
        v = tl.where(m, t0, neutral)
        if OP == 2:
            acc = tl.maximum(acc, v)
        elif OP == 3:
            acc = tl.minimum(acc, v)
        else:
            acc += v
    if OP == 2:
        res = tl.max(acc, 0)
    elif OP == 3:
        res = tl.min(acc, 0)
    else:
        res = tl.sum(acc, 0)
    tl.store(part_ptr + split * NCOLS + cols, res, mask=cmask)


def _fused0(matmul):
    """div, then sum over dims (1,): one pass"""
    shape = torch.broadcast_shapes(matmul.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(matmul, shape)
    nd = len(shape)
    dims = sorted({d % nd for d in (1,)})
    outer = math.prod(shape[: dims[0]])
    r = math.prod(shape[dims[0]: dims[-1] + 1])
    inner = math.prod(shape[dims[-1] + 1:])
    ncols = outer * inner
    out_shape = [1 if d in dims else s for d, s in enumerate(shape) if True or d not in dims]
    out = torch.empty(out_shape, dtype=_promote(matmul.dtype), device=matmul.device)
    if out.numel() == 0:
        return out
    if r == 0:  # as torch: an empty sum is 0, an empty mean nan; max/min of nothing is an error
        if 'sum' in ('sum', 'mean'):
            return out.fill_(0.0 if 'sum' == 'sum' else float('nan'))
        raise RuntimeError('sum(): cannot reduce over a zero-size dimension')
    # few column blocks and long rows: split R so that the GPU fills up (as `_reduce_split`)
    block_r, block_i = _tile(r, inner, ncols, RED_TILE, RED_BLOCK_INNER)
    col_blocks = triton.cdiv(ncols, block_i)
    chunk = r
    if col_blocks < RED_SPLIT_PROGRAMS and r >= RED_SPLIT_MIN_R:
        block_r, block_i = _tile(min(r, RED_SPLIT_CHUNK), inner, ncols, RED_TILE, RED_BLOCK_INNER)
        col_blocks = triton.cdiv(ncols, block_i)
        chunk = max(RED_SPLIT_CHUNK, triton.cdiv(r, 65535))  # grid axis 1 holds at most 65535 splits
    chunk = triton.cdiv(chunk, block_r) * block_r
    splits = triton.cdiv(r, chunk)
    part = torch.empty((splits, ncols), dtype=torch.float32, device=matmul.device)
    _fused0_reduce_kernel[(col_blocks, splits)](in0, in0_inner, in0_size, part, r, inner, ncols, chunk, IN0_BCAST=in0_b, OP=_REDUCE_OPS['sum'], WIDE=outer * r * inner + chunk * ncols >= 2**31, BLOCK_R=block_r, BLOCK_I=block_i, num_warps=RED_NUM_WARPS)
    block_s, block_i2 = _tile(splits, ncols, ncols, RED_TILE, RED_BLOCK_INNER)
    _reduce_partials_kernel[(triton.cdiv(ncols, block_i2),)](
        part, out, splits, ncols, r, OP=_REDUCE_OPS['sum'], BLOCK_S=block_s, BLOCK_I=block_i2,
        num_warps=RED_NUM_WARPS)
    return out


@triton.jit
def _fused1_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, EVICT: tl.constexpr, STORE_CM: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: mul
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        a0 = tl.load(in0_ptr + (offs // in0_inner) % in0_size, mask=mask, other=0.0)
    else:
        a0 = tl.load(in0_ptr + offs, mask=mask, other=0.0, eviction_policy=EVICT)
    a0 = a0.to(tl.float32)
    t0 = (a0 * 1.5)  # mul: mul
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask, cache_modifier=STORE_CM)


def _fused1(sum_1):
    """mul"""
    shape = torch.broadcast_shapes(sum_1.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(sum_1, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(sum_1.dtype), device=sum_1.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, EVICT="evict_first" if EW_STREAM else "", STORE_CM=".cs" if EW_STREAM else "", BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, input_size, hidden_size, scaling_factor):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden_size, input_size))
        self.scaling_factor = scaling_factor

    def forward(self, x):
        weight = self.weight
        getattr_1 = weight.T
        matmul = _matmul(x, getattr_1) if MM_ENGINE == 'triton' else torch.matmul(x, getattr_1)
        sum_1 = _fused0(matmul)
        mul = _fused1(sum_1)
        return mul
