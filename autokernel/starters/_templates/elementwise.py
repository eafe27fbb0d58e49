"""Fused elementwise chains: the kernels themselves are generated per group (``_ew.py``)."""

from __future__ import annotations

from ._base import Family

EW = Family(
    "elementwise",
    "",  # elementwise kernels are generated per fused group
    # EW_STREAM: single-use operands loaded evict-first and outputs stored streaming (.cs), so a large
    # stream does not push reused data (broadcast operands, the next kernel's inputs) out of L2.
    {"EW_STREAM": False, "BLOCK_SIZE": 1024, "NUM_WARPS": 4},
    {"EW_STREAM": [False, True], "BLOCK_SIZE": [128, 256, 512, 1024, 2048, 4096], "NUM_WARPS": [1, 2, 4, 8, 16]},
)
