"""Starter ModelNew for 32_ConvolutionalVisionTransformer, generated from the reference by autokernel-kb.

Generated Triton kernels: convolution: Conv2d, matmul: linear, matmul: linear
Library calls kept: cat: no generated kernel; TransformerEncoderLayer: no generated kernel
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
CONV_PRECISION = 'ieee'
CONV_ALGO = 'im2col'
CONV_DEPTHWISE = 'direct'
CONV_DW_BLOCK = 256
CONV_BLOCK_M = 64
CONV_BLOCK_N = 32
CONV_BLOCK_K = 32
CONV_NUM_WARPS = 4
CONV_NUM_STAGES = 2
MM_PRECISION = 'tf32x3'
MM_SPLIT_K = 0
MM_BLOCK_M = 128
MM_BLOCK_N = 128
MM_BLOCK_K = 32
MM_NUM_WARPS = 8
MM_NUM_STAGES = 3
MM_GROUP_M = 8

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 10
image_size = 32
embed_dim = 128
in_channels = 3
num_heads = 4
num_classes = 1000


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
def _tf32_split_kernel(src_ptr, hi_ptr, lo_ptr, R, C, R_OUT, C_OUT, s_b, s_r, s_c, d_b, d_r, d_c,
                       BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # x = hi + lo exactly, hi = x rounded to the nearest TF32 value (10 mantissa bits): the split of 3xTF32,
    # done once per operand instead of once per tile visit. Rounding, not truncation: |lo| <= 2^-11 |x|, which
    # cuts the split's error about 2.5x (emulated, signed inputs, K = 4096); the tensor cores may drop lo's low
    # bits, an error of 2^-21 |x| at most. The destination strides may transpose (B is
    # written K-major, the layout the TF32 tensor-core instructions read without a shuffle), and the destination
    # may be larger (R_OUT x C_OUT): the padding is written as zeros.
    b = tl.program_id(2).to(tl.int64)
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    c = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (r[:, None] < R) & (c[None, :] < C)
    x = tl.load(src_ptr + b * s_b + r[:, None].to(tl.int64) * s_r + c[None, :] * s_c, mask=mask, other=0.0)
    x = x.to(tl.float32)
    bits = x.to(tl.int32, bitcast=True)
    hi = ((bits + 4096) & -8192).to(tl.float32, bitcast=True)  # -8192 = 0xFFFFE000: mantissa bits 0-12 cleared
    hi = tl.where(tl.abs(hi) < float("inf"), hi, (bits & -8192).to(tl.float32, bitcast=True))  # no overflow to inf
    off = b * d_b + r[:, None].to(tl.int64) * d_r + c[None, :] * d_c
    out = (r[:, None] < R_OUT) & (c[None, :] < C_OUT)
    tl.store(hi_ptr + off, hi, mask=out)
    tl.store(lo_ptr + off, x - hi, mask=out)


@triton.jit
def _dot_block(a, b, a2_ptrs, a_mask, b2_ptrs, b_mask, PRECISION: tl.constexpr):
    # One K block's product a @ b, formed on its own (callers add it to their running sum): "ieee" fp32, "tf32x3"
    # (Triton splits in the loop), or "tf32x3s": a and b are the high parts split beforehand, their low parts are
    # loaded here, and the product is three plain TF32 dots, the small cross terms first. Starting from zero
    # likely matters: the convolutions that fed the running sum into these dots missed 1e-4 on 7 of 12 H200
    # problems (2026-11-30, large inputs), while Triton's own tf32x3 and the matmul, both starting each block from
    # zero, passed; the tensor cores' accumulation can round tiny cross terms away against a large running sum
    if PRECISION == "tf32x3s":
        a2 = tl.load(a2_ptrs, mask=a_mask, other=0.0)
        b2 = tl.load(b2_ptrs, mask=b_mask, other=0.0)
        part = tl.dot(a2, b, input_precision="tf32")
        part = tl.dot(a, b2, part, input_precision="tf32")
        return tl.dot(a, b, part, input_precision="tf32")
    else:
        return tl.dot(a, b, input_precision=PRECISION)


def _tf32_split(x, transpose, k_multiple=1):
    """(hi, lo) fp32 copies of a 3-D tensor (B, R, C) with x == hi + lo, hi the nearest TF32 value: (B, R, C') or, when
    transposed, (B, C, R') contiguous, the last dim zero-padded to a multiple of ``k_multiple`` (when it is the
    matmul's K, every row then starts aligned and no K block is partial)."""
    bt, r, c = x.shape
    r_out, c_out = (_cdiv(r, k_multiple) * k_multiple, c) if transpose else (r, _cdiv(c, k_multiple) * k_multiple)
    shape = (bt, c_out, r_out) if transpose else (bt, r_out, c_out)
    hi = torch.empty(shape, dtype=torch.float32, device=x.device)
    lo = torch.empty_like(hi)
    d_b, d_r, d_c = (hi.stride(0), 1, r_out) if transpose else hi.stride()
    grid = (_cdiv(r_out, 64), _cdiv(c_out, 64), bt)
    _tf32_split_kernel[grid](x, hi, lo, r, c, r_out, c_out, *x.stride(), d_b, d_r, d_c, BLOCK_R=64, BLOCK_C=64)
    return hi, lo



@triton.jit
def _split_dhw(offs, OD, OH, OW):
    # flat index over (..., OD, OH, OW) -> (leading index, od, oh, ow)
    ow = offs % OW
    t = offs // OW
    oh = t % OH
    t = t // OH
    return t // OD, t % OD, oh, ow


@triton.jit
def _conv_in(od, oh, ow, kd, kh, kw, D, H, W, SD, SH, SW, PD, PH, PW, DD, DH, DW, TRANSPOSED: tl.constexpr):
    # Input position read by output (od, oh, ow) through tap (kd, kh, kw), and whether it exists (any shapes that
    # broadcast). Forward: in = out * stride - pad + k * dil. Transposed: in = (out + pad - k * dil) / stride when
    # that divides exactly.
    if TRANSPOSED:
        td = od + PD - kd * DD
        th = oh + PH - kh * DH
        tw = ow + PW - kw * DW
        valid = (td >= 0) & (th >= 0) & (tw >= 0)
        td = tl.where(valid, td, 0)
        th = tl.where(valid, th, 0)
        tw = tl.where(valid, tw, 0)
        valid = valid & (td % SD == 0) & (th % SH == 0) & (tw % SW == 0)
        i_d = td // SD
        i_h = th // SH
        i_w = tw // SW
    else:
        i_d = od * SD - PD + kd * DD
        i_h = oh * SH - PH + kh * DH
        i_w = ow * SW - PW + kw * DW
        valid = (i_d >= 0) & (i_h >= 0) & (i_w >= 0)
    return i_d, i_h, i_w, valid & (i_d < D) & (i_h < H) & (i_w < W)


@triton.jit
def _conv_store(acc, y_ptr, b_ptr, n, co, sp, m_mask, n_mask, COUT, OSP, HAS_BIAS: tl.constexpr):
    # The epilogue of every implicit-GEMM kernel: bias, then rows (n, output position sp) x output channels co
    # stored into y (N, COUT, OD, OH, OW), OSP = OD * OH * OW.
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=n_mask, other=0.0).to(tl.float32)[None, :]
    y_off = (n[:, None] * COUT + co[None, :]) * OSP + sp[:, None]
    tl.store(y_ptr + y_off, acc.to(y_ptr.dtype.element_ty), mask=m_mask[:, None] & n_mask[None, :])


@triton.jit
def _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G,
                  BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # One tap of the channels-last implicit GEMM: its input channels in BLOCK_K runs, contiguous in x (rows
    # ``row``) and in w (rows ``w_row``).
    for c0 in range(0, CIN_G, BLOCK_K):
        ci = c0 + tl.arange(0, BLOCK_K)
        k_mask = ci < CIN_G
        a_mask = valid[:, None] & k_mask[None, :]
        b_mask = k_mask[:, None] & n_mask[None, :]
        a = tl.load(x_ptr + row[:, None] + ci[None, :], mask=a_mask, other=0.0).to(tl.float32)
        b = tl.load(w_ptr + w_row + ci[:, None], mask=b_mask, other=0.0).to(tl.float32)
        acc += _dot_block(a, b, x2_ptr + row[:, None] + ci[None, :], a_mask, w2_ptr + w_row + ci[:, None], b_mask,
                          PRECISION)
    return acc


@triton.jit
def _conv_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                 KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                 HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # Implicit-GEMM convolution on 5-D (N, C, D, H, W) tensors (1-D/2-D convs use size-1 dims).
    # GEMM rows = output positions (n, od, oh, ow); cols = output channels of group g;
    # reduction = (ci, kd, kh, kw); input positions from `_conv_in`. PRECISION "tf32x3s": x2/w2 hold the low parts
    # of x and w split beforehand (see _tf32_split and _dot_block).
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
        i_d, i_h, i_w, valid = _conv_in(od[:, None], oh[:, None], ow[:, None], kd[None, :], kh[None, :], kw[None, :],
                                        D, H, W, SD, SH, SW, PD, PH, PW, DD, DH, DW, TRANSPOSED)
        valid = valid & m_mask[:, None] & k_mask[None, :]
        cin = g * CIN_G + ci
        x_off = ((n[:, None] * CIN + cin[None, :]) * D + i_d) * (H * W) + i_h * W + i_w
        a = tl.load(x_ptr + x_off, mask=valid, other=0.0).to(tl.float32)
        if TRANSPOSED:  # weight (CIN, COUT_G, KD, KH, KW)
            w_off = ((g * CIN_G + ci[:, None]).to(tl.int64) * COUT_G + offs_n[None, :]) * KK + (offs_k % KK)[:, None]
        else:  # weight (COUT, CIN_G, KD, KH, KW)
            w_off = co[None, :].to(tl.int64) * K + offs_k[:, None]
        b_mask = k_mask[:, None] & n_mask[None, :]
        b = tl.load(w_ptr + w_off, mask=b_mask, other=0.0).to(tl.float32)
        acc += _dot_block(a, b, x2_ptr + x_off, valid, w2_ptr + w_off, b_mask, PRECISION)
    _conv_store(acc, y_ptr, b_ptr, n, co, offs_m % (OD * OH * OW), m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS)


@triton.jit
def _conv_taps_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                      KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                      HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # The same implicit GEMM with the reduction walked tap by tap: the input rows of one tap (kd, kh, kw) are
    # found once, then its channels are read in BLOCK_K runs. x is channels-last (N, D, H, W, CIN), so a run is
    # contiguous; w is (G, taps, COUT_G, CIN_G), so B is K-major too (what the TF32 tensor-core path reads best).
    # Index arithmetic per tap instead of per element and K block.
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
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for tap in range(0, KK):
        kw = tap % KW
        kh = (tap // KW) % KH
        kd = tap // (KW * KH)
        i_d, i_h, i_w, valid = _conv_in(od, oh, ow, kd, kh, kw, D, H, W, SD, SH, SW, PD, PH, PW, DD, DH, DW, TRANSPOSED)
        valid = valid & m_mask
        row = (((n * D + i_d) * H + i_h) * W + i_w) * CIN + g * CIN_G  # read only where valid (see below)
        w_row = ((g * KK + tap) * COUT_G + offs_n[None, :]).to(tl.int64) * CIN_G
        acc = _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G, BLOCK_K, PRECISION)
    _conv_store(acc, y_ptr, b_ptr, n, co, offs_m % (OD * OH * OW), m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS)


@triton.jit
def _convt_taps_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, CD, CH, CW, MC,
                       KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G,
                       HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # Transposed convolution (dilation 1) by residue class: output o receives input i through tap k only when
    # o + pad - k = i * stride, so the outputs with one (o + pad) mod stride share their taps: k = that residue,
    # + stride, + 2 stride... Each program takes a tile of one class (program_id(2) = group * classes + class)
    # and visits only those taps, not all KD * KH * KW with the others masked (stride^3 times fewer for 3-D).
    # x channels-last, w (G, taps, COUT_G, CIN_G), as in _conv_taps_kernel. CD/CH/CW: positions per class and dim.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    ncls = SD * SH * SW
    g = tl.program_id(2) // ncls
    cls = tl.program_id(2) % ncls
    rd = cls // (SH * SW)
    rh = (cls // SW) % SH
    rw = cls % SW
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    n, td, th, tw = _split_dhw(offs_m, CD, CH, CW)
    od = (rd - PD % SD + SD) % SD + td * SD  # the first output of the class, then every stride-th
    oh = (rh - PH % SH + SH) % SH + th * SH
    ow = (rw - PW % SW + SW) % SW + tw * SW
    m_mask = (offs_m < MC) & (od < OD) & (oh < OH) & (ow < OW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for kd in range(rd, KD, SD):
        i_d = (od + PD - kd) // SD
        for kh in range(rh, KH, SH):
            i_h = (oh + PH - kh) // SH
            for kw in range(rw, KW, SW):
                i_w = (ow + PW - kw) // SW
                valid = m_mask & (od + PD - kd >= 0) & (oh + PH - kh >= 0) & (ow + PW - kw >= 0)
                valid = valid & (i_d < D) & (i_h < H) & (i_w < W)
                # rows of invalid positions are never read (the loads are masked by valid); not zeroing them
                # with tl.where also keeps Triton 3.6 compiling the tap kernels (its TritonGPURemoveLayoutConversions
                # pass failed on L1/73 and L1/77 with the where)
                row = (((n * D + i_d) * H + i_h) * W + i_w) * CIN + g * CIN_G
                tap = (kd * KH + kh) * KW + kw
                w_row = ((g * KD * KH * KW + tap) * COUT_G + offs_n[None, :]).to(tl.int64) * CIN_G
                acc = _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G, BLOCK_K,
                                    PRECISION)
    _conv_store(acc, y_ptr, b_ptr, n, co, (od * OH + oh) * OW + ow, m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS)


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
        _dwconv_kernel[(_cdiv(total, CONV_DW_BLOCK),)](
            x5, w, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout, *out_sp, total,
            *k, *s, *p, *d, cout_g, HAS_BIAS=conv.bias is not None, BLOCK=CONV_DW_BLOCK,
            num_warps=CONV_NUM_WARPS)
    elif y.numel() > 0 and CONV_ALGO == "taps":
        _conv_taps(x5, w, conv.bias, y, transposed, g, cin_g, cout_g, spatial, out_sp, m, k, s, p, d)
    elif y.numel() > 0:
        x2 = w2 = None
        if CONV_PRECISION == "tf32x3s":
            x5, x2 = (t.view(x5.shape) for t in _tf32_split(x5.view(1, -1, x5.shape[-1]), transpose=False))
            w, w2 = (t.view(w.shape) for t in _tf32_split(w.view(1, -1, w.shape[-1]), transpose=False))
        grid = (_cdiv(m, CONV_BLOCK_M), _cdiv(cout_g, CONV_BLOCK_N), g)
        _conv_kernel[grid](x5, x5 if x2 is None else x2, w, w if w2 is None else w2, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout,
                           *out_sp, m, *k, *s, *p, *d, cin_g, cout_g, HAS_BIAS=conv.bias is not None,
                           TRANSPOSED=transposed, BLOCK_M=CONV_BLOCK_M, BLOCK_N=CONV_BLOCK_N,
                           BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION, num_warps=CONV_NUM_WARPS,
                           num_stages=CONV_NUM_STAGES)
    return y.reshape(n, cout, *out_sp[3 - nd:])


def _conv_taps(x5, w, bias, y, transposed, g, cin_g, cout_g, spatial, out_sp, m, k, s, p, d):
    """CONV_ALGO "taps": x to channels-last and w to (G, taps, COUT_G, CIN_G), split for 3xTF32 on the way when
    CONV_PRECISION is "tf32x3s", then `_conv_taps_kernel` (or, for a strided transposed convolution without
    dilation, `_convt_taps_kernel`: each output class visits only its own taps)."""
    n, cin = x5.shape[0], x5.shape[1]
    taps = k[0] * k[1] * k[2]
    if transposed:  # (CIN, COUT_G, taps) -> (G, taps, COUT_G, CIN_G)
        wt = w.reshape(g, cin_g, cout_g, taps).permute(0, 3, 2, 1)
    else:  # (COUT, CIN_G, taps) -> (G, taps, COUT_G, CIN_G)
        wt = w.reshape(g, cout_g, cin_g, taps).permute(0, 3, 1, 2)
    wt = wt.contiguous()
    x3 = x5.reshape(n, cin, -1)  # (N, CIN, DHW)
    x2 = w2 = None
    if CONV_PRECISION == "tf32x3s":  # one pass each: the layout change and the split together
        xc, x2 = _tf32_split(x3, transpose=True)  # (N, DHW, CIN)
        wt, w2 = (t.view(wt.shape) for t in _tf32_split(wt.view(1, -1, cin_g), transpose=False))
    else:
        xc = x3.transpose(1, 2).contiguous()
    if transposed and tuple(d) == (1, 1, 1) and math.prod(s) > 1:  # only the taps each output class receives
        per_class = [_cdiv(out_sp[i], s[i]) for i in range(3)]
        mc = n * math.prod(per_class)
        grid = (_cdiv(mc, CONV_BLOCK_M), _cdiv(cout_g, CONV_BLOCK_N), g * math.prod(s))
        _convt_taps_kernel[grid](xc, xc if x2 is None else x2, wt, wt if w2 is None else w2,
                                 bias if bias is not None else wt, y, cin, *spatial, cout_g * g, *out_sp, *per_class,
                                 mc, *k, *s, *p, cin_g, cout_g, HAS_BIAS=bias is not None, BLOCK_M=CONV_BLOCK_M,
                                 BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION,
                                 num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)
        return
    grid = (_cdiv(m, CONV_BLOCK_M), _cdiv(cout_g, CONV_BLOCK_N), g)
    _conv_taps_kernel[grid](xc, xc if x2 is None else x2, wt, wt if w2 is None else w2,
                            bias if bias is not None else wt, y, cin, *spatial, cout_g * g, *out_sp, m, *k, *s, *p,
                            *d, cin_g, cout_g, HAS_BIAS=bias is not None, TRANSPOSED=transposed,
                            BLOCK_M=CONV_BLOCK_M, BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K,
                            PRECISION=CONV_PRECISION, num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)



@triton.jit
def _matmul_kernel(a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT, BATCH,
                   s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                   HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   GROUP_M: tl.constexpr, PRECISION: tl.constexpr, COMPENSATED: tl.constexpr):
    # C[b] = A[b] @ B[b] (+ bias[n]); any strides (transposed views need no copy); fp32 accumulation.
    # PRECISION "ieee" is exact fp32; "tf32x3" splits each operand into two TF32 parts on the tensor cores,
    # about fp32-accurate (well inside KernelBench's 1e-4) and usually faster than fp32 without tensor cores;
    # "tf32x3s" reads parts split beforehand (a2/b2 hold the low parts), so the loop is three plain TF32 dots.
    # Split K: program (tile, s * BATCH + b) sums K range s into partial s of an fp32 workspace.
    # COMPENSATED (long K ranges): each block's product is added with Kahan summation, so the running sum's
    # rounding does not grow with the range (a 64 Ki-long plain fp32 chain misses 1e-4 on signed inputs).
    # Tiles are visited GROUP_M rows of tiles at a time, so neighbouring programs share A and B tiles in L2.
    pid = tl.program_id(0)
    grid_m = tl.cdiv(M, BLOCK_M)
    grid_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * grid_n)
    rows = tl.minimum(grid_m - group * GROUP_M, GROUP_M)
    pid_m = group * GROUP_M + (pid % (GROUP_M * grid_n)) % rows
    pid_n = (pid % (GROUP_M * grid_n)) // rows
    pid_s = tl.program_id(1) // BATCH
    pid_b = (tl.program_id(1) % BATCH).to(tl.int64)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_off = pid_b * s_ab + rm[:, None].to(tl.int64) * s_am
    b_off = pid_b * s_bb + rn[None, :].to(tl.int64) * s_bn
    k_lo = pid_s * K_PER_SPLIT
    k_hi = tl.minimum(K, k_lo + K_PER_SPLIT)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    comp = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)  # Kahan: the low part lost by the last addition
    for k0 in range(k_lo, k_hi, BLOCK_K):
        k = k0 + rk
        a_idx = a_off + k[None, :].to(tl.int64) * s_ak
        b_idx = b_off + k[:, None].to(tl.int64) * s_bk
        a_mask = (rm[:, None] < M) & (k[None, :] < k_hi)
        b_mask = (k[:, None] < k_hi) & (rn[None, :] < N)
        a = tl.load(a_ptr + a_idx, mask=a_mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + b_idx, mask=b_mask, other=0.0).to(tl.float32)
        part = _dot_block(a, b, a2_ptr + a_idx, a_mask, b2_ptr + b_idx, b_mask, PRECISION)
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
    tiles = _cdiv(m, MM_BLOCK_M) * _cdiv(n, MM_BLOCK_N) * batch
    sms = _sm_count(device)
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
    if c.numel() == 0:
        return c
    a2 = b2 = None
    if MM_PRECISION == "tf32x3s" and k > 0:
        # K zero-padded to whole blocks: aligned rows, no partial block (the padding adds zeros to the sums)
        a, a2 = _tf32_split(a, transpose=False, k_multiple=MM_BLOCK_K)
        b, b2 = _tf32_split(b, transpose=True, k_multiple=MM_BLOCK_K)  # (B, N, K'): B[k, n] via swapped strides
        b_strides = (b.stride(0), b.stride(2), b.stride(1))
        k = a.shape[2]
    else:
        b_strides = b.stride()
    sab = a.stride(0) if a.shape[0] > 1 else 0
    sbb = b_strides[0] if b.shape[0] > 1 else 0
    split = _mm_splits(m, n, k, batch, a.device)
    k_per_split = max(1, _cdiv(_cdiv(k, split), MM_BLOCK_K)) * MM_BLOCK_K  # K = 0: one empty split
    split = max(1, _cdiv(k, k_per_split))
    # partial sums in fp32, summed after the kernel (bias added once, after the sum)
    out = c if split == 1 else torch.empty((split, batch, m, n), dtype=torch.float32, device=a.device)
    s_cs = 0 if split == 1 else out.stride(0)
    s_cb, s_cm, s_cn = out.stride(-3), out.stride(-2), out.stride(-1)
    grid = (_cdiv(m, MM_BLOCK_M) * _cdiv(n, MM_BLOCK_N), batch * split)
    _matmul_kernel[grid](a, a if a2 is None else a2, b, b if b2 is None else b2, out,
                         bias if bias is not None and split == 1 else out, m, n, k, k_per_split, batch,
                         sab, a.stride(1), a.stride(2), sbb, b_strides[1], b_strides[2], s_cs, s_cb, s_cm, s_cn,
                         HAS_BIAS=bias is not None and split == 1,
                         BLOCK_M=MM_BLOCK_M, BLOCK_N=MM_BLOCK_N, BLOCK_K=MM_BLOCK_K, GROUP_M=MM_GROUP_M,
                         PRECISION=MM_PRECISION, COMPENSATED=k_per_split >= _MM_COMPENSATED_CHAIN,
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


class ModelNew(nn.Module):

    def __init__(self, num_classes, embed_dim=512, num_heads=8, num_layers=6, mlp_ratio=4.0, patch_size=4, in_channels=3, image_size=32):
        """
        Convolutional Vision Transformer (CViT) implementation.
        :param num_classes: Number of output classes for classification.
        :param embed_dim: Dimensionality of the embedding space.
        :param num_heads: Number of attention heads.
        :param num_layers: Number of transformer layers.
        :param mlp_ratio: Ratio of the MLP hidden dimension to the embedding dimension.
        :param patch_size: Size of the convolutional patches.
        :param in_channels: Number of input channels (e.g., 3 for RGB images).
        :param image_size: Height/width of the square input image.
        """
        super().__init__()
        self.patch_size = patch_size
        self.image_size = image_size
        self.embed_dim = embed_dim
        self.conv1 = nn.Conv2d(in_channels, embed_dim, kernel_size=patch_size, stride=patch_size)
        num_patches = (image_size // patch_size) ** 2
        self.linear_proj = nn.Linear(embed_dim * num_patches, embed_dim)
        self.transformer_layers = nn.ModuleList([nn.TransformerEncoderLayer(d_model=embed_dim, nhead=num_heads, dim_feedforward=int(embed_dim * mlp_ratio), dropout=0.0, batch_first=True) for _ in range(num_layers)])
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.fc_out = nn.Linear(embed_dim, num_classes)

    def forward(self, x):
        size = x.size(0)
        conv1 = _conv(x, self.conv1)
        flatten = conv1.flatten(start_dim=1)
        linear_proj = _linear(flatten, self.linear_proj.weight, self.linear_proj.bias)
        cls_token = self.cls_token
        expand = cls_token.expand(size, -1, -1)
        unsqueeze = linear_proj.unsqueeze(1)
        cat = torch.cat((expand, unsqueeze), dim=1)
        transformer_layers_0 = _sub(self, 'transformer_layers.0')(cat)
        transformer_layers_1 = _sub(self, 'transformer_layers.1')(transformer_layers_0)
        transformer_layers_2 = _sub(self, 'transformer_layers.2')(transformer_layers_1)
        transformer_layers_3 = _sub(self, 'transformer_layers.3')(transformer_layers_2)
        transformer_layers_4 = _sub(self, 'transformer_layers.4')(transformer_layers_3)
        transformer_layers_5 = _sub(self, 'transformer_layers.5')(transformer_layers_4)
        getitem = transformer_layers_5[(slice(None, None, None), 0)]
        fc_out = _linear(getitem, self.fc_out.weight, self.fc_out.bias)
        return fc_out
