"""The embedded default problems: tiny KernelBench-format references that the CPU interpreter runs in seconds.

``autokernel-kb run`` with no problem arguments searches these, so a first run needs no dataset.
"""

from __future__ import annotations

from pathlib import Path

SUITE_DIR = Path(__file__).resolve().parent


def suite_files() -> list[Path]:
    """The problem files, sorted by name (files starting with ``_`` are not problems)."""
    return sorted(p for p in SUITE_DIR.glob("*.py") if not p.name.startswith("_"))


def suite_problems() -> list:
    """The suite as ``Problem`` records (origin ``suite``)."""
    from dataclasses import replace

    from autokernel.problem import Problem

    return [replace(Problem.from_file(f), origin="suite") for f in suite_files()]
