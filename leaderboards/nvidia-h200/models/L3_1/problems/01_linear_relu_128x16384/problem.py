"""Extracted from L3/1: F.linear -> F.relu (the call and its epilogue, fused).

Shapes [128,16384] [16384,16384] [16384] f32; 2 call(s) per forward, in network.0, network.2.
82.04% of the forward (3.824 ms, GPU time (torch.profiler), cuda); Amdahl bound 3.330x if the first call ran at its floor (NVIDIA H200).
Written by `autokernel-kb profile --extract`; `autokernel-kb verify` swaps its kernel back into the model.
"""

# --- operation (generated from the model's trace; the text below identifies it) ---
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x0, x1, x2):
        v0 = F.linear(x0, x1, x2)
        v1 = F.relu(v0, inplace=False)
        return v1


def get_inputs():
    return [torch.rand((128, 16384)), torch.randn((16384, 16384)), torch.randn((16384,))]


def get_init_inputs():
    return []
