"""The two judging protocols on CPU (Triton interpreter): what each records, seeds and rejects."""

from __future__ import annotations

import dataclasses

import pytest

from autokernel.evaluate import EvalConfig, evaluate
from autokernel.evaluate.protocol import PROTOCOLS, kernelbench_trial_seeds, protocol_of
from autokernel.problem import Problem
from autokernel.records import Candidate, Verdict

PROBLEM = Problem.from_source(
    """import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x) * 2.0

def get_inputs():
    return [torch.rand(5, 200)]
def get_init_inputs():
    return []
""",
    name="relu_twice",
)

KERNEL = """import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu2_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, BODY, mask=m)

class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu2_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y
"""
HONEST = KERNEL.replace("BODY", "tl.maximum(x, 0.0) * 2.0")
# Right on torch.rand inputs (never negative), wrong on any negative value: it passes KernelBench's trials.
NONNEGATIVE_ONLY = KERNEL.replace("BODY", "x * 2.0")


def _config(protocol: str, **kw) -> EvalConfig:
    # (8 timed calls: the replay check compares the medians of seen and rearranged inputs, noisy with fewer on a
    # loaded CPU)
    return EvalConfig.for_device("cpu", protocol=protocol, **{"timeout_s": 120.0, "num_perf_trials": 8, **kw})


def test_trial_seeds_are_kernelbenchs():
    import torch

    torch.manual_seed(42)  # KernelBench: manual_seed(seed_num), then one randint per trial
    expected = [torch.randint(0, 2**32 - 1, (1,)).item() for _ in range(5)]
    state = torch.random.get_rng_state()
    assert kernelbench_trial_seeds(5) == expected
    assert torch.equal(torch.random.get_rng_state(), state)  # the judge's own RNG is left alone


def test_protocol_defaults_and_validation():
    kb, strict = EvalConfig(protocol="kernelbench"), EvalConfig(protocol="strict")
    assert (kb.gpu_lead_ms, kb.discard_first, kb.baseline_precision, kb.baseline_warmup) == (0.0, 1, "default", 5)
    assert (strict.gpu_lead_ms, strict.discard_first, strict.baseline_precision) == (1.0, 0, "auto")
    assert EvalConfig(protocol="strict", gpu_lead_ms=0.0).gpu_lead_ms == 0.0  # an explicit value wins
    assert EvalConfig().protocol == "kernelbench"
    with pytest.raises(ValueError, match="unknown protocol"):
        EvalConfig(protocol="fast")
    with pytest.raises(ValueError, match="default flags"):
        EvalConfig(protocol="kernelbench", baseline_precision="fp32")
    # different protocols never share a ledger verdict or a cached baseline
    assert kb.ledger_policy() != strict.ledger_policy()
    assert kb.ledger_policy()["protocol"] == "kernelbench"
    assert protocol_of({}) == "strict" and protocol_of({"protocol": "kernelbench"}) == "kernelbench"


def test_timing_discards_the_first_call():
    from autokernel.evaluate.timing import time_calls

    calls = []
    raw = time_calls(lambda x: calls.append(1) or x, [[1.0]], device="cpu", n=4, warmup=1, budget_s=10.0,
                     discard_first=1)
    assert len(raw.event_ms) == 4 and len(calls) == 1 + 5  # one warm-up, five timed, the first dropped
    assert raw.method.endswith("discard_first_1")


def test_kernelbench_loop_reuses_the_inputs_and_holds_the_last_output():
    """KernelBench's ``_ = fn(*args)``: the same tensors every timed call, the previous output alive through the
    next call; the replay check's rearranged inputs come after, as a block, and the statistic leaves them out."""
    import weakref

    import torch

    from autokernel.evaluate.timing import reported_ms, time_calls

    x = torch.arange(12.0).reshape(3, 4)
    same, prev_alive, last = [], [], {}

    def fn(a):
        same.append(a is x)
        prev_alive.append(last.get("out") is not None and last["out"]() is not None)
        out = a * 2
        last["out"] = weakref.ref(out)
        return out

    raw = time_calls(fn, [[x]], device="cpu", n=8, warmup=1, budget_s=10.0, discard_first=1, reuse_inputs=True)
    # one warm-up and 1 + 8 timed calls on x itself (the first dropped), then a block of 5 rearranged ones
    assert same == [True] * 10 + [False] * 5
    assert prev_alive == [False, False] + [True] * 8 + [False] * 5
    assert raw.fresh == [False] * 8 + [True] * 5
    assert len(reported_ms(raw.event_ms, raw.fresh, True)) == 8 and len(reported_ms(raw.event_ms, raw.fresh, False)) == 13

    clone_loop = time_calls(fn, [[x]], device="cpu", n=8, warmup=1, budget_s=10.0)  # the strict loop: clones
    assert len(clone_loop.event_ms) == 8 and sum(clone_loop.fresh) == 4


def test_a_spent_budget_ends_the_loop_after_the_fewest_calls_asked_for():
    """A screen's cut loop: past its budget the loop stops at ``min_calls`` (5 by default), and KernelBench's loop
    follows with a rearranged-input block of as many."""
    import time

    import pytest
    import torch

    from autokernel.evaluate.timing import time_calls

    def slow(x):
        time.sleep(0.002)
        return x

    assert len(time_calls(slow, [[1.0]], device="cpu", n=20, warmup=1, budget_s=1e-6).event_ms) == 5
    assert len(time_calls(slow, [[1.0]], device="cpu", n=20, warmup=1, budget_s=1e-6, min_calls=2).event_ms) == 2
    x = torch.arange(12.0)
    raw = time_calls(slow, [[x]], device="cpu", n=20, warmup=1, budget_s=1e-6, min_calls=3, reuse_inputs=True)
    assert raw.fresh == [False] * 3 + [True] * 3
    whole = time_calls(slow, [[x]], device="cpu", n=8, warmup=0, budget_s=10.0, min_calls=3, reuse_inputs=True)
    assert whole.fresh == [False] * 8 + [True] * 5  # not cut: the whole replay block
    assert len(time_calls(slow, [[1.0]], device="cpu", n=4, warmup=0, budget_s=10.0, min_calls=2).event_ms) == 4
    with pytest.raises(ValueError, match="at least 1 call"):
        time_calls(slow, [[1.0]], device="cpu", n=4, warmup=0, budget_s=1.0, min_calls=0)


def test_timed_calls_run_in_the_autograd_mode_asked_for():
    """KernelBench times outside torch.no_grad; the judge's own work around the calls stays without autograd."""
    import torch

    from autokernel.evaluate.timing import time_calls

    for grad, outer in ((True, torch.no_grad), (False, torch.enable_grad)):
        modes, after = [], []
        with outer():
            raw = time_calls(lambda x, m=modes: m.append(torch.is_grad_enabled()) or x, [[1.0]], device="cpu",
                             n=4, warmup=1, budget_s=10.0, grad=grad,
                             after_call=lambda i, out, a=after: a.append(torch.is_grad_enabled()))
        assert modes and set(modes) == {grad} and after and not any(after)
        assert ("+autograd" in raw.method) == grad


def test_kernelbench_protocol_times_a_model_with_parameters_under_autograd():
    """A candidate whose output carries a graph (a parameter in its forward) is timed and re-checked as any other."""
    problem = Problem.from_source(PROBLEM.source.replace("super().__init__()", "super().__init__()\n"
                                                         "        self.scale = nn.Parameter(torch.full((200,), 2.0))")
                                  .replace("torch.relu(x) * 2.0", "torch.relu(x) * self.scale"), name="relu_scaled")
    source = HONEST.replace("class ModelNew(nn.Module):", "class ModelNew(nn.Module):\n    def __init__(self):\n"
                            "        super().__init__()\n        self.scale = nn.Parameter(torch.full((200,), 2.0))\n")
    source = source.replace("        return y", "        return y * (self.scale / 2.0)")
    v = evaluate(problem, Candidate(source=source), _config("kernelbench"))
    assert v.verdict == "correct", v.reason
    assert "+autograd" in v.kernel.method


def test_protocols_record_their_loop():
    from autokernel.evaluate.config import EvalConfig

    kb = EvalConfig.for_device("cpu", protocol="kernelbench")
    strict = EvalConfig.for_device("cpu", protocol="strict")
    assert kb.loop_options()["reuse_inputs"] and not strict.loop_options()["reuse_inputs"]
    assert "|reuse" in kb.baseline_variant and "reuse" not in strict.baseline_variant
    assert kb.loop_options()["grad"] and not strict.loop_options()["grad"]
    assert "autograd" in kb.ledger_policy() and "autograd" not in strict.ledger_policy()


@pytest.mark.parametrize("protocol", sorted(PROTOCOLS))
def test_honest_kernel_under_each_protocol(protocol):
    v = evaluate(PROBLEM, Candidate(source=HONEST), _config(protocol))
    assert v.verdict == "correct", v.reason
    assert v.protocol == protocol and v.policy["protocol"]["name"] == protocol
    assert v.speedup > 0 and v.speedup_mean > 0
    assert v.policy["baseline_rule"]["precision"] == "default"  # CPU: no TF32, PyTorch's flags
    trials = [c for c in v.checks if c.name.startswith("trial_")]
    if protocol == "kernelbench":
        assert "default flags" in v.policy["reference_precision"]
        # KernelBench's five, then a secret seed, three input variants and the last one's inputs perturbed
        assert len(trials) == 5 + 4 + 1
        assert [c.figures["distribution"] for c in trials[:5]] == ["kernelbench"] * 5
        assert trials[-1].figures["distribution"] == "perturbed"
        assert "discard_first_1" in v.kernel.method and "gpu_lead" not in v.kernel.method
        assert "+autograd" in v.kernel.method and "+autograd" in v.eager.method  # as KernelBench times both
    else:
        assert "autograd" not in v.kernel.method
        assert "TF32 disabled" in v.policy["reference_precision"]
        assert len(trials) == 5 + 1 and "kernelbench" not in {c.figures["distribution"] for c in trials}
    assert Verdict.from_dict(v.to_dict()).protocol == protocol


def test_extra_checks_reject_beyond_kernelbench_and_say_so():
    v = evaluate(PROBLEM, Candidate(source=NONNEGATIVE_ONLY), _config("kernelbench", measure=False))
    assert v.verdict == "incorrect"
    assert v.extra_check == "secret_signed_inputs" == v.failed_check
    assert v.reason.startswith("beyond KernelBench's checks (secret_signed_inputs)")
    passed_public = [c for c in v.checks if c.name.startswith("trial_") and c.figures["distribution"] == "kernelbench"]
    assert len(passed_public) == 5 and all(c.passed for c in passed_public)  # KernelBench itself would pass it


def test_kernelbench_failure_on_its_own_trials_names_no_extra_check():
    wrong = KERNEL.replace("BODY", "tl.maximum(x, 0.0) * 2.0 + 1e-3")
    v = evaluate(PROBLEM, Candidate(source=wrong), dataclasses.replace(_config("kernelbench"), measure=False))
    assert v.verdict == "incorrect" and v.extra_check == "" and v.failed_check == "values"


def test_a_run_with_two_protocols_is_scored_one_protocol_at_a_time(tmp_path):
    """The leaderboard never takes a problem's best over two protocols: it asks which one."""
    from autokernel.ledger import Ledger
    from autokernel.propose.base import Attempt
    from kb.runs import run_table
    from kb.scorer import ScoreInputError

    problem = Problem.from_source(PROBLEM.source, name="19_ReLU", level=1, problem_id=19)
    for protocol, speedup in (("kernelbench", 1.1), ("strict", 2.0)):
        cfg = _config(protocol)
        ledger = Ledger(tmp_path, device="cpu", policy=cfg.ledger_policy(), use_git=False)
        v = Verdict(verdict="correct", reason="", problem="L1/19", protocol=protocol, speedup=speedup)
        ledger.record(problem, Attempt(candidate=Candidate(source=HONEST + f"# {protocol}\n"), verdict=v))
    with pytest.raises(ScoreInputError, match="several protocols"):
        run_table(tmp_path)
    assert run_table(tmp_path, protocol="strict")["speedup"].tolist() == [2.0]
    assert run_table(tmp_path, protocol="kernelbench")["speedup"].tolist() == [1.1]


def test_replay_check_needs_enough_calls_per_group_on_cpu():
    """Seen inputs 25x faster than rearranged ones: a replayed output, rejected once each group holds 3 calls;
    with one or two calls a group is interpreter noise on a loaded CPU and decides nothing."""
    from autokernel.evaluate.outcome import Outcome
    from autokernel.evaluate.timing_checks import check_timing

    def reply(n):
        fresh = [i % 2 == 1 for i in range(n)]
        ms = [50.0 if f else 2.0 for f in fresh]
        return {"ok": True, "event_ms": ms, "device_ms": ms, "fresh": fresh, "method": "perf_counter"}

    kw = {"wall_s": 0.01, "timing_sets": [], "outs": [], "tol": 1e-4, "rel_l2_tol": None, "overhead_ms": 0.0,
          "warmup": 0, "spin_up_s": 0.0, "is_cuda": False}
    check_timing(reply(3), verdict=Verdict(verdict="correct", reason=""), **kw)
    with pytest.raises(Outcome) as out:
        check_timing(reply(6), verdict=Verdict(verdict="correct", reason=""), **kw)
    assert out.value.check == "seen_vs_fresh_inputs"


def test_the_degeneracy_probe_draws_on_the_device_where_the_candidate_gets_kernelbenchs_cpu_trials():
    from autokernel.evaluate.reference import ReferenceSession

    session = ReferenceSession.build(PROBLEM, "cpu", init_seed=42, public_seeds=kernelbench_trial_seeds(5))
    drawn: list[bool] = []
    make = session.make_inputs
    session.make_inputs = lambda seed, on_cpu=False: drawn.append(on_cpu) or make(seed, on_cpu=on_cpu)
    probe = session.probe_trial(0, extra_distributions=True)
    assert probe.distribution == "problem" and probe.seed != session.public_seeds[0] and drawn == [False]
    trial = session.trial(0, extra_distributions=True)  # the candidate's trial 0 is KernelBench's, CPU-drawn
    assert trial.seed == session.public_seeds[0] and drawn == [False, True]
    later = session.probe_trial(5, extra_distributions=True)  # past KernelBench's trials: as the candidate's
    assert later.distribution in ("signed", "problem") and drawn[-1] is False
