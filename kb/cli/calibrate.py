"""`autokernel-kb calibrate`: this GPU's measured copy bandwidth and matmul rates (cached)."""

from __future__ import annotations

import argparse
import json
import sys


def register(sub) -> None:
    from autokernel.hardware.calibrate import CalibrationConfig
    from autokernel.hardware.calibration import CACHE_ENV

    p = sub.add_parser("calibrate", help="measure this GPU's copy bandwidth and matmul rates (cached)")
    p.add_argument("--device", type=int, default=None, help="CUDA device index (default: current)")
    p.add_argument("--force", action="store_true", help="measure again even if a cached result exists")
    p.add_argument("--cache-dir", default=None, help=f"cache folder (default: ${CACHE_ENV} or ~/.cache)")
    p.add_argument("--matmul-size", type=int, default=CalibrationConfig.matmul_size)
    p.add_argument("--copy-mib", type=int, default=CalibrationConfig.copy_mib)
    p.add_argument("--repetitions", type=int, default=CalibrationConfig.repetitions)
    p.add_argument("--json", action="store_true", help="print the calibration as JSON")
    p.set_defaults(func=cmd_calibrate)


def cmd_calibrate(args: argparse.Namespace) -> int:
    """Measure (or read from cache) and print the ceilings."""
    import torch

    from autokernel.hardware.calibrate import CalibrationConfig, calibrate, format_table

    if not torch.cuda.is_available():
        print("error: calibrate needs a CUDA GPU and none is visible to torch", file=sys.stderr)
        return 2
    config = CalibrationConfig(copy_mib=args.copy_mib, matmul_size=args.matmul_size, repetitions=args.repetitions)
    result = calibrate(args.device, force=args.force, cache_dir=args.cache_dir, config=config)
    print(json.dumps(result.to_dict(), indent=2) if args.json else format_table(result))
    return 0
