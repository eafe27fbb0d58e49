"""Batch norm in training mode: split statistics merged per channel, tiled normalisation."""

from __future__ import annotations

from ._base import _P2, _SPLIT_CHUNK, Family

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
        mean, var = (x, x) if in_kernel else torch.empty((2, c), dtype=torch.float32, device=x.device)
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
