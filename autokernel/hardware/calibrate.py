"""Measure the ceilings of the current CUDA GPU and cache them per GPU, driver and torch version.

Datasheet peaks are rarely reached (clocks under load, library efficiency), so the roofline prefers
what this GPU actually sustains: a large device-to-device copy (read + write bytes counted) and
square matmuls per precision, timed with CUDA events after warm-up, median of the repetitions.

Cache: ``$AUTOKERNEL_KB_CACHE`` or ``~/.cache/autokernel-kb``; one JSON file per
(GPU name, driver, torch version) under ``ceilings/``.
"""

from __future__ import annotations

import statistics
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from autokernel.hardware.calibration import (
    MATMUL_PRECISIONS,
    Calibration,
    device_fingerprint,
    load_cached,
    save,
)
from autokernel.hardware.gpus import find


@dataclass(frozen=True, kw_only=True)
class CalibrationConfig:
    """How much work each measurement does; defaults take a few seconds on a datacenter GPU."""

    copy_mib: int = 1024  # size of the copied buffer (read once, written once)
    matmul_size: int = 8192  # M = N = K of the square matmuls
    warmup: int = 3
    repetitions: int = 20


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
