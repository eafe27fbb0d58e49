"""Starter ModelNew for 50_ConvTranspose3d_Scaling_AvgPool_BiasAdd_Scaling, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: mul, pooling: avg_pool, fused elementwise: add,mul
Library calls kept: ConvTranspose3d (self.conv_transpose): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: CONV_ENGINE)
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
CONV_ENGINE = 'triton'
LIB_CONV_LAYOUT = 'contiguous'
CONV_PRECISION = 'tf32x3'
CONV_ALGO = 'taps'
CONV_DEPTHWISE = 'direct'
CONV_DW_BLOCK = 256
CONV_BLOCK_M = 128
CONV_BLOCK_N = 16
CONV_BLOCK_K = 64
CONV_NUM_WARPS = 2
CONV_NUM_STAGES = 1
CONV_TILE_ORDER = 'm'
CONV_FMA_BELOW = 16
CONV_FUSE = 'store'
EW_STREAM = False
BLOCK_SIZE = 1024
NUM_WARPS = 4
POOL_BLOCK = 512
POOL_BLOCK_W = 256
POOL_NUM_WARPS = 4
POOL_WINDOW = 'auto'

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 128
in_channels = 3
out_channels = 16
depth, height, width = 16, 32, 32
kernel_size = 3
stride = 2
padding = 1
scale1 = 0.5
scale2 = 1.0
bias_shape = (out_channels, 1, 1, 1)


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



def _conv_library(mod, x):
    """``mod(x)``, the library convolution. LIB_CONV_LAYOUT "channels_last": the input and the weight in channels-last
    format (cuDNN's NHWC kernels: 1.4x on L1/50's and L2/10's convolutions under PyTorch's default flags on the H200,
    benchmarks/library_knobs_probe.py), the output back in the contiguous format the generated kernels after it read.
    The weight's copy is kept on the module while the weight stays where and as it is (address, version)."""
    if LIB_CONV_LAYOUT != "channels_last" or x.dim() not in (4, 5) or mod.padding_mode != "zeros":
        return mod(x)
    fmt = torch.channels_last if x.dim() == 4 else torch.channels_last_3d
    w = mod.weight
    key = (w.data_ptr(), w._version, w.dim())
    kept = mod.__dict__.get("_ak_weight_cl")
    if kept is None or kept[0] != key:
        kept = mod.__dict__["_ak_weight_cl"] = (key, w.detach().contiguous(memory_format=fmt))
    xc = x.contiguous(memory_format=fmt)
    if isinstance(mod, nn.modules.conv._ConvTransposeNd):
        op = F.conv_transpose2d if x.dim() == 4 else F.conv_transpose3d
        y = op(xc, kept[1], mod.bias, mod.stride, mod.padding, mod.output_padding, mod.groups, mod.dilation)
    else:
        op = F.conv2d if x.dim() == 4 else F.conv3d
        y = op(xc, kept[1], mod.bias, mod.stride, mod.padding, mod.dilation, mod.groups)
    return y.contiguous()



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
def _round_tf32(x, PRECISION: tl.constexpr):
    # x rounded to a TF32 value (10 mantissa bits) before a TF32 dot, as a library may round its operands:
    # "tf32_rna" to nearest with ties away from zero (PTX cvt.rna.tf32.f32), "tf32_rne" ties to even. A plain
    # "tf32" dot leaves the rounding to the tensor cores, which drop the low bits: "tf32" here drops them too (the
    # CUDA-core path's operand, `_fma_operand`). Inf and NaN pass through.
    bits = x.to(tl.int32, bitcast=True)
    if PRECISION == "tf32_rna":
        bits = bits + 4096
    elif PRECISION == "tf32_rne":
        bits = bits + 4095 + ((bits >> 13) & 1)
    y = (bits & -8192).to(tl.float32, bitcast=True)  # -8192 = 0xFFFFE000: mantissa bits 0-12 cleared
    return tl.where(tl.abs(x) < float("inf"), y, x)


@triton.jit
def _dot_block(a, b, a2_ptrs, a_mask, b2_ptrs, b_mask, PRECISION: tl.constexpr):
    # One K block's product a @ b, formed on its own (callers add it to their running sum): "ieee" fp32, "tf32"
    # (one TF32 pass; "tf32_rna"/"tf32_rne": operands rounded first, see _round_tf32), "tf32x3"
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
    elif PRECISION == "tf32_rna" or PRECISION == "tf32_rne":  # one TF32 pass on operands rounded here first
        return tl.dot(_round_tf32(a, PRECISION), _round_tf32(b, PRECISION), input_precision="tf32")
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
def _wide(v, WIDE: tl.constexpr):
    # 64-bit index math only where a tensor needs it (WIDE, `_conv_wide`): the tiles of int32 indices take half the
    # registers (the implicit GEMMs held 211-255 registers a thread with 64-bit indices on sm_90, and spilled with a
    # pool fused)
    if WIDE:
        return v.to(tl.int64)
    else:
        return v


@triton.jit
def _conv_tile(COUT_G, BLOCK_N: tl.constexpr, N_FIRST: tl.constexpr):
    # (row tile, channel tile) of this program. Row tiles first (grid (rows, channels, z), the default): programs
    # running together share a weight tile. N_FIRST (CONV_TILE_ORDER "n", a flat grid (rows x channels, 1, z)):
    # the channel tiles of one row tile run back to back, so its input rows are read from DRAM once for all of them
    # while they are in L2 (an input larger than L2 is otherwise read once per channel tile).
    if N_FIRST:
        nt = tl.cdiv(COUT_G, BLOCK_N)
        return tl.program_id(0) // nt, tl.program_id(0) % nt
    else:
        return tl.program_id(0), tl.program_id(1)


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
def _conv_epi_none(y, e0, e1, e2):
    # no epilogue: the convolution's own output
    return y


@triton.jit
def _conv_extra(e_ptr, E_N, co, n_mask, J: tl.constexpr, N_EXTRA: tl.constexpr):
    # the epilogue's J-th other tensor for channels co: one value (E_N 1) or one per output channel (E_N COUT)
    if J < N_EXTRA:
        return tl.load(e_ptr + co % E_N, mask=n_mask, other=0.0).to(tl.float32)
    else:
        return tl.zeros(co.shape, tl.float32)


@triton.jit
def _conv_epi(acc, co, n_mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr,
              N_EXTRA: tl.constexpr, ROWS: tl.constexpr):
    # EPI, an elementwise tail fused into the store (see _ew.conv_epilogue), on a (rows, channels) tile (ROWS) or
    # on one channel per element
    e0 = _conv_extra(e0_ptr, E0_N, co, n_mask, 0, N_EXTRA)
    e1 = _conv_extra(e1_ptr, E1_N, co, n_mask, 1, N_EXTRA)
    e2 = _conv_extra(e2_ptr, E2_N, co, n_mask, 2, N_EXTRA)
    if ROWS:
        return EPI(acc, e0[None, :], e1[None, :], e2[None, :])
    else:
        return EPI(acc, e0, e1, e2)


@triton.jit
def _conv_store(acc, y_ptr, b_ptr, n, co, sp, m_mask, n_mask, COUT, OSP, HAS_BIAS: tl.constexpr,
                e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr, N_EXTRA: tl.constexpr):
    # The epilogue of every implicit-GEMM kernel: bias, the fused elementwise tail EPI, then rows (n, output
    # position sp) x output channels co stored into y (N, COUT, OD, OH, OW), OSP = OD * OH * OW.
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=n_mask, other=0.0).to(tl.float32)[None, :]
    acc = _conv_epi(acc, co, n_mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, True)
    y_off = (n[:, None] * COUT + co[None, :]) * OSP + sp[:, None]
    tl.store(y_ptr + y_off, acc.to(y_ptr.dtype.element_ty), mask=m_mask[:, None] & n_mask[None, :])


@triton.jit
def _conv_rows(offs_m, OD, OH, OW, QD, QH, QW, PKD: tl.constexpr, PKH: tl.constexpr, PKW: tl.constexpr,
               POOL: tl.constexpr):
    # GEMM rows -> (n, od, oh, ow). With a pool fused (POOL > 0) the rows are (pooled position, window offset), the
    # offset fastest, so the PKD * PKH * PKW outputs of one window are neighbouring rows of the tile
    if POOL == 0:
        return _split_dhw(offs_m, OD, OH, OW)
    else:
        win = offs_m % (PKD * PKH * PKW)
        n, qd, qh, qw = _split_dhw(offs_m // (PKD * PKH * PKW), QD, QH, QW)
        return n, qd * PKD + win // (PKH * PKW), qh * PKH + (win // PKW) % PKH, qw * PKW + win % PKW


@triton.jit
def _conv_pool_store(acc, y_ptr, b_ptr, offs_m, M, co, n_mask, COUT, QD, QH, QW, HAS_BIAS: tl.constexpr,
                     e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr, N_EXTRA: tl.constexpr,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, PKD: tl.constexpr, PKH: tl.constexpr,
                     PKW: tl.constexpr, POOL: tl.constexpr, EPI2: tl.constexpr):
    # The store with a pool fused: bias and EPI on each convolution output, the window's max (POOL 1) or mean
    # (POOL 2) over its neighbouring rows, EPI2 on the pooled value, stored into y (N, COUT, QD, QH, QW). The
    # convolution's own output is never written.
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=n_mask, other=0.0).to(tl.float32)[None, :]
    acc = _conv_epi(acc, co, n_mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, True)
    win = tl.reshape(acc, (BLOCK_M // (PKD * PKH * PKW), PKD * PKH * PKW, BLOCK_N))
    if POOL == 1:
        out = tl.max(win, 1)
    else:
        out = tl.sum(win, 1) / (PKD * PKH * PKW)
    out = _conv_epi(out, co, n_mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI2, N_EXTRA, True)
    # the pooled positions (n, qd, qh, qw) of the tile's windows
    q = tl.min(tl.reshape(offs_m, (BLOCK_M // (PKD * PKH * PKW), PKD * PKH * PKW)), 1) // (PKD * PKH * PKW)
    QSP = QD * QH * QW
    y_off = ((q // QSP)[:, None] * COUT + co[None, :]) * QSP + (q % QSP)[:, None]
    tl.store(y_ptr + y_off, out.to(y_ptr.dtype.element_ty),
             mask=(q < M // (PKD * PKH * PKW))[:, None] & n_mask[None, :])


@triton.jit
def _conv_out(acc, y_ptr, b_ptr, n, co, offs_m, M, m_mask, n_mask, COUT, OD, OH, OW, QD, QH, QW,
              HAS_BIAS: tl.constexpr, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr,
              N_EXTRA: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, PKD: tl.constexpr,
              PKH: tl.constexpr, PKW: tl.constexpr, POOL: tl.constexpr, EPI2: tl.constexpr):
    # the implicit-GEMM kernels' store: the output tile as it is, or pooled (POOL > 0)
    if POOL == 0:
        _conv_store(acc, y_ptr, b_ptr, n, co, offs_m % (OD * OH * OW), m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS,
                    e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA)
    else:
        _conv_pool_store(acc, y_ptr, b_ptr, offs_m, M, co, n_mask, COUT, QD, QH, QW, HAS_BIAS, e0_ptr, e1_ptr,
                         e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, BLOCK_M, BLOCK_N, PKD, PKH, PKW, POOL, EPI2)


@triton.jit
def _fma_operand(v, PRECISION: tl.constexpr):
    # An operand of the CUDA-core path as the tensor-core path of the same PRECISION would take it: rounded to TF32
    # ("tf32_rna", "tf32_rne"), its low 13 bits dropped ("tf32", as the tensor cores do), or whole (fp32 products:
    # "ieee", and the 3xTF32 paths, which approximate them)
    if PRECISION == "tf32_rna" or PRECISION == "tf32_rne" or PRECISION == "tf32":
        return _round_tf32(v, PRECISION)
    else:
        return v


@triton.jit
def _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G,
                  BLOCK_K: tl.constexpr, PRECISION: tl.constexpr, FMA: tl.constexpr = False):
    # One tap of the channels-last implicit GEMM: its input channels in BLOCK_K runs, contiguous in x (rows
    # ``row``) and in w (rows ``w_row``). FMA (fewer input channels a group than CONV_FMA_BELOW): each channel's
    # outer product on the CUDA cores instead, so 3 channels cost 3 steps, not a dot padded to 16 (the two agree to
    # fp32 rounding: a TF32 operand's product is exact in fp32).
    if FMA:
        for c in range(0, CIN_G):
            a1 = tl.load(x_ptr + row + c, mask=valid, other=0.0).to(tl.float32)
            b1 = tl.load(w_ptr + w_row + c, mask=n_mask[None, :], other=0.0).to(tl.float32)
            if PRECISION == "tf32x3s":  # the low parts split beforehand: hi + lo is the operand exactly
                a1 += tl.load(x2_ptr + row + c, mask=valid, other=0.0).to(tl.float32)
                b1 += tl.load(w2_ptr + w_row + c, mask=n_mask[None, :], other=0.0).to(tl.float32)
            acc += _fma_operand(a1, PRECISION)[:, None] * _fma_operand(b1, PRECISION)
    else:
        for c0 in range(0, CIN_G, BLOCK_K):
            ci = c0 + tl.arange(0, BLOCK_K)
            k_mask = ci < CIN_G
            a_mask = valid[:, None] & k_mask[None, :]
            b_mask = k_mask[:, None] & n_mask[None, :]
            a = tl.load(x_ptr + row[:, None] + ci[None, :], mask=a_mask, other=0.0).to(tl.float32)
            b = tl.load(w_ptr + w_row + ci[:, None], mask=b_mask, other=0.0).to(tl.float32)
            acc += _dot_block(a, b, x2_ptr + row[:, None] + ci[None, :], a_mask, w2_ptr + w_row + ci[:, None],
                              b_mask, PRECISION)
    return acc


@triton.jit
def _class_taps(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, n, od, oh, ow, rd, rh, rw, m_mask, offs_n, n_mask, g,
                CIN, D, H, W, KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G, BLOCK_K: tl.constexpr,
                PRECISION: tl.constexpr, WIDE: tl.constexpr, FMA: tl.constexpr):
    # A transposed convolution's outputs (od, oh, ow) of one residue class (rd, rh, rw), through that class's taps
    # only: k = the residue, + stride, ... (dilation 1). x channels-last, w (G, taps, COUT_G, CIN_G).
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
                w_row = _wide((g * KD * KH * KW + tap) * COUT_G + offs_n[None, :], WIDE) * CIN_G
                acc = _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G, BLOCK_K,
                                    PRECISION, FMA)
    return acc


@triton.jit
def _conv_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                 KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                 HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr,
                 N_FIRST: tl.constexpr, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr,
                 N_EXTRA: tl.constexpr,
                 QD=1, QH=1, QW=1, PKD: tl.constexpr = 1, PKH: tl.constexpr = 1, PKW: tl.constexpr = 1,
                 POOL: tl.constexpr = 0, EPI2: tl.constexpr = None, WIDE: tl.constexpr = True):
    # Implicit-GEMM convolution on 5-D (N, C, D, H, W) tensors (1-D/2-D convs use size-1 dims).
    # GEMM rows = output positions (n, od, oh, ow); cols = output channels of group g;
    # reduction = (ci, kd, kh, kw); input positions from `_conv_in`. PRECISION "tf32x3s": x2/w2 hold the low parts
    # of x and w split beforehand (see _tf32_split and _dot_block).
    pid_m, pid_n = _conv_tile(COUT_G, BLOCK_N, N_FIRST)
    g = tl.program_id(2)
    offs_m = _wide(pid_m * BLOCK_M + tl.arange(0, BLOCK_M), WIDE)
    m_mask = offs_m < M
    n, od, oh, ow = _conv_rows(offs_m, OD, OH, OW, QD, QH, QW, PKD, PKH, PKW, POOL)
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
            w_off = (_wide(g * CIN_G + ci[:, None], WIDE) * COUT_G + offs_n[None, :]) * KK + (offs_k % KK)[:, None]
        else:  # weight (COUT, CIN_G, KD, KH, KW)
            w_off = _wide(co[None, :], WIDE) * K + offs_k[:, None]
        b_mask = k_mask[:, None] & n_mask[None, :]
        b = tl.load(w_ptr + w_off, mask=b_mask, other=0.0).to(tl.float32)
        acc += _dot_block(a, b, x2_ptr + x_off, valid, w2_ptr + w_off, b_mask, PRECISION)
    _conv_out(acc, y_ptr, b_ptr, n, co, offs_m, M, m_mask, n_mask, COUT, OD, OH, OW, QD, QH, QW, HAS_BIAS, e0_ptr,
              e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, BLOCK_M, BLOCK_N, PKD, PKH, PKW, POOL, EPI2)


@triton.jit
def _conv_taps_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                      KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                      HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr,
                      N_FIRST: tl.constexpr, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr,
                      N_EXTRA: tl.constexpr,
                      QD=1, QH=1, QW=1, PKD: tl.constexpr = 1, PKH: tl.constexpr = 1, PKW: tl.constexpr = 1,
                      POOL: tl.constexpr = 0, EPI2: tl.constexpr = None, WIDE: tl.constexpr = True,
                      FMA: tl.constexpr = False):
    # The same implicit GEMM with the reduction walked tap by tap: the input rows of one tap (kd, kh, kw) are
    # found once, then its channels are read in BLOCK_K runs. x is channels-last (N, D, H, W, CIN), so a run is
    # contiguous; w is (G, taps, COUT_G, CIN_G), so B is K-major too (what the TF32 tensor-core path reads best).
    # Index arithmetic per tap instead of per element and K block.
    pid_m, pid_n = _conv_tile(COUT_G, BLOCK_N, N_FIRST)
    g = tl.program_id(2)
    offs_m = _wide(pid_m * BLOCK_M + tl.arange(0, BLOCK_M), WIDE)
    m_mask = offs_m < M
    n, od, oh, ow = _conv_rows(offs_m, OD, OH, OW, QD, QH, QW, PKD, PKH, PKW, POOL)
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
        w_row = _wide((g * KK + tap) * COUT_G + offs_n[None, :], WIDE) * CIN_G
        acc = _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G, BLOCK_K, PRECISION,
                            FMA)
    _conv_out(acc, y_ptr, b_ptr, n, co, offs_m, M, m_mask, n_mask, COUT, OD, OH, OW, QD, QH, QW, HAS_BIAS, e0_ptr,
              e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, BLOCK_M, BLOCK_N, PKD, PKH, PKW, POOL, EPI2)


@triton.jit
def _convt_taps_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, CD, CH, CW, MC,
                       KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G,
                       HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr, PRECISION: tl.constexpr, N_FIRST: tl.constexpr,
                       e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr, N_EXTRA: tl.constexpr,
                       WIDE: tl.constexpr = True, FMA: tl.constexpr = False):
    # Transposed convolution (dilation 1) by residue class: output o receives input i through tap k only when
    # o + pad - k = i * stride, so the outputs with one (o + pad) mod stride share their taps: k = that residue,
    # + stride, + 2 stride... Each program takes a tile of one class (program_id(2) = group * classes + class)
    # and visits only those taps, not all KD * KH * KW with the others masked (stride^3 times fewer for 3-D).
    # x channels-last, w (G, taps, COUT_G, CIN_G), as in _conv_taps_kernel. CD/CH/CW: positions per class and dim.
    pid_m, pid_n = _conv_tile(COUT_G, BLOCK_N, N_FIRST)
    ncls = SD * SH * SW
    g = tl.program_id(2) // ncls
    cls = tl.program_id(2) % ncls
    rd = cls // (SH * SW)
    rh = (cls // SW) % SH
    rw = cls % SW
    offs_m = _wide(pid_m * BLOCK_M + tl.arange(0, BLOCK_M), WIDE)
    n, td, th, tw = _split_dhw(offs_m, CD, CH, CW)
    od = (rd - PD % SD + SD) % SD + td * SD  # the first output of the class, then every stride-th
    oh = (rh - PH % SH + SH) % SH + th * SH
    ow = (rw - PW % SW + SW) % SW + tw * SW
    m_mask = (offs_m < MC) & (od < OD) & (oh < OH) & (ow < OW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    acc = _class_taps(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, n, od, oh, ow, rd, rh, rw, m_mask, offs_n, n_mask, g,
                      CIN, D, H, W, KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G, BLOCK_K, PRECISION, WIDE, FMA)
    _conv_store(acc, y_ptr, b_ptr, n, co, (od * OH + oh) * OW + ow, m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS,
                e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA)


@triton.jit
def _convt_pool_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, QD, QH, QW, MQ,
                       KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G,
                       HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr, PRECISION: tl.constexpr, N_FIRST: tl.constexpr,
                       e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr, N_EXTRA: tl.constexpr,
                       POOL: tl.constexpr, EPI2: tl.constexpr, WIDE: tl.constexpr = True, FMA: tl.constexpr = False):
    # A strided transposed convolution (dilation 1) whose pool window is its stride: each window holds exactly one
    # output of each residue class (`_convt_taps_kernel`), so a tile of windows (rows: pooled positions n, qd, qh,
    # qw) is computed class by class, each class through its own taps only, its outputs' bias and EPI applied and
    # folded into the window's max (POOL 1) or sum (POOL 2). The generic kernel with a pool visits every tap for
    # every output, stride^3 times the work on a 3-D convolution. x channels-last, w (G, taps, COUT_G, CIN_G).
    pid_m, pid_n = _conv_tile(COUT_G, BLOCK_N, N_FIRST)
    g = tl.program_id(2)
    offs_m = _wide(pid_m * BLOCK_M + tl.arange(0, BLOCK_M), WIDE)
    m_mask = offs_m < MQ
    n, qd, qh, qw = _split_dhw(offs_m, QD, QH, QW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    if POOL == 1:
        pooled = tl.full((BLOCK_M, BLOCK_N), float("-inf"), tl.float32)
    else:
        pooled = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for cls in range(0, SD * SH * SW):
        rd = cls // (SH * SW)
        rh = (cls // SW) % SH
        rw = cls % SW
        od = qd * SD + (rd - PD % SD + SD) % SD  # the window's one output of this class
        oh = qh * SH + (rh - PH % SH + SH) % SH
        ow = qw * SW + (rw - PW % SW + SW) % SW
        acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
        acc = _class_taps(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, n, od, oh, ow, rd, rh, rw, m_mask, offs_n, n_mask, g,
                          CIN, D, H, W, KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G, BLOCK_K, PRECISION, WIDE,
                          FMA)
        if HAS_BIAS:
            acc += tl.load(b_ptr + co, mask=n_mask, other=0.0).to(tl.float32)[None, :]
        acc = _conv_epi(acc, co, n_mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, True)
        if POOL == 1:
            pooled = tl.maximum(pooled, acc)
        else:
            pooled += acc
    if POOL == 2:
        pooled = pooled / (SD * SH * SW)
    out = _conv_epi(pooled, co, n_mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI2, N_EXTRA, True)
    QSP = QD * QH * QW
    y_off = (n[:, None] * COUT + co[None, :]) * QSP + (offs_m % QSP)[:, None]
    tl.store(y_ptr + y_off, out.to(y_ptr.dtype.element_ty), mask=m_mask[:, None] & n_mask[None, :])


@triton.jit
def _dwconv_kernel(x_ptr, w_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, TOTAL,
                   KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, MULT,
                   HAS_BIAS: tl.constexpr, BLOCK: tl.constexpr,
                   e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI: tl.constexpr, N_EXTRA: tl.constexpr,
                   WIDE: tl.constexpr = True):
    # Depthwise convolution (groups == in channels): output channel co reads input channel co // MULT only,
    # so there is no GEMM to feed the tensor cores; each program computes BLOCK outputs directly, one
    # kernel tap at a time (neighbouring taps hit the cache). Memory-bound, fp32 accumulation.
    offs = _wide(tl.program_id(0) * BLOCK + tl.arange(0, BLOCK), WIDE)
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
    acc = _conv_epi(acc, co, mask, e0_ptr, e1_ptr, e2_ptr, E0_N, E1_N, E2_N, EPI, N_EXTRA, False)
    tl.store(y_ptr + offs, acc.to(y_ptr.dtype.element_ty), mask=mask)


# Index math is 32-bit below this many elements in every tensor a convolution kernel addresses (half of int32's
# range: a tile's masked rows past the end compute offsets up to about one more input's worth)
_CONV_INT32_BELOW = 2**30


def _conv_wide(*numels) -> bool:
    """Whether a convolution kernel needs 64-bit index math: some tensor it addresses (the input, the weight, the
    unpooled output) has `_CONV_INT32_BELOW` elements or more."""
    return max(numels) >= _CONV_INT32_BELOW


def _conv_epi_args(y, epi, extras) -> dict:
    """The kernels' epilogue arguments: EPI (or none) and up to three other tensors, one value or one per output
    channel each (flattened views), with their lengths; y stands in for the ones not given."""
    flat = [e.reshape(-1) for e in extras]
    out = {"EPI": _conv_epi_none if epi is None else epi, "N_EXTRA": len(flat)}
    for j in range(3):
        out[f"e{j}_ptr"] = flat[j] if j < len(flat) else y
        out[f"E{j}_N"] = flat[j].numel() if j < len(flat) else 1
    return out


def _conv_pool_args(pool, post, out_sp):
    """(pooled sizes, kernel keywords, window size) of a pool fused into the store: ``pool`` (is max, window
    (kd, kh, kw)) whose windows tile the output (stride = window, no padding), ``post`` the elementwise tail after
    it; without a pool, the output's own sizes."""
    if pool is None:
        return out_sp, {"QD": 1, "QH": 1, "QW": 1, "PKD": 1, "PKH": 1, "PKW": 1, "POOL": 0, "EPI2": _conv_epi_none}, 1
    is_max, pk = pool
    q = [out_sp[i] // pk[i] for i in range(3)]
    return q, {"QD": q[0], "QH": q[1], "QW": q[2], "PKD": pk[0], "PKH": pk[1], "PKW": pk[2], "POOL": 1 if is_max else 2,
               "EPI2": _conv_epi_none if post is None else post}, math.prod(pk)


def _conv(x, conv, epi=None, extras=(), pool=None, post=None):
    """Forward of an nn.Conv{1,2,3}d / nn.ConvTranspose{1,2,3}d module with a generated kernel; ``epi``, an
    elementwise tail (`_ew.conv_epilogue`) applied in the store with ``extras``, its other tensors; ``pool`` (is
    max, window), a max or average pool whose windows tile the output, taken in the store too, and ``post`` the
    elementwise tail after it (`_ew.conv_pool_chain`): the convolution's output is never written."""
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
    q_sp, pool_kw, win = _conv_pool_args(pool, post, out_sp)
    y = torch.empty((n, cout, *q_sp), dtype=x.dtype, device=x.device)
    m = n * math.prod(q_sp) * win
    block_m = max(CONV_BLOCK_M, win)  # a tile holds whole windows
    epi_kw = _conv_epi_args(y, epi, extras)
    epi_kw["WIDE"] = _conv_wide(x5.numel(), w.numel(), n * cout * math.prod(out_sp))
    if y.numel() > 0 and pool is None and not transposed and cin_g == 1 and CONV_DEPTHWISE == "direct":
        total = y.numel()
        _dwconv_kernel[(_cdiv(total, CONV_DW_BLOCK),)](
            x5, w, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout, *out_sp, total,
            *k, *s, *p, *d, cout_g, HAS_BIAS=conv.bias is not None, BLOCK=CONV_DW_BLOCK, **epi_kw,
            num_warps=CONV_NUM_WARPS)
    elif y.numel() > 0 and CONV_ALGO == "taps":
        _conv_taps(x5, w, conv.bias, y, transposed, g, cin_g, cout_g, spatial, out_sp, m, k, s, p, d, epi_kw,
                   pool_kw, block_m)
    elif y.numel() > 0:
        x2 = w2 = None
        if CONV_PRECISION == "tf32x3s":
            x5, x2 = (t.view(x5.shape) for t in _tf32_split(x5.view(1, -1, x5.shape[-1]), transpose=False))
            w, w2 = (t.view(w.shape) for t in _tf32_split(w.view(1, -1, w.shape[-1]), transpose=False))
        grid = _conv_grid(m, cout_g, g, block_m)
        _conv_kernel[grid](x5, x5 if x2 is None else x2, w, w if w2 is None else w2, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout,
                           *out_sp, m, *k, *s, *p, *d, cin_g, cout_g, HAS_BIAS=conv.bias is not None,
                           TRANSPOSED=transposed, BLOCK_M=block_m, BLOCK_N=CONV_BLOCK_N,
                           BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION, N_FIRST=CONV_TILE_ORDER == "n",
                           **epi_kw, **pool_kw, num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)
    return y.reshape(n, cout, *q_sp[3 - nd:])


def _conv_taps(x5, w, bias, y, transposed, g, cin_g, cout_g, spatial, out_sp, m, k, s, p, d, epi_kw, pool_kw,
               block_m):
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
    fma = cin_g < CONV_FMA_BELOW  # few channels a group: outer products on the CUDA cores, not padded dots
    # a pool whose window is the stride: one output of each class a window, computed class by class
    windows = (pool_kw["PKD"], pool_kw["PKH"], pool_kw["PKW"])
    if transposed and tuple(d) == (1, 1, 1) and math.prod(s) > 1 and pool_kw["POOL"] and windows == tuple(s):
        q = (pool_kw["QD"], pool_kw["QH"], pool_kw["QW"])
        mq = n * math.prod(q)
        kw = {k: v for k, v in pool_kw.items() if k in ("POOL", "EPI2")}
        _convt_pool_kernel[_conv_grid(mq, cout_g, g)](
            xc, xc if x2 is None else x2, wt, wt if w2 is None else w2, bias if bias is not None else wt, y, cin,
            *spatial, cout_g * g, *q, mq, *k, *s, *p, cin_g, cout_g, HAS_BIAS=bias is not None, BLOCK_M=CONV_BLOCK_M,
            BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION, N_FIRST=CONV_TILE_ORDER == "n",
            **epi_kw, **kw, FMA=fma, num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)
        return
    # only the taps each output class receives (not with another pool: a window holds outputs of every class)
    if transposed and tuple(d) == (1, 1, 1) and math.prod(s) > 1 and not pool_kw["POOL"]:
        per_class = [_cdiv(out_sp[i], s[i]) for i in range(3)]
        mc = n * math.prod(per_class)
        grid = _conv_grid(mc, cout_g, g * math.prod(s))
        _convt_taps_kernel[grid](xc, xc if x2 is None else x2, wt, wt if w2 is None else w2,
                                 bias if bias is not None else wt, y, cin, *spatial, cout_g * g, *out_sp, *per_class,
                                 mc, *k, *s, *p, cin_g, cout_g, HAS_BIAS=bias is not None, BLOCK_M=CONV_BLOCK_M,
                                 BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION,
                                 N_FIRST=CONV_TILE_ORDER == "n", **epi_kw, FMA=fma, num_warps=CONV_NUM_WARPS,
                                 num_stages=CONV_NUM_STAGES)
        return
    grid = _conv_grid(m, cout_g, g, block_m)
    _conv_taps_kernel[grid](xc, xc if x2 is None else x2, wt, wt if w2 is None else w2,
                            bias if bias is not None else wt, y, cin, *spatial, cout_g * g, *out_sp, m, *k, *s, *p,
                            *d, cin_g, cout_g, HAS_BIAS=bias is not None, TRANSPOSED=transposed,
                            BLOCK_M=block_m, BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K,
                            PRECISION=CONV_PRECISION, N_FIRST=CONV_TILE_ORDER == "n", **epi_kw, **pool_kw, FMA=fma,
                            num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)


def _conv_grid(rows, cout_g, z, block_m=None):
    """The implicit GEMM's grid for ``rows`` output rows, ``cout_g`` channels per group and ``z`` groups (or group x
    output class): (row tiles, channel tiles, z), or flat with the channel tiles fastest (CONV_TILE_ORDER "n")."""
    mt, nt = _cdiv(rows, block_m or CONV_BLOCK_M), _cdiv(cout_g, CONV_BLOCK_N)
    return (mt * nt, 1, z) if CONV_TILE_ORDER == "n" else (mt, nt, z)



@triton.jit
def _pool_kernel(x_ptr, y_ptr, D, H, W, OD, OH, OW, KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW,
                 IS_MAX: tl.constexpr, COUNT_PAD: tl.constexpr, BLOCK_H: tl.constexpr, BLOCK_W: tl.constexpr,
                 KW_TILE: tl.constexpr):
    # One program per (BLOCK_H x BLOCK_W) tile of one output plane (nc, od): no per-element div/mod, rows
    # of the tile read contiguous input, and neighbouring windows (stride < kernel) hit the cache.
    # KW_TILE 0: one load per window column kw (lanes SW apart). KW_TILE > 0 (a power of two >= KW): a window
    # row is one (BLOCK_H, BLOCK_W, KW_TILE) load, so the lanes of a warp read neighbouring addresses even when
    # the windows do not overlap (a wide stride would otherwise touch every cache line once per kw).
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
                if KW_TILE > 0:
                    kw = tl.arange(0, KW_TILE)[None, None, :]
                    i_w = ow[:, :, None] * SW - PW + kw * DW
                    ok = ok_h[:, :, None] & (kw < KW) & (i_w >= 0) & (i_w < W)
                    ptrs = x_plane + i_h[:, :, None] * W + i_w
                    if IS_MAX:
                        v = tl.load(ptrs, mask=ok, other=-float("inf")).to(tl.float32)
                        acc = tl.maximum(acc, tl.max(v, 2))
                    else:
                        acc += tl.sum(tl.load(ptrs, mask=ok, other=0.0).to(tl.float32), 2)
                else:
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
        # tile: POOL_BLOCK outputs, at most POOL_BLOCK_W of them along a row; a 1-row output (1-D pools) takes
        # the whole POOL_BLOCK along its row, so programs are not a few hundred outputs each
        # POOL_WINDOW "auto": a window row is one vector load when windows along W do not overlap (each kw
        # column alone would leave gaps of SW - 1 elements between lanes); the tile then holds KW_TILE inputs
        # per output, so it takes POOL_BLOCK // KW_TILE outputs
        span_w = (k[2] - 1) * d[2] + 1
        tiled = POOL_WINDOW == "tile" or (POOL_WINDOW == "auto" and k[2] >= 4 and s[2] >= span_w)
        kw_tile = _next_pow2(k[2]) if tiled else 0
        block = max(16, POOL_BLOCK // max(kw_tile, 1))
        cap_w = block if out_sp[1] == 1 else POOL_BLOCK_W
        block_w = min(cap_w, block, _next_pow2(out_sp[2]))
        block_h = max(1, min(block // block_w, _next_pow2(out_sp[1])))
        planes = x.shape[0] * x.shape[1] * out_sp[0]
        grid = (planes, _cdiv(out_sp[1], block_h), _cdiv(out_sp[2], block_w))
        _pool_kernel[grid](x5, y, *spatial, *out_sp, *k, *s, *p, *d, IS_MAX=is_max, COUNT_PAD=count_pad,
                           BLOCK_H=block_h, BLOCK_W=block_w, KW_TILE=kw_tile, num_warps=POOL_NUM_WARPS)
    return y



@triton.jit
def _fused0_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, WIDE: tl.constexpr, EVICT: tl.constexpr, STORE_CM: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: mul
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
    t0 = (a0 * a1)  # mul: mul
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask, cache_modifier=STORE_CM)


def _fused0(conv_transpose, scale1):
    """mul"""
    shape = _bshape(conv_transpose, scale1)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(conv_transpose, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(scale1, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(conv_transpose.dtype, scale1.dtype), device=conv_transpose.device)
    if n > 0:
        _fused0_kernel[(_cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, WIDE=n + BLOCK_SIZE >= 2**31, EVICT="evict_first" if EW_STREAM else "", STORE_CM=".cs" if EW_STREAM else "", BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused1_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, in2_ptr, in2_inner, in2_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, IN2_BCAST: tl.constexpr, WIDE: tl.constexpr, EVICT: tl.constexpr, STORE_CM: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: add -> mul
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
    if IN2_BCAST:
        a2 = tl.load(in2_ptr + (offs // in2_inner) % in2_size, mask=mask, other=0.0)
    else:
        a2 = tl.load(in2_ptr + offs, mask=mask, other=0.0, eviction_policy=EVICT)
    a2 = a2.to(tl.float32)
    t0 = (a0 + a1)  # add: add
    t1 = (t0 * a2)  # mul_1: mul
    tl.store(out0_ptr + offs, t1.to(out0_ptr.dtype.element_ty), mask=mask, cache_modifier=STORE_CM)


def _fused1(avg_pool, bias, scale2):
    """add -> mul"""
    shape = _bshape(avg_pool, bias, scale2)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(avg_pool, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(bias, shape)
    in2, in2_inner, in2_size, in2_b = _bcast_operand(scale2, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(avg_pool.dtype, bias.dtype, scale2.dtype), device=avg_pool.device)
    if n > 0:
        _fused1_kernel[(_cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, in2, in2_inner, in2_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, IN2_BCAST=in2_b, WIDE=n + BLOCK_SIZE >= 2**31, EVICT="evict_first" if EW_STREAM else "", STORE_CM=".cs" if EW_STREAM else "", BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _conv_epi2(y, e0, e1, e2):
    # elementwise tail run in a convolution's store: mul
    a0 = y
    a1 = e0
    t0 = (a0 * a1)
    return t0


@triton.jit
def _conv_epi3(y, e0, e1, e2):
    # elementwise tail run in a convolution's store: add -> mul
    a0 = y
    a1 = e1
    a2 = e2
    t0 = (a0 + a1)
    t1 = (t0 * a2)
    return t1

class ModelNew(nn.Module):

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, scale1, scale2, bias_shape):
        super().__init__()
        self.conv_transpose = nn.ConvTranspose3d(in_channels, out_channels, kernel_size, stride=stride, padding=padding)
        self.scale1 = nn.Parameter(torch.tensor(scale1))
        self.avg_pool = nn.AvgPool3d(kernel_size=2)
        self.bias = nn.Parameter(torch.randn(bias_shape))
        self.scale2 = nn.Parameter(torch.tensor(scale2))

    def forward(self, x):
        scale1 = self.scale1
        bias = self.bias
        scale2 = self.scale2
        if CONV_ENGINE == 'triton' and CONV_FUSE == 'store':
            mul_1 = _conv(x, self.conv_transpose, _conv_epi2, (scale1, bias, scale2), pool=(False, (2, 2, 2)), post=_conv_epi3)
        else:
            conv_transpose = _conv(x, self.conv_transpose) if CONV_ENGINE == 'triton' and CONV_FUSE == 'apart' else _conv_library(self.conv_transpose, x)
            mul = _fused0(conv_transpose, scale1)
            avg_pool = _pool(mul, self.avg_pool, 3)
            mul_1 = _fused1(avg_pool, bias, scale2)
        return mul_1
