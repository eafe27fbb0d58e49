"""Extracted from L3/44: F.linear.

Shapes [128,512,768] [2304,768] [2304] f32; 1 call(s) per forward, in attn.c_attn.
16.10% of the forward (28.12 ms, GPU time (torch.profiler), cuda); Amdahl bound 1.169x if the first call ran at its floor (NVIDIA H200).
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
        return v0


def get_inputs():
    return [torch.randn((128, 512, 768)), torch.randn((2304, 768)), torch.randn((2304,))]


def get_init_inputs():
    return []
