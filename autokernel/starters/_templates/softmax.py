"""Softmax and log-softmax over one dim (online, one pass over long rows)."""

from __future__ import annotations

from ._base import _P2, Family

SOFTMAX = Family(
    "softmax",
    """

@triton.jit
def _softmax_kernel(x_ptr, y_ptr, R, INNER, NCOLS, LOG: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER); sweep 1 keeps a running (max, sum of exp) per lane (online softmax),
    # sweep 2 writes exp(x - max) / sum (or x - max - log(sum)). Two reads of x, one write.
    cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    base = (cols // INNER) * R * INNER + cols % INNER
    r_offs = tl.arange(0, BLOCK_R)
    m = tl.full((BLOCK_R, BLOCK_I), -float("inf"), tl.float32)
    s = tl.zeros((BLOCK_R, BLOCK_I), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        offs = base[None, :] + r[:, None].to(tl.int64) * INNER
        v = tl.load(x_ptr + offs, mask=msk, other=-float("inf")).to(tl.float32)
        new_m = tl.maximum(m, v)
        safe = tl.where(new_m == -float("inf"), 0.0, new_m)
        s = s * tl.exp(m - safe) + tl.exp(v - safe)
        m = new_m
    mx = tl.max(m, 0)
    mx = tl.where(mx == -float("inf"), 0.0, mx)
    total = tl.sum(s * tl.exp(m - mx[None, :]), 0)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        offs = base[None, :] + r[:, None].to(tl.int64) * INNER
        v = tl.load(x_ptr + offs, mask=msk, other=0.0).to(tl.float32)
        if LOG:
            y = v - mx[None, :] - tl.log(total)[None, :]
        else:
            y = tl.exp(v - mx[None, :]) / total[None, :]
        tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=msk)


def _softmax(x, dim, log=False):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    block_r, block_i = _tile(r, inner, outer * inner, SMX_TILE, SMX_BLOCK_INNER)
    if y.numel() > 0:
        _softmax_kernel[(_cdiv(outer * inner, block_i),)](x, y, r, inner, outer * inner, LOG=log,
                                                                BLOCK_R=block_r, BLOCK_I=block_i,
                                                                num_warps=SMX_NUM_WARPS)
    return y
""",
    {"SMX_TILE": 2048, "SMX_BLOCK_INNER": 32, "SMX_NUM_WARPS": 4},
    {
        "SMX_TILE": _P2[2:],
        "SMX_BLOCK_INNER": [1, 2, 4, 8, 16, 32, 64, 128],
        "SMX_NUM_WARPS": [1, 2, 4, 8, 16],
    },
)
