"""`autokernel.search.line_replay`: the recorded stepping stones a line patience would have left out."""

from __future__ import annotations

import json

from autokernel.search.line_replay import replay


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _verdict(digest, ms):
    kind = "correct" if ms else "incorrect"
    return {"candidate_digest": digest, "verdict": {"verdict": kind, "kernel": {"median_ms": ms} if ms else None}}


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

    l210, l334 = replay(tmp_path, patience=3)
    assert l210.problem == "L2/10" and [s[2] for s in l210.stones] == [False, False, False, True, True]
    assert l210.left_out == 2 and l210.steps_left_out == 1  # 8.20 would have been a step: the price, counted
    # 6.0 a step; 6.1, 5.9 (1.7 % under 6.0: a step), 5.95, 5.96, then the failure counts as the third stale verdict
    assert [s[3] for s in l334.stones] == [True, False, True, False, False, False]
    assert l334.left_out == 0 and l334.stones[-1][1] is None
    assert [s.left_out for s in replay(tmp_path, patience=0)] == [0, 0]  # never
    assert replay(tmp_path, patience=2)[1].left_out == 1  # 5.95, 5.96: the failure is left out
