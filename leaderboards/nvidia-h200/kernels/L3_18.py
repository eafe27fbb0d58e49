"""Starter ModelNew for 18_SqueezeNet, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, reduction: mean
Library calls kept: Conv2d (self.features.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.3.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.3.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.3.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; cat: no generated kernel; Conv2d (self.features.4.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.4.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.4.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.8.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.8.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.8.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.9.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.9.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.9.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12.squeeze): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12.expand1x1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12.expand3x3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Dropout: no generated kernel; Conv2d (self.classifier.1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
BLOCK_SIZE = 1024
NUM_WARPS = 4
POOL_BLOCK = 1024
POOL_BLOCK_W = 128
POOL_NUM_WARPS = 4
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
class FireModule(nn.Module):
    def __init__(self, in_channels, squeeze_channels, expand1x1_channels, expand3x3_channels):
        """
        :param in_channels: Number of input channels
        :param squeeze_channels: Number of output channels for the squeeze layer
        :param expand1x1_channels: Number of output channels for the 1x1 expand layer
        :param expand3x3_channels: Number of output channels for the 3x3 expand layer
        """
        super(FireModule, self).__init__()
        
        self.squeeze = nn.Conv2d(in_channels, squeeze_channels, kernel_size=1)
        self.squeeze_activation = nn.ReLU(inplace=True)
        
        self.expand1x1 = nn.Conv2d(squeeze_channels, expand1x1_channels, kernel_size=1)
        self.expand1x1_activation = nn.ReLU(inplace=True)
        
        self.expand3x3 = nn.Conv2d(squeeze_channels, expand3x3_channels, kernel_size=3, padding=1)
        self.expand3x3_activation = nn.ReLU(inplace=True)
    
    def forward(self, x):
        """
        :param x: Input tensor, shape (batch_size, in_channels, height, width)
        :return: Output tensor, shape (batch_size, expand1x1_channels + expand3x3_channels, height, width)
        """
        x = self.squeeze_activation(self.squeeze(x))
        return torch.cat([
            self.expand1x1_activation(self.expand1x1(x)),
            self.expand3x3_activation(self.expand3x3(x))
        ], 1)
batch_size = 64
input_channels = 3
height = 512
width = 512
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
    t0 = tl.maximum(a0, 0.0)  # features_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(features_0):
    """relu"""
    shape = torch.broadcast_shapes(features_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_0, shape)
    out0 = torch.empty(shape, dtype=_promote(features_0.dtype), device=features_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_3_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(features_3_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_3_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_3_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_3_squeeze.dtype), device=features_3_squeeze.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_3_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(features_3_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_3_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_3_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_3_expand1x1.dtype), device=features_3_expand1x1.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_3_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(features_3_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_3_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_3_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_3_expand3x3.dtype), device=features_3_expand3x3.device)
    if n > 0:
        _fused3_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused4_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_4_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(features_4_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_4_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_4_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_4_squeeze.dtype), device=features_4_squeeze.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_4_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(features_4_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_4_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_4_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_4_expand1x1.dtype), device=features_4_expand1x1.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_4_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(features_4_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_4_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_4_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_4_expand3x3.dtype), device=features_4_expand3x3.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_5_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(features_5_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_5_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_5_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_5_squeeze.dtype), device=features_5_squeeze.device)
    if n > 0:
        _fused7_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused8_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_5_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(features_5_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_5_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_5_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_5_expand1x1.dtype), device=features_5_expand1x1.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_5_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(features_5_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_5_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_5_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_5_expand3x3.dtype), device=features_5_expand3x3.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_7_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(features_7_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_7_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_7_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_7_squeeze.dtype), device=features_7_squeeze.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_7_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(features_7_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_7_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_7_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_7_expand1x1.dtype), device=features_7_expand1x1.device)
    if n > 0:
        _fused11_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused12_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_7_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(features_7_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_7_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_7_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_7_expand3x3.dtype), device=features_7_expand3x3.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_8_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(features_8_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_8_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_8_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_8_squeeze.dtype), device=features_8_squeeze.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_8_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(features_8_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_8_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_8_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_8_expand1x1.dtype), device=features_8_expand1x1.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_8_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused15(features_8_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_8_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_8_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_8_expand3x3.dtype), device=features_8_expand3x3.device)
    if n > 0:
        _fused15_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused16_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_9_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused16(features_9_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_9_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_9_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_9_squeeze.dtype), device=features_9_squeeze.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_9_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused17(features_9_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_9_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_9_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_9_expand1x1.dtype), device=features_9_expand1x1.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_9_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused18(features_9_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_9_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_9_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_9_expand3x3.dtype), device=features_9_expand3x3.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_10_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused19(features_10_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_10_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_10_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_10_squeeze.dtype), device=features_10_squeeze.device)
    if n > 0:
        _fused19_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused20_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_10_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused20(features_10_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_10_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_10_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_10_expand1x1.dtype), device=features_10_expand1x1.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_10_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused21(features_10_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_10_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_10_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_10_expand3x3.dtype), device=features_10_expand3x3.device)
    if n > 0:
        _fused21_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused22_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_12_squeeze_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused22(features_12_squeeze):
    """relu"""
    shape = torch.broadcast_shapes(features_12_squeeze.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_12_squeeze, shape)
    out0 = torch.empty(shape, dtype=_promote(features_12_squeeze.dtype), device=features_12_squeeze.device)
    if n > 0:
        _fused22_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # features_12_expand1x1_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused23(features_12_expand1x1):
    """relu"""
    shape = torch.broadcast_shapes(features_12_expand1x1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_12_expand1x1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_12_expand1x1.dtype), device=features_12_expand1x1.device)
    if n > 0:
        _fused23_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused24_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # features_12_expand3x3_activation: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused24(features_12_expand3x3):
    """relu"""
    shape = torch.broadcast_shapes(features_12_expand3x3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_12_expand3x3, shape)
    out0 = torch.empty(shape, dtype=_promote(features_12_expand3x3.dtype), device=features_12_expand3x3.device)
    if n > 0:
        _fused24_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # classifier_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused25(classifier_1):
    """relu"""
    shape = torch.broadcast_shapes(classifier_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(classifier_1, shape)
    out0 = torch.empty(shape, dtype=_promote(classifier_1.dtype), device=classifier_1.device)
    if n > 0:
        _fused25_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, num_classes=1000):
        """
        :param num_classes: Number of output classes
        """
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 96, kernel_size=7, stride=2), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=3, stride=2, ceil_mode=True), FireModule(96, 16, 64, 64), FireModule(128, 16, 64, 64), FireModule(128, 32, 128, 128), nn.MaxPool2d(kernel_size=3, stride=2, ceil_mode=True), FireModule(256, 32, 128, 128), FireModule(256, 48, 192, 192), FireModule(384, 48, 192, 192), FireModule(384, 64, 256, 256), nn.MaxPool2d(kernel_size=3, stride=2, ceil_mode=True), FireModule(512, 64, 256, 256))
        self.classifier = nn.Sequential(nn.Dropout(p=0.0), nn.Conv2d(512, num_classes, kernel_size=1), nn.ReLU(inplace=True), nn.AdaptiveAvgPool2d((1, 1)))

    def forward(self, x):
        features_0 = self.get_submodule('features.0')(x)
        features_1 = _fused0(features_0)
        features_2 = _pool(features_1, self.get_submodule('features.2'), 2)
        features_3_squeeze = self.get_submodule('features.3.squeeze')(features_2)
        features_3_squeeze_activation = _fused1(features_3_squeeze)
        features_3_expand1x1 = self.get_submodule('features.3.expand1x1')(features_3_squeeze_activation)
        features_3_expand1x1_activation = _fused2(features_3_expand1x1)
        features_3_expand3x3 = self.get_submodule('features.3.expand3x3')(features_3_squeeze_activation)
        features_3_expand3x3_activation = _fused3(features_3_expand3x3)
        cat = torch.cat([features_3_expand1x1_activation, features_3_expand3x3_activation], 1)
        features_4_squeeze = self.get_submodule('features.4.squeeze')(cat)
        features_4_squeeze_activation = _fused4(features_4_squeeze)
        features_4_expand1x1 = self.get_submodule('features.4.expand1x1')(features_4_squeeze_activation)
        features_4_expand1x1_activation = _fused5(features_4_expand1x1)
        features_4_expand3x3 = self.get_submodule('features.4.expand3x3')(features_4_squeeze_activation)
        features_4_expand3x3_activation = _fused6(features_4_expand3x3)
        cat_1 = torch.cat([features_4_expand1x1_activation, features_4_expand3x3_activation], 1)
        features_5_squeeze = self.get_submodule('features.5.squeeze')(cat_1)
        features_5_squeeze_activation = _fused7(features_5_squeeze)
        features_5_expand1x1 = self.get_submodule('features.5.expand1x1')(features_5_squeeze_activation)
        features_5_expand1x1_activation = _fused8(features_5_expand1x1)
        features_5_expand3x3 = self.get_submodule('features.5.expand3x3')(features_5_squeeze_activation)
        features_5_expand3x3_activation = _fused9(features_5_expand3x3)
        cat_2 = torch.cat([features_5_expand1x1_activation, features_5_expand3x3_activation], 1)
        features_6 = _pool(cat_2, self.get_submodule('features.6'), 2)
        features_7_squeeze = self.get_submodule('features.7.squeeze')(features_6)
        features_7_squeeze_activation = _fused10(features_7_squeeze)
        features_7_expand1x1 = self.get_submodule('features.7.expand1x1')(features_7_squeeze_activation)
        features_7_expand1x1_activation = _fused11(features_7_expand1x1)
        features_7_expand3x3 = self.get_submodule('features.7.expand3x3')(features_7_squeeze_activation)
        features_7_expand3x3_activation = _fused12(features_7_expand3x3)
        cat_3 = torch.cat([features_7_expand1x1_activation, features_7_expand3x3_activation], 1)
        features_8_squeeze = self.get_submodule('features.8.squeeze')(cat_3)
        features_8_squeeze_activation = _fused13(features_8_squeeze)
        features_8_expand1x1 = self.get_submodule('features.8.expand1x1')(features_8_squeeze_activation)
        features_8_expand1x1_activation = _fused14(features_8_expand1x1)
        features_8_expand3x3 = self.get_submodule('features.8.expand3x3')(features_8_squeeze_activation)
        features_8_expand3x3_activation = _fused15(features_8_expand3x3)
        cat_4 = torch.cat([features_8_expand1x1_activation, features_8_expand3x3_activation], 1)
        features_9_squeeze = self.get_submodule('features.9.squeeze')(cat_4)
        features_9_squeeze_activation = _fused16(features_9_squeeze)
        features_9_expand1x1 = self.get_submodule('features.9.expand1x1')(features_9_squeeze_activation)
        features_9_expand1x1_activation = _fused17(features_9_expand1x1)
        features_9_expand3x3 = self.get_submodule('features.9.expand3x3')(features_9_squeeze_activation)
        features_9_expand3x3_activation = _fused18(features_9_expand3x3)
        cat_5 = torch.cat([features_9_expand1x1_activation, features_9_expand3x3_activation], 1)
        features_10_squeeze = self.get_submodule('features.10.squeeze')(cat_5)
        features_10_squeeze_activation = _fused19(features_10_squeeze)
        features_10_expand1x1 = self.get_submodule('features.10.expand1x1')(features_10_squeeze_activation)
        features_10_expand1x1_activation = _fused20(features_10_expand1x1)
        features_10_expand3x3 = self.get_submodule('features.10.expand3x3')(features_10_squeeze_activation)
        features_10_expand3x3_activation = _fused21(features_10_expand3x3)
        cat_6 = torch.cat([features_10_expand1x1_activation, features_10_expand3x3_activation], 1)
        features_11 = _pool(cat_6, self.get_submodule('features.11'), 2)
        features_12_squeeze = self.get_submodule('features.12.squeeze')(features_11)
        features_12_squeeze_activation = _fused22(features_12_squeeze)
        features_12_expand1x1 = self.get_submodule('features.12.expand1x1')(features_12_squeeze_activation)
        features_12_expand1x1_activation = _fused23(features_12_expand1x1)
        features_12_expand3x3 = self.get_submodule('features.12.expand3x3')(features_12_squeeze_activation)
        features_12_expand3x3_activation = _fused24(features_12_expand3x3)
        cat_7 = torch.cat([features_12_expand1x1_activation, features_12_expand3x3_activation], 1)
        classifier_0 = self.get_submodule('classifier.0')(cat_7)
        classifier_1 = self.get_submodule('classifier.1')(classifier_0)
        classifier_2 = _fused25(classifier_1)
        classifier_3 = _reduce(classifier_2, (2, 3), True, 'mean', with_idx=False)
        flatten = torch.flatten(classifier_3, 1)
        return flatten
