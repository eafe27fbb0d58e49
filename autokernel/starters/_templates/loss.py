"""Losses: pointwise losses reduced in one pass (``loss``); cross-entropy and triplet margin (``loss_rows``)."""

from __future__ import annotations

from ._base import Family

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
            _pointwise_loss_kernel[(_cdiv(n, BLOCK_SIZE),)](*args, per, n, float(beta), **consts,
                                                                  BLOCK=BLOCK_SIZE, num_warps=NUM_WARPS)
        return per
    denom = float(n if reduction == "mean" else (p.shape[0] if reduction == "batchmean" and p.dim() else 1))
    if n == 0:
        return torch.zeros((), dtype=dtype, device=p.device) / denom  # as torch: nan for a mean over nothing, else 0
    out = torch.empty((), dtype=dtype, device=p.device)
    programs = min(LOSS_PROGRAMS, _cdiv(n, LOSS_BLOCK))
    iters = _cdiv(_cdiv(n, programs), LOSS_BLOCK)
    programs = _cdiv(n, iters * LOSS_BLOCK)
    part = out if programs == 1 else torch.empty(programs, dtype=torch.float32, device=p.device)
    _loss_partial_kernel[(programs,)](*args, part, n, iters, float(beta), denom, **consts, FINAL=programs == 1,
                                      BLOCK=LOSS_BLOCK, num_warps=LOSS_NUM_WARPS)
    if programs > 1:
        _loss_finish_kernel[(1,)](part, out, programs, denom, BLOCK_S=min(_next_pow2(programs), 1024),
                                  num_warps=4)
    return out
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


LOSS_ROWS = Family(
    "loss_rows",
    '''

def _reduce_loss(per, reduction, batch):
    if reduction == "none":
        return per
    if reduction == "sum":
        return _reduce(per, None, False, "sum")
    if reduction == "batchmean":
        return _reduce(per, None, False, "sum") / batch
    return _reduce(per, None, False, "mean")


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
        block = min(BLOCK_SIZE, _next_pow2(c))
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
        block = min(BLOCK_SIZE, _next_pow2(d))
        _triplet_kernel[(rows,)](a, p, n, per, d, float(margin), float(eps), BLOCK=block, num_warps=NUM_WARPS)
    return _reduce_loss(per.to(a.dtype), reduction, rows)
''',
    # BLOCK_SIZE caps the lanes of one row's program (the row length rounded up to a power of two)
    {"BLOCK_SIZE": 1024, "NUM_WARPS": 4},
    {"BLOCK_SIZE": [128, 256, 512, 1024, 2048, 4096], "NUM_WARPS": [1, 2, 4, 8, 16]},
)
