"""CUDA_GRAPH, the CUDA-graph knob of launch-bound models: offered to level-3 models, correct on CPU (where it runs
the forward as it is), and its capture logic driven on CPU through stand-ins for the CUDA graph API (a real capture
needs a GPU)."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

import contextlib  # noqa: E402
import textwrap  # noqa: E402

import pytest  # noqa: E402
import torch  # noqa: E402
from test_starters import make_problem, run_shapes  # noqa: E402

from autokernel.problem import Problem  # noqa: E402
from autokernel.starters import generate_starter  # noqa: E402
from autokernel.starters.check import load_module  # noqa: E402

MLP = """
def __init__(self):
    super().__init__()
    self.fc1 = nn.Linear(12, 16)
    self.fc2 = nn.Linear(16, 8)
def forward(self, x):
    x = torch.relu(self.fc1(x))
    return torch.sigmoid(self.fc2(x)) * 2.0
"""
BN = """
def __init__(self):
    super().__init__()
    self.bn = nn.BatchNorm1d(6)
def forward(self, x):
    return torch.relu(self.bn(x)) * 2.0
"""


def _level3(body: str, inputs: str) -> Problem:
    return Problem.from_source(make_problem(body, inputs).source, name="model", level=3)


def test_level_3_models_get_the_knob_first_and_off_by_default():
    st = generate_starter(_level3(MLP, "[torch.randn(5, 12)]"))
    assert list(st.space)[0] == "CUDA_GRAPH" and st.tunables["CUDA_GRAPH"] is False
    assert st.launch_blind == ("CUDA_GRAPH",)
    assert st.source.rstrip().endswith("ModelNew.forward = _graphed(ModelNew.forward)  # CUDA_GRAPH: see _Graphs")
    import io
    import tokenize

    names = {t.string for t in tokenize.generate_tokens(io.StringIO(st.source).readline) if t.type == tokenize.NAME}
    assert not names & {"try", "except", "pass"}  # KernelBench's static checker rejects them
    small = make_problem(MLP, "[torch.randn(5, 12)]")  # not level 3, and a short forward: no knob
    assert "CUDA_GRAPH" not in generate_starter(small).space


def test_graphed_model_is_correct_on_cpu_where_it_runs_as_it_is():
    p = _level3(MLP, "[torch.randn(5, 12)]")
    run_shapes(p, generate_starter(p, tunables={"CUDA_GRAPH": True, "MM_ENGINE": "triton"}), [[(5, 12)], [(3, 12)]])


class _Graph:
    """A captured call: replay runs it again on the tensors it was captured with, writing into its output, as a
    CUDA graph reads and writes fixed addresses."""

    def __init__(self, module, forward, args, out):
        self.module, self.forward, self.args, self.out = module, forward, args, out

    def replay(self):
        self.out.copy_(self.forward(self.module, *self.args))


def _graphs(mod, monkeypatch):
    """Run ``mod``'s _Graphs on CPU tensors with `_Graph` captures; returns the list of captured argument tuples."""
    captured = []

    def fake_capture(self, module, forward, args):
        out = forward(module, *args).clone()
        captured.append(args)
        return _Graph(module, forward, args, out), out

    monkeypatch.setattr(mod._Graphs, "device", "cpu")
    monkeypatch.setattr(mod._Graphs, "cuda", _Cuda)
    monkeypatch.setattr(mod._Graphs, "capture", fake_capture)
    return captured


def _model(body=MLP, inputs="[torch.randn(5, 12)]"):
    p = _level3(body, inputs)
    ns: dict = {}
    exec(p.source, ns)
    mod = load_module(generate_starter(p, tunables={"CUDA_GRAPH": True}).source)
    torch.manual_seed(0)
    ref = ns["Model"]()
    torch.manual_seed(0)
    return mod, mod.ModelNew(), ref


def test_a_graph_replays_only_where_every_tensor_it_reads_still_is(monkeypatch):
    mod, new, ref = _model()
    captured = _graphs(mod, monkeypatch)
    x = torch.randn(5, 12)
    with torch.no_grad():
        first = new(x)
        torch.testing.assert_close(first, ref(x))
        x.copy_(torch.randn(5, 12))  # new data at the same address: a replay, reading it
        second = new(x)
        torch.testing.assert_close(second, ref(x))
        assert len(captured) == 1 and new._ak_graphs.replays == 1
        assert first.data_ptr() != second.data_ptr()  # outputs are copies: the next replay overwrites none
        y = torch.randn(5, 12)  # another address: a capture
        torch.testing.assert_close(new(y), ref(y))
        assert len(captured) == 2
        for p in new.parameters():  # parameters moved (the judge's relocation): captured anew
            p.data = p.data.clone()
        torch.testing.assert_close(new(y), ref(y))
        assert len(captured) == 3
        z = torch.randn(2, 12)  # another shape
        torch.testing.assert_close(new(z), ref(z))
        assert len(captured) == 4
    # autograd on, as KernelBench's evaluator times a forward: graphs all the same, recording nothing
    out = new(y)
    torch.testing.assert_close(out, ref(y))
    assert len(captured) == 4 and new._ak_graphs.replays == 2 and out.grad_fn is None
    x2 = torch.randn(5, 12)
    torch.testing.assert_close(new(x2), ref(x2).detach())
    assert len(captured) == 5


def test_graphs_are_bounded_and_abandoned_when_addresses_never_repeat(monkeypatch):
    mod, new, ref = _model()
    captured = _graphs(mod, monkeypatch)
    monkeypatch.setattr(mod._Graphs, "GIVE_UP", 6)
    xs = [torch.randn(5, 12) for _ in range(8)]
    with torch.no_grad():
        for x in xs[:5]:
            new(x)
        assert len(new._ak_graphs.graphs) == mod._Graphs.LIMIT  # the least recently used went
        new(xs[0])
        assert len(captured) == 6  # xs[0]'s graph had gone: captured again
        for x in xs[5:]:
            torch.testing.assert_close(new(x), ref(x))
        assert new._ak_graphs.off and len(captured) == 6 and not new._ak_graphs.graphs  # 6 captures, 0 replays


class _Cuda:
    """torch.cuda's graph API as far as _Graphs.capture uses it: streams that run at once, a capture that runs the
    forward (so the call's output is computed), a replay that does nothing (the capture already ran it)."""

    class Stream:
        def wait_stream(self, other):
            pass

    class CUDAGraph:
        def replay(self):
            pass

    @staticmethod
    def current_stream():
        return _Cuda.Stream()

    @staticmethod
    def stream(s):
        return contextlib.nullcontext()

    @staticmethod
    def graph(g):
        return contextlib.nullcontext()

    @staticmethod
    def is_current_stream_capturing():
        return False


def test_the_warm_up_call_leaves_running_statistics_as_one_call_does(monkeypatch):
    """Capturing warms the forward up first; a batch norm's running statistics must then move once per call (the
    replay's update), as the reference's do, not twice."""
    mod, new, ref = _model(BN, "[torch.randn(7, 6)]")
    monkeypatch.setattr(mod._Graphs, "device", "cpu")
    monkeypatch.setattr(mod._Graphs, "cuda", _Cuda)
    x = torch.randn(7, 6)
    with torch.no_grad():
        torch.testing.assert_close(new(x), ref(x))
    torch.testing.assert_close(new.bn.running_mean, ref.bn.running_mean)
    torch.testing.assert_close(new.bn.running_var, ref.bn.running_var)
    assert int(new.bn.num_batches_tracked) == int(ref.bn.num_batches_tracked) == 1
    assert new._ak_graphs.captures == 1


@pytest.mark.parametrize("graph", [False, True])
def test_the_judge_passes_a_graphed_starter(cpu_config, graph):
    """The judge's checks on CPU, the ablation of a CUDA-graph user (a fresh model, see
    `own_kernels.OwnKernelChecks._ablation`) included: the knob's starter is correct either way."""
    from autokernel.evaluate import evaluate
    from autokernel.records import Candidate

    p = _level3(MLP, "[torch.randn(5, 12)]")
    st = generate_starter(p, tunables={"CUDA_GRAPH": graph, "MM_ENGINE": "triton"})
    v = evaluate(p, Candidate(source=st.source), cpu_config)
    assert v.verdict == "correct", v.reason
    assert any(c.name == "own_kernels_contribute" and c.passed for c in v.checks)


def test_the_tuner_tries_graphs_first_though_the_launches_are_the_same():
    """A dry run sees the same kernel launches with and without graphs (the knob acts on the host), so the tuner's
    identical-launch pruning must not drop the move (Starter.launch_blind)."""
    from autokernel.propose.base import Attempt, History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.records import Verdict

    p = _level3(MLP, "[torch.randn(5, 12)]")
    tuner = TunerProposer()
    (starter,) = tuner.propose(p, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=Verdict(verdict="correct", reason="", speedup=1.0))
    ideas = [c.idea for c in tuner.propose(p, History(attempts=[seed], seeds=[seed], round=1), 3, 1)]
    assert "set CUDA_GRAPH False -> True" in ideas, ideas


# a file the generator did not write: the same model as MLP, as an LLM or inductor would hand it over
FOREIGN = "import torch\nimport torch.nn as nn\n\n\nclass ModelNew(nn.Module):\n" + textwrap.indent(MLP.strip("\n"), "    ") + "\n"


def test_a_foreign_file_gets_the_graph_machinery_and_replays_with_autograd_on(monkeypatch):
    """`graph_wrap.with_cuda_graphs`: a file the generator did not write (inductor's, an LLM's) replayed from CUDA
    graphs, with autograd on as KernelBench times it; a file that has the knob already is left alone."""
    from autokernel.starters.graph_wrap import with_cuda_graphs

    wrapped = with_cuda_graphs(FOREIGN)
    assert wrapped.startswith(FOREIGN.rstrip("\n")) and "\nCUDA_GRAPH = True\n" in wrapped
    assert with_cuda_graphs(wrapped) is None and with_cuda_graphs("x = 1\n") is None
    assert with_cuda_graphs(generate_starter(_level3(MLP, "[torch.randn(5, 12)]")).source) is None
    mod = load_module(wrapped)
    captured = _graphs(mod, monkeypatch)
    ns: dict = {}
    exec(_level3(MLP, "[torch.randn(5, 12)]").source, ns)
    torch.manual_seed(0)
    ref = ns["Model"]()
    torch.manual_seed(0)
    new = mod.ModelNew()
    x = torch.randn(5, 12)
    for _ in range(3):
        out = new(x)
        torch.testing.assert_close(out, ref(x).detach())
    assert len(captured) == 1 and new._ak_graphs.replays == 2 and out.grad_fn is None


def _tuner_and_two_kernels(own_speedup: float, foreign_speedup: float):
    """An MLP problem, a tuner, its starter judged correct and inductor's `FOREIGN` judged correct."""
    from autokernel.propose.base import Attempt, History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.records import Candidate, Verdict

    p = _level3(MLP, "[torch.randn(5, 12)]")
    tuner = TunerProposer()
    (starter,) = tuner.propose(p, History(), 1, 1)
    own = Attempt(candidate=starter, verdict=Verdict(verdict="correct", reason="", speedup=own_speedup))
    foreign = Attempt(candidate=Candidate(source=FOREIGN, proposer="inductor"),
                      verdict=Verdict(verdict="correct", reason="", speedup=foreign_speedup))
    return p, tuner, own, foreign


def test_the_tuner_wraps_a_foreign_seed_in_graphs_once_and_on_a_gpu_only():
    from autokernel.propose.base import History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.starters.graph_wrap import with_cuda_graphs

    p, tuner, own, foreign = _tuner_and_two_kernels(1.0, 1.2)
    history = History(attempts=[own, foreign], seeds=[foreign, own], round=1, device="cuda:0")
    first, *rest = tuner.propose_wide(p, history, 24)
    assert first.source == with_cuda_graphs(FOREIGN) and first.parent == foreign.candidate.digest
    assert first.idea == f"CUDA graphs around inductor seed {foreign.candidate.digest[:8]}'s forward (CUDA_GRAPH = True)"
    assert "set CUDA_GRAPH False -> True" in [c.idea for c in rest]  # the starter's own knob as before
    history.screened.add(first.digest)
    assert first.digest not in {c.digest for c in TunerProposer().propose_wide(p, history, 6)}
    history = History(attempts=[own, foreign], seeds=[foreign, own], round=1, device="cpu")
    assert not [c for c in TunerProposer().propose_wide(p, history, 6) if c.idea.startswith("CUDA graphs around")]


def test_a_foreign_kernel_too_slow_to_be_a_seed_is_still_wrapped_in_graphs_once():
    """A launch-bound foreign forward may be slow for its launches alone (L3/34's inductor forward: 27 ms, 4.2 ms
    in graphs): the graph move is offered for every correct foreign kernel, not only the seeds; never for a
    failed one."""
    from autokernel.propose.base import Attempt, History
    from autokernel.records import Candidate, Verdict
    from autokernel.starters.graph_wrap import with_cuda_graphs

    p, tuner, own, slow = _tuner_and_two_kernels(1.3, 0.8)
    wrong = Attempt(candidate=Candidate(source=FOREIGN + "\n# another\n", proposer="llm"),
                    verdict=Verdict(verdict="incorrect", reason="wrong output"))
    history = History(attempts=[own, slow, wrong], seeds=[own], round=1, device="cuda:0")
    wrapped = [c for c in tuner.propose_wide(p, history, 24) if c.idea.startswith("CUDA graphs around")]
    assert [(c.source, c.parent) for c in wrapped] == [(with_cuda_graphs(FOREIGN), slow.candidate.digest)]


def test_own_code_is_marked_on_our_kernels_and_their_graph_wraps_only():
    """`Candidate.own_code` decides whether a process's compiles may be shared (`evaluate.shared_kernels`): the
    starter and its moves, inductor's code and its graph wrap are ours; an LLM's kernel and its wrap are not, and a
    kernel read back from the ledger (the flag is not kept there) is recognised by its source."""
    import dataclasses

    from autokernel.propose.base import Attempt, History
    from autokernel.records import Candidate, Verdict

    p, tuner, own, foreign = _tuner_and_two_kernels(1.0, 1.2)
    assert own.candidate.own_code
    llm = Attempt(candidate=Candidate(source=FOREIGN + "\n# an LLM's\n", proposer="llm"),
                  verdict=Verdict(verdict="correct", reason="", speedup=1.1))
    history = History(attempts=[own, foreign, llm], seeds=[foreign, own, llm], round=1, device="cuda:0")
    out = tuner.propose_wide(p, history, 24)
    wraps = {c.parent: c for c in out if c.idea.startswith("CUDA graphs around")}
    assert wraps[foreign.candidate.digest].own_code and not wraps[llm.candidate.digest].own_code
    moves = [c for c in out if not c.idea.startswith("CUDA graphs around")]
    assert moves and all(c.own_code for c in moves)
    for cand, ours in [(own.candidate, True), (foreign.candidate, True), (llm.candidate, False),
                       (wraps[foreign.candidate.digest], True), (wraps[llm.candidate.digest], False)]:
        read_back = dataclasses.replace(cand, own_code=False)
        assert tuner.owns(p, read_back, history) is ours, cand.idea
    tampered = dataclasses.replace(wraps[foreign.candidate.digest], own_code=False,
                                   source=wraps[foreign.candidate.digest].source + "\nimport os\n")
    assert not tuner.owns(p, tampered, history)  # a wrap's parent vouches only for exactly its wrap


def test_the_tuner_wraps_its_own_seed_in_graphs_where_its_reading_holds_the_launch():
    """A level-1 forward has no CUDA_GRAPH knob (not launch-bound by its steps); a seed of it whose judged reading
    holds its launch (`TimingStats.launch_counted`: KernelBench's loop, a launch of a tenth of the call) is wrapped
    in graphs once, on a GPU; a short launch, a reading under a lead or the CPU leave it as it is."""
    from autokernel.propose.base import Attempt, History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.records import Candidate, TimingStats, Verdict
    from autokernel.starters.graph_wrap import with_cuda_graphs

    p = Problem.from_source(make_problem(BN, "[torch.randn(5, 6)]").source, name="bn", level=1)
    tuner = TunerProposer()
    (starter,) = tuner.propose(p, History(), 1, 1)
    assert "CUDA_GRAPH" not in generate_starter(p).space

    def wrapped(launch_ms: float, method: str = "cuda_event+l2_flush_kernelbench_overlapping_launch", *,
                device: str = "cuda:0", seen=()) -> list[Candidate]:
        kernel = TimingStats(median_ms=1.46, mean_ms=1.46, min_ms=1.4, max_ms=1.6, std_ms=0.01, ci95_low_ms=1.45,
                             ci95_high_ms=1.47, num_trials=100, method=method, launch_ms=launch_ms)
        seed = Attempt(candidate=starter, verdict=Verdict(verdict="correct", reason="", speedup=1.0, kernel=kernel))
        history = History(attempts=[seed], seeds=[seed], round=1, device=device)
        history.screened.update(seen)
        return [c for c in TunerProposer().propose_wide(p, history, 24) if c.idea.startswith("CUDA graphs around")]

    (wrap,) = wrapped(0.177)  # L1/100's launch under KernelBench's loop
    assert wrap.source == with_cuda_graphs(starter.source) and wrap.parent == starter.digest and wrap.own_code
    assert "whose 0.177 ms launch a call its reading holds" in wrap.idea
    assert not wrapped(0.177, seen={wrap.digest})  # once
    assert not wrapped(0.1)  # a launch under a tenth of the call
    assert not wrapped(0.177, "cuda_event+l2_flush+gpu_lead_1ms_max_host")  # a lead hides it
    assert not wrapped(0.177, device="cpu")
