"""Starter ModelNew for 16_DenseNet201, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm, fused elementwise: relu, pooling: max_pool, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, pooling: avg_pool, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, pooling: avg_pool, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, pooling: avg_pool, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu, normalisation: batch_norm, fused elementwise: relu
Library calls kept: Conv2d (self.features.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.0.layers.0.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Dropout: no generated kernel; cat: no generated kernel; Conv2d (self.dense_blocks.0.layers.1.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.0.layers.2.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.0.layers.3.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.0.layers.4.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.0.layers.5.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.transition_layers.0.transition.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.0.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.1.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.2.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.3.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.4.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.5.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.6.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.7.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.8.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.9.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.10.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.1.layers.11.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.transition_layers.1.transition.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.0.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.1.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.2.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.3.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.4.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.5.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.6.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.7.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.8.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.9.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.10.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.11.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.12.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.13.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.14.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.15.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.16.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.17.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.18.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.19.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.20.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.21.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.22.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.23.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.24.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.25.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.26.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.27.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.28.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.29.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.30.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.31.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.32.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.33.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.34.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.35.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.36.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.37.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.38.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.39.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.40.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.41.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.42.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.43.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.44.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.45.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.46.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.2.layers.47.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.transition_layers.2.transition.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.0.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.1.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.2.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.3.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.4.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.5.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.6.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.7.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.8.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.9.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.10.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.11.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.12.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.13.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.14.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.15.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.16.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.17.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.18.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.19.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.20.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.21.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.22.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.23.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.24.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.25.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.26.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.27.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.28.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.29.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.30.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; Conv2d (self.dense_blocks.3.layers.31.2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; adaptive_avg_pool2d: no generated kernel; linear (self.classifier): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
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
class DenseBlock(nn.Module):
    def __init__(self, num_layers: int, num_input_features: int, growth_rate: int):
        """
        :param num_layers: The number of layers in the dense block
        :param num_input_features: The number of input feature maps
        :param growth_rate: The growth rate for the dense block (new features added per layer)
        """
        super(DenseBlock, self).__init__()
        layers = []
        for i in range(num_layers):
            layers.append(self._make_layer(num_input_features + i * growth_rate, growth_rate))
        self.layers = nn.ModuleList(layers)

    def _make_layer(self, in_features: int, growth_rate: int):
        """
        Creates a single layer with BatchNorm, ReLU, Conv2D, and Dropout.
        """
        return nn.Sequential(
            nn.BatchNorm2d(in_features),
            nn.ReLU(inplace=True),
            nn.Conv2d(in_features, growth_rate, kernel_size=3, padding=1, bias=False),
            nn.Dropout(0.0)
        )

    def forward(self, x):
        """
        :param x: Input tensor of shape (batch_size, num_input_features, height, width)
        :return: Concatenated output tensor with shape (batch_size, num_output_features, height, width)
        """
        features = [x]
        for layer in self.layers:
            new_feature = layer(x)
            features.append(new_feature)
            x = torch.cat(features, 1)  # Concatenate along channel axis
        return x
class TransitionLayer(nn.Module):
    def __init__(self, num_input_features: int, num_output_features: int):
        """
        :param num_input_features: The number of input feature maps
        :param num_output_features: The number of output feature maps
        """
        super(TransitionLayer, self).__init__()
        self.transition = nn.Sequential(
            nn.BatchNorm2d(num_input_features),
            nn.ReLU(inplace=True),
            nn.Conv2d(num_input_features, num_output_features, kernel_size=1, bias=False),
            nn.AvgPool2d(kernel_size=2, stride=2)
        )

    def forward(self, x):
        """
        :param x: Input tensor of shape (batch_size, num_input_features, height, width)
        :return: Downsampled tensor with reduced number of feature maps
        """
        return self.transition(x)
batch_size = 10
num_classes = 10
height, width = 224, 224


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
    t0 = tl.maximum(a0, 0.0)  # features_2: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(features_1):
    """relu"""
    shape = torch.broadcast_shapes(features_1.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(features_1, shape)
    out0 = torch.empty(shape, dtype=_promote(features_1.dtype), device=features_1.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_0_layers_0_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(dense_blocks_0_layers_0_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_0_layers_0_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_0_layers_0_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_0_layers_0_0.dtype), device=dense_blocks_0_layers_0_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_0_layers_1_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused2(dense_blocks_0_layers_1_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_0_layers_1_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_0_layers_1_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_0_layers_1_0.dtype), device=dense_blocks_0_layers_1_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_0_layers_2_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused3(dense_blocks_0_layers_2_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_0_layers_2_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_0_layers_2_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_0_layers_2_0.dtype), device=dense_blocks_0_layers_2_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_0_layers_3_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused4(dense_blocks_0_layers_3_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_0_layers_3_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_0_layers_3_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_0_layers_3_0.dtype), device=dense_blocks_0_layers_3_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_0_layers_4_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused5(dense_blocks_0_layers_4_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_0_layers_4_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_0_layers_4_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_0_layers_4_0.dtype), device=dense_blocks_0_layers_4_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_0_layers_5_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused6(dense_blocks_0_layers_5_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_0_layers_5_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_0_layers_5_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_0_layers_5_0.dtype), device=dense_blocks_0_layers_5_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # transition_layers_0_transition_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused7(transition_layers_0_transition_0):
    """relu"""
    shape = torch.broadcast_shapes(transition_layers_0_transition_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(transition_layers_0_transition_0, shape)
    out0 = torch.empty(shape, dtype=_promote(transition_layers_0_transition_0.dtype), device=transition_layers_0_transition_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_0_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused8(dense_blocks_1_layers_0_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_0_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_0_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_0_0.dtype), device=dense_blocks_1_layers_0_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_1_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused9(dense_blocks_1_layers_1_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_1_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_1_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_1_0.dtype), device=dense_blocks_1_layers_1_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_2_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused10(dense_blocks_1_layers_2_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_2_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_2_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_2_0.dtype), device=dense_blocks_1_layers_2_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_3_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused11(dense_blocks_1_layers_3_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_3_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_3_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_3_0.dtype), device=dense_blocks_1_layers_3_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_4_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused12(dense_blocks_1_layers_4_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_4_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_4_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_4_0.dtype), device=dense_blocks_1_layers_4_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_5_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused13(dense_blocks_1_layers_5_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_5_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_5_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_5_0.dtype), device=dense_blocks_1_layers_5_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_6_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused14(dense_blocks_1_layers_6_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_6_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_6_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_6_0.dtype), device=dense_blocks_1_layers_6_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_7_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused15(dense_blocks_1_layers_7_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_7_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_7_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_7_0.dtype), device=dense_blocks_1_layers_7_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_8_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused16(dense_blocks_1_layers_8_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_8_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_8_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_8_0.dtype), device=dense_blocks_1_layers_8_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_9_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused17(dense_blocks_1_layers_9_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_9_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_9_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_9_0.dtype), device=dense_blocks_1_layers_9_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_10_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused18(dense_blocks_1_layers_10_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_10_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_10_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_10_0.dtype), device=dense_blocks_1_layers_10_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_1_layers_11_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused19(dense_blocks_1_layers_11_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_1_layers_11_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_1_layers_11_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_1_layers_11_0.dtype), device=dense_blocks_1_layers_11_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # transition_layers_1_transition_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused20(transition_layers_1_transition_0):
    """relu"""
    shape = torch.broadcast_shapes(transition_layers_1_transition_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(transition_layers_1_transition_0, shape)
    out0 = torch.empty(shape, dtype=_promote(transition_layers_1_transition_0.dtype), device=transition_layers_1_transition_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_0_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused21(dense_blocks_2_layers_0_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_0_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_0_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_0_0.dtype), device=dense_blocks_2_layers_0_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_1_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused22(dense_blocks_2_layers_1_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_1_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_1_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_1_0.dtype), device=dense_blocks_2_layers_1_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_2_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused23(dense_blocks_2_layers_2_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_2_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_2_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_2_0.dtype), device=dense_blocks_2_layers_2_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_3_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused24(dense_blocks_2_layers_3_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_3_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_3_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_3_0.dtype), device=dense_blocks_2_layers_3_0.device)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_4_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused25(dense_blocks_2_layers_4_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_4_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_4_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_4_0.dtype), device=dense_blocks_2_layers_4_0.device)
    if n > 0:
        _fused25_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused26_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_5_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused26(dense_blocks_2_layers_5_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_5_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_5_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_5_0.dtype), device=dense_blocks_2_layers_5_0.device)
    if n > 0:
        _fused26_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
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
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_6_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused27(dense_blocks_2_layers_6_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_6_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_6_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_6_0.dtype), device=dense_blocks_2_layers_6_0.device)
    if n > 0:
        _fused27_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused28_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_7_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused28(dense_blocks_2_layers_7_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_7_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_7_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_7_0.dtype), device=dense_blocks_2_layers_7_0.device)
    if n > 0:
        _fused28_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused29_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_8_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused29(dense_blocks_2_layers_8_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_8_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_8_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_8_0.dtype), device=dense_blocks_2_layers_8_0.device)
    if n > 0:
        _fused29_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused30_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_9_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused30(dense_blocks_2_layers_9_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_9_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_9_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_9_0.dtype), device=dense_blocks_2_layers_9_0.device)
    if n > 0:
        _fused30_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused31_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_10_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused31(dense_blocks_2_layers_10_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_10_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_10_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_10_0.dtype), device=dense_blocks_2_layers_10_0.device)
    if n > 0:
        _fused31_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused32_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_11_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused32(dense_blocks_2_layers_11_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_11_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_11_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_11_0.dtype), device=dense_blocks_2_layers_11_0.device)
    if n > 0:
        _fused32_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused33_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_12_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused33(dense_blocks_2_layers_12_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_12_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_12_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_12_0.dtype), device=dense_blocks_2_layers_12_0.device)
    if n > 0:
        _fused33_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused34_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_13_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused34(dense_blocks_2_layers_13_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_13_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_13_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_13_0.dtype), device=dense_blocks_2_layers_13_0.device)
    if n > 0:
        _fused34_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused35_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_14_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused35(dense_blocks_2_layers_14_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_14_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_14_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_14_0.dtype), device=dense_blocks_2_layers_14_0.device)
    if n > 0:
        _fused35_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused36_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_15_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused36(dense_blocks_2_layers_15_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_15_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_15_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_15_0.dtype), device=dense_blocks_2_layers_15_0.device)
    if n > 0:
        _fused36_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused37_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_16_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused37(dense_blocks_2_layers_16_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_16_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_16_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_16_0.dtype), device=dense_blocks_2_layers_16_0.device)
    if n > 0:
        _fused37_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused38_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_17_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused38(dense_blocks_2_layers_17_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_17_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_17_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_17_0.dtype), device=dense_blocks_2_layers_17_0.device)
    if n > 0:
        _fused38_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused39_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_18_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused39(dense_blocks_2_layers_18_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_18_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_18_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_18_0.dtype), device=dense_blocks_2_layers_18_0.device)
    if n > 0:
        _fused39_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused40_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_19_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused40(dense_blocks_2_layers_19_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_19_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_19_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_19_0.dtype), device=dense_blocks_2_layers_19_0.device)
    if n > 0:
        _fused40_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused41_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_20_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused41(dense_blocks_2_layers_20_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_20_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_20_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_20_0.dtype), device=dense_blocks_2_layers_20_0.device)
    if n > 0:
        _fused41_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused42_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_21_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused42(dense_blocks_2_layers_21_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_21_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_21_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_21_0.dtype), device=dense_blocks_2_layers_21_0.device)
    if n > 0:
        _fused42_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused43_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_22_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused43(dense_blocks_2_layers_22_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_22_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_22_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_22_0.dtype), device=dense_blocks_2_layers_22_0.device)
    if n > 0:
        _fused43_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused44_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_23_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused44(dense_blocks_2_layers_23_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_23_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_23_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_23_0.dtype), device=dense_blocks_2_layers_23_0.device)
    if n > 0:
        _fused44_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused45_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_24_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused45(dense_blocks_2_layers_24_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_24_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_24_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_24_0.dtype), device=dense_blocks_2_layers_24_0.device)
    if n > 0:
        _fused45_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused46_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_25_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused46(dense_blocks_2_layers_25_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_25_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_25_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_25_0.dtype), device=dense_blocks_2_layers_25_0.device)
    if n > 0:
        _fused46_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused47_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_26_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused47(dense_blocks_2_layers_26_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_26_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_26_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_26_0.dtype), device=dense_blocks_2_layers_26_0.device)
    if n > 0:
        _fused47_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused48_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_27_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused48(dense_blocks_2_layers_27_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_27_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_27_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_27_0.dtype), device=dense_blocks_2_layers_27_0.device)
    if n > 0:
        _fused48_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused49_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_28_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused49(dense_blocks_2_layers_28_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_28_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_28_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_28_0.dtype), device=dense_blocks_2_layers_28_0.device)
    if n > 0:
        _fused49_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused50_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_29_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused50(dense_blocks_2_layers_29_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_29_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_29_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_29_0.dtype), device=dense_blocks_2_layers_29_0.device)
    if n > 0:
        _fused50_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused51_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_30_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused51(dense_blocks_2_layers_30_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_30_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_30_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_30_0.dtype), device=dense_blocks_2_layers_30_0.device)
    if n > 0:
        _fused51_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused52_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_31_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused52(dense_blocks_2_layers_31_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_31_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_31_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_31_0.dtype), device=dense_blocks_2_layers_31_0.device)
    if n > 0:
        _fused52_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused53_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_32_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused53(dense_blocks_2_layers_32_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_32_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_32_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_32_0.dtype), device=dense_blocks_2_layers_32_0.device)
    if n > 0:
        _fused53_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused54_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_33_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused54(dense_blocks_2_layers_33_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_33_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_33_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_33_0.dtype), device=dense_blocks_2_layers_33_0.device)
    if n > 0:
        _fused54_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused55_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_34_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused55(dense_blocks_2_layers_34_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_34_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_34_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_34_0.dtype), device=dense_blocks_2_layers_34_0.device)
    if n > 0:
        _fused55_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused56_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_35_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused56(dense_blocks_2_layers_35_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_35_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_35_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_35_0.dtype), device=dense_blocks_2_layers_35_0.device)
    if n > 0:
        _fused56_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused57_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_36_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused57(dense_blocks_2_layers_36_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_36_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_36_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_36_0.dtype), device=dense_blocks_2_layers_36_0.device)
    if n > 0:
        _fused57_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused58_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_37_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused58(dense_blocks_2_layers_37_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_37_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_37_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_37_0.dtype), device=dense_blocks_2_layers_37_0.device)
    if n > 0:
        _fused58_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused59_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_38_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused59(dense_blocks_2_layers_38_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_38_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_38_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_38_0.dtype), device=dense_blocks_2_layers_38_0.device)
    if n > 0:
        _fused59_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused60_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_39_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused60(dense_blocks_2_layers_39_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_39_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_39_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_39_0.dtype), device=dense_blocks_2_layers_39_0.device)
    if n > 0:
        _fused60_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused61_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_40_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused61(dense_blocks_2_layers_40_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_40_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_40_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_40_0.dtype), device=dense_blocks_2_layers_40_0.device)
    if n > 0:
        _fused61_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused62_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_41_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused62(dense_blocks_2_layers_41_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_41_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_41_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_41_0.dtype), device=dense_blocks_2_layers_41_0.device)
    if n > 0:
        _fused62_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused63_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_42_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused63(dense_blocks_2_layers_42_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_42_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_42_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_42_0.dtype), device=dense_blocks_2_layers_42_0.device)
    if n > 0:
        _fused63_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused64_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_43_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused64(dense_blocks_2_layers_43_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_43_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_43_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_43_0.dtype), device=dense_blocks_2_layers_43_0.device)
    if n > 0:
        _fused64_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused65_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_44_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused65(dense_blocks_2_layers_44_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_44_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_44_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_44_0.dtype), device=dense_blocks_2_layers_44_0.device)
    if n > 0:
        _fused65_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused66_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_45_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused66(dense_blocks_2_layers_45_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_45_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_45_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_45_0.dtype), device=dense_blocks_2_layers_45_0.device)
    if n > 0:
        _fused66_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused67_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_46_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused67(dense_blocks_2_layers_46_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_46_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_46_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_46_0.dtype), device=dense_blocks_2_layers_46_0.device)
    if n > 0:
        _fused67_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused68_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_2_layers_47_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused68(dense_blocks_2_layers_47_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_2_layers_47_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_2_layers_47_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_2_layers_47_0.dtype), device=dense_blocks_2_layers_47_0.device)
    if n > 0:
        _fused68_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused69_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # transition_layers_2_transition_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused69(transition_layers_2_transition_0):
    """relu"""
    shape = torch.broadcast_shapes(transition_layers_2_transition_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(transition_layers_2_transition_0, shape)
    out0 = torch.empty(shape, dtype=_promote(transition_layers_2_transition_0.dtype), device=transition_layers_2_transition_0.device)
    if n > 0:
        _fused69_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused70_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_0_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused70(dense_blocks_3_layers_0_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_0_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_0_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_0_0.dtype), device=dense_blocks_3_layers_0_0.device)
    if n > 0:
        _fused70_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused71_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_1_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused71(dense_blocks_3_layers_1_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_1_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_1_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_1_0.dtype), device=dense_blocks_3_layers_1_0.device)
    if n > 0:
        _fused71_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused72_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_2_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused72(dense_blocks_3_layers_2_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_2_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_2_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_2_0.dtype), device=dense_blocks_3_layers_2_0.device)
    if n > 0:
        _fused72_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused73_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_3_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused73(dense_blocks_3_layers_3_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_3_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_3_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_3_0.dtype), device=dense_blocks_3_layers_3_0.device)
    if n > 0:
        _fused73_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused74_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_4_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused74(dense_blocks_3_layers_4_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_4_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_4_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_4_0.dtype), device=dense_blocks_3_layers_4_0.device)
    if n > 0:
        _fused74_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused75_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_5_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused75(dense_blocks_3_layers_5_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_5_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_5_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_5_0.dtype), device=dense_blocks_3_layers_5_0.device)
    if n > 0:
        _fused75_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused76_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_6_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused76(dense_blocks_3_layers_6_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_6_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_6_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_6_0.dtype), device=dense_blocks_3_layers_6_0.device)
    if n > 0:
        _fused76_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused77_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_7_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused77(dense_blocks_3_layers_7_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_7_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_7_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_7_0.dtype), device=dense_blocks_3_layers_7_0.device)
    if n > 0:
        _fused77_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused78_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_8_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused78(dense_blocks_3_layers_8_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_8_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_8_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_8_0.dtype), device=dense_blocks_3_layers_8_0.device)
    if n > 0:
        _fused78_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused79_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_9_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused79(dense_blocks_3_layers_9_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_9_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_9_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_9_0.dtype), device=dense_blocks_3_layers_9_0.device)
    if n > 0:
        _fused79_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused80_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_10_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused80(dense_blocks_3_layers_10_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_10_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_10_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_10_0.dtype), device=dense_blocks_3_layers_10_0.device)
    if n > 0:
        _fused80_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused81_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_11_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused81(dense_blocks_3_layers_11_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_11_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_11_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_11_0.dtype), device=dense_blocks_3_layers_11_0.device)
    if n > 0:
        _fused81_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused82_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_12_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused82(dense_blocks_3_layers_12_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_12_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_12_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_12_0.dtype), device=dense_blocks_3_layers_12_0.device)
    if n > 0:
        _fused82_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused83_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_13_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused83(dense_blocks_3_layers_13_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_13_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_13_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_13_0.dtype), device=dense_blocks_3_layers_13_0.device)
    if n > 0:
        _fused83_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused84_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_14_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused84(dense_blocks_3_layers_14_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_14_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_14_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_14_0.dtype), device=dense_blocks_3_layers_14_0.device)
    if n > 0:
        _fused84_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused85_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_15_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused85(dense_blocks_3_layers_15_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_15_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_15_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_15_0.dtype), device=dense_blocks_3_layers_15_0.device)
    if n > 0:
        _fused85_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused86_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_16_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused86(dense_blocks_3_layers_16_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_16_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_16_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_16_0.dtype), device=dense_blocks_3_layers_16_0.device)
    if n > 0:
        _fused86_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused87_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_17_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused87(dense_blocks_3_layers_17_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_17_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_17_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_17_0.dtype), device=dense_blocks_3_layers_17_0.device)
    if n > 0:
        _fused87_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused88_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_18_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused88(dense_blocks_3_layers_18_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_18_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_18_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_18_0.dtype), device=dense_blocks_3_layers_18_0.device)
    if n > 0:
        _fused88_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused89_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_19_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused89(dense_blocks_3_layers_19_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_19_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_19_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_19_0.dtype), device=dense_blocks_3_layers_19_0.device)
    if n > 0:
        _fused89_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused90_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_20_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused90(dense_blocks_3_layers_20_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_20_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_20_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_20_0.dtype), device=dense_blocks_3_layers_20_0.device)
    if n > 0:
        _fused90_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused91_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_21_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused91(dense_blocks_3_layers_21_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_21_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_21_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_21_0.dtype), device=dense_blocks_3_layers_21_0.device)
    if n > 0:
        _fused91_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused92_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_22_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused92(dense_blocks_3_layers_22_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_22_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_22_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_22_0.dtype), device=dense_blocks_3_layers_22_0.device)
    if n > 0:
        _fused92_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused93_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_23_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused93(dense_blocks_3_layers_23_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_23_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_23_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_23_0.dtype), device=dense_blocks_3_layers_23_0.device)
    if n > 0:
        _fused93_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused94_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_24_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused94(dense_blocks_3_layers_24_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_24_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_24_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_24_0.dtype), device=dense_blocks_3_layers_24_0.device)
    if n > 0:
        _fused94_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused95_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_25_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused95(dense_blocks_3_layers_25_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_25_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_25_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_25_0.dtype), device=dense_blocks_3_layers_25_0.device)
    if n > 0:
        _fused95_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused96_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_26_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused96(dense_blocks_3_layers_26_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_26_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_26_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_26_0.dtype), device=dense_blocks_3_layers_26_0.device)
    if n > 0:
        _fused96_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused97_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_27_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused97(dense_blocks_3_layers_27_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_27_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_27_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_27_0.dtype), device=dense_blocks_3_layers_27_0.device)
    if n > 0:
        _fused97_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused98_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_28_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused98(dense_blocks_3_layers_28_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_28_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_28_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_28_0.dtype), device=dense_blocks_3_layers_28_0.device)
    if n > 0:
        _fused98_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused99_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_29_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused99(dense_blocks_3_layers_29_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_29_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_29_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_29_0.dtype), device=dense_blocks_3_layers_29_0.device)
    if n > 0:
        _fused99_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused100_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_30_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused100(dense_blocks_3_layers_30_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_30_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_30_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_30_0.dtype), device=dense_blocks_3_layers_30_0.device)
    if n > 0:
        _fused100_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused101_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: relu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = tl.maximum(a0, 0.0)  # dense_blocks_3_layers_31_1: relu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused101(dense_blocks_3_layers_31_0):
    """relu"""
    shape = torch.broadcast_shapes(dense_blocks_3_layers_31_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(dense_blocks_3_layers_31_0, shape)
    out0 = torch.empty(shape, dtype=_promote(dense_blocks_3_layers_31_0.dtype), device=dense_blocks_3_layers_31_0.device)
    if n > 0:
        _fused101_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused102_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
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


def _fused102(final_bn):
    """relu"""
    shape = torch.broadcast_shapes(final_bn.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(final_bn, shape)
    out0 = torch.empty(shape, dtype=_promote(final_bn.dtype), device=final_bn.device)
    if n > 0:
        _fused102_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, growth_rate: int=32, num_classes: int=1000):
        """
        :param growth_rate: The growth rate of the DenseNet (new features added per layer)
        :param num_classes: The number of output classes for classification
        """
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=3, stride=2, padding=1))
        num_features = 64
        block_layers = [6, 12, 48, 32]
        self.dense_blocks = nn.ModuleList()
        self.transition_layers = nn.ModuleList()
        for i, num_layers in enumerate(block_layers):
            block = DenseBlock(num_layers=num_layers, num_input_features=num_features, growth_rate=growth_rate)
            self.dense_blocks.append(block)
            num_features = num_features + num_layers * growth_rate
            if i != len(block_layers) - 1:
                transition = TransitionLayer(num_input_features=num_features, num_output_features=num_features // 2)
                self.transition_layers.append(transition)
                num_features = num_features // 2
        self.final_bn = nn.BatchNorm2d(num_features)
        self.classifier = nn.Linear(num_features, num_classes)

    def forward(self, x):
        features_0 = self.get_submodule('features.0')(x)
        features_1 = _batch_norm(features_0, self.get_submodule('features.1'))
        features_2 = _fused0(features_1)
        features_3 = _pool(features_2, self.get_submodule('features.3'), 2)
        dense_blocks_0_layers_0_0 = _batch_norm(features_3, self.get_submodule('dense_blocks.0.layers.0.0'))
        dense_blocks_0_layers_0_1 = _fused1(dense_blocks_0_layers_0_0)
        dense_blocks_0_layers_0_2 = self.get_submodule('dense_blocks.0.layers.0.2')(dense_blocks_0_layers_0_1)
        dense_blocks_0_layers_0_3 = self.get_submodule('dense_blocks.0.layers.0.3')(dense_blocks_0_layers_0_2)
        cat = torch.cat([features_3, dense_blocks_0_layers_0_3], 1)
        dense_blocks_0_layers_1_0 = _batch_norm(cat, self.get_submodule('dense_blocks.0.layers.1.0'))
        dense_blocks_0_layers_1_1 = _fused2(dense_blocks_0_layers_1_0)
        dense_blocks_0_layers_1_2 = self.get_submodule('dense_blocks.0.layers.1.2')(dense_blocks_0_layers_1_1)
        dense_blocks_0_layers_1_3 = self.get_submodule('dense_blocks.0.layers.1.3')(dense_blocks_0_layers_1_2)
        cat_1 = torch.cat([features_3, dense_blocks_0_layers_0_3, dense_blocks_0_layers_1_3], 1)
        dense_blocks_0_layers_2_0 = _batch_norm(cat_1, self.get_submodule('dense_blocks.0.layers.2.0'))
        dense_blocks_0_layers_2_1 = _fused3(dense_blocks_0_layers_2_0)
        dense_blocks_0_layers_2_2 = self.get_submodule('dense_blocks.0.layers.2.2')(dense_blocks_0_layers_2_1)
        dense_blocks_0_layers_2_3 = self.get_submodule('dense_blocks.0.layers.2.3')(dense_blocks_0_layers_2_2)
        cat_2 = torch.cat([features_3, dense_blocks_0_layers_0_3, dense_blocks_0_layers_1_3, dense_blocks_0_layers_2_3], 1)
        dense_blocks_0_layers_3_0 = _batch_norm(cat_2, self.get_submodule('dense_blocks.0.layers.3.0'))
        dense_blocks_0_layers_3_1 = _fused4(dense_blocks_0_layers_3_0)
        dense_blocks_0_layers_3_2 = self.get_submodule('dense_blocks.0.layers.3.2')(dense_blocks_0_layers_3_1)
        dense_blocks_0_layers_3_3 = self.get_submodule('dense_blocks.0.layers.3.3')(dense_blocks_0_layers_3_2)
        cat_3 = torch.cat([features_3, dense_blocks_0_layers_0_3, dense_blocks_0_layers_1_3, dense_blocks_0_layers_2_3, dense_blocks_0_layers_3_3], 1)
        dense_blocks_0_layers_4_0 = _batch_norm(cat_3, self.get_submodule('dense_blocks.0.layers.4.0'))
        dense_blocks_0_layers_4_1 = _fused5(dense_blocks_0_layers_4_0)
        dense_blocks_0_layers_4_2 = self.get_submodule('dense_blocks.0.layers.4.2')(dense_blocks_0_layers_4_1)
        dense_blocks_0_layers_4_3 = self.get_submodule('dense_blocks.0.layers.4.3')(dense_blocks_0_layers_4_2)
        cat_4 = torch.cat([features_3, dense_blocks_0_layers_0_3, dense_blocks_0_layers_1_3, dense_blocks_0_layers_2_3, dense_blocks_0_layers_3_3, dense_blocks_0_layers_4_3], 1)
        dense_blocks_0_layers_5_0 = _batch_norm(cat_4, self.get_submodule('dense_blocks.0.layers.5.0'))
        dense_blocks_0_layers_5_1 = _fused6(dense_blocks_0_layers_5_0)
        dense_blocks_0_layers_5_2 = self.get_submodule('dense_blocks.0.layers.5.2')(dense_blocks_0_layers_5_1)
        dense_blocks_0_layers_5_3 = self.get_submodule('dense_blocks.0.layers.5.3')(dense_blocks_0_layers_5_2)
        cat_5 = torch.cat([features_3, dense_blocks_0_layers_0_3, dense_blocks_0_layers_1_3, dense_blocks_0_layers_2_3, dense_blocks_0_layers_3_3, dense_blocks_0_layers_4_3, dense_blocks_0_layers_5_3], 1)
        transition_layers_0_transition_0 = _batch_norm(cat_5, self.get_submodule('transition_layers.0.transition.0'))
        transition_layers_0_transition_1 = _fused7(transition_layers_0_transition_0)
        transition_layers_0_transition_2 = self.get_submodule('transition_layers.0.transition.2')(transition_layers_0_transition_1)
        transition_layers_0_transition_3 = _pool(transition_layers_0_transition_2, self.get_submodule('transition_layers.0.transition.3'), 2)
        dense_blocks_1_layers_0_0 = _batch_norm(transition_layers_0_transition_3, self.get_submodule('dense_blocks.1.layers.0.0'))
        dense_blocks_1_layers_0_1 = _fused8(dense_blocks_1_layers_0_0)
        dense_blocks_1_layers_0_2 = self.get_submodule('dense_blocks.1.layers.0.2')(dense_blocks_1_layers_0_1)
        dense_blocks_1_layers_0_3 = self.get_submodule('dense_blocks.1.layers.0.3')(dense_blocks_1_layers_0_2)
        cat_6 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3], 1)
        dense_blocks_1_layers_1_0 = _batch_norm(cat_6, self.get_submodule('dense_blocks.1.layers.1.0'))
        dense_blocks_1_layers_1_1 = _fused9(dense_blocks_1_layers_1_0)
        dense_blocks_1_layers_1_2 = self.get_submodule('dense_blocks.1.layers.1.2')(dense_blocks_1_layers_1_1)
        dense_blocks_1_layers_1_3 = self.get_submodule('dense_blocks.1.layers.1.3')(dense_blocks_1_layers_1_2)
        cat_7 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3], 1)
        dense_blocks_1_layers_2_0 = _batch_norm(cat_7, self.get_submodule('dense_blocks.1.layers.2.0'))
        dense_blocks_1_layers_2_1 = _fused10(dense_blocks_1_layers_2_0)
        dense_blocks_1_layers_2_2 = self.get_submodule('dense_blocks.1.layers.2.2')(dense_blocks_1_layers_2_1)
        dense_blocks_1_layers_2_3 = self.get_submodule('dense_blocks.1.layers.2.3')(dense_blocks_1_layers_2_2)
        cat_8 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3], 1)
        dense_blocks_1_layers_3_0 = _batch_norm(cat_8, self.get_submodule('dense_blocks.1.layers.3.0'))
        dense_blocks_1_layers_3_1 = _fused11(dense_blocks_1_layers_3_0)
        dense_blocks_1_layers_3_2 = self.get_submodule('dense_blocks.1.layers.3.2')(dense_blocks_1_layers_3_1)
        dense_blocks_1_layers_3_3 = self.get_submodule('dense_blocks.1.layers.3.3')(dense_blocks_1_layers_3_2)
        cat_9 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3], 1)
        dense_blocks_1_layers_4_0 = _batch_norm(cat_9, self.get_submodule('dense_blocks.1.layers.4.0'))
        dense_blocks_1_layers_4_1 = _fused12(dense_blocks_1_layers_4_0)
        dense_blocks_1_layers_4_2 = self.get_submodule('dense_blocks.1.layers.4.2')(dense_blocks_1_layers_4_1)
        dense_blocks_1_layers_4_3 = self.get_submodule('dense_blocks.1.layers.4.3')(dense_blocks_1_layers_4_2)
        cat_10 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3], 1)
        dense_blocks_1_layers_5_0 = _batch_norm(cat_10, self.get_submodule('dense_blocks.1.layers.5.0'))
        dense_blocks_1_layers_5_1 = _fused13(dense_blocks_1_layers_5_0)
        dense_blocks_1_layers_5_2 = self.get_submodule('dense_blocks.1.layers.5.2')(dense_blocks_1_layers_5_1)
        dense_blocks_1_layers_5_3 = self.get_submodule('dense_blocks.1.layers.5.3')(dense_blocks_1_layers_5_2)
        cat_11 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3], 1)
        dense_blocks_1_layers_6_0 = _batch_norm(cat_11, self.get_submodule('dense_blocks.1.layers.6.0'))
        dense_blocks_1_layers_6_1 = _fused14(dense_blocks_1_layers_6_0)
        dense_blocks_1_layers_6_2 = self.get_submodule('dense_blocks.1.layers.6.2')(dense_blocks_1_layers_6_1)
        dense_blocks_1_layers_6_3 = self.get_submodule('dense_blocks.1.layers.6.3')(dense_blocks_1_layers_6_2)
        cat_12 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3, dense_blocks_1_layers_6_3], 1)
        dense_blocks_1_layers_7_0 = _batch_norm(cat_12, self.get_submodule('dense_blocks.1.layers.7.0'))
        dense_blocks_1_layers_7_1 = _fused15(dense_blocks_1_layers_7_0)
        dense_blocks_1_layers_7_2 = self.get_submodule('dense_blocks.1.layers.7.2')(dense_blocks_1_layers_7_1)
        dense_blocks_1_layers_7_3 = self.get_submodule('dense_blocks.1.layers.7.3')(dense_blocks_1_layers_7_2)
        cat_13 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3, dense_blocks_1_layers_6_3, dense_blocks_1_layers_7_3], 1)
        dense_blocks_1_layers_8_0 = _batch_norm(cat_13, self.get_submodule('dense_blocks.1.layers.8.0'))
        dense_blocks_1_layers_8_1 = _fused16(dense_blocks_1_layers_8_0)
        dense_blocks_1_layers_8_2 = self.get_submodule('dense_blocks.1.layers.8.2')(dense_blocks_1_layers_8_1)
        dense_blocks_1_layers_8_3 = self.get_submodule('dense_blocks.1.layers.8.3')(dense_blocks_1_layers_8_2)
        cat_14 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3, dense_blocks_1_layers_6_3, dense_blocks_1_layers_7_3, dense_blocks_1_layers_8_3], 1)
        dense_blocks_1_layers_9_0 = _batch_norm(cat_14, self.get_submodule('dense_blocks.1.layers.9.0'))
        dense_blocks_1_layers_9_1 = _fused17(dense_blocks_1_layers_9_0)
        dense_blocks_1_layers_9_2 = self.get_submodule('dense_blocks.1.layers.9.2')(dense_blocks_1_layers_9_1)
        dense_blocks_1_layers_9_3 = self.get_submodule('dense_blocks.1.layers.9.3')(dense_blocks_1_layers_9_2)
        cat_15 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3, dense_blocks_1_layers_6_3, dense_blocks_1_layers_7_3, dense_blocks_1_layers_8_3, dense_blocks_1_layers_9_3], 1)
        dense_blocks_1_layers_10_0 = _batch_norm(cat_15, self.get_submodule('dense_blocks.1.layers.10.0'))
        dense_blocks_1_layers_10_1 = _fused18(dense_blocks_1_layers_10_0)
        dense_blocks_1_layers_10_2 = self.get_submodule('dense_blocks.1.layers.10.2')(dense_blocks_1_layers_10_1)
        dense_blocks_1_layers_10_3 = self.get_submodule('dense_blocks.1.layers.10.3')(dense_blocks_1_layers_10_2)
        cat_16 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3, dense_blocks_1_layers_6_3, dense_blocks_1_layers_7_3, dense_blocks_1_layers_8_3, dense_blocks_1_layers_9_3, dense_blocks_1_layers_10_3], 1)
        dense_blocks_1_layers_11_0 = _batch_norm(cat_16, self.get_submodule('dense_blocks.1.layers.11.0'))
        dense_blocks_1_layers_11_1 = _fused19(dense_blocks_1_layers_11_0)
        dense_blocks_1_layers_11_2 = self.get_submodule('dense_blocks.1.layers.11.2')(dense_blocks_1_layers_11_1)
        dense_blocks_1_layers_11_3 = self.get_submodule('dense_blocks.1.layers.11.3')(dense_blocks_1_layers_11_2)
        cat_17 = torch.cat([transition_layers_0_transition_3, dense_blocks_1_layers_0_3, dense_blocks_1_layers_1_3, dense_blocks_1_layers_2_3, dense_blocks_1_layers_3_3, dense_blocks_1_layers_4_3, dense_blocks_1_layers_5_3, dense_blocks_1_layers_6_3, dense_blocks_1_layers_7_3, dense_blocks_1_layers_8_3, dense_blocks_1_layers_9_3, dense_blocks_1_layers_10_3, dense_blocks_1_layers_11_3], 1)
        transition_layers_1_transition_0 = _batch_norm(cat_17, self.get_submodule('transition_layers.1.transition.0'))
        transition_layers_1_transition_1 = _fused20(transition_layers_1_transition_0)
        transition_layers_1_transition_2 = self.get_submodule('transition_layers.1.transition.2')(transition_layers_1_transition_1)
        transition_layers_1_transition_3 = _pool(transition_layers_1_transition_2, self.get_submodule('transition_layers.1.transition.3'), 2)
        dense_blocks_2_layers_0_0 = _batch_norm(transition_layers_1_transition_3, self.get_submodule('dense_blocks.2.layers.0.0'))
        dense_blocks_2_layers_0_1 = _fused21(dense_blocks_2_layers_0_0)
        dense_blocks_2_layers_0_2 = self.get_submodule('dense_blocks.2.layers.0.2')(dense_blocks_2_layers_0_1)
        dense_blocks_2_layers_0_3 = self.get_submodule('dense_blocks.2.layers.0.3')(dense_blocks_2_layers_0_2)
        cat_18 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3], 1)
        dense_blocks_2_layers_1_0 = _batch_norm(cat_18, self.get_submodule('dense_blocks.2.layers.1.0'))
        dense_blocks_2_layers_1_1 = _fused22(dense_blocks_2_layers_1_0)
        dense_blocks_2_layers_1_2 = self.get_submodule('dense_blocks.2.layers.1.2')(dense_blocks_2_layers_1_1)
        dense_blocks_2_layers_1_3 = self.get_submodule('dense_blocks.2.layers.1.3')(dense_blocks_2_layers_1_2)
        cat_19 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3], 1)
        dense_blocks_2_layers_2_0 = _batch_norm(cat_19, self.get_submodule('dense_blocks.2.layers.2.0'))
        dense_blocks_2_layers_2_1 = _fused23(dense_blocks_2_layers_2_0)
        dense_blocks_2_layers_2_2 = self.get_submodule('dense_blocks.2.layers.2.2')(dense_blocks_2_layers_2_1)
        dense_blocks_2_layers_2_3 = self.get_submodule('dense_blocks.2.layers.2.3')(dense_blocks_2_layers_2_2)
        cat_20 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3], 1)
        dense_blocks_2_layers_3_0 = _batch_norm(cat_20, self.get_submodule('dense_blocks.2.layers.3.0'))
        dense_blocks_2_layers_3_1 = _fused24(dense_blocks_2_layers_3_0)
        dense_blocks_2_layers_3_2 = self.get_submodule('dense_blocks.2.layers.3.2')(dense_blocks_2_layers_3_1)
        dense_blocks_2_layers_3_3 = self.get_submodule('dense_blocks.2.layers.3.3')(dense_blocks_2_layers_3_2)
        cat_21 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3], 1)
        dense_blocks_2_layers_4_0 = _batch_norm(cat_21, self.get_submodule('dense_blocks.2.layers.4.0'))
        dense_blocks_2_layers_4_1 = _fused25(dense_blocks_2_layers_4_0)
        dense_blocks_2_layers_4_2 = self.get_submodule('dense_blocks.2.layers.4.2')(dense_blocks_2_layers_4_1)
        dense_blocks_2_layers_4_3 = self.get_submodule('dense_blocks.2.layers.4.3')(dense_blocks_2_layers_4_2)
        cat_22 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3], 1)
        dense_blocks_2_layers_5_0 = _batch_norm(cat_22, self.get_submodule('dense_blocks.2.layers.5.0'))
        dense_blocks_2_layers_5_1 = _fused26(dense_blocks_2_layers_5_0)
        dense_blocks_2_layers_5_2 = self.get_submodule('dense_blocks.2.layers.5.2')(dense_blocks_2_layers_5_1)
        dense_blocks_2_layers_5_3 = self.get_submodule('dense_blocks.2.layers.5.3')(dense_blocks_2_layers_5_2)
        cat_23 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3], 1)
        dense_blocks_2_layers_6_0 = _batch_norm(cat_23, self.get_submodule('dense_blocks.2.layers.6.0'))
        dense_blocks_2_layers_6_1 = _fused27(dense_blocks_2_layers_6_0)
        dense_blocks_2_layers_6_2 = self.get_submodule('dense_blocks.2.layers.6.2')(dense_blocks_2_layers_6_1)
        dense_blocks_2_layers_6_3 = self.get_submodule('dense_blocks.2.layers.6.3')(dense_blocks_2_layers_6_2)
        cat_24 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3], 1)
        dense_blocks_2_layers_7_0 = _batch_norm(cat_24, self.get_submodule('dense_blocks.2.layers.7.0'))
        dense_blocks_2_layers_7_1 = _fused28(dense_blocks_2_layers_7_0)
        dense_blocks_2_layers_7_2 = self.get_submodule('dense_blocks.2.layers.7.2')(dense_blocks_2_layers_7_1)
        dense_blocks_2_layers_7_3 = self.get_submodule('dense_blocks.2.layers.7.3')(dense_blocks_2_layers_7_2)
        cat_25 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3], 1)
        dense_blocks_2_layers_8_0 = _batch_norm(cat_25, self.get_submodule('dense_blocks.2.layers.8.0'))
        dense_blocks_2_layers_8_1 = _fused29(dense_blocks_2_layers_8_0)
        dense_blocks_2_layers_8_2 = self.get_submodule('dense_blocks.2.layers.8.2')(dense_blocks_2_layers_8_1)
        dense_blocks_2_layers_8_3 = self.get_submodule('dense_blocks.2.layers.8.3')(dense_blocks_2_layers_8_2)
        cat_26 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3], 1)
        dense_blocks_2_layers_9_0 = _batch_norm(cat_26, self.get_submodule('dense_blocks.2.layers.9.0'))
        dense_blocks_2_layers_9_1 = _fused30(dense_blocks_2_layers_9_0)
        dense_blocks_2_layers_9_2 = self.get_submodule('dense_blocks.2.layers.9.2')(dense_blocks_2_layers_9_1)
        dense_blocks_2_layers_9_3 = self.get_submodule('dense_blocks.2.layers.9.3')(dense_blocks_2_layers_9_2)
        cat_27 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3], 1)
        dense_blocks_2_layers_10_0 = _batch_norm(cat_27, self.get_submodule('dense_blocks.2.layers.10.0'))
        dense_blocks_2_layers_10_1 = _fused31(dense_blocks_2_layers_10_0)
        dense_blocks_2_layers_10_2 = self.get_submodule('dense_blocks.2.layers.10.2')(dense_blocks_2_layers_10_1)
        dense_blocks_2_layers_10_3 = self.get_submodule('dense_blocks.2.layers.10.3')(dense_blocks_2_layers_10_2)
        cat_28 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3], 1)
        dense_blocks_2_layers_11_0 = _batch_norm(cat_28, self.get_submodule('dense_blocks.2.layers.11.0'))
        dense_blocks_2_layers_11_1 = _fused32(dense_blocks_2_layers_11_0)
        dense_blocks_2_layers_11_2 = self.get_submodule('dense_blocks.2.layers.11.2')(dense_blocks_2_layers_11_1)
        dense_blocks_2_layers_11_3 = self.get_submodule('dense_blocks.2.layers.11.3')(dense_blocks_2_layers_11_2)
        cat_29 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3], 1)
        dense_blocks_2_layers_12_0 = _batch_norm(cat_29, self.get_submodule('dense_blocks.2.layers.12.0'))
        dense_blocks_2_layers_12_1 = _fused33(dense_blocks_2_layers_12_0)
        dense_blocks_2_layers_12_2 = self.get_submodule('dense_blocks.2.layers.12.2')(dense_blocks_2_layers_12_1)
        dense_blocks_2_layers_12_3 = self.get_submodule('dense_blocks.2.layers.12.3')(dense_blocks_2_layers_12_2)
        cat_30 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3], 1)
        dense_blocks_2_layers_13_0 = _batch_norm(cat_30, self.get_submodule('dense_blocks.2.layers.13.0'))
        dense_blocks_2_layers_13_1 = _fused34(dense_blocks_2_layers_13_0)
        dense_blocks_2_layers_13_2 = self.get_submodule('dense_blocks.2.layers.13.2')(dense_blocks_2_layers_13_1)
        dense_blocks_2_layers_13_3 = self.get_submodule('dense_blocks.2.layers.13.3')(dense_blocks_2_layers_13_2)
        cat_31 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3], 1)
        dense_blocks_2_layers_14_0 = _batch_norm(cat_31, self.get_submodule('dense_blocks.2.layers.14.0'))
        dense_blocks_2_layers_14_1 = _fused35(dense_blocks_2_layers_14_0)
        dense_blocks_2_layers_14_2 = self.get_submodule('dense_blocks.2.layers.14.2')(dense_blocks_2_layers_14_1)
        dense_blocks_2_layers_14_3 = self.get_submodule('dense_blocks.2.layers.14.3')(dense_blocks_2_layers_14_2)
        cat_32 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3], 1)
        dense_blocks_2_layers_15_0 = _batch_norm(cat_32, self.get_submodule('dense_blocks.2.layers.15.0'))
        dense_blocks_2_layers_15_1 = _fused36(dense_blocks_2_layers_15_0)
        dense_blocks_2_layers_15_2 = self.get_submodule('dense_blocks.2.layers.15.2')(dense_blocks_2_layers_15_1)
        dense_blocks_2_layers_15_3 = self.get_submodule('dense_blocks.2.layers.15.3')(dense_blocks_2_layers_15_2)
        cat_33 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3], 1)
        dense_blocks_2_layers_16_0 = _batch_norm(cat_33, self.get_submodule('dense_blocks.2.layers.16.0'))
        dense_blocks_2_layers_16_1 = _fused37(dense_blocks_2_layers_16_0)
        dense_blocks_2_layers_16_2 = self.get_submodule('dense_blocks.2.layers.16.2')(dense_blocks_2_layers_16_1)
        dense_blocks_2_layers_16_3 = self.get_submodule('dense_blocks.2.layers.16.3')(dense_blocks_2_layers_16_2)
        cat_34 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3], 1)
        dense_blocks_2_layers_17_0 = _batch_norm(cat_34, self.get_submodule('dense_blocks.2.layers.17.0'))
        dense_blocks_2_layers_17_1 = _fused38(dense_blocks_2_layers_17_0)
        dense_blocks_2_layers_17_2 = self.get_submodule('dense_blocks.2.layers.17.2')(dense_blocks_2_layers_17_1)
        dense_blocks_2_layers_17_3 = self.get_submodule('dense_blocks.2.layers.17.3')(dense_blocks_2_layers_17_2)
        cat_35 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3], 1)
        dense_blocks_2_layers_18_0 = _batch_norm(cat_35, self.get_submodule('dense_blocks.2.layers.18.0'))
        dense_blocks_2_layers_18_1 = _fused39(dense_blocks_2_layers_18_0)
        dense_blocks_2_layers_18_2 = self.get_submodule('dense_blocks.2.layers.18.2')(dense_blocks_2_layers_18_1)
        dense_blocks_2_layers_18_3 = self.get_submodule('dense_blocks.2.layers.18.3')(dense_blocks_2_layers_18_2)
        cat_36 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3], 1)
        dense_blocks_2_layers_19_0 = _batch_norm(cat_36, self.get_submodule('dense_blocks.2.layers.19.0'))
        dense_blocks_2_layers_19_1 = _fused40(dense_blocks_2_layers_19_0)
        dense_blocks_2_layers_19_2 = self.get_submodule('dense_blocks.2.layers.19.2')(dense_blocks_2_layers_19_1)
        dense_blocks_2_layers_19_3 = self.get_submodule('dense_blocks.2.layers.19.3')(dense_blocks_2_layers_19_2)
        cat_37 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3], 1)
        dense_blocks_2_layers_20_0 = _batch_norm(cat_37, self.get_submodule('dense_blocks.2.layers.20.0'))
        dense_blocks_2_layers_20_1 = _fused41(dense_blocks_2_layers_20_0)
        dense_blocks_2_layers_20_2 = self.get_submodule('dense_blocks.2.layers.20.2')(dense_blocks_2_layers_20_1)
        dense_blocks_2_layers_20_3 = self.get_submodule('dense_blocks.2.layers.20.3')(dense_blocks_2_layers_20_2)
        cat_38 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3], 1)
        dense_blocks_2_layers_21_0 = _batch_norm(cat_38, self.get_submodule('dense_blocks.2.layers.21.0'))
        dense_blocks_2_layers_21_1 = _fused42(dense_blocks_2_layers_21_0)
        dense_blocks_2_layers_21_2 = self.get_submodule('dense_blocks.2.layers.21.2')(dense_blocks_2_layers_21_1)
        dense_blocks_2_layers_21_3 = self.get_submodule('dense_blocks.2.layers.21.3')(dense_blocks_2_layers_21_2)
        cat_39 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3], 1)
        dense_blocks_2_layers_22_0 = _batch_norm(cat_39, self.get_submodule('dense_blocks.2.layers.22.0'))
        dense_blocks_2_layers_22_1 = _fused43(dense_blocks_2_layers_22_0)
        dense_blocks_2_layers_22_2 = self.get_submodule('dense_blocks.2.layers.22.2')(dense_blocks_2_layers_22_1)
        dense_blocks_2_layers_22_3 = self.get_submodule('dense_blocks.2.layers.22.3')(dense_blocks_2_layers_22_2)
        cat_40 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3], 1)
        dense_blocks_2_layers_23_0 = _batch_norm(cat_40, self.get_submodule('dense_blocks.2.layers.23.0'))
        dense_blocks_2_layers_23_1 = _fused44(dense_blocks_2_layers_23_0)
        dense_blocks_2_layers_23_2 = self.get_submodule('dense_blocks.2.layers.23.2')(dense_blocks_2_layers_23_1)
        dense_blocks_2_layers_23_3 = self.get_submodule('dense_blocks.2.layers.23.3')(dense_blocks_2_layers_23_2)
        cat_41 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3], 1)
        dense_blocks_2_layers_24_0 = _batch_norm(cat_41, self.get_submodule('dense_blocks.2.layers.24.0'))
        dense_blocks_2_layers_24_1 = _fused45(dense_blocks_2_layers_24_0)
        dense_blocks_2_layers_24_2 = self.get_submodule('dense_blocks.2.layers.24.2')(dense_blocks_2_layers_24_1)
        dense_blocks_2_layers_24_3 = self.get_submodule('dense_blocks.2.layers.24.3')(dense_blocks_2_layers_24_2)
        cat_42 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3], 1)
        dense_blocks_2_layers_25_0 = _batch_norm(cat_42, self.get_submodule('dense_blocks.2.layers.25.0'))
        dense_blocks_2_layers_25_1 = _fused46(dense_blocks_2_layers_25_0)
        dense_blocks_2_layers_25_2 = self.get_submodule('dense_blocks.2.layers.25.2')(dense_blocks_2_layers_25_1)
        dense_blocks_2_layers_25_3 = self.get_submodule('dense_blocks.2.layers.25.3')(dense_blocks_2_layers_25_2)
        cat_43 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3], 1)
        dense_blocks_2_layers_26_0 = _batch_norm(cat_43, self.get_submodule('dense_blocks.2.layers.26.0'))
        dense_blocks_2_layers_26_1 = _fused47(dense_blocks_2_layers_26_0)
        dense_blocks_2_layers_26_2 = self.get_submodule('dense_blocks.2.layers.26.2')(dense_blocks_2_layers_26_1)
        dense_blocks_2_layers_26_3 = self.get_submodule('dense_blocks.2.layers.26.3')(dense_blocks_2_layers_26_2)
        cat_44 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3], 1)
        dense_blocks_2_layers_27_0 = _batch_norm(cat_44, self.get_submodule('dense_blocks.2.layers.27.0'))
        dense_blocks_2_layers_27_1 = _fused48(dense_blocks_2_layers_27_0)
        dense_blocks_2_layers_27_2 = self.get_submodule('dense_blocks.2.layers.27.2')(dense_blocks_2_layers_27_1)
        dense_blocks_2_layers_27_3 = self.get_submodule('dense_blocks.2.layers.27.3')(dense_blocks_2_layers_27_2)
        cat_45 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3], 1)
        dense_blocks_2_layers_28_0 = _batch_norm(cat_45, self.get_submodule('dense_blocks.2.layers.28.0'))
        dense_blocks_2_layers_28_1 = _fused49(dense_blocks_2_layers_28_0)
        dense_blocks_2_layers_28_2 = self.get_submodule('dense_blocks.2.layers.28.2')(dense_blocks_2_layers_28_1)
        dense_blocks_2_layers_28_3 = self.get_submodule('dense_blocks.2.layers.28.3')(dense_blocks_2_layers_28_2)
        cat_46 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3], 1)
        dense_blocks_2_layers_29_0 = _batch_norm(cat_46, self.get_submodule('dense_blocks.2.layers.29.0'))
        dense_blocks_2_layers_29_1 = _fused50(dense_blocks_2_layers_29_0)
        dense_blocks_2_layers_29_2 = self.get_submodule('dense_blocks.2.layers.29.2')(dense_blocks_2_layers_29_1)
        dense_blocks_2_layers_29_3 = self.get_submodule('dense_blocks.2.layers.29.3')(dense_blocks_2_layers_29_2)
        cat_47 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3], 1)
        dense_blocks_2_layers_30_0 = _batch_norm(cat_47, self.get_submodule('dense_blocks.2.layers.30.0'))
        dense_blocks_2_layers_30_1 = _fused51(dense_blocks_2_layers_30_0)
        dense_blocks_2_layers_30_2 = self.get_submodule('dense_blocks.2.layers.30.2')(dense_blocks_2_layers_30_1)
        dense_blocks_2_layers_30_3 = self.get_submodule('dense_blocks.2.layers.30.3')(dense_blocks_2_layers_30_2)
        cat_48 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3], 1)
        dense_blocks_2_layers_31_0 = _batch_norm(cat_48, self.get_submodule('dense_blocks.2.layers.31.0'))
        dense_blocks_2_layers_31_1 = _fused52(dense_blocks_2_layers_31_0)
        dense_blocks_2_layers_31_2 = self.get_submodule('dense_blocks.2.layers.31.2')(dense_blocks_2_layers_31_1)
        dense_blocks_2_layers_31_3 = self.get_submodule('dense_blocks.2.layers.31.3')(dense_blocks_2_layers_31_2)
        cat_49 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3], 1)
        dense_blocks_2_layers_32_0 = _batch_norm(cat_49, self.get_submodule('dense_blocks.2.layers.32.0'))
        dense_blocks_2_layers_32_1 = _fused53(dense_blocks_2_layers_32_0)
        dense_blocks_2_layers_32_2 = self.get_submodule('dense_blocks.2.layers.32.2')(dense_blocks_2_layers_32_1)
        dense_blocks_2_layers_32_3 = self.get_submodule('dense_blocks.2.layers.32.3')(dense_blocks_2_layers_32_2)
        cat_50 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3], 1)
        dense_blocks_2_layers_33_0 = _batch_norm(cat_50, self.get_submodule('dense_blocks.2.layers.33.0'))
        dense_blocks_2_layers_33_1 = _fused54(dense_blocks_2_layers_33_0)
        dense_blocks_2_layers_33_2 = self.get_submodule('dense_blocks.2.layers.33.2')(dense_blocks_2_layers_33_1)
        dense_blocks_2_layers_33_3 = self.get_submodule('dense_blocks.2.layers.33.3')(dense_blocks_2_layers_33_2)
        cat_51 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3], 1)
        dense_blocks_2_layers_34_0 = _batch_norm(cat_51, self.get_submodule('dense_blocks.2.layers.34.0'))
        dense_blocks_2_layers_34_1 = _fused55(dense_blocks_2_layers_34_0)
        dense_blocks_2_layers_34_2 = self.get_submodule('dense_blocks.2.layers.34.2')(dense_blocks_2_layers_34_1)
        dense_blocks_2_layers_34_3 = self.get_submodule('dense_blocks.2.layers.34.3')(dense_blocks_2_layers_34_2)
        cat_52 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3], 1)
        dense_blocks_2_layers_35_0 = _batch_norm(cat_52, self.get_submodule('dense_blocks.2.layers.35.0'))
        dense_blocks_2_layers_35_1 = _fused56(dense_blocks_2_layers_35_0)
        dense_blocks_2_layers_35_2 = self.get_submodule('dense_blocks.2.layers.35.2')(dense_blocks_2_layers_35_1)
        dense_blocks_2_layers_35_3 = self.get_submodule('dense_blocks.2.layers.35.3')(dense_blocks_2_layers_35_2)
        cat_53 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3], 1)
        dense_blocks_2_layers_36_0 = _batch_norm(cat_53, self.get_submodule('dense_blocks.2.layers.36.0'))
        dense_blocks_2_layers_36_1 = _fused57(dense_blocks_2_layers_36_0)
        dense_blocks_2_layers_36_2 = self.get_submodule('dense_blocks.2.layers.36.2')(dense_blocks_2_layers_36_1)
        dense_blocks_2_layers_36_3 = self.get_submodule('dense_blocks.2.layers.36.3')(dense_blocks_2_layers_36_2)
        cat_54 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3], 1)
        dense_blocks_2_layers_37_0 = _batch_norm(cat_54, self.get_submodule('dense_blocks.2.layers.37.0'))
        dense_blocks_2_layers_37_1 = _fused58(dense_blocks_2_layers_37_0)
        dense_blocks_2_layers_37_2 = self.get_submodule('dense_blocks.2.layers.37.2')(dense_blocks_2_layers_37_1)
        dense_blocks_2_layers_37_3 = self.get_submodule('dense_blocks.2.layers.37.3')(dense_blocks_2_layers_37_2)
        cat_55 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3], 1)
        dense_blocks_2_layers_38_0 = _batch_norm(cat_55, self.get_submodule('dense_blocks.2.layers.38.0'))
        dense_blocks_2_layers_38_1 = _fused59(dense_blocks_2_layers_38_0)
        dense_blocks_2_layers_38_2 = self.get_submodule('dense_blocks.2.layers.38.2')(dense_blocks_2_layers_38_1)
        dense_blocks_2_layers_38_3 = self.get_submodule('dense_blocks.2.layers.38.3')(dense_blocks_2_layers_38_2)
        cat_56 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3], 1)
        dense_blocks_2_layers_39_0 = _batch_norm(cat_56, self.get_submodule('dense_blocks.2.layers.39.0'))
        dense_blocks_2_layers_39_1 = _fused60(dense_blocks_2_layers_39_0)
        dense_blocks_2_layers_39_2 = self.get_submodule('dense_blocks.2.layers.39.2')(dense_blocks_2_layers_39_1)
        dense_blocks_2_layers_39_3 = self.get_submodule('dense_blocks.2.layers.39.3')(dense_blocks_2_layers_39_2)
        cat_57 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3], 1)
        dense_blocks_2_layers_40_0 = _batch_norm(cat_57, self.get_submodule('dense_blocks.2.layers.40.0'))
        dense_blocks_2_layers_40_1 = _fused61(dense_blocks_2_layers_40_0)
        dense_blocks_2_layers_40_2 = self.get_submodule('dense_blocks.2.layers.40.2')(dense_blocks_2_layers_40_1)
        dense_blocks_2_layers_40_3 = self.get_submodule('dense_blocks.2.layers.40.3')(dense_blocks_2_layers_40_2)
        cat_58 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3], 1)
        dense_blocks_2_layers_41_0 = _batch_norm(cat_58, self.get_submodule('dense_blocks.2.layers.41.0'))
        dense_blocks_2_layers_41_1 = _fused62(dense_blocks_2_layers_41_0)
        dense_blocks_2_layers_41_2 = self.get_submodule('dense_blocks.2.layers.41.2')(dense_blocks_2_layers_41_1)
        dense_blocks_2_layers_41_3 = self.get_submodule('dense_blocks.2.layers.41.3')(dense_blocks_2_layers_41_2)
        cat_59 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3], 1)
        dense_blocks_2_layers_42_0 = _batch_norm(cat_59, self.get_submodule('dense_blocks.2.layers.42.0'))
        dense_blocks_2_layers_42_1 = _fused63(dense_blocks_2_layers_42_0)
        dense_blocks_2_layers_42_2 = self.get_submodule('dense_blocks.2.layers.42.2')(dense_blocks_2_layers_42_1)
        dense_blocks_2_layers_42_3 = self.get_submodule('dense_blocks.2.layers.42.3')(dense_blocks_2_layers_42_2)
        cat_60 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3, dense_blocks_2_layers_42_3], 1)
        dense_blocks_2_layers_43_0 = _batch_norm(cat_60, self.get_submodule('dense_blocks.2.layers.43.0'))
        dense_blocks_2_layers_43_1 = _fused64(dense_blocks_2_layers_43_0)
        dense_blocks_2_layers_43_2 = self.get_submodule('dense_blocks.2.layers.43.2')(dense_blocks_2_layers_43_1)
        dense_blocks_2_layers_43_3 = self.get_submodule('dense_blocks.2.layers.43.3')(dense_blocks_2_layers_43_2)
        cat_61 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3, dense_blocks_2_layers_42_3, dense_blocks_2_layers_43_3], 1)
        dense_blocks_2_layers_44_0 = _batch_norm(cat_61, self.get_submodule('dense_blocks.2.layers.44.0'))
        dense_blocks_2_layers_44_1 = _fused65(dense_blocks_2_layers_44_0)
        dense_blocks_2_layers_44_2 = self.get_submodule('dense_blocks.2.layers.44.2')(dense_blocks_2_layers_44_1)
        dense_blocks_2_layers_44_3 = self.get_submodule('dense_blocks.2.layers.44.3')(dense_blocks_2_layers_44_2)
        cat_62 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3, dense_blocks_2_layers_42_3, dense_blocks_2_layers_43_3, dense_blocks_2_layers_44_3], 1)
        dense_blocks_2_layers_45_0 = _batch_norm(cat_62, self.get_submodule('dense_blocks.2.layers.45.0'))
        dense_blocks_2_layers_45_1 = _fused66(dense_blocks_2_layers_45_0)
        dense_blocks_2_layers_45_2 = self.get_submodule('dense_blocks.2.layers.45.2')(dense_blocks_2_layers_45_1)
        dense_blocks_2_layers_45_3 = self.get_submodule('dense_blocks.2.layers.45.3')(dense_blocks_2_layers_45_2)
        cat_63 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3, dense_blocks_2_layers_42_3, dense_blocks_2_layers_43_3, dense_blocks_2_layers_44_3, dense_blocks_2_layers_45_3], 1)
        dense_blocks_2_layers_46_0 = _batch_norm(cat_63, self.get_submodule('dense_blocks.2.layers.46.0'))
        dense_blocks_2_layers_46_1 = _fused67(dense_blocks_2_layers_46_0)
        dense_blocks_2_layers_46_2 = self.get_submodule('dense_blocks.2.layers.46.2')(dense_blocks_2_layers_46_1)
        dense_blocks_2_layers_46_3 = self.get_submodule('dense_blocks.2.layers.46.3')(dense_blocks_2_layers_46_2)
        cat_64 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3, dense_blocks_2_layers_42_3, dense_blocks_2_layers_43_3, dense_blocks_2_layers_44_3, dense_blocks_2_layers_45_3, dense_blocks_2_layers_46_3], 1)
        dense_blocks_2_layers_47_0 = _batch_norm(cat_64, self.get_submodule('dense_blocks.2.layers.47.0'))
        dense_blocks_2_layers_47_1 = _fused68(dense_blocks_2_layers_47_0)
        dense_blocks_2_layers_47_2 = self.get_submodule('dense_blocks.2.layers.47.2')(dense_blocks_2_layers_47_1)
        dense_blocks_2_layers_47_3 = self.get_submodule('dense_blocks.2.layers.47.3')(dense_blocks_2_layers_47_2)
        cat_65 = torch.cat([transition_layers_1_transition_3, dense_blocks_2_layers_0_3, dense_blocks_2_layers_1_3, dense_blocks_2_layers_2_3, dense_blocks_2_layers_3_3, dense_blocks_2_layers_4_3, dense_blocks_2_layers_5_3, dense_blocks_2_layers_6_3, dense_blocks_2_layers_7_3, dense_blocks_2_layers_8_3, dense_blocks_2_layers_9_3, dense_blocks_2_layers_10_3, dense_blocks_2_layers_11_3, dense_blocks_2_layers_12_3, dense_blocks_2_layers_13_3, dense_blocks_2_layers_14_3, dense_blocks_2_layers_15_3, dense_blocks_2_layers_16_3, dense_blocks_2_layers_17_3, dense_blocks_2_layers_18_3, dense_blocks_2_layers_19_3, dense_blocks_2_layers_20_3, dense_blocks_2_layers_21_3, dense_blocks_2_layers_22_3, dense_blocks_2_layers_23_3, dense_blocks_2_layers_24_3, dense_blocks_2_layers_25_3, dense_blocks_2_layers_26_3, dense_blocks_2_layers_27_3, dense_blocks_2_layers_28_3, dense_blocks_2_layers_29_3, dense_blocks_2_layers_30_3, dense_blocks_2_layers_31_3, dense_blocks_2_layers_32_3, dense_blocks_2_layers_33_3, dense_blocks_2_layers_34_3, dense_blocks_2_layers_35_3, dense_blocks_2_layers_36_3, dense_blocks_2_layers_37_3, dense_blocks_2_layers_38_3, dense_blocks_2_layers_39_3, dense_blocks_2_layers_40_3, dense_blocks_2_layers_41_3, dense_blocks_2_layers_42_3, dense_blocks_2_layers_43_3, dense_blocks_2_layers_44_3, dense_blocks_2_layers_45_3, dense_blocks_2_layers_46_3, dense_blocks_2_layers_47_3], 1)
        transition_layers_2_transition_0 = _batch_norm(cat_65, self.get_submodule('transition_layers.2.transition.0'))
        transition_layers_2_transition_1 = _fused69(transition_layers_2_transition_0)
        transition_layers_2_transition_2 = self.get_submodule('transition_layers.2.transition.2')(transition_layers_2_transition_1)
        transition_layers_2_transition_3 = _pool(transition_layers_2_transition_2, self.get_submodule('transition_layers.2.transition.3'), 2)
        dense_blocks_3_layers_0_0 = _batch_norm(transition_layers_2_transition_3, self.get_submodule('dense_blocks.3.layers.0.0'))
        dense_blocks_3_layers_0_1 = _fused70(dense_blocks_3_layers_0_0)
        dense_blocks_3_layers_0_2 = self.get_submodule('dense_blocks.3.layers.0.2')(dense_blocks_3_layers_0_1)
        dense_blocks_3_layers_0_3 = self.get_submodule('dense_blocks.3.layers.0.3')(dense_blocks_3_layers_0_2)
        cat_66 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3], 1)
        dense_blocks_3_layers_1_0 = _batch_norm(cat_66, self.get_submodule('dense_blocks.3.layers.1.0'))
        dense_blocks_3_layers_1_1 = _fused71(dense_blocks_3_layers_1_0)
        dense_blocks_3_layers_1_2 = self.get_submodule('dense_blocks.3.layers.1.2')(dense_blocks_3_layers_1_1)
        dense_blocks_3_layers_1_3 = self.get_submodule('dense_blocks.3.layers.1.3')(dense_blocks_3_layers_1_2)
        cat_67 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3], 1)
        dense_blocks_3_layers_2_0 = _batch_norm(cat_67, self.get_submodule('dense_blocks.3.layers.2.0'))
        dense_blocks_3_layers_2_1 = _fused72(dense_blocks_3_layers_2_0)
        dense_blocks_3_layers_2_2 = self.get_submodule('dense_blocks.3.layers.2.2')(dense_blocks_3_layers_2_1)
        dense_blocks_3_layers_2_3 = self.get_submodule('dense_blocks.3.layers.2.3')(dense_blocks_3_layers_2_2)
        cat_68 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3], 1)
        dense_blocks_3_layers_3_0 = _batch_norm(cat_68, self.get_submodule('dense_blocks.3.layers.3.0'))
        dense_blocks_3_layers_3_1 = _fused73(dense_blocks_3_layers_3_0)
        dense_blocks_3_layers_3_2 = self.get_submodule('dense_blocks.3.layers.3.2')(dense_blocks_3_layers_3_1)
        dense_blocks_3_layers_3_3 = self.get_submodule('dense_blocks.3.layers.3.3')(dense_blocks_3_layers_3_2)
        cat_69 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3], 1)
        dense_blocks_3_layers_4_0 = _batch_norm(cat_69, self.get_submodule('dense_blocks.3.layers.4.0'))
        dense_blocks_3_layers_4_1 = _fused74(dense_blocks_3_layers_4_0)
        dense_blocks_3_layers_4_2 = self.get_submodule('dense_blocks.3.layers.4.2')(dense_blocks_3_layers_4_1)
        dense_blocks_3_layers_4_3 = self.get_submodule('dense_blocks.3.layers.4.3')(dense_blocks_3_layers_4_2)
        cat_70 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3], 1)
        dense_blocks_3_layers_5_0 = _batch_norm(cat_70, self.get_submodule('dense_blocks.3.layers.5.0'))
        dense_blocks_3_layers_5_1 = _fused75(dense_blocks_3_layers_5_0)
        dense_blocks_3_layers_5_2 = self.get_submodule('dense_blocks.3.layers.5.2')(dense_blocks_3_layers_5_1)
        dense_blocks_3_layers_5_3 = self.get_submodule('dense_blocks.3.layers.5.3')(dense_blocks_3_layers_5_2)
        cat_71 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3], 1)
        dense_blocks_3_layers_6_0 = _batch_norm(cat_71, self.get_submodule('dense_blocks.3.layers.6.0'))
        dense_blocks_3_layers_6_1 = _fused76(dense_blocks_3_layers_6_0)
        dense_blocks_3_layers_6_2 = self.get_submodule('dense_blocks.3.layers.6.2')(dense_blocks_3_layers_6_1)
        dense_blocks_3_layers_6_3 = self.get_submodule('dense_blocks.3.layers.6.3')(dense_blocks_3_layers_6_2)
        cat_72 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3], 1)
        dense_blocks_3_layers_7_0 = _batch_norm(cat_72, self.get_submodule('dense_blocks.3.layers.7.0'))
        dense_blocks_3_layers_7_1 = _fused77(dense_blocks_3_layers_7_0)
        dense_blocks_3_layers_7_2 = self.get_submodule('dense_blocks.3.layers.7.2')(dense_blocks_3_layers_7_1)
        dense_blocks_3_layers_7_3 = self.get_submodule('dense_blocks.3.layers.7.3')(dense_blocks_3_layers_7_2)
        cat_73 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3], 1)
        dense_blocks_3_layers_8_0 = _batch_norm(cat_73, self.get_submodule('dense_blocks.3.layers.8.0'))
        dense_blocks_3_layers_8_1 = _fused78(dense_blocks_3_layers_8_0)
        dense_blocks_3_layers_8_2 = self.get_submodule('dense_blocks.3.layers.8.2')(dense_blocks_3_layers_8_1)
        dense_blocks_3_layers_8_3 = self.get_submodule('dense_blocks.3.layers.8.3')(dense_blocks_3_layers_8_2)
        cat_74 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3], 1)
        dense_blocks_3_layers_9_0 = _batch_norm(cat_74, self.get_submodule('dense_blocks.3.layers.9.0'))
        dense_blocks_3_layers_9_1 = _fused79(dense_blocks_3_layers_9_0)
        dense_blocks_3_layers_9_2 = self.get_submodule('dense_blocks.3.layers.9.2')(dense_blocks_3_layers_9_1)
        dense_blocks_3_layers_9_3 = self.get_submodule('dense_blocks.3.layers.9.3')(dense_blocks_3_layers_9_2)
        cat_75 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3], 1)
        dense_blocks_3_layers_10_0 = _batch_norm(cat_75, self.get_submodule('dense_blocks.3.layers.10.0'))
        dense_blocks_3_layers_10_1 = _fused80(dense_blocks_3_layers_10_0)
        dense_blocks_3_layers_10_2 = self.get_submodule('dense_blocks.3.layers.10.2')(dense_blocks_3_layers_10_1)
        dense_blocks_3_layers_10_3 = self.get_submodule('dense_blocks.3.layers.10.3')(dense_blocks_3_layers_10_2)
        cat_76 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3], 1)
        dense_blocks_3_layers_11_0 = _batch_norm(cat_76, self.get_submodule('dense_blocks.3.layers.11.0'))
        dense_blocks_3_layers_11_1 = _fused81(dense_blocks_3_layers_11_0)
        dense_blocks_3_layers_11_2 = self.get_submodule('dense_blocks.3.layers.11.2')(dense_blocks_3_layers_11_1)
        dense_blocks_3_layers_11_3 = self.get_submodule('dense_blocks.3.layers.11.3')(dense_blocks_3_layers_11_2)
        cat_77 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3], 1)
        dense_blocks_3_layers_12_0 = _batch_norm(cat_77, self.get_submodule('dense_blocks.3.layers.12.0'))
        dense_blocks_3_layers_12_1 = _fused82(dense_blocks_3_layers_12_0)
        dense_blocks_3_layers_12_2 = self.get_submodule('dense_blocks.3.layers.12.2')(dense_blocks_3_layers_12_1)
        dense_blocks_3_layers_12_3 = self.get_submodule('dense_blocks.3.layers.12.3')(dense_blocks_3_layers_12_2)
        cat_78 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3], 1)
        dense_blocks_3_layers_13_0 = _batch_norm(cat_78, self.get_submodule('dense_blocks.3.layers.13.0'))
        dense_blocks_3_layers_13_1 = _fused83(dense_blocks_3_layers_13_0)
        dense_blocks_3_layers_13_2 = self.get_submodule('dense_blocks.3.layers.13.2')(dense_blocks_3_layers_13_1)
        dense_blocks_3_layers_13_3 = self.get_submodule('dense_blocks.3.layers.13.3')(dense_blocks_3_layers_13_2)
        cat_79 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3], 1)
        dense_blocks_3_layers_14_0 = _batch_norm(cat_79, self.get_submodule('dense_blocks.3.layers.14.0'))
        dense_blocks_3_layers_14_1 = _fused84(dense_blocks_3_layers_14_0)
        dense_blocks_3_layers_14_2 = self.get_submodule('dense_blocks.3.layers.14.2')(dense_blocks_3_layers_14_1)
        dense_blocks_3_layers_14_3 = self.get_submodule('dense_blocks.3.layers.14.3')(dense_blocks_3_layers_14_2)
        cat_80 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3], 1)
        dense_blocks_3_layers_15_0 = _batch_norm(cat_80, self.get_submodule('dense_blocks.3.layers.15.0'))
        dense_blocks_3_layers_15_1 = _fused85(dense_blocks_3_layers_15_0)
        dense_blocks_3_layers_15_2 = self.get_submodule('dense_blocks.3.layers.15.2')(dense_blocks_3_layers_15_1)
        dense_blocks_3_layers_15_3 = self.get_submodule('dense_blocks.3.layers.15.3')(dense_blocks_3_layers_15_2)
        cat_81 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3], 1)
        dense_blocks_3_layers_16_0 = _batch_norm(cat_81, self.get_submodule('dense_blocks.3.layers.16.0'))
        dense_blocks_3_layers_16_1 = _fused86(dense_blocks_3_layers_16_0)
        dense_blocks_3_layers_16_2 = self.get_submodule('dense_blocks.3.layers.16.2')(dense_blocks_3_layers_16_1)
        dense_blocks_3_layers_16_3 = self.get_submodule('dense_blocks.3.layers.16.3')(dense_blocks_3_layers_16_2)
        cat_82 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3], 1)
        dense_blocks_3_layers_17_0 = _batch_norm(cat_82, self.get_submodule('dense_blocks.3.layers.17.0'))
        dense_blocks_3_layers_17_1 = _fused87(dense_blocks_3_layers_17_0)
        dense_blocks_3_layers_17_2 = self.get_submodule('dense_blocks.3.layers.17.2')(dense_blocks_3_layers_17_1)
        dense_blocks_3_layers_17_3 = self.get_submodule('dense_blocks.3.layers.17.3')(dense_blocks_3_layers_17_2)
        cat_83 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3], 1)
        dense_blocks_3_layers_18_0 = _batch_norm(cat_83, self.get_submodule('dense_blocks.3.layers.18.0'))
        dense_blocks_3_layers_18_1 = _fused88(dense_blocks_3_layers_18_0)
        dense_blocks_3_layers_18_2 = self.get_submodule('dense_blocks.3.layers.18.2')(dense_blocks_3_layers_18_1)
        dense_blocks_3_layers_18_3 = self.get_submodule('dense_blocks.3.layers.18.3')(dense_blocks_3_layers_18_2)
        cat_84 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3], 1)
        dense_blocks_3_layers_19_0 = _batch_norm(cat_84, self.get_submodule('dense_blocks.3.layers.19.0'))
        dense_blocks_3_layers_19_1 = _fused89(dense_blocks_3_layers_19_0)
        dense_blocks_3_layers_19_2 = self.get_submodule('dense_blocks.3.layers.19.2')(dense_blocks_3_layers_19_1)
        dense_blocks_3_layers_19_3 = self.get_submodule('dense_blocks.3.layers.19.3')(dense_blocks_3_layers_19_2)
        cat_85 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3], 1)
        dense_blocks_3_layers_20_0 = _batch_norm(cat_85, self.get_submodule('dense_blocks.3.layers.20.0'))
        dense_blocks_3_layers_20_1 = _fused90(dense_blocks_3_layers_20_0)
        dense_blocks_3_layers_20_2 = self.get_submodule('dense_blocks.3.layers.20.2')(dense_blocks_3_layers_20_1)
        dense_blocks_3_layers_20_3 = self.get_submodule('dense_blocks.3.layers.20.3')(dense_blocks_3_layers_20_2)
        cat_86 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3], 1)
        dense_blocks_3_layers_21_0 = _batch_norm(cat_86, self.get_submodule('dense_blocks.3.layers.21.0'))
        dense_blocks_3_layers_21_1 = _fused91(dense_blocks_3_layers_21_0)
        dense_blocks_3_layers_21_2 = self.get_submodule('dense_blocks.3.layers.21.2')(dense_blocks_3_layers_21_1)
        dense_blocks_3_layers_21_3 = self.get_submodule('dense_blocks.3.layers.21.3')(dense_blocks_3_layers_21_2)
        cat_87 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3], 1)
        dense_blocks_3_layers_22_0 = _batch_norm(cat_87, self.get_submodule('dense_blocks.3.layers.22.0'))
        dense_blocks_3_layers_22_1 = _fused92(dense_blocks_3_layers_22_0)
        dense_blocks_3_layers_22_2 = self.get_submodule('dense_blocks.3.layers.22.2')(dense_blocks_3_layers_22_1)
        dense_blocks_3_layers_22_3 = self.get_submodule('dense_blocks.3.layers.22.3')(dense_blocks_3_layers_22_2)
        cat_88 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3], 1)
        dense_blocks_3_layers_23_0 = _batch_norm(cat_88, self.get_submodule('dense_blocks.3.layers.23.0'))
        dense_blocks_3_layers_23_1 = _fused93(dense_blocks_3_layers_23_0)
        dense_blocks_3_layers_23_2 = self.get_submodule('dense_blocks.3.layers.23.2')(dense_blocks_3_layers_23_1)
        dense_blocks_3_layers_23_3 = self.get_submodule('dense_blocks.3.layers.23.3')(dense_blocks_3_layers_23_2)
        cat_89 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3], 1)
        dense_blocks_3_layers_24_0 = _batch_norm(cat_89, self.get_submodule('dense_blocks.3.layers.24.0'))
        dense_blocks_3_layers_24_1 = _fused94(dense_blocks_3_layers_24_0)
        dense_blocks_3_layers_24_2 = self.get_submodule('dense_blocks.3.layers.24.2')(dense_blocks_3_layers_24_1)
        dense_blocks_3_layers_24_3 = self.get_submodule('dense_blocks.3.layers.24.3')(dense_blocks_3_layers_24_2)
        cat_90 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3], 1)
        dense_blocks_3_layers_25_0 = _batch_norm(cat_90, self.get_submodule('dense_blocks.3.layers.25.0'))
        dense_blocks_3_layers_25_1 = _fused95(dense_blocks_3_layers_25_0)
        dense_blocks_3_layers_25_2 = self.get_submodule('dense_blocks.3.layers.25.2')(dense_blocks_3_layers_25_1)
        dense_blocks_3_layers_25_3 = self.get_submodule('dense_blocks.3.layers.25.3')(dense_blocks_3_layers_25_2)
        cat_91 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3], 1)
        dense_blocks_3_layers_26_0 = _batch_norm(cat_91, self.get_submodule('dense_blocks.3.layers.26.0'))
        dense_blocks_3_layers_26_1 = _fused96(dense_blocks_3_layers_26_0)
        dense_blocks_3_layers_26_2 = self.get_submodule('dense_blocks.3.layers.26.2')(dense_blocks_3_layers_26_1)
        dense_blocks_3_layers_26_3 = self.get_submodule('dense_blocks.3.layers.26.3')(dense_blocks_3_layers_26_2)
        cat_92 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3, dense_blocks_3_layers_26_3], 1)
        dense_blocks_3_layers_27_0 = _batch_norm(cat_92, self.get_submodule('dense_blocks.3.layers.27.0'))
        dense_blocks_3_layers_27_1 = _fused97(dense_blocks_3_layers_27_0)
        dense_blocks_3_layers_27_2 = self.get_submodule('dense_blocks.3.layers.27.2')(dense_blocks_3_layers_27_1)
        dense_blocks_3_layers_27_3 = self.get_submodule('dense_blocks.3.layers.27.3')(dense_blocks_3_layers_27_2)
        cat_93 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3, dense_blocks_3_layers_26_3, dense_blocks_3_layers_27_3], 1)
        dense_blocks_3_layers_28_0 = _batch_norm(cat_93, self.get_submodule('dense_blocks.3.layers.28.0'))
        dense_blocks_3_layers_28_1 = _fused98(dense_blocks_3_layers_28_0)
        dense_blocks_3_layers_28_2 = self.get_submodule('dense_blocks.3.layers.28.2')(dense_blocks_3_layers_28_1)
        dense_blocks_3_layers_28_3 = self.get_submodule('dense_blocks.3.layers.28.3')(dense_blocks_3_layers_28_2)
        cat_94 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3, dense_blocks_3_layers_26_3, dense_blocks_3_layers_27_3, dense_blocks_3_layers_28_3], 1)
        dense_blocks_3_layers_29_0 = _batch_norm(cat_94, self.get_submodule('dense_blocks.3.layers.29.0'))
        dense_blocks_3_layers_29_1 = _fused99(dense_blocks_3_layers_29_0)
        dense_blocks_3_layers_29_2 = self.get_submodule('dense_blocks.3.layers.29.2')(dense_blocks_3_layers_29_1)
        dense_blocks_3_layers_29_3 = self.get_submodule('dense_blocks.3.layers.29.3')(dense_blocks_3_layers_29_2)
        cat_95 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3, dense_blocks_3_layers_26_3, dense_blocks_3_layers_27_3, dense_blocks_3_layers_28_3, dense_blocks_3_layers_29_3], 1)
        dense_blocks_3_layers_30_0 = _batch_norm(cat_95, self.get_submodule('dense_blocks.3.layers.30.0'))
        dense_blocks_3_layers_30_1 = _fused100(dense_blocks_3_layers_30_0)
        dense_blocks_3_layers_30_2 = self.get_submodule('dense_blocks.3.layers.30.2')(dense_blocks_3_layers_30_1)
        dense_blocks_3_layers_30_3 = self.get_submodule('dense_blocks.3.layers.30.3')(dense_blocks_3_layers_30_2)
        cat_96 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3, dense_blocks_3_layers_26_3, dense_blocks_3_layers_27_3, dense_blocks_3_layers_28_3, dense_blocks_3_layers_29_3, dense_blocks_3_layers_30_3], 1)
        dense_blocks_3_layers_31_0 = _batch_norm(cat_96, self.get_submodule('dense_blocks.3.layers.31.0'))
        dense_blocks_3_layers_31_1 = _fused101(dense_blocks_3_layers_31_0)
        dense_blocks_3_layers_31_2 = self.get_submodule('dense_blocks.3.layers.31.2')(dense_blocks_3_layers_31_1)
        dense_blocks_3_layers_31_3 = self.get_submodule('dense_blocks.3.layers.31.3')(dense_blocks_3_layers_31_2)
        cat_97 = torch.cat([transition_layers_2_transition_3, dense_blocks_3_layers_0_3, dense_blocks_3_layers_1_3, dense_blocks_3_layers_2_3, dense_blocks_3_layers_3_3, dense_blocks_3_layers_4_3, dense_blocks_3_layers_5_3, dense_blocks_3_layers_6_3, dense_blocks_3_layers_7_3, dense_blocks_3_layers_8_3, dense_blocks_3_layers_9_3, dense_blocks_3_layers_10_3, dense_blocks_3_layers_11_3, dense_blocks_3_layers_12_3, dense_blocks_3_layers_13_3, dense_blocks_3_layers_14_3, dense_blocks_3_layers_15_3, dense_blocks_3_layers_16_3, dense_blocks_3_layers_17_3, dense_blocks_3_layers_18_3, dense_blocks_3_layers_19_3, dense_blocks_3_layers_20_3, dense_blocks_3_layers_21_3, dense_blocks_3_layers_22_3, dense_blocks_3_layers_23_3, dense_blocks_3_layers_24_3, dense_blocks_3_layers_25_3, dense_blocks_3_layers_26_3, dense_blocks_3_layers_27_3, dense_blocks_3_layers_28_3, dense_blocks_3_layers_29_3, dense_blocks_3_layers_30_3, dense_blocks_3_layers_31_3], 1)
        final_bn = _batch_norm(cat_97, self.final_bn)
        relu = _fused102(final_bn)
        adaptive_avg_pool2d = F.adaptive_avg_pool2d(relu, (1, 1))
        size = relu.size(0)
        view = adaptive_avg_pool2d.view(size, -1)
        classifier = self.classifier(view)
        return classifier
