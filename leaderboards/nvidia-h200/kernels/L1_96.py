"""Starter ModelNew for 96_HuberLoss, generated from the reference by autokernel-kb.

Generated Triton kernels: loss: smooth_l1_loss
Library calls kept: none
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
BLOCK_SIZE = 1024
NUM_WARPS = 4
LOSS_BLOCK = 4096
LOSS_NUM_WARPS = 16
LOSS_PROGRAMS = 528

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
batch_size = 32768
input_shape = (32768,)
dim = 1


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
            _pointwise_loss_kernel[(triton.cdiv(n, BLOCK_SIZE),)](*args, per, n, float(beta), **consts,
                                                                  BLOCK=BLOCK_SIZE, num_warps=NUM_WARPS)
        return per
    denom = float(n if reduction == "mean" else (p.shape[0] if reduction == "batchmean" and p.dim() else 1))
    if n == 0:
        return torch.zeros((), dtype=dtype, device=p.device) / denom  # as torch: nan for a mean over nothing, else 0
    out = torch.empty((), dtype=dtype, device=p.device)
    programs = min(LOSS_PROGRAMS, triton.cdiv(n, LOSS_BLOCK))
    iters = triton.cdiv(triton.cdiv(n, programs), LOSS_BLOCK)
    programs = triton.cdiv(n, iters * LOSS_BLOCK)
    part = out if programs == 1 else torch.empty(programs, dtype=torch.float32, device=p.device)
    _loss_partial_kernel[(programs,)](*args, part, n, iters, float(beta), denom, **consts, FINAL=programs == 1,
                                      BLOCK=LOSS_BLOCK, num_warps=LOSS_NUM_WARPS)
    if programs > 1:
        _loss_finish_kernel[(1,)](part, out, programs, denom, BLOCK_S=min(triton.next_power_of_2(programs), 1024),
                                  num_warps=4)
    return out


class ModelNew(nn.Module):

    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        smooth_l1_loss = _pointwise_loss(predictions, targets, 'smooth_l1_loss', 'mean', 1.0)
        return smooth_l1_loss
