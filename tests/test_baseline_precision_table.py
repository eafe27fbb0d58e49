"""benchmarks/baseline_precision_table.py: the same kernels scored against default and fp32 baselines."""

import importlib.util
import json
from pathlib import Path

import pandas as pd

_spec = importlib.util.spec_from_file_location(
    "baseline_precision_table", Path(__file__).resolve().parents[1] / "benchmarks" / "baseline_precision_table.py"
)
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


def test_scores_only_the_problems_both_sides_judged(tmp_path):
    recs = [
        {"problem": "L2/1", "verdict": "correct", "speedup": 2.0, "speedup_vs_compile": 1.5},
        {"problem": "L2/2", "verdict": "correct", "speedup": 0.5, "speedup_vs_compile": 0.4},
        {"problem": "L2/2", "verdict": "correct", "speedup": 1.2, "speedup_vs_compile": 1.1},  # the latest counts
        {"problem": "L2/3", "harness_error": "boom"},  # counted as failed
    ]
    path = tmp_path / "l2.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    published = pd.DataFrame({
        "level": [2, 2, 2, 2], "problem_id": [1, 2, 3, 4], "verdict": ["correct"] * 4,
        "speedup": [0.5, 0.4, 0.3, 9.0], "speedup_vs_compile": [0.2, 0.2, 0.2, 9.0],
    })  # fmt: skip
    out = table.compare(table.fp32_rows([str(path)]), published)
    default, fp32 = out.to_dict("records")
    assert default["problems"] == fp32["problems"] == 3  # L2/4 was not judged with fp32 baselines: left out
    assert default["faster_than_eager"] == 0 and default["correct"] == 3
    assert fp32["correct"] == 2 and fp32["faster_than_eager"] == 2 and fp32["faster_than_compile"] == 2
    assert fp32["geomean_vs_eager"] == round((2.0 * 1.2) ** 0.5, 3)
