"""benchmarks/kb_parity.py's bookkeeping (its runs need a GPU and KernelBench's source)."""

from pathlib import Path

from benchmark_scripts import load

REPO = Path(__file__).resolve().parents[1]


def test_again_sets_earlier_results_aside_without_losing_them(tmp_path):
    parity = load("kb_parity")
    res = tmp_path / "results"
    res.mkdir()
    for name in ("ours_kernelbench.jsonl", "ours_kernelbench.log", "kernelbench.jsonl", "kernelbench_0.log",
                 "kernelbench_12.log"):
        (res / name).write_text(name)
    assert parity.set_aside(tmp_path, "kernelbench", None) == []
    moved = parity.set_aside(tmp_path, "kernelbench", "ours")
    assert len(moved) == 2 and not (res / "ours_kernelbench.jsonl").exists()
    assert (res / "kernelbench.jsonl").exists()  # KernelBench's side is kept
    assert parity._done(res / "ours_kernelbench.jsonl") == set()  # so the rerun judges every kernel again
    assert sorted(p.read_text() for p in res.iterdir() if p.name.startswith("ours_kernelbench.")) == [
        "ours_kernelbench.jsonl", "ours_kernelbench.log"]
    moved = parity.set_aside(tmp_path, "kernelbench", "both")
    assert {m.split(".")[0] for m in moved} == {"kernelbench", "kernelbench_0", "kernelbench_12"}


def test_table_merges_into_the_csv_so_rows_of_other_runs_stay(tmp_path):
    import json

    parity = load("kb_parity")
    bundle = tmp_path / "b"
    (bundle / "results").mkdir(parents=True)
    (bundle / "pairs.json").write_text(json.dumps([{"id": "L1_1", "key": "L1/1", "kind": "leaderboard"}]))
    kb = {"id": "L1_1", "repeat": 0, "correctness": True, "runtime_ms": 1.0, "ref_runtime_ms": 2.0}
    (bundle / "results" / "kernelbench.jsonl").write_text(json.dumps(kb) + "\n")
    ours = {"id": "L1_1", "verdict": "correct", "speedup": 2.0, "speedup_mean": 2.02}
    (bundle / "results" / "ours_kernelbench.jsonl").write_text(json.dumps(ours) + "\n")
    csv_path = tmp_path / "parity.csv"
    csv_path.write_text("loop,kernel,kind,same_verdict\nold loop,L2/6,leaderboard,True\nnew,L1/1,leaderboard,False\n")
    parity.write_csv([(bundle, "new")], csv_path)
    text = csv_path.read_text().splitlines()
    assert text[0].startswith("loop,kernel,") and len(text) == 3
    assert text[1].startswith("new,L1/1,leaderboard,correct,1,correct,1,,True,2.0,")  # replaced by the bundle's
    assert text[2].startswith("old loop,L2/6,")  # another run's row is kept, after the bundle's loop


def test_our_repeats_are_compared_by_their_median_and_show_their_spread(tmp_path):
    import json

    parity = load("kb_parity")
    bundle = tmp_path / "b"
    (bundle / "results").mkdir(parents=True)
    (bundle / "pairs.json").write_text(json.dumps([{"id": "L1_1", "key": "L1/1", "kind": "leaderboard"},
                                                   {"id": "L1_2", "key": "L1/2", "kind": "leaderboard"}]))
    kb = [{"id": i, "repeat": r, "correctness": True, "runtime_ms": 1.0, "ref_runtime_ms": 2.0}
          for i in ("L1_1", "L1_2") for r in range(3)]
    (bundle / "results" / "kernelbench.jsonl").write_text("".join(json.dumps(r) + "\n" for r in kb))
    ours = [{"id": "L1_1", "verdict": "correct", "speedup": 2.0, "speedup_mean": 2.0},  # before repeats: repeat 0
            {"id": "L1_1", "repeat": 1, "verdict": "correct", "speedup": 2.1, "speedup_mean": 2.2},
            {"id": "L1_1", "repeat": 2, "verdict": "correct", "speedup": 1.9, "speedup_mean": 1.8},
            {"id": "L1_2", "repeat": 0, "verdict": "correct", "speedup": 2.0, "speedup_mean": 2.0},
            {"id": "L1_2", "repeat": 1, "verdict": "incorrect", "failed_check": "values"}]
    (bundle / "results" / "ours_kernelbench.jsonl").write_text("".join(json.dumps(r) + "\n" for r in ours))
    assert parity._done(bundle / "results" / "ours_kernelbench.jsonl", key=parity._ours_key) == {
        ("L1_1", 0), ("L1_1", 1), ("L1_1", 2), ("L1_2", 0), ("L1_2", 1)}
    rows = {r["kernel"]: r for r in parity.parity_rows(bundle)}
    one, two = rows["L1/1"], rows["L1/2"]
    assert one["ours"] == "correct" and one["ours_runs"] == 3 and one["ours_speedup_mean"] == 2.0
    assert abs(one["ours_spread_pct"] - 20.0) < 1e-9 and one["within"] is True
    assert two["ours"] == "correct/incorrect" and two["same_verdict"] is False and two["named_check"] == "values"
    csv_path = tmp_path / "parity.csv"
    parity.write_csv([(bundle, "three of ours")], csv_path)
    table = parity.render(csv_path)
    assert "| L1/1 | correct (3) | correct (3) |  | 2.000 | 0.0 % | 2.000 (spread 20.0 %) | 2.000 |" in table


def test_the_table_sets_the_kernels_times_beside_the_eager_ones(tmp_path):
    # L3/34 on an H100: the kernel's time agreed (4.1 ms both) while KernelBench's eager RNN moved 23-35 ms, so the
    # speedups parted; the table shows which of the two times differs
    import json

    parity = load("kb_parity")
    bundle = tmp_path / "b"
    (bundle / "results").mkdir(parents=True)
    (bundle / "pairs.json").write_text(json.dumps([{"id": "L3_34", "key": "L3/34", "kind": "leaderboard"}]))
    kb = [{"id": "L3_34", "repeat": r, "correctness": True, "runtime_ms": 4.1, "ref_runtime_ms": e}
          for r, e in enumerate((34.8, 23.1, 24.1))]
    (bundle / "results" / "kernelbench.jsonl").write_text("".join(json.dumps(r) + "\n" for r in kb))
    ours = {"id": "L3_34", "verdict": "correct", "speedup": 6.75, "speedup_mean": 6.5,
            "kernel": {"mean_ms": 4.2, "median_ms": 4.1}, "eager": {"mean_ms": 27.3, "median_ms": 27.7}}
    (bundle / "results" / "ours_kernelbench.jsonl").write_text(json.dumps(ours) + "\n")
    row = parity.parity_rows(bundle)[0]
    assert row["kb_kernel_ms"] == 4.1 and row["kb_eager_ms"] == 24.1 and row["ours_eager_ms"] == 27.3
    assert abs(row["kernel_diff_pct"] - 100 * (4.2 / 4.1 - 1)) < 1e-9
    csv_path = tmp_path / "parity.csv"
    parity.write_csv([(bundle, "panel")], csv_path)
    table = parity.render(csv_path)
    assert "| 4.1 / 4.2 | +2.4 % | 24.1 / 27.3 |" in table
    assert "Kernel times (means) within 3 % of KernelBench's on 1 of 1." in table


def test_a_kernel_whose_judging_raises_is_recorded_and_the_next_kernels_are_judged(tmp_path, monkeypatch):
    """An H100's judge ran out of memory on L1/30 and the worker died with the ten kernels after it unjudged."""
    import json

    from autokernel.evaluate import Evaluator
    from autokernel.records import Verdict

    parity = load("kb_parity")
    source = (REPO / "tests" / "fixtures" / "problems" / "relu.py").read_text()
    (tmp_path / "p.py").write_text(source)
    (tmp_path / "k.py").write_text(source)
    (tmp_path / "pairs.json").write_text(json.dumps([
        {"id": i, "key": f"L1/{n}", "name": "relu", "kind": "panel", "problem": "p.py", "kernel": "k.py"}
        for n, i in ((30, "L1_30"), (50, "L1_50"))]))
    judged = []

    def evaluate(self, problem, candidate):
        judged.append(problem.problem_id)
        if problem.problem_id == 30:
            raise RuntimeError("CUDA out of memory. Tried to allocate 6.00 GiB")
        return Verdict(verdict="correct", reason="fine", speedup=2.0, speedup_mean=2.0)

    monkeypatch.setattr(Evaluator, "evaluate", evaluate)
    results = tmp_path / "ours.jsonl"
    parity.ours_worker(tmp_path, ["L1_30", "L1_50"], results, "kernelbench", device="cpu")
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert judged == [30, 50]
    assert [(r["id"], r["verdict"]) for r in rows] == [("L1_30", "judge_error"), ("L1_50", "correct")]
    assert "out of memory" in rows[0]["reason"]
    assert parity._done(results, key=parity._ours_key) == {("L1_50", 0)}  # a rerun judges L1/30 again
