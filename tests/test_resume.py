"""A resumed run is a pure resume: finished problems get no new candidates, unfinished ones go on from their last
recorded round, and the summary agrees with the ledger (counts and best.json). Judged by a scripted backend, so
the search's own bookkeeping is what is tested."""

from __future__ import annotations

import itertools
import json
import re
from concurrent.futures import Future

from autokernel.ledger import Ledger
from autokernel.problem import Problem
from autokernel.records import Candidate, Verdict
from autokernel.search import SearchConfig
from autokernel.search.loop import run_search
from autokernel.search.summary import format_summary

SRC = (
    "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n"
    "def get_inputs():\n    return [torch.ones(4)]\ndef get_init_inputs():\n    return []\n"
)
POLICY = {"tolerance": "kernelbench"}


class ScriptedBackend:
    """Verdicts from the candidate's text: ``# speedup X`` is correct at X, ``# timeout`` times out."""

    device = "cpu"
    workers = 1

    def __init__(self):
        self.judged: list[str] = []

    def submit(self, problem, candidate) -> Future:
        self.judged.append(candidate.idea)
        fut: Future = Future()
        m = re.search(r"# speedup ([\d.]+)", candidate.source)
        if "# timeout" in candidate.source:
            fut.set_result(Verdict(verdict="timeout", reason="the candidate did not finish within 120 s"))
        else:
            fut.set_result(Verdict(verdict="correct", reason="", speedup=float(m.group(1))))
        return fut

    def close(self) -> None:
        pass


_PROPOSERS = itertools.count()  # a token per FreshIdeas: id() is reused once an earlier proposer is collected


class FreshIdeas:
    """Like an LLM (or the tuner with a prior from the run's rows): each call proposes candidates never seen."""

    name = "fresh"

    def __init__(self, speeds=(1.0, 1.5, 1.2, 2.0, 1.1, 1.3, 0.9, 1.4), *, timeout: bool = False, dry_after=None):
        self.token = next(_PROPOSERS)
        self.speeds = itertools.cycle(speeds)
        self.calls = itertools.count()
        self.timeout = timeout
        self.dry_after = dry_after  # rounds after which it has no new ideas

    def propose(self, problem, history, n_ideas, n_branches):
        if self.dry_after is not None and history.round > self.dry_after:
            return []
        if history.round > 0 and not history.seeds:
            return []  # as the tuner: nothing correct to vary
        out = []
        for i in range(1 if history.round == 0 else n_ideas):
            n = next(self.calls)
            body = "# timeout" if self.timeout else f"# speedup {next(self.speeds)}"
            out.append(Candidate(source=f"class ModelNew: pass\n{body}\n# {self.token} {n}\n", proposer=self.name,
                                 round=history.round, branch=i, idea=f"idea {n} of proposer {self.token}"))
        return out


def _search(run, problems, proposer, config, **kw):
    backend = ScriptedBackend()
    ledger = Ledger(run, device="cpu", policy=POLICY, use_git=False)
    out = run_search(problems, proposer, backend, ledger, config, progress=False, log=lambda m: None, **kw)
    return out, backend


def _rows(run):
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]


def _summary_value(text: str, key: str) -> str:
    return re.search(rf"^{key}: (.*)$", text, re.M).group(1)


def test_a_resumed_run_judges_nothing_new_for_finished_problems(tmp_path):
    run = tmp_path / "run"
    problems = [Problem.from_source(SRC, name="a"), Problem.from_source(SRC + "# b\n", name="b")]
    config = SearchConfig(rounds=2, ideas_per_round=2, branches_per_idea=1, patience=None)
    first, _ = _search(run, problems, FreshIdeas(), config)
    assert [p.stop_reason for p in first.problems] == ["rounds exhausted (2)"] * 2
    before = _rows(run)

    again, backend = _search(run, problems, FreshIdeas(speeds=(9.0,)), config)
    assert backend.judged == []  # the fresh proposer was never asked: both problems were finished
    assert _rows(run) == before
    assert [p.stop_reason for p in again.problems] == ["rounds exhausted (2)"] * 2
    text = format_summary(again)
    assert _summary_value(text, "candidates_evaluated") == "0"
    assert _summary_value(text, "candidates_total") == str(len(before)) == _summary_value(text, "candidates_from_ledger")
    assert _summary_value(text, "candidates_correct") == str(sum(r["verdict"]["verdict"] == "correct" for r in before))
    for p in again.problems:
        best = json.loads((run / "problems" / p.name / "best.json").read_text())
        assert p.best.verdict.speedup == best["speedup"] == max(r["verdict"]["speedup"] for r in before
                                                                 if r["problem"] == p.problem)
        assert re.search(rf"^{p.problem}\s+\S+\s+{best['speedup']:.3g}x\s+2\s+5\s+5\s+0\s+rounds exhausted", text, re.M), text


def test_a_resumed_run_goes_on_from_the_last_recorded_round(tmp_path):
    run = tmp_path / "run"
    problem = Problem.from_source(SRC, name="a")
    _search(run, [problem], FreshIdeas(), SearchConfig(rounds=1, ideas_per_round=2, branches_per_idea=1,
                                                       patience=None))
    assert [r["round"] for r in _rows(run)] == [0, 1, 1]
    out, backend = _search(run, [problem], FreshIdeas(speeds=(3.0,)),
                           SearchConfig(rounds=3, ideas_per_round=2, branches_per_idea=1, patience=None))
    assert [r["round"] for r in _rows(run)] == [0, 1, 1, 2, 2, 3, 3]  # rounds 2 and 3 only, no second starter
    (p,) = out.problems
    assert p.evaluated == 4 and p.reused == 3 and p.correct == 7 and p.rounds_used == 3
    assert p.best.verdict.speedup == 3.0 and len(backend.judged) == 4


def test_patience_spent_in_an_earlier_invocation_stays_spent(tmp_path):
    run = tmp_path / "run"
    problem = Problem.from_source(SRC, name="a")
    config = SearchConfig(rounds=5, ideas_per_round=1, branches_per_idea=1, patience=2)
    first, _ = _search(run, [problem], FreshIdeas(speeds=(2.0, 1.0, 1.0)), config)
    assert first.problems[0].stop_reason == "no improvement for 2 rounds"
    again, backend = _search(run, [problem], FreshIdeas(speeds=(5.0,)), config)
    assert backend.judged == [] and again.problems[0].stop_reason == "no improvement for 2 rounds"


def test_a_proposer_out_of_ideas_is_not_asked_again_on_resume(tmp_path):
    run = tmp_path / "run"
    problem = Problem.from_source(SRC, name="a")
    config = SearchConfig(rounds=4, ideas_per_round=1, branches_per_idea=1, patience=None)
    first, _ = _search(run, [problem], FreshIdeas(dry_after=1), config)
    assert first.problems[0].stop_reason == "proposer has no new ideas"
    again, backend = _search(run, [problem], FreshIdeas(), config)
    assert backend.judged == [] and again.problems[0].stop_reason == "proposer has no new ideas"


def test_a_proposer_with_new_moves_is_asked_again_where_an_older_one_had_no_ideas(tmp_path):
    """A proposer's ``revision`` (the tuner's: raised when its moves change) is part of what a final stop was
    decided on: a resume under a later revision asks again, one under the same revision does not."""
    run = tmp_path / "run"
    problem = Problem.from_source(SRC, name="a")
    config = SearchConfig(rounds=4, ideas_per_round=1, branches_per_idea=1, patience=None)
    first, _ = _search(run, [problem], FreshIdeas(dry_after=1), config)
    assert first.problems[0].stop_reason == "proposer has no new ideas"
    newer = FreshIdeas()
    newer.revision = 2
    again, backend = _search(run, [problem], newer, config)
    assert backend.judged and again.problems[0].stop_reason == "rounds exhausted (4)"
    newer = FreshIdeas(dry_after=0)
    newer.revision = 3
    _search(run, [problem], newer, SearchConfig(rounds=6, ideas_per_round=1, branches_per_idea=1, patience=None))
    same = FreshIdeas()
    same.revision = 3
    third, backend = _search(run, [problem], same, SearchConfig(rounds=6, ideas_per_round=1, branches_per_idea=1,
                                                                 patience=None))
    assert backend.judged == [] and third.problems[0].stop_reason == "proposer has no new ideas"


def test_timeouts_are_named_not_blamed_on_the_proposer(tmp_path):
    out, _ = _search(tmp_path / "run", [Problem.from_source(SRC, name="a")], FreshIdeas(timeout=True),
                     SearchConfig(rounds=3, patience=None))
    reason = out.problems[0].stop_reason
    assert reason.startswith("no correct kernel to build on (1 timeout)") and "--scale" in reason, reason


def test_problems_a_stopped_run_never_started_share_one_summary_line(tmp_path):
    problems = [Problem.from_source(SRC + f"# {i}\n", name=f"p{i}") for i in range(30)]
    out, _ = _search(tmp_path / "run", problems, FreshIdeas(), SearchConfig(rounds=1), stop_after_s=0.0)
    text = format_summary(out)
    assert text.count("run stopped") == 1, text
    assert "30 problems not started (p0, p1, p2, p3, p4, p5, p6, p7 and 22 more): run stopped (--stop-after 0 s)" in text


class TodaysCode:
    """As the tuner after a template change: round 0 in earlier code; later, while no seed is in today's code, only
    today's starter (judged whenever it passes the screen); then one move of today's code a round."""

    name = "today"

    def __init__(self):
        self.judge_when_passed: set[str] = set()

    def propose(self, problem, history, n_ideas, n_branches):
        if history.round == 0:
            return [Candidate(source="class ModelNew: pass\n# speedup 1.0\n# earlier code\n", proposer=self.name)]
        today = [a for a in history.seeds if "# today" in a.candidate.source]
        if not today:
            restart = Candidate(source="class ModelNew: pass\n# speedup 1.0\n# today\n", proposer=self.name,
                                round=history.round, idea="today's starter")
            self.judge_when_passed.add(restart.digest)
            return [restart]
        return [Candidate(source=f"class ModelNew: pass\n# speedup 1.0\n# today\n# move {history.round}\n",
                          proposer=self.name, round=history.round, idea=f"move {history.round}")]


def test_the_moves_replay_counts_the_moves_after_code_a_round_must_judge(tmp_path):
    """`search.headroom.moves_left`: today's starter after a template change is judged whenever it passes the
    screen, so the replay counts it as judged (at the best kernel's time) and goes on counting the moves from it;
    counted as merely screened, the problem would read as one round from the end."""
    from autokernel.search.headroom import moves_left

    run = tmp_path / "run"
    _search(run, [Problem.from_source(SRC, name="a")], TodaysCode(), SearchConfig(rounds=0, patience=None))
    (left,) = moves_left(run, lambda rows, screen_rows: TodaysCode(), width=4, max_rounds=5)
    assert (left.next_round, left.rounds, left.variants, left.first) == (1, 5, 5, 1)
