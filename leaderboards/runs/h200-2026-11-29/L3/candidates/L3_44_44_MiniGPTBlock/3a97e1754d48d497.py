"""Starter ModelNew for 44_MiniGPTBlock, generated from the reference by autokernel-kb.

Generated Triton kernels: rownorm layers: LayerNorm x2, linear layers: Linear x4
Library calls kept: whole model: tracing failed (torch.fx.symbolic_trace failed: TypeError: slice indices must be integers or None or have an __index__ method); the reference's forward runs as written, its other operations in PyTorch
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
NORM_BLOCK = 1024
NORM_NUM_WARPS = 4
NORM_SPLIT_PROGRAMS = 264
NORM_SPLIT_MIN_R = 16384
NORM_SPLIT_CHUNK = 16384
MM_PRECISION = 'ieee'
MM_SPLIT_K = 0
MM_BLOCK_M = 64
MM_BLOCK_N = 64
MM_BLOCK_K = 32
MM_NUM_WARPS = 4
MM_NUM_STAGES = 3

# ---- the problem's module-level definitions (used by __init__) ----
import torch

import torch.nn as nn

import torch.nn.functional as F

import math

class NewGELU(nn.Module):
    """
    Implementation of the GELU activation function currently in Google BERT repo (identical to OpenAI GPT).
    Reference: Gaussian Error Linear Units (GELU) paper: https://arxiv.org/abs/1606.08415
    """
    def __init__(self):
        super(NewGELU, self).__init__()
    
    def forward(self, x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))

class CausalSelfAttention(nn.Module):
    """
    A vanilla multi-head masked self-attention layer with a projection at the end.
    It is possible to use torch.nn.MultiheadAttention here but I am including an
    explicit implementation here to show that there is nothing too scary here.
    """

    def __init__(self, n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen):
        super().__init__()
        assert n_embd % n_head == 0
        # key, query, value projections for all heads, but in a batch
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        # output projection
        self.c_proj = nn.Linear(n_embd, n_embd)
        # regularization
        self.attn_dropout = nn.Dropout(attn_pdrop)
        self.resid_dropout = nn.Dropout(resid_pdrop)
        # causal mask to ensure that attention is only applied to the left in the input sequence
        self.register_buffer("bias", torch.tril(torch.ones(max_seqlen, max_seqlen))
                                     .view(1, 1, max_seqlen, max_seqlen))
        self.n_head = n_head
        self.n_embd = n_embd

    def forward(self, x):
        B, T, C = x.size() # batch size, sequence length, embedding dimensionality (n_embd)

        # calculate query, key, values for all heads in batch and move head forward to be the batch dim
        q, k ,v  = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)

        # causal self-attention; Self-attend: (B, nh, T, hs) x (B, nh, hs, T) -> (B, nh, T, T)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:,:,:T,:T] == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v # (B, nh, T, T) x (B, nh, T, hs) -> (B, nh, T, hs)
        y = y.transpose(1, 2).contiguous().view(B, T, C) # re-assemble all head outputs side by side

        # output projection
        y = self.resid_dropout(self.c_proj(y))
        return y

class Model(nn.Module):
    """ an unassuming Transformer block """

    def __init__(self, n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.ModuleDict(dict(
            c_fc    = nn.Linear(n_embd, 4 * n_embd),
            c_proj  = nn.Linear(4 * n_embd, n_embd),
            act     = NewGELU(),
            dropout = nn.Dropout(resid_pdrop),
        ))
        m = self.mlp
        self.mlpf = lambda x: m.dropout(m.c_proj(m.act(m.c_fc(x)))) # MLP forward

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlpf(self.ln_2(x))
        return x

batch_size = 128

max_seqlen = 1024

seq_len = 512

n_embd = 768

n_head = 8

attn_pdrop = 0.0

resid_pdrop = 0.0


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




class _KLayerNorm(nn.LayerNorm):
    """nn.LayerNorm through the generated kernel."""

    @staticmethod
    def fits(m):
        return True

    def forward(self, x, *args, **kwargs):
        if args or kwargs:
            return super().forward(x, *args, **kwargs)
        return _layer_norm(x, len(self.normalized_shape), self.weight, self.bias, self.eps)


class _KLinear(nn.Linear):
    """nn.Linear through the generated kernel."""

    @staticmethod
    def fits(m):
        return True

    def forward(self, x, *args, **kwargs):
        if args or kwargs:
            return super().forward(x, *args, **kwargs)
        return _linear(x, self.weight, self.bias)


_KERNEL_CLASSES = {nn.LayerNorm: _KLayerNorm, nn.Linear: _KLinear}


class ModelNew(Model):
    """The reference's forward as written; its supported layers run through the generated kernels."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for m in self.modules():
            k = _KERNEL_CLASSES.get(type(m))
            if k is not None and k.fits(m):
                m.__class__ = k  # same parameters and buffers, under the same names
