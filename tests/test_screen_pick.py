"""benchmarks/screen_pick.py: the screen's fastest accurate configuration, as candidate files for the judge."""

import json

import pytest
from benchmark_scripts import load

screen_pick = load("screen_pick")


def test_configuration_names_parse_back_into_tunables():
    assert screen_pick.parse_config("default") == {}
    assert screen_pick.parse_config("RNN_PRECISION=fma RNN_BLOCK_J=4") == {"RNN_PRECISION": "fma", "RNN_BLOCK_J": 4}
    with pytest.raises(ValueError):
        screen_pick.parse_config("preset: 3xTF32")


def test_the_fastest_configuration_within_tolerance_wins():
    rows = [dict(problem="L3/35", config="default", ms=9.0, ratio=0.1),
            dict(problem="L3/35", config="A=1", ms=5.0, ratio=3.0),  # fast but wrong
            dict(problem="L3/35", config="A=2", ms=6.0, ratio=0.5),
            dict(problem="L3/35", config="A=3", error="OutOfResources"),
            dict(problem="L3/38", config="preset: x", ms=1.0, ratio=0.1)]  # not a grid point
    best = screen_pick.winners(rows)
    assert best["L3/35"]["config"] == "A=2" and "L3/38" not in best
    rows[0]["ms"] = 1.0
    assert screen_pick.winners(rows)["L3/35"]["config"] == "default"
    assert screen_pick.winners(rows, default=False)["L3/35"]["config"] == "A=2"


def test_winners_are_written_for_their_problem_and_the_ones_they_stand_for(tmp_path, monkeypatch, kernelbench_dir):
    rec = tmp_path / "screen.jsonl"
    rec.write_text(json.dumps(dict(problem="L1/19", config="BLOCK_SIZE=2048", ms=1.0, ratio=0.0, eager_ms=1.1)) + "\n")
    monkeypatch.setenv("AUTOKERNEL_KB_DATASET", str(kernelbench_dir))
    monkeypatch.setenv("AUTOKERNEL_KB_DATASET_CONFIG", "github_main")
    assert screen_pick.main([str(rec), "--for", "L1/20=L1/19", "L1/21=L1/99", "--out", str(tmp_path / "out")]) == 0
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == ["19_ReLU.py", "20_LeakyReLU.py"]
    assert "BLOCK_SIZE = 2048" in (tmp_path / "out" / "20_LeakyReLU.py").read_text()


def test_a_winner_judged_before_is_not_written_again(tmp_path, monkeypatch, kernelbench_dir):
    import hashlib

    from autokernel.starters import generate_starter
    from kb.bridge import resolve_problems

    monkeypatch.setenv("AUTOKERNEL_KB_DATASET", str(kernelbench_dir))
    monkeypatch.setenv("AUTOKERNEL_KB_DATASET_CONFIG", "github_main")
    rec = tmp_path / "screen.jsonl"
    rec.write_text(json.dumps(dict(problem="L1/19", config="BLOCK_SIZE=2048", ms=1.0, ratio=0.0, eager_ms=1.1)) + "\n")
    (problem,) = resolve_problems(["L1/19"])
    digest = hashlib.sha256(generate_starter(problem, tunables={"BLOCK_SIZE": 2048}).source.encode()).hexdigest()[:16]
    verdicts = tmp_path / "verdicts.jsonl"
    verdicts.write_text(json.dumps(dict(problem="L1/19", candidate_digest=digest)) + "\n")
    screen_pick.main([str(rec), "--for", "L1/20=L1/19", "--judged", str(verdicts), "--out", str(tmp_path / "out")])
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["20_LeakyReLU.py"]
