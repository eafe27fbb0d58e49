"""``verify_model``: swap validated kernels into the whole model, check it end to end, time it.

Each kernel solves an extracted problem (``extract``); its problem text says which calls of the model it stands
for (``emit.body_of``), found again by recording the model here. The swap is function replacement scoped to a
module, as ``kernels.kernelize`` replaces a layer's forward: a ``TorchFunctionMode`` entered only while the
module holding the calls runs (the innermost module common to them); when the first call arrives with the
recorded shapes and the model's own parameters, the kernel runs on the same tensors, and the epilogue's calls
return its result instead of computing. A call pattern that differs at run time, an error inside the kernel, or
an output outside the judge's tolerance names the kernel and leaves it out; the others stay.

Correctness uses the judge's tolerance (``tolerance_for``) and its inputs: KernelBench's seeded trials, then
the signed, large and heavy-tailed distributions where the fp32 model stays within tolerance of its float64
run. Timing: the model with the kept kernels against eager and ``torch.compile`` of the original, beside the
prediction of Amdahl's law from each kernel's own measured speedup.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autokernel.profile.emit import EmitError, _identity, body_of, chain, emit
from autokernel.profile.record import _QUERIES, LABEL, Call, TensorArg, Trace, call_name, record_calls
from autokernel.profile.source import ModelSource


@dataclass(frozen=True, kw_only=True)
class KernelFile:
    """A validated kernel: the problem it solves and its ``ModelNew`` source."""

    name: str
    problem_source: str
    solution_source: str
    speedup: float | None = None  # its verdict's speedup over eager on its problem (None: not timed)
    origin: str = ""


@dataclass(frozen=True, kw_only=True)
class VerifyConfig:
    """How the swapped model is judged and timed.

    Attributes:
        device: "cpu" (Triton interpreter) or "cuda[:N]".
        tolerance: the judge's preset (kernelbench: fp32 1e-4).
        trials: KernelBench's seeded trials on the whole model.
        extra_distributions: also the judge's signed, large and heavy-tailed inputs (float inputs only).
        repeats, warmup: timed forwards (median) and untimed ones first.
        compile: also time ``torch.compile`` of the original model.
        seed: the model's weights.
        min_speedup: a kernel is swapped in only if its own verdict's speedup over eager on its problem exceeds
            this (a slower kernel would slow the model down); 0 swaps every validated kernel, as the CPU default
            does, where the interpreter's times say nothing about a GPU.
    """

    device: str = "cpu"
    tolerance: str = "kernelbench"
    trials: int = 5
    extra_distributions: bool = True
    repeats: int = 20
    warmup: int = 3
    compile: bool = True
    seed: int = 42
    min_speedup: float | None = None  # None: 1 on a GPU, 0 on the CPU


KERNEL_LABEL = f"{LABEL}kernel:"  # record_function label of a swapped-in kernel's call


@dataclass(kw_only=True)
class KernelResult:
    name: str
    status: str  # kept, failed, unmatched, slower
    reason: str = ""
    calls: int = 0  # model calls it replaces per forward
    scopes: tuple[str, ...] = ()
    profiled_ms: float = 0.0  # those calls' time in the original forward
    in_model_ms: float | None = None  # the kernel's own time per forward inside the swapped model (same clock)
    speedup: float | None = None  # the kernel's own verdict speedup


@dataclass(kw_only=True)
class VerifyReport:
    model: str
    device: str
    kernels: list[KernelResult]
    eager_ms: float | None = None
    swapped_ms: float | None = None
    compile_ms: float | None = None
    predicted_speedup: float | None = None
    trials: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def speedup(self) -> float | None:
        return self.eager_ms / self.swapped_ms if self.eager_ms and self.swapped_ms else None

    @property
    def speedup_vs_compile(self) -> float | None:
        return self.compile_ms / self.swapped_ms if self.compile_ms and self.swapped_ms else None

    def to_dict(self) -> dict:
        from dataclasses import asdict

        return {**asdict(self), "speedup": self.speedup, "speedup_vs_compile": self.speedup_vs_compile}


# ---------------------------------------------------------------------------------------------------------
# Kernel sources


def load_kernels(folder: str | Path) -> tuple[list[KernelFile], list[str]]:
    """The validated kernels of a run directory (``problems/*/{problem,best}.py`` whose ``best.json`` is correct
    and not quarantined) or of an exported kernel repository folder (``provenance/<fn>/problem.py`` with
    ``build/<variant>/_k_<fn>.py``); and notes on what was passed over."""
    root = Path(folder)
    kernels, notes = [], []
    if (root / "problems").is_dir():
        for d in sorted((root / "problems").iterdir()):
            best, prob, meta = d / "best.py", d / "problem.py", d / "best.json"
            if not (best.is_file() and prob.is_file()):
                notes.append(f"{d.name}: no correct kernel in the run")
                continue
            verdict = json.loads(meta.read_text()) if meta.is_file() else {}
            if verdict.get("verdict") != "correct" or verdict.get("quarantined"):
                notes.append(f"{d.name}: best kernel not validated ({verdict.get('verdict')}); left out")
                continue
            kernels.append(KernelFile(name=d.name, problem_source=prob.read_text(), solution_source=best.read_text(),
                                      speedup=verdict.get("speedup"), origin=str(d)))
    elif (root / "provenance").is_dir():
        for d in sorted((root / "provenance").iterdir()):
            sols = sorted(root.glob(f"build/*/_k_{d.name}.py"))
            prob = d / "problem.py"
            if not sols or not prob.is_file():
                notes.append(f"{d.name}: no solution module or problem in the export")
                continue
            verdict = json.loads((d / "verdict.json").read_text()) if (d / "verdict.json").is_file() else {}
            kernels.append(KernelFile(name=d.name, problem_source=prob.read_text(),
                                      solution_source=sols[0].read_text(), speedup=verdict.get("speedup"),
                                      origin=str(sols[0])))
    else:
        raise FileNotFoundError(f"{root}: neither a run directory (problems/) nor an exported kernel repository "
                                "(provenance/, build/)")
    return kernels, notes


# ---------------------------------------------------------------------------------------------------------
# Matching kernels to the model's calls


@dataclass(kw_only=True)
class _Site:
    """One place in the model a kernel replaces: its calls, their scope and where the kernel's inputs come from."""

    kernel: str
    members: list[int]
    scope: str
    anchor: Call
    steps: list[Call]
    inputs: tuple
    # where the site is one module's whole forward: per kernel input, the forward's positional argument it is
    # (None: a parameter); the module's ``forward`` is then replaced outright, no call intercepted
    forward_args: tuple | None = None
    forward_sigs: tuple = ()  # the recorded signature of each forward argument the kernel reads


def _same_tensor(a, b) -> bool:
    """Whether two recorded TensorArgs are the same tensor of the forward (same producer and output, or the same
    model input or parameter)."""
    if a.param is not None or b.param is not None:
        return a.param == b.param
    if a.producer is not None or b.producer is not None:
        return (a.producer, a.slot) == (b.producer, b.slot)
    return a.model_input is not None and a.model_input == b.model_input


def _whole_forward(trace: Trace, scope: str, members: list[int], inputs: tuple) -> tuple | None:
    """(forward argument per kernel input, their signatures) when ``members`` are every call one forward of the
    module ``scope`` made and its result; None otherwise."""
    if not scope:
        return None
    calls = [mc for mc in trace.modules if mc.name == scope and mc.first <= min(members) and max(members) < mc.end]
    if len(calls) != 1:
        return None
    mc = calls[0]
    out = mc.out
    if (mc.has_kwargs or set(range(mc.first, mc.end)) != set(members) or not isinstance(out, TensorArg)
            or (out.producer, out.slot) != (members[-1], 0)):
        return None
    positions, sigs = [], []
    for spec in inputs:
        if spec[0] == "param":
            positions.append(None)
            continue
        j = next((j for j, a in enumerate(mc.args) if isinstance(a, TensorArg) and _same_tensor(a, spec[2])), None)
        if j is None:
            return None
        positions.append(j)
        sigs.append(mc.args[j].signature())
    return tuple(positions), tuple(sigs)


def _scope(trace: Trace, members: list[int]) -> str:
    paths = [trace.calls[m].module.split(".") if trace.calls[m].module else [] for m in members]
    common = []
    for parts in zip(*paths):
        if len(set(parts)) != 1:
            break
        common.append(parts[0])
    return ".".join(common)


def find_sites(trace: Trace, kernels: list[KernelFile]) -> tuple[dict[str, list[_Site]], dict[str, str]]:
    """Kernel name -> the places in the model whose calls its problem describes; and why others matched none."""
    bodies: dict[str, list[list[int]]] = {}
    consumers = trace.consumers()
    seen = set()
    for c in trace.calls:
        if c.kind in ("view", "factory"):
            continue
        full = chain(trace, c.index, consumers)
        for members in (full, full[:1]):
            if tuple(members) in seen:
                continue
            seen.add(tuple(members))
            try:
                body = emit(trace, members).body
            except EmitError:
                continue
            bodies.setdefault(body, []).append(members)
    sites: dict[str, list[_Site]] = {}
    unmatched: dict[str, str] = {}
    taken: set[int] = set()
    for k in kernels:
        body = body_of(k.problem_source)
        if body is None:
            unmatched[k.name] = "its problem was not extracted from a model (no operation marker)"
            continue
        found = [m for m in bodies.get(body, []) if not taken.intersection(m)]
        if not found:
            unmatched[k.name] = "no calls of this model match its problem (another model, shapes or scale?)"
            continue
        for members in found:
            taken.update(members)
            emitted = emit(trace, members)
            scope = _scope(trace, members)
            whole = _whole_forward(trace, scope, members, emitted.inputs)
            sites.setdefault(k.name, []).append(_Site(
                kernel=k.name, members=members, scope=scope, anchor=trace.calls[members[0]],
                steps=[trace.calls[m] for m in members[1:]], inputs=emitted.inputs,
                forward_args=whole[0] if whole else None, forward_sigs=whole[1] if whole else ()))
    return sites, unmatched


# ---------------------------------------------------------------------------------------------------------
# Swapping


class KernelDeviation(RuntimeError):
    """A swapped kernel met a call pattern (or raised an error) that its problem does not describe."""

    def __init__(self, kernel: str, reason: str):
        super().__init__(f"{kernel}: {reason}")
        self.kernel = kernel
        self.reason = reason


def load_solution(kernel: KernelFile, device: str, seed: int):
    """``ModelNew()`` of a kernel, on ``device`` (the interpreter runs Triton on the CPU)."""
    import torch

    if device == "cpu" and "triton" in kernel.solution_source and os.environ.get("TRITON_INTERPRET") != "1":
        if "triton" in sys.modules:
            raise RuntimeError("on the CPU, Triton kernels need the interpreter, and triton was imported without "
                               "it: set TRITON_INTERPRET=1 before starting Python (the CLI does)")
        os.environ["TRITON_INTERPRET"] = "1"
    # from a file, not a string: Triton's @jit reads its function's source from the module's file
    stem = "kernel_" + re.sub(r"\W", "_", kernel.name)
    path = Path(tempfile.mkdtemp(prefix="autokernel-verify-")) / f"{stem}.py"
    path.write_text(kernel.solution_source)
    atexit.register(shutil.rmtree, path.parent, ignore_errors=True)
    spec = importlib.util.spec_from_file_location(f"autokernel_kernel_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and pickling inside the kernel look their module up
    spec.loader.exec_module(module)
    namespace = vars(module)
    problem_ns: dict[str, Any] = {"__name__": f"autokernel_kernel_problem_{kernel.name}"}
    exec(compile(kernel.problem_source, f"<problem {kernel.name}>", "exec"), problem_ns)  # noqa: S102
    torch.manual_seed(seed)
    return namespace["ModelNew"](*problem_ns["get_init_inputs"]()).to(device)


def _tensor_sig(t) -> tuple:
    """A live tensor's `TensorArg.signature`: shape, dtype, layout."""
    return ("T", tuple(t.shape), str(t.dtype).removeprefix("torch."), tuple(t.stride()))


def _sig_now(func, args, kwargs) -> tuple:
    """The live call's `Call.signature`, built in one walk (the swap builds it on every call that can start a
    site, so it is kept cheap: no pytree round trip)."""
    import torch

    from autokernel.profile.record import _sig

    def sig(tree):
        if isinstance(tree, torch.Tensor):
            return _tensor_sig(tree)
        if isinstance(tree, (list, tuple)):
            # as the recorded side's pytree walk rebuilt it: a torch.Size (or other tuple) as a plain tuple,
            # a named tuple as itself
            kind = type(tree).__name__ if isinstance(tree, list) or hasattr(tree, "_fields") else "tuple"
            return (kind, tuple(sig(t) for t in tree))
        if isinstance(tree, dict):
            return ("dict", tuple((k, sig(v)) for k, v in sorted(tree.items())))
        return _sig(tree)

    return (call_name(func), id(func), sig((args, kwargs)))


def _make_swap_mode(model, sites: list[_Site], solutions: dict[str, Any]):
    import torch
    from torch.overrides import TorchFunctionMode
    from torch.utils._pytree import tree_leaves

    fetch = _fetcher(model)

    anchors = [(site, site.anchor.signature()) for site in sites]
    recorded = {id(c): (c.signature(), c.tensor_args()) for site in sites for c in (site.anchor, *site.steps)}
    # a call whose function starts no site and that is not inside a chain passes straight through: the signature
    # (a walk over every argument) is built only for the functions that can start one
    starters = {sig[1] for _, sig in anchors}

    class _Swap(TorchFunctionMode):
        def __init__(self):
            super().__init__()
            self.pending = None  # (site, step, placeholders by member, result, anchor runtime leaves)

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if self.pending is None and id(func) not in starters:
                return func(*args, **kwargs)
            if call_name(func) in _QUERIES:
                return func(*args, **kwargs)
            leaves = [x for x in tree_leaves((args, kwargs)) if isinstance(x, torch.Tensor)]
            if self.pending is not None:
                return self._step(func, args, kwargs, leaves)
            sig = _sig_now(func, args, kwargs)
            for site, anchor_sig in anchors:
                if sig == anchor_sig and self._params_match(site.anchor, leaves):
                    return self._start(site, leaves)
            return func(*args, **kwargs)

        def _params_match(self, call: Call, leaves) -> bool:
            rec = recorded[id(call)][1]
            return len(rec) == len(leaves) and all(a.param is None or fetch(a.param) is t for a, t in zip(rec, leaves))

        def _start(self, site: _Site, leaves):
            rec = recorded[id(site.anchor)][1]
            inputs = []
            for spec in site.inputs:
                if spec[0] == "param":
                    inputs.append(fetch(spec[1]))
                    continue
                a = spec[2]
                j = next((j for j, r in enumerate(rec) if r is a or (_identity(r) is not None
                                                                     and _identity(r) == _identity(a))), None)
                if j is None:
                    raise KernelDeviation(site.kernel, "an input of its epilogue is not known when its first call runs")
                inputs.append(leaves[j])
            try:
                with torch.profiler.record_function(f"{KERNEL_LABEL}{site.kernel}"):
                    result = solutions[site.kernel](*inputs)
            except Exception as exc:  # noqa: BLE001 - the kernel's own failure: named, and the kernel left out
                raise KernelDeviation(site.kernel, f"raised {type(exc).__name__}: {exc}") from exc
            if not site.steps:
                return result
            out = site.anchor.out
            holder = torch.empty_strided(out.shape, out.stride, dtype=getattr(torch, out.dtype), device=result.device)
            self.pending = {"site": site, "step": 0, "held": {site.members[0]: holder}, "result": result,
                            "anchor": dict(zip(map(id, rec), leaves))}
            return holder

        def _step(self, func, args, kwargs, leaves):
            p = self.pending
            site, step = p["site"], p["step"]
            held_ids = {id(t) for t in p["held"].values()}
            reads_held = any(id(t) in held_ids for t in leaves)
            if not reads_held:
                return func(*args, **kwargs)
            expect = site.steps[step]
            expected_sig, rec = recorded[id(expect)]
            ok = _sig_now(func, args, kwargs) == expected_sig
            if ok and len(rec) == len(leaves):
                ok = all(not (a.producer in p["held"] and p["held"][a.producer] is not t)
                         and not (a.param is not None and fetch(a.param) is not t) for a, t in zip(rec, leaves))
            if not ok:
                self.pending = None
                raise KernelDeviation(site.kernel, f"inside {site.scope or 'the forward'}, call {call_name(func)} "
                                      f"does not follow the extracted chain (expected {expect.name})")
            if step == len(site.steps) - 1:
                self.pending = None
                return p["result"]
            out = expect.out
            holder = torch.empty_strided(out.shape, out.stride, dtype=getattr(torch, out.dtype),
                                         device=p["result"].device)
            p["held"][expect.index] = holder
            p["step"] = step + 1
            return holder

        def finish(self):
            if self.pending is not None:
                site = self.pending["site"]
                self.pending = None
                raise KernelDeviation(site.kernel, "its chain did not complete inside the module")

    return _Swap()


def kernel_times(model, inputs: list, device: str, *, repeats: int) -> dict[str, float]:
    """Kernel name -> its ms per forward inside the swapped model, from ``torch.profiler`` on the clock `call_times`
    used for the replaced calls (device time on a GPU, wall time on the CPU): whether a kernel runs as fast in the
    model as on its own problem, apart from what the swap costs around it."""
    import torch
    from torch.profiler import profile

    from autokernel.profile.profile import _sync, labelled_ms, profiler_activities

    with torch.no_grad(), profile(activities=profiler_activities(device)) as prof:
        for _ in range(repeats):
            model(*inputs)
            _sync(device)
    return labelled_ms(prof, KERNEL_LABEL, device, repeats=repeats)


class _ForwardSwap:
    """A module's ``forward`` replaced by a kernel standing for all of it; ``remove()`` restores the class's."""

    def __init__(self, module, site: _Site, solution, fetch):
        import torch

        self.module = module
        positions, sigs = site.forward_args, iter(site.forward_sigs)
        expected = {j: next(sigs) for j in positions if j is not None}
        label = f"{KERNEL_LABEL}{site.kernel}"

        def forward(*args, **kwargs):
            if kwargs or any(j >= len(args) for j in expected):
                raise KernelDeviation(site.kernel, f"{site.scope} was called with other arguments than recorded")
            for j, sig in expected.items():
                x = args[j]
                if not isinstance(x, torch.Tensor) or _tensor_sig(x) != sig:
                    raise KernelDeviation(site.kernel, f"{site.scope} was called with other shapes or layouts "
                                                       "than its problem's")
            inputs = [fetch(spec[1]) if j is None else args[j] for spec, j in zip(site.inputs, positions)]
            try:
                with torch.profiler.record_function(label):
                    return solution(*inputs)
            except Exception as exc:  # noqa: BLE001 - the kernel's own failure: named, and the kernel left out
                raise KernelDeviation(site.kernel, f"raised {type(exc).__name__}: {exc}") from exc

        module.forward = forward

    def remove(self) -> None:
        self.module.__dict__.pop("forward", None)


def _fetcher(model):
    """The model's tensors by name, looked up once (the walk through submodules costs per call)."""
    found: dict[str, Any] = {}

    def fetch(name):
        if name not in found:
            try:
                found[name] = model.get_parameter(name)
            except AttributeError:
                found[name] = model.get_buffer(name)
        return found[name]

    return fetch


def swap_kernels(model, sites: list[_Site], solutions: dict[str, Any]):
    """Install the kernels. A module whose whole forward a kernel stands for gets its ``forward`` replaced (as
    ``kernels.kernelize`` replaces a layer's forward: nothing intercepted); elsewhere one scoped mode per module
    holding sites catches the calls. Returns the handles (``remove()``)."""
    by_scope: dict[str, list[_Site]] = {}
    for s in sites:
        by_scope.setdefault(s.scope, []).append(s)
    handles = []
    fetch = _fetcher(model)
    for scope, group in by_scope.items():
        module = model.get_submodule(scope) if scope else model
        first = group[0]
        if first.forward_args is not None and all(
                s.kernel == first.kernel and (s.forward_args, s.forward_sigs) == (first.forward_args, first.forward_sigs)
                for s in group):
            handles.append(_ForwardSwap(module, first, solutions[first.kernel], fetch))
            continue
        mode = _make_swap_mode(model, group, solutions)

        def pre(_m, _args, mode=mode):
            mode.__enter__()

        def post(_m, _args, _out, mode=mode):
            mode.__exit__(None, None, None)
            mode.finish()

        handles.append(module.register_forward_pre_hook(pre))
        handles.append(module.register_forward_hook(post, always_call=True))
    return handles


# ---------------------------------------------------------------------------------------------------------
# Judging the whole model


def _trials(source: ModelSource, model, config: VerifyConfig, notes: list[str]):
    """(label, inputs, expected) for the judge's trials on the whole model."""
    import torch

    from autokernel.evaluate.compare import compare
    from autokernel.evaluate.config import tolerance_for
    from autokernel.evaluate.protocol import kernelbench_trial_seeds
    from autokernel.evaluate.reference import EXTRA_DISTRIBUTIONS, transform

    out = []
    for seed in kernelbench_trial_seeds(config.trials):
        inputs = source.inputs(config.device, seed=seed)
        with torch.no_grad():
            out.append((f"kernelbench seed {seed}", inputs, model(*inputs)))
    if not config.extra_distributions:
        return out
    base = source.inputs(config.device, seed=config.seed + 1)
    if not any(isinstance(x, torch.Tensor) and x.is_floating_point() for x in base):
        notes.append("the model takes no floating inputs: only KernelBench's seeded trials apply")
        return out
    # a fresh build under the same seed, widened (a deep copy would share what closures capture)
    model64 = source.instantiate(config.device, seed=config.seed).double()
    for kind in EXTRA_DISTRIBUTIONS:
        if kind == "problem":
            continue
        gen = torch.Generator(device=config.device).manual_seed(config.seed ^ 0x5EED)
        inputs = transform(base, kind, gen)
        with torch.no_grad():
            expected = model(*inputs)
            try:
                wide = model64(*[x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                                 for x in inputs])
            except Exception as exc:  # noqa: BLE001 - a model that cannot run in float64: no yardstick
                notes.append(f"the model does not run in float64 ({type(exc).__name__}); the judge's signed, "
                             "large and heavy-tailed inputs are not used")
                return out
        tol = tolerance_for(config.tolerance, str(expected.dtype).removeprefix("torch."))
        if not bool(torch.isfinite(expected).all()) or not compare(expected, wide.to(expected.dtype), tol=tol).passed:
            notes.append(f"{kind} inputs: the fp32 model misses the tolerance against float64 (or is not finite); "
                         "not used")
            continue
        out.append((kind, inputs, expected))
    return out


def _check(model, trials, config: VerifyConfig) -> str | None:
    """None when every trial passes, else the first failure."""
    import torch

    from autokernel.evaluate.compare import compare
    from autokernel.evaluate.config import tolerance_for

    for label, inputs, expected in trials:
        with torch.no_grad():
            got = model(*inputs)
        tol = tolerance_for(config.tolerance, str(expected.dtype).removeprefix("torch."))
        c = compare(got, expected, tol=tol)
        if not c.passed:
            return f"{label}: {c.reason}"
    return None


def verify_model(source: ModelSource, kernels: list[KernelFile], config: VerifyConfig | None = None, *,
                 progress=lambda _msg: None) -> VerifyReport:
    """Swap ``kernels`` into ``source``'s model, check it end to end and time it (see the module docstring)."""
    import torch

    from autokernel.profile.profile import call_times, time_forward

    config = config or VerifyConfig()
    device = config.device
    model = source.instantiate(device, seed=config.seed)
    inputs = source.inputs(device, seed=config.seed)
    progress(f"recording {source.name}")
    trace = record_calls(model, inputs)
    sites, unmatched = find_sites(trace, kernels)
    results = {k.name: KernelResult(name=k.name, status="unmatched", reason=unmatched.get(k.name, ""),
                                    speedup=k.speedup) for k in kernels}
    times = call_times(model, inputs, device, trace, repeats=max(2, min(config.repeats, 5)))
    profiled_total = times.get("forward", 0.0)
    for name, group in sites.items():
        r = results[name]
        r.calls = sum(len(s.members) for s in group)
        r.scopes = tuple(s.scope or "<forward>" for s in group)
        r.profiled_ms = sum(times.get(trace.calls[m].label, 0.0) for s in group for m in s.members)
    notes: list[str] = []
    trials = _trials(source, model, config, notes)
    report = VerifyReport(model=source.name, device=device, kernels=list(results.values()), notes=notes,
                          trials=[t[0] for t in trials])
    min_speedup = config.min_speedup if config.min_speedup is not None else 0.0 if device == "cpu" else 1.0
    solutions = {}
    for k in kernels:
        if k.name not in sites:
            continue
        if min_speedup > 0 and (k.speedup is None or k.speedup <= min_speedup):
            results[k.name].status = "slower"
            results[k.name].reason = (f"left out: {'untimed' if k.speedup is None else f'{k.speedup:.3g}x'} on its "
                                      f"problem, not above --min-speedup {min_speedup:g}")
            continue
        try:
            solutions[k.name] = load_solution(k, device, config.seed)
        except Exception as exc:  # noqa: BLE001 - a kernel that does not load is named and left out
            results[k.name].status, results[k.name].reason = "failed", f"does not load: {type(exc).__name__}: {exc}"

    def attempt(names: list[str]) -> tuple[str | None, str | None]:
        """(failing kernel or None, reason) for the model with ``names`` swapped in."""
        chosen = [s for n in names for s in sites[n]]
        handles = swap_kernels(model, chosen, solutions)
        try:
            return None, _check(model, trials, config)
        except KernelDeviation as exc:
            return exc.kernel, exc.reason
        finally:
            for h in handles:
                h.remove()

    order = sorted(solutions, key=lambda n: results[n].profiled_ms, reverse=True)
    progress(f"checking {len(order)} kernel(s) in the model over {len(trials)} trials")
    kept: list[str] = []
    failing, reason = attempt(order)
    if failing is None and reason is None:
        kept = order
    else:
        for name in order:  # one at a time: the failing one is named, the rest stay
            failing, reason = attempt([*kept, name])
            if reason is None:
                kept.append(name)
            else:
                results[name].status, results[name].reason = "failed", reason
    for name in kept:
        results[name].status = "kept"
    progress(f"timing eager, {'torch.compile, ' if config.compile else ''}and the model with {len(kept)} kernel(s)")
    report.eager_ms = time_forward(model, inputs, device, repeats=config.repeats, warmup=config.warmup)
    if kept:
        handles = swap_kernels(model, [s for n in kept for s in sites[n]], solutions)
        try:
            report.swapped_ms = time_forward(model, inputs, device, repeats=config.repeats, warmup=config.warmup)
            for name, ms in kernel_times(model, inputs, device, repeats=max(2, min(config.repeats, 5))).items():
                if name in results:
                    results[name].in_model_ms = ms
        finally:
            for h in handles:
                h.remove()
    else:
        notes.append("no kernel kept: the model runs as it was")
    if config.compile:
        try:
            compiled = torch.compile(model)
            report.compile_ms = time_forward(compiled, inputs, device, repeats=config.repeats,
                                             warmup=max(config.warmup, 2))
        except Exception as exc:  # noqa: BLE001 - compile failing is a fact to report, not a reason to stop
            notes.append(f"torch.compile failed: {type(exc).__name__}: {str(exc)[:200]}")
    if report.swapped_ms and report.eager_ms and report.swapped_ms > report.eager_ms and device.startswith("cuda"):
        notes.append(f"the model with the kernels is slower than without them ({report.swapped_ms:.4g} ms against "
                     f"{report.eager_ms:.4g} ms): correct, but not worth swapping in as they are")
    # the kernels' shares as profiled (on the CPU, of the profiled forward), applied to that same whole
    report.predicted_speedup = _amdahl(report.eager_ms if device.startswith("cuda") else profiled_total,
                                       [results[n] for n in kept])
    return report


def _amdahl(total_ms: float | None, kept: list[KernelResult]) -> float | None:
    """The model's speedup Amdahl's law predicts from each kept kernel's own speedup on its calls' share."""
    if not total_ms or any(r.speedup is None or r.speedup <= 0 for r in kept):
        return None
    saved = sum(r.profiled_ms - r.profiled_ms / r.speedup for r in kept)
    return total_ms / max(total_ms - saved, 1e-12)


def format_report(report: VerifyReport) -> str:
    lines = [f"{report.model} on {report.device}: {sum(k.status == 'kept' for k in report.kernels)} of "
             f"{len(report.kernels)} kernel(s) kept; checked on {len(report.trials)} trials ({', '.join(report.trials)})"]
    for k in report.kernels:
        sp = f", {k.speedup:.3g}x on its problem" if k.speedup else ""
        where = f" in {', '.join(sorted(set(k.scopes)))}" if k.scopes else ""
        if k.in_model_ms:
            sp += f"; in the model {k.in_model_ms:.4g} ms ({k.profiled_ms / k.in_model_ms:.3g}x the calls it replaced)"
        lines.append(f"  {k.status:9s} {k.name}: {k.calls} call(s){where}, {k.profiled_ms:.4g} ms of the forward{sp}"
                     + (f"; {k.reason}" if k.reason else ""))
    def ms(v):
        return "-" if v is None else f"{v:.4g} ms"

    lines.append(f"eager {ms(report.eager_ms)}; torch.compile {ms(report.compile_ms)}; with kernels "
                 f"{ms(report.swapped_ms)}")
    sp = report.speedup
    lines.append("end-to-end speedup vs eager " + ("-" if sp is None else f"{sp:.3f}x")
                 + "; vs torch.compile " + ("-" if report.speedup_vs_compile is None else f"{report.speedup_vs_compile:.3f}x")
                 + "; Amdahl's prediction from the kernels' own speedups "
                 + ("-" if report.predicted_speedup is None else f"{report.predicted_speedup:.3f}x"))
    lines += [f"note: {n}" for n in report.notes]
    return "\n".join(lines)


__all__ = ["KernelFile", "VerifyConfig", "VerifyReport", "load_kernels", "verify_model", "format_report"]
