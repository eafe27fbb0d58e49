"""The evaluator end to end on CPU (Triton interpreter): verdicts for honest and broken candidates.

The full rogues' gallery is in test_gallery.py; these are the pipeline's basic contracts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autokernel.evaluate import evaluate
from autokernel.problem import Problem, ProblemError
from autokernel.records import VERDICTS, Candidate, Verdict

PROBLEM = Problem.from_source(
    """import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, alpha):
        super().__init__()
        self.alpha = alpha
    def forward(self, x):
        return torch.relu(x) * self.alpha

rows = 7
cols = 300
def get_inputs():
    return [torch.rand(rows, cols)]
def get_init_inputs():
    return [0.5]
""",
    name="relu_scale",
)

KERNEL = """import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_scale_kernel(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, BODY, mask=m)

class ModelNew(nn.Module):
    def __init__(self, alpha):
        super().__init__()
        self.alpha = alpha
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_scale_kernel[(triton.cdiv(n, 256),)](x, y, n, self.alpha, BLOCK=256)
        FORWARD_TAIL
        return y
"""


def kernel(body="tl.maximum(x, 0.0) * alpha", tail=""):
    return KERNEL.replace("BODY", body).replace("FORWARD_TAIL", tail or "pass")


def test_honest_kernel_is_correct_with_timings(cpu_config):
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert v.verdict == "correct", v.reason
    assert v.kernel.num_trials >= 3 and v.eager is not None and v.speedup > 0
    assert v.own_kernel_launches.get("relu_scale_kernel", 0) >= cpu_config.num_correct_trials
    assert v.max_abs_error <= 1e-6
    assert v.policy["atol"] == 1e-4 and "default flags" in v.policy["reference_precision"]  # kernelbench protocol
    assert "interpreter" in v.reason  # CPU timings are labelled as such
    assert v.verdict in VERDICTS and v.to_dict()["verdict"] == "correct"


def test_wrong_values_are_incorrect(cpu_config):
    v = evaluate(PROBLEM, Candidate(source=kernel(body="tl.maximum(x, 0.0) * alpha + 1e-3")), cpu_config)
    assert v.verdict == "incorrect"
    assert "outside atol=rtol=0.0001" in v.reason


def test_signed_inputs_expose_a_kernel_that_skips_the_relu(cpu_config):
    # torch.rand inputs are non-negative, so `x * alpha` passes on the problem's own inputs.
    v = evaluate(PROBLEM, Candidate(source=kernel(body="x * alpha")), cpu_config)
    assert v.verdict == "incorrect" and "signed" in v.reason


def test_input_mutation_is_incorrect(cpu_config):
    v = evaluate(PROBLEM, Candidate(source=kernel(tail="x.zero_()")), cpu_config)
    assert v.verdict == "incorrect" and "modified input 0" in v.reason


@pytest.mark.parametrize(
    ("tail", "verdict", "phrase"),
    [
        ("__import__('os')._exit(3)", "runtime_error", "exited with code 3"),
        ("raise RuntimeError('boom')", "runtime_error", "boom"),
        ("while True: pass", "timeout", "did not finish"),
    ],
)
def test_crashes_and_hangs_end_the_candidate_not_the_harness(cpu_config, tail, verdict, phrase):
    cpu_config.timeout_s = 30.0
    v = evaluate(PROBLEM, Candidate(source=kernel(tail=tail)), cpu_config)
    assert v.verdict == verdict, v.reason
    assert phrase in v.reason


def test_import_error_is_compile_error(cpu_config):
    v = evaluate(PROBLEM, Candidate(source="import no_such_module_xyz\n" + kernel()), cpu_config)
    assert v.verdict == "compile_error" and "no_such_module_xyz" in v.reason


def test_kernel_that_never_runs_is_rejected(cpu_config):
    src = kernel().replace("relu_scale_kernel[(triton.cdiv(n, 256),)](x, y, n, self.alpha, BLOCK=256)",
                           "y = torch.relu(x) * self.alpha")
    v = evaluate(PROBLEM, Candidate(source=src), cpu_config)
    assert v.verdict == "rejected" and "none of the solution's own kernels" in v.reason


def test_constant_output_problem_cannot_judge(cpu_config):
    const = Problem.from_source(PROBLEM.source.replace("return torch.relu(x) * self.alpha",
                                                       "return (x - x) * self.alpha"), name="const")
    v = evaluate(const, Candidate(source=kernel(body="x * 0.0")), cpu_config)
    assert v.verdict == "rejected" and "constant" in v.reason


def test_confinement_is_reported(cpu_config):
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert set(v.confinement) >= {"process", "network", "filesystem", "memory"}


def test_big_problem_path_frees_trials_and_still_judges(cpu_config, monkeypatch):
    # Every trial counts as big: trial 0 is dropped before the degeneracy probe and the timing set is made
    # again after correctness (KernelBench's 16 GiB inputs); the verdicts must not change.
    from autokernel.evaluate import judge

    monkeypatch.setattr(judge, "BIG_TRIAL_BYTES", 0)
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert v.verdict == "correct", v.reason
    assert v.kernel.num_trials >= 3 and v.speedup > 0
    v = evaluate(PROBLEM, Candidate(source=kernel(body="x * alpha")), cpu_config)
    assert v.verdict == "incorrect" and "signed" in v.reason


def test_out_of_domain_distribution_falls_back_to_the_problems_own_inputs():
    from autokernel.evaluate.reference import ReferenceSession

    problem = Problem.from_source(
        PROBLEM.source.replace("torch.relu(x) * self.alpha", "torch.sqrt(x) * self.alpha"), name="sqrt_scale"
    )
    session = ReferenceSession.build(problem, "cpu")
    trial = session.trial(2, extra_distributions=True)  # "signed": negative inputs, NaN reference
    assert trial.distribution == "problem" and bool(trial.expected.isfinite().all())
    assert bool((trial.inputs[0] >= 0).all())
    assert any("outside the operation's domain" in n for n in session.notes)
    assert session.trial(3, extra_distributions=True).distribution == "large"


def test_the_reference_runs_on_its_inputs_once_a_run_showed_it_leaves_them_alone():
    # a copy of the inputs is a whole input set more at the judge's peak (6 GiB on L1/30): the first run copies
    # them and compares, later ones run on the inputs; a model that writes its inputs stays on copies, and one that
    # starts writing later is an error, never a trial on changed inputs; an output that is an input is copied
    import torch

    from autokernel.evaluate.reference import ReferenceSession

    def session_of(forward: str):
        problem = Problem.from_source(PROBLEM.source.replace("torch.relu(x) * self.alpha", forward),
                                      name="writes")
        return ReferenceSession.build(problem, "cpu")

    clean = session_of("torch.relu(x) * self.alpha")
    trial = clean.trial(0, extra_distributions=False)
    assert clean.input_writes.seen is False
    kept = trial.inputs[0].clone()
    again = clean.run(trial.inputs)
    assert torch.equal(trial.inputs[0], kept) and torch.equal(again, trial.expected)

    writer = session_of("x.mul_(self.alpha)")
    trial = writer.trial(0, extra_distributions=False)
    assert writer.input_writes.seen is True and not torch.equal(trial.inputs[0], trial.expected)
    kept = trial.inputs[0].clone()
    writer.run(trial.inputs)
    assert torch.equal(trial.inputs[0], kept)  # still on copies

    late = session_of("x.mul_(self.alpha) if bool((x > 3).any()) else x * self.alpha")
    x = torch.zeros(4, 8)
    assert torch.equal(late.run([x]), torch.zeros(4, 8)) and late.input_writes.seen is False
    with pytest.raises(ProblemError, match="wrote its inputs in place on this trial but not on earlier ones"):
        late.run([torch.full((4, 8), 5.0)])
    assert late.input_writes.seen is True

    same = session_of("x")
    x = torch.ones(4, 8)
    same.run([x])
    out = same.run([x])
    assert same.input_writes.seen is False and out.data_ptr() != x.data_ptr() and torch.equal(out, x)


def test_ill_conditioned_distribution_is_checked_against_float64_and_dropped():
    # sin(1000 x): on "large" inputs (x 64) the fp32 product's rounding alone moves sin by ~1e-3, so the fp32
    # reference misses 1e-4 against float64 there and cannot judge; "signed" inputs stay well-conditioned.
    from autokernel.evaluate.reference import ReferenceSession

    problem = Problem.from_source(
        PROBLEM.source.replace("torch.relu(x) * self.alpha", "torch.sin(x * 1000.0) * self.alpha"), name="sin_1000"
    )
    session = ReferenceSession.build(problem, "cpu")
    assert session.trial(3, extra_distributions=True).distribution == "large"  # no tolerance yet: unchecked
    session.conditioning_tol = 1e-4
    assert session.trial(2, extra_distributions=True).distribution == "signed"
    trial = session.trial(3, extra_distributions=True)
    assert trial.distribution == "problem"
    assert session.conditioning["signed"] == "" and "misses atol=rtol=0.0001 against float64" in session.conditioning["large"]
    assert any(n.startswith("large inputs: the fp32 reference itself") for n in session.notes)
    assert session.trial(3, extra_distributions=True).distribution == "problem"  # decided once


def test_conditioning_check_reaches_big_problems_where_the_gpu_has_room(monkeypatch):
    # L1/4, 93 and 97 move 4-8 GiB per trial: a fixed 4 GiB limit left their signed inputs unchecked on a 141 GB GPU.
    import torch

    from autokernel.evaluate.reference import CONDITIONING_MAX_BYTES, conditioning_limit_bytes

    assert conditioning_limit_bytes("cpu") == CONDITIONING_MAX_BYTES
    monkeypatch.setattr(torch.cuda, "mem_get_info", lambda device=None: (120 * 2**30, 141 * 2**30))
    assert conditioning_limit_bytes("cuda:0") == 30 * 2**30
    monkeypatch.setattr(torch.cuda, "mem_get_info", lambda device=None: (2 * 2**30, 141 * 2**30))
    assert conditioning_limit_bytes("cuda:0") == CONDITIONING_MAX_BYTES


def test_reference_notes_reach_the_verdict(cpu_config):
    problem = Problem.from_source(
        PROBLEM.source.replace("torch.relu(x) * self.alpha", "torch.sqrt(x) * self.alpha"), name="sqrt_scale"
    )
    v = evaluate(problem, Candidate(source=kernel(body="tl.sqrt(x) * alpha")), cpu_config)
    assert v.verdict == "correct", v.reason
    assert any("outside the operation's domain" in n for n in v.policy["reference_notes"])


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def test_spare_interpreter_is_stopped_while_timing_and_overhead_measured_once(cpu_config, monkeypatch):
    """The next candidate's interpreter imports beside the untimed stages but is stopped for every timed loop;
    the loop's own cost is measured once per problem, before the first candidate's code loads."""
    from autokernel.evaluate import judge as judge_mod
    from autokernel.evaluate.candidate_timing import CandidateTiming

    seen: list[str] = []
    judges: list = []
    original = CandidateTiming.time

    def spy(self, *args, **kw):  # the timing stage of the judge below: its spare interpreter's state meanwhile
        seen.append(_state(judges[0]._spare.proc.pid))
        return original(self, *args, **kw)

    monkeypatch.setattr(CandidateTiming, "time", spy)
    with judge_mod.Evaluator(cpu_config) as ev:
        judges.append(ev)
        first = ev.evaluate(PROBLEM, Candidate(source=kernel()))
        second = ev.evaluate(PROBLEM, Candidate(source=kernel() + "\n# again\n"))
        spare_pid = ev._spare.proc.pid
        assert _state(spare_pid) != "T"  # resumed after the timing
    assert first.verdict == second.verdict == "correct", (first.reason, second.reason)
    assert seen == ["T", "T"]
    assert "timing_overhead" in first.stages_s and "timing_overhead" not in second.stages_s
    figures = [c.figures for v in (first, second) for c in v.checks if c.name == "wall_clock"]
    assert figures[0]["overhead_ms_per_call"] == figures[1]["overhead_ms_per_call"] > 0


def test_failure_on_an_ill_conditioned_problem_says_the_reference_cannot_tell(cpu_config):
    # sin(1000 x) on the problem's own inputs: fp32 rounding of the product moves sin by ~1e-4, so the fp32
    # reference misses 1e-4 against float64; a kernel computing the product in another order cannot match it.
    problem = Problem.from_source(
        PROBLEM.source.replace("torch.relu(x) * self.alpha", "torch.sin(x * 1000.0) * self.alpha")
        .replace("torch.rand(rows, cols)", "torch.rand(rows, cols) * 64"), name="sin_1000_large")
    v = evaluate(problem, Candidate(source=kernel(body="tl.sin(x * 999.0 + x) * alpha")), cpu_config)
    assert v.verdict == "incorrect"
    assert "ill-conditioned at this tolerance" in v.reason and "against float64" in v.reason
    assert any(c.figures.get("reference_ill_conditioned") for c in v.checks)
    v = evaluate(PROBLEM, Candidate(source=kernel(body="tl.maximum(x, 0.0) * alpha + 1e-3")), cpu_config)
    assert v.verdict == "incorrect" and "ill-conditioned" not in v.reason  # a plain bug stays a plain bug


@pytest.mark.parametrize("precision, tf32", [("default", True), ("fp32", False)])
def test_baselines_run_in_the_configured_precision(cpu_config, monkeypatch, precision, tf32):
    """The eager baseline is timed with cuDNN's TF32 flag as configured (PyTorch's default: on), the candidate
    and reference never; the choice is recorded and keys the baseline cache apart."""
    import dataclasses

    import torch

    from autokernel.evaluate import timing

    seen = []
    real = timing.time_calls

    def spy(fn, *args, **kw):
        seen.append(torch.backends.cudnn.allow_tf32)
        return real(fn, *args, **kw)

    monkeypatch.setattr(timing, "time_calls", spy)
    cfg = dataclasses.replace(cpu_config, protocol="strict", baseline_precision=precision)
    v = evaluate(PROBLEM, Candidate(source=kernel()), cfg)
    assert v.verdict == "correct", v.reason
    assert seen and seen[-1] is tf32 and v.policy["baseline_precision"] == precision
    assert cfg.baseline_variant == ""  # the CPU has no TF32: its cached baselines serve either precision
    gpu = dataclasses.replace(cfg, device="cuda")
    assert ("|base-fp32" in gpu.baseline_variant) == (precision == "fp32")
    assert torch.backends.cudnn.allow_tf32  # restored


def test_speedups_keep_four_significant_digits():
    from autokernel.evaluate.judge import _sig

    assert _sig(0.0167 / 494.5) == 3.377e-05  # a CPU interpreter's speedup is small, not zero
    assert _sig(28.794123) == 28.79 and _sig(1.88447) == 1.884


def test_kernelbench_protocol_times_eager_in_the_candidates_process(cpu_config):
    # KernelBench times reference and kernel in one process; so does its protocol here, before the candidate's
    # code is loaded. The judge's own eager stays in the verdict beside it.
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert v.verdict == "correct", v.reason
    assert v.eager.method.endswith("+candidate_process") and v.eager_judge is not None
    assert v.speedup == pytest.approx(v.eager.median_ms / v.kernel.median_ms, rel=1e-3)
    assert "candidate's process" in v.policy["paired_eager"] and "paired_eager" in v.stages_s
    assert v.eager_judge.method and not v.eager_judge.method.endswith("+candidate_process")
    # the timed loops alone, inside their exclusive holds, beside what the candidate's timing set up first
    # recorded to the millisecond: a tiny CPU loop can round to 0
    assert 0 <= v.stages_s["paired_eager/loop"] <= v.stages_s["paired_eager"]
    assert 0 < v.stages_s["timing/loop"] <= v.stages_s["timing"] and v.stages_s["timing/setup"] >= 0


def test_the_paired_reference_leaves_nothing_for_the_candidate(tmp_path):
    # `_child` times the reference before the candidate's code is loaded; its module, file and model must be
    # gone by then (the candidate process has no other trace of the expected answer).
    import gc
    import sys
    import tempfile

    import torch

    from autokernel.evaluate import transport
    from autokernel.evaluate._child import _Reference

    def _time_reference(torch, msg, device):  # the child's commands: "reference_build", "reference", "reference_clear"
        ref = _Reference(torch, device)
        built = ref.build(msg)
        if not built["ok"]:
            return built
        reply = ref.time(msg)
        assert (ref.model is not None) == reply["ok"]  # a timed reference waits for its clear (a failed one is gone)
        ref.clear()
        return reply

    source = PROBLEM.source + "\n# this test's own copy: a module name no other test loads\n"
    module_name = f"_akb_problem_{Problem.from_source(source, name='reference').digest}"
    files_before = set(Path(tempfile.gettempdir()).glob("problem_*.py"))
    x = torch.rand(7, 300)
    _, handle = transport.share(x, str(tmp_path))
    msg = {"source": source, "init_seed": 42, "init_args": [0.5], "sets": [[handle]], "precision": "default",
           "n": 4, "warmup": 1, "budget_s": 2.0}
    flags = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
    reply = _time_reference(torch, msg, "cpu")
    assert reply["ok"], reply
    assert len(reply["event_ms"]) >= 3 and all(t > 0 for t in reply["event_ms"])
    assert module_name not in sys.modules
    assert set(Path(tempfile.gettempdir()).glob("problem_*.py")) <= files_before
    gc.collect()
    assert not [o for o in gc.get_objects() if type(o).__module__ == module_name]
    assert (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32) == flags
    broken = _time_reference(torch, {**msg, "source": source + "raise ValueError('nope')\n"}, "cpu")
    assert not broken["ok"] and "nope" in broken["message"]


def test_strict_protocol_pairs_its_eager_too_unless_told_not_to(cpu_config):
    """Under strict as under kernelbench the speedup's eager is timed in the candidate's process (a ratio of two
    processes' host speeds spread 30 % on a launch-bound model); --no-paired-eager keeps the judge's own."""
    from autokernel.evaluate import EvalConfig

    cfg = EvalConfig.for_device("cpu", protocol="strict", timeout_s=120.0, num_perf_trials=3, timing_budget_s=2.0)
    v = evaluate(PROBLEM, Candidate(source=kernel()), cfg)
    assert v.verdict == "correct", v.reason
    assert v.eager_judge is not None and "candidate's process" in v.policy["paired_eager"]
    unpaired = EvalConfig.for_device("cpu", protocol="strict", timeout_s=120.0, num_perf_trials=3,
                                     timing_budget_s=2.0, paired_eager=False)
    v = evaluate(PROBLEM, Candidate(source=kernel()), unpaired)
    assert v.verdict == "correct", v.reason
    assert v.eager_judge is None and "paired_eager" not in v.policy and "paired_eager" not in v.stages_s
    assert cfg.ledger_policy() != unpaired.ledger_policy()


def test_scrub_fills_every_free_cached_block_and_survives_running_out():
    # GPU-only code driven through a stand-in for torch.cuda: one allocation per free block, filled with 0xFF.
    from types import SimpleNamespace

    from autokernel.evaluate._child import _scrub_cached_memory

    class OOM(Exception):
        pass

    filled = []

    def empty(size, dtype, device):
        if size > 10_000:
            raise OOM()
        return SimpleNamespace(fill_=lambda v, size=size: filled.append((size, v)))

    blocks = [{"state": "inactive", "size": 512}, {"state": "active_allocated", "size": 1024},
              {"state": "inactive", "size": 2048}, {"state": "inactive", "size": 20_000}]
    cuda = SimpleNamespace(memory_snapshot=lambda: [{"blocks": blocks}], synchronize=lambda: None,
                           OutOfMemoryError=OOM)
    _scrub_cached_memory(SimpleNamespace(cuda=cuda, empty=empty, uint8="uint8"))
    assert filled == [(512, 255), (2048, 255)]


def test_the_paired_reference_is_not_charged_to_the_candidates_budget(cpu_config):
    from types import SimpleNamespace

    from autokernel.evaluate import Evaluator

    class Proc:
        scratch, budget_s, seen = "/nonexistent", 7.0, None

        def request(self, obj, exclusive=False):
            self.seen = [*(self.seen or []), (obj["cmd"], self.budget_s, exclusive)]
            self.budget_s -= 30.0  # the reference took long
            if obj["cmd"] in ("reference_build", "reference_clear"):
                return {"ok": True}
            return {"ok": True, "event_ms": [2.0, 1.0, 3.0], "fresh": [False] * 3, "method": "loop"}

    proc, verdict = Proc(), SimpleNamespace(policy={})
    session = SimpleNamespace(problem=PROBLEM, init_seed=42, init_args=[0.5])
    with Evaluator(cpu_config) as judge:
        stats = judge.timing.paired_eager(proc, session, SimpleNamespace(baseline_rule=None), [], [], 1e-4, verdict)
    # built beside neighbours (shared), then timed with the device alone; its own allowance for both
    (build, b_budget, b_alone), (timed, t_budget, t_alone), (clear, _, c_alone) = proc.seen
    assert (build, timed, clear) == ("reference_build", "reference", "reference_clear")
    assert not b_alone and t_alone and not c_alone  # cleared beside neighbours
    assert b_budget > 7.0 and t_budget > 7.0
    assert proc.budget_s == 7.0  # the candidate's budget as it was
    assert stats.median_ms == 2.0 and stats.method == "loop+candidate_process"


def test_reused_timing_inputs_are_the_candidates_own_copy_up_to_a_size(tmp_path, monkeypatch):
    import torch

    from autokernel.evaluate import _child, transport

    x = torch.rand(4, 8)
    shared, handle = transport.share(x, str(tmp_path))
    reuse = {"sets": [[handle, 3]], "loop": {"reuse_inputs": True}}
    own = _child._timing_sets(torch, reuse)
    assert own[0][1] == 3 and torch.equal(own[0][0], x) and own[0][0].data_ptr() != shared.data_ptr()
    mapped = _child._timing_sets(torch, {"sets": [[handle]], "loop": {"reuse_inputs": False}})
    assert torch.equal(mapped[0][0], x)  # a clone-per-call loop copies per call anyway
    monkeypatch.setattr(_child, "OWN_COPY_LIMIT_BYTES", 16)  # 128 bytes of inputs: too big to copy
    big = _child._timing_sets(torch, reuse)
    big[0][0][0, 0] = -1.0
    assert shared[0, 0] == -1.0  # still the judge's mapping


def test_a_reference_that_kills_the_interpreter_is_the_harnesss_failure_not_the_candidates(cpu_config):
    from types import SimpleNamespace

    from autokernel.evaluate import EvaluationError, Evaluator
    from autokernel.evaluate.sandbox import CandidateDied

    class Proc:
        scratch, budget_s = "/nonexistent", 7.0

        def request(self, obj, exclusive=False):
            raise CandidateDied("the candidate process was killed by SIGSEGV")

        def log_tail(self):
            return "Segmentation fault"

    proc = Proc()
    session = SimpleNamespace(problem=PROBLEM, init_seed=42, init_args=[0.5])
    with Evaluator(cpu_config) as judge, pytest.raises(EvaluationError, match="before any candidate code ran"):
        judge.timing.paired_eager(proc, session, SimpleNamespace(baseline_rule=None), [], [], 1e-4,
                                  SimpleNamespace(policy={}))
    assert proc.budget_s == 7.0


CANCELLING = PROBLEM.source.replace("torch.relu(x) * self.alpha", "((x + 10000.0) - 10000.0) * self.alpha")


def test_a_kernel_off_the_fp32_reference_but_within_tolerance_of_float64_passes_our_trials():
    # (x + 1e4) - 1e4 rounds x to ~1e-3 in fp32; the kernel computes x exactly. Our secret trials judge a
    # disagreement with the fp32 reference against float64 (strict: every trial is ours); KernelBench's own
    # seeded trials keep its verdict, against its fp32 reference. (Correctness only: the outputs produced while
    # timing are compared with the fp32 reference on the problem's own inputs, where a real problem's reference
    # holds; this one's does not.)
    from autokernel.evaluate import EvalConfig

    problem = Problem.from_source(CANCELLING, name="cancelling")
    strict = EvalConfig.for_device("cpu", protocol="strict", timeout_s=120.0, measure=False)
    v = evaluate(problem, Candidate(source=kernel(body="x * alpha")), strict)
    assert v.verdict == "correct", v.reason
    trials = [c for c in v.checks if c.name.startswith("trial_")]
    assert trials and all(c.figures.get("arbitrated_by_float64") for c in trials)
    assert "within it of the float64 reference" in trials[0].reason
    assert trials[0].figures["reference_max_abs_error_vs_float64"] > 1e-4
    kb = EvalConfig.for_device("cpu", protocol="kernelbench", timeout_s=120.0, measure=False)
    v = evaluate(problem, Candidate(source=kernel(body="x * alpha")), kb)
    assert v.verdict == "incorrect" and v.failed_check == "values", v.reason


def test_a_wrong_kernel_stays_wrong_against_float64(cpu_config):
    from autokernel.evaluate import EvalConfig

    strict = EvalConfig.for_device("cpu", protocol="strict", timeout_s=120.0, num_perf_trials=3, timing_budget_s=2.0)
    v = evaluate(PROBLEM, Candidate(source=kernel(body="tl.maximum(x, 0.0) * alpha + 1e-3")), strict)
    assert v.verdict == "incorrect", v.reason
    failed = [c for c in v.checks if not c.passed]
    assert failed[-1].figures["max_abs_error_vs_float64"] > 9e-4 and "arbitrated_by_float64" not in failed[-1].figures


def test_the_float64_arbiter_leaves_the_failure_where_it_cannot_run():
    import torch

    from autokernel.evaluate.checks import arbitrate_with_float64
    from autokernel.evaluate.reference import Trial
    from autokernel.records import Check

    class Session:
        device = "cpu"

        def __init__(self, truth):
            self._truth = truth

        def truth64(self, inputs):
            if isinstance(self._truth, Exception):
                raise self._truth
            return self._truth

    x = torch.ones(4)
    trial = Trial(seed=1, distribution="signed", inputs=[x], expected=x + 1e-3)
    failed = Check(name="trial_6", passed=False, reason="wrong output on trial 6 (signed inputs): ...",
                   figures={"verdict": "incorrect", "check": "values"})
    assert arbitrate_with_float64(Session(RuntimeError("no float64")), trial, x, failed, 1e-4, None) is failed
    assert arbitrate_with_float64(Session(torch.ones(5, dtype=torch.float64)), trial, x, failed, 1e-4, None) is failed
    passed = arbitrate_with_float64(Session(x.double()), trial, x, failed, 1e-4, None)
    assert passed.passed and passed.name == "trial_6" and "verdict" not in passed.figures
    assert passed.reason.startswith("output on trial 6 (signed inputs)")
    wrong = arbitrate_with_float64(Session(x.double() + 1), trial, x, failed, 1e-4, None)
    assert not wrong.passed and wrong.figures["verdict"] == "incorrect" and wrong.figures["max_abs_error_vs_float64"] == 1


def test_the_reference_builds_its_weights_outside_the_device_hold():
    """A problem that never names CUDA builds its module and weights inside the judge's CPU section (no device hold:
    a big model's weight init keeps no neighbour's timing waiting), with the same weights as without it."""
    import contextlib

    import torch

    from autokernel.evaluate.reference import ReferenceSession

    entered = []

    @contextlib.contextmanager
    def cpu_section():
        entered.append(1)
        yield

    source = (
        "import torch\nimport torch.nn as nn\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self, n):\n"
        "        super().__init__()\n"
        "        self.lin = nn.Linear(n, n)\n"
        "    def forward(self, x):\n"
        "        return self.lin(x)\n\n"
        "def get_inputs():\n    return [torch.rand(2, 16)]\n"
        "def get_init_inputs():\n    return [16]\n"
    )
    problem = Problem.from_source(source, name="weights")
    plain = ReferenceSession.build(problem, "cpu", init_seed=7)
    sectioned = ReferenceSession.build(problem, "cpu", init_seed=7, cpu_section=cpu_section)
    assert entered == [1]
    for a, b in zip(plain.model.state_dict().values(), sectioned.model.state_dict().values(), strict=True):
        assert torch.equal(a, b)
    naming_cuda = Problem.from_source(source + "\n# runs on cuda\n", name="weights_cuda")
    ReferenceSession.build(naming_cuda, "cpu", init_seed=7, cpu_section=cpu_section)
    assert entered == [1]  # it may touch the device while built: inside the hold


def test_a_verdict_says_where_its_shared_holds_went(cpu_config, tmp_path):
    """With a real gate, the stages name the judge's shared sections and how long each held the device (what a
    neighbour's timing waits for)."""
    from autokernel.evaluate.gate import FileGate
    from autokernel.evaluate.judge import Evaluator

    with Evaluator(cpu_config, gate=FileGate(tmp_path / "gate")) as ev:
        v = ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert v.verdict == "correct", v.reason
    holds = {k[len("gate_hold/"):]: s for k, s in v.stages_s.items() if k.startswith("gate_hold/")}
    assert holds and all(":" in at and s >= 0 for at, s in holds.items())
    assert any(at.startswith("_correctness") or at.startswith("request") for at in holds), sorted(holds)
    assert all(v.stages_s[f"gate_holds/{at}"] >= 1 for at in holds)


def test_a_neighbours_timing_runs_while_the_compile_baseline_generates_code(cpu_config, tmp_path, monkeypatch):
    """Inductor's code generation (`GraphLowering.compile_to_module`) runs outside the device hold: a neighbour's
    timed loop gets the device while it runs, not only after the compile baseline's first call."""
    import dataclasses
    import threading
    import time

    import torch
    from torch._inductor.graph import GraphLowering

    from autokernel.evaluate.gate import FileGate
    from autokernel.evaluate.judge import Evaluator

    monkeypatch.setattr(torch._inductor.config, "fx_graph_cache", False)  # a cache hit would skip the code generation
    original = GraphLowering.compile_to_module
    started, times = threading.Event(), {}

    def slow(self, *args, **kwargs):  # stands in for a big model's code generation
        started.set()
        time.sleep(1.5)
        out = original(self, *args, **kwargs)
        times.setdefault("codegen_done", time.monotonic())
        return out

    monkeypatch.setattr(GraphLowering, "compile_to_module", slow)
    gate = FileGate(tmp_path / "gate")

    def neighbour():
        if started.wait(120):
            with gate.exclusive():
                times["neighbour_in"] = time.monotonic()

    t = threading.Thread(target=neighbour)
    t.start()
    config = dataclasses.replace(cpu_config, baseline_compile=True)
    with Evaluator(config, gate=gate) as ev:
        v = ev.evaluate(PROBLEM, Candidate(source=kernel()))
    t.join(10)
    assert v.verdict == "correct" and v.compiled is not None, v.reason
    assert GraphLowering.compile_to_module is slow  # put back
    assert times["neighbour_in"] < times["codegen_done"]  # it got the device during the code generation


def test_kernelbench_seeded_inputs_are_drawn_once_each(monkeypatch):
    # KernelBench's sets are drawn on the CPU (multi-GB level-1 sets take seconds each): the ablation of the
    # solution's own kernels takes a secret device-drawn set, so no seeded set is drawn twice
    from autokernel.evaluate import EvalConfig
    from autokernel.evaluate.reference import ReferenceSession

    seeds = []
    make_inputs = ReferenceSession.make_inputs

    def spy(self, seed, on_cpu=False):
        if on_cpu:
            seeds.append(seed)
        return make_inputs(self, seed, on_cpu=on_cpu)

    monkeypatch.setattr(ReferenceSession, "make_inputs", spy)
    kb = EvalConfig.for_device("cpu", protocol="kernelbench", timeout_s=120.0, measure=False)
    v = evaluate(PROBLEM, Candidate(source=kernel()), kb)
    assert v.verdict == "correct", v.reason
    assert any(c.name == "own_kernels_contribute" and c.passed for c in v.checks)
    assert len(seeds) == 5 and len(set(seeds)) == len(seeds), seeds


def test_a_reference_that_cannot_run_in_float64_gets_fp32_baselines(monkeypatch):
    # L3/35's LSTM keeps h0 as a plain fp32 attribute, which .double() leaves alone: the float64 check of the TF32
    # baseline raised and became a harness error; the rule takes the safe side, as for inputs too big to check
    import types

    import torch

    from autokernel.evaluate import baselines, tf32

    monkeypatch.setattr(tf32, "tf32_ops", lambda problem: ("lstm",))
    monkeypatch.setattr(baselines, "conditioning_limit_bytes", lambda device: 2**40)

    def truth64(inputs):
        raise RuntimeError("Input and hidden tensors are not the same dtype")

    session = types.SimpleNamespace(problem=PROBLEM, model=torch.nn.Identity(), truth64=truth64)
    b = baselines.Baselines(types.SimpleNamespace(is_cuda=True, device="cpu"), Path("."), gate=None, pause=None)
    rule = b._decide(session, [torch.ones(4)], 1e-4)
    assert rule["precision"] == "fp32" and "could not be checked against float64 (RuntimeError" in rule["reason"]


def test_a_big_problems_first_evaluation_takes_slots_for_twice_its_footprint_then_its_footprint(cpu_config,
                                                                                                 monkeypatch):
    # the first evaluation of a problem in a judge also checks its transformed inputs against float64 and times
    # its baselines (copies of the trial in double, or in the baseline's run): on the H200 a 16 GiB pooling's
    # judge reached 81 GiB in slots sized for its footprint alone and the GPU ran out beside its neighbours
    import contextlib

    from autokernel.evaluate import judge, memory
    from autokernel.evaluate.gate import NullGate
    from autokernel.evaluate.reference import estimate_input_bytes

    asked, order = [], []

    class Gate(NullGate):
        @contextlib.contextmanager
        def heavy(self, units=1):
            asked.append(units)
            order.append("heavy")
            yield

    reference = judge.Evaluator._reference

    def built(self, problem):
        order.append("reference")
        return reference(self, problem)

    monkeypatch.setattr(judge.Evaluator, "_reference", built)
    trial = 2 * estimate_input_bytes(PROBLEM)  # inputs and an output of about their size
    monkeypatch.setattr(judge, "BIG_TRIAL_BYTES", 0)
    monkeypatch.setattr(memory, "heavy_units", lambda footprint, device_bytes, slots: footprint / trial)
    with judge.Evaluator(cpu_config, gate=Gate(), sharers=2) as ev:
        first = ev.evaluate(PROBLEM, Candidate(source=kernel()))
        assert first.verdict == "correct" and first.eager is not None, first.reason
        assert order[:2] == ["reference", "heavy"]  # its CPU-drawn inputs are drawn ahead while the slot is waited for
        # twice the footprint, held through the baselines: no second wait for slots (the trials' nested request
        # for the footprint is free inside it)
        assert asked[0] == 4 and 4 not in asked[1:], asked
        assert first.policy["heavy_slots"].endswith("first evaluation, sized from shapes")  # said in the verdict
        del asked[:]
        again = ev.evaluate(PROBLEM, Candidate(source=kernel("tl.maximum(x, 0.0) * alpha + 0.0")))
        assert again.verdict == "correct", again.reason
    assert asked[0] == 2 and 4 not in asked, asked  # settled, its baselines cached: the footprint alone
    assert again.policy["heavy_slots"].endswith("later evaluation, sized from shapes")


def test_a_problem_judged_alone_gets_the_whole_device_memory(cpu_config, monkeypatch):
    # judged alone after running out of memory beside neighbours, the candidate's process had kept a neighbour's
    # share of the memory (L3/31 on the H200: out of memory again at 21 of 140 GiB, recorded as its verdict)
    from autokernel.evaluate import judge
    from autokernel.evaluate.gate import NullGate
    from autokernel.evaluate.sandbox import CandidateProcess

    fractions = []
    send_json = CandidateProcess.send_json

    def spy(self, msg):
        if "gpu_memory_fraction" in msg:
            fractions.append(msg["gpu_memory_fraction"])
        return send_json(self, msg)

    monkeypatch.setattr(CandidateProcess, "send_json", spy)
    e = judge.Evaluator(cpu_config, gate=NullGate(), sharers=6, prespawn=False)
    assert e.evaluate(PROBLEM, Candidate(source=kernel())).verdict == "correct"
    e._alone[PROBLEM.digest] = "CUDA out of memory"
    assert e.evaluate(PROBLEM, Candidate(source=kernel())).verdict == "correct"
    assert fractions == [pytest.approx(cpu_config.gpu_memory_fraction / 6), cpu_config.gpu_memory_fraction]


def _first_evaluation_runs_out(monkeypatch, message: str, *, slot_key: str | None = None) -> list[bool]:
    """The judge's first evaluation raises a CUDA out-of-memory error in its own work, once the candidate's process
    and reference are ready (``message``; with ``slot_key``, as if it had sized heavy slots under it), the later ones
    run; returns, per evaluation, whether the problem was being judged alone there."""
    from autokernel.evaluate import judge

    class OutOfMemoryError(RuntimeError):
        pass

    calls: list[bool] = []
    run_once = judge.Evaluator._run_candidate

    def first_fails(self, proc, session, *args):
        calls.append(session.problem.digest in self._alone)
        if len(calls) == 1:
            self._slot_key = slot_key
            raise OutOfMemoryError(message)
        return run_once(self, proc, session, *args)

    monkeypatch.setattr(judge.Evaluator, "_run_candidate", first_fails)
    return calls


def test_a_verdict_judged_alone_after_running_out_of_memory_says_so(cpu_config, monkeypatch):
    # an evaluation alone stops every neighbour for its length: the verdict names it, what ran out and the seconds
    # of the attempt that did (on the H200's level-1 re-score 9 of 14 kernelbench verdicts held the GPU alone for
    # 36-68 s, which only the stages' exclusive hold showed); the footprint its heavy slots were sized by now says
    # "all of them", for every judge on the machine (on an H100, L1/30's evaluations ran out of memory in three
    # judges within a minute: each learned it alone, too late for the others)
    from autokernel.evaluate import judge
    from autokernel.evaluate.gate import NullGate

    calls = _first_evaluation_runs_out(monkeypatch, "CUDA out of memory. Tried to allocate 8.00 GiB. GPU 0 has a "
                                       "total capacity of 139.80 GiB of which 2.56 GiB is free. Process 6680 has "
                                       "80.86 GiB memory in use.", slot_key="the key its heavy slots were sized by")
    recorded = []
    monkeypatch.setattr(judge.memory, "record_out_of_memory", lambda folder, at, device: recorded.append(at))
    monkeypatch.setattr(judge.Evaluator, "_allocator_state", lambda self: "default pool: 9 segments, ...")
    with judge.Evaluator(cpu_config, gate=NullGate(), sharers=6, prespawn=False) as ev:
        v = ev.evaluate(PROBLEM, Candidate(source=kernel()))
        assert calls == [False, True] and v.verdict == "correct", v.reason
        assert recorded == ["the key its heavy slots were sized by"] and ev._slot_key is None  # alone: no slots
        assert v.policy["judged_alone"].startswith("judged with the device to itself after running out of device "
                                                   "memory beside neighbours (the judge's OutOfMemoryError: CUDA out")
        assert "Process 6680 has 80.86 GiB" in v.policy["judged_alone"] and v.stages_s["out_of_memory_attempt"] >= 0
        assert v.policy["judged_alone"].endswith("its allocator then: default pool: 9 segments, ...)")
        # alone from then on, no attempt lost, and each verdict says so (on an H100, five of L3/26's 23 verdicts
        # judged alone by a judge that had learned it itself did not)
        again = ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert calls == [False, True, True] and len(recorded) == 1 and "out_of_memory_attempt" not in again.stages_s
    assert again.policy["judged_alone"].startswith("judged with the device to itself: an earlier evaluation of this "
                                                   "problem on this GPU model ran out of device memory beside "
                                                   "neighbours (the judge's OutOfMemoryError: CUDA out")


def test_a_problem_that_ran_out_beside_neighbours_without_slots_is_judged_alone_by_every_judge(cpu_config, tmp_path,
                                                                                                 monkeypatch):
    # L3/26 on an H100 (small inputs, so no heavy slots): its candidates ran out at their process's share of the
    # memory in four judges of one call, each losing 15-18 s to learn it, and again in the next call; the first
    # judge's lesson now goes to the facts folder the others (and a resumed run's) read
    import dataclasses

    from autokernel.evaluate import judge, memory
    from autokernel.evaluate.gate import NullGate

    calls = _first_evaluation_runs_out(monkeypatch, "CUDA out of memory. Tried to allocate 16.00 MiB. GPU 0 has a "
                                       "total capacity of 79.18 GiB of which 41.62 GiB is free.")
    monkeypatch.setattr(judge.Evaluator, "_allocator_state", lambda self: "default pool: 3 segments")
    config = dataclasses.replace(cpu_config, facts_dir=str(tmp_path / "facts"))
    with judge.Evaluator(config, gate=NullGate(), sharers=6, prespawn=False) as first:
        v = first.evaluate(PROBLEM, Candidate(source=kernel()))
    assert calls == [False, True] and v.verdict == "correct" and v.stages_s["out_of_memory_attempt"] >= 0
    (why,) = (entry["why"] for entry in memory.read_json(tmp_path / "facts" / memory.ALONE_FILE).values())
    assert "41.62 GiB is free" in why
    with judge.Evaluator(config, gate=NullGate(), sharers=6, prespawn=False) as other:
        w = other.evaluate(PROBLEM, Candidate(source=kernel()))
    assert len(calls) == 3 and w.verdict == "correct", w.reason  # one attempt: alone at once, none lost
    assert PROBLEM.digest in other._alone
    assert w.policy["judged_alone"].startswith("judged with the device to itself: an earlier evaluation of this "
                                               "problem on this GPU model ran out") and "41.62 GiB" in w.policy[
        "judged_alone"]
    assert "out_of_memory_attempt" not in w.stages_s
    elsewhere_config = dataclasses.replace(cpu_config, facts_dir=str(tmp_path / "other facts"))
    with judge.Evaluator(elsewhere_config, gate=NullGate(), sharers=6, prespawn=False) as elsewhere:
        assert "judged_alone" not in elsewhere.evaluate(PROBLEM, Candidate(source=kernel())).policy


def test_a_lone_judges_out_of_memory_error_says_what_its_allocator_held(cpu_config, monkeypatch):
    # one judge on the device (kb_parity's): no retry, but the error tells which pool held the memory (an H100's
    # parity judge ran out on L1/30 holding 52.5 GiB reserved and unallocated, and its error did not say where)
    from autokernel.evaluate import judge
    from autokernel.evaluate.gate import NullGate

    class OutOfMemoryError(RuntimeError):
        pass

    def fails(self, problem, candidate):
        with judge._Stages()("correctness"):
            raise OutOfMemoryError("CUDA out of memory. Tried to allocate 6.00 GiB.")

    monkeypatch.setattr(judge.Evaluator, "_evaluate", fails)
    monkeypatch.setattr(judge.Evaluator, "_allocator_state", lambda self: "pool 1.2: 8 segments, 48.00 GiB reserved")
    ev = judge.Evaluator(cpu_config, gate=NullGate(), sharers=1, prespawn=False)
    with pytest.raises(OutOfMemoryError) as err:
        ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert err.value.__notes__ == ["the judge's allocator at the error (stage correctness): pool 1.2: 8 segments, "
                                   "48.00 GiB reserved"]
    # nor is a verdict of the candidate's process running out judged again: there are no neighbours to blame
    calls = []

    def candidate_ran_out(self, problem, candidate):
        calls.append(1)
        return Verdict(verdict="runtime_error", reason="torch.OutOfMemoryError: CUDA out of memory in the candidate")

    monkeypatch.setattr(judge.Evaluator, "_evaluate", candidate_ran_out)
    assert ev.evaluate(PROBLEM, Candidate(source=kernel())).verdict == "runtime_error" and calls == [1]


def test_running_out_of_memory_alone_raises_with_what_the_judges_allocator_held(cpu_config, monkeypatch):
    # alone and out of memory again: no verdict, a harness error, and the error says which pool held the reserved
    # memory the allocation could not use (on an H100, L1/30's judge held 48 GiB reserved but unallocated of 60)
    from autokernel.evaluate import judge
    from autokernel.evaluate.gate import NullGate
    from autokernel.search import backend

    class OutOfMemoryError(RuntimeError):
        pass

    def fails(self, problem, candidate):  # in a stage of the judge's: the error says which
        with judge._Stages()("correctness"), judge._Stages()("correctness/inputs"):
            raise OutOfMemoryError("CUDA out of memory. Tried to allocate 6.00 GiB.")

    monkeypatch.setattr(judge.Evaluator, "_evaluate", fails)
    monkeypatch.setattr(judge.Evaluator, "_allocator_state", lambda self: "pool 1.2: 8 segments, 48.00 GiB reserved")
    ev = judge.Evaluator(cpu_config, gate=NullGate(), sharers=6, prespawn=False)
    ev._alone[PROBLEM.digest] = "CUDA out of memory"
    with pytest.raises(OutOfMemoryError) as err:
        ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert err.value.__notes__ == ["the judge's allocator at the error (stage correctness/inputs): pool 1.2: 8 "
                                   "segments, 48.00 GiB reserved"]
    assert backend.error_text(err.value) == ("OutOfMemoryError: CUDA out of memory. Tried to allocate 6.00 GiB.\n"
                                             "the judge's allocator at the error (stage correctness/inputs): pool "
                                             "1.2: 8 segments, 48.00 GiB reserved")
    ev._alone.clear()  # beside neighbours, then alone: both times' allocator state in the error
    with pytest.raises(OutOfMemoryError) as err:
        ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert err.value.__notes__ == [
        "judged alone after running out beside neighbours (the judge's OutOfMemoryError: CUDA out of memory. Tried to "
        "allocate 6.00 GiB.; its allocator then (stage correctness/inputs): pool 1.2: 8 segments, 48.00 GiB "
        "reserved); the judge's allocator at this error (stage correctness/inputs): pool 1.2: 8 segments, 48.00 GiB "
        "reserved"]


def test_the_allocator_note_is_what_it_held_when_the_error_left_its_stage(cpu_config, monkeypatch):
    # the evaluation's own release runs before its caller sees the error: on an H100 an L1/30 judge that NVML put at
    # 65.1 GiB read 12 GiB reserved by then, so the note is taken as the error leaves the innermost stage
    from autokernel.evaluate import judge
    from autokernel.evaluate.gate import NullGate

    class OutOfMemoryError(RuntimeError):
        pass

    state = ["65.00 GiB reserved"]

    def fails(self, problem, candidate):
        state[0] = "65.00 GiB reserved"  # each attempt's peak
        stages = judge._Stages(held=lambda: f"default pool: {state[0]}")
        try:
            with stages("correctness"), stages("correctness/inputs"):
                raise OutOfMemoryError("CUDA out of memory. Tried to allocate 6.00 GiB.")
        finally:
            state[0] = "12.00 GiB reserved"  # the evaluation's release

    monkeypatch.setattr(judge.Evaluator, "_evaluate", fails)
    monkeypatch.setattr(judge.Evaluator, "_allocator_state", lambda self: f"default pool: {state[0]}")
    ev = judge.Evaluator(cpu_config, gate=NullGate(), sharers=6, prespawn=False)
    with pytest.raises(OutOfMemoryError) as err:
        ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert err.value.__notes__ == [
        "judged alone after running out beside neighbours (the judge's OutOfMemoryError: CUDA out of memory. Tried to "
        "allocate 6.00 GiB.; its allocator then (stage correctness/inputs): default pool: 65.00 GiB reserved); the "
        "judge's allocator at this error (stage correctness/inputs): default pool: 65.00 GiB reserved"]
    other = RuntimeError("a candidate's own error")
    with pytest.raises(RuntimeError), judge._Stages(held=lambda: pytest.fail("not out of memory"))("load"):
        raise other
    assert other.judge_stage == "load" and not hasattr(other, "judge_allocator")
    assert judge._held_at(other, lambda: "now") == "now"


def _big_kernelbench_problem(monkeypatch) -> tuple[list, object]:
    """Every problem judged as a big one under the kernelbench protocol; returns (the KernelBench sets taken, as
    (seed, drawn ahead), the config)."""
    from autokernel.evaluate import EvalConfig, judge
    from autokernel.evaluate.reference import ReferenceSession

    taken = []
    take = ReferenceSession._take_ahead

    def spy(self, seed):
        inputs = take(self, seed)
        taken.append((seed, inputs is not None))
        return inputs

    monkeypatch.setattr(ReferenceSession, "_take_ahead", spy)
    monkeypatch.setattr(judge, "BIG_TRIAL_BYTES", 0)
    return taken, EvalConfig.for_device("cpu", protocol="kernelbench", timeout_s=120.0, num_perf_trials=3,
                                        timing_budget_s=2.0)


def test_a_big_problems_kernelbench_timing_set_is_drawn_ahead_again(monkeypatch):
    # a big problem's KernelBench sets, drawn on the CPU, are dropped to free memory and made again: trial 0 after
    # the degeneracy probe, the timing set (seed 42) after correctness; all drawn ahead, none in place (each draw
    # in place: 8 s of a 6.4 GB problem's heavy slot on the H200), trial 0's first while the slot is waited for
    from autokernel.evaluate.protocol import KERNELBENCH_SEED

    taken, kb = _big_kernelbench_problem(monkeypatch)
    v = evaluate(PROBLEM, Candidate(source=kernel()), kb)
    assert v.verdict == "correct", v.reason
    trial0 = taken[0][0]
    assert trial0 != KERNELBENCH_SEED and all(hit for _, hit in taken), taken
    assert [seed for seed, _ in taken].count(trial0) == [seed for seed, _ in taken].count(KERNELBENCH_SEED) == 2


def test_a_big_problems_trial_0_goes_before_its_timing_set_where_the_device_lacks_room(monkeypatch):
    # on an H100 shared by six judges, L1/30's judge held trial 0 (12 GiB) through the timing set and its shared
    # copies (24 GiB more) and ran out; with less room than that, trial 0 goes first and correctness makes it again
    # (KernelBench's set drawn ahead meanwhile); with room, it is kept and made once
    from autokernel.evaluate import judge, memory
    from autokernel.evaluate.gate import NullGate
    from autokernel.evaluate.protocol import KERNELBENCH_SEED

    taken, kb = _big_kernelbench_problem(monkeypatch)
    with judge.Evaluator(kb, gate=NullGate(), prespawn=False) as ev:
        assert ev.evaluate(PROBLEM, Candidate(source=kernel())).verdict == "correct"  # the probe: trial 0 dropped
        room = {}
        for left in (None, 10**12, 0):  # off a GPU, room enough, too little
            monkeypatch.setattr(memory, "room_bytes", lambda device, left=left: left)
            taken.clear()
            v = ev.evaluate(PROBLEM, Candidate(source=kernel()))
            assert v.verdict == "correct", v.reason
            assert all(hit for _, hit in taken), taken  # every set drawn ahead, none in place
            seeds = [seed for seed, _ in taken]
            room[left] = (seeds[0], seeds.count(seeds[0]), v.policy.get("trial_0_made_again", ""))
    assert room[None] == room[10**12] == (room[0][0], 1, "")  # the same trial 0, made once
    assert room[0][0] != KERNELBENCH_SEED and room[0][1] == 2
    assert room[0][2].startswith("0.0 GiB of device memory left for a timing set that needs about 0.0 GiB")


def test_the_judges_own_peak_memory_is_recorded_on_a_gpu_only(cpu_config):
    # heavy slots are sized from shapes; what the judge's process held beside the candidate's is the measurement
    # that calibrates them (on the H200 a reduction's 8.6 GB trial is sized as 17 GB: its output as large as its input)
    from autokernel.evaluate import judge
    from autokernel.evaluate.gate import NullGate

    with judge.Evaluator(cpu_config, gate=NullGate(), prespawn=False) as ev:
        v = ev.evaluate(PROBLEM, Candidate(source=kernel()))
    assert v.verdict == "correct" and v.judge_peak_memory_mb is None  # no device memory to read on the CPU
    old = {k: val for k, val in v.to_dict().items() if k != "judge_peak_memory_mb"}  # records made before it
    assert Verdict.from_dict(old).judge_peak_memory_mb is None
    gpu = Verdict.from_dict({**v.to_dict(), "judge_peak_memory_mb": 25_000.0})
    assert Verdict.from_dict(gpu.to_dict()).judge_peak_memory_mb == 25_000.0


def test_a_seen_vs_fresh_rejection_must_reproduce_when_timed_again(cpu_config, monkeypatch):
    """A timing check comparing groups of calls (`candidate_timing.RETIMED_CHECKS`) rejects only if a second
    timing fails too: once, the verdict stands on the second timing and names the first failure; twice, it is
    rejected with both readings; any other timing check rejects at once."""
    import autokernel.evaluate.candidate_timing as timing
    from autokernel.evaluate.outcome import Outcome
    from autokernel.records import Check

    real = timing.check_timing
    calls: list[int] = []

    def failing(times: int, check: str = "seen_vs_fresh_inputs"):
        def check_timing(reply, **kw):
            calls.append(1)
            if len(calls) <= times:
                kw["verdict"].checks.append(Check(name=check, passed=True, reason="figures of a failed try"))
                raise Outcome("rejected", f"reading {len(calls)}: seen 3.1 ms, rearranged 4.6 ms", check)
            return real(reply, **kw)
        return check_timing

    monkeypatch.setattr(timing, "check_timing", failing(1))
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert v.verdict == "correct" and len(calls) == 2, v.reason
    retimed = [c for c in v.checks if c.name == "seen_vs_fresh_inputs_retimed"]
    assert len(retimed) == 1 and "reading 1" in retimed[0].reason and retimed[0].passed
    assert not [c for c in v.checks if c.reason == "figures of a failed try"]  # the failed try's figures are gone

    calls.clear()
    monkeypatch.setattr(timing, "check_timing", failing(2))
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert v.verdict == "rejected" and v.failed_check == "seen_vs_fresh_inputs" and len(calls) == 2
    assert "reading 2" in v.reason and "the first timing: reading 1" in v.reason

    calls.clear()
    monkeypatch.setattr(timing, "check_timing", failing(1, check="wall_clock"))
    v = evaluate(PROBLEM, Candidate(source=kernel()), cpu_config)
    assert v.verdict == "rejected" and v.failed_check == "wall_clock" and len(calls) == 1


def test_a_memo_keyed_on_a_few_input_values_fails_the_perturbed_trial_without_timing(monkeypatch):
    """The last trial's inputs again with one element changed: a candidate replaying the output it memoised under a
    fingerprint of sampled input values (tests/fixtures/rogues/h02_memo_fingerprint.py) is wrong there, caught by
    value, not only by the seen-versus-fresh timing check; an honest kernel passes the same trial."""
    import secrets

    from autokernel.evaluate import EvalConfig

    fixtures = Path(__file__).resolve().parent / "fixtures"
    problem = Problem.from_file(str(fixtures / "problems" / "scale_add.py"))
    # element 1 takes element 2's value: neither is one of the rogue's eight sampled positions (evenly spaced
    # from the first to the last), as a random element is not with probability 1 - 8 / n
    picks = iter([1, 2] * 8)
    monkeypatch.setattr(secrets, "randbelow", lambda n: next(picks))
    config = EvalConfig.for_device("cpu", timeout_s=120.0, measure=False)
    rogue = evaluate(problem, Candidate(source=(fixtures / "rogues" / "h02_memo_fingerprint.py").read_text()), config)
    assert rogue.verdict == "incorrect" and rogue.failed_check == "secret_perturbed_inputs", rogue.reason
    assert "perturbed inputs" in rogue.reason and "1 of " in rogue.reason
    picks = iter([1, 2] * 8)
    honest = evaluate(problem, Candidate(source=(fixtures / "honest" / "scale_add_masked.py").read_text()), config)
    assert honest.verdict == "correct", honest.reason
    assert [c.figures["distribution"] for c in honest.checks if c.name.startswith("trial_")][-1] == "perturbed"


def test_a_correctness_trial_costs_the_judge_one_shared_hold(cpu_config):
    """Each shared hold waits behind the neighbours' timed loops, and an evaluation makes about ten trials: a trial's
    inputs are made, shared, called, checked and freed in one hold, the candidate's call nested in it (three holds a
    trial before, five before that)."""
    import collections
    import contextlib
    import sys

    from autokernel.evaluate.gate import NullGate
    from autokernel.evaluate.judge import Evaluator

    class Gate(NullGate):
        holds = collections.Counter()  # by the function that took a hold nested in no other
        depth = 0

        @contextlib.contextmanager
        def shared(self, at=""):
            if self.depth == 0:
                self.holds[sys._getframe(2).f_code.co_name] += 1
            self.depth += 1
            try:
                yield
            finally:
                self.depth -= 1

    gate = Gate()
    with Evaluator(cpu_config, gate=gate) as ev:
        assert ev.evaluate(PROBLEM, Candidate(source=kernel())).verdict == "correct"
        gate.holds.clear()  # a later evaluation: the problem's one-off work is done
        v = ev.evaluate(PROBLEM, Candidate(source=kernel(tail="# again")))
    assert v.verdict == "correct", v.reason
    trials = len([c for c in v.checks if c.name.startswith("trial_")])
    assert trials >= 5
    assert gate.holds["_correctness"] == trials - 1, gate.holds  # the last trial's perturbed twin in its hold
    assert not gate.holds["_correctness_trial"], gate.holds  # sharing, checking and freeing nested in it
    # the candidate's calls too: with a hold a call (request) and two more a trial, 10 trials took 46 holds, now 25
    assert sum(gate.holds.values()) <= trials + 16, gate.holds


def test_the_timing_sets_are_gone_before_the_evaluations_last_release(cpu_config, monkeypatch):
    # kept to the return, a big problem's timing set (inputs and expected output, 12 GiB for L1/30) stayed cached in
    # an idle judge's process until its next evaluation: memory no neighbour could use
    import weakref

    import torch

    from autokernel.evaluate import judge
    from autokernel.evaluate.candidate_timing import CandidateTiming
    from autokernel.evaluate.gate import NullGate

    made, alive_at_release = [], []
    timing_sets = CandidateTiming.timing_sets

    def tracked(self, session, n):
        sets = timing_sets(self, session, n)
        made.extend(weakref.ref(t) for s in sets for t in [*s.inputs, s.expected] if isinstance(t, torch.Tensor))
        return sets

    release = judge.Evaluator._release

    def watched(self, **kw):
        alive_at_release.append(sum(ref() is not None for ref in made))
        return release(self, **kw)

    monkeypatch.setattr(CandidateTiming, "timing_sets", tracked)
    monkeypatch.setattr(judge.Evaluator, "_release", watched)
    with judge.Evaluator(cpu_config, gate=NullGate(), prespawn=False) as ev:
        assert ev.evaluate(PROBLEM, Candidate(source=kernel())).verdict == "correct"
    assert made and alive_at_release[-1] == 0, alive_at_release
