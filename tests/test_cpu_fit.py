"""On CPU a problem is judged at a scale that fits the machine: its memory and time are estimated from a dry run on
the meta device before any input is made; the scale is picked (said, and kept in every verdict) or a --scale that
does not fit is refused by name. --scale below 1 is refused outright."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autokernel.evaluate.budget import DoesNotFit, estimate, fit_scale, footprint
from autokernel.problem import Problem
from kb.cli import build_parser, main

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
# KernelBench L1 19_ReLU at full size: 6 GiB in and 6 GiB out, which the judge holds many times over
BIG_RELU = (FIXTURES / "problems" / "relu.py").read_text().replace("batch_size = 16", "batch_size = 4096").replace(
    "dim = 64", "dim = 393216")
GIB = 2**30


def test_the_dry_run_reads_sizes_without_allocating_them():
    fp = footprint(Problem.from_source(BIG_RELU, name="big_relu"))
    assert fp.input_bytes == fp.output_bytes == 4096 * 393216 * 4 and fp.param_bytes == 0
    matmul = ("import torch\nN = 2048\nclass Model(torch.nn.Module):\n    def forward(self, a, b):\n"
              "        return a @ b\ndef get_inputs():\n    return [torch.rand(N, N), torch.rand(N, N)]\n"
              "def get_init_inputs():\n    return []\n")  # fmt: skip
    assert footprint(Problem.from_source(matmul, name="mm")).flops == 2 * 2048**3


@pytest.mark.parametrize("value, message", [("0", "below 1"), ("-4", "below 1"), ("two", "not a whole number")])
@pytest.mark.parametrize("command", [["eval", "L1/19", "x.py"], ["run", "--level", "1"], ["starter", "L1/19"]])
def test_scale_below_one_is_refused(capsys, command, value, message):
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args([*command, "--scale", value])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_a_scale_is_picked_that_fits_memory_and_time():
    problem = Problem.from_source(BIG_RELU, name="big_relu")
    fit = fit_scale(problem, timeout_s=120.0, memory_bytes=8 * GIB)
    assert fit.scale > 1 and fit.estimate.memory_bytes <= 8 * GIB and fit.estimate.seconds <= 60.0
    smaller = estimate(problem, fit.scale // 2)  # the smallest scale that fits: half of it does not
    assert smaller.memory_bytes > 8 * GIB or smaller.seconds > 60.0
    assert f"--scale {fit.scale} picked for this CPU" in fit.note and "full size" in fit.note


def test_a_scale_that_does_not_fit_memory_is_refused_by_name():
    problem = Problem.from_source(BIG_RELU, name="big_relu")
    with pytest.raises(DoesNotFit, match=r"at --scale 2 needs .* use --scale \d+"):
        fit_scale(problem, timeout_s=120.0, scale=2, memory_bytes=8 * GIB)
    fit = fit_scale(problem, timeout_s=120.0, scale=8, memory_bytes=8 * GIB)  # fits memory, not time: said
    assert fit.scale == 8 and "candidates may time out" in fit.note


def test_a_problem_that_fits_as_it_is_stays_as_it_is():
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    fit = fit_scale(problem, timeout_s=120.0)
    assert fit.scale == 1 and fit.note == ""


def test_eval_refuses_a_scale_over_memory_before_judging(tmp_path, capsys):
    big = tmp_path / "big_relu.py"
    big.write_text(BIG_RELU)
    honest = FIXTURES / "honest" / "relu_constexpr.py"
    assert main(["eval", str(big), str(honest), "--device", "cpu", "--scale", "1"]) == 2
    err = capsys.readouterr().err
    assert "at --scale 1 needs" in err and "use --scale" in err


def test_eval_on_cpu_picks_a_scale_and_records_it_in_the_verdict(tmp_path, capsys):
    big = tmp_path / "big_relu.py"
    big.write_text(BIG_RELU)
    honest = FIXTURES / "honest" / "relu_constexpr.py"
    rc = main(["eval", str(big), str(honest), "--device", "cpu", "--json", "--trials", "1", "--perf-trials", "1"])
    captured = capsys.readouterr()
    verdict = json.loads(captured.out)
    assert rc == 0, verdict["reason"]
    assert "picked for this CPU" in captured.err
    notes = verdict["policy"]["problem_notes"]
    assert any(n.startswith("scaled down by") for n in notes)
    assert any("picked for this CPU" in n for n in notes)
