"""autokernel.search.confirm: a search's round-0 best and best judged again in turns (a scripted judge), their
readings kept in confirm.jsonl, and the gain read as the ratio of the turns' medians."""

from __future__ import annotations

import json

import pytest

from autokernel.problem import Problem
from autokernel.records import Candidate, TimingStats, Verdict
from autokernel.search.confirm import ConfirmLog, Reading, confirmed, judge_in_turns, pair_key, turns_done

PROBLEM = Problem(name="relu", source="x = 1\n")
ROUND0, BEST = Candidate(source="# round 0\n"), Candidate(source="# best\n")


def _stats(ms: float) -> TimingStats:
    return TimingStats(median_ms=ms, mean_ms=ms, min_ms=ms, max_ms=ms, std_ms=0.0, ci95_low_ms=ms, ci95_high_ms=ms,
                       num_trials=10, method="scripted")


def _judge(times: dict[str, list[float]], seen: list[str]):
    """A judge answering each candidate's next time in turn (0: an incorrect verdict)."""
    def judge(problem, cand):
        role = "round0" if cand.digest == ROUND0.digest else "best"
        seen.append(role)
        ms = times[role].pop(0)
        if not ms:
            return Verdict(verdict="incorrect", reason="wrong output", device="cpu", protocol="kernelbench")
        return Verdict(verdict="correct", reason="ok", kernel=_stats(ms), eager=_stats(10.0), device="cpu",
                       protocol="kernelbench")
    return judge


def test_the_pair_is_judged_in_turns_each_going_first_every_other_turn():
    seen: list[str] = []
    judge = _judge({"round0": [2.0, 2.2, 2.1], "best": [1.0, 1.1, 1.05]}, seen)
    readings = list(judge_in_turns(PROBLEM, ROUND0, BEST, judge, 3))
    assert seen == ["round0", "best", "best", "round0", "round0", "best"]
    assert [(r.turn, r.role) for r in readings] == [(0, "round0"), (0, "best"), (1, "best"), (1, "round0"),
                                                    (2, "round0"), (2, "best")]
    assert {r.pair for r in readings} == {pair_key(ROUND0.digest, BEST.digest)}
    assert all(r.protocol == "kernelbench" and r.eager_ms == 10.0 for r in readings)
    # a resumed confirmation starts at its next turn, keeping the order: turn 3 puts the best first
    seen.clear()
    again = list(judge_in_turns(PROBLEM, ROUND0, BEST, _judge({"round0": [2.0], "best": [1.0]}, seen), 1,
                                first_turn=3))
    assert seen == ["best", "round0"] and {r.turn for r in again} == {3}


def test_a_disturbed_reading_is_read_once_more_and_the_later_stands(tmp_path):
    import dataclasses

    seen: list[str] = []
    plain = _judge({"round0": [2.0, 2.1], "best": [1.3, 1.0, 1.05]}, seen)

    device = "cuda:0"

    def judge(problem, cand):  # the best's first reading disturbed: its median 30 % above its fastest call
        v = dataclasses.replace(plain(problem, cand), device=device)
        if len(seen) == 2:
            return dataclasses.replace(v, kernel=dataclasses.replace(v.kernel, min_ms=1.0))
        return v

    readings = list(judge_in_turns(PROBLEM, ROUND0, BEST, judge, 2))
    assert seen == ["round0", "best", "best", "best", "round0"]  # read again at once, once
    assert [(r.turn, r.role, r.kernel_ms, r.again) for r in readings] == [
        (0, "round0", 2.0, False), (0, "best", 1.3, False), (0, "best", 1.0, True), (1, "best", 1.05, False),
        (1, "round0", 2.1, False)]
    (c,) = confirmed(readings).values()
    assert c.turns == 2 and c.best_ms == pytest.approx(1.025) and c.ratios == (2.0, pytest.approx(2.1 / 1.05))
    log = ConfirmLog(tmp_path)  # both readings kept; the log read back gives the same confirmation
    for r in readings:
        log.record(r)
    assert [r.again for r in log.readings()] == [False, False, True, False, False]
    assert confirmed(log.readings()) == confirmed(readings)
    assert turns_done(log.readings(), PROBLEM.key, readings[0].pair) == 2
    # not on CPU, where verdicts time the interpreter: each reading stands
    seen.clear()
    plain, device = _judge({"round0": [2.0], "best": [1.3, 1.0]}, seen), "cpu"
    readings = list(judge_in_turns(PROBLEM, ROUND0, BEST, judge, 1))
    assert seen == ["round0", "best"] and [r.kernel_ms for r in readings] == [2.0, 1.3]


def _reading(role: str, turn: int, ms: float | None, verdict: str = "correct", pair: str = "a:b") -> Reading:
    return Reading(problem="L3/26", role=role, candidate_digest=role, pair=pair, turn=turn, verdict=verdict,
                   kernel_ms=ms, eager_ms=8.5, reason="", protocol="kernelbench")


def test_the_gain_is_the_ratio_of_the_turns_medians_and_clear_only_when_every_turn_agrees():
    clear = [_reading("round0", 0, 7.2), _reading("best", 0, 6.6), _reading("round0", 1, 7.4),
             _reading("best", 1, 6.5), _reading("round0", 2, 7.0), _reading("best", 2, 6.9)]
    (c,) = confirmed(clear).values()
    assert c.turns == 3 and c.round0_ms == 7.2 and c.best_ms == 6.6 and c.gain == pytest.approx(7.2 / 6.6)
    assert c.ratios == pytest.approx((7.2 / 6.6, 7.4 / 6.5, 7.0 / 6.9)) and c.clear
    assert "1.091x (7.2 / 6.6 ms, medians of 3 turns; each turn 1.014-1.138: clear of the noise)" in c.line()
    (one,) = confirmed(clear[:2]).values()  # one turn: no spread, never "clear"
    assert not one.clear and one.line() == "L3/26: 1.091x (7.2 / 6.6 ms, one turn: no spread to judge it by)"
    # one turn the other way: the gain stands inside the turns' noise, a tie
    tie = [*clear[:4], _reading("round0", 2, 6.6), _reading("best", 2, 6.9)]
    (c,) = confirmed(tie).values()
    assert c.gain > 1 and not c.clear and "inside the noise: a tie" in c.line()
    # every turn on one side, but by less than the step the search counts (L1/30's pair on an H100): a tie
    near = [_reading("round0", t, 4.28 + t * 0.01) for t in range(3)]
    near += [_reading("best", t, r.kernel_ms / q) for t, (r, q) in enumerate(zip(near, (0.994, 0.999, 0.996)))]
    (c,) = confirmed(near).values()
    assert c.gain == pytest.approx(0.996, abs=1e-3) and c.tie and not c.clear
    assert "each turn 0.994-0.999: within 1% of 1: a tie" in c.line()
    # a turn with one reading (a call cut off between them) is not counted; the next turn to judge is that one
    cut = [*clear[:4], _reading("round0", 2, 6.0)]
    (c,) = confirmed(cut).values()
    assert c.turns == 2 and turns_done(cut, "L3/26", "a:b") == 2 and turns_done(clear, "L3/26", "a:b") == 3
    assert turns_done(clear, "L3/26", "other:pair") == 0


def test_a_kernel_that_fails_a_confirmation_is_not_confirmed():
    readings = [_reading("round0", 0, 7.2), _reading("best", 0, 6.6), _reading("round0", 1, 7.4),
                _reading("best", 1, None, verdict="incorrect")]
    (c,) = confirmed(readings).values()
    assert c.failed == 1 and c.gain is None and not c.clear
    assert c.line() == "L3/26: not confirmed, 1 reading(s) not correct or untimed of 1 complete turn(s)"
    # a failure with no complete turn at all still shows
    (c,) = confirmed([_reading("best", 0, None, verdict="runtime_error")]).values()
    assert c.turns == 0 and c.gain is None and c.failed == 1


def test_the_log_keeps_readings_as_judged_and_skips_a_torn_line(tmp_path):
    log = ConfirmLog(tmp_path)
    assert log.readings() == []
    first = _reading("round0", 0, 7.2)
    log.record(first)
    with open(log.path, "a") as fh:
        fh.write('{"problem": "L3/26", "role": "be')  # a call cut off mid-write
    log.record(_reading("best", 0, 6.6))
    assert [r.role for r in log.readings()] == ["round0", "best"] and log.readings()[0] == first
    assert "recorded_at" in json.loads(log.path.read_text().splitlines()[0])
