"""What every starter file holds: the ``Family`` record, the file header and the helpers all families use."""

from __future__ import annotations

from dataclasses import dataclass, field

_P2 = [2**i for i in range(4, 14)]
# split (multi-stage) reductions: taken when the single-pass grid has fewer programs than *_SPLIT_PROGRAMS
# (0 = never; 264 = 2 x 132 H200 SMs) and the reduction is at least *_SPLIT_MIN_R long; each stage-1
# program then covers *_SPLIT_CHUNK elements of it
_SPLIT_PROGRAMS = [0, 66, 132, 264, 528, 1056]
_SPLIT_MIN_R = [1, 1024, 4096, 16384, 65536, 262144]
_SPLIT_CHUNK = [4**i for i in range(2, 10)]


@dataclass(frozen=True)
class Family:
    """A kernel family: its source block, its tunables (default and allowed values) and presets: named sets of
    values that only pay off together (the tensor-core path wants bigger tiles and more warps at once), which the
    tuner tries as one move. ``admissible``: tunable -> {value: judging protocols under which the search may try
    it}, for values that change the arithmetic's precision class (plain TF32 where the protocol's reference itself
    runs that operation in TF32); values not listed are admissible under every protocol. ``footer``: source placed
    after ModelNew (what wraps it). ``launch_blind``: tunables whose effect a dry run's launch list cannot show
    (host-side machinery such as CUDA graph replay): the tuner never prunes a move of one as launching nothing new."""

    name: str
    source: str
    defaults: dict = field(default_factory=dict)
    space: dict = field(default_factory=dict)
    presets: dict = field(default_factory=dict)
    admissible: dict = field(default_factory=dict)
    footer: str = ""
    launch_blind: tuple = ()


HEADER = """\
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl
"""

COMMON = '''

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
'''
