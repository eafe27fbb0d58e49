"""Will judging a problem fit this CPU machine? Its size from a dry run on the meta device, before any input is made.

On a GPU machine KernelBench's sizes are what the problems are for; on a CPU the reference runs in eager PyTorch
and the candidate's Triton kernels in the interpreter, ~1000x slower, so a full-size problem can take more memory
than the machine has (the out-of-memory killer ends the judge with no message) or more time than a candidate is
given. `footprint` reads a problem's bytes and FLOPs from shapes alone; `estimate` turns them into the memory and
time one CPU evaluation takes (coefficients measured on the reference machine, see `MEMORY_COPIES` and `CPU_RATES`);
`fit_scale` picks the smallest ``--scale`` that fits, or says why none does.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass

from autokernel.problem import Problem


@dataclass(frozen=True)
class Footprint:
    """A problem's sizes from a meta-device dry run: bytes of its inputs, output and parameters, and the FLOPs of
    one forward (None where an operation has no FLOP formula)."""

    input_bytes: int
    output_bytes: int
    param_bytes: int
    flops: int | None

    @property
    def tensor_bytes(self) -> int:
        return self.input_bytes + self.output_bytes


class NoDryRun(ValueError):
    """The problem cannot be run on the meta device (its generator or forward needs real values)."""


def footprint(problem: Problem) -> Footprint:
    """Build the model and its inputs on the meta device and run one forward under FLOP counting: nothing is
    allocated, whatever the sizes. Raises `NoDryRun` when the problem needs real values to run."""
    import torch
    from torch.utils.flop_counter import FlopCounterMode

    from autokernel.evaluate.reference import input_bytes, load_problem_module

    module = load_problem_module(problem)
    try:
        with torch.device("meta"), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the problem's own warnings are the judge's to show
            init = list(module.get_init_inputs())
            model = module.Model(*init)
            inputs = list(module.get_inputs())
            counter = FlopCounterMode(display=False)
            with torch.no_grad(), counter:
                out = model(*inputs)
    except Exception as exc:  # noqa: BLE001 - data-dependent code (nonzero, .item(), numpy) cannot run on meta
        raise NoDryRun(f"{problem.name}: no meta-device dry run ({type(exc).__name__}: {str(exc)[:200]})") from exc
    outs = out if isinstance(out, (tuple, list)) else [out]
    params = sum(p.numel() * p.element_size() for p in model.parameters())
    params += sum(b.numel() * b.element_size() for b in model.buffers())
    flops = counter.get_total_flops()
    return Footprint(input_bytes=input_bytes(inputs), output_bytes=input_bytes(list(outs)), param_bytes=params,
                     flops=int(flops) if flops else 0)


# One CPU evaluation of a generated starter kernel, measured on the reference machine (2 shared cores, 24 GB;
# docs/configuration.md, "CPU runs"): peak memory (PSS of judge + candidate) and wall seconds against the footprint.
# L1/19 ReLU at --scale 64/32/16/8 (3/13/50/201 MB of input + output): 0.70/0.98/1.78/3.3+ GB, 21/31/67/>120 s;
# L1/23 softmax at 64/32: 0.77/0.97 GB, 24/40 s; L1/1 matmul at 16/8 (34/268 MFLOP): 8.8/29 s; L2/1 conv + ReLU
# at 8 (24 MB, 585 MFLOP): 1.45 GB, 64 s. The model errs high on time for matmuls and convolutions, low by up to
# a third for reductions; `TIME_SHARE` leaves room for both.
MEMORY_COPIES = 20.0  # a trial's inputs + output held about this many times at the peak (trials, clones, float64
#                       checks, the candidate's shared copies and the interpreter's own per launch)
PARAM_COPIES = 4.0  # the model's parameters: the reference, its float64 copy (2x), the candidate's
BASE_BYTES = 2**30  # the judge, the candidate and the spare interpreter, torch and triton imported
BASE_S = 15.0  # start-up, the reference and the checks of a tiny problem
BYTES_PER_S = 6.0e5  # input + output bytes judged per second (~15 interpreted calls and the checks)
FLOPS_PER_S = 1.3e7  # FLOPs judged per second (~15 interpreted matmul / convolution calls)
TIME_SHARE = 0.5  # a scale fits when the estimate takes at most this share of the candidate's time limit
MEMORY_SHARE = 0.7  # ... and at most this share of the memory available now
SCALES = tuple(2**i for i in range(13))  # 1 .. 4096


@dataclass(frozen=True)
class Estimate:
    """What judging one candidate takes on this CPU at ``scale``: peak bytes (judge + candidate) and seconds."""

    scale: int
    footprint: Footprint
    memory_bytes: int
    seconds: float

    def describe(self) -> str:
        return f"~{_gib(self.memory_bytes)} and ~{self.seconds:.0f} s per candidate"


def estimate(problem: Problem, scale: int = 1) -> Estimate:
    """`footprint` of ``problem`` at ``scale`` (1 = as given), as memory and seconds of one CPU evaluation."""
    fp = footprint(problem.scaled(scale) if scale > 1 else problem)
    memory = BASE_BYTES + MEMORY_COPIES * fp.tensor_bytes + PARAM_COPIES * fp.param_bytes
    seconds = BASE_S + fp.tensor_bytes / BYTES_PER_S + (fp.flops or 0) / FLOPS_PER_S
    return Estimate(scale=scale, footprint=fp, memory_bytes=int(memory), seconds=seconds)


def available_memory() -> int:
    """Bytes this machine can give a new process now (MemAvailable; total physical memory where unknown)."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


class DoesNotFit(ValueError):
    """A problem that this machine cannot judge at the scale asked for (or at any); the message names --scale."""


@dataclass(frozen=True)
class Fit:
    """The scale to judge a problem at on this CPU, what it is estimated to take, and why it was chosen."""

    scale: int
    estimate: Estimate | None  # None: no dry run was possible (the scale asked for is used as it is)
    note: str  # recorded in the problem's notes (and so in every verdict)


def fit_scale(problem: Problem, *, timeout_s: float, scale: int | None = None, parallel: int = 1,
              memory_bytes: int | None = None) -> Fit:
    """The scale at which judging ``problem`` on this CPU fits ``memory_bytes`` (default: `MEMORY_SHARE` of the
    memory available now, shared by ``parallel`` evaluations) and `TIME_SHARE` of ``timeout_s``.

    ``scale`` given (``--scale K``): it is checked, and `DoesNotFit` names a scale that fits when its memory does not
    (an evaluation over memory is killed by the system without a word); over time is only noted, as the time model
    is rougher. ``scale`` None: the smallest power of two that fits, or `DoesNotFit` when none does."""
    budget = (memory_bytes if memory_bytes is not None else MEMORY_SHARE * available_memory()) / max(1, parallel)
    time_budget = TIME_SHARE * timeout_s
    try:
        first = estimate(problem, scale or 1)
    except NoDryRun as exc:
        return Fit(scale=scale or 1, estimate=None,
                   note=f"memory and time not estimated ({exc}); if the judge is killed, pass a larger --scale")
    if scale is not None:
        if first.memory_bytes > budget:
            better = _smallest_fit(problem, budget, time_budget, after=scale)
            hint = f"use --scale {better.scale} ({better.describe()})" if better else "no --scale makes it fit"
            raise DoesNotFit(f"{problem.key} at --scale {scale} needs {first.describe()}, over the {_gib(budget)} this "
                             f"machine can give it now: {hint}")
        note = f"--scale {scale}: estimated {first.describe()} on this CPU"
        if first.seconds > time_budget:
            note += (f", near or over the {timeout_s:g} s limit (candidates may time out: a larger --scale, or "
                     f"--timeout)")
        return Fit(scale=scale, estimate=first, note=note)
    if first.memory_bytes <= budget and first.seconds <= time_budget:
        return Fit(scale=1, estimate=first, note="")
    found = _smallest_fit(problem, budget, time_budget, after=1)
    if found is None:
        raise DoesNotFit(f"{problem.key} does not fit this CPU at any --scale (full size: {first.describe()}; this "
                         f"machine can give {_gib(budget)} and {time_budget:g} s per candidate, and --scale divides "
                         f"only sizes that are module-level integer constants); judge it on a GPU")
    return Fit(scale=found.scale, estimate=found,
               note=f"--scale {found.scale} picked for this CPU: {found.describe()} (full size: {first.describe()}; "
                    f"this machine gives {_gib(budget)} and {time_budget:g} s); pass --scale to choose")


def _smallest_fit(problem: Problem, budget: float, time_budget: float, *, after: int) -> Estimate | None:
    """The estimate at the smallest scale above ``after`` that fits, or None (sizes stop shrinking first)."""
    previous = None
    for k in (s for s in SCALES if s > after):
        est = estimate(problem, k)
        if est.memory_bytes <= budget and est.seconds <= time_budget:
            return est
        size = (est.footprint.tensor_bytes, est.footprint.param_bytes, est.footprint.flops)
        if size == previous:
            return None  # every size constant is at its floor: a larger scale changes nothing
        previous = size
    return None


def _gib(n: float) -> str:
    return f"{n / 2**30:.1f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"
