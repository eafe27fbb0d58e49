"""Shrink a KernelBench problem until its reference runs in a moment on CPU (Triton interpreter).

Wider than ``Problem.scaled``: folds int expressions (``N = 2048 * 2``), handles chained and tuple
targets (``height = width = 128``, ``d, h, w = 16, 32, 32``) and size tuples, divides all sizes alike
(so sizes that must agree still agree), takes batches to 2, and checks each candidate by tracing the
reference on the meta device; channel counts are kept when dividing them breaks the model (groups).
"""

from __future__ import annotations

import re


def scale_source(source: str, k: int, min_size: int = 4, keep: str = "", batch_to_2: bool = True) -> str:
    """Divide every module-level size constant by ``k`` (kept >= ``min_size``; smaller ones untouched).

    Batch sizes go straight to 2. Names matching the regex ``keep`` are left alone.
    Wider than ``Problem.scaled``: also folds int expressions (``N = 2048 * 2``), chained and tuple
    targets (``height = width = 128``, ``d, h, w = 16, 32, 32``) and size tuples (``shape = (4096,)``),
    so sizes that must stay equal are divided alike.
    """
    import ast

    from autokernel.problem import _is_size_name

    def fold(node):
        try:
            v = eval(compile(ast.Expression(node), "<size>", "eval"), {"__builtins__": {}})
        except Exception:
            return None
        return v if type(v) is int else None

    def shrink(v: int) -> int:
        return v if v <= min_size else max(min_size, v // k)

    tree = ast.parse(source)
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            names = [target] if isinstance(target, ast.Name) else list(getattr(target, "elts", []))
            values = [node.value] if isinstance(target, ast.Name) else list(getattr(node.value, "elts", []))
            if len(names) != len(values) or not all(isinstance(n, ast.Name) for n in names):
                continue
            for i, (name, value) in enumerate(zip(names, values)):
                sizeish = _is_size_name(name.id) or "shape" in name.id.lower()
                if not sizeish or (keep and re.search(keep, name.id, re.IGNORECASE)):
                    continue
                if (v := fold(value)) is not None:
                    # the batch never constrains other sizes: take it down to 2 at once
                    new = ast.Constant(min(v, 2) if batch_to_2 and "batch" in name.id.lower() else shrink(v))
                elif isinstance(value, ast.Tuple) and all(fold(e) is not None for e in value.elts):
                    new = ast.Tuple([ast.Constant(shrink(fold(e))) for e in value.elts], ast.Load())
                else:
                    continue
                if isinstance(target, ast.Name):
                    node.value = new
                else:
                    node.value.elts[i] = new
        # chained targets share one value: split so each name keeps its own
    return ast.unparse(tree)


def work_elements(problem) -> int | None:
    """Sum of the sizes of all values the reference computes (traced on meta); None if it fails."""
    import torch

    from ._trace import TraceError, trace_problem

    try:
        traced = trace_problem(problem.source)
    except (TraceError, Exception):
        return _untraced_elements(problem)
    total = sum(p.numel() for p in traced.model.parameters())
    for n in traced.gm.graph.nodes:
        v = n.meta.get("ak_val")
        if isinstance(v, torch.Tensor):
            total += v.numel()
    return total


def _untraced_elements(problem) -> int | None:
    """For a model the tracer cannot take: parameters, inputs and each leaf module's output, from a run on the
    meta device (what ran before an op without a meta kernel still counts); None if it cannot be built there."""
    import torch

    from ._trace import _meta_gap, load_namespace

    try:
        ns = load_namespace(problem.source)
        with torch.device("meta"):
            model = ns["Model"](*ns["get_init_inputs"]())
            inputs = list(ns["get_inputs"]())
    except Exception:  # noqa: BLE001 - user code
        return None
    total = sum(p.numel() for p in model.parameters())
    total += sum(x.numel() for x in inputs if isinstance(x, torch.Tensor))
    counted = [0]

    def hook(module, args, out):
        counted[0] += sum(t.numel() for t in (out if isinstance(out, tuple) else (out,)) if isinstance(t, torch.Tensor))

    handles = [m.register_forward_hook(hook) for m in model.modules() if not list(m.children())]
    try:
        with torch.no_grad(), torch.device("meta"):
            model(*inputs)
    except Exception as exc:  # noqa: BLE001 - user code
        if not _meta_gap(exc):
            return None  # a real error (sizes too small for the model): this scale does not work
    finally:
        for h in handles:
            h.remove()
    return total + counted[0]


def tiny_problem(problem, max_elements: int):
    """The least scale (power of two) whose traced work is at most ``max_elements`` values."""
    from dataclasses import replace

    # channel counts can be tied to unscaled group counts: if scaling them breaks the model, keep them;
    # a batch can be tied to another size (broadcasts): then divide it like the others
    tiers = (("", True), ("channel|feature|hidden|embed", True), ("", False))
    for keep, batch_to_2 in tiers:
        chosen = None
        for k in (2**i for i in range(1, 17)):
            p = replace(
                problem,
                source=scale_source(problem.source, k, keep=keep, batch_to_2=batch_to_2),
                scale=k,
                notes=(
                    *problem.notes,
                    f"sizes divided by {k} (min 4{', kept ' + keep if keep else ''}) for CPU",
                ),
            )
            work = work_elements(p)
            if work is None:
                continue
            chosen = p
            if work <= max_elements:
                return p
        if chosen is not None:
            return chosen
    return problem
