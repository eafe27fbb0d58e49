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

    class Gate:  # the device's gate: a timed loop stops every process group registered with it
        def __init__(self):
            self.registered, self.unregistered = [], []

        def register(self, pgid):
            self.registered.append(pgid)

        def unregister(self, pgid):
            self.unregistered.append(pgid)

    gate = Gate()
    pre = Precompiler(str(tmp_path), "cuda:0", 1, gates=[gate], **H200)
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
    # one helper for all three (a variant's failure is its reply), stopped by timed loops until it ended
    assert len(gate.registered) == 1 and gate.unregistered == gate.registered


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
    env = helper_env(str(private), str(tmp_path)) | shared_kernels.candidate_env(str(folder), "cuda:0")
    start = json.dumps({"target": ["cuda", 90, 32], "sm_count": 132})
    proc = subprocess.run([sys.executable, "-m", "autokernel.evaluate.precompile", start], env=env, cwd=tmp_path,
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


INDUCTOR_LIKE = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"XBLOCK": 128}, num_warps=4, num_stages=1),
                          triton.Config({"XBLOCK": 64}, num_warps=2, num_stages=1)], key=["xnumel"])
@triton.jit
def triton_poi_fused_relu_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    tmp0 = tl.load(in_ptr0 + xindex, xmask)
    tl.store(out_ptr0 + xindex, tl.maximum(tmp0, 0.0) * 2.0, xmask)


def _inductor_call(args):
    (arg0_1,) = args
    buf0 = torch.empty_strided((4, 32), (32, 1), dtype=torch.float32, device='cuda')
    triton_poi_fused_relu_0[lambda META: (-(128 // -META['XBLOCK']), 1, 1)](arg0_1, buf0, 128)
    return (buf0,)


class ModelNew(nn.Module):
    def forward(self, x):
        return _inductor_call([x])[0]
'''


RELU = """
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2.0


def get_inputs():
    return [torch.randn(4, 32)]


def get_init_inputs():
    return []
"""


def test_inductors_code_allocating_on_cuda_compiles_ahead_each_autotuned_configuration(tmp_path, starter):
    problem = Problem(name="relu_twice", source=RELU)
    pre = Precompiler(str(tmp_path), "cuda:0", 1, **H200)
    try:
        reply = pre.submit(problem, [Candidate(source=INDUCTOR_LIKE, proposer="inductor", own_code=True)])[0]
        reply = reply.result(timeout=300)
    finally:
        pre.close()
    assert reply["ok"] and reply["kernels"] == 2, reply  # both configurations, as inductor's autotuner compiles them
    assert len(_cubins(tmp_path)) == 2


def test_kernels_calling_helpers_and_taking_an_epilogue_compile_ahead(tmp_path, starter):
    """A convolution starter's kernels call @triton.jit helpers (`_split_dhw`, `_conv_in` ...) and take its fused
    elementwise tail as a function argument: the dry run replaces only what the source launches, so Triton compiles
    the helpers into each kernel as the candidate process will (when every helper was replaced too, its compile
    failed and the variant was left to compile in its candidate process)."""
    from autokernel.starters import generate_starter

    problem = Problem.from_source(
        "import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.conv = nn.Conv2d(3, 8, 3)\n        self.pool = nn.MaxPool2d(2)\n\n"
        "    def forward(self, x):\n        return self.pool(torch.relu(self.conv(x)) * 2.0)\n\n\n"
        "def get_inputs():\n    return [torch.rand(2, 3, 10, 10)]\n\n\ndef get_init_inputs():\n    return []\n",
        name="conv_relu_pool")
    source = generate_starter(problem, tunables={"CONV_ENGINE": "triton"}).source
    assert "_conv_epi" in source and "pool=(True" in source
    pre = Precompiler(str(tmp_path), "cuda:0", 1, **H200)
    try:
        reply = pre.submit(problem, [Candidate(source=source, own_code=True)])[0].result(timeout=300)
    finally:
        pre.close()
    assert reply["ok"] and reply["kernels"] == 1, reply
    assert [p.name for p in _cubins(tmp_path)] == ["_conv_kernel.cubin"]
