"""Launch plans: what a ModelNew launches, from a dry run on the meta device (the tuner's pruning)."""

from __future__ import annotations

from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History
from autokernel.propose.tuner import TunerProposer, set_tunables
from autokernel.records import TimingStats, Verdict
from autokernel.starters import generate_starter
from autokernel.starters.launches import launch_plan


def problem(forward: str, inputs: str) -> Problem:
    src = (f"import torch\nclass Model(torch.nn.Module):\n    def forward(self, *xs):\n        return {forward}\n"
           f"def get_inputs():\n    return {inputs}\ndef get_init_inputs():\n    return []\n")
    return Problem.from_source(src, name="t")


# a column sum over a middle dim with 64 Gi elements: planned without memory, in milliseconds
COLUMNS = problem("torch.sum(xs[0], dim=1)", "[torch.rand(256, 16384, 16384)]")


def test_a_knob_the_problem_never_reaches_plans_the_same_launches():
    src = generate_starter(COLUMNS).source
    plan = launch_plan(src, COLUMNS)
    assert plan and plan[0].kernel == "_reduce_kernel" and plan[0].args[0][1] == (256, 16384, 16384)
    # thousands of column blocks: the split threshold is never met, whatever it is
    assert launch_plan(set_tunables(src, {"RED_SPLIT_MIN_R": 65536}), COLUMNS) == plan
    assert launch_plan(set_tunables(src, {"RED_TILE": 512}), COLUMNS) != plan


def test_the_gpu_size_decides_host_logic_that_sizes_grids():
    mm = problem("xs[0] @ xs[1]", "[torch.rand(64, 65536), torch.rand(65536, 64)]")
    src = generate_starter(mm).source
    assert launch_plan(src, mm, sm_count=4) != launch_plan(src, mm, sm_count=132)  # split-K fills the SMs


def test_a_host_path_that_needs_data_plans_nothing():
    src = generate_starter(COLUMNS).source.replace("        return sum_1\n", "        return sum_1 * float(sum_1.max())\n")
    assert "float(sum_1.max())" in src and launch_plan(src, COLUMNS) is None


def test_the_tuner_times_no_move_that_launches_what_its_seed_does():
    t = TimingStats(median_ms=1.0, mean_ms=1.0, min_ms=1.0, max_ms=1.0, std_ms=0.0, ci95_low_ms=1.0,
                    ci95_high_ms=1.0, num_trials=3, method="perf_counter(cpu)")
    tuner = TunerProposer()
    (starter,) = tuner.propose(COLUMNS, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=Verdict(verdict="correct", reason="", speedup=1.0, kernel=t))
    proposed = tuner.propose(COLUMNS, History(attempts=[seed], seeds=[seed], round=1), 30, 1)
    ideas = [c.idea for c in proposed]
    assert ideas and not any("RED_SPLIT" in i for i in ideas), ideas
    assert any("RED_SPLIT_MIN_R" in i for i in tuner.pruned[COLUMNS.key])
    plan = launch_plan(starter.source, COLUMNS)
    assert all(launch_plan(c.source, COLUMNS) != plan for c in proposed)


def test_aot_signatures_follow_launch_specialisation():
    """benchmarks/aot_compile.py types a recorded launch as Triton would at launch time."""
    import importlib.util
    from pathlib import Path

    from autokernel.starters.launches import Launch

    spec = importlib.util.spec_from_file_location(
        "aot_compile", Path(__file__).resolve().parents[1] / "benchmarks" / "aot_compile.py")
    aot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(aot)

    class Fn:
        arg_names = ["x_ptr", "n", "one", "big", "scale", "BLOCK"]

    launch = Launch(kernel="k", grid=(4,), args=(("tensor", (8,), (1,), "torch.float16"), 48, 1, 2**33, 0.5),
                    options=(("BLOCK", 64), ("num_warps", 4)))
    sig, consts, attrs = aot._signature(Fn, launch)
    assert sig == {"x_ptr": "*fp16", "n": "i32", "one": "constexpr", "big": "i64", "scale": "fp32",
                   "BLOCK": "constexpr"}
    assert consts == {(2,): 1, (5,): 64} and set(attrs) == {(0,), (1,), (3,)}  # pointer, 48 and 2**33: 16 divides

    class Module:  # what a generated source holds: an epilogue passed to the kernel as a constexpr
        @staticmethod
        def _epi(y):
            return y

    class Param:
        def __init__(self, is_constexpr):
            self.is_constexpr = is_constexpr

    class Fused:  # a convolution's keywords: a tensor, an epilogue, a runtime length and a constexpr flag
        arg_names = ["x_ptr", "e_ptr", "EPI", "E_N", "WIDE"]
        params = [Param(False), Param(False), Param(True), Param(False), Param(True)]

    launch = Launch(kernel="k", grid=(4,), args=(("tensor", (8,), (1,), "torch.float32"),),
                    options=(("e_ptr", ("tensor", (16,), (1,), "torch.float32")), ("EPI", ("fn", "_epi")),
                             ("E_N", 16), ("WIDE", False), ("num_warps", 4)))
    sig, consts, attrs = aot._signature(Fused, launch, Module)
    assert sig == {"x_ptr": "*fp32", "e_ptr": "*fp32", "EPI": "constexpr", "E_N": "i32", "WIDE": "constexpr"}
    assert consts == {(2,): Module._epi, (4,): False} and set(attrs) == {(0,), (1,), (3,)}


def test_only_the_tuners_own_sources_are_dry_run():
    """The dry run imports and runs code in the search's process: a seed that is not the starter with tunables
    changed (an LLM's or an agent's kernel) is never dry-run, so never pruned against."""
    tuner = TunerProposer()
    (starter,) = tuner.propose(COLUMNS, History(), 1, 1)
    assert tuner._own(COLUMNS, starter.source)
    assert tuner._own(COLUMNS, set_tunables(starter.source, {"RED_TILE": 512, "RED_OFFSETS": "wide"}))
    assert not tuner._own(COLUMNS, starter.source + "\nimport os\n")
    assert not tuner._own(COLUMNS, starter.source.replace("def forward", "def forward_"))


def test_the_census_counts_kernel_launches_of_candidate_and_reference():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "profile_kernel", Path(__file__).resolve().parents[1] / "benchmarks" / "profile_kernel.py")
    profile_kernel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(profile_kernel)
    src = ("import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
           "        self.bn = torch.nn.BatchNorm2d(8)\n    def forward(self, x):\n        return torch.relu(self.bn(x))\n"
           "def get_inputs():\n    return [torch.rand(4, 8, 64, 64)]\ndef get_init_inputs():\n    return []\n")
    p = Problem.from_source(src, name="bn_relu")
    rec = profile_kernel.census(p, generate_starter(p).source)
    assert rec["triton_launches"] >= 1 and sum(rec["triton_kernels"].values()) == rec["triton_launches"]
    assert rec["reference_aten_top"].get("native_batch_norm") == 1  # the reference: one batch-norm kernel ...
    # ... the candidate: none, its running statistics and batch count are updated inside its kernel
    assert rec["candidate_aten_ops"] == 0, rec["candidate_aten_top"]
