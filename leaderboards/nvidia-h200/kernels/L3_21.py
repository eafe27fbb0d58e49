"""Starter ModelNew for 21_EfficientNetMBConv, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm, fused elementwise: relu6, normalisation: batch_norm
Library calls kept: Conv2d (self.expand_conv.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.depthwise_conv.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.project_conv.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
batch_size = 10
in_channels = 112
out_channels = 192
kernel_size = 5
stride = 2
expand_ratio = 6


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
def _fused0_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu6
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # expand_conv_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(expand_conv_1):
    """relu6"""
    shape = torch.broadcast_shapes(expand_conv_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(expand_conv_1, shape)
    out0 = torch.empty(shape, dtype=_promote(expand_conv_1.dtype), device=expand_conv_1.device)
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
    t0 = tl.minimum(tl.maximum(a0, 0.0), 6.0)  # depthwise_conv_2: relu6
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(depthwise_conv_1):
    """relu6"""
    shape = torch.broadcast_shapes(depthwise_conv_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(depthwise_conv_1, shape)
    out0 = torch.empty(shape, dtype=_promote(depthwise_conv_1.dtype), device=depthwise_conv_1.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, in_channels, out_channels, kernel_size, stride, expand_ratio):
        """
        MBConv block implementation.

        :param in_channels: Number of input channels.
        :param out_channels: Number of output channels.
        :param kernel_size: Kernel size for the depthwise convolution.
        :param stride: Stride for the depthwise convolution.
        :param expand_ratio: Expansion ratio for the intermediate channels.
        """
        super().__init__()
        self.use_residual = stride == 1 and in_channels == out_channels
        hidden_dim = in_channels * expand_ratio
        if expand_ratio != 1:
            self.expand_conv = nn.Sequential(nn.Conv2d(in_channels, hidden_dim, kernel_size=1, stride=1, padding=0, bias=False), nn.BatchNorm2d(hidden_dim), nn.ReLU6(inplace=True))
        self.depthwise_conv = nn.Sequential(nn.Conv2d(hidden_dim, hidden_dim, kernel_size=kernel_size, stride=stride, padding=(kernel_size - 1) // 2, groups=hidden_dim, bias=False), nn.BatchNorm2d(hidden_dim), nn.ReLU6(inplace=True))
        self.project_conv = nn.Sequential(nn.Conv2d(hidden_dim, out_channels, kernel_size=1, stride=1, padding=0, bias=False), nn.BatchNorm2d(out_channels))

    def forward(self, x):
        expand_conv_0 = self.get_submodule('expand_conv.0')(x)
        expand_conv_1 = _batch_norm(expand_conv_0, self.get_submodule('expand_conv.1'))
        expand_conv_2 = _fused0(expand_conv_1)
        depthwise_conv_0 = self.get_submodule('depthwise_conv.0')(expand_conv_2)
        depthwise_conv_1 = _batch_norm(depthwise_conv_0, self.get_submodule('depthwise_conv.1'))
        depthwise_conv_2 = _fused1(depthwise_conv_1)
        project_conv_0 = self.get_submodule('project_conv.0')(depthwise_conv_2)
        project_conv_1 = _batch_norm(project_conv_0, self.get_submodule('project_conv.1'))
        return project_conv_1
