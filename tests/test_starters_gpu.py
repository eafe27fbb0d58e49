"""Starters on a CUDA GPU (real Triton compilation): run with ``TRITON_INTERPRET=0 pytest -m gpu``."""

import os

import pytest

torch = pytest.importorskip("torch")

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(
        not torch.cuda.is_available() or os.environ.get("TRITON_INTERPRET") == "1",
        reason="needs CUDA and compiled (not interpreted) Triton",
    ),
]

CASES = [
    (1, i) for i in (1, 3, 4, 12, 19, 23, 24, 26, 33, 35, 36, 38, 40, 42, 43, 45, 46, 47, 51, 54, 57, 89, 91, 92, 93, 95, 97)
]
CASES += [(2, i) for i in (1, 3, 6, 11, 18, 19, 23, 33, 52, 62, 84, 92)]


@pytest.mark.parametrize("key", CASES, ids=[f"L{lv}-{i}" for lv, i in CASES])
def test_starter_on_gpu(key):
    import datasets

    from autokernel.problem import Problem
    from autokernel.starters import generate_starter
    from autokernel.starters.check import check_starter
    from autokernel.starters.shrink import tiny_problem

    torch.backends.cuda.matmul.allow_tf32 = False  # the reference must be true fp32 for a 1e-4 check
    torch.backends.cudnn.allow_tf32 = False
    level, pid = key
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    ds = datasets.load_dataset(os.environ.get("AUTOKERNEL_KB_TEST_DATASET") or str(root.parent / "shared" / "kernelbench"))
    row = next(r for r in ds[f"level_{level}"] if r["problem_id"] == pid)
    p = Problem.from_source(row["code"], name=row["name"], level=level, problem_id=pid)
    p = tiny_problem(p, 50_000_000)  # GPU-sized but not the full (multi-GB) problem
    st = generate_starter(p)
    res = check_starter(p, st, device="cuda")
    # ill_conditioned: the fp32 reference itself misses 1e-4 against float64 on these inputs and the starter is
    # as close to float64 as the reference (L1/97's attention at this size): the inputs cannot judge it
    assert res.ok or res.status == "ill_conditioned", (res, st.covered, st.fallbacks)


PRESET_CASES = [(1, 1), (1, 3), (1, 6), (1, 10), (1, 17), (1, 54), (1, 57), (1, 67), (1, 73), (2, 1), (2, 12), (2, 23), (2, 18)]


@pytest.mark.parametrize("key", PRESET_CASES, ids=[f"L{lv}-{i}" for lv, i in PRESET_CASES])
def test_tensor_core_presets_on_gpu(key):
    """Every fp32-accurate preset of the matmul and convolution families (those any protocol admits) compiles on
    the GPU and stays within 1e-4 of the fp32 reference; a plain-TF32 preset (kernelbench protocol only, where the
    reference's cuDNN convolutions run in TF32 too) compiles and stays within TF32's 1e-2."""
    import datasets

    from autokernel.problem import Problem
    from autokernel.starters import generate_starter
    from autokernel.starters.check import check_starter
    from autokernel.starters.shrink import tiny_problem

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    level, pid = key
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    ds = datasets.load_dataset(os.environ.get("AUTOKERNEL_KB_TEST_DATASET") or str(root.parent / "shared" / "kernelbench"))
    row = next(r for r in ds[f"level_{level}"] if r["problem_id"] == pid)
    p = tiny_problem(Problem.from_source(row["code"], name=row["name"], level=level, problem_id=pid), 20_000_000)
    st = generate_starter(p)
    presets = st.presets_for("strict")
    assert presets
    for name, values in presets.items():
        res = check_starter(p, generate_starter(p, tunables=values), device="cuda")
        assert res.ok, (name, res)
    for name, values in st.presets.items():
        if name not in presets:
            res = check_starter(p, generate_starter(p, tunables=values), device="cuda", atol=1e-2, rtol=1e-2)
            assert res.ok, (name, res)


@pytest.mark.parametrize("split", [False, True])
def test_batchnorm_tail_on_gpu(split):
    """A batch norm running its elementwise tail (a jitted epilogue passed as a constexpr) compiles, matches torch
    and keeps its running statistics and batch count, in training mode (one launch or split statistics) and in
    inference mode."""
    from test_starters import _BN_TAILS, _bn_models, assert_same_running_stats, make_problem

    from autokernel.starters import generate_starter

    torch.backends.cudnn.allow_tf32 = False
    p = make_problem(_BN_TAILS, "[torch.rand(8, 5, 33, 35), torch.rand(8, 5, 33, 35)]")
    st = generate_starter(p, tunables={"BN_BLOCK": 256, "BN_MIN_CHUNK": 256} if split else None)
    ref, new, grids = _bn_models(p, st, device="cuda")
    for _ in range(2):
        x, r = torch.randn(8, 5, 33, 35, device="cuda") + 3.0, torch.randn(8, 5, 33, 35, device="cuda")
        torch.testing.assert_close(new(x, r), ref(x, r), atol=1e-4, rtol=1e-4)
    assert bool(grids["_bn_stats_kernel"]) == split
    assert_same_running_stats(new, ref, ("bn1", "bn2", "bn3", "bn4"), batches=2)
    new.eval()
    ref.eval()
    x, r = torch.randn(8, 5, 33, 35, device="cuda"), torch.randn(8, 5, 33, 35, device="cuda")
    torch.testing.assert_close(new(x, r), ref(x, r), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("kind,bidirectional,tunables", [
    ("LSTM", True, None), ("GRU", True, None), ("LSTM", False, None), ("GRU", False, None),
    ("GRU", True, {"RNN_PRECISION": "fma", "RNN_BLOCK_J": 8, "RNN_BLOCK_K": 64, "RNN_NUM_WARPS": 4}),
    ("LSTM", False, {"RNN_STACK_PRECISION": "tf32x3", "RNN_STACK_BLOCK_K": 64}),
    ("GRU", False, {"RNN_LAYERS": "each", "RNN_PRECISION": "ieee"})])
def test_recurrent_layers_on_gpu(kind, bidirectional, tunables):
    """The persistent recurrent kernels compiled: several programs per direction (or layer) meet at the barrier each
    step (the interpreter never runs that); two directions in one launch, or every layer of one direction as a
    wavefront; against torch's fp32 (cuDNN, TF32 off), and the same result twice (a race would not repeat)."""
    from test_starters_rnn import _rnn_problem

    from autokernel.starters import generate_starter
    from autokernel.starters.check import load_module

    torch.backends.cudnn.allow_tf32 = False
    p, shapes = _rnn_problem(kind, hidden=256, layers=3, bidirectional=bidirectional, batch=10, seq=64, features=128)
    mod = load_module(generate_starter(p, tunables=tunables).source)
    grids = []
    for name in ("_rnn_layer_kernel", "_rnn_stack_kernel"):
        kernel = getattr(mod, name)
        setattr(mod, name, type("K", (), {"__getitem__": lambda self, g, k=kernel: grids.append(g) or k[g]})())
    ns: dict = {}
    exec(p.source, ns)
    torch.manual_seed(0)
    ref = ns["Model"]().cuda()
    torch.manual_seed(0)
    new = mod.ModelNew().cuda()
    for _ in range(2):
        xs = [torch.randn(*s, device="cuda") for s in shapes]
        got = new(*xs)
        for e, g, again in zip(ref(*xs), got, new(*xs)):
            torch.testing.assert_close(g, e, atol=1e-4, rtol=1e-4)
            assert torch.equal(g, again)
    assert grids and all(g[0] > 3 for g in grids), grids  # more than one program per direction or layer


@pytest.mark.parametrize("layers", ["stack", "each"])
def test_recurrent_lstm_accuracy_on_large_inputs_on_gpu(layers):
    """L3/35's LSTM (6 layers, 512 steps) on its inputs times 64, the judge's large-input trial: as close to float64
    as cuDNN's fp32 (H200, 2026-12-01: the first version of the kernel missed 1e-4 there, max abs error 2.5e-4)."""
    from autokernel.starters import generate_starter
    from autokernel.starters.check import load_module

    torch.backends.cudnn.allow_tf32 = False
    p = make_lstm35()
    mod = load_module(generate_starter(p, tunables={"RNN_LAYERS": layers}).source)
    ns: dict = {}
    exec(p.source, ns)
    torch.manual_seed(0)
    ref = ns["Model"]().cuda()
    torch.manual_seed(0)
    new = mod.ModelNew().cuda()
    gen = torch.Generator(device="cuda").manual_seed(3)
    x = torch.rand(10, 512, 128, device="cuda", generator=gen) * 64
    h0 = torch.randn(6, 10, 256, device="cuda", generator=gen)
    c0 = torch.randn(6, 10, 256, device="cuda", generator=gen)
    with torch.no_grad():
        expected = ref(x, h0, c0)
        exact = ref.double()(x.double(), h0.double(), c0.double())
        got = new(x, h0, c0)
    ref_err = (expected.double() - exact).abs().max().item()
    our_err = (got.double() - exact).abs().max().item()
    torch.testing.assert_close(got, exact.float(), atol=1e-4, rtol=1e-4)
    assert our_err <= max(4 * ref_err, 1e-6), (our_err, ref_err)


def make_lstm35():
    from test_starters import make_problem

    return make_problem(
        """
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(128, 256, 6, batch_first=True)
            self.fc = nn.Linear(256, 10)
        def forward(self, x, h0, c0):
            out, _ = self.lstm(x, (h0, c0))
            return self.fc(out[:, -1, :])
        """,
        "[torch.rand(10, 512, 128), torch.rand(6, 10, 256), torch.rand(6, 10, 256)]",
    )
