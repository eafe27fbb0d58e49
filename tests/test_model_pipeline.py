"""benchmarks/model_pipeline.py on the CPU: profile -> extract -> run -> verify for a tiny model, its resume, and the
page that records it (Triton through the interpreter)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[1]
TINY = FIXTURES / "models" / "tiny_mlp.py"


def _pipeline(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "model_pipeline.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600, check=False)  # fmt: skip


def test_a_model_goes_through_the_pipeline_resumes_and_gets_its_page(tmp_path):
    out, page = tmp_path / "models", tmp_path / "page"
    done = _pipeline("run", "--device", "cpu", "--model", str(TINY), "--top", "1", "--rounds", "0", "--out", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    (folder,) = [p for p in out.iterdir() if p.is_dir()]
    steps = json.loads((folder / "steps.json").read_text())
    assert [s["step"] for s in steps] == ["profile", "run", "verify"] and all(s["rc"] == 0 for s in steps)
    report = json.loads((folder / "verify.json").read_text())
    assert [k["status"] for k in report["kernels"]] == ["kept"]  # the CPU keeps every validated kernel

    again = _pipeline("run", "--device", "cpu", "--model", str(TINY), "--top", "1", "--rounds", "0", "--out", str(out))
    assert again.returncode == 0 and json.loads((folder / "steps.json").read_text()) == steps  # nothing redone
    redo = _pipeline("run", "--device", "cpu", "--model", str(TINY), "--top", "1", "--rounds", "0", "--out", str(out),
                     "--redo-verify")
    assert redo.returncode == 0, redo.stderr[-3000:]
    assert [s["step"] for s in json.loads((folder / "steps.json").read_text())][-1] == "verify"
    assert (folder / "verify.previous.json").is_file() and (folder / "verify.json").is_file()

    done = _pipeline("page", str(out), "--to", str(page), "--note", "Picked for the test.")
    assert done.returncode == 0, done.stderr[-3000:]
    readme = (page / "README.md").read_text()
    assert "Picked for the test." in readme and f"| `{TINY}` |" in readme and "1 of 1 |" in readme
    (kernel,) = (page / folder.name / "problems").iterdir()
    assert {p.name for p in kernel.iterdir()} == {"problem.py", "best.py", "best.json"}
    assert (page / folder.name / "profile.csv").is_file() and (page / folder.name / "verify.json").is_file()
    assert str(out) not in readme  # the machine's folder is written OUT
