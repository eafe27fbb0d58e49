"""Measure this GPU's ceilings (copy bandwidth, matmul rates) and print them next to the datasheet.

Usage: python benchmarks/calibrate_gpu.py [--force] [--device 0] [--json]

The result is cached (``$AUTOKERNEL_KB_CACHE`` or ``~/.cache/autokernel-kb``) and then used by every
roofline floor on this GPU in place of the datasheet figures.
"""

from __future__ import annotations

import sys

from kb.cli import main as cli


def main(argv: list[str] | None = None) -> int:
    """The same as ``autokernel-kb calibrate ARGS``."""
    return cli(["calibrate", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
