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


def test_run_candidates_are_each_problems_best_kernel(tmp_path):
    from autokernel.problem import Problem

    src = "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
    src += "def get_inputs():\n    return [torch.rand(2)]\ndef get_init_inputs():\n    return []\n"
    p = Problem.from_source(src, name="47_Sum", level=1, problem_id=47)
    folder = tmp_path / "problems" / "L1_47_47_Sum"
    folder.mkdir(parents=True)
    (folder / "best.py").write_text("# best")
    assert eval_batch.candidate_for(f"run:{tmp_path}", p) == "# best"
    other = Problem.from_source(src, name="4_Other", level=1, problem_id=4)  # L1_47_* must not match problem 4
    assert eval_batch.candidate_path(f"run:{tmp_path}", other) is None
    assert eval_batch.candidate_for(f"run:{tmp_path}", other) is None


def test_preset_candidates_are_the_starter_with_that_preset():
    from autokernel.problem import Problem
    from autokernel.starters import generate_starter

    conv = "import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    conv += "        self.c = torch.nn.Conv2d(3, 8, 3)\n    def forward(self, x):\n        return self.c(x)\n"
    conv += "def get_inputs():\n    return [torch.rand(2, 3, 10, 10)]\ndef get_init_inputs():\n    return []\n"
    p = Problem.from_source(conv, name="63_conv", level=1, problem_id=63)
    name, source = eval_batch.preset_for("preset:1", p)
    presets = generate_starter(p).presets
    assert name == next(iter(presets))
    assert source == generate_starter(p, tunables=presets[name]).source != generate_starter(p).source
    assert eval_batch.generate_starter_with_preset(p, name) == source
    assert eval_batch.preset_for(f"preset:{len(presets) + 1}", p) is None
    assert eval_batch.generate_starter_with_preset(p, "no such preset") is None
