"""Write recorded calls back as a KernelBench-format problem: ``Model.forward`` makes the same calls, with the
same shapes, dtypes, layouts and parameters; ``get_inputs`` draws tensors like the ones the model passed.

Every tensor the calls read from outside becomes an input of ``forward`` (weights included), so a kernel for the
problem can be called inside the model with the model's own tensors (``verify``). Values are drawn the way the
real ones looked: ``torch.rand`` for floats that were all non-negative (a variance, a LayerNorm weight of ones),
``torch.randn`` otherwise, ``torch.randint`` over the seen range for integers, and the seen fraction of
``True`` for masks. A non-contiguous tensor keeps its layout (``permute``, ``expand`` or ``as_strided``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from autokernel.profile.record import Call, TensorArg, Trace, _leaves

BODY_MARK = "# --- operation (generated from the model's trace; the text below identifies it) ---"

_BINARY_OPS = {
    "__add__": "+", "__sub__": "-", "__mul__": "*", "__truediv__": "/", "__floordiv__": "//", "__mod__": "%",
    "__matmul__": "@", "__pow__": "**", "__and__": "&", "__or__": "|", "__xor__": "^", "__lt__": "<",
    "__le__": "<=", "__gt__": ">", "__ge__": ">=", "__eq__": "==", "__ne__": "!=", "__lshift__": "<<",
    "__rshift__": ">>",
}  # fmt: skip
_INPLACE_DUNDER = {f"__i{k[2:]}": k for k in _BINARY_OPS}
_UNARY_OPS = {"__neg__": "-", "__pos__": "+", "__invert__": "~", "__abs__": "abs"}


class EmitError(ValueError):
    """The calls cannot be written as a standalone problem; the message says why."""


@dataclass(frozen=True)
class Emitted:
    """A problem's body (the part after ``BODY_MARK``) and where its inputs come from in the model."""

    body: str
    inputs: tuple[tuple, ...]  # per forward input: ("param", name) or ("arg", call position, TensorArg)
    members: tuple[int, ...]  # call indices, in order


def _identity(a: TensorArg):
    if a.producer is not None:
        return ("p", a.producer, a.slot)
    if a.param is not None:
        return ("w", a.param)
    if a.model_input is not None:
        return ("i", a.model_input)
    return None


def func_expr(call: Call) -> tuple[str, str]:
    """(how the callable is written, its style: "function", "method", "attribute", "operator")."""
    import torch
    import torch.nn.functional as F

    name = call.name
    func = call.func
    for prefix, ns in (("F", F), ("torch", torch), ("torch.special", torch.special),
                       ("torch.linalg", torch.linalg), ("torch.fft", torch.fft)):
        if getattr(ns, name, None) is func:
            return f"{prefix}.{name}", "function"
    if getattr(func, "__name__", "") == "__get__":
        return name, "attribute"
    if name in _INPLACE_DUNDER:
        return _INPLACE_DUNDER[name], "operator"
    if name in _BINARY_OPS or name in _UNARY_OPS or name in ("__getitem__", "__radd__", "__rsub__", "__rmul__",
                                                             "__rtruediv__", "__rpow__", "__rmatmul__"):
        return name, "operator"
    if getattr(torch.Tensor, name, None) is func:
        if name.endswith("_") and not name.startswith("_") and hasattr(torch.Tensor, name[:-1]):
            return name[:-1], "method"  # written out of place: a problem must not change its inputs
        return name, "method"
    raise EmitError(f"{name}: a torch callable with no public spelling ({func!r})")


def literal(value) -> str:
    """Python source for a non-tensor argument."""
    import torch

    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "float('nan')"
        if math.isinf(value):
            return "float('inf')" if value > 0 else "-float('inf')"
        return repr(value)
    if isinstance(value, torch.dtype):
        return str(value)
    if isinstance(value, torch.Size):
        return repr(tuple(value))
    if isinstance(value, tuple):
        return "(" + ", ".join(literal(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, slice):
        return f"slice({literal(value.start)}, {literal(value.stop)}, {literal(value.step)})"
    if value is Ellipsis:
        return "..."
    if isinstance(value, (torch.memory_format, torch.layout)):
        return str(value)
    raise EmitError(f"argument {value!r} ({type(value).__name__}) has no literal spelling")


def make_tensor(a: TensorArg) -> str:
    """Source drawing a tensor like ``a`` (shape, dtype, layout, value class)."""
    dtype = "" if a.dtype == "float32" else f", dtype=torch.{a.dtype}"
    n = len(a.shape)
    expanded = [d for d in range(n) if a.stride[d] == 0 and a.shape[d] > 1]
    base = tuple(1 if d in expanded else a.shape[d] for d in range(n))
    stride = [a.stride[d] for d in range(n)]
    kept = sorted((d for d in range(n) if d not in expanded), key=lambda d: (-stride[d], d))
    # the dims in memory order; expanded dims (size 1 before expanding) stay where they are when nothing else moves
    order = list(range(n)) if kept == sorted(kept) else kept + expanded
    perm_shape = [base[d] for d in order]
    contiguous, acc = [], 1
    for size in reversed(perm_shape):
        contiguous.append(acc)
        acc *= size
    contiguous.reverse()
    dense = all(stride[d] == c or base[d] == 1 for d, c in zip(order, contiguous)) if n else True
    if dense:
        expr = _draw(a, tuple(perm_shape), dtype)
        if order != list(range(n)):
            inverse = tuple(order.index(d) for d in range(n))
            expr += f".permute{inverse}"
        if expanded:
            expr += f".expand{tuple(a.shape)}"
        return expr
    size = 1 + sum((s - 1) * st for s, st in zip(a.shape, a.stride) if s > 0)
    return f"{_draw(a, (size,), dtype)}.as_strided({tuple(a.shape)}, {tuple(a.stride)})"


def _draw(a: TensorArg, shape: tuple, dtype: str) -> str:
    shape_src = repr(tuple(shape))
    if a.values.startswith("int:"):
        lo, hi = (int(v) for v in a.values.split(":")[1:])
        return f"torch.randint({lo}, {hi + 1}, {shape_src}{dtype})"
    if a.values.startswith("bool:"):
        return f"(torch.rand({shape_src}) < {float(a.values.split(':')[1])!r})"
    if a.values == "nonneg":
        return f"torch.rand({shape_src}{dtype})"
    return f"torch.randn({shape_src}{dtype})"


def emit(trace: Trace, members: list[int]) -> Emitted:
    """The body of a problem running ``members`` (call indices, in order) of ``trace``."""
    calls = [trace.calls[i] for i in members]
    position = {c.index: k for k, c in enumerate(calls)}
    names: dict = {}  # external identity -> input name
    inputs: list[tuple] = []
    drawn: list[str] = []
    lines = []

    def ref(a: TensorArg, call_pos: int) -> str:
        if a.producer in position:
            base = f"v{position[a.producer]}"
            produced = calls[position[a.producer]].out
            return f"{base}[{a.slot}]" if isinstance(produced, (list, tuple)) else base
        key = _identity(a)
        if key is not None and key in names:
            return names[key]
        name = f"x{len(inputs)}"
        if key is not None:
            names[key] = name
        inputs.append(("param", a.param) if a.param is not None else ("arg", call_pos, a))
        drawn.append(make_tensor(a))
        return name

    def src(value, call_pos: int) -> str:
        if isinstance(value, TensorArg):
            return ref(value, call_pos)
        if isinstance(value, (list, tuple)) and any(isinstance(v, TensorArg) for v in _leaves(value)):
            inner = ", ".join(src(v, call_pos) for v in value)
            return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
        return literal(value)

    for k, c in enumerate(calls):
        expr, style = func_expr(c)
        kwargs = dict(c.kwargs)
        if kwargs.get("inplace"):
            kwargs["inplace"] = False
        args = [src(a, k) for a in c.args]
        kw = [f"{key}={src(v, k)}" for key, v in kwargs.items()]
        if style == "function":
            rhs = f"{expr}({', '.join(args + kw)})"
        elif style == "attribute":
            rhs = f"{args[0]}.{expr}"
        elif style == "method":
            rhs = f"{args[0]}.{expr}({', '.join(args[1:] + kw)})"
        elif expr == "__getitem__":
            index = c.args[1]
            rhs = f"{args[0]}[{src(index, k) if not isinstance(index, tuple) else ', '.join(src(v, k) for v in index) or '()'}]"
        elif expr in _BINARY_OPS:
            rhs = f"({args[0]} {_BINARY_OPS[expr]} {args[1]})"
        elif expr.startswith("__r") and "__" + expr[3:] in _BINARY_OPS:
            rhs = f"({args[1]} {_BINARY_OPS['__' + expr[3:]]} {args[0]})"
        elif expr in _UNARY_OPS:
            op = _UNARY_OPS[expr]
            rhs = f"abs({args[0]})" if op == "abs" else f"({op}{args[0]})"
        else:
            raise EmitError(f"{c.name}: operator without a spelling")
        if kw and style not in ("function", "method"):
            raise EmitError(f"{c.name}: keyword arguments on an operator")
        lines.append(f"        v{k} = {rhs}")
    last = calls[-1].out
    if not isinstance(last, TensorArg):
        raise EmitError(f"{calls[-1].name} returns {type(last).__name__}, not one tensor (a problem returns one)")
    if not inputs:
        raise EmitError("the operation reads no tensor")
    params = ", ".join(f"x{i}" for i in range(len(inputs)))
    body = "\n".join([
        BODY_MARK,
        "import torch",
        "import torch.nn as nn",
        "import torch.nn.functional as F",
        "",
        "",
        "class Model(nn.Module):",
        "    def __init__(self):",
        "        super().__init__()",
        "",
        f"    def forward(self, {params}):",
        *lines,
        f"        return v{len(calls) - 1}",
        "",
        "",
        "def get_inputs():",
        "    return [" + ", ".join(drawn) + "]",
        "",
        "",
        "def get_init_inputs():",
        "    return []",
        "",
    ])
    return Emitted(body=body, inputs=tuple(inputs), members=tuple(members))


def body_of(source: str) -> str | None:
    """The operation part of an extracted problem's source (None when it was not written by ``emit``)."""
    at = source.find(BODY_MARK)
    return source[at:].strip() + "\n" if at >= 0 else None


def chain(trace: Trace, anchor: int, consumers: dict[int, list[int]] | None = None) -> list[int]:
    """``anchor`` and the epilogue that follows it: the pointwise and view calls right after it that read the
    chain's values, parameters, constants or the anchor's own inputs (all known when the anchor runs, so a fused
    kernel can take them as arguments), ending where a value of the chain is read from outside it."""
    consumers = trace.consumers() if consumers is None else consumers
    first = trace.calls[anchor]
    if first.kind in ("view", "factory"):
        return [anchor]
    known = {_identity(a) for a in first.tensor_args()} - {None}
    members = [anchor]
    for c in trace.calls[anchor + 1:]:
        if c.kind not in ("pointwise", "view"):
            break
        args = c.tensor_args()
        if not any(a.producer in members for a in args):
            break
        if any(a.producer not in members and a.param is None and _identity(a) not in known for a in args):
            break
        if not isinstance(c.out, TensorArg):
            break
        members.append(c.index)
    # trim: every value but the last must be read only inside the chain
    while len(members) > 1:
        inside = set(members)
        leaks = [m for m in members[:-1] if any(u not in inside for u in consumers.get(m, []))]
        if not leaks:
            break
        members = members[: members.index(leaks[0]) + 1]
    while len(members) > 1 and trace.calls[members[-1]].kind == "view":
        members.pop()  # a trailing view is the caller's business, not the kernel's
    return members
