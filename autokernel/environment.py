"""The software and hardware a number was measured on (stated beside every result)."""

from __future__ import annotations

import functools
import os
import platform
import subprocess


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity where the OS tells it (a container or `taskset` may
    grant fewer than the host has, and `os.cpu_count()` counts the host's), else the host's count."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@functools.cache
def fingerprint(device: str) -> dict[str, str]:
    import torch

    env = {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cuda_runtime": str(torch.version.cuda),
        "device": device,
    }
    try:
        import triton

        env["triton"] = triton.__version__
    except ImportError:
        env["triton"] = "not installed"
    if device.startswith("cuda"):
        index = torch.device(device).index or 0
        props = torch.cuda.get_device_properties(index)
        env["gpu"] = props.name
        env["gpu_sms"] = str(props.multi_processor_count)
        env["gpu_memory_gb"] = f"{props.total_memory / 1e9:.0f}"
        env["driver"] = _nvidia_smi("driver_version")
        env["sm_clock_max_mhz"] = _nvidia_smi("clocks.max.sm")
    else:
        env["gpu"] = "none (CPU, Triton interpreter)"
        env["cpu"] = platform.processor() or platform.machine()
    return env


def _nvidia_smi(field: str) -> str:
    try:
        out = subprocess.run(["nvidia-smi", f"--query-gpu={field}", "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=10)
        return out.stdout.strip().splitlines()[0] if out.returncode == 0 and out.stdout.strip() else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def environment_key(env: dict[str, str]) -> str:
    """What must match for a cached baseline timing to be reused."""
    return "|".join(env.get(k, "") for k in ("gpu", "driver", "torch", "triton", "cuda_runtime"))
