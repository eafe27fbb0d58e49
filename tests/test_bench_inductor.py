"""The bench's ``inductor`` candidate (kb.bench_inductor): torch inductor's code for each problem, captured once
into the bench folder and judged like any candidate; a resumed bench compiles nothing again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autokernel.problem import Problem
from autokernel.starters.inductor import InductorSeed
from kb.bench_inductor import CAPTURES, inductor_candidates, only_captures
from kb.bench_kb import check_out, verdict_records
from kb.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELU = Problem.from_file(FIXTURES / "problems" / "relu.py")
ROW_SUM = Problem.from_file(FIXTURES / "problems" / "row_sum.py")


def _fake(calls: list):
    def make(problem, device):
        calls.append((problem.key, device))
        if problem.key == "row_sum":
            return InductorSeed(None, "no Triton kernel in inductor's output", torch_version="t")
        return InductorSeed(f"# seed of {problem.key}\n", "1 Triton kernel", torch_version="t")

    return make


def test_captures_are_kept_per_problem_and_torch_and_read_back(tmp_path, monkeypatch):
    import torch

    calls: list = []
    got = inductor_candidates([RELU, ROW_SUM], "cuda:1", tmp_path, make_seed=_fake(calls), echo=lambda _: None)
    assert sorted(calls) == [("relu", "cuda"), ("row_sum", "cuda")]  # any GPU of the machine: one capture
    assert got["relu"].source == "# seed of relu\n" and "made standalone" in got["relu"].label
    assert got["row_sum"].source is None and "no Triton kernel" in got["row_sum"].label
    assert only_captures(tmp_path) and check_out(tmp_path) is None  # a bench stopped after capturing resumes

    calls.clear()  # resumed: nothing captured again, the same candidates
    assert inductor_candidates([RELU, ROW_SUM], "cuda", tmp_path, make_seed=_fake(calls), echo=print) == got
    assert calls == []
    # another device kind or another torch writes other code: captured again
    inductor_candidates([RELU], "cpu", tmp_path, make_seed=_fake(calls), echo=lambda _: None)
    monkeypatch.setattr(torch, "__version__", "0.0-other")
    inductor_candidates([RELU], "cpu", tmp_path, make_seed=_fake(calls), echo=lambda _: None)
    assert calls == [("relu", "cpu"), ("relu", "cpu")]


def test_an_invocation_that_judges_nothing_captures_nothing(tmp_path):
    calls: list = []
    got = inductor_candidates([RELU], "cuda", tmp_path, capture_ok=False, make_seed=_fake(calls))
    assert calls == [] and got["relu"].source is None and "not captured" in got["relu"].label
    assert not (tmp_path / CAPTURES).exists()


def test_only_our_captures_make_a_folder_ours(tmp_path):
    (tmp_path / CAPTURES).mkdir()
    (tmp_path / CAPTURES / "relu_876dc7a5d7465b51.json").write_text("{}")
    assert only_captures(tmp_path)
    (tmp_path / CAPTURES / "notes.txt").write_text("mine")
    assert not only_captures(tmp_path)
    with pytest.raises(ValueError, match="not a bench folder"):
        check_out(tmp_path)


def test_a_cpu_bench_judges_inductors_code_beside_the_starter_and_resumes_without_compiling(tmp_path, capsys):
    out = tmp_path / "bench"
    args = ["bench", "--problems", str(FIXTURES / "problems" / "relu.py"), "--candidates", "inductor", "starter",
            "--protocol", "kernelbench", "--out", str(out), "--device", "cpu", "--trials", "2", "--perf-trials", "3",
            "--no-progress"]
    assert main(args) == 0
    assert "inductor: capturing 1 problem(s)" in capsys.readouterr().out
    records = {r["candidates"]: r for r in verdict_records(out / "kernelbench")}
    assert set(records) == {"inductor", "starter"}
    assert records["inductor"]["verdict"] == "correct", records["inductor"]
    (capture,) = (out / CAPTURES).iterdir()
    assert json.loads(capture.read_text())["source"].count("class ModelNew") == 1

    assert main(args) == 0  # resumed: the kept capture, the ledger's verdicts
    printed = capsys.readouterr().out
    assert "capturing" not in printed
    assert len(verdict_records(out / "kernelbench")) == 2


def test_a_variant_is_captured_with_its_settings_and_kept_beside_the_seed(tmp_path):
    """``inductor:SLUG``: the seed under one of inductor's settings (the search's moves on it), judged beside it."""
    from autokernel.starters.inductor import variant_named
    from kb.bench_inductor import variant_of
    from kb.bench_kb import check_spec, pair_jobs

    calls: list = []

    def make(problem, device, options=None):
        calls.append((problem.key, device, tuple(options or ())))
        return InductorSeed(f"# {problem.key} {sorted(options or {})}\n", "1 Triton kernel", torch_version="t")

    variant = variant_of("inductor:channels-last-convolutions")
    assert variant == variant_named("channels-last-convolutions") and variant_of("inductor") is None
    seed = inductor_candidates([RELU], "cuda", tmp_path, make_seed=make, echo=lambda _: None)
    got = inductor_candidates([RELU], "cuda", tmp_path, make_seed=make, variant=variant, echo=lambda _: None)
    assert calls == [("relu", "cuda", ()), ("relu", "cuda", ("force_layout_optimization",))]
    assert got["relu"].source == "# relu ['force_layout_optimization']\n" != seed["relu"].source
    assert "with channels-last convolutions (force_layout_optimization=True), made standalone" in got["relu"].label
    assert sorted(f.name for f in (tmp_path / CAPTURES).iterdir()) == [
        f"relu_{RELU.digest}.channels-last-convolutions.json", f"relu_{RELU.digest}.json"]
    assert only_captures(tmp_path)
    calls.clear()  # resumed: both kept
    assert inductor_candidates([RELU], "cuda", tmp_path, make_seed=make, variant=variant, echo=print) == got
    assert calls == []

    jobs, skipped = pair_jobs([(RELU, "inductor"), (RELU, "inductor:channels-last-convolutions")],
                              {("relu", "inductor"): seed["relu"],
                               ("relu", "inductor:channels-last-convolutions"): got["relu"]})
    assert [j.candidate.source for j in jobs] == [seed["relu"].source, got["relu"].source] and not skipped
    # a variant that made the seed's code (past the docstring naming its setting) is not judged again
    same = type(got["relu"])('"""other settings"""\n' + seed["relu"].source, got["relu"].label)
    jobs, skipped = pair_jobs([(RELU, "inductor"), (RELU, "inductor:channels-last-convolutions")],
                              {("relu", "inductor"): type(same)('"""seed"""\n' + seed["relu"].source, "seed"),
                               ("relu", "inductor:channels-last-convolutions"): same})
    assert len(jobs) == 1 and [s.why for s in skipped] == [
        "inductor wrote the seed's code under this setting (judged as `inductor`)"]
    check_spec("inductor:unsplit-reductions")
    with pytest.raises(ValueError, match="no inductor variant 'fastest'.*channels-last-convolutions"):
        check_spec("inductor:fastest")


def test_no_capture_starts_as_the_bench_stops_and_none_is_kept(tmp_path):
    """--stop-after bounds the captures too (they run before the judging): a problem left gets the reason, and its
    capture is made by the next invocation."""
    calls: list = []
    found = inductor_candidates([RELU], "cuda", tmp_path, make_seed=_fake(calls), echo=lambda _: None,
                                time_left=lambda: 5.0)
    assert calls == [] and found["relu"].source is None and "--stop-after" in found["relu"].label
    assert not list((tmp_path / CAPTURES).glob("*.json"))
    found = inductor_candidates([RELU], "cuda", tmp_path, make_seed=_fake(calls), echo=lambda _: None,
                                time_left=lambda: 300.0)
    assert calls == [("relu", "cuda")] and found["relu"].source == "# seed of relu\n"

    def timed_out(problem, device):  # a capture cut by its limit (the stop's, or its own) is the machine's
        calls.append("timed out")
        return InductorSeed(None, "inductor took more than 25 s", torch_version="t")

    found = inductor_candidates([ROW_SUM], "cuda", tmp_path, make_seed=timed_out, echo=lambda _: None)
    assert found["row_sum"].source is None and "took more than 25 s" in found["row_sum"].label
    assert not list((tmp_path / CAPTURES).glob("row_sum*.json"))  # not kept: captured again next time


def test_the_bench_counts_its_stop_from_before_the_captures(tmp_path, monkeypatch):
    import kb.bench_kb as bench_kb

    now = [1000.0]
    monkeypatch.setattr(bench_kb, "_clock", lambda: now[0])
    seen = []

    def captures(problems, device, out, **kw):
        seen.append(kw["time_left"]())
        now[0] += 50.0  # the captures took 50 s of the invocation
        return {p.key: bench_kb.InductorCandidate(None, "no seed") for p in problems}

    monkeypatch.setattr(bench_kb, "inductor_candidates", captures)
    config = bench_kb.BenchConfig(out=tmp_path / "bench", device="cpu", stop_after_s=40, protocols=("kernelbench",),
                                  progress=False)
    result = bench_kb.judge_pairs([(RELU, "inductor"), (RELU, "starter")], config, echo=lambda _: None)
    assert seen == [40.0]
    (outcome,) = result.outcomes
    assert outcome.judged == 0 and outcome.left == 1  # past the stop when the judging began: the starter waits
