"""Generate one Triton kernel (and its Python wrapper) for a fused group of elementwise ops.

All values are computed in fp32 registers; each value the rest of the forward needs is stored once,
in the dtype torch's promotion would give. Operands that broadcast (bias, per-channel scales) are
read through ``(i // inner) % size`` (see ``_bcast_operand``), others with plain offsets.
"""

from __future__ import annotations

from ._emit import num
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


def emit_group(em, unit, idx: int) -> tuple[str, str, str] | None:
    """(forward line, kernel+wrapper source, covered label) for one fused elementwise group.

    None when no value of the group is used (dead code in the reference).
    """
    members = unit.nodes
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
    outputs = [n for n in members if any(u not in in_group for u in n.users)]
    if not outputs:
        return None
    kname = f"_fused{idx}_kernel"
    wname = f"_fused{idx}"
    sig = []
    for j in range(len(tensors)):
        sig += [f"in{j}_ptr", f"in{j}_inner", f"in{j}_size"]
    sig += [f"s{j}" for j in range(len(scalars))]
    sig += [f"out{j}_ptr" for j in range(len(outputs))]
    sig.append("n_elements")
    sig += [f"IN{j}_BCAST: tl.constexpr" for j in range(len(tensors))]
    sig.append("BLOCK_SIZE: tl.constexpr")
    chain = " -> ".join(em.plan.ops[n].name for n in members)
    k = [
        "",
        "",
        "@triton.jit",
        f"def {kname}({', '.join(sig)}):",
        f"    # fused elementwise: {chain}",
        "    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)",
        "    mask = offs < n_elements",
    ]
    for j in range(len(tensors)):
        k += [
            f"    if IN{j}_BCAST:",
            f"        i{j} = (offs // in{j}_inner) % in{j}_size",
            "    else:",
            f"        i{j} = offs",
            f"    a{j} = tl.load(in{j}_ptr + i{j}, mask=mask, other=0.0).to(tl.float32)",
        ]
    k += body
    for j, n in enumerate(outputs):
        k.append(f"    tl.store(out{j}_ptr + offs, {var[n]}.to(out{j}_ptr.dtype.element_ty), mask=mask)")
    args = [em.names[t] for t in tensors] + [em.names[s] for s in scalars]
    w = [
        "",
        "",
        f"def {wname}({', '.join(args)}):",
        f'    """{chain}"""',
        f"    shape = torch.broadcast_shapes({', '.join(f'{a}.shape' for a in args[: len(tensors)])})",
        "    n = math.prod(shape)",
    ]
    first = args[0]
    for j, a in enumerate(args[: len(tensors)]):
        w.append(f"    in{j}, in{j}_inner, in{j}_size, in{j}_b = _bcast_operand({a}, shape)")
    for j, n in enumerate(outputs):
        dt = dts[n]
        w.append(f"    out{j} = torch.empty(shape, dtype=_promote({', '.join(dt)}), device={first}.device)")
    launch = []
    for j in range(len(tensors)):
        launch += [f"in{j}", f"in{j}_inner", f"in{j}_size"]
    launch += [em.names[s] for s in scalars] + [f"out{j}" for j in range(len(outputs))] + ["n"]
    launch += [f"IN{j}_BCAST=in{j}_b" for j in range(len(tensors))]
    launch += ["BLOCK_SIZE=BLOCK_SIZE", "num_warps=NUM_WARPS"]
    w += ["    if n > 0:", f"        {kname}[(triton.cdiv(n, BLOCK_SIZE),)]({', '.join(launch)})"]
    outs = ", ".join(f"out{j}" for j in range(len(outputs)))
    w.append(f"    return {outs}")
    lhs = ", ".join(em.names[n] for n in outputs)
    call = f"{lhs} = {wname}({', '.join(args)})"
    return call, "\n".join(k + w), f"fused elementwise: {','.join(em.plan.ops[n].name for n in members)}"
