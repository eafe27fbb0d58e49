"""KernelBench's seeded CPU draws made ahead in threads (`ReferenceSession.prefetch_public`,
``EvalConfig.prefetch_inputs``): the same values and the same global generator state as the draws made in place,
and a problem whose ``get_inputs`` reaches another random source falls back to drawing in place."""

from __future__ import annotations

import pytest
import torch

from autokernel.evaluate.protocol import KERNELBENCH_SEED, kernelbench_trial_seeds
from autokernel.evaluate.reference import ReferenceSession
from autokernel.problem import Problem

MIXED = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, a, b, idx, c):
        return a.sum() + b.sum() + idx.float().sum() + c.sum()


def get_inputs():
    a = torch.randn(64, 33)
    b = torch.rand(5) * 2 - 1
    idx = torch.randint(0, 7, (19,))
    c = torch.empty(300).normal_(0.0, 2.0)
    return [a, b, idx, c]


def get_init_inputs():
    return []
'''

UNFOLLOWABLE = MIXED.replace("b = torch.rand(5) * 2 - 1", "b = torch.randn_like(torch.empty(5))")


def _session(source: str) -> ReferenceSession:
    return ReferenceSession.build(Problem.from_source(source, name="p"), "cpu", init_seed=KERNELBENCH_SEED,
                                  flags="default", public_seeds=kernelbench_trial_seeds(5))


def _draws(session: ReferenceSession) -> list:
    """Trial 0's inputs, the timed set's, then trials 1..4, in the judge's order; each with the global state after
    it."""
    out = []
    for seed in [session.public_seeds[0], KERNELBENCH_SEED, *session.public_seeds[1:]]:
        inputs = session.make_inputs(seed, on_cpu=True)
        out.append((inputs, torch.get_rng_state()))
    return out


@pytest.mark.parametrize("source", [MIXED, UNFOLLOWABLE], ids=["followed", "falls-back"])
@pytest.mark.parametrize("ahead", [1, 4])
def test_prefetched_draws_equal_the_draws_made_in_place(source, ahead):
    plain = _draws(_session(source))
    session = _session(source)
    session.prefetch_public(ahead)
    assert session._ahead  # draws were started
    fetched = _draws(session)
    for (a, state_a), (b, state_b) in zip(plain, fetched, strict=True):
        assert all(torch.equal(x, y) for x, y in zip(a, b, strict=True))
        assert torch.equal(state_a, state_b)  # the global generator left where the draw in place leaves it
    session.close_prefetch()


def test_a_draw_out_of_order_and_a_closed_session_still_give_the_same_values():
    plain = _session(MIXED)
    expected = {seed: plain.make_inputs(seed, on_cpu=True) for seed in plain.public_seeds[1:]}
    session = _session(MIXED)
    session.prefetch_public(2)
    late = session.public_seeds[4]  # not among the first drawn ahead: drawn in place
    assert all(torch.equal(x, y) for x, y in zip(session.make_inputs(late, on_cpu=True), expected[late]))
    session.close_prefetch()
    seed = session.public_seeds[1]
    assert all(torch.equal(x, y) for x, y in zip(session.make_inputs(seed, on_cpu=True), expected[seed]))


def test_the_judge_with_prefetch_gives_the_verdict_it_gives_without():
    from autokernel.evaluate import EvalConfig, evaluate
    from autokernel.records import Candidate
    from tests.test_evaluate_cpu import PROBLEM, kernel

    base = dict(timeout_s=120.0, num_perf_trials=3, timing_budget_s=2.0)
    plain = evaluate(PROBLEM, Candidate(source=kernel()), EvalConfig.for_device("cpu", prefetch_inputs=False, **base))
    ahead = evaluate(PROBLEM, Candidate(source=kernel()), EvalConfig.for_device("cpu", **base))  # the default
    assert plain.verdict == ahead.verdict == "correct", (plain.reason, ahead.reason)
    assert plain.max_abs_error == ahead.max_abs_error
    assert EvalConfig.for_device("cpu", prefetch_inputs=False).ledger_policy() == EvalConfig.for_device(
        "cpu").ledger_policy()  # the same verdicts: no new ledger key


def test_prefetching_is_on_unless_the_flag_turns_it_off():
    import argparse

    from autokernel.evaluate import EvalConfig
    from kb.cli._common import add_eval_policy, eval_options_from_args

    parser = argparse.ArgumentParser()
    add_eval_policy(parser)
    assert EvalConfig().prefetch_inputs
    assert "prefetch_inputs" not in eval_options_from_args(parser.parse_args([]))
    assert eval_options_from_args(parser.parse_args(["--no-prefetch-inputs"]))["prefetch_inputs"] is False


def test_draw_threads_share_the_cores_and_leave_two_for_the_timing():
    from autokernel.environment import usable_cores
    from autokernel.evaluate.judge import PREFETCH_AHEAD, draw_threads

    assert draw_threads(10, 1, 16) == PREFETCH_AHEAD  # one evaluation drawing on a big host: the cap
    assert draw_threads(10, 6, 16) == 2  # six drawing at once: 14 cores shared
    assert draw_threads(3, 2, 64) == 3  # no more sets than memory holds
    assert draw_threads(10, 4, 2) == 1 and draw_threads(10, 0, 1) == 1  # never fewer than one
    assert 1 <= usable_cores() <= (__import__("os").cpu_count() or 1)


def test_sizing_by_cores_counts_the_cores_this_process_may_use(monkeypatch):
    """A container or `taskset` grants fewer cores than the host has: workers, compile helpers and draw threads are
    sized by the granted ones, and the host's count stands in only where the OS does not tell."""
    import os

    from autokernel import environment
    from autokernel.search.backend import auto_compile_ahead

    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    assert environment.usable_cores() == 4
    assert auto_compile_ahead(2) == 2 and auto_compile_ahead(4) == 0  # within the 4 granted cores, not 64

    def untold(pid):
        raise OSError("not on this platform")

    monkeypatch.setattr(os, "sched_getaffinity", untold, raising=False)
    assert environment.usable_cores() == 64
