"""Which physical GPU a ``cuda:N`` names in this process, and its memory; the gate (lock files and memory slots per
GPU) and the sandbox (the candidate's ``CUDA_VISIBLE_DEVICES``) both need them, and neither may import the other."""

from __future__ import annotations

import functools
import os


def physical_gpu(device: str) -> str:
    """The ``CUDA_VISIBLE_DEVICES`` entry behind ``cuda:N`` (``cuda`` = ``cuda:0``) in this process."""
    index = device.split(":", 1)[1] if ":" in device else "0"
    visible = [v for v in os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",") if v]
    if visible and index.isdigit() and int(index) < len(visible):
        return visible[int(index)]
    return index


@functools.cache
def device_memory_bytes(device: str) -> int:
    """The device's total memory in bytes; 0 for the CPU (no heavy slots to size)."""
    if not device.startswith("cuda"):
        return 0
    import torch

    return int(torch.cuda.get_device_properties(torch.device(device).index or 0).total_memory)
