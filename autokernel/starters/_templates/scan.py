"""Cumulative sums and products along one dim (also reversed, exclusive, or of a product)."""

from __future__ import annotations

from ._base import _P2, Family

SCAN = Family(
    "scan",
    """

@triton.jit
def _scan_kernel(x_ptr, m_ptr, y_ptr, R, INNER, PROD: tl.constexpr, REVERSE: tl.constexpr,
                 EXCLUSIVE: tl.constexpr, HAS_MUL: tl.constexpr, BLOCK: tl.constexpr, EVICT: tl.constexpr,
                 STORE_CM: tl.constexpr):
    # cumsum/cumprod along R of x viewed as (OUTER, R, INNER); one program per (outer, inner) line, BLOCK
    # elements at a time with a running carry (fp32). REVERSE (a suffix scan) walks the blocks from the line's
    # end but reads each block in ascending order and scans it in reverse, so loads stay contiguous and aligned.
    # EXCLUSIVE (element k gets the elements before it): a sum subtracts each element from its inclusive sum (a
    # shifted read would be misaligned); a product scans the sequence shifted by one. HAS_MUL scans x * m
    # elementwise (m: same shape, bool or float). EVICT and STORE_CM (SCAN_STREAM): each element is read and
    # written once, so its loads may go evict-first and its stores streaming (.cs).
    line = tl.program_id(0).to(tl.int64)
    base = (line // INNER) * R * INNER + line % INNER
    offs0 = tl.arange(0, BLOCK)
    if PROD:
        carry = tl.reduce(tl.full((BLOCK,), 1.0, tl.float32), 0, _mul_combine)
    else:
        carry = tl.sum(tl.zeros((BLOCK,), tl.float32), 0)
    for r0 in range(0, R, BLOCK):
        if REVERSE:
            k = R - BLOCK - r0 + offs0
        else:
            k = r0 + offs0
        src = k
        if EXCLUSIVE and PROD:
            src = k + 1 if REVERSE else k - 1
        lmask = (src >= 0) & (src < R)
        v = tl.load(x_ptr + base + src.to(tl.int64) * INNER, mask=lmask, other=1.0 if PROD else 0.0,
                    eviction_policy=EVICT).to(tl.float32)
        if HAS_MUL:
            v = v * tl.load(m_ptr + base + src.to(tl.int64) * INNER, mask=lmask, other=1,
                            eviction_policy=EVICT).to(tl.float32)
        if PROD:
            c = tl.cumprod(v, 0, reverse=REVERSE) * carry
            carry = carry * tl.reduce(v, 0, _mul_combine)
        else:
            c = tl.cumsum(v, 0, reverse=REVERSE) + carry
            carry = carry + tl.sum(v, 0)
            if EXCLUSIVE:
                c = c - v
        tl.store(y_ptr + base + k.to(tl.int64) * INNER, c.to(y_ptr.dtype.element_ty), mask=(k >= 0) & (k < R),
                 cache_modifier=STORE_CM)


def _scan(x, dim, prod=False, reverse=False, exclusive=False, mul=None):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    m = x if mul is None else mul.contiguous()
    if y.numel() > 0:
        block = min(SCAN_BLOCK, _next_pow2(r))
        _scan_kernel[(outer * inner,)](x, m, y, r, inner, PROD=prod, REVERSE=reverse, EXCLUSIVE=exclusive,
                                       HAS_MUL=mul is not None, BLOCK=block,
                                       EVICT="evict_first" if SCAN_STREAM else "",
                                       STORE_CM=".cs" if SCAN_STREAM else "", num_warps=SCAN_NUM_WARPS)
    return y
""",
    # SCAN_STREAM: evict-first loads and streaming stores. No num_stages knob: Triton 3.6 emits the same sm_90 code
    # for this loop at 1 to 4 stages (its loads feed no dot, so its pipeliner leaves them), so it would only repeat
    {"SCAN_BLOCK": 1024, "SCAN_NUM_WARPS": 4, "SCAN_STREAM": False},
    {"SCAN_BLOCK": _P2, "SCAN_NUM_WARPS": [1, 2, 4, 8], "SCAN_STREAM": [False, True]},
)
