"""ReLU then a constant scale (KernelBench-style elementwise fusion, tiny shape)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 256


class Model(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x) * self.scale


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [2.0]
