"""Close calls judged again (`SearchConfig.recheck`): a round's fastest kernel that beats the best by less than the
recheck fraction is judged a second time, and its second verdict stands: the fastest of many readings is the
luckiest. Judged by a scripted backend whose readings of a candidate are given in turn."""

from __future__ import annotations

import json
import re
from concurrent.futures import Future

import pytest

from autokernel.ledger import Ledger
from autokernel.problem import Problem
from autokernel.records import Candidate, TimingStats, Verdict
from autokernel.search import SearchConfig
from autokernel.search.loop import run_search
from autokernel.search.summary import format_summary

SRC = (
    "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n"
    "def get_inputs():\n    return [torch.ones(4)]\ndef get_init_inputs():\n    return []\n"
)
POLICY = {"tolerance": "kernelbench"}


class Readings:
    """Verdicts from the candidate's text: ``# reads A B ...``: the speedup of its first verdict, its second, ...
    (``x`` an incorrect one, ``!`` an evaluation that fails, ``~`` after a number a disturbed reading); the last
    repeats."""

    device = "cpu"
    workers = 1

    def __init__(self):
        self.judged: list[str] = []

    def submit(self, problem, candidate) -> Future:
        readings = re.search(r"# reads (.*)", candidate.source).group(1).split()
        n = sum(1 for idea in self.judged if idea == candidate.idea)
        self.judged.append(candidate.idea)
        value = readings[min(n, len(readings) - 1)]
        fut: Future = Future()
        if value == "!":  # the evaluation abandoned (a run's grace spent: the backend closed under it)
            fut.set_exception(RuntimeError("backend closed"))
            return fut
        if value == "x":
            fut.set_result(Verdict(verdict="incorrect", reason="values differ"))
            return fut
        speedup = float(value.rstrip("~"))
        ms = 1.0 / speedup  # "~": a disturbed reading, its median 25 % above its fastest call
        fastest = ms / 1.25 if value.endswith("~") else ms * 0.99
        fut.set_result(Verdict(verdict="correct", reason="", speedup=speedup, kernel=TimingStats(
            median_ms=ms, mean_ms=ms, min_ms=fastest, max_ms=ms * 1.5, std_ms=0.0, ci95_low_ms=ms, ci95_high_ms=ms,
            num_trials=100, method="scripted")))
        return fut

    def close(self) -> None:
        pass


class Rounds:
    """Round r proposes the candidates ``rounds[r]`` (their readings), then has no new ideas."""

    name = "rounds"

    def __init__(self, rounds):
        self.rounds = rounds

    def propose(self, problem, history, n_ideas, n_branches):
        if history.round >= len(self.rounds):
            return []
        return [Candidate(source=f"class ModelNew: pass\n# reads {reads}\n", proposer=self.name, round=history.round,
                          branch=i, idea=f"r{history.round}b{i}") for i, reads in enumerate(self.rounds[history.round])]


def _search(run, rounds, backend=None, **config):
    backend = backend or Readings()
    ledger = Ledger(run, device="cpu", policy=POLICY, use_git=False)
    config = SearchConfig(rounds=len(rounds) - 1, **{"patience": None, "recheck": 0.05, **config})  # the GPU's band
    out = run_search([Problem.from_source(SRC, name="a")], Rounds(rounds), backend, ledger, config, progress=False,
                     log=lambda m: None)
    return out.problems[0], backend, out


def _rows(run):
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]


def test_a_close_winner_is_judged_again_and_its_second_reading_stands(tmp_path):
    # round 1: "r1b0" reads 1.03 (a close call: 3 % over the best), then 1.004 (a tie); round 2: 1.2, clear of it
    p, backend, run = _search(tmp_path, [["1.0"], ["1.03 1.004", "0.9"], ["1.2 1.0"]])
    assert backend.judged == ["r0b0", "r1b0", "r1b1", "r1b0", "r2b0"]  # the clear winner is not judged again
    assert p.best.candidate.idea == "r2b0" and p.best.verdict.speedup == 1.2
    assert p.rechecked == 1 and p.evaluated == 4 and p.correct == 4
    rows = _rows(tmp_path)
    seen = [(r["idea"], r["verdict"]["speedup"], r.get("recheck", False)) for r in rows]
    assert sorted(seen) == [("r0b0", 1.0, False), ("r1b0", 1.004, True), ("r1b0", 1.03, False),
                            ("r1b1", 0.9, False), ("r2b0", 1.2, False)]
    assert seen.index(("r1b0", 1.03, False)) < seen.index(("r1b0", 1.004, True))  # the second reading is the latest
    assert "candidates_rechecked: 1" in format_summary(run)

    # resumed: the second reading is the candidate's (the ledger's latest row); nothing is judged again
    again, backend, _ = _search(tmp_path, [["1.0"], ["1.03 1.004", "0.9"], ["1.2 1.0"], ["1.1"]])
    assert backend.judged == ["r3b0"] and again.best.candidate.idea == "r2b0"
    assert again.correct == 5 and again.rechecked == 0


def test_a_close_call_that_holds_leads_and_one_that_fails_is_no_seed(tmp_path):
    p, backend, _ = _search(tmp_path / "holds", [["1.0"], ["1.03 1.025"]])
    assert p.best.candidate.idea == "r1b0" and p.best.verdict.speedup == 1.025  # the second reading, not 1.03
    best = json.loads((tmp_path / "holds" / "problems" / "a" / "best.json").read_text())
    assert best["speedup"] == 1.025

    # incorrect the second time: not correct, so never the best; the round's next leads if it beats the best
    p, backend, _ = _search(tmp_path / "flaky", [["1.0"], ["1.04 x", "1.02 1.001"]])
    assert backend.judged == ["r0b0", "r1b0", "r1b1", "r1b0", "r1b1"]  # the next close call judged in its turn
    assert p.best.candidate.idea == "r0b0" and p.correct == 2 and p.rechecked == 2


def test_a_disturbed_second_reading_is_read_once_more_and_the_third_stands(tmp_path):
    from autokernel.ledger import standing_rows

    # r1b0: 1.03 first, then 0.8 with its median 25 % above its fastest call (half its calls slowed), then 1.025
    p, backend, _ = _search(tmp_path, [["1.0"], ["1.03 0.8~ 1.025"]])
    assert backend.judged == ["r0b0", "r1b0", "r1b0", "r1b0"] and p.rechecked == 2
    assert p.best.candidate.idea == "r1b0" and p.best.verdict.speedup == 1.025
    assert [r["verdict"]["speedup"] for r in standing_rows(_rows(tmp_path)) if r["idea"] == "r1b0"] == [1.025]
    # a steady slow second reading is not read again: it stands and the close call is dropped
    p, backend, _ = _search(tmp_path / "steady", [["1.0"], ["1.03 0.8 1.025"]])
    assert backend.judged == ["r0b0", "r1b0", "r1b0"] and p.best.candidate.idea == "r0b0" and p.rechecked == 1


@pytest.mark.parametrize("second, holds", [("1.004", False), ("1.025", True)])
def test_a_close_call_cut_before_its_second_verdict_is_judged_again_on_resume(tmp_path, second, holds):
    backend = Readings()  # one backend across the invocations: its count of each candidate's readings goes on
    rounds = [["1.0"], [f"1.03 ! {second}", "0.9"], ["0.95"]]
    cut, _, _ = _search(tmp_path, rounds[:2], backend)
    assert cut.best.verdict.speedup == 1.03 and "a close call was not judged again" in " ".join(cut.notes)
    assert json.loads((tmp_path / "problems" / "a" / "best.json").read_text())["speedup"] == 1.03

    again, _, _ = _search(tmp_path, rounds, backend, patience=1)
    assert again.rechecked == 1 and again.best.candidate.idea == ("r1b0" if holds else "r0b0")
    best = json.loads((tmp_path / "problems" / "a" / "best.json").read_text())
    assert best["speedup"] == (float(second) if holds else 1.0) and best["idea"] == again.best.candidate.idea
    assert ("r1b0", float(second), True) in [(r["idea"], r["verdict"]["speedup"], r.get("recheck", False))
                                            for r in _rows(tmp_path)]
    # round 1 no longer improving is a stale round: patience 1 is spent before round 2; a gain that held goes on
    judged = ["r0b0", "r1b0", "r1b1", "r1b0", "r1b0"] + (["r2b0"] if holds else [])
    assert backend.judged == judged and again.rounds_used == (2 if holds else 1)

    # resumed once more: its second verdict stands, so it is not judged a third time
    third, _, _ = _search(tmp_path, rounds, backend, patience=1)
    assert backend.judged == judged and third.rechecked == 0 and third.best.candidate.idea == again.best.candidate.idea


@pytest.mark.parametrize("third, holds", [("1.004", False), ("1.025", True)])
def test_a_third_reading_cut_by_the_stop_is_read_on_resume(tmp_path, third, holds):
    backend = Readings()  # one backend across the invocations: its count of each candidate's readings goes on
    rounds = [["1.0"], [f"1.03 0.8~ ! {third}", "0.9"], ["0.95"]]
    cut, _, _ = _search(tmp_path, rounds[:2], backend)
    assert "a close call was not judged again" in " ".join(cut.notes)
    # the round took the first reading; the ledger's latest row is the disturbed second
    assert json.loads((tmp_path / "problems" / "a" / "best.json").read_text())["speedup"] == 1.03

    again, _, _ = _search(tmp_path, rounds, backend, patience=1)
    assert again.rechecked == 1 and again.best.candidate.idea == ("r1b0" if holds else "r0b0")
    best = json.loads((tmp_path / "problems" / "a" / "best.json").read_text())
    assert best["speedup"] == (float(third) if holds else 1.0) and best["idea"] == again.best.candidate.idea
    readings = [(r["verdict"]["speedup"], r.get("recheck", False)) for r in _rows(tmp_path) if r["idea"] == "r1b0"]
    assert readings == [(1.03, False), (0.8, True), (float(third), True)]
    # round 1 without a gain stays a stale round (patience 1 spent before round 2); a gain that held goes on
    judged = ["r0b0", "r1b0", "r1b1", "r1b0", "r1b0", "r1b0"] + (["r2b0"] if holds else [])
    assert backend.judged == judged and again.rounds_used == (2 if holds else 1)

    # resumed once more: the third reading stands; nothing is read again
    fourth, _, _ = _search(tmp_path, rounds, backend, patience=1)
    assert backend.judged == judged and fourth.rechecked == 0 and fourth.best.candidate.idea == again.best.candidate.idea


@pytest.mark.parametrize("recheck", [0.0, 0.02])
def test_off_or_a_narrower_band_judges_each_candidate_once(tmp_path, recheck):
    p, backend, _ = _search(tmp_path, [["1.0"], ["1.03 1.0"]], recheck=recheck)
    assert backend.judged == ["r0b0", "r1b0"] and p.best.verdict.speedup == 1.03 and p.rechecked == 0


def test_the_band_is_a_fraction_and_off_on_cpu_unless_asked():
    with pytest.raises(ValueError, match="recheck must be a fraction"):
        SearchConfig(recheck=1.5)
    assert SearchConfig().recheck_on("cuda") == 0.05 and SearchConfig().recheck_on("cpu") == 0.0
    assert SearchConfig(recheck=0.03).recheck_on("cpu") == 0.03 and SearchConfig(recheck=0).recheck_on("cuda") == 0


def test_a_cpu_search_judges_each_candidate_once_by_default(tmp_path):
    p, backend, _ = _search(tmp_path, [["1.0"], ["1.03 1.0"]], recheck=None)
    assert backend.judged == ["r0b0", "r1b0"] and p.rechecked == 0


def test_scores_tables_and_the_move_prior_read_a_close_calls_second_verdict(tmp_path):
    from autokernel.ledger import standing_rows
    from autokernel.propose.prior import MovePrior
    from kb.runs import run_rows

    _search(tmp_path, [["1.0"], ["1.03 1.004", "0.9"]])
    rows = _rows(tmp_path)
    kept = standing_rows(rows)
    assert len(rows) == 4 and [(r["idea"], r["verdict"]["speedup"]) for r in kept if r["idea"] == "r1b0"] == [
        ("r1b0", 1.004)]
    assert [r["verdict"]["speedup"] for r in run_rows(tmp_path) if r["idea"] == "r1b0"] == [1.004]
    rejudged = [{**rows[0], "experiment": 9}]  # a re-judge (not a recheck) keeps both rows, as before
    assert len(standing_rows(rows + rejudged)) == 4
    # the move prior counts a rechecked child once
    parent, child = ({"problem": "p", "candidate_digest": d, "cache_key": d, "verdict": {"verdict": "correct",
                      "kernel": {"median_ms": ms}}} for d, ms in (("a", 1.0), ("b", 0.9)))
    child.update(parent="a", idea="set BLOCK_SIZE 512 -> 1024")
    again = {**child, "recheck": True, "verdict": {"verdict": "correct", "kernel": {"median_ms": 0.99}}}
    assert MovePrior.from_rows([parent, child, again]).judged == 1


def test_a_candidate_judged_again_under_another_policy_is_not_rechecked_under_this_one(tmp_path):
    from autokernel.propose.base import Attempt

    problem = Problem.from_source(SRC, name="a")
    cand = Candidate(source="class ModelNew: pass\n", idea="k")
    verdict = Verdict(verdict="correct", reason="", speedup=1.0)
    other = Ledger(tmp_path, device="cpu", policy={"tolerance": "legacy"}, use_git=False)
    other.record(problem, Attempt(candidate=cand, verdict=verdict), recheck=True)
    assert other.rechecked(problem) == {cand.digest}
    this = Ledger(tmp_path, device="cpu", policy=POLICY, use_git=False)
    assert this.rechecked(problem) == set()
    this.record(problem, Attempt(candidate=cand, verdict=verdict))
    assert this.rechecked(problem) == set()
    this.record(problem, Attempt(candidate=cand, verdict=verdict), recheck=True)
    assert this.rechecked(problem) == {cand.digest}
