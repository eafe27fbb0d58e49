"""What a ModelNew source launches on a problem's inputs, found without running a kernel: a dry run on the meta
device, every Triton kernel replaced by a recorder. Two tunings with the same launches are the same kernel, so the
tuner need not time the second (a block size the tile is capped below, a split threshold the problem never meets).
"""

from __future__ import annotations

import contextlib
import re
import threading
from dataclasses import dataclass

# Dry runs patch a module's kernels and enter the meta device; one at a time keeps them from meeting.
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Launch:
    """One ``kernel[grid](*args, **options)`` call: tensors stand for their shape, strides and dtype."""

    kernel: str
    grid: tuple
    args: tuple
    options: tuple


def _describe(value):
    import torch

    if isinstance(value, torch.Tensor):
        return ("tensor", tuple(value.shape), tuple(value.stride()), str(value.dtype))
    if isinstance(value, (int, float, bool, str)) or value is None:
        return value
    if _is_kernel(value):  # a @triton.jit function given as an argument (a convolution's epilogue)
        return ("fn", getattr(value.fn, "__name__", "") if hasattr(value, "fn") else "")
    return type(value).__name__


class _Recorder:
    """Stands in for a ``@triton.jit`` kernel: ``kernel[grid](...)`` appends a `Launch` and runs nothing."""

    def __init__(self, name: str, launches: list):
        self.name, self.launches = name, launches

    def __getitem__(self, grid):
        def record(*args, **kwargs):
            g = grid(kwargs) if callable(grid) else grid
            self.launches.append(Launch(
                kernel=self.name, grid=tuple(int(x) for x in (g if isinstance(g, (tuple, list)) else (g,))),
                args=tuple(_describe(a) for a in args),
                options=tuple(sorted((k, _describe(v)) for k, v in kwargs.items())),
            ))  # fmt: skip

        return record


def _is_kernel(obj) -> bool:
    return type(obj).__name__ in ("JITFunction", "InterpretedFunction") and hasattr(obj, "__getitem__")


# aten operations that launch no kernel: views, allocations, metadata (a census of work counts the rest)
_NO_KERNEL = frozenset({"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "detach", "alias",
                        "lift_fresh", "_to_copy_meta", "size", "stride", "sym_size", "sym_stride", "is_contiguous"})


def op_recorder(ops: list):
    """A dispatch mode that appends the name of every aten operation run under it (``"conv2d"``, ``"add_"``) to
    ``ops``; on the meta device nothing is computed."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class _Ops(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            ops.append(func._schema.name.split("::")[-1])
            return func(*args, **(kwargs or {}))

    return _Ops()


def _is_view(name: str) -> bool:
    """Whether aten operation ``name`` returns a view of an input (an alias it does not write: no kernel)."""
    import torch

    packet = getattr(torch.ops.aten, name, None)
    overloads = [getattr(packet, o) for o in packet.overloads()] if packet is not None else []
    return bool(overloads) and all(
        any(r.alias_info is not None and not r.alias_info.is_write for r in ov._schema.returns) for ov in overloads
    )


def kernel_ops(ops) -> list[str]:
    """The recorded operations that launch a kernel on a GPU (views, allocations and metadata dropped)."""
    views = {n for n in set(ops) if _is_view(n)}
    return [n for n in ops if n not in _NO_KERNEL and n not in views]


def reference_ops(problem) -> tuple[object, list[str]] | None:
    """The reference model built on the meta device and every aten operation its forward runs (None when the dry
    run fails)."""
    import torch

    from autokernel.starters._trace import load_namespace

    ops: list[str] = []
    with _LOCK, torch.no_grad():
        try:
            ns = load_namespace(problem.source)
            with torch.device("meta"), contextlib.redirect_stdout(None):
                model = ns["Model"](*ns["get_init_inputs"]())
                inputs = ns["get_inputs"]()
                with op_recorder(ops):
                    model(*inputs)
        except Exception:  # noqa: BLE001 - unknown, not an error
            return None
    return model, ops


def launch_plan(source: str, problem, *, sm_count: int = 4, ops: list | None = None) -> tuple[Launch, ...] | None:
    """The launches ``source``'s ModelNew makes on ``problem``'s inputs, computed on the meta device (no memory
    taken, no kernel run). ``sm_count`` is what the starter's ``_sm_count`` answers, so host logic that sizes
    grids for the GPU (split-K) plans as it will run there. None when the dry run fails: a host path that needs
    real data, a model that cannot be built on the meta device; the caller then knows nothing. ``ops``, if given,
    receives the aten operations the forward runs besides the Triton kernels (library calls, bookkeeping)."""
    launches: list[Launch] = []
    with _LOCK:
        try:
            dry_run(problem.source, source, lambda name, kernel: _Recorder(name, launches), sm_count=sm_count,
                    mode=op_recorder(ops) if ops is not None else None)
        except Exception:  # noqa: BLE001 - any failure only means "unknown": the candidate is judged as usual
            return None
    return tuple(launches)


def dry_run(problem_source: str, source: str, stand_in, *, sm_count: int, is_kernel=_is_kernel, mode=None) -> None:
    """Run ``source``'s ModelNew forward on the problem's inputs on the meta device, every module-level kernel
    (``is_kernel``) the source launches (``name[grid]``) replaced by ``stand_in(name, kernel)`` and the @triton.jit
    functions those call left as they are (Triton compiles them into each kernel, and hashes their source into its
    key), ``_sm_count`` answering ``sm_count``; ``mode``, a torch
    function or dispatch mode entered around the forward. Raises what the dry run raises. The caller serialises dry
    runs that patch the same module (`_LOCK`)."""
    import torch

    from autokernel.starters._trace import load_namespace
    from autokernel.starters.check import load_module

    with torch.no_grad():
        ns = load_namespace(problem_source)
        mod = load_module(source, "ak_dryrun", keep_file=False)
        for name in dir(mod):  # launched ones only: a helper a kernel calls, or an epilogue it takes, stays itself
            if is_kernel(getattr(mod, name)) and re.search(rf"\b{re.escape(name)}\[", source):
                setattr(mod, name, stand_in(name, getattr(mod, name)))
        if hasattr(mod, "_sm_count"):
            mod._sm_count = lambda device: sm_count
        with torch.device("meta"), contextlib.redirect_stdout(None):
            inputs = ns["get_inputs"]()
            model = mod.ModelNew(*ns["get_init_inputs"]())
            with mode if mode is not None else contextlib.nullcontext():
                model(*inputs)
