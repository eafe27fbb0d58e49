"""A round's screen split between idle workers (`autokernel.search.split_screen`): the parts, their merge onto the
first part's control, and a CPU search whose screens ran in two worker processes at once."""

from __future__ import annotations

import json
from concurrent.futures import CancelledError, Future
from types import SimpleNamespace

import pytest
from test_screen import HONEST, PROBLEM, SLOW, WRONG, _config, redundant

from autokernel.evaluate import EvaluationError
from autokernel.evaluate.screen import ScreenResult
from autokernel.ledger import Ledger
from autokernel.ledger.screens import SCREENS
from autokernel.records import Candidate
from autokernel.search import SearchConfig, split_screen
from autokernel.search.backend import LocalBackend
from autokernel.search.loop import run_search


def _cands(*names):
    return [SimpleNamespace(digest=n) for n in names]


def _ok(digest, ms, **stages):
    return ScreenResult(digest=digest, ok=True, reason="screened", median_ms=ms, stages_s=dict(stages) or None)


def test_a_screen_is_split_only_where_each_part_keeps_enough_variants():
    assert split_screen.parts_for(16, idle=5) == 4  # four variants a part at least
    assert split_screen.parts_for(16, idle=2) == 2
    assert split_screen.parts_for(7, idle=5) == 1 and split_screen.parts_for(8, idle=5) == 2
    assert split_screen.parts_for(16, idle=0) == 1 and split_screen.parts_for(0, idle=6) == 1


def test_each_part_leads_with_the_controls_and_takes_early_and_late_variants_alike():
    parts = split_screen.split(["best", "line", "v0", "v1", "v2", "v3", "v4"], lead=2, parts=2)
    assert parts == [["best", "line", "v0", "v2", "v4"], ["best", "line", "v1", "v3"]]


def test_the_merge_puts_each_parts_variants_on_the_first_parts_control_and_keeps_the_candidates_order():
    cands = _cands("ctl", "a", "b", "c", "d", "e")
    first = [_ok("ctl", 2.0, setup=1.0, call=0.5), _ok("a", 1.0), _ok("c", 3.0),
             ScreenResult(digest="e", ok=False, reason="wrong output")]
    second = [_ok("ctl", 2.5, setup=0.75), _ok("b", 2.0), _ok("d", 5.0)]  # its process timed the control slower
    merged = split_screen.merge(cands, 1, [first, second])
    assert [r.digest for r in merged] == ["ctl", "a", "b", "c", "d", "e"]
    assert merged[0].median_ms == 2.0 and merged[0].stages_s == {"setup": 1.75, "call": 0.5}  # both parts' seconds
    assert [r.median_ms for r in merged[1:4]] == [1.0, pytest.approx(1.6), 3.0]  # b: 2.0 x 2.0 / 2.5
    assert "part 2 of 2 beside its own control, 2.5 ms; times scaled by 0.8000" in merged[2].reason
    assert merged[1].reason == "screened" and not merged[5].ok
    # a part whose control was not timed keeps its own times and says so; a part cut short merges what it has
    untimed = [ScreenResult(digest="ctl", ok=False, reason="crashed"), _ok("b", 2.0)]
    merged = split_screen.merge(cands, 1, [first, untimed])
    assert [r.digest for r in merged] == ["ctl", "a", "b", "c", "e"] and merged[2].median_ms == 2.0
    assert "its control untimed: its own times" in merged[2].reason


def _done(value=None, exc=None, cancelled=False) -> Future:
    f: Future = Future()
    if cancelled:
        f.cancel()
    elif exc is not None:
        f.set_exception(exc)
    else:
        f.set_result(value)
    return f


def test_a_later_part_dropped_unstarted_adds_nothing_and_a_failing_part_fails_the_screen():
    cands = _cands("ctl", "a", "b")
    first = [_ok("ctl", 2.0), _ok("a", 1.0)]
    out = split_screen.gather(cands, 1, [_done(first), _done(cancelled=True)])
    assert [r.digest for r in out.result(timeout=1)] == ["ctl", "a"]  # b: not begun, proposed again later
    with pytest.raises(EvaluationError):
        split_screen.gather(cands, 1, [_done(first), _done(exc=EvaluationError("worker died"))]).result(timeout=1)
    with pytest.raises(CancelledError):
        split_screen.gather(cands, 1, [_done(cancelled=True), _done(first)]).result(timeout=1)
    pending: Future = Future()
    out = split_screen.gather(cands, 1, [_done(first), pending])
    assert not out.done()
    pending.set_result([_ok("ctl", 2.0), _ok("b", 1.5)])
    assert [r.median_ms for r in out.result(timeout=1)] == [2.0, 1.0, 1.5]


class _EightVariants:
    """Round 0: the slow seed; round 1: eight variants (one fast, six slower, one wrong)."""

    name = "eight"

    def propose(self, problem, history, n_ideas, n_branches):
        if history.round == 0:
            return [Candidate(source=SLOW, proposer=self.name, idea="slow seed")]
        sources = [(HONEST, "fast")] + [(redundant(5 + 10 * i), f"slower {i}") for i in range(6)] + [(WRONG, "wrong")]
        return [Candidate(source=s, proposer=self.name, round=history.round, branch=i, idea=idea)
                for i, (s, idea) in enumerate(sources)]


def test_a_search_of_one_problem_splits_its_screen_between_idle_workers(tmp_path):
    # one problem, three workers, --split-screens: the round's eight variants went to two of them, each beside the
    # control, and the round judged the fastest as one worker's screen would have
    cfg = _config()
    run = tmp_path / "run"
    backend = LocalBackend(cfg, workers_per_device=3, split_screens=True)
    try:
        ledger = Ledger(run, device="cpu", policy=cfg.ledger_policy())
        out = run_search([PROBLEM], _EightVariants(), backend, ledger,
                         SearchConfig(rounds=1, patience=None, screen_width=8, judge_top=1),
                         progress=False, log=lambda m: None).problems[0]
    finally:
        backend.close()
    rows = [json.loads(line) for line in (run / SCREENS).read_text().splitlines()]
    variants = {r["idea"]: r for r in rows if r["kind"] == "variant"}
    assert len(variants) == 8 and out.screened == 8
    split = [r for r in variants.values() if "screened in part 2 of 2" in r["reason"]]
    assert len(split) == 4  # every second variant, the first part's scale noted
    assert not variants["wrong"]["ok"] and all(variants[f"slower {i}"]["ok"] for i in range(6))
    assert out.best.candidate.idea == "fast" and out.evaluated == 2
    (rnd,) = [r for r in rows if r["kind"] == "round"]
    assert rnd["screened"] == 8 and rnd["judged"] == [variants["fast"]["candidate_digest"]]


def test_without_split_screens_a_screen_stays_one_workers_job(tmp_path):
    cfg = _config()
    backend = LocalBackend(cfg, workers_per_device=2)
    try:
        cands = [Candidate(source=SLOW)] + [Candidate(source=redundant(5 + i)) for i in range(8)]
        results = backend.screen(PROBLEM, cands, lead=1).result(timeout=600)
    finally:
        backend.close()
    assert [r.digest for r in results] == [c.digest for c in cands]
    assert not any("screened in part" in r.reason for r in results)


def test_split_screens_is_refused_with_the_ray_backend_before_anything_is_written(tmp_path):
    from autokernel.search.session import RunConfig

    with pytest.raises(ValueError, match="--split-screens is for the local backend only"):
        RunConfig(out=tmp_path / "run", backend="ray", split_screens=True)
    assert not (tmp_path / "run").exists()
    assert RunConfig(out=tmp_path / "run", split_screens=True).split_screens
