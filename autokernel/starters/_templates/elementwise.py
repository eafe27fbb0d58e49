"""Fused elementwise chains: the kernels themselves are generated per group (``_ew.py``)."""

from __future__ import annotations

from ._base import Family

EW = Family(
    "elementwise",
    "",  # elementwise kernels are generated per fused group
    {"BLOCK_SIZE": 1024, "NUM_WARPS": 4},
    {"BLOCK_SIZE": [128, 256, 512, 1024, 2048, 4096], "NUM_WARPS": [1, 2, 4, 8, 16]},
)
