"""autokernel.evaluate.tf32: which reference operations PyTorch's defaults run in TF32."""

import pytest

from autokernel.evaluate.tf32 import tf32_ops
from autokernel.problem import Problem

_TAIL = "def get_init_inputs():\n    return []\n"


def _problem(body: str, inputs: str) -> Problem:
    src = f"import torch\nimport torch.nn.functional as F\nclass Model(torch.nn.Module):\n{body}\n"
    src += f"def get_inputs():\n    return [{inputs}]\n" + _TAIL
    return Problem.from_source(src, name="t")


CONV = _problem("    def __init__(self):\n        super().__init__()\n        self.c = torch.nn.ConvTranspose2d(3, 5, 3)\n"
                "    def forward(self, x):\n        return torch.relu(self.c(x))", "torch.rand(2, 3, 9, 11)")
LSTM = _problem("    def __init__(self):\n        super().__init__()\n        self.r = torch.nn.LSTM(6, 7, batch_first=True)\n"
                "    def forward(self, x):\n        return self.r(x)[0]", "torch.rand(2, 5, 6)")
MATMUL = _problem("    def forward(self, a, b):\n        return F.gelu(a @ b).sum(1)", "torch.rand(7, 9), torch.rand(9, 3)")


def test_cudnn_convolutions_and_rnns_run_in_tf32_by_default():
    assert tf32_ops(CONV) == ("cudnn:convolution",)
    assert tf32_ops(LSTM) == ("cudnn:LSTM",)


def test_matmuls_only_when_the_process_enables_tf32_for_them():
    import torch

    assert tf32_ops(MATMUL) == ()  # PyTorch's default: matmuls in full fp32, the same under both baselines
    saved = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = True
    try:
        assert tf32_ops(MATMUL) == ("cublas:mm",)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = saved


@pytest.mark.parametrize("body", [
    "    def forward(self, x):\n        return x[x > 0].sum() + torch.zeros(int(x.sum()))",  # needs data
    "    def forward(self, x):\n        raise ValueError('broken')",
])  # fmt: skip
def test_unknown_when_the_dry_run_fails(body):
    assert tf32_ops(_problem(body, "torch.rand(4)")) is None
