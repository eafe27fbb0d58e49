"""Roofline: FLOP and byte counts checked against hand computation, floors, plausibility."""

from __future__ import annotations

import doctest
import textwrap

import pytest

from autokernel.hardware import roofline as roofline_mod
from autokernel.hardware.gpus import Ceilings, lookup, merge
from autokernel.hardware.roofline import (
    RooflineError,
    WorkCount,
    admitted_arithmetic,
    count_work,
    plausibility,
    roofline,
)
from autokernel.problem import Problem, ProblemError

# Invented ceilings with round numbers so floors are easy to compute by hand.
CEIL = Ceilings(gpu_name="test GPU", memory_gbps=1000.0, fp32_tflops=10.0, tf32_tflops=100.0,
                fp16_tflops=200.0, bf16_tflops=200.0, fp8_tflops=400.0)  # fmt: skip


def problem(body: str, name: str = "p") -> Problem:
    return Problem.from_source("import torch\nimport torch.nn as nn\n" + textwrap.dedent(body), name=name)


MATMUL = problem(
    """
    M, N, K = 96, 64, 128  # 14.8 FLOP/byte: compute-bound in fp32, memory-bound in TF32 on CEIL
    class Model(nn.Module):
        def forward(self, a, b):
            return a @ b
    def get_inputs():
        return [torch.rand(M, K), torch.rand(K, N)]
    def get_init_inputs():
        return []
    """,
    "matmul",
)

RELU = problem(
    """
    class Model(nn.Module):
        def forward(self, x):
            return torch.relu(x)
    def get_inputs():
        return [torch.rand(16, 24)]
    def get_init_inputs():
        return []
    """,
    "relu",
)


@pytest.mark.parametrize("device", ["meta", "cpu"])
def test_matmul_counts(device):
    w = count_work(MATMUL, device=device)
    assert w.matmul_flops == 2 * 96 * 64 * 128
    assert w.pointwise_flops == 0 and w.other_flops == 0
    assert w.input_bytes == (96 * 128 + 128 * 64) * 4 and w.output_bytes == 96 * 64 * 4
    assert w.parameter_bytes == 0 and w.dtype == "fp32"


@pytest.mark.parametrize("device", ["meta", "cpu"])
def test_relu_counts(device):
    w = count_work(RELU, device=device)
    assert w.bytes == 2 * 16 * 24 * 4  # read once, write once
    assert w.pointwise_flops == 16 * 24 and w.matmul_flops == 0


def test_linear_counts_parameters_once_and_skips_unused_ones():
    p = problem(
        """
        class Model(nn.Module):
            def __init__(self, n_in, n_out):
                super().__init__()
                self.fc = nn.Linear(n_in, n_out)
                self.unused = nn.Linear(1000, 1000)
            def forward(self, x):
                return torch.sigmoid(self.fc(x)) * 2.0
        def get_inputs():
            return [torch.rand(8, 32)]
        def get_init_inputs():
            return [32, 16]
        """
    )
    w = count_work(p)
    assert w.matmul_flops == 2 * 8 * 32 * 16  # addmm counts the multiply-adds; the bias add is folded in
    assert w.parameter_bytes == (32 * 16 + 16) * 4  # the unused 1000x1000 layer is not a byte that must move
    assert w.input_bytes == 8 * 32 * 4 and w.output_bytes == 8 * 16 * 4
    assert w.pointwise_flops == 2 * 8 * 16  # sigmoid and the multiply


def test_conv2d_flops_match_direct_formula():
    p = problem(
        """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 8, 3, bias=False)
            def forward(self, x):
                return self.conv(x)
        def get_inputs():
            return [torch.rand(2, 3, 10, 10)]
        def get_init_inputs():
            return []
        """
    )
    w = count_work(p)
    assert w.matmul_flops == 2 * (2 * 8 * 8 * 8) * (3 * 3 * 3)  # 2 * outputs * (C_in * kh * kw)
    assert w.has_convolution
    r = roofline(w, CEIL)
    assert any("Winograd" in n for n in r.notes)


def test_reduction_counts_one_flop_per_element_read():
    p = problem(
        """
        class Model(nn.Module):
            def forward(self, x):
                return torch.softmax(x, dim=1)
        def get_inputs():
            return [torch.rand(4, 50)]
        def get_init_inputs():
            return []
        """
    )
    w = count_work(p)
    assert w.other_flops == 200 and w.bytes == 2 * 200 * 4


def test_dtype_cast_halves_bytes_and_keeps_integers():
    p = problem(
        """
        class Model(nn.Module):
            def forward(self, x, idx):
                return x[idx] * 3.0
        def get_inputs():
            return [torch.rand(10, 6), torch.randint(0, 10, (4,))]
        def get_init_inputs():
            return []
        """
    )
    w32, w16 = count_work(p), count_work(p, dtype="bf16")
    assert w32.dtype == "fp32" and w16.dtype == "bf16"
    assert w32.input_bytes == 10 * 6 * 4 + 4 * 8  # int64 indices stay int64
    assert w16.input_bytes == 10 * 6 * 2 + 4 * 8
    assert w16.output_bytes == 4 * 6 * 2


def test_structured_operands_do_not_bind_the_compute_floor():
    # KernelBench L1 14 style: triangular inputs built in get_inputs, matmul in forward.
    p = problem(
        """
        N = 64
        class Model(nn.Module):
            def forward(self, A, B):
                return torch.triu(torch.matmul(A, B))
        def get_inputs():
            return [torch.triu(torch.rand(N, N)), torch.triu(torch.rand(N, N))]
        def get_init_inputs():
            return []
        """
    )
    w = count_work(p)
    assert w.matmul_flops == 2 * 64**3 and w.structured_matmul_flops == w.matmul_flops
    assert w.input_bytes == 2 * int(64 * 65 / 2 * 4)  # only the upper triangles must be read
    r = roofline(w, CEIL)
    assert r.bound == "memory" and any("structured" in n for n in r.notes)

    diag = problem(  # KernelBench L1 12 style: diag(A) @ B built inside forward.
        """
        class Model(nn.Module):
            def forward(self, A, B):
                return torch.diag(A) @ B
        def get_inputs():
            return [torch.rand(32), torch.rand(32, 16)]
        def get_init_inputs():
            return []
        """
    )
    wd = count_work(diag)
    assert wd.structured_matmul_flops == wd.matmul_flops == 2 * 32 * 32 * 16
    assert wd.input_bytes == (32 + 32 * 16) * 4


def test_explicit_cuda_device_in_problem_code_is_redirected():
    # KernelBench L1 97 (config default) builds its inputs with device='cuda'.
    p = problem(
        """
        class Model(nn.Module):
            def forward(self, q, k, v):
                return torch.nn.functional.scaled_dot_product_attention(q, k, v)
        def get_inputs():
            return [torch.rand(2, 2, 16, 8, device='cuda', dtype=torch.float16) for _ in range(3)]
        def get_init_inputs():
            return []
        """
    )
    w = count_work(p)
    assert w.dtype == "fp16"
    assert w.matmul_flops == 2 * (2 * 2 * 16 * 16 * 8) * 2  # QK^T and PV
    assert w.input_bytes == 3 * 2 * 2 * 16 * 8 * 2


def test_cuda_calls_and_factories_in_problem_code():
    p = problem(
        """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(8, 4).cuda()
            def forward(self, x):
                return self.lin(x.to("cuda")) + torch.ones(4, device="cuda:0")
        def get_inputs():
            return [torch.rand(2, 8).cuda()]
        def get_init_inputs():
            return []
        """
    )
    for device in ("meta", "cpu"):
        w = count_work(p, device=device)
        assert w.matmul_flops == 2 * 2 * 8 * 4 and w.pointwise_flops == 2 * 4  # the add; torch.ones is free
        assert w.other_flops == 0 and w.parameter_bytes == (8 * 4 + 4) * 4


def test_floor_and_bound_by_hand():
    r = roofline(MATMUL, CEIL)  # fp32, TF32 admitted by default
    flops, nbytes = 2 * 96 * 64 * 128, (96 * 128 + 128 * 64 + 96 * 64) * 4
    assert r.flops == flops and r.bytes == nbytes
    compute_ms = flops / 100e12 * 1e3
    memory_ms = nbytes / 1000e9 * 1e3
    assert r.compute_ms == pytest.approx(compute_ms) and r.memory_ms == pytest.approx(memory_ms)
    assert r.floor_ms == pytest.approx(max(compute_ms, memory_ms))
    assert r.bound == "memory" and r.matmul_precision == "tf32"
    strict = roofline(MATMUL, CEIL, allow_tf32=False)
    assert strict.matmul_precision == "fp32" and strict.compute_ms == pytest.approx(flops / 10e12 * 1e3)
    assert strict.bound == "compute"
    loose = roofline(MATMUL, CEIL, allow_half=True, allow_fp8=True)
    assert loose.matmul_precision == "fp8"
    assert r.pct_of_floor(2 * r.floor_ms) == pytest.approx(50.0)


def test_vector_work_overlaps_matmul_work():
    w = WorkCount(matmul_flops=10**12, structured_matmul_flops=0, pointwise_flops=10**11, other_flops=0,
                  input_bytes=0, parameter_bytes=0, output_bytes=0, dtype="fp32")  # fmt: skip
    r = roofline(w, CEIL, allow_tf32=True)
    assert r.compute_ms == pytest.approx(max(10**12 / 100e12, 10**11 / 10e12) * 1e3)


def test_missing_ceilings_are_reported():
    blind = Ceilings(gpu_name="mystery", memory_gbps=None, fp32_tflops=10.0, tf32_tflops=None,
                     fp16_tflops=None, bf16_tflops=None, fp8_tflops=None)  # fmt: skip
    with pytest.raises(RooflineError, match="calibrate"):
        roofline(MATMUL, blind)
    no_half = Ceilings(gpu_name="old", memory_gbps=100.0, fp32_tflops=10.0, tf32_tflops=None,
                       fp16_tflops=None, bf16_tflops=None, fp8_tflops=None)  # fmt: skip
    half = WorkCount(matmul_flops=1, structured_matmul_flops=0, pointwise_flops=0, other_flops=0,
                     input_bytes=1, parameter_bytes=0, output_bytes=1, dtype="bf16")  # fmt: skip
    with pytest.raises(RooflineError, match="no matmul rate"):
        roofline(half, no_half)
    # fp32 with TF32 admitted but unknown: falls back to the FP32 rate.
    assert roofline(MATMUL, no_half).matmul_precision == "fp32"


def test_plausibility_quarantines_impossible_times():
    r = roofline(RELU, CEIL)
    ok = plausibility(r.floor_ms * 1.5, r)
    assert ok.passed and ok.name == "plausibility"
    assert ok.figures["pct_of_floor"] == pytest.approx(100 / 1.5)
    at = plausibility(r.floor_ms, r)  # at the floor: possible
    assert at.passed and at.figures["slack"] == 1.0
    below = plausibility(r.floor_ms * 0.95, r)  # the floor is a lower bound: any time under it is impossible
    assert not below.passed
    bad = plausibility(r.floor_ms * 0.5, r)
    assert not bad.passed and "faster than physically possible" in bad.reason
    assert "quarantined" in bad.reason and bad.figures["floor_ms"] == r.floor_ms
    assert not plausibility(0.0, r).passed
    with pytest.raises(ValueError, match="slack"):
        plausibility(1.0, r, slack=1.5)


def test_admitted_arithmetic_by_tolerance():
    assert admitted_arithmetic("fp32", 1e-4) == {"allow_tf32": True, "allow_half": False, "allow_fp8": False}
    assert admitted_arithmetic("fp32", 1e-5)["allow_tf32"] is False
    assert admitted_arithmetic("fp32", 1e-2)["allow_half"] is True
    assert admitted_arithmetic("bf16", 1e-2) == {"allow_tf32": False, "allow_half": False, "allow_fp8": False}
    with pytest.raises(ValueError):
        admitted_arithmetic("fp64", 1e-2)


def test_roofline_at_tolerance_picks_the_admitted_arithmetic():
    from autokernel.hardware.roofline import roofline_at_tolerance

    assert roofline_at_tolerance(MATMUL, CEIL, tolerance=1e-4).matmul_precision == "tf32"
    assert roofline_at_tolerance(MATMUL, CEIL, tolerance=1e-5).matmul_precision == "fp32"
    assert roofline_at_tolerance(MATMUL, CEIL, tolerance=1e-2).matmul_precision == "fp16"
    half = roofline_at_tolerance(MATMUL, CEIL, tolerance=1e-2, dtype="bf16")
    assert half.matmul_precision == "bf16" and half.bytes == (96 * 128 + 128 * 64 + 96 * 64) * 2


def test_broken_problem_errors_name_the_problem():
    with pytest.raises(ProblemError, match="boom"):
        count_work(
            problem("raise RuntimeError('boom')\nModel = get_inputs = get_init_inputs = None\n", "boom")
        )
    bad_forward = problem(
        """
        class Model(nn.Module):
            def forward(self, x):
                return x @ x
        def get_inputs():
            return [torch.rand(3, 4)]
        def get_init_inputs():
            return []
        """,
        "badshape",
    )
    with pytest.raises(RooflineError, match="badshape"):
        count_work(bad_forward)


def test_kernelbench_relu_and_matmul_on_h200_table(kernelbench_dir):
    import datasets

    rows = {r["name"]: r for r in datasets.load_dataset(str(kernelbench_dir))["level_1"]}
    h200 = merge(lookup("NVIDIA H200"), None)
    relu = rows["19_ReLU"]
    r = roofline(Problem.from_source(relu["code"], name=relu["name"]), h200)
    w = r.work
    numel = w.output_bytes // 4
    assert w.bytes == 2 * numel * 4 and r.bound == "memory"
    assert r.floor_ms == pytest.approx(2 * numel * 4 / 4800e9 * 1e3)
    mm = rows["1_Square_matrix_multiplication_"]
    r = roofline(Problem.from_source(mm["code"], name=mm["name"]), h200)
    n = round((r.work.output_bytes / 4) ** 0.5)
    assert r.flops == 2 * n**3 and r.bound == "compute" and r.matmul_precision == "tf32"


def test_doc_examples_run():
    assert doctest.testmod(roofline_mod).failed == 0


def test_compute_bound_convolution_may_beat_the_direct_count():
    """A Winograd convolution needs fewer multiplies than the floor counts: allowed down to a quarter."""
    from autokernel.hardware.gpus import lookup, merge
    from autokernel.hardware.roofline import CONVOLUTION_SLACK, WorkCount

    work = WorkCount(matmul_flops=2 * 4096**3, structured_matmul_flops=0, pointwise_flops=0, other_flops=0,
                     input_bytes=4096**2 * 4, parameter_bytes=0, output_bytes=4096**2 * 4, dtype="fp32",
                     has_convolution=True)
    r = roofline(work, merge(lookup("NVIDIA H200"), None))
    assert r.bound == "compute"
    assert plausibility(r.floor_ms * 0.5, r).passed
    assert not plausibility(r.floor_ms * CONVOLUTION_SLACK * 0.9, r).passed
