"""Record what a model's forward does, one public torch call at a time (``torch.nn.functional.linear``,
``Tensor.view``, ``x * 0.5`` ...), with the shapes, dtypes and parameters each call saw.

Why the public-call level (a ``TorchFunctionMode``) and not the aten level: an extracted operation is written back
as the call the model made (``F.linear(x, w, b)``), which the starter generator and a reader understand, while the
aten level shows decompositions (``t`` + ``addmm``). What each call does underneath is still read from the aten
ops it issues (``CallKind``), so the grouping into pointwise epilogues uses the operators' own tags.

Two passes share one mode: ``record_calls`` (structure: arguments, producers, module paths, kinds) and
``annotate_calls`` (each call inside a ``torch.profiler.record_function`` label ``ak#<i>``, and nothing else, so
the profiler's times are not inflated by the recording itself).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

CallKind = Literal["heavy", "pointwise", "view", "factory", "other"]
LABEL = "ak#"  # record_function label prefix of the timing pass

# Calls that never compute a tensor worth a row (shape queries and the like); skipped without a label.
_QUERIES = frozenset({
    "size", "dim", "numel", "stride", "__len__", "__format__", "__repr__", "is_floating_point", "is_complex",
    "data_ptr", "is_contiguous", "element_size", "__bool__", "item", "tolist", "storage_offset", "nelement",
    "get_device", "__hash__", "__iter__", "has_names", "is_nonzero", "untyped_storage", "__reduce_ex__",
    "__deepcopy__", "requires_grad_", "__setstate__", "_is_view", "__contains__", "__index__", "__int__",
    "__float__", "__array__", "dim_order", "__dlpack__",
})  # fmt: skip


@dataclass(frozen=True)
class TensorArg:
    """A tensor argument as the call saw it."""

    shape: tuple[int, ...]
    dtype: str  # torch dtype name without the prefix, e.g. "float32"
    stride: tuple[int, ...]
    producer: int | None = None  # index of the call that made it (None: a model input, parameter or constant)
    slot: int = 0  # which tensor of the producer's output it is
    param: str | None = None  # qualified name when it is a parameter or buffer of the model
    model_input: int | None = None  # position in the model's inputs
    values: str = "signed"  # "signed", "nonneg" (floats all >= 0), "int:<lo>:<hi>", "bool:<fraction true>"

    def signature(self) -> tuple:
        """What must match for two arguments to be the same operation: shape, dtype, layout."""
        return ("T", self.shape, self.dtype, self.stride)


@dataclass
class Call:
    """One recorded public torch call."""

    index: int
    func: Any  # the callable torch dispatched through the mode
    name: str  # display name: linear, view, mul, __getitem__, T ...
    args: tuple
    kwargs: dict
    kind: CallKind = "other"
    module: str = ""  # the innermost module running the call ("" = the model's own forward)
    out: Any = None  # outputs as TensorArg (same tree as the real result)
    aten: tuple[str, ...] = ()  # aten ops it issued, in order (structure pass)
    label: int = -1  # its ``ak#<label>`` in the timing pass (which labels every call that is not a query)

    def tensor_args(self) -> list[TensorArg]:
        return [a for a in _leaves((self.args, self.kwargs)) if isinstance(a, TensorArg)]

    def signature(self) -> tuple:
        """The grouping key: what runs and on what shapes, dtypes, layouts and parameters."""
        return (self.name, id(self.func), _sig((self.args, self.kwargs)))


@dataclass
class Trace:
    """A forward pass as calls, plus what the model and its inputs were."""

    calls: list[Call] = field(default_factory=list)
    modules: list[ModuleCall] = field(default_factory=list)  # every module forward, in the order they began
    output: Any = None  # the forward's result as TensorArg tree
    param_names: dict[int, str] = field(default_factory=dict)  # id(tensor) -> qualified name
    labels: int = 0  # calls the timing pass labels in one forward

    def consumers(self) -> dict[int, list[int]]:
        """Producer index -> indices of the calls that read one of its outputs."""
        out: dict[int, list[int]] = {}
        for c in self.calls:
            for a in c.tensor_args():
                if a.producer is not None:
                    out.setdefault(a.producer, []).append(c.index)
        return out


def _leaves(tree) -> list:
    if isinstance(tree, (list, tuple)):
        return [x for t in tree for x in _leaves(t)]
    if isinstance(tree, dict):
        return [x for t in tree.values() for x in _leaves(t)]
    return [tree]


def _sig(tree):
    if isinstance(tree, TensorArg):
        return tree.signature()
    if isinstance(tree, (list, tuple)):
        return (type(tree).__name__, tuple(_sig(t) for t in tree))
    if isinstance(tree, dict):
        return ("dict", tuple((k, _sig(v)) for k, v in sorted(tree.items())))
    if isinstance(tree, float) and math.isnan(tree):
        return ("nan",)
    if isinstance(tree, slice):
        return ("slice", tree.start, tree.stop, tree.step)
    return (type(tree).__name__, repr(tree))


def call_name(func) -> str:
    """A short name for a torch callable: ``linear``, ``mul``, ``__getitem__``; ``T`` for a property getter."""
    name = getattr(func, "__name__", None) or repr(func)
    if name == "__get__":
        owner = getattr(func, "__self__", None)
        return getattr(owner, "__name__", "getattr")
    return name


def _value_class(t) -> str:
    import torch

    if t.numel() == 0 or t.device.type == "meta":
        return "signed"
    if t.dtype == torch.bool:
        return f"bool:{float(t.float().mean()):.3g}"
    if not t.is_floating_point() and not t.is_complex():
        return f"int:{int(t.min())}:{int(t.max())}"
    if t.is_floating_point() and bool((t >= 0).all()):
        return "nonneg"
    return "signed"


def _module_hooks(model, stack: list[str], on_enter=None, on_exit=None):
    """Hooks keeping ``stack`` as the path of modules whose forward is running (and telling ``on_enter(name,
    args, kwargs)`` / ``on_exit(name, out)`` about each forward)."""
    handles = []
    for name, m in model.named_modules():
        def pre(_m, args, kwargs, name=name):
            stack.append(name)
            if on_enter is not None:
                on_enter(name, args, kwargs)

        def post(_m, _args, out, name=name):
            stack.pop()
            if on_exit is not None:
                on_exit(name, out)

        handles.append(m.register_forward_pre_hook(pre, with_kwargs=True))
        handles.append(m.register_forward_hook(post, always_call=True))
    return handles


@dataclass
class ModuleCall:
    """One forward of one module: the calls it made (``first`` <= index < ``end``), its arguments and its result
    as recorded (TensorArg where a tensor), so a kernel standing for all of it can replace its ``forward``."""

    name: str
    first: int
    end: int = -1
    args: tuple = ()
    has_kwargs: bool = False
    out: Any = None


def _make_kinds_mode():
    """A dispatch mode collecting the aten ops a call issues (for ``CallKind``)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class _Kinds(TorchDispatchMode):
        def __init__(self):
            super().__init__()
            self.ops: list = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            self.ops.append(func)
            return func(*args, **(kwargs or {}))

    return _Kinds()


def _kind(ops, has_tensor_input: bool) -> CallKind:
    import torch
    from torch.utils.flop_counter import flop_registry

    from autokernel.hardware.roofline import _NO_WORK

    if not has_tensor_input:
        return "factory"
    if any(op._overloadpacket in flop_registry for op in ops):
        return "heavy"
    moves = [op for op in ops if not (op.is_view or op._overloadpacket.__name__ in _NO_WORK)]
    if not moves:
        return "view"
    if all(torch.Tag.pointwise in op.tags for op in moves):
        return "pointwise"
    return "other"


def _make_mode(model, *, structure: bool):
    import torch
    from torch.overrides import TorchFunctionMode
    from torch.utils._pytree import tree_map
    from torch.utils.weak import WeakIdKeyDictionary

    class _Mode(TorchFunctionMode):
        def __init__(self):
            super().__init__()
            self.trace = Trace()
            self.producer = WeakIdKeyDictionary()
            self.inputs = WeakIdKeyDictionary()
            self.params = WeakIdKeyDictionary()
            for name, t in [*model.named_parameters(remove_duplicate=False),
                            *model.named_buffers(remove_duplicate=False)]:
                self.params.setdefault(t, name)
                self.trace.param_names.setdefault(id(t), name)
            self.stack: list[str] = []
            self.open: list[ModuleCall] = []  # module forwards begun and not yet returned
            self.handles = []
            self.counter = 0  # calls labelled in this forward (timing pass)

        def describe(self, t) -> TensorArg:
            return self.where(t, values=structure)

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            name = call_name(func)
            if name in _QUERIES:
                return func(*args, **kwargs)
            if not structure:
                label = f"{LABEL}{self.counter}"
                self.counter += 1
                with torch.profiler.record_function(label):
                    return func(*args, **kwargs)
            label = self.counter
            self.counter += 1
            described = tree_map(lambda x: self.describe(x) if isinstance(x, torch.Tensor) else x, (args, kwargs))
            kinds = _make_kinds_mode()
            with kinds:
                out = func(*args, **kwargs)
            outs = [x for x in _leaves(out if isinstance(out, (list, tuple)) else [out]) if isinstance(x, torch.Tensor)]
            if not outs:
                return out
            index = len(self.trace.calls)
            call = Call(index=index, func=func, name=name, args=described[0], kwargs=described[1],
                        module=self.stack[-1] if self.stack else "",
                        aten=tuple(str(op) for op in kinds.ops), label=label)
            call.kind = _kind(kinds.ops, bool(call.tensor_args()))
            for slot, t in enumerate(outs):
                self.producer[t] = (index, slot)
            call.out = tree_map(lambda x: self.describe(x) if isinstance(x, torch.Tensor) else x, out)
            self.trace.calls.append(call)
            return out

        def start(self, inputs):
            for i, x in enumerate(inputs):
                if isinstance(x, torch.Tensor):
                    self.inputs[x] = i
            self.handles = _module_hooks(model, self.stack, self._enter, self._exit) if structure else []

        def where(self, x, values: bool = False):
            """A tensor's layout and origin, and with ``values`` its value class (non-tensors as they are). The
            module hooks run inside this mode and take no values: reading them there would be recorded as calls."""
            if not isinstance(x, torch.Tensor):
                return x
            producer, slot = self.producer.get(x, (None, 0))
            return TensorArg(shape=tuple(x.shape), dtype=str(x.dtype).removeprefix("torch."), stride=tuple(x.stride()),
                             producer=producer, slot=slot, param=self.params.get(x), model_input=self.inputs.get(x),
                             values=_value_class(x) if values else "signed")

        def _enter(self, name, args, kwargs):
            with torch._C.DisableTorchFunction():  # reading shapes here is not a call of the forward
                described = tuple(tree_map(self.where, args))
            self.open.append(ModuleCall(name=name, first=len(self.trace.calls), args=described,
                                        has_kwargs=bool(kwargs)))

        def _exit(self, name, out):
            call = self.open.pop()
            call.end = len(self.trace.calls)
            with torch._C.DisableTorchFunction():
                call.out = tree_map(self.where, out)
            self.trace.modules.append(call)

        def stop(self):
            for h in self.handles:
                h.remove()
            self.handles = []

    return _Mode()


def record_calls(model, inputs: list) -> Trace:
    """One forward of ``model`` on ``inputs`` (no grad), recorded call by call (the structure pass)."""
    import torch
    from torch.utils._pytree import tree_map

    mode = _make_mode(model, structure=True)
    mode.start(inputs)
    try:
        with torch.no_grad(), mode:
            out = model(*inputs)
    finally:
        mode.stop()
    mode.trace.labels = mode.counter
    mode.trace.output = tree_map(lambda x: mode.describe(x) if isinstance(x, torch.Tensor) else x, out)
    return mode.trace


def annotate_calls(model):
    """The timing pass's mode: every public call inside ``record_function("ak#<i>")``, ``i`` counting calls
    of one forward (reset with ``mode.counter = 0``); use as a context manager around the forward."""
    return _make_mode(model, structure=False)

