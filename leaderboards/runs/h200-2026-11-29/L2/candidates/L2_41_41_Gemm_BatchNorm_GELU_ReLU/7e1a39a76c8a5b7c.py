"""Starter ModelNew for 41_Gemm_BatchNorm_GELU_ReLU, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm, fused elementwise: gelu,relu
Library calls kept: linear (self.gemm): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
NORM_BLOCK = 2048
NORM_NUM_WARPS = 4
BLOCK_SIZE = 1024
NUM_WARPS = 4

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 16384
in_features = 4096
out_features = 4096


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
def _batchnorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, var_ptr, N, C, S, eps,
                      HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK: tl.constexpr):
    # Training-mode batch norm: one program per channel c; statistics over (N, S) in fp32, two sweeps.
    c = tl.program_id(0).to(tl.int64)
    count = N * S
    offs0 = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for j0 in range(0, count, BLOCK):
        j = (j0 + offs0).to(tl.int64)
        addr = (j // S * C + c) * S + j % S
        acc += tl.load(x_ptr + addr, mask=j < count, other=0.0).to(tl.float32)
    mean = tl.sum(acc, 0) / count
    acc = tl.zeros((BLOCK,), tl.float32)
    for j0 in range(0, count, BLOCK):
        j = (j0 + offs0).to(tl.int64)
        addr = (j // S * C + c) * S + j % S
        v = tl.load(x_ptr + addr, mask=j < count, other=0.0).to(tl.float32)
        d = tl.where(j < count, v - mean, 0.0)
        acc += d * d
    var = tl.sum(acc, 0) / count
    rstd = 1.0 / tl.sqrt(var + eps)
    scale = rstd
    shift = -mean * rstd
    if HAS_W:
        w = tl.load(w_ptr + c).to(tl.float32)
        scale = scale * w
        shift = shift * w
    if HAS_B:
        shift = shift + tl.load(b_ptr + c).to(tl.float32)
    for j0 in range(0, count, BLOCK):
        j = (j0 + offs0).to(tl.int64)
        addr = (j // S * C + c) * S + j % S
        msk = j < count
        v = tl.load(x_ptr + addr, mask=msk, other=0.0).to(tl.float32)
        tl.store(y_ptr + addr, (v * scale + shift).to(y_ptr.dtype.element_ty), mask=msk)
    tl.store(mean_ptr + c, mean)
    tl.store(var_ptr + c, var)


def _batch_norm(x, bn):
    """nn.BatchNorm* forward: batch statistics in training mode (KernelBench never calls .eval())."""
    if not bn.training and bn.track_running_stats:  # inference mode uses running stats: library call
        return F.batch_norm(x, bn.running_mean, bn.running_var, bn.weight, bn.bias, False, 0.0, bn.eps)
    x = x.contiguous()
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    y = torch.empty_like(x)
    mean = torch.empty(c, dtype=torch.float32, device=x.device)
    var = torch.empty(c, dtype=torch.float32, device=x.device)
    block = min(NORM_BLOCK, triton.next_power_of_2(max(n * s, 1)))
    _batchnorm_kernel[(c,)](x, bn.weight if bn.weight is not None else x, bn.bias if bn.bias is not None else x,
                            y, mean, var, n, c, s, bn.eps, HAS_W=bn.weight is not None,
                            HAS_B=bn.bias is not None, BLOCK=block, num_warps=NORM_NUM_WARPS)
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
    # fused elementwise: gelu -> relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = 0.5 * a0 * (1.0 + tl.erf(a0 * 0.7071067811865476))  # gelu: gelu
    t1 = tl.maximum(t0, 0.0)  # relu: relu
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(batch_norm):
    """gelu -> relu"""
    shape = torch.broadcast_shapes(batch_norm.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(batch_norm, shape)
    out0 = torch.empty(shape, dtype=_promote(batch_norm.dtype), device=batch_norm.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, in_features, out_features):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.batch_norm = nn.BatchNorm1d(out_features)

    def forward(self, x):
        gemm = self.gemm(x)
        batch_norm = _batch_norm(gemm, self.batch_norm)
        relu = _fused0(batch_norm)
        return relu
