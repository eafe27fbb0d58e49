"""GPU datasheet figures, name matching, estimates for unknown GPUs, and merged ceilings.

All rates are dense (no 2:4 sparsity). Tensor-core rates for GeForce cards are the FP32-accumulate
figures (half the FP16-accumulate ones), because PyTorch and Triton matmuls accumulate in FP32.
``fp32_tflops`` is the non-tensor FP32 rate, which is also the rate of an FP32 matmul with TF32 off.
``l2_mb`` is the last-level on-chip cache a flush has to evict (L2 on NVIDIA, Infinity Cache on AMD).

Measured ceilings (``autokernel.hardware.calibrate``) win over the table: ``ceilings_for`` merges both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

RATE_FIELDS = ("fp32_tflops", "tf32_tflops", "fp16_tflops", "bf16_tflops", "fp8_tflops")
CEILING_FIELDS = ("memory_gbps", *RATE_FIELDS)


class UnknownGpuError(ValueError):
    """A GPU name the table does not know; the message lists what it knows."""


@dataclass(frozen=True, kw_only=True)
class GpuSpec:
    """Peak figures of one GPU model (dense, per GPU)."""

    name: str
    vendor: str  # "nvidia" or "amd"
    memory_gbps: float | None
    fp32_tflops: float | None
    tf32_tflops: float | None
    fp16_tflops: float | None
    bf16_tflops: float | None
    fp8_tflops: float | None
    sms: int | None  # streaming multiprocessors (NVIDIA) or compute units (AMD)
    l2_mb: float | None
    source: str  # where the figures come from
    estimated: bool = False


@dataclass(frozen=True, kw_only=True)
class Ceilings:
    """The ceilings a roofline uses on one GPU, each with where it came from.

    ``sources`` maps a field name (``memory_gbps``, ``bf16_tflops`` ...) to ``"measured"``,
    ``"table"`` or ``"estimated"``; a field that is None is unknown (e.g. no FP8 on an A100).
    """

    gpu_name: str
    memory_gbps: float | None
    fp32_tflops: float | None
    tf32_tflops: float | None
    fp16_tflops: float | None
    bf16_tflops: float | None
    fp8_tflops: float | None
    sources: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def rate_tflops(self, precision: str) -> float | None:
        """Peak rate for ``precision`` in ``("fp32", "tf32", "fp16", "bf16", "fp8")``."""
        if precision not in ("fp32", "tf32", "fp16", "bf16", "fp8"):
            raise ValueError(f"unknown precision {precision!r}; use fp32, tf32, fp16, bf16 or fp8")
        return getattr(self, f"{precision}_tflops")


def _nv(name: str, **kw: Any) -> GpuSpec:
    return GpuSpec(name=name, vendor="nvidia", **kw)


def _amd(name: str, **kw: Any) -> GpuSpec:
    return GpuSpec(name=name, vendor="amd", **kw)


_H100_DS = "NVIDIA H100 Tensor Core GPU datasheet (dense = half of the starred sparse figures)"
_H200_DS = "NVIDIA H200 Tensor Core GPU datasheet (dense = half of the starred sparse figures)"
_A100_DS = "NVIDIA A100 Tensor Core GPU datasheet (dense figures, sparse in parentheses there)"
_ADA_WP = "NVIDIA Ada Lovelace GPU Architecture whitepaper v1.01 (dense, FP32-accumulate tensor rates)"
_GA102_WP = "NVIDIA Ampere GA102 GPU Architecture whitepaper (dense, FP32-accumulate tensor rates)"

# Each entry: the spec, the tokens a normalised reported name must contain, and tokens it must not.
# A bare family name ("H100", "A100") resolves to the fastest variant so a floor stays a lower bound.
_TABLE: tuple[tuple[GpuSpec, frozenset[str], frozenset[str]], ...] = (
    # NVIDIA H100 datasheet: SXM5 67 FP32, TF32 989*, BF16/FP16 1979*, FP8 3958*, 3.35 TB/s; 132 SMs, 50 MB L2.
    # Reported as "NVIDIA H100 80GB HBM3".
    (
        _nv("NVIDIA H100 SXM", memory_gbps=3350, fp32_tflops=67, tf32_tflops=494.7, fp16_tflops=989.4,
            bf16_tflops=989.4, fp8_tflops=1978.9, sms=132, l2_mb=50, source=_H100_DS),
        frozenset({"h100"}), frozenset({"pcie", "nvl"}),
    ),
    # H100 PCIe: 51 FP32, TF32 756*, BF16/FP16 1513*, FP8 3026*, 2 TB/s (2039 GB/s HBM2e); 114 SMs.
    (
        _nv("NVIDIA H100 PCIe", memory_gbps=2039, fp32_tflops=51, tf32_tflops=378, fp16_tflops=756.5,
            bf16_tflops=756.5, fp8_tflops=1513, sms=114, l2_mb=50, source=_H100_DS),
        frozenset({"h100", "pcie"}), frozenset(),
    ),
    # H100 NVL (per GPU, 94 GB): 60 FP32, TF32 835*, BF16/FP16 1671*, FP8 3341*, 3.9 TB/s; 132 SMs.
    (
        _nv("NVIDIA H100 NVL", memory_gbps=3900, fp32_tflops=60, tf32_tflops=417.5, fp16_tflops=835.5,
            bf16_tflops=835.5, fp8_tflops=1670.5, sms=132, l2_mb=50, source=_H100_DS),
        frozenset({"h100", "nvl"}), frozenset(),
    ),
    # H200 SXM: same compute as H100 SXM, 141 GB HBM3e at 4.8 TB/s. Reported as "NVIDIA H200".
    (
        _nv("NVIDIA H200", memory_gbps=4800, fp32_tflops=67, tf32_tflops=494.7, fp16_tflops=989.4,
            bf16_tflops=989.4, fp8_tflops=1978.9, sms=132, l2_mb=50, source=_H200_DS),
        frozenset({"h200"}), frozenset({"nvl"}),
    ),
    # H200 NVL: 60 FP32, TF32 835*, BF16/FP16 1671*, FP8 3341*, 4.8 TB/s.
    (
        _nv("NVIDIA H200 NVL", memory_gbps=4800, fp32_tflops=60, tf32_tflops=417.5, fp16_tflops=835.5,
            bf16_tflops=835.5, fp8_tflops=1670.5, sms=132, l2_mb=50, source=_H200_DS),
        frozenset({"h200", "nvl"}), frozenset(),
    ),
    # HGX B200 datasheet, per GPU: FP32 75, TF32 2.2 PF*, FP16/BF16 4.5 PF*, FP8 9 PF*; 8 TB/s (the first
    # edition; a later one lists 7.7 TB/s for 180 GB; the higher figure keeps the floor a lower bound).
    # 148 SMs; L2 126 MB from public architecture analyses, not the datasheet.
    (
        _nv("NVIDIA B200", memory_gbps=8000, fp32_tflops=75, tf32_tflops=1100, fp16_tflops=2250,
            bf16_tflops=2250, fp8_tflops=4500, sms=148, l2_mb=126,
            source="NVIDIA HGX B200 datasheet, per-GPU (dense = half of the sparse figures)"),
        frozenset({"b200"}), frozenset(),
    ),
    # A100 datasheet: FP32 19.5, TF32 156, BF16/FP16 312 (dense); no FP8. 108 SMs, 40 MB L2.
    # Bandwidth: 40GB PCIe 1555, 80GB PCIe 1935, 40GB SXM 1555, 80GB SXM 2039 GB/s.
    # Reported as "NVIDIA A100-SXM4-40GB", "NVIDIA A100-SXM4-80GB", "NVIDIA A100-PCIE-40GB", "NVIDIA A100 80GB PCIe".
    (
        _nv("NVIDIA A100 SXM 80GB", memory_gbps=2039, fp32_tflops=19.5, tf32_tflops=156, fp16_tflops=312,
            bf16_tflops=312, fp8_tflops=None, sms=108, l2_mb=40, source=_A100_DS),
        frozenset({"a100"}), frozenset({"pcie", "40gb"}),
    ),
    (
        _nv("NVIDIA A100 SXM 40GB", memory_gbps=1555, fp32_tflops=19.5, tf32_tflops=156, fp16_tflops=312,
            bf16_tflops=312, fp8_tflops=None, sms=108, l2_mb=40, source=_A100_DS),
        frozenset({"a100", "40gb"}), frozenset({"pcie"}),
    ),
    (
        _nv("NVIDIA A100 PCIe 80GB", memory_gbps=1935, fp32_tflops=19.5, tf32_tflops=156, fp16_tflops=312,
            bf16_tflops=312, fp8_tflops=None, sms=108, l2_mb=40, source=_A100_DS),
        frozenset({"a100", "pcie"}), frozenset({"40gb"}),
    ),
    (
        _nv("NVIDIA A100 PCIe 40GB", memory_gbps=1555, fp32_tflops=19.5, tf32_tflops=156, fp16_tflops=312,
            bf16_tflops=312, fp8_tflops=None, sms=108, l2_mb=40, source=_A100_DS),
        frozenset({"a100", "pcie", "40gb"}), frozenset(),
    ),
    # L40S datasheet: FP32 91.6, TF32 183, BF16/FP16 362.05, FP8 733 (dense); 864 GB/s; 142 SMs, 96 MB L2.
    (
        _nv("NVIDIA L40S", memory_gbps=864, fp32_tflops=91.6, tf32_tflops=183, fp16_tflops=362.05,
            bf16_tflops=362.05, fp8_tflops=733, sms=142, l2_mb=96,
            source="NVIDIA L40S datasheet (dense = half of the starred sparse figures)"),
        frozenset({"l40s"}), frozenset(),
    ),
    # L4 datasheet: FP32 30.3, TF32 60, BF16/FP16 121, FP8 242.5 (dense); 300 GB/s; 58 SMs, 48 MB L2.
    (
        _nv("NVIDIA L4", memory_gbps=300, fp32_tflops=30.3, tf32_tflops=60, fp16_tflops=121,
            bf16_tflops=121, fp8_tflops=242.5, sms=58, l2_mb=48,
            source="NVIDIA L4 Tensor Core GPU datasheet (dense = half of the starred sparse figures)"),
        frozenset({"l4"}), frozenset(),
    ),
    # A10 datasheet: FP32 31.2, TF32 62.5, BF16/FP16 125 (dense); 600 GB/s; 72 SMs, 6 MB L2.
    (
        _nv("NVIDIA A10", memory_gbps=600, fp32_tflops=31.2, tf32_tflops=62.5, fp16_tflops=125,
            bf16_tflops=125, fp8_tflops=None, sms=72, l2_mb=6,
            source="NVIDIA A10 Tensor Core GPU datasheet (dense = half of the starred sparse figures)"),
        frozenset({"a10"}), frozenset(),
    ),
    # GeForce RTX 4090: FP32 82.6, TF32 82.6, FP16/BF16 (FP32 acc) 165.2, FP8 (FP32 acc) 330.3; 1008 GB/s;
    # 128 SMs, 72 MB L2.
    (
        _nv("NVIDIA GeForce RTX 4090", memory_gbps=1008, fp32_tflops=82.6, tf32_tflops=82.6,
            fp16_tflops=165.2, bf16_tflops=165.2, fp8_tflops=330.3, sms=128, l2_mb=72, source=_ADA_WP),
        frozenset({"4090"}), frozenset({"d", "ti", "super", "laptop", "mobile"}),
    ),
    # GeForce RTX 4080: FP32 48.7, TF32 48.7, FP16/BF16 (FP32 acc) 97.5, FP8 (FP32 acc) 194.9; 716.8 GB/s;
    # 76 SMs, 64 MB L2.
    (
        _nv("NVIDIA GeForce RTX 4080", memory_gbps=716.8, fp32_tflops=48.7, tf32_tflops=48.7,
            fp16_tflops=97.5, bf16_tflops=97.5, fp8_tflops=194.9, sms=76, l2_mb=64, source=_ADA_WP),
        frozenset({"4080"}), frozenset({"ti", "super", "laptop", "mobile"}),
    ),
    # GeForce RTX 3090: FP32 35.6, TF32 35.6, FP16/BF16 (FP32 acc) 71; 936 GB/s; 82 SMs, 6 MB L2.
    (
        _nv("NVIDIA GeForce RTX 3090", memory_gbps=936, fp32_tflops=35.6, tf32_tflops=35.6,
            fp16_tflops=71, bf16_tflops=71, fp8_tflops=None, sms=82, l2_mb=6, source=_GA102_WP),
        frozenset({"3090"}), frozenset({"ti", "laptop", "mobile"}),
    ),
    # GeForce RTX 3080 (10 GB): FP32 29.8, TF32 29.8, FP16/BF16 (FP32 acc) 59.5; 760 GB/s; 68 SMs, 5 MB L2.
    (
        _nv("NVIDIA GeForce RTX 3080", memory_gbps=760, fp32_tflops=29.8, tf32_tflops=29.8,
            fp16_tflops=59.5, bf16_tflops=59.5, fp8_tflops=None, sms=68, l2_mb=5, source=_GA102_WP),
        frozenset({"3080"}), frozenset({"ti", "12gb", "laptop", "mobile"}),
    ),
    # AMD Instinct MI300X data sheet: FP32 163.4 (vector and matrix), TF32 653.7, FP16/BF16 1307.4,
    # FP8 2614.9 (dense); 5.3 TB/s; 304 CUs, 256 MB Infinity Cache.
    (
        _amd("AMD Instinct MI300X", memory_gbps=5300, fp32_tflops=163.4, tf32_tflops=653.7,
             fp16_tflops=1307.4, bf16_tflops=1307.4, fp8_tflops=2614.9, sms=304, l2_mb=256,
             source="AMD Instinct MI300X data sheet (dense figures)"),
        frozenset({"mi300x"}), frozenset(),
    ),
    # AMD Instinct MI325X data sheet: compute as MI300X; 256 GB HBM3E at 6 TB/s.
    (
        _amd("AMD Instinct MI325X", memory_gbps=6000, fp32_tflops=163.4, tf32_tflops=653.7,
             fp16_tflops=1307.4, bf16_tflops=1307.4, fp8_tflops=2614.9, sms=304, l2_mb=256,
             source="AMD Instinct MI325X data sheet (dense figures)"),
        frozenset({"mi325x"}), frozenset(),
    ),
    # AMD Instinct MI350X: FP32 144.2, FP16/BF16 2.3 PF, FP8 4.6 PF (dense); 8 TB/s; 256 CUs; no TF32 figure
    # (CDNA 4 lists none), so fp32 problems fall back to the FP32 rate.
    (
        _amd("AMD Instinct MI350X", memory_gbps=8000, fp32_tflops=144.2, tf32_tflops=None,
             fp16_tflops=2300, bf16_tflops=2300, fp8_tflops=4600, sms=256, l2_mb=256,
             source="AMD Instinct MI350X data sheet (dense figures, rounded to 0.1 PF there)"),
        frozenset({"mi350x"}), frozenset(),
    ),
    # AMD Instinct MI355X: FP32 157.3, FP16/BF16 2.5 PF, FP8 5 PF (dense); 8 TB/s; 256 CUs; no TF32 figure.
    (
        _amd("AMD Instinct MI355X", memory_gbps=8000, fp32_tflops=157.3, tf32_tflops=None,
             fp16_tflops=2500, bf16_tflops=2500, fp8_tflops=5000, sms=256, l2_mb=256,
             source="AMD Instinct MI355X data sheet (dense figures, rounded to 0.1 PF there)"),
        frozenset({"mi355x"}), frozenset(),
    ),
)  # fmt: skip

_DROP_TOKENS = frozenset({"nvidia", "geforce", "amd", "instinct", "tesla", "graphics", "gpu", "radeon"})


def normalise_name(name: str) -> frozenset[str]:
    """Lower-case tokens of a reported GPU name, vendor words dropped (``"rtx4090"`` splits into two)."""
    tokens = set()
    for tok in re.split(r"[^a-z0-9]+", name.lower()):
        if not tok or tok in _DROP_TOKENS:
            continue
        m = re.fullmatch(r"(rtx|gtx)(\d+)", tok)
        tokens.update(m.groups() if m else (tok,))
    return frozenset(tokens)


def known_gpus() -> tuple[GpuSpec, ...]:
    """Every GPU in the table."""
    return tuple(spec for spec, _, _ in _TABLE)


def find(name: str) -> GpuSpec | None:
    """The table entry for a reported name (e.g. ``torch.cuda.get_device_name()``), or None."""
    tokens = normalise_name(name)
    matches = [
        (len(required), spec)
        for spec, required, excluded in _TABLE
        if required <= tokens and not (excluded & tokens)
    ]
    if not matches:
        return None
    return max(matches, key=lambda m: m[0])[1]


def lookup(name: str) -> GpuSpec:
    """The table entry for a reported GPU name.

    Example:
        >>> lookup("NVIDIA H100 80GB HBM3").name
        'NVIDIA H100 SXM'
    """
    spec = find(name)
    if spec is None:
        known = ", ".join(s.name for s in known_gpus())
        raise UnknownGpuError(
            f"GPU {name!r} is not in the table (known: {known}); use estimate(device properties) "
            "or measure it with `autokernel-kb calibrate`"
        )
    return spec


# Per-SM, per-clock throughput by compute capability, used only for GPUs the table does not know.
# FP32 FMA lanes per SM (2 FLOPs each per clock).
_FP32_LANES = {(7, 0): 64, (7, 5): 64, (8, 0): 64, (8, 6): 128, (8, 7): 128, (8, 9): 128, (9, 0): 128}
# Dense FP16 tensor FLOPs per SM per clock with FP32 accumulate (datacenter / workstation parts).
# GeForce parts run FP32-accumulate at half this rate.
_TENSOR_FP16 = {(7, 0): 1024, (7, 5): 1024, (8, 0): 2048, (8, 6): 1024, (8, 7): 1024, (8, 9): 1024,
                (9, 0): 4096, (10, 0): 8192, (10, 3): 8192, (12, 0): 1024, (12, 1): 1024}  # fmt: skip


def _prop(props: Any, key: str) -> Any:
    if isinstance(props, Mapping):
        return props.get(key)
    return getattr(props, key, None)


def estimate(props: Any) -> GpuSpec:
    """A rough spec for a GPU the table does not know, from what the device reports.

    ``props`` is ``torch.cuda.get_device_properties(i)`` or a mapping with the same keys: ``name``,
    ``major``, ``minor``, ``multi_processor_count``, ``clock_rate`` (kHz), ``memory_clock_rate`` (kHz),
    ``memory_bus_width`` (bits), ``L2_cache_size`` (bytes). A figure that cannot be derived is None;
    run ``autokernel-kb calibrate`` to measure it instead.

    Example:
        >>> spec = estimate({"name": "Some GPU", "major": 9, "minor": 0, "multi_processor_count": 132,
        ...                  "clock_rate": 1_980_000, "memory_clock_rate": 2_619_000, "memory_bus_width": 5120})
        >>> round(spec.memory_gbps), round(spec.bf16_tflops), spec.estimated
        (3352, 1071, True)
    """
    name = str(_prop(props, "name") or "unknown GPU")
    major, minor = _prop(props, "major"), _prop(props, "minor")
    sms = _prop(props, "multi_processor_count")
    clock_khz = _prop(props, "clock_rate") or 0
    mem_clock_khz = _prop(props, "memory_clock_rate") or 0
    bus_bits = _prop(props, "memory_bus_width") or 0
    l2_bytes = _prop(props, "L2_cache_size") or 0
    notes = []

    # DDR: two transfers per memory clock; bus width in bits.
    memory_gbps = 2 * mem_clock_khz * 1e3 * bus_bits / 8 / 1e9 if mem_clock_khz and bus_bits else None
    if memory_gbps is None:
        notes.append("no memory clock/bus width reported: bandwidth unknown")

    fp32 = tf32 = fp16 = bf16 = fp8 = None
    if major is not None and sms and clock_khz:
        cc = (int(major), int(minor or 0))
        clock_hz = clock_khz * 1e3
        lanes = _FP32_LANES.get(cc, 128 if cc >= (8, 6) else 64)
        fp32 = sms * lanes * 2 * clock_hz / 1e12
        per_sm = _TENSOR_FP16.get(cc) or max((v for k, v in _TENSOR_FP16.items() if k <= cc), default=0)
        if "geforce" in name.lower():
            per_sm //= 2
        if per_sm and cc >= (7, 0):
            fp16 = sms * per_sm * clock_hz / 1e12
        if fp16 and cc >= (8, 0):
            tf32, bf16 = fp16 / 2, fp16
        if fp16 and cc >= (8, 9):
            fp8 = 2 * fp16
        notes.append(f"compute capability {cc[0]}.{cc[1]}, {sms} SMs at {clock_khz / 1e6:.2f} GHz")
    else:
        notes.append("no SM count/clock/compute capability reported: compute rates unknown")

    return GpuSpec(
        name=name,
        vendor="amd" if str(_prop(props, "gcnArchName") or "").startswith("gfx") else "nvidia",
        memory_gbps=memory_gbps,
        fp32_tflops=fp32,
        tf32_tflops=tf32,
        fp16_tflops=fp16,
        bf16_tflops=bf16,
        fp8_tflops=fp8,
        sms=sms,
        l2_mb=l2_bytes / 2**20 if l2_bytes else None,
        source="estimated from device properties: " + "; ".join(notes),
        estimated=True,
    )


def merge(
    spec: GpuSpec | None, measured: Mapping[str, float | None] | None, *, gpu_name: str = ""
) -> Ceilings:
    """Ceilings from a table/estimated spec and measured values: the higher of the two where both are known.

    The ceilings make the roofline floor, which must be a lower bound on any kernel's time: a measured copy
    bandwidth below the datasheet's (4.2 against 4.8 TB/s on the H200) would put the floor above what a kernel
    can reach, and quarantine honest kernels. So a rate is the larger of measured and datasheet, and its source
    says which one it is."""
    measured = measured or {}
    values: dict[str, float | None] = {}
    sources: dict[str, str] = {}
    for key in CEILING_FIELDS:
        table = getattr(spec, key) if spec is not None else None
        table_source = "estimated" if spec is not None and spec.estimated else "table"
        seen = measured.get(key)
        if seen is not None and (table is None or float(seen) >= float(table)):
            values[key], sources[key] = float(seen), "measured"
        elif table is not None:
            values[key] = float(table)
            sources[key] = table_source if seen is None else f"{table_source} (above measured {float(seen):,.0f})"
        else:
            values[key] = None
    notes = (spec.source,) if spec is not None else ()
    return Ceilings(gpu_name=gpu_name or (spec.name if spec else "unknown GPU"), sources=sources, notes=notes,
                    **values)  # fmt: skip


def ceilings_for(device: Any = None, *, cache_dir: str | None = None) -> Ceilings:
    """The ceilings for a GPU: calibrated values from the cache where present, else the table or an estimate.

    ``device`` is a GPU name (``"NVIDIA H200"``: table plus the newest calibration cached for that name),
    or a CUDA device (``None``, an index, ``"cuda:1"``, ``torch.device``): the current driver and torch
    version select the calibration, and an unknown GPU is estimated from its reported properties.
    """
    from autokernel.hardware import calibrate

    if isinstance(device, str) and not device.startswith("cuda"):
        spec = lookup(device)
        cal = calibrate.load_cached(device, cache_dir=cache_dir)
        return merge(spec, cal.ceilings() if cal else None, gpu_name=device)

    import torch

    index = torch.device(device if device is not None else "cuda").index
    index = torch.cuda.current_device() if index is None else index
    props = torch.cuda.get_device_properties(index)
    spec = find(props.name) or estimate(props)
    fingerprint = calibrate.device_fingerprint(index)
    cal = calibrate.load_cached(
        props.name, driver=fingerprint["driver"], torch_version=fingerprint["torch"], cache_dir=cache_dir
    )
    return merge(spec, cal.ceilings() if cal else None, gpu_name=props.name)


def spec_fields() -> tuple[str, ...]:
    """Field names of ``GpuSpec`` in order (for tables and CSV headers)."""
    return tuple(f.name for f in fields(GpuSpec))
