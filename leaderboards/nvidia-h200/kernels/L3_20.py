"""Starter ModelNew for 20_MobileNetV2, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu6, reduction: mean
Library calls kept: Conv2d (self.features.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.3.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.3.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.4.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.4.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.4.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.6.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.6.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.6.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.8.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.8.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.8.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.9.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.9.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.9.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.11.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.11.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.11.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.13.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.13.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.13.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.14.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.14.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.14.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.15.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.15.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.15.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.16.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.16.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.16.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.17.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.17.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.17.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.18.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.18.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.18.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.19.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.19.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.19.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.20): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Dropout: no generated kernel; linear (self.classifier.1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
BN_BLOCK = 2048
BN_NUM_WARPS = 4
BN_PROGRAMS = 528
BN_MIN_CHUNK = 16384
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
import torch.nn.functional as F
batch_size = 10
num_classes = 1000


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
def _reduce_kernel(x_ptr, out_ptr, idx_ptr, R, INNER, NCOLS,
                   OP: tl.constexpr, WANT_IDX: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER), contiguous; a "column" c = (o, i) is one output element, at
    # x[o * R * INNER + r * INNER + i]. One program reduces BLOCK_I columns, BLOCK_R rows at a time.
    # OP: 0 sum, 1 mean, 2 max, 3 min, 4 prod, 5 logsumexp, 6 l2 norm, 7 l1 norm. Accumulates in fp32.
    cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    x_row = x_ptr + (cols // INNER) * R * INNER + cols % INNER
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
    acc_i = tl.zeros((BLOCK_R, BLOCK_I), tl.int64)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        m = (r[:, None] < R) & cmask[None, :]
        v = tl.load(x_row[None, :] + r[:, None].to(tl.int64) * INNER, mask=m, other=neutral)
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
            acc_i = tl.where(better, r[:, None].to(tl.int64), acc_i)
            acc = tl.where(better, v, acc)
        else:
            better = v < acc
            acc_i = tl.where(better, r[:, None].to(tl.int64), acc_i)
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
        tl.store(idx_ptr + out_offs, idx, mask=cmask)


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
                                 BLOCK_R=block_r, BLOCK_I=block_i, num_warps=RED_NUM_WARPS)
    if op in ("argmax", "argmin"):
        return idx
    if with_idx:
        return torch.return_types.max((out, idx)) if op == "max" else torch.return_types.min((out, idx))
    return out



@triton.jit
def _fused0_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(features_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_1.dtype), device=features_1.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused1_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_3_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(features_3_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_3_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_3_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_3_1.dtype), device=features_3_1.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused2_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_4_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(features_4_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_4_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_4_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_4_1.dtype), device=features_4_1.device)
    if n > 0:
        _fused2_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused3_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_4_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(features_4_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_4_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_4_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_4_4.dtype), device=features_4_4.device)
    if n > 0:
        _fused3_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused4_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_5_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(features_5_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_5_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_5_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_5_1.dtype), device=features_5_1.device)
    if n > 0:
        _fused4_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused5_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_5_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(features_5_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_5_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_5_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_5_4.dtype), device=features_5_4.device)
    if n > 0:
        _fused5_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused6_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_6_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(features_6_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_6_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_6_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_6_1.dtype), device=features_6_1.device)
    if n > 0:
        _fused6_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused7_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_6_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(features_6_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_6_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_6_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_6_4.dtype), device=features_6_4.device)
    if n > 0:
        _fused7_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused8_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_7_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(features_7_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_7_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_7_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_7_1.dtype), device=features_7_1.device)
    if n > 0:
        _fused8_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused9_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_7_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(features_7_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_7_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_7_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_7_4.dtype), device=features_7_4.device)
    if n > 0:
        _fused9_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused10_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_8_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(features_8_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_8_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_8_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_8_1.dtype), device=features_8_1.device)
    if n > 0:
        _fused10_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused11_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_8_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(features_8_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_8_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_8_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_8_4.dtype), device=features_8_4.device)
    if n > 0:
        _fused11_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused12_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_9_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(features_9_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_9_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_9_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_9_1.dtype), device=features_9_1.device)
    if n > 0:
        _fused12_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused13_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_9_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(features_9_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_9_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_9_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_9_4.dtype), device=features_9_4.device)
    if n > 0:
        _fused13_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused14_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_10_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(features_10_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_10_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_10_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_10_1.dtype), device=features_10_1.device)
    if n > 0:
        _fused14_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused15_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_10_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused15(features_10_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_10_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_10_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_10_4.dtype), device=features_10_4.device)
    if n > 0:
        _fused15_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused16_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_11_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused16(features_11_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_11_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_11_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_11_1.dtype), device=features_11_1.device)
    if n > 0:
        _fused16_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused17_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_11_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused17(features_11_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_11_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_11_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_11_4.dtype), device=features_11_4.device)
    if n > 0:
        _fused17_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused18_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_12_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused18(features_12_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_12_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_12_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_12_1.dtype), device=features_12_1.device)
    if n > 0:
        _fused18_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused19_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_12_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused19(features_12_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_12_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_12_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_12_4.dtype), device=features_12_4.device)
    if n > 0:
        _fused19_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused20_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_13_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused20(features_13_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_13_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_13_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_13_1.dtype), device=features_13_1.device)
    if n > 0:
        _fused20_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused21_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_13_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused21(features_13_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_13_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_13_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_13_4.dtype), device=features_13_4.device)
    if n > 0:
        _fused21_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused22_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_14_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused22(features_14_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_14_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_14_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_14_1.dtype), device=features_14_1.device)
    if n > 0:
        _fused22_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused23_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_14_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused23(features_14_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_14_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_14_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_14_4.dtype), device=features_14_4.device)
    if n > 0:
        _fused23_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused24_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_15_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused24(features_15_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_15_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_15_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_15_1.dtype), device=features_15_1.device)
    if n > 0:
        _fused24_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused25_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_15_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused25(features_15_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_15_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_15_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_15_4.dtype), device=features_15_4.device)
    if n > 0:
        _fused25_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused26_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_16_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused26(features_16_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_16_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_16_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_16_1.dtype), device=features_16_1.device)
    if n > 0:
        _fused26_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused27_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_16_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused27(features_16_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_16_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_16_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_16_4.dtype), device=features_16_4.device)
    if n > 0:
        _fused27_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused28_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_17_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused28(features_17_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_17_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_17_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_17_1.dtype), device=features_17_1.device)
    if n > 0:
        _fused28_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused29_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_17_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused29(features_17_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_17_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_17_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_17_4.dtype), device=features_17_4.device)
    if n > 0:
        _fused29_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused30_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_18_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused30(features_18_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_18_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_18_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_18_1.dtype), device=features_18_1.device)
    if n > 0:
        _fused30_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused31_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_18_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused31(features_18_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_18_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_18_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_18_4.dtype), device=features_18_4.device)
    if n > 0:
        _fused31_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused32_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_19_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused32(features_19_1):
    """relu6"""
    shape = torch.broadcast_shapes(features_19_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_19_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_19_1.dtype), device=features_19_1.device)
    if n > 0:
        _fused32_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused33_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_19_5: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused33(features_19_4):
    """relu6"""
    shape = torch.broadcast_shapes(features_19_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_19_4, shape)
    out0 = torch.empty(shape, dtype=_promote(features_19_4.dtype), device=features_19_4.device)
    if n > 0:
        _fused33_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused34_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # features_22: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused34(features_21):
    """relu6"""
    shape = torch.broadcast_shapes(features_21.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_21, shape)
    out0 = torch.empty(shape, dtype=_promote(features_21.dtype), device=features_21.device)
    if n > 0:
        _fused34_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, num_classes=1000):
        """
        MobileNetV2 architecture implementation in PyTorch.

        :param num_classes: The number of output classes. Default is 1000.
        """
        super().__init__()

        def _make_divisible(v, divisor, min_value=None):
            """
            This function ensures that the number of channels is divisible by the divisor.
            """
            if min_value is None:
                min_value = divisor
            new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
            if new_v < 0.9 * v:
                new_v += divisor
            return new_v

        def _inverted_residual_block(inp, oup, stride, expand_ratio):
            """
            Inverted Residual Block for MobileNetV2.
            """
            hidden_dim = int(inp * expand_ratio)
            use_res_connect = stride == 1 and inp == oup
            layers = []
            if expand_ratio != 1:
                layers.append(nn.Conv2d(inp, hidden_dim, 1, 1, 0, bias=False))
                layers.append(nn.BatchNorm2d(hidden_dim))
                layers.append(nn.ReLU6(inplace=True))
            layers.extend([nn.Conv2d(hidden_dim, hidden_dim, 3, stride, 1, groups=hidden_dim, bias=False), nn.BatchNorm2d(hidden_dim), nn.ReLU6(inplace=True), nn.Conv2d(hidden_dim, oup, 1, 1, 0, bias=False), nn.BatchNorm2d(oup)])
            if use_res_connect:
                return (nn.Sequential(*layers), True)
            else:
                return (nn.Sequential(*layers), False)
        input_channel = 32
        last_channel = 1280
        inverted_residual_setting = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2], [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]
        features = [nn.Conv2d(3, input_channel, 3, 2, 1, bias=False), nn.BatchNorm2d(input_channel), nn.ReLU6(inplace=True)]
        for t, c, n, s in inverted_residual_setting:
            output_channel = _make_divisible(c, 8)
            for i in range(n):
                stride = s if i == 0 else 1
                features.append(_inverted_residual_block(input_channel, output_channel, stride, expand_ratio=t)[0])
                input_channel = output_channel
        features.append(nn.Conv2d(input_channel, last_channel, 1, 1, 0, bias=False))
        features.append(nn.BatchNorm2d(last_channel))
        features.append(nn.ReLU6(inplace=True))
        features.append(nn.AdaptiveAvgPool2d((1, 1)))
        self.features = nn.Sequential(*features)
        self.classifier = nn.Sequential(nn.Dropout(0.0), nn.Linear(last_channel, num_classes))
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode='fan_out')
                if m.bias is not None:
                    nn.init.zeros_(m.bias)
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)
            elif isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, 0, 0.01)
                nn.init.zeros_(m.bias)

    def forward(self, x):
        features_0 = self.get_submodule('features.0')(x)
        features_1 = _batch_norm(features_0, self.get_submodule('features.1'))
        features_2 = _fused0(features_1)
        features_3_0 = self.get_submodule('features.3.0')(features_2)
        features_3_1 = _batch_norm(features_3_0, self.get_submodule('features.3.1'))
        features_3_2 = _fused1(features_3_1)
        features_3_3 = self.get_submodule('features.3.3')(features_3_2)
        features_3_4 = _batch_norm(features_3_3, self.get_submodule('features.3.4'))
        features_4_0 = self.get_submodule('features.4.0')(features_3_4)
        features_4_1 = _batch_norm(features_4_0, self.get_submodule('features.4.1'))
        features_4_2 = _fused2(features_4_1)
        features_4_3 = self.get_submodule('features.4.3')(features_4_2)
        features_4_4 = _batch_norm(features_4_3, self.get_submodule('features.4.4'))
        features_4_5 = _fused3(features_4_4)
        features_4_6 = self.get_submodule('features.4.6')(features_4_5)
        features_4_7 = _batch_norm(features_4_6, self.get_submodule('features.4.7'))
        features_5_0 = self.get_submodule('features.5.0')(features_4_7)
        features_5_1 = _batch_norm(features_5_0, self.get_submodule('features.5.1'))
        features_5_2 = _fused4(features_5_1)
        features_5_3 = self.get_submodule('features.5.3')(features_5_2)
        features_5_4 = _batch_norm(features_5_3, self.get_submodule('features.5.4'))
        features_5_5 = _fused5(features_5_4)
        features_5_6 = self.get_submodule('features.5.6')(features_5_5)
        features_5_7 = _batch_norm(features_5_6, self.get_submodule('features.5.7'))
        features_6_0 = self.get_submodule('features.6.0')(features_5_7)
        features_6_1 = _batch_norm(features_6_0, self.get_submodule('features.6.1'))
        features_6_2 = _fused6(features_6_1)
        features_6_3 = self.get_submodule('features.6.3')(features_6_2)
        features_6_4 = _batch_norm(features_6_3, self.get_submodule('features.6.4'))
        features_6_5 = _fused7(features_6_4)
        features_6_6 = self.get_submodule('features.6.6')(features_6_5)
        features_6_7 = _batch_norm(features_6_6, self.get_submodule('features.6.7'))
        features_7_0 = self.get_submodule('features.7.0')(features_6_7)
        features_7_1 = _batch_norm(features_7_0, self.get_submodule('features.7.1'))
        features_7_2 = _fused8(features_7_1)
        features_7_3 = self.get_submodule('features.7.3')(features_7_2)
        features_7_4 = _batch_norm(features_7_3, self.get_submodule('features.7.4'))
        features_7_5 = _fused9(features_7_4)
        features_7_6 = self.get_submodule('features.7.6')(features_7_5)
        features_7_7 = _batch_norm(features_7_6, self.get_submodule('features.7.7'))
        features_8_0 = self.get_submodule('features.8.0')(features_7_7)
        features_8_1 = _batch_norm(features_8_0, self.get_submodule('features.8.1'))
        features_8_2 = _fused10(features_8_1)
        features_8_3 = self.get_submodule('features.8.3')(features_8_2)
        features_8_4 = _batch_norm(features_8_3, self.get_submodule('features.8.4'))
        features_8_5 = _fused11(features_8_4)
        features_8_6 = self.get_submodule('features.8.6')(features_8_5)
        features_8_7 = _batch_norm(features_8_6, self.get_submodule('features.8.7'))
        features_9_0 = self.get_submodule('features.9.0')(features_8_7)
        features_9_1 = _batch_norm(features_9_0, self.get_submodule('features.9.1'))
        features_9_2 = _fused12(features_9_1)
        features_9_3 = self.get_submodule('features.9.3')(features_9_2)
        features_9_4 = _batch_norm(features_9_3, self.get_submodule('features.9.4'))
        features_9_5 = _fused13(features_9_4)
        features_9_6 = self.get_submodule('features.9.6')(features_9_5)
        features_9_7 = _batch_norm(features_9_6, self.get_submodule('features.9.7'))
        features_10_0 = self.get_submodule('features.10.0')(features_9_7)
        features_10_1 = _batch_norm(features_10_0, self.get_submodule('features.10.1'))
        features_10_2 = _fused14(features_10_1)
        features_10_3 = self.get_submodule('features.10.3')(features_10_2)
        features_10_4 = _batch_norm(features_10_3, self.get_submodule('features.10.4'))
        features_10_5 = _fused15(features_10_4)
        features_10_6 = self.get_submodule('features.10.6')(features_10_5)
        features_10_7 = _batch_norm(features_10_6, self.get_submodule('features.10.7'))
        features_11_0 = self.get_submodule('features.11.0')(features_10_7)
        features_11_1 = _batch_norm(features_11_0, self.get_submodule('features.11.1'))
        features_11_2 = _fused16(features_11_1)
        features_11_3 = self.get_submodule('features.11.3')(features_11_2)
        features_11_4 = _batch_norm(features_11_3, self.get_submodule('features.11.4'))
        features_11_5 = _fused17(features_11_4)
        features_11_6 = self.get_submodule('features.11.6')(features_11_5)
        features_11_7 = _batch_norm(features_11_6, self.get_submodule('features.11.7'))
        features_12_0 = self.get_submodule('features.12.0')(features_11_7)
        features_12_1 = _batch_norm(features_12_0, self.get_submodule('features.12.1'))
        features_12_2 = _fused18(features_12_1)
        features_12_3 = self.get_submodule('features.12.3')(features_12_2)
        features_12_4 = _batch_norm(features_12_3, self.get_submodule('features.12.4'))
        features_12_5 = _fused19(features_12_4)
        features_12_6 = self.get_submodule('features.12.6')(features_12_5)
        features_12_7 = _batch_norm(features_12_6, self.get_submodule('features.12.7'))
        features_13_0 = self.get_submodule('features.13.0')(features_12_7)
        features_13_1 = _batch_norm(features_13_0, self.get_submodule('features.13.1'))
        features_13_2 = _fused20(features_13_1)
        features_13_3 = self.get_submodule('features.13.3')(features_13_2)
        features_13_4 = _batch_norm(features_13_3, self.get_submodule('features.13.4'))
        features_13_5 = _fused21(features_13_4)
        features_13_6 = self.get_submodule('features.13.6')(features_13_5)
        features_13_7 = _batch_norm(features_13_6, self.get_submodule('features.13.7'))
        features_14_0 = self.get_submodule('features.14.0')(features_13_7)
        features_14_1 = _batch_norm(features_14_0, self.get_submodule('features.14.1'))
        features_14_2 = _fused22(features_14_1)
        features_14_3 = self.get_submodule('features.14.3')(features_14_2)
        features_14_4 = _batch_norm(features_14_3, self.get_submodule('features.14.4'))
        features_14_5 = _fused23(features_14_4)
        features_14_6 = self.get_submodule('features.14.6')(features_14_5)
        features_14_7 = _batch_norm(features_14_6, self.get_submodule('features.14.7'))
        features_15_0 = self.get_submodule('features.15.0')(features_14_7)
        features_15_1 = _batch_norm(features_15_0, self.get_submodule('features.15.1'))
        features_15_2 = _fused24(features_15_1)
        features_15_3 = self.get_submodule('features.15.3')(features_15_2)
        features_15_4 = _batch_norm(features_15_3, self.get_submodule('features.15.4'))
        features_15_5 = _fused25(features_15_4)
        features_15_6 = self.get_submodule('features.15.6')(features_15_5)
        features_15_7 = _batch_norm(features_15_6, self.get_submodule('features.15.7'))
        features_16_0 = self.get_submodule('features.16.0')(features_15_7)
        features_16_1 = _batch_norm(features_16_0, self.get_submodule('features.16.1'))
        features_16_2 = _fused26(features_16_1)
        features_16_3 = self.get_submodule('features.16.3')(features_16_2)
        features_16_4 = _batch_norm(features_16_3, self.get_submodule('features.16.4'))
        features_16_5 = _fused27(features_16_4)
        features_16_6 = self.get_submodule('features.16.6')(features_16_5)
        features_16_7 = _batch_norm(features_16_6, self.get_submodule('features.16.7'))
        features_17_0 = self.get_submodule('features.17.0')(features_16_7)
        features_17_1 = _batch_norm(features_17_0, self.get_submodule('features.17.1'))
        features_17_2 = _fused28(features_17_1)
        features_17_3 = self.get_submodule('features.17.3')(features_17_2)
        features_17_4 = _batch_norm(features_17_3, self.get_submodule('features.17.4'))
        features_17_5 = _fused29(features_17_4)
        features_17_6 = self.get_submodule('features.17.6')(features_17_5)
        features_17_7 = _batch_norm(features_17_6, self.get_submodule('features.17.7'))
        features_18_0 = self.get_submodule('features.18.0')(features_17_7)
        features_18_1 = _batch_norm(features_18_0, self.get_submodule('features.18.1'))
        features_18_2 = _fused30(features_18_1)
        features_18_3 = self.get_submodule('features.18.3')(features_18_2)
        features_18_4 = _batch_norm(features_18_3, self.get_submodule('features.18.4'))
        features_18_5 = _fused31(features_18_4)
        features_18_6 = self.get_submodule('features.18.6')(features_18_5)
        features_18_7 = _batch_norm(features_18_6, self.get_submodule('features.18.7'))
        features_19_0 = self.get_submodule('features.19.0')(features_18_7)
        features_19_1 = _batch_norm(features_19_0, self.get_submodule('features.19.1'))
        features_19_2 = _fused32(features_19_1)
        features_19_3 = self.get_submodule('features.19.3')(features_19_2)
        features_19_4 = _batch_norm(features_19_3, self.get_submodule('features.19.4'))
        features_19_5 = _fused33(features_19_4)
        features_19_6 = self.get_submodule('features.19.6')(features_19_5)
        features_19_7 = _batch_norm(features_19_6, self.get_submodule('features.19.7'))
        features_20 = self.get_submodule('features.20')(features_19_7)
        features_21 = _batch_norm(features_20, self.get_submodule('features.21'))
        features_22 = _fused34(features_21)
        features_23 = _reduce(features_22, (2, 3), True, 'mean', with_idx=False)
        size = features_23.size(0)
        view = features_23.view(size, -1)
        classifier_0 = self.get_submodule('classifier.0')(view)
        classifier_1 = self.get_submodule('classifier.1')(classifier_0)
        return classifier_1
