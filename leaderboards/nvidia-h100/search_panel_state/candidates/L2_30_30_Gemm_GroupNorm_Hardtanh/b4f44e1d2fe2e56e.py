"""Starter ModelNew for 30_Gemm_GroupNorm_Hardtanh, generated from the reference by autokernel-kb.

Generated Triton kernels: normalisation: group_norm, fused elementwise: hardtanh
Library calls kept: linear (self.gemm): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated (the generated kernel is one tunable away: MM_ENGINE)
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
MM_ENGINE = 'triton'
MM_PRECISION = 'tf32x3s'
MM_SPLIT_K = 0
MM_BLOCK_M = 128
MM_BLOCK_N = 128
MM_BLOCK_K = 32
MM_NUM_WARPS = 8
MM_NUM_STAGES = 3
MM_GROUP_M = 8
MM_PERSISTENT = 0
NORM_BLOCK = 256
NORM_NUM_WARPS = 4
NORM_SPLIT_PROGRAMS = 528
NORM_SPLIT_MIN_R = 16384
NORM_SPLIT_CHUNK = 65536
EW_STREAM = False
BLOCK_SIZE = 512
NUM_WARPS = 4

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 1024
in_features = 8192
out_features = 8192
num_groups = 16
hardtanh_min = -2.0
hardtanh_max = 2.0


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
def _mm_tile(pid, pid_z, a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT, BATCH,
             s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
             HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
             GROUP_M: tl.constexpr, PRECISION: tl.constexpr, COMPENSATED: tl.constexpr):
    # C[b] = A[b] @ B[b] (+ bias[n]); any strides (transposed views need no copy); fp32 accumulation.
    # PRECISION "ieee" is exact fp32; "tf32x3" splits each operand into two TF32 parts on the tensor cores,
    # about fp32-accurate (well inside KernelBench's 1e-4) and usually faster than fp32 without tensor cores;
    # "tf32x3s" reads parts split beforehand (a2/b2 hold the low parts), so the loop is three plain TF32 dots.
    # One output tile: ``pid`` numbers the tiles of one (split, batch), ``pid_z`` = s * BATCH + b.
    # Split K: tile (pid, s * BATCH + b) sums K range s into partial s of an fp32 workspace.
    # COMPENSATED (long K ranges): each block's product is added with Kahan summation, so the running sum's
    # rounding does not grow with the range (a 64 Ki-long plain fp32 chain misses 1e-4 on signed inputs).
    # Tiles are visited GROUP_M rows of tiles at a time, so neighbouring programs share A and B tiles in L2.
    grid_m = tl.cdiv(M, BLOCK_M)
    grid_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * grid_n)
    rows = tl.minimum(grid_m - group * GROUP_M, GROUP_M)
    pid_m = group * GROUP_M + (pid % (GROUP_M * grid_n)) % rows
    pid_n = (pid % (GROUP_M * grid_n)) // rows
    pid_s = pid_z // BATCH
    pid_b = (pid_z % BATCH).to(tl.int64)
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


@triton.jit
def _matmul_kernel(a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT, BATCH, NUM_TILES,
                   s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                   HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   GROUP_M: tl.constexpr, PRECISION: tl.constexpr, COMPENSATED: tl.constexpr,
                   PERSISTENT: tl.constexpr):
    # One program per output tile (grid: tiles x (splits * batch)), or PERSISTENT: a fixed number of programs
    # (a multiple of the SMs) each walking the NUM_TILES tiles of every split and batch with a stride of the grid,
    # so no program waits to be scheduled and a program's setup is paid once for several tiles.
    if PERSISTENT:
        tiles = tl.cdiv(M, BLOCK_M) * tl.cdiv(N, BLOCK_N)
        for t in range(tl.program_id(0), NUM_TILES, tl.num_programs(0)):
            _mm_tile(t % tiles, t // tiles, a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT,
                     BATCH, s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                     HAS_BIAS, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, PRECISION, COMPENSATED)
    else:
        _mm_tile(tl.program_id(0), tl.program_id(1), a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K,
                 K_PER_SPLIT, BATCH, s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                 HAS_BIAS, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, PRECISION, COMPENSATED)


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
    tiles = _cdiv(m, MM_BLOCK_M) * _cdiv(n, MM_BLOCK_N)
    if MM_PERSISTENT > 0:  # MM_PERSISTENT programs per SM (fewer when there are fewer tiles) walk all the tiles
        grid = (min(tiles * batch * split, MM_PERSISTENT * _sm_count(a.device)), 1)
    else:
        grid = (tiles, batch * split)
    _matmul_kernel[grid](a, a if a2 is None else a2, b, b if b2 is None else b2, out,
                         bias if bias is not None and split == 1 else out, m, n, k, k_per_split, batch,
                         tiles * batch * split,
                         sab, a.stride(1), a.stride(2), sbb, b_strides[1], b_strides[2], s_cs, s_cb, s_cm, s_cn,
                         HAS_BIAS=bias is not None and split == 1,
                         BLOCK_M=MM_BLOCK_M, BLOCK_N=MM_BLOCK_N, BLOCK_K=MM_BLOCK_K, GROUP_M=MM_GROUP_M,
                         PRECISION=MM_PRECISION, COMPENSATED=k_per_split >= _MM_COMPENSATED_CHAIN,
                         PERSISTENT=MM_PERSISTENT > 0, num_warps=MM_NUM_WARPS, num_stages=MM_NUM_STAGES)
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
    block = min(NORM_BLOCK, _next_pow2(min(r, NORM_SPLIT_CHUNK)))
    chunk = max(NORM_SPLIT_CHUNK, _cdiv(r, _NORM_SPLIT_MAX_PARTS))
    chunk = _cdiv(chunk, block) * block
    nchunk = _cdiv(r, chunk)
    if nchunk < 2 or rows > 65535:  # grid axis 1 limit
        return False
    means = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    m2 = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    block_p = min(1024, _next_pow2(nchunk))
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
    block = min(NORM_BLOCK, _next_pow2(max(r, 1)))
    block_rows = max(1, min(NORM_BLOCK // block, _next_pow2(max(rows, 1))))
    # few programs, each normalising a long row: split the rows into chunks (two stages)
    if (y.numel() > 0 and _cdiv(rows, block_rows) < NORM_SPLIT_PROGRAMS and r >= NORM_SPLIT_MIN_R
            and _rownorm_split(x, y, w, b, rows, r, g, cpg, s, eps, weight is not None, bias is not None)):
        return y
    if y.numel() > 0:
        _rownorm_kernel[(_cdiv(rows, block_rows),)](x, w, b, y, rows, r, g, cpg, s, eps,
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
def _fused0_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, WIDE: tl.constexpr, EVICT: tl.constexpr, STORE_CM: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: hardtanh
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
    t0 = tl.minimum(tl.maximum(a0, -2.0), 2.0)  # hardtanh: hardtanh
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask, cache_modifier=STORE_CM)


def _fused0(group_norm):
    """hardtanh"""
    shape = _bshape(group_norm)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(group_norm, shape)
    n = math.prod(shape)
    out0 = torch.empty(shape, dtype=_promote(group_norm.dtype), device=group_norm.device)
    if n > 0:
        _fused0_kernel[(_cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, WIDE=n + BLOCK_SIZE >= 2**31, EVICT="evict_first" if EW_STREAM else "", STORE_CM=".cs" if EW_STREAM else "", BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, in_features, out_features, num_groups, hardtanh_min, hardtanh_max):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.group_norm = nn.GroupNorm(num_groups, out_features)
        self.hardtanh = nn.Hardtanh(min_val=hardtanh_min, max_val=hardtanh_max)

    def forward(self, x):
        gemm = _linear(x, self.gemm.weight, self.gemm.bias) if MM_ENGINE == 'triton' else self.gemm(x)
        group_norm = _group_norm(gemm, self.group_norm.num_groups, self.group_norm.weight, self.group_norm.bias, self.group_norm.eps)
        hardtanh = _fused0(group_norm)
        return hardtanh
