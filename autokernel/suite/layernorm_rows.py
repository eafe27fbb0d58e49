"""Layer normalisation over the last dimension with learned affine (tiny shape)."""

import torch
import torch.nn as nn

batch_size = 16
features = 128


class Model(nn.Module):
    def __init__(self, features: int):
        super().__init__()
        self.ln = nn.LayerNorm(features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.ln(x)


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
