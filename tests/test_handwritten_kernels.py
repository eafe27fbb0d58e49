"""Hand-written Triton solutions in benchmarks/kernels/level1 agree with their KernelBench problems.

Runs on CPU through Triton's interpreter on scaled-down problems: each solution is built with the same seed as the
reference, run on three inputs (the problem's own, then signed and wide-range variants), compared at
atol = rtol = 1e-4 and checked not to modify its inputs or alias them.

The ``gpu`` test runs the same check on CUDA with compiled kernels at near-real sizes; it runs each problem in a
child process (this file executed as a script), because this module turns on the interpreter for its own process.
"""

from __future__ import annotations

import os

if __name__ != "__main__":
    os.environ["TRITON_INTERPRET"] = (
        "1"  # before anything imports triton; the script mode compiles for the GPU
    )

import importlib.util
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("triton")
datasets = pytest.importorskip("datasets")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the package may not be installed into the test environment
    sys.path.insert(0, str(ROOT))

from autokernel.problem import Problem  # noqa: E402

SOLUTIONS = ROOT / "benchmarks" / "kernels" / "level1"
KERNELBENCH = Path(os.environ.get("AUTOKERNEL_KB_TEST_DATASET") or ROOT.parent / "shared" / "kernelbench")
TOL = 1e-4


@dataclass(frozen=True, kw_only=True)
class Case:
    """How to shrink one problem: divide size constants by ``scale``, then apply textual ``edits``."""

    name: str
    scale: int
    variant: str = ""  # distinguishes test ids of several cases of one problem
    edits: tuple[tuple[str, str], ...] = ()
    # Module constants of the solution to shrink so that split/multi-chunk paths run at test sizes.
    knobs: dict[str, int] = field(default_factory=dict)
    signed_inputs: bool = True
    # Give both models the same random parameters (default inits such as ones/zeros hide affine bugs).
    perturb_params: bool = False


_MSE_SMALL = ((r"input_shape = \(32768,\)", "input_shape = (45,)"),)
# Hinge: the target vector broadcasts along the last dim, so that dim must equal batch_size.
_HINGE_SMALL = ((r"input_shape = \(32768,\)", "input_shape = (batch_size,)"),)
# KL: sizes are products (8192 * 2), which scaling leaves alone, so they are edited by hand.
_KL_SMALL = (
    (r"batch_size = 8192 \* 2", "batch_size = 48"),
    (r"input_shape = \(8192 \* 2,\)", "input_shape = (40,)"),
)
_KL_ZERO_TARGETS = (
    r"torch\.rand\(batch_size, \*input_shape\)\.softmax\(dim=-1\)\]",
    "(torch.rand(batch_size, *input_shape) - 0.3).clamp(min=0)]",
)
# Small tiles so that multi-split / multi-iteration / partial-tile paths run at test sizes.
_SPLIT_SOFTMAX = {"_BLOCK": 128, "_CHUNK_BLOCKS": 2, "_MIN_PROGRAMS": 1}
_SPLIT_LN = {"_BLOCK": 256, "_CHUNK_BLOCKS": 2, "_MIN_PROGRAMS": 1}
_SMALL_FLAT = {"_BLOCK": 64, "_ITERS": 2, "_FINISH_BLOCK": 8}

CASES = [
    Case(name="19_ReLU", scale=640),
    Case(name="21_Sigmoid", scale=640),
    Case(name="26_GELU_", scale=640),
    Case(name="88_MinGPTNewGelu", scale=128),
    Case(name="23_Softmax", scale=640),
    Case(name="23_Softmax", scale=640, knobs=_SPLIT_SOFTMAX),
    Case(name="24_LogSoftmax", scale=640),
    Case(name="24_LogSoftmax", scale=640, knobs=_SPLIT_SOFTMAX),
    Case(name="36_RMSNorm_", scale=16),
    Case(
        name="36_RMSNorm_", scale=32, variant="many-channels", edits=((r"features = 2\b", "features = 70"),)
    ),
    Case(name="40_LayerNorm", scale=12, perturb_params=True),
    Case(name="40_LayerNorm", scale=12, perturb_params=True, knobs=_SPLIT_LN),
    Case(name="47_Sum_reduction_over_a_dimension", scale=64),
    Case(
        name="47_Sum_reduction_over_a_dimension",
        scale=128,
        variant="last-dim",
        edits=((r"reduce_dim = 1", "reduce_dim = 2"),),
    ),
    Case(
        name="47_Sum_reduction_over_a_dimension",
        scale=64,
        variant="first-dim",
        edits=((r"reduce_dim = 1", "reduce_dim = 0"),),
    ),
    Case(name="48_Mean_reduction_over_a_dimension", scale=64),
    Case(
        name="48_Mean_reduction_over_a_dimension",
        scale=128,
        variant="last-dim",
        edits=((r"return \[1\]", "return [-1]"),),
    ),
    Case(name="94_MSELoss", scale=512, edits=_MSE_SMALL),
    Case(name="94_MSELoss", scale=512, edits=_MSE_SMALL, knobs=_SMALL_FLAT),
    Case(name="96_HuberLoss", scale=512, edits=_MSE_SMALL),
    Case(name="96_HuberLoss", scale=512, edits=_MSE_SMALL, knobs=_SMALL_FLAT),
    # log(predictions) needs positive inputs, so the signed variants do not apply.
    Case(name="98_KLDivLoss", scale=1, signed_inputs=False, edits=_KL_SMALL),
    Case(
        name="98_KLDivLoss",
        scale=1,
        signed_inputs=False,
        variant="zero-targets",
        edits=(*_KL_SMALL, _KL_ZERO_TARGETS),
        knobs=_SMALL_FLAT,
    ),
    Case(
        name="99_TripletMarginLoss", scale=512, edits=((r"input_shape = \(8192,\)", "input_shape = (45,)"),)
    ),
    Case(
        name="99_TripletMarginLoss",
        scale=512,
        edits=((r"input_shape = \(8192,\)", "input_shape = (45,)"),),
        knobs={"_BLOCK_R": 8, "_BLOCK_D": 16, "_FINISH_BLOCK": 2},
    ),
    Case(name="100_HingeLoss", scale=700, edits=_HINGE_SMALL),
    Case(
        name="100_HingeLoss",
        scale=700,
        edits=_HINGE_SMALL,
        knobs={"_BLOCK_R": 8, "_BLOCK_C": 32, "_FINISH_BLOCK": 4},
    ),
]


@pytest.fixture(scope="module")
def level1_sources() -> dict[str, str]:
    if not KERNELBENCH.exists():
        pytest.skip(f"KernelBench copy not found at {KERNELBENCH}")
    rows = datasets.load_dataset(str(KERNELBENCH), "github_main")["level_1"]
    return {row["name"]: row["code"] for row in rows}


def _small_problem(case: Case, sources: dict[str, str]) -> Problem:
    problem = Problem.from_source(sources[case.name], name=case.name).scaled(case.scale)
    source = problem.source
    for pattern, replacement in case.edits:
        source, count = re.subn(pattern, replacement, source)
        assert count == 1, f"{case.name}: edit {pattern!r} matched {count} times"
    return Problem.from_source(source, name=case.name)


def _load_solution(name: str, knobs: dict[str, int]):
    path = SOLUTIONS / f"{name}.py"
    module_name = "_kb_solution_" + re.sub(r"\W", "_", name)
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    for knob, value in knobs.items():
        assert hasattr(module, knob), f"{name} has no knob {knob}"
        setattr(module, knob, value)
    return module


def _variants(inputs: list, trial: int, signed: bool) -> list:
    """Trial 0: the problem's own inputs; 1: signed normal; 2: signed, wide range (float inputs only)."""
    if trial == 0 or not signed:
        return inputs
    out = []
    for t in inputs:
        if isinstance(t, torch.Tensor) and t.is_floating_point():
            t = torch.randn_like(t) * 3.0 if trial == 1 else (torch.rand_like(t) - 0.5) * 40.0 + 2.0
        out.append(t)
    return out


def _case_id(case: Case) -> str:
    return (
        case.name
        + (f"-{case.variant}" if case.variant else "")
        + "".join(f"-{k.strip('_')}{v}" for k, v in case.knobs.items())
    )


def _check(case: Case, sources: dict[str, str], device: str = "cpu") -> None:
    """Build reference and solution with one seed and compare them on three inputs on ``device``."""
    problem = _small_problem(case, sources)
    scope: dict = {}
    exec(compile(problem.source, f"<{case.name}>", "exec"), scope)
    solution = _load_solution(case.name, case.knobs)

    torch.manual_seed(42)
    reference = scope["Model"](*scope["get_init_inputs"]())
    torch.manual_seed(42)
    candidate = solution.ModelNew(*scope["get_init_inputs"]())
    ref_params = [p.detach().clone() for p in reference.parameters()]
    new_params = [p.detach().clone() for p in candidate.parameters()]
    assert len(ref_params) == len(new_params)
    for a, b in zip(ref_params, new_params, strict=True):
        assert torch.equal(a, b)
    if case.perturb_params:
        gen = torch.Generator().manual_seed(7)
        with torch.no_grad():
            for a, b in zip(reference.parameters(), candidate.parameters(), strict=True):
                value = torch.randn(a.shape, generator=gen)
                a.copy_(value)
                b.copy_(value)
    reference.to(device)
    candidate.to(device)

    for trial in range(3):
        torch.manual_seed(1000 + trial)
        inputs = [t.to(device) if isinstance(t, torch.Tensor) else t for t in scope["get_inputs"]()]
        inputs = _variants(inputs, trial, case.signed_inputs)
        originals = [t.clone() if isinstance(t, torch.Tensor) else t for t in inputs]
        expected = reference(*inputs)
        got = candidate(*inputs)
        for before, after in zip(originals, inputs, strict=True):
            if isinstance(before, torch.Tensor):
                assert torch.equal(before, after), "solution modified its input"
        assert type(got) is torch.Tensor
        assert got.shape == expected.shape and got.dtype == expected.dtype and got.device == expected.device
        for t in inputs:
            if isinstance(t, torch.Tensor) and t.numel() and got.numel():
                assert got.untyped_storage().data_ptr() != t.untyped_storage().data_ptr(), (
                    "output aliases input"
                )
        torch.testing.assert_close(
            got, expected, atol=TOL, rtol=TOL, msg=lambda m, t=trial: f"trial {t}: {m}"
        )


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_solution_matches_reference(case: Case, level1_sources: dict[str, str]) -> None:
    _check(case, level1_sources)


# Near-real sizes for the GPU check (real launch grids, split plans and int64 offsets): sizes halved, except
# where the broadcast or the product-form sizes need the original constants.
GPU_CASES = [
    Case(name="19_ReLU", scale=2),
    Case(name="21_Sigmoid", scale=2),
    Case(name="26_GELU_", scale=2),
    Case(name="88_MinGPTNewGelu", scale=1),
    Case(name="23_Softmax", scale=2),
    Case(name="24_LogSoftmax", scale=2),
    Case(name="36_RMSNorm_", scale=2),
    Case(name="40_LayerNorm", scale=1, perturb_params=True),
    Case(name="47_Sum_reduction_over_a_dimension", scale=2),
    Case(name="48_Mean_reduction_over_a_dimension", scale=2),
    Case(name="94_MSELoss", scale=2),
    Case(name="96_HuberLoss", scale=2),
    Case(name="98_KLDivLoss", scale=1, signed_inputs=False),
    Case(name="99_TripletMarginLoss", scale=2),
    Case(name="100_HingeLoss", scale=1),
]


@pytest.mark.gpu
@pytest.mark.parametrize("index", range(len(GPU_CASES)), ids=[_case_id(c) for c in GPU_CASES])
def test_solution_matches_reference_on_gpu(index: int) -> None:
    if not torch.cuda.is_available():
        pytest.skip("needs a CUDA GPU")
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    run = subprocess.run(
        [sys.executable, __file__, str(index)], env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]


if __name__ == "__main__":
    _rows = datasets.load_dataset(str(KERNELBENCH), "github_main")["level_1"]
    _check(GPU_CASES[int(sys.argv[1])], {row["name"]: row["code"] for row in _rows}, device="cuda")
