"""Split (multi-stage) reductions and row normalisations of the starter templates.

The split paths are meant for few, very long reductions on a GPU; here tunables force them on tiny,
non-power-of-two shapes (Triton interpreter) and they must match PyTorch at 1e-4, also on large-magnitude
inputs. The default tunables must keep tiny problems on the single-pass kernels.
"""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import textwrap  # noqa: E402
from collections import Counter  # noqa: E402

import pytest  # noqa: E402
import torch  # noqa: E402

from autokernel.problem import Problem  # noqa: E402
from autokernel.starters import generate_starter  # noqa: E402
from autokernel.starters.check import load_module  # noqa: E402

FORCE_REDUCE = {"RED_SPLIT_MIN_R": 1, "RED_SPLIT_CHUNK": 16}
FORCE_NORM = {"NORM_SPLIT_MIN_R": 1, "NORM_SPLIT_CHUNK": 16}


def make_problem(body: str, shape: tuple) -> Problem:
    src = textwrap.dedent(
        f"""
import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
{textwrap.indent(textwrap.dedent(body).strip(), "    ")}

def get_inputs():
    return [torch.rand{shape}]

def get_init_inputs():
    return []
"""
    )
    return Problem.from_source(src, name="split")


class _Named:
    """Stands in for one module-level kernel; counts its launches under its own name."""

    def __init__(self, name, fn, counts: Counter):
        self.name, self.fn, self.counts = name, fn, counts

    def __getitem__(self, grid):
        launcher = self.fn[grid]

        def run(*args, **kwargs):
            self.counts[self.name] += 1
            self.counts.grids[self.name] = tuple(grid)
            return launcher(*args, **kwargs)

        return run


def run_compare(
    problem: Problem, tunables: dict | None, shape: tuple, transform=None, device: str = "cpu"
) -> Counter:
    """Run Model and the starter's ModelNew on one input (x -> transform(x)); return launches per kernel."""
    st = generate_starter(problem, tunables)
    assert st.covered, st.fallbacks
    mod = load_module(st.source)
    counts: Counter = Counter()
    counts.grids = {}  # last launch grid per kernel
    for name in dir(mod):
        if name.endswith("_kernel"):
            setattr(mod, name, _Named(name, getattr(mod, name), counts))
    ns: dict = {}
    exec(problem.source, ns)
    torch.manual_seed(0)
    ref = ns["Model"]()
    torch.manual_seed(0)
    new = mod.ModelNew()
    for mname, m in ref.named_modules():  # random affine parameters, the same in both models
        if getattr(m, "weight", None) is not None:
            with torch.no_grad():
                g = torch.Generator().manual_seed(1)
                w = torch.rand(m.weight.shape, generator=g) + 0.5
                b = torch.randn(m.bias.shape, generator=g)
                for mm in (m, new.get_submodule(mname)):
                    mm.weight.copy_(w)
                    mm.bias.copy_(b)
    ref, new = ref.to(device), new.to(device)
    torch.manual_seed(1)
    x = torch.randn(*shape)
    if transform is not None:
        x = transform(x)
    x = x.to(device)
    with torch.no_grad():
        expected, got = ref(x), new(x)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    torch.testing.assert_close(got, expected, atol=1e-4, rtol=1e-4)
    return counts


def _large(x):
    return x * 64 + 3


def _offset_heavy_tailed(x):
    # far from zero, with outliers: one-pass statistics must not cancel (the judge draws such inputs)
    return 1000.0 + torch.distributions.StudentT(2.5).sample(x.shape) * 0.5


TRANSFORMS = {"unit": None, "large": _large}


REDUCE_CASES = [
    ("torch.sum(x, dim=1)", (3, 37, 5)),
    ("x.sum(dim=-1)", (3, 5, 37)),
    ("x.mean(dim=(1, 2), keepdim=True)", (3, 7, 9)),
    ("torch.mean(x)", (5, 41)),
    ("torch.norm(x)", (3, 7, 11)),
    ("torch.norm(x, p=2, dim=0, keepdim=True)", (43, 6)),
    ("torch.norm(x, p=1, dim=1)", (2, 39, 3)),
    ("torch.sum(torch.abs(x), dim=-1)", (4, 53)),
    ("torch.amax(x, dim=(0, 2))", (9, 4, 7)),
    ("x.max()", (6, 35)),
    ("torch.amin(x, dim=1)", (2, 45, 3)),
    ("x.min()", (7, 19)),
]


@pytest.mark.parametrize("magnitude", ["unit", "large"])
@pytest.mark.parametrize("expr, shape", REDUCE_CASES)
def test_forced_split_reduction_matches_torch(expr, shape, magnitude):
    p = make_problem(f"def forward(self, x):\n    return {expr}", shape)
    counts = run_compare(p, FORCE_REDUCE, shape, _large if magnitude == "large" else None)
    stage1 = "_fused0_reduce_kernel" if "abs" in expr else "_reduce_split_kernel"  # abs folds into its reduction
    assert counts[stage1] == 1 and counts["_reduce_partials_kernel"] == 1, counts
    assert counts["_reduce_kernel"] == 0, counts


@pytest.mark.parametrize("expr, shape", [("torch.prod(x, dim=1)", (3, 37, 2)), ("torch.prod(x)", (5, 13))])
def test_forced_split_prod_matches_torch(expr, shape):
    p = make_problem(f"def forward(self, x):\n    return {expr}", shape)
    counts = run_compare(p, FORCE_REDUCE, shape, lambda x: 1.0 + 0.05 * x)  # keep the product finite
    assert counts["_reduce_split_kernel"] == 1 and counts["_reduce_kernel"] == 0, counts


def test_forced_split_frobenius_norm_problem():
    """KernelBench L1/37 in miniature: x / ||x||_F, one output column before the split."""
    p = make_problem("def forward(self, x):\n    return x / torch.norm(x, p='fro')", (2, 5, 7, 9))
    counts = run_compare(p, FORCE_REDUCE, (2, 5, 7, 9), _large)
    assert counts["_reduce_split_kernel"] == 1 and counts["_reduce_partials_kernel"] == 1, counts


@pytest.mark.parametrize(
    "expr",
    ["torch.argmax(x, dim=1)", "torch.max(x, dim=1)[0]", "torch.logsumexp(x, dim=1)"],
)
def test_ops_without_split_keep_single_pass_when_forced(expr):
    p = make_problem(f"def forward(self, x):\n    return {expr}", (3, 37, 5))
    counts = run_compare(p, FORCE_REDUCE, (3, 37, 5))
    assert counts["_reduce_kernel"] == 1 and counts["_reduce_split_kernel"] == 0, counts


NORM_CASES = [
    ("nn.LayerNorm((5, 7))", (3, 5, 7)),
    ("nn.LayerNorm(45, elementwise_affine=False)", (2, 3, 45)),
    ("nn.GroupNorm(2, 6)", (3, 6, 5, 3)),
    ("nn.GroupNorm(3, 3, affine=False)", (2, 3, 37)),
    ("nn.InstanceNorm2d(4, affine=True)", (2, 4, 5, 7)),
    ("nn.InstanceNorm1d(3)", (2, 3, 51)),
]


@pytest.mark.parametrize("magnitude", ["unit", "large"])
@pytest.mark.parametrize("ctor, shape", NORM_CASES)
def test_forced_split_rownorm_matches_torch(ctor, shape, magnitude):
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.norm = {ctor}\n"
        "def forward(self, x):\n    return self.norm(x)",
        shape,
    )
    counts = run_compare(p, FORCE_NORM, shape, TRANSFORMS[magnitude])
    assert counts["_rownorm_split_kernel"] == 2 and counts["_rownorm_kernel"] == 0, counts  # stats, apply


@pytest.mark.parametrize("tunables", [{"NORM_BLOCK": 16}, {}, FORCE_NORM], ids=["single", "wide-block", "split"])
@pytest.mark.parametrize("ctor, shape", NORM_CASES)
def test_one_pass_rownorm_statistics_hold_far_from_zero(ctor, shape, tunables):
    """Values near 1000 with heavy tails: the one-pass statistics (per-lane shifts, means relative to the
    row's first value) stay within 1e-5 of float64, where torch's own fp32 norm is off by ~1e-4."""
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.norm = {ctor}\n"
        "def forward(self, x):\n    return self.norm(x)",
        shape,
    )
    mod = load_module(generate_starter(p, tunables).source)
    ns: dict = {}
    exec(p.source, ns)
    torch.manual_seed(0)
    ref = ns["Model"]()
    new = mod.ModelNew()
    new.load_state_dict(ref.state_dict())
    torch.manual_seed(1)
    x = _offset_heavy_tailed(torch.randn(*shape))
    with torch.no_grad():
        got, exact = new(x).double(), ref.double()(x.double())
    assert (got - exact).abs().max().item() < 1e-5


def test_split_chunk_larger_than_row_keeps_single_pass():
    """One chunk per row adds no programs: the wrapper falls back to the single-pass kernel."""
    p = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.norm = nn.LayerNorm(37)\n"
        "def forward(self, x):\n    return self.norm(x)",
        (3, 37),
    )
    counts = run_compare(p, {"NORM_SPLIT_MIN_R": 1, "NORM_SPLIT_CHUNK": 64}, (3, 37))
    assert counts["_rownorm_kernel"] == 1 and counts["_rownorm_split_kernel"] == 0, counts


def test_split_programs_zero_disables_split():
    p = make_problem("def forward(self, x):\n    return torch.sum(x, dim=1)", (3, 37, 5))
    counts = run_compare(p, {**FORCE_REDUCE, "RED_SPLIT_PROGRAMS": 0}, (3, 37, 5))
    assert counts["_reduce_kernel"] == 1 and counts["_reduce_split_kernel"] == 0, counts


def test_default_path_unchanged_for_small_problems():
    red = make_problem("def forward(self, x):\n    return torch.norm(x)", (3, 5, 9))
    st = generate_starter(red)
    assert {k: st.tunables[k] for k in ("RED_SPLIT_PROGRAMS", "RED_SPLIT_MIN_R", "RED_SPLIT_CHUNK")} == {
        "RED_SPLIT_PROGRAMS": 264,
        "RED_SPLIT_MIN_R": 16384,
        "RED_SPLIT_CHUNK": 16384,
    }
    for key in ("RED_SPLIT_PROGRAMS", "RED_SPLIT_MIN_R", "RED_SPLIT_CHUNK"):
        assert st.tunables[key] in st.space[key] and len(st.space[key]) > 1
    counts = run_compare(red, None, (3, 5, 9))
    assert counts == Counter({"_reduce_kernel": 1}), counts
    norm = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.norm = nn.LayerNorm((5, 6))\n"
        "def forward(self, x):\n    return self.norm(x)",
        (3, 4, 5, 6),
    )
    st = generate_starter(norm)
    assert st.tunables["NORM_SPLIT_MIN_R"] == 16384 and st.tunables["NORM_SPLIT_CHUNK"] == 16384
    counts = run_compare(norm, None, (3, 4, 5, 6))
    assert counts == Counter({"_rownorm_kernel": 1}), counts


def test_split_tunables_reject_values_outside_their_space():
    p = make_problem("def forward(self, x):\n    return torch.sum(x, dim=1)", (3, 37, 5))
    with pytest.raises(ValueError, match="RED_SPLIT_CHUNK"):
        generate_starter(p, {"RED_SPLIT_CHUNK": 17})


GPU_CASES = [  # default tunables: these shapes have few output programs and long reductions
    (
        "def forward(self, x):\n    return x / torch.norm(x, p='fro')",
        (16, 64, 64, 64),
        "_reduce_split_kernel",
    ),
    ("def forward(self, x):\n    return torch.sum(x, dim=0)", (1 << 20, 4), "_reduce_split_kernel"),
    ("def forward(self, x):\n    return torch.amax(x, dim=-1)", (3, 1 << 20), "_reduce_split_kernel"),
    (
        "def __init__(self):\n    super().__init__()\n    self.norm = nn.LayerNorm((64, 64, 64))\n"
        "def forward(self, x):\n    return self.norm(x)",
        (4, 64, 64, 64),
        "_rownorm_split_kernel",
    ),
    (
        "def __init__(self):\n    super().__init__()\n    self.norm = nn.GroupNorm(2, 8)\n"
        "def forward(self, x):\n    return self.norm(x)",
        (2, 8, 128, 128),
        "_rownorm_split_kernel",
    ),
]


@pytest.mark.gpu
@pytest.mark.skipif(
    not torch.cuda.is_available() or os.environ.get("TRITON_INTERPRET") == "1",
    reason="needs CUDA and compiled (not interpreted) Triton: TRITON_INTERPRET=0 pytest -m gpu",
)
@pytest.mark.parametrize("body, shape, kernel", GPU_CASES, ids=[c[2] + str(c[1]) for c in GPU_CASES])
def test_default_split_on_gpu(body, shape, kernel):
    counts = run_compare(make_problem(body, shape), None, shape, _large, device="cuda")
    assert counts[kernel] >= 1, counts


def test_rownorm_split_caps_chunks_per_row():
    """A row longer than 256 chunks grows its chunk (here to 48, not a power of two) instead."""
    p = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.norm = nn.LayerNorm(9000)\n"
        "def forward(self, x):\n    return self.norm(x)",
        (1, 9000),
    )
    counts = run_compare(p, FORCE_NORM, (1, 9000), _large)
    assert counts["_rownorm_split_kernel"] == 2, counts
    assert counts.grids["_rownorm_split_kernel"] == (188, 1), counts.grids  # cdiv(9000, 48) chunks, 1 row
