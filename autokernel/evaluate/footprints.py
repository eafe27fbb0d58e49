"""Measured device memory of big problems' evaluations, kept across processes, to size their heavy slots.

Before a problem has been judged on a GPU, its heavy slots (`gate.heavy_units`) are sized from shapes: twice a
trial's inputs + output (the judge's copies beside the candidate's), twice that again for a judge's first
evaluation of the problem (its float64 checks and baselines copy the trial again). Shapes over-count some
problems and under-count others: a reduction's output is a sliver of its input, yet sized as large as it (on the
H200, level 1's 8.6 GB reductions took three of four slots, so heavy evaluations ran one at a time and waited
111-285 s each), and a judge's float64 work copies the inputs, not the output.

Once an evaluation of the problem has run, its verdict holds what the two processes took (`judge_peak_memory_mb`,
`peak_memory_mb`); this module keeps the largest seen per problem, protocol, GPU model and kind of evaluation
(first in its judge or later), and `footprint_bytes` sizes the next one from them. The candidate's own figure
comes from its process (hostile code), so it only ever raises the size: the candidate's part is at least the
problem's inputs (its process copies them), whatever it reports.
"""

from __future__ import annotations

from pathlib import Path

from autokernel.evaluate.caches import read_json, update_json

FILE = "footprints.json"
MARGIN = 1.25  # over the measured peaks: allocator fragmentation, another candidate's larger workspace
PROCESS_BYTES = 2 * 2**30  # the two processes' CUDA contexts and what their allocators keep beyond the peak


def key(problem_digest: str, protocol: str, gpu: str, first: bool) -> str:
    return f"{problem_digest}|{protocol}|{gpu}|{'first' if first else 'later'}"


def record(cache_dir: Path, at: str, judge_mb: float | None, candidate_mb: float | None) -> None:
    """Keep one evaluation's peaks (MiB) under ``at`` (`key`), each the largest seen; a missing figure is skipped."""
    if judge_mb is None:
        return
    value = {"judge_mb": float(judge_mb), "candidate_mb": float(candidate_mb or 0.0)}

    def larger(old, new):
        if not isinstance(old, dict):
            return new
        return {k: max(float(old.get(k) or 0.0), new[k]) for k in new}

    update_json(cache_dir / FILE, at, value, merge=larger)


def footprint_bytes(cache_dir: Path, at: str, input_bytes: int) -> int | None:
    """The device bytes an evaluation under ``at`` takes, from the peaks recorded there (None: none yet): the
    judge's peak plus the candidate's (at least ``input_bytes``: it copies the inputs), with `MARGIN` and
    `PROCESS_BYTES` on top."""
    entry = read_json(cache_dir / FILE).get(at)
    if not isinstance(entry, dict):
        return None
    try:
        judge = float(entry["judge_mb"]) * 2**20
        candidate = max(float(entry.get("candidate_mb") or 0.0) * 2**20, float(input_bytes))
    except (KeyError, TypeError, ValueError):
        return None
    return int(MARGIN * (judge + candidate)) + PROCESS_BYTES
