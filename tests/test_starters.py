"""Starter generator: each covered family matches its reference on CPU (Triton interpreter)."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import ast  # noqa: E402
import re  # noqa: E402
import textwrap  # noqa: E402

import pytest  # noqa: E402
import torch  # noqa: E402

from autokernel.problem import Problem  # noqa: E402
from autokernel.starters import Starter, generate_starter  # noqa: E402
from autokernel.starters.check import _LaunchCounter, check_starter, count_launches, load_module  # noqa: E402


def make_problem(body: str, inputs: str, init: str = "[]", name: str = "t", header: str = "") -> Problem:
    src = textwrap.dedent(
        f"""
import torch
import torch.nn as nn
import torch.nn.functional as F
{header}

class Model(nn.Module):
{textwrap.indent(textwrap.dedent(body).strip(), "    ")}

def get_inputs():
    return {inputs}

def get_init_inputs():
    return {init}
"""
    )
    return Problem.from_source(src, name=name)


def run_shapes(problem: Problem, starter: Starter, shapes: list[list[tuple]], init=(), atol=1e-4):
    """Build Model and ModelNew under one seed; compare them on random inputs of each shape set."""
    ns: dict = {}
    exec(problem.source, ns)
    mod = load_module(starter.source)
    counts = count_launches(mod)
    torch.manual_seed(0)
    ref = ns["Model"](*init)
    torch.manual_seed(0)
    new = mod.ModelNew(*init)
    for shape_set in shapes:
        xs = [torch.randn(*s) for s in shape_set]
        with torch.no_grad():
            expected, got = ref(*xs), new(*xs)
        exp_t = expected if isinstance(expected, tuple) else (expected,)
        got_t = got if isinstance(got, tuple) else (got,)
        for e, g in zip(exp_t, got_t):
            assert e.shape == g.shape, (e.shape, g.shape)
            assert e.dtype == g.dtype, (e.dtype, g.dtype)
            torch.testing.assert_close(g, e, atol=atol, rtol=atol)
    assert counts[0] > 0, "ModelNew did not launch a generated kernel"
    return counts[0]


def _conv_then(layers: str, shape: tuple, tail: str, into: str = "self.conv(x)") -> Problem:
    """A problem of a convolution and the layer after it (``layers``: "nn.Conv2d(...), nn.MaxPool2d(2)"): that layer
    takes ``into`` (an expression of the convolution's output), and the forward returns ``tail``, an expression
    of the layer's output ``h``."""
    conv, pool = layers.split(", nn.")
    return make_problem(
        f"""
        def __init__(self):
            super().__init__()
            self.conv = {conv}
            self.pool = nn.{pool}
        def forward(self, x):
            h = self.pool({into})
            return {tail}
        """,
        f"[torch.randn{shape}]",
    )


def test_fused_elementwise_chain_one_kernel():
    p = make_problem(
        """
        def __init__(self):
            super(Model, self).__init__()
            self.bias = nn.Parameter(torch.randn(7, 1))
        def forward(self, x):
            x = torch.relu(x) * 2.0 + self.bias
            x = F.gelu(x) - F.gelu(x, approximate="tanh") + F.silu(x) + torch.sigmoid(x) + torch.tanh(x)
            x = F.leaky_relu(x, 0.2) + F.elu(x, alpha=0.7) + F.selu(x) + F.hardtanh(x, -0.5, 0.5)
            x = F.hardsigmoid(x) + F.hardswish(x) + F.softplus(x) + F.softsign(x) + F.mish(x)
            x = torch.clamp(x, min=-1.0, max=3.0) + torch.abs(x).sqrt() + torch.exp(-x.abs())
            x = x / 3 + torch.log(x.abs() + 1.0) - x.pow(2) + (1 - x) + torch.clamp_min(x, 0.1)
            return x
        """,
        "[torch.rand(3, 7, 5)]",
    )
    st = generate_starter(p)
    assert len(st.covered) == 1 and st.covered[0].startswith("fused elementwise: relu,mul,add,gelu")
    assert st.fallbacks == ()
    launches = run_shapes(p, st, [[(3, 7, 5)], [(2, 7, 33)], [(7, 1)]])
    assert launches == 3  # one kernel per call


def test_epilogue_fusion_after_linear_and_conv():
    p = make_problem(
        """
        def __init__(self, cin, cout):
            super().__init__()
            self.conv = nn.Conv2d(cin, cout, 3)
            self.linear = nn.Linear(6, 5)
            self.scale = nn.Parameter(torch.randn(cout, 1, 1))
        def forward(self, x):
            x = self.conv(x)
            x = torch.sigmoid(x) * self.scale + 0.5
            x = self.linear(x)
            return F.relu(x) / 2
        """,
        "[torch.rand(2, 3, 8, 8)]",
        init="[3, 4]",
    )
    st = generate_starter(p)
    assert [c.split(":")[0] for c in st.covered] == ["fused elementwise", "fused elementwise"]
    assert any("Conv2d" in f for f in st.fallbacks) and any("linear" in f for f in st.fallbacks)
    run_shapes(p, st, [[(2, 3, 8, 8)], [(1, 3, 5, 8)]], init=(3, 4))


@pytest.mark.parametrize("tunables", [{}, {"CONV_ALGO": "taps"}, {"CONV_ALGO": "taps", "CONV_PRECISION": "tf32x3s"}])
def test_a_convolutions_elementwise_tail_runs_in_its_store_with_the_generated_kernel(tunables):
    """L2/90's shape of problem (a convolution, an activation, a per-channel add, a clamp, a GELU), a transposed
    one scaled by a number (L2/50's), a depthwise one (the direct stencil's store): with CONV_ENGINE "triton" the
    tail is the convolution's epilogue (one launch), with the library call its own kernel; the same values either
    way. A convolution whose output is also returned keeps its tail apart."""
    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv3d(3, 5, 3)
            self.shift = nn.Parameter(torch.randn(5, 1, 1, 1))
            self.up = nn.ConvTranspose2d(4, 3, 3, stride=2, padding=1)
            self.scale = nn.Parameter(torch.tensor(0.5))
            self.dw = nn.Conv2d(4, 8, 3, groups=4, padding=1)
            self.plain = nn.Conv2d(4, 2, 1)
        def forward(self, x, y):
            a = torch.clamp(F.leaky_relu(self.conv(x), 0.2) + self.shift, min=-1.0, max=1.0)
            b = self.up(y) * self.scale
            c = torch.relu(self.dw(y)) * 2.0
            d = self.plain(y)
            return F.gelu(a), b, c, d, torch.sigmoid(d)
        """,
        "[torch.rand(2, 3, 4, 6, 6), torch.rand(2, 4, 5, 5)]",
    )
    shapes = [[(2, 3, 4, 6, 6), (2, 4, 5, 5)]]
    for engine, fuse in (("library", "store"), ("triton", "store"), ("triton", "apart")):
        st = generate_starter(p, tunables={"CONV_ENGINE": engine, "CONV_FUSE": fuse, **tunables})
        assert st.space["CONV_FUSE"] == ["store", "apart"]
        forward = st.source.split("def forward")[1]
        assert forward.count("_conv_epi") == 3
        assert forward.count("if CONV_ENGINE == 'triton' and CONV_FUSE == 'store':") == 3
        assert "plain = _conv(y, self.plain) if CONV_ENGINE == 'triton'" in forward  # also returned: not fused
        launches = run_shapes(p, st, shapes)
        if "CONV_PRECISION" not in tunables:  # (3xTF32 splits its operands in kernels of their own)
            # 4 convs + sigmoid; 4 tails beside the library calls; apart, the 4 convs and the 4 tails
            assert launches == {"library": 4, "triton": 5 if fuse == "store" else 8}[engine], (engine, fuse, launches)


@pytest.mark.parametrize(
    "expr",
    [
        "torch.sum(x, dim=1)",
        "x.mean(dim=(1, 2), keepdim=True)",
        "torch.max(x, dim=2)[0]",
        "torch.min(x, 1, keepdim=True).values",
        "torch.argmax(x, dim=1)",
        "torch.argmin(x, dim=2)",
        "torch.prod(x, dim=0)",
        "torch.amax(x, dim=(0, 2))",
        "torch.logsumexp(x, dim=2, keepdim=True)",
        "torch.norm(x, p=2, dim=1, keepdim=True)",
        "torch.norm(x)",
        "torch.sum(torch.abs(x), dim=-1)",
        "x.max()",
    ],
)
@pytest.mark.parametrize("offsets", ["auto", "narrow", "wide"])
def test_reductions(expr, offsets):
    p = make_problem(f"def forward(self, x):\n    return {expr}", "[torch.rand(3, 5, 9)]")
    st = generate_starter(p)
    # abs then sum is one folded kernel (see test_elementwise_chain_folds_into_its_reduction)
    assert any(c.startswith(("reduction:", "fused elementwise + reduction:")) for c in st.covered), st.fallbacks
    # 32-bit or 64-bit offsets whatever the size, or by layout (a tunable: 32-bit ones are not always faster)
    st = generate_starter(p, tunables={"RED_OFFSETS": offsets})
    run_shapes(p, st, [[(3, 5, 9)], [(2, 37, 6)]])


@pytest.mark.parametrize("expr", ["torch.softmax(x, dim=-1)", "F.log_softmax(x, dim=1)", "x.softmax(0)"])
def test_softmax(expr):
    p = make_problem(f"def forward(self, x):\n    return {expr}", "[torch.rand(3, 5, 9)]")
    st = generate_starter(p)
    assert st.covered and st.covered[0].startswith("softmax:")
    run_shapes(p, st, [[(3, 5, 9)], [(2, 3, 1000)]])


@pytest.mark.parametrize(
    "ctor, shape",
    [
        ("nn.LayerNorm((5, 6))", (3, 4, 5, 6)),
        ("nn.LayerNorm(6, elementwise_affine=False)", (2, 7, 6)),
        ("nn.GroupNorm(2, 6)", (3, 6, 5, 3)),
        ("nn.InstanceNorm2d(4)", (2, 4, 5, 7)),
        ("nn.InstanceNorm1d(4, affine=True)", (2, 4, 9)),
        ("nn.BatchNorm2d(4)", (3, 4, 5, 5)),
        ("nn.BatchNorm1d(6)", (5, 6)),
    ],
)
def test_normalisations(ctor, shape):
    p = make_problem(
        f"""
        def __init__(self):
            super().__init__()
            self.norm = {ctor}
            if hasattr(self.norm, "weight") and self.norm.weight is not None:
                nn.init.uniform_(self.norm.weight)
                nn.init.uniform_(self.norm.bias)
        def forward(self, x):
            return self.norm(x)
        """,
        f"[torch.rand{shape}]",
    )
    st = generate_starter(p)
    assert st.covered and st.covered[0].startswith("normalisation:"), st.fallbacks
    run_shapes(p, st, [[shape]])


def test_rms_norm_pattern_and_batchnorm_running_stats():
    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.bn = nn.BatchNorm1d(5)
        def forward(self, x):
            rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + 1e-5)
            return self.bn(x / rms)
        """,
        "[torch.rand(4, 5, 3)]",
    )
    st = generate_starter(p)
    ns: dict = {}
    exec(p.source, ns)
    ref, new = ns["Model"](), load_module(st.source).ModelNew()
    x = torch.randn(4, 5, 3)
    torch.testing.assert_close(new(x), ref(x), atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(new.bn.running_var, ref.bn.running_var, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(new.bn.running_mean, ref.bn.running_mean, atol=1e-5, rtol=1e-5)


class _GridSpy:
    """Stands in for a Triton kernel: records the grid of each launch."""

    def __init__(self, kernel, grids: list):
        self.kernel, self.grids = kernel, grids

    def __getitem__(self, grid):
        self.grids.append(grid)
        return self.kernel[grid]


def _bn_models(p, st, device="cpu"):
    """(reference, ModelNew, grids): both built under seed 0; the batch-norm statistics kernels record their grids."""
    ns: dict = {}
    exec(p.source, ns)
    mod = load_module(st.source)
    grids: dict = {}
    for name in ("_bn_stats_kernel", "_bn_fused_kernel"):
        setattr(mod, name, _GridSpy(getattr(mod, name), grids.setdefault(name, [])))
    torch.manual_seed(0)
    ref = ns["Model"]().to(device)
    torch.manual_seed(0)
    return ref, mod.ModelNew().to(device), grids


def assert_same_running_stats(new, ref, names, batches=None):
    """Each batch norm's running mean and variance (and batch count) as torch keeps them."""
    for name in names:
        a, b = getattr(new, name), getattr(ref, name)
        torch.testing.assert_close(a.running_mean, b.running_mean, atol=1e-5, rtol=1e-5)
        torch.testing.assert_close(a.running_var, b.running_var, atol=1e-5, rtol=1e-5)
        if batches is not None:
            assert int(a.num_batches_tracked) == int(b.num_batches_tracked) == batches


@pytest.mark.parametrize(
    "ctor, shape, block",
    [
        ("nn.BatchNorm2d(5)", (3, 5, 7, 9), 16),  # chunks split both N and S; S = 63, a partial last tile
        ("nn.BatchNorm2d(5, momentum=None)", (3, 5, 7, 9), 64),
        ("nn.BatchNorm1d(5)", (37, 5), 16),  # S = 1: tiles of (batches, channels)
        ("nn.BatchNorm1d(5, affine=False)", (6, 5, 11), 256),  # tiles of (2 batches, 8 channels, 16 positions)
    ],
)
def test_batchnorm_split_statistics(ctor, shape, block):
    """Training-mode batch norm with several stats chunks per channel (BN_MIN_CHUNK forced small): output and
    running statistics match torch, also for inputs offset by 1e3 (variance from merged M2s, not sum of squares)."""
    p = make_problem(
        f"""
        def __init__(self):
            super().__init__()
            self.bn = {ctor}
            if self.bn.weight is not None:
                nn.init.uniform_(self.bn.weight)
                nn.init.uniform_(self.bn.bias)
        def forward(self, x):
            return self.bn(x)
        """,
        f"[torch.rand{shape}]",
    )
    st = generate_starter(p, tunables={"BN_BLOCK": block, "BN_MIN_CHUNK": 16})
    ref, new, grids = _bn_models(p, st)
    for offset in (0.0, 1e3):
        x = torch.randn(*shape) + offset
        torch.testing.assert_close(new(x), ref(x), atol=1e-4, rtol=1e-4)
    assert not grids["_bn_fused_kernel"] and all(g[1] > 2 for g in grids["_bn_stats_kernel"]), grids  # chunks
    assert_same_running_stats(new, ref, ("bn",))


_BN_TAILS = """
        def __init__(self):
            super().__init__()
            self.bn1 = nn.BatchNorm2d(5)
            self.bn2 = nn.BatchNorm2d(5)
            self.bn3 = nn.BatchNorm2d(5)
            self.bn4 = nn.BatchNorm2d(5)
            for bn in (self.bn1, self.bn2, self.bn3, self.bn4):
                nn.init.uniform_(bn.weight, 0.5, 1.5)
                nn.init.uniform_(bn.bias, -0.5, 0.5)
        def forward(self, x, r):
            a = torch.relu(self.bn1(x))  # activation tail
            b = torch.relu(self.bn2(a * 2.0) + r)  # residual add, then activation
            c = F.hardtanh(self.bn3(b), 0.0, 6.0)  # ReLU6, the same shape of tail as a's
            d = self.bn4(c)
            return torch.sigmoid(d) + d.sum()  # d is read twice: no tail fused
        """


@pytest.mark.parametrize("split", [False, True])
def test_batchnorm_runs_its_elementwise_tail(split):
    """The elementwise ops after a batch norm (activation, residual add) run in its normalising pass: output,
    running statistics and batch count match torch, in training mode (one launch, or split statistics) and in
    inference mode; a batch norm whose output is read twice keeps its own output."""
    p = make_problem(_BN_TAILS, "[torch.rand(3, 5, 7, 9), torch.rand(3, 5, 7, 9)]")
    st = generate_starter(p, tunables={"BN_BLOCK": 16, "BN_MIN_CHUNK": 16} if split else None)
    assert st.source.count("= _batch_norm(") == 4
    assert "_bn_epi0, ())" in st.source and "_bn_epi1, (r,))" in st.source  # relu; add -> relu
    assert len(re.findall(r"def _bn_epi\d", st.source)) == 3  # relu and relu6 written once each, add -> relu
    assert "self.bn4)\n" in st.source  # d: no tail
    assert "normalisation: batch_norm + add,relu" in st.covered
    ref, new, grids = _bn_models(p, st)
    for _ in range(2):
        x, r = torch.randn(3, 5, 7, 9), torch.randn(3, 5, 7, 9)
        torch.testing.assert_close(new(x, r), ref(x, r), atol=1e-4, rtol=1e-4)
    assert bool(grids["_bn_stats_kernel"]) == split and bool(grids["_bn_fused_kernel"]) != split
    assert_same_running_stats(new, ref, ("bn1", "bn2", "bn3", "bn4"), batches=2)
    new.eval()
    ref.eval()
    x, r = torch.randn(3, 5, 7, 9), torch.randn(3, 5, 7, 9)
    torch.testing.assert_close(new(x, r), ref(x, r), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize(
    "expr, shapes",
    [
        ("torch.matmul(a, b)", [(5, 7), (7, 3)]),
        ("torch.matmul(a.T, b)", [(7, 5), (7, 9)]),
        ("torch.bmm(a, b)", [(2, 5, 17), (2, 17, 3)]),
        ("torch.matmul(a, b)", [(2, 3, 5, 6), (6, 4)]),
        ("torch.matmul(a, b)", [(3, 70, 20), (20, 9)]),
    ],
)
@pytest.mark.parametrize("precision", ["ieee", "tf32x3s"])
def test_matmul(expr, shapes, precision):
    p = make_problem(
        f"def forward(self, a, b):\n    return {expr}", f"[torch.rand{shapes[0]}, torch.rand{shapes[1]}]"
    )
    st = generate_starter(p, tunables={"MM_PRECISION": precision, "MM_GROUP_M": 4})
    assert st.covered == ("matmul: matmul",)
    run_shapes(p, st, [shapes])


@pytest.mark.parametrize(
    "expr, shapes",
    [
        ("torch.matmul(a, b)", [(33, 20), (20,)]),
        ("torch.matmul(a, b)", [(37, 5000), (5000, 1)]),  # K split into ranges that are not whole blocks
        ("torch.matmul(a.T, b)", [(70, 9), (70, 1)]),  # A's rows strided: copied once
        ("torch.matmul(a, b)", [(2, 3, 5, 20), (20, 1)]),
        ("torch.matmul(a, b)", [(3, 0), (0, 1)]),  # empty K: zeros
    ],
)
def test_matrix_vector_products_stream_rows(expr, shapes):
    """A matmul with one column on the right runs the matrix-vector kernel (no tiled matmul, no matmul tunables)."""
    p = make_problem(
        f"def forward(self, a, b):\n    return {expr}", f"[torch.randn{shapes[0]}, torch.randn{shapes[1]}]"
    )
    st = generate_starter(p, tunables={"MM_GEMV_BLOCK_K": 128, "MM_GEMV_PROGRAMS": 132})
    assert st.covered == ("matmul: gemv",) and "MM_BLOCK_M" not in st.tunables, st.covered
    assert "_matmul_kernel" not in st.source
    run_shapes(p, st, [shapes])


def test_matrix_vector_long_k_is_accurate():
    """L1/4's form (K = 1 Mi there): per-lane chains of K / (splits * BLOCK_K) terms stay near float64."""
    p = make_problem("def forward(self, a, b):\n    return torch.matmul(a, b)",
                     "[torch.randn(8, 1 << 17), torch.randn(1 << 17, 1)]")
    mod = load_module(generate_starter(p).source)
    torch.manual_seed(0)
    a, b = torch.randn(8, 1 << 17), torch.randn(1 << 17, 1)
    exact = a.double() @ b.double()
    with torch.no_grad():
        err = (mod.ModelNew()(a, b).double() - exact).abs().max().item()
    assert err < 1e-4 * (1 + exact.abs().max().item()), err


@pytest.mark.parametrize(
    "ctor, shape",
    [
        ("nn.Conv1d(4, 6, 3, stride=2, padding=1, dilation=2)", (2, 4, 13)),
        ("nn.Conv2d(4, 6, (3, 2), stride=(2, 1), padding=(1, 0), groups=2)", (2, 4, 9, 7)),
        ("nn.Conv3d(3, 5, 2, bias=False)", (1, 3, 4, 5, 6)),
        ("nn.ConvTranspose1d(4, 6, 3, stride=2, padding=1, output_padding=1)", (2, 4, 7)),
        ("nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, dilation=2, groups=2)", (2, 4, 5, 6)),
        ("nn.ConvTranspose3d(2, 3, (2, 3, 2), stride=(1, 2, 2))", (1, 2, 3, 4, 3)),
        ("nn.Conv2d(40, 6, 3, padding=1, groups=2)", (2, 40, 6, 5)),  # channels per group > BLOCK_K
        ("nn.ConvTranspose2d(36, 4, 3, stride=2, padding=1)", (1, 36, 4, 3)),
        ("nn.ConvTranspose3d(4, 6, (3, 4, 5), stride=(2, 3, 2), padding=(1, 2, 0), output_padding=(1, 0, 1), groups=2)",
         (2, 4, 3, 2, 4)),  # by output class: strides, pads and output padding that do not divide the kernel
        ("nn.Linear(9, 5)", (3, 4, 9)),
    ],
)
@pytest.mark.parametrize("precision", ["ieee", "tf32x3s"])
@pytest.mark.parametrize("algo", ["im2col", "taps"])
def test_heavy_ops_get_kernels_when_alone(ctor, shape, precision, algo):
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.op = {ctor}\ndef forward(self, x):\n    return self.op(x)",
        f"[torch.rand{shape}]",
    )
    st = generate_starter(p)
    assert len(st.covered) == 1 and st.fallbacks == () and not st.engines
    if "Linear" in ctor:
        if algo == "taps":
            pytest.skip("convolutions only")
        tunables = {"MM_PRECISION": precision}
    else:  # both implicit GEMMs: im2col indices per element, or per tap over channels-last input
        tunables = {"CONV_PRECISION": precision, "CONV_ALGO": algo, "CONV_BLOCK_K": 16}
    run_shapes(p, generate_starter(p, tunables=tunables), [[shape]])


def test_heavy_ops_beside_light_ones_are_a_tunable_away():
    """Library calls by default; MM_ENGINE / CONV_ENGINE switch them to the generated kernels, and the knobs of
    a family whose only users are switched off do nothing (the tuner leaves them alone)."""
    p = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.fc = nn.Linear(20, 9)\n    self.conv = nn.Conv2d(3, 4, 3)\n"
        "def forward(self, x, y):\n    return torch.relu(self.fc(x)) * 2, torch.sigmoid(self.conv(y))",
        "[torch.randn(5, 20), torch.randn(2, 3, 8, 8)]",
    )
    st = generate_starter(p)
    assert st.engines == {"MM_ENGINE": "MM_", "CONV_ENGINE": "CONV_"}
    assert st.tunables["MM_ENGINE"] == st.tunables["CONV_ENGINE"] == "library"
    assert "MM_BLOCK_M" in st.inert(st.tunables) and "MM_ENGINE" not in st.inert(st.tunables)
    assert st.inert({**st.tunables, "MM_ENGINE": "triton", "CONV_ENGINE": "triton"}) == {"LIB_CONV_LAYOUT"}
    assert any("one tunable away: MM_ENGINE" in f for f in st.fallbacks)
    for engine in ("library", "triton"):
        st = generate_starter(p, tunables={"MM_ENGINE": engine, "CONV_ENGINE": engine, "MM_PRECISION": "tf32x3s"})
        run_shapes(p, st, [[(5, 20), (2, 3, 8, 8)]])
        mod = load_module(st.source)
        heavy = [0]
        for name in ("_matmul_kernel", "_conv_kernel"):
            setattr(mod, name, _LaunchCounter(getattr(mod, name), heavy))
        torch.manual_seed(0)
        mod.ModelNew()(torch.randn(5, 20), torch.randn(2, 3, 8, 8))
        assert (heavy[0] == 2) == (engine == "triton"), heavy


@pytest.mark.parametrize(
    "ctor, shape",
    [
        ("nn.MaxPool1d(4, stride=2, padding=2, dilation=2)", (2, 3, 17)),
        ("nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True)", (2, 3, 10, 9)),
        ("nn.MaxPool3d(2)", (1, 2, 5, 6, 7)),
        ("nn.AvgPool1d(3, stride=2, padding=1)", (2, 3, 11)),
        ("nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False, ceil_mode=True)", (2, 3, 10, 9)),
        ("nn.AvgPool3d(2, stride=1)", (1, 2, 4, 5, 3)),
        ("nn.AdaptiveAvgPool2d(1)", (2, 3, 5, 7)),
        ("nn.AvgPool2d(5)", (2, 3, 23, 21)),  # windows that do not overlap (L1/45's shape of problem)
        ("nn.MaxPool2d(3, stride=7, padding=1, dilation=2)", (1, 2, 19, 30)),
        ("nn.AvgPool3d(4, stride=(1, 2, 5), padding=(0, 1, 2), count_include_pad=False)", (1, 2, 5, 6, 23)),
    ],
)
@pytest.mark.parametrize("window", ["auto", "loop", "tile"])
def test_pooling(ctor, shape, window):
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.op = {ctor}\ndef forward(self, x):\n    return self.op(x)",
        f"[torch.rand{shape}]",
    )
    st = generate_starter(p)
    assert len(st.covered) == 1, st.fallbacks
    if "POOL_WINDOW" in st.tunables:
        st = generate_starter(p, tunables={"POOL_WINDOW": window})
    elif window != "auto":  # adaptive pools run as reductions: nothing to vary
        pytest.skip("no pooling kernel")
    run_shapes(p, st, [[shape]])


@pytest.mark.parametrize(
    "expr", ["torch.cumsum(x, dim=1)", "torch.cumprod(x, dim=0)", "x.flip(1).cumsum(1).flip(1)"]
)
def test_scans(expr):
    p = make_problem(f"def forward(self, x):\n    return {expr}", "[torch.rand(3, 5)]")
    st = generate_starter(p)
    assert any(c.startswith("scan:") for c in st.covered)
    run_shapes(p, st, [[(3, 37)], [(4, 3, 6)]])


EXCLUSIVE = (
    "torch.cat((torch.zeros_like(x.select({d}, 0).unsqueeze({d})), "
    "torch.cumsum(x.narrow(dim={d}, start=0, length=x.size({d}) - 1), dim={d})), dim={d})"
)


@pytest.mark.parametrize(
    "expr, call",
    [
        ("x.flip(1).cumsum(1).flip(1)", "reverse=True"),
        ("torch.flip(torch.cumprod(torch.flip(x, dims=[0]), dim=0), dims=[0])", "reverse=True"),
        (EXCLUSIVE.format(d=1), "exclusive=True"),
        (EXCLUSIVE.format(d=0), "exclusive=True"),
        ("torch.cumsum(x * (x > 0), dim=1)", None),  # the mask is computed: a fused group, not a lone product
    ],
)
def test_scan_patterns_fold_into_one_kernel(expr, call):
    """Reverse and exclusive spellings run as one scan kernel (no flips, no concatenation), across blocks."""
    p = make_problem(f"def forward(self, x):\n    return {expr}", "[torch.rand(3, 5)]")
    st = generate_starter(p, tunables={"SCAN_BLOCK": 16})
    fwd = st.source[st.source.index("def forward"):]
    if call:
        assert call in fwd and "torch.cat" not in fwd and ".flip(" not in fwd and not st.fallbacks, fwd
    assert run_shapes(p, st, [[(3, 37)], [(4, 3, 6)], [(2, 16)]]) >= 1


@pytest.mark.parametrize("stream", [True, False])
def test_scan_streaming_knob_keeps_the_values(stream):
    """SCAN_STREAM (evict-first loads, streaming stores) reaches the kernel and changes no value."""
    p = make_problem("def forward(self, x):\n    return torch.flip(torch.cumprod(torch.flip(x, dims=[1]), dim=1), "
                     "dims=[1]) + torch.cumsum(x, dim=0)", "[torch.rand(3, 5)]")
    st = generate_starter(p, tunables={"SCAN_BLOCK": 16, "SCAN_STREAM": stream})
    assert "SCAN_STREAM" in st.tunables and "eviction_policy=EVICT" in st.source
    assert run_shapes(p, st, [[(3, 37)], [(4, 3, 6)]]) >= 1


@pytest.mark.parametrize("mask_dtype", ["torch.bool", "torch.float32"])
def test_masked_scan_reads_the_mask_in_the_scan(mask_dtype):
    p = make_problem("def forward(self, x, m):\n    return torch.cumsum(x * m, dim=1) + torch.cumsum(m * x, dim=0)",
                     "[torch.rand(3, 5), torch.rand(3, 5) > 0.5]")
    st = generate_starter(p, tunables={"SCAN_BLOCK": 16})
    fwd = st.source[st.source.index("def forward"):]
    assert fwd.count("mul=m") == 2 and fwd.count("_fused") == 1, fwd  # both products folded; the sum remains
    ns: dict = {}
    exec(p.source, ns)
    mod = load_module(st.source)
    for shape in [(3, 37), (2, 16, 3)]:
        x = torch.randn(*shape)
        m = torch.rand(*shape) > 0.5 if mask_dtype == "torch.bool" else torch.rand(*shape)
        torch.testing.assert_close(mod.ModelNew()(x, m), ns["Model"]()(x, m), atol=1e-5, rtol=1e-5)


def test_scan_lookalikes_stay_as_written():
    # flips over another dim, and a narrow that does not start at 0: not a reverse / exclusive scan
    for expr in ("x.flip(0).cumsum(1).flip(0)",
                 "torch.cat((torch.zeros_like(x.select(1, 0).unsqueeze(1)), "
                 "torch.cumsum(x.narrow(dim=1, start=1, length=x.size(1) - 1), dim=1)), dim=1)"):
        p = make_problem(f"def forward(self, x):\n    return {expr}", "[torch.rand(3, 5)]")
        st = generate_starter(p, tunables={"SCAN_BLOCK": 16})
        fwd = st.source[st.source.index("def forward"):]
        assert "reverse=True" not in fwd and "exclusive=True" not in fwd
        run_shapes(p, st, [[(3, 37)]])


@pytest.mark.parametrize("ctor", ["nn.MaxPool1d(8, stride=1, padding=4, dilation=3)", "nn.AvgPool1d(8, stride=1, padding=4)"])
def test_1d_pools_tile_whole_blocks_along_the_row(ctor):
    """A 1-D pool's tile is POOL_BLOCK outputs of its one row (not POOL_BLOCK_W), across several tiles."""
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.op = {ctor}\ndef forward(self, x):\n    return self.op(x)",
        "[torch.rand(2, 3, 300)]",
    )
    st = generate_starter(p, tunables={"POOL_BLOCK": 256, "POOL_BLOCK_W": 32})
    mod = load_module(st.source)
    seen = []
    kernel = mod._pool_kernel
    real = kernel.__getitem__
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(kernel), "__getitem__", lambda self, grid: seen.append(grid) or real(grid))
        run_shapes(p, st, [[(2, 3, 300)], [(1, 2, 37)]])
    assert seen and seen[0][2] == 2  # 301 outputs in tiles of 256, not of 32


def test_two_elementwise_chains_meeting_in_one_node_fuse_into_one_kernel():
    gelu = "0.5 * x * (1.0 + torch.tanh(0.7978845608 * (x + 0.044715 * torch.pow(x, 3.0))))"
    p = make_problem(f"def forward(self, x):\n    return {gelu}", "[torch.rand(3, 5)]")
    st = generate_starter(p)
    assert len(st.covered) == 1 and st.covered[0].startswith("fused elementwise"), st.covered
    assert run_shapes(p, st, [[(3, 37)], [(2, 5, 7)]]) == 2  # one launch per call: x read once, nothing written between


def test_chains_joined_through_a_library_op_are_not_merged():
    # a feeds c through a flip (a library call): a and c cannot share a kernel, or it would need its own output
    p = make_problem("def forward(self, x):\n    a = torch.relu(x)\n    c = torch.flip(a, [1]) + 1.0\n"
                     "    return a * c", "[torch.rand(3, 5)]")
    st = generate_starter(p)
    assert run_shapes(p, st, [[(3, 37)]]) == 2  # relu, then the flip (library), then the rest


@pytest.mark.parametrize(
    "expr",
    [
        "x / torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + 1e-5)",
        "x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + 1e-6)",
        "x / torch.sqrt(x.pow(2).mean(dim=0, keepdim=True) + 1e-5)",
    ],
)
def test_rms_norm_over_any_dim_is_one_kernel(expr):
    p = make_problem(f"def forward(self, x):\n    return {expr}", "[torch.rand(3, 5)]")
    st = generate_starter(p, tunables={"RMS_TILE": 64, "RMS_BLOCK_INNER": 4})  # several tiles and loop steps
    assert st.covered == ("normalisation: rms_norm",), st.covered
    assert run_shapes(p, st, [[(3, 37, 5)], [(4, 3, 6, 2)]]) == 2  # one launch per call


def test_rms_lookalikes_keep_their_ops():
    # the mean is used twice: the statistics must stay visible, so nothing is folded
    p = make_problem("def forward(self, x):\n    ms = torch.mean(x ** 2, dim=1, keepdim=True)\n"
                     "    return x / torch.sqrt(ms + 1e-5) + ms", "[torch.rand(3, 5)]")
    st = generate_starter(p)
    assert "normalisation: rms_norm" not in st.covered
    run_shapes(p, st, [[(3, 37, 5)]])


def test_source_is_standalone_and_readable():
    p = make_problem(
        "def __init__(self):\n    super(Model, self).__init__()\n    self.fc = nn.Linear(4, 3)\n"
        "def forward(self, x):\n    return torch.relu(self.fc(x)).sum(dim=1)",
        "[torch.rand(2, 4)]",
    )
    st = generate_starter(p)
    assert "autokernel" not in st.source.replace("autokernel-kb", "")
    imports = set()
    for node in ast.walk(ast.parse(st.source)):
        if isinstance(node, ast.Import):
            imports |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imports.add((node.module or "").split(".")[0])
    assert imports <= {"torch", "triton", "math"}
    assert "@triton.jit" in st.source and "class ModelNew(nn.Module)" in st.source
    for k in st.tunables:
        assert f"\n{k} = " in st.source
    # runs from a fresh namespace too (the harness execs or imports the file)
    mod = load_module(st.source, "fresh_starter")
    assert not any("autokernel" in name for name in vars(mod))
    torch.manual_seed(0)
    out = mod.ModelNew()(torch.rand(2, 4))
    assert out.shape == (2,)


def test_tunables_reemit_and_validation():
    p = make_problem("def forward(self, x):\n    return torch.relu(x).sum(dim=0)", "[torch.rand(5, 3)]")
    st = generate_starter(p)
    assert st.tunables["BLOCK_SIZE"] == 1024 and "RED_TILE" in st.tunables
    assert all(v in st.space[k] for k, v in st.tunables.items())
    st2 = generate_starter(p, tunables={"BLOCK_SIZE": 2048, "RED_TILE": 256})
    assert "\nBLOCK_SIZE = 2048\n" in st2.source and "\nRED_TILE = 256\n" in st2.source
    run_shapes(p, st2, [[(5, 3)], [(300, 7)]])
    with pytest.raises(ValueError, match="unknown tunable"):
        generate_starter(p, tunables={"MM_BLOCK_M": 64})
    with pytest.raises(ValueError, match="not allowed"):
        generate_starter(p, tunables={"BLOCK_SIZE": 1000})
    with pytest.raises(ValueError, match="heavy"):
        generate_starter(p, heavy="gpu")


def test_untraceable_model_falls_back_with_reason():
    p = make_problem(
        "def forward(self, x):\n    if x.sum() > 0:\n        return x * 2\n    return x",
        "[torch.rand(3)]",
    )
    st = generate_starter(p)
    assert st.covered == () and "tracing failed" in st.fallbacks[0]
    res = check_starter(p, st)
    assert res.status == "no_kernel"


def test_library_fallback_listed_with_reason_and_correct():
    p = make_problem(
        "def forward(self, x):\n    return torch.relu(torch.fft.fft(x).real)",
        "[torch.rand(4, 6)]",
    )
    st = generate_starter(p)
    assert st.covered == ("fused elementwise: relu",)
    assert any("fft" in f for f in st.fallbacks)
    assert check_starter(p, st).ok


@pytest.mark.parametrize(
    "expr, inputs",
    [
        ("F.mse_loss(a, b)", "[torch.rand(6, 7), torch.rand(6, 7)]"),
        ("F.smooth_l1_loss(a, b, beta=0.5)", "[torch.randn(6, 7), torch.randn(6, 7)]"),
        ("F.huber_loss(a, b, reduction='sum', delta=0.3)", "[torch.randn(6, 7), torch.randn(6, 7)]"),
        ("F.l1_loss(a, b, reduction='none')", "[torch.randn(6, 7), torch.randn(6, 7)]"),
        (
            "F.kl_div(torch.log(a), b, reduction='batchmean')",
            "[torch.rand(6, 7).softmax(-1), torch.rand(6, 7)]",
        ),
        ("F.cross_entropy(a, b)", "[torch.randn(9, 13), torch.randint(0, 13, (9,))]"),
        ("nn.CrossEntropyLoss(reduction='sum')(a, b)", "[torch.randn(9, 13), torch.randint(0, 13, (9,))]"),
        ("F.scaled_dot_product_attention(a, b, b)", "[torch.randn(2, 3, 5, 8), torch.randn(2, 3, 7, 8)]"),
        ("torch.einsum('bijl,lk->bijk', a, b)", "[torch.randn(2, 3, 4, 5), torch.randn(5, 6)]"),
    ],
)
def test_losses_attention_einsum(expr, inputs):
    if expr.startswith("nn."):
        body = (
            f"def __init__(self):\n    super().__init__()\n    self.loss = {expr.split('(a')[0]}\n"
            f"def forward(self, a, b):\n    return self.loss(a, b)"
        )
    else:
        body = f"def forward(self, a, b):\n    return {expr}"
    p = make_problem(body, inputs)
    st = generate_starter(p)
    assert st.covered and not any(f.split(":")[0] in expr for f in st.fallbacks), (st.covered, st.fallbacks)
    res = check_starter(p, st)
    assert res.ok, res


def test_triplet_margin_loss_module():
    p = make_problem(
        "def __init__(self, margin):\n    super().__init__()\n    self.loss_fn = nn.TripletMarginLoss(margin=margin)\n"
        "def forward(self, a, p, n):\n    return self.loss_fn(a, p, n)",
        "[torch.rand(5, 11), torch.rand(5, 11), torch.rand(5, 11)]",
        init="[0.7]",
    )
    st = generate_starter(p)
    assert st.covered == ("loss: triplet_margin_loss",)
    assert check_starter(p, st).ok


_POINTWISE_LOSSES = {"mse_loss": "", "l1_loss": "", "smooth_l1_loss": ", beta=0.5", "huber_loss": ", delta=0.3",
                     "kl_div": ""}


@pytest.mark.filterwarnings("ignore:Using a target size", "ignore:reduction. 'mean' divides")
@pytest.mark.parametrize(
    "kind, reduction",
    [(k, r) for k in _POINTWISE_LOSSES for r in ("mean", "sum", "none")] + [("kl_div", "batchmean")],
)
def test_pointwise_loss_and_reduction_in_one_pass(kind, reduction):
    """reduction != 'none': one kernel computes and sums the loss, here 3 programs of 3 x 32 lanes over 259-260
    elements (the last program ragged), then one adds the partials; equal and broadcast operands (indexed or
    copied), heavy-tailed inputs, zero kl_div targets; the result repeats bitwise."""
    from autokernel.starters.check import _LaunchCounter

    p = make_problem(
        f"def forward(self, a, b):\n    return F.{kind}(a, b, reduction={reduction!r}{_POINTWISE_LOSSES[kind]})",
        "[torch.randn(7, 37), torch.rand(7, 37)]",
    )
    st = generate_starter(p, tunables={"LOSS_BLOCK": 512, "LOSS_PROGRAMS": 132})
    assert st.covered == (f"loss: {kind}",) and "LOSS_PROGRAMS = 132" in st.source
    mod = load_module(st.source)
    mod.LOSS_BLOCK, mod.LOSS_PROGRAMS = 32, 3  # below the search's choices: several programs on a tiny input
    counts = {}
    for name in ("_pointwise_loss_kernel", "_loss_partial_kernel", "_loss_finish_kernel"):
        counts[name] = [0]
        setattr(mod, name, _LaunchCounter(getattr(mod, name), counts[name]))
    ref, new = getattr(torch.nn.functional, kind), mod.ModelNew()
    kw = {"beta": 0.5} if kind == "smooth_l1_loss" else {"delta": 0.3} if kind == "huber_loss" else {}
    g = torch.Generator().manual_seed(0)
    for sa, sb in [((7, 37), (7, 37)), ((7, 37), (37,)), ((7, 1), (1, 37)), ((5, 4, 13), (5, 1, 13))]:
        a = torch.randn(sa, generator=g) * torch.exp(2 * torch.randn(sa, generator=g))  # heavy-tailed
        b = torch.rand(sb, generator=g) if kind == "kl_div" else torch.randn(sb, generator=g) * 30
        if kind == "kl_div":
            b[b < 0.2] = 0
        with torch.no_grad():
            got, again = new(a, b), new(a, b)
        expected = ref(a, b, reduction=reduction, **kw)
        assert got.shape == expected.shape and got.dtype == expected.dtype
        torch.testing.assert_close(got, expected, atol=1e-4, rtol=1e-4)
        assert torch.equal(got, again)
    fused = 0 if reduction == "none" else 8
    assert counts["_loss_partial_kernel"][0] == counts["_loss_finish_kernel"][0] == fused
    assert counts["_pointwise_loss_kernel"][0] == 8 - fused


def test_traced_tensor_constant_is_written_as_literal():
    p = make_problem(
        "def __init__(self, c):\n    super().__init__()\n    self.c = c\n"
        "def forward(self, x):\n    return torch.min(x, torch.tensor(self.c)) * 2",
        "[torch.rand(4, 5)]",
        init="[0.5]",
    )
    st = generate_starter(p)
    assert "torch.tensor(0.5, dtype=torch.float32" in st.source
    assert check_starter(p, st).ok


def test_source_passes_kernelbench_static_rules():
    """KernelBench's static checker rejects any try/except/pass; the starter must have none."""
    import io
    import tokenize

    p = make_problem("def forward(self, x):\n    return torch.tanh(x)", "[torch.rand(3)]")  # no __init__
    st = generate_starter(p)
    names = {
        t.string for t in tokenize.generate_tokens(io.StringIO(st.source).readline) if t.type == tokenize.NAME
    }
    assert not names & {"try", "except", "pass"}
    assert check_starter(p, st).ok


def test_docstring_example_runs():
    import doctest

    import autokernel.starters.starter as mod

    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    "expr, shapes, split",
    [
        ("torch.matmul(a, b)", [(9, 100), (100, 5)], 4),  # K not a multiple of the split or the block
        ("torch.bmm(a, b)", [(3, 6, 70), (3, 70, 4)], 2),  # batches and splits share grid axis 2
        ("torch.matmul(a, b)", [(33, 4096), (4096, 2)], 0),  # auto: one output tile on 4 "SMs" -> 8 splits
        ("torch.matmul(a, b)", [(3, 0), (0, 4)], 4),  # empty K: zeros, as torch gives
        ("torch.bmm(a, b)", [(2, 3, 0), (2, 0, 4)], 0),
    ],
)
@pytest.mark.parametrize("precision", ["ieee", "tf32x3s"])
def test_matmul_split_k(expr, shapes, split, precision):
    p = make_problem(
        f"def forward(self, a, b):\n    return {expr}", f"[torch.randn{shapes[0]}, torch.randn{shapes[1]}]"
    )
    st = generate_starter(p, tunables={"MM_SPLIT_K": split, "MM_PRECISION": precision})
    run_shapes(p, st, [shapes])


def test_tf32_split_is_exact_and_transposes():
    """hi + lo == x bit for bit, hi has TF32's 10 mantissa bits, and the transposed copy is K-major."""
    mm = make_problem("def forward(self, a, b):\n    return torch.matmul(a, b)", "[torch.rand(5, 7), torch.rand(7, 3)]")
    mod = load_module(generate_starter(mm, tunables={"MM_PRECISION": "tf32x3s"}).source)
    x = torch.randn(2, 37, 70).transpose(1, 2)  # a strided source
    x[0, 0, :3] = torch.tensor([1e30, -3.0e-38, 0.0])
    hi, lo = mod._tf32_split(x, transpose=True)
    assert hi.shape == (2, 37, 70) and hi.is_contiguous()
    torch.testing.assert_close(hi + lo, x.transpose(1, 2), atol=0, rtol=0)
    assert not (hi.view(torch.int32) & 0x1FFF).any()
    assert (lo.abs() <= x.transpose(1, 2).abs() * 2.0**-11).all()  # rounded to nearest, not truncated
    big = torch.tensor([[[3.4028e38, -3.4028e38, float("inf")]]])  # rounding must not overflow to inf
    hi_big, _ = mod._tf32_split(big, transpose=False)
    assert hi_big[0, 0, :2].isfinite().all() and hi_big[0, 0, 2] == float("inf")
    hi, lo = mod._tf32_split(x, transpose=True, k_multiple=32)  # the last dim (K) zero-padded to 96
    assert hi.shape == (2, 37, 96) and not hi[..., 70:].any() and not lo[..., 70:].any()
    torch.testing.assert_close(hi[..., :70] + lo[..., :70], x.transpose(1, 2), atol=0, rtol=0)


def test_tf32x3_split_error_on_emulated_tensor_cores():
    """The 3xTF32 product with the template's split, emulated as the tensor cores compute it (operands' low 13
    mantissa bits dropped, lo x lo left out), stays well inside 1e-4 of float64 on signed inputs with K = 2048,
    closer than the fp32 matmul itself there."""
    mm = make_problem("def forward(self, a, b):\n    return torch.matmul(a, b)", "[torch.rand(5, 7), torch.rand(7, 3)]")
    mod = load_module(generate_starter(mm, tunables={"MM_PRECISION": "tf32x3s"}).source)
    g = torch.Generator().manual_seed(0)
    a, b = torch.randn(64, 2048, generator=g), torch.randn(2048, 48, generator=g)
    (ah,), (al,) = mod._tf32_split(a[None], transpose=False)
    (bh,), (bl,) = mod._tf32_split(b[None], transpose=False)

    def tc(t):  # what a TF32 tensor-core input keeps
        return (t.view(torch.int32) & -8192).view(torch.float32).double()

    got = tc(ah) @ tc(bh) + tc(ah) @ tc(bl) + tc(al) @ tc(bh)
    exact = a.double() @ b.double()

    def ratio(y):
        return float(((y - exact).abs() / (1e-4 + 1e-4 * exact.abs())).max())

    assert ratio(got) < 0.25 and ratio(got) < ratio((a @ b).double()), (ratio(got), ratio((a @ b).double()))


def test_linear_split_k_adds_the_bias_once():
    p = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.op = nn.Linear(200, 3)\ndef forward(self, x):\n"
        "    return self.op(x)",
        "[torch.randn(2, 200)]",
    )
    st = generate_starter(p, tunables={"MM_SPLIT_K": 4})
    assert "MM_SPLIT_K = 4" in st.source
    run_shapes(p, st, [[(2, 200)]])


@pytest.mark.parametrize(
    "ctor, shape",
    [
        ("nn.Conv2d(4, 4, 3, padding=1, groups=4)", (2, 4, 9, 7)),
        ("nn.Conv2d(3, 6, (3, 1), stride=(2, 1), dilation=(2, 1), padding=(2, 0), groups=3)", (1, 3, 11, 5)),
        ("nn.Conv1d(5, 5, 4, groups=5, bias=False)", (2, 5, 13)),
        ("nn.Conv3d(2, 2, 2, stride=2, groups=2)", (1, 2, 5, 4, 6)),
    ],
)
@pytest.mark.parametrize("depthwise", ["direct", "gemm"])
def test_depthwise_convolutions(ctor, shape, depthwise):
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.op = {ctor}\ndef forward(self, x):\n    return self.op(x)",
        f"[torch.randn{shape}]",
    )
    st = generate_starter(p, tunables={"CONV_DEPTHWISE": depthwise, "CONV_DW_BLOCK": 128})
    assert f"CONV_DEPTHWISE = '{depthwise}'" in st.source
    run_shapes(p, st, [[shape]])
    from autokernel.starters.check import _LaunchCounter

    mod = load_module(st.source)
    counts = [0]
    mod._dwconv_kernel = _LaunchCounter(mod._dwconv_kernel, counts)
    torch.manual_seed(0)
    mod.ModelNew()(torch.randn(shape))
    assert counts[0] == (1 if depthwise == "direct" else 0)  # the tunable picks the kernel


def test_search_space_holds_only_tunables_that_can_matter_and_split_k_last():
    conv = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.op = nn.Conv2d(4, 6, 3)\ndef forward(self, x):\n"
        "    return self.op(x)",
        "[torch.randn(1, 4, 8, 8)]",
    )
    st = generate_starter(conv)
    assert "CONV_DEPTHWISE" not in st.space and "CONV_DW_BLOCK" not in st.space  # no depthwise conv here
    assert "CONV_DEPTHWISE = 'direct'" in st.source  # still defined: the file stays valid
    dw = make_problem(
        "def __init__(self):\n    super().__init__()\n    self.op = nn.Conv2d(4, 4, 3, groups=4)\ndef forward(self, x):\n"
        "    return self.op(x)",
        "[torch.randn(1, 4, 8, 8)]",
    )
    dw_space = generate_starter(dw).space
    assert "CONV_DEPTHWISE" in dw_space and "CONV_BLOCK_M" not in dw_space  # the GEMM is not what runs
    mm = make_problem("def forward(self, a, b):\n    return torch.matmul(a, b)", "[torch.rand(5, 7), torch.rand(7, 3)]")
    assert list(generate_starter(mm).space)[-1] == "MM_SPLIT_K"


def test_long_k_chains_are_compensated_and_more_accurate():
    """A K range of 32 Ki in one split (L1/4 splits 1 Mi into 64 Ki ranges): Kahan-compensated running sums stay
    several times closer to float64 than a plain fp32 chain (measured 4-10x here) on signed inputs."""
    p = make_problem(
        "def forward(self, a, b):\n    return torch.matmul(a, b)", "[torch.randn(64, 32768), torch.randn(32768, 2)]"
    )
    mod = load_module(generate_starter(p, tunables={"MM_SPLIT_K": 1}).source)
    assert mod._MM_COMPENSATED_CHAIN <= 32768
    torch.manual_seed(0)
    a, b = torch.randn(64, 32768), torch.randn(32768, 2)
    exact = a.double() @ b.double()
    new = mod.ModelNew()
    with torch.no_grad():
        compensated = (new(a, b).double() - exact).abs().max().item()
        mod._MM_COMPENSATED_CHAIN = 1 << 40  # the plain chain, for comparison
        plain = (new(a, b).double() - exact).abs().max().item()
    assert compensated < plain / 3, (compensated, plain)


@pytest.mark.parametrize(
    "expr, inputs, shapes",
    [
        # hinge loss: full reduction of a chain with a broadcast operand
        ("torch.mean(torch.clamp(1 - a * b, min=0))", "[torch.randn(6, 33), torch.randn(33)]",
         [[(6, 33), (33,)], [(3, 5), (5,)]]),
        # a middle dim (INNER > 1), keepdim: the RMS-norm statistic
        ("torch.mean((a * b) ** 2, dim=1, keepdim=True)", "[torch.randn(3, 7, 5), torch.randn(3, 7, 5)]",
         [[(3, 7, 5), (3, 7, 5)], [(2, 37, 3), (2, 37, 3)]]),
        ("torch.sum(a - b, dim=(1, 2))", "[torch.randn(3, 4, 6), torch.randn(3, 4, 6)]",
         [[(3, 4, 6), (3, 4, 6)]]),
        ("torch.amax(torch.relu(a) * b, dim=-1)", "[torch.randn(5, 19), torch.randn(5, 19)]",
         [[(5, 19), (5, 19)], [(4, 3, 70), (4, 3, 70)]]),
        ("torch.min(a + b * 0.5)", "[torch.randn(9, 11), torch.randn(9, 11)]", [[(9, 11), (9, 11)]]),
    ],
)
def test_elementwise_chain_folds_into_its_reduction(expr, inputs, shapes):
    p = make_problem(f"def forward(self, a, b):\n    return {expr}", inputs)
    st = generate_starter(p, tunables={"RED_SPLIT_MIN_R": 1024})
    assert len(st.covered) == 1 and st.covered[0].startswith("fused elementwise + reduction"), st.covered
    assert "_fused0_reduce_kernel" in st.source and "tl.store(out0_ptr" not in st.source  # never written
    run_shapes(p, st, shapes)
    mod = load_module(st.source)  # force the two-stage split on tiny inputs: several partials per column
    mod.RED_SPLIT_MIN_R, mod.RED_SPLIT_CHUNK, mod.RED_TILE = 1, 4, 4
    a, b = (torch.randn(*s) for s in shapes[0])
    ns: dict = {}
    exec(p.source, ns)
    with torch.no_grad():
        torch.testing.assert_close(mod.ModelNew()(a, b), ns["Model"]()(a, b), atol=1e-4, rtol=1e-4)
    wide = load_module(st.source.replace("WIDE=outer * r * inner + chunk * ncols >= 2**31", "WIDE=True"))
    with torch.no_grad():  # the 64-bit index branch (tensors of 2**31 elements) computes the same
        torch.testing.assert_close(wide.ModelNew()(a, b), ns["Model"]()(a, b), atol=1e-4, rtol=1e-4)


def test_reduction_is_not_folded_when_the_elementwise_result_is_needed_or_dims_are_apart():
    p = make_problem(
        "def forward(self, a):\n    t = torch.sigmoid(a) * 2\n    return t.sum(dim=1), t",  # t is returned too
        "[torch.randn(4, 6)]",
    )
    st = generate_starter(p)
    assert "_fused0_reduce_kernel" not in st.source
    run_shapes(p, st, [[(4, 6)]])
    p = make_problem("def forward(self, a):\n    return torch.sum(a * 3, dim=(0, 2))", "[torch.randn(3, 4, 5)]")
    st = generate_starter(p)
    assert "_fused0_reduce_kernel" not in st.source  # dims 0 and 2 are not adjacent: the generic path permutes
    run_shapes(p, st, [[(3, 4, 5)]])


def test_elementwise_kernel_uses_64_bit_offsets_only_when_needed():
    p = make_problem("def forward(self, a, b):\n    return torch.relu(a) * b + 1", "[torch.randn(5, 7), torch.randn(7)]")
    st = generate_starter(p)
    assert "WIDE=n + BLOCK_SIZE >= 2**31" in st.source
    wide = Starter(**{**st.__dict__, "source": st.source.replace("WIDE=n + BLOCK_SIZE >= 2**31", "WIDE=True")})
    for starter in (st, wide):  # int32 offsets here; the int64 branch (tensors of 2**31 elements) runs too
        run_shapes(p, starter, [[(5, 7), (7,)], [(3, 33), (33,)]])


def test_loss_starters_carry_only_the_tunables_they_use():
    mse = generate_starter(make_problem("def forward(self, a, b):\n    return F.mse_loss(a, b)",
                                        "[torch.randn(4, 5), torch.randn(4, 5)]"))
    assert "LOSS_PROGRAMS" in mse.tunables and not any(k.startswith("RED_") for k in mse.tunables)
    ce = generate_starter(make_problem("def forward(self, a, t):\n    return F.cross_entropy(a, t)",
                                       "[torch.randn(4, 5), torch.randint(0, 5, (4,))]"))
    assert "RED_TILE" in ce.tunables and not any(k.startswith("LOSS_") for k in ce.tunables)
    assert "_pointwise_loss_kernel" not in ce.source and "_cross_entropy_kernel" not in mse.source


def test_check_starter_tells_an_ill_conditioned_reference_from_a_wrong_starter():
    # batch norm in training mode over 2 nearly equal pooled values: y = +-d / sqrt(d^2 + eps) with d at
    # rounding level, so any other summation order moves the output by O(1) (KernelBench L3/24 in miniature)
    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.pool = nn.AdaptiveAvgPool2d(1)
            self.bn = nn.BatchNorm2d(8, eps=1e-12)
        def forward(self, x):
            return self.bn(self.pool(x))
        """,
        "[torch.rand(1, 8, 16, 16).repeat(2, 1, 1, 1) * 1e3 + 1e-5 * torch.randn(2, 8, 16, 16)]",
    )
    st = generate_starter(p)
    res = check_starter(p, st)  # seeded inputs: deterministic
    assert res.status == "ill_conditioned" and "off its float64 run" in res.detail, res
    # the same model on well-spread inputs: the reference is accurate, so a wrong starter is a plain mismatch
    well = make_problem(p.source.split("class Model(nn.Module):")[1].split("def get_inputs")[0], "[torch.rand(2, 8, 16, 16)]")
    st = generate_starter(well)
    assert check_starter(well, st).ok
    wrong = Starter(**{**st.__dict__, "source": st.source.replace("        return bn\n", "        return bn + 1e-3\n")})
    assert wrong.source != st.source and check_starter(well, wrong).status == "mismatch"


def test_starter_command_takes_presets_and_tunables(tmp_path, capsys):
    from kb.cli import main

    prob = tmp_path / "mm.py"
    prob.write_text(make_problem("def forward(self, a, b):\n    return torch.matmul(a, b)",
                                 "[torch.rand(5, 7), torch.rand(7, 3)]").source)
    out = tmp_path / "new.py"
    assert main(["starter", str(prob), "-o", str(out), "--preset", "3xTF32 tensor cores (operands",
                 "--set", "MM_BLOCK_K=16"]) == 0
    src = out.read_text()
    assert "MM_PRECISION = 'tf32x3s'" in src and "MM_BLOCK_M = 128" in src and "MM_BLOCK_K = 16" in src
    assert "presets: 3xTF32" in capsys.readouterr().out
    assert main(["starter", str(prob), "--preset", "3xTF32"]) == 2  # ambiguous: two presets start so
    assert main(["starter", str(prob), "--set", "MM_BLOCK_M=3"]) == 2  # not an allowed value
    err = capsys.readouterr().err
    assert "matches 2 presets" in err and "not allowed; choose one of" in err



def test_column_sums_are_compensated_on_heavy_tailed_inputs():
    """Signed Pareto(3) values, the judge's heavy-tailed trial: each lane's running sum of 512 terms is Kahan-
    compensated, so the error is a few hundredths of atol = rtol = 1e-4 (0.38 of it plain, where L1/47's 524160
    columns crossed 1 on the H200)."""
    p = make_problem("def forward(self, x):\n    return torch.sum(x, dim=1)", "[torch.rand(2, 4096, 128)]")
    mod = load_module(generate_starter(p).source)
    g = torch.Generator().manual_seed(0)
    u, s = torch.rand(2, 4096, 128, generator=g), torch.rand(2, 4096, 128, generator=g)
    x = torch.where(s < 0.5, -1.0, 1.0) * (1.0 - u).clamp_min(1e-6).pow(-1.0 / 3.0)
    exact = x.double().sum(1)
    with torch.no_grad():
        ratio = ((mod.ModelNew()(x).double() - exact).abs() / (1e-4 + 1e-4 * exact.abs())).max().item()
    assert ratio < 0.1, ratio


def test_generated_host_helpers_match_triton_and_torch():
    """The plain-Python host helpers every starter carries (triton.cdiv / next_power_of_2 cost microseconds per call
    as constexpr functions; get_submodule walks its path each time) give the same answers."""
    import triton

    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
        def forward(self, x):
            return torch.relu(self.body(x) * 2.0)
        """,
        "[torch.rand(3, 4)]",
    )
    mod = load_module(generate_starter(p).source)
    assert all(mod._next_pow2(n) == triton.next_power_of_2(n) for n in range(1, 5000))
    assert all(mod._cdiv(a, b) == triton.cdiv(a, b) for a in range(0, 300) for b in (1, 7, 16, 128))
    new = mod.ModelNew()
    assert mod._sub(new, "body.0") is new.get_submodule("body.0") is mod._sub(new, "body.0")
    a, b = torch.rand(2, 3, 1), torch.rand(2, 1, 5)
    assert mod._bshape(a, a) == a.shape and mod._bshape(a, b) == torch.Size([2, 3, 5])


@pytest.mark.parametrize("persistent, split", [(1, 1), (2, 2)])
@pytest.mark.parametrize("precision", ["ieee", "tf32x3s"])
def test_persistent_matmul_walks_every_tile(persistent, split, precision):
    """MM_PERSISTENT: a grid of MM_PERSISTENT x SMs programs (4 SMs under the interpreter) walks all the tiles of
    every batch and K split; the default (0) launches a program per tile, as before the knob existed."""
    from autokernel.starters.launches import launch_plan

    shapes = [(3, 70, 20), (3, 20, 9)]
    p = make_problem("def forward(self, a, b):\n    return torch.bmm(a, b)",
                     f"[torch.randn{shapes[0]}, torch.randn{shapes[1]}]")
    tunables = {"MM_PERSISTENT": persistent, "MM_SPLIT_K": split, "MM_BLOCK_M": 16, "MM_BLOCK_N": 16,
                "MM_BLOCK_K": 16, "MM_PRECISION": precision}
    st = generate_starter(p, tunables=tunables)
    run_shapes(p, st, [shapes])
    tiles = 5 * 1 * 3 * split  # 70 / 16 -> 5 row tiles, 9 / 16 -> 1 column tile, 3 batches
    (launch,) = [x for x in launch_plan(st.source, p, sm_count=4) if x.kernel == "_matmul_kernel"]
    assert launch.grid == (min(tiles, persistent * 4), 1)
    default = generate_starter(p, tunables={**tunables, "MM_PERSISTENT": 0})
    (launch,) = [x for x in launch_plan(default.source, p, sm_count=4) if x.kernel == "_matmul_kernel"]
    assert launch.grid == (5, 3 * split)


@pytest.mark.parametrize(
    "ctor, shape",
    [
        ("nn.Conv2d(4, 40, 3, padding=1, groups=2)", (2, 4, 6, 5)),  # 20 channels per group: 2 channel tiles of 16
        ("nn.ConvTranspose2d(4, 36, 3, stride=2, padding=1)", (1, 4, 4, 3)),  # by output class (taps)
        ("nn.Conv1d(3, 20, 3)", (2, 3, 9)),
    ],
)
@pytest.mark.parametrize("algo", ["im2col", "taps"])
def test_convolution_tiles_in_channel_first_order(ctor, shape, algo):
    """CONV_TILE_ORDER "n": a flat grid whose channel tiles run fastest computes what the default order does."""
    from autokernel.starters.launches import launch_plan

    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.op = {ctor}\ndef forward(self, x):\n    return self.op(x)",
        f"[torch.randn{shape}]",
    )
    st = generate_starter(p, tunables={"CONV_TILE_ORDER": "n", "CONV_ALGO": algo, "CONV_BLOCK_M": 16,
                                       "CONV_BLOCK_N": 16, "CONV_BLOCK_K": 16})
    assert st.tunables["CONV_TILE_ORDER"] == "n" and st.space["CONV_TILE_ORDER"] == ["m", "n"]
    run_shapes(p, st, [[shape]])
    grids = [x.grid for x in launch_plan(st.source, p, sm_count=4) if "conv" in x.kernel]
    assert grids and all(g[1] == 1 for g in grids), grids


@pytest.mark.parametrize("algo", ["im2col", "taps"])
def test_plain_tf32_convolution_is_a_precision_value(algo):
    """CONV_PRECISION "tf32": one TF32 pass (the interpreter computes it in fp32; on a GPU the error is TF32's)."""
    p = make_problem("def __init__(self):\n    super().__init__()\n    self.op = nn.Conv2d(4, 6, 3)\n"
                     "def forward(self, x):\n    return self.op(x)", "[torch.rand(2, 4, 7, 6)]")
    st = generate_starter(p, tunables={"CONV_PRECISION": "tf32", "CONV_ALGO": algo, "CONV_BLOCK_K": 16})
    assert st.admissible == {"CONV_PRECISION": {v: ("kernelbench",) for v in ("tf32", "tf32_rna", "tf32_rne")}}
    run_shapes(p, st, [[(2, 4, 7, 6)]], atol=1e-2)


@pytest.mark.parametrize("algo", ["im2col", "taps"])
@pytest.mark.parametrize("precision", ["tf32_rna", "tf32_rne"])
def test_rounded_tf32_convolution_computes_the_products_of_rounded_operands(algo, precision):
    """CONV_PRECISION "tf32_rna"/"tf32_rne": the kernel rounds its operands to TF32 itself (as a library may before
    its tensor cores), so its output is the exact products of the rounded operands, summed in fp32: equal to
    `tf32_baseline_accuracy.py --rounding`'s float64 emulation of the same rounding, and not to the fp32 result."""
    import copy
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from benchmark_scripts import load

    acc = load("tf32_baseline_accuracy")
    mode = {"tf32_rna": "nearest_away", "tf32_rne": "nearest_even"}[precision]
    p = make_problem("def __init__(self):\n    super().__init__()\n    self.op = nn.Conv2d(8, 6, 3)\n"
                     "def forward(self, x):\n    return self.op(x)", "[torch.rand(2, 8, 7, 6)]")
    st = generate_starter(p, tunables={"CONV_PRECISION": precision, "CONV_ALGO": algo, "CONV_BLOCK_K": 16})
    ns: dict = {}
    exec(p.source, ns)
    torch.manual_seed(0)
    ref = ns["Model"]()
    torch.manual_seed(0)
    new = load_module(st.source).ModelNew()
    x = torch.randn(2, 8, 7, 6)
    emulated = copy.deepcopy(ref)
    with torch.no_grad():
        got, fp32 = new(x), ref(x)
        emulated.op.weight.copy_(acc.round_tf32(emulated.op.weight, mode))
        want = emulated.double()(acc.round_tf32(x, mode).double()).float()
    torch.testing.assert_close(got, want, atol=1e-6, rtol=1e-6)
    assert (got - fp32).abs().max() > 1e-5  # the rounding is there: TF32's error, not fp32's


@pytest.mark.parametrize("ctor, shape", [
    ("nn.Conv2d(3, 8, 3, padding=1)", (2, 3, 9, 9)),
    ("nn.Conv3d(3, 4, 3, stride=2)", (2, 3, 7, 8, 9)),
    ("nn.ConvTranspose2d(4, 3, 3, stride=2, padding=1, output_padding=1)", (2, 4, 5, 6)),
    ("nn.ConvTranspose3d(4, 2, 2, stride=2, groups=2)", (1, 4, 3, 4, 5)),
])
def test_a_library_convolution_in_channels_last_format_computes_the_same(ctor, shape):
    """LIB_CONV_LAYOUT "channels_last": the library convolution beside generated kernels gets its input and weight in
    channels-last format (2-D and 3-D, transposed too) and gives the same output in the contiguous format; the
    weight's channels-last copy follows the weight when it changes in place."""
    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.conv = {ctor}\n"
        "def forward(self, x):\n    return torch.tanh(self.conv(x)) * 2.0",
        f"[torch.randn{shape}]",
    )
    st = generate_starter(p)
    assert st.space["LIB_CONV_LAYOUT"] == ["contiguous", "channels_last"] and "LIB_CONV_LAYOUT" in st.launch_blind
    assert "LIB_CONV_LAYOUT" not in st.inert(st.tunables)
    cl = generate_starter(p, tunables={"LIB_CONV_LAYOUT": "channels_last"})
    run_shapes(p, cl, [[shape]])
    mod = load_module(cl.source)
    torch.manual_seed(0)
    new = mod.ModelNew()
    x = torch.randn(*shape)
    with torch.no_grad():
        first = new(x)
        assert first.is_contiguous()
        new.conv.weight.mul_(-1.0)  # in place: the kept channels-last copy must not be used again
        want = torch.tanh(new.conv(x)) * 2.0
        assert not torch.allclose(want, first)
        torch.testing.assert_close(new(x), want, atol=1e-5, rtol=1e-5)


def test_a_fused_convolution_does_not_make_its_forward_look_longer():
    """L2/50's forward (a transposed convolution, a scale, an average pool, a bias, a scale) is 7 steps under the
    library call; the generated path written beside it (`if CONV_ENGINE == 'triton':`) is not counted, so it is not
    offered CUDA graphs as a launch-bound forward of 8 steps or more would be."""
    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.up = nn.ConvTranspose3d(3, 4, 3, stride=2, padding=1)
            self.scale1 = nn.Parameter(torch.tensor(0.5))
            self.pool = nn.AvgPool3d(2)
            self.bias = nn.Parameter(torch.randn(4, 1, 1, 1))
            self.scale2 = nn.Parameter(torch.tensor(1.0))
        def forward(self, x):
            return (self.pool(self.up(x) * self.scale1) + self.bias) * self.scale2
        """,
        "[torch.rand(2, 3, 3, 4, 4)]",
    )
    st = generate_starter(p)
    assert "pool=(False, (2, 2, 2)), post=_conv_epi" in st.source and "CUDA_GRAPH" not in st.space
    launches = {}
    for engine, fuse in (("library", "store"), ("triton", "store"), ("triton", "apart")):
        variant = generate_starter(p, tunables={"CONV_ENGINE": engine, "CONV_FUSE": fuse})
        launches[engine, fuse] = run_shapes(p, variant, [[(2, 3, 3, 4, 4)], [(1, 3, 4, 5, 3)]])
    # over the two shapes: one launch each in the generated convolution's store; apart from it (CONV_FUSE "apart"),
    # the convolution's own launch beside the kernels the library call has after it
    assert launches["triton", "store"] == 2 and launches["triton", "apart"] == launches["library", "store"] + 2


@pytest.mark.parametrize("layers, shape", [
    ("nn.Conv1d(4, 6, 3, groups=2), nn.MaxPool1d(4)", (2, 4, 19)),  # 1-D, grouped, 17 outputs: 4 windows
    ("nn.ConvTranspose2d(4, 3, 3, stride=2), nn.MaxPool2d(2)", (2, 4, 4, 5)),  # 9 x 11 outputs, windows floored
    ("nn.Conv3d(2, 5, 2, padding=1), nn.AvgPool3d((1, 2, 4))", (1, 2, 3, 4, 8)),  # a window of 8, not a cube
])
@pytest.mark.parametrize("algo", ["im2col", "taps", "taps-fma"])
def test_a_pool_fused_into_a_convolutions_store_matches_the_reference(layers, shape, algo):
    """Windows that tile the output, the last rows and columns left out where they do not divide it (as PyTorch's
    floor mode does), groups, 1-D to 3-D, negative values through a max (the rows past the tile's end never reach
    a window); a ReLU subtracted after the pool runs in the same store."""
    p = _conv_then(layers, shape, "torch.relu(h) - 0.25")
    fma = {"CONV_FMA_BELOW": 32} if algo == "taps-fma" else {}  # each tap's channels on the CUDA cores
    st = generate_starter(p, tunables={"CONV_ENGINE": "triton", "CONV_ALGO": algo.split("-")[0], **fma})
    assert "pool=(" in st.source and "post=_conv_epi" in st.source
    assert run_shapes(p, st, [[shape]]) == 1  # one launch: the convolution, its pool and the tail


@pytest.mark.parametrize("layers, shape, algo", [
    ("nn.Conv2d(4, 6, 3, padding=1), nn.MaxPool2d(2)", (2, 4, 6, 8), "im2col"),
    ("nn.ConvTranspose3d(3, 4, 3, stride=2, padding=1), nn.AvgPool3d(2)", (1, 3, 3, 4, 4), "taps"),
    ("nn.ConvTranspose2d(4, 5, 3, stride=2), nn.Identity()", (2, 4, 3, 5), "taps"),  # by output class
    ("nn.Conv2d(4, 4, 3, groups=4), nn.Identity()", (2, 4, 5, 6), "im2col"),  # depthwise: the direct stencil
])
def test_convolution_kernels_index_in_32_bits_where_every_tensor_fits_and_in_64_where_one_does_not(layers, shape,
                                                                                                     algo):
    """The implicit GEMMs held 211-255 registers a thread on sm_90 with 64-bit index tiles (and spilled with a pool
    fused; `benchmarks/aot_compile.py --resources`): indices are 32-bit unless a tensor the kernel addresses has
    2**30 elements or more (``WIDE``). Both ways compute the same."""
    import dataclasses

    from autokernel.starters.launches import launch_plan

    p = _conv_then(layers, shape, "torch.relu(h)")
    st = generate_starter(p, tunables={"CONV_ENGINE": "triton", "CONV_ALGO": algo})
    limit = "_CONV_INT32_BELOW = 2**30"
    assert limit in st.source
    wide = dataclasses.replace(st, source=st.source.replace(limit, "_CONV_INT32_BELOW = 1"))
    for starter, expect in ((st, False), (wide, True)):
        launches = [x for x in launch_plan(starter.source, p, sm_count=4) if "conv" in x.kernel]
        assert launches and all(dict(x.options)["WIDE"] is expect for x in launches), launches
        run_shapes(p, starter, [[shape]])


@pytest.mark.parametrize("layers, shape", [
    ("nn.ConvTranspose3d(3, 5, 3, stride=2, padding=1), nn.AvgPool3d(2)", (2, 3, 3, 4, 3)),  # L2/50's shape of op
    ("nn.ConvTranspose2d(4, 6, 4, stride=2, padding=1, groups=2), nn.MaxPool2d(2)", (2, 4, 3, 5)),  # L2/10's
    ("nn.ConvTranspose2d(3, 4, 3, stride=(2, 4), padding=(0, 1), output_padding=(1, 0)), nn.AvgPool2d((2, 4))",
     (1, 3, 4, 3)),  # windows of the stride, not square; the last rows past a whole window left out
])
@pytest.mark.parametrize("fma", [0, 32], ids=["dot", "fma"])
def test_a_transposed_convolution_pooled_by_its_stride_is_computed_class_by_class(layers, shape, fma):
    """A pool window equal to the stride holds one output of each residue class: `_convt_pool_kernel` computes a
    tile of windows class by class, each through its own taps, and pools them as it goes (one launch; max and mean,
    groups, uneven strides, padding); with ``CONV_FMA_BELOW`` above the channels, each channel's outer product runs
    on the CUDA cores instead of a dot padded to 16."""
    from autokernel.starters.launches import launch_plan

    p = _conv_then(layers, shape, "torch.tanh(h) + 1.0", into="self.conv(x) * 0.5")
    st = generate_starter(p, tunables={"CONV_ENGINE": "triton", "CONV_ALGO": "taps", "CONV_FMA_BELOW": fma,
                                       "CONV_BLOCK_M": 16, "CONV_BLOCK_N": 16, "CONV_BLOCK_K": 16})
    (launch,) = [x for x in launch_plan(st.source, p, sm_count=4) if "conv" in x.kernel]
    assert launch.kernel == "_convt_pool_kernel" and dict(launch.options)["FMA"] is bool(fma)
    assert run_shapes(p, st, [[shape]]) == 1


@pytest.mark.parametrize("precision", ["ieee", "tf32_rna", "tf32_rne", "tf32", "tf32x3s"])
@pytest.mark.parametrize("ctor, shape", [
    ("nn.Conv3d(3, 5, 3, padding=1)", (1, 3, 4, 4, 3)),  # forward taps
    ("nn.ConvTranspose2d(2, 4, 3, stride=2)", (2, 2, 3, 4)),  # by output class
])
def test_a_taps_channels_on_the_cuda_cores_take_their_operands_as_the_precision_path_says(precision, ctor, shape):
    """``CONV_FMA_BELOW``: a tap's few input channels multiplied one by one on the CUDA cores, each operand as the
    precision path's tensor cores take it: rounded to TF32 ties away or to even, its 13 low bits cut ("tf32"), or
    whole (fp32 and 3xTF32). Checked against the convolution of operands so transformed, in float64, and against
    the dot path on the same operands (which the interpreter computes in fp32, so not for the tensor cores' cut)."""
    import torch.nn.functional as F

    from autokernel.starters.check import load_module

    def operand(t):
        bits = t.contiguous().view(torch.int32)
        if precision == "tf32_rna":
            bits = (bits + 4096) & -8192
        elif precision == "tf32_rne":
            bits = (bits + 4095 + ((bits >> 13) & 1)) & -8192
        elif precision == "tf32":
            bits = bits & -8192
        return bits.view(torch.float32).double()

    p = make_problem(
        f"def __init__(self):\n    super().__init__()\n    self.op = {ctor}\ndef forward(self, x):\n    return self.op(x)",
        f"[torch.randn{shape}]",
    )
    outs = {}
    for fma in (0, 8):
        st = generate_starter(p, tunables={"CONV_ALGO": "taps", "CONV_PRECISION": precision, "CONV_FMA_BELOW": fma,
                                           "CONV_BLOCK_M": 16, "CONV_BLOCK_N": 16, "CONV_BLOCK_K": 16})
        mod = load_module(st.source)
        torch.manual_seed(0)
        new = mod.ModelNew()
        torch.manual_seed(1)
        x = torch.randn(*shape)
        with torch.no_grad():
            outs[fma] = new(x).double()
    op = new.op
    conv = F.conv_transpose2d if isinstance(op, torch.nn.ConvTranspose2d) else F.conv3d
    kw = {"stride": op.stride, "padding": op.padding}
    expected = conv(operand(x), operand(op.weight.detach()), op.bias.detach().double(), **kw)
    torch.testing.assert_close(outs[8], expected, rtol=1e-5, atol=1e-5)
    if precision != "tf32":
        torch.testing.assert_close(outs[0], expected, rtol=1e-5, atol=1e-5)
