"""benchmarks/eval_batch.py's repeatability summary (the GPU acceptance script for the harness)."""

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "eval_batch", Path(__file__).resolve().parents[1] / "benchmarks" / "eval_batch.py"
)
eval_batch = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eval_batch)


def _rec(problem, median_ms, wall_s, verdict="correct"):
    kernel = {"median_ms": median_ms, "mean_ms": median_ms * 1.01}
    return {"problem": problem, "verdict": verdict, "kernel": kernel, "eval_wall_s": wall_s}


def test_repeat_summary_gives_spread_of_medians_and_wall_time():
    rows = eval_batch.repeat_summary([
        _rec("L1/19", 3.40, 31.0), _rec("L1/19", 3.45, 9.0), _rec("L1/19", 3.42, 8.0),
        _rec("L1/19", 0, 7.5, verdict="incorrect"),  # counted as a repeat, not as a timing
        {"problem": "L1/40", "harness_error": "boom", "eval_wall_s": 2.0},
    ])  # fmt: skip
    relu, norm = rows
    assert relu["repeats"] == 4 and relu["correct"] == 3
    assert relu["spread_pct"] == pytest.approx(100 * 0.05 / 3.42, abs=0.01)
    assert relu["mean_spread_pct"] == pytest.approx(100 * 0.05 / 3.42, abs=0.01)
    assert relu["median_wall_s"] == pytest.approx((9.0 + 8.0) / 2)
    assert norm["correct"] == 0 and norm["spread_pct"] is None
