"""benchmarks/device_run.sh, the wrapper of one command on a lent GPU machine: what it writes under $OUT comes back
only as 8 files at most, none more than 2 folders down, so a folder of more is packed rather than left behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "device_run.sh"

WRITER = """import os, sys
from pathlib import Path
for i in range(int(sys.argv[1])):
    path = Path(os.environ["OUT"]) / sys.argv[2] / f"{i}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {i}\\n")
print("written")
sys.exit(3)
"""


def _run(tmp_path: Path, files: int, folder: str = "bench/kernelbench/candidates", **env) -> tuple[int, Path]:
    tmp_path.mkdir(exist_ok=True)
    out = tmp_path / "out"
    writer = tmp_path / "writer.py"
    writer.write_text(WRITER)
    bin_dir = tmp_path / "bin"  # the machine's python3: this interpreter
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "python3").symlink_to(sys.executable)
    done = subprocess.run(["bash", str(SCRIPT), str(writer), str(files), folder], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "OUT": str(out),
                                                       "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", **env})
    return done.returncode, out


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tar") is None, reason="needs bash and tar")
def test_a_folder_of_more_than_a_call_brings_back_is_packed_and_the_status_kept(tmp_path):
    status, out = _run(tmp_path, 12)
    assert status == 3  # the command's own
    assert sorted(p.name for p in out.iterdir()) == ["bench.tgz", "command.log", "gpu.txt"]
    with tarfile.open(out / "bench.tgz") as tar:
        assert len([m for m in tar.getmembers() if m.isfile()]) == 12
    assert "written" in (out / "command.log").read_text()


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tar") is None, reason="needs bash and tar")
def test_what_comes_back_as_it_is_stays_and_packing_can_be_left_off(tmp_path):
    status, out = _run(tmp_path / "shallow", 4, "bench/kernelbench")  # 6 files, 2 folders down: as it is
    assert status == 3 and sorted(p.name for p in (out / "bench" / "kernelbench").iterdir()) == [
        f"{i}.py" for i in range(4)]
    status, out = _run(tmp_path / "deep", 2)  # 2 files, but 3 folders down: packed
    assert sorted(p.name for p in out.iterdir()) == ["bench.tgz", "command.log", "gpu.txt"]
    status, out = _run(tmp_path / "left", 12, DEVICE_RUN_PACK="0")
    assert (out / "bench" / "kernelbench" / "candidates").is_dir() and not (out / "bench.tgz").exists()
