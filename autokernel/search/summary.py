"""The closing summary: ``key: value`` lines, then one table row per problem."""

from __future__ import annotations

from autokernel.propose.usage import Usage
from autokernel.search.loop import RunOutcome


def throughput(run: RunOutcome, devices: list[str]) -> dict:
    """Candidates judged by this invocation per hour of its wall time (start-up included), in all and per device
    (and the variants it screened, where it screened)."""
    evaluated = sum(p.evaluated for p in run.problems)
    screened = sum(p.screened for p in run.problems)
    per_hour = evaluated * 3600.0 / run.wall_s if run.wall_s > 0 else 0.0
    return {"devices": list(devices), "candidates_evaluated": evaluated, "wall_s": round(run.wall_s, 1),
            "candidates_per_hour": round(per_hour, 1),
            "candidates_per_device_hour": round(per_hour / max(1, len(devices)), 1),
            **({"variants_screened": screened} if screened else {})}  # fmt: skip


def format_summary(run: RunOutcome, *, notes: list[str] | None = None, throughput: dict | None = None) -> str:
    """``throughput``: this invocation's figures (see `throughput`), shown when given. Counts cover every candidate
    of the run directory for these problems (``candidates_total`` = judged now + from the ledger), so they agree
    with results.jsonl; a problem's best is its best.json. Problems the run never started share one line. Where a
    proposer called an endpoint, its requests, tokens and cost (US dollars, or unknown without prices) over every
    invocation are stated in all and per problem (``usage.json``)."""
    probs = run.problems
    evaluated = sum(p.evaluated for p in probs)
    reused = sum(p.reused for p in probs)
    correct = sum(p.correct for p in probs)
    faster = sum(p.faster for p in probs)
    solved = sum(1 for p in probs if p.best is not None)
    lines = [
        f"run_dir: {run.run_dir}",
        f"proposer: {run.proposer}",
        f"device: {run.device}",
        f"problems: {len(probs)}",
        f"problems_with_correct_kernel: {solved}",
        f"problems_faster_than_pytorch: {sum(1 for p in probs if (p.best_speedup or 0) > 1.0)}",
        f"candidates_total: {evaluated + reused}",
        f"candidates_evaluated: {evaluated}",
        f"candidates_from_ledger: {reused}",
        f"candidates_correct: {correct}",
        f"candidates_faster: {faster}",
        *([f"candidates_rechecked: {sum(p.rechecked for p in probs)} (close calls judged again, their second "
           f"verdict standing)"] if any(p.rechecked for p in probs) else []),
        f"tokens: {sum(p.tokens_spent for p in probs)}",
        *([f"variants_screened: {sum(p.screened for p in probs)}",
           f"variants_screened_from_log: {sum(p.screen_reused for p in probs)}"]
          if any(p.screened or p.screen_reused for p in probs) else []),
        f"wall_s: {run.wall_s:.1f}",
    ]
    usage = Usage()
    for p in probs:
        if p.usage is not None:
            usage.add(p.usage)
    asked = usage.requests > 0
    if asked:  # the proposer's endpoint, over every invocation of these problems
        lines += [f"llm_requests: {usage.requests} ({usage.retries} retried, {usage.failed_requests} failed after "
                  f"retries), {usage.latency_s:.1f} s waiting for the endpoint",
                  f"llm_tokens: {usage.prompt_tokens} prompt + {usage.completion_tokens} completion",
                  f"cost_usd: {usage.cost_text()}"
                  + (" (no prices given: --price-per-mtok-in / --price-per-mtok-out)" if usage.unpriced_requests else "")]
    if throughput:
        devices = throughput["devices"]
        lines += [f"devices: {len(devices)} ({', '.join(devices)})",
                  f"candidates_per_hour: {throughput['candidates_per_hour']:.0f}",
                  f"candidates_per_device_hour: {throughput['candidates_per_device_hour']:.0f}"]  # fmt: skip
    if run.device == "cpu":
        lines.append("note: CPU speedups are Triton-interpreter times, not GPU performance")
    lines.extend(f"note: {n}" for n in notes or [])
    header = ("problem", "best_ms", "best_speedup", "rounds", "correct", "candidates", "judged_now",
              *(("tokens", "cost_usd") if asked else ()), "stopped_because")
    rows = [
        (
            p.problem,
            f"{p.best_ms:.4g}" if p.best_ms is not None else "-",
            f"{p.best_speedup:.3g}x" if p.best_speedup is not None else ("correct" if p.best else "-"),
            str(p.rounds_used),
            str(p.correct),
            str(p.evaluated + p.reused),
            str(p.evaluated),
            *((str(p.tokens_spent), p.usage.cost_text() if p.usage else "$0") if asked else ()),
            p.stop_reason,
        )
        for p in probs if p.started
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines.append("")
    for r in [header, *rows]:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    waiting = [p for p in probs if not p.started]
    if waiting:
        keys = ", ".join(p.problem for p in waiting[:8]) + (f" and {len(waiting) - 8} more" if len(waiting) > 8 else "")
        lines.append(f"{len(waiting)} problems not started ({keys}): {waiting[0].stop_reason.removeprefix('not started: ')}")
    return "\n".join(lines) + "\n"

