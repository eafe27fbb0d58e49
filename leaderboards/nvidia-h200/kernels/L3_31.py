"""Starter ModelNew for 31_VisionAttention, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: add, normalisation: layer_norm
Library calls kept: MultiheadAttention: unsupported call
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
EW_STREAM = False
BLOCK_SIZE = 2048
NUM_WARPS = 4
NORM_BLOCK = 1024
NORM_NUM_WARPS = 4
NORM_SPLIT_PROGRAMS = 264
NORM_SPLIT_MIN_R = 16384
NORM_SPLIT_CHUNK = 16384

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
embed_dim = 128
num_heads = 4
batch_size = 2
num_channels = embed_dim
image_height = 128
image_width = 128


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
def _chan_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    # (mean, M2, count) of two sets merged (Chan et al.); empty sets (count 0) merge as nothing
    n = n_a + n_b
    w_b = tl.where(n > 0, n_b / tl.maximum(n, 1.0), 0.0)
    delta = mean_b - mean_a
    return mean_a + delta * w_b, m2_a + m2_b + delta * delta * n_a * w_b, n


@triton.jit
def _lane_stats(s1, s2, k, krow, n):
    # per-lane (mean - krow, M2) from sums of (x - k) and (x - k)^2, k the lane's first value: shifting by a
    # sample keeps the one-pass form accurate (|mean - k| is of the order of the spread, not of the mean).
    # Means stay relative to the row's first value krow, so merging them never rounds at the data's scale.
    # An empty lane (past the row's end) has mean 0: merging it then leaves the others' means exact.
    safe = tl.maximum(n, 1.0)
    return tl.where(n > 0, (k - krow) + s1 / safe, 0.0), tl.maximum(s2 - s1 * s1 / safe, 0.0)


@triton.jit
def _rownorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, ROWS, R, G, CPG, S, eps,
                    HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK_ROWS: tl.constexpr, BLOCK: tl.constexpr):
    # Normalises BLOCK_ROWS contiguous rows of R elements per program: one pass for the statistics (per-lane
    # shifted sums merged with Chan's formula, fp32), one to normalise; the row is read twice, written once.
    # Affine index of element r of row `row`: (row % G) * CPG + r // S
    #   layer_norm: G=1, S=1 -> r;  group_norm: G groups, CPG channels/group, S spatial;  instance: CPG=1
    rows = tl.program_id(0).to(tl.int64) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    rmask = rows < ROWS
    base = rows * R
    cols0 = tl.arange(0, BLOCK)
    m0 = rmask[:, None] & (cols0[None, :] < R)
    k = tl.load(x_ptr + base[:, None] + cols0[None, :], mask=m0, other=0.0).to(tl.float32)
    krow = tl.load(x_ptr + base, mask=rmask, other=0.0).to(tl.float32)
    s1 = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    s2 = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    n = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        d = tl.where(m, tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32) - k, 0.0)
        s1 += d
        s2 += d * d
        n += m.to(tl.float32)
    lane_mean, lane_m2 = _lane_stats(s1, s2, k, krow[:, None], n)
    mean, m2, cnt = tl.reduce((lane_mean, lane_m2, n), 1, _chan_combine)  # mean relative to krow
    rstd = 1.0 / tl.sqrt(m2 / tl.maximum(cnt, 1.0) + eps)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        v = tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32)
        y = ((v - krow[:, None]) - mean[:, None]) * rstd[:, None]
        widx = (rows % G)[:, None] * CPG + c[None, :] // S
        if HAS_W:
            y = y * tl.load(w_ptr + widx, mask=m, other=1.0).to(tl.float32)
        if HAS_B:
            y = y + tl.load(b_ptr + widx, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + base[:, None] + c[None, :], y.to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def _rownorm_row_stats(mean_ptr, m2_ptr, row, NCHUNK, CHUNK, R, eps, BLOCK_P: tl.constexpr):
    # (mean, rstd) of a row from its NCHUNK chunks' (mean, M2), merged with Chan's formula (means relative to
    # the row's first value, as stored by stage 1)
    p_offs = tl.arange(0, BLOCK_P)
    mean = tl.zeros((BLOCK_P,), tl.float32)
    m2 = tl.zeros((BLOCK_P,), tl.float32)
    n = tl.zeros((BLOCK_P,), tl.float32)
    for p0 in range(0, NCHUNK, BLOCK_P):
        p = p0 + p_offs
        pm = p < NCHUNK
        cnt = tl.where(pm, tl.minimum(CHUNK, R - p.to(tl.int64) * CHUNK), 0).to(tl.float32)
        mean, m2, n = _chan_combine(mean, m2, n, tl.load(mean_ptr + row * NCHUNK + p, mask=pm, other=0.0),
                                    tl.load(m2_ptr + row * NCHUNK + p, mask=pm, other=0.0), cnt)
    mean, m2, n = tl.reduce((mean, m2, n), 0, _chan_combine)
    return mean, 1.0 / tl.sqrt(m2 / tl.maximum(n, 1.0) + eps)


@triton.jit
def _rownorm_split_kernel(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, m2_ptr, R, G, CPG, S, eps, CHUNK, NCHUNK,
                          STAGE: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr,
                          BLOCK: tl.constexpr, BLOCK_P: tl.constexpr):
    # Split row normalisation, program (chunk j, row): elements [j * CHUNK, (j + 1) * CHUNK) of the row.
    # STAGE 1: the chunk's (mean, M2) in one pass (shifted per-lane sums, as _rownorm_kernel);
    # STAGE 2: merge the row's chunks, normalise + affine (same index as _rownorm_kernel). Reads x twice.
    j = tl.program_id(0).to(tl.int64)
    row = tl.program_id(1).to(tl.int64)
    if STAGE == 2:  # in reverse: the first programs re-read what stage 1 read last, likely still in L2
        j = NCHUNK - 1 - j
        row = tl.num_programs(1) - 1 - row
    base = row * R
    start = j * CHUNK
    end = tl.minimum(start + CHUNK, R)
    offs = tl.arange(0, BLOCK)
    krow = tl.load(x_ptr + base).to(tl.float32)  # every chunk's means are relative to the row's first value
    if STAGE == 1:
        k = tl.load(x_ptr + base + start + offs, mask=start + offs < end, other=0.0).to(tl.float32)
        s1 = tl.zeros((BLOCK,), tl.float32)
        s2 = tl.zeros((BLOCK,), tl.float32)
        n = tl.zeros((BLOCK,), tl.float32)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            m = c < end
            d = tl.where(m, tl.load(x_ptr + base + c, mask=m, other=0.0).to(tl.float32) - k, 0.0)
            s1 += d
            s2 += d * d
            n += m.to(tl.float32)
        lane_mean, lane_m2 = _lane_stats(s1, s2, k, krow, n)
        mean, m2, _ = tl.reduce((lane_mean, lane_m2, n), 0, _chan_combine)
        tl.store(mean_ptr + row * NCHUNK + j, mean)
        tl.store(m2_ptr + row * NCHUNK + j, m2)
    else:
        mean, rstd = _rownorm_row_stats(mean_ptr, m2_ptr, row, NCHUNK, CHUNK, R, eps, BLOCK_P)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            m = c < end
            v = tl.load(x_ptr + base + c, mask=m, other=0.0).to(tl.float32)
            y = ((v - krow) - mean) * rstd
            widx = (row % G) * CPG + c // S
            if HAS_W:
                y = y * tl.load(w_ptr + widx, mask=m, other=1.0).to(tl.float32)
            if HAS_B:
                y = y + tl.load(b_ptr + widx, mask=m, other=0.0).to(tl.float32)
            tl.store(y_ptr + base + c, y.to(y_ptr.dtype.element_ty), mask=m)


_NORM_SPLIT_MAX_PARTS = 256  # cap on chunks per row (the chunk grows instead): every program reads them all


def _rownorm_split(x, y, w, b, rows, r, g, cpg, s, eps, has_w, has_b):
    # two launches over (chunks, rows) programs for few, long rows; False when it would not add programs
    block = min(NORM_BLOCK, triton.next_power_of_2(min(r, NORM_SPLIT_CHUNK)))
    chunk = max(NORM_SPLIT_CHUNK, triton.cdiv(r, _NORM_SPLIT_MAX_PARTS))
    chunk = triton.cdiv(chunk, block) * block
    nchunk = triton.cdiv(r, chunk)
    if nchunk < 2 or rows > 65535:  # grid axis 1 limit
        return False
    means = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    m2 = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    block_p = min(1024, triton.next_power_of_2(nchunk))
    for stage in (1, 2):
        _rownorm_split_kernel[(nchunk, rows)](x, w, b, y, means, m2, r, g, cpg, s, eps, chunk, nchunk,
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
    # few programs, each normalising a long row: split the rows into chunks (two stages)
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



@triton.jit
def _fused0_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, WIDE: tl.constexpr, EVICT: tl.constexpr, STORE_CM: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: add
    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper
        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    else:
        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        a0 = tl.load(in0_ptr + (offs // in0_inner) % in0_size, mask=mask, other=0.0)
    else:
        a0 = tl.load(in0_ptr + offs, mask=mask, other=0.0, eviction_policy=EVICT)
    a0 = a0.to(tl.float32)
    if IN1_BCAST:
        a1 = tl.load(in1_ptr + (offs // in1_inner) % in1_size, mask=mask, other=0.0)
    else:
        a1 = tl.load(in1_ptr + offs, mask=mask, other=0.0, eviction_policy=EVICT)
    a1 = a1.to(tl.float32)
    t0 = (a0 + a1)  # add: add
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask, cache_modifier=STORE_CM)


def _fused0(getitem_4, permute):
    """add"""
    shape = torch.broadcast_shapes(getitem_4.shape, permute.shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(getitem_4, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(permute, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(getitem_4.dtype, permute.dtype), device=getitem_4.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, WIDE=n + BLOCK_SIZE >= 2**31, EVICT="evict_first" if EW_STREAM else "", STORE_CM=".cs" if EW_STREAM else "", BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, embed_dim, num_heads):
        """
        Attention Block using Multihead Self-Attention.
        :param embed_dim: Embedding dimension (the number of channels)
        :param num_heads: Number of attention heads
        """
        super().__init__()
        self.attn = nn.MultiheadAttention(embed_dim, num_heads)
        self.norm = nn.LayerNorm(embed_dim)

    def forward(self, x):
        getattr_1 = x.shape
        getitem = getattr_1[0]
        getitem_1 = getattr_1[1]
        getitem_2 = getattr_1[2]
        getitem_3 = getattr_1[3]
        mul = (getitem_2 * getitem_3)
        view = x.view(getitem, getitem_1, mul)
        permute = view.permute(2, 0, 1)
        attn = self.attn(permute, permute, permute)
        getitem_4 = attn[0]
        getitem_5 = attn[1]
        add = _fused0(getitem_4, permute)
        norm = _layer_norm(add, 1, self.norm.weight, self.norm.bias, self.norm.eps)
        permute_1 = norm.permute(1, 2, 0)
        view_1 = permute_1.view(getitem, getitem_1, getitem_2, getitem_3)
        return view_1
