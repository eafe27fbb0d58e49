"""Screen, then judge, on CPU (Triton interpreter, tiny shapes): the screen ranks a fast variant before one doing 50x
the work, fails wrong, crashing and hanging variants without stopping, and never writes a verdict; the search with
a screen records only judged verdicts in results.jsonl, counts screened variants in screen.jsonl, and a resumed run
screens nothing twice."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from concurrent.futures import Future
from pathlib import Path

import pytest

from autokernel.evaluate import EvalConfig
from autokernel.evaluate.screen import ScreenConfig, Screener, ScreenResult
from autokernel.ledger import Ledger
from autokernel.ledger.screens import SCREENS, ScreenLog
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History
from autokernel.records import Candidate, Verdict
from autokernel.search import SearchConfig
from autokernel.search.backend import LocalBackend
from autokernel.search.loop import run_search

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
PROBLEM = Problem.from_file(FIXTURES / "problems" / "relu.py")
HONEST = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
STORE = "    tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=mask)"
FIRST_LINE = "        x = x.contiguous()"


def redundant(times: int) -> str:
    """The honest ReLU, recomputed ``times`` times inside the kernel: the same output for ~``times``x the work."""
    return HONEST.replace(STORE, f"    acc = tl.maximum(x, 0.0)\n    for _ in range({times}):\n"
                                 f"        acc = tl.maximum(acc, 0.0) + 0.0\n    tl.store(out_ptr + offs, acc, mask=mask)")


SLOW = redundant(50)
WRONG = HONEST.replace("tl.maximum(x, 0.0)", "tl.maximum(x, 0.5)")
CRASH = HONEST.replace(FIRST_LINE, "        import os\n        getattr(os, '_exit')(3)")  # past the static gate
HANG = HONEST.replace(FIRST_LINE, "        import time\n        time.sleep(600)")


def _config(**kw):
    return EvalConfig.for_device("cpu", timeout_s=120.0, num_correct_trials=2, num_perf_trials=3, **kw)


@pytest.fixture(scope="module")
def screened():
    """One screen of six variants in one process: honest, slow, wrong, crash, hang, honest again."""
    with Screener(_config(), ScreenConfig(variant_timeout_s=10.0)) as screener:
        results = screener.screen(PROBLEM, [HONEST, SLOW, WRONG, CRASH, HANG, HONEST.replace("BLOCK = 256",
                                                                                          "BLOCK = 128")])
        return results, screener.restarts


def test_the_screen_ranks_a_fast_variant_before_a_slow_one(screened):
    (fast, slow, *_), _ = screened
    assert fast.ok and slow.ok, (fast.reason, slow.reason)
    assert fast.digest == Candidate(source=HONEST).digest
    assert slow.median_ms > 2 * fast.median_ms, (fast.median_ms, slow.median_ms)
    assert fast.compile_s is not None and fast.compile_s >= 0


def _calls(result: ScreenResult) -> int:
    return int(re.search(r"median of (\d+) calls", result.reason).group(1))


def test_a_variant_far_slower_than_the_control_gets_a_short_timed_loop():
    """The first candidate (a round's control) is timed in full; a variant doing 1000x its work ends its loop at
    three times the control's wall time, after 3 calls and a replay block of 3, still ranked behind it; with the cut
    off it gets the whole loop."""
    crawl = redundant(1000)
    with Screener(_config(), ScreenConfig(variant_timeout_s=60.0), prespawn=False) as screener:
        fast, slow = screener.screen(PROBLEM, [HONEST, crawl])
    assert fast.ok and slow.ok, (fast.reason, slow.reason)
    assert "loop cut" not in fast.reason and "loop cut" in slow.reason, (fast.reason, slow.reason)
    assert _calls(slow) == 2 * ScreenConfig().cut_min_calls < _calls(fast)
    assert slow.median_ms > 10 * fast.median_ms
    with Screener(_config(), ScreenConfig(variant_timeout_s=60.0, cut=0, budget_s=60.0), prespawn=False) as screener:
        fast, slow = screener.screen(PROBLEM, [HONEST, crawl])
    assert "loop cut" not in slow.reason and _calls(slow) == _calls(fast)


def test_each_variant_says_where_its_screen_time_went(screened):
    from autokernel.evaluate.screen import STAGES
    from autokernel.ledger.screens import sum_stages

    (fast, slow, wrong, crash, hang, after), _ = screened
    for r in (fast, slow, wrong, crash, hang, after):
        parts = {"gate_wait", "call/compile", "time/gate_wait", "time/command", "time/setup", "time/loop",
                 "setup/reference", "setup/inputs", "setup/process"}
        assert r.stages_s is not None and set(r.stages_s) <= {*STAGES, *parts}, r.stages_s
        assert all(v >= 0 for v in r.stages_s.values())
    assert "setup" in fast.stages_s and "setup" not in slow.stages_s  # the screen's setup counts with its first
    assert {"share", "load", "call", "check", "time", "compare", "release"} <= set(slow.stages_s)
    assert "time" not in wrong.stages_s  # it failed its check: never timed
    assert 0 <= slow.stages_s["call/compile"] <= slow.stages_s["call"] + 1e-3  # a part of the first call
    assert hang.stages_s["call"] >= 9.0  # the 10 s timeout spent in its first call
    # the timed step's parts: its command holds the process's loop, and the step holds the command and its wait
    t = slow.stages_s
    assert 0 < t["time/loop"] <= t["time/command"] and t["time/setup"] <= t["time/command"]
    assert t["time/command"] + t["time/gate_wait"] <= t["time"] + 1e-3
    assert "setup" in after.stages_s  # a fresh process after the hang
    # the setup's parts: the reference and its input set once a screen, a process again after a crash
    s = fast.stages_s
    assert {"setup/reference", "setup/inputs", "setup/process"} <= set(s)
    assert 0 < s["setup/reference"] + s["setup/inputs"] + s["setup/process"] <= s["setup"] + 1e-3
    assert "setup/process" in after.stages_s and "setup/reference" not in after.stages_s
    total = sum_stages([fast, slow, {"stages_s": {"time": 1.0, "x": "not a number"}}, {"stages_s": None}])
    assert total["time"] == pytest.approx(fast.stages_s["time"] + slow.stages_s["time"] + 1.0, abs=2e-3)
    assert "x" not in total and ScreenResult.from_dict(slow.to_dict()) == slow


def test_the_screen_rejects_wrong_output_and_survives_crashes_and_hangs(screened):
    (_, _, wrong, crash, hang, after), restarts = screened
    assert not wrong.ok and "wrong output" in wrong.reason and wrong.median_ms is None
    assert not crash.ok and "crashed" in crash.reason and "exited with code 3" in crash.reason
    assert not hang.ok and "did not finish within 10 s" in hang.reason
    assert after.ok, after.reason  # the screen went on in a fresh process
    assert restarts == 2


def test_the_inputs_are_shared_once_and_again_only_after_a_variant_wrote_them(monkeypatch):
    from autokernel.evaluate import screen as screen_mod

    made = []
    real = screen_mod._SharedIO.make
    monkeypatch.setattr(screen_mod._SharedIO, "make", classmethod(lambda cls, *a: made.append(1) or real(*a)))
    mutate = HONEST.replace(FIRST_LINE, "        x.mul_(2.0)\n" + FIRST_LINE)
    gate = _counting_gate()
    with Screener(_config(), prespawn=False, gate=gate) as screener:
        honest, slow, mutated, after = screener.screen(PROBLEM, [HONEST, SLOW, mutate, HONEST.replace(
            "BLOCK = 256", "BLOCK = 128")])
    assert honest.ok and slow.ok, (honest.reason, slow.reason)
    assert not mutated.ok
    assert after.ok, after.reason  # fresh copies: the doubled inputs were not handed on
    assert len(made) == 2  # once for the first three variants, once after the one that wrote its inputs
    # Each shared hold waits behind the neighbours' timed loops: a variant takes three, its requests' own nested in
    # them (its inputs shared, output poisoned, import and build; its first call and check; its timed output
    # compared and its memory freed), the screen one for its reference, one per input set shared and one at its end.
    assert gate.holds == 4 * 3 + 1 + 2 + 1


def _counting_gate():
    """A free gate counting the shared holds taken (the candidate process's requests' too) and the exclusive ones,
    not those nested in a hold already taken: on a GPU each shared hold waits behind the neighbours' timed loops,
    each exclusive one for their shared holds to drain."""
    import contextlib

    from autokernel.evaluate.gate import NullGate

    class Gate(NullGate):
        holds = exclusives = depth = 0

        @contextlib.contextmanager
        def _hold(self, kind: str):
            if self.depth == 0:
                setattr(self, kind, getattr(self, kind) + 1)
            self.depth += 1
            try:
                yield
            finally:
                self.depth -= 1

        def shared(self, at=""):
            return self._hold("holds")

        def exclusive(self):
            return self._hold("exclusives")

    return Gate()


def _recording_gate(order: list):
    import contextlib

    from autokernel.evaluate.gate import NullGate

    class Gate(NullGate):
        @contextlib.contextmanager
        def heavy(self, units=1):
            order.append(("heavy", units))
            yield

        @contextlib.contextmanager
        def alone(self):
            order.append(("alone",))
            yield

    return Gate()


def test_a_big_problems_screen_takes_its_slots_before_drawing_its_inputs(monkeypatch):
    # drawn first and slotted after, six screens of multi-GB level-1 problems met on an H100 and one ran out of
    # memory drawing its set; sized from shapes, the slots come before the draw, as the judge's do
    from autokernel.evaluate import judge, memory
    from autokernel.evaluate.reference import ReferenceSession, estimate_input_bytes

    order: list = []
    draw = ReferenceSession.trial
    monkeypatch.setattr(ReferenceSession, "trial", lambda self, *a, **k: order.append(("draw",)) or draw(self, *a, **k))
    monkeypatch.setattr(judge, "BIG_TRIAL_BYTES", 0)
    footprint = 2 * 2 * estimate_input_bytes(PROBLEM)  # twice inputs and an output as large
    monkeypatch.setattr(memory, "heavy_units", lambda fp, device_bytes, slots: fp / footprint)
    with Screener(_config(), gate=_recording_gate(order), sharers=2, prespawn=False) as screener:
        (honest,) = screener.screen(PROBLEM, [HONEST])
    assert honest.ok, honest.reason
    assert order[:2] == [("heavy", 1), ("draw",)], order


def test_a_screen_that_ran_out_of_memory_beside_neighbours_goes_on_alone(monkeypatch):
    # a harness failure ends the problem's search for the invocation; running out of memory beside neighbours
    # is theirs as much as its own, so the screen goes on with the device to itself, keeping what it screened
    from autokernel.evaluate.outcome import EvaluationError
    from autokernel.evaluate.reference import ReferenceSession

    order: list = []
    draw, draws = ReferenceSession.trial, []

    def trial(self, *a, **k):
        draws.append(1)
        if len(draws) == 1:
            raise EvaluationError("OutOfMemoryError: CUDA out of memory. Tried to allocate 6.00 GiB.")
        return draw(self, *a, **k)

    monkeypatch.setattr(ReferenceSession, "trial", trial)
    with Screener(_config(), gate=_recording_gate(order), sharers=2, prespawn=False) as screener:
        honest, slow = screener.screen(PROBLEM, [HONEST, SLOW])
        assert honest.ok and slow.ok, (honest.reason, slow.reason)
        assert ("alone",) in order and PROBLEM.digest in screener._alone
        del order[:]
        (again,) = screener.screen(PROBLEM, [HONEST])  # the problem's later screens: alone from the start
    assert again.ok and order[0] == ("alone",), order

    draws.clear()
    monkeypatch.setattr(ReferenceSession, "trial", lambda self, *a, **k: (_ for _ in ()).throw(
        EvaluationError("ValueError: not memory")))
    # any other failure is the harness's, as before
    with (Screener(_config(), gate=_recording_gate(order), sharers=2, prespawn=False) as screener,
          pytest.raises(EvaluationError, match="not memory")):
        screener.screen(PROBLEM, [HONEST])


def test_a_statically_rejected_variant_costs_no_process():
    with Screener(_config(), prespawn=False) as screener:
        (bad,) = screener.screen(PROBLEM, ["import torch\n"])  # no ModelNew
    assert not bad.ok and screener._spare is None


def test_the_screen_builds_the_judges_weights_and_draws_its_inputs_on_the_device():
    from autokernel.evaluate import Evaluator

    cfg = _config()
    from autokernel.evaluate.reference import ReferenceSession

    mine, judges = ReferenceSession.under(cfg, PROBLEM), Evaluator(cfg, prespawn=False)._reference(PROBLEM)
    assert mine.init_seed == judges.init_seed  # the same weights as the judge's reference
    # the screen's input set comes after KernelBench's CPU-drawn trials: the problem's own distribution, a
    # secret seed, drawn on the device (a screen ranks; gigabytes drawn on the CPU would take seconds a round)
    trial = mine.trial(len(mine.public_seeds), extra_distributions=False)
    assert trial.distribution == "problem" and trial.seed not in mine.public_seeds


def test_screen_results_round_trip_and_config_is_checked():
    r = ScreenResult(digest="ab", ok=True, reason="r", median_ms=1.5, compile_s=0.2)
    assert ScreenResult.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError):
        ScreenConfig(reps=0)
    with pytest.raises(ValueError):
        ScreenConfig(per_kernel_s=-1.0)
    # a file of many kernels compiles them all in its first call: its limit grows past the first twenty
    cfg = ScreenConfig(variant_timeout_s=60.0, per_kernel_s=1.0)
    assert cfg.timeout_for(3) == cfg.timeout_for(20) == 60.0 and cfg.timeout_for(258) == 298.0
    # a variant's loop: the whole budget until the control is timed, then at most 3x the control's loop
    assert ScreenConfig().loop_budget(None) == (2.0, 5)
    assert ScreenConfig().loop_budget(0.1) == (pytest.approx(0.3), 3)
    assert ScreenConfig().loop_budget(5.0) == (2.0, 3)
    assert ScreenConfig(cut=0).loop_budget(0.1) == (2.0, 5)
    for bad in ({"cut": 0.5}, {"cut": -1.0}, {"cut_min_calls": 0}):
        with pytest.raises(ValueError, match="cut"):
            ScreenConfig(**bad)
    with pytest.raises(ValueError, match="screen width"):
        SearchConfig(screen_width=-1)
    with pytest.raises(ValueError, match="judge_top"):
        SearchConfig(screen_width=8, judge_top=0)


class WideProposer:
    """Round 0: a slow (50x) kernel; later rounds: a fast one, a second slow one and a wrong one."""

    name = "wide"

    def __init__(self):
        self.asked: list[tuple[int, int]] = []

    def propose(self, problem, history: History, n_ideas, n_branches):
        self.asked.append((history.round, n_ideas * n_branches))
        if history.round == 0:
            return [Candidate(source=SLOW, proposer=self.name, idea="slow seed")]
        return [Candidate(source=s, proposer=self.name, round=history.round, branch=i, idea=idea)
                for i, (s, idea) in enumerate([(HONEST, "fast"), (redundant(60), "slower"), (WRONG, "wrong")])]


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def test_search_with_a_screen_judges_only_the_top_and_resumes_without_screening_again(tmp_path):
    cfg = _config()
    run = tmp_path / "run"
    backend = LocalBackend(cfg)
    try:
        def search(rounds, patience):
            ledger = Ledger(run, device="cpu", policy=cfg.ledger_policy())
            proposer = WideProposer()
            out = run_search([PROBLEM], proposer, backend, ledger,
                             SearchConfig(rounds=rounds, patience=patience, screen_width=8, judge_top=1),
                             progress=False, log=lambda m: None)
            return out.problems[0], proposer

        first, proposer = search(1, None)
        assert proposer.asked[1] == (1, 8)  # a proposer without propose_wide is asked for screen_width
        results = _rows(run / "results.jsonl")
        assert [r["idea"] for r in results] == ["slow seed", "fast"]  # only the screen's top went to the judge
        assert first.best.candidate.idea == "fast" and first.evaluated == 2 and first.screened == 3
        screens = _rows(run / SCREENS)
        variants = {r["idea"]: r for r in screens if r["kind"] == "variant"}
        assert set(variants) == {"fast", "slower", "wrong"}
        assert not variants["wrong"]["ok"] and variants["fast"]["ok"]
        (control,) = [r for r in screens if r["kind"] == "control"]
        assert control["idea"] == "slow seed" and variants["fast"]["median_ms"] < control["median_ms"]
        (rnd,) = [r for r in screens if r["kind"] == "round"]
        assert rnd["stages_s"]["call"] > 0 and rnd["stages_s"]["setup"] > 0  # the job's steps, summed
        assert rnd["judged"] == [variants["fast"]["candidate_digest"]] and rnd["screened"] == 3
        assert rnd["screen_s"] > 0  # the screen job's wall seconds (device time a panel counts)
        assert variants["wrong"]["candidate_digest"] not in {r["candidate_digest"] for r in results}

        # resumed for a second round: the same variants again; the judged one is dropped, the others answered
        # from screen.jsonl; none beats the new best ("fast", the control now), so nothing is judged
        second, _ = search(2, 1)
        assert second.screened == 0 and second.screen_reused == 2 and second.evaluated == 0
        assert second.stop_reason == "no screened variant beat the best kernel's screen time for 1 rounds"
        assert len(_rows(run / "results.jsonl")) == 2
        again = _rows(run / SCREENS)
        assert sum(r["kind"] == "variant" for r in again) == 3
        assert [r["control"] for r in again if r["kind"] == "round"][-1] == variants["fast"]["candidate_digest"]

        # resumed once more: the round that judged nothing is replayed from screen.jsonl, so the stop holds
        third, _ = search(3, 1)
        assert third.stop_reason == second.stop_reason and third.screened == 0
        assert len(_rows(run / SCREENS)) == len(again)
        assert ScreenLog(run, device="cpu", policy=cfg.ledger_policy()).count() == 3
    finally:
        backend.close()


class _JudgeOnly:
    """A backend without ``screen``: the search falls back to judging every candidate, and says so."""

    device = "cpu"
    workers = 1

    def submit(self, problem, candidate):
        fut: Future = Future()
        fut.set_result(Verdict(verdict="correct", reason="fixed for the test", speedup=1.0))
        return fut

    def close(self):
        pass


def test_a_variant_within_the_screen_tie_of_the_best_kernel_is_not_judged_for_beating_it(tmp_path):
    """A variant 0.2 % under the best kernel's screen time ties with it (`SearchConfig.screen_tie`, 0.5 %): on the
    recorded panels none judged so became a new best. One 1 % under it is judged; with a tie of 0 both are."""
    from autokernel.records import TimingStats

    class Scripted:  # screen and judge times from the candidate's text
        device, workers = "cpu", 1

        def __init__(self):
            self.judged: list[str] = []

        def screen(self, problem, candidates, lead=0):
            fut: Future = Future()
            fut.set_result([ScreenResult(digest=c.digest, ok=True, reason="",
                                         median_ms=float(re.search(r"# screen ([\d.]+)", c.source).group(1)))
                            for c in candidates])
            return fut

        def submit(self, problem, candidate):
            self.judged.append(candidate.idea)
            ms = float(re.search(r"# judge ([\d.]+)", candidate.source).group(1))
            t = TimingStats(median_ms=ms, mean_ms=ms, min_ms=ms, max_ms=ms, std_ms=0.0, ci95_low_ms=ms,
                            ci95_high_ms=ms, num_trials=3, method="scripted")
            fut: Future = Future()
            fut.set_result(Verdict(verdict="correct", reason="", speedup=2.0 / ms, kernel=t))
            return fut

        def close(self):
            pass

    class Ties:
        name = "ties"

        def propose(self, problem, history, n_ideas, n_branches):
            if history.round == 0:
                return [Candidate(source="class ModelNew: pass\n# screen 2.0\n# judge 2.0\n", idea="seed")]
            return [Candidate(source=f"class ModelNew: pass\n# screen {scr}\n# judge {ms}\n", idea=idea,
                              round=history.round, branch=i)
                    for i, (scr, ms, idea) in enumerate([(1.996, 1.9, "tie"), (1.98, 1.95, "beat"),
                                                         (2.5, 2.5, "slower")])]

    for tie, judged in ((0.005, ["seed", "beat"]), (0.0, ["seed", "beat", "tie"])):
        backend, run = Scripted(), tmp_path / f"run{tie}"
        run_search([PROBLEM], Ties(), backend, Ledger(run, device="cpu", policy={"tolerance": "kernelbench"}),
                   SearchConfig(rounds=1, patience=None, screen_width=8, judge_top=2, screen_tie=tie),
                   progress=False, log=lambda m: None)
        assert backend.judged == judged, tie
        (rnd,) = [r for r in _rows(run / SCREENS) if r["kind"] == "round"]
        assert rnd["beat_best"] == len(judged) - 1
    with pytest.raises(ValueError, match="screen tie"):
        SearchConfig(screen_tie=1.0)


def test_a_backend_that_cannot_screen_judges_everything(tmp_path):
    logs: list[str] = []
    ledger = Ledger(tmp_path / "run", device="cpu", policy={})
    out = run_search([PROBLEM], WideProposer(), _JudgeOnly(), ledger,
                     SearchConfig(rounds=1, patience=None, screen_width=8, judge_top=1), progress=False,
                     log=logs.append)
    assert any("does not screen" in line for line in logs)
    assert out.problems[0].evaluated == 4 and not (tmp_path / "run" / SCREENS).exists()


def test_the_tuner_offers_distinct_unscreened_variants_for_a_screen():
    from autokernel.propose.tuner import TunerProposer

    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=Verdict(verdict="correct", reason="", speedup=1.0))

    def wide(screened=frozenset()):
        history = History(attempts=[seed], seeds=[seed], round=1, screened=set(screened))
        return TunerProposer().propose_wide(problem, history, 16)

    first = wide()
    digests = [c.digest for c in first]
    assert len(digests) == len(set(digests)) == 16 and starter.digest not in digests
    assert any(c.idea.startswith("combine ") for c in first)  # single moves run out; combinations fill up
    assert [c.digest for c in wide()] == digests  # deterministic: a resumed run offers the same
    assert not set(digests[:4]) & {c.digest for c in wide(digests[:4])}  # screened variants are not offered again


def test_the_throughput_benchmark_runs_on_cpu(tmp_path):
    res = subprocess.run([sys.executable, "benchmarks/search_throughput.py", "autokernel/suite/relu_scale.py",
                          "--device", "cpu", "--variants", "3", "--judge", "2", "--trials", "2", "--perf-trials", "3",
                          "--rounds", "2", "--out", str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    data = json.loads((tmp_path / "throughput.json").read_text())
    # round 1: the starter and 3 variants; round 2: the starter again as its control and 3 new variants
    assert data["screen"]["variants"] == 8 and data["screen"]["per_device_hour"] > 0
    assert data["rounds"] == 2 and data["shared_kernels"] is False  # (the interpreter compiles nothing to share)
    assert data["judge"]["candidates"] == 2 and data["judge"]["per_device_hour"] > 0
    assert "spawn" in data["judge"]["stage_s_per_candidate"]
    assert "per_device_hour" in res.stdout and "judge seconds per candidate by stage" in res.stdout
    assert "screen seconds per variant by stage" in res.stdout and data["screen"]["stage_s_per_variant"]["call"] >= 0
    assert data["judge"]["complete"] and data["judge"]["planned"] == 2


def test_the_throughput_benchmark_keeps_its_figures_after_each_verdict():
    from benchmark_scripts import load

    throughput = load("search_throughput")
    saved: list[dict] = []
    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    result = throughput.measure([problem], _config(), variants=2, judge=2, workers_per_device=1, screen_reps=3,
                                log=lambda line: None, checkpoint=lambda r: saved.append(json.loads(json.dumps(r))))
    # after the screen phase, then after each of the two verdicts (a call cut off mid-phase keeps a judged rate)
    assert [(r["judge"]["candidates"], r["judge"]["complete"]) for r in saved] == [(0, False), (1, False), (2, True)]
    assert {r["judge"]["planned"] for r in saved} == {2} and saved[0]["judge"]["per_device_hour"] is None
    assert saved[1]["judge"]["per_device_hour"] > 0 and result["judge"]["candidates"] == 2


def test_the_throughput_benchmark_can_judge_the_starters_in_a_round_0_of_their_own():
    # each problem's first verdict times its baselines; a search pays that once, in round 0, so the judge phase's
    # rate is measured after it and round 0's is reported beside it
    from benchmark_scripts import load

    throughput = load("search_throughput")
    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    saved: list[dict] = []
    result = throughput.measure([problem], _config(), variants=2, judge=2, workers_per_device=1, screen_reps=3,
                                starters_first=True, log=lambda line: None,
                                checkpoint=lambda r: saved.append(json.loads(json.dumps(r))))
    # the screen's figures first (a call cut off in round 0 keeps them), then round 0's after its verdict
    assert "round0" not in saved[0] and saved[0]["screen"]["variants"] == 3
    assert saved[1]["round0"]["complete"] and saved[1]["judge"]["candidates"] == 0
    r0, judge = result["round0"], result["judge"]
    assert (r0["candidates"], r0["planned"], r0["harness_errors"]) == (1, 1, [])
    assert r0["per_device_hour"] > 0 and r0["baselines_s_median"] > 0  # the starter timed the baselines
    assert r0["stage_s_per_candidate"]["baselines"] == pytest.approx(r0["baselines_s_median"], abs=2e-3)
    assert judge["candidates"] == 1 and judge["planned"] == 1 and judge["complete"]
    assert judge["stage_s_per_candidate"].get("baselines", 0.0) < r0["baselines_s_median"]  # cached by then
    assert "round 0" in throughput.format_table(result)


def test_the_throughput_benchmark_goes_on_past_a_harness_error(monkeypatch):
    # an H100's judge ran out of memory on L1/30 beside its neighbours, even alone: the error ended the benchmark
    # and the verdicts in flight were lost; now it is counted in the problem's row and the other verdicts come
    from benchmark_scripts import load

    throughput = load("search_throughput")
    submit = LocalBackend.submit
    calls = []

    def failing_first(self, problem, candidate):
        calls.append(candidate.digest)
        if len(calls) == 1:
            failed: Future = Future()
            failed.set_exception(RuntimeError("OutOfMemoryError: CUDA out of memory." + " Process 1 has 518 MiB." * 50
                                              + " 48.00 GiB is reserved by PyTorch but unallocated."))
            return failed
        return submit(self, problem, candidate)

    monkeypatch.setattr(LocalBackend, "submit", failing_first)
    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    result = throughput.measure([problem], _config(), variants=2, judge=2, workers_per_device=1, screen_reps=3,
                                log=lambda line: None)
    assert len(calls) == 2 and result["judge"]["candidates"] == 1 and result["judge"]["harness_errors"] == 1
    assert result["judge"]["complete"] and result["judge"]["planned"] == 2
    (row,) = result["problems"]
    assert len(row["judged"]) == 1 and "out of memory" in row["harness_errors"][0]
    assert row["harness_errors"][0].endswith("reserved by PyTorch but unallocated.")  # what the allocator held


def test_the_throughput_benchmark_keeps_why_a_verdict_held_the_device_or_made_trial_0_again(monkeypatch):
    # a big problem's memory notes: which verdicts ran alone and which dropped trial 0 for want of room (an H100 run
    # of L1/30 kept neither, so which memory cut took 6 GiB off its timing set could not be told)
    from benchmark_scripts import load

    throughput = load("search_throughput")
    submit = LocalBackend.submit

    def noted(self, problem, candidate):
        outer: Future = Future()

        def done(inner):
            verdict = inner.result()
            verdict.policy["trial_0_made_again"] = "3.0 GiB of device memory left for a timing set"
            outer.set_result(verdict)

        submit(self, problem, candidate).add_done_callback(done)
        return outer

    monkeypatch.setattr(LocalBackend, "submit", noted)
    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    result = throughput.measure([problem], _config(), variants=2, judge=1, workers_per_device=1, screen_reps=3,
                                log=lambda line: None)
    (row,) = result["problems"]
    (judged,) = row["judged"]
    assert judged["trial_0_made_again"].startswith("3.0 GiB") and "judged_alone" not in judged


def test_the_throughput_benchmark_proposes_under_the_protocol_it_judges(monkeypatch):
    # some presets are offered under one protocol only: without it in the history, the TF32 conv presets that pass
    # KernelBench's TF32 reference were never screened, and every L1/50 and L1/70 variant failed on an H100
    from benchmark_scripts import load

    from autokernel.propose.tuner import TunerProposer

    throughput = load("search_throughput")
    seen = []
    wide = TunerProposer.propose_wide
    monkeypatch.setattr(TunerProposer, "propose_wide",
                        lambda self, problem, history, n: seen.append((history.protocol, history.tolerance))
                        or wide(self, problem, history, n))
    problem = Problem.from_file(REPO / "autokernel" / "suite" / "relu_scale.py")
    config = _config()
    throughput.measure([problem], config, variants=1, judge=0, workers_per_device=1, screen_reps=3,
                       log=lambda line: None)
    assert seen == [(config.protocol, config.tolerance)] and config.protocol


def test_the_warm_judging_rate_starts_after_each_workers_first_verdict():
    from benchmark_scripts import load

    warm_rate = load("search_throughput").warm_rate
    # two workers: their first verdicts (at 30 and 31 s) pay the start; four more came over the next 20 s
    figures = warm_rate([31.0, 30.0, 36.0, 41.0, 46.0, 51.0], workers=2, devices=1)
    assert figures == {"warm_candidates": 4, "warm_wall_s": 20.0, "warm_per_device_hour": 720.0}
    assert warm_rate([30.0, 31.0, 36.0], workers=2, devices=1) == {}  # one verdict after them: no span to rate
    assert warm_rate([30.0, 31.0, 36.0, 41.0], workers=2, devices=2)["warm_per_device_hour"] == 360.0


def test_a_variant_the_proposer_must_have_judged_is_judged_when_it_passes(tmp_path):
    """``judge_when_passed`` (the tuner's: today's starter in a resumed run, a seed to build on): judged beside the
    screen's fastest though slower than them; a variant that fails the screen is not judged all the same."""
    cfg = _config()
    backend = LocalBackend(cfg)

    class MustJudge(WideProposer):
        judge_when_passed = {Candidate(source=redundant(60)).digest, Candidate(source=WRONG).digest}

    try:
        ledger = Ledger(tmp_path / "run", device="cpu", policy=cfg.ledger_policy())
        out = run_search([PROBLEM], MustJudge(), backend, ledger,
                         SearchConfig(rounds=1, patience=None, screen_width=8, judge_top=1), progress=False,
                         log=lambda m: None)
        assert [r["idea"] for r in _rows(tmp_path / "run" / "results.jsonl")] == ["slow seed", "fast", "slower"]
        assert out.problems[0].evaluated == 3
    finally:
        backend.close()


def test_a_screen_begins_no_variant_after_the_runs_stop_and_the_next_round_screens_them(tmp_path):
    """`ScreenConfig.stop_at` (a run's --stop-after): the control is screened, the variants not begun are left
    out of screen.jsonl and proposed again by a later invocation. A level-3 round outlasted a call by minutes and
    lost everything it had screened when the call was killed."""
    import time as _time

    with Screener(_config(), ScreenConfig(stop_at=_time.time() - 1.0), prespawn=False) as screener:
        assert [r.ok for r in screener.screen(PROBLEM, [HONEST, SLOW, WRONG])] == [True]  # the first only

    cfg = _config()
    run = tmp_path / "run"

    def search(rounds, screen):
        backend = LocalBackend(cfg, screen=screen)
        try:
            ledger = Ledger(run, device="cpu", policy=cfg.ledger_policy())
            return run_search([PROBLEM], WideProposer(), backend, ledger,
                              SearchConfig(rounds=rounds, screen_width=8, judge_top=1), progress=False,
                              log=lambda m: None).problems[0]
        finally:
            backend.close()

    stopped = search(1, ScreenConfig(stop_at=_time.time() - 1.0))
    assert stopped.screened == 0 and stopped.evaluated == 1  # round 0's seed judged; round 1 screened its control
    (rnd,) = [r for r in _rows(run / SCREENS) if r["kind"] == "round"]
    assert rnd["left_by_stop"] == 3 and rnd["screened"] == 0 and rnd["judged"] == []
    assert not [r for r in _rows(run / SCREENS) if r["kind"] == "variant"]
    resumed = search(2, None)
    assert resumed.screened == 3  # the same three variants, proposed again and screened now
    assert [r["idea"] for r in _rows(run / "results.jsonl")] == ["slow seed", "fast"]


def test_a_stop_during_a_screen_leaves_its_chosen_queued_and_the_next_invocation_judges_them(tmp_path):
    """The run's stop comes while a round screens: the round records which variants it sends to the judge
    (``queued``, their sources saved) and ends without judging them, so the run stops after the screen instead of
    after judges of minutes; the next invocation judges them before it proposes anything (a call cut off while they
    were judged lost them: they were screened, so never proposed again). A thin copy keeps their sources."""
    import time as _time

    from autokernel.search.thin import thin_copy

    cfg = _config()
    run = tmp_path / "run"

    class SlowScreen:
        """The local backend, its screens outlasting the run's --stop-after."""

        def __init__(self, inner, hold_s):
            self.inner, self.hold_s = inner, hold_s
            self.workers, self.device = inner.workers, inner.device

        def submit(self, problem, candidate):
            return self.inner.submit(problem, candidate)

        def screen(self, problem, candidates, lead=0):
            results = self.inner.screen(problem, candidates, lead=lead).result()
            _time.sleep(self.hold_s)
            done: Future = Future()
            done.set_result(results)
            return done

    def search(rounds, *, hold_s=0.0, stop_after_s=None):
        backend = LocalBackend(cfg)
        try:
            ledger = Ledger(run, device="cpu", policy=cfg.ledger_policy())
            return run_search([PROBLEM], WideProposer(), SlowScreen(backend, hold_s), ledger,
                              SearchConfig(rounds=rounds, patience=None, screen_width=8, judge_top=1),
                              progress=False, log=lambda m: None, stop_after_s=stop_after_s).problems[0]
        finally:
            backend.close()

    assert search(0).evaluated == 1  # round 0: the slow seed, judged
    stopped = search(1, hold_s=2.0, stop_after_s=1.0)
    assert stopped.screened == 3 and stopped.evaluated == 0 and "--stop-after" in stopped.stop_reason
    (rnd,) = [r for r in _rows(run / SCREENS) if r["kind"] == "round"]
    fast = Candidate(source=HONEST).digest
    assert rnd["judged"] == [fast] and [q["candidate_digest"] for q in rnd["queued"]] == [fast]
    assert rnd["queued"][0]["idea"] == "fast"
    assert [r["idea"] for r in _rows(run / "results.jsonl")] == ["slow seed"]

    # the moves replay reads a run directory with a queued variant (judging nothing, leaving it as it was): the
    # proposer's three variants were screened, so none is new
    from autokernel.search.headroom import moves_left

    before = {f: f.read_bytes() for f in run.rglob("*") if f.is_file()}
    (left,) = moves_left(run, lambda rows, screen_rows: WideProposer(), width=8, max_rounds=2)
    assert (left.next_round, left.rounds, left.variants) == (2, 0, 0)
    assert {f: f.read_bytes() for f in run.rglob("*") if f.is_file()} == before

    thin = tmp_path / "thin"
    thin_copy(run, thin)
    assert list((thin / "candidates").glob(f"*/{fast}.py"))  # queued: kept though it has no verdict yet

    resumed = search(1)  # round 1 is the last: the queue is judged, nothing new is proposed
    assert resumed.evaluated == 1 and resumed.screened == 0
    rows = _rows(run / "results.jsonl")
    assert [(r["idea"], r["round"], r["proposer"]) for r in rows] == [("slow seed", 0, "wide"), ("fast", 1, "wide")]
    assert resumed.best.candidate.digest == fast  # the queued verdict joined the replay: it is the best
    assert search(1).evaluated == 0  # judged once


def test_a_screen_round_offers_its_batch_to_compile_ahead_with_the_control_marked_by_the_proposer(tmp_path):
    """The search hands each screen's batch to the backend's `precompile` before screening it, the control first
    and, when the proposer `owns` it (read back from the ledger, which keeps no flag), marked as our own code."""
    cfg = _config()
    asked: list[list[tuple[str, bool]]] = []

    class Recording(LocalBackend):
        def precompile(self, problem, candidates):
            asked.append([(c.digest, c.own_code) for c in candidates])
            return super().precompile(problem, candidates)  # nothing: no helpers on the CPU

    class Owning(WideProposer):
        def owns(self, problem, candidate, history):
            return candidate.source == SLOW

    backend = Recording(cfg, compile_ahead=2)
    try:
        ledger = Ledger(tmp_path / "run", device="cpu", policy=cfg.ledger_policy())
        run_search([PROBLEM], Owning(), backend, ledger, SearchConfig(rounds=1, patience=None, screen_width=8,
                                                                      judge_top=1), progress=False, log=lambda m: None)
    finally:
        backend.close()
    slow = Candidate(source=SLOW).digest
    assert asked and asked[0][0] == (slow, True)  # the control: the round-0 seed, owned
    assert [d for d, _ in asked[0][1:]] == [Candidate(source=s).digest for s in (HONEST, redundant(60), WRONG)]
    assert not any(own for _, own in asked[0][1:])


def test_a_line_behind_a_foreign_seed_takes_its_steps_through_stepping_stones(tmp_path):
    """The problem's best is another proposer's kernel; the proposer's own line starts behind it. Its best is screened
    beside the best, and the fastest variant descending from the line that beats it (not the best) is judged all
    the same (``stepping_stones``), so it can become a seed; a faster variant of the foreign kernel's is not, nor
    one slower than the line's best. With ``stepping_stones=0`` nothing that misses the best is judged."""
    from autokernel.propose.base import Lineage

    foreign, own = Candidate(source=HONEST), Candidate(source=redundant(60))

    class Line:
        name = "line"

        def propose(self, problem, history, n_ideas, n_branches):
            if history.round == 0:
                return [Candidate(source=HONEST, proposer="other", idea="foreign best"),
                        Candidate(source=redundant(60), proposer=self.name, idea="own seed")]
            return [Candidate(source=s, proposer=self.name, round=history.round, branch=i, parent=parent, idea=idea)
                    for i, (s, parent, idea) in enumerate([(redundant(20), own.digest, "own step"),
                                                           (redundant(200), own.digest, "own slower"),
                                                           (redundant(30), foreign.digest, "foreign's step")])]

        def lineage(self, problem, history):
            mine = [a for a in history.attempts if a.candidate.proposer == self.name and a.is_correct]
            return Lineage(best=mine[0].candidate, seeds=frozenset({mine[0].candidate.digest})) if mine else None

    cfg = _config()
    backend = LocalBackend(cfg)
    try:
        for stones, judged in ((1, ["foreign best", "own seed", "own step"]), (0, ["foreign best", "own seed"])):
            run = tmp_path / f"run{stones}"
            ledger = Ledger(run, device="cpu", policy=cfg.ledger_policy())
            out = run_search([PROBLEM], Line(), backend, ledger,
                             SearchConfig(rounds=1, patience=None, screen_width=8, judge_top=1,
                                          stepping_stones=stones), progress=False, log=lambda m: None)
            assert [r["idea"] for r in _rows(run / "results.jsonl")] == judged
            assert out.problems[0].best.candidate.digest == foreign.digest
            screens = _rows(run / SCREENS)
            assert {r["idea"] for r in screens if r["kind"] == "control"} == ({"foreign best", "own seed"} if stones
                                                                              else {"foreign best"})
            (rnd,) = [r for r in screens if r["kind"] == "round"]
            assert rnd["beat_best"] == 0
            if stones:
                assert rnd["line_best"] == own.digest and rnd["line_ms"] > 0 and rnd["line_seeds"] == [own.digest]
                assert rnd["stepping_stones"] == [Candidate(source=redundant(20)).digest]
                # how near a variant came (the tuner's dead settings): the line's against the line's best
                ratios = {idea: r for idea, r, _ in ScreenLog(run, device="cpu", policy=cfg.ledger_policy())
                          .ratios(PROBLEM)}
                assert ratios["own step"] < 1 < ratios["foreign's step"]
            else:
                assert "line_best" not in rnd
    finally:
        backend.close()


def test_a_line_gone_flat_is_still_screened_but_its_stepping_stones_are_not_judged(tmp_path):
    """A line whose latest verdicts, ``line_patience`` in a row, made it no faster by ``min_gain`` (`Lineage.stale`)
    gets no stepping stone: its best is still screened (the bar of its variants' ratios), the round row says how
    stale it was, and a variant that beats the problem's best would still be judged. Two stale verdicts under a
    patience of three, or a patience of 0, judge the stone as before."""
    from autokernel.propose.base import Lineage

    with pytest.raises(ValueError, match="line patience"):
        SearchConfig(line_patience=-1)

    foreign, own = Candidate(source=HONEST), Candidate(source=redundant(60))

    class Flat:
        name = "line"

        def __init__(self, times):
            self.times = times

        def propose(self, problem, history, n_ideas, n_branches):
            if history.round == 0:
                return [Candidate(source=HONEST, proposer="other", idea="foreign best"),
                        Candidate(source=redundant(60), proposer=self.name, idea="own seed")]
            return [Candidate(source=s, proposer=self.name, round=history.round, branch=i, parent=own.digest,
                              idea=idea) for i, (s, idea) in enumerate([(redundant(20), "own step"),
                                                                        (redundant(200), "own slower")])]

        def lineage(self, problem, history):
            return Lineage(best=own, seeds=frozenset({own.digest}), times=self.times)

    cfg = _config()
    backend = LocalBackend(cfg)
    try:
        for name, times, patience, stone in (("flat", (5.0, 5.0, 4.99, None), 3, False),
                                             ("two", (5.0, 5.0, 4.99), 3, True),
                                             ("never", (5.0, 5.0, 4.99, None), 0, True)):
            run = tmp_path / name
            ledger = Ledger(run, device="cpu", policy=cfg.ledger_policy())
            run_search([PROBLEM], Flat(times), backend, ledger,
                       SearchConfig(rounds=1, patience=None, screen_width=8, judge_top=1, line_patience=patience),
                       progress=False, log=lambda m: None)
            ideas = [r["idea"] for r in _rows(run / "results.jsonl")]
            assert ideas == ["foreign best", "own seed"] + (["own step"] if stone else []), name
            screens = _rows(run / SCREENS)
            (rnd,) = [r for r in screens if r["kind"] == "round"]
            assert rnd["line_best"] == own.digest and rnd["line_ms"] > 0  # screened all the same
            assert {r["candidate_digest"] for r in screens if r["kind"] == "control"} == {foreign.digest, own.digest}
            assert rnd["stepping_stones"] == ([Candidate(source=redundant(20)).digest] if stone else [])
            assert rnd.get("line_flat") == (None if stone else 3), name
    finally:
        backend.close()


def test_a_variant_judged_on_resume_is_marked_our_own_where_the_proposer_owns_it(tmp_path):
    """A run directory keeps no `Candidate.own_code`: candidates read back for the judge (a screen's queue) are
    marked again by the proposer's `owns`, asked against the problem's recorded attempts."""
    from autokernel.search.loop import _own_marked

    cfg = _config()
    ledger = Ledger(tmp_path / "run", device="cpu", policy=cfg.ledger_policy())
    seen: list[int] = []

    class Owning:
        def owns(self, problem, candidate, history):
            seen.append(len(history.attempts))
            return candidate.source == HONEST

    mine, theirs = Candidate(source=HONEST), Candidate(source=SLOW)
    marked = _own_marked(PROBLEM, [mine, theirs], Owning(), ledger, History(device="cpu"))
    assert [c.own_code for c in marked] == [True, False] and seen == [0, 0]
    assert _own_marked(PROBLEM, [theirs], object(), ledger, History()) == [theirs]  # a proposer without `owns`


def test_the_timed_steps_parts_take_the_processes_word_only_within_the_judges_clock():
    from autokernel.evaluate.screen import _time_parts

    seconds: dict[str, float] = {}
    _time_parts(seconds, {"ok": True, "setup_s": float("nan"), "loop_s": 99.0}, 0.25, -1.0)
    assert seconds == {"time/gate_wait": 0.0, "time/command": 0.25, "time/loop": 0.25}
    _time_parts(seconds, {"ok": False, "setup_s": "soon"}, 0.1, 0.5)
    assert seconds["time/gate_wait"] == 0.5 and "time/setup" not in seconds


def test_a_variant_that_runs_out_of_memory_beside_neighbours_is_screened_again_alone():
    # on an H100, 25 screens at once: all 17 of L1/30's variants failed "torch.OutOfMemoryError in the forward pass",
    # recorded as their own failures; beside neighbours it may be theirs, so the variant and the rest go alone
    from autokernel.evaluate.screen import ALONE_NOTE

    order: list = []
    oom = HONEST.replace(FIRST_LINE, "        import torch\n"
                                     "        raise torch.OutOfMemoryError('CUDA out of memory. Tried to allocate 6 GiB')")
    with Screener(_config(), gate=_recording_gate(order), sharers=2, prespawn=False) as screener:
        honest, failed, slow = screener.screen(PROBLEM, [HONEST, oom, SLOW])
        assert honest.ok and slow.ok, (honest.reason, slow.reason)
        assert not failed.ok and "OutOfMemoryError" in failed.reason  # alone too: its own, then
        assert order.count(("alone",)) == 1 and PROBLEM.digest in screener._alone
        assert ALONE_NOTE not in honest.reason and ALONE_NOTE in failed.reason and ALONE_NOTE in slow.reason
    order.clear()
    with Screener(_config(), gate=_recording_gate(order), sharers=1, prespawn=False) as screener:
        _, failed = screener.screen(PROBLEM, [HONEST, oom])  # a lone screen has no neighbours to blame
        assert not failed.ok and "OutOfMemoryError" in failed.reason and ("alone",) not in order


def test_a_batch_is_timed_in_one_exclusive_hold_with_the_same_results_in_order():
    # each exclusive hold waits for the neighbours' shared holds to drain (0.2 s a variant on an H100's light level-1
    # screens, its loop 0.07 s): a batch's variants are checked one by one, then timed back to back in one hold
    wider = HONEST.replace("BLOCK = 256", "BLOCK = 128")
    mutate = HONEST.replace(FIRST_LINE, "        x.mul_(2.0)\n" + FIRST_LINE)
    cands = [HONEST, SLOW, WRONG, wider, mutate, HONEST.replace("BLOCK = 256", "BLOCK = 512")]
    got = {}
    for batch in (1, 4):
        gate = _counting_gate()
        with Screener(_config(), ScreenConfig(variant_timeout_s=30.0, batch=batch), gate=gate, sharers=2,
                      prespawn=False) as screener:
            got[batch] = screener.screen(PROBLEM, cands), gate.exclusives
    (one, one_holds), (four, four_holds) = got[1], got[4]
    assert [r.digest for r in four] == [Candidate(source=c).digest for c in cands]
    assert [r.ok for r in four] == [r.ok for r in one] == [True, True, False, True, False, True], \
        [r.reason for r in four]
    assert four[1].median_ms > 2 * four[0].median_ms  # ranked as one by one
    assert one_holds == 4 and four_holds == 1  # four timed: one hold each, or one for the batch's four checked
    # each variant's wait and steps are its own; the checked ones were timed
    assert all("time" in r.stages_s for r in four if r.ok) and "time" not in four[2].stages_s


def test_a_crash_in_a_batch_sends_the_variants_loaded_beside_it_through_again():
    # the checked variants of a batch live in its process: when a later one crashes at its first call, they are
    # loaded again in the fresh process and timed there; the crash is the crashing variant's alone
    cands = [HONEST, SLOW, CRASH, HONEST.replace("BLOCK = 256", "BLOCK = 128")]
    with Screener(_config(), ScreenConfig(variant_timeout_s=30.0, batch=3), sharers=2, prespawn=False) as screener:
        honest, slow, crash, after = screener.screen(PROBLEM, cands)
        assert screener.restarts == 1
    assert honest.ok and slow.ok and after.ok, (honest.reason, slow.reason, after.reason)
    assert not crash.ok and "crashed" in crash.reason
    assert slow.median_ms > 2 * honest.median_ms


def test_a_screen_batch_is_at_least_one():
    with pytest.raises(ValueError, match="batch"):
        ScreenConfig(batch=0)


def test_a_crash_in_a_batchs_timing_sends_the_untimed_rest_through_again():
    # a variant right on its checked call that dies in its timed loop: the ones timed before it keep their results,
    # the ones after it are loaded again in a fresh process
    dies_timed = HONEST.replace(FIRST_LINE, "        import os\n        calls = getattr(os, '_akb_calls', 0) + 1\n"
                                            "        setattr(os, '_akb_calls', calls)\n"
                                            "        if calls > 1:\n            getattr(os, '_exit')(4)\n" + FIRST_LINE)
    cands = [HONEST, dies_timed, SLOW]
    with Screener(_config(), ScreenConfig(variant_timeout_s=30.0, batch=3), sharers=2, prespawn=False) as screener:
        honest, died, slow = screener.screen(PROBLEM, cands)
        assert screener.restarts == 1
    assert honest.ok and slow.ok, (honest.reason, slow.reason)
    assert not died.ok and "crashed" in died.reason and "time" in died.stages_s
    assert slow.median_ms > 2 * honest.median_ms
