"""``profile_model``: a whole model's forward as a table of operations (grouped by call and shapes), each with
its measured time and share, its roofline floor, and the Amdahl bound (the model's speedup if that operation
alone ran at its floor).

Times come from ``torch.profiler``: on a GPU, the device time of the kernels each call launched; on the CPU, the
wall time of each call (labelled so: CPU time says nothing about a GPU). The model's own time is its eager
forward, timed apart with the profiler off, so the shares leave room for what no operation owns (launch gaps,
Python). Floors use the roofline of `autokernel.hardware.roofline` on the GPU's ceilings (on the CPU only when a
GPU is named: a CPU has no ceilings here).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from autokernel.profile.emit import EmitError, emit, func_expr
from autokernel.profile.record import LABEL, Call, Trace, annotate_calls, record_calls
from autokernel.profile.source import ModelSource


@dataclass(frozen=True, kw_only=True)
class ProfileConfig:
    """How a model is profiled.

    Attributes:
        device: "cpu" or "cuda[:N]".
        repeats: profiled forwards (times are their mean) and timed eager forwards (the median).
        warmup: untimed forwards first (allocator, cuDNN/cuBLAS heuristics, lazy init).
        seed: seeds the model's weights and inputs (the judge's 42 by default).
        floor_gpu: compute floors against this GPU's ceilings (e.g. "NVIDIA H200"); default: the device's own GPU,
            none on the CPU.
        tolerance: the judge's tolerance preset: decides which arithmetic the floor admits (TF32 at 1e-4).
    """

    device: str = "cpu"
    repeats: int = 5
    warmup: int = 2
    seed: int = 42
    floor_gpu: str | None = None
    tolerance: str = "kernelbench"


@dataclass(kw_only=True)
class OpRow:
    """One operation: the calls of the model with the same callable, shapes, dtypes and parameters."""

    op: str  # how the call is written: F.linear, .view, __mul__
    kind: str  # heavy, pointwise, view, factory, other
    shapes: str  # tensor arguments: shape and dtype
    calls: list[int]  # call indices in the trace
    modules: list[str]  # where the calls ran
    time_ms: float = 0.0  # per forward, all calls together
    floor_ms: float | None = None  # per forward, all calls together
    bound: str = ""  # memory or compute
    floor_note: str = ""

    @property
    def representative(self) -> int:
        return self.calls[0]

    def pct_of_floor(self) -> float | None:
        if self.floor_ms is None or self.time_ms <= 0:
            return None
        return self.floor_ms / self.time_ms * 100

    def amdahl(self, total_ms: float) -> float | None:
        """The model's speedup if these calls ran at their floor and everything else as measured."""
        if self.floor_ms is None or total_ms <= 0:
            return None
        rest = max(total_ms - self.time_ms, 0.0)
        return total_ms / (rest + min(self.floor_ms, self.time_ms))


@dataclass(kw_only=True)
class Profile:
    model: str
    device: str
    time_label: str  # what the times are: GPU time (torch.profiler) or CPU wall time (torch.profiler)
    total_ms: float  # what shares are of: the eager forward's wall time on a GPU, the profiled forward's on the CPU
    eager_ms: float  # the eager forward, profiler off (median)
    rows: list[OpRow]
    trace: Trace
    gpu_name: str = ""  # whose ceilings made the floors ("" = none)
    notes: list[str] = field(default_factory=list)

    @property
    def attributed_ms(self) -> float:
        return sum(r.time_ms for r in self.rows)

    def ranked(self) -> list[OpRow]:
        """Rows by what they could buy: time above the floor where floors exist, else time."""
        def gain(r: OpRow) -> float:
            return r.time_ms - (min(r.floor_ms, r.time_ms) if r.floor_ms is not None else 0.0)

        return sorted(self.rows, key=lambda r: (gain(r), r.time_ms), reverse=True)


def _shapes(call: Call) -> str:
    parts = []
    dtypes = set()
    for a in call.tensor_args():
        parts.append("[" + ",".join(str(s) for s in a.shape) + "]")
        dtypes.add(a.dtype)
    short = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "int64": "i64", "bool": "bool"}
    return " ".join(parts) + (" " + "/".join(short.get(d, d) for d in sorted(dtypes)) if dtypes else "")


def _op_name(call: Call) -> str:
    try:
        expr, style = func_expr(call)
    except EmitError:
        return call.name
    return f".{expr}" if style in ("method", "attribute") else expr


def group_calls(trace: Trace) -> list[OpRow]:
    """Calls grouped by signature, in order of first appearance."""
    groups: dict[tuple, OpRow] = {}
    for c in trace.calls:
        row = groups.get(c.signature())
        if row is None:
            groups[c.signature()] = OpRow(op=_op_name(c), kind=c.kind, shapes=_shapes(c), calls=[c.index],
                                          modules=[c.module])
        else:
            row.calls.append(c.index)
            if c.module not in row.modules:
                row.modules.append(c.module)
    return list(groups.values())


def _sync(device: str) -> None:
    if device.startswith("cuda"):
        import torch

        torch.cuda.synchronize(device)


def time_forward(model, inputs: list, device: str, *, repeats: int, warmup: int = 1) -> float:
    """Median wall time of one forward in ms (device-synchronised), no grad."""
    import torch

    with torch.no_grad():
        for _ in range(warmup):
            model(*inputs)
        _sync(device)
        samples = []
        for _ in range(repeats):
            _sync(device)
            t0 = time.perf_counter()
            model(*inputs)
            _sync(device)
            samples.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(samples)


def profiler_activities(device: str) -> list:
    """What ``torch.profiler`` records for ``device``: the CPU, and the GPU's kernels on one."""
    from torch.profiler import ProfilerActivity

    return [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device.startswith("cuda") else [])


def labelled_ms(prof, prefix: str, device: str, *, repeats: int, wall=frozenset()) -> dict[str, float]:
    """Name (the label after ``prefix``) -> mean ms per forward of the ``record_function`` ranges so labelled in a
    profile of ``repeats`` forwards: the device time of the kernels they launched on a GPU, their wall time on the
    CPU and for the names in ``wall``."""
    from torch.autograd import DeviceType

    cuda = device.startswith("cuda")
    totals: dict[str, float] = {}
    for evt in prof.events():
        if evt.name.startswith(prefix) and evt.device_type == DeviceType.CPU:
            name = evt.name[len(prefix):]
            us = evt.device_time_total if cuda and name not in wall else evt.cpu_time_total
            totals[name] = totals.get(name, 0.0) + us / 1e3 / repeats
    return totals


def call_times(model, inputs: list, device: str, trace: Trace, *, repeats: int) -> dict:
    """Label -> mean ms per forward, from ``torch.profiler`` (device time on a GPU, wall time on the CPU); the
    key ``"forward"`` holds the whole profiled forward's mean wall time."""
    import torch
    from torch.profiler import profile

    activities = profiler_activities(device)
    mode = annotate_calls(model)
    with torch.no_grad():  # first calls pay one-time costs (allocator, library heuristics): not in the profile
        mode.counter = 0
        with mode:
            model(*inputs)
        _sync(device)
    with torch.no_grad(), profile(activities=activities) as prof:
        for _ in range(repeats):
            mode.counter = 0
            with torch.profiler.record_function(f"{LABEL}forward"):
                with mode:
                    model(*inputs)
                _sync(device)  # outside the mode: torch.cuda.synchronize makes a torch call of its own
            if mode.counter != trace.labels:
                raise RuntimeError(f"the forward made {mode.counter} calls while profiled and {trace.labels} while "
                                   "recorded: its calls depend on more than shapes; cannot attribute times")
    times = labelled_ms(prof, LABEL, device, repeats=repeats, wall={"forward"})
    return {name if name == "forward" else int(name): ms for name, ms in times.items()}


def _floor(trace: Trace, row: OpRow, ceilings, tolerance: str) -> tuple[float | None, str, str]:
    """(floor ms of one call, bound, note)."""
    from autokernel.evaluate.config import tolerance_for
    from autokernel.hardware.roofline import RooflineError, admitted_arithmetic, count_work, roofline
    from autokernel.problem import Problem, ProblemError

    if row.kind in ("view", "factory"):
        return 0.0, "", "moves no data (a view) or reads no tensor"
    try:
        body = emit(trace, [row.representative]).body
        work = count_work(Problem.from_source(body, name="op"))
    except (EmitError, RooflineError, ProblemError) as exc:
        return None, "", f"no floor: {exc}"
    tol = tolerance_for(tolerance, {"fp32": "float32", "fp16": "float16", "bf16": "bfloat16"}[work.dtype])
    try:
        line = roofline(work, ceilings, **admitted_arithmetic(work.dtype, tol))
    except (RooflineError, ValueError) as exc:
        return None, "", f"no floor: {exc}"
    return line.floor_ms, line.bound, ""


def profile_model(source: ModelSource, config: ProfileConfig | None = None, *,
                  progress: Callable[[str], None] = lambda _msg: None) -> Profile:
    """Profile one forward of ``source``'s model on ``config.device`` (see the module docstring)."""
    config = config or ProfileConfig()
    device = config.device
    progress(f"building {source.name} on {device}")
    model = source.instantiate(device, seed=config.seed)
    inputs = source.inputs(device, seed=config.seed)
    progress("recording the forward's calls")
    trace = record_calls(model, inputs)
    progress(f"{len(trace.calls)} calls; timing the eager forward ({config.repeats} runs)")
    eager_ms = time_forward(model, inputs, device, repeats=config.repeats, warmup=config.warmup)
    progress(f"eager forward {eager_ms:.4g} ms; profiling {config.repeats} forwards")
    times = call_times(model, inputs, device, trace, repeats=config.repeats)
    # shares of a whole measured the same way as the parts: on the CPU the profiler's per-call overhead inflates
    # the calls' wall times, so they are shares of the profiled forward; GPU kernel times are shares of eager
    total_ms = eager_ms if device.startswith("cuda") else times.get("forward", eager_ms)
    rows = group_calls(trace)
    for row in rows:
        row.time_ms = sum(times.get(trace.calls[i].label, 0.0) for i in row.calls)
    ceilings, gpu_name, notes = None, "", list(source.notes)
    if config.floor_gpu or device.startswith("cuda"):
        from autokernel.hardware.gpus import ceilings_for

        ceilings = ceilings_for(config.floor_gpu or device)
        gpu_name = ceilings.gpu_name
    else:
        notes.append("no floors: a CPU has no roofline ceilings here (name a GPU to compare against)")
    if ceilings is not None:
        progress(f"roofline floors against {gpu_name}")
        for row in rows:
            one, row.bound, row.floor_note = _floor(trace, row, ceilings, config.tolerance)
            row.floor_ms = None if one is None else one * len(row.calls)
    label = "GPU time (torch.profiler)" if device.startswith("cuda") else "CPU wall time (torch.profiler)"
    return Profile(model=source.name, device=device, time_label=label, total_ms=total_ms, eager_ms=eager_ms,
                   rows=rows, trace=trace,
                   gpu_name=gpu_name, notes=notes)


COLUMNS = ("rank", "op", "kind", "shapes", "calls", "time_ms", "share_pct", "floor_ms", "pct_of_floor", "bound",
           "amdahl_speedup", "modules")


def table_rows(profile: Profile, top: int | None = None) -> list[dict]:
    """The ranked rows as dicts (CSV columns ``COLUMNS``); ``top`` keeps the first ones."""
    out = []
    for rank, r in enumerate(profile.ranked()[:top] if top else profile.ranked(), 1):
        pct = r.pct_of_floor()
        amd = r.amdahl(profile.total_ms)
        out.append({
            "rank": rank, "op": r.op, "kind": r.kind, "shapes": r.shapes, "calls": len(r.calls),
            "time_ms": round(r.time_ms, 6), "share_pct": round(r.time_ms / profile.total_ms * 100, 3),
            "floor_ms": None if r.floor_ms is None else float(f"{r.floor_ms:.4g}"),
            "pct_of_floor": None if pct is None else round(pct, 2), "bound": r.bound,
            "amdahl_speedup": None if amd is None else round(amd, 4),
            "modules": ";".join(m or "<forward>" for m in r.modules),
        })
    return out


def format_table(profile: Profile, top: int = 15) -> str:
    """The profile as text: header with the model's time, then the top rows."""
    rows = table_rows(profile, top)
    floors = f"floors against {profile.gpu_name}" if profile.gpu_name else "no floors (CPU)"
    lines = [
        f"{profile.model} on {profile.device}: eager forward {profile.eager_ms:.4g} ms (median, profiler off); "
        f"times are {profile.time_label}, shares of {_whole(profile)}; {floors}",
        f"{len(profile.trace.calls)} calls in {len(profile.rows)} operations; the listed ones account for "
        f"{sum(r['time_ms'] for r in rows) / profile.total_ms * 100:.1f}% of the forward",
        f"{'#':>3} {'op':<28} {'shapes':<40} {'calls':>5} {'ms':>9} {'share':>6} {'floor ms':>9} "
        f"{'%floor':>7} {'Amdahl':>7}  module",
    ]
    for r in rows:
        floor = "-" if r["floor_ms"] is None else f"{r['floor_ms']:.3g}"
        pct = "-" if r["pct_of_floor"] is None else f"{r['pct_of_floor']:.1f}"
        amd = "-" if r["amdahl_speedup"] is None else f"{r['amdahl_speedup']:.3f}x"
        shapes = r["shapes"] if len(r["shapes"]) <= 40 else r["shapes"][:37] + "..."
        module = r["modules"].split(";")[0] + (f" (+{r['modules'].count(';')})" if ";" in r["modules"] else "")
        lines.append(f"{r['rank']:>3} {r['op'][:28]:<28} {shapes:<40} {r['calls']:>5} {r['time_ms']:>9.4f} "
                     f"{r['share_pct']:>5.1f}% {floor:>9} {pct:>7} {amd:>7}  {module}")
    lines += [f"note: {n}" for n in profile.notes]
    return "\n".join(lines)


def _whole(profile: Profile) -> str:
    if profile.device.startswith("cuda"):
        return "the eager forward"
    return f"the profiled forward ({profile.total_ms:.4g} ms: the profiler's per-call cost included)"


def write_csv(profile: Profile, path) -> None:
    import csv

    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(table_rows(profile))


def write_chart(profile: Profile, path, top: int = 15) -> bool:
    """A bar chart of the top operations' shares; False (nothing written) when no operation took time."""
    rows = [r for r in table_rows(profile, top) if r["time_ms"] > 0]
    if not rows:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r['op']} {r['shapes']}"[:60] for r in rows][::-1]
    shares = [r["share_pct"] for r in rows][::-1]
    fig, ax = plt.subplots(figsize=(10, 0.4 * len(rows) + 1.5))
    bars = ax.barh(labels, shares, color="#4878a8")
    for bar, r in zip(bars, rows[::-1]):
        if r["amdahl_speedup"] is not None:
            ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2, f" Amdahl {r['amdahl_speedup']:.2f}x",
                    va="center", fontsize=8)
    ax.set_xlabel(f"share of {_whole(profile)}, {profile.time_label}")
    ax.set_title(f"{profile.model} on {profile.device}: top operations")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
