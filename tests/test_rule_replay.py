"""`autokernel.search.rule_replay`: the recorded verdicts a line patience or a screen tie would have left out."""

from __future__ import annotations

import json

from benchmark_scripts import load

from autokernel.search.rule_replay import stones, ties


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _verdict(digest, ms, problem="L2/10"):
    kind = "correct" if ms else "incorrect"
    return {"candidate_digest": digest, "problem": problem,
            "verdict": {"verdict": kind, "kernel": {"median_ms": ms} if ms else None}}


def test_a_flat_line_leaves_its_later_stones_out_and_a_stepping_line_keeps_them(tmp_path):
    # L2/10's shape on the H100: the line at 8.71 ms, stones within 1 % of it; a stepping line beside it
    flat = [("s1", 8.68), ("s2", 8.70), ("s3", 8.60), ("s4", 8.20), ("s5", 8.65)]
    stepping = [("t1", 6.0), ("t2", 6.1), ("t3", 5.9), ("t4", 5.95), ("t5", 5.96)]
    _write(tmp_path / "results.jsonl", [_verdict("line", 8.71), _verdict("tline", 6.5)]
           + [_verdict(d, ms) for d, ms in flat + stepping] + [_verdict("fail", None)])
    rounds = [{"kind": "round", "problem": "L2/10", "round": i + 1, "line_best": "line", "stepping_stones": [d]}
              for i, (d, _) in enumerate(flat)]
    rounds += [{"kind": "round", "problem": "L3/34", "round": i + 1, "line_best": "tline", "stepping_stones": [d]}
               for i, (d, _) in enumerate(stepping)]
    rounds += [{"kind": "round", "problem": "L3/34", "round": 9, "line_best": "tline", "stepping_stones": ["fail"]},
               {"kind": "round", "problem": "L1/1", "round": 1, "line_best": "x", "stepping_stones": []}]
    _write(tmp_path / "screen.jsonl", rounds)

    l210, l334 = stones(tmp_path, patience=3)
    assert l210.problem == "L2/10" and [r[3] for r in l210.rows] == [False, False, False, True, True]
    assert l210.left_out == 2 and l210.steps_left_out == 1  # 8.20 would have been a step: the price, counted
    # 6.0 a step; 6.1, 5.9 (1.7 % under 6.0: a step), 5.95, 5.96, then the failure counts as the third stale verdict
    assert [r[4] for r in l334.rows] == [True, False, True, False, False, False] and l334.steps == 2
    assert l334.left_out == 0 and l334.rows[-1][2] is None
    assert [p.left_out for p in stones(tmp_path, patience=0)] == [0, 0]  # never
    assert stones(tmp_path, patience=2)[1].left_out == 1  # 5.95, 5.96: the failure is left out


def test_a_screen_tie_leaves_out_the_variants_judged_within_it_of_their_control(tmp_path):
    # the control screened at 2.0 ms each round; the best before: 1.70 ms (judged)
    judged = [("a", 1.80, 1.65), ("b", 1.995, 1.60), ("c", 1.985, 1.72), ("must", 2.2, 1.75), ("stone", 1.5, 1.9)]
    _write(tmp_path / "results.jsonl", [_verdict("best", 1.70, "L2/30")]
           + [_verdict(d, ms, "L2/30") for d, _, ms in judged])
    variants = [{"kind": "variant", "problem": "L2/30", "candidate_digest": d, "median_ms": scr}
                for d, scr, _ in judged]
    rounds = [{"kind": "round", "problem": "L2/30", "round": 1, "control_ms": 2.0, "judged": ["a", "b", "must"]},
              {"kind": "round", "problem": "L2/30", "round": 2, "control_ms": 2.0, "judged": ["c", "stone", "gone"],
               "stepping_stones": ["stone"]},
              {"kind": "round", "problem": "L2/30", "round": 3, "control_ms": None, "judged": ["a"]}]
    _write(tmp_path / "screen.jsonl", variants + rounds)

    (p,) = ties(tmp_path, tie=0.005)
    # a (0.90 of its control) and c (0.9925) judged; b (0.9975) left out, though it was a new best: the price, counted
    assert [(r[0], round(r[1], 4), r[3], r[4]) for r in p.rows] == [(1, 0.9, False, True), (1, 0.9975, True, True),
                                                                  (2, 0.9925, False, False)]
    assert p.left_out == 1 and p.steps_left_out == 1 and p.steps == 2
    assert ties(tmp_path, tie=0.01)[0].left_out == 2 and ties(tmp_path, tie=0.0)[0].left_out == 0


def test_the_panel_prints_both_replays_and_refuses_a_folder_without_screens(tmp_path, capsys):
    test_a_screen_tie_leaves_out_the_variants_judged_within_it_of_their_control(tmp_path)
    panel = load("search_panel")
    assert panel.main(["ties", str(tmp_path), "--screen-tie", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "r1@0.998:1.600+x" in out and out.splitlines()[-1] == ("all: 3 judged, 2 left out, 1 of them steps, "
                                                                 "2 steps in all")
    assert panel.main(["stones", str(tmp_path)]) == 0  # one stone, its line's best not recorded: no step
    assert capsys.readouterr().out.splitlines()[-1] == "all: 1 stones, 0 left out, 0 of them steps, 0 steps in all"
    assert panel.main(["ties", str(tmp_path / "nothing")]) == 2
    assert "nothing has no screen.jsonl: give a screened run directory" in capsys.readouterr().err
