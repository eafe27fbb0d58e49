import pytest

from autokernel.problem import Problem, ProblemError

SRC = """import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return x * 2

batch_size = 4096 * 2
dim = 393216
kernel_size = 3
def get_inputs():
    return [torch.rand(batch_size, dim)]
def get_init_inputs():
    return [kernel_size]
"""


def test_missing_names_are_reported():
    with pytest.raises(ProblemError, match="missing get_inputs"):
        Problem.from_source("class Model: pass\ndef get_init_inputs(): return []\n", name="bad")


def test_syntax_error_is_reported():
    with pytest.raises(ProblemError, match="not valid Python"):
        Problem.from_source("def (:\n", name="broken")


def test_scaled_divides_size_constants_only():
    p = Problem.from_source(SRC, name="p")
    q = p.scaled(64)
    assert "batch_size = 128" in q.source
    assert "dim = 6144" in q.source
    assert "kernel_size = 3" in q.source  # structural, unchanged
    assert q.scale == 64 and "scaled down by 64" in q.notes[0]
    assert q.digest != p.digest
    assert p.scaled(1) is p


def test_key_for_kernelbench_and_files():
    assert Problem.from_source(SRC, name="x", level=1, problem_id=19).key == "L1/19"
    assert Problem.from_source(SRC, name="x").key == "x"
