"""Starter ModelNew for 11_VGG16, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu
Library calls kept: Conv2d (self.features.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.5): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.7): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.10): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.12): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.14): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.17): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.19): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.21): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.24): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.26): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.features.28): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.classifier.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Dropout: no generated kernel; linear (self.classifier.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.classifier.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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
    t0 = tl.maximum(a0, 0.0)  # features_3: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(features_2):
    """relu"""
    shape = torch.broadcast_shapes(features_2.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_2, shape)
    out0 = torch.empty(shape, dtype=_promote(features_2.dtype), device=features_2.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_6: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(features_5):
    """relu"""
    shape = torch.broadcast_shapes(features_5.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_5, shape)
    out0 = torch.empty(shape, dtype=_promote(features_5.dtype), device=features_5.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_8: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(features_7):
    """relu"""
    shape = torch.broadcast_shapes(features_7.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_7, shape)
    out0 = torch.empty(shape, dtype=_promote(features_7.dtype), device=features_7.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_11: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(features_10):
    """relu"""
    shape = torch.broadcast_shapes(features_10.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_10, shape)
    out0 = torch.empty(shape, dtype=_promote(features_10.dtype), device=features_10.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_13: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(features_12):
    """relu"""
    shape = torch.broadcast_shapes(features_12.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_12, shape)
    out0 = torch.empty(shape, dtype=_promote(features_12.dtype), device=features_12.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_15: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(features_14):
    """relu"""
    shape = torch.broadcast_shapes(features_14.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_14, shape)
    out0 = torch.empty(shape, dtype=_promote(features_14.dtype), device=features_14.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_18: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(features_17):
    """relu"""
    shape = torch.broadcast_shapes(features_17.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_17, shape)
    out0 = torch.empty(shape, dtype=_promote(features_17.dtype), device=features_17.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_20: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(features_19):
    """relu"""
    shape = torch.broadcast_shapes(features_19.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_19, shape)
    out0 = torch.empty(shape, dtype=_promote(features_19.dtype), device=features_19.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_22: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(features_21):
    """relu"""
    shape = torch.broadcast_shapes(features_21.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_21, shape)
    out0 = torch.empty(shape, dtype=_promote(features_21.dtype), device=features_21.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_25: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(features_24):
    """relu"""
    shape = torch.broadcast_shapes(features_24.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_24, shape)
    out0 = torch.empty(shape, dtype=_promote(features_24.dtype), device=features_24.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_27: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(features_26):
    """relu"""
    shape = torch.broadcast_shapes(features_26.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_26, shape)
    out0 = torch.empty(shape, dtype=_promote(features_26.dtype), device=features_26.device)
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
    t0 = tl.maximum(a0, 0.0)  # features_29: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(features_28):
    """relu"""
    shape = torch.broadcast_shapes(features_28.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_28, shape)
    out0 = torch.empty(shape, dtype=_promote(features_28.dtype), device=features_28.device)
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
    t0 = tl.maximum(a0, 0.0)  # classifier_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(classifier_0):
    """relu"""
    shape = torch.broadcast_shapes(classifier_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(classifier_0, shape)
    out0 = torch.empty(shape, dtype=_promote(classifier_0.dtype), device=classifier_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # classifier_4: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(classifier_3):
    """relu"""
    shape = torch.broadcast_shapes(classifier_3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(classifier_3, shape)
    out0 = torch.empty(shape, dtype=_promote(classifier_3.dtype), device=classifier_3.device)
    if n > 0:
        _fused14_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, num_classes=1000):
        """
        Initialize the VGG16 model.
        
        :param num_classes: The number of output classes (default is 1000 for ImageNet)
        """
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 64, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(64, 64, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=2, stride=2), nn.Conv2d(64, 128, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(128, 128, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=2, stride=2), nn.Conv2d(128, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(256, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(256, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=2, stride=2), nn.Conv2d(256, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=2, stride=2), nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=2, stride=2))
        self.classifier = nn.Sequential(nn.Linear(512 * 7 * 7, 4096), nn.ReLU(inplace=True), nn.Dropout(p=0.0), nn.Linear(4096, 4096), nn.ReLU(inplace=True), nn.Dropout(p=0.0), nn.Linear(4096, num_classes))

    def forward(self, x):
        features_0 = self.get_submodule('features.0')(x)
        features_1 = _fused0(features_0)
        features_2 = self.get_submodule('features.2')(features_1)
        features_3 = _fused1(features_2)
        features_4 = _pool(features_3, self.get_submodule('features.4'), 2)
        features_5 = self.get_submodule('features.5')(features_4)
        features_6 = _fused2(features_5)
        features_7 = self.get_submodule('features.7')(features_6)
        features_8 = _fused3(features_7)
        features_9 = _pool(features_8, self.get_submodule('features.9'), 2)
        features_10 = self.get_submodule('features.10')(features_9)
        features_11 = _fused4(features_10)
        features_12 = self.get_submodule('features.12')(features_11)
        features_13 = _fused5(features_12)
        features_14 = self.get_submodule('features.14')(features_13)
        features_15 = _fused6(features_14)
        features_16 = _pool(features_15, self.get_submodule('features.16'), 2)
        features_17 = self.get_submodule('features.17')(features_16)
        features_18 = _fused7(features_17)
        features_19 = self.get_submodule('features.19')(features_18)
        features_20 = _fused8(features_19)
        features_21 = self.get_submodule('features.21')(features_20)
        features_22 = _fused9(features_21)
        features_23 = _pool(features_22, self.get_submodule('features.23'), 2)
        features_24 = self.get_submodule('features.24')(features_23)
        features_25 = _fused10(features_24)
        features_26 = self.get_submodule('features.26')(features_25)
        features_27 = _fused11(features_26)
        features_28 = self.get_submodule('features.28')(features_27)
        features_29 = _fused12(features_28)
        features_30 = _pool(features_29, self.get_submodule('features.30'), 2)
        flatten = torch.flatten(features_30, 1)
        classifier_0 = self.get_submodule('classifier.0')(flatten)
        classifier_1 = _fused13(classifier_0)
        classifier_2 = self.get_submodule('classifier.2')(classifier_1)
        classifier_3 = self.get_submodule('classifier.3')(classifier_2)
        classifier_4 = _fused14(classifier_3)
        classifier_5 = self.get_submodule('classifier.5')(classifier_4)
        classifier_6 = self.get_submodule('classifier.6')(classifier_5)
        return classifier_6
