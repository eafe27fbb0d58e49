"""Generate one Triton kernel (and its Python wrapper) for a fused group of elementwise ops.

All values are computed in fp32 registers; each value the rest of the forward needs is stored once,
in the dtype torch's promotion would give. Operands that broadcast (bias, per-channel scales) are
read through ``(i // inner) % size`` (see ``_bcast_operand``), others with plain offsets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ._literals import num
from ._ops import Op, _is_node, _is_tensor


def _c(v) -> str:
    return num(v)


def ew_expr(op: Op, a: list[str]) -> str:
    """Triton expression of one elementwise op on fp32 operand expressions ``a``."""
    p = op.params
    x = a[0]
    name = op.name
    simple = {
        "relu": f"tl.maximum({x}, 0.0)",
        "sigmoid": f"tl.sigmoid({x})",
        "tanh": f"_tanh({x})",
        "silu": f"{x} * tl.sigmoid({x})",
        "selu": f"1.0507009873554805 * tl.where({x} > 0, {x}, 1.6732632423543772 * (tl.exp({x}) - 1.0))",
        "hardsigmoid": f"tl.minimum(tl.maximum({x} + 3.0, 0.0), 6.0) / 6.0",
        "hardswish": f"{x} * (tl.minimum(tl.maximum({x} + 3.0, 0.0), 6.0) / 6.0)",
        "softsign": f"{x} / (1.0 + tl.abs({x}))",
        "mish": f"{x} * _tanh(_softplus({x}, 1.0, 20.0))",
        "abs": f"tl.abs({x})",
        "exp": f"tl.exp({x})",
        "exp2": f"tl.exp2({x})",
        "log": f"tl.log({x})",
        "sqrt": f"tl.sqrt({x})",
        "rsqrt": f"1.0 / tl.sqrt({x})",
        "neg": f"-{x}",
        "reciprocal": f"1.0 / {x}",
        "square": f"{x} * {x}",
        "erf": f"tl.erf({x})",
        "log1p": f"tl.log(1.0 + {x})",
        "expm1": f"tl.exp({x}) - 1.0",
        "logsigmoid": f"tl.minimum({x}, 0.0) - tl.log(1.0 + tl.exp(-tl.abs({x})))",
        "sin": f"tl.sin({x})",
        "cos": f"tl.cos({x})",
        "relu6": f"tl.minimum(tl.maximum({x}, 0.0), 6.0)",
        "sign": f"tl.where({x} > 0, 1.0, tl.where({x} < 0, -1.0, 0.0))",
        "tanhshrink": f"{x} - _tanh({x})",
    }
    if name in simple:
        return simple[name]
    if name == "gelu":
        if p["approximate"] == "tanh":
            return f"0.5 * {x} * (1.0 + _tanh(0.7978845608028654 * ({x} + 0.044715 * {x} * {x} * {x})))"
        return f"0.5 * {x} * (1.0 + tl.erf({x} * 0.7071067811865476))"
    if name == "leaky_relu":
        return f"tl.where({x} > 0, {x}, {x} * {_c(p['negative_slope'])})"
    if name == "elu":
        return f"tl.where({x} > 0, {x}, {_c(p['alpha'])} * (tl.exp({x}) - 1.0))"
    if name == "celu":
        return f"tl.where({x} > 0, {x}, {_c(p['alpha'])} * (tl.exp({x} / {_c(p['alpha'])}) - 1.0))"
    if name == "hardtanh":
        return f"tl.minimum(tl.maximum({x}, {_c(p['min_val'])}), {_c(p['max_val'])})"
    if name == "softplus":
        return f"_softplus({x}, {_c(p['beta'])}, {_c(p['threshold'])})"
    if name in ("clamp", "clamp_min", "clamp_max"):
        e = x
        if p.get("min") is not None:
            e = f"tl.maximum({e}, {_c(p['min'])})"
        if p.get("max") is not None:
            e = f"tl.minimum({e}, {_c(p['max'])})"
        return e
    if name == "cast":
        if p["dtype"] in ("float16", "bfloat16"):  # round through the narrow type, keep computing in fp32
            return f"{x}.to(tl.{p['dtype']}).to(tl.float32)"
        return x
    b = a[1] if len(a) > 1 else None
    alpha = p.get("alpha", 1)
    if name == "add":
        return f"({x} + {b})" if alpha == 1 else f"({x} + {_c(alpha)} * {b})"
    if name == "sub":
        return f"({x} - {b})" if alpha == 1 else f"({x} - {_c(alpha)} * {b})"
    if name == "mul":
        return f"({x} * {b})"
    if name == "div":
        return f"({x} / {b})"
    if name == "maximum":
        return f"tl.maximum({x}, {b})"
    if name == "minimum":
        return f"tl.minimum({x}, {b})"
    if name == "pow":
        return _pow(x, b, op.operands[1])
    raise AssertionError(name)


def _pow(x: str, b: str, exponent) -> str:
    if isinstance(exponent, (int, float)) and float(exponent).is_integer() and abs(exponent) <= 8:
        k = int(exponent)
        if k == 0:
            return f"({x} * 0.0 + 1.0)"
        prod = " * ".join([x] * abs(k))
        return f"({prod})" if k > 0 else f"(1.0 / ({prod}))"
    if isinstance(exponent, (int, float)) and float(exponent) == 0.5:
        return f"tl.sqrt({x})"
    if not _is_node(exponent):  # x ** c = exp(c log x): NaN for x < 0 like torch for non-integer c
        return f"tl.exp({b} * tl.log({x}))"
    return f"tl.exp({b} * tl.log({x}))"


def _collect(em, members):
    """The group's external tensors and scalars, one ``t{i}`` line per member, and each member's dtypes."""
    in_group = set(members)
    tensors: list = []  # external tensor nodes
    scalars: list = []  # external scalar nodes (e.g. sizes)
    var = {}
    body = []
    dts: dict = {}
    for i, n in enumerate(members):
        op: Op = em.plan.ops[n]
        exprs = []
        dt: list[str] = []
        for o in op.operands:
            if _is_node(o) and o in in_group:
                exprs.append(var[o])
                dt += [d for d in dts[o] if d not in dt]
            elif _is_node(o) and _is_tensor(o):
                if o not in tensors:
                    tensors.append(o)
                exprs.append(f"a{tensors.index(o)}")
                d = f"{em.names[o]}.dtype"
                if d not in dt:
                    dt.append(d)
            elif _is_node(o):
                if o not in scalars:
                    scalars.append(o)
                exprs.append(f"s{scalars.index(o)}")
            else:
                exprs.append(num(o) if isinstance(o, (int, float)) and not isinstance(o, bool) else repr(o))
        if op.name == "cast":
            dt = [f"torch.{op.params['dtype']}"]
        dts[n] = dt
        var[n] = f"t{i}"
        body.append(f"    t{i} = {ew_expr(op, exprs)}  # {n.name}: {op.name}")
    return tensors, scalars, var, body, dts


def _operand_sig(tensors, scalars) -> tuple[list[str], list[str]]:
    """Kernel parameters for the operands (before the outputs) and their constexpr broadcast flags."""
    sig = []
    for j in range(len(tensors)):
        sig += [f"in{j}_ptr", f"in{j}_inner", f"in{j}_size"]
    sig += [f"s{j}" for j in range(len(scalars))]
    return sig, [f"IN{j}_BCAST: tl.constexpr" for j in range(len(tensors))]


def _operand_loads(n_tensors: int, mask: str, indent: str = "    ", evict: str | None = None) -> list[str]:
    """Loads of the operands into a0, a1, ...; with ``evict`` (a constexpr's name) the full-size ones, read
    once, carry that eviction policy, while broadcast ones (a bias read by every row) keep the default."""
    policy = f", eviction_policy={evict}" if evict else ""
    k = []
    for j in range(n_tensors):
        k += [
            f"{indent}if IN{j}_BCAST:",
            f"{indent}    a{j} = tl.load(in{j}_ptr + (offs // in{j}_inner) % in{j}_size, mask={mask}, other=0.0)",
            f"{indent}else:",
            f"{indent}    a{j} = tl.load(in{j}_ptr + offs, mask={mask}, other=0.0{policy})",
            f"{indent}a{j} = a{j}.to(tl.float32)",
        ]
    return k


def _wrapper_head(wname, args, n_tensors, doc) -> list[str]:
    w = [
        "",
        "",
        f"def {wname}({', '.join(args)}):",
        f'    """{doc}"""',
        f"    shape = _bshape({', '.join(args[:n_tensors])})" if n_tensors else "    shape = torch.Size([])",
    ]
    for j, a in enumerate(args[:n_tensors]):
        w.append(f"    in{j}, in{j}_inner, in{j}_size, in{j}_b = _bcast_operand({a}, shape)")
    return w


def _launch_operands(em, tensors, scalars) -> list[str]:
    launch = []
    for j in range(len(tensors)):
        launch += [f"in{j}", f"in{j}_inner", f"in{j}_size"]
    return launch + [em.names[s] for s in scalars]


def emit_group(em, unit, idx: int) -> tuple[str, str, str] | None:
    """(forward line, kernel+wrapper source, covered label) for one fused elementwise group.

    None when no value of the group is used (dead code in the reference). A group with a folded reduction
    (``unit.reduce``) becomes one reducing kernel instead (`_emit_group_reduce`).
    """
    if unit.reduce is not None:
        return _emit_group_reduce(em, unit, idx)
    members = unit.nodes
    tensors, scalars, var, body, dts = _collect(em, members)
    outputs = unit.outputs
    if not outputs:
        return None
    kname = f"_fused{idx}_kernel"
    wname = f"_fused{idx}"
    sig, flags = _operand_sig(tensors, scalars)
    sig += [f"out{j}_ptr" for j in range(len(outputs))]
    sig.append("n_elements")
    sig += flags
    sig += ["WIDE: tl.constexpr", "EVICT: tl.constexpr", "STORE_CM: tl.constexpr", "BLOCK_SIZE: tl.constexpr"]
    chain = " -> ".join(em.plan.ops[n].name for n in members)
    k = [
        "",
        "",
        "@triton.jit",
        f"def {kname}({', '.join(sig)}):",
        f"    # fused elementwise: {chain}",
        "    if WIDE:  # 64-bit offsets only when the tensor needs them: int32 index math is cheaper",
        "        offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)",
        "    else:",
        "        offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)",
        "    mask = offs < n_elements",
    ]
    k += _operand_loads(len(tensors), "mask", evict="EVICT")
    k += body
    for j, n in enumerate(outputs):
        k.append(f"    tl.store(out{j}_ptr + offs, {var[n]}.to(out{j}_ptr.dtype.element_ty), mask=mask, "
                 "cache_modifier=STORE_CM)")
    args = [em.names[t] for t in tensors] + [em.names[s] for s in scalars]
    w = _wrapper_head(wname, args, len(tensors), chain)
    w.append("    n = math.prod(shape)")
    first = args[0]
    for j, n in enumerate(outputs):
        dt = dts[n]
        w.append(f"    out{j} = torch.empty(shape, dtype=_promote({', '.join(dt)}), device={first}.device)")
    launch = _launch_operands(em, tensors, scalars) + [f"out{j}" for j in range(len(outputs))] + ["n"]
    launch += [f"IN{j}_BCAST=in{j}_b" for j in range(len(tensors))]
    launch += ["WIDE=n + BLOCK_SIZE >= 2**31", "EVICT=\"evict_first\" if EW_STREAM else \"\"",
               "STORE_CM=\".cs\" if EW_STREAM else \"\"", "BLOCK_SIZE=BLOCK_SIZE", "num_warps=NUM_WARPS"]
    w += ["    if n > 0:", f"        {kname}[(_cdiv(n, BLOCK_SIZE),)]({', '.join(launch)})"]
    outs = ", ".join(f"out{j}" for j in range(len(outputs)))
    w.append(f"    return {outs}")
    lhs = ", ".join(em.names[n] for n in outputs)
    call = f"{lhs} = {wname}({', '.join(args)})"
    return call, "\n".join(k + w), f"fused elementwise: {','.join(em.plan.ops[n].name for n in members)}"


def _emit_group_reduce(em, unit, idx: int) -> tuple[str, str, str]:
    """One kernel that computes the group and reduces its single output (prologue fusion, see `_plan`).

    The group's output is viewed as (OUTER, R, INNER) like `_reduce` views its input; stage 1 writes fp32
    partials per (split of R, column), the reduce family's `_reduce_partials_kernel` combines them (and
    divides a mean by R). The elementwise values exist only in registers.
    """
    members = unit.nodes
    rn = unit.reduce
    red = em.plan.ops[rn]
    tensors, scalars, var, body, dts = _collect(em, members)
    (out,) = unit.outputs
    kname = f"_fused{idx}_reduce_kernel"
    wname = f"_fused{idx}"
    sig, flags = _operand_sig(tensors, scalars)
    sig += ["part_ptr", "R", "INNER", "NCOLS", "CHUNK", *flags]
    sig += ["OP: tl.constexpr", "WIDE: tl.constexpr", "BLOCK_R: tl.constexpr", "BLOCK_I: tl.constexpr"]
    chain = " -> ".join(em.plan.ops[n].name for n in members)
    k = [
        "",
        "",
        "@triton.jit",
        f"def {kname}({', '.join(sig)}):",
        f"    # fused elementwise {chain}, reduced ({red.name}) over R of its output viewed as (OUTER, R, INNER):",
        "    # program (column block, split) writes the fp32 partial of rows [split * CHUNK, +CHUNK) of its columns",
        "    if WIDE:  # 64-bit index math only when the tensor needs it (broadcast operands divide per element)",
        "        cols = tl.program_id(0).to(tl.int64) * BLOCK_I + tl.arange(0, BLOCK_I)",
        "        split = tl.program_id(1).to(tl.int64)",
        "    else:",
        "        cols = tl.program_id(0) * BLOCK_I + tl.arange(0, BLOCK_I)",
        "        split = tl.program_id(1)",
        "    cmask = cols < NCOLS",
        "    row0 = (cols // INNER) * R * INNER + cols % INNER",
        "    r_offs = tl.arange(0, BLOCK_R)",
        "    if OP == 2:",
        '        neutral = -float("inf")',
        "    elif OP == 3:",
        '        neutral = float("inf")',
        "    else:",
        "        neutral = 0.0",
        "    acc = tl.full((BLOCK_R, BLOCK_I), neutral, tl.float32)",
        "    start = split * CHUNK",
        "    end = tl.minimum(start + CHUNK, R)",
        "    for r0 in range(0, CHUNK, BLOCK_R):",
        "        r = start + r0 + r_offs",
        "        m = (r[:, None] < end) & cmask[None, :]",
        "        offs = row0[None, :] + r[:, None] * INNER",
    ]
    k += _operand_loads(len(tensors), "m", indent="        ")
    k += ["    " + line for line in body]
    k += [
        f"        v = tl.where(m, {var[out]}, neutral)",
        "        if OP == 2:",
        "            acc = tl.maximum(acc, v)",
        "        elif OP == 3:",
        "            acc = tl.minimum(acc, v)",
        "        else:",
        "            acc += v",
        "    if OP == 2:",
        "        res = tl.max(acc, 0)",
        "    elif OP == 3:",
        "        res = tl.min(acc, 0)",
        "    else:",
        "        res = tl.sum(acc, 0)",
        "    tl.store(part_ptr + split * NCOLS + cols, res, mask=cmask)",
    ]
    args = [em.names[t] for t in tensors] + [em.names[s] for s in scalars]
    dims = None if red.params["dims"] is None else tuple(red.params["dims"])
    w = _wrapper_head(wname, args, len(tensors), f"{chain}, then {red.name} over dims {dims}: one pass")
    first = args[0]
    w += [
        "    nd = len(shape)",
        "    dims = list(range(nd))" if dims is None else f"    dims = sorted({{d % nd for d in {dims!r}}})",
        "    outer = math.prod(shape[: dims[0]])",
        "    r = math.prod(shape[dims[0]: dims[-1] + 1])",
        "    inner = math.prod(shape[dims[-1] + 1:])",
        "    ncols = outer * inner",
        f"    out_shape = [1 if d in dims else s for d, s in enumerate(shape) if {red.params['keepdim']} or d not in dims]",
        f"    out = torch.empty(out_shape, dtype=_promote({', '.join(dts[out])}), device={first}.device)",
        "    if out.numel() == 0:",
        "        return out",
        "    if r == 0:  # as torch: an empty sum is 0, an empty mean nan; max/min of nothing is an error",
        f"        if {red.name!r} in ('sum', 'mean'):",
        f"            return out.fill_(0.0 if {red.name!r} == 'sum' else float('nan'))",
        f"        raise RuntimeError('{red.name}(): cannot reduce over a zero-size dimension')",
        "    # few column blocks and long rows: split R so that the GPU fills up (as `_reduce_split`)",
        "    block_r, block_i = _tile(r, inner, ncols, RED_TILE, RED_BLOCK_INNER)",
        "    col_blocks = _cdiv(ncols, block_i)",
        "    chunk = r",
        "    if col_blocks < RED_SPLIT_PROGRAMS and r >= RED_SPLIT_MIN_R:",
        "        block_r, block_i = _tile(min(r, RED_SPLIT_CHUNK), inner, ncols, RED_TILE, RED_BLOCK_INNER)",
        "        col_blocks = _cdiv(ncols, block_i)",
        "        chunk = max(RED_SPLIT_CHUNK, _cdiv(r, 65535))  # grid axis 1 holds at most 65535 splits",
        "    chunk = _cdiv(chunk, block_r) * block_r",
        "    splits = _cdiv(r, chunk)",
        f"    part = torch.empty((splits, ncols), dtype=torch.float32, device={first}.device)",
    ]
    launch = _launch_operands(em, tensors, scalars) + ["part", "r", "inner", "ncols", "chunk"]
    launch += [f"IN{j}_BCAST=in{j}_b" for j in range(len(tensors))]
    launch += [f"OP=_REDUCE_OPS[{red.name!r}]", "WIDE=outer * r * inner + chunk * ncols >= 2**31", "BLOCK_R=block_r",
               "BLOCK_I=block_i", "num_warps=RED_NUM_WARPS"]
    w += [
        f"    {kname}[(col_blocks, splits)]({', '.join(launch)})",
        "    block_s, block_i2 = _tile(splits, ncols, ncols, RED_TILE, RED_BLOCK_INNER)",
        "    _reduce_partials_kernel[(_cdiv(ncols, block_i2),)](",
        f"        part, out, splits, ncols, r, OP=_REDUCE_OPS[{red.name!r}], BLOCK_S=block_s, BLOCK_I=block_i2,",
        "        num_warps=RED_NUM_WARPS)",
        "    return out",
    ]
    call = f"{em.names[rn]} = {wname}({', '.join(args)})"
    label = f"fused elementwise + reduction: {','.join(em.plan.ops[n].name for n in members)} -> {red.name}"
    return call, "\n".join(k + w), label


def bn_epilogue(em, unit):
    """(batch-norm node, other tensors) when the group ``unit`` is the elementwise tail of one batch norm that
    nothing else reads (an activation, a residual add): the group then runs inside the batch norm's normalising
    pass (``_batch_norm(x, bn, epi, extras)``), one launch and one round trip of the tensor fewer. Only fp32
    values of the batch norm's shape, at most two other tensors and no scalar nodes; else None."""
    import torch

    if not unit.is_group or unit.reduce is not None:
        return None
    members = set(unit.nodes)
    outputs = unit.outputs
    if len(outputs) != 1:
        return None
    operands = list(dict.fromkeys(o for n in unit.nodes for o in em.plan.ops[n].operands
                                  if _is_node(o) and o not in members))
    if not all(_is_tensor(o) for o in operands):
        return None  # a scalar node (a size read at run time) has no slot in the epilogue

    def fused_bn(o):
        op = em.plan.ops.get(o)
        return (isinstance(op, Op) and op.kind == "batchnorm" and op.module and o not in em.plan.switched
                and all(u in members for u in o.users))

    bns = [o for o in operands if fused_bn(o)]
    if not bns:
        return None
    bn, extras = bns[0], [o for o in operands if o is not bns[0]]
    if len(extras) > 2:
        return None
    shape = tuple(bn.meta["ak_val"].shape)
    for v in (*operands, outputs[0]):
        val = v.meta.get("ak_val")
        if not (isinstance(val, torch.Tensor) and val.dtype == torch.float32 and tuple(val.shape) == shape):
            return None
    return bn, extras


def emit_bn_group(em, unit, idx: int, bn, extras) -> tuple[str, str | None, str]:
    """(forward line, epilogue source or None when an identical epilogue was written already, covered label) for
    a group fused into its batch norm (`bn_epilogue`). Identical tails (the ReLU after every batch norm of a
    CNN) share one function, so the batch-norm kernels compile once for all of them."""
    members = unit.nodes
    tensors, _, var, body, _ = _collect(em, members)
    (out,) = unit.outputs
    names = [em.plan.ops[n].name for n in members]
    lines = [f"    a{tensors.index(bn)} = y"]
    lines += [f"    a{tensors.index(e)} = e{i}" for i, e in enumerate(extras)]
    lines += [line.split("  #")[0] for line in body]  # the comments name one model's nodes
    lines.append(f"    return {var[out]}")
    shared = em.bn_epilogues
    fname = shared.get(tuple(lines))
    src = None
    if fname is None:
        fname = shared[tuple(lines)] = f"_bn_epi{idx}"
        head = ["", "", "@triton.jit", f"def {fname}(y, e0, e1):",
                f"    # elementwise tail run in a batch norm's normalising pass: {' -> '.join(names)}"]
        src = "\n".join(head + lines)
    bn_op = em.plan.ops[bn]
    ext = ", ".join(em.names[e] for e in extras)
    ext = f"({ext},)" if len(extras) == 1 else f"({ext})"
    call = (f"{em.names[out]} = _batch_norm({em.fmt(bn_op.operands[0])}, {em.module_expr(bn_op.module)}, "
            f"{fname}, {ext})")
    return call, src, f"normalisation: batch_norm + {','.join(names)}"


CONV_EPI_EXTRAS = 3  # other tensors a convolution's epilogues read (`_templates/conv.py`: e0, e1, e2)
_POOL_WINDOWS = (2, 4, 8, 16, 32, 64)  # a fused pool's window sizes: whole windows in a tile of rows (a power of 2)


@dataclass
class ConvChain:
    """A convolution switchable between library call and generated kernel (``CONV_ENGINE``) with what follows it
    that its generated kernel's store can take in: an elementwise tail (``pre``, a group unit), a max or average
    pool whose windows tile its output (``pool``, a node), the elementwise tail after that (``post``). ``extras``:
    the other tensors both tails read (numbers or one value per channel). The forward writes both paths: with the
    generated kernel one launch whose output is the chain's last value, with the library call the call and the
    units after it as they were."""

    conv: object
    pre: object = None
    pool: object = None
    post: object = None
    extras: list = field(default_factory=list)

    @property
    def last(self):
        """The chain's last unit's node whose value the rest of the forward reads."""
        if self.post is not None:
            return self.post.outputs[0]
        return self.pool if self.pool is not None else self.pre.outputs[0]


def _tail_extras(em, unit, head):
    """The other tensors of the group ``unit`` as the elementwise tail of ``head`` (which only the group reads): all
    fp32, each a number or one value per channel of ``head`` (a bias or scale shaped (C, 1, 1)), every value of the
    group ``head``'s shape, one output; else None."""
    import torch

    if not unit.is_group or unit.reduce is not None:
        return None
    members = set(unit.nodes)
    outputs = unit.outputs
    if len(outputs) != 1 or not all(u in members for u in head.users):
        return None
    operands = list(dict.fromkeys(o for n in unit.nodes for o in em.plan.ops[n].operands
                                  if _is_node(o) and o not in members))
    if head not in operands or not all(_is_tensor(o) for o in operands):
        return None
    y = head.meta.get("ak_val")
    if not (isinstance(y, torch.Tensor) and y.dtype == torch.float32 and y.dim() >= 3):
        return None
    extras = [o for o in operands if o is not head]
    for e in extras:
        v = e.meta.get("ak_val")
        if not (isinstance(v, torch.Tensor) and v.dtype == torch.float32 and v.dim() <= y.dim()):
            return None
        shape = (1,) * (y.dim() - v.dim()) + tuple(v.shape)
        if any(s != 1 for i, s in enumerate(shape) if i != 1) or shape[1] not in (1, y.shape[1]):
            return None
    for n in unit.nodes:  # every value of the group is the head's shape and fp32 (no casts to narrow types)
        v = n.meta.get("ak_val")
        if not (isinstance(v, torch.Tensor) and v.dtype == torch.float32 and tuple(v.shape) == tuple(y.shape)):
            return None
    return extras


def _fusable_pool(em, head, conv):
    """The pool node that is ``head``'s only user, when a store can take it: a MaxPool or AvgPool of the
    convolution's dimensions whose windows tile the output (stride = window, no padding or dilation, no ceil mode,
    no divisor override) and hold a power of two of values, at most 64; else None."""
    import torch
    import torch.nn as nn

    users = list(head.users)
    if len(users) != 1:
        return None
    pn = users[0]
    op = em.plan.ops.get(pn)
    if not (isinstance(op, Op) and op.kind == "pool" and op.module and pn.op == "call_module"
            and pn.all_input_nodes == [head] and len(pn.args) == 1 and not pn.kwargs):
        return None
    pool = em.gm.get_submodule(pn.target)
    cmod = em.gm.get_submodule(conv.target)
    nd = len(cmod.kernel_size)
    kinds = (nn.MaxPool1d, nn.MaxPool2d, nn.MaxPool3d, nn.AvgPool1d, nn.AvgPool2d, nn.AvgPool3d)
    if type(pool) not in kinds or op.params.get("nd") != nd:
        return None

    def norm(v):
        return tuple(v) if isinstance(v, (tuple, list)) else (v,) * nd

    k = norm(pool.kernel_size)
    if (norm(pool.stride if pool.stride not in (None, ()) else pool.kernel_size) != k or any(norm(pool.padding))
            or pool.ceil_mode or getattr(pool, "divisor_override", None) is not None
            or any(d != 1 for d in norm(getattr(pool, "dilation", 1))) or math.prod(k) not in _POOL_WINDOWS):
        return None
    v = pn.meta.get("ak_val")
    return pn if isinstance(v, torch.Tensor) and v.dtype == torch.float32 else None


def conv_chains(em) -> list[ConvChain]:
    """Every convolution of the plan whose generated kernel can take what follows it into its store
    (`ConvChain`): on L2/90 an activation, a per-channel add, a clamp and a GELU (the 1.8 GB output never written
    and read back), on L2/50 a scale, a 2x2x2 average pool and a bias (the 1 GB output never written)."""
    unit_of = {n: u for u in em.plan.units for n in u.nodes}
    chains = []
    for conv, op in em.plan.ops.items():
        if not (isinstance(op, Op) and op.kind == "conv" and op.module and conv.op == "call_module"
                and conv in em.plan.switched):
            continue
        chain, head = ConvChain(conv=conv), conv
        users = list(conv.users)
        if len(users) == 1 and unit_of.get(users[0]) is not None:
            extras = _tail_extras(em, unit_of[users[0]], conv)
            if extras is not None and len(extras) <= CONV_EPI_EXTRAS:
                chain.pre, chain.extras, head = unit_of[users[0]], extras, unit_of[users[0]].outputs[0]
        chain.pool = _fusable_pool(em, head, conv)
        if chain.pool is not None:
            after = list(chain.pool.users)
            if len(after) == 1 and unit_of.get(after[0]) is not None:
                extras = _tail_extras(em, unit_of[after[0]], chain.pool)
                merged = list(dict.fromkeys(chain.extras + (extras or [])))
                if extras is not None and len(merged) <= CONV_EPI_EXTRAS:
                    chain.post, chain.extras = unit_of[after[0]], merged
        if chain.pre is not None or chain.pool is not None:
            chains.append(chain)
    return chains


def emit_conv_epilogue(em, unit, idx: int, head, extras) -> tuple[str, str]:
    """(function name, source) of the ``@triton.jit`` epilogue a convolution's store applies for the group ``unit``
    (a `ConvChain`'s tail of ``head``, the convolution or its pool): ``y`` the tile, ``e0``.. ``extras``' values
    for the tile's channels."""
    tensors, _, var, body, _ = _collect(em, unit.nodes)
    (out,) = unit.outputs
    names = [em.plan.ops[n].name for n in unit.nodes]
    fname = f"_conv_epi{idx}"
    lines = ["", "", "@triton.jit", f"def {fname}(y, e0, e1, e2):",
             f"    # elementwise tail run in a convolution's store: {' -> '.join(names)}",
             f"    a{tensors.index(head)} = y"]
    lines += [f"    a{tensors.index(e)} = e{i}" for i, e in enumerate(extras) if e in tensors]
    lines += [line.split("  #")[0] for line in body]
    lines.append(f"    return {var[out]}")
    return fname, "\n".join(lines)
