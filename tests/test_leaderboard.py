"""Leaderboard files appear and carry the right numbers (invented table)."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from kb.leaderboard import gpu_slug, write_leaderboard

ENV = {
    "gpu": "NVIDIA H100 80GB HBM3", "driver": "570.86.15", "cuda": "12.8", "torch": "2.9.0", "triton": "3.5.0",
    "dataset": "ScalingIntelligence/KernelBench", "config": "default", "tolerance_preset": "kernelbench-fp32-1e-4",
    "timing_method": "cuda_event+l2_flush", "statistic": "median", "repetitions": 100, "clocks": "1980 MHz",
}  # fmt: skip


def invented(tmp_path) -> pd.DataFrame:
    kernels = tmp_path / "kernels"
    kernels.mkdir(exist_ok=True)
    rows = []
    # level, id, verdict, kernel ms, eager ms, compile ms, floor ms, quarantined
    spec = [
        (1, 1, "correct", 1.0, 2.0, 1.5, 0.5, False),  # 2x, 50% of floor
        (1, 2, "correct", 2.0, 2.0, 1.0, 0.2, False),  # exactly 1x: falls short
        (1, 3, "incorrect", 1.0, 3.0, 3.0, 0.1, False),
        (1, 4, "correct", 0.01, 5.0, 5.0, 0.5, True),  # faster than its floor: quarantined
        (2, 1, "correct", 4.0, 12.0, 8.0, 1.0, False),  # 3x
        (2, 3, "timeout", math.nan, 6.0, 6.0, 0.5, False),
    ]
    for lv, pid, verdict, k, e, c, f, q in spec:
        path = kernels / f"L{lv}_{pid}.py"
        path.write_text("# kernel\n")
        rows.append({"level": lv, "problem_id": pid, "name": f"{pid}_Prob{lv}", "verdict": verdict,
                     "kernel_median_ms": k, "eager_median_ms": e, "compile_median_ms": c, "floor_ms": f,
                     "quarantined": q, "kernel_path": str(path)})  # fmt: skip
    return pd.DataFrame(rows)


def test_files_appear_with_the_right_numbers(tmp_path):
    df = invented(tmp_path)
    files = write_leaderboard([df[df.level == 1], df[df.level == 2]], ENV, tmp_path / "boards",
                              totals={1: 5, 2: 3})  # fmt: skip
    assert files.folder == tmp_path / "boards" / "nvidia-h100-80gb-hbm3"
    for path in (files.page, files.problems_csv, files.problems_json, files.score_json, files.speedup_plot,
                 files.roofline_plot):  # fmt: skip
        assert path.is_file() and path.stat().st_size > 0, path

    csv = pd.read_csv(files.problems_csv)
    assert list(csv[["level", "problem_id"]].itertuples(index=False, name=None)) == [
        (1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 3)
    ]  # fmt: skip
    row = csv[(csv.level == 1) & (csv.problem_id == 1)].iloc[0]
    assert row.speedup == pytest.approx(2.0) and row.speedup_vs_compile == pytest.approx(1.5)
    assert row.pct_of_floor == pytest.approx(50.0) and row.verdict == "correct"
    assert row.kernel_link == "../../kernels/L1_1.py"
    assert (files.folder / row.kernel_link).resolve() == (tmp_path / "kernels" / "L1_1.py").resolve()

    data = json.loads(files.problems_json.read_text())
    assert data["environment"]["gpu"] == ENV["gpu"] and len(data["rows"]) == 6
    timeout = next(r for r in data["rows"] if r["verdict"] == "timeout")
    assert timeout["speedup"] is None and timeout["kernel_link"] == "../../kernels/L2_3.py"

    score = json.loads(files.score_json.read_text())
    level1 = score["levels"]["1"]
    # Counted correct on level 1: ids 1 (2x) and 2 (1x); 4 is quarantined; denominator 5.
    assert level1["fast_p"]["0.0"] == pytest.approx(0.4) and level1["fast_p"]["1.0"] == pytest.approx(0.2)
    assert level1["geomean_speedup"] == pytest.approx(math.sqrt(2.0))
    assert score["levels"]["2"]["fast_p"]["2.0"] == pytest.approx(1 / 3)

    page = files.page.read_text()
    assert "# KernelBench results on NVIDIA H100 80GB HBM3" in page
    assert "| tolerance_preset | kernelbench-fp32-1e-4 |" in page and "| clocks | 1980 MHz |" in page
    assert "| 1 | 0.200 | 0.200 |" in page  # level 1, p = 1: vs eager and vs compile (1.5x vs compile)
    assert "| 2 | 0.000 | 0.000 |" in page
    assert "geomean speedup vs eager: 1.414×" in page
    assert "no result (1): 5" in page  # level 1 has 5 problems, id 5 has no row
    assert "no result (1): 2" in page  # level 2 has 3 problems, id 2 has no row
    assert "| L1/2 2_Prob1 | correct, not faster | 1.00× |" in page
    assert "| L1/3 3_Prob1 | incorrect |" in page and "| L2/3 3_Prob2 | timeout |" in page
    assert "### Quarantined (never counted)" in page and "| L1/4 4_Prob1 | correct | 500.00× |" in page
    assert "[kernel](../../kernels/L1_1.py)" not in page  # id 1 is fine: not listed as falling short
    assert "[kernel](../../kernels/L1_2.py)" in page
    assert "![speedup distribution](speedup_distribution.png)" in page


def test_png_files_are_real_images(tmp_path):
    from matplotlib.image import imread

    files = write_leaderboard(invented(tmp_path), ENV, tmp_path / "boards", totals={1: 5, 2: 3})
    for path in (files.speedup_plot, files.roofline_plot):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        image = imread(path)
        assert image.shape[0] > 300 and image.shape[1] > 500
        assert image.std() > 0.05  # not a blank canvas


def test_environment_must_be_complete_and_gpu_named(tmp_path):
    with pytest.raises(ValueError, match="driver"):
        write_leaderboard(invented(tmp_path), {k: v for k, v in ENV.items() if k != "driver"}, tmp_path)
    with pytest.raises(ValueError, match="empty folder name"):
        gpu_slug("???")


def test_cli_leaderboard(tmp_path, capsys):
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"environment": ENV, "rows": invented(tmp_path).to_dict(orient="records")}))
    from kb.cli import main

    assert main(["leaderboard", "--results", str(results), "--out-dir", str(tmp_path / "lb"), "--totals", "1=5,2=3"]) == 0
    assert "leaderboard: " in capsys.readouterr().out
    assert (tmp_path / "lb" / "nvidia-h100-80gb-hbm3" / "README.md").is_file()
    assert main(["leaderboard", "--results", str(results), "--out-dir", str(tmp_path / "lb"), "--totals", "1=2"]) == 2
    assert "no problem count" in capsys.readouterr().err


def test_why_a_problem_falls_short():
    from types import SimpleNamespace as Row

    from kb.leaderboard import _why

    base = {"verdict": "correct", "reason": "", "speedup": 0.5, "kernel_median_ms": 4.0, "eager_median_ms": 2.0,
            "compile_median_ms": 1.5, "fma_floor_ms": 1.0}  # fmt: skip
    assert _why(Row(**base)) == "kernel at 25% of the no-tensor-core floor (1 ms)"
    assert _why(Row(**base, fma_bound="memory")) == "kernel at 25% of the memory floor (1 ms)"
    convolution = {**base, "eager_median_ms": 0.5, "fma_floor_ms": 2.0, "fma_bound": "compute"}  # eager in TF32
    assert _why(Row(**convolution)).startswith("eager (0.5 ms) is under the no-tensor-core floor (2 ms): it uses")
    at_floor = {**convolution, "eager_median_ms": 1.95}  # cuBLAS fp32 at the FMA rate the floor was measured with
    assert _why(Row(**at_floor)) == "eager (1.95 ms) runs at the compute floor (2 ms): little left to win"
    behind_compile = {**base, "speedup": 1.2, "compile_median_ms": 0.4, "fma_floor_ms": 0.9, "fma_bound": "compute"}
    assert _why(Row(**behind_compile)).startswith("torch.compile (0.4 ms) is under")
    wrong = {**base, "verdict": "incorrect", "reason": "wrong output on trial 0 (problem inputs): 3 of 9 elements off"}
    assert _why(Row(**wrong)) == "3 of 9 elements off"
    chaotic = {**wrong, "reason": wrong["reason"] + "; the problem is ill-conditioned at this tolerance: ..."}
    assert "reference itself misses the tolerance against float64" in _why(Row(**chaotic))
    assert _why(Row(**{**base, "fma_floor_ms": None})) == "-"  # runs without a plausibility check
