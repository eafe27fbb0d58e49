"""Compile ahead (`autokernel.evaluate.precompile`): helpers with no GPU build our own variants' kernels for the
GPU's target (sm_90 here, with the ptxas Triton's wheel carries) into the shared folder, where a later process
finds them instead of compiling."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autokernel.evaluate import shared_kernels
from autokernel.evaluate.precompile import _READY, Precompiler, Target, helper_env
from autokernel.problem import Problem
from autokernel.propose.base import History
from autokernel.propose.tuner import TunerProposer
from autokernel.records import Candidate

REPO = Path(__file__).resolve().parents[1]
H200 = {"target": Target("cuda", 90, 32), "sm_count": 132}


@pytest.fixture(scope="module")
def starter():
    triton = pytest.importorskip("triton")
    if shutil.which("ptxas") is None and not list(Path(triton.__file__).parent.glob("backends/nvidia/bin/ptxas")):
        pytest.skip("no ptxas to compile for a GPU target")
    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    (cand,) = TunerProposer().propose(problem, History(), 1, 1)
    return problem, cand


def _cubins(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.cubin"))


def test_our_own_variants_are_compiled_ahead_once_and_foreign_code_never(tmp_path, starter):
    problem, cand = starter
    assert cand.own_code
    foreign = Candidate(source=cand.source + "\n# an LLM's copy\n", proposer="llm")
    pre = Precompiler(str(tmp_path), "cuda:0", 1, **H200)
    try:
        futures = pre.submit(problem, [cand, foreign, cand])
        assert len(futures) == 1  # the foreign one is never run here, the repeat is queued once
        reply = futures[0].result(timeout=300)
        assert reply["ok"] and reply["kernels"] >= 1, reply
        assert pre.submit(problem, [cand]) == []
        broken = Candidate(source=cand.source.replace("class ModelNew", "class ModelOld"), own_code=True)
        assert not pre.submit(problem, [broken])[0].result(timeout=300)["ok"]  # said, and the helper goes on
    finally:
        pre.close()
    assert len(_cubins(tmp_path)) == reply["kernels"]


def test_a_process_reading_the_folder_finds_the_kernels_compiled_ahead(tmp_path, starter):
    problem, cand = starter
    folder, private = tmp_path / "shared", tmp_path / "private"
    folder.mkdir()
    private.mkdir()
    pre = Precompiler(str(folder), "cuda:0", 1, **H200)
    try:
        first = pre.submit(problem, [cand])[0].result(timeout=300)
    finally:
        pre.close()
    assert first["ok"] and _cubins(folder)
    # the same variant again in a process with a cache of its own that reads the folder through, as a candidate's
    env = helper_env(str(private)) | shared_kernels.candidate_env(str(folder), "cuda:0")
    start = json.dumps({"target": ["cuda", 90, 32], "sm_count": 132})
    proc = subprocess.run([sys.executable, "-m", "autokernel.evaluate.precompile", start], env=env, cwd=private,
                          input=json.dumps({"problem": problem.source, "source": cand.source}) + "\n",
                          capture_output=True, text=True, timeout=300)
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(_READY), proc.stderr[-2000:]
    again = json.loads(lines[1])
    assert again["ok"] and again["kernels"] == first["kernels"]
    assert _cubins(private) == []  # found, not compiled


def test_closing_cancels_what_no_helper_began(tmp_path, starter):
    problem, cand = starter
    pre = Precompiler(str(tmp_path), "cuda:0", 1, **H200)
    variants = [Candidate(source=cand.source + f"\n# {i}\n", own_code=True) for i in range(6)]
    futures = pre.submit(problem, variants)
    pre.close()
    assert all(f.done() for f in futures) and any(f.cancelled() for f in futures)
    assert pre.submit(problem, [Candidate(source=cand.source + "\n# late\n", own_code=True)]) == []
