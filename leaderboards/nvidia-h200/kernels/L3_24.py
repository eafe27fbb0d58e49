"""Starter ModelNew for 24_EfficientNetB2, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, reduction: mean, fused elementwise: relu, fused elementwise: sigmoid, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, reduction: mean, fused elementwise: relu, fused elementwise: sigmoid, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, reduction: mean, fused elementwise: relu, fused elementwise: sigmoid, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, reduction: mean, fused elementwise: relu, fused elementwise: sigmoid, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, reduction: mean, fused elementwise: relu, fused elementwise: sigmoid, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu, reduction: mean
Library calls kept: Conv2d (self.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv1.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv1.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv1.7): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv1.9): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv1.11): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv2.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv2.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv2.7): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv2.9): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv2.11): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv3.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv3.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv3.7): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv3.9): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv3.11): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv4.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv4.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv4.7): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv4.9): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv4.11): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv5.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv5.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv5.7): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv5.9): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.mbconv5.11): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.conv_final): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.fc): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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
batch_size = 2
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
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(bn1):
    """relu"""
    shape = torch.broadcast_shapes(bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(bn1.dtype), device=bn1.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused1_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv1_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(mbconv1_1):
    """relu"""
    shape = torch.broadcast_shapes(mbconv1_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv1_1, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv1_1.dtype), device=mbconv1_1.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused2_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv1_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(mbconv1_4):
    """relu"""
    shape = torch.broadcast_shapes(mbconv1_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv1_4, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv1_4.dtype), device=mbconv1_4.device)
    if n > 0:
        _fused2_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused3_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv1_8: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(mbconv1_7):
    """relu"""
    shape = torch.broadcast_shapes(mbconv1_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv1_7, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv1_7.dtype), device=mbconv1_7.device)
    if n > 0:
        _fused3_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused4_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: sigmoid
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.sigmoid(a0)  # mbconv1_10: sigmoid
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(mbconv1_9):
    """sigmoid"""
    shape = torch.broadcast_shapes(mbconv1_9.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv1_9, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv1_9.dtype), device=mbconv1_9.device)
    if n > 0:
        _fused4_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused5_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv2_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(mbconv2_1):
    """relu"""
    shape = torch.broadcast_shapes(mbconv2_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv2_1, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv2_1.dtype), device=mbconv2_1.device)
    if n > 0:
        _fused5_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused6_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv2_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(mbconv2_4):
    """relu"""
    shape = torch.broadcast_shapes(mbconv2_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv2_4, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv2_4.dtype), device=mbconv2_4.device)
    if n > 0:
        _fused6_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused7_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv2_8: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(mbconv2_7):
    """relu"""
    shape = torch.broadcast_shapes(mbconv2_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv2_7, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv2_7.dtype), device=mbconv2_7.device)
    if n > 0:
        _fused7_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused8_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: sigmoid
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.sigmoid(a0)  # mbconv2_10: sigmoid
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(mbconv2_9):
    """sigmoid"""
    shape = torch.broadcast_shapes(mbconv2_9.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv2_9, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv2_9.dtype), device=mbconv2_9.device)
    if n > 0:
        _fused8_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused9_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv3_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(mbconv3_1):
    """relu"""
    shape = torch.broadcast_shapes(mbconv3_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv3_1, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv3_1.dtype), device=mbconv3_1.device)
    if n > 0:
        _fused9_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused10_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv3_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(mbconv3_4):
    """relu"""
    shape = torch.broadcast_shapes(mbconv3_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv3_4, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv3_4.dtype), device=mbconv3_4.device)
    if n > 0:
        _fused10_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused11_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv3_8: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(mbconv3_7):
    """relu"""
    shape = torch.broadcast_shapes(mbconv3_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv3_7, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv3_7.dtype), device=mbconv3_7.device)
    if n > 0:
        _fused11_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused12_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: sigmoid
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.sigmoid(a0)  # mbconv3_10: sigmoid
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(mbconv3_9):
    """sigmoid"""
    shape = torch.broadcast_shapes(mbconv3_9.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv3_9, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv3_9.dtype), device=mbconv3_9.device)
    if n > 0:
        _fused12_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused13_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv4_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(mbconv4_1):
    """relu"""
    shape = torch.broadcast_shapes(mbconv4_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv4_1, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv4_1.dtype), device=mbconv4_1.device)
    if n > 0:
        _fused13_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused14_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv4_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(mbconv4_4):
    """relu"""
    shape = torch.broadcast_shapes(mbconv4_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv4_4, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv4_4.dtype), device=mbconv4_4.device)
    if n > 0:
        _fused14_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused15_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv4_8: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused15(mbconv4_7):
    """relu"""
    shape = torch.broadcast_shapes(mbconv4_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv4_7, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv4_7.dtype), device=mbconv4_7.device)
    if n > 0:
        _fused15_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused16_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: sigmoid
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.sigmoid(a0)  # mbconv4_10: sigmoid
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused16(mbconv4_9):
    """sigmoid"""
    shape = torch.broadcast_shapes(mbconv4_9.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv4_9, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv4_9.dtype), device=mbconv4_9.device)
    if n > 0:
        _fused16_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused17_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv5_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused17(mbconv5_1):
    """relu"""
    shape = torch.broadcast_shapes(mbconv5_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv5_1, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv5_1.dtype), device=mbconv5_1.device)
    if n > 0:
        _fused17_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused18_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv5_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused18(mbconv5_4):
    """relu"""
    shape = torch.broadcast_shapes(mbconv5_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv5_4, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv5_4.dtype), device=mbconv5_4.device)
    if n > 0:
        _fused18_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused19_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # mbconv5_8: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused19(mbconv5_7):
    """relu"""
    shape = torch.broadcast_shapes(mbconv5_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv5_7, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv5_7.dtype), device=mbconv5_7.device)
    if n > 0:
        _fused19_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused20_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: sigmoid
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.sigmoid(a0)  # mbconv5_10: sigmoid
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused20(mbconv5_9):
    """sigmoid"""
    shape = torch.broadcast_shapes(mbconv5_9.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mbconv5_9, shape)
    out0 = torch.empty(shape, dtype=_promote(mbconv5_9.dtype), device=mbconv5_9.device)
    if n > 0:
        _fused20_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused21_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused21(bn_final):
    """relu"""
    shape = torch.broadcast_shapes(bn_final.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(bn_final, shape)
    out0 = torch.empty(shape, dtype=_promote(bn_final.dtype), device=bn_final.device)
    if n > 0:
        _fused21_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, num_classes=1000):
        """
        EfficientNetB2 architecture implementation.

        :param num_classes: The number of output classes (default is 1000 for ImageNet).
        """
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, kernel_size=3, stride=2, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(32)
        self.relu = nn.ReLU(inplace=True)
        self.mbconv1 = self._make_mbconv_block(32, 96, 1, 3)
        self.mbconv2 = self._make_mbconv_block(96, 144, 2, 6)
        self.mbconv3 = self._make_mbconv_block(144, 192, 2, 6)
        self.mbconv4 = self._make_mbconv_block(192, 288, 2, 6)
        self.mbconv5 = self._make_mbconv_block(288, 384, 1, 6)
        self.conv_final = nn.Conv2d(384, 1408, kernel_size=1, stride=1, padding=0, bias=False)
        self.bn_final = nn.BatchNorm2d(1408)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(1408, num_classes)

    def _make_mbconv_block(self, in_channels, out_channels, stride, expand_ratio):
        """
        Helper function to create a MBConv block.

        :param in_channels: Number of input channels.
        :param out_channels: Number of output channels.
        :param stride: Stride for the depthwise convolution.
        :param expand_ratio: Expansion ratio for the MBConv block.
        :return: A sequential container of layers forming the MBConv block.
        """
        layers = []
        expanded_channels = in_channels * expand_ratio
        if expand_ratio != 1:
            layers.append(nn.Conv2d(in_channels, expanded_channels, kernel_size=1, stride=1, padding=0, bias=False))
            layers.append(nn.BatchNorm2d(expanded_channels))
            layers.append(nn.ReLU(inplace=True))
        layers.append(nn.Conv2d(expanded_channels, expanded_channels, kernel_size=3, stride=stride, padding=1, groups=expanded_channels, bias=False))
        layers.append(nn.BatchNorm2d(expanded_channels))
        layers.append(nn.ReLU(inplace=True))
        layers.append(nn.AdaptiveAvgPool2d((1, 1)))
        layers.append(nn.Conv2d(expanded_channels, expanded_channels // 4, kernel_size=1, stride=1, padding=0, bias=False))
        layers.append(nn.ReLU(inplace=True))
        layers.append(nn.Conv2d(expanded_channels // 4, expanded_channels, kernel_size=1, stride=1, padding=0, bias=False))
        layers.append(nn.Sigmoid())
        layers.append(nn.Conv2d(expanded_channels, out_channels, kernel_size=1, stride=1, padding=0, bias=False))
        layers.append(nn.BatchNorm2d(out_channels))
        return nn.Sequential(*layers)

    def forward(self, x):
        conv1 = self.conv1(x)
        bn1 = _batch_norm(conv1, self.bn1)
        relu = _fused0(bn1)
        mbconv1_0 = self.get_submodule('mbconv1.0')(relu)
        mbconv1_1 = _batch_norm(mbconv1_0, self.get_submodule('mbconv1.1'))
        mbconv1_2 = _fused1(mbconv1_1)
        mbconv1_3 = self.get_submodule('mbconv1.3')(mbconv1_2)
        mbconv1_4 = _batch_norm(mbconv1_3, self.get_submodule('mbconv1.4'))
        mbconv1_5 = _fused2(mbconv1_4)
        mbconv1_6 = _reduce(mbconv1_5, (2, 3), True, 'mean', with_idx=False)
        mbconv1_7 = self.get_submodule('mbconv1.7')(mbconv1_6)
        mbconv1_8 = _fused3(mbconv1_7)
        mbconv1_9 = self.get_submodule('mbconv1.9')(mbconv1_8)
        mbconv1_10 = _fused4(mbconv1_9)
        mbconv1_11 = self.get_submodule('mbconv1.11')(mbconv1_10)
        mbconv1_12 = _batch_norm(mbconv1_11, self.get_submodule('mbconv1.12'))
        mbconv2_0 = self.get_submodule('mbconv2.0')(mbconv1_12)
        mbconv2_1 = _batch_norm(mbconv2_0, self.get_submodule('mbconv2.1'))
        mbconv2_2 = _fused5(mbconv2_1)
        mbconv2_3 = self.get_submodule('mbconv2.3')(mbconv2_2)
        mbconv2_4 = _batch_norm(mbconv2_3, self.get_submodule('mbconv2.4'))
        mbconv2_5 = _fused6(mbconv2_4)
        mbconv2_6 = _reduce(mbconv2_5, (2, 3), True, 'mean', with_idx=False)
        mbconv2_7 = self.get_submodule('mbconv2.7')(mbconv2_6)
        mbconv2_8 = _fused7(mbconv2_7)
        mbconv2_9 = self.get_submodule('mbconv2.9')(mbconv2_8)
        mbconv2_10 = _fused8(mbconv2_9)
        mbconv2_11 = self.get_submodule('mbconv2.11')(mbconv2_10)
        mbconv2_12 = _batch_norm(mbconv2_11, self.get_submodule('mbconv2.12'))
        mbconv3_0 = self.get_submodule('mbconv3.0')(mbconv2_12)
        mbconv3_1 = _batch_norm(mbconv3_0, self.get_submodule('mbconv3.1'))
        mbconv3_2 = _fused9(mbconv3_1)
        mbconv3_3 = self.get_submodule('mbconv3.3')(mbconv3_2)
        mbconv3_4 = _batch_norm(mbconv3_3, self.get_submodule('mbconv3.4'))
        mbconv3_5 = _fused10(mbconv3_4)
        mbconv3_6 = _reduce(mbconv3_5, (2, 3), True, 'mean', with_idx=False)
        mbconv3_7 = self.get_submodule('mbconv3.7')(mbconv3_6)
        mbconv3_8 = _fused11(mbconv3_7)
        mbconv3_9 = self.get_submodule('mbconv3.9')(mbconv3_8)
        mbconv3_10 = _fused12(mbconv3_9)
        mbconv3_11 = self.get_submodule('mbconv3.11')(mbconv3_10)
        mbconv3_12 = _batch_norm(mbconv3_11, self.get_submodule('mbconv3.12'))
        mbconv4_0 = self.get_submodule('mbconv4.0')(mbconv3_12)
        mbconv4_1 = _batch_norm(mbconv4_0, self.get_submodule('mbconv4.1'))
        mbconv4_2 = _fused13(mbconv4_1)
        mbconv4_3 = self.get_submodule('mbconv4.3')(mbconv4_2)
        mbconv4_4 = _batch_norm(mbconv4_3, self.get_submodule('mbconv4.4'))
        mbconv4_5 = _fused14(mbconv4_4)
        mbconv4_6 = _reduce(mbconv4_5, (2, 3), True, 'mean', with_idx=False)
        mbconv4_7 = self.get_submodule('mbconv4.7')(mbconv4_6)
        mbconv4_8 = _fused15(mbconv4_7)
        mbconv4_9 = self.get_submodule('mbconv4.9')(mbconv4_8)
        mbconv4_10 = _fused16(mbconv4_9)
        mbconv4_11 = self.get_submodule('mbconv4.11')(mbconv4_10)
        mbconv4_12 = _batch_norm(mbconv4_11, self.get_submodule('mbconv4.12'))
        mbconv5_0 = self.get_submodule('mbconv5.0')(mbconv4_12)
        mbconv5_1 = _batch_norm(mbconv5_0, self.get_submodule('mbconv5.1'))
        mbconv5_2 = _fused17(mbconv5_1)
        mbconv5_3 = self.get_submodule('mbconv5.3')(mbconv5_2)
        mbconv5_4 = _batch_norm(mbconv5_3, self.get_submodule('mbconv5.4'))
        mbconv5_5 = _fused18(mbconv5_4)
        mbconv5_6 = _reduce(mbconv5_5, (2, 3), True, 'mean', with_idx=False)
        mbconv5_7 = self.get_submodule('mbconv5.7')(mbconv5_6)
        mbconv5_8 = _fused19(mbconv5_7)
        mbconv5_9 = self.get_submodule('mbconv5.9')(mbconv5_8)
        mbconv5_10 = _fused20(mbconv5_9)
        mbconv5_11 = self.get_submodule('mbconv5.11')(mbconv5_10)
        mbconv5_12 = _batch_norm(mbconv5_11, self.get_submodule('mbconv5.12'))
        conv_final = self.conv_final(mbconv5_12)
        bn_final = _batch_norm(conv_final, self.bn_final)
        relu_1 = _fused21(bn_final)
        avgpool = _reduce(relu_1, (2, 3), True, 'mean', with_idx=False)
        flatten = torch.flatten(avgpool, 1)
        fc = self.fc(flatten)
        return fc
