"""Seeds from torch inductor (autokernel.starters.inductor, autokernel.propose.inductor_seed).

On CPU inductor's Triton backend writes the kernels and the Triton interpreter runs them: the seeds below are
judged by the real `Evaluator`. The rewrite alone is tested on a stored capture (tests/fixtures/inductor/), also
reshaped as GPU output for the rewrite's GPU branches; a GPU-marked test captures and judges on a GPU itself.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import time
from pathlib import Path

import pytest

from autokernel.evaluate.static import inspect_source
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History
from autokernel.propose.inductor_seed import MIN_CAPTURE_S, InductorSeedProposer, wanted
from autokernel.records import Candidate, Verdict
from autokernel.starters._inductor_source import SeedError, build_source
from autokernel.starters.inductor import InductorSeed, inductor_seed, seed_from_capture

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SUITE = Path(__file__).resolve().parents[1] / "autokernel" / "suite"

SOFTMAX = """import torch
import torch.nn as nn

batch_size = 4
dim = 32


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
"""

# training-mode batch norm: the seed must update the running statistics in ModelNew's own buffers
BATCHNORM_SOFTMAX = """import torch
import torch.nn as nn

batch_size = 4
features = 16


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.lin = nn.Linear(features, 8)
        self.bn = nn.BatchNorm1d(8)

    def forward(self, x):
        return torch.softmax(self.bn(torch.relu(self.lin(x)) * 2.0), dim=1)


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
"""

UNTRACEABLE = """import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # control flow on a value: torch.export cannot trace it
            return x * 2
        return x


def get_inputs():
    return [torch.randn(4, 4)]


def get_init_inputs():
    return []
"""


@functools.cache
def _seed(source: str) -> InductorSeed:
    """One capture per problem for the whole module (each costs seconds of inductor)."""
    return inductor_seed(Problem.from_source(source, name="inductor_case"), "cpu", timeout_s=300)


def _standalone(source: str) -> None:
    """What a seed may not do: compile at run time or lean on inductor's wrapper machinery."""
    code = re.sub(r'""".*?"""', "", source, flags=re.S)
    for banned in ("torch.compile", "_dynamo", "async_compile", "torch._inductor", "extern_kernels", ".run("):
        assert banned not in code, banned
    report = inspect_source(source)
    assert report.check.passed and report.backend == "triton", report.check.reason


# ---------------------------------------------------------------- CPU: captured, rewritten, judged
CPU_CASES = {
    "elementwise (bias + tanh GELU)": (SUITE / "gelu_bias.py").read_text(),
    "softmax (a reduction)": SOFTMAX,
    "linear + relu (library matmul, generated epilogue)": (FIXTURES / "problems" / "linear_relu.py").read_text(),
    "linear + batch norm + softmax (buffers updated in place)": BATCHNORM_SOFTMAX,
}


@pytest.mark.parametrize("name", list(CPU_CASES))
def test_the_seed_of_a_tiny_problem_is_correct_under_the_evaluator(name, cpu_config):
    from autokernel.evaluate import evaluate

    problem = Problem.from_source(CPU_CASES[name], name="inductor_case")
    seed = _seed(CPU_CASES[name])
    assert seed.source is not None, seed.reason
    _standalone(seed.source)
    assert seed.torch_version and seed.tied_to_torch == ""  # helpers copied in: nothing imported from inductor
    verdict = evaluate(problem, Candidate(source=seed.source, proposer="inductor"), cpu_config)
    assert verdict.verdict == "correct", (verdict.reason, verdict.log_tail[-2000:])
    assert set(verdict.own_kernel_launches) <= set(seed.kernels) and verdict.own_kernel_launches
    assert verdict.tied_to_torch == ""


def test_the_seed_in_cuda_graphs_is_judged_like_the_seed(cpu_config):
    """The tuner's one move on a foreign seed (`graph_wrap.with_cuda_graphs`): through the judge's graph-user path
    (the ablation on a fresh model); on CPU the forward runs as it is, so the verdict is the seed's."""
    from autokernel.evaluate import evaluate
    from autokernel.starters.graph_wrap import with_cuda_graphs

    name = "linear + batch norm + softmax (buffers updated in place)"
    seed = _seed(CPU_CASES[name])
    wrapped = with_cuda_graphs(seed.source)
    assert "uses CUDA graphs" in inspect_source(wrapped).warnings
    verdict = evaluate(Problem.from_source(CPU_CASES[name], name="inductor_case"),
                       Candidate(source=wrapped, proposer="tuner"), cpu_config)
    assert verdict.verdict == "correct", (verdict.reason, verdict.log_tail[-2000:])
    assert set(verdict.own_kernel_launches) <= set(seed.kernels) and verdict.own_kernel_launches


def _pair(problem_source: str, seed_source: str, *, seed: int):
    """Model(16) from the problem and ModelNew(16) from the seed, each built after the same manual seed."""
    import torch

    ref_ns, new_ns = {}, {}
    exec(compile(problem_source, "problem", "exec"), ref_ns)  # noqa: S102 - test fixtures
    exec(compile(seed_source, "seed", "exec"), new_ns)  # noqa: S102
    torch.manual_seed(seed)
    ref = ref_ns["Model"](16)
    torch.manual_seed(seed)
    return ref, new_ns["ModelNew"](16)


def test_buffers_are_updated_in_modelnews_own_modules():
    """Training-mode batch norm: running statistics move in ModelNew's buffers exactly as in Model's."""
    import torch

    seed = _seed(BATCHNORM_SOFTMAX)
    assert seed.source is not None, seed.reason
    ref, new = _pair(BATCHNORM_SOFTMAX, seed.source, seed=5)
    x = torch.randn(4, 16)
    with torch.no_grad():
        torch.testing.assert_close(new(x), ref(x))
    for (name, a), (_, b) in zip(ref.named_buffers(), new.named_buffers()):
        torch.testing.assert_close(b, a, msg=name)
    assert int(new.bn.num_batches_tracked) == 1


def test_a_problem_inductor_cannot_take_gets_a_reason_not_an_exception():
    seed = inductor_seed(Problem.from_source(UNTRACEABLE, name="untraceable"), "cpu", timeout_s=300)
    assert seed.source is None and "torch.export cannot trace" in seed.reason
    library_only = (FIXTURES / "problems" / "linear_relu.py").read_text().replace("torch.relu(self.linear(x))",
                                                                                  "self.linear(x)")
    seed = inductor_seed(Problem.from_source(library_only, name="linear_only"), "cpu", timeout_s=300)
    assert seed.source is None and "no Triton kernel" in seed.reason


def test_a_capture_that_times_out_is_a_reason():
    seed = inductor_seed(Problem.from_source(SOFTMAX, name="softmax"), "cpu", timeout_s=0.01)
    assert seed.source is None and "took more than" in seed.reason


# ---------------------------------------------------------------- a stored capture: the rewrite alone
STORED = FIXTURES / "inductor" / "cpu_bn_softmax.json"


def _stored():
    stored = json.loads(STORED.read_text())
    return stored["capture"], stored["problem"]


def test_a_stored_capture_becomes_a_seed_that_matches_the_reference():
    """The rewrite of inductor's recorded output (torch 2.13, no inductor run here) runs in the interpreter."""
    import torch

    capture, problem_source = _stored()
    built = build_source(capture, problem_source, title="bn_softmax")
    _standalone(built.source)
    assert built.library_calls == ("addmm",) and built.tied_to_torch == "" and built.autotuned == ()
    ref, new = _pair(problem_source, built.source, seed=2)
    x = torch.randn(4, 16)
    with torch.no_grad():
        torch.testing.assert_close(new(x), ref(x))


def _gpu_shaped(capture: dict) -> dict:
    """The stored CPU capture reshaped as inductor writes for a GPU (a device guard around the body, CUDA
    allocations, stream handles, libdevice, two launch configurations for the reduction kernel). Synthetic: it
    exercises the GPU branches of the rewrite on a machine with no GPU; the GPU-marked test below uses real output."""
    capture = json.loads(json.dumps(capture))
    tree = ast.parse(capture["wrapper"])
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "call":
            body = node.body
            guard = ast.parse("with torch.cuda._DeviceGuard(0):\n    torch.cuda.set_device(0)").body[0]
            guard.body += body[2:-1]
            node.body = [*body[:2], guard, body[-1]]
    wrapper = ast.unparse(tree).replace("empty_strided_cpu", "empty_strided_cuda")
    wrapper = wrapper.replace("get_raw_stream(None)", "get_raw_stream(0)").replace("tl_math.exp(", "libdevice.exp(")
    capture.update(wrapper=wrapper, device="cuda", device_name="(synthetic)")
    reduction = next(k for k in capture["kernels"] if k.startswith("triton_per_"))
    info = capture["kernels"][reduction]
    info["configs"].append({**info["configs"][0], "kwargs": {"XBLOCK": 2}, "num_warps": 4})
    info["meta_grid"] = {"prefix": [], "x": "-((xnumel) // -(META['XBLOCK']))", "y": "1", "z": "1"}
    return capture


def test_the_gpu_branches_of_the_rewrite():
    capture, problem_source = _stored()
    built = build_source(_gpu_shaped(capture), problem_source, title="bn_softmax")
    _standalone(built.source)
    assert "DeviceGuard" not in built.source and "set_device" not in built.source and "stream" not in built.source
    assert "device='cuda'" in built.source and "from triton.language.extra import libdevice" in built.source
    (reduction,) = built.autotuned
    assert "@triton.autotune(configs=[triton.Config({'XBLOCK': 1}" in built.source
    assert "restore_value=['in_out_ptr0']" in built.source  # written in place: put back between tries
    assert re.search(rf"{reduction}\[lambda META: \(-\(4 // -META\['XBLOCK'\]\), 1, 1\)\]\(", built.source)


def test_unknown_wrapper_code_is_a_reason():
    capture, problem_source = _stored()
    broken = dict(capture, wrapper=capture["wrapper"].replace("def call(", "def callx(", 1))
    with pytest.raises(SeedError, match="no call"):
        build_source(broken, problem_source, title="x")
    other = dict(capture, wrapper=capture["wrapper"].replace("async_compile.triton(", "async_compile.cuda(", 1))
    seed = seed_from_capture(other, Problem.from_source(problem_source, name="x"))
    assert seed.source is None and "non-Triton kernel" in seed.reason
    garbled = dict(capture, kernels={})
    seed = seed_from_capture(garbled, Problem.from_source(problem_source, name="x"))
    assert seed.source is None and "no launch configuration" in seed.reason


# ---------------------------------------------------------------- the proposer
class Inner:
    name = "tuner"
    notes = {"k": "a note"}

    def propose(self, problem, history, n_ideas, n_branches):
        return [Candidate(source="# starter", proposer=self.name)]


PROBLEM = Problem.from_source(SOFTMAX, name="softmax", level=1, problem_id=23)


def _stand_in(source, variants=None):
    """A stand-in capture: ``source`` for the seed; for a variant's settings, ``variants[option name]`` (the seed's
    source where not given). ``calls``: the device of each capture, with the options of a variant's."""
    calls = []

    def make(problem, device, options=None):
        calls.append((device, *options) if options else device)
        made = (variants or {}).get(next(iter(options)), source) if options else source
        return InductorSeed(made, "1 Triton kernel(s)" if made else "no Triton kernel", torch_version="2.x")

    return make, calls


def test_round_zero_adds_inductors_seed_on_a_gpu_and_only_then():
    make, calls = _stand_in("# inductor seed")
    proposer = InductorSeedProposer(Inner(), None, make_seed=make)
    out = proposer.propose(PROBLEM, History(device="cuda"), 2, 1)
    assert [c.source for c in out] == ["# starter", "# inductor seed"]
    assert out[1].proposer == "inductor" and "torch 2.x" in out[1].idea and out[1].branch == 1
    assert proposer.notes == {"k": "a note"}  # the inner proposer's records stay visible to the run
    assert proposer.inductor_notes == {"L1/23": "seed from torch 2.x: 1 Triton kernel(s)"}
    attempts = [Attempt(candidate=c, verdict=Verdict(verdict="correct", reason="")) for c in out]
    assert [c.source for c in proposer.propose(PROBLEM, History(device="cuda", attempts=attempts), 2, 1)] == [
        "# starter"]  # judged in round 0: later rounds have it
    assert [c.source for c in proposer.propose(PROBLEM, History(device="cpu"), 2, 1)] == ["# starter"]
    proposer.propose(PROBLEM, History(device="cuda"), 2, 1)
    # made once per problem and device; after round 0 the two variants that apply to a file with no convolution
    # and no reduction were captured and, giving the seed's code again, passed over
    assert calls == ["cuda", ("cuda", "max_autotune_pointwise"), ("cuda", "aggressive_fusion")]


def test_cpu_runs_ask_for_it_and_a_missing_seed_is_noted():
    make, _ = _stand_in(None)
    proposer = InductorSeedProposer(Inner(), True, make_seed=make)
    assert [c.source for c in proposer.propose(PROBLEM, History(device="cpu"), 2, 1)] == ["# starter"]
    assert proposer.inductor_notes == {"L1/23": "no seed: no Triton kernel"}
    assert wanted(None, "cuda:1") and not wanted(None, "cpu") and wanted(True, "cpu") and not wanted(False, "cuda")


def test_the_cli_flag_reaches_the_proposer_config():
    from kb.cli import build_parser
    from kb.cli.run import run_config_from_args

    def config(*argv):
        return run_config_from_args(build_parser().parse_args(["run", "--device", "cpu", *argv]), on_cpu=True)

    assert config().proposer.inductor_seed is None
    assert config("--inductor-seed").proposer.inductor_seed is True
    assert config("--no-inductor-seed").proposer.inductor_seed is False


def test_a_search_round_zero_judges_the_seed_beside_the_starter(tmp_path):
    from autokernel.evaluate import EvalConfig
    from autokernel.search import SearchConfig
    from autokernel.search.session import ProposerConfig, RunConfig, run

    problem = Problem.from_source((SUITE / "gelu_bias.py").read_text(), name="gelu_bias")
    cfg = EvalConfig.for_device("cpu", timeout_s=120.0, num_correct_trials=2, num_perf_trials=3)
    text = run([problem], cfg, RunConfig(out=tmp_path / "run", search=SearchConfig(rounds=0), progress=False,
                                         proposer=ProposerConfig(kind="tuner", inductor_seed=True)),
               echo=lambda line: None)
    rows = [json.loads(line) for line in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    by = {r["proposer"]: r for r in rows}
    assert set(by) == {"tuner", "inductor"}
    assert by["inductor"]["verdict"]["verdict"] == "correct"
    assert "inductor gelu_bias: seed from torch" in text
    invocation = json.loads((tmp_path / "run" / "run.json").read_text())["invocations"][0]
    assert invocation["inductor_seed"] is True and invocation["recheck"] == 0.0  # off on CPU, and recorded so


# ---------------------------------------------------------------- the verdict says when a kernel is tied to torch
def test_a_kernel_importing_inductor_helpers_is_tied_to_the_judging_torch(cpu_config):
    import torch

    from autokernel.evaluate import evaluate

    problem = Problem.from_source(SOFTMAX, name="inductor_case")
    seed = _seed(SOFTMAX)
    assert seed.source is not None, seed.reason
    tied = seed.source.replace("import math\n", "import math\nfrom torch._inductor.runtime import triton_helpers\n", 1)
    tied = re.sub(r"(?<!def )\b_th_maximum\(", "triton_helpers.maximum(", tied)
    assert inspect_source(tied).inductor_runtime and not inspect_source(seed.source).inductor_runtime
    verdict = evaluate(problem, Candidate(source=tied), cpu_config)
    assert verdict.verdict == "correct", verdict.reason
    assert verdict.tied_to_torch == torch.__version__


# ---------------------------------------------------------------- on the GPU itself
@pytest.mark.gpu
@pytest.mark.skipif(os.environ.get("TRITON_INTERPRET") == "1", reason="needs compiled (not interpreted) Triton")
@pytest.mark.parametrize("name", ["softmax (a reduction)", "linear + batch norm + softmax (buffers updated in place)"])
def test_the_seed_is_correct_on_the_gpu(name):
    from autokernel.evaluate import EvalConfig, evaluate

    problem = Problem.from_source(CPU_CASES[name], name="inductor_case")
    seed = inductor_seed(problem, "cuda", timeout_s=300)
    assert seed.source is not None, seed.reason
    _standalone(seed.source)
    verdict = evaluate(problem, Candidate(source=seed.source, proposer="inductor"), EvalConfig.for_device("cuda"))
    assert verdict.verdict == "correct", (verdict.reason, verdict.log_tail[-2000:])


@pytest.mark.gpu
@pytest.mark.skipif(os.environ.get("TRITON_INTERPRET") == "1", reason="needs compiled (not interpreted) Triton")
def test_the_variants_of_a_convolutions_seed_are_correct_on_the_gpu():
    """Each variant that applies to the small convolution and writes other code than the seed is judged correct."""
    from autokernel.evaluate import EvalConfig, evaluate
    from autokernel.starters.inductor import VARIANTS, applies, same_code

    problem = Problem.from_source((FIXTURES / "problems" / "conv_clamp_gelu.py").read_text(), name="conv_clamp_gelu")
    seed = inductor_seed(problem, "cuda", timeout_s=300)
    assert seed.source is not None, seed.reason
    other = 0
    for variant in (v for v in VARIANTS if applies(v, seed.source)):
        made = inductor_seed(problem, "cuda", timeout_s=300, options=variant.options)
        assert made.source is not None, (variant.name, made.reason)
        if same_code(made.source, seed.source):
            continue
        other += 1
        _standalone(made.source)
        verdict = evaluate(problem, Candidate(source=made.source, proposer="inductor"), EvalConfig.for_device("cuda"))
        assert verdict.verdict == "correct", (variant.name, verdict.reason, verdict.log_tail[-2000:])
    assert other  # channels-last at least: inductor keeps NCHW for one convolution by itself


def test_launch_configs_survive_inductor_dropping_them_after_compiling():
    """On a GPU inductor may compile a kernel while loading the module and set its ``configs`` to None: the
    configurations are then read from its compile results (the linear + SiLU seed had failed with a TypeError)."""
    from types import SimpleNamespace

    from autokernel.starters._inductor_capture import launch_configs

    a, b = object(), object()
    assert launch_configs(SimpleNamespace(configs=[a, b], compile_results=[])) == [a, b]
    compiled = SimpleNamespace(configs=None, compile_results=[SimpleNamespace(config=a), SimpleNamespace(config=b)])
    assert launch_configs(compiled) == [a, b]
    launched = SimpleNamespace(configs=None, compile_results=[], launchers=[SimpleNamespace(config=b)])
    assert launch_configs(launched) == [b]


class WideInner(Inner):
    judge_when_passed = {"starter-digest"}

    def propose_wide(self, problem, history, width):
        return [Candidate(source=f"# variant {i}", proposer=self.name) for i in range(width)]


def test_a_resumed_run_without_an_inductor_verdict_is_offered_the_seed_once_and_judges_it_when_it_passes(
        tmp_path, monkeypatch):
    """The H200 panel's ShuffleNet ran 11 rounds with no inductor seed (its round-0 capture left no verdict)."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    make, calls = _stand_in("# inductor seed")
    proposer = InductorSeedProposer(WideInner(), None, make_seed=make)
    starter = Attempt(candidate=Candidate(source="# starter", proposer="tuner"),
                      verdict=Verdict(verdict="correct", reason=""))
    later = History(device="cuda", attempts=[starter], round=7)
    wide = proposer.propose_wide(PROBLEM, later, 4)  # the search reaches it through getattr, as for the inner's
    assert [c.source for c in wide] == ["# inductor seed", "# variant 0", "# variant 1", "# variant 2"]
    assert "round 0 had no inductor seed" in wide[0].idea and wide[0].proposer == "inductor"
    assert proposer.judge_when_passed == {"starter-digest", wide[0].digest}
    assert [c.source for c in proposer.propose_wide(PROBLEM, later, 4)] == [f"# variant {i}" for i in range(4)]
    # judged (in this run or an earlier one): never again
    judged = Attempt(candidate=wide[0], verdict=Verdict(verdict="correct", reason=""))
    fresh = InductorSeedProposer(WideInner(), None, make_seed=make)
    assert len(fresh.propose_wide(PROBLEM, History(device="cuda", attempts=[starter, judged], round=8), 4)) == 4
    # the seed once; two variants of it, each the seed's code again
    assert calls == ["cuda", ("cuda", "max_autotune_pointwise"), ("cuda", "aggressive_fusion")]
    assert not hasattr(InductorSeedProposer(Inner(), None, make_seed=make), "propose_wide")  # the inner's only


def test_a_problem_inductor_gives_no_seed_is_not_captured_again_on_resume(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    make, calls = _stand_in(None)
    starter = Attempt(candidate=Candidate(source="# starter", proposer="tuner"),
                      verdict=Verdict(verdict="correct", reason=""))
    later = History(device="cuda", attempts=[starter], round=3)
    assert [c.source for c in InductorSeedProposer(Inner(), None, make_seed=make).propose(PROBLEM, later, 2, 1)] == [
        "# starter"]
    again = InductorSeedProposer(Inner(), None, make_seed=make)  # the next invocation
    again.propose(PROBLEM, later, 2, 1)
    assert calls == ["cuda"] and again.inductor_notes == {"L1/23": "no seed (an earlier invocation): no Triton kernel"}

    def timed_out(problem, device):
        calls.append(device)
        return InductorSeed(None, "inductor took more than 600 s")

    other = Problem.from_source(SOFTMAX + "\n# another\n", name="softmax2")
    for _ in range(2):  # a time limit is the machine's: asked again next invocation
        InductorSeedProposer(Inner(), None, make_seed=timed_out).propose(other, later, 2, 1)
    assert calls == ["cuda", "cuda", "cuda"]


# ---------------------------------------------------------------- variants: inductor's own settings as moves
CONV_SEED = '''"""seed"""
def triton_red_fused_sum_0(): pass
buf0 = torch.convolution(x, w)
'''


def _judged(cand: Candidate, verdict: str = "correct") -> Attempt:
    return Attempt(candidate=cand, verdict=Verdict(verdict=verdict, reason=""))


def test_a_correct_seed_is_offered_one_variant_a_round_and_a_variant_making_its_code_is_passed_over(
        tmp_path, monkeypatch):
    """On the H100 panel inductor's seed led L1/50, L2/10 and L2/90, where the tuner had no move on it but graphs."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    make, calls = _stand_in(CONV_SEED, {"force_layout_optimization": '"""cl"""\nchannels-last code\n',
                                        "layout_optimization": None,
                                        "conv_1x1_as_mm": '"""other doc"""' + CONV_SEED.split('"""', 2)[2],
                                        "split_reductions": '"""u"""\none kernel\n',
                                        "triton.persistent_reductions": '"""l"""\nlooped\n'})
    proposer = InductorSeedProposer(WideInner(), None, make_seed=make)
    starter = _judged(Candidate(source="# starter", proposer="tuner"))
    seed = _judged(Candidate(source=CONV_SEED, proposer="inductor", idea="torch inductor's generated Triton (torch "
                             "2.x), made standalone"))
    history = History(device="cuda", attempts=[starter, seed], round=3)
    wide = proposer.propose_wide(PROBLEM, history, 4)
    variant = wide[0]
    assert variant.source.endswith("channels-last code\n") and [c.source for c in wide[1:]] == [
        "# variant 0", "# variant 1", "# variant 2"]
    assert variant.proposer == "inductor" and variant.own_code and variant.parent == seed.candidate.digest
    assert variant.idea.startswith("inductor setting: channels-last convolutions (force_layout_optimization=True), "
                                   f"inductor's seed {seed.candidate.digest[:8]} captured again")
    assert calls == [("cuda", "force_layout_optimization")]

    # judged: the next round captures the next two (no code; the seed's code under another docstring), offers none
    history = History(device="cuda", attempts=[starter, seed, _judged(variant)], round=4)
    assert [c.source for c in proposer.propose_wide(PROBLEM, history, 4)] == [f"# variant {i}" for i in range(4)]
    assert calls[1:] == [("cuda", "layout_optimization"), ("cuda", "conv_1x1_as_mm")]
    history.round = 5
    unsplit = proposer.propose_wide(PROBLEM, history, 4)[0]
    assert unsplit.idea.startswith("inductor setting: unsplit reductions (split_reductions=False)")

    # the next invocation: what gave no code or the seed's is remembered, a variant that lost its screen too
    calls.clear()
    again = InductorSeedProposer(WideInner(), None, make_seed=make)
    resumed = History(device="cuda", attempts=[starter, seed, _judged(variant)], screened={unsplit.digest}, round=6)
    offered = again.propose(PROBLEM, resumed, 1, 1)
    assert [c.idea.split(" (")[0] for c in offered[1:]] == ["inductor setting: looped reductions"]
    assert calls == [("cuda", "triton.persistent_reductions")]


class EmptyInner(WideInner):
    """An inner proposer with no new ideas (the tuner on a seed without tunables)."""

    def propose(self, problem, history, n_ideas, n_branches):
        return []

    def propose_wide(self, problem, history, width):
        return []


@pytest.mark.parametrize("wide", [True, False])
def test_a_round_with_nothing_else_captures_on_until_a_variant_makes_other_code(tmp_path, monkeypatch, wide):
    """An empty round ends a search: the H100 panel's L2/90 stopped with no new ideas once a round's two captures
    had made the seed's code, three variants never tried."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    make, calls = _stand_in(CONV_SEED, {"split_reductions": '"""u"""\none kernel\n'})
    proposer = InductorSeedProposer(EmptyInner(), None, make_seed=make)
    seed = _judged(Candidate(source=CONV_SEED, proposer="inductor", idea="torch inductor's generated Triton (torch "
                             "2.x), made standalone"))
    history = History(device="cuda", attempts=[seed], round=3)
    offered = proposer.propose_wide(PROBLEM, history, 4) if wide else proposer.propose(PROBLEM, history, 1, 1)
    assert [c.idea.split(" (")[0] for c in offered] == ["inductor setting: unsplit reductions"]
    assert [c[1] for c in calls] == ["force_layout_optimization", "layout_optimization", "conv_1x1_as_mm",
                                     "max_autotune_pointwise", "split_reductions"]
    # with every variant tried the round is empty: the search stops there
    history = History(device="cuda", attempts=[seed, _judged(offered[0])], round=4)
    assert (proposer.propose_wide(PROBLEM, history, 4) if wide else proposer.propose(PROBLEM, history, 1, 1)) == []


def test_no_variant_without_a_correct_seed_or_off_the_gpu(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    make, calls = _stand_in(CONV_SEED, {"force_layout_optimization": "channels-last code"})
    starter = _judged(Candidate(source="# starter", proposer="tuner"))
    seed = Candidate(source=CONV_SEED, proposer="inductor", idea="torch inductor's generated Triton, made standalone")
    for device, verdict in (("cuda", "incorrect"), ("cpu", "correct")):
        history = History(device=device, attempts=[starter, _judged(seed, verdict)], round=2)
        assert [c.source for c in InductorSeedProposer(Inner(), None, make_seed=make).propose(
            PROBLEM, history, 2, 1)] == ["# starter"]
    # nor where the run stops (--stop-after) within MIN_CAPTURE_S: a capture may not hold the run past its stop
    history = History(device="cuda", attempts=[starter, _judged(seed)], round=2)
    stopping = InductorSeedProposer(Inner(), None, make_seed=make, stop_at=time.time() + MIN_CAPTURE_S / 2)
    assert [c.source for c in stopping.propose(PROBLEM, history, 2, 1)] == ["# starter"]
    assert calls == []
    later = InductorSeedProposer(Inner(), None, make_seed=make, stop_at=time.time() + 2 * MIN_CAPTURE_S)
    assert [c.source for c in later.propose(PROBLEM, history, 2, 1)] == ["# starter", "channels-last code"]


def test_a_variant_captured_on_cpu_is_other_code_correct_under_the_evaluator_and_names_its_setting(cpu_config):
    """On the CPU inductor lays convolutions out channels-last by itself (mkldnn): its variant without that layout
    drops the copies into and out of it. Settings no variant sets are refused by the capture process."""
    from autokernel.evaluate import evaluate
    from autokernel.starters.inductor import VARIANTS, applies, same_code

    source = (FIXTURES / "problems" / "conv_clamp_gelu.py").read_text()
    problem = Problem.from_source(source, name="conv_clamp_gelu")
    seed = _seed(source)
    assert seed.source is not None, seed.reason
    (plain,) = [v for v in VARIANTS if v.options == {"layout_optimization": False}]
    assert applies(plain, seed.source)
    variant = inductor_seed(problem, "cpu", timeout_s=300, options=plain.options)
    assert variant.source is not None, variant.reason
    assert not same_code(variant.source, seed.source) and len(variant.kernels) < len(seed.kernels)
    assert "Inductor settings beside its defaults: layout_optimization=False." in variant.source
    _standalone(variant.source)
    verdict = evaluate(problem, Candidate(source=variant.source, proposer="inductor"), cpu_config)
    assert verdict.verdict == "correct", (verdict.reason, verdict.log_tail[-2000:])
    refused = inductor_seed(problem, "cpu", timeout_s=300, options={"max_autotune": True})
    assert refused.source is None and "max_autotune=True is not one a variant sets" in refused.reason


def _timed(cand: Candidate, ms: float) -> Attempt:
    from autokernel.records import TimingStats

    stats = TimingStats(median_ms=ms, mean_ms=ms, min_ms=ms, max_ms=ms, std_ms=0.0, ci95_low_ms=ms, ci95_high_ms=ms,
                        num_trials=3, method="test")
    return Attempt(candidate=cand, verdict=Verdict(verdict="correct", reason="", kernel=stats))


def test_the_variants_that_beat_the_seed_are_offered_together_once_each_has_been_tried(tmp_path, monkeypatch):
    """Moves combine: the settings that each made the seed faster, in one capture (a conflicting one left out)."""
    from autokernel.starters.inductor import VARIANTS, combined

    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    calls = []

    def make_joined(problem, device, options=None):  # new code for the two settings together only
        calls.append((device, *options))
        made = "# both\n" if set(options) == {"split_reductions", "force_layout_optimization"} else CONV_SEED
        return InductorSeed(made, "1 Triton kernel(s)", torch_version="2.x")

    seed = _timed(Candidate(source=CONV_SEED, proposer="inductor", idea="torch inductor's generated Triton (torch "
                            "2.x), made standalone"), 6.0)
    by = {v.name: v for v in VARIANTS}
    judged = [_timed(Candidate(source=f"# {v.name}", proposer="inductor", idea=f"inductor setting: {v.label}, ..."),
                     ms) for v, ms in ((by["unsplit reductions"], 5.0), (by["channels-last convolutions"], 5.5),
                                       (by["no layout optimisation"], 5.8), (by["looped reductions"], 6.5),
                                       (by["1x1 convolutions as matmuls"], 6.0), (by["aggressive fusion"], 7.0),
                                       (by["wider launch autotuning"], 6.2))]
    history = History(device="cuda", attempts=[seed, *judged], round=9)
    proposer = InductorSeedProposer(Inner(), None, make_seed=make_joined)
    (cand,) = proposer.propose(PROBLEM, history, 1, 1)[1:]
    assert cand.source == "# both\n" and cand.idea.startswith(
        "inductor setting: unsplit reductions + channels-last convolutions (split_reductions=False, "
        "force_layout_optimization=True)")  # no layout optimisation undoes channels-last: left out
    assert calls == [("cuda", "split_reductions", "force_layout_optimization")]
    judged.append(_timed(cand, 4.8))
    assert proposer.propose(PROBLEM, History(device="cuda", attempts=[seed, *judged], round=10), 1, 1)[1:] == []
    assert combined([by["unsplit reductions"]]) is None


def test_a_search_judges_a_variant_of_inductors_seed_after_round_zero(tmp_path, monkeypatch):
    """End to end on CPU: round 1 captures inductor's code again without layout optimisation (on the CPU inductor
    lays the convolution out channels-last itself) and judges it, a child of the seed."""
    from autokernel.evaluate import EvalConfig
    from autokernel.search import SearchConfig
    from autokernel.search.session import ProposerConfig, RunConfig, run

    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    problem = Problem.from_source((FIXTURES / "problems" / "conv_clamp_gelu.py").read_text(), name="conv_clamp_gelu")
    cfg = EvalConfig.for_device("cpu", timeout_s=120.0, num_correct_trials=2, num_perf_trials=3)
    run([problem], cfg, RunConfig(out=tmp_path / "run", search=SearchConfig(rounds=1), progress=False,
                                  proposer=ProposerConfig(kind="tuner", inductor_seed=True)), echo=lambda line: None)
    rows = [json.loads(line) for line in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    (seed,) = [r for r in rows if r["round"] == 0 and r["proposer"] == "inductor"]
    (variant,) = [r for r in rows if r["round"] == 1 and r["proposer"] == "inductor"]
    assert variant["idea"].startswith("inductor setting: no layout optimisation (layout_optimization=False)")
    assert variant["parent"] == seed["candidate_digest"] and variant["verdict"]["verdict"] == "correct"


def test_no_seed_capture_starts_as_the_run_stops_and_the_next_invocation_asks_again(tmp_path, monkeypatch):
    """A capture may take minutes; started just before --stop-after it held the run past it."""
    monkeypatch.setenv("AUTOKERNEL_KB_CACHE", str(tmp_path / "cache"))
    make, calls = _stand_in("# inductor seed")
    stopping = InductorSeedProposer(Inner(), None, make_seed=make, stop_at=time.time() + MIN_CAPTURE_S / 2)
    assert [c.source for c in stopping.propose(PROBLEM, History(device="cuda"), 2, 1)] == ["# starter"]
    assert calls == [] and stopping.inductor_notes["L1/23"].startswith("no seed: the run stops")
    again = InductorSeedProposer(Inner(), None, make_seed=make)  # the next invocation: not remembered
    starter = _judged(Candidate(source="# starter", proposer="tuner"))
    assert [c.source for c in again.propose(PROBLEM, History(device="cuda", attempts=[starter], round=3), 2, 1)] == [
        "# starter", "# inductor seed"]
    assert calls == ["cuda"]


def test_wider_autotuning_is_offered_only_to_a_forward_of_a_few_kernels():
    """L3/34's 258 inductor kernels took 93.5 s at their first call autotuning two configurations each."""
    from autokernel.starters.inductor import FEW_KERNELS, applies, variant_named

    wider = variant_named("wider-launch-autotuning")
    few = "".join(f"def triton_poi_fused_{i}(x):\n    pass\n" for i in range(FEW_KERNELS))
    assert applies(wider, few) and not applies(wider, few + "def triton_poi_fused_extra(x):\n    pass\n")
