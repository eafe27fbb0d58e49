"""Fallback for models the tracer cannot take whole (slicing by runtime sizes, data-dependent code, unsupported
calls): ``ModelNew(Model)`` keeps the reference's own forward and runs its supported layers (Linear, LayerNorm,
GroupNorm, BatchNorm, convolutions, pooling, softmax, recurrent layers) through the generated kernels. Each such module's class is
switched to a subclass whose forward calls the kernel, so parameters, buffers and their names stay the ones the
reference's ``__init__`` made under the judge's seed, and a call the kernel does not cover goes to PyTorch.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ._trace import load_namespace

_NOT_ZERO_PADDED = 'm.padding_mode == "zeros" and not (isinstance(m.padding, str) and m.padding != "valid")'


@dataclass(frozen=True)
class _Swap:
    kind: str  # the template kind (T.KIND_FAMILIES key)
    label: str  # what `covered` calls it
    fits: str  # expression of module m: this instance is covered
    call: str  # the forward's return expression (x is the input)
    guard: str = "args or kwargs"  # expression of x, args, kwargs: this call goes to PyTorch


def _swaps() -> dict[str, _Swap]:
    out = {
        "Linear": _Swap("linear", "linear", "True", "_linear(x, self.weight, self.bias)"),
        "LayerNorm": _Swap("rownorm", "layer_norm", "True",
                           "_layer_norm(x, len(self.normalized_shape), self.weight, self.bias, self.eps)"),
        "GroupNorm": _Swap("rownorm", "group_norm", "True",
                           "_group_norm(x, self.num_groups, self.weight, self.bias, self.eps)",
                           "args or kwargs or x.dim() < 2"),
    }
    for nd in (1, 2, 3):
        dims = "x.dim() not in (2, 3)" if nd == 1 else f"x.dim() != {nd + 2}"
        out[f"BatchNorm{nd}d"] = _Swap("batchnorm", "batch_norm", "True", "_batch_norm(x, self)",
                                       f"args or kwargs or {dims}")
        for conv in (f"Conv{nd}d", f"ConvTranspose{nd}d"):
            out[conv] = _Swap("conv", conv, _NOT_ZERO_PADDED, "_conv(x, self)",
                              f"args or kwargs or x.dim() != {nd + 2}")
        for pool in (f"MaxPool{nd}d", f"AvgPool{nd}d"):
            out[pool] = _Swap("pool", "max_pool" if pool.startswith("Max") else "avg_pool",
                              'not getattr(m, "return_indices", False) and not getattr(m, "divisor_override", None)',
                              f"_pool(x, self, {nd})", f"args or kwargs or x.dim() != {nd + 2}")
    for rnn in ("LSTM", "GRU", "RNN"):  # hx, when given, is the one positional argument after the input
        out[rnn] = _Swap("rnn", rnn, 'not getattr(m, "proj_size", 0)', "_rnn(x, args[0] if args else None, self)",
                         "len(args) > 1 or kwargs")
    out["Softmax"] = _Swap("softmax", "softmax", "m.dim is not None", "_softmax(x, self.dim)")
    out["LogSoftmax"] = _Swap("softmax", "log_softmax", "m.dim is not None", "_softmax(x, self.dim, log=True)")
    return out


SWAPS = _swaps()


def build_model(source: str):
    """The reference model, built on the meta device when it can be (no memory), else on CPU; None if neither."""
    import torch

    namespace = load_namespace(source)
    for device in ("meta", "cpu"):
        try:
            with torch.device(device):
                return namespace["Model"](*namespace["get_init_inputs"]())
        except Exception:  # noqa: BLE001 - user code: try the next way; None means no swap starter
            continue
    return None


def swappable_types(model) -> dict[str, int]:
    """Module type name -> count, for the model's modules that have a kernel-backed subclass."""
    import torch.nn as nn

    counts: dict[str, int] = {}
    for m in model.modules():
        name = type(m).__name__
        if name in SWAPS and type(m) is getattr(nn, name) and eval(SWAPS[name].fits, {}, {"m": m}):  # noqa: S307
            counts[name] = counts.get(name, 0) + 1
    return counts


def problem_code(source: str) -> str:
    """The problem source without its input generators and ``__main__`` block (``Model`` stays: ModelNew extends it)."""
    tree = ast.parse(source)
    keep = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in ("get_inputs", "get_init_inputs"):
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            continue
        keep.append(ast.get_source_segment(source, node) or ast.unparse(node))
    return "\n\n".join(keep)


def class_source(types: dict[str, int]) -> str:
    """The kernel-backed subclasses for these module types, the table, and ModelNew."""
    parts = []
    for name in types:
        s = SWAPS[name]
        body = [f"class _K{name}(nn.{name}):", f'    """nn.{name} through the generated kernel."""', "",
                "    @staticmethod", "    def fits(m):", f"        return {s.fits}", "",
                "    def forward(self, x, *args, **kwargs):",
                f"        if {s.guard}:", "            return super().forward(x, *args, **kwargs)",
                f"        return {s.call}"]
        parts.append("\n".join(body))
    table = ", ".join(f"nn.{name}: _K{name}" for name in types)
    parts.append(f"_KERNEL_CLASSES = {{{table}}}")
    parts.append('''class ModelNew(Model):
    """The reference's forward as written; its supported layers run through the generated kernels."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for m in self.modules():
            k = _KERNEL_CLASSES.get(type(m))
            if k is not None and k.fits(m):
                m.__class__ = k  # same parameters and buffers, under the same names''')
    return "\n\n\n".join(parts) + "\n"
