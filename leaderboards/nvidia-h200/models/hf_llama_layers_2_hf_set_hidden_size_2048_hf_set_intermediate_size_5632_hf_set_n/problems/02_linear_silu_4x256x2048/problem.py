"""Extracted from hf:llama (2 layers, hidden_size=2048, intermediate_size=5632, num_attention_heads=32, num_key_value_heads=4): F.linear -> F.silu (the call and its epilogue, fused).

Shapes [4,256,2048] [5632,2048] f32; 4 call(s) per forward, in model.model.layers.0.mlp.gate_proj, model.model.layers.0.mlp.up_proj, model.model.layers.1.mlp.gate_proj, model.model.layers.1.mlp.up_proj.
20.43% of the forward (9.806 ms, GPU time (torch.profiler), cuda); Amdahl bound 1.221x if the first call ran at its floor (NVIDIA H200).
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
        v1 = F.silu(v0, inplace=False)
        return v1


def get_inputs():
    return [torch.randn((4, 256, 2048)), torch.randn((5632, 2048))]


def get_init_inputs():
    return []
