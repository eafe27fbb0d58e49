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
