"""Cumulative sums and products along one dim (also reversed, exclusive, or of a product)."""

from __future__ import annotations

from ._base import _P2, Family

SCAN = Family(
    "scan",
    """

@triton.jit
def _scan_kernel(x_ptr, m_ptr, y_ptr, R, INNER, PROD: tl.constexpr, REVERSE: tl.constexpr,
                 EXCLUSIVE: tl.constexpr, HAS_MUL: tl.constexpr, BLOCK: tl.constexpr):
    # cumsum/cumprod along R of x viewed as (OUTER, R, INNER); one program per (outer, inner) line, BLOCK
    # elements at a time with a running carry (fp32). k counts along the scan's direction: REVERSE walks the
    # line from its end (a suffix scan); EXCLUSIVE scans the sequence shifted by one (element k gets the
    # elements before it); HAS_MUL scans x * m elementwise (m: same shape, bool or float).
    line = tl.program_id(0).to(tl.int64)
    base = (line // INNER) * R * INNER + line % INNER
    offs0 = tl.arange(0, BLOCK)
    if PROD:
        carry = tl.reduce(tl.full((BLOCK,), 1.0, tl.float32), 0, _mul_combine)
    else:
        carry = tl.sum(tl.zeros((BLOCK,), tl.float32), 0)
    for r0 in range(0, R, BLOCK):
        k = r0 + offs0
        src = k - 1 if EXCLUSIVE else k  # position (in scan order) of the element scanned at k
        lmask = (src >= 0) & (src < R)
        if REVERSE:
            r_out = (R - 1 - k).to(tl.int64)
            r_in = (R - 1 - src).to(tl.int64)
        else:
            r_out = k.to(tl.int64)
            r_in = src.to(tl.int64)
        v = tl.load(x_ptr + base + r_in * INNER, mask=lmask, other=1.0 if PROD else 0.0).to(tl.float32)
        if HAS_MUL:
            v = v * tl.load(m_ptr + base + r_in * INNER, mask=lmask, other=1).to(tl.float32)
        if PROD:
            c = tl.cumprod(v, 0) * carry
            carry = carry * tl.reduce(v, 0, _mul_combine)
        else:
            c = tl.cumsum(v, 0) + carry
            carry = carry + tl.sum(v, 0)
        tl.store(y_ptr + base + r_out * INNER, c.to(y_ptr.dtype.element_ty), mask=k < R)


def _scan(x, dim, prod=False, reverse=False, exclusive=False, mul=None):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    m = x if mul is None else mul.contiguous()
    if y.numel() > 0:
        block = min(SCAN_BLOCK, triton.next_power_of_2(r))
        _scan_kernel[(outer * inner,)](x, m, y, r, inner, PROD=prod, REVERSE=reverse, EXCLUSIVE=exclusive,
                                       HAS_MUL=mul is not None, BLOCK=block, num_warps=SCAN_NUM_WARPS)
    return y
""",
    {"SCAN_BLOCK": 1024, "SCAN_NUM_WARPS": 4},
    {"SCAN_BLOCK": _P2, "SCAN_NUM_WARPS": [1, 2, 4, 8]},
)
