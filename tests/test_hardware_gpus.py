"""GPU table: name matching, datasheet figures, estimates for unknown GPUs, merged ceilings."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest

from autokernel.hardware import gpus
from autokernel.hardware.calibrate import Calibration, save
from autokernel.hardware.gpus import RATE_FIELDS, UnknownGpuError, ceilings_for, estimate, find, lookup, merge


@pytest.mark.parametrize(
    ("reported", "expected"),
    [
        ("NVIDIA H100 80GB HBM3", "NVIDIA H100 SXM"),
        ("NVIDIA H100 PCIe", "NVIDIA H100 PCIe"),
        ("NVIDIA H100 NVL", "NVIDIA H100 NVL"),
        ("H100", "NVIDIA H100 SXM"),
        ("NVIDIA H200", "NVIDIA H200"),
        ("NVIDIA H200 NVL", "NVIDIA H200 NVL"),
        ("NVIDIA B200", "NVIDIA B200"),
        ("NVIDIA A100-SXM4-40GB", "NVIDIA A100 SXM 40GB"),
        ("NVIDIA A100-SXM4-80GB", "NVIDIA A100 SXM 80GB"),
        ("NVIDIA A100-PCIE-40GB", "NVIDIA A100 PCIe 40GB"),
        ("NVIDIA A100 80GB PCIe", "NVIDIA A100 PCIe 80GB"),
        ("NVIDIA L40S", "NVIDIA L40S"),
        ("NVIDIA L4", "NVIDIA L4"),
        ("NVIDIA A10", "NVIDIA A10"),
        ("NVIDIA GeForce RTX 4090", "NVIDIA GeForce RTX 4090"),
        ("rtx4090", "NVIDIA GeForce RTX 4090"),
        ("NVIDIA GeForce RTX 4080", "NVIDIA GeForce RTX 4080"),
        ("NVIDIA GeForce RTX 3090", "NVIDIA GeForce RTX 3090"),
        ("NVIDIA GeForce RTX 3080", "NVIDIA GeForce RTX 3080"),
        ("AMD Instinct MI300X", "AMD Instinct MI300X"),
        ("AMD Instinct MI325X", "AMD Instinct MI325X"),
        ("AMD Instinct MI350X", "AMD Instinct MI350X"),
        ("AMD Instinct MI355X", "AMD Instinct MI355X"),
    ],
)
def test_lookup_by_reported_name(reported, expected):
    assert lookup(reported).name == expected


@pytest.mark.parametrize(
    "reported",
    ["NVIDIA A10G", "NVIDIA L40", "NVIDIA GH200 480GB", "NVIDIA GeForce RTX 4090 D", "RTX 3080 Ti"],
)
def test_lookalikes_are_not_matched(reported):
    # A10G is not an A10, GH200 not an H200, 4090 D has fewer SMs: a wrong match would skew every floor.
    assert find(reported) is None
    with pytest.raises(UnknownGpuError, match="calibrate"):
        lookup(reported)


def test_sxm_and_pcie_h100_differ_as_datasheet_says():
    sxm, pcie = lookup("NVIDIA H100 80GB HBM3"), lookup("NVIDIA H100 PCIe")
    assert (sxm.memory_gbps, pcie.memory_gbps) == (3350, 2039)
    assert sxm.bf16_tflops == pytest.approx(989.4) and pcie.bf16_tflops == pytest.approx(756.5)
    assert sxm.fp32_tflops == 67 and pcie.fp32_tflops == 51


def test_table_is_dense_and_consistent():
    for spec in gpus.known_gpus():
        assert spec.memory_gbps and spec.fp32_tflops and spec.fp16_tflops, spec.name
        assert spec.bf16_tflops == spec.fp16_tflops, spec.name  # no GPU here has different fp16/bf16 rates
        if spec.tf32_tflops is not None:
            # TF32 is about half the fp16 tensor rate on datacenter parts (datasheets round), FP32's on GeForce.
            assert spec.fp32_tflops <= spec.tf32_tflops <= spec.fp16_tflops / 2 * 1.02, spec.name  # L40S: 183
        if spec.fp8_tflops is not None:
            assert spec.fp8_tflops == pytest.approx(2 * spec.fp16_tflops, rel=0.02), spec.name  # L40S: 733
        assert "sheet" in spec.source or "whitepaper" in spec.source, spec.name


def test_geforce_uses_fp32_accumulate_rates():
    # Ada whitepaper: RTX 4090 FP16 tensor with FP32 accumulate is 165.2 dense (330.3 with FP16 accumulate).
    assert lookup("NVIDIA GeForce RTX 4090").fp16_tflops == pytest.approx(165.2)


def test_estimate_reproduces_h100_from_device_properties():
    props = SimpleNamespace(
        name="NVIDIA H100 engineering sample", major=9, minor=0, multi_processor_count=132,
        clock_rate=1_830_000, memory_clock_rate=2_619_000, memory_bus_width=5120, L2_cache_size=50 * 2**20,
    )  # fmt: skip
    spec = estimate(props)
    assert spec.estimated and "estimated" in spec.source
    assert spec.memory_gbps == pytest.approx(3352, rel=1e-3)  # 2 * 2.619 GHz * 640 bytes
    assert spec.fp32_tflops == pytest.approx(132 * 128 * 2 * 1.83e9 / 1e12)  # 61.8
    assert spec.bf16_tflops == pytest.approx(989.5, rel=0.01)  # 132 SMs * 4096 FLOP/clk * 1.83 GHz
    assert spec.tf32_tflops == pytest.approx(spec.bf16_tflops / 2)
    assert spec.fp8_tflops == pytest.approx(spec.bf16_tflops * 2)
    assert spec.l2_mb == 50


def test_estimate_halves_geforce_tensor_rate_and_reports_missing_fields():
    props = {"name": "NVIDIA GeForce RTX 4090", "major": 8, "minor": 9, "multi_processor_count": 128,
             "clock_rate": 2_520_000}  # fmt: skip
    spec = estimate(props)
    assert spec.fp16_tflops == pytest.approx(165.2, rel=0.01)
    assert spec.memory_gbps is None and "bandwidth unknown" in spec.source
    bare = estimate({"name": "mystery"})
    assert bare.fp32_tflops is None and "compute rates unknown" in bare.source


def test_merge_takes_the_higher_of_measured_and_datasheet():
    """The floor is a lower bound: a measured rate under the datasheet's never raises it."""
    spec = lookup("NVIDIA H200")
    ceilings = merge(spec, {"memory_gbps": 4200.0, "bf16_tflops": 1200.0, "fp8_tflops": None})
    assert ceilings.memory_gbps == spec.memory_gbps == 4800
    assert ceilings.sources["memory_gbps"] == "table (above measured 4,200)"
    assert ceilings.bf16_tflops == 1200 and ceilings.sources["bf16_tflops"] == "measured"
    assert ceilings.fp8_tflops == spec.fp8_tflops and ceilings.sources["fp8_tflops"] == "table"
    unknown = merge(None, {"memory_gbps": 900.0})
    assert unknown.memory_gbps == 900 and unknown.sources["memory_gbps"] == "measured"
    assert ceilings.rate_tflops("tf32") == spec.tf32_tflops
    with pytest.raises(ValueError, match="precision"):
        ceilings.rate_tflops("int4")
    a100 = merge(lookup("A100"), None)
    assert a100.fp8_tflops is None and "fp8_tflops" not in a100.sources


def test_ceilings_for_name_reads_the_calibration_cache(tmp_path):
    name = "NVIDIA H200"
    assert ceilings_for(name, cache_dir=tmp_path).sources["memory_gbps"] == "table"
    rates = dict.fromkeys(RATE_FIELDS)
    for measured_at, gbps in (("2026-01-01T00:00:00Z", 5100.0), ("2026-02-01T00:00:00Z", 4900.0)):
        cal = Calibration(gpu_name=name, driver=f"550.{gbps:.0f}", torch_version="2.9.0", cuda_version="12.8",
                          measured_at=measured_at, **{**rates, "memory_gbps": gbps, "fp32_tflops": 51.0})  # fmt: skip
        save(cal, directory=tmp_path)
    ceilings = ceilings_for(name, cache_dir=tmp_path)
    assert ceilings.memory_gbps == 4900 and ceilings.sources["memory_gbps"] == "measured"  # newest wins
    # a measured rate under the datasheet's keeps the datasheet's (the floor stays a lower bound)
    assert ceilings.fp32_tflops == lookup(name).fp32_tflops and "above measured 51" in ceilings.sources["fp32_tflops"]
    assert ceilings.bf16_tflops == lookup(name).bf16_tflops


def test_doc_examples_run():
    assert doctest.testmod(gpus).failed == 0
