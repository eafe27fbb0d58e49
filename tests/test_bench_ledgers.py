"""`autokernel-kb bench --compact-ledgers DIR` (kb/bench_ledgers.py): a bench keeps its verdicts as compact ledgers
git can hold, and a bench folder started afresh (another bare GPU machine) resumes from them without judging
again; lines of another policy are judged again, lines the bench did not touch stay, and a folder that holds
anything else is refused."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # test_bench_kb: the 3-problem dataset
from test_bench_kb import FIXTURES, _dataset, _rows  # noqa: E402

from kb.bench_kb import BENCH_INFO  # noqa: E402
from kb.bench_ledgers import check_ledger_dir, merge, write_back  # noqa: E402
from kb.cli import main  # noqa: E402
from kb.compact import Ledger, read_ledger, write_ledger  # noqa: E402

PAGE = Path("leaderboard") / "strict" / "cpu-triton-interpreter" / "problems.csv"


def _argv(setup: SimpleNamespace, out: Path, *more: str) -> list[str]:
    return ["bench", "--level", "1", "--problems", "1,2", "--candidates", f"dir:{setup.kernels}", "--protocol",
            "strict", "--repeat", "2", "--out", str(out), "--dataset", str(setup.dataset), "--device", "cpu",
            "--trials", "1", "--perf-trials", "3", "--no-progress", "--compact-ledgers", str(setup.ledgers), *more]


def _outcome(out: Path) -> dict:
    return json.loads((out / BENCH_INFO).read_text())["invocations"][-1]["outcomes"][0]


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    """Two problems judged twice under the strict protocol, the verdicts kept in a new compact-ledger folder:
    ReLU by an honest kernel (correct, timed), ScaleAdd by the same ReLU (a runtime error: one input of two)."""
    root = tmp_path_factory.mktemp("ledgers")
    kernels = root / "kernels"
    kernels.mkdir()
    relu = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    (kernels / "L1_1.py").write_text(relu)
    (kernels / "L1_2.py").write_text(relu)
    setup = SimpleNamespace(root=root, dataset=_dataset(root / "kb"), kernels=kernels, ledgers=root / "rescore",
                            out=root / "first")  # fmt: skip
    mp = pytest.MonkeyPatch()
    mp.setenv("AUTOKERNEL_KB_CACHE", str(root / "cache"))
    try:
        assert main(_argv(setup, setup.out)) == 0
    finally:
        mp.undo()
    return setup


@pytest.fixture
def setup(first, tmp_path, monkeypatch):
    """``first`` with a copy of its ledger folder of the test's own (the bench writes into it)."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(first.root / "cache"))
    ledgers = tmp_path / "rescore"
    shutil.copytree(first.ledgers, ledgers)
    return SimpleNamespace(**{**vars(first), "ledgers": ledgers})


def test_a_new_bench_folder_resumes_from_the_ledgers_and_judges_nothing(setup, tmp_path, capsys):
    import pandas as pd

    first = _outcome(setup.out)
    assert (first["judged"], first["reused"]) == (4, 0)  # 2 candidates x 2 repeats
    assert sorted(p.relative_to(setup.ledgers).as_posix() for p in setup.ledgers.rglob("*")
                  if p.is_file()) == ["strict/L1.jsonl", "strict/L1.repeat2.jsonl"]  # fmt: skip
    line = read_ledger(setup.ledgers / "strict" / "L1.jsonl").rows[0]
    assert {"problem_digest", "device", "policy_digest"} <= set(line) and line["device"] == "cpu"
    before = {p: p.read_text() for p in setup.ledgers.rglob("*.jsonl")}

    again = tmp_path / "again"  # a bench folder started afresh, as on another machine
    assert main(_argv(setup, again)) == 0
    printed = capsys.readouterr().out
    assert "compact ledgers: 4 verdicts recorded from" in printed and "not for this invocation" not in printed
    assert (_outcome(again)["judged"], _outcome(again)["reused"], _outcome(again)["restored"]) == (0, 4, 4)
    assert "judged 0, recorded before 4 (4 from the compact ledgers)" in printed
    for r in ("", "repeats/2/"):  # the same verdicts, the same candidate files, in the same order
        old, new = _rows(setup.out / r / "strict"), _rows(again / r / "strict")
        assert [(x["problem"], x["candidate_digest"], x["cache_key"], x["verdict"]["verdict"],
                 x["verdict"]["speedup"]) for x in old] == [  # fmt: skip
            (x["problem"], x["candidate_digest"], x["cache_key"], x["verdict"]["verdict"], x["verdict"]["speedup"])
            for x in new]
        assert all((again / r / "strict" / x["source_path"]).read_text() == (setup.kernels / f"L1_{x['problem'][3:]}.py")
                   .read_text() for x in new)  # fmt: skip
    # the page: every field from the verdicts is the same, the kernel file is the new bench folder's copy
    old, new = pd.read_csv(setup.out / PAGE), pd.read_csv(again / PAGE)
    assert old["verdict"].tolist() == ["correct", "runtime_error"] and old["spread_pct"].notna().iloc[0]
    pd.testing.assert_frame_equal(old.drop(columns="kernel_path"), new.drop(columns="kernel_path"))
    assert [Path(p).relative_to(setup.out) for p in old["kernel_path"]] == [
        Path(p).relative_to(again) for p in new["kernel_path"]]
    # the page header sums the calls (the one that judged them, carried in the ledgers, and this one)
    page = (again / PAGE).with_name("README.md").read_text()
    assert "2 calls" in page and "judged=2 in" in page and "judged=0 in" not in page
    # written back: the same verdict lines (this invocation's record added to each header)
    for path, text in before.items():
        assert read_ledger(path).rows == [json.loads(x) for x in text.splitlines()[1:]]
        assert len(read_ledger(path).run_json["invocations"]) == 2


def test_a_line_of_another_policy_is_judged_again_and_an_interrupted_bench_writes_it_back(setup, tmp_path,
                                                                                         capsys, monkeypatch):
    import kb.bench_kb as bench

    path = setup.ledgers / "strict" / "L1.jsonl"
    ledger = read_ledger(path)
    other = next(r for r in ledger.rows if r["problem"] == "L1/2")
    other["policy_digest"] = "0" * 64  # judged under another policy
    write_ledger(path, ledger)

    def interrupted(*args, **kwargs):  # a kill after judging, before the page
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "_solved", interrupted)
    again = tmp_path / "again"
    assert main(_argv(setup, again)) == 130  # interrupted
    printed = capsys.readouterr().out
    assert "compact ledgers: 3 verdicts recorded from" in printed
    assert f"compact ledgers: 1 verdicts in {setup.ledgers} not for this invocation's policy" in printed
    judged = _rows(again / "strict")
    assert [r["problem"] for r in judged] == ["L1/1", "L1/2"]  # restored, then judged
    assert "compact ledgers: 2 files written under" in printed  # the interrupted bench wrote both back
    rows = read_ledger(path).rows
    assert [(r["problem"], r["policy_digest"] == "0" * 64) for r in rows] == [
        ("L1/1", False), ("L1/2", True), ("L1/2", False)]  # the other policy's line stays; the new one added
    assert rows[2]["verdict"]["verdict"] == other["verdict"]["verdict"]


def test_writing_back_keeps_the_lines_it_did_not_judge(setup):
    path = setup.ledgers / "strict" / "L1.jsonl"
    ledger = read_ledger(path)
    kept = {**ledger.rows[0], "problem": "L1/3", "candidate_digest": "f" * 16}  # another problem, another day
    stale = {**ledger.rows[1], "verdict": {"verdict": "timeout", "reason": "judged before"}}  # the same key
    ledger.rows = [kept, stale]
    write_ledger(path, ledger)
    write_ledger(setup.ledgers / "strict" / "L2.jsonl", Ledger(run="L2", rows=[{**kept, "problem": "L2/1"}]))
    write_back(setup.ledgers, [("strict", 1, setup.out / "strict")])
    rows = read_ledger(path).rows
    assert [r["problem"] for r in rows] == ["L1/3", "L1/2", "L1/1"]  # kept; replaced in place; appended
    assert rows[0] == kept and rows[1]["verdict"]["verdict"] != "timeout"
    assert read_ledger(setup.ledgers / "strict" / "L2.jsonl").rows[0]["problem"] == "L2/1"  # another level
    # invocations: one recorded before it ended is replaced by its ended record, others stay
    old = Ledger(run="L1", run_json={"invocations": [{"started": "a"}, {"started": "b", "mode": "pairs"}]})
    new = Ledger(run="L1", run_json={"invocations": [{"started": "b", "mode": "pairs", "wall_s": 9.0}]})
    assert merge(old, new).run_json["invocations"] == [{"started": "a"}, {"started": "b", "mode": "pairs",
                                                                          "wall_s": 9.0}]


def test_a_folder_that_holds_anything_else_is_refused(setup, tmp_path, capsys):
    check_ledger_dir(tmp_path / "new")
    check_ledger_dir(setup.ledgers)
    for name, text, named in (("notes.txt", "mine", "notes.txt"), ("pages.json", "{}", "pages.json"),
                              ("strict/L1.csv", "", "strict/L1.csv"),
                              ("strict/L9.jsonl", '{"not": "a ledger"}\n', "strict/L9.jsonl"),
                              ("lenient/L1.jsonl", "", "lenient")):  # no such protocol  # fmt: skip
        folder = tmp_path / name.replace("/", "_")
        shutil.copytree(setup.ledgers, folder)
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text(text)
        out = tmp_path / "out"
        assert main([*_argv(setup, out)[:-1], str(folder)]) == 2
        err = capsys.readouterr().err
        assert f"{folder / named} is not a compact ledger of a bench" in err and "give another folder" in err, err
        assert not out.exists()
        assert (folder / name).read_text() == text


def test_restore_only_rebuilds_a_bench_folder_without_judging_or_a_gpu(setup, tmp_path, capsys):
    # the bench folders `leaderboard_pages.py publish` reads, made again from what git keeps on a machine
    # without the GPU that judged them (they are ignored files: a new checkout starts without them)
    import pandas as pd

    before = {p: p.read_bytes() for p in setup.ledgers.rglob("*.jsonl")}
    again = tmp_path / "again"
    assert main(_argv(setup, again, "--restore-only")) == 0
    assert (_outcome(again)["judged"], _outcome(again)["restored"], _outcome(again)["left_by_stop_after"]) == (0, 4, 0)
    for r in ("", "repeats/2/"):
        assert [(x["problem"], x["cache_key"], x["verdict"]["verdict"], x["verdict"]["speedup"])
                for x in _rows(setup.out / r / "strict")] == [
            (x["problem"], x["cache_key"], x["verdict"]["verdict"], x["verdict"]["speedup"])
            for x in _rows(again / r / "strict")]
    pd.testing.assert_frame_equal(pd.read_csv(setup.out / PAGE).drop(columns="kernel_path"),
                                  pd.read_csv(again / PAGE).drop(columns="kernel_path"))
    for r in ("", "repeats/2/"):  # the data the verdicts were judged on, as the ledgers' headers name it
        want, got = (json.loads((d / r / "strict" / "run.json").read_text()) for d in (setup.out, again))
        assert want.get("dataset") and (got.get("dataset"), got.get("config")) == (want["dataset"], want["config"])
    assert {p: p.read_bytes() for p in setup.ledgers.rglob("*.jsonl")} == before  # nothing judged, nothing written
    capsys.readouterr()

    # a verdict the ledgers lack is left for a bench that judges, not judged here
    first = setup.ledgers / "strict" / "L1.jsonl"
    kept = read_ledger(first)
    write_ledger(first, Ledger(run=kept.run, run_json=kept.run_json,
                               rows=[r for r in kept.rows if r["problem"] != "L1/2"]))
    assert main(_argv(setup, tmp_path / "short", "--restore-only")) == 0
    assert (_outcome(tmp_path / "short")["judged"], _outcome(tmp_path / "short")["left_by_stop_after"]) == (0, 1)
    assert "1 candidates not in the compact ledgers, left unjudged (--restore-only)" in capsys.readouterr().out

    # judged on a GPU, restored here: --device cuda needs no GPU (these CPU verdicts are another device's: left)
    argv = _argv(setup, tmp_path / "cuda", "--restore-only")
    argv[argv.index("--device") + 1] = "cuda"
    assert main(argv) == 0
    assert _outcome(tmp_path / "cuda")["judged"] == 0 and _outcome(tmp_path / "cuda")["left_by_stop_after"] == 4
    argv = _argv(setup, tmp_path / "none", "--restore-only")
    del argv[argv.index("--compact-ledgers"):argv.index("--compact-ledgers") + 2]
    assert main(argv) == 2
    assert "--restore-only rebuilds a bench folder from compact ledgers" in capsys.readouterr().err
