"""benchmarks/export_roundtrip.py on CPU: export, loopback Hub, get_kernel in a fresh process, compare, time.

The runs are tiny: the exporter fixtures (two publishable kernels, three that must be skipped) and copies of
two real H200 run folders (L1/19 ReLU, L2/12 Gemm with state; tests/fixtures/h200_runs, from the run archive's
h200-2026-11-29), shrunk by the script for the interpreter.
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_export import RELU, make_run_dir  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "export_roundtrip.py"
H200 = REPO / "tests" / "fixtures" / "h200_runs"  # problems/<slug> folders of the H200 runs of 2026-11-29
REAL = (H200 / "L1_19_19_ReLU", H200 / "L2_12_12_Gemm_Multiply_LeakyReLU")


def _script(*args: str, timeout: int = 240) -> tuple[int, dict, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HF_ENDPOINT", "LOCAL_KERNELS")}
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=REPO,
    )
    out = Path(args[args.index("--out") + 1]) / "export_roundtrip.json"
    report = json.loads(out.read_text()) if out.is_file() else {}
    return proc.returncode, report, proc.stdout + proc.stderr


def _real_run(root: Path) -> Path:
    run = root / "real"
    for folder in REAL:
        shutil.copytree(folder, run / "problems" / folder.name)
    return run


@pytest.mark.slow  # two fresh interpreters importing torch, kernels and triton
def test_roundtrip_on_cpu_matches_model_new_and_reference(tmp_path):
    fixtures, real, out = make_run_dir(tmp_path), _real_run(tmp_path), tmp_path / "out"
    rc, report, log = _script(
        "--run", str(real), "--run", str(fixtures), "--device", "cpu", "--out", str(out), "--limit", "3"
    )
    assert rc == 0, log
    assert report["ok"] is True and report["exit_status"] == 0
    # all four publishable kernels exported; three checked, round robin over the two runs
    assert {key for _, key, _ in report["export"]["exported"]} == {"L1/19", "L2/12", "L1/901", "L1/902"}
    assert [k["problem"] for k in report["kernels"]] == ["L1/19", "L1/901", "L2/12"]
    assert report["exported_not_checked_over_limit"] == ["L1/902"]
    skipped = " ".join(f"{s['name']} {s['reason']}" for s in report["skipped"])
    for name, reason in (
        ("903_Wrong", "incorrect"),
        ("904_Quarantined", "quarantined"),
        ("905_Cpu_Only", "GPU"),
    ):
        assert name in skipped and reason in skipped

    hub = report["hub"]
    assert hub["loaded_from_fresh_hub_cache"] is True and hub["pinned_commit_in_path"] is True
    assert f"{hub['branch_sha']}/build/torch-cuda/_k_relu_scale.py" in hub["files_downloaded"]
    assert hub["variant_loaded"] == "torch-cuda"
    assert "/snapshots/" in hub["loaded_from"] and str(out / "export") not in hub["loaded_from"]

    for record in report["kernels"]:
        assert record["ok"] is True, record
        assert record["hub_source_is_run_source"] is True
        assert record["max_abs_error_vs_model_new"] == 0.0 and record["bitwise_equal_to_model_new"] is True
        assert record["max_abs_error_vs_reference"] <= 1e-5
        assert record["atol"] == record["rtol"] == 1e-4
        assert record["hub_timing"]["num_trials"] >= 5 and record["hub_timing"]["median_ms"] > 0
        # the run's medians are GPU figures: no ratio against interpreter times
        assert record["run_median_ms"] > 0 and record["ratio_vs_run"] is None
        assert record["hub_repo"] == "autokernel-kb/h200-roundtrip"
    gemm = next(r for r in report["kernels"] if r["problem"] == "L2/12")
    assert "gemm_weight" in gemm["hub_call"] and gemm["problem_scale"] > 1  # state passed; shrunk for CPU
    assert "L1/19" in log and "hub/run" in log  # the printed table


@pytest.mark.slow
def test_roundtrip_fails_when_the_loaded_kernel_disagrees(tmp_path):
    """A verdict that claims 'correct' for a kernel that is not: the script must say so and exit 1."""
    folder = tmp_path / "run" / "problems" / "L1_907_Liar"
    folder.mkdir(parents=True)
    shutil.copy(RELU / "solution.py", folder / "best.py")
    problem = (
        (RELU / "problem.py")
        .read_text()
        .replace("torch.relu(x) * self.scale", "torch.relu(x) * self.scale + 1")
    )
    (folder / "problem.py").write_text(problem)
    verdict = json.loads((RELU / "verdict.json").read_text()) | {"problem": "L1/907"}
    (folder / "best.json").write_text(json.dumps(verdict))
    rc, report, log = _script(
        "--run", str(tmp_path / "run"), "--device", "cpu", "--out", str(tmp_path / "out")
    )
    assert rc == 1, log
    (record,) = report["kernels"]
    assert record["ok"] is False and report["ok"] is False
    assert record["max_abs_error_vs_model_new"] == 0.0  # the Hub kernel is the run's kernel ...
    assert record["max_abs_error_vs_reference"] == pytest.approx(1.0)  # ... and both are wrong
    assert any("vs_reference" in r for r in record["reasons"])
    assert "FAIL" in log


def test_speed_verdicts():
    sys.path.insert(0, str(REPO / "benchmarks"))
    from export_roundtrip import RoundtripConfig, _judge_speed

    cuda = RoundtripConfig(runs=(), out_dir=Path("."), device="cuda", speed_tol=0.1)
    record = {"hub_timing": {"median_ms": 1.05}, "model_new_timing": {"median_ms": 1.0}, "run_median_ms": 1.0}
    _judge_speed(record, cuda)
    assert record["ratio_vs_run"] == record["ratio_vs_model_new_now"] == 1.05 and record["speed_ok"] is True
    slow = {"hub_timing": {"median_ms": 1.2}, "model_new_timing": {"median_ms": 1.19}, "run_median_ms": 1.0}
    _judge_speed(slow, cuda)
    assert slow["speed_ok"] is False  # as fast as ModelNew now, but 20% slower than in the run
    overhead = {
        "hub_timing": {"median_ms": 1.0},
        "model_new_timing": {"median_ms": 0.8},
        "run_median_ms": 1.0,
    }
    _judge_speed(overhead, cuda)
    assert overhead["speed_ok"] is False  # the Hub path adds 25% over the same kernel loaded directly
    cpu = dict(record)
    _judge_speed(cpu, RoundtripConfig(runs=(), out_dir=Path("."), device="cpu"))
    assert cpu["speed_ok"] is None and cpu["ratio_vs_run"] is None


def test_a_weight_named_like_a_constructor_argument_keeps_both():
    """KernelBench L2/3: `sum_weight` is a constructor argument and a parameter; the exporter names the
    tensor `sum_weight_state`, and the script passes each its own value."""
    import torch

    sys.path.insert(0, str(REPO / "benchmarks"))
    from export_roundtrip import hub_kwargs

    class ModelNew(torch.nn.Module):
        def __init__(self, channels, sum_weight):
            super().__init__()
            self.sum_weight = torch.nn.Parameter(torch.tensor(sum_weight))
            self.channels = channels

    def fn(x, *, sum_weight, sum_weight_state, channels):
        return x

    model = ModelNew(4, 1.5)
    kwargs = hub_kwargs(fn, model, [4, 1.5])
    assert kwargs["sum_weight"] == 1.5 and kwargs["channels"] == 4
    assert kwargs["sum_weight_state"] is not None and float(kwargs["sum_weight_state"]) == 1.5
    assert isinstance(kwargs["sum_weight_state"], torch.Tensor)


@pytest.mark.gpu
def test_roundtrip_on_cuda(tmp_path):
    """On a CUDA machine: real variant selection, compiled Triton, CUDA-event timing (fixture medians are not
    measurements, so speed is reported without gating)."""
    fixtures, out = make_run_dir(tmp_path), tmp_path / "out"
    rc, report, log = _script(
        "--run", str(fixtures), "--device", "cuda", "--out", str(out), "--no-speed-gate", timeout=600
    )
    assert rc == 0, log
    assert [r["ok"] for r in report["kernels"]] == [True, True]
    assert all(r["hub_timing"]["method"].startswith("cuda_event") for r in report["kernels"])
    assert all(r["ratio_vs_run"] is not None for r in report["kernels"])
