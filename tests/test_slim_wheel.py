"""benchmarks/slim_wheel.py: a wheel repacked as .tar.xz without the folders a run never imports."""

from __future__ import annotations

import importlib.util
import tarfile
import zipfile
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "slim_wheel.py"


def _module():
    spec = importlib.util.spec_from_file_location("slim_wheel", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_dropped_folders_stay_behind_and_the_rest_unpacks_as_it_was(tmp_path):
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("pkg/__init__.py", "x = 1\n")
        zf.writestr("pkg/jars/big.jar", b"\0" * 1000)
        zf.writestr("pkg/jarsish.py", "y = 2\n")  # a prefix of a dropped folder's name, not inside it
        zf.writestr("pkg-1.0.dist-info/METADATA", "Name: pkg\n")
    out = tmp_path / ".whl" / "pkg-slim.tar.xz"
    assert _module().main([str(wheel), "--drop", "pkg/jars", "--out", str(out)]) == 0
    with tarfile.open(out, "r:xz") as tar:
        names = sorted(tar.getnames())
        assert tar.extractfile("pkg/__init__.py").read() == b"x = 1\n"
    assert names == ["pkg-1.0.dist-info/METADATA", "pkg/__init__.py", "pkg/jarsish.py"]
