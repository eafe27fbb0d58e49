"""Which physical GPU a ``cuda:N`` names in this process; the gate (lock files per GPU) and the sandbox (the
candidate's ``CUDA_VISIBLE_DEVICES``) both need it, and neither may import the other."""

from __future__ import annotations

import os


def physical_gpu(device: str) -> str:
    """The ``CUDA_VISIBLE_DEVICES`` entry behind ``cuda:N`` (``cuda`` = ``cuda:0``) in this process."""
    index = device.split(":", 1)[1] if ":" in device else "0"
    visible = [v for v in os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",") if v]
    if visible and index.isdigit() and int(index) < len(visible):
        return visible[int(index)]
    return index
