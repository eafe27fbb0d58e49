"""Starter ModelNew for 39_Gemm_Scale_BatchNorm, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: mul, normalisation: batch_norm
Library calls kept: linear (self.gemm): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: MM_ENGINE)
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
MM_ENGINE = 'triton'
MM_PRECISION = 'tf32x3s'
MM_SPLIT_K = 0
MM_BLOCK_M = 128
MM_BLOCK_N = 128
MM_BLOCK_K = 32
MM_NUM_WARPS = 8
MM_NUM_STAGES = 3
MM_GROUP_M = 8
EW_STREAM = False
BLOCK_SIZE = 1024
NUM_WARPS = 4
BN_BLOCK = 2048
BN_NUM_WARPS = 4
BN_PROGRAMS = 528
BN_MIN_CHUNK = 16384

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 16384
in_features = 4096
out_features = 4096
scale_shape = (out_features,)


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
def _bn_welford(x_ptr, c, n_lo, n_hi, s_lo, s_hi, C, S,
                BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    # (count, mean, M2) per channel c of x[n_lo:n_hi, c, s_lo:s_hi], x viewed as (N, C, S) contiguous:
    # x[n, c, s] sits at (n * C + c) * S + s. One (BLOCK_N, BLOCK_C, BLOCK_S) tile at a time; S is the contiguous
    # axis, so the loads are plain vectors (no per-element div/mod). Each tile's mean and M2, taken about the
    # running mean (a large common offset cancels before summing), merge in with Chan's parallel formula.
    cmask = c < C
    n_offs = tl.arange(0, BLOCK_N)
    s_offs = tl.arange(0, BLOCK_S)
    cnt = tl.zeros((BLOCK_C,), tl.float32)
    mean = tl.zeros((BLOCK_C,), tl.float32)
    m2 = tl.zeros((BLOCK_C,), tl.float32)
    for n0 in range(n_lo, n_hi, BLOCK_N):
        n = n0 + n_offs
        plane = (n.to(tl.int64)[:, None] * C + c[None, :]) * S  # (BLOCK_N, BLOCK_C) plane starts
        pmask = (n[:, None] < n_hi) & cmask[None, :]
        for s0 in range(s_lo, s_hi, BLOCK_S):
            s = s0 + s_offs
            msk = pmask[:, :, None] & (s[None, None, :] < s_hi)
            v = tl.load(x_ptr + plane[:, :, None] + s[None, None, :], mask=msk, other=0.0).to(tl.float32)
            tc = (tl.minimum(n_hi - n0, BLOCK_N) * tl.minimum(s_hi - s0, BLOCK_S)).to(tl.float32)
            d = tl.where(msk, v - mean[None, :, None], 0.0)
            delta = tl.sum(tl.sum(d, 2), 0) / tc  # tile mean - running mean
            d = tl.where(msk, d - delta[None, :, None], 0.0)
            tot = cnt + tc
            mean += delta * (tc / tot)
            m2 += tl.sum(tl.sum(d * d, 2), 0) + delta * delta * (cnt * tc / tot)
            cnt = tot
    return cnt, mean, m2


@triton.jit
def _bn_affine(w_ptr, b_ptr, c, C, var, eps, HAS_W: tl.constexpr, HAS_B: tl.constexpr):
    # y = (x - mean) * scale + shift: scale = w / sqrt(var + eps), shift = b
    cmask = c < C
    scale = 1.0 / tl.sqrt(var + eps)
    if HAS_W:
        scale = scale * tl.load(w_ptr + c, mask=cmask, other=1.0).to(tl.float32)
    shift = tl.zeros_like(scale)
    if HAS_B:
        shift = tl.load(b_ptr + c, mask=cmask, other=0.0).to(tl.float32)
    return scale, shift


@triton.jit
def _bn_apply(x_ptr, y_ptr, n, c, s, N, C, S, mean, scale, shift):
    # normalise the tile x[n, c, s] (index vectors); subtracting the mean first keeps large offsets exact
    offs = ((n.to(tl.int64)[:, None] * C + c[None, :]) * S)[:, :, None] + s[None, None, :]
    msk = ((n[:, None] < N) & (c[None, :] < C))[:, :, None] & (s[None, None, :] < S)
    v = tl.load(x_ptr + offs, mask=msk, other=0.0).to(tl.float32)
    y = (v - mean[None, :, None]) * scale[None, :, None] + shift[None, :, None]
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=msk)


@triton.jit
def _bn_fused_kernel(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, var_ptr, N, C, S, eps,
                     HAS_W: tl.constexpr, HAS_B: tl.constexpr,
                     BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    # One launch when one program per channel block is enough (small inputs, or channels enough to fill the GPU):
    # statistics over all of (N, S), then a second sweep normalises.
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    cnt, mean, m2 = _bn_welford(x_ptr, c, 0, N, 0, S, C, S, BLOCK_N, BLOCK_C, BLOCK_S)
    var = m2 / tl.maximum(cnt, 1.0)
    scale, shift = _bn_affine(w_ptr, b_ptr, c, C, var, eps, HAS_W, HAS_B)
    for n0 in range(0, N, BLOCK_N):
        for s0 in range(0, S, BLOCK_S):
            _bn_apply(x_ptr, y_ptr, n0 + tl.arange(0, BLOCK_N), c, s0 + tl.arange(0, BLOCK_S), N, C, S,
                      mean, scale, shift)
    tl.store(mean_ptr + c, mean, mask=c < C)
    tl.store(var_ptr + c, var, mask=c < C)


@triton.jit
def _bn_stats_kernel(x_ptr, cnt_ptr, mean_ptr, m2_ptr, N, C, S, N_PER, S_PER, GS,
                     BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    # Split stage 1: program (channel block, chunk k = g * GS + p) reduces batches [g * N_PER, +N_PER) x
    # positions [p * S_PER, +S_PER) of its channels to (count, mean, M2) partials at [k, c].
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    k = tl.program_id(1)
    n_lo = (k // GS) * N_PER
    s_lo = (k % GS) * S_PER
    cnt, mean, m2 = _bn_welford(x_ptr, c, n_lo, tl.minimum(n_lo + N_PER, N), s_lo, tl.minimum(s_lo + S_PER, S),
                                C, S, BLOCK_N, BLOCK_C, BLOCK_S)
    out = k.to(tl.int64) * C + c
    tl.store(cnt_ptr + out, cnt, mask=c < C)
    tl.store(mean_ptr + out, mean, mask=c < C)
    tl.store(m2_ptr + out, m2, mask=c < C)


@triton.jit
def _bn_combine_kernel(cnt_ptr, pmean_ptr, pm2_ptr, w_ptr, b_ptr, mean_ptr, var_ptr, scale_ptr, shift_ptr, C, K, eps,
                       HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK_K: tl.constexpr, BLOCK_C: tl.constexpr):
    # Split stage 2: per channel, merge the K partials (Chan et al.): mean = sum(n_k mean_k) / n, taken relative
    # to chunk 0's mean so that large offsets cancel exactly; M2 = sum(M2_k + n_k (mean_k - mean)^2). Writes the
    # batch mean / biased variance and stage 3's scale and shift.
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    cmask = c < C
    k_offs = tl.arange(0, BLOCK_K)
    ref = tl.load(pmean_ptr + c, mask=cmask, other=0.0)
    acc_n = tl.zeros((BLOCK_K, BLOCK_C), tl.float32)
    acc_d = tl.zeros((BLOCK_K, BLOCK_C), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k = k0 + k_offs
        m = (k[:, None] < K) & cmask[None, :]
        offs = k.to(tl.int64)[:, None] * C + c[None, :]
        nk = tl.load(cnt_ptr + offs, mask=m, other=0.0)
        acc_n += nk
        acc_d += nk * (tl.load(pmean_ptr + offs, mask=m, other=0.0) - ref[None, :])
    count = tl.maximum(tl.sum(acc_n, 0), 1.0)
    mean = ref + tl.sum(acc_d, 0) / count
    acc = tl.zeros((BLOCK_K, BLOCK_C), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k = k0 + k_offs
        m = (k[:, None] < K) & cmask[None, :]
        offs = k.to(tl.int64)[:, None] * C + c[None, :]
        d = tl.where(m, tl.load(pmean_ptr + offs, mask=m, other=0.0) - mean[None, :], 0.0)
        acc += tl.load(pm2_ptr + offs, mask=m, other=0.0) + tl.load(cnt_ptr + offs, mask=m, other=0.0) * d * d
    var = tl.sum(acc, 0) / count
    scale, shift = _bn_affine(w_ptr, b_ptr, c, C, var, eps, HAS_W, HAS_B)
    tl.store(mean_ptr + c, mean, mask=cmask)
    tl.store(var_ptr + c, var, mask=cmask)
    tl.store(scale_ptr + c, scale, mask=cmask)
    tl.store(shift_ptr + c, shift, mask=cmask)


@triton.jit
def _bn_norm_kernel(x_ptr, y_ptr, mean_ptr, scale_ptr, shift_ptr, N, C, S, NCB, NSB,
                    BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    # Split stage 3: one (BLOCK_N, BLOCK_C, BLOCK_S) tile per program, enough programs for any shape. Program ids
    # walk S fastest, then channels, then batches (memory order); the per-channel constants load once per program.
    pid = tl.program_id(0)
    sb = pid % NSB
    cb = (pid // NSB) % NCB
    nb = pid // NSB // NCB
    c = cb * BLOCK_C + tl.arange(0, BLOCK_C)
    cmask = c < C
    mean = tl.load(mean_ptr + c, mask=cmask, other=0.0)
    scale = tl.load(scale_ptr + c, mask=cmask, other=0.0)
    shift = tl.load(shift_ptr + c, mask=cmask, other=0.0)
    _bn_apply(x_ptr, y_ptr, nb * BLOCK_N + tl.arange(0, BLOCK_N), c, sb * BLOCK_S + tl.arange(0, BLOCK_S),
              N, C, S, mean, scale, shift)


_BN_MAX_CHUNKS = 4096  # cap on stage-1 chunks per channel block: bounds the partials (and grid axis 1 < 65536)


def _bn_tile(n, c, s, tile):
    """(BLOCK_N, BLOCK_C, BLOCK_S) of at most `tile` elements of x viewed as (N, C, S): the contiguous S first,
    then neighbouring channels, then batches, so that short S (BatchNorm1d) still loads long contiguous runs."""
    block_s = min(triton.next_power_of_2(max(s, 1)), tile)
    block_c = min(triton.next_power_of_2(max(c, 1)), max(1, tile // block_s))
    block_n = min(triton.next_power_of_2(max(n, 1)), max(1, tile // (block_s * block_c)))
    return block_n, block_c, block_s


def _bn_chunks(n, s, want, block_n, block_s):
    """(N_PER, S_PER, chunks along N, chunks along S): about `want` chunks of one channel's (N, S) range, split
    over whole batches first (runs of contiguous planes), then along S when N alone gives too few."""
    n, s = max(n, 1), max(s, 1)
    gn = min(want, triton.cdiv(n, block_n))
    n_per = triton.cdiv(triton.cdiv(n, gn), block_n) * block_n
    gn = triton.cdiv(n, n_per)
    gs = min(triton.cdiv(want, gn), triton.cdiv(s, block_s))
    s_per = triton.cdiv(triton.cdiv(s, gs), block_s) * block_s
    return n_per, s_per, gn, triton.cdiv(s, s_per)


def _batch_norm(x, bn):
    """nn.BatchNorm* forward: batch statistics in training mode (KernelBench never calls .eval())."""
    if not bn.training and bn.track_running_stats:  # inference mode uses running stats: library call
        return F.batch_norm(x, bn.running_mean, bn.running_var, bn.weight, bn.bias, False, 0.0, bn.eps)
    x = x.contiguous()
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    y = torch.empty_like(x)
    w = bn.weight if bn.weight is not None else x
    b = bn.bias if bn.bias is not None else x
    affine = {"HAS_W": bn.weight is not None, "HAS_B": bn.bias is not None}
    block_n, block_c, block_s = _bn_tile(n, c, s, BN_BLOCK)
    tile = {"BLOCK_N": block_n, "BLOCK_C": block_c, "BLOCK_S": block_s, "num_warps": BN_NUM_WARPS}
    c_blocks = triton.cdiv(c, block_c)
    stats = torch.empty((4, c), dtype=torch.float32, device=x.device)
    mean, var, scale, shift = stats  # per channel: batch mean, biased variance, stage-3 scale and shift
    # statistics in chunks of (channel block, batches x positions): about BN_PROGRAMS programs to fill the GPU,
    # each reading at least BN_MIN_CHUNK elements, so that small inputs keep one chunk per channel block
    want = min(triton.cdiv(BN_PROGRAMS, c_blocks), min(block_c, c) * n * s // BN_MIN_CHUNK, _BN_MAX_CHUNKS)
    n_per, s_per, gn, gs = _bn_chunks(n, s, max(want, 1), block_n, block_s)
    if gn * gs == 1:  # one chunk per channel block: statistics and normalisation in one launch
        _bn_fused_kernel[(c_blocks,)](x, w, b, y, mean, var, n, c, s, bn.eps, **affine, **tile)
    else:  # split: partials, then per-channel merge, then normalise (three passes over x, as the fused path)
        part = torch.empty((3, gn * gs, c), dtype=torch.float32, device=x.device)
        _bn_stats_kernel[(c_blocks, gn * gs)](x, part[0], part[1], part[2], n, c, s, n_per, s_per, gs, **tile)
        block_c2 = min(triton.next_power_of_2(c), 128)
        _bn_combine_kernel[(triton.cdiv(c, block_c2),)](part[0], part[1], part[2], w, b, mean, var, scale, shift,
                                                        c, gn * gs, bn.eps, **affine,
                                                        BLOCK_K=min(triton.next_power_of_2(gn * gs), 16),
                                                        BLOCK_C=block_c2, num_warps=4)
        n_sb = triton.cdiv(s, block_s)
        _bn_norm_kernel[(triton.cdiv(n, block_n) * c_blocks * n_sb,)](x, y, mean, scale, shift, n, c, s,
                                                                       c_blocks, n_sb, **tile)
    if bn.training and bn.track_running_stats:  # keep the module's running statistics as torch would
        with torch.no_grad():
            bn.num_batches_tracked.add_(1)
            momentum = bn.momentum if bn.momentum is not None else 1.0 / float(bn.num_batches_tracked)
            count = n * s
            bn.running_mean.mul_(1 - momentum).add_(mean.to(bn.running_mean.dtype), alpha=momentum)
            unbiased = var * (count / max(count - 1, 1))
            bn.running_var.mul_(1 - momentum).add_(unbiased.to(bn.running_var.dtype), alpha=momentum)
    return y



@triton.jit
def _fused0_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, WIDE: tl.constexpr, EVICT: tl.constexpr, STORE_CM: tl.constexpr, BLOCK_SIZE: tl.constexpr):
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
    if IN1_BCAST:
        a1 = tl.load(in1_ptr + (offs // in1_inner) % in1_size, mask=mask, other=0.0)
    else:
        a1 = tl.load(in1_ptr + offs, mask=mask, other=0.0, eviction_policy=EVICT)
    a1 = a1.to(tl.float32)
    t0 = (a0 * a1)  # mul: mul
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask, cache_modifier=STORE_CM)


def _fused0(gemm, scale):
    """mul"""
    shape = torch.broadcast_shapes(gemm.shape, scale.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(gemm, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(scale, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(gemm.dtype, scale.dtype), device=gemm.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, WIDE=n + BLOCK_SIZE >= 2**31, EVICT="evict_first" if EW_STREAM else "", STORE_CM=".cs" if EW_STREAM else "", BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, in_features, out_features, scale_shape, eps=1e-05, momentum=0.1):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.scale = nn.Parameter(torch.randn(scale_shape))
        self.bn = nn.BatchNorm1d(out_features, eps=eps, momentum=momentum)

    def forward(self, x):
        gemm = _linear(x, self.gemm.weight, self.gemm.bias) if MM_ENGINE == 'triton' else self.gemm(x)
        scale = self.scale
        mul = _fused0(gemm, scale)
        bn = _batch_norm(mul, self.bn)
        return bn
