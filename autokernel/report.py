"""Human-readable renderings of verdicts (the JSON form is `Verdict.to_dict`)."""

from __future__ import annotations

from autokernel.records import TimingStats, Verdict


def _t(stats: TimingStats | None) -> str:
    if stats is None:
        return "-"
    return (f"{stats.median_ms:.4g} ms median (95% CI {stats.ci95_low_ms:.4g}-{stats.ci95_high_ms:.4g}, "
            f"mean {stats.mean_ms:.4g}, n={stats.num_trials})")


def format_verdict(v: Verdict) -> str:
    lines = [f"{v.problem}: {v.verdict.upper()}", f"  reason:     {v.reason}"]
    if v.backend:
        lines.append(f"  backend:    {v.backend}")
    if v.max_abs_error is not None:
        lines.append(f"  error:      max abs {v.max_abs_error:.3g}, max rel {v.max_rel_error:.3g} "
                     f"(atol=rtol={v.policy.get('atol')}, preset {v.policy.get('tolerance_preset')})")
    if v.kernel:
        lines.append(f"  kernel:     {_t(v.kernel)}")
        lines.append(f"  eager:      {_t(v.eager)}")
        if v.compiled:
            lines.append(f"  compile:    {_t(v.compiled)}")
        sp = f"{v.speedup:.3g}x vs eager" if v.speedup else "-"
        if v.speedup_vs_compile:
            sp += f", {v.speedup_vs_compile:.3g}x vs torch.compile"
        lines.append(f"  speedup:    {sp}")
    if v.own_kernel_launches:
        lines.append(f"  own kernels: {', '.join(f'{k} x{n}' for k, n in v.own_kernel_launches.items())}"
                     + (f" ({v.own_gpu_time_pct}% of GPU time)" if v.own_gpu_time_pct is not None else ""))
    if v.policy.get("degenerate") and v.policy["degenerate"] != "not degenerate":
        lines.append(f"  problem:    {v.policy['degenerate']}")
    not_applied = {k: s for k, s in v.confinement.items() if "not" in s}
    if not_applied:
        lines.append("  confinement NOT applied: " + "; ".join(f"{k}: {s}" for k, s in not_applied.items()))
    if v.environment:
        e = v.environment
        lines.append(f"  measured on: {e.get('gpu')} | torch {e.get('torch')} | triton {e.get('triton')} | "
                     f"CUDA {e.get('cuda_runtime')}")
    if v.log_tail and not v.is_correct:
        lines.append("  candidate output (tail):")
        lines.extend("    " + ln for ln in v.log_tail.strip().splitlines()[-12:])
    return "\n".join(lines)
