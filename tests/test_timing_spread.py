"""benchmarks/timing_spread.py (a GPU diagnostic for issue 2's repeatability), end to end on CPU."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBLEM = """import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x)

def get_inputs():
    return [torch.randn(4, 300)]

def get_init_inputs():
    return []
"""


def test_spread_script_times_same_moved_and_eager_in_separate_processes(tmp_path):
    problem = tmp_path / "relu_small.py"
    problem.write_text(PROBLEM)
    out = tmp_path / "spread.json"
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "timing_spread.py"), "--problem", str(problem),
         "--solution", str(ROOT / "benchmarks" / "kernels" / "level1" / "19_ReLU.py"), "--device", "cpu",
         "--processes", "2", "--repeats", "2", "--calls", "3", "--budget-s", "1", "--out", str(out)],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(out.read_text())
    assert len(result["runs"]) == 2
    for run in result["runs"]:
        assert all(len(run[k]) == 2 and min(run[k]) > 0 for k in ("same_ms", "moved_ms", "eager_same_ms"))
    assert set(result["summary"]) == {"same_ms", "moved_ms", "eager_same_ms", "eager_moved_ms"}
    assert result["summary"]["same_ms"]["all_spread_pct"] >= 0
