"""Per-problem facts the judge keeps on disk for GPU runs: shared by worker processes and resumed runs."""

from __future__ import annotations

from autokernel.evaluate import EvalConfig, Evaluator
from autokernel.evaluate.compare import Degeneracy
from autokernel.problem import Problem

SRC = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)

def get_inputs():
    return [torch.randn(4, 8)]

def get_init_inputs():
    return []
"""


def test_degeneracy_probe_result_is_shared_through_the_cache(tmp_path):
    problem = Problem.from_source(SRC, name="relu_tiny")
    cfg = EvalConfig(device="cuda", cache_dir=str(tmp_path))  # no GPU is touched: only the cache is used
    deg = Degeneracy(trivial_passes=("zeros",), constant_output=False, nondeterministic=False)
    Evaluator(cfg, prespawn=False)._cache_degeneracy(problem, 1e-4, deg)
    other = Evaluator(cfg, prespawn=False)  # another worker process, or the next device call
    assert other._cached_degeneracy(problem, 1e-4) == deg
    assert other._cached_degeneracy(problem, 1e-2) is None  # another tolerance is another question
    cpu = Evaluator(EvalConfig(device="cpu", cache_dir=str(tmp_path)), prespawn=False)
    assert cpu._cached_degeneracy(problem, 1e-4) is None  # CPU runs always probe


def test_out_of_memory_beside_neighbours_is_judged_again_alone(monkeypatch):
    """Sharing a GPU, a candidate that ran out of memory gets one more evaluation with the device alone."""
    from autokernel.records import Verdict

    problem = Problem.from_source(SRC, name="relu_tiny")
    ev = Evaluator(EvalConfig(device="cpu"), sharers=2, prespawn=False)
    seen = []

    def fake(p, c):
        seen.append(p.digest in ev._alone)
        if len(seen) == 1:
            return Verdict(verdict="runtime_error", reason="while timing: torch.OutOfMemoryError in timing")
        return Verdict(verdict="correct", reason="correct on 5 trials")

    monkeypatch.setattr(ev, "_evaluate", fake)
    assert ev.evaluate(problem, "src").verdict == "correct"
    assert seen == [False, True]  # the second evaluation was alone
    assert ev.evaluate(problem, "src").verdict == "correct" and seen[-1] is True  # and stays so
    seen.clear()
    ev._alone.clear()
    monkeypatch.setattr(ev, "_evaluate", lambda p, c: seen.append(1) or Verdict(verdict="incorrect", reason="x"))
    assert ev.evaluate(problem, "src").verdict == "incorrect" and seen == [1]  # other failures: no retry


def test_out_of_memory_in_the_judges_own_step_is_judged_again_alone_then_a_harness_error(monkeypatch):
    """Running out of memory in the candidate's interpreter before any candidate code (the loop's own cost, the
    paired eager) is the harness's failure: judged again alone, and if it fails alone too, an error, never a
    verdict against the candidate."""
    import pytest

    from autokernel.evaluate import EvaluationError

    problem = Problem.from_source(SRC, name="relu_tiny")
    ev = Evaluator(EvalConfig(device="cpu"), sharers=2, prespawn=False)
    seen = []

    def oom(p, c):
        seen.append(p.digest in ev._alone)
        raise EvaluationError("the candidate's interpreter failed while timing the loop's own cost, before any "
                              "candidate code ran: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate")

    monkeypatch.setattr(ev, "_evaluate", oom)
    with pytest.raises(EvaluationError, match="before any candidate code"):
        ev.evaluate(problem, "src")
    assert seen == [False, True]  # tried alone once more
    seen.clear()
    ev._alone.clear()
    monkeypatch.setattr(ev, "_evaluate", lambda p, c: seen.append(1) or (_ for _ in ()).throw(
        EvaluationError("no CUDA GPU is visible")))
    with pytest.raises(EvaluationError):
        ev.evaluate(problem, "src")
    assert seen == [1]  # other harness errors: no retry


def test_baselines_pending_until_every_baseline_is_cached(tmp_path, monkeypatch):
    """A big problem's judge holds its memory slot through the baselines only while they still need the device."""
    from types import SimpleNamespace

    import autokernel.environment

    monkeypatch.setattr(autokernel.environment, "fingerprint", lambda device: {"gpu": "test GPU", "torch": "x"})

    from autokernel.evaluate.caches import update_json
    from autokernel.records import TimingStats

    problem = Problem.from_source(SRC, name="relu_tiny")
    session = SimpleNamespace(problem=problem)
    for rule, compile_too in (("default", True), ("auto", True), ("default", False)):
        cache = tmp_path / f"{rule}-{compile_too}"
        cfg = EvalConfig(device="cuda", cache_dir=str(cache), protocol="strict" if rule == "auto" else "kernelbench",
                         baseline_precision=rule, baseline_compile=compile_too)
        ev = Evaluator(cfg, prespawn=False)
        state = SimpleNamespace(baseline_rule=None, baselines={})
        assert ev.baselines.pending(session, state, 1e-4)
        if rule == "auto":  # the precision decision is device work too
            update_json(cache / "baseline_rule.json", ev.baselines._rule_key(session, 1e-4),
                        {"precision": "fp32", "reason": "test"})
            assert ev.baselines.pending(session, state, 1e-4)
        precision = "fp32" if rule == "auto" else "default"
        stats = TimingStats(median_ms=1.0, mean_ms=1.0, min_ms=1.0, max_ms=1.0, std_ms=0.0, ci95_low_ms=1.0,
                            ci95_high_ms=1.0, num_trials=1, method="test").__dict__
        update_json(cache / "baselines.json", ev.baselines._key(session, "eager", precision), stats)
        assert ev.baselines.pending(session, state, 1e-4) is compile_too
        update_json(cache / "baselines.json", ev.baselines._key(session, "compile", precision), stats)
        assert not ev.baselines.pending(session, state, 1e-4)


def test_a_repeats_judge_shares_the_problem_facts_but_not_the_timings(tmp_path, monkeypatch):
    """With ``facts_dir`` (a bench's repeats: their own cache folder, the first run's facts), the degeneracy probe's
    findings and the strict baseline rule are read from and written to the facts folder; timings stay apart."""
    from types import SimpleNamespace

    from autokernel.evaluate.caches import update_json

    problem = Problem.from_source(SRC, name="relu_tiny")
    first, repeat = tmp_path / "cache", tmp_path / "cache" / "repeat-2"
    deg = Degeneracy(trivial_passes=(), constant_output=False, nondeterministic=False)
    Evaluator(EvalConfig(device="cuda", cache_dir=str(first)), prespawn=False)._cache_degeneracy(problem, 1e-4, deg)
    again = Evaluator(EvalConfig(device="cuda", cache_dir=str(repeat), facts_dir=str(first)), prespawn=False)
    assert again._cached_degeneracy(problem, 1e-4) == deg  # not probed again
    alone = Evaluator(EvalConfig(device="cuda", cache_dir=str(repeat)), prespawn=False)
    assert alone._cached_degeneracy(problem, 1e-4) is None  # without facts_dir: its own folder only

    session = SimpleNamespace(problem=problem)
    monkeypatch.setattr(type(again.baselines), "_rule_key", lambda self, s, tol: f"{s.problem.digest}|{tol:g}")
    update_json(first / "baseline_rule.json", f"{problem.digest}|0.0001", {"precision": "fp32", "reason": "r"})
    assert again.baselines._cached_rule(session, 1e-4) == {"precision": "fp32", "reason": "r"}
    assert alone.baselines._cached_rule(session, 1e-4) is None
    assert again.baselines._cache_dir == repeat  # the baselines' timings: the repeat's own
