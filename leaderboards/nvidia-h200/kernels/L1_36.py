"""Starter ModelNew for 36_RMSNorm_, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: rms_norm
Library calls kept: none
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
RMS_TILE = 4096
RMS_BLOCK_INNER = 64
RMS_NUM_WARPS = 4

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 112
features = 64
dim1 = 512
dim2 = 512


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
def _rms_dim_kernel(x_ptr, y_ptr, R, INNER, NCOLS, eps, RSQRT: tl.constexpr, BLOCK_R: tl.constexpr,
                    BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER); each column (outer, inner) is scaled by 1 / sqrt(mean of its squares + eps).
    # Sweep 1 sums squares per lane; sweep 2 scales. A program's columns are BLOCK_I neighbours, so its second
    # sweep re-reads a small footprint, mostly from L2: about one read of x from memory and one write.
    cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    base = (cols // INNER) * R * INNER + cols % INNER
    r_offs = tl.arange(0, BLOCK_R)
    acc = tl.zeros((BLOCK_R, BLOCK_I), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        v = tl.load(x_ptr + base[None, :] + r[:, None].to(tl.int64) * INNER, mask=msk, other=0.0).to(tl.float32)
        acc += v * v
    rms = tl.sqrt(tl.sum(acc, 0) / R + eps)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        offs = base[None, :] + r[:, None].to(tl.int64) * INNER
        v = tl.load(x_ptr + offs, mask=msk, other=0.0).to(tl.float32)
        if RSQRT:
            y = v * (1.0 / rms)[None, :]
        else:
            y = v / rms[None, :]
        tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=msk)


def _rms_dim(x, dim, eps, rsqrt=False):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    block_r, block_i = _tile(r, inner, outer * inner, RMS_TILE, RMS_BLOCK_INNER)
    if y.numel() > 0:
        _rms_dim_kernel[(triton.cdiv(outer * inner, block_i),)](x, y, r, inner, outer * inner, eps, RSQRT=rsqrt,
                                                                BLOCK_R=block_r, BLOCK_I=block_i,
                                                                num_warps=RMS_NUM_WARPS)
    return y


class ModelNew(nn.Module):

    def __init__(self, num_features: int, eps: float=1e-05):
        """
        Initializes the RMSNorm layer.

        Args:
            num_features (int): Number of features in the input tensor.
            eps (float, optional): A small value added to the denominator to avoid division by zero. Defaults to 1e-5.
        """
        super().__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x):
        truediv = _rms_dim(x, 1, 1e-05, rsqrt=False)
        return truediv
