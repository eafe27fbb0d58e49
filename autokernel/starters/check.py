"""Check a starter against its reference on CPU (Triton interpreter) or GPU: build both models under
the same seed, run both on the same inputs, compare with KernelBench's tolerance, and count how many
times ModelNew launched its own generated kernels.

This is a quick self-check for the generator (tests, coverage report), not the project's evaluator.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class StarterCheck:
    """Outcome of running a starter next to its reference.

    status: ``pass`` | ``mismatch`` | ``ill_conditioned`` | ``no_kernel`` | ``not_launched`` | ``error``.
        ``ill_conditioned``: the outputs differ, but the fp32 reference itself misses the tolerance against its
        float64 run and the starter is about as close to that run (within 2x): these inputs cannot judge it.
    """

    status: str
    launches: int = 0
    max_abs_diff: float | None = None
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "pass"


def load_module(source: str, name: str = "starter_solution", *, keep_file: bool = True):
    """Import a solution source from a real file (``@triton.jit`` needs one), like the harness does.
    ``keep_file=False`` removes the file after the import, for modules whose kernels are only inspected
    (compiled ahead of time, dry-run), never launched through the interpreter."""
    fd, path = tempfile.mkstemp(suffix=".py", prefix="ak_starter_")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(source)
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        if not keep_file:
            os.unlink(path)


class _LaunchCounter:
    """Stands in for a module-level kernel: counts ``kernel[grid](...)`` launches, then launches."""

    def __init__(self, fn, counts: list):
        self.fn, self.counts = fn, counts

    def __getitem__(self, grid):
        launcher = self.fn[grid]

        def run(*args, **kwargs):
            self.counts[0] += 1
            return launcher(*args, **kwargs)

        return run


def count_launches(mod) -> list:
    """Wrap every ``*_kernel`` of ``mod``; returns a one-element list holding the running count."""
    counts = [0]
    for name in dir(mod):
        obj = getattr(mod, name)
        if name.endswith("_kernel") and hasattr(obj, "__getitem__") and not isinstance(obj, type):
            setattr(mod, name, _LaunchCounter(obj, counts))
    return counts


def check_starter(
    problem, starter, *, seeds=(1, 2), atol: float = 1e-4, rtol: float = 1e-4, device: str = "cpu"
) -> StarterCheck:
    """Run reference and starter on inputs drawn with each seed; compare every output."""
    import torch

    from ._trace import load_namespace

    if not starter.covered:
        return StarterCheck(status="no_kernel", detail="; ".join(starter.fallbacks))
    try:
        mod = load_module(starter.source)
        counts = count_launches(mod)
        ns = load_namespace(problem.source)
        torch.manual_seed(42)
        init = ns["get_init_inputs"]()
        torch.manual_seed(42)
        ref = ns["Model"](*init).to(device)
        torch.manual_seed(42)
        new = mod.ModelNew(*init).to(device)
        worst = 0.0
        for seed in seeds:
            torch.manual_seed(seed)
            inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in ns["get_inputs"]()]
            with torch.no_grad():
                torch.manual_seed(seed)
                expected = ref(*inputs)
                torch.manual_seed(seed)
                got = new(*inputs)
            exp_list = list(expected) if isinstance(expected, (tuple, list)) else [expected]
            got_list = list(got) if isinstance(got, (tuple, list)) else [got]
            if len(exp_list) != len(got_list):
                return StarterCheck(
                    status="mismatch", launches=counts[0], detail="different number of outputs"
                )
            for e, g in zip(exp_list, got_list):
                if not isinstance(e, torch.Tensor):
                    if e != g:
                        return StarterCheck(status="mismatch", launches=counts[0], detail=f"{e!r} != {g!r}")
                    continue
                if tuple(e.shape) != tuple(g.shape):
                    return StarterCheck(
                        status="mismatch",
                        launches=counts[0],
                        detail=f"shape {tuple(g.shape)} != {tuple(e.shape)}",
                    )
                if e.numel():
                    diff = (e.double() - g.double()).abs()
                    worst = max(worst, float(diff.nan_to_num(0.0).max()))
                if not torch.allclose(e, g, atol=atol, rtol=rtol, equal_nan=True):
                    why = _ill_conditioned(ref, inputs, seed, e, g, atol, rtol) if len(exp_list) == 1 else None
                    return StarterCheck(
                        status="ill_conditioned" if why else "mismatch",
                        launches=counts[0],
                        max_abs_diff=worst,
                        detail=f"max abs diff {worst:.3g}" + (f"; {why}" if why else ""),
                    )
    except Exception as exc:  # report any failure of generated code as a result, not a crash
        return StarterCheck(status="error", detail=f"{type(exc).__name__}: {str(exc)[:300]}")
    if counts[0] == 0:
        return StarterCheck(status="not_launched", max_abs_diff=worst)
    return StarterCheck(status="pass", launches=counts[0], max_abs_diff=worst)


def _ill_conditioned(ref, inputs, seed, expected, got, atol, rtol) -> str | None:
    """Why the reference cannot judge this output (its own float64 run disagrees with it, and the starter is
    within 2x of the reference's distance to that run), or None: then the mismatch is the starter's."""
    import copy

    import torch

    from autokernel.evaluate.reference import run_float64

    try:
        torch.manual_seed(seed)
        e64 = run_float64(copy.deepcopy(ref).double(), inputs)
    except Exception:  # noqa: BLE001 - a model that cannot run in float64 gives no verdict on conditioning
        return None
    if not isinstance(e64, torch.Tensor) or e64.shape != expected.shape:
        return None
    if torch.allclose(expected.double(), e64, atol=atol, rtol=rtol, equal_nan=True):
        return None  # the reference is accurate here: the mismatch is the starter's
    ref_err = float((expected.double() - e64).abs().nan_to_num(0.0).max())
    new_err = float((got.double() - e64).abs().nan_to_num(0.0).max())
    if new_err > 2 * ref_err + atol:
        return None
    return f"the fp32 reference is {ref_err:.3g} off its float64 run, the starter {new_err:.3g}"
