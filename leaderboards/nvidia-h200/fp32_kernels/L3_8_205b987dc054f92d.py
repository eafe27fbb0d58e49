"""Starter ModelNew for 8_ResNetBasicBlock, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: batch_norm + relu, normalisation: batch_norm, normalisation: batch_norm + add,relu
Library calls kept: Conv2d (self.conv1): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: CONV_ENGINE); Conv2d (self.conv2): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: CONV_ENGINE); Conv2d (self.downsample.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: CONV_ENGINE)
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
CONV_ENGINE = 'library'
CONV_PRECISION = 'ieee'
CONV_ALGO = 'im2col'
CONV_DEPTHWISE = 'direct'
CONV_DW_BLOCK = 256
CONV_BLOCK_M = 64
CONV_BLOCK_N = 32
CONV_BLOCK_K = 32
CONV_NUM_WARPS = 4
CONV_NUM_STAGES = 2
BN_BLOCK = 2048
BN_NUM_WARPS = 4
BN_PROGRAMS = 528
BN_MIN_CHUNK = 16384

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
in_channels = 3
out_channels = 64
stride = 1
batch_size = 10
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
def _bn_running(rm_ptr, rv_ptr, nbt_ptr, c, C, mean, var, momentum, unbias, RUNNING: tl.constexpr):
    # the module's running statistics, updated in the kernel that has the batch's (one launch, not seven torch
    # ops): running = (1 - momentum) * running + momentum * batch, the variance unbiased (count / (count - 1));
    # the first program also counts the batch in num_batches_tracked
    if RUNNING:
        cmask = c < C
        rm = tl.load(rm_ptr + c, mask=cmask, other=0.0)
        rv = tl.load(rv_ptr + c, mask=cmask, other=0.0)
        tl.store(rm_ptr + c, rm * (1.0 - momentum) + mean * momentum, mask=cmask)
        tl.store(rv_ptr + c, rv * (1.0 - momentum) + var * unbias * momentum, mask=cmask)
        if tl.program_id(0) == 0:
            tl.store(nbt_ptr, tl.load(nbt_ptr) + 1)


@triton.jit
def _bn_epi_none(y, e0, e1):
    # no epilogue: the batch norm's own output
    return y


@triton.jit
def _bn_apply(x_ptr, y_ptr, e0_ptr, e1_ptr, n, c, s, N, C, S, mean, scale, shift,
              EPI: tl.constexpr, N_EXTRA: tl.constexpr):
    # normalise the tile x[n, c, s] (index vectors); subtracting the mean first keeps large offsets exact. EPI is
    # the elementwise tail that follows the batch norm in the model (activation, residual add), applied before
    # the one store; it reads up to two more tensors of x's shape at the same offsets
    offs = ((n.to(tl.int64)[:, None] * C + c[None, :]) * S)[:, :, None] + s[None, None, :]
    msk = ((n[:, None] < N) & (c[None, :] < C))[:, :, None] & (s[None, None, :] < S)
    v = tl.load(x_ptr + offs, mask=msk, other=0.0).to(tl.float32)
    y = (v - mean[None, :, None]) * scale[None, :, None] + shift[None, :, None]
    e0 = y
    e1 = y
    if N_EXTRA > 0:
        e0 = tl.load(e0_ptr + offs, mask=msk, other=0.0).to(tl.float32)
    if N_EXTRA > 1:
        e1 = tl.load(e1_ptr + offs, mask=msk, other=0.0).to(tl.float32)
    y = EPI(y, e0, e1)
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=msk)


@triton.jit
def _bn_fused_kernel(x_ptr, w_ptr, b_ptr, y_ptr, e0_ptr, e1_ptr, mean_ptr, var_ptr, rm_ptr, rv_ptr, nbt_ptr,
                     N, C, S, eps, momentum, unbias,
                     HAS_W: tl.constexpr, HAS_B: tl.constexpr, RUNNING: tl.constexpr, STORE_STATS: tl.constexpr,
                     EPI: tl.constexpr, N_EXTRA: tl.constexpr,
                     BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    # One launch when one program per channel block is enough (small inputs, or channels enough to fill the GPU):
    # statistics over all of (N, S), then a second sweep normalises.
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    cnt, mean, m2 = _bn_welford(x_ptr, c, 0, N, 0, S, C, S, BLOCK_N, BLOCK_C, BLOCK_S)
    var = m2 / tl.maximum(cnt, 1.0)
    scale, shift = _bn_affine(w_ptr, b_ptr, c, C, var, eps, HAS_W, HAS_B)
    for n0 in range(0, N, BLOCK_N):
        for s0 in range(0, S, BLOCK_S):
            _bn_apply(x_ptr, y_ptr, e0_ptr, e1_ptr, n0 + tl.arange(0, BLOCK_N), c, s0 + tl.arange(0, BLOCK_S),
                      N, C, S, mean, scale, shift, EPI, N_EXTRA)
    if STORE_STATS:  # for the torch update of the running statistics (when the kernel does not do it)
        tl.store(mean_ptr + c, mean, mask=c < C)
        tl.store(var_ptr + c, var, mask=c < C)
    _bn_running(rm_ptr, rv_ptr, nbt_ptr, c, C, mean, var, momentum, unbias, RUNNING)


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
def _bn_combine_kernel(cnt_ptr, pmean_ptr, pm2_ptr, w_ptr, b_ptr, mean_ptr, var_ptr, scale_ptr, shift_ptr,
                       rm_ptr, rv_ptr, nbt_ptr, C, K, eps, momentum, unbias,
                       HAS_W: tl.constexpr, HAS_B: tl.constexpr, RUNNING: tl.constexpr,
                       BLOCK_K: tl.constexpr, BLOCK_C: tl.constexpr):
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
    _bn_running(rm_ptr, rv_ptr, nbt_ptr, c, C, mean, var, momentum, unbias, RUNNING)


@triton.jit
def _bn_norm_kernel(x_ptr, y_ptr, e0_ptr, e1_ptr, mean_ptr, scale_ptr, shift_ptr, N, C, S, NCB, NSB,
                    EPI: tl.constexpr, N_EXTRA: tl.constexpr,
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
    _bn_apply(x_ptr, y_ptr, e0_ptr, e1_ptr, nb * BLOCK_N + tl.arange(0, BLOCK_N), c,
              sb * BLOCK_S + tl.arange(0, BLOCK_S), N, C, S, mean, scale, shift, EPI, N_EXTRA)


_BN_MAX_CHUNKS = 4096  # cap on stage-1 chunks per channel block: bounds the partials (and grid axis 1 < 65536)


def _bn_tile(n, c, s, tile):
    """(BLOCK_N, BLOCK_C, BLOCK_S) of at most `tile` elements of x viewed as (N, C, S): the contiguous S first,
    then neighbouring channels, then batches, so that short S (BatchNorm1d) still loads long contiguous runs."""
    block_s = min(_next_pow2(max(s, 1)), tile)
    block_c = min(_next_pow2(max(c, 1)), max(1, tile // block_s))
    block_n = min(_next_pow2(max(n, 1)), max(1, tile // (block_s * block_c)))
    return block_n, block_c, block_s


def _bn_chunks(n, s, want, block_n, block_s):
    """(N_PER, S_PER, chunks along N, chunks along S): about `want` chunks of one channel's (N, S) range, split
    over whole batches first (runs of contiguous planes), then along S when N alone gives too few."""
    n, s = max(n, 1), max(s, 1)
    gn = min(want, _cdiv(n, block_n))
    n_per = _cdiv(_cdiv(n, gn), block_n) * block_n
    gn = _cdiv(n, n_per)
    gs = min(_cdiv(want, gn), _cdiv(s, block_s))
    s_per = _cdiv(_cdiv(s, gs), block_s) * block_s
    return n_per, s_per, gn, _cdiv(s, s_per)


_BN_PLANS = {}  # (N, C, S) -> launch plan; the tunables are this file's constants, so a shape's plan never changes


def _bn_plan(n, c, s):
    """Tile, channel blocks and statistics chunks for x viewed as (N, C, S), computed once per shape (the host
    time of a forward call counts: a small CNN runs dozens of batch norms)."""
    plan = _BN_PLANS.get((n, c, s))
    if plan is None:
        block_n, block_c, block_s = _bn_tile(n, c, s, BN_BLOCK)
        c_blocks = _cdiv(c, block_c)
        # statistics in chunks of (channel block, batches x positions): about BN_PROGRAMS programs to fill the
        # GPU, each reading at least BN_MIN_CHUNK elements, so that small inputs keep one chunk per channel block
        want = min(_cdiv(BN_PROGRAMS, c_blocks), min(block_c, c) * n * s // BN_MIN_CHUNK, _BN_MAX_CHUNKS)
        n_per, s_per, gn, gs = _bn_chunks(n, s, max(want, 1), block_n, block_s)
        n_sb = _cdiv(s, block_s)
        tile = {"BLOCK_N": block_n, "BLOCK_C": block_c, "BLOCK_S": block_s, "num_warps": BN_NUM_WARPS}
        plan = _BN_PLANS[(n, c, s)] = (tile, c_blocks, n_per, s_per, gn * gs, gs, n_sb,
                                       _cdiv(n, block_n) * c_blocks * n_sb)
    return plan


def _batch_norm(x, bn, epi=None, extras=()):
    """nn.BatchNorm* forward (batch statistics in training mode: KernelBench never calls .eval()), then `epi`
    in the same pass: a jitted (y, e0, e1) -> out holding the elementwise ops that follow the batch norm in the
    model, reading up to two more tensors of x's shape (`extras`, e.g. a residual)."""
    x = x.contiguous()
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    y = torch.empty_like(x)
    extras = [e.contiguous() for e in extras]
    ext = {"EPI": _bn_epi_none if epi is None else epi, "N_EXTRA": len(extras)}
    e0 = extras[0] if extras else x
    e1 = extras[1] if len(extras) > 1 else x
    tile, c_blocks, n_per, s_per, chunks, gs, n_sb, norm_programs = _bn_plan(n, c, s)
    weight, bias = bn.weight, bn.bias  # each read of a parameter or buffer goes through Module.__getattr__
    if not bn.training and bn.track_running_stats:  # inference mode normalises with the running statistics
        if epi is None:
            return F.batch_norm(x, bn.running_mean, bn.running_var, weight, bias, False, 0.0, bn.eps)
        mean = bn.running_mean.float()
        scale = torch.rsqrt(bn.running_var.float() + bn.eps)
        scale = scale * weight.float() if weight is not None else scale
        shift = bias.float() if bias is not None else torch.zeros_like(scale)
        _bn_norm_kernel[(norm_programs,)](x, y, e0, e1, mean, scale, shift, n, c, s, c_blocks, n_sb, **ext, **tile)
        return y
    affine = {"HAS_W": weight is not None, "HAS_B": bias is not None}
    w = weight if weight is not None else x
    b = bias if bias is not None else x
    track = bn.training and bn.track_running_stats
    rm, rv, nbt = (bn.running_mean, bn.running_var, bn.num_batches_tracked) if track else (x, x, x)
    # the running statistics (and the batch count) are updated inside the kernels (fp32 buffers, a fixed
    # momentum); else in torch below, from the batch mean and variance the kernels store
    in_kernel = track and bn.momentum is not None and rm.dtype == torch.float32
    count = n * s
    momentum, unbias = float(bn.momentum or 0.0), count / max(count - 1, 1)
    krm, krv, knbt = (rm, rv, nbt) if in_kernel else (x, x, x)
    if chunks == 1:  # one chunk per channel block: statistics and normalisation in one launch
        stats = x if in_kernel else torch.empty((2, c), dtype=torch.float32, device=x.device)
        mean, var = (x, x) if in_kernel else stats
        _bn_fused_kernel[(c_blocks,)](x, w, b, y, e0, e1, mean, var, krm, krv, knbt, n, c, s, bn.eps, momentum,
                                      unbias, RUNNING=in_kernel, STORE_STATS=not in_kernel, **affine, **ext, **tile)
    else:  # split: partials, then per-channel merge, then normalise (three passes over x, as the fused path)
        stats = torch.empty((4, c), dtype=torch.float32, device=x.device)
        mean, var, scale, shift = stats  # per channel: batch mean, biased variance, stage-3 scale and shift
        part = torch.empty((3, chunks, c), dtype=torch.float32, device=x.device)
        _bn_stats_kernel[(c_blocks, chunks)](x, part[0], part[1], part[2], n, c, s, n_per, s_per, gs, **tile)
        block_c2 = min(_next_pow2(c), 128)
        _bn_combine_kernel[(_cdiv(c, block_c2),)](part[0], part[1], part[2], w, b, mean, var, scale, shift,
                                                  krm, krv, knbt, c, chunks, bn.eps, momentum, unbias,
                                                  RUNNING=in_kernel, **affine, BLOCK_K=min(_next_pow2(chunks), 16),
                                                  BLOCK_C=block_c2, num_warps=4)
        _bn_norm_kernel[(norm_programs,)](x, y, e0, e1, mean, scale, shift, n, c, s, c_blocks, n_sb, **ext, **tile)
    if track and not in_kernel:  # keep the module's running statistics as torch would
        with torch.no_grad():
            nbt.add_(1)
            momentum = bn.momentum if bn.momentum is not None else 1.0 / float(nbt)
            rm.mul_(1 - momentum).add_(mean.to(rm.dtype), alpha=momentum)
            rv.mul_(1 - momentum).add_((var * unbias).to(rv.dtype), alpha=momentum)
    return y



@triton.jit
def _bn_epi0(y, e0, e1):
    # elementwise tail run in a batch norm's normalising pass: relu
    a0 = y
    t0 = tl.maximum(a0, 0.0)
    return t0


@triton.jit
def _bn_epi1(y, e0, e1):
    # elementwise tail run in a batch norm's normalising pass: add -> relu
    a0 = y
    a1 = e0
    t0 = (a0 + a1)
    t1 = tl.maximum(t0, 0.0)
    return t1

class ModelNew(nn.Module):
    expansion = 1

    def __init__(self, in_channels, out_channels, stride=1):
        """
        :param in_channels: Number of input channels
        :param out_channels: Number of output channels
        :param stride: Stride for the first convolutional layer
        :param downsample: Downsample layer for the shortcut connection
        """
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(out_channels, out_channels, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.downsample = nn.Sequential(nn.Conv2d(in_channels, out_channels * self.expansion, kernel_size=1, stride=stride, bias=False), nn.BatchNorm2d(out_channels * self.expansion))
        self.stride = stride

    def forward(self, x):
        conv1 = _conv(x, self.conv1) if CONV_ENGINE == 'triton' else self.conv1(x)
        relu = _batch_norm(conv1, self.bn1, _bn_epi0, ())
        conv2 = _conv(relu, self.conv2) if CONV_ENGINE == 'triton' else self.conv2(relu)
        downsample_0 = _conv(x, _sub(self, 'downsample.0')) if CONV_ENGINE == 'triton' else _sub(self, 'downsample.0')(x)
        downsample_1 = _batch_norm(downsample_0, _sub(self, 'downsample.1'))
        relu_1 = _batch_norm(conv2, self.bn2, _bn_epi1, (downsample_1,))
        return relu_1
