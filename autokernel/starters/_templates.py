"""Source text of the kernel families a starter file may contain, with their tunables.

Each family is a block of Python/Triton source that is copied into the generated file when one of
its operations is covered. Tunables are module-level constants of that file; ``FAMILIES`` lists
their default values and the values the search may try (powers of two where Triton needs them).
"""

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
    """A kernel family: its source block and its tunables (default and allowed values)."""

    name: str
    source: str
    defaults: dict = field(default_factory=dict)
    space: dict = field(default_factory=dict)


HEADER = """\
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl
"""

COMMON = '''

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
'''

EW = Family(
    "elementwise",
    "",  # elementwise kernels are generated per fused group
    {"BLOCK_SIZE": 1024, "NUM_WARPS": 4},
    {"BLOCK_SIZE": [128, 256, 512, 1024, 2048, 4096], "NUM_WARPS": [1, 2, 4, 8, 16]},
)

REDUCE = Family(
    "reduce",
    '''

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
''',
    {
        "RED_TILE": 1024,
        "RED_BLOCK_INNER": 32,
        "RED_NUM_WARPS": 4,
        "RED_SPLIT_PROGRAMS": 264,
        "RED_SPLIT_MIN_R": 16384,
        "RED_SPLIT_CHUNK": 16384,
    },
    {
        "RED_TILE": _P2[2:],
        "RED_BLOCK_INNER": [1, 2, 4, 8, 16, 32, 64, 128],
        "RED_NUM_WARPS": [1, 2, 4, 8, 16],
        "RED_SPLIT_PROGRAMS": _SPLIT_PROGRAMS,
        "RED_SPLIT_MIN_R": _SPLIT_MIN_R,
        "RED_SPLIT_CHUNK": _SPLIT_CHUNK,
    },
)

SOFTMAX = Family(
    "softmax",
    """

@triton.jit
def _softmax_kernel(x_ptr, y_ptr, R, INNER, NCOLS, LOG: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER); sweep 1 keeps a running (max, sum of exp) per lane (online softmax),
    # sweep 2 writes exp(x - max) / sum (or x - max - log(sum)). Two reads of x, one write.
    cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    base = (cols // INNER) * R * INNER + cols % INNER
    r_offs = tl.arange(0, BLOCK_R)
    m = tl.full((BLOCK_R, BLOCK_I), -float("inf"), tl.float32)
    s = tl.zeros((BLOCK_R, BLOCK_I), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        offs = base[None, :] + r[:, None].to(tl.int64) * INNER
        v = tl.load(x_ptr + offs, mask=msk, other=-float("inf")).to(tl.float32)
        new_m = tl.maximum(m, v)
        safe = tl.where(new_m == -float("inf"), 0.0, new_m)
        s = s * tl.exp(m - safe) + tl.exp(v - safe)
        m = new_m
    mx = tl.max(m, 0)
    mx = tl.where(mx == -float("inf"), 0.0, mx)
    total = tl.sum(s * tl.exp(m - mx[None, :]), 0)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        offs = base[None, :] + r[:, None].to(tl.int64) * INNER
        v = tl.load(x_ptr + offs, mask=msk, other=0.0).to(tl.float32)
        if LOG:
            y = v - mx[None, :] - tl.log(total)[None, :]
        else:
            y = tl.exp(v - mx[None, :]) / total[None, :]
        tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=msk)


def _softmax(x, dim, log=False):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    block_r, block_i = _tile(r, inner, outer * inner, SMX_TILE, SMX_BLOCK_INNER)
    if y.numel() > 0:
        _softmax_kernel[(triton.cdiv(outer * inner, block_i),)](x, y, r, inner, outer * inner, LOG=log,
                                                                BLOCK_R=block_r, BLOCK_I=block_i,
                                                                num_warps=SMX_NUM_WARPS)
    return y
""",
    {"SMX_TILE": 2048, "SMX_BLOCK_INNER": 32, "SMX_NUM_WARPS": 4},
    {
        "SMX_TILE": _P2[2:],
        "SMX_BLOCK_INNER": [1, 2, 4, 8, 16, 32, 64, 128],
        "SMX_NUM_WARPS": [1, 2, 4, 8, 16],
    },
)

ROWNORM = Family(
    "rownorm",
    """

@triton.jit
def _rownorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, ROWS, R, G, CPG, S, eps,
                    HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK_ROWS: tl.constexpr, BLOCK: tl.constexpr):
    # Normalises BLOCK_ROWS contiguous rows of R elements per program (mean, then variance, in fp32).
    # Affine index of element r of row `row`: (row % G) * CPG + r // S
    #   layer_norm: G=1, S=1 -> r;  group_norm: G groups, CPG channels/group, S spatial;  instance: CPG=1
    rows = tl.program_id(0).to(tl.int64) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    rmask = rows < ROWS
    base = rows * R
    cols0 = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        acc += tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(acc, 1) / R
    acc = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        v = tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32)
        d = tl.where(m, v - mean[:, None], 0.0)
        acc += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(acc, 1) / R + eps)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        v = tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32)
        y = (v - mean[:, None]) * rstd[:, None]
        widx = (rows % G)[:, None] * CPG + c[None, :] // S
        if HAS_W:
            y = y * tl.load(w_ptr + widx, mask=m, other=1.0).to(tl.float32)
        if HAS_B:
            y = y + tl.load(b_ptr + widx, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + base[:, None] + c[None, :], y.to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def _rownorm_row_stats(sum_ptr, m2_ptr, row, NCHUNK, R, eps, STAGE: tl.constexpr, BLOCK_P: tl.constexpr):
    # (mean, rstd) of a row from its NCHUNK fp32 partials; STAGE 2 needs only the mean (rstd = 0).
    p_offs = tl.arange(0, BLOCK_P)
    acc = tl.zeros((BLOCK_P,), tl.float32)
    acc2 = tl.zeros((BLOCK_P,), tl.float32)
    for p0 in range(0, NCHUNK, BLOCK_P):
        p = p0 + p_offs
        pm = p < NCHUNK
        acc += tl.load(sum_ptr + row * NCHUNK + p, mask=pm, other=0.0)
        if STAGE == 3:
            acc2 += tl.load(m2_ptr + row * NCHUNK + p, mask=pm, other=0.0)
    mean = tl.sum(acc, 0) / R
    rstd = 0.0
    if STAGE == 3:
        rstd = 1.0 / tl.sqrt(tl.sum(acc2, 0) / R + eps)
    return mean, rstd


@triton.jit
def _rownorm_split_kernel(x_ptr, w_ptr, b_ptr, y_ptr, sum_ptr, m2_ptr, R, G, CPG, S, eps, CHUNK, NCHUNK,
                          STAGE: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr,
                          BLOCK: tl.constexpr, BLOCK_P: tl.constexpr):
    # Split row normalisation, program (chunk k, row): elements [k * CHUNK, (k + 1) * CHUNK) of the row.
    # STAGE 1: partial sum -> sum[row, k]; STAGE 2: partial sum of (x - mean)^2 -> m2[row, k] (two passes
    # keep fp32 accurate for large-magnitude rows); STAGE 3: normalise + affine (same index as _rownorm_kernel).
    k = tl.program_id(0).to(tl.int64)
    row = tl.program_id(1).to(tl.int64)
    base = row * R
    start = k * CHUNK
    end = tl.minimum(start + CHUNK, R)
    offs = tl.arange(0, BLOCK)
    if STAGE == 1:
        acc = tl.zeros((BLOCK,), tl.float32)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            acc += tl.load(x_ptr + base + c, mask=c < end, other=0.0).to(tl.float32)
        tl.store(sum_ptr + row * NCHUNK + k, tl.sum(acc, 0))
    elif STAGE == 2:
        mean, _ = _rownorm_row_stats(sum_ptr, m2_ptr, row, NCHUNK, R, eps, STAGE, BLOCK_P)
        acc = tl.zeros((BLOCK,), tl.float32)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            m = c < end
            v = tl.load(x_ptr + base + c, mask=m, other=0.0).to(tl.float32)
            d = tl.where(m, v - mean, 0.0)
            acc += d * d
        tl.store(m2_ptr + row * NCHUNK + k, tl.sum(acc, 0))
    else:
        mean, rstd = _rownorm_row_stats(sum_ptr, m2_ptr, row, NCHUNK, R, eps, STAGE, BLOCK_P)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            m = c < end
            v = tl.load(x_ptr + base + c, mask=m, other=0.0).to(tl.float32)
            y = (v - mean) * rstd
            widx = (row % G) * CPG + c // S
            if HAS_W:
                y = y * tl.load(w_ptr + widx, mask=m, other=1.0).to(tl.float32)
            if HAS_B:
                y = y + tl.load(b_ptr + widx, mask=m, other=0.0).to(tl.float32)
            tl.store(y_ptr + base + c, y.to(y_ptr.dtype.element_ty), mask=m)


_NORM_SPLIT_MAX_PARTS = 256  # cap on chunks per row (the chunk grows instead): every program reads them all


def _rownorm_split(x, y, w, b, rows, r, g, cpg, s, eps, has_w, has_b):
    # three launches over (chunks, rows) programs for few, long rows; False when it would not add programs
    block = min(NORM_BLOCK, triton.next_power_of_2(min(r, NORM_SPLIT_CHUNK)))
    chunk = max(NORM_SPLIT_CHUNK, triton.cdiv(r, _NORM_SPLIT_MAX_PARTS))
    chunk = triton.cdiv(chunk, block) * block
    nchunk = triton.cdiv(r, chunk)
    if nchunk < 2 or rows > 65535:  # grid axis 1 limit
        return False
    sums = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    m2 = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    block_p = min(1024, triton.next_power_of_2(nchunk))
    for stage in (1, 2, 3):
        _rownorm_split_kernel[(nchunk, rows)](x, w, b, y, sums, m2, r, g, cpg, s, eps, chunk, nchunk,
                                              STAGE=stage, HAS_W=has_w, HAS_B=has_b, BLOCK=block,
                                              BLOCK_P=block_p, num_warps=NORM_NUM_WARPS)
    return True


def _rownorm(x, rows, r, g, cpg, s, weight, bias, eps):
    x = x.contiguous()
    y = torch.empty_like(x)
    w = weight.contiguous() if weight is not None else x
    b = bias.contiguous() if bias is not None else x
    block = min(NORM_BLOCK, triton.next_power_of_2(max(r, 1)))
    block_rows = max(1, min(NORM_BLOCK // block, triton.next_power_of_2(max(rows, 1))))
    # few programs, each normalising a long row: split the rows into chunks (three stages)
    if (y.numel() > 0 and triton.cdiv(rows, block_rows) < NORM_SPLIT_PROGRAMS and r >= NORM_SPLIT_MIN_R
            and _rownorm_split(x, y, w, b, rows, r, g, cpg, s, eps, weight is not None, bias is not None)):
        return y
    if y.numel() > 0:
        _rownorm_kernel[(triton.cdiv(rows, block_rows),)](x, w, b, y, rows, r, g, cpg, s, eps,
                                                          HAS_W=weight is not None, HAS_B=bias is not None,
                                                          BLOCK_ROWS=block_rows, BLOCK=block,
                                                          num_warps=NORM_NUM_WARPS)
    return y


def _layer_norm(x, normalized_ndim, weight, bias, eps):
    r = math.prod(x.shape[x.dim() - normalized_ndim:])
    return _rownorm(x, x.numel() // max(r, 1), r, 1, 0, 1, weight, bias, eps)


def _group_norm(x, num_groups, weight, bias, eps):
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    return _rownorm(x, n * num_groups, (c // num_groups) * s, num_groups, c // num_groups, s, weight, bias, eps)


def _instance_norm(x, weight, bias, eps):
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    return _rownorm(x, n * c, s, c, 1, s, weight, bias, eps)
""",
    {
        "NORM_BLOCK": 1024,
        "NORM_NUM_WARPS": 4,
        "NORM_SPLIT_PROGRAMS": 264,
        "NORM_SPLIT_MIN_R": 16384,
        "NORM_SPLIT_CHUNK": 16384,
    },
    {
        "NORM_BLOCK": _P2,
        "NORM_NUM_WARPS": [1, 2, 4, 8, 16],
        "NORM_SPLIT_PROGRAMS": _SPLIT_PROGRAMS,
        "NORM_SPLIT_MIN_R": _SPLIT_MIN_R,
        "NORM_SPLIT_CHUNK": _SPLIT_CHUNK,
    },
)

BATCHNORM = Family(
    "batchnorm",
    '''

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
''',
    {"BN_BLOCK": 2048, "BN_NUM_WARPS": 4, "BN_PROGRAMS": 528, "BN_MIN_CHUNK": 16384},
    {
        "BN_BLOCK": _P2,
        "BN_NUM_WARPS": [1, 2, 4, 8, 16],
        # stage-1 programs to aim for (4 x 132 H200 SMs by default) and the fewest elements each one reads
        "BN_PROGRAMS": [132, 264, 528, 1056, 2112, 4224],
        "BN_MIN_CHUNK": _SPLIT_CHUNK,
    },
)

MATMUL = Family(
    "matmul",
    '''

@triton.jit
def _matmul_kernel(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT, BATCH,
                   s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                   HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   PRECISION: tl.constexpr, COMPENSATED: tl.constexpr):
    # C[b] = A[b] @ B[b] (+ bias[n]); any strides (transposed views need no copy); fp32 accumulation.
    # PRECISION "ieee" is exact fp32; "tf32x3" splits each operand into two TF32 parts on the tensor cores,
    # about fp32-accurate (well inside KernelBench's 1e-4) and usually faster than fp32 without tensor cores.
    # Split K: program (m, n, s * BATCH + b) sums K range s into partial s of an fp32 workspace.
    # COMPENSATED (long K ranges): each block's product is added with Kahan summation, so the running sum's
    # rounding does not grow with the range (a 64 Ki-long plain fp32 chain misses 1e-4 on signed inputs).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_s = tl.program_id(2) // BATCH
    pid_b = (tl.program_id(2) % BATCH).to(tl.int64)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_base = a_ptr + pid_b * s_ab + rm[:, None].to(tl.int64) * s_am
    b_base = b_ptr + pid_b * s_bb + rn[None, :].to(tl.int64) * s_bn
    k_lo = pid_s * K_PER_SPLIT
    k_hi = tl.minimum(K, k_lo + K_PER_SPLIT)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    comp = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)  # Kahan: the low part lost by the last addition
    for k0 in range(k_lo, k_hi, BLOCK_K):
        k = k0 + rk
        a = tl.load(a_base + k[None, :].to(tl.int64) * s_ak, mask=(rm[:, None] < M) & (k[None, :] < k_hi), other=0.0)
        b = tl.load(b_base + k[:, None].to(tl.int64) * s_bk, mask=(k[:, None] < k_hi) & (rn[None, :] < N), other=0.0)
        part = tl.dot(a.to(tl.float32), b.to(tl.float32), input_precision=PRECISION)
        if COMPENSATED:
            y = part - comp
            t = acc + y
            comp = (t - acc) - y
            acc = t
        else:
            acc += part
    if HAS_BIAS:
        acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)[None, :]
    c = c_ptr + pid_s.to(tl.int64) * s_cs + pid_b * s_cb + rm[:, None].to(tl.int64) * s_cm + rn[None, :] * s_cn
    tl.store(c, acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))


# K per split from which the matmul kernel's running sums are compensated (Kahan): shorter chains stay exact
# enough with a plain sum, and compensation costs a few additions per output element and K block.
_MM_COMPENSATED_CHAIN = 16384


def _mm_splits(m, n, k, batch, device):
    """K splits: MM_SPLIT_K, or when it is 0 (auto) enough to give every SM two tiles when the output alone is
    too small (matrix-vector, large K), each split at least 16 K-blocks long. Shorter fp32 accumulation chains
    are also more accurate (a 1M-long K misses 1e-4 in one chain)."""
    if MM_SPLIT_K > 0:
        return MM_SPLIT_K
    tiles = triton.cdiv(m, MM_BLOCK_M) * triton.cdiv(n, MM_BLOCK_N) * batch
    sms = torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4
    split = 1
    while split < 64 and tiles * split < 2 * sms and k >= 2 * split * 16 * MM_BLOCK_K:
        split *= 2
    return split


def _mm3(a, b, bias=None):
    """Batched (B, M, K) @ (B, K, N) with batch stride 0 allowed (broadcast)."""
    batch = max(a.shape[0], b.shape[0])
    m, k = a.shape[1], a.shape[2]
    n = b.shape[2]
    c = torch.empty((batch, m, n), dtype=_promote(a.dtype, b.dtype), device=a.device)
    sab = a.stride(0) if a.shape[0] > 1 else 0
    sbb = b.stride(0) if b.shape[0] > 1 else 0
    if c.numel() == 0:
        return c
    split = _mm_splits(m, n, k, batch, a.device)
    k_per_split = max(1, triton.cdiv(triton.cdiv(k, split), MM_BLOCK_K)) * MM_BLOCK_K  # K = 0: one empty split
    split = max(1, triton.cdiv(k, k_per_split))
    # partial sums in fp32, summed after the kernel (bias added once, after the sum)
    out = c if split == 1 else torch.empty((split, batch, m, n), dtype=torch.float32, device=a.device)
    s_cs = 0 if split == 1 else out.stride(0)
    s_cb, s_cm, s_cn = out.stride(-3), out.stride(-2), out.stride(-1)
    grid = (triton.cdiv(m, MM_BLOCK_M), triton.cdiv(n, MM_BLOCK_N), batch * split)
    _matmul_kernel[grid](a, b, out, bias if bias is not None and split == 1 else out, m, n, k, k_per_split, batch,
                         sab, a.stride(1), a.stride(2), sbb, b.stride(1), b.stride(2), s_cs, s_cb, s_cm, s_cn,
                         HAS_BIAS=bias is not None and split == 1,
                         BLOCK_M=MM_BLOCK_M, BLOCK_N=MM_BLOCK_N, BLOCK_K=MM_BLOCK_K, PRECISION=MM_PRECISION,
                         COMPENSATED=k_per_split >= _MM_COMPENSATED_CHAIN,
                         num_warps=MM_NUM_WARPS, num_stages=MM_NUM_STAGES)
    if split > 1:
        total = out.sum(0)
        if bias is not None:
            total += bias.to(torch.float32)
        c.copy_(total)
    return c


def _matmul(a, b):
    """torch.matmul for the shapes KernelBench uses: vectors, matrices, batches, (..., K) @ (K, N)."""
    if b.dim() == 1:
        return _matmul(a, b.unsqueeze(-1)).squeeze(-1)
    if a.dim() == 1:
        return _matmul(a.unsqueeze(0), b).squeeze(-2)
    if b.dim() == 2:
        lead = a.shape[:-1]
        a2 = a.reshape(math.prod(lead), a.shape[-1])  # explicit sizes: -1 is ambiguous when K = 0
        return _mm3(a2.unsqueeze(0), b.unsqueeze(0))[0].reshape(*lead, b.shape[-1])
    batch = torch.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a3 = a.expand(*batch, *a.shape[-2:]).reshape(math.prod(batch), *a.shape[-2:])
    b3 = b.expand(*batch, *b.shape[-2:]).reshape(math.prod(batch), *b.shape[-2:])
    return _mm3(a3, b3).reshape(*batch, a.shape[-2], b.shape[-1])


def _linear(x, weight, bias):
    """F.linear: x @ weight.T + bias, with the bias added in the matmul epilogue."""
    lead = x.shape[:-1]
    x2 = x.reshape(math.prod(lead), x.shape[-1])
    out = _mm3(x2.unsqueeze(0), weight.t().unsqueeze(0), bias)[0]
    return out.reshape(*lead, weight.shape[0])
''',
    {
        "MM_PRECISION": "ieee",
        "MM_SPLIT_K": 0,
        "MM_BLOCK_M": 64,
        "MM_BLOCK_N": 64,
        "MM_BLOCK_K": 32,
        "MM_NUM_WARPS": 4,
        "MM_NUM_STAGES": 3,
    },
    {
        "MM_PRECISION": ["ieee", "tf32x3"],  # first: the tuner's first round tries the tensor-core path
        "MM_SPLIT_K": [0, 1, 2, 4, 8, 16, 32],  # 0: auto (split only when the output has too few tiles)
        "MM_BLOCK_M": [16, 32, 64, 128, 256],
        "MM_BLOCK_N": [16, 32, 64, 128, 256],
        "MM_BLOCK_K": [16, 32, 64, 128],
        "MM_NUM_WARPS": [2, 4, 8],
        "MM_NUM_STAGES": [1, 2, 3, 4, 5],
    },
)

CONV = Family(
    "conv",
    '''

@triton.jit
def _split_dhw(offs, OD, OH, OW):
    # flat index over (..., OD, OH, OW) -> (leading index, od, oh, ow)
    ow = offs % OW
    t = offs // OW
    oh = t % OH
    t = t // OH
    return t // OD, t % OD, oh, ow


@triton.jit
def _conv_kernel(x_ptr, w_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                 KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                 HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # Implicit-GEMM convolution on 5-D (N, C, D, H, W) tensors (1-D/2-D convs use size-1 dims).
    # GEMM rows = output positions (n, od, oh, ow); cols = output channels of group g;
    # reduction = (ci, kd, kh, kw). Forward: in = out * stride - pad + k * dil.
    # Transposed: in = (out + pad - k * dil) / stride when that divides exactly.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    g = tl.program_id(2)
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    m_mask = offs_m < M
    n, od, oh, ow = _split_dhw(offs_m, OD, OH, OW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    KK = KD * KH * KW
    K = CIN_G * KK
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        k_mask = offs_k < K
        kw = offs_k % KW
        t2 = offs_k // KW
        kh = t2 % KH
        t2 = t2 // KH
        kd = t2 % KD
        ci = t2 // KD
        if TRANSPOSED:
            td = od[:, None] + PD - kd[None, :] * DD
            th = oh[:, None] + PH - kh[None, :] * DH
            tw = ow[:, None] + PW - kw[None, :] * DW
            valid = (td >= 0) & (th >= 0) & (tw >= 0)
            td = tl.where(valid, td, 0)
            th = tl.where(valid, th, 0)
            tw = tl.where(valid, tw, 0)
            valid = valid & (td % SD == 0) & (th % SH == 0) & (tw % SW == 0)
            i_d = td // SD
            i_h = th // SH
            i_w = tw // SW
        else:
            i_d = od[:, None] * SD - PD + kd[None, :] * DD
            i_h = oh[:, None] * SH - PH + kh[None, :] * DH
            i_w = ow[:, None] * SW - PW + kw[None, :] * DW
            valid = (i_d >= 0) & (i_h >= 0) & (i_w >= 0)
        valid = valid & (i_d < D) & (i_h < H) & (i_w < W) & m_mask[:, None] & k_mask[None, :]
        cin = g * CIN_G + ci
        x_off = ((n[:, None] * CIN + cin[None, :]) * D + i_d) * (H * W) + i_h * W + i_w
        a = tl.load(x_ptr + x_off, mask=valid, other=0.0).to(tl.float32)
        if TRANSPOSED:  # weight (CIN, COUT_G, KD, KH, KW)
            w_off = ((g * CIN_G + ci[:, None]).to(tl.int64) * COUT_G + offs_n[None, :]) * KK + (offs_k % KK)[:, None]
        else:  # weight (COUT, CIN_G, KD, KH, KW)
            w_off = co[None, :].to(tl.int64) * K + offs_k[:, None]
        b = tl.load(w_ptr + w_off, mask=k_mask[:, None] & n_mask[None, :], other=0.0).to(tl.float32)
        acc += tl.dot(a, b, input_precision=PRECISION)  # "ieee" fp32 or "tf32x3" (about fp32, tensor cores)
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=n_mask, other=0.0).to(tl.float32)[None, :]
    sp = offs_m % (OD * OH * OW)
    y_off = (n[:, None] * COUT + co[None, :]) * (OD * OH * OW) + sp[:, None]
    tl.store(y_ptr + y_off, acc.to(y_ptr.dtype.element_ty), mask=m_mask[:, None] & n_mask[None, :])


@triton.jit
def _dwconv_kernel(x_ptr, w_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, TOTAL,
                   KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, MULT,
                   HAS_BIAS: tl.constexpr, BLOCK: tl.constexpr):
    # Depthwise convolution (groups == in channels): output channel co reads input channel co // MULT only,
    # so there is no GEMM to feed the tensor cores; each program computes BLOCK outputs directly, one
    # kernel tap at a time (neighbouring taps hit the cache). Memory-bound, fp32 accumulation.
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)).to(tl.int64)
    mask = offs < TOTAL
    t, od, oh, ow = _split_dhw(offs, OD, OH, OW)
    co = t % COUT
    n = t // COUT
    x_base = (n * CIN + co // MULT) * D
    acc = tl.zeros((BLOCK,), tl.float32)
    for kd in range(0, KD):
        i_d = od * SD - PD + kd * DD
        ok_d = mask & (i_d >= 0) & (i_d < D)
        for kh in range(0, KH):
            i_h = oh * SH - PH + kh * DH
            ok_h = ok_d & (i_h >= 0) & (i_h < H)
            for kw in range(0, KW):
                i_w = ow * SW - PW + kw * DW
                ok = ok_h & (i_w >= 0) & (i_w < W)
                xv = tl.load(x_ptr + ((x_base + i_d) * H + i_h) * W + i_w, mask=ok, other=0.0).to(tl.float32)
                wv = tl.load(w_ptr + ((co * KD + kd) * KH + kh) * KW + kw, mask=mask, other=0.0).to(tl.float32)
                acc += xv * wv
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, acc.to(y_ptr.dtype.element_ty), mask=mask)


def _conv(x, conv):
    """Forward of an nn.Conv{1,2,3}d / nn.ConvTranspose{1,2,3}d module with a generated kernel."""
    nd = len(conv.kernel_size)
    transposed = isinstance(conv, nn.modules.conv._ConvTransposeNd)
    k = _pad3(conv.kernel_size, nd, 1)
    s = _pad3(conv.stride, nd, 1)
    p = _pad3(0 if conv.padding == "valid" else conv.padding, nd, 0)
    d = _pad3(conv.dilation, nd, 1)
    op = _pad3(conv.output_padding, nd, 0) if transposed else (0, 0, 0)
    n = x.shape[0]
    spatial = (1,) * (3 - nd) + tuple(x.shape[2:])
    x5 = x.reshape(n, x.shape[1], *spatial).contiguous()
    w = conv.weight.contiguous()
    g = conv.groups
    if transposed:
        cin_g, cout_g = x.shape[1] // g, w.shape[1]
        out_sp = [(spatial[i] - 1) * s[i] - 2 * p[i] + d[i] * (k[i] - 1) + op[i] + 1 for i in range(3)]
    else:
        cin_g, cout_g = w.shape[1], w.shape[0] // g
        out_sp = [(spatial[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(3)]
    cout = cout_g * g
    y = torch.empty((n, cout, *out_sp), dtype=x.dtype, device=x.device)
    m = n * math.prod(out_sp)
    if y.numel() > 0 and not transposed and cin_g == 1 and CONV_DEPTHWISE == "direct":
        total = y.numel()
        _dwconv_kernel[(triton.cdiv(total, CONV_DW_BLOCK),)](
            x5, w, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout, *out_sp, total,
            *k, *s, *p, *d, cout_g, HAS_BIAS=conv.bias is not None, BLOCK=CONV_DW_BLOCK,
            num_warps=CONV_NUM_WARPS)
    elif y.numel() > 0:
        grid = (triton.cdiv(m, CONV_BLOCK_M), triton.cdiv(cout_g, CONV_BLOCK_N), g)
        _conv_kernel[grid](x5, w, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout,
                           *out_sp, m, *k, *s, *p, *d, cin_g, cout_g, HAS_BIAS=conv.bias is not None,
                           TRANSPOSED=transposed, BLOCK_M=CONV_BLOCK_M, BLOCK_N=CONV_BLOCK_N,
                           BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION, num_warps=CONV_NUM_WARPS,
                           num_stages=CONV_NUM_STAGES)
    return y.reshape(n, cout, *out_sp[3 - nd:])
''',
    {
        "CONV_PRECISION": "ieee",
        "CONV_DEPTHWISE": "direct",
        "CONV_DW_BLOCK": 256,
        "CONV_BLOCK_M": 64,
        "CONV_BLOCK_N": 32,
        "CONV_BLOCK_K": 32,
        "CONV_NUM_WARPS": 4,
        "CONV_NUM_STAGES": 2,
    },
    {
        "CONV_PRECISION": ["ieee", "tf32x3"],  # first: the tuner's first round tries the tensor-core path
        "CONV_DEPTHWISE": ["direct", "gemm"],  # groups == in channels: direct stencil, or the implicit GEMM
        "CONV_DW_BLOCK": [128, 256, 512, 1024],
        "CONV_BLOCK_M": [16, 32, 64, 128],
        "CONV_BLOCK_N": [16, 32, 64, 128],
        "CONV_BLOCK_K": [16, 32, 64],
        "CONV_NUM_WARPS": [2, 4, 8],
        "CONV_NUM_STAGES": [1, 2, 3, 4],
    },
)

POOL = Family(
    "pool",
    '''

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
''',
    {"POOL_BLOCK": 1024, "POOL_BLOCK_W": 128, "POOL_NUM_WARPS": 4},
    {"POOL_BLOCK": [256, 512, 1024, 2048, 4096], "POOL_BLOCK_W": [32, 64, 128, 256, 512],
     "POOL_NUM_WARPS": [1, 2, 4, 8]},
)

SCAN = Family(
    "scan",
    """

@triton.jit
def _scan_kernel(x_ptr, y_ptr, R, INNER, PROD: tl.constexpr, BLOCK: tl.constexpr):
    # Inclusive cumsum/cumprod along R of x viewed as (OUTER, R, INNER); one program per (outer, inner)
    # line, BLOCK elements at a time with a running carry (fp32).
    line = tl.program_id(0).to(tl.int64)
    base = (line // INNER) * R * INNER + line % INNER
    offs0 = tl.arange(0, BLOCK)
    if PROD:
        carry = tl.reduce(tl.full((BLOCK,), 1.0, tl.float32), 0, _mul_combine)
    else:
        carry = tl.sum(tl.zeros((BLOCK,), tl.float32), 0)
    for r0 in range(0, R, BLOCK):
        r = (r0 + offs0).to(tl.int64)
        msk = r < R
        if PROD:
            v = tl.load(x_ptr + base + r * INNER, mask=msk, other=1.0).to(tl.float32)
            c = tl.cumprod(v, 0) * carry
            carry = carry * tl.reduce(v, 0, _mul_combine)
        else:
            v = tl.load(x_ptr + base + r * INNER, mask=msk, other=0.0).to(tl.float32)
            c = tl.cumsum(v, 0) + carry
            carry = carry + tl.sum(v, 0)
        tl.store(y_ptr + base + r * INNER, c.to(y_ptr.dtype.element_ty), mask=msk)


def _scan(x, dim, prod=False):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    if y.numel() > 0:
        block = min(SCAN_BLOCK, triton.next_power_of_2(r))
        _scan_kernel[(outer * inner,)](x, y, r, inner, PROD=prod, BLOCK=block, num_warps=SCAN_NUM_WARPS)
    return y
""",
    {"SCAN_BLOCK": 1024, "SCAN_NUM_WARPS": 4},
    {"SCAN_BLOCK": _P2, "SCAN_NUM_WARPS": [1, 2, 4, 8]},
)

FAMILIES = {f.name: f for f in (EW, REDUCE, SOFTMAX, ROWNORM, BATCHNORM, MATMUL, CONV, POOL, SCAN)}
# op kind -> families whose source it needs
KIND_FAMILIES = {
    "ew": ("elementwise",),
    "reduce": ("reduce",),
    "softmax": ("softmax",),
    "rownorm": ("rownorm",),
    "batchnorm": ("batchnorm",),
    "matmul": ("matmul",),
    "linear": ("matmul",),
    "conv": ("conv",),
    "pool": ("pool",),
    "scan": ("scan",),
}

LOSS = Family(
    "loss",
    '''

@triton.jit
def _loss_value(p_ptr, p_inner, p_size, t_ptr, t_inner, t_size, offs, mask, beta,
                KIND: tl.constexpr, P_BCAST: tl.constexpr, T_BCAST: tl.constexpr):
    # per-element loss (fp32) at flat output offsets offs, 0 where masked; a broadcast operand is read at
    # (offs // inner) % size. KIND 0 mse, 1 l1, 2 smooth_l1(beta), 3 huber(delta=beta),
    # 4 kl_div(log-input p, target t) = xlogy(t, t) - t * p (torch's formula, nan where it gives nan)
    if P_BCAST:
        ip = (offs // p_inner) % p_size
    else:
        ip = offs
    if T_BCAST:
        it = (offs // t_inner) % t_size
    else:
        it = offs
    p = tl.load(p_ptr + ip, mask=mask, other=0.0).to(tl.float32)
    t = tl.load(t_ptr + it, mask=mask, other=0.0).to(tl.float32)
    d = p - t
    if KIND == 0:
        v = d * d
    elif KIND == 1:
        v = tl.abs(d)
    elif KIND == 2:
        ad = tl.abs(d)
        v = tl.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta)
    elif KIND == 3:
        ad = tl.abs(d)
        v = tl.where(ad < beta, 0.5 * d * d, beta * (ad - 0.5 * beta))
    else:
        v = tl.where(t == 0, 0.0, t * tl.log(tl.where(t == 0, 1.0, t))) - t * p
    return tl.where(mask, v, 0.0)


@triton.jit
def _pointwise_loss_kernel(p_ptr, p_inner, p_size, t_ptr, t_inner, t_size, out_ptr, n, beta,
                           KIND: tl.constexpr, P_BCAST: tl.constexpr, T_BCAST: tl.constexpr, BLOCK: tl.constexpr):
    # reduction='none': the per-element loss
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = _loss_value(p_ptr, p_inner, p_size, t_ptr, t_inner, t_size, offs, mask, beta, KIND, P_BCAST, T_BCAST)
    tl.store(out_ptr + offs, v.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _loss_partial_kernel(p_ptr, p_inner, p_size, t_ptr, t_inner, t_size, part_ptr, n, ITERS, beta, denom,
                         KIND: tl.constexpr, P_BCAST: tl.constexpr, T_BCAST: tl.constexpr, FINAL: tl.constexpr,
                         BLOCK: tl.constexpr):
    # loss and reduction in one pass: program s sums the loss of elements [s * ITERS * BLOCK, (s + 1) * ITERS *
    # BLOCK) into part[s] (fp32): BLOCK lanes each add ITERS values, then a tree sum. FINAL (a one-program grid):
    # writes sum / denom to the output instead.
    start = tl.program_id(0).to(tl.int64) * ITERS * BLOCK
    lanes = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for i in range(0, ITERS):
        offs = start + i * BLOCK + lanes
        acc += _loss_value(p_ptr, p_inner, p_size, t_ptr, t_inner, t_size, offs, offs < n, beta,
                           KIND, P_BCAST, T_BCAST)
    res = tl.sum(acc, 0)
    if FINAL:
        tl.store(part_ptr, (res / denom).to(part_ptr.dtype.element_ty))
    else:
        tl.store(part_ptr + tl.program_id(0), res)


@triton.jit
def _loss_finish_kernel(part_ptr, out_ptr, S, denom, BLOCK_S: tl.constexpr):
    # one program: the S fp32 partials added in a fixed order (BLOCK_S lanes, then a tree; no atomics, so
    # bitwise repeatable), / denom
    offs = tl.arange(0, BLOCK_S)
    acc = tl.zeros((BLOCK_S,), tl.float32)
    for s0 in range(0, S, BLOCK_S):
        acc += tl.load(part_ptr + s0 + offs, mask=s0 + offs < S, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, 0) / denom).to(out_ptr.dtype.element_ty))


_LOSS_KINDS = {"mse_loss": 0, "l1_loss": 1, "smooth_l1_loss": 2, "huber_loss": 3, "kl_div": 4}


def _reduce_loss(per, reduction, batch):
    if reduction == "none":
        return per
    if reduction == "sum":
        return _reduce(per, None, False, "sum")
    if reduction == "batchmean":
        return _reduce(per, None, False, "sum") / batch
    return _reduce(per, None, False, "mean")


def _pointwise_loss(p, t, kind, reduction="mean", beta=1.0):
    """F.mse_loss / l1_loss / smooth_l1_loss / huber_loss / kl_div. 'none': one elementwise kernel. Otherwise
    one pass computes and sums the loss (min(LOSS_PROGRAMS, n / LOSS_BLOCK) programs, one fp32 partial each),
    then one program adds the partials and divides (mean: by n; batchmean: by p.shape[0])."""
    shape = torch.broadcast_shapes(p.shape, t.shape)
    n = math.prod(shape)
    dtype = _promote(p.dtype, t.dtype)
    pk, p_inner, p_size, p_b = _bcast_operand(p, shape)  # a broadcast operand is indexed, not copied
    tk, t_inner, t_size, t_b = _bcast_operand(t, shape)
    args = (pk, p_inner, p_size, tk, t_inner, t_size)
    consts = dict(KIND=_LOSS_KINDS[kind], P_BCAST=p_b, T_BCAST=t_b)
    if reduction == "none":
        per = torch.empty(shape, dtype=dtype, device=p.device)
        if n > 0:
            _pointwise_loss_kernel[(triton.cdiv(n, BLOCK_SIZE),)](*args, per, n, float(beta), **consts,
                                                                  BLOCK=BLOCK_SIZE, num_warps=NUM_WARPS)
        return per
    denom = float(n if reduction == "mean" else (p.shape[0] if reduction == "batchmean" and p.dim() else 1))
    if n == 0:
        return torch.zeros((), dtype=dtype, device=p.device) / denom  # as torch: nan for a mean over nothing, else 0
    out = torch.empty((), dtype=dtype, device=p.device)
    programs = min(LOSS_PROGRAMS, triton.cdiv(n, LOSS_BLOCK))
    iters = triton.cdiv(triton.cdiv(n, programs), LOSS_BLOCK)
    programs = triton.cdiv(n, iters * LOSS_BLOCK)
    part = out if programs == 1 else torch.empty(programs, dtype=torch.float32, device=p.device)
    _loss_partial_kernel[(programs,)](*args, part, n, iters, float(beta), denom, **consts, FINAL=programs == 1,
                                      BLOCK=LOSS_BLOCK, num_warps=LOSS_NUM_WARPS)
    if programs > 1:
        _loss_finish_kernel[(1,)](part, out, programs, denom, BLOCK_S=min(triton.next_power_of_2(programs), 1024),
                                  num_warps=4)
    return out


@triton.jit
def _cross_entropy_kernel(x_ptr, t_ptr, out_ptr, C, IGNORE, BLOCK: tl.constexpr):
    # one row: logsumexp(x) - x[target] (online logsumexp in fp32); 0 for ignored rows
    row = tl.program_id(0).to(tl.int64)
    base = row * C
    offs0 = tl.arange(0, BLOCK)
    m = tl.full((BLOCK,), -float("inf"), tl.float32)
    s = tl.zeros((BLOCK,), tl.float32)
    for c0 in range(0, C, BLOCK):
        c = c0 + offs0
        v = tl.load(x_ptr + base + c, mask=c < C, other=-float("inf")).to(tl.float32)
        new_m = tl.maximum(m, v)
        safe = tl.where(new_m == -float("inf"), 0.0, new_m)
        s = s * tl.exp(m - safe) + tl.exp(v - safe)
        m = new_m
    mx = tl.max(m, 0)
    lse = mx + tl.log(tl.sum(s * tl.exp(m - mx), 0))
    tgt = tl.load(t_ptr + row)
    ok = tgt != IGNORE
    picked = tl.load(x_ptr + base + tl.where(ok, tgt, 0)).to(tl.float32)
    tl.store(out_ptr + row, tl.where(ok, lse - picked, 0.0))


def _cross_entropy(x, target, reduction="mean", ignore_index=-100):
    """F.cross_entropy for (N, C) logits and (N,) class indices (no weights, no label smoothing)."""
    x = x.contiguous()
    target = target.contiguous()
    n, c = x.shape
    per = torch.empty(n, dtype=torch.float32, device=x.device)
    if n > 0:
        block = min(BLOCK_SIZE, triton.next_power_of_2(c))
        _cross_entropy_kernel[(n,)](x, target, per, c, ignore_index, BLOCK=block, num_warps=NUM_WARPS)
    per = per.to(x.dtype)
    if reduction == "none":
        return per
    total = _reduce(per, None, False, "sum")
    if reduction == "sum":
        return total
    return total / (target != ignore_index).sum().to(total.dtype)


@triton.jit
def _triplet_kernel(a_ptr, p_ptr, n_ptr, out_ptr, D, margin, eps, BLOCK: tl.constexpr):
    # one row: max(||a - p + eps|| - ||a - n + eps|| + margin, 0) (p=2 pairwise distances)
    row = tl.program_id(0).to(tl.int64)
    base = row * D
    offs0 = tl.arange(0, BLOCK)
    acc_p = tl.zeros((BLOCK,), tl.float32)
    acc_n = tl.zeros((BLOCK,), tl.float32)
    for d0 in range(0, D, BLOCK):
        d = d0 + offs0
        msk = d < D
        a = tl.load(a_ptr + base + d, mask=msk, other=0.0).to(tl.float32)
        dp = tl.where(msk, a - tl.load(p_ptr + base + d, mask=msk, other=0.0).to(tl.float32) + eps, 0.0)
        dn = tl.where(msk, a - tl.load(n_ptr + base + d, mask=msk, other=0.0).to(tl.float32) + eps, 0.0)
        acc_p += dp * dp
        acc_n += dn * dn
    loss = tl.sqrt(tl.sum(acc_p, 0)) - tl.sqrt(tl.sum(acc_n, 0)) + margin
    tl.store(out_ptr + row, tl.maximum(loss, 0.0))


def _triplet_margin_loss(a, p, n, margin, eps, reduction):
    a, p, n = (t.contiguous() for t in (a, p, n))
    rows, d = a.shape
    per = torch.empty(rows, dtype=torch.float32, device=a.device)
    if rows > 0:
        block = min(BLOCK_SIZE, triton.next_power_of_2(d))
        _triplet_kernel[(rows,)](a, p, n, per, d, float(margin), float(eps), BLOCK=block, num_warps=NUM_WARPS)
    return _reduce_loss(per.to(a.dtype), reduction, rows)
''',
    # LOSS_*: the fused loss + reduction of _pointwise_loss (reduction != 'none'): LOSS_BLOCK lanes per program,
    # at most LOSS_PROGRAMS programs (528 = 4 x 132 H200 SMs). On an H200, 2^28 fp32 elements: 96% of the
    # two-read memory floor (smooth_l1), kl_div 94% with 16 warps against 82% with 8 (its log is not free)
    {"BLOCK_SIZE": 1024, "NUM_WARPS": 4, "LOSS_BLOCK": 2048, "LOSS_NUM_WARPS": 16, "LOSS_PROGRAMS": 528},
    {
        "BLOCK_SIZE": [128, 256, 512, 1024, 2048, 4096],
        "NUM_WARPS": [1, 2, 4, 8, 16],
        "LOSS_BLOCK": [512, 1024, 2048, 4096, 8192],
        "LOSS_NUM_WARPS": [2, 4, 8, 16],
        "LOSS_PROGRAMS": [132, 264, 528, 1056, 2112],
    },
)

ATTENTION = Family(
    "attention",
    '''

def _sdpa(q, k, v, scale=None):
    """F.scaled_dot_product_attention without mask/dropout: generated matmul -> softmax -> matmul."""
    scale = 1.0 / math.sqrt(q.shape[-1]) if scale is None else scale
    scores = _matmul(q, k.transpose(-2, -1))
    return _matmul(_softmax(scores * scale, -1), v)
''',
)

FAMILIES.update({f.name: f for f in (LOSS, ATTENTION)})
KIND_FAMILIES.update({"loss": ("reduce", "loss"), "attention": ("matmul", "softmax", "attention")})
