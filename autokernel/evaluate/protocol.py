"""Judging protocols: what a verdict's numbers mean.

Two protocols judge the same kernels; every verdict records which one judged it (``Verdict.protocol``).

- ``kernelbench``: KernelBench's own semantics (``src/kernelbench/eval.py::eval_kernel_against_ref`` and
  ``timing.py``, main@423217d), so our figures compare with the field's. PyTorch's default precision flags for
  the reference, the baselines and the candidate (cuDNN convolutions and RNNs in TF32, matmuls in fp32); atol =
  rtol per output dtype (fp32 1e-4); weights seeded with 42; 5 correctness trials whose seeds come from
  ``torch.manual_seed(42)`` and whose inputs are drawn on the CPU, then moved; the candidate timed by CUDA events
  on the current stream with L2 flushed before each call (the flush kernel queued and the call launched behind
  it, so host launch work overlaps the flush), 3 warm-up calls, 100 timed calls after one discarded, no GPU
  lead; the eager reference timed in the candidate's process too (before its code is loaded), as KernelBench
  times both in one process, and both with autograd on (its eval times outside ``torch.no_grad``; baselines are
  timed under it, as its baseline scripts do); KernelBench's statistic is the mean. Our own checks (secret-seeded and signed / large /
  heavy-tailed inputs, mutation, aliasing, own-kernel ablation, replay and side-stream timing checks, the
  roofline floor) stay on: they can only reject more, and such a verdict names the check (``extra_check``).
- ``strict``: our stricter judge. The truth is the fp32 reference with TF32 off; every input is secret-seeded;
  the candidate runs with TF32 off too; each timed call starts behind a 1 ms GPU lead, so a sample is the
  larger of GPU time and host launch time, and the median is reported. A baseline (eager, torch.compile) runs
  with PyTorch's flags when that reference passes the tolerance against float64, and in fp32 only where it
  misses it (a baseline must itself be an admissible solution); the verdict records which rule applied.

Both rank candidates by the median (KernelBench's mean moved 6-35 % between processes on short kernels in our
H200 measurements, the median 0.1-0.4 %); the kernelbench protocol also reports the mean.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

PrecisionFlags = Literal["default", "fp32"]
BaselineRule = Literal["default", "fp32", "auto"]
Seeding = Literal["kernelbench", "secret"]

KERNELBENCH_SEED = 42  # eval_kernel_against_ref(seed_num=42): weights, trial seeds and the timed inputs
# How a paired eager timing's method ends (`Protocol.paired_eager`): timed in the candidate's own process
PAIRED_EAGER_MARK = "+candidate_process"


@dataclass(frozen=True, kw_only=True)
class Protocol:
    """One judging protocol; ``EvalConfig.for_device(protocol=...)`` turns it into evaluation defaults."""

    name: str
    precision_flags: PrecisionFlags  # reference and candidate: PyTorch's defaults, or TF32 off
    baseline_rule: BaselineRule  # "auto": fp32 only where the default-flag reference misses the tolerance
    seeding: Seeding
    warmup: int  # untimed calls before timing
    discard_first: int  # timed calls dropped before the statistics (KernelBench drops 1)
    gpu_lead_ms: float
    flush_overlaps_launch: bool  # the flush kernel queued, the call launched behind it with no sync between
    l2_flush: str  # how L2 is emptied before each timed call (`timing.L2_FLUSH_MODES`)
    reuse_inputs: bool  # KernelBench's loop: the same input tensors every call, the last output held (`time_calls`)
    timing_budget_s: float  # wall-clock cap on one timed loop (KernelBench has none: all calls are made)
    # the eager reference timed in the candidate's process before its code is loaded, and the speedup taken from
    # that pair (KernelBench times reference and kernel in one process); else eager from the judge's process
    paired_eager: bool
    # autograd on while the candidate and the paired eager reference are timed: KernelBench's eval times both
    # outside torch.no_grad, so torch operations on parameters record their graph (host work a launch-bound
    # forward pays); baselines stay under no_grad, as KernelBench's baseline scripts time them
    timing_grad: bool
    baseline_warmup: int
    statistic: str  # the protocol's own headline statistic
    description: str

    def to_dict(self) -> dict:
        return asdict(self)


PROTOCOLS: dict[str, Protocol] = {
    "kernelbench": Protocol(
        name="kernelbench", precision_flags="default", baseline_rule="default", seeding="kernelbench",
        warmup=3, discard_first=1, gpu_lead_ms=0.0, flush_overlaps_launch=True, l2_flush="kernelbench",
        reuse_inputs=True, timing_budget_s=600.0, paired_eager=True, timing_grad=True, baseline_warmup=5, statistic="mean",
        description="KernelBench's own protocol: PyTorch's default precision flags for reference, baselines and "
                    "candidate; seed 42; 5 trials; CUDA events with its L2 flush (a 256 MiB tensor allocated, filled and "
                    "freed per call), the same input tensors every call, no GPU lead; eager and kernel timed in one "
                    "process with autograd on; mean of 100 calls (median also reported); our extra checks may only reject more"),
    "strict": Protocol(
        name="strict", precision_flags="fp32", baseline_rule="auto", seeding="secret",
        warmup=3, discard_first=0, gpu_lead_ms=1.0, flush_overlaps_launch=False, l2_flush="write",
        reuse_inputs=False, timing_budget_s=3.0, paired_eager=True, timing_grad=False, baseline_warmup=3, statistic="median",
        description="fp32 truth (TF32 off) for reference and candidate; secret seeds; 1 ms GPU lead; "
                    "median; baselines in PyTorch's flags unless that reference misses the tolerance against "
                    "float64 (then fp32); eager and kernel timed in one process"),
}
DEFAULT_PROTOCOL = "kernelbench"
PROTOCOL_NAMES = tuple(PROTOCOLS)
# Failures KernelBench itself reports (build, run, output shape/dtype/device, values on its own trials, timing
# errors): any other failing check is one of ours, and a kernelbench-protocol verdict names it (extra_check).
KERNELBENCH_NATIVE_CHECKS = frozenset({"", "run", "shape", "dtype", "device", "values"})
LEGACY_PROTOCOL = "strict"  # verdicts recorded before protocols existed came from the strict judge


def get_protocol(name: str) -> Protocol:
    try:
        return PROTOCOLS[name]
    except KeyError:
        raise ValueError(f"unknown protocol {name!r}; choose one of {', '.join(PROTOCOLS)}") from None


def protocol_of(verdict: Mapping[str, Any]) -> str:
    """The protocol a recorded verdict (a dict from a ledger) was judged under: its own ``protocol`` field (or
    its policy's), else `LEGACY_PROTOCOL` for verdicts recorded before protocols existed."""
    named = verdict.get("protocol")
    if not named:
        policy = verdict.get("policy") or {}
        spec = policy.get("protocol") if isinstance(policy, Mapping) else None
        named = spec.get("name") if isinstance(spec, Mapping) else spec
    return str(named or LEGACY_PROTOCOL)


def describe(name: str) -> str:
    """One line on what a protocol means (for help texts, pages and cards); unknown names say so."""
    spec = PROTOCOLS.get(name)
    return spec.description if spec else "unknown protocol"


def kernelbench_trial_seeds(n: int) -> list[int]:
    """The correctness-trial seeds KernelBench draws: ``torch.manual_seed(42)`` then one ``randint`` each.

    Uses its own generator, so the judge's global RNG is left as it was."""
    import torch

    gen = torch.Generator().manual_seed(KERNELBENCH_SEED)
    return [int(torch.randint(0, 2**32 - 1, (1,), generator=gen).item()) for _ in range(n)]
