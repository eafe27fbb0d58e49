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
