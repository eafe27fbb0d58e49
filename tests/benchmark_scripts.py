"""Import a script of ``benchmarks/`` (not a package) by its file name, for tests of its pure parts."""

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str):
    """``benchmarks/<name>.py`` as a module named ``name`` (executed afresh on each call; registered in
    ``sys.modules`` first, because dataclasses look their module up while the file runs)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
