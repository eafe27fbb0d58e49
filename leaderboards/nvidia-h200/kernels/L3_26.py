"""Starter ModelNew for 26_ShuffleNet, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm, fused elementwise: relu, pooling: max_pool, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, normalisation: batch_norm, fused elementwise: relu,add, normalisation: batch_norm, fused elementwise: relu
Library calls kept: Conv2d (self.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.0.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.0.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.0.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.0.shortcut.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.1.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.1.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.1.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.2.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.2.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage2.2.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.0.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.0.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.0.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.0.shortcut.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.1.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.1.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.1.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.2.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.2.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.2.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.3.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.3.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.3.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.4.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.4.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.4.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.5.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.5.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.5.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.6.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.6.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage3.6.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.0.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.0.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.0.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.0.shortcut.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.1.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.1.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.1.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.2.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.2.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.stage4.2.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.conv5): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; adaptive_avg_pool2d: no generated kernel; linear (self.fc): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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
POOL_BLOCK = 1024
POOL_BLOCK_W = 128
POOL_NUM_WARPS = 4

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
class ShuffleNetUnit(nn.Module):
    def __init__(self, in_channels, out_channels, groups=3):
        """
        ShuffleNet unit implementation.

        :param in_channels: Number of input channels.
        :param out_channels: Number of output channels.
        :param groups: Number of groups for group convolution.
        """
        super(ShuffleNetUnit, self).__init__()
        
        # Ensure the output channels are divisible by groups
        assert out_channels % 4 == 0
        mid_channels = out_channels // 4
        
        # First 1x1 group convolution
        self.conv1 = nn.Conv2d(in_channels, mid_channels, kernel_size=1, stride=1, padding=0, groups=groups, bias=False)
        self.bn1 = nn.BatchNorm2d(mid_channels)
        
        # Depthwise 3x3 convolution
        self.conv2 = nn.Conv2d(mid_channels, mid_channels, kernel_size=3, stride=1, padding=1, groups=mid_channels, bias=False)
        self.bn2 = nn.BatchNorm2d(mid_channels)
        
        # Second 1x1 group convolution
        self.conv3 = nn.Conv2d(mid_channels, out_channels, kernel_size=1, stride=1, padding=0, groups=groups, bias=False)
        self.bn3 = nn.BatchNorm2d(out_channels)
        
        # Shuffle operation
        self.shuffle = ChannelShuffle(groups)
        
        # Shortcut connection if input and output channels are the same
        if in_channels == out_channels:
            self.shortcut = nn.Sequential()
        else:
            self.shortcut = nn.Sequential(
                nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=1, padding=0, bias=False),
                nn.BatchNorm2d(out_channels)
            )
    
    def forward(self, x):
        """
        Forward pass for ShuffleNet unit.

        :param x: Input tensor, shape (batch_size, in_channels, height, width)
        :return: Output tensor, shape (batch_size, out_channels, height, width)
        """
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = self.shuffle(out)
        out = F.relu(self.bn3(self.conv3(out)))
        
        out += self.shortcut(x)
        return out
class ChannelShuffle(nn.Module):
    def __init__(self, groups):
        """
        Channel shuffle operation.

        :param groups: Number of groups for shuffling.
        """
        super(ChannelShuffle, self).__init__()
        self.groups = groups
    
    def forward(self, x):
        """
        Forward pass for channel shuffle.

        :param x: Input tensor, shape (batch_size, channels, height, width)
        :return: Output tensor, shape (batch_size, channels, height, width)
        """
        batch_size, channels, height, width = x.size()
        channels_per_group = channels // self.groups
        
        # Reshape
        x = x.view(batch_size, self.groups, channels_per_group, height, width)
        
        # Transpose
        x = x.transpose(1, 2).contiguous()
        
        # Flatten
        x = x.view(batch_size, -1, height, width)
        
        return x
batch_size = 10
input_channels = 3
height = 224
width = 224
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
def _pool_kernel(x_ptr, y_ptr, D, H, W, OD, OH, OW, KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW,
                 IS_MAX: tl.constexpr, COUNT_PAD: tl.constexpr, BLOCK_H: tl.constexpr, BLOCK_W: tl.constexpr):
    # One program per (BLOCK_H x BLOCK_W) tile of one output plane (nc, od): no per-element div/mod, rows
    # of the tile read contiguous input, and neighbouring windows (stride < kernel) hit the cache.
    plane = tl.program_id(0).to(tl.int64)  # nc * OD + od
    od = plane % OD
    nc = plane // OD
    oh = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)[:, None]
    ow = tl.program_id(2) * BLOCK_W + tl.arange(0, BLOCK_W)[None, :]
    out_ok = (oh < OH) & (ow < OW)
    if IS_MAX:
        acc = tl.full((BLOCK_H, BLOCK_W), -float("inf"), tl.float32)
    else:
        acc = tl.zeros((BLOCK_H, BLOCK_W), tl.float32)
    for kd in range(0, KD):
        i_d = od * SD - PD + kd * DD
        if (i_d >= 0) & (i_d < D):
            x_plane = x_ptr + (nc * D + i_d) * H * W
            for kh in range(0, KH):
                i_h = oh * SH - PH + kh * DH
                ok_h = out_ok & (i_h >= 0) & (i_h < H)
                for kw in range(0, KW):
                    i_w = ow * SW - PW + kw * DW
                    ok = ok_h & (i_w >= 0) & (i_w < W)
                    if IS_MAX:
                        v = tl.load(x_plane + i_h * W + i_w, mask=ok, other=-float("inf")).to(tl.float32)
                        acc = tl.maximum(acc, v)
                    else:
                        acc += tl.load(x_plane + i_h * W + i_w, mask=ok, other=0.0).to(tl.float32)
    if not IS_MAX:
        # torch's divisor: window clipped to the padded input (count_include_pad) or to the input itself
        d0 = od * SD - PD
        h0 = oh * SH - PH
        w0 = ow * SW - PW
        d1 = tl.minimum(d0 + KD, D + PD)
        h1 = tl.minimum(h0 + KH, H + PH)
        w1 = tl.minimum(w0 + KW, W + PW)
        if COUNT_PAD:
            div = (d1 - d0) * (h1 - h0) * (w1 - w0)
        else:
            div = ((tl.minimum(d1, D) - tl.maximum(d0, 0)) * (tl.minimum(h1, H) - tl.maximum(h0, 0))
                   * (tl.minimum(w1, W) - tl.maximum(w0, 0)))
        acc = acc / div.to(tl.float32)
    y_plane = y_ptr + plane * OH * OW
    tl.store(y_plane + oh * OW + ow, acc.to(y_ptr.dtype.element_ty), mask=out_ok)


def _pool_out(size, k, s, p, d, ceil_mode):
    out = (size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _pool(x, pool, nd):
    """nn.MaxPool{1,2,3}d / nn.AvgPool{1,2,3}d forward with a generated kernel."""
    is_max = isinstance(pool, (nn.MaxPool1d, nn.MaxPool2d, nn.MaxPool3d))
    k = _pad3(pool.kernel_size, nd, 1)
    s = _pad3(pool.stride if pool.stride is not None else pool.kernel_size, nd, 1)
    p = _pad3(pool.padding, nd, 0)
    d = _pad3(pool.dilation, nd, 1) if is_max else (1, 1, 1)
    count_pad = True if is_max else bool(pool.count_include_pad)
    spatial = (1,) * (3 - nd) + tuple(x.shape[2:])
    out_sp = [_pool_out(spatial[i], k[i], s[i], p[i], d[i], pool.ceil_mode) for i in range(3)]
    x5 = x.contiguous()
    y = torch.empty((*x.shape[:2], *out_sp[3 - nd:]), dtype=x.dtype, device=x.device)
    if y.numel() > 0:
        # tile: POOL_BLOCK outputs, at most POOL_BLOCK_W of them along a row; 1-D pools get 1-row tiles
        block_w = min(POOL_BLOCK_W, POOL_BLOCK, triton.next_power_of_2(out_sp[2]))
        block_h = max(1, min(POOL_BLOCK // block_w, triton.next_power_of_2(out_sp[1])))
        planes = x.shape[0] * x.shape[1] * out_sp[0]
        grid = (planes, triton.cdiv(out_sp[1], block_h), triton.cdiv(out_sp[2], block_w))
        _pool_kernel[grid](x5, y, *spatial, *out_sp, *k, *s, *p, *d, IS_MAX=is_max, COUNT_PAD=count_pad,
                           BLOCK_H=block_h, BLOCK_W=block_w, num_warps=POOL_NUM_WARPS)
    return y



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
    t0 = tl.maximum(a0, 0.0)  # relu_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(stage2_0_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage2_0_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage2_0_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage2_0_bn1.dtype), device=stage2_0_bn1.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused2_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_2: relu
    t1 = (t0 + a1)  # add: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(stage2_0_bn3, stage2_0_shortcut_1):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage2_0_bn3.shape, stage2_0_shortcut_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage2_0_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(stage2_0_shortcut_1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage2_0_bn3.dtype, stage2_0_shortcut_1.dtype), device=stage2_0_bn3.device)
    if n > 0:
        _fused2_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_3: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(stage2_1_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage2_1_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage2_1_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage2_1_bn1.dtype), device=stage2_1_bn1.device)
    if n > 0:
        _fused3_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused4_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_4: relu
    t1 = (t0 + a1)  # add_1: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(stage2_1_bn3, add):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage2_1_bn3.shape, add.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage2_1_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add, shape)
    out0 = torch.empty(shape, dtype=_promote(stage2_1_bn3.dtype, add.dtype), device=stage2_1_bn3.device)
    if n > 0:
        _fused4_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(stage2_2_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage2_2_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage2_2_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage2_2_bn1.dtype), device=stage2_2_bn1.device)
    if n > 0:
        _fused5_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused6_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_6: relu
    t1 = (t0 + a1)  # add_2: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(stage2_2_bn3, add_1):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage2_2_bn3.shape, add_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage2_2_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage2_2_bn3.dtype, add_1.dtype), device=stage2_2_bn3.device)
    if n > 0:
        _fused6_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_7: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(stage3_0_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_0_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_0_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_0_bn1.dtype), device=stage3_0_bn1.device)
    if n > 0:
        _fused7_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused8_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_8: relu
    t1 = (t0 + a1)  # add_3: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(stage3_0_bn3, stage3_0_shortcut_1):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_0_bn3.shape, stage3_0_shortcut_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_0_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(stage3_0_shortcut_1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_0_bn3.dtype, stage3_0_shortcut_1.dtype), device=stage3_0_bn3.device)
    if n > 0:
        _fused8_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_9: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(stage3_1_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_1_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_1_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_1_bn1.dtype), device=stage3_1_bn1.device)
    if n > 0:
        _fused9_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused10_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_10: relu
    t1 = (t0 + a1)  # add_4: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(stage3_1_bn3, add_3):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_1_bn3.shape, add_3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_1_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_3, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_1_bn3.dtype, add_3.dtype), device=stage3_1_bn3.device)
    if n > 0:
        _fused10_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_11: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(stage3_2_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_2_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_2_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_2_bn1.dtype), device=stage3_2_bn1.device)
    if n > 0:
        _fused11_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused12_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_12: relu
    t1 = (t0 + a1)  # add_5: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(stage3_2_bn3, add_4):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_2_bn3.shape, add_4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_2_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_4, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_2_bn3.dtype, add_4.dtype), device=stage3_2_bn3.device)
    if n > 0:
        _fused12_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_13: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(stage3_3_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_3_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_3_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_3_bn1.dtype), device=stage3_3_bn1.device)
    if n > 0:
        _fused13_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused14_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_14: relu
    t1 = (t0 + a1)  # add_6: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(stage3_3_bn3, add_5):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_3_bn3.shape, add_5.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_3_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_5, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_3_bn3.dtype, add_5.dtype), device=stage3_3_bn3.device)
    if n > 0:
        _fused14_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_15: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused15(stage3_4_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_4_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_4_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_4_bn1.dtype), device=stage3_4_bn1.device)
    if n > 0:
        _fused15_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused16_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_16: relu
    t1 = (t0 + a1)  # add_7: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused16(stage3_4_bn3, add_6):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_4_bn3.shape, add_6.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_4_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_6, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_4_bn3.dtype, add_6.dtype), device=stage3_4_bn3.device)
    if n > 0:
        _fused16_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_17: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused17(stage3_5_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_5_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_5_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_5_bn1.dtype), device=stage3_5_bn1.device)
    if n > 0:
        _fused17_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused18_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_18: relu
    t1 = (t0 + a1)  # add_8: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused18(stage3_5_bn3, add_7):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_5_bn3.shape, add_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_5_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_7, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_5_bn3.dtype, add_7.dtype), device=stage3_5_bn3.device)
    if n > 0:
        _fused18_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_19: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused19(stage3_6_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage3_6_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_6_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_6_bn1.dtype), device=stage3_6_bn1.device)
    if n > 0:
        _fused19_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused20_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_20: relu
    t1 = (t0 + a1)  # add_9: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused20(stage3_6_bn3, add_8):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage3_6_bn3.shape, add_8.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage3_6_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_8, shape)
    out0 = torch.empty(shape, dtype=_promote(stage3_6_bn3.dtype, add_8.dtype), device=stage3_6_bn3.device)
    if n > 0:
        _fused20_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # relu_21: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused21(stage4_0_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage4_0_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage4_0_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage4_0_bn1.dtype), device=stage4_0_bn1.device)
    if n > 0:
        _fused21_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused22_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_22: relu
    t1 = (t0 + a1)  # add_10: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused22(stage4_0_bn3, stage4_0_shortcut_1):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage4_0_bn3.shape, stage4_0_shortcut_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage4_0_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(stage4_0_shortcut_1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage4_0_bn3.dtype, stage4_0_shortcut_1.dtype), device=stage4_0_bn3.device)
    if n > 0:
        _fused22_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused23_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_23: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused23(stage4_1_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage4_1_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage4_1_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage4_1_bn1.dtype), device=stage4_1_bn1.device)
    if n > 0:
        _fused23_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused24_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_24: relu
    t1 = (t0 + a1)  # add_11: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused24(stage4_1_bn3, add_10):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage4_1_bn3.shape, add_10.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage4_1_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_10, shape)
    out0 = torch.empty(shape, dtype=_promote(stage4_1_bn3.dtype, add_10.dtype), device=stage4_1_bn3.device)
    if n > 0:
        _fused24_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused25_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_25: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused25(stage4_2_bn1):
    """relu"""
    shape = torch.broadcast_shapes(stage4_2_bn1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage4_2_bn1, shape)
    out0 = torch.empty(shape, dtype=_promote(stage4_2_bn1.dtype), device=stage4_2_bn1.device)
    if n > 0:
        _fused25_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused26_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu -> add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_26: relu
    t1 = (t0 + a1)  # add_12: add
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused26(stage4_2_bn3, add_11):
    """relu -> add"""
    shape = torch.broadcast_shapes(stage4_2_bn3.shape, add_11.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(stage4_2_bn3, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(add_11, shape)
    out0 = torch.empty(shape, dtype=_promote(stage4_2_bn3.dtype, add_11.dtype), device=stage4_2_bn3.device)
    if n > 0:
        _fused26_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused27_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # relu_27: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused27(bn5):
    """relu"""
    shape = torch.broadcast_shapes(bn5.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(bn5, shape)
    out0 = torch.empty(shape, dtype=_promote(bn5.dtype), device=bn5.device)
    if n > 0:
        _fused27_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, num_classes=1000, groups=3, stages_repeats=[3, 7, 3], stages_out_channels=[24, 240, 480, 960]):
        """
        ShuffleNet architecture.

        :param num_classes: Number of output classes.
        :param groups: Number of groups for group convolution.
        :param stages_repeats: List of ints specifying the number of repeats for each stage.
        :param stages_out_channels: List of ints specifying the output channels for each stage.
        """
        super().__init__()
        self.conv1 = nn.Conv2d(3, stages_out_channels[0], kernel_size=3, stride=2, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(stages_out_channels[0])
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.stage2 = self._make_stage(stages_out_channels[0], stages_out_channels[1], stages_repeats[0], groups)
        self.stage3 = self._make_stage(stages_out_channels[1], stages_out_channels[2], stages_repeats[1], groups)
        self.stage4 = self._make_stage(stages_out_channels[2], stages_out_channels[3], stages_repeats[2], groups)
        self.conv5 = nn.Conv2d(stages_out_channels[3], 1024, kernel_size=1, stride=1, padding=0, bias=False)
        self.bn5 = nn.BatchNorm2d(1024)
        self.fc = nn.Linear(1024, num_classes)

    def _make_stage(self, in_channels, out_channels, repeats, groups):
        """
        Helper function to create a stage of ShuffleNet units.

        :param in_channels: Number of input channels.
        :param out_channels: Number of output channels.
        :param repeats: Number of ShuffleNet units in the stage.
        :param groups: Number of groups for group convolution.
        :return: nn.Sequential containing the stage.
        """
        layers = []
        layers.append(ShuffleNetUnit(in_channels, out_channels, groups))
        for _ in range(1, repeats):
            layers.append(ShuffleNetUnit(out_channels, out_channels, groups))
        return nn.Sequential(*layers)

    def forward(self, x):
        conv1 = self.conv1(x)
        bn1 = _batch_norm(conv1, self.bn1)
        relu = _fused0(bn1)
        maxpool = _pool(relu, self.maxpool, 2)
        stage2_0_conv1 = self.get_submodule('stage2.0.conv1')(maxpool)
        stage2_0_bn1 = _batch_norm(stage2_0_conv1, self.get_submodule('stage2.0.bn1'))
        relu_1 = _fused1(stage2_0_bn1)
        stage2_0_conv2 = self.get_submodule('stage2.0.conv2')(relu_1)
        stage2_0_bn2 = _batch_norm(stage2_0_conv2, self.get_submodule('stage2.0.bn2'))
        size = stage2_0_bn2.size()
        getitem = size[0]
        getitem_1 = size[1]
        getitem_2 = size[2]
        getitem_3 = size[3]
        floordiv = (getitem_1 // 3)
        view = stage2_0_bn2.view(getitem, 3, floordiv, getitem_2, getitem_3)
        transpose = view.transpose(1, 2)
        contiguous = transpose.contiguous()
        view_1 = contiguous.view(getitem, -1, getitem_2, getitem_3)
        stage2_0_conv3 = self.get_submodule('stage2.0.conv3')(view_1)
        stage2_0_bn3 = _batch_norm(stage2_0_conv3, self.get_submodule('stage2.0.bn3'))
        stage2_0_shortcut_0 = self.get_submodule('stage2.0.shortcut.0')(maxpool)
        stage2_0_shortcut_1 = _batch_norm(stage2_0_shortcut_0, self.get_submodule('stage2.0.shortcut.1'))
        add = _fused2(stage2_0_bn3, stage2_0_shortcut_1)
        stage2_1_conv1 = self.get_submodule('stage2.1.conv1')(add)
        stage2_1_bn1 = _batch_norm(stage2_1_conv1, self.get_submodule('stage2.1.bn1'))
        relu_3 = _fused3(stage2_1_bn1)
        stage2_1_conv2 = self.get_submodule('stage2.1.conv2')(relu_3)
        stage2_1_bn2 = _batch_norm(stage2_1_conv2, self.get_submodule('stage2.1.bn2'))
        size_1 = stage2_1_bn2.size()
        getitem_4 = size_1[0]
        getitem_5 = size_1[1]
        getitem_6 = size_1[2]
        getitem_7 = size_1[3]
        floordiv_1 = (getitem_5 // 3)
        view_2 = stage2_1_bn2.view(getitem_4, 3, floordiv_1, getitem_6, getitem_7)
        transpose_1 = view_2.transpose(1, 2)
        contiguous_1 = transpose_1.contiguous()
        view_3 = contiguous_1.view(getitem_4, -1, getitem_6, getitem_7)
        stage2_1_conv3 = self.get_submodule('stage2.1.conv3')(view_3)
        stage2_1_bn3 = _batch_norm(stage2_1_conv3, self.get_submodule('stage2.1.bn3'))
        add_1 = _fused4(stage2_1_bn3, add)
        stage2_2_conv1 = self.get_submodule('stage2.2.conv1')(add_1)
        stage2_2_bn1 = _batch_norm(stage2_2_conv1, self.get_submodule('stage2.2.bn1'))
        relu_5 = _fused5(stage2_2_bn1)
        stage2_2_conv2 = self.get_submodule('stage2.2.conv2')(relu_5)
        stage2_2_bn2 = _batch_norm(stage2_2_conv2, self.get_submodule('stage2.2.bn2'))
        size_2 = stage2_2_bn2.size()
        getitem_8 = size_2[0]
        getitem_9 = size_2[1]
        getitem_10 = size_2[2]
        getitem_11 = size_2[3]
        floordiv_2 = (getitem_9 // 3)
        view_4 = stage2_2_bn2.view(getitem_8, 3, floordiv_2, getitem_10, getitem_11)
        transpose_2 = view_4.transpose(1, 2)
        contiguous_2 = transpose_2.contiguous()
        view_5 = contiguous_2.view(getitem_8, -1, getitem_10, getitem_11)
        stage2_2_conv3 = self.get_submodule('stage2.2.conv3')(view_5)
        stage2_2_bn3 = _batch_norm(stage2_2_conv3, self.get_submodule('stage2.2.bn3'))
        add_2 = _fused6(stage2_2_bn3, add_1)
        stage3_0_conv1 = self.get_submodule('stage3.0.conv1')(add_2)
        stage3_0_bn1 = _batch_norm(stage3_0_conv1, self.get_submodule('stage3.0.bn1'))
        relu_7 = _fused7(stage3_0_bn1)
        stage3_0_conv2 = self.get_submodule('stage3.0.conv2')(relu_7)
        stage3_0_bn2 = _batch_norm(stage3_0_conv2, self.get_submodule('stage3.0.bn2'))
        size_3 = stage3_0_bn2.size()
        getitem_12 = size_3[0]
        getitem_13 = size_3[1]
        getitem_14 = size_3[2]
        getitem_15 = size_3[3]
        floordiv_3 = (getitem_13 // 3)
        view_6 = stage3_0_bn2.view(getitem_12, 3, floordiv_3, getitem_14, getitem_15)
        transpose_3 = view_6.transpose(1, 2)
        contiguous_3 = transpose_3.contiguous()
        view_7 = contiguous_3.view(getitem_12, -1, getitem_14, getitem_15)
        stage3_0_conv3 = self.get_submodule('stage3.0.conv3')(view_7)
        stage3_0_bn3 = _batch_norm(stage3_0_conv3, self.get_submodule('stage3.0.bn3'))
        stage3_0_shortcut_0 = self.get_submodule('stage3.0.shortcut.0')(add_2)
        stage3_0_shortcut_1 = _batch_norm(stage3_0_shortcut_0, self.get_submodule('stage3.0.shortcut.1'))
        add_3 = _fused8(stage3_0_bn3, stage3_0_shortcut_1)
        stage3_1_conv1 = self.get_submodule('stage3.1.conv1')(add_3)
        stage3_1_bn1 = _batch_norm(stage3_1_conv1, self.get_submodule('stage3.1.bn1'))
        relu_9 = _fused9(stage3_1_bn1)
        stage3_1_conv2 = self.get_submodule('stage3.1.conv2')(relu_9)
        stage3_1_bn2 = _batch_norm(stage3_1_conv2, self.get_submodule('stage3.1.bn2'))
        size_4 = stage3_1_bn2.size()
        getitem_16 = size_4[0]
        getitem_17 = size_4[1]
        getitem_18 = size_4[2]
        getitem_19 = size_4[3]
        floordiv_4 = (getitem_17 // 3)
        view_8 = stage3_1_bn2.view(getitem_16, 3, floordiv_4, getitem_18, getitem_19)
        transpose_4 = view_8.transpose(1, 2)
        contiguous_4 = transpose_4.contiguous()
        view_9 = contiguous_4.view(getitem_16, -1, getitem_18, getitem_19)
        stage3_1_conv3 = self.get_submodule('stage3.1.conv3')(view_9)
        stage3_1_bn3 = _batch_norm(stage3_1_conv3, self.get_submodule('stage3.1.bn3'))
        add_4 = _fused10(stage3_1_bn3, add_3)
        stage3_2_conv1 = self.get_submodule('stage3.2.conv1')(add_4)
        stage3_2_bn1 = _batch_norm(stage3_2_conv1, self.get_submodule('stage3.2.bn1'))
        relu_11 = _fused11(stage3_2_bn1)
        stage3_2_conv2 = self.get_submodule('stage3.2.conv2')(relu_11)
        stage3_2_bn2 = _batch_norm(stage3_2_conv2, self.get_submodule('stage3.2.bn2'))
        size_5 = stage3_2_bn2.size()
        getitem_20 = size_5[0]
        getitem_21 = size_5[1]
        getitem_22 = size_5[2]
        getitem_23 = size_5[3]
        floordiv_5 = (getitem_21 // 3)
        view_10 = stage3_2_bn2.view(getitem_20, 3, floordiv_5, getitem_22, getitem_23)
        transpose_5 = view_10.transpose(1, 2)
        contiguous_5 = transpose_5.contiguous()
        view_11 = contiguous_5.view(getitem_20, -1, getitem_22, getitem_23)
        stage3_2_conv3 = self.get_submodule('stage3.2.conv3')(view_11)
        stage3_2_bn3 = _batch_norm(stage3_2_conv3, self.get_submodule('stage3.2.bn3'))
        add_5 = _fused12(stage3_2_bn3, add_4)
        stage3_3_conv1 = self.get_submodule('stage3.3.conv1')(add_5)
        stage3_3_bn1 = _batch_norm(stage3_3_conv1, self.get_submodule('stage3.3.bn1'))
        relu_13 = _fused13(stage3_3_bn1)
        stage3_3_conv2 = self.get_submodule('stage3.3.conv2')(relu_13)
        stage3_3_bn2 = _batch_norm(stage3_3_conv2, self.get_submodule('stage3.3.bn2'))
        size_6 = stage3_3_bn2.size()
        getitem_24 = size_6[0]
        getitem_25 = size_6[1]
        getitem_26 = size_6[2]
        getitem_27 = size_6[3]
        floordiv_6 = (getitem_25 // 3)
        view_12 = stage3_3_bn2.view(getitem_24, 3, floordiv_6, getitem_26, getitem_27)
        transpose_6 = view_12.transpose(1, 2)
        contiguous_6 = transpose_6.contiguous()
        view_13 = contiguous_6.view(getitem_24, -1, getitem_26, getitem_27)
        stage3_3_conv3 = self.get_submodule('stage3.3.conv3')(view_13)
        stage3_3_bn3 = _batch_norm(stage3_3_conv3, self.get_submodule('stage3.3.bn3'))
        add_6 = _fused14(stage3_3_bn3, add_5)
        stage3_4_conv1 = self.get_submodule('stage3.4.conv1')(add_6)
        stage3_4_bn1 = _batch_norm(stage3_4_conv1, self.get_submodule('stage3.4.bn1'))
        relu_15 = _fused15(stage3_4_bn1)
        stage3_4_conv2 = self.get_submodule('stage3.4.conv2')(relu_15)
        stage3_4_bn2 = _batch_norm(stage3_4_conv2, self.get_submodule('stage3.4.bn2'))
        size_7 = stage3_4_bn2.size()
        getitem_28 = size_7[0]
        getitem_29 = size_7[1]
        getitem_30 = size_7[2]
        getitem_31 = size_7[3]
        floordiv_7 = (getitem_29 // 3)
        view_14 = stage3_4_bn2.view(getitem_28, 3, floordiv_7, getitem_30, getitem_31)
        transpose_7 = view_14.transpose(1, 2)
        contiguous_7 = transpose_7.contiguous()
        view_15 = contiguous_7.view(getitem_28, -1, getitem_30, getitem_31)
        stage3_4_conv3 = self.get_submodule('stage3.4.conv3')(view_15)
        stage3_4_bn3 = _batch_norm(stage3_4_conv3, self.get_submodule('stage3.4.bn3'))
        add_7 = _fused16(stage3_4_bn3, add_6)
        stage3_5_conv1 = self.get_submodule('stage3.5.conv1')(add_7)
        stage3_5_bn1 = _batch_norm(stage3_5_conv1, self.get_submodule('stage3.5.bn1'))
        relu_17 = _fused17(stage3_5_bn1)
        stage3_5_conv2 = self.get_submodule('stage3.5.conv2')(relu_17)
        stage3_5_bn2 = _batch_norm(stage3_5_conv2, self.get_submodule('stage3.5.bn2'))
        size_8 = stage3_5_bn2.size()
        getitem_32 = size_8[0]
        getitem_33 = size_8[1]
        getitem_34 = size_8[2]
        getitem_35 = size_8[3]
        floordiv_8 = (getitem_33 // 3)
        view_16 = stage3_5_bn2.view(getitem_32, 3, floordiv_8, getitem_34, getitem_35)
        transpose_8 = view_16.transpose(1, 2)
        contiguous_8 = transpose_8.contiguous()
        view_17 = contiguous_8.view(getitem_32, -1, getitem_34, getitem_35)
        stage3_5_conv3 = self.get_submodule('stage3.5.conv3')(view_17)
        stage3_5_bn3 = _batch_norm(stage3_5_conv3, self.get_submodule('stage3.5.bn3'))
        add_8 = _fused18(stage3_5_bn3, add_7)
        stage3_6_conv1 = self.get_submodule('stage3.6.conv1')(add_8)
        stage3_6_bn1 = _batch_norm(stage3_6_conv1, self.get_submodule('stage3.6.bn1'))
        relu_19 = _fused19(stage3_6_bn1)
        stage3_6_conv2 = self.get_submodule('stage3.6.conv2')(relu_19)
        stage3_6_bn2 = _batch_norm(stage3_6_conv2, self.get_submodule('stage3.6.bn2'))
        size_9 = stage3_6_bn2.size()
        getitem_36 = size_9[0]
        getitem_37 = size_9[1]
        getitem_38 = size_9[2]
        getitem_39 = size_9[3]
        floordiv_9 = (getitem_37 // 3)
        view_18 = stage3_6_bn2.view(getitem_36, 3, floordiv_9, getitem_38, getitem_39)
        transpose_9 = view_18.transpose(1, 2)
        contiguous_9 = transpose_9.contiguous()
        view_19 = contiguous_9.view(getitem_36, -1, getitem_38, getitem_39)
        stage3_6_conv3 = self.get_submodule('stage3.6.conv3')(view_19)
        stage3_6_bn3 = _batch_norm(stage3_6_conv3, self.get_submodule('stage3.6.bn3'))
        add_9 = _fused20(stage3_6_bn3, add_8)
        stage4_0_conv1 = self.get_submodule('stage4.0.conv1')(add_9)
        stage4_0_bn1 = _batch_norm(stage4_0_conv1, self.get_submodule('stage4.0.bn1'))
        relu_21 = _fused21(stage4_0_bn1)
        stage4_0_conv2 = self.get_submodule('stage4.0.conv2')(relu_21)
        stage4_0_bn2 = _batch_norm(stage4_0_conv2, self.get_submodule('stage4.0.bn2'))
        size_10 = stage4_0_bn2.size()
        getitem_40 = size_10[0]
        getitem_41 = size_10[1]
        getitem_42 = size_10[2]
        getitem_43 = size_10[3]
        floordiv_10 = (getitem_41 // 3)
        view_20 = stage4_0_bn2.view(getitem_40, 3, floordiv_10, getitem_42, getitem_43)
        transpose_10 = view_20.transpose(1, 2)
        contiguous_10 = transpose_10.contiguous()
        view_21 = contiguous_10.view(getitem_40, -1, getitem_42, getitem_43)
        stage4_0_conv3 = self.get_submodule('stage4.0.conv3')(view_21)
        stage4_0_bn3 = _batch_norm(stage4_0_conv3, self.get_submodule('stage4.0.bn3'))
        stage4_0_shortcut_0 = self.get_submodule('stage4.0.shortcut.0')(add_9)
        stage4_0_shortcut_1 = _batch_norm(stage4_0_shortcut_0, self.get_submodule('stage4.0.shortcut.1'))
        add_10 = _fused22(stage4_0_bn3, stage4_0_shortcut_1)
        stage4_1_conv1 = self.get_submodule('stage4.1.conv1')(add_10)
        stage4_1_bn1 = _batch_norm(stage4_1_conv1, self.get_submodule('stage4.1.bn1'))
        relu_23 = _fused23(stage4_1_bn1)
        stage4_1_conv2 = self.get_submodule('stage4.1.conv2')(relu_23)
        stage4_1_bn2 = _batch_norm(stage4_1_conv2, self.get_submodule('stage4.1.bn2'))
        size_11 = stage4_1_bn2.size()
        getitem_44 = size_11[0]
        getitem_45 = size_11[1]
        getitem_46 = size_11[2]
        getitem_47 = size_11[3]
        floordiv_11 = (getitem_45 // 3)
        view_22 = stage4_1_bn2.view(getitem_44, 3, floordiv_11, getitem_46, getitem_47)
        transpose_11 = view_22.transpose(1, 2)
        contiguous_11 = transpose_11.contiguous()
        view_23 = contiguous_11.view(getitem_44, -1, getitem_46, getitem_47)
        stage4_1_conv3 = self.get_submodule('stage4.1.conv3')(view_23)
        stage4_1_bn3 = _batch_norm(stage4_1_conv3, self.get_submodule('stage4.1.bn3'))
        add_11 = _fused24(stage4_1_bn3, add_10)
        stage4_2_conv1 = self.get_submodule('stage4.2.conv1')(add_11)
        stage4_2_bn1 = _batch_norm(stage4_2_conv1, self.get_submodule('stage4.2.bn1'))
        relu_25 = _fused25(stage4_2_bn1)
        stage4_2_conv2 = self.get_submodule('stage4.2.conv2')(relu_25)
        stage4_2_bn2 = _batch_norm(stage4_2_conv2, self.get_submodule('stage4.2.bn2'))
        size_12 = stage4_2_bn2.size()
        getitem_48 = size_12[0]
        getitem_49 = size_12[1]
        getitem_50 = size_12[2]
        getitem_51 = size_12[3]
        floordiv_12 = (getitem_49 // 3)
        view_24 = stage4_2_bn2.view(getitem_48, 3, floordiv_12, getitem_50, getitem_51)
        transpose_12 = view_24.transpose(1, 2)
        contiguous_12 = transpose_12.contiguous()
        view_25 = contiguous_12.view(getitem_48, -1, getitem_50, getitem_51)
        stage4_2_conv3 = self.get_submodule('stage4.2.conv3')(view_25)
        stage4_2_bn3 = _batch_norm(stage4_2_conv3, self.get_submodule('stage4.2.bn3'))
        add_12 = _fused26(stage4_2_bn3, add_11)
        conv5 = self.conv5(add_12)
        bn5 = _batch_norm(conv5, self.bn5)
        relu_27 = _fused27(bn5)
        adaptive_avg_pool2d = F.adaptive_avg_pool2d(relu_27, (1, 1))
        size_13 = adaptive_avg_pool2d.size(0)
        view_26 = adaptive_avg_pool2d.view(size_13, -1)
        fc = self.fc(view_26)
        return fc
