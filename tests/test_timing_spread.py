"""benchmarks/timing_spread.py (a GPU diagnostic for issue 2's repeatability), end to end on CPU."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROBLEM = """import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x)

def get_inputs():
    return [torch.randn(4, 300)]

def get_init_inputs():
    return []
"""


def test_spread_script_times_same_moved_and_eager_in_separate_processes(tmp_path):
    problem = tmp_path / "relu_small.py"
    problem.write_text(PROBLEM)
    out = tmp_path / "spread.json"
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "timing_spread.py"), "--problem", str(problem),
         "--solution", str(ROOT / "benchmarks" / "kernels" / "level1" / "19_ReLU.py"), "--device", "cpu",
         "--processes", "2", "--repeats", "2", "--calls", "3", "--budget-s", "1", "--out", str(out)],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(out.read_text())
    assert len(result["runs"]) == 2
    for run in result["runs"]:
        assert all(len(run[k]) == 2 and min(run[k]) > 0 for k in ("same_ms", "moved_ms", "eager_same_ms"))
    assert set(result["summary"]) == {"same_ms", "same_mean_ms", "moved_ms", "eager_same_ms", "eager_moved_ms"}
    for run in result["runs"]:  # each loop's distribution, to tell a bimodal loop from a shifted one
        assert [set(d) for d in run["same_dist"]] == [{"mean", "p10", "p90", "n"}] * 2
    assert result["summary"]["same_ms"]["all_spread_pct"] >= 0


def test_placer_copies_inputs_to_aligned_offsets_that_vary_in_one_reused_arena():
    import numpy as np
    import torch

    from autokernel.evaluate.timing import _Placer, _roll_plan

    rng = np.random.default_rng(0)
    place = _Placer(64 * 1024, rng)
    x, y, scalar = torch.randn(5, 7), torch.arange(12.0).reshape(3, 4), 2.5
    seen = set()
    for _ in range(20):
        px, py, ps = place([x, y, scalar])
        assert torch.equal(px, x) and torch.equal(py, y) and ps == scalar
        assert px.is_contiguous() and (px.data_ptr() - place.arenas[0].data_ptr()) % _Placer.ALIGN == 0
        seen.add(px.data_ptr())
    assert len(seen) > 5  # the offset is drawn per call
    assert len(place.arenas) == 2 and place.arenas[0].numel() == x.numel() * 4 + 64 * 1024  # one arena, reused
    plan = _roll_plan([x, y, scalar], rng)
    px, py, _ = place([x, y, scalar], plan)
    assert torch.equal(px, x.roll(plan[0][1], dims=plan[0][0])) and torch.equal(py, y.roll(plan[1][1], dims=0))
    assert plan[2] is None


def test_time_calls_with_placement_jitter_feeds_placed_and_rolled_inputs():
    import torch

    from autokernel.evaluate.timing import time_calls

    x = torch.arange(24.0).reshape(6, 4)
    seen = []
    raw = time_calls(lambda a: a * 2, [[x]], device="cpu", n=6, warmup=0, budget_s=5.0,
                     after_call=lambda s, out: seen.append(out), placement_jitter_bytes=4096)
    assert raw.fresh == [False, True] * 3
    assert len(seen) == 3 and all(torch.equal(out, x * 2) for out in seen)  # plain calls: the set itself


def test_time_calls_in_placement_groups_moves_the_model_between_groups():
    import numpy as np
    import torch

    from autokernel.evaluate.timing import Relocator, time_calls

    lin = torch.nn.Linear(4, 3)
    before = lin.weight.data_ptr()
    weights = []

    def fn(a):
        weights.append(lin.weight.data_ptr())
        return lin(a)

    x = torch.randn(2, 4)
    expected = lin(x).detach()
    seen = []
    raw = time_calls(fn, [[x]], device="cpu", n=9, warmup=0, budget_s=60.0, placements=3,
                     relocate=Relocator([lin], "cpu", np.random.default_rng(0)),
                     after_call=lambda s, out: seen.append(out.detach()))
    assert len(raw.event_ms) == 9
    assert len(weights) == 9 + 2  # one untimed call after each move
    groups = [weights[0:3], weights[3:7], weights[7:11]]  # 3 timed calls each; the moves' untimed call leads
    assert groups[0] == [before] * 3 and all(len(set(g)) == 1 for g in groups)
    assert groups[0][0] != groups[1][0] != groups[2][0]  # each group on other memory than the one before
    assert all(torch.equal(out, expected) for out in seen)  # same values wherever they live


def test_gpu_lead_is_a_gpu_only_policy_with_a_checked_value():
    from autokernel.evaluate import EvalConfig

    assert EvalConfig(device="cuda", protocol="strict").lead_ms == 1.0  # the strict protocol's lead on a GPU
    assert EvalConfig(device="cuda").lead_ms == 0.0  # KernelBench's protocol has none
    assert EvalConfig(device="cpu", protocol="strict").lead_ms == 0.0  # the interpreter has no launch gap to hide
    assert EvalConfig(device="cuda", protocol="strict", gpu_lead_ms=0).lead_ms == 0.0
    with pytest.raises(ValueError, match="gpu_lead_ms"):
        EvalConfig(device="cuda", gpu_lead_ms=-1)
    # cached baselines are keyed by the options that change the loop (the keys cached so far keep their form)
    strict = EvalConfig(device="cuda", protocol="strict", baseline_precision="fp32")
    assert strict.baseline_variant == "|base-fp32|lead1"
    assert EvalConfig(device="cuda", protocol="strict", baseline_precision="default").baseline_variant == "|lead1"
    assert EvalConfig(device="cuda").baseline_variant == "|kb|flush-kernelbench|reuse"  # its own flush and loop
    assert EvalConfig(device="cpu").baseline_variant == "|kb|reuse"  # the loop applies on CPU too
    assert EvalConfig(device="cpu", protocol="strict").baseline_variant == ""  # no TF32 on the CPU
    assert EvalConfig(device="cuda", protocol="strict", spin_up_s=0.1, placement_jitter_kib=16384, placements=3,
                      l2_flush="read", gpu_lead_ms=0,
                      baseline_precision="default").baseline_variant == "|spin0.1|jit16384|pl3|flush-read"
    # and so are the ledger's verdicts: a run resumed with other timing options judges its candidates again
    assert strict.ledger_policy()["timing"] == "|base-fp32|lead1"
    # earlier runs' keys stand
    assert "timing" not in EvalConfig(device="cuda", protocol="strict", gpu_lead_ms=0,
                                      baseline_precision="default").ledger_policy()
    assert EvalConfig(device="cpu", placements=3, gpu_lead_ms=2).loop_options() == {
        "placement_jitter_bytes": 0, "placements": 1, "l2_flush": "write", "gpu_lead_ms": 0.0, "discard_first": 1,
        "flush_overlaps_launch": True, "reuse_inputs": True, "grad": True}
    with pytest.raises(ValueError, match="l2_flush"):
        EvalConfig(device="cuda", l2_flush="sometimes")


def test_cli_passes_the_gpu_lead_to_the_eval_config():
    import argparse

    from kb.cli._common import add_eval_policy, eval_config_from_args

    p = argparse.ArgumentParser()
    add_eval_policy(p)
    assert eval_config_from_args(p.parse_args(["--device", "cuda", "--gpu-lead-ms", "0"])).lead_ms == 0.0
    assert eval_config_from_args(p.parse_args(["--device", "cuda"])).lead_ms == 0.0  # kernelbench: no lead
    assert eval_config_from_args(p.parse_args(["--device", "cuda", "--protocol", "strict"])).lead_ms == 1.0
    with pytest.raises(ValueError, match="gpu-lead-ms"):
        eval_config_from_args(p.parse_args(["--device", "cuda", "--gpu-lead-ms", "-2"]))


@pytest.mark.gpu
def test_gpu_lead_takes_the_launch_gap_out_and_keeps_host_bound_calls_at_host_time():
    import time

    import torch

    from autokernel.evaluate.timing import time_calls

    x = torch.randn(1 << 20, device="cuda")

    def slow_launch(a):  # 0.3 ms of host work before a microsecond kernel
        t_end = time.perf_counter() + 3e-4
        while time.perf_counter() < t_end:
            pass
        return a + 1

    plain = time_calls(slow_launch, [[x]], device="cuda", n=20, warmup=2, budget_s=5.0)
    led = time_calls(slow_launch, [[x]], device="cuda", n=20, warmup=2, budget_s=5.0, gpu_lead_ms=1.0)
    # host-bound either way: a sample is never below the host's 0.3 ms
    assert min(led.event_ms) >= 0.3 and min(plain.event_ms) >= 0.25
    assert "gpu_lead_1ms" in led.method

    def fast_launch(a):
        return a + 1

    led = time_calls(fast_launch, [[x]], device="cuda", n=50, warmup=2, budget_s=5.0, gpu_lead_ms=1.0)
    assert sorted(led.event_ms)[25] < 0.5  # the 1 ms lead itself is never inside a sample


@pytest.mark.gpu
def test_kernelbench_flush_hands_its_block_to_the_calls_output():
    """KernelBench's flush allocates, fills and frees 256 MiB per call: the call's next allocation of that size
    is the block the fill just wrote (why its times are lower than under our write flush)."""
    import torch

    from autokernel.evaluate.timing import KERNELBENCH_FLUSH_SHAPE, _L2Flusher

    flush = _L2Flusher("cuda", "kernelbench")
    first = torch.zeros(KERNELBENCH_FLUSH_SHAPE, dtype=torch.int64, device="cuda")
    address = first.data_ptr()
    del first  # cached by the allocator: the flush's dummy takes it
    flush.fill()
    out = torch.empty(KERNELBENCH_FLUSH_SHAPE, dtype=torch.int64, device="cuda")  # uninitialised: what the fill left
    torch.cuda.synchronize()
    assert flush.buf is None
    assert out.data_ptr() == address and int(out[0, 0, 0]) == 42 and int(out[-1, -1, -1]) == 42
