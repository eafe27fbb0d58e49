"""Sum over the last dimension, keeping it (KernelBench L1 47_Sum_reduction, tiny shape)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 128


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=-1, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
