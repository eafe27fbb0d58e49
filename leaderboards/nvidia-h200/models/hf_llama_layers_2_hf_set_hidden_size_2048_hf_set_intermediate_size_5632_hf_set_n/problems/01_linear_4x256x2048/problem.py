"""Extracted from hf:llama (2 layers, hidden_size=2048, intermediate_size=5632, num_attention_heads=32, num_key_value_heads=4): F.linear.

Shapes [4,256,2048] [32000,2048] f32; 1 call(s) per forward, in model.lm_head.
27.88% of the forward (9.806 ms, GPU time (torch.profiler), cuda); Amdahl bound 1.335x if the first call ran at its floor (NVIDIA H200).
Written by `autokernel-kb profile --extract`; `autokernel-kb verify` swaps its kernel back into the model.
"""

# --- operation (generated from the model's trace; the text below identifies it) ---
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x0, x1):
        v0 = F.linear(x0, x1, None)
        return v0


def get_inputs():
    return [torch.randn((4, 256, 2048)), torch.randn((32000, 2048))]


def get_init_inputs():
    return []
