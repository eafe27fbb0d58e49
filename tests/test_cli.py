"""`autokernel-kb` (kb/cli): the parser, the --protocol flag on each subcommand that has one, and the library
functions the subcommands call."""

from __future__ import annotations

import json
import sys

import pytest

from kb.cli import build_parser, main
from kb.cli._common import eval_config_from_args

ENV = {"gpu": "NVIDIA H200", "driver": "580", "cuda": "13.0", "torch": "2.11", "triton": "3.6", "dataset": "kb",
       "config": "main", "tolerance_preset": "kernelbench", "timing_method": "cuda_event", "statistic": "median",
       "repetitions": "100"}  # fmt: skip


def test_every_subcommand_is_registered_and_python_m_kb_is_the_command():
    import subprocess
    import sys
    from pathlib import Path

    choices = build_parser()._subparsers._group_actions[0].choices  # argparse keeps the subcommands there
    assert set(choices) == {"eval", "run", "bench", "starter", "list", "score", "leaderboard", "export", "archive",
                            "calibrate", "profile", "verify"}
    out = subprocess.run([sys.executable, "-m", "kb", "--help"], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[1], check=True).stdout  # fmt: skip
    assert out.startswith("usage: autokernel-kb")


def _eval_args(*argv: str):
    return build_parser().parse_args(["eval", "L1/1", "x.py", "--device", "cuda", *argv])


def test_eval_and_run_pass_the_protocol_to_the_eval_config():
    assert eval_config_from_args(_eval_args()).protocol == "kernelbench"
    assert eval_config_from_args(_eval_args("--protocol", "strict")).protocol == "strict"
    args = build_parser().parse_args(["run", "--device", "cpu", "--protocol", "strict"])
    assert eval_config_from_args(args).protocol == "strict"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["eval", "L1/1", "x.py", "--protocol", "loose"])
    from autokernel.evaluate import EvalConfig

    with pytest.raises(ValueError, match="unknown protocol"):
        EvalConfig(protocol="loose")


def test_baseline_precision_is_a_strict_protocol_flag(capsys):
    with pytest.raises(ValueError, match="--baseline-precision applies to --protocol strict only"):
        eval_config_from_args(_eval_args("--baseline-precision", "fp32"))
    cfg = eval_config_from_args(_eval_args("--protocol", "strict", "--baseline-precision", "default"))
    assert cfg.baseline_precision == "default" and cfg.protocol == "strict"
    assert eval_config_from_args(_eval_args("--protocol", "strict")).baseline_precision == "auto"
    assert main(["eval", "L1/1", "x.py", "--baseline-precision", "fp32"]) == 2
    assert "eval: error: --baseline-precision applies to --protocol strict only" in capsys.readouterr().err
    assert main(["run", "--level", "1", "--baseline-precision", "fp32"]) == 2
    assert "run: error: --baseline-precision applies to --protocol strict only" in capsys.readouterr().err


def test_the_ledger_judges_verdicts_of_another_protocol_again():
    from autokernel.evaluate import EvalConfig

    assert EvalConfig(device="cuda").ledger_policy()["protocol"] == "kernelbench"
    # keys recorded before protocols existed were judged the strict way: they stand under strict
    assert "protocol" not in EvalConfig(device="cuda", protocol="strict").ledger_policy()


def test_score_takes_the_rows_of_one_protocol(tmp_path, capsys):
    rows = [
        {"level": 1, "problem_id": 1, "verdict": "correct", "speedup": 2.0, "protocol": "kernelbench"},
        {"level": 1, "problem_id": 2, "verdict": "correct", "speedup": 3.0, "protocol": "strict"},
        {"level": 1, "problem_id": 3, "verdict": "correct", "speedup": 4.0, "protocol": ""},  # recorded none
    ]
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"environment": ENV, "rows": rows}))
    out = tmp_path / "score.json"
    base = ["score", "--results", str(results), "--out", str(out), "--totals", "1=10"]
    assert main([*base, "--protocol", "kernelbench"]) == 0
    assert "level1_correct: 1/10" in capsys.readouterr().out
    assert json.loads(out.read_text())["environment"]["protocol"] == "kernelbench"
    assert main([*base, "--protocol", "strict"]) == 0
    printed = capsys.readouterr().out
    assert "level1_correct: 2/10" in printed and "protocol: strict" in printed
    assert main(base) == 0  # no --protocol: every row
    assert "level1_correct: 3/10" in capsys.readouterr().out
    rows[0]["protocol"] = "strict"
    results.write_text(json.dumps({"environment": ENV, "rows": rows}))
    assert main([*base, "--protocol", "kernelbench"]) == 2
    assert "no rows judged under the kernelbench protocol (it has strict (3 rows))" in capsys.readouterr().err


def _ledger_row(n: int, problem: str, speedup: float, protocol: str | None) -> dict:
    env = {"gpu": "NVIDIA H200", "driver": "580", "torch": "2.11", "triton": "3.6", "cuda_runtime": "13.0"}
    verdict = {"verdict": "correct", "reason": "", "speedup": speedup, "device": "cuda:0",
               "kernel": {"median_ms": 1.0, "method": "cuda_event"}, "eager": {"median_ms": speedup},
               "compiled": None, "environment": env, "policy": {"tolerance_preset": "kernelbench", "atol": 1e-4}}  # fmt: skip
    if protocol:
        verdict["protocol"] = protocol
    return {"experiment": n, "problem": problem, "problem_name": problem, "proposer": "tuner", "verdict": verdict}


def test_leaderboard_of_a_run_takes_the_verdicts_of_one_protocol(tmp_path, capsys):
    from kb.runs import run_environment, run_table
    from kb.scorer import ScoreInputError

    run = tmp_path / "run"
    run.mkdir()
    rows = [_ledger_row(1, "L1/1", 5.0, None), _ledger_row(2, "L1/1", 2.0, "kernelbench"),
            _ledger_row(3, "L1/2", 1.5, "kernelbench")]  # fmt: skip
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    # the best kernel of the protocol asked for, not the best of two protocols
    assert run_table(run, protocol="kernelbench")["speedup"].tolist() == [2.0, 1.5]
    assert run_table(run, protocol="strict")["speedup"].tolist() == [5.0]
    with pytest.raises(ScoreInputError, match="several protocols"):  # never a problem's best over two protocols
        run_table(run)
    assert run_environment([run], protocol="kernelbench")["protocol"] == "kernelbench"
    assert run_environment([run])["protocol"] == "kernelbench (2 verdicts); strict (1 verdicts)"
    out_dir = tmp_path / "lb"
    assert main(["leaderboard", "--run", str(run), "--out-dir", str(out_dir), "--totals", "1=10",
                 "--protocol", "kernelbench"]) == 0  # fmt: skip
    page = (out_dir / "nvidia-h200" / "README.md").read_text()
    assert "| protocol | kernelbench |" in page
    capsys.readouterr()
    only_strict = tmp_path / "old"
    only_strict.mkdir()
    (only_strict / "results.jsonl").write_text(json.dumps(rows[0]) + "\n")
    assert main(["leaderboard", "--run", str(only_strict), "--out-dir", str(out_dir), "--protocol", "kernelbench"]) == 2
    assert "no verdicts judged under the kernelbench protocol (it has strict (1))" in capsys.readouterr().err


def test_progress_bars_only_on_a_terminal(monkeypatch):
    """Bars redrawn into a log file came out as dozens of garbled lines."""
    import io

    from kb.cli.run import run_config_from_args

    args = build_parser().parse_args(["run", "--device", "cpu"])
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert run_config_from_args(args, on_cpu=True).progress is False

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    assert run_config_from_args(args, on_cpu=True).progress is True


def test_run_takes_the_screen_flags():
    from kb.cli.run import run_config_from_args

    def search(*argv):
        return run_config_from_args(build_parser().parse_args(["run", "--device", "cpu", *argv]), on_cpu=True).search

    assert (search().screen_width, search().judge_top) == (0, 2)  # no screen unless asked
    assert (search("--screen-width", "32", "--judge-top", "3").screen_width,
            search("--screen-width", "32", "--judge-top", "3").judge_top) == (32, 3)
    assert search("--screen-width", "32", "--no-screen").screen_width == 0
    with pytest.raises(ValueError, match="judge_top"):
        search("--screen-width", "8", "--judge-top", "0")


def test_paired_eager_follows_the_protocol_unless_a_flag_sets_it():
    assert eval_config_from_args(_eval_args()).paired_eager is True
    assert eval_config_from_args(_eval_args("--protocol", "strict")).paired_eager is True
    assert eval_config_from_args(_eval_args("--no-paired-eager")).paired_eager is False
    assert eval_config_from_args(_eval_args("--protocol", "strict", "--no-paired-eager")).paired_eager is False


def test_run_takes_compile_ahead():
    from kb.cli.run import run_config_from_args

    def config(*argv):
        return run_config_from_args(build_parser().parse_args(["run", "--device", "cpu", *argv]), on_cpu=True)

    assert config().compile_ahead is None  # the backend's default: one helper per worker within the cores left
    assert config("--compile-ahead", "4").compile_ahead == 4
    assert config("--compile-ahead", "0").compile_ahead == 0  # off


def test_compile_ahead_by_default_gives_each_worker_a_helper_within_the_cores_left():
    from autokernel.evaluate import EvalConfig
    from autokernel.search.backend import LocalBackend, auto_compile_ahead

    assert auto_compile_ahead(6, cpus=16) == 6  # the measured setting: 6 workers, 6 helpers, 16 cores
    assert auto_compile_ahead(1, cpus=16) == 1
    assert auto_compile_ahead(12, cpus=16) == 4  # the workers' cores first
    assert auto_compile_ahead(2, cpus=2) == 0
    backend = LocalBackend(EvalConfig.for_device("cpu"))  # nothing to compile ahead on the interpreter
    try:
        assert backend.compile_helpers == 0
    finally:
        backend.close()
