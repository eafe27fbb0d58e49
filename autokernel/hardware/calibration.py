"""A GPU's measured ceilings as a record, its cache per (GPU, driver, torch version), and the fingerprint that
keys it. The datasheet table (`gpus`) reads the cache and the measurement (`calibrate`) writes it; both import
this module, neither the other.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

CACHE_ENV = "AUTOKERNEL_KB_CACHE"
MATMUL_PRECISIONS = ("fp32", "tf32", "fp16", "bf16", "fp8")


@dataclass(frozen=True, kw_only=True)
class Calibration:
    """Measured ceilings of one GPU under one driver and torch version."""

    gpu_name: str
    driver: str
    torch_version: str
    cuda_version: str
    measured_at: str  # ISO 8601, UTC
    memory_gbps: float
    fp32_tflops: float | None
    tf32_tflops: float | None
    fp16_tflops: float | None
    bf16_tflops: float | None
    fp8_tflops: float | None
    read_gbps: float | None = None  # read-only stream (a large sum): reads can outrun a copy's read+write mix
    details: dict[str, Any] = field(default_factory=dict)  # sizes, repetitions, statistic, clocks
    notes: tuple[str, ...] = ()  # e.g. why fp8 was not measured

    def ceilings(self) -> dict[str, float | None]:
        """The measured values by ceiling name (``memory_gbps``, ``fp32_tflops`` ...).

        ``memory_gbps`` is the larger of the copy and read-only bandwidths, so a read-heavy kernel
        (a reduction) that streams faster than a copy is not put below its floor.
        """
        return {
            "memory_gbps": max(self.memory_gbps, self.read_gbps or 0.0),
            **{f"{p}_tflops": getattr(self, f"{p}_tflops") for p in MATMUL_PRECISIONS},
        }

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Calibration:
        data = dict(data)
        data["notes"] = tuple(data.get("notes", ()))
        return cls(**data)


def default_cache_dir() -> Path:
    """Where calibrations live: ``$AUTOKERNEL_KB_CACHE`` or ``~/.cache/autokernel-kb``."""
    from autokernel import settings

    root = settings.get(CACHE_ENV) or Path.home() / ".cache" / "autokernel-kb"
    return Path(root) / "ceilings"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-")


def cache_path(
    gpu_name: str, driver: str, torch_version: str, *, directory: str | Path | None = None
) -> Path:
    """The cache file for one (GPU name, driver, torch version)."""
    root = Path(directory) if directory is not None else default_cache_dir()
    return root / f"{_slug(gpu_name)}__driver-{_slug(driver)}__torch-{_slug(torch_version)}.json"


def save(calibration: Calibration, *, directory: str | Path | None = None) -> Path:
    """Write ``calibration`` to its cache file and return the path."""
    path = cache_path(
        calibration.gpu_name, calibration.driver, calibration.torch_version, directory=directory
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(calibration.to_dict(), indent=2, sort_keys=True))
    tmp.replace(path)
    return path


def load_cached(
    gpu_name: str,
    *,
    driver: str | None = None,
    torch_version: str | None = None,
    cache_dir: str | Path | None = None,
) -> Calibration | None:
    """The cached calibration for this GPU name, or None.

    With ``driver`` and ``torch_version`` only that exact entry counts; without them the newest
    calibration of any driver/torch for the name is returned (for looking up another machine's GPU).
    """
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    if driver is not None and torch_version is not None:
        path = cache_path(gpu_name, driver, torch_version, directory=directory)
        return _read(path) if path.is_file() else None
    candidates = [c for c in map(_read, sorted(directory.glob(f"{_slug(gpu_name)}__driver-*.json"))) if c]
    candidates = [c for c in candidates if c.gpu_name == gpu_name]
    return max(candidates, key=lambda c: c.measured_at) if candidates else None


def _read(path: Path) -> Calibration | None:
    try:
        return Calibration.from_dict(json.loads(path.read_text()))
    except (OSError, ValueError, TypeError):
        return None  # an unreadable or outdated cache entry is ignored: calibrate again


def query_gpu(fields: str, gpu: str) -> list[str]:
    """nvidia-smi's values of ``fields`` (comma-separated, no units) for ``gpu`` (an index or a UUID); [] where it
    cannot answer (no nvidia-smi, a field this driver does not know)."""
    try:
        out = subprocess.run(
            ["nvidia-smi", f"--query-gpu={fields}", "--format=csv,noheader,nounits", "-i", gpu],
            capture_output=True, text=True, timeout=20, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return []
    first = out.strip().splitlines()[:1]
    return [v.strip() for v in first[0].split(",")] if first else []


def smi_id(index: int) -> str:
    """How nvidia-smi names the GPU this process calls ``cuda:index``: its UUID (whatever CUDA_VISIBLE_DEVICES
    renumbered), else the index."""
    import torch

    uuid = str(getattr(torch.cuda.get_device_properties(index), "uuid", "") or "")
    return (uuid if uuid.startswith("GPU-") else f"GPU-{uuid}") if uuid else str(index)


def device_fingerprint(device: int | None = None) -> dict[str, str]:
    """GPU name, driver, clocks and library versions that a published number must state."""
    import importlib.metadata

    import torch

    index = torch.cuda.current_device() if device is None else device
    props = torch.cuda.get_device_properties(index)
    smi = query_gpu("driver_version,clocks.sm,clocks.max.sm,clocks.mem", smi_id(index))
    if smi:
        driver = smi[0]
    elif torch.version.hip:
        driver = f"hip-{torch.version.hip}"
    else:
        driver = f"cuda-driver-api-{torch._C._cuda_getDriverVersion()}"
    try:
        triton_version = importlib.metadata.version("triton")
    except importlib.metadata.PackageNotFoundError:
        triton_version = "not installed"
    return {
        "gpu_name": props.name,
        "driver": driver,
        "cuda": str(torch.version.cuda or f"hip {torch.version.hip}"),
        "torch": torch.__version__,
        "triton": triton_version,
        "compute_capability": f"{props.major}.{props.minor}",
        "sm_clock_mhz": smi[1] if len(smi) > 1 else "unknown",
        "max_sm_clock_mhz": smi[2] if len(smi) > 2 else "unknown",
        "memory_clock_mhz": smi[3] if len(smi) > 3 else "unknown",
    }
