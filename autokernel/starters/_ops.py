"""Recognise fx nodes as operations the generator covers, in one canonical form.

``classify`` returns an ``Op`` (kind + canonical name + operands + parameters) or a reason string
saying why the node stays a library call. Names follow torch (``relu``, ``sum``, ``layer_norm``).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

_REQ = object()  # marks a required parameter in signatures below

# Elementwise ops: name -> parameter names (with defaults) after binding args/kwargs.
_UNARY = {
    "relu": {},
    "sigmoid": {},
    "tanh": {},
    "silu": {},
    "selu": {},
    "hardsigmoid": {},
    "hardswish": {},
    "softsign": {},
    "mish": {},
    "abs": {},
    "exp": {},
    "log": {},
    "sqrt": {},
    "rsqrt": {},
    "neg": {},
    "reciprocal": {},
    "square": {},
    "erf": {},
    "log1p": {},
    "expm1": {},
    "logsigmoid": {},
    "sin": {},
    "cos": {},
    "relu6": {},
    "exp2": {},
    "sign": {},
    "tanhshrink": {},
    "gelu": {"approximate": "none"},
    "leaky_relu": {"negative_slope": 0.01},
    "elu": {"alpha": 1.0},
    "celu": {"alpha": 1.0},
    "hardtanh": {"min_val": -1.0, "max_val": 1.0},
    "softplus": {"beta": 1.0, "threshold": 20.0},
    "clamp": {"min": None, "max": None},
    "clip": {"min": None, "max": None},
    "clamp_min": {"min": _REQ},
    "clamp_max": {"max": _REQ},
}
_BINARY = {
    "add",
    "sub",
    "mul",
    "div",
    "truediv",
    "maximum",
    "minimum",
    "pow",
    "rsub",
    "true_divide",
    "multiply",
    "subtract",
}
_ALIASES = {
    "truediv": "div",
    "true_divide": "div",
    "multiply": "mul",
    "subtract": "sub",
    "clip": "clamp",
    "negative": "neg",
}

_REDUCE = {"sum", "mean", "amax", "amin", "max", "min", "argmax", "argmin", "prod", "logsumexp", "norm"}
_FLOAT_CASTS = {"float": "float32", "half": "float16", "bfloat16": "bfloat16", "double": "float64"}


@dataclass(frozen=True)
class Op:
    """A covered operation: ``kind`` picks the kernel family, ``name`` the variant."""

    kind: str  # ew | reduce | softmax | rownorm | batchnorm | matmul | linear | conv | pool | scan
    name: str
    operands: tuple = ()  # fx Nodes or Python constants, canonical order
    params: dict = field(default_factory=dict)
    module: str | None = None  # submodule path for call_module ops (read at run time)


def _val(node):
    return node.meta.get("ak_val") if hasattr(node, "meta") else node


def _is_node(x) -> bool:
    import torch.fx

    return isinstance(x, torch.fx.Node)


def _is_float_tensor(x) -> bool:
    import torch

    v = _val(x) if _is_node(x) else x
    return isinstance(v, torch.Tensor) and v.is_floating_point()


def _is_tensor(x) -> bool:
    import torch

    v = _val(x) if _is_node(x) else x
    return isinstance(v, torch.Tensor)


def _is_scalar(x) -> bool:
    """A Python number, or a node whose value is one (e.g. ``x.size(1)``)."""
    v = _val(x) if _is_node(x) else x
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def function_name(target) -> str | None:
    """The torch/F/operator name of a call_function target, or None when it is not one of those."""
    import torch
    import torch.nn.functional as F

    name = getattr(target, "__name__", None)
    if name is None:
        return None
    for ns in (torch, F, operator, torch.special):
        if getattr(ns, name, None) is target:
            return name
    return None


def _bind(args, kwargs, names: list[str], defaults: dict) -> dict | None:
    """Bind positional/keyword args to names; None if they do not fit."""
    if len(args) > len(names):
        return None
    bound = dict(zip(names, args))
    for k, v in kwargs.items():
        if k in bound or k not in names:
            return None
        bound[k] = v
    for k in names:
        if k not in bound:
            if defaults.get(k, _REQ) is _REQ:
                return None
            bound[k] = defaults[k]
    return bound


def classify(node, modules: dict) -> Op | str:
    """Classify one fx node; a str result is the reason it stays a library call."""
    if node.op == "call_module":
        return _classify_module(node, modules[node.target])
    if node.op == "call_function":
        name = function_name(node.target)
        if name is None:
            return f"{getattr(node.target, '__name__', node.target)}: no generated kernel"
        return _classify_call(node, name, node.args, node.kwargs)
    if node.op == "call_method":
        return _classify_call(node, node.target, node.args, node.kwargs)
    return "not an operation"


def _classify_call(node, name: str, args, kwargs) -> Op | str:
    out = _val(node)
    # keyword defaults that fx records explicitly and that change nothing
    kwargs = {
        k: v
        for k, v in kwargs.items()
        if not (k == "_stacklevel" or (k in ("out", "dtype", "memory_format") and v is None))
    }
    if name.endswith("_") and not name.startswith("_"):
        name_inplace = True
        name = name[:-1]
    else:
        name_inplace = False
    if kwargs.get("inplace"):
        name_inplace = True
    if name_inplace and args and _is_node(args[0]) and len(args[0].users) > 1:
        return f"{name}_ (in-place on a value used elsewhere)"
    name = _ALIASES.get(name, name)
    if name in _UNARY:
        return _unary(node, name, args, kwargs)
    if name in _BINARY:
        return _binary(node, name, args, kwargs)
    if name in _FLOAT_CASTS and not args[1:] and not kwargs:
        return _ew_or_reason(node, "cast", (args[0],), {"dtype": _FLOAT_CASTS[name]})
    if name == "to":
        return _cast_to(node, args, kwargs)
    if name in ("max", "min") and len(args) >= 2 and _is_node(args[1]) and _is_tensor(args[1]):
        return _binary(node, "maximum" if name == "max" else "minimum", args, kwargs)
    if name in _REDUCE:
        return _reduce(node, name, args, kwargs)
    if name in ("softmax", "log_softmax"):
        b = _bind(
            args, {k: v for k, v in kwargs.items() if k != "_stacklevel"}, ["input", "dim"], {"dim": None}
        )
        if b is None or b["dim"] is None or not isinstance(b["dim"], int):
            return f"{name}: needs an explicit int dim"
        if not _is_float_tensor(b["input"]):
            return f"{name}: input is not a floating tensor"
        return Op("softmax", name, (b["input"],), {"dim": b["dim"]})
    if name in ("cumsum", "cumprod"):
        b = _bind(args, kwargs, ["input", "dim"], {})
        if b is None or not isinstance(b["dim"], int) or not _is_float_tensor(b["input"]):
            return f"{name}: needs a float tensor and an int dim"
        return Op("scan", name, (b["input"],), {"dim": b["dim"]})
    if name in ("matmul", "mm", "bmm"):
        if len(args) != 2 or kwargs or not all(_is_float_tensor(a) for a in args):
            return f"{name}: unsupported arguments"
        a, b = (_val(x) for x in args)
        if a.dim() < 1 or b.dim() < 1 or b.dim() > 3 or (b.dim() == 3 and a.dim() != 3):
            return f"{name}: operand ranks {a.dim()}x{b.dim()} not covered"
        # one column on the right (matrix-vector): a streaming kernel instead of a mostly empty tile
        gemv = a.dim() >= 2 and (b.dim() == 1 or (b.dim() == 2 and b.shape[1] == 1))
        return Op("matmul", "gemv" if gemv else "matmul", tuple(args))
    if name == "linear":
        b = _bind(args, kwargs, ["input", "weight", "bias"], {"bias": None})
        if b is None or not _is_float_tensor(b["input"]):
            return "linear: unsupported arguments"
        return Op("linear", "linear", (b["input"], b["weight"], b["bias"]))
    if name in ("layer_norm", "group_norm"):
        return _norm_function(node, name, args, kwargs)
    if name in _LOSS_SIGS:
        return _loss(name, _bind(args, kwargs, list(_LOSS_SIGS[name]), _LOSS_SIGS[name]))
    if name == "scaled_dot_product_attention":
        b = _bind(
            args,
            kwargs,
            ["query", "key", "value", "attn_mask", "dropout_p", "is_causal", "scale", "enable_gqa"],
            {"attn_mask": None, "dropout_p": 0.0, "is_causal": False, "scale": None, "enable_gqa": False},
        )
        if b is None or b["attn_mask"] is not None or b["dropout_p"] or b["is_causal"] or b["enable_gqa"]:
            return "scaled_dot_product_attention: mask/dropout/causal/gqa not covered"
        if not all(_is_float_tensor(b[k]) for k in ("query", "key", "value")):
            return "scaled_dot_product_attention: inputs are not float tensors"
        return Op(
            "attention",
            "scaled_dot_product_attention",
            (b["query"], b["key"], b["value"]),
            {"scale": b["scale"]},
        )
    if name == "einsum":
        return _einsum(args, kwargs)
    if isinstance(out, (int, float)) or not _is_tensor(out):
        return f"{name}: not a tensor computation"
    return f"{name}: no generated kernel"


_RED = {"size_average": None, "reduce": None, "reduction": "mean"}
_LOSS_SIGS = {
    "mse_loss": {"input": _REQ, "target": _REQ, **_RED, "weight": None},
    "l1_loss": {"input": _REQ, "target": _REQ, **_RED, "weight": None},
    "smooth_l1_loss": {"input": _REQ, "target": _REQ, **_RED, "beta": 1.0, "weight": None},
    "huber_loss": {"input": _REQ, "target": _REQ, "reduction": "mean", "delta": 1.0, "weight": None},
    "kl_div": {"input": _REQ, "target": _REQ, **_RED, "log_target": False, "weight": None},
    "cross_entropy": {
        "input": _REQ,
        "target": _REQ,
        "weight": None,
        "size_average": None,
        "ignore_index": -100,
        "reduce": None,
        "reduction": "mean",
        "label_smoothing": 0.0,
    },
    "triplet_margin_loss": {
        "anchor": _REQ,
        "positive": _REQ,
        "negative": _REQ,
        "margin": 1.0,
        "p": 2.0,
        "eps": 1e-6,
        "swap": False,
        **_RED,
        "weight": None,
    },
}


def _loss(name, b) -> Op | str:
    """Losses with a generated kernel (+ generated reduction); others stay library calls."""
    if b is None or b.get("size_average") is not None or b.get("reduce") is not None:
        return f"{name}: unsupported arguments"
    if b.get("weight") is not None:
        return f"{name}: weights not covered"
    reduction = b["reduction"]
    if reduction not in ("mean", "sum", "none", "batchmean") or (
        reduction == "batchmean" and name != "kl_div"
    ):
        return f"{name}: reduction {reduction!r} not covered"
    if name == "cross_entropy":
        x, t = b["input"], b["target"]
        if (
            b["weight"] is not None
            or b["label_smoothing"]
            or not _is_float_tensor(x)
            or _val(x).dim() != 2
            or not _is_tensor(t)
            or _val(t).dtype.is_floating_point
            or _val(t).dim() != 1
        ):
            return "cross_entropy: only (N, C) logits with class indices, no weights/smoothing"
        return Op("loss", name, (x, t), {"reduction": reduction, "ignore_index": b["ignore_index"]})
    if name == "triplet_margin_loss":
        ops = (b["anchor"], b["positive"], b["negative"])
        shapes = {tuple(_val(o).shape) if _is_tensor(o) else None for o in ops}
        if b["p"] != 2 or b["swap"] or len(shapes) != 1 or None in shapes or len(next(iter(shapes))) != 2:
            return "triplet_margin_loss: only p=2, no swap, equal (N, D) inputs"
        return Op("loss", name, ops, {"margin": b["margin"], "eps": b["eps"], "reduction": reduction})
    x, t = b["input"], b["target"]
    if not (_is_float_tensor(x) and _is_float_tensor(t)) or b.get("log_target"):
        return f"{name}: needs float tensors (and log_target=False)"
    beta = b.get("beta", b.get("delta", 1.0))
    return Op("loss", name, (x, t), {"reduction": reduction, "beta": beta})


def _einsum(args, kwargs) -> Op | str:
    """Einsums that are a matmul: '<batch>m k, k n -> <batch>m n' (any letters)."""
    if kwargs or len(args) != 3 or not isinstance(args[0], str):
        return "einsum: only two-operand einsums are covered"
    eq = args[0].replace(" ", "")
    if "->" not in eq or "..." in eq:
        return "einsum: implicit output or ellipsis not covered"
    ins, out = eq.split("->")
    parts = ins.split(",")
    if len(parts) != 2:
        return "einsum: only two operands are covered"
    a, b = parts
    if (
        len(b) == 2
        and len(a) >= 2
        and a[-1] == b[0]
        and out == a[:-1] + b[1]
        and len(set(a + b)) == len(a) + 1
    ):
        return Op("matmul", "matmul", (args[1], args[2]))
    if (
        len(a) == len(b) == len(out) >= 3
        and a[:-2] == b[:-2] == out[:-2]
        and a[-1] == b[-2]
        and out[-2:] == a[-2] + b[-1]
        and len(set(a[-2:] + b[-1])) == 3
    ):
        return Op("matmul", "matmul", (args[1], args[2]))
    return f"einsum {eq!r}: not a plain matmul"


def _unary(node, name, args, kwargs) -> Op | str:
    params = dict(_UNARY[name])
    names = ["input", *params]
    if name in (
        "relu",
        "leaky_relu",
        "elu",
        "celu",
        "hardtanh",
        "selu",
        "silu",
        "mish",
        "hardswish",
        "hardsigmoid",
        "relu6",
    ):
        names.append("inplace")
        params["inplace"] = False
    b = _bind(args, kwargs, names, params)
    if b is None:
        return f"{name}: unsupported arguments"
    b.pop("inplace", None)
    x = b.pop("input")
    if name in ("clamp", "clamp_min", "clamp_max"):
        for k in ("min", "max"):
            if k in b and b[k] is not None and not isinstance(b[k], (int, float)):
                return f"{name}: tensor bounds not covered"
    if name == "gelu" and b["approximate"] not in ("none", "tanh"):
        return f"gelu: approximate={b['approximate']!r} not covered"
    return _ew_or_reason(node, name, (x,), b)


def _binary(node, name, args, kwargs) -> Op | str:
    names = ["input", "other"]
    defaults: dict = {}
    if name in ("add", "sub", "rsub"):
        names.append("alpha")
        defaults["alpha"] = 1
    if name == "div":
        names.append("rounding_mode")
        defaults["rounding_mode"] = None
    if name == "pow":
        names = ["input", "exponent"]
    b = _bind(args, kwargs, names, defaults)
    if b is None:
        return f"{name}: unsupported arguments"
    if b.get("rounding_mode") is not None:
        return f"div: rounding_mode={b['rounding_mode']!r} not covered"
    ops = list(b.values())[:2]
    for o in ops:
        if not (_is_scalar(o) or _is_tensor(o)):
            return f"{name}: operand {o!r} is neither a tensor nor a number"
    if name == "pow" and _is_node(ops[1]) and _is_tensor(ops[1]):
        return "pow: tensor exponent not covered"
    alpha = b.get("alpha", 1)
    if not isinstance(alpha, (int, float)):
        return f"{name}: non-constant alpha"
    if name == "rsub":
        name, ops = "sub", [ops[1], ops[0]]
    params = {"alpha": alpha} if alpha != 1 else {}
    return _ew_or_reason(node, name, tuple(ops), params)


def _cast_to(node, args, kwargs) -> Op | str:
    import torch

    dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
    extra = {k for k in kwargs if k != "dtype"} | ({"pos"} if len(args) > 2 else set())
    if not isinstance(dtype, torch.dtype) or extra or not dtype.is_floating_point:
        return "to: only float dtype casts are covered"
    return _ew_or_reason(node, "cast", (args[0],), {"dtype": str(dtype).removeprefix("torch.")})


def _ew_or_reason(node, name, operands, params) -> Op | str:
    if not _is_float_tensor(node):
        return f"{name}: result is not a floating tensor"
    if not any(_is_node(o) and _is_tensor(o) for o in operands):
        return f"{name}: no tensor operand"
    return Op("ew", name, tuple(operands), dict(params))


def _reduce(node, name, args, kwargs) -> Op | str:
    if name == "norm":
        b = _bind(
            args,
            kwargs,
            ["input", "p", "dim", "keepdim", "dtype"],
            {"p": "fro", "dim": None, "keepdim": False, "dtype": None},
        )
        if b is None or b["dtype"] is not None:
            return "norm: unsupported arguments"
        if b["p"] in ("fro", 2, 2.0):
            op = "l2"
        elif b["p"] in (1, 1.0):
            op = "l1"
        else:
            return f"norm: p={b['p']!r} not covered"
    else:
        names = ["input", "dim", "keepdim"]
        defaults = {"dim": None, "keepdim": False}
        if name in ("sum", "mean", "prod"):
            names.append("dtype")
            defaults["dtype"] = None
        b = _bind(args, kwargs, names, defaults)
        if b is None or b.get("dtype") is not None:
            return f"{name}: unsupported arguments"
        op = name
    if name == "logsumexp" and b["dim"] is None:
        return "logsumexp: needs dim"
    dim = b["dim"]
    if isinstance(dim, int):
        dims = (dim,)
    elif dim is None:
        dims = None
    elif isinstance(dim, (list, tuple)) and all(isinstance(d, int) for d in dim) and dim:
        dims = tuple(dim)
    else:
        return f"{name}: dim {dim!r} not covered"
    x = b["input"]
    if not _is_float_tensor(x) or _val(x).dim() == 0:
        return f"{name}: input is not a floating tensor of rank >= 1"
    with_idx = name in ("max", "min") and dims is not None  # torch.max(x, dim) -> (values, indices)
    if op in ("max", "min") and dims is not None and len(dims) != 1:
        return f"{name}: several dims"
    return Op("reduce", op, (x,), {"dims": dims, "keepdim": bool(b["keepdim"]), "with_idx": with_idx})


def _norm_function(node, name, args, kwargs) -> Op | str:
    if name == "layer_norm":
        b = _bind(
            args,
            kwargs,
            ["input", "normalized_shape", "weight", "bias", "eps"],
            {"weight": None, "bias": None, "eps": 1e-5},
        )
        if b is None or not isinstance(b["eps"], float):
            return "layer_norm: unsupported arguments"
        shape = b["normalized_shape"]
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if not all(isinstance(s, int) for s in shape):
            return "layer_norm: dynamic normalized_shape"
        return Op(
            "rownorm",
            "layer_norm",
            (b["input"], b["weight"], b["bias"]),
            {"normalized_ndim": len(shape), "eps": b["eps"]},
        )
    b = _bind(
        args,
        kwargs,
        ["input", "num_groups", "weight", "bias", "eps"],
        {"weight": None, "bias": None, "eps": 1e-5},
    )
    if b is None or not isinstance(b["num_groups"], int):
        return "group_norm: unsupported arguments"
    return Op(
        "rownorm",
        "group_norm",
        (b["input"], b["weight"], b["bias"]),
        {"num_groups": b["num_groups"], "eps": b["eps"]},
    )


def _classify_module(node, mod) -> Op | str:
    import torch.nn as nn

    x = node.args[0] if node.args else None
    if type(mod).__name__.endswith("Loss"):
        return _classify_loss_module(node, mod)
    if type(mod) in (nn.LSTM, nn.GRU, nn.RNN):
        return _classify_rnn(node, mod)
    if len(node.args) != 1 or node.kwargs or not _is_float_tensor(x):
        return f"{type(mod).__name__}: unsupported call"
    simple = {
        nn.ReLU: "relu",
        nn.SiLU: "silu",
        nn.Sigmoid: "sigmoid",
        nn.Tanh: "tanh",
        nn.SELU: "selu",
        nn.Hardsigmoid: "hardsigmoid",
        nn.Hardswish: "hardswish",
        nn.Softsign: "softsign",
        nn.Mish: "mish",
        nn.ReLU6: "relu6",
        nn.LogSigmoid: "logsigmoid",
        nn.Tanhshrink: "tanhshrink",
    }
    t = type(mod)
    path = node.target
    if t in simple:
        return _ew_or_reason(node, simple[t], (x,), {})
    if t is nn.LeakyReLU:
        return _ew_or_reason(node, "leaky_relu", (x,), {"negative_slope": mod.negative_slope})
    if t is nn.GELU:
        if mod.approximate not in ("none", "tanh"):
            return "GELU: approximation not covered"
        return _ew_or_reason(node, "gelu", (x,), {"approximate": mod.approximate})
    if t is nn.ELU:
        return _ew_or_reason(node, "elu", (x,), {"alpha": mod.alpha})
    if t is nn.CELU:
        return _ew_or_reason(node, "celu", (x,), {"alpha": mod.alpha})
    if t is nn.Hardtanh:
        return _ew_or_reason(node, "hardtanh", (x,), {"min_val": mod.min_val, "max_val": mod.max_val})
    if t is nn.Softplus:
        return _ew_or_reason(node, "softplus", (x,), {"beta": mod.beta, "threshold": mod.threshold})
    if t in (nn.Softmax, nn.LogSoftmax):
        if mod.dim is None:
            return f"{t.__name__}: implicit dim"
        return Op("softmax", "softmax" if t is nn.Softmax else "log_softmax", (x,), {"dim": mod.dim})
    if t is nn.LayerNorm:
        return Op("rownorm", "layer_norm", (x,), {"normalized_ndim": len(mod.normalized_shape)}, path)
    if t is nn.GroupNorm:
        return Op("rownorm", "group_norm", (x,), {}, path)
    if t in (nn.InstanceNorm1d, nn.InstanceNorm2d, nn.InstanceNorm3d):
        if mod.track_running_stats:
            return "InstanceNorm: track_running_stats not covered"
        if _val(x).dim() != {nn.InstanceNorm1d: 3, nn.InstanceNorm2d: 4, nn.InstanceNorm3d: 5}[t]:
            return "InstanceNorm: unbatched input"
        return Op("rownorm", "instance_norm", (x,), {}, path)
    if t in (nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d):
        return Op("batchnorm", "batch_norm", (x,), {}, path)
    if t is nn.Linear:
        return Op("linear", "linear", (x,), {}, path)
    if t in (nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.ConvTranspose1d, nn.ConvTranspose2d, nn.ConvTranspose3d):
        nd = len(mod.kernel_size)
        if mod.padding_mode != "zeros" or isinstance(mod.padding, str) and mod.padding != "valid":
            return f"{t.__name__}: padding {mod.padding!r}/{mod.padding_mode} not covered"
        if _val(x).dim() != nd + 2:
            return f"{t.__name__}: unbatched input"
        return Op("conv", t.__name__, (x,), {"transposed": t.__name__.startswith("ConvTranspose")}, path)
    if t in (nn.MaxPool1d, nn.MaxPool2d, nn.MaxPool3d, nn.AvgPool1d, nn.AvgPool2d, nn.AvgPool3d):
        nd = int(t.__name__[-2])
        if getattr(mod, "return_indices", False) or getattr(mod, "divisor_override", None):
            return f"{t.__name__}: return_indices/divisor_override not covered"
        if _val(x).dim() != nd + 2:
            return f"{t.__name__}: unbatched input"
        return Op("pool", "max_pool" if "Max" in t.__name__ else "avg_pool", (x,), {"nd": nd}, path)
    if t in (nn.AdaptiveAvgPool1d, nn.AdaptiveAvgPool2d, nn.AdaptiveAvgPool3d):
        nd = int(t.__name__[-2])
        size = mod.output_size
        size = (size,) * nd if isinstance(size, int) else tuple(size)
        if any(s != 1 for s in size) or _val(x).dim() != nd + 2:
            return f"{t.__name__}: only output size 1 is covered"
        return Op(
            "reduce", "mean", (x,), {"dims": tuple(range(2, nd + 2)), "keepdim": True, "with_idx": False}
        )
    return f"{t.__name__}: no generated kernel"


def _classify_rnn(node, mod) -> Op | str:
    """nn.LSTM / nn.GRU / nn.RNN called on a batched fp32 tensor, with or without its initial state."""
    name = type(mod).__name__
    if node.kwargs or not 1 <= len(node.args) <= 2:
        return f"{name}: unsupported call"
    x = node.args[0]
    hx = node.args[1] if len(node.args) == 2 else None
    v = _val(x)
    if not _is_float_tensor(x) or v.dim() != 3 or str(v.dtype) != "torch.float32":
        return f"{name}: only batched fp32 input is covered"
    if getattr(mod, "proj_size", 0):
        return f"{name}: proj_size not covered"
    if mod.dropout > 0 and mod.num_layers > 1:
        return f"{name}: dropout between layers not covered"
    states = hx if isinstance(hx, tuple) else (hx,)
    if not all(s is None or (_is_tensor(s) and _val(s).dim() == 3) for s in states):
        return f"{name}: unbatched or unusual initial state"
    return Op("rnn", mod.mode.lower(), (x, hx), {}, node.target)


def _classify_loss_module(node, mod) -> Op | str:
    import torch.nn as nn

    t = type(mod)
    loss_modules = {
        nn.MSELoss: "mse_loss",
        nn.L1Loss: "l1_loss",
        nn.SmoothL1Loss: "smooth_l1_loss",
        nn.HuberLoss: "huber_loss",
        nn.KLDivLoss: "kl_div",
        nn.CrossEntropyLoss: "cross_entropy",
        nn.TripletMarginLoss: "triplet_margin_loss",
    }
    if t in loss_modules:
        name = loss_modules[t]
        sig = _LOSS_SIGS[name]
        b = _bind(node.args, node.kwargs, [k for k, v in sig.items() if v is _REQ], {})
        if b is None:
            return f"{t.__name__}: unsupported call"
        for k in sig:
            if k not in b:
                b[k] = None if k in ("size_average", "reduce") else getattr(mod, k, sig[k])
        b["weight"] = getattr(mod, "weight", None)
        return _loss(name, b)
    return f"{t.__name__}: no generated kernel"


def is_heavy(op: Op | str) -> bool:
    """Matmul/linear/conv: covered by a generated kernel only when nothing lighter is (see plan)."""
    return isinstance(op, Op) and op.kind in ("matmul", "linear", "conv")


def describe(op: Op) -> str:
    return op.name


__all__ = ["Op", "classify", "describe", "function_name", "is_heavy"]
_ = Any
