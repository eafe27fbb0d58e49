"""Cumulative sums and products along one dim."""

from __future__ import annotations

from ._base import _P2, Family

SCAN = Family(
    "scan",
    """

@triton.jit
def _scan_kernel(x_ptr, y_ptr, R, INNER, PROD: tl.constexpr, BLOCK: tl.constexpr):
    # Inclusive cumsum/cumprod along R of x viewed as (OUTER, R, INNER); one program per (outer, inner)
    # line, BLOCK elements at a time with a running carry (fp32).
    line = tl.program_id(0).to(tl.int64)
    base = (line // INNER) * R * INNER + line % INNER
    offs0 = tl.arange(0, BLOCK)
    if PROD:
        carry = tl.reduce(tl.full((BLOCK,), 1.0, tl.float32), 0, _mul_combine)
    else:
        carry = tl.sum(tl.zeros((BLOCK,), tl.float32), 0)
    for r0 in range(0, R, BLOCK):
        r = (r0 + offs0).to(tl.int64)
        msk = r < R
        if PROD:
            v = tl.load(x_ptr + base + r * INNER, mask=msk, other=1.0).to(tl.float32)
            c = tl.cumprod(v, 0) * carry
            carry = carry * tl.reduce(v, 0, _mul_combine)
        else:
            v = tl.load(x_ptr + base + r * INNER, mask=msk, other=0.0).to(tl.float32)
            c = tl.cumsum(v, 0) + carry
            carry = carry + tl.sum(v, 0)
        tl.store(y_ptr + base + r * INNER, c.to(y_ptr.dtype.element_ty), mask=msk)


def _scan(x, dim, prod=False):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    if y.numel() > 0:
        block = min(SCAN_BLOCK, triton.next_power_of_2(r))
        _scan_kernel[(outer * inner,)](x, y, r, inner, PROD=prod, BLOCK=block, num_warps=SCAN_NUM_WARPS)
    return y
""",
    {"SCAN_BLOCK": 1024, "SCAN_NUM_WARPS": 4},
    {"SCAN_BLOCK": _P2, "SCAN_NUM_WARPS": [1, 2, 4, 8]},
)
