"""Trace a KernelBench reference ``Model`` into a torch.fx graph annotated with shapes.

Fallback chain (each step says why it was left):
1. ``torch.fx.symbolic_trace`` of the module built on the ``meta`` device (no memory, any size):
   keeps ``nn`` submodules as ``call_module`` nodes, so the emitted ``ModelNew`` can call or read
   the very submodules its copied ``__init__`` builds; shapes come from running the graph on meta tensors.
2. The same, built and run on real CPU tensors, for models whose construction or ops have no meta kernel.
3. Nothing traceable (data-dependent control flow, ...): the caller emits the whole model as
   library code and says so in ``fallbacks``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class TraceError(RuntimeError):
    """The reference could not be traced; the message is the reason shown in ``fallbacks``."""


@dataclass(kw_only=True)
class Traced:
    """A traced reference: the fx module, its namespace and per-node example values (``node.meta``)."""

    gm: Any  # torch.fx.GraphModule
    model: Any  # the nn.Module the graph reads parameters/submodules from
    namespace: dict
    device: str
    notes: list[str] = field(default_factory=list)


def load_namespace(source: str) -> dict:
    """Exec a problem source into a fresh namespace (as the KernelBench harness does)."""
    namespace: dict = {"__name__": "autokernel_starter_problem"}
    exec(compile(source, "<problem>", "exec"), namespace)  # noqa: S102 - problem files are code by contract
    return namespace


def trace_problem(source: str) -> Traced:
    """Trace ``Model`` of a problem source; raise TraceError with the reasons of every attempt."""
    import torch

    namespace = load_namespace(source)
    reasons = []
    for device in ("meta", "cpu"):
        try:
            with torch.device(device):
                init = list(namespace["get_init_inputs"]())
                model = namespace["Model"](*init)
                inputs = list(namespace["get_inputs"]())
        except Exception as exc:  # any failure of user code: try the next way, keep the reason
            reasons.append(f"building on {device}: {type(exc).__name__}: {exc}")
            continue
        try:
            gm = torch.fx.symbolic_trace(model)
        except Exception as exc:
            raise TraceError(f"torch.fx.symbolic_trace failed: {type(exc).__name__}: {_short(exc)}") from exc
        try:
            _propagate(gm, inputs)
        except Exception as exc:
            reasons.append(f"shape propagation on {device}: {type(exc).__name__}: {_short(exc)}")
            if not _meta_gap(exc):
                break  # a real error (shapes, dtypes) would repeat on CPU, after allocating everything
            continue
        return Traced(gm=gm, model=model, namespace=namespace, device=device, notes=reasons)
    raise TraceError("; ".join(reasons) or "unknown tracing failure")


def _meta_gap(exc: BaseException) -> bool:
    """True when an op merely lacks a meta-device kernel (then real CPU tensors may work)."""
    text = str(exc).lower()
    return (
        isinstance(exc, NotImplementedError) or "meta" in text or "data-dependent" in text or "item()" in text
    )


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else ""


def _propagate(gm, inputs) -> None:
    """Run the graph once, storing each node's result in ``node.meta['ak_val']``."""
    import torch

    class _Recorder(torch.fx.Interpreter):
        def run_node(self, n):
            result = super().run_node(n)
            n.meta["ak_val"] = result
            return result

    with torch.no_grad():
        _Recorder(gm).run(*inputs)
