"""RMS normalisation over one dim, any position: ``x / sqrt(mean(x ** 2, dim, keepdim=True) + eps)``."""

from __future__ import annotations

from ._base import _P2, Family

RMSDIM = Family(
    "rmsdim",
    """

@triton.jit
def _rms_dim_kernel(x_ptr, y_ptr, R, INNER, NCOLS, eps, RSQRT: tl.constexpr, BLOCK_R: tl.constexpr,
                    BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER); each column (outer, inner) is scaled by 1 / sqrt(mean of its squares + eps).
    # Sweep 1 sums squares per lane; sweep 2 scales. A program's columns are BLOCK_I neighbours, so its second
    # sweep re-reads a small footprint, mostly from L2: about one read of x from memory and one write.
    cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)
    cmask = cols < NCOLS
    base = (cols // INNER) * R * INNER + cols % INNER
    r_offs = tl.arange(0, BLOCK_R)
    acc = tl.zeros((BLOCK_R, BLOCK_I), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        v = tl.load(x_ptr + base[None, :] + r[:, None].to(tl.int64) * INNER, mask=msk, other=0.0).to(tl.float32)
        acc += v * v
    rms = tl.sqrt(tl.sum(acc, 0) / R + eps)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + r_offs
        msk = (r[:, None] < R) & cmask[None, :]
        offs = base[None, :] + r[:, None].to(tl.int64) * INNER
        v = tl.load(x_ptr + offs, mask=msk, other=0.0).to(tl.float32)
        if RSQRT:
            y = v * (1.0 / rms)[None, :]
        else:
            y = v / rms[None, :]
        tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=msk)


def _rms_dim(x, dim, eps, rsqrt=False):
    dim = dim % x.dim()
    x = x.contiguous()
    outer, r, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    y = torch.empty_like(x)
    block_r, block_i = _tile(r, inner, outer * inner, RMS_TILE, RMS_BLOCK_INNER)
    if y.numel() > 0:
        _rms_dim_kernel[(_cdiv(outer * inner, block_i),)](x, y, r, inner, outer * inner, eps, RSQRT=rsqrt,
                                                                BLOCK_R=block_r, BLOCK_I=block_i,
                                                                num_warps=RMS_NUM_WARPS)
    return y
""",
    {"RMS_TILE": 2048, "RMS_BLOCK_INNER": 64, "RMS_NUM_WARPS": 4},
    {"RMS_TILE": _P2[2:], "RMS_BLOCK_INNER": [1, 2, 4, 8, 16, 32, 64, 128, 256], "RMS_NUM_WARPS": [1, 2, 4, 8, 16]},
)
