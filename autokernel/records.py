"""Records that flow through the pipeline: candidates in, verdicts out.

Every gate returns a `Check` with a reason; a `Verdict` is the ordered list of checks
plus the final word. All are plain dataclasses that round-trip through JSON.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

VerdictKind = Literal["correct", "incorrect", "compile_error", "runtime_error", "timeout", "rejected"]
VERDICTS: tuple[str, ...] = ("correct", "incorrect", "compile_error", "runtime_error", "timeout", "rejected")


@dataclass(frozen=True, kw_only=True)
class Candidate:
    """A solution: source text defining ``ModelNew``, and where it came from."""

    source: str
    backend: str = "auto"  # "triton", "cuda" or "auto" (detected from the source)
    proposer: str = "user"
    round: int = 0
    branch: int = 0
    parent: str | None = None  # digest of the candidate it was derived from
    idea: str = ""  # the optimisation idea, in plain language
    # made by this package's generators alone (the starter and its tunable variants, inductor's captured code,
    # CUDA-graph wraps of either): its compiled kernels may be shared with a run's other candidate processes
    # (`autokernel.evaluate.shared_kernels`); never set for code from an LLM, an agent or a user
    own_code: bool = False

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]


@dataclass(frozen=True, kw_only=True)
class Check:
    """One gate's decision: passed or not, with a reason a person can act on and its figures."""

    name: str
    passed: bool
    reason: str = ""
    figures: dict[str, Any] = field(default_factory=dict)


LAUNCH_SHARE = 0.1  # a launch this share of the call or more is in a reading without a GPU lead (`launch_counted`)
HOST_BOUND_SHARE = 0.9  # ... and this share under a lead: the call is host-bound


@dataclass(frozen=True, kw_only=True)
class TimingStats:
    """Latency of one callable, in milliseconds, over ``num_trials`` timed calls."""

    median_ms: float
    mean_ms: float
    min_ms: float
    max_ms: float
    std_ms: float
    ci95_low_ms: float  # bootstrap 95% confidence interval of the median
    ci95_high_ms: float
    num_trials: int
    method: str  # e.g. "cuda_event+l2_flush", "perf_counter(cpu)"
    # On a GPU, the median host time a call took to return (its launch work; None where not measured: the CPU, older
    # records). A loop without a GPU lead (KernelBench's) times the part of it that outlasts the L2 flush.
    launch_ms: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The fields, less a launch not measured: records made before it was read write back the same."""
        data = asdict(self)
        if data["launch_ms"] is None:
            del data["launch_ms"]
        return data

    @property
    def above_fastest(self) -> float:
        """The median over the fastest call, less 1. A steady kernel's median sits within a few % of its fastest
        call; a reading whose median is far above it had half or more of its calls slowed."""
        return self.median_ms / self.min_ms - 1.0 if self.min_ms > 0 else 0.0

    @property
    def led(self) -> bool:
        """Whether the loop held the GPU busy before each call (a GPU lead: `timing.time_calls` names it in the
        method), so the host's launch work overlapped the GPU's instead of being timed."""
        return "+gpu_lead_" in self.method

    @property
    def launch_counted(self) -> bool:
        """Whether this reading holds the calls' host launch work: a loop without a GPU lead (KernelBench's) times
        the launch where it outlasts the L2 flush, so a launch of `LAUNCH_SHARE` of the call or more counts; under a
        lead a sample is the longer of the GPU's and the host's time, so the launch counts where it is most of the
        call. On an H100 KernelBench's loop medians of L1/100 (1.4 ms, launched in 0.1-0.3 ms) rose 0.92 us for each
        us of launch (docs/measurements.md, "KernelBench's loop times the host's launch work")."""
        if self.launch_ms is None or not self.method.startswith("cuda_event"):
            return False
        share = HOST_BOUND_SHARE if self.led else LAUNCH_SHARE
        return self.launch_ms >= share * self.median_ms

    @property
    def spread_pct(self) -> float:
        """Half-width of the 95% CI of the median, as % of the median."""
        if self.median_ms <= 0:
            return 0.0
        return 50.0 * (self.ci95_high_ms - self.ci95_low_ms) / self.median_ms


@dataclass(kw_only=True)
class Verdict:
    """The evaluator's word on one candidate for one problem."""

    verdict: VerdictKind
    reason: str
    problem: str = ""
    problem_digest: str = ""
    candidate_digest: str = ""
    backend: str = ""
    device: str = ""
    checks: list[Check] = field(default_factory=list)
    max_abs_error: float | None = None
    max_rel_error: float | None = None
    kernel: TimingStats | None = None
    eager: TimingStats | None = None  # the eager reference the speedup is taken from
    # the judge's own eager timing (its process, cached per problem) where ``eager`` was timed in the candidate's
    # process (EvalConfig.paired_eager); None otherwise
    eager_judge: TimingStats | None = None
    compiled: TimingStats | None = None
    protocol: str = ""  # the judging protocol ("kernelbench" or "strict"); "" in records made before protocols
    speedup: float | None = None  # eager median / kernel median (the search ranks by the kernel median itself)
    speedup_vs_compile: float | None = None
    speedup_mean: float | None = None  # eager mean / kernel mean (KernelBench's statistic)
    speedup_vs_compile_mean: float | None = None
    floor_ms: float | None = None  # roofline: the fastest any kernel could be (see autokernel/hardware)
    pct_of_floor: float | None = None  # floor_ms / kernel median * 100
    quarantined: bool = False  # faster than physically possible: never counted, never a seed
    failed_check: str = ""  # the check that decided a failing verdict ("" for a build, run or value failure)
    extra_check: str = ""  # kernelbench protocol: set when that check is ours, beyond KernelBench's own
    own_kernel_launches: dict[str, int] = field(default_factory=dict)
    own_gpu_time_pct: float | None = None
    peak_memory_mb: float | None = None  # the candidate's process: most GPU memory allocated, trials and timing
    # the judge's process: most GPU memory its allocator reserved during the evaluation (reference, trials, float64
    # checks, baselines); with ``peak_memory_mb``, what sizes a big problem's heavy slots (`memory.slots`)
    judge_peak_memory_mb: float | None = None
    # where that peak grew: [stage, reserved MiB, allocated MiB] each time a stage ended with the judge's reserved
    # peak above every earlier one (the last set it), so a reader sees which stage to slim (float64 checks,
    # baselines ...) and whether it is live tensors or the allocator's cache
    judge_peak_steps_mb: list[list[Any]] = field(default_factory=list)
    confinement: dict[str, str] = field(default_factory=dict)  # what sandboxing applied, or why not
    # the torch version a kernel importing torch._inductor's runtime helpers was judged under ("" when it imports
    # none): such a kernel is tied to that version (inductor's private API changes between releases)
    tied_to_torch: str = ""
    policy: dict[str, Any] = field(default_factory=dict)  # tolerance preset, reference precision, seeds
    environment: dict[str, str] = field(default_factory=dict)
    wall_s: float = 0.0
    # wall seconds per stage of the evaluation; "stage/part" keys break a stage down (counted in the stage too)
    stages_s: dict[str, float] = field(default_factory=dict)
    log_tail: str = ""  # the candidate's own stderr/stdout tail: for debugging, never parsed

    @property
    def is_correct(self) -> bool:
        return self.verdict == "correct"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("kernel", "eager", "eager_judge", "compiled"):
            stats = getattr(self, key)
            data[key] = stats.to_dict() if stats is not None else None
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        data = dict(data)
        data["checks"] = [Check(**c) for c in data.get("checks", [])]
        for key in ("kernel", "eager", "eager_judge", "compiled"):
            if data.get(key) is not None:
                data[key] = TimingStats(**data[key])
        return cls(**data)

    def failed_checks(self) -> list[Check]:
        return [c for c in self.checks if not c.passed]
