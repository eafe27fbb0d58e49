"""Recurrent layers (nn.LSTM, nn.GRU, nn.RNN) through the generated kernels, on CPU (Triton interpreter).

The interpreter runs a launch's programs one after another, so there each direction is one program (the
cross-program barrier is exercised on a GPU: tests/test_starters_gpu.py)."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import pytest  # noqa: E402
import torch  # noqa: E402
from test_starters import make_problem, run_shapes  # noqa: E402

from autokernel.starters import generate_starter  # noqa: E402


def _rnn_problem(kind, *, hidden=6, layers=2, batch_first=False, bidirectional=False, bias=True, with_state=True,
                 seq=4, batch=3, features=5):
    dirs = 2 if bidirectional else 1
    call = ("self.rnn(x, (h0, c0))" if kind == "LSTM" else "self.rnn(x, h0)") if with_state else "self.rnn(x)"
    last = "out[1][1]" if kind == "LSTM" else "out[1]"  # c_n for an LSTM (h_n is the output's last step)
    x_shape = (batch, seq, features) if batch_first else (seq, batch, features)
    h_shape = (layers * dirs, batch, hidden)
    p = make_problem(
        f"""
        def __init__(self):
            super().__init__()
            self.rnn = nn.{kind}({features}, {hidden}, {layers}, bias={bias}, batch_first={batch_first},
                                 bidirectional={bidirectional})
        def forward(self, x, h0, c0):
            out = {call}
            return out[0], {last}
        """,
        f"[torch.rand{x_shape}, torch.rand{h_shape}, torch.rand{h_shape}]",
    )
    return p, [x_shape, h_shape, h_shape]


@pytest.mark.parametrize("kind", ["LSTM", "GRU", "RNN"])
@pytest.mark.parametrize("bidirectional", [False, True])
@pytest.mark.parametrize("batch_first", [False, True])
def test_recurrent_layers_match_torch(kind, bidirectional, batch_first):
    p, shapes = _rnn_problem(kind, bidirectional=bidirectional, batch_first=batch_first)
    st = generate_starter(p)
    assert st.covered == (f"recurrent layer: {kind.lower() if kind != 'RNN' else 'rnn_tanh'}",)
    assert st.fallbacks == ()
    launches = run_shapes(p, st, [shapes])
    # two directions: per layer, the input projection and one launch for the sequence; one direction: the first
    # layer's projection and one launch for every layer (a wavefront)
    assert launches == (2 * 2 if bidirectional else 2)
    if not bidirectional:
        assert run_shapes(p, generate_starter(p, tunables={"RNN_LAYERS": "each"}), [shapes]) == 2 * 2


@pytest.mark.parametrize(
    "kind,tunables,hidden,batch,bidirectional",
    [
        ("LSTM", {"RNN_PRECISION": "fma", "RNN_BLOCK_J": 4, "RNN_BLOCK_K": 32}, 40, 37, True),  # weights streamed
        ("LSTM", {"RNN_STACK_PRECISION": "fma", "RNN_STACK_BLOCK_K": 32}, 40, 37, False),  # the same, stacked
        ("GRU", {"RNN_PRECISION": "tf32x3", "RNN_BLOCK_K": 32}, 40, 37, True),  # 3 batch blocks of 16, 2 chunks
        ("GRU", {"RNN_PRECISION": "tf32x3", "RNN_BLOCK_K": 32}, 40, 37, False),  # per-layer knobs: the stack ignores
        ("GRU", {"RNN_STACK_PRECISION": "ieee", "RNN_STACK_BLOCK_J": 32}, 20, 17, False),
        ("RNN", {}, 33, 5, True),  # hidden size not a power of two, weights resident
    ],
)
def test_recurrent_block_shapes_and_chunks(kind, tunables, hidden, batch, bidirectional):
    """Several batch blocks, hidden sizes that are not powers of two, hidden state read in chunks (the weights then
    read per step instead of kept in registers), no bias, three layers."""
    p, shapes = _rnn_problem(kind, hidden=hidden, batch=batch, layers=3, bidirectional=bidirectional, bias=False,
                             seq=5)
    run_shapes(p, generate_starter(p, tunables=tunables), [shapes])


def test_recurrent_layer_without_initial_state_and_relu():
    p, shapes = _rnn_problem("GRU", with_state=False, layers=1)
    run_shapes(p, generate_starter(p), [shapes])
    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.rnn = nn.RNN(4, 8, 2, nonlinearity="relu", batch_first=True)
        def forward(self, x):
            return self.rnn(x)[0]
        """,
        "[torch.rand(2, 6, 4)]",
    )
    st = generate_starter(p)
    assert st.covered == ("recurrent layer: rnn_relu",)
    run_shapes(p, st, [[(2, 6, 4)]])


def test_recurrent_layer_in_an_untraceable_model():
    """The layer starter (forward as written, e.g. a state drawn in forward) switches the LSTM to the kernels too."""
    p = make_problem(
        """
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(5, 6, 2, batch_first=True)
            self.fc = nn.Linear(6, 3)
        def forward(self, x, h0=None):
            if h0 is None:
                h0 = torch.zeros(2, x.size(0), 6)
            out, _ = self.lstm(x, (h0, h0))
            return self.fc(out[:, -1, :])
        """,
        "[torch.rand(3, 4, 5)]",
    )
    st = generate_starter(p)
    assert "rnn layers: LSTM x1" in st.covered, st.covered
    run_shapes(p, st, [[(3, 4, 5)], [(2, 7, 5)]])


def test_recurrent_calls_the_kernels_do_not_cover_run_the_module():
    """Unbatched input and dropout between layers while training go to the module's own forward."""
    from autokernel.starters.check import load_module

    p, _ = _rnn_problem("LSTM")
    mod = load_module(generate_starter(p).source)
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(5, 6, 2)
    x = torch.rand(4, 5)  # unbatched
    torch.testing.assert_close(mod._rnn(x, None, lstm)[0], lstm(x)[0])
    lstm.dropout = 0.5
    assert not mod._rnn_fits(torch.rand(4, 3, 5), None, lstm)
    lstm.eval()
    assert mod._rnn_fits(torch.rand(4, 3, 5), None, lstm)
