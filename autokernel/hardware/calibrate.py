"""Measure the ceilings of the current CUDA GPU and cache them per GPU, driver and torch version.

Datasheet peaks are rarely reached (clocks under load, library efficiency), so the roofline prefers
what this GPU actually sustains: a large device-to-device copy (read + write bytes counted) and
square matmuls per precision, timed with CUDA events after warm-up, median of the repetitions.

Cache: ``$AUTOKERNEL_KB_CACHE`` or ``~/.cache/autokernel-kb``; one JSON file per
(GPU name, driver, torch version) under ``ceilings/``.
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

CACHE_ENV = "AUTOKERNEL_KB_CACHE"
MATMUL_PRECISIONS = ("fp32", "tf32", "fp16", "bf16", "fp8")


@dataclass(frozen=True, kw_only=True)
class CalibrationConfig:
    """How much work each measurement does; defaults take a few seconds on a datacenter GPU."""

    copy_mib: int = 1024  # size of the copied buffer (read once, written once)
    matmul_size: int = 8192  # M = N = K of the square matmuls
    warmup: int = 3
    repetitions: int = 20


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


def _nvidia_smi(fields: str, gpu: str) -> list[str]:
    try:
        out = subprocess.run(
            ["nvidia-smi", f"--query-gpu={fields}", "--format=csv,noheader,nounits", "-i", gpu],
            capture_output=True, text=True, timeout=20, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return []
    first = out.strip().splitlines()[:1]
    return [v.strip() for v in first[0].split(",")] if first else []


def device_fingerprint(device: int | None = None) -> dict[str, str]:
    """GPU name, driver, clocks and library versions that a published number must state."""
    import importlib.metadata

    import torch

    index = torch.cuda.current_device() if device is None else device
    props = torch.cuda.get_device_properties(index)
    uuid = str(getattr(props, "uuid", "") or "")
    gpu = (uuid if uuid.startswith("GPU-") else f"GPU-{uuid}") if uuid else str(index)
    smi = _nvidia_smi("driver_version,clocks.sm,clocks.max.sm,clocks.mem", gpu)
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


def _median_ms(fn: Callable[[], object], *, warmup: int, repetitions: int) -> float:
    """Median of per-call CUDA-event times; each call is long (ms), so event overhead is negligible."""
    import torch

    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repetitions):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def measure_copy_gbps(device: Any, config: CalibrationConfig) -> float:
    """Sustained device-to-device copy bandwidth, counting the bytes read and the bytes written."""
    import torch

    numel = config.copy_mib * 2**20 // 4
    src = torch.rand(numel, device=device)
    dst = torch.empty_like(src)
    ms = _median_ms(lambda: dst.copy_(src), warmup=config.warmup, repetitions=config.repetitions)
    return 2 * src.nbytes / (ms * 1e-3) / 1e9


def measure_read_gbps(device: Any, config: CalibrationConfig) -> float:
    """Sustained read-only bandwidth: a full sum over a large buffer (the result is one number)."""
    import torch

    src = torch.rand(config.copy_mib * 2**20 // 4, device=device)
    ms = _median_ms(lambda: src.sum(), warmup=config.warmup, repetitions=config.repetitions)
    return src.nbytes / (ms * 1e-3) / 1e9


def measure_matmul_tflops(device: Any, precision: str, config: CalibrationConfig) -> float:
    """Sustained ``torch.mm`` rate on random square matrices in ``precision`` (fp32 means TF32 off)."""
    import torch

    n = config.matmul_size
    if precision == "fp8":
        return _measure_fp8(device, config)
    dtype = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[
        precision
    ]
    a = torch.randn(n, n, device=device, dtype=dtype)
    b = torch.randn(n, n, device=device, dtype=dtype)
    out = torch.empty(n, n, device=device, dtype=dtype)
    previous = torch.get_float32_matmul_precision()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.set_float32_matmul_precision("highest" if precision == "fp32" else "high")
        try:
            ms = _median_ms(
                lambda: torch.mm(a, b, out=out), warmup=config.warmup, repetitions=config.repetitions
            )
        finally:
            torch.set_float32_matmul_precision(previous)
    return 2 * n**3 / (ms * 1e-3) / 1e12


def _measure_fp8(device: Any, config: CalibrationConfig) -> float:
    import torch

    n = config.matmul_size
    fp8 = torch.float8_e4m3fnuz if torch.version.hip else torch.float8_e4m3fn
    a = torch.randn(n, n, device=device).to(fp8)
    b = torch.randn(n, n, device=device).to(fp8).t()  # _scaled_mm wants the second operand column-major
    scale = torch.ones((), device=device)

    def call() -> object:
        return torch._scaled_mm(
            a, b, scale_a=scale, scale_b=scale, out_dtype=torch.bfloat16, use_fast_accum=True
        )

    ms = _median_ms(call, warmup=config.warmup, repetitions=config.repetitions)
    return 2 * n**3 / (ms * 1e-3) / 1e12


def measure(device: int | None = None, *, config: CalibrationConfig | None = None) -> Calibration:
    """Measure copy bandwidth and matmul rates on a CUDA GPU (does not touch the cache)."""
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError("calibration needs a CUDA GPU and none is visible to torch")
    config = config or CalibrationConfig()
    index = torch.cuda.current_device() if device is None else device
    dev = torch.device("cuda", index)
    fingerprint = device_fingerprint(index)
    notes = []
    rates: dict[str, float | None] = {}
    with torch.cuda.device(index):
        memory_gbps = measure_copy_gbps(dev, config)
        torch.cuda.empty_cache()
        read_gbps = measure_read_gbps(dev, config)
        torch.cuda.empty_cache()
        for precision in MATMUL_PRECISIONS:
            if (
                precision == "fp8"
                and torch.cuda.get_device_capability(index) < (8, 9)
                and not torch.version.hip
            ):
                rates[precision] = None
                notes.append("fp8: not measured, needs compute capability 8.9 or newer")
                continue
            try:
                rates[precision] = measure_matmul_tflops(dev, precision, config)
            except (RuntimeError, TypeError, AttributeError) as exc:
                rates[precision] = None
                notes.append(f"{precision}: not measured ({type(exc).__name__}: {str(exc)[:200]})")
            torch.cuda.empty_cache()
    return Calibration(
        gpu_name=fingerprint["gpu_name"],
        driver=fingerprint["driver"],
        torch_version=fingerprint["torch"],
        cuda_version=fingerprint["cuda"],
        measured_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        memory_gbps=memory_gbps,
        read_gbps=read_gbps,
        **{f"{p}_tflops": rates[p] for p in MATMUL_PRECISIONS},
        details={
            **asdict(config),
            "statistic": "median",
            "timing": "cuda_event per call, after warm-up",
            "copy": "tensor.copy_ of a float32 buffer; bytes = read + write",
            "read": "tensor.sum of the same size; bytes = read",
            "matmul": "torch.mm on torch.randn square matrices; fp8 via torch._scaled_mm (fast accumulate)",
            "fingerprint": fingerprint,
        },
        notes=tuple(notes),
    )


def calibrate(
    device: int | None = None,
    *,
    force: bool = False,
    cache_dir: str | Path | None = None,
    config: CalibrationConfig | None = None,
) -> Calibration:
    """The cached calibration for this GPU, driver and torch version; measured and cached if absent."""
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError("calibration needs a CUDA GPU and none is visible to torch")
    index = torch.cuda.current_device() if device is None else device
    fingerprint = device_fingerprint(index)
    if not force:
        cached = load_cached(
            fingerprint["gpu_name"], driver=fingerprint["driver"], torch_version=fingerprint["torch"],
            cache_dir=cache_dir,
        )  # fmt: skip
        if cached is not None:
            return cached
    result = measure(index, config=config)
    save(result, directory=cache_dir)
    return result


def format_table(calibration: Calibration) -> str:
    """Measured ceilings next to the datasheet figures (where the table knows the GPU)."""
    from autokernel.hardware.gpus import find

    spec = find(calibration.gpu_name)
    rows = [("ceiling", "measured", "datasheet", "measured/datasheet")]
    entries = [
        ("copy_gbps", calibration.memory_gbps, "memory_gbps"),
        ("read_gbps", calibration.read_gbps, "memory_gbps"),
    ]
    entries += [
        (f"{p}_tflops", getattr(calibration, f"{p}_tflops"), f"{p}_tflops") for p in MATMUL_PRECISIONS
    ]
    for key, value, sheet_key in entries:
        sheet = getattr(spec, sheet_key) if spec else None
        ratio = f"{value / sheet:.0%}" if value and sheet else "-"
        rows.append((key, f"{value:,.1f}" if value else "-", f"{sheet:,.1f}" if sheet else "-", ratio))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [f"gpu: {calibration.gpu_name}", f"driver: {calibration.driver}",
             f"torch: {calibration.torch_version}", f"cuda: {calibration.cuda_version}",
             f"measured_at: {calibration.measured_at}"]  # fmt: skip
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    lines += [f"note: {n}" for n in calibration.notes]
    return "\n".join(lines)
