"""Matmul and linear: a tiled Triton matmul (tiles in GROUP_M swizzled order, a program per tile or persistent
programs), split-K (with compensated sums) for long K."""

from __future__ import annotations

from ._base import Family

MATMUL = Family(
    "matmul",
    '''

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
''',
    {
        "MM_PRECISION": "ieee",
        "MM_SPLIT_K": 0,
        "MM_BLOCK_M": 64,
        "MM_BLOCK_N": 64,
        "MM_BLOCK_K": 32,
        "MM_NUM_WARPS": 4,
        "MM_NUM_STAGES": 3,
        "MM_GROUP_M": 8,
        "MM_PERSISTENT": 0,
    },
    {
        "MM_PRECISION": ["ieee", "tf32x3", "tf32x3s"],  # up from the default: the tensor-core paths
        "MM_SPLIT_K": [0, 1, 2, 4, 8, 16, 32],  # 0: auto (split only when the output has too few tiles)
        "MM_BLOCK_M": [16, 32, 64, 128, 256],
        "MM_BLOCK_N": [16, 32, 64, 128, 256],
        "MM_BLOCK_K": [16, 32, 64, 128],
        "MM_NUM_WARPS": [2, 4, 8],
        "MM_NUM_STAGES": [1, 2, 3, 4, 5],
        "MM_GROUP_M": [1, 4, 8, 16],
        "MM_PERSISTENT": [0, 1, 2, 4],  # 0: a program per tile; k: k programs per SM walking the tiles
    },
    {  # the tensor-core path at the tiles it needs (one tunable at a time never gets there: at 64x64 tiles
       # and 4 warps 3xTF32 is slower than fp32). MM_ENGINE applies where the matmul is a library call by default.
        "3xTF32 tensor cores (operands split once), 128x128 tiles": {
            "MM_ENGINE": "triton", "MM_PRECISION": "tf32x3s", "MM_BLOCK_M": 128, "MM_BLOCK_N": 128, "MM_BLOCK_K": 32,
            "MM_NUM_WARPS": 8, "MM_NUM_STAGES": 3},
        "3xTF32 tensor cores (split in the loop), 128x128 tiles": {
            "MM_ENGINE": "triton", "MM_PRECISION": "tf32x3", "MM_BLOCK_M": 128, "MM_BLOCK_N": 128, "MM_BLOCK_K": 32,
            "MM_NUM_WARPS": 8, "MM_NUM_STAGES": 3},
    },
)
