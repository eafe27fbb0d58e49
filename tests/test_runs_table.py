"""A run directory scored as KernelBench scores it: best kernel per problem, checked by hand."""

from __future__ import annotations

import json

import pytest

from kb.runs import run_environment, run_table
from kb.scorer import ScoreInputError, score_level


def _row(n, problem, verdict, speedup=None, quarantined=False):
    env = {"gpu": "NVIDIA H200", "driver": "580", "torch": "2.11", "triton": "3.6", "cuda_runtime": "13.0"}
    return {
        "experiment": n, "problem": problem, "problem_name": problem, "source_path": f"candidates/{n}.py",
        "proposer": "tuner", "verdict": {
            "verdict": verdict, "reason": "", "speedup": speedup, "quarantined": quarantined,
            "kernel": {"median_ms": 1.0, "method": "cuda_event"} if speedup else None,
            "eager": {"median_ms": speedup} if speedup else None, "compiled": None,
            "environment": env, "policy": {"tolerance_preset": "kernelbench", "atol": 1e-4},
        },
    }  # fmt: skip


def test_best_kernel_per_problem_and_hand_computed_scores(tmp_path):
    rows = [
        _row(1, "L1/1", "correct", 1.5),
        _row(2, "L1/1", "correct", 2.5),  # the better of two correct kernels is scored
        _row(3, "L1/1", "incorrect"),  # a later failure does not replace it
        _row(4, "L1/2", "incorrect"),
        _row(5, "L1/3", "correct", 40.0, quarantined=True),  # faster than its floor: never counted
        _row(6, "L1/4", "correct", 0.5),
        _row(7, "suite/relu", "correct", 3.0),  # not a KernelBench problem: scored apart, as level 0
    ]
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"torn')
    (tmp_path / "run.json").write_text(json.dumps({"dataset": "kb", "config": "github_main", "note": "merged", "invocations": [
        {"level": 1, "rounds": 2, "ideas_per_round": 2, "branches_per_idea": 1},
        {"level": 1, "rounds": 0, "devices": ["cuda:0", "cuda:1"], "candidates_evaluated": 21, "wall_s": 103.8,
         "candidates_per_device_hour": 364.0, "note": "shared GPU 0"}]}))  # fmt: skip
    table = run_table(tmp_path)
    assert table[table["level"] == 0][["problem_id", "name", "speedup"]].values.tolist() == [[1, "suite/relu", 3.0]]
    df = table[table["level"] == 1]
    assert list(df["problem_id"]) == [1, 2, 3, 4]
    assert df["speedup"].iloc[0] == 2.5 and df["verdict"].tolist() == ["correct", "incorrect", "correct", "correct"]
    s = score_level(df, 1, total_problems=10)
    # by hand: counted correct = L1/1 (2.5x) and L1/4 (0.5x); the quarantined L1/3 is not counted
    assert s.fast_p[0.0] == pytest.approx(2 / 10)
    assert s.fast_p[1.0] == pytest.approx(1 / 10)
    assert s.fast_p[2.0] == pytest.approx(1 / 10)
    assert s.geomean_speedup == pytest.approx((2.5 * 0.5) ** 0.5)
    env = run_environment([tmp_path])
    assert env["gpu"] == "NVIDIA H200" and env["config"] == "github_main" and "rounds=2" in env["search_budget"]
    assert "gpus=2, judged=21 in 103.8 s (364.0/h per GPU)" in env["search_budget"]
    assert "merged" in env["run_notes"] and "shared GPU 0" in env["run_notes"]


def test_environment_names_every_timing_method_behind_the_verdicts(tmp_path):
    rows = [_row(1, "L1/1", "correct", 1.5), _row(2, "L1/2", "correct", 2.0), _row(3, "L1/3", "correct", 1.1)]
    rows[2]["verdict"]["kernel"]["method"] = "cuda_event+gpu_lead_1ms_max_host"
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    env = run_environment([tmp_path])
    assert env["timing_method"] == "cuda_event (2 verdicts); cuda_event+gpu_lead_1ms_max_host (1 verdicts)"


def test_verdicts_timed_under_the_gpu_lead_supersede_older_ones(tmp_path):
    """A problem re-judged under the newer timing is scored from those verdicts only, even when an older one
    claimed more: the best of two protocols would overstate it. Failures never supersede a correct kernel."""
    rows = [_row(1, "L1/1", "correct", 1.3), _row(2, "L1/1", "correct", 1.1), _row(3, "L1/1", "incorrect"),
            _row(4, "L1/2", "correct", 0.9), _row(5, "L1/2", "correct", 1.2), _row(6, "L1/3", "correct", 2.0)]
    for r in (rows[1], rows[3]):
        r["verdict"]["kernel"]["method"] = "cuda_event+gpu_lead_1ms_max_host"
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    df = run_table(tmp_path)
    assert df["speedup"].tolist() == [1.1, 0.9, 2.0]
    assert df["timing_method"].tolist() == ["cuda_event+gpu_lead_1ms_max_host"] * 2 + ["cuda_event"]  # per problem


def test_a_folder_that_is_not_a_run_says_so(tmp_path):
    with pytest.raises(ScoreInputError, match="results.jsonl"):
        run_table(tmp_path)


def test_floor_without_tensor_cores_comes_from_the_plausibility_check():
    from kb.runs import fma_floor

    fig = {"flops": 2 * 10**12, "bytes": 4 * 10**9, "peak_used": "tf32 matmul 398.7 TFLOP/s (measured); fp32 vector "
           "50.0 TFLOP/s (measured); memory 4,000 GB/s (measured)"}  # fmt: skip
    old = {"checks": [{"name": "plausibility", "figures": fig}]}
    assert fma_floor(old) == (pytest.approx(40.0), "compute")  # 2e12 FLOP at 50 TFLOP/s > 4e9 B at 4 TB/s (1 ms)
    new = {"checks": [{"name": "plausibility", "figures": {**fig, "vector_tflops": 100.0, "memory_gbps": 4000.0}}]}
    assert fma_floor(new) == (pytest.approx(20.0), "compute")  # the numeric fields win over the text
    assert fma_floor({"checks": [{"name": "trial_0", "figures": {}}]}) is None


def test_baseline_precision_is_named_and_never_mixed_on_one_page(tmp_path):
    """Verdicts before the option count as PyTorch's defaults; fp32-baseline runs cannot share their page."""
    (tmp_path / "results.jsonl").write_text(json.dumps(_row(1, "L1/1", "correct", 1.5)) + "\n")
    assert run_environment([tmp_path])["baseline_precision"].startswith("default: PyTorch's defaults")
    fp32 = tmp_path / "fp32"
    fp32.mkdir()
    row = _row(2, "L1/1", "correct", 3.0)
    row["verdict"]["policy"]["baseline_precision"] = "fp32"
    (fp32 / "results.jsonl").write_text(json.dumps(row) + "\n")
    assert run_environment([fp32])["baseline_precision"].startswith("fp32: TF32 disabled")
    with pytest.raises(ScoreInputError, match="mix baseline precisions"):
        run_environment([tmp_path, fp32])


def test_cpu_verdicts_of_either_baseline_precision_share_a_page(tmp_path):
    """The CPU has no TF32: runs from before and after the fp32 default are the same computation there."""
    rows = []
    for n, precision in ((1, "default"), (2, "fp32")):
        row = _row(n, f"L1/{n}", "correct", 1.5)
        row["verdict"].update(device="cpu", policy={**row["verdict"]["policy"], "baseline_precision": precision})
        rows.append(row)
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run_environment([tmp_path])["baseline_precision"].startswith("either: CPU runs")


def test_each_protocol_is_scored_by_its_own_statistic(tmp_path):
    """KernelBench reports the mean: its protocol's page scores speedups of means; the strict one medians. The
    median stays beside the mean in the table, and a kernelbench verdict without a recorded mean keeps its median."""
    rows = [_row(1, "L1/1", "correct", 1.5), _row(2, "L1/2", "correct", 2.0), _row(3, "L1/3", "correct", 1.2)]
    for r in rows[:2]:
        r["verdict"].update(speedup_mean=r["verdict"]["speedup"] - 0.25, speedup_vs_compile_mean=0.75)
    for r in rows:
        r["verdict"]["protocol"] = "kernelbench"
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    table = run_table(tmp_path, protocol="kernelbench")
    assert table["speedup"].tolist() == [1.25, 1.75, 1.2]
    assert table["speedup_median"].tolist() == [1.5, 2.0, 1.2]
    assert table["statistic"].tolist() == ["mean", "mean", "median"]
    assert table["speedup_vs_compile"].tolist()[:2] == [0.75, 0.75]
    assert run_environment([tmp_path], protocol="kernelbench")["statistic"].startswith("mean of timed calls")
    for r in rows:
        r["verdict"]["protocol"] = "strict"
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run_table(tmp_path, protocol="strict")["speedup"].tolist() == [1.5, 2.0, 1.2]
    assert run_environment([tmp_path], protocol="strict")["statistic"] == "median of timed calls"


def test_a_bench_resumed_over_several_calls_is_one_budget_line(tmp_path):
    """Calls of one bench (same level, candidates and repeat) are summed: judged, GPU-seconds, the rate from both;
    a call that judged nothing adds to the count of calls only, an interrupted one (no time recorded) is said to be
    left out of the sum; another repeat keeps its own line."""
    from kb.runs import _run_info

    bench = {"level": 1, "mode": "pairs", "candidates": ["dir:k"], "protocol": "strict"}
    calls = [{**bench, "repeat": 1, "workers_per_device": 3, "devices": ["cuda:0"], "candidates_evaluated": 29,
              "wall_s": 356.0},
             {**bench, "repeat": 1, "workers_per_device": 6, "devices": ["cuda:0", "cuda:1"],
              "candidates_evaluated": 40, "wall_s": 100.0},
             {**bench, "repeat": 1, "workers_per_device": 6, "devices": ["cuda:0"], "candidates_evaluated": 0,
              "wall_s": 0.0},
             {**bench, "repeat": 1, "workers_per_device": 6},  # interrupted: no time, nothing said judged
             {**bench, "repeat": 2, "workers_per_device": 6}]
    (tmp_path / "run.json").write_text(json.dumps({"dataset": "kb", "config": "c", "invocations": calls}))
    lines = _run_info([tmp_path])["search_budget"].split("; ")
    assert lines == [
        "L1: bench pairs (dir:k), repeat 1, workers_per_gpu=3/6, 4 calls, gpus=2, judged=69 in 556.0 GPU-s "
        f"({69 / 556 * 3600:.1f}/h per GPU) over the 2 calls that recorded their time",
        "L1: bench pairs (dir:k), repeat 2, workers_per_gpu=6, 1 call"]


def test_a_kernel_wrong_on_a_repeat_judgment_is_not_counted_correct(tmp_path):
    """Correctness gates every speedup: a kernel a repeat run judged wrong (secret inputs drawn again) is scored as
    that failure, said in its reason; one whose repeat failed in the harness's way (runtime error) keeps its verdict."""
    run, again = tmp_path / "run", tmp_path / "repeat"
    rows = [{**_row(1, "L1/1", "correct", 2.0), "candidate_digest": "a"},
            {**_row(2, "L1/2", "correct", 1.2), "candidate_digest": "b"}]
    wrong = {**_row(1, "L1/1", "incorrect"), "candidate_digest": "a"}
    wrong["verdict"]["reason"] = "wrong output on trial 6 (signed inputs)"
    died = {**_row(2, "L1/2", "runtime_error"), "candidate_digest": "b"}
    for folder, lines in ((run, rows), (again, [wrong, died])):
        folder.mkdir()
        (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    table = run_table(run, repeats=[again])
    assert table["verdict"].tolist() == ["incorrect", "correct"]
    assert table["reason"].iloc[0] == "correct once, then on a repeat judgment: wrong output on trial 6 (signed inputs)"
    assert score_level(table, 1, total_problems=2).correct == 1
    assert run_table(run)["verdict"].tolist() == ["correct", "correct"]  # without the repeats: as first judged
