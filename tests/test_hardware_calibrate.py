"""Calibration cache (CPU) and the measurement itself (GPU)."""

from __future__ import annotations

import pytest

from autokernel.hardware import calibrate as cal_mod
from autokernel.hardware.calibration import CACHE_ENV, Calibration, cache_path, load_cached, save
from autokernel.hardware.gpus import ceilings_for, find


def _calibration(**overrides) -> Calibration:
    values = dict(
        gpu_name="NVIDIA H200", driver="570.86.15", torch_version="2.9.0+cu128", cuda_version="12.8",
        measured_at="2026-03-01T12:00:00Z", memory_gbps=4200.0, read_gbps=4300.0, fp32_tflops=51.0, tf32_tflops=360.0,
        fp16_tflops=700.0, bf16_tflops=700.0, fp8_tflops=None, notes=("fp8: not measured",),
    )  # fmt: skip
    values.update(overrides)
    return Calibration(**values)


def test_cache_round_trip_and_key(tmp_path):
    cal = _calibration()
    path = save(cal, directory=tmp_path)
    assert path == cache_path("NVIDIA H200", "570.86.15", "2.9.0+cu128", directory=tmp_path)
    assert (
        load_cached("NVIDIA H200", driver="570.86.15", torch_version="2.9.0+cu128", cache_dir=tmp_path) == cal
    )
    # Another driver or torch version is a different machine state: no match.
    assert load_cached("NVIDIA H200", driver="580.1", torch_version="2.9.0+cu128", cache_dir=tmp_path) is None
    assert load_cached("NVIDIA H200", driver="570.86.15", torch_version="2.10.0", cache_dir=tmp_path) is None
    assert load_cached("NVIDIA H100 80GB HBM3", cache_dir=tmp_path) is None


def test_env_override_sets_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    path = save(_calibration())
    assert path.parent == tmp_path / "ceilings"
    assert load_cached("NVIDIA H200") == _calibration()


def test_corrupt_cache_entry_is_ignored(tmp_path):
    path = save(_calibration(), directory=tmp_path)
    path.write_text("{not json")
    assert load_cached("NVIDIA H200", cache_dir=tmp_path) is None


def test_format_table_compares_with_the_datasheet():
    text = cal_mod.format_table(_calibration())
    assert "gpu: NVIDIA H200" in text and "driver: 570.86.15" in text
    bf16 = next(line for line in text.splitlines() if line.startswith("bf16_tflops"))
    assert "700.0" in bf16 and "989.4" in bf16 and "71%" in bf16
    assert "note: fp8: not measured" in text
    assert any(
        line.startswith("copy_gbps") and "4,200.0" in line and "88%" in line for line in text.splitlines()
    )


def test_read_bandwidth_raises_the_memory_ceiling_when_faster():
    assert _calibration().ceilings()["memory_gbps"] == 4300.0
    assert _calibration(read_gbps=None).ceilings()["memory_gbps"] == 4200.0


def test_cli_calibrate_without_gpu_says_so(capsys):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this checks the no-GPU message")
    from kb.cli import main

    assert main(["calibrate"]) == 2
    assert "needs a CUDA GPU" in capsys.readouterr().err


@pytest.mark.gpu
def test_measure_on_gpu_finds_plausible_ceilings(tmp_path):
    import torch

    config = cal_mod.CalibrationConfig(copy_mib=256, matmul_size=4096, warmup=2, repetitions=5)
    result = cal_mod.calibrate(0, cache_dir=tmp_path, config=config, force=True)
    assert result.gpu_name == torch.cuda.get_device_name(0)
    assert result.memory_gbps > 50 and result.read_gbps > 50 and result.fp32_tflops > 1
    spec = find(result.gpu_name)
    if spec is not None:  # measured ceilings sit below the datasheet, not far below and never far above
        assert 0.3 * spec.memory_gbps < result.memory_gbps < 1.1 * spec.memory_gbps
        assert result.bf16_tflops < 1.1 * spec.bf16_tflops
        assert result.fp32_tflops < 1.1 * spec.fp32_tflops
    assert result.tf32_tflops > result.fp32_tflops  # TF32 really was on for one and off for the other
    assert cal_mod.calibrate(0, cache_dir=tmp_path) == result  # second call reads the cache
    ceilings = ceilings_for(0, cache_dir=tmp_path)
    assert ceilings.sources["memory_gbps"] == "measured"
    assert ceilings.memory_gbps == max(result.memory_gbps, result.read_gbps)
