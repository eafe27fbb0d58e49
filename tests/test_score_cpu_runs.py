"""`score --run` and `leaderboard --run` on any run directory, CPU runs included: the environment comes from the
run, pages and plots say "CPU, Triton interpreter" with readable precision, and a plot with nothing to show is not
written."""

from __future__ import annotations

import json

import pytest

from kb.cli import main

CPU_ENV = {"python": "3.11.7", "torch": "2.13.0+cpu", "cuda_runtime": "None", "device": "cpu", "triton": "3.9.0",
           "gpu": "none (CPU, Triton interpreter)", "cpu": "x86_64"}  # fmt: skip
METHOD = "perf_counter(cpu, triton interpreter)+discard_first_1"


def _row(n: int, problem: str, speedup: float | None, verdict: str = "correct") -> dict:
    timed = speedup is not None
    return {
        "experiment": n, "cache_key": f"k{n}", "problem": problem, "problem_name": problem.split("/")[-1],
        "source_path": f"candidates/{n}.py", "proposer": "tuner", "device": "cpu", "verdict": {
            "verdict": verdict, "reason": "", "device": "cpu", "protocol": "kernelbench", "speedup": speedup,
            "kernel": {"median_ms": 2.0, "num_trials": 5, "method": METHOD} if timed else None,
            "eager": {"median_ms": 2.0 * speedup, "method": METHOD} if timed else None, "compiled": None,
            "floor_ms": None, "environment": CPU_ENV,
            "policy": {"tolerance_preset": "kernelbench", "atol": 1e-4, "baseline_precision": "fp32",
                       "problem_notes": ["scaled down by 32: batch_size 4096->128, dim 393216->12288"]},
        },
    }  # fmt: skip


def _run(tmp_path, rows, name="run"):
    run = tmp_path / name
    run.mkdir()
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (run / "run.json").write_text(json.dumps({"dataset": "/data/kernelbench", "config": "github_main", "invocations": [
        {"level": 1, "rounds": 1, "ideas_per_round": 2, "branches_per_idea": 1, "workers_per_device": 1,
         "device": "cpu", "devices": ["cpu"], "candidates_evaluated": 3, "wall_s": 60.0,
         "candidates_per_device_hour": 180.0}]}))  # fmt: skip
    return run


def test_score_reads_a_cpu_run_directory(tmp_path, capsys):
    run = _run(tmp_path, [_row(1, "L1/19", 0.0023), _row(2, "L1/19", 0.0031), _row(3, "L1/20", None, "timeout")])
    out = tmp_path / "score.json"
    assert main(["score", "--run", str(run), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "gpu: CPU, Triton interpreter" in printed and "driver: none (CPU run)" in printed
    assert "level1_correct: 1/100" in printed
    assert "level1_geomean_speedup: 0.0031" in printed  # not 0.003 or 0.000
    report = json.loads(out.read_text())
    assert report["levels"]["1"]["geomean_speedup"] == pytest.approx(0.0031)
    assert "device=cpu, judged=3 in 60.0 s (180.0/h)" in report["environment"]["search_budget"]
    assert report["environment"]["problem_sizes"] == "divided by 32 (--scale 32): L1/19, L1/20"  # never full-size


def test_score_reads_a_run_of_the_embedded_suite(tmp_path, capsys):
    run = _run(tmp_path, [_row(1, "relu_scale", 0.01), _row(2, "row_sum", 0.04), _row(3, "softmax_rows", None,
                                                                                    "incorrect")])
    assert main(["score", "--run", str(run), "--out", str(tmp_path / "s.json")]) == 0
    printed = capsys.readouterr().out
    assert "level0_correct: 2/3" in printed and "level0_geomean_speedup: 0.020" in printed


def test_a_run_given_as_a_results_table_is_pointed_to_run(tmp_path, capsys):
    run = _run(tmp_path, [_row(1, "L1/19", 0.0023)])
    (run / "results.tsv").write_text("experiment\ttag\n")
    for table in (run, run / "results.tsv", run / "results.jsonl"):
        assert main(["score", "--results", str(table), "--out", str(tmp_path / "s.json")]) == 2
        assert f"give --run {run}" in capsys.readouterr().err
    assert main(["score", "--out", str(tmp_path / "s.json")]) == 2
    assert "give --run DIR" in capsys.readouterr().err


def test_leaderboard_of_a_cpu_run_names_the_interpreter_and_writes_no_empty_plot(tmp_path, capsys, monkeypatch):
    import kb.leaderboard as lb

    figures = []
    real = lb._figure
    monkeypatch.setattr(lb, "_figure", lambda *a: figures.append(real(*a)) or figures[-1])
    run = _run(tmp_path, [_row(1, "L1/19", 0.0023), _row(2, "L1/20", 0.0019)])
    out = tmp_path / "lb"
    assert main(["leaderboard", "--run", str(run), "--out-dir", str(out)]) == 0
    assert "roofline_plot: not written (nothing to plot)" in capsys.readouterr().out
    folder = out / "cpu-triton-interpreter"
    page = (folder / "README.md").read_text()
    assert page.startswith("# KernelBench results on CPU, Triton interpreter")
    assert "roofline.png" not in page and not (folder / "roofline.png").exists()
    assert (folder / "speedup_distribution.png").is_file() and "speedup_distribution.png" in page
    assert "geomean speedup vs eager: 0.00209× over correct kernels" in page
    assert "| 0.0023× |" in page  # the per-problem table, not 0.00×
    (fig,) = figures  # the speedup plot only
    titles = [ax.get_title() for ax in fig.axes]
    assert titles == ["Level 1: 2/100 correct, fast_1 = 0.00, geomean 0.0021×"]
    assert fig.get_suptitle().endswith("CPU, Triton interpreter")


def test_a_run_without_a_correct_kernel_still_scores_and_plots_nothing(tmp_path, capsys):
    run = _run(tmp_path, [_row(1, "L1/19", None, "timeout")])
    out = tmp_path / "lb"
    assert main(["leaderboard", "--run", str(run), "--out-dir", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "speedup_plot: not written" in printed and "roofline_plot: not written" in printed
    assert not list((out / "cpu-triton-interpreter").glob("*.png"))
