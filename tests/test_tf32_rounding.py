"""benchmarks/tf32_baseline_accuracy.py --rounding: TF32 operand roundings, and the emulated TF32 convolution
compared with a model's own output (on the CPU, where the model runs in plain fp32)."""

from __future__ import annotations

import pytest
import torch
from benchmark_scripts import load

acc = load("tf32_baseline_accuracy")


def test_each_rounding_mode_on_known_bit_patterns():
    one = 1.0
    ulp = 2.0 ** -10  # TF32's spacing at 1.0
    x = torch.tensor([one + ulp / 2, one + ulp * 1.5, one + ulp / 2 + 2.0 ** -20, -(one + ulp / 2), one + ulp / 4,
                      float("inf"), float("nan")], dtype=torch.float32)
    trunc, away, even = (acc.round_tf32(x, m) for m in acc.TF32_MODES)
    assert trunc[:5].tolist() == [one, one + ulp, one, -one, one]
    assert away[:5].tolist() == [one + ulp, one + 2 * ulp, one + ulp, -(one + ulp), one]  # ties away from zero
    assert even[:5].tolist() == [one, one + 2 * ulp, one + ulp, -one, one]  # ties to the even mantissa
    for r in (trunc, away, even):
        assert r[5] == float("inf") and torch.isnan(r[6])
        assert ((r[:5].view(torch.int32) & 0x1FFF) == 0).all()  # 13 low bits dropped
    with pytest.raises(ValueError, match="unknown TF32 rounding"):
        acc.round_tf32(x, "stochastic")


def test_rounding_report_on_a_one_convolution_problem():
    from autokernel.problem import Problem

    source = '''import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, bias=True)

    def forward(self, x):
        return self.conv(x)

def get_inputs():
    return [torch.randn(4, 3, 16, 16)]

def get_init_inputs():
    return []
'''
    problem = Problem(name="conv", source=source)
    rec = acc.rounding(problem, tol=1e-4, batch_cap=2)
    assert rec["inputs"] == [[2, 3, 16, 16]] and rec["fp32"]["passes"]  # on the CPU the default run is the fp32 one
    for mode in acc.TF32_MODES:  # rounded operands move a plain fp32 output well past 1e-4 somewhere
        assert not rec[mode]["passes"] and rec[mode]["elements_outside"] > 0
        assert 1e-4 < rec[mode]["max_abs_error"] < 0.05
    assert rec["cudnn_rounding"] is None and rec["matching_roundings"] == []
