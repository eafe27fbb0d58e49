"""Bias add then GELU (tanh approximation), a common epilogue (tiny shape)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
features = 128


class Model(nn.Module):
    def __init__(self, features: int):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(x + self.bias, approximate="tanh")


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
