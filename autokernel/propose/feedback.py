"""The judge's word on an attempt, as a proposer's prompt states it: every figure the verdict carries (verdict,
reason, deciding check, errors against the tolerance, kernel / eager / torch.compile medians, both speedups, % of
the roofline floor, the kernel launch profile), and the protocol that says which precision is admissible.

A figure the verdict lacks is said to be missing (e.g. no torch.compile baseline on CPU), never left out silently:
a model that is not told the compile time cannot aim past it."""

from __future__ import annotations

from autokernel.propose.base import Attempt
from autokernel.records import TimingStats, Verdict

LOG_LINES = 15  # the candidate's own output kept for a failure (the traceback's end says what broke)
LOG_CHARS = 1500

# What each protocol admits, in the terms a kernel author acts on (docs/protocols.md has the whole definition).
_ADMISSIBLE = {
    "kernelbench": (
        "the reference, the baselines and your kernel run under PyTorch's default precision flags (cuDNN "
        "convolutions and RNNs in TF32, matmuls in fp32). Any precision is admissible whose outputs stay within "
        "the tolerance of that reference; an fp32 matmul in plain TF32 (tl.dot's default on Ampere+) usually "
        "misses 1e-4, a 3xTF32 split (input_precision='tf32x3', or operands split once) usually passes. Checks "
        "beyond KernelBench's own (secret seeds, signed/large inputs, aliasing, mutation, own-kernel ablation, "
        "timing replay) can only reject more."
    ),
    "strict": (
        "the truth is the fp32 reference with TF32 off, and your kernel runs with TF32 off too; every input is "
        "secret-seeded and each timed call costs max(GPU time, host time). Lower precision (TF32, fp16, bf16) is "
        "admissible only where the outputs stay within the fp32 tolerance: a 3xTF32 split usually does, plain "
        "TF32 or fp16 accumulation usually does not."
    ),
}


def protocol_brief(protocol: str, tolerance: str = "", verdict: Verdict | None = None) -> str:
    """What the active protocol admits. ``verdict`` (any judged under it) adds the exact tolerance and reference
    precision it recorded; else the ``tolerance`` preset's values are stated."""
    name = protocol or "strict"  # ledgers made before protocols existed judged under the strict judge
    lines = [f"judging protocol: {name}: " + _ADMISSIBLE.get(name, "unknown protocol")]
    policy = verdict.policy if verdict is not None else {}
    if policy.get("atol") is not None:
        lines.append(f"tolerance: atol = rtol = {policy['atol']:g} for this problem's output dtype "
                     f"(preset {policy.get('tolerance_preset', tolerance or '?')})")
    elif tolerance:
        from autokernel.evaluate.config import TOLERANCE_PRESETS

        table = TOLERANCE_PRESETS.get(tolerance, {})
        if table:
            lines.append(f"tolerance (atol = rtol by output dtype, preset {tolerance}): "
                         + ", ".join(f"{k} {v:g}" for k, v in table.items()))
    if policy.get("reference_precision"):
        lines.append(f"reference precision: {policy['reference_precision']}")
    return "\n".join(lines)


def _timing(label: str, stats: TimingStats | None, missing: str) -> str:
    if stats is None:
        return f"{label}: {missing}"
    launch = f", host launch {stats.launch_ms:.3g} ms a call" if stats.launch_ms is not None else ""
    return (f"{label}: {stats.median_ms:.4g} ms median (95% CI {stats.ci95_low_ms:.4g}-{stats.ci95_high_ms:.4g} ms, "
            f"{stats.num_trials} calls{launch})")


def format_feedback(attempt: Attempt, *, log_lines: int = LOG_LINES) -> str:
    """The harness's word on one attempt, precisely (one fact a line)."""
    v = attempt.verdict
    lines = [f"verdict: {v.verdict}", f"reason: {v.reason}"]
    if v.failed_check:
        lines.append(f"deciding check: {v.failed_check}"
                     + (" (one of ours, beyond KernelBench's own)" if v.extra_check else ""))
    for c in v.failed_checks():
        lines.append(f"failed check {c.name}: {c.reason}")
    if v.quarantined:
        lines.append("quarantined: faster than the hardware allows (a timing artefact or a hack); never a seed")
    atol = v.policy.get("atol")
    tol = f" (atol = rtol = {atol:g})" if atol is not None else ""
    if v.is_correct and v.max_abs_error is not None:
        lines.append(f"max abs error {v.max_abs_error:.3g}, max rel error {v.max_rel_error:.3g}{tol}")
    for c in v.failed_checks():  # the failing trial's own errors (the verdict's maxima cover the passing ones)
        if isinstance(c.figures.get("max_abs_error"), (int, float)):
            rel = c.figures.get("max_rel_error")
            lines.append(f"{c.name}: max abs error {c.figures['max_abs_error']:.3g}"
                         + (f", max rel error {rel:.3g}" if isinstance(rel, (int, float)) else "") + tol)
    if v.kernel is not None:
        on_cpu = v.device == "cpu"
        lines.append(_timing("kernel", v.kernel, "not timed"))
        lines.append(_timing("pytorch eager", v.eager, "not timed"))
        lines.append(_timing("torch.compile", v.compiled,
                             "not timed in this run" + (" (no compile baseline on CPU)" if on_cpu else "")))
        lines.append("speedup vs eager: " + (f"{v.speedup:.3g}x" if v.speedup is not None else "-")
                     + ", vs torch.compile: "
                     + (f"{v.speedup_vs_compile:.3g}x" if v.speedup_vs_compile is not None else "-"))
        if v.floor_ms is not None and v.pct_of_floor is not None:
            lines.append(f"roofline floor {v.floor_ms:.4g} ms: the kernel runs at {v.pct_of_floor:.3g}% of it "
                         f"(100% = as fast as memory bandwidth and peak math allow)")
        else:
            lines.append("roofline floor: none for this device" + (" (CPU)" if on_cpu else ""))
        if on_cpu:
            lines.append("(CPU: Triton-interpreter times, not GPU performance)")
    if v.own_kernel_launches:
        lines.append(launch_profile(v))
    if v.log_tail and not v.is_correct:
        tail = "\n".join(v.log_tail.strip().splitlines()[-log_lines:])[-LOG_CHARS:]
        lines.append("candidate output (tail):\n" + tail)
    return "\n".join(lines)


def launch_profile(v: Verdict) -> str:
    """The solution's own kernels: launches per forward (the judge counts them over its correctness trials) and
    their share of the GPU time where it was profiled."""
    trials = sum(1 for c in v.checks if c.name.startswith("trial_") and c.passed)

    def per_forward(n: int) -> str:
        if not trials:
            return f"x{n} over the checked calls"
        return f"x{n // trials}" if n % trials == 0 else f"x{n / trials:.3g}"

    text = "own kernel launches per forward: " + ", ".join(
        f"{k} {per_forward(n)}" for k, n in v.own_kernel_launches.items())
    if v.own_gpu_time_pct is not None:
        text += f"; own kernels {v.own_gpu_time_pct:g}% of the GPU time"
    return text


def brief_line(attempt: Attempt) -> str:
    """One line per attempt for the list of ideas tried: verdict, speedups, deciding check."""
    v = attempt.verdict
    parts = [v.verdict]
    if v.is_correct and v.speedup is not None:
        parts.append(f"{v.speedup:.3g}x eager" + (f", {v.speedup_vs_compile:.3g}x compile"
                                                   if v.speedup_vs_compile is not None else ""))
    if v.is_correct and v.pct_of_floor is not None:
        parts.append(f"{v.pct_of_floor:.3g}% of floor")
    if v.failed_check:
        parts.append(f"check {v.failed_check}")
    return ", ".join(parts)
