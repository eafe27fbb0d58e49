"""benchmarks/judge_stages.py: the stage table and the shared holds, from recorded verdicts."""

import json

from benchmark_scripts import load


def _write(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"cut off')


def test_stages_and_holds_are_tabled_from_a_run_directory(tmp_path, capsys):
    stages = load("judge_stages")
    rows = [{"recorded_at": i, "verdict": {"wall_s": 10.0 + i, "stages_s": {
        "reference": 1.0 + i, "gate_wait": 2.0, "gate_wait/shared": 1.5,
        "gate_hold/_correctness:450": 0.5 * (i + 1), "gate_holds/_correctness:450": 5.0,
        "gate_hold/candidate:call": 3.0, "gate_holds/candidate:call": 2.0}}} for i in range(3)]
    _write(tmp_path / "run" / "results.jsonl", rows)
    _write(tmp_path / "other" / "sub" / "results.jsonl", [{"recorded_at": 0, "verdict": {"wall_s": 4.0,
                                                                                        "stages_s": {"spawn": 0.1}}}])
    got = stages.verdicts(tmp_path / "run")
    assert [r["at"] for r in got] == [0, 1, 2] and stages.verdicts(tmp_path / "run", last=1)[0]["at"] == 2
    table = stages.stage_table(got)
    assert table["reference"] == (2.0, 2.0, 3) and table["wall"] == (11.0, 11.0, 3)
    assert not any(k.startswith("gate_hold") for k in table)  # the holds have their own table
    holds = stages.hold_table(got)
    assert [h[0] for h in holds] == ["candidate:call", "_correctness:450"]  # most held first
    assert holds[0][1:] == (3.0, 2.0, 1.5) and holds[1][1] == 1.0 and holds[1][3] == 0.2
    assert stages.main(["--runs", f"a={tmp_path / 'run'}", "--runs", str(tmp_path / "other")]) == 0
    out = capsys.readouterr().out
    assert "| reference | 2.0 | 2.0 |  |  |" in out and "| spawn |  |  | 0.1 | 0.1 |" in out
    assert "| candidate:call | 3.00 | 2.0 | 1.500 |" in out
    assert stages.main(["--runs", str(tmp_path / "none")]) == 2


def test_paired_compares_the_same_problems_and_takes_the_second_runs_last(tmp_path, capsys):
    stages = load("judge_stages")

    def row(problem, at, wall, call):
        return {"problem": problem, "recorded_at": at,
                "verdict": {"wall_s": wall, "stages_s": {"correctness/call": call}}}

    _write(tmp_path / "a" / "results.jsonl", [row("L2/1", 0, 10.0, 1.0), row("L2/2", 1, 20.0, 2.0),
                                               row("L2/3", 2, 30.0, 3.0)])
    _write(tmp_path / "b" / "results.jsonl", [row("L2/1", 5, 99.0, 9.0), row("L2/2", 6, 14.0, 5.0),
                                               row("L2/3", 7, 36.0, 4.0)])
    n, table = stages.paired_table(stages.verdicts(tmp_path / "a"), stages.verdicts(tmp_path / "b", last=2))
    assert n == 2  # L2/1's second verdict is not among the last two
    assert table["wall"] == (25.0, 25.0, 0.0) and table["correctness/call"] == (2.5, 4.5, 2.0)
    assert stages.main(["--paired", "--runs", f"x={tmp_path / 'a'}", "--runs", f"y={tmp_path / 'b'}",
                        "--last", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 problems judged in both") and "| correctness/call | 2.5 | 4.5 | +2.0 |" in out
    assert stages.main(["--paired", "--runs", str(tmp_path / "a")]) == 2


def test_memory_lists_the_multi_gb_evaluations_with_their_slots_and_peaks(tmp_path, capsys):
    stages = load("judge_stages")

    def row(problem, at, stages_s, policy, judge_mb=None, candidate_mb=None, steps=None):
        return {"problem": problem, "recorded_at": at, "verdict": {
            "verdict": "correct", "protocol": "kernelbench", "wall_s": 60.0, "stages_s": stages_s, "policy": policy,
            "judge_peak_memory_mb": judge_mb, "peak_memory_mb": candidate_mb,
            **({"judge_peak_steps_mb": steps} if steps else {})}}  # (verdicts made before steps have none)

    _write(tmp_path / "b" / "results.jsonl", [
        row("L1/49", 0, {"gate_wait": 20.0, "gate_wait/heavy": 15.0},
            {"heavy_slots": "3 of 4, first evaluation, sized from shapes"}, 30720.0, 8446.0,
            [["reference", 8192.0, 8192.0], ["correctness", 16384.0, 10240.0], ["baselines", 30720.0, 12288.0]]),
        row("L1/19", 1, {"gate_wait": 2.0}, {}),  # small: not listed
        row("L1/45", 2, {"gate_wait": 0.0}, {"judged_alone": "judged with the device to itself after ..."})])
    assert stages.main(["--memory", "--runs", f"L1={tmp_path / 'b'}"]) == 0
    out = capsys.readouterr().out
    assert ("| L1/49 | kernelbench | correct | 3 of 4, first evaluation, sized from shapes | 30.0 | reference 8.0 "
            "(8.0 in tensors), correctness 16.0 (10.0 in tensors), baselines 30.0 (12.0 in tensors) | 8.2 | 15 | 40 "
            "|  |") in out
    assert "| L1/45 |" in out and "| yes |" in out and "L1/19" not in out
    assert "2 multi-GB evaluations of 3: waited 15 s for slots in all (at most 15 s), 1 judged alone" in out
