"""The built-in tuner: starter in round 0, one idea per tunable and direction, branches, no repeats."""

from __future__ import annotations

import pytest

from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History
from autokernel.propose.tuner import TunerProposer, read_tunables, set_tunables
from autokernel.records import TimingStats, Verdict

SRC = """
import torch
import torch.nn as nn

batch_size = 4
dim = 32


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1.0


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
"""


def _verdict(kind: str, speedup: float | None) -> Verdict:
    t = TimingStats(
        median_ms=1.0,
        mean_ms=1.0,
        min_ms=1.0,
        max_ms=1.0,
        std_ms=0.0,
        ci95_low_ms=1.0,
        ci95_high_ms=1.0,
        num_trials=3,
        method="perf_counter(cpu)",
    )
    return Verdict(verdict=kind, reason=kind, speedup=speedup, kernel=t if kind == "correct" else None)


def test_tunable_lines_read_and_set():
    src = "X = 1\nBLOCK_SIZE = 1024  # tunable\nNUM_WARPS = 4\n"
    assert read_tunables(src, ["BLOCK_SIZE", "NUM_WARPS", "MISSING"]) == {"BLOCK_SIZE": 1024, "NUM_WARPS": 4}
    assert read_tunables(set_tunables(src, {"NUM_WARPS": 8}), ["NUM_WARPS"]) == {"NUM_WARPS": 8}
    with pytest.raises(ValueError, match="MISSING"):
        set_tunables(src, {"MISSING": 1})


def test_rounds_vary_tunables_around_the_seed_and_never_repeat():
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 3, 2)
    assert starter.idea.startswith("generated starter") and starter.round == 0
    space = {"EW_STREAM": None, "BLOCK_SIZE": None, "NUM_WARPS": None}
    base = read_tunables(starter.source, space)
    assert set(base) == set(space)

    seed = Attempt(candidate=starter, verdict=_verdict("correct", 0.5))
    history = History(attempts=[seed], seeds=[seed], round=1)
    r1 = tuner.propose(problem, history, 3, 2)
    # 3 ideas: the two-valued EW_STREAM has one branch up, the others two each
    assert len(r1) == 5 and len({c.digest for c in r1}) == 5
    assert all(c.parent == starter.digest and c.round == 1 for c in r1)
    assert r1[0].idea == "set EW_STREAM False -> True"
    assert r1[1].idea == f"double BLOCK_SIZE {base['BLOCK_SIZE']} -> {2 * base['BLOCK_SIZE']}"
    assert any(c.idea.startswith("double NUM_WARPS") for c in r1)
    # each candidate changes exactly one tunable of the seed
    for c in r1:
        vals = read_tunables(c.source, space)
        assert sum(vals[k] != base[k] for k in space) == 1

    # round 1's configs failed: they count as tried, so round 2 moves on instead of retrying them
    failed = [Attempt(candidate=c, verdict=_verdict("incorrect", None)) for c in r1]
    history = History(attempts=[seed, *failed], seeds=[seed], round=2)
    r2 = tuner.propose(problem, history, 3, 2)
    tried = {c.digest for c in r1} | {starter.digest}
    assert r2 and not tried & {c.digest for c in r2}


def test_problem_without_starter_gives_no_ideas():
    src = SRC.replace("torch.relu(x) + 1.0", "torch.linalg.svdvals(x)")
    problem = Problem.from_source(src, name="svd")
    tuner = TunerProposer()
    assert tuner.propose(problem, History(), 2, 2) == []
    assert tuner.notes["svd"].startswith("no starter")
