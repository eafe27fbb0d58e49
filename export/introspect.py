"""Runtime reading of a solution and its problem: constructor values, state tensors, layer mapping.

This imports the solution and problem sources (they were already run by the evaluator) and builds
the models on the ``meta`` device, so no weights are allocated. Only to match differently named
state between the reference ``Model`` and ``ModelNew`` are both built for real, with one seed,
when their state is small (``_MAX_MATCH_NUMEL``).
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .source import ExportError, Param

_MAX_MATCH_NUMEL = 1 << 24  # elements; above this, match state by order and shape instead of by value


@dataclass(frozen=True, kw_only=True)
class StateTensor:
    name: str  # dotted attribute path in the module, e.g. "conv.weight"
    shape: tuple[int, ...]
    dtype: str
    kind: str  # "parameter" or "buffer"


@dataclass(frozen=True, kw_only=True)
class ModelFacts:
    """What running the sources told us."""

    init_values: dict[str, Any]  # ModelNew constructor argument -> value from get_init_inputs()
    state: tuple[StateTensor, ...]  # ModelNew's parameters and buffers
    reference_state: tuple[StateTensor, ...] = ()
    # ModelNew state name -> reference Model attribute path; None when no layer can be offered
    layer_state_map: dict[str, str] | None = None
    layer_map_method: str = ""  # "name", "value" or "order+shape"
    # constructor argument -> attribute path of the reference Model holding its value (e.g. "ln.normalized_shape")
    reference_attrs: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = field(default=())


def load_source_module(source: str, module_name: str, directory: Path) -> ModuleType:
    """Import ``source`` from a real file (Triton's @jit reads the source with inspect)."""
    path = directory / f"{module_name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        sys.modules.pop(module_name, None)
        raise
    return module


def gather_facts(
    *, solution_source: str, problem_source: str | None, init_params: tuple[Param, ...], tag: str
) -> ModelFacts:
    """Bind constructor values, list ModelNew's state, and map the reference's state onto it."""
    import torch

    with tempfile.TemporaryDirectory(prefix="autokernel-export-") as tmp:
        solution = load_source_module(solution_source, f"_autokernel_export_solution_{tag}", Path(tmp))
        problem = None
        if problem_source is not None:
            problem = load_source_module(problem_source, f"_autokernel_export_problem_{tag}", Path(tmp))
        try:
            return _facts(torch, solution, problem, init_params)
        finally:
            for name in list(sys.modules):
                if name.startswith("_autokernel_export_") and name.endswith(f"_{tag}"):
                    del sys.modules[name]


def _facts(
    torch, solution: ModuleType, problem: ModuleType | None, init_params: tuple[Param, ...]
) -> ModelFacts:
    notes: list[str] = []
    init_args: list[Any] = list(problem.get_init_inputs()) if problem is not None else []
    if len(init_args) > len(init_params):
        raise ExportError(
            f"get_init_inputs() returns {len(init_args)} values but ModelNew.__init__ takes {len(init_params)}"
        )
    init_values = {p.name: v for p, v in zip(init_params, init_args)}
    unknown = [p.name for p in init_params[len(init_args) :] if p.default is None]
    if unknown:
        raise ExportError(
            f"ModelNew.__init__ needs {', '.join(unknown)} but no problem source gives get_init_inputs(); "
            "pass the problem file (--problem)"
        )
    new_model = _build(torch, solution.ModelNew, init_args, device="meta")
    state = _state(new_model)
    if problem is None:
        return ModelFacts(init_values=init_values, state=state, notes=("no problem source: no layer",))
    ref_model = _build(torch, problem.Model, init_args, device="meta")
    ref_state = _state(ref_model)
    stored = {
        name: path for name, value in init_values.items() if (path := _attr_holding(ref_model, name, value))
    }
    mapping, method = _map_state(torch, problem.Model, solution.ModelNew, init_args, state, ref_state)
    if mapping is None:
        notes.append(f"no layer: {method}")
    return ModelFacts(
        init_values=init_values,
        state=state,
        reference_state=ref_state,
        layer_state_map=mapping,
        layer_map_method=method if mapping is not None else "",
        reference_attrs=stored,
        notes=tuple(notes),
    )


_MISSING = object()


def _attr_holding(model, name: str, value: Any) -> str | None:
    """Where the reference model keeps a constructor value: ``name`` itself, else a unique attribute path.

    A path found by value alone is used only for distinctive values (not bools or small ints), so a
    coincidence like ``dim=1`` never binds to an unrelated attribute.
    """
    if _same_value(getattr(model, name, _MISSING), value):
        return name
    hits = []
    for prefix, module in model.named_modules():
        for attr, held in vars(module).items():
            if not attr.startswith("_") and _same_value(held, value):
                hits.append(f"{prefix}.{attr}" if prefix else attr)
    named = [h for h in hits if h.rsplit(".", 1)[-1] == name]
    if len(named) == 1:
        return named[0]
    distinctive = not isinstance(value, bool) and not (isinstance(value, int) and abs(value) < 2)
    if len(hits) == 1 and distinctive and value is not None:
        return hits[0]
    return None


def _same_value(a: Any, b: Any) -> bool:
    if a is _MISSING:
        return False
    try:
        if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
            return tuple(a) == tuple(b) and all(type(x) is type(y) for x, y in zip(a, b))
        return type(a) is type(b) and bool(a == b)
    except Exception:  # e.g. tensors: ambiguous truth value
        return False


def _build(torch, cls, init_args: list[Any], *, device: str):
    try:
        with torch.device(device):
            return cls(*init_args)
    except Exception as exc:
        if device == "meta":  # some constructors do work meta tensors cannot; build for real
            return _build(torch, cls, init_args, device="cpu")
        raise ExportError(f"constructing {cls.__name__}(*get_init_inputs()) failed: {exc}") from exc


def _state(module) -> tuple[StateTensor, ...]:
    out = [
        StateTensor(name=n, shape=tuple(t.shape), dtype=str(t.dtype).removeprefix("torch."), kind="parameter")
        for n, t in module.named_parameters()
    ]
    out += [
        StateTensor(name=n, shape=tuple(t.shape), dtype=str(t.dtype).removeprefix("torch."), kind="buffer")
        for n, t in module.named_buffers()
    ]
    return tuple(out)


def _map_state(torch, ref_cls, new_cls, init_args, state, ref_state) -> tuple[dict[str, str] | None, str]:
    """Map each ModelNew state tensor to the reference Model attribute holding the same tensor.

    Returns (mapping, method) or (None, reason).
    """
    if not state:
        return {}, "name"
    ref_shapes = {s.name: s.shape for s in ref_state}
    if all(ref_shapes.get(s.name) == s.shape for s in state):
        return {s.name: s.name for s in state}, "name"
    total = sum(_numel(s.shape) for s in (*state, *ref_state))
    if total <= _MAX_MATCH_NUMEL:
        torch.manual_seed(0)
        ref = _build(torch, ref_cls, init_args, device="cpu")
        torch.manual_seed(0)
        new = _build(torch, new_cls, init_args, device="cpu")
        ref_tensors = dict(ref.named_parameters()) | dict(ref.named_buffers())
        new_tensors = dict(new.named_parameters()) | dict(new.named_buffers())
        mapping = {}
        for name, tensor in new_tensors.items():
            hits = [
                r
                for r, rt in ref_tensors.items()
                if rt.shape == tensor.shape and rt.dtype == tensor.dtype and torch.equal(rt, tensor)
            ]
            if len(hits) != 1:
                return (
                    None,
                    f"ModelNew state {name!r} matches {len(hits)} reference tensors by value (need 1)",
                )
            mapping[name] = hits[0]
        return mapping, "value"
    if len(state) == len(ref_state) and all(a.shape == b.shape for a, b in zip(state, ref_state)):
        shapes = [s.shape for s in state]
        if len(set(shapes)) == len(shapes):
            return {a.name: b.name for a, b in zip(state, ref_state)}, "order+shape"
    return None, "ModelNew's state does not correspond one-to-one to the reference Model's"


def _numel(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def literal_source(value: Any) -> str | None:
    """Source text for ``value`` if it round-trips as a Python literal (usable as a default), else None."""
    if isinstance(value, (bool, int, float, str, type(None), tuple, list)):
        text = repr(value)
        try:
            if ast.literal_eval(text) == value:
                return text
        except (ValueError, SyntaxError):
            return None
    return None
