"""benchmarks/panel_call.sh, one lent machine's share of a search panel: the run resumed, then thinned into
$OUT/panel.tgz, which the next call resumes from (on CPU, a one-problem panel through the Triton interpreter)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "panel_call.sh"
PANEL = REPO / "benchmarks" / "search_panel.py"
PROBLEM = REPO / "tests" / "fixtures" / "problems" / "relu.py"
SMALL = ["--device", "cpu", "--screen-width", "2", "--judge-top", "1"]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tar") is None,
                                reason="needs bash and tar")


def _env(tmp_path: Path) -> dict:
    bin_dir = tmp_path / "bin"  # the machine's python3: this interpreter (exec'd: a symlink would leave its venv)
    bin_dir.mkdir(exist_ok=True)
    python3 = bin_dir / "python3"
    if not python3.exists():
        python3.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
        python3.chmod(0o755)
    return {**os.environ, "OUT": str(tmp_path / "out"), "TRITON_INTERPRET": "1",
            "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def _verdicts(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines() if line.strip()]


def test_a_call_resumes_the_panel_and_hands_back_a_thin_copy_the_next_call_resumes(tmp_path):
    env = _env(tmp_path)
    run = tmp_path / "run"
    subprocess.run([sys.executable, str(PANEL), "run", str(PROBLEM), "--rounds", "1", "--out", str(run),
                    "--no-progress", *SMALL], cwd=tmp_path, env=env, check=True, capture_output=True, timeout=600)
    first = len(_verdicts(run))
    done = subprocess.run(["bash", str(SCRIPT), str(run), "--stop-after", "300", "--confirm", "60", "--",
                           "--rounds", "2", *SMALL], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out"
    assert sorted(p.name for p in out.iterdir()) == ["logs.tgz", "panel.tgz"]
    with tarfile.open(out / "logs.tgz") as tar:
        names = tar.getnames()
    assert {"logs/run/command.log", "logs/confirm/command.log", "logs/thin.log"} <= set(names)
    assert len(_verdicts(run)) > first  # round 2 judged something

    nxt = tmp_path / "next"
    nxt.mkdir()
    with tarfile.open(out / "panel.tgz") as tar:
        tar.extractall(nxt, filter="data")
    assert [v["candidate_digest"] for v in _verdicts(nxt / "panel")] == [v["candidate_digest"] for v in _verdicts(run)]
    shutil.rmtree(out)
    again = subprocess.run(["bash", str(SCRIPT), str(nxt / "panel"), "--stop-after", "300", "--", "--rounds", "2",
                            *SMALL], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert again.returncode == 0, again.stderr
    with tarfile.open(out / "logs.tgz") as tar:
        log = tar.extractfile("logs/run/command.log").read().decode()
    assert "candidates_evaluated: 0" in log  # every verdict came from the thin copy's ledger


def test_a_missing_run_directory_is_named(tmp_path):
    done = subprocess.run(["bash", str(SCRIPT), str(tmp_path / "nope")], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no run directory" in done.stderr and "search_panel.py run" in done.stderr
