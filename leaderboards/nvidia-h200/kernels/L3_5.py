"""Starter ModelNew for 5_AlexNet, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: relu, pooling: max_pool, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, pooling: max_pool, fused elementwise: relu, fused elementwise: relu
Library calls kept: Conv2d (self.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.conv3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.conv4): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.conv5): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.fc1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Dropout: no generated kernel; linear (self.fc2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.fc3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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
batch_size = 1024
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
    t0 = tl.maximum(a0, 0.0)  # relu1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(conv1):
    """relu"""
    shape = torch.broadcast_shapes(conv1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(conv1, shape)
    out0 = torch.empty(shape, dtype=_promote(conv1.dtype), device=conv1.device)
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
    t0 = tl.maximum(a0, 0.0)  # relu2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(conv2):
    """relu"""
    shape = torch.broadcast_shapes(conv2.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(conv2, shape)
    out0 = torch.empty(shape, dtype=_promote(conv2.dtype), device=conv2.device)
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
    t0 = tl.maximum(a0, 0.0)  # relu3: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(conv3):
    """relu"""
    shape = torch.broadcast_shapes(conv3.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(conv3, shape)
    out0 = torch.empty(shape, dtype=_promote(conv3.dtype), device=conv3.device)
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
    t0 = tl.maximum(a0, 0.0)  # relu4: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(conv4):
    """relu"""
    shape = torch.broadcast_shapes(conv4.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(conv4, shape)
    out0 = torch.empty(shape, dtype=_promote(conv4.dtype), device=conv4.device)
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
    t0 = tl.maximum(a0, 0.0)  # relu5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(conv5):
    """relu"""
    shape = torch.broadcast_shapes(conv5.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(conv5, shape)
    out0 = torch.empty(shape, dtype=_promote(conv5.dtype), device=conv5.device)
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
    t0 = tl.maximum(a0, 0.0)  # relu6: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(fc1):
    """relu"""
    shape = torch.broadcast_shapes(fc1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(fc1, shape)
    out0 = torch.empty(shape, dtype=_promote(fc1.dtype), device=fc1.device)
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
    t0 = tl.maximum(a0, 0.0)  # relu7: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(fc2):
    """relu"""
    shape = torch.broadcast_shapes(fc2.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(fc2, shape)
    out0 = torch.empty(shape, dtype=_promote(fc2.dtype), device=fc2.device)
    if n > 0:
        _fused6_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, num_classes=1000):
        """
        :param num_classes: The number of output classes (default is 1000 for ImageNet)
        """
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels=3, out_channels=96, kernel_size=11, stride=4, padding=2)
        self.relu1 = nn.ReLU(inplace=True)
        self.maxpool1 = nn.MaxPool2d(kernel_size=3, stride=2)
        self.conv2 = nn.Conv2d(in_channels=96, out_channels=256, kernel_size=5, padding=2)
        self.relu2 = nn.ReLU(inplace=True)
        self.maxpool2 = nn.MaxPool2d(kernel_size=3, stride=2)
        self.conv3 = nn.Conv2d(in_channels=256, out_channels=384, kernel_size=3, padding=1)
        self.relu3 = nn.ReLU(inplace=True)
        self.conv4 = nn.Conv2d(in_channels=384, out_channels=384, kernel_size=3, padding=1)
        self.relu4 = nn.ReLU(inplace=True)
        self.conv5 = nn.Conv2d(in_channels=384, out_channels=256, kernel_size=3, padding=1)
        self.relu5 = nn.ReLU(inplace=True)
        self.maxpool3 = nn.MaxPool2d(kernel_size=3, stride=2)
        self.fc1 = nn.Linear(in_features=256 * 6 * 6, out_features=4096)
        self.relu6 = nn.ReLU(inplace=True)
        self.dropout1 = nn.Dropout(p=0.0)
        self.fc2 = nn.Linear(in_features=4096, out_features=4096)
        self.relu7 = nn.ReLU(inplace=True)
        self.dropout2 = nn.Dropout(p=0.0)
        self.fc3 = nn.Linear(in_features=4096, out_features=num_classes)

    def forward(self, x):
        conv1 = self.conv1(x)
        relu1 = _fused0(conv1)
        maxpool1 = _pool(relu1, self.maxpool1, 2)
        conv2 = self.conv2(maxpool1)
        relu2 = _fused1(conv2)
        maxpool2 = _pool(relu2, self.maxpool2, 2)
        conv3 = self.conv3(maxpool2)
        relu3 = _fused2(conv3)
        conv4 = self.conv4(relu3)
        relu4 = _fused3(conv4)
        conv5 = self.conv5(relu4)
        relu5 = _fused4(conv5)
        maxpool3 = _pool(relu5, self.maxpool3, 2)
        flatten = torch.flatten(maxpool3, 1)
        fc1 = self.fc1(flatten)
        relu6 = _fused5(fc1)
        dropout1 = self.dropout1(relu6)
        fc2 = self.fc2(dropout1)
        relu7 = _fused6(fc2)
        dropout2 = self.dropout2(relu7)
        fc3 = self.fc3(dropout2)
        return fc3
