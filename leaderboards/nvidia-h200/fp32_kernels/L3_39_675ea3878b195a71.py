"""Starter ModelNew for 39_GRU, generated from the reference by autokernel-kb.

Generated Triton kernels: recurrent layer: gru
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
MM_PRECISION = 'ieee'
MM_SPLIT_K = 0
MM_BLOCK_M = 64
MM_BLOCK_N = 64
MM_BLOCK_K = 32
MM_NUM_WARPS = 4
MM_NUM_STAGES = 3
MM_GROUP_M = 8
RNN_LAYERS = 'stack'
RNN_PRECISION = 'tf32x3'
RNN_BLOCK_B = 16
RNN_BLOCK_J = 16
RNN_BLOCK_K = 64
RNN_NUM_WARPS = 4

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
batch_size = 10
seq_len = 512
input_size = 128
hidden_size = 256
num_layers = 6


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



@triton.jit
def _rnn_tanh(x):
    # tanh to ~1 ulp: a recurrence adds its gates' rounding error at every step (an LSTM's cell state, with
    # its forget gate saturated at 1, keeps all of it), so (1 - e) / (1 + e), whose cancellation near 0 turns
    # exp's relative error into an absolute one, is replaced there by the series (degree 19; |x| < 0.5)
    a = tl.abs(x)
    e = tl.exp(-2.0 * a)
    t = (1.0 - e) / (1.0 + e)
    t = tl.where(x >= 0, t, -t)
    x2 = x * x
    p = -443861162.0 / 1856156927625.0
    p = p * x2 + 6404582.0 / 10854718875.0
    p = p * x2 - 929569.0 / 638512875.0
    p = p * x2 + 21844.0 / 6081075.0
    p = p * x2 - 1382.0 / 155925.0
    p = p * x2 + 62.0 / 2835.0
    p = p * x2 - 17.0 / 315.0
    p = p * x2 + 2.0 / 15.0
    p = p * x2 - 1.0 / 3.0
    return tl.where(a < 0.5, x + x * x2 * p, t)


@triton.jit
def _rnn_gate(h, w, PRECISION: tl.constexpr):
    # (BLOCK_B, BLOCK_K) @ (BLOCK_J, BLOCK_K)^T in fp32: "fma" multiplies and sums on the fp32 units (any block
    # sizes); "ieee" (exact fp32) and "tf32x3" (3xTF32 tensor cores) go through tl.dot (blocks of 16 or more)
    if PRECISION == "fma":
        return tl.sum(h[:, None, :] * w[None, :, :], 2)
    else:
        return tl.dot(h, tl.trans(w), input_precision=PRECISION)


@triton.jit
def _rnn_weights(w_ptr, j, k, jm, H, K, N_GATES: tl.constexpr, RESIDENT: tl.constexpr):
    # rows g * H + j (columns < K) of a (N_GATES * H, K) weight, one tensor per gate, when they stay in registers
    w0 = 0.0
    w1 = 0.0
    w2 = 0.0
    w3 = 0.0
    if RESIDENT:
        idx = j[:, None] * K + k[None, :]
        msk = jm[:, None] & (k[None, :] < K)
        w0 = tl.load(w_ptr + idx, mask=msk, other=0.0)
        if N_GATES > 1:
            w1 = tl.load(w_ptr + H * K + idx, mask=msk, other=0.0)
            w2 = tl.load(w_ptr + 2 * H * K + idx, mask=msk, other=0.0)
        if N_GATES > 3:
            w3 = tl.load(w_ptr + 3 * H * K + idx, mask=msk, other=0.0)
    return w0, w1, w2, w3


@triton.jit
def _rnn_bias(b_ptr, j, jm, H, N_GATES: tl.constexpr):
    # per-gate bias rows (BLOCK_J,), loaded once per program
    b0 = tl.load(b_ptr + j, mask=jm, other=0.0)
    b1 = tl.zeros_like(b0)
    b2 = tl.zeros_like(b0)
    b3 = tl.zeros_like(b0)
    if N_GATES > 1:
        b1 = tl.load(b_ptr + H + j, mask=jm, other=0.0)
        b2 = tl.load(b_ptr + 2 * H + j, mask=jm, other=0.0)
    if N_GATES > 3:
        b3 = tl.load(b_ptr + 3 * H + j, mask=jm, other=0.0)
    return b0, b1, b2, b3


@triton.jit
def _rnn_matvec(src, s_b, w_ptr, w0, w1, w2, w3, b, j, k, bm, jm, H, K, N_GATES: tl.constexpr,
                BLOCK_B: tl.constexpr, BLOCK_J: tl.constexpr, BLOCK_K: tl.constexpr, RESIDENT: tl.constexpr,
                PRECISION: tl.constexpr):
    # gate g's src @ W[g * H + j, :]^T for the batch rows b: src[b * s_b + k] (k < K) was written by other
    # programs, so it is read with .cg (from L2, never a stale L1 line). RESIDENT: the weights are w0..w3 (K fits
    # one block); else they are read from w_ptr block by block.
    a0 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    a1 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    a2 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    a3 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + k
        kmask = kk < K
        v = tl.load(src + b[:, None] * s_b + kk[None, :], mask=bm[:, None] & kmask[None, :], other=0.0,
                    cache_modifier=".cg")
        if RESIDENT:
            a0 += _rnn_gate(v, w0, PRECISION)
            if N_GATES > 1:
                a1 += _rnn_gate(v, w1, PRECISION)
                a2 += _rnn_gate(v, w2, PRECISION)
            if N_GATES > 3:
                a3 += _rnn_gate(v, w3, PRECISION)
        else:
            idx = j[:, None] * K + kk[None, :]
            msk = jm[:, None] & kmask[None, :]
            a0 += _rnn_gate(v, tl.load(w_ptr + idx, mask=msk, other=0.0), PRECISION)
            if N_GATES > 1:
                a1 += _rnn_gate(v, tl.load(w_ptr + H * K + idx, mask=msk, other=0.0), PRECISION)
                a2 += _rnn_gate(v, tl.load(w_ptr + 2 * H * K + idx, mask=msk, other=0.0), PRECISION)
            if N_GATES > 3:
                a3 += _rnn_gate(v, tl.load(w_ptr + 3 * H * K + idx, mask=msk, other=0.0), PRECISION)
    return a0, a1, a2, a3


@triton.jit
def _rnn_update(x0, x1, x2, x3, a0, a1, a2, a3, hj, c, MODE: tl.constexpr):
    # the cell, from the input gates x (projection + b_ih) and the hidden gates a (h_prev @ W_hh^T + b_hh); hj and
    # c are this program's units of h_prev and of the LSTM cell state. Returns (h, c).
    if MODE == 0:  # tanh RNN
        h = _rnn_tanh(x0 + a0)
    elif MODE == 1:  # relu RNN
        h = tl.maximum(x0 + a0, 0.0)
    elif MODE == 2:  # LSTM, gates i f g o
        c = tl.sigmoid(x1 + a1) * c + tl.sigmoid(x0 + a0) * _rnn_tanh(x2 + a2)
        h = tl.sigmoid(x3 + a3) * _rnn_tanh(c)
    else:  # GRU, gates r z n: n = tanh(x_n + r * (h W_hn^T + b_hn))
        z = tl.sigmoid(x1 + a1)
        n = _rnn_tanh(x2 + tl.sigmoid(x0 + a0) * a2)
        h = (1.0 - z) * n + z * hj
    return h, c


@triton.jit
def _rnn_xload(row, m2, H, N_GATES: tl.constexpr):
    # the input gates of one step from the precomputed projection (gate g at row + g * H)
    x0 = tl.load(row, mask=m2, other=0.0)
    x1 = tl.zeros_like(x0)
    x2 = tl.zeros_like(x0)
    x3 = tl.zeros_like(x0)
    if N_GATES > 1:
        x1 = tl.load(row + H, mask=m2, other=0.0)
        x2 = tl.load(row + 2 * H, mask=m2, other=0.0)
    if N_GATES > 3:
        x3 = tl.load(row + 3 * H, mask=m2, other=0.0)
    return x0, x1, x2, x3


@triton.jit
def _rnn_wait(counter, target):
    # until the counter reaches target (acquire: what its programs wrote before counting is visible after this);
    # one thread polls, the program waits for it
    while tl.atomic_add(counter, 0, sem="acquire", scope="gpu") < target:
        pass


@triton.jit
def _rnn_signal(own):
    # this program's stores of the step are done (every thread), then count it (release)
    tl.debug_barrier()
    tl.atomic_add(own, 1, sem="release", scope="gpu")


@triton.jit
def _rnn_layer_kernel(xp_ptr, w_ptr, bh_ptr, h0_ptr, c0_ptr, out_ptr, hn_ptr, cn_ptr, sync_ptr,
                      T, B, H, N_PROG, B_LO, s_xt, s_xb, s_ot, s_ob, s_wd,
                      MODE: tl.constexpr, N_GATES: tl.constexpr, HAS_BIAS: tl.constexpr, BLOCK_B: tl.constexpr,
                      BLOCK_J: tl.constexpr, BLOCK_K: tl.constexpr, RESIDENT: tl.constexpr,
                      PRECISION: tl.constexpr):
    # One layer over the whole sequence. Program (d * N_PROG + p, q): direction d (1 runs backwards in time),
    # hidden units p * BLOCK_J .., batch rows B_LO + q * BLOCK_B ... xp[t * s_xt + b * s_xb + (d * N_GATES + g) * H
    # + j] holds the input projection (+ b_ih) of gate g; out[t * s_ot + b * s_ob + d * H + j] receives h_t, and is
    # where the next step reads the previous hidden state from. h0/c0/hn/cn are (directions, B, H) contiguous.
    pid = tl.program_id(0)
    d = pid // N_PROG
    j = (pid % N_PROG) * BLOCK_J + tl.arange(0, BLOCK_J)
    b = B_LO + tl.program_id(1) * BLOCK_B + tl.arange(0, BLOCK_B)
    k = tl.arange(0, BLOCK_K)
    jm = j < H
    bm = b < B
    m2 = bm[:, None] & jm[None, :]
    sync = sync_ptr + d * tl.num_programs(1) + tl.program_id(1)  # one counter per direction and batch block
    w_ptr += d * s_wd
    w0, w1, w2, w3 = _rnn_weights(w_ptr, j, k, jm, H, H, N_GATES, RESIDENT)
    bh0 = tl.zeros((BLOCK_J,), tl.float32)
    bh1 = bh0
    bh2 = bh0
    bh3 = bh0
    if HAS_BIAS:
        bh0, bh1, bh2, bh3 = _rnn_bias(bh_ptr + d * N_GATES * H, j, jm, H, N_GATES)
    state = d * B * H + b[:, None] * H + j[None, :]
    hj = tl.load(h0_ptr + state, mask=m2, other=0.0)
    c = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    if MODE == 2:
        c = tl.load(c0_ptr + state, mask=m2, other=0.0)
    x_cols = b[:, None] * s_xb + d * N_GATES * H + j[None, :]
    o_cols = b[:, None] * s_ob + d * H + j[None, :]
    t = (d * (T - 1)).to(tl.int64)
    x0, x1, x2, x3 = _rnn_xload(xp_ptr + t * s_xt + x_cols, m2, H, N_GATES)
    for step in range(0, T):
        t = (step + d * (T - 1 - 2 * step)).to(tl.int64)  # the time this step computes (backwards for d = 1)
        if step == 0:  # the previous hidden state: h0, then the output at the previous time
            a0, a1, a2, a3 = _rnn_matvec(h0_ptr + d * B * H, H, w_ptr, w0, w1, w2, w3, b, j, k, bm, jm, H, H,
                                         N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
        else:
            a0, a1, a2, a3 = _rnn_matvec(out_ptr + (t - 1 + 2 * d) * s_ot + d * H, s_ob, w_ptr, w0, w1, w2, w3, b,
                                         j, k, bm, jm, H, H, N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT,
                                         PRECISION)
        hj, c = _rnn_update(x0, x1, x2, x3, a0 + bh0[None, :], a1 + bh1[None, :], a2 + bh2[None, :],
                            a3 + bh3[None, :], hj, c, MODE)
        tl.store(out_ptr + t * s_ot + o_cols, hj, mask=m2)
        # the next step's input gates, read before waiting (they do not depend on the other programs)
        t_next = (tl.minimum(step + 1, T - 1) + d * (T - 1 - 2 * tl.minimum(step + 1, T - 1))).to(tl.int64)
        x0, x1, x2, x3 = _rnn_xload(xp_ptr + t_next * s_xt + x_cols, m2, H, N_GATES)
        _rnn_signal(sync)
        _rnn_wait(sync, (step + 1) * N_PROG)
    tl.store(hn_ptr + state, hj, mask=m2)
    if MODE == 2:
        tl.store(cn_ptr + state, c, mask=m2)


@triton.jit
def _rnn_stack_kernel(xp_ptr, wi_ptr, bi_ptr, wh_ptr, bh_ptr, h0_ptr, c0_ptr, ws_ptr, hn_ptr, cn_ptr, sync_ptr,
                      T, B, H, N_PROG, B_LO, s_xt, s_xb, s_ol, s_ot, s_ob,
                      MODE: tl.constexpr, N_GATES: tl.constexpr, HAS_BIAS: tl.constexpr, BLOCK_B: tl.constexpr,
                      BLOCK_J: tl.constexpr, BLOCK_K: tl.constexpr, RESIDENT: tl.constexpr,
                      PRECISION: tl.constexpr):
    # Every layer of a one-direction stack, as a wavefront. Program (l * N_PROG + p, q): layer l, hidden units
    # p * BLOCK_J .., batch rows B_LO + q * BLOCK_B ... Layer 0's input gates come from xp (as in _rnn_layer_kernel);
    # layer l > 0 forms them from ws[l - 1] (its input: the layer below's h_t) with wi[l - 1] (W_ih) and bi[l - 1].
    # ws[l, t, b] = h_t of layer l (offset l * s_ol + t * s_ot + b * s_ob); wh, bh: every layer's W_hh, b_hh.
    # Step t of layer l waits for step t - 1 of its own layer and step t of the layer below.
    pid = tl.program_id(0)
    layer = pid // N_PROG
    j = (pid % N_PROG) * BLOCK_J + tl.arange(0, BLOCK_J)
    b = B_LO + tl.program_id(1) * BLOCK_B + tl.arange(0, BLOCK_B)
    k = tl.arange(0, BLOCK_K)
    jm = j < H
    bm = b < B
    m2 = bm[:, None] & jm[None, :]
    nq = tl.num_programs(1)
    own = sync_ptr + layer * nq + tl.program_id(1)  # one counter per layer and batch block
    dep = sync_ptr + tl.maximum(layer - 1, 0) * nq + tl.program_id(1)
    wl = tl.maximum(layer - 1, 0).to(tl.int64)  # layer 0 has no in-kernel projection: any valid rows do
    wi_ptr += wl * N_GATES * H * H
    wh_ptr += layer.to(tl.int64) * N_GATES * H * H
    u0, u1, u2, u3 = _rnn_weights(wi_ptr, j, k, jm, H, H, N_GATES, RESIDENT)
    w0, w1, w2, w3 = _rnn_weights(wh_ptr, j, k, jm, H, H, N_GATES, RESIDENT)
    bi0 = tl.zeros((BLOCK_J,), tl.float32)
    bi1 = bi0
    bi2 = bi0
    bi3 = bi0
    bh0 = bi0
    bh1 = bi0
    bh2 = bi0
    bh3 = bi0
    if HAS_BIAS:
        bi0, bi1, bi2, bi3 = _rnn_bias(bi_ptr + wl * N_GATES * H, j, jm, H, N_GATES)
        bh0, bh1, bh2, bh3 = _rnn_bias(bh_ptr + layer * N_GATES * H, j, jm, H, N_GATES)
    state = layer * B * H + b[:, None] * H + j[None, :]
    hj = tl.load(h0_ptr + state, mask=m2, other=0.0)
    c = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    if MODE == 2:
        c = tl.load(c0_ptr + state, mask=m2, other=0.0)
    x_cols = b[:, None] * s_xb + j[None, :]
    ws_l = ws_ptr + layer.to(tl.int64) * s_ol
    o_cols = b[:, None] * s_ob + j[None, :]
    for t in range(0, T):
        # step t of the layer below (usually ahead: one poll) and step t - 1 of this layer are written
        if layer > 0:
            _rnn_wait(dep, (t + 1) * N_PROG)
        _rnn_wait(own, t * N_PROG)
        t64 = tl.cast(t, tl.int64)
        if layer == 0:
            x0, x1, x2, x3 = _rnn_xload(xp_ptr + t64 * s_xt + x_cols, m2, H, N_GATES)
        else:
            x0, x1, x2, x3 = _rnn_matvec(ws_l - s_ol + t64 * s_ot, s_ob, wi_ptr, u0, u1, u2, u3, b, j, k, bm, jm,
                                         H, H, N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
            x0 += bi0[None, :]
            x1 += bi1[None, :]
            x2 += bi2[None, :]
            x3 += bi3[None, :]
        if t == 0:
            a0, a1, a2, a3 = _rnn_matvec(h0_ptr + layer * B * H, H, wh_ptr, w0, w1, w2, w3, b, j, k, bm, jm, H, H,
                                         N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
        else:
            a0, a1, a2, a3 = _rnn_matvec(ws_l + (t64 - 1) * s_ot, s_ob, wh_ptr, w0, w1, w2, w3, b, j, k, bm, jm,
                                         H, H, N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
        hj, c = _rnn_update(x0, x1, x2, x3, a0 + bh0[None, :], a1 + bh1[None, :], a2 + bh2[None, :],
                            a3 + bh3[None, :], hj, c, MODE)
        tl.store(ws_l + t64 * s_ot + o_cols, hj, mask=m2)
        _rnn_signal(own)
    tl.store(hn_ptr + state, hj, mask=m2)
    if MODE == 2:
        tl.store(cn_ptr + state, c, mask=m2)


_RNN_MODES = {"RNN_TANH": (0, 1), "RNN_RELU": (1, 1), "LSTM": (2, 4), "GRU": (3, 3)}
_RNN_BASE = {"RNN_TANH": nn.RNN, "RNN_RELU": nn.RNN, "LSTM": nn.LSTM, "GRU": nn.GRU}


def _rnn_fits(x, hx, mod):
    """True when the kernels cover this call: a batched fp32 tensor, no projection, no dropout between layers."""
    if mod.mode not in _RNN_MODES or not isinstance(x, torch.Tensor) or x.dim() != 3 or x.dtype != torch.float32:
        return False
    if getattr(mod, "proj_size", 0) or (mod.training and mod.dropout > 0 and mod.num_layers > 1):
        return False
    if any(w.dtype != torch.float32 or w.device != x.device for w in mod._flat_weights):
        return False
    states = hx if isinstance(hx, tuple) else (hx,)
    return all(s is None or (isinstance(s, torch.Tensor) and s.dim() == 3 and s.dtype == torch.float32)
               for s in states)


def _rnn_blocks(h, batch, groups, device):
    """(BLOCK_B, BLOCK_J, BLOCK_K, programs per group): RNN_* tunables, made to fit. Dot precisions need blocks
    of 16; the interpreter runs programs one after another, so there one program per group does all units (a
    barrier with several would never open); on a GPU every program of a launch must be resident, so ``groups``
    groups (directions, or layers of a stack) of one batch block never take more programs than it has SMs."""
    dot = RNN_PRECISION != "fma"
    hp = _next_pow2(h)
    block_b = max(16 if dot else 1, min(_next_pow2(batch), RNN_BLOCK_B))
    block_j = max(16 if dot else 1, min(RNN_BLOCK_J, hp))
    if _RNN_INTERPRETED:
        block_j = max(block_j, hp)
    sms = _sm_count(device)
    while block_j < hp and groups * _cdiv(h, block_j) > sms:
        block_j *= 2
    block_k = max(16 if dot else 1, min(RNN_BLOCK_K, hp))
    return block_b, block_j, block_k, _cdiv(h, block_j)


def _rnn_params(mod, layer, dirs):
    """(W_ih, W_hh, b_ih, b_hh) of a layer, both directions stacked when there are two (biases None without)."""
    named = dict(zip(mod._flat_weights_names, mod._flat_weights))
    names = ["weight_ih", "weight_hh"] + (["bias_ih", "bias_hh"] if mod.bias else [])
    per_dir = [[named[f"{n}_l{layer}{sfx}"] for n in names] for sfx in ("", "_reverse")[:dirs]]
    if dirs == 1:
        out = per_dir[0]
    else:  # both directions in one matmul and one launch
        out = [torch.cat((per_dir[0][0], per_dir[1][0])), torch.stack((per_dir[0][1], per_dir[1][1]))]
        if mod.bias:
            out += [torch.cat((per_dir[0][2], per_dir[1][2])), torch.cat((per_dir[0][3], per_dir[1][3]))]
    return (out[0], out[1].contiguous(), *(out[2:] if mod.bias else (None, None)))


def _rnn(x, hx, mod):
    """The forward of nn.LSTM / nn.GRU / nn.RNN ``mod`` with its own parameters: (output, h_n) or, for an LSTM,
    (output, (h_n, c_n)). Calls the kernels do not cover (packed or unbatched input, dropout between layers while
    training, projections, other dtypes) run the module's own forward."""
    if not _rnn_fits(x, hx, mod):
        return _RNN_BASE[mod.mode].forward(mod, x, hx)
    mode, n_gates = _RNN_MODES[mod.mode]
    h_size, layers, dirs = mod.hidden_size, mod.num_layers, 2 if mod.bidirectional else 1
    batch, steps = (x.shape[0], x.shape[1]) if mod.batch_first else (x.shape[1], x.shape[0])
    h0, c0 = hx if isinstance(hx, tuple) else (hx, None)
    shape = (layers * dirs, batch, h_size)
    h0 = torch.zeros(shape, dtype=x.dtype, device=x.device) if h0 is None else h0.contiguous()
    if mode == 2:
        c0 = torch.zeros(shape, dtype=x.dtype, device=x.device) if c0 is None else c0.contiguous()
    hn = torch.empty(shape, dtype=x.dtype, device=x.device)
    cn = torch.empty(shape, dtype=x.dtype, device=x.device) if mode == 2 else hn
    stack = dirs == 1 and layers > 1 and RNN_LAYERS == "stack"
    block_b, block_j, block_k, n_prog = _rnn_blocks(h_size, batch, layers if stack else dirs, x.device)
    groups = layers if stack else dirs
    if stack and groups * n_prog > _sm_count(x.device):  # more layers than SMs: one launch per layer
        stack, groups = False, dirs
        block_b, block_j, block_k, n_prog = _rnn_blocks(h_size, batch, dirs, x.device)
    n_bb = _cdiv(batch, block_b)
    per_launch = n_bb if _RNN_INTERPRETED else max(1, _sm_count(x.device) // (groups * n_prog))
    sync = torch.zeros((layers if stack else layers * dirs) * n_bb, dtype=torch.int32, device=x.device)
    meta = dict(MODE=mode, N_GATES=n_gates, BLOCK_B=block_b, BLOCK_J=block_j, BLOCK_K=block_k,
                RESIDENT=block_k >= h_size, PRECISION=RNN_PRECISION, num_warps=RNN_NUM_WARPS)

    def x_strides(n):  # (time, batch) strides of a (batch * steps, n) projection in the input's row order
        return (n, steps * n) if mod.batch_first else (batch * n, n)

    def out_buffer(*lead):
        return torch.empty((*lead, batch, steps, dirs * h_size) if mod.batch_first
                           else (*lead, steps, batch, dirs * h_size), dtype=x.dtype, device=x.device)

    def o_strides(out):  # (time, batch) strides
        return (out.stride(-2), out.stride(-3)) if mod.batch_first else (out.stride(-3), out.stride(-2))

    if stack:
        w_ih0, _, b_ih0, _ = _rnn_params(mod, 0, 1)
        per = [_rnn_params(mod, layer, 1) for layer in range(layers)]
        wi = torch.stack([p[0] for p in per[1:]])
        wh = torch.stack([p[1] for p in per])
        bi = torch.stack([p[2] for p in per[1:]]) if mod.bias else wi
        bh = torch.stack([p[3] for p in per]) if mod.bias else wh
        xp = _linear(x.reshape(batch * steps, x.shape[-1]), w_ih0, b_ih0)
        ws = out_buffer(layers)
        s_ot, s_ob = o_strides(ws)
        for q0 in range(0, n_bb, per_launch):
            grid = (layers * n_prog, min(per_launch, n_bb - q0))
            _rnn_stack_kernel[grid](xp, wi, bi, wh, bh, h0, c0 if mode == 2 else h0, ws, hn, cn,
                                    sync[q0 * layers:], steps, batch, h_size, n_prog, q0 * block_b,
                                    *x_strides(xp.shape[1]), ws.stride(0), s_ot, s_ob,
                                    HAS_BIAS=mod.bias, **meta)
        out = ws[layers - 1]
        return (out, (hn, cn)) if mode == 2 else (out, hn)
    inp = x
    for layer in range(layers):
        w_ih, w_hh, b_ih, b_hh = _rnn_params(mod, layer, dirs)
        xp = _linear(inp.reshape(batch * steps, inp.shape[-1]), w_ih, b_ih)
        out = out_buffer()
        lo = layer * dirs
        for q0 in range(0, n_bb, per_launch):  # groups beyond what the GPU holds at once: one launch per share
            grid = (dirs * n_prog, min(per_launch, n_bb - q0))
            _rnn_layer_kernel[grid](
                xp, w_hh, w_hh if b_hh is None else b_hh, h0[lo:lo + dirs], c0[lo:lo + dirs] if mode == 2 else h0,
                out, hn[lo:lo + dirs], cn[lo:lo + dirs], sync[(layer * n_bb + q0) * dirs:], steps, batch, h_size,
                n_prog, q0 * block_b, *x_strides(xp.shape[1]), *o_strides(out),
                n_gates * h_size * h_size if dirs == 2 else 0, HAS_BIAS=b_hh is not None, **meta)
        inp = out
    return (inp, (hn, cn)) if mode == 2 else (inp, hn)


# the interpreter (TRITON_INTERPRET=1) runs a launch's programs one after another: no cross-program barrier
_RNN_INTERPRETED = type(_rnn_layer_kernel).__name__ == "InterpretedFunction"


class ModelNew(nn.Module):

    def __init__(self, input_size, hidden_size, num_layers=3, bias=True, batch_first=False):
        """
        :param input_size: The number of expected features in the input x
        :param hidden_size: The number of features in the hidden state h
        :param num_layers: Number of recurrent layers (default: 1)
        :param bias: If False, then the layer does not use bias weights b_ih and b_hh (default: True)
        :param batch_first: If True, then the input and output tensors are provided as (batch, seq, feature) (default: False)
        """
        super().__init__()
        self.gru = nn.GRU(input_size, hidden_size, num_layers, bias, batch_first, dropout=0, bidirectional=False)

    def forward(self, x, h0):
        gru = _rnn(x, h0, self.gru)
        getitem = gru[0]
        getitem_1 = gru[1]
        return getitem
