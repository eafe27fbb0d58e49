"""RMS normalisation written out as ops, folded into one kernel (`_templates/rmsdim.py`).

``x / torch.sqrt(torch.mean(x ** 2, dim=d, keepdim=True) + eps)`` (or ``x * torch.rsqrt(...)``) plans as three
kernels: the squares reduced, a tiny sqrt, and the division broadcast back, so ``x`` is read twice from
memory and the statistics round-trip through it. Over a dim of any position it is one kernel instead.
"""

from __future__ import annotations

from ._ops import Op


def _op(ops, n, kind, *names):
    o = ops.get(n)
    return o if isinstance(o, Op) and o.kind == kind and (not names or o.name in names) else None


def _single_user(n, user) -> bool:
    return list(n.users) == [user]


def _num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _match(node, ops):
    """(x, dim, eps, rsqrt, replaced nodes) when ``node`` ends an RMS normalisation over one dim, else None."""
    out = _op(ops, node, "ew", "div", "mul")
    if out is None or len(out.operands) != 2:
        return None
    x, s = out.operands
    if out.name == "mul" and not hasattr(s, "op"):
        return None
    if out.name == "mul" and _op(ops, x, "ew", "rsqrt") and not _op(ops, s, "ew", "rsqrt"):
        x, s = s, x
    root = _op(ops, s, "ew", "rsqrt" if out.name == "mul" else "sqrt")
    if root is None or not _single_user(s, node):
        return None
    (t,) = root.operands
    add = _op(ops, t, "ew", "add")
    if add is None or not _single_user(t, s):
        return None
    m, eps = add.operands if hasattr(add.operands[0], "op") else add.operands[::-1]
    mean = _op(ops, m, "reduce", "mean")
    if not _num(eps) or mean is None or not _single_user(m, t):
        return None
    dims = mean.params.get("dims")
    if not mean.params.get("keepdim") or dims is None or len(dims) != 1:
        return None
    (p,) = mean.operands
    sq = _op(ops, p, "ew", "pow", "mul")
    if sq is None or not _single_user(p, m):
        return None
    if sq.name == "pow" and not (sq.operands[0] is x and _num(sq.operands[1]) and float(sq.operands[1]) == 2.0):
        return None
    if sq.name == "mul" and not (sq.operands[0] is x and sq.operands[1] is x):
        return None
    val = x.meta.get("ak_val") if hasattr(x, "meta") else None
    import torch

    if not (isinstance(val, torch.Tensor) and val.dtype == torch.float32 and val.dim() > 0):
        return None
    return x, dims[0], float(eps), out.name == "mul", [p, m, t, s]  # a negative dim stays relative to the rank


def fold_rms(units: list, ops: dict) -> list:
    """Rewrite each RMS normalisation over one dim whose pieces are alone in their units into one op."""
    unit_of = {n: u for u in units for n in u.nodes}
    unit_of.update({u.reduce: u for u in units if u.reduce is not None})  # a folded mean lives in its group
    dropped: set = set()
    for u in units:
        if not (u.is_group and len(u.nodes) == 1):
            continue
        found = _match(u.nodes[0], ops)
        if found is None:
            continue
        x, dim, eps, rsqrt, parts = found
        p, m, t, s = parts
        # the pieces must be exactly these units: the squares (with the mean folded in, or beside it), the root
        owners = {id(unit_of[n]) for n in parts}
        pieces = [v for v in units if id(v) in owners]
        if any(n not in parts for v in pieces for n in v.nodes) or any(v.reduce not in (None, m) for v in pieces):
            continue
        new_op = Op("rmsdim", "rms_norm", (x,), {"dim": dim, "eps": eps, "rsqrt": rsqrt})
        u.op = new_op
        ops[u.nodes[0]] = new_op
        dropped.update(parts)
    if not dropped:
        return units
    return [v for v in units if not any(n in dropped for n in v.nodes) and v.reduce not in dropped]
