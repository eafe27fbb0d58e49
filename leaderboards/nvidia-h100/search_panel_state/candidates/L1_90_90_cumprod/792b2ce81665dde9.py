"""Starter ModelNew for 90_cumprod, generated from the reference by autokernel-kb.

Generated Triton kernels: scan: cumprod
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
SCAN_BLOCK = 1024
SCAN_NUM_WARPS = 4
SCAN_STREAM = False

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 32768
input_shape = (32768,)
dim = 1


# host-side integer helpers in plain Python: triton.cdiv and triton.next_power_of_2 are constexpr functions
# since Triton 3.5, whose wrappers cost microseconds per call, and a wrapper calls them many times per launch
def _cdiv(x, y):
    return (x + y - 1) // y


def _next_pow2(n):
    """The smallest power of two >= n (as triton.next_power_of_2; 1 for n <= 1)."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def _sub(root, path):
    """root.get_submodule(path), looked up once per module: get_submodule walks the path on every call."""
    found = root.__dict__.setdefault("_ak_submodules", {})
    mod = found.get(path)
    if mod is None:
        mod = found[path] = root.get_submodule(path)
    return mod


def _bshape(*tensors):
    """The broadcast shape of the operands; torch.broadcast_shapes only when their shapes differ (it is slow)."""
    shape = tensors[0].shape
    if all(t.shape == shape for t in tensors[1:]):
        return shape
    return torch.broadcast_shapes(*(t.shape for t in tensors))


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


def _sm_count(device):
    """Streaming multiprocessors of the device (4 off the GPU: the interpreter's stand-in)."""
    return torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4


def _tile(r, inner, ncols, tile, block_inner):
    """(BLOCK_R, BLOCK_I) for a reduction of length r over ncols columns (inner = column stride 1 run).

    Rows (inner == 1): walk each row along memory, several short rows per program.
    Columns (inner > 1): BLOCK_I neighbouring columns are contiguous in memory, so loads coalesce.
    """
    if inner == 1:
        block_r = min(_next_pow2(max(r, 1)), tile)
        return block_r, max(1, min(tile // block_r, _next_pow2(ncols)))
    block_i = min(block_inner, _next_pow2(ncols))
    return max(1, min(tile // block_i, _next_pow2(max(r, 1)))), block_i


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
def _scan_kernel(x_ptr, m_ptr, y_ptr, R, INNER, PROD: tl.constexpr, REVERSE: tl.constexpr,
                 EXCLUSIVE: tl.constexpr, HAS_MUL: tl.constexpr, BLOCK: tl.constexpr, EVICT: tl.constexpr,
                 STORE_CM: tl.constexpr):
    # cumsum/cumprod along R of x viewed as (OUTER, R, INNER); one program per (outer, inner) line, BLOCK
    # elements at a time with a running carry (fp32). REVERSE (a suffix scan) walks the blocks from the line's
    # end but reads each block in ascending order and scans it in reverse, so loads stay contiguous and aligned.
    # EXCLUSIVE (element k gets the elements before it): a sum subtracts each element from its inclusive sum (a
    # shifted read would be misaligned); a product scans the sequence shifted by one. HAS_MUL scans x * m
    # elementwise (m: same shape, bool or float). EVICT and STORE_CM (SCAN_STREAM): each element is read and
    # written once, so its loads may go evict-first and its stores streaming (.cs).
    line = tl.program_id(0).to(tl.int64)
    base = (line // INNER) * R * INNER + line % INNER
    offs0 = tl.arange(0, BLOCK)
    if PROD:
        carry = tl.reduce(tl.full((BLOCK,), 1.0, tl.float32), 0, _mul_combine)
    else:
        carry = tl.sum(tl.zeros((BLOCK,), tl.float32), 0)
    for r0 in range(0, R, BLOCK):
        if REVERSE:
            k = R - BLOCK - r0 + offs0
        else:
            k = r0 + offs0
        src = k
        if EXCLUSIVE and PROD:
            src = k + 1 if REVERSE else k - 1
        lmask = (src >= 0) & (src < R)
        v = tl.load(x_ptr + base + src.to(tl.int64) * INNER, mask=lmask, other=1.0 if PROD else 0.0,
                    eviction_policy=EVICT).to(tl.float32)
        if HAS_MUL:
            v = v * tl.load(m_ptr + base + src.to(tl.int64) * INNER, mask=lmask, other=1,
                            eviction_policy=EVICT).to(tl.float32)
        if PROD:
            c = tl.cumprod(v, 0, reverse=REVERSE) * carry
            carry = carry * tl.reduce(v, 0, _mul_combine)
        else:
            c = tl.cumsum(v, 0, reverse=REVERSE) + carry
            carry = carry + tl.sum(v, 0)
            if EXCLUSIVE:
                c = c - v
        tl.store(y_ptr + base + k.to(tl.int64) * INNER, c.to(y_ptr.dtype.element_ty), mask=(k >= 0) & (k < R),
                 cache_modifier=STORE_CM)


def _scan(x, dim, prod=False, reverse=False, exclusive=False, mul=None):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    m = x if mul is None else mul.contiguous()
    if y.numel() > 0:
        block = min(SCAN_BLOCK, _next_pow2(r))
        _scan_kernel[(outer * inner,)](x, m, y, r, inner, PROD=prod, REVERSE=reverse, EXCLUSIVE=exclusive,
                                       HAS_MUL=mul is not None, BLOCK=block,
                                       EVICT="evict_first" if SCAN_STREAM else "",
                                       STORE_CM=".cs" if SCAN_STREAM else "", num_warps=SCAN_NUM_WARPS)
    return y


class ModelNew(nn.Module):

    def __init__(self, dim):
        """
        Initialize the CumulativeProductModel.

        Args:
            dim (int): The dimension along which to perform the cumulative product.
        """
        super().__init__()
        self.dim = dim

    def forward(self, x):
        cumprod = _scan(x, 1, prod=True)
        return cumprod
