"""Max and average pooling, 1-3 d, one output tile per program."""

from __future__ import annotations

from ._base import Family

POOL = Family(
    "pool",
    '''

@triton.jit
def _pool_kernel(x_ptr, y_ptr, D, H, W, OD, OH, OW, KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW,
                 IS_MAX: tl.constexpr, COUNT_PAD: tl.constexpr, BLOCK_H: tl.constexpr, BLOCK_W: tl.constexpr,
                 KW_TILE: tl.constexpr):
    # One program per (BLOCK_H x BLOCK_W) tile of one output plane (nc, od): no per-element div/mod, rows
    # of the tile read contiguous input, and neighbouring windows (stride < kernel) hit the cache.
    # KW_TILE 0: one load per window column kw (lanes SW apart). KW_TILE > 0 (a power of two >= KW): a window
    # row is one (BLOCK_H, BLOCK_W, KW_TILE) load, so the lanes of a warp read neighbouring addresses even when
    # the windows do not overlap (a wide stride would otherwise touch every cache line once per kw).
    plane = tl.program_id(0).to(tl.int64)  # nc * OD + od
    od = plane % OD
    nc = plane // OD
    oh = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)[:, None]
    ow = tl.program_id(2) * BLOCK_W + tl.arange(0, BLOCK_W)[None, :]
    out_ok = (oh < OH) & (ow < OW)
    if IS_MAX:
        acc = tl.full((BLOCK_H, BLOCK_W), -float("inf"), tl.float32)
    else:
        acc = tl.zeros((BLOCK_H, BLOCK_W), tl.float32)
    for kd in range(0, KD):
        i_d = od * SD - PD + kd * DD
        if (i_d >= 0) & (i_d < D):
            x_plane = x_ptr + (nc * D + i_d) * H * W
            for kh in range(0, KH):
                i_h = oh * SH - PH + kh * DH
                ok_h = out_ok & (i_h >= 0) & (i_h < H)
                if KW_TILE > 0:
                    kw = tl.arange(0, KW_TILE)[None, None, :]
                    i_w = ow[:, :, None] * SW - PW + kw * DW
                    ok = ok_h[:, :, None] & (kw < KW) & (i_w >= 0) & (i_w < W)
                    ptrs = x_plane + i_h[:, :, None] * W + i_w
                    if IS_MAX:
                        v = tl.load(ptrs, mask=ok, other=-float("inf")).to(tl.float32)
                        acc = tl.maximum(acc, tl.max(v, 2))
                    else:
                        acc += tl.sum(tl.load(ptrs, mask=ok, other=0.0).to(tl.float32), 2)
                else:
                    for kw in range(0, KW):
                        i_w = ow * SW - PW + kw * DW
                        ok = ok_h & (i_w >= 0) & (i_w < W)
                        if IS_MAX:
                            v = tl.load(x_plane + i_h * W + i_w, mask=ok, other=-float("inf")).to(tl.float32)
                            acc = tl.maximum(acc, v)
                        else:
                            acc += tl.load(x_plane + i_h * W + i_w, mask=ok, other=0.0).to(tl.float32)
    if not IS_MAX:
        # torch's divisor: window clipped to the padded input (count_include_pad) or to the input itself
        d0 = od * SD - PD
        h0 = oh * SH - PH
        w0 = ow * SW - PW
        d1 = tl.minimum(d0 + KD, D + PD)
        h1 = tl.minimum(h0 + KH, H + PH)
        w1 = tl.minimum(w0 + KW, W + PW)
        if COUNT_PAD:
            div = (d1 - d0) * (h1 - h0) * (w1 - w0)
        else:
            div = ((tl.minimum(d1, D) - tl.maximum(d0, 0)) * (tl.minimum(h1, H) - tl.maximum(h0, 0))
                   * (tl.minimum(w1, W) - tl.maximum(w0, 0)))
        acc = acc / div.to(tl.float32)
    y_plane = y_ptr + plane * OH * OW
    tl.store(y_plane + oh * OW + ow, acc.to(y_ptr.dtype.element_ty), mask=out_ok)


def _pool_out(size, k, s, p, d, ceil_mode):
    out = (size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _pool(x, pool, nd):
    """nn.MaxPool{1,2,3}d / nn.AvgPool{1,2,3}d forward with a generated kernel."""
    is_max = isinstance(pool, (nn.MaxPool1d, nn.MaxPool2d, nn.MaxPool3d))
    k = _pad3(pool.kernel_size, nd, 1)
    s = _pad3(pool.stride if pool.stride is not None else pool.kernel_size, nd, 1)
    p = _pad3(pool.padding, nd, 0)
    d = _pad3(pool.dilation, nd, 1) if is_max else (1, 1, 1)
    count_pad = True if is_max else bool(pool.count_include_pad)
    spatial = (1,) * (3 - nd) + tuple(x.shape[2:])
    out_sp = [_pool_out(spatial[i], k[i], s[i], p[i], d[i], pool.ceil_mode) for i in range(3)]
    x5 = x.contiguous()
    y = torch.empty((*x.shape[:2], *out_sp[3 - nd:]), dtype=x.dtype, device=x.device)
    if y.numel() > 0:
        # tile: POOL_BLOCK outputs, at most POOL_BLOCK_W of them along a row; a 1-row output (1-D pools) takes
        # the whole POOL_BLOCK along its row, so programs are not a few hundred outputs each
        # POOL_WINDOW "auto": a window row is one vector load when windows along W do not overlap (each kw
        # column alone would leave gaps of SW - 1 elements between lanes); the tile then holds KW_TILE inputs
        # per output, so it takes POOL_BLOCK // KW_TILE outputs
        span_w = (k[2] - 1) * d[2] + 1
        tiled = POOL_WINDOW == "tile" or (POOL_WINDOW == "auto" and k[2] >= 4 and s[2] >= span_w)
        kw_tile = _next_pow2(k[2]) if tiled else 0
        block = max(16, POOL_BLOCK // max(kw_tile, 1))
        cap_w = block if out_sp[1] == 1 else POOL_BLOCK_W
        block_w = min(cap_w, block, _next_pow2(out_sp[2]))
        block_h = max(1, min(block // block_w, _next_pow2(out_sp[1])))
        planes = x.shape[0] * x.shape[1] * out_sp[0]
        grid = (planes, _cdiv(out_sp[1], block_h), _cdiv(out_sp[2], block_w))
        _pool_kernel[grid](x5, y, *spatial, *out_sp, *k, *s, *p, *d, IS_MAX=is_max, COUNT_PAD=count_pad,
                           BLOCK_H=block_h, BLOCK_W=block_w, KW_TILE=kw_tile, num_warps=POOL_NUM_WARPS)
    return y
''',
    # H200 screen and judge, 2026-11-30 (benchmarks/starter_configs.py): 512 outputs per tile made L1/43 (3-D max
    # pool) 1.9x faster in the judge (0.58x -> 1.10x eager). L1/45 (11x11 average, stride 11) measured 6.0-9.2 ms
    # with the window tiled at every block and warp setting, and 4.8-63 ms with the loop over kw (4.8 only at 512
    # outputs and 8 warps); eager 4.1 ms
    {"POOL_BLOCK": 512, "POOL_BLOCK_W": 128, "POOL_NUM_WARPS": 4, "POOL_WINDOW": "auto"},
    {"POOL_BLOCK": [256, 512, 1024, 2048, 4096], "POOL_BLOCK_W": [32, 64, 128, 256, 512],
     "POOL_NUM_WARPS": [1, 2, 4, 8], "POOL_WINDOW": ["auto", "loop", "tile"]},
)
