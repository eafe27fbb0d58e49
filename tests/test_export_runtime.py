"""The runtime shipped in every exported kernel: validated numerics whatever the caller's flags."""

import torch
from torch import nn

from export import _shipped_runtime
from export._shipped_runtime import run_model


class _Probe(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.w = nn.Parameter(torch.ones(3))

    def forward(self, x):
        self.seen = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
        return x * self.w * self.k


def test_run_model_turns_tf32_off_for_the_call_and_restores_the_callers_flags():
    matmul, cudnn = torch.backends.cuda.matmul, torch.backends.cudnn
    saved = (matmul.allow_tf32, cudnn.allow_tf32)
    try:
        matmul.allow_tf32 = cudnn.allow_tf32 = True  # a caller that opted into TF32
        out = run_model(_Probe, {"k": 2.0}, (torch.ones(3),), {}, {})
        assert torch.equal(out, torch.full((3,), 2.0))
        module = next(m for m in _shipped_runtime._MODULES.values() if isinstance(m, _Probe))
        assert module.seen == (False, False)
        assert (matmul.allow_tf32, cudnn.allow_tf32) == (True, True)
        # state swapped in through functional_call runs under the same guard
        out = run_model(_Probe, {"k": 1.0}, (torch.ones(3),), {}, {"w": torch.full((3,), 5.0)})
        assert torch.equal(out, torch.full((3,), 5.0))
        assert (matmul.allow_tf32, cudnn.allow_tf32) == (True, True)
    finally:
        matmul.allow_tf32, cudnn.allow_tf32 = saved
