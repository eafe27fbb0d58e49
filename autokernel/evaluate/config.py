"""Evaluation policy: tolerances, trial counts, timing budget, sandbox limits."""

from __future__ import annotations

from dataclasses import dataclass, field

from autokernel.evaluate.protocol import DEFAULT_PROTOCOL, LEGACY_PROTOCOL, get_protocol
from autokernel.evaluate.timing import L2_FLUSH_MODES

# atol = rtol, keyed by dtype name. "kernelbench" is KernelBench main since PR #80; "legacy" is v0/v0.1.
TOLERANCE_PRESETS: dict[str, dict[str, float]] = {
    "kernelbench": {"float32": 1e-4, "float16": 1e-2, "bfloat16": 1e-2, "float64": 1e-7},
    "legacy": {"float32": 1e-2, "float16": 1e-2, "bfloat16": 1e-2, "float64": 1e-2},
}


# How the eager and torch.compile baselines run fp32 matmuls and convolutions. "default": PyTorch's flags, as users
# run eager (cuDNN convolutions in TF32, matmuls in fp32); "fp32": TF32 off for both; "auto" (the strict
# protocol's rule): PyTorch's flags where that reference passes the tolerance against float64, fp32 where it
# misses it (a baseline must itself be an admissible solution), decided per problem and recorded in the verdict.
BASELINE_PRECISIONS = {
    "default": "PyTorch's defaults (torch.backends.cudnn.allow_tf32 = True: convolutions in TF32; matmuls in fp32)",
    "fp32": "TF32 disabled (torch.backends.cuda.matmul.allow_tf32 = cudnn.allow_tf32 = False), as the candidate",
    "auto": "PyTorch's defaults where that reference passes the tolerance against float64, else TF32 disabled",
}


def tolerance_for(preset: str, dtype_name: str) -> float:
    """atol (= rtol) for an output dtype under a preset; integer and bool outputs must match exactly."""
    if preset not in TOLERANCE_PRESETS:
        raise ValueError(f"unknown tolerance preset {preset!r}; choose one of {sorted(TOLERANCE_PRESETS)}")
    table = TOLERANCE_PRESETS[preset]
    return table.get(dtype_name.removeprefix("torch."), 0.0)


@dataclass(kw_only=True)
class EvalConfig:
    """How one candidate is judged.

    Attributes:
        protocol: the judging protocol (`autokernel.evaluate.protocol`): "kernelbench" (KernelBench's semantics,
            the default) or "strict". ``for_device`` fills the timing and precision defaults from it.
        device: "cpu" (Triton interpreter, for tests and smoke runs) or "cuda" / "cuda:N".
        tolerance: a preset name from TOLERANCE_PRESETS.
        num_correct_trials: trials with fresh inputs and fresh secret seeds (KernelBench: 5).
        extra_distributions: also try signed, large-magnitude and heavy-tailed inputs where the op's domain allows.
        num_perf_trials: timed calls (KernelBench: 100); capped by ``timing_budget_s``.
        warmup: untimed calls before timing.
        timing_budget_s: wall-clock budget for one timed loop.
        spin_up_s: GPU only: seconds of the harness's own flushes before each timed loop (clocks out of idle).
        placement_jitter_kib: GPU only: each timed call's inputs land at a random offset up to this many KiB
            (``timing._Placer``), so the median is over memory placements; 0 keeps the allocator's addresses.
        placements: GPU only: the timed loop runs in this many groups, the model's parameters and buffers moved
            to newly mapped memory before each (``timing.Relocator``); 1 keeps one placement per process.
        l2_flush: GPU only: how L2 is emptied before each timed call ("write": zero a buffer of twice the L2,
            leaving dirty lines the call writes back; "read": stream it, leaving clean lines; "kernelbench":
            KernelBench's 256 MiB tensor allocated, filled and freed per call). None: the protocol's.
        gpu_lead_ms: GPU only: the GPU is kept busy this long before each timed call's start event, so the
            host's launch work (Python, launcher, allocations) overlaps it and a sample is max(GPU time, host
            time); 0 also times the gap while an idle GPU waits for the launch (per-process noise: H200 medians
            of a 0.23 ms kernel spread 15-25 % over fresh processes without the lead, 0.2 % with 1 ms).
        timeout_s: the whole candidate (import, compile, trials, timing); then it is killed.
        memory_limit_mb: address-space cap for the candidate process on CPU; fraction of GPU memory on CUDA.
        baseline_compile: also time ``torch.compile(Model)`` (cached per GPU and software versions).
        baseline_precision: how the baselines run fp32 matmuls and convolutions, a key of BASELINE_PRECISIONS
            (kernelbench protocol: "default", PyTorch's flags; strict: "auto", PyTorch's flags unless that
            reference misses the tolerance against float64, else "fp32", TF32 off).
        discard_first: timed calls dropped before the statistics (KernelBench drops the first).
        baseline_warmup: untimed calls of a baseline before timing it (KernelBench: 5).
        paired_eager: time the eager reference in the candidate's process, before its code is loaded, in the same
            loop, and take the speedup from that pair (None: the protocol's; on under both). On the H200 a
            launch-bound model's times moved up to 1.7x between processes, the eager/kernel ratio within one process
            far less (docs/protocols.md); the judge's own eager (its process, cached) is kept as ``eager_judge``.
        prefetch_inputs: draw KernelBench's seeded CPU inputs ahead, in threads, while the judge does other work
            (kernelbench protocol; the same values; `ReferenceSession.prefetch_public`). On the H200 two multi-GB
            level-1 problems took 57 s each instead of 91-94 s, same verdicts and speedups (docs/measurements.md).
        heavy_slots: slots that `gate.HEAVY_MEMORY_SHARE` of a GPU's memory is divided into for multi-GB problems,
            each taking as many as its footprint needs (`gate.heavy_units`; the others wait while small ones go
            on). On the H200's level 1 one takes up to about 40 GiB (a judge held 22 GiB in an out-of-memory report,
            a candidate's peak reached 16 GiB); every run sharing a GPU must use the same count.
        measure: time the candidate at all (False: correctness only).
        confine: apply OS confinement (Landlock, network namespace) to the candidate process.
        cache_dir: where baselines are cached (None: the default user cache).
        shared_kernels: a folder of compiled Triton kernels shared by the candidate processes of one backend
            (`shared_kernels`; a local GPU backend makes its own; None: each process compiles its own).
        facts_dir: where facts about a problem that no timing depends on are kept (None: ``cache_dir``): big
            problems' measured memory peaks (`memory`), the degeneracy probe's findings and the strict protocol's
            baseline rule. A bench's repeats time their baselines apart but share these, so a repeat re-times the
            same comparison (a rule decided again on other inputs could flip a borderline problem's baselines).
    """

    protocol: str = DEFAULT_PROTOCOL
    device: str = "cpu"
    tolerance: str = "kernelbench"
    num_correct_trials: int = 5
    extra_distributions: bool = True
    num_perf_trials: int = 100
    warmup: int | None = None  # None: the protocol's
    timing_budget_s: float | None = None  # None: the protocol's
    spin_up_s: float = 0.0
    placement_jitter_kib: int = 0
    placements: int = 1
    l2_flush: str | None = None  # None: the protocol's
    gpu_lead_ms: float | None = None  # None: the protocol's
    timeout_s: float = 180.0
    memory_limit_mb: int = 16384
    gpu_memory_fraction: float = 0.9
    baseline_compile: bool = False
    baseline_precision: str | None = None  # None: the protocol's rule
    discard_first: int | None = None
    baseline_warmup: int | None = None
    paired_eager: bool | None = None  # None: the protocol's
    prefetch_inputs: bool = True
    heavy_slots: int = 4
    measure: bool = True
    confine: bool = True
    cache_dir: str | None = None
    facts_dir: str | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    shared_kernels: str | None = None

    def __post_init__(self) -> None:
        spec = get_protocol(self.protocol)  # a clear error for an unknown name
        for name, value in (("warmup", spec.warmup), ("discard_first", spec.discard_first),
                            ("gpu_lead_ms", spec.gpu_lead_ms), ("timing_budget_s", spec.timing_budget_s),
                            ("baseline_precision", spec.baseline_rule), ("baseline_warmup", spec.baseline_warmup),
                            ("l2_flush", spec.l2_flush), ("paired_eager", spec.paired_eager)):
            if getattr(self, name) is None:  # unset: the protocol decides
                setattr(self, name, value)
        if self.protocol == "kernelbench" and self.baseline_precision != "default":
            raise ValueError("the kernelbench protocol times baselines with PyTorch's default flags, as KernelBench "
                             "does; use --protocol strict for another baseline precision")
        if self.tolerance not in TOLERANCE_PRESETS:
            raise ValueError(f"unknown tolerance preset {self.tolerance!r}; choose one of {sorted(TOLERANCE_PRESETS)}")
        if not (self.device == "cpu" or self.device.startswith("cuda")):
            raise ValueError(f"device must be 'cpu' or 'cuda[:N]', not {self.device!r}")
        if self.heavy_slots < 1:
            raise ValueError(f"heavy_slots must be 1 or more, not {self.heavy_slots}")
        if self.l2_flush not in L2_FLUSH_MODES:
            raise ValueError(f"l2_flush must be one of {', '.join(L2_FLUSH_MODES)}, not {self.l2_flush!r}")
        if self.gpu_lead_ms < 0:
            raise ValueError("gpu_lead_ms must be 0 or more")
        if self.baseline_precision not in BASELINE_PRECISIONS:
            raise ValueError(f"baseline_precision must be one of {sorted(BASELINE_PRECISIONS)}, "
                             f"not {self.baseline_precision!r}")
        if self.num_correct_trials < 1:
            raise ValueError("num_correct_trials must be at least 1")
        if self.discard_first < 0 or self.num_perf_trials < 1:
            raise ValueError("discard_first must be 0 or more and num_perf_trials at least 1")

    @property
    def spec(self):
        """The `Protocol` record this configuration follows."""
        return get_protocol(self.protocol)

    @property
    def is_cuda(self) -> bool:
        return self.device.startswith("cuda")

    @property
    def jitter_bytes(self) -> int:
        """Placement jitter the timed loops apply (GPU only)."""
        return self.placement_jitter_kib * 1024 if self.is_cuda else 0

    @property
    def lead_ms(self) -> float:
        """GPU lead before each timed call (GPU only)."""
        return self.gpu_lead_ms if self.is_cuda else 0.0

    @property
    def loop_placements(self) -> int:
        """Placement groups of a timed loop (GPU only)."""
        return self.placements if self.is_cuda else 1

    def loop_options(self) -> dict:
        """`timing.time_calls` keyword options of this policy's timed loops (GPU-only ones off on CPU; ``reuse_inputs``,
        the loop's input handling, applies on both). The candidate's loop, its overhead loop and the baselines' loops all take them from here."""
        return {"placement_jitter_bytes": self.jitter_bytes, "placements": self.loop_placements,
                "l2_flush": self.l2_flush if self.is_cuda else "write", "gpu_lead_ms": self.lead_ms,
                "discard_first": self.discard_first, "flush_overlaps_launch": self.spec.flush_overlaps_launch,
                "reuse_inputs": self.spec.reuse_inputs, "grad": self.spec.timing_grad}

    @property
    def baseline_variant(self) -> str:
        """What a cached baseline's key adds for the protocol, timing options off the plain loop and a baseline
        precision off PyTorch's defaults, so baselines timed one way are never reused for another ("" for none)."""
        return self.baseline_key(self.baseline_precision)

    def baseline_key(self, precision: str) -> str:
        """`baseline_variant` for baselines run under ``precision`` ("default" or "fp32": the rule "auto" decides
        per problem which one)."""
        opts = self.loop_options()
        # (the CPU has no TF32: its baselines are the same computation under either precision)
        parts = ["kb" if self.protocol == "kernelbench" else "",
                 f"base-{precision}" if precision != "default" and self.is_cuda else "",
                 f"spin{self.spin_up_s:g}" if self.spin_up_s and self.is_cuda else "",
                 f"jit{self.placement_jitter_kib}" if opts["placement_jitter_bytes"] else "",
                 f"pl{self.placements}" if opts["placements"] > 1 else "",
                 f"flush-{self.l2_flush}" if opts["l2_flush"] != "write" else "",
                 "reuse" if opts["reuse_inputs"] else "",
                 f"lead{self.lead_ms:g}" if opts["gpu_lead_ms"] else ""]
        return "".join(f"|{p}" for p in parts if p)

    def ledger_policy(self) -> dict:
        """The parts of this configuration that decide a verdict (the run ledger's cache key: a verdict reached
        under another policy is judged again)."""
        return {
            # (strict verdicts recorded before protocols existed carry no name: their runs resume as they were)
            **({"protocol": self.protocol} if self.protocol != LEGACY_PROTOCOL else {}),
            "tolerance": self.tolerance,
            "num_correct_trials": self.num_correct_trials,
            "extra_distributions": self.extra_distributions,
            "measure": self.measure,
            "num_perf_trials": self.num_perf_trials,
            "confine": self.confine,
            # timing options off the plain loop (e.g. the GPU lead) and the baseline precision
            **({"timing": self.baseline_variant} if self.baseline_variant else {}),
            **({"eager": "paired"} if self.paired_eager and self.measure else {}),
            **({"autograd": "on while timing"} if self.spec.timing_grad and self.measure else {}),
        }

    @classmethod
    def for_device(cls, device: str, *, protocol: str = DEFAULT_PROTOCOL, **kw) -> EvalConfig:
        """Defaults of ``protocol`` that fit the device: the interpreter on CPU is ~1000x slower, so fewer timed
        calls there (the protocol's precision flags and seeding apply on either)."""
        if device == "cpu":
            kw = {"num_perf_trials": 5, "warmup": 1, "timeout_s": 120.0, "timing_budget_s": 3.0, **kw}
        else:
            kw = {"baseline_compile": True, **kw}
        return cls(device=device, protocol=protocol, **kw)

