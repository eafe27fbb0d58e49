"""Extracted from L3/44: F.linear -> .mul -> torch.pow -> .mul -> .add -> .mul -> torch.tanh -> .add -> .mul (the call and its epilogue, fused).

Shapes [128,512,768] [3072,768] [3072] f32; 1 call(s) per forward, in mlp.c_fc.
33.51% of the forward (28.12 ms, GPU time (torch.profiler), cuda); Amdahl bound 1.239x if the first call ran at its floor (NVIDIA H200).
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
        v1 = v0.mul(0.5)
        v2 = torch.pow(v0, 3.0)
        v3 = v2.mul(0.044715)
        v4 = v0.add(v3)
        v5 = v4.mul(0.7978845608028654)
        v6 = torch.tanh(v5)
        v7 = v6.add(1.0)
        v8 = v1.mul(v7)
        return v8


def get_inputs():
    return [torch.randn((128, 512, 768)), torch.randn((3072, 768)), torch.randn((3072,))]


def get_init_inputs():
    return []
