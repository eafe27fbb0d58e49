"""A run directory resumes only on the GPU model its verdicts were timed on: the search compares every time with the
others, and an H100's time is not an H200's."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from autokernel.search import same_gpu

RELU = Path(__file__).resolve().parent / "fixtures" / "problems" / "relu.py"


def _row(gpu: str, device: str = "cuda:0") -> dict:
    return {"verdict": {"verdict": "correct", "environment": {"gpu": gpu, "device": device}}}


def test_a_run_timed_on_one_gpu_is_refused_on_another_and_says_how_to_go_on():
    rows = [_row("NVIDIA H200")] * 3 + [{"verdict": {"verdict": "incorrect"}}]  # a row without environment
    with pytest.raises(ValueError, match=r"NVIDIA H200 \(3 verdicts\); this machine has NVIDIA H100 80GB HBM3") as e:
        same_gpu.check(rows, ["NVIDIA H100 80GB HBM3"], "runs/panel")
    assert "--out NEW --seed-from runs/panel" in str(e.value)
    same_gpu.check(rows, ["NVIDIA H200"], "runs/panel")  # the same model: resumed
    same_gpu.check(rows, [], "runs/panel")  # on the CPU, or GPUs not known here (a Ray cluster's)
    same_gpu.check([], ["NVIDIA H100 80GB HBM3"], "runs/new")  # nothing recorded yet
    # a CPU run's verdicts name no GPU model to compare with
    same_gpu.check([_row("none (CPU, Triton interpreter)", device="cpu")], ["NVIDIA H100 80GB HBM3"], "runs/cpu")
    assert same_gpu.recorded_gpus(rows) == Counter({"NVIDIA H200": 3})


def test_the_rows_are_read_from_the_run_directory_without_opening_its_ledger(tmp_path):
    import json

    (tmp_path / "results.jsonl").write_text("".join(json.dumps(_row("NVIDIA H200")) + "\n" for _ in range(2)))
    assert same_gpu.recorded_gpus(same_gpu.rows_in(tmp_path)) == Counter({"NVIDIA H200": 2})
    assert same_gpu.rows_in(tmp_path / "new") == [] and not (tmp_path / "new").exists()


def test_the_run_command_refuses_another_gpu_before_writing_anything(tmp_path, monkeypatch, capsys):
    from kb.cli import main

    out = tmp_path / "run"
    monkeypatch.setattr(same_gpu, "recorded_gpus", lambda rows: Counter({"NVIDIA H200": 41}))
    monkeypatch.setattr(same_gpu, "local_gpu_names", lambda devices: ["NVIDIA H100 80GB HBM3"])
    assert main(["run", str(RELU), "--device", "cpu", "--rounds", "1", "--out", str(out)]) == 2
    assert "this machine has NVIDIA H100 80GB HBM3" in capsys.readouterr().err
    assert not out.exists()
