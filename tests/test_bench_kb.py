"""`autokernel-kb bench` (kb/bench_kb.py): another system's generations folder judged under both protocols, the
best correct sample per problem, the leaderboard pages, resume; the (problem, candidate) pairs mode."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from kb.bench_kb import (
    BENCH_INFO,
    BenchConfig,
    candidate_path,
    candidate_source,
    check_out,
    parse_pairs,
    preset_source,
    scan_generations,
    summarise_repeats,
    verdict_records,
)
from kb.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LEVEL = {1: ("1_ReLU", "relu"), 2: ("2_ScaleAdd", "scale_add"), 3: ("3_RowSum", "row_sum")}


def _dataset(root: Path) -> Path:
    """A KernelBench-format dataset folder whose level 1 is three of the test problems."""
    import pandas as pd

    (root / "data").mkdir(parents=True)
    rows = [{"code": (FIXTURES / "problems" / f"{stem}.py").read_text(), "level": 1, "name": name, "problem_id": pid}
            for pid, (name, stem) in LEVEL.items()]  # fmt: skip
    pd.DataFrame(rows).to_parquet(root / "data" / "level_1-00000-of-00001.parquet")
    return root


def _generations(root: Path) -> Path:
    """Samples as another agent leaves them: for ReLU a broken one, an honest one and an honest variant; for
    ScaleAdd only a cheat (pure PyTorch); for RowSum nothing; and files that do not fit the layout."""
    root.mkdir()
    honest = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    variant = honest.replace("# honest:", "# honest (another sample):")
    (root / "level_1_problem_1_sample_0_kernel.py").write_text("class ModelNew(:\n    pass\n")
    (root / "level_1_problem_1_sample_1_kernel.py").write_text(honest)
    (root / "level_1_problem_1_sample_2_kernel.py").write_text(variant)
    (root / "level_1_problem_2_sample_0_kernel.py").write_text((FIXTURES / "rogues" / "h08_pure_torch.py").read_text())
    (root / "level_1_problem_9_sample_0_kernel.py").write_text(honest)  # the level has no problem 9
    (root / "level_1_problem_1_kernel.py").write_text(honest)  # no sample number
    (root / "generation_config.yaml").write_text("model: someone's agent\n")
    return root


def _backends_made(monkeypatch) -> list[tuple]:
    """(workers per device, sharers, pool type) of every local backend the bench starts, in order."""
    import autokernel.search.backend as backend

    made, real_init = [], backend.LocalBackend.__init__

    def init(self, config, **kw):
        real_init(self, config, **kw)
        made.append((kw.get("workers_per_device"), kw.get("sharers"), type(self._pool).__name__))

    monkeypatch.setattr(backend.LocalBackend, "__init__", init)
    return made


def _rows(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines() if line.strip()]


def test_generations_folder_judged_under_both_protocols_and_resumed(tmp_path, capsys):
    dataset, gens, out = _dataset(tmp_path / "kb"), _generations(tmp_path / "gens"), tmp_path / "bench"
    argv = ["bench", "--generations", str(gens), "--level", "1", "--out", str(out), "--dataset", str(dataset),
            "--device", "cpu", "--trials", "2", "--timeout", "120", "--no-progress",
            "--no-timing"]  # timing on a loaded 2-core machine makes the interpreter's replay check flaky
    assert main(argv) == 0
    printed = capsys.readouterr().out
    for name, why in (("level_1_problem_9_sample_0_kernel.py", "level 1 has no problem 9"),
                      ("level_1_problem_1_kernel.py", "name is not level_{L}_problem_{N}_sample_{S}_kernel.py"),
                      ("generation_config.yaml", "name is not")):  # fmt: skip
        assert f"{name}: {why}" in printed
    # without a progress bar each verdict is a line (a log on a GPU machine shows how far a call got)
    assert re.search(r"kernelbench: L1/\d+ (correct|incorrect|rejected|compile_error|runtime_error)\S* in \d+ s "
                     r"\(1/\d+\)", printed), printed[-2000:]
    skipped = json.loads((out / BENCH_INFO).read_text())["invocations"][0]["skipped"]
    assert sorted(s[0] for s in skipped) == ["generation_config.yaml", "level_1_problem_1_kernel.py",
                                             "level_1_problem_9_sample_0_kernel.py"]
    for protocol in ("kernelbench", "strict"):
        run = out / protocol
        rows = _rows(run)
        assert {r["verdict"]["protocol"] for r in rows} == {protocol}
        verdicts = {r["idea"]: r["verdict"]["verdict"] for r in rows}
        assert verdicts == {"level_1_problem_1_sample_0_kernel.py": "compile_error",
                            "level_1_problem_1_sample_1_kernel.py": "correct",
                            "level_1_problem_1_sample_2_kernel.py": "correct",
                            "level_1_problem_2_sample_0_kernel.py": "rejected"}, [  # fmt: skip
            r["verdict"]["reason"] for r in rows]
        # the problem is scored by a correct sample, never the broken one, and best.py is that sample
        correct = {r["candidate_digest"]: r for r in rows if r["verdict"]["verdict"] == "correct"}
        table = (out / "leaderboard" / protocol / "cpu-triton-interpreter" / "problems.csv")
        import pandas as pd

        csv = pd.read_csv(table)
        assert csv["problem_id"].tolist() == [1, 2]  # RowSum has no sample: no row, counted as failed
        relu = csv[csv["problem_id"] == 1].iloc[0]
        assert relu["verdict"] == "correct"
        chosen = correct[Path(relu["kernel_path"]).stem]
        assert Path(relu["kernel_path"]).read_text() == (gens / chosen["idea"]).read_text()
        assert csv[csv["problem_id"] == 2].iloc[0]["verdict"] == "rejected"
        best = (run / "problems" / "L1_1_1_ReLU" / "best.py").read_text()
        assert best == (gens / chosen["idea"]).read_text()
        page = (out / "leaderboard" / protocol / "cpu-triton-interpreter" / "README.md").read_text()
        assert f"| protocol | {protocol} |" in page
        assert "coverage: 2/3 problems evaluated; correct: 1" in page and "no result (1): 3" in page
        score = json.loads((table.parent / "score.json").read_text())
        level = score["levels"]["1"]
        assert (level["total_problems"], level["evaluated"], level["correct"]) == (3, 2, 1)  # the whole level
        # the run directory is an ordinary one: the leaderboard command reads it
        assert main(["leaderboard", "--run", str(run), "--out-dir", str(tmp_path / f"lb-{protocol}"),
                     "--totals", "1=3", "--environment", str(table.parent.parent / "environment.json"),
                     "--protocol", protocol]) == 0  # fmt: skip
    # both protocols side by side, KernelBench's first; one problems.csv with a row per (problem, protocol)
    index = out / "leaderboard" / "cpu-triton-interpreter"
    assert f"protocols side by side: {index / 'README.md'}" in printed
    both = pd.read_csv(index / "problems.csv")
    assert list(zip(both["problem_id"], both["protocol"], strict=True)) == [
        (1, "kernelbench"), (1, "strict"), (2, "kernelbench"), (2, "strict")]
    text = (index / "README.md").read_text()
    assert "| metric | kernelbench | strict |" in text and "| correct | 1/3 | 1/3 |" in text
    assert "[kernelbench](../kernelbench/cpu-triton-interpreter/README.md)" in text
    info = json.loads((out / BENCH_INFO).read_text())["invocations"][0]
    assert [o["judged"] for o in info["outcomes"]] == [4, 4]
    assert all(o["judged_per_device_hour"] > 0 for o in info["outcomes"])
    assert "judged per device-hour" in printed
    capsys.readouterr()

    # a second invocation judges nothing again
    before = {p: len(_rows(out / p)) for p in ("kernelbench", "strict")}
    assert main(argv) == 0
    assert {p: len(_rows(out / p)) for p in ("kernelbench", "strict")} == before
    again = json.loads((out / BENCH_INFO).read_text())["invocations"][-1]["outcomes"]
    assert [(o["judged"], o["reused"]) for o in again] == [(0, 4), (0, 4)]
    run_json = json.loads((out / "kernelbench" / "run.json").read_text())
    assert [inv["candidates_evaluated"] for inv in run_json["invocations"]] == [4, 0]


def test_flags_are_checked_before_anything_is_written(tmp_path, capsys):
    gens = _generations(tmp_path / "gens")
    stranger = tmp_path / "notes"
    stranger.mkdir()
    (stranger / "todo.txt").write_text("mine")
    assert main(["bench", "--generations", str(gens), "--level", "1", "--out", str(stranger), "--device", "cpu"]) == 2
    assert "not a bench folder" in capsys.readouterr().err
    assert sorted(p.name for p in stranger.iterdir()) == ["todo.txt"]
    out = tmp_path / "new"
    for argv, message in (
        (["--generations", str(gens)], "--generations needs --level"),
        (["--generations", str(tmp_path / "none"), "--level", "1"], "no such folder"),
        (["--generations", str(gens), "--level", "1", "--protocol", "both", "--baseline-precision", "fp32"],
         "--baseline-precision applies to --protocol strict only"),
        (["--generations", str(gens), "--level", "1", "--repeat", "0"], "at least 1"),
        (["--generations", str(gens), "--level", "1", "--shard", "3/2"], "shard 3/2"),
        (["--candidates", "nothing.py", "--problems", "L1/1"], "no such file"),
        (["--candidates", "starter"], "--candidates needs --problems"),
    ):
        assert main(["bench", *argv, "--out", str(out), "--device", "cpu"]) == 2
        assert message in capsys.readouterr().err
        assert not out.exists()


def test_scan_reports_every_file_that_is_not_judged(tmp_path):
    from autokernel.problem import Problem

    src = (FIXTURES / "problems" / "relu.py").read_text()
    problems = [Problem.from_source(src, name=f"{i}_ReLU", level=1, problem_id=i) for i in (1, 2, 10)]
    root = tmp_path / "gens"
    root.mkdir()
    for name in ("level_1_problem_10_sample_0_kernel.py", "level_1_problem_2_sample_3_kernel.py",
                 "level_2_problem_1_sample_0_kernel.py", "level_1_problem_1_sample_0_kernel.py",
                 "level_1_problem_x_sample_0_kernel.py", "level_1_problem_1_sample_1_kernel.py.bak",
                 "level_1_problem_01_sample_0_kernel.py"):
        (root / name).write_text("x = 1\n")
    (root / "level_1_problem_1_sample_1_kernel.py").write_bytes(b"\xff\xfe not utf-8")
    (root / "sub").mkdir()
    samples, skipped = scan_generations(root, problems, levels=[1], ids=[1, 10])
    assert [(s.problem_id, s.sample_id) for s in samples] == [(1, 0), (10, 0)]
    why = {s.what: s.why for s in skipped}
    assert why["level_1_problem_2_sample_3_kernel.py"] == "problem 2 is not selected"
    assert why["level_2_problem_1_sample_0_kernel.py"].startswith("level 2 is not judged here")
    assert why["level_1_problem_x_sample_0_kernel.py"].startswith("name is not")
    assert why["level_1_problem_1_sample_1_kernel.py.bak"].startswith("name is not")
    assert why["level_1_problem_01_sample_0_kernel.py"].startswith("name is not")
    assert why["level_1_problem_1_sample_1_kernel.py"].startswith("unreadable: UnicodeDecodeError")
    assert why["sub"] == "not a file"
    with pytest.raises(ValueError, match="no such folder"):
        scan_generations(tmp_path / "missing", problems, levels=[1])


def test_out_must_be_new_empty_or_a_bench_folder(tmp_path):
    check_out(tmp_path / "new")
    check_out(tmp_path)  # empty
    (tmp_path / BENCH_INFO).write_text("{}")
    check_out(tmp_path)
    (tmp_path / "results.jsonl").write_text("")
    check_out(tmp_path)  # a bench folder with more in it
    other = tmp_path / "run"
    other.mkdir()
    (other / "results.jsonl").write_text("")
    with pytest.raises(ValueError, match="not a bench folder"):
        check_out(other)
    with pytest.raises(ValueError, match="unknown protocol"):
        BenchConfig(out=tmp_path, protocols=("kernelbench", "lenient"))


def test_pairs_file_and_candidate_specs(tmp_path):
    from autokernel.problem import Problem
    from autokernel.starters import generate_starter

    assert parse_pairs("# header\nL1/19 kernels/relu.py  # a kernel\n\nL2/1-10 starter\n") == [
        ("L1/19", "kernels/relu.py"), ("L2/1-10", "starter")]
    with pytest.raises(ValueError, match="pairs line 2"):
        parse_pairs("L1/1 starter\nL1/2\n")
    src = "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
    src += "def get_inputs():\n    return [torch.rand(2)]\ndef get_init_inputs():\n    return []\n"
    p = Problem.from_source(src, name="47_Sum", level=1, problem_id=47)
    folder = tmp_path / "problems" / "L1_47_47_Sum"
    folder.mkdir(parents=True)
    (folder / "best.py").write_text("# best")
    assert candidate_source(f"run:{tmp_path}", p) == ("# best", str(folder / "best.py"))
    other = Problem.from_source(src, name="4_Other", level=1, problem_id=4)  # L1_47_* must not match problem 4
    assert candidate_path(f"run:{tmp_path}", other) is None and candidate_source(f"run:{tmp_path}", other) is None
    kernels = tmp_path / "kernels"  # a leaderboard's kernels/ folder names them L<level>_<id>.py
    kernels.mkdir()
    (kernels / "L1_47.py").write_text("# leaderboard kernel")
    assert candidate_source(f"dir:{kernels}", p) == ("# leaderboard kernel", str(kernels / "L1_47.py"))
    assert candidate_source(f"dir:{kernels}", other) is None
    assert "class ModelNew" in candidate_source("wrap", p)[0]
    assert candidate_source("starter", p)[0] == generate_starter(p).source


def test_preset_candidates_are_the_starter_with_that_preset():
    from autokernel.problem import Problem
    from autokernel.starters import generate_starter

    conv = "import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    conv += "        self.c = torch.nn.Conv2d(3, 8, 3)\n    def forward(self, x):\n        return self.c(x)\n"
    conv += "def get_inputs():\n    return [torch.rand(2, 3, 10, 10)]\ndef get_init_inputs():\n    return []\n"
    p = Problem.from_source(conv, name="63_conv", level=1, problem_id=63)
    presets = generate_starter(p).presets
    first = next(iter(presets))
    name, source = preset_source("preset:1", p)
    assert name == first
    assert source == generate_starter(p, tunables=presets[first]).source != generate_starter(p).source
    assert preset_source(f"preset:{first}", p) == (name, source)
    assert candidate_source(f"preset:{first}", p) == (source, f"preset:{first}")
    assert preset_source(f"preset:{len(presets) + 1}", p) is None
    assert preset_source("preset:no such preset", p) is None


def test_repeat_figures_are_the_spread_of_the_medians():
    def rec(median_ms, wall_s, verdict="correct"):
        return {"verdict": verdict, "kernel": {"median_ms": median_ms, "mean_ms": median_ms * 1.01}, "wall_s": wall_s}

    row = summarise_repeats([rec(3.40, 31.0), rec(3.45, 9.0), rec(3.42, 8.0), rec(0, 7.5, verdict="incorrect")])
    assert row["repeats"] == 4 and row["correct"] == 3
    assert row["spread_pct"] == pytest.approx(100 * 0.05 / 3.42, abs=0.01)
    assert row["mean_spread_pct"] == pytest.approx(100 * 0.05 / 3.42, abs=0.01)
    assert row["median_wall_s"] == pytest.approx((9.0 + 8.0) / 2)
    assert summarise_repeats([{"verdict": "incorrect", "wall_s": 2.0}])["spread_pct"] is None


def test_pairs_judged_and_read_back_as_flat_records(tmp_path, capsys):

    out = tmp_path / "bench"
    honest = str(FIXTURES / "honest" / "relu_constexpr.py")
    assert main(["bench", "--problems", str(FIXTURES / "problems" / "relu.py"), "--candidates", honest, "wrap",
                 "--protocol", "strict", "--out", str(out), "--device", "cpu", "--no-timing", "--trials", "2",
                 "--no-progress"]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert "strict: no leaderboard page (no KernelBench level among the problems)" in printed
    records = {r["candidates"]: r for r in verdict_records(out / "strict")}
    assert records[honest]["verdict"] == "correct" and records["wrap"]["verdict"] == "rejected"
    assert {r["problem"] for r in records.values()} == {"relu"} and not (out / "kernelbench").exists()


def test_protocols_share_the_workers_when_there_are_enough(tmp_path):
    def shares(**kw):
        return BenchConfig(out=tmp_path / "x", **kw).shares()

    assert shares(device="cpu", workers_per_device=6) == [3, 3]
    assert shares(device="cpu", workers_per_device=5) == [3, 2]
    assert shares(device="cpu", workers_per_device=1) is None  # one worker: nothing to share
    assert shares(device="cpu", workers_per_device=4, protocols=("strict",)) is None
    assert shares(device="cpu", workers_per_device=6, protocols_at_once=False) is None


def test_protocols_judged_at_once_record_what_in_turn_would(tmp_path, capsys, monkeypatch):
    """Two worker processes, one per protocol, each knowing the device has two evaluators (its candidates' memory
    share): every verdict lands in its protocol's run directory, and a rerun in turn finds them all."""
    made = _backends_made(monkeypatch)
    out = tmp_path / "bench"
    honest = str(FIXTURES / "honest" / "relu_constexpr.py")
    args = ["bench", "--problems", str(FIXTURES / "problems" / "relu.py"), "--candidates", honest, "wrap",
            "--protocol", "both", "--out", str(out), "--device", "cpu", "--no-timing", "--trials", "1",
            "--no-progress", "--workers-per-device", "2"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "judging the protocols at once, workers per device: kernelbench 1, strict 1" in printed
    assert made == [(1, 2, "_ProcessPool")] * 2
    for protocol in ("kernelbench", "strict"):
        rows = {r["candidates"]: r for r in verdict_records(out / protocol)}
        assert {k: r["verdict"] for k, r in rows.items()} == {honest: "correct", "wrap": "rejected"}
        assert {r["protocol"] for r in rows.values()} == {protocol}
    info = json.loads((out / BENCH_INFO).read_text())["invocations"]
    assert info[0]["protocols_at_once"] is True and [o["judged"] for o in info[0]["outcomes"]] == [2, 2]
    assert info[0]["judged_per_device_hour"] > 0
    assert main([*args, "--protocols-in-turn"]) == 0
    assert "at once" not in capsys.readouterr().out
    info = json.loads((out / BENCH_INFO).read_text())["invocations"]
    assert info[1]["protocols_at_once"] is False
    assert [(o["judged"], o["reused"]) for o in info[1]["outcomes"]] == [(0, 2), (0, 2)]


def test_stop_after_leaves_the_rest_for_a_rerun(tmp_path, capsys, monkeypatch):
    """No candidate starts after --stop-after; the ones left are judged by the rerun, nothing twice."""
    import kb.bench_kb as bench

    clock = {"t": 1000.0}
    monkeypatch.setattr(bench, "_clock", lambda: clock["t"])  # the judge keeps the real clock
    import autokernel.search.backend as backend

    real_submit = backend.LocalBackend.submit

    def submit(self, problem, candidate):  # every judged candidate takes 10 s of the (fake) clock
        clock["t"] += 10.0
        fut = real_submit(self, problem, candidate)
        until = time.monotonic() + 30
        while clock["t"] == 1010.0 and not self._pool._queue.empty() and time.monotonic() < until:
            time.sleep(0.01)  # the first candidate is taken by the worker before the next is queued
        return fut

    monkeypatch.setattr(backend.LocalBackend, "submit", submit)
    out = tmp_path / "bench"
    honest = FIXTURES / "honest" / "relu_constexpr.py"
    specs = []
    for i in range(3):  # three distinct candidates (a comment apart)
        f = tmp_path / f"k{i}.py"
        f.write_text(honest.read_text() + f"\n# variant {i}\n")
        specs.append(str(f))
    args = ["bench", "--problems", str(FIXTURES / "problems" / "relu.py"), "--candidates", *specs,
            "--protocol", "strict", "--out", str(out), "--device", "cpu", "--no-timing", "--trials", "1",
            "--no-progress"]
    # the first candidate is submitted at 1000 s, the second at 1010 s; the deadline (1015 s) passes while the
    # one worker judges the first, so the second, queued but not started, is taken back with the third
    assert main([*args, "--stop-after", "15"]) == 0
    printed = capsys.readouterr().out
    assert "left by --stop-after 2" in printed
    assert len(_rows(out / "strict")) == 1
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "judged 2, recorded before 1" in printed and len(_rows(out / "strict")) == 3
    info = json.loads((out / BENCH_INFO).read_text())
    assert [o["left_by_stop_after"] for inv in info["invocations"] for o in inv["outcomes"]] == [2, 0]
    with pytest.raises(ValueError, match="--stop-after must be positive"):
        BenchConfig(out=tmp_path / "x", stop_after_s=0)


def test_repeats_give_each_problem_its_spread_and_retime_the_baselines(tmp_path, capsys, monkeypatch):
    """With --repeat 2 the page's rows carry the repeat spread of their speedups (which decides ties), and the
    second repeat times eager and torch.compile again (a baseline cache folder of its own)."""
    import pandas as pd

    cache = tmp_path / "cache"
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(cache))
    dataset, out = _dataset(tmp_path / "kb"), tmp_path / "bench"
    honest = str(FIXTURES / "honest" / "relu_constexpr.py")
    assert main(["bench", "--level", "1", "--problems", "1", "--candidates", honest, "--protocol", "strict",
                 "--repeat", "2", "--out", str(out), "--dataset", str(dataset), "--device", "cpu", "--trials", "1",
                 "--perf-trials", "5", "--no-progress"]) == 0  # fmt: skip
    csv = pd.read_csv(out / "leaderboard" / "strict" / "cpu-triton-interpreter" / "problems.csv")
    row = csv[csv["problem_id"] == 1].iloc[0]
    assert row["verdict"] == "correct" and row["spread_pct"] >= 0
    page = (out / "leaderboard" / "strict" / "cpu-triton-interpreter" / "README.md").read_text()
    assert "ties (within the problem's repeat spread)" in page and "without a measured spread" not in page
    config = BenchConfig(out=out, repeat=2)
    assert config.eval_config("strict", 1).cache_dir is None
    assert config.eval_config("strict", 2).cache_dir == str(cache / "repeat-2")
    # facts no timing depends on (memory peaks, degeneracy, the baseline rule) are shared: the first run's folder
    assert config.eval_config("strict", 1).facts_dir is None
    assert config.eval_config("strict", 2).facts_dir == str(cache)


def test_repeat_within_judges_again_only_the_close_calls(tmp_path, capsys, monkeypatch):
    """--repeat-within F: repeat 2 judges only candidates whose first verdict is correct with a speedup within F of
    1x; an incorrect one, or one far from 1x, keeps its one verdict."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    dataset = _dataset(tmp_path / "kb")
    kernels = tmp_path / "kernels"
    kernels.mkdir()
    relu = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    (kernels / "L1_1.py").write_text(relu)
    (kernels / "L1_2.py").write_text(relu)  # a ReLU for a scale-and-add problem: fails
    runs = {}
    for name, within in (("wide", "1e9"), ("narrow", "1.0001")):
        out = tmp_path / name
        assert main(["bench", "--level", "1", "--problems", "1,2", "--candidates", f"dir:{kernels}", "--protocol",
                     "strict", "--repeat", "2", "--repeat-within", within, "--out", str(out), "--dataset",
                     str(dataset), "--device", "cpu", "--trials", "1", "--perf-trials", "3", "--no-progress"]) == 0
        runs[name] = (out, capsys.readouterr().out)
    first = {r["problem"]: r["verdict"] for r in _rows(runs["wide"][0] / "strict")}
    assert first["L1/1"]["verdict"] == "correct" and first["L1/2"]["verdict"] != "correct"
    again = {r["problem"] for r in _rows(runs["wide"][0] / "repeats" / "2" / "strict")}
    assert again == {"L1/1"}  # the failed one is not repeated
    assert "not repeated (no close call) 1" in runs["wide"][1]
    # the band is recorded with the repeat, and scoring reads it: kernels it left out are decided by their speedup
    from kb.runs import run_table

    repeat_dir = runs["wide"][0] / "repeats" / "2" / "strict"
    assert json.loads((repeat_dir / "run.json").read_text())["invocations"][-1]["repeat_within"] == 1e9
    table = run_table(runs["wide"][0] / "strict", protocol="strict", repeats=[repeat_dir])
    assert set(table["repeat_band"]) == {1e9}
    narrow = {r["problem"]: r["verdict"] for r in _rows(runs["narrow"][0] / "strict")}
    close = any(s and 1 / 1.0001 < s < 1.0001 for s in (narrow["L1/1"].get("speedup"),
                                                         narrow["L1/1"].get("speedup_vs_compile")))
    repeated = runs["narrow"][0] / "repeats" / "2" / "strict" / "results.jsonl"
    assert (repeated.is_file() and len(_rows(repeated.parent)) == 1) is close
    info = json.loads((runs["narrow"][0] / BENCH_INFO).read_text())
    assert info["invocations"][-1]["outcomes"][0]["not_repeated"] == (1 if close else 2)
    with pytest.raises(ValueError, match="a factor above 1"):
        BenchConfig(out=tmp_path / "x", repeat=2, repeat_within=0.5)


def test_an_evaluation_still_waiting_for_heavy_slots_at_the_deadline_is_left_for_a_rerun(tmp_path, capsys,
                                                                                            monkeypatch):
    """Past --stop-after the queue is dropped, and a worker's evaluation still waiting for its heavy slots gives up
    (`GaveUp`): left for the rerun like the queued ones, not a harness error, nothing recorded."""
    from concurrent.futures import Future

    import autokernel.search.choice as choice
    import kb.bench_kb as bench
    from autokernel.evaluate.gate import GaveUp

    clock = {"t": 1000.0}
    monkeypatch.setattr(bench, "_clock", lambda: clock["t"])

    class Waiting:  # one worker: its evaluation waits for heavy slots until the queue is dropped
        workers, devices = 1, ["cpu"]

        def __init__(self):
            self.futures = []

        def submit(self, problem, candidate):
            fut = Future()
            if not self.futures:
                fut.set_running_or_notify_cancel()  # the worker took it
            self.futures.append(fut)
            clock["t"] += 10.0
            return fut

        def drop_queued(self):
            for i, fut in enumerate(self.futures):
                if i == 0:
                    fut.set_exception(GaveUp("the wait for heavy slots was given up"))
                elif fut.cancel():
                    fut.set_running_or_notify_cancel()

        def close(self):
            pass

    monkeypatch.setattr(choice, "make_backend", lambda *a, **k: Waiting())
    out = tmp_path / "bench"
    honest = FIXTURES / "honest" / "relu_constexpr.py"
    specs = []
    for i in range(3):
        f = tmp_path / f"k{i}.py"
        f.write_text(honest.read_text() + f"\n# variant {i}\n")
        specs.append(str(f))
    assert main(["bench", "--problems", str(FIXTURES / "problems" / "relu.py"), "--candidates", *specs,
                 "--protocol", "strict", "--out", str(out), "--device", "cpu", "--no-timing", "--trials", "1",
                 "--no-progress", "--stop-after", "15"]) == 0
    printed = capsys.readouterr().out
    assert "harness errors 0, left by --stop-after 3" in printed, printed
    assert not (out / "strict" / "results.jsonl").exists()  # nothing recorded


def test_a_repeat_alternates_heavy_and_light_jobs_by_their_first_verdicts_peak():
    """Repeats are ordered heaviest, lightest, next heaviest ... by the judge's peak in the first verdict, so the
    workers waiting for heavy slots are never all of them; jobs without a first verdict come last, in order."""
    from types import SimpleNamespace

    from kb.bench_kb import _heavy_between_light

    peaks = {"a": 100.0, "b": 5.0, "c": 80.0, "d": 1.0, "e": 50.0, "f": None}

    class First:
        def lookup(self, problem, candidate):
            if problem == "new":
                return None
            return SimpleNamespace(verdict=SimpleNamespace(judge_peak_memory_mb=peaks[problem]))

    jobs = [SimpleNamespace(problem=p, candidate=None) for p in ("b", "new", "a", "d", "f", "c", "e")]
    order = [j.problem for j in _heavy_between_light(jobs, First())]
    assert order == ["a", "d", "c", "b", "e", "new", "f"]
    assert sorted(order) == sorted(j.problem for j in jobs)


def test_later_repeats_share_a_protocols_workers_when_there_are_enough(tmp_path):
    from dataclasses import replace as _replace

    from kb.bench_kb import _repeat_shares

    base = BenchConfig(out=tmp_path / "x", device="cpu", workers_per_device=5)
    assert _repeat_shares(base, [4, 4]) == [3, 2]
    assert _repeat_shares(base, [3]) is None  # one later repeat: nothing to share
    assert _repeat_shares(_replace(base, workers_per_device=1), [2, 2]) is None
    assert _repeat_shares(_replace(base, protocols_at_once=False), [2, 2]) is None
    # by what each has left (the H200's level 1: repeat 2 with 1 close call, repeat 3 with 32, on 3 workers)
    assert _repeat_shares(_replace(base, workers_per_device=3), [1, 32]) == [1, 2]
    assert _repeat_shares(_replace(base, workers_per_device=6), [1, 32]) == [1, 5]
    assert _repeat_shares(base, [0, 7, 7]) == [0, 3, 2]  # nothing left: no worker
    assert _repeat_shares(base, [0, 7]) is None  # one repeat with work: it gets them all, in turn
    assert _repeat_shares(_replace(base, workers_per_device=2), [5, 1, 1]) is None  # fewer workers than repeats
    for w in range(2, 9):
        for pending in ([1, 1], [3, 10], [0, 2, 9], [5, 5, 5]):
            split = _repeat_shares(_replace(base, workers_per_device=w), pending)
            assert split is None or (sum(split) == w and all((n > 0) == (k > 0) for n, k in zip(pending, split)))


def test_later_repeats_judged_at_once_record_each_in_its_own_run(tmp_path, capsys, monkeypatch):
    """Repeats 2 and 3 side by side, a worker process each, both told the device has two evaluators: each repeat's
    verdicts land in its run directory, the bench counts them all, and a rerun judges nothing again."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    made = _backends_made(monkeypatch)
    out = tmp_path / "bench"
    honest = str(FIXTURES / "honest" / "relu_constexpr.py")
    args = ["bench", "--problems", str(FIXTURES / "problems" / "relu.py"), "--candidates", honest, "--protocol",
            "strict", "--repeat", "3", "--out", str(out), "--device", "cpu", "--no-timing", "--trials", "1",
            "--no-progress", "--workers-per-device", "2"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "strict: judging repeats 2, 3 at once, workers per device: repeat 2 1, repeat 3 1" in printed
    assert made[1:] == [(1, 2, "_ProcessPool")] * 2  # (the first repeat: both workers)
    for r in (2, 3):
        rows = verdict_records(out / "repeats" / str(r) / "strict")
        assert [row["verdict"] for row in rows] == ["correct"]
    info = json.loads((out / BENCH_INFO).read_text())["invocations"]
    assert [o["judged"] for o in info[0]["outcomes"]] == [3]
    assert main(args) == 0
    info = json.loads((out / BENCH_INFO).read_text())["invocations"]
    assert [(o["judged"], o["reused"]) for o in info[1]["outcomes"]] == [(0, 3)]


def test_only_our_generators_candidates_are_marked_our_own_code():
    """`Candidate.own_code` (compiles a run's processes may share): the starter, a preset and inductor's capture are
    ours; a kernel file, a folder's kernel and the rogue fixtures are not."""
    from autokernel.problem import Problem
    from kb.bench_inductor import InductorCandidate
    from kb.bench_kb import pair_jobs

    problem = Problem.from_file(Path(__file__).resolve().parents[1] / "autokernel" / "suite" / "relu_scale.py")
    inductor = {(problem.key, "inductor"): InductorCandidate("class ModelNew: pass\n", "inductor's code")}
    jobs, skipped = pair_jobs([(problem, "starter"), (problem, "copy"), (problem, "wrap"), (problem, "inductor")],
                              inductor=inductor)
    assert not skipped
    assert [(j.candidate.proposer, j.candidate.own_code) for j in jobs] == [
        ("starter", True), ("copy", False), ("wrap", False), ("inductor", True)]


def test_the_closing_report_counts_a_files_problem_solved_as_a_kernelbench_one(tmp_path):
    """A bench of a problem file reported "0/1 problems with a correct kernel" beside its correct verdicts: the count
    matched problems by (level, id), which a file's problem does not have."""
    import json

    from autokernel.problem import Problem
    from kb.bench_kb import _solved

    fixtures = Path(__file__).resolve().parent / "fixtures" / "problems"
    relu, rows_sum = Problem.from_file(fixtures / "relu.py"), Problem.from_file(fixtures / "row_sum.py")
    kb_problem = Problem.from_source((fixtures / "relu.py").read_text(), name="19_ReLU", level=1, problem_id=19)
    rows = [{"problem": "L1/19", "experiment": 1, "verdict": {"verdict": "correct", "speedup": 1.2}},
            {"problem": "relu", "experiment": 2, "verdict": {"verdict": "correct", "speedup": 0.9}},
            {"problem": "row_sum", "experiment": 3, "verdict": {"verdict": "incorrect"}},
            {"problem": "L1/20", "experiment": 4, "verdict": {"verdict": "correct", "speedup": 2.0}}]
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert _solved(tmp_path, [kb_problem, relu, rows_sum]) == 2
