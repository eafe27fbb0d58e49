"""Measure this GPU's ceilings (copy bandwidth, matmul rates) and print them next to the datasheet.

Usage: python benchmarks/calibrate_gpu.py [--force] [--device 0] [--json]

The result is cached (``$AUTOKERNEL_KB_CACHE`` or ``~/.cache/autokernel-kb``) and then used by every
roofline floor on this GPU in place of the datasheet figures.
"""

from __future__ import annotations

import argparse
import sys

from autokernel.hardware.calibrate import add_calibrate_arguments, cli_calibrate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_calibrate_arguments(parser)
    return cli_calibrate(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
