"""Starter ModelNew for 3_DeepNarrowMLP, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu, fused elementwise: relu
Library calls kept: linear (self.network.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.4): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.6): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.8): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.10): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.12): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.14): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.16): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.18): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.20): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.22): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.24): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.26): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.28): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.30): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.network.32): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
batch_size = 1024
input_size = 8192
hidden_layer_sizes = [1024] * 16
output_size = 8192


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
def _fused0_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(network_0):
    """relu"""
    shape = torch.broadcast_shapes(network_0.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_0, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_0.dtype), device=network_0.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused1_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_3: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(network_2):
    """relu"""
    shape = torch.broadcast_shapes(network_2.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_2, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_2.dtype), device=network_2.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused2_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_5: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(network_4):
    """relu"""
    shape = torch.broadcast_shapes(network_4.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_4, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_4.dtype), device=network_4.device)
    if n > 0:
        _fused2_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused3_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_7: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(network_6):
    """relu"""
    shape = torch.broadcast_shapes(network_6.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_6, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_6.dtype), device=network_6.device)
    if n > 0:
        _fused3_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused4_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_9: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(network_8):
    """relu"""
    shape = torch.broadcast_shapes(network_8.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_8, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_8.dtype), device=network_8.device)
    if n > 0:
        _fused4_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused5_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_11: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(network_10):
    """relu"""
    shape = torch.broadcast_shapes(network_10.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_10, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_10.dtype), device=network_10.device)
    if n > 0:
        _fused5_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused6_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_13: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(network_12):
    """relu"""
    shape = torch.broadcast_shapes(network_12.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_12, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_12.dtype), device=network_12.device)
    if n > 0:
        _fused6_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused7_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_15: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(network_14):
    """relu"""
    shape = torch.broadcast_shapes(network_14.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_14, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_14.dtype), device=network_14.device)
    if n > 0:
        _fused7_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused8_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_17: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(network_16):
    """relu"""
    shape = torch.broadcast_shapes(network_16.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_16, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_16.dtype), device=network_16.device)
    if n > 0:
        _fused8_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused9_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_19: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(network_18):
    """relu"""
    shape = torch.broadcast_shapes(network_18.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_18, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_18.dtype), device=network_18.device)
    if n > 0:
        _fused9_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused10_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_21: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(network_20):
    """relu"""
    shape = torch.broadcast_shapes(network_20.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_20, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_20.dtype), device=network_20.device)
    if n > 0:
        _fused10_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused11_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_23: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(network_22):
    """relu"""
    shape = torch.broadcast_shapes(network_22.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_22, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_22.dtype), device=network_22.device)
    if n > 0:
        _fused11_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused12_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_25: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(network_24):
    """relu"""
    shape = torch.broadcast_shapes(network_24.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_24, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_24.dtype), device=network_24.device)
    if n > 0:
        _fused12_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused13_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_27: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(network_26):
    """relu"""
    shape = torch.broadcast_shapes(network_26.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_26, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_26.dtype), device=network_26.device)
    if n > 0:
        _fused13_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused14_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_29: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(network_28):
    """relu"""
    shape = torch.broadcast_shapes(network_28.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_28, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_28.dtype), device=network_28.device)
    if n > 0:
        _fused14_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused15_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # network_31: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused15(network_30):
    """relu"""
    shape = torch.broadcast_shapes(network_30.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(network_30, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(network_30.dtype), device=network_30.device)
    if n > 0:
        _fused15_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, input_size, hidden_layer_sizes, output_size):
        """
        :param input_size: The number of input features
        :param hidden_layer_sizes: A list of ints containing the sizes of each hidden layer
        :param output_size: The number of output features
        """
        super().__init__()
        layers = []
        current_input_size = input_size
        for hidden_size in hidden_layer_sizes:
            layers.append(nn.Linear(current_input_size, hidden_size))
            layers.append(nn.ReLU())
            current_input_size = hidden_size
        layers.append(nn.Linear(current_input_size, output_size))
        self.network = nn.Sequential(*layers)

    def forward(self, x):
        network_0 = self.get_submodule('network.0')(x)
        network_1 = _fused0(network_0)
        network_2 = self.get_submodule('network.2')(network_1)
        network_3 = _fused1(network_2)
        network_4 = self.get_submodule('network.4')(network_3)
        network_5 = _fused2(network_4)
        network_6 = self.get_submodule('network.6')(network_5)
        network_7 = _fused3(network_6)
        network_8 = self.get_submodule('network.8')(network_7)
        network_9 = _fused4(network_8)
        network_10 = self.get_submodule('network.10')(network_9)
        network_11 = _fused5(network_10)
        network_12 = self.get_submodule('network.12')(network_11)
        network_13 = _fused6(network_12)
        network_14 = self.get_submodule('network.14')(network_13)
        network_15 = _fused7(network_14)
        network_16 = self.get_submodule('network.16')(network_15)
        network_17 = _fused8(network_16)
        network_18 = self.get_submodule('network.18')(network_17)
        network_19 = _fused9(network_18)
        network_20 = self.get_submodule('network.20')(network_19)
        network_21 = _fused10(network_20)
        network_22 = self.get_submodule('network.22')(network_21)
        network_23 = _fused11(network_22)
        network_24 = self.get_submodule('network.24')(network_23)
        network_25 = _fused12(network_24)
        network_26 = self.get_submodule('network.26')(network_25)
        network_27 = _fused13(network_26)
        network_28 = self.get_submodule('network.28')(network_27)
        network_29 = _fused14(network_28)
        network_30 = self.get_submodule('network.30')(network_29)
        network_31 = _fused15(network_30)
        network_32 = self.get_submodule('network.32')(network_31)
        return network_32
