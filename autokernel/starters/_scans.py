"""Scan patterns folded into the scan kernel, so each runs as one pass over memory.

References spell some scans as several library ops around a cumsum, and each of those ops reads and writes
the whole tensor again:

* reverse: ``x.flip(d).cumsum(d).flip(d)``, a suffix sum (two full copies);
* exclusive: ``cat((zeros_like(x.select(d, 0).unsqueeze(d)), x.narrow(d, 0, n - 1).cumsum(d)), d)`` (a copy
  for the narrow view, one for the concatenation);
* masked: ``(x * m).cumsum(d)`` with ``m`` of the same shape, where the product is only ever scanned (the
  product written and read back once).

Each becomes the scan node's op with flags (``reverse``, ``exclusive``) or an extra operand (``mul``), and the
units it replaces leave the plan.
"""

from __future__ import annotations

from ._ops import Op


def _val(n):
    return n.meta.get("ak_val") if hasattr(n, "meta") else None


def _only_user(n):
    users = list(n.users)
    return users[0] if len(users) == 1 else None


def _name(n) -> str | None:
    if n.op == "call_method":
        return str(n.target)
    if n.op == "call_function":
        return getattr(n.target, "__name__", None)
    return None


def _flip_dim(n, ndim: int) -> int | None:
    """The one dim a ``flip`` node reverses, or None (not a flip, or several dims)."""
    if _name(n) != "flip" or not n.args:
        return None
    dims = n.args[1:] if len(n.args) > 1 else (n.kwargs.get("dims"),)
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = tuple(dims[0])
    if len(dims) != 1 or not isinstance(dims[0], int):
        return None
    return dims[0] % ndim


def _dim_arg(n, pos: int, ndim: int) -> int | None:
    d = n.args[pos] if len(n.args) > pos else n.kwargs.get("dim")
    return d % ndim if isinstance(d, int) else None


def _reverse(scan, op, ops):
    """(new op, replaced nodes, output node) for flip -> scan -> flip over the scan's dim, else None."""
    src, out = op.operands[0], _only_user(scan)
    if not hasattr(src, "op") or out is None or _only_user(src) is not scan:
        return None
    ndim = _val(scan).dim()
    d = op.params["dim"] % ndim
    if _flip_dim(src, ndim) != d or _flip_dim(out, ndim) != d or out.args[0] is not scan:
        return None
    return Op("scan", op.name, (src.args[0],), {**op.params, "reverse": True}), [src, scan], out


def _exclusive(scan, op, ops):
    """(new op, replaced nodes, output node) for the zeros-then-cumsum-of-all-but-the-last spelling, else None."""
    narrow, cat = op.operands[0], _only_user(scan)
    if op.name != "cumsum" or not hasattr(narrow, "op") or cat is None or _only_user(narrow) is not scan:
        return None
    x = narrow.args[0] if narrow.args else None
    xv, nv, cv = _val(x) if hasattr(x, "op") else None, _val(narrow), _val(cat)
    if _name(narrow) != "narrow" or xv is None or cv is None or tuple(cv.shape) != tuple(xv.shape):
        return None
    ndim = xv.dim()
    d = op.params["dim"] % ndim
    start = narrow.args[2] if len(narrow.args) > 2 else narrow.kwargs.get("start")
    nd = _dim_arg(narrow, 1, ndim)
    if nd != d or start != 0 or nv.shape[d] != xv.shape[d] - 1:
        return None
    if _name(cat) not in ("cat", "concat", "concatenate") or _dim_arg(cat, 1, ndim) != d:
        return None
    parts = cat.args[0] if cat.args else None
    if not isinstance(parts, (list, tuple)) or len(parts) != 2 or parts[1] is not scan:
        return None
    zeros = parts[0]
    zv = _val(zeros) if hasattr(zeros, "op") else None
    if _name(zeros) not in ("zeros_like", "new_zeros", "zeros") or zv is None or _only_user(zeros) is not cat:
        return None
    if zv.shape[d] != 1 or zv.dtype != cv.dtype:
        return None
    return Op("scan", op.name, (x,), {**op.params, "exclusive": True}), [narrow, scan, zeros], cat


def _masked(scan, op, ops, unit_of):
    """(new op, replaced nodes, output node) when the scan's input is a lone same-shape product, else None."""
    prod = op.operands[0]
    u = unit_of.get(prod)
    if u is None or not u.is_group or u.nodes != [prod] or _only_user(prod) is not scan:
        return None
    pop = ops.get(prod)
    if not (isinstance(pop, Op) and pop.name == "mul" and len(prod.args) == 2):
        return None
    a, b = prod.args
    av, bv, sv = (_val(t) if hasattr(t, "op") else None for t in (a, b, scan))
    import torch

    if av is not None and bv is not None and av.dtype == torch.bool:  # mask * x: the values come first
        a, b, av, bv = b, a, bv, av
    if av is None or bv is None or tuple(av.shape) != tuple(bv.shape) or tuple(av.shape) != tuple(sv.shape):
        return None
    if not (av.dtype == sv.dtype == torch.float32 and (bv.dtype in (torch.bool, torch.float32))):
        return None
    return Op("scan", op.name, (a, b), {**op.params, "mul": True}), [prod], scan


def fold_scans(units: list, ops: dict) -> list:
    """Rewrite the plan's scan patterns (module docstring) into single scan units."""
    unit_of = {n: u for u in units for n in u.nodes}
    dropped: set = set()
    needed: set = set()  # operands of the new ops: never dropped, whatever their old users
    for u in list(units):
        if u.is_group or u.op is None or u.op.kind != "scan" or u.nodes[0] in dropped:
            continue
        (scan,) = u.nodes
        if _val(scan) is None:
            continue
        for match in (_reverse, _exclusive):
            found = match(scan, u.op, ops)
            if found:
                break
        else:
            found = _masked(scan, u.op, ops, unit_of)
        if not found:
            continue
        new_op, replaced, out = found
        out_unit = unit_of[out]
        out_unit.op, out_unit.reason = new_op, ""
        ops[out] = new_op
        dropped.update(n for n in replaced if n is not out)
        needed.update(x for x in new_op.operands if hasattr(x, "op"))
    if not dropped:
        return units
    # what only fed the replaced nodes goes too (the zeros' select/unsqueeze); nothing else is touched
    changed = True
    while changed:
        changed = False
        for u in units:
            n = u.nodes[0]
            if len(u.nodes) == 1 and n not in dropped and n not in needed and u.op is None \
                    and n.op in ("call_method", "call_function") and n.users and all(x in dropped for x in n.users):
                dropped.add(n)
                changed = True
    return [u for u in units if not any(n in dropped for n in u.nodes)]
