"""benchmarks/baseline_precision_table.py: the same kernels scored against default and fp32 baselines."""

import json
from pathlib import Path

import pandas as pd
import pytest
from benchmark_scripts import load

table = load("baseline_precision_table")


def test_scores_only_the_problems_both_sides_judged(tmp_path):
    recs = [
        {"problem": "L2/1", "verdict": "correct", "speedup": 2.0, "speedup_vs_compile": 1.5},
        {"problem": "L2/2", "verdict": "correct", "speedup": 0.5, "speedup_vs_compile": 0.4},
        {"problem": "L2/2", "verdict": "correct", "speedup": 1.2, "speedup_vs_compile": 1.1},  # the latest counts
        {"problem": "L2/3", "harness_error": "boom"},  # counted as failed
    ]
    path = tmp_path / "l2.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    published = pd.DataFrame({
        "level": [2, 2, 2, 2], "problem_id": [1, 2, 3, 4], "verdict": ["correct"] * 4,
        "speedup": [0.5, 0.4, 0.3, 9.0], "speedup_vs_compile": [0.2, 0.2, 0.2, 9.0],
    })  # fmt: skip
    out = table.compare(table.fp32_rows([str(path)]), published)
    default, fp32 = out.to_dict("records")
    assert default["problems"] == fp32["problems"] == 3  # L2/4 was not judged with fp32 baselines: left out
    assert default["faster_than_eager"] == 0 and default["correct"] == 3
    assert fp32["correct"] == 2 and fp32["faster_than_eager"] == 2 and fp32["faster_than_compile"] == 2
    assert fp32["geomean_vs_eager"] == round((2.0 * 1.2) ** 0.5, 3)


def test_a_problem_counts_its_fastest_correct_record(tmp_path):
    recs = [
        {"problem": "L1/5", "verdict": "correct", "speedup": 0.5, "candidates": "run:/x/L1"},
        {"problem": "L1/5", "verdict": "correct", "speedup": 2.0, "preset": "taps"},
        {"problem": "L1/5", "verdict": "incorrect", "preset": "split"},  # a later failure does not undo it
        {"problem": "L1/6", "verdict": "correct", "speedup": 9.0, "quarantined": True},
        {"problem": "L1/6", "verdict": "correct", "speedup": 1.1},
    ]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    rows = table.fp32_rows([str(path)]).set_index("problem_id")
    assert rows.loc[5, "speedup"] == 2.0 and rows.loc[5, "candidate"] == "taps"
    assert rows.loc[6, "speedup"] == 1.1 and not rows.loc[6, "quarantined"]


def test_whole_levels_keep_published_rows_only_where_nothing_runs_in_tf32():
    published = pd.DataFrame({
        "level": [1, 1, 1, 1], "problem_id": [1, 2, 3, 4], "name": ["mm", "conv", "conv2", "bad"],
        "verdict": ["correct", "correct", "correct", "incorrect"], "speedup": [2.0, 0.1, 0.2, None],
        "speedup_vs_compile": [1.5, 0.1, 0.2, None], "eager_median_ms": [2.0, 1.0, 1.0, None],
        "compile_median_ms": [1.0, 1.0, 1.0, None],
    })  # fmt: skip
    fp32 = pd.DataFrame({"level": [1], "problem_id": [2], "verdict": ["correct"], "speedup": [1.5],
                         "speedup_vs_compile": [1.2], "eager_median_ms": [4.0], "compile_median_ms": [2.0]})
    tf32_of = {(1, 1): (), (1, 2): ("cudnn:convolution",), (1, 3): ("cudnn:convolution",), (1, 4): None}
    full = table.full_level(fp32, published, tf32_of).set_index("problem_id")
    assert full.loc[1, "source"].startswith("published (nothing in TF32")
    assert full.loc[2, "source"].startswith("re-judged") and full.loc[2, "speedup"] == 1.5
    assert full.loc[3, "verdict"] == "missing"  # a correct TF32 problem not re-judged cannot keep its old speedup
    assert full.loc[4, "source"] == "published (incorrect either way)"
    scores = table.full_scores(published, full.reset_index()).set_index("baselines")
    fp32_row = scores.loc["fp32 (TF32 off)"]
    assert fp32_row["faster_than_eager"] == 2 and fp32_row["correct"] == 2
    assert fp32_row["compile_geomean_vs_eager"] == round((2.0 * 2.0) ** 0.5, 3)  # eager/compile of rows 1 and 2


def test_preset_kernels_are_written_only_when_they_regenerate_to_the_judged_digest(tmp_path, monkeypatch):
    import hashlib

    source = "# a starter with a preset\n"
    digest = hashlib.sha256(source.encode()).hexdigest()[:16]
    stored = tmp_path / "runs" / "L1" / "candidates" / "L1_2_x"
    stored.mkdir(parents=True)
    (stored / "abcd.py").write_text("# stored")
    from types import SimpleNamespace

    import kb.bridge

    def resolve(refs, **kw):  # the problems the presets need, without a dataset
        return [SimpleNamespace(level=int(ref[1]), problem_id=i) for ref in refs for i in kb.bridge.parse_ids(ref[3:])]

    monkeypatch.setattr(kb.bridge, "resolve_problems", resolve)
    monkeypatch.setattr(table.bench_kb, "preset_source", lambda spec, problem: (spec[7:], source))
    fp32 = pd.DataFrame({"level": [1, 1, 1], "problem_id": [2, 3, 4], "candidate": ["the run's best kernel", "taps", "taps"],
                         "candidate_digest": ["abcd", digest, "0000"]})  # fmt: skip
    paths = table.kernel_files(fp32, table.run_candidates(tmp_path / "runs"), tmp_path / "out")
    assert paths[0].endswith("abcd.py")
    assert Path(paths[1]).read_text() == source
    assert paths[2] == ""  # regenerated source differs from what was judged: no file claimed for it


def test_kernel_files_keep_an_earlier_generators_file_and_regenerate_plain_starters(tmp_path, monkeypatch):
    import hashlib

    import kb.bridge

    old, new = "# judged with last week's generator\n", "# today's starter\n"
    dig = {s: hashlib.sha256(s.encode()).hexdigest()[:16] for s in (old, new)}
    out = tmp_path / "out"
    out.mkdir()
    (out / f"L3_1_{dig[old]}.py").write_text(old)  # written when it was judged: today's generator differs
    (out / "L3_9_0000000000000000.py").write_text("# tampered")  # a name that claims a digest its text lacks
    monkeypatch.setattr(kb.bridge, "resolve_problems", lambda refs, **kw: [
        type("P", (), {"level": 3, "problem_id": i})() for i in (1, 2, 9)])
    monkeypatch.setattr(table.bench_kb, "candidate_source",
                        lambda spec, problem: (new, spec) if spec == "starter" else None)
    fp32 = pd.DataFrame({"level": [3, 3, 3], "problem_id": [1, 2, 9], "candidate": ["starter"] * 3,
                         "candidate_digest": [dig[old], dig[new], "0000000000000000"]})
    paths = table.kernel_files(fp32, {}, out)
    assert Path(paths[0]).read_text() == old and Path(paths[1]).read_text() == new and paths[2] == ""


def test_a_kept_kernel_with_reworded_comments_counts_by_its_recorded_code_digest(tmp_path, monkeypatch):
    """Comments of a kept kernel reworded after it was judged: its text no longer has the judged digest, its code
    digest (recorded beside the judged one) still matches; changed code matches neither. Without ``regenerate``
    nothing asks for the dataset."""
    import hashlib

    import kb.bridge
    from kb.compact import code_digest

    judged = "x = 1  # judged (old label)\n"
    digest = hashlib.sha256(judged.encode()).hexdigest()[:16]
    (tmp_path / f"L1_5_{digest}.py").write_text("x = 1  # judged (new words)\n")
    monkeypatch.setattr(kb.bridge, "resolve_problems", lambda *a, **k: pytest.fail("regenerate=False needs no dataset"))
    fp32 = pd.DataFrame({"level": [1], "problem_id": [5], "candidate": ["starter"], "candidate_digest": [digest]})
    assert table.kernel_files(fp32, {}, tmp_path, regenerate=False) == [""]  # the text alone no longer proves it
    found = table.kernel_files(fp32, {}, tmp_path, known={digest: code_digest(judged)}, regenerate=False)
    assert found == [str(tmp_path / f"L1_5_{digest}.py")]
    (tmp_path / f"L1_5_{digest}.py").write_text("x = 2  # judged (new words)\n")
    assert table.kernel_files(fp32, {}, tmp_path, known={digest: code_digest(judged)}, regenerate=False) == [""]


def test_records_read_from_a_compact_ledger_score_as_from_their_files(tmp_path):
    from kb.compact import Ledger, rejudged_line, write_ledger

    recs = [({"problem": "L3/1", "verdict": "correct", "speedup": 2.0, "candidates": "run:/x/L3"}, False),
            ({"problem": "L3/1", "verdict": "correct", "speedup": 1.4, "preset": "taps"}, True),
            ({"problem": "L3/2", "verdict": "incorrect", "name": "b", "candidate_digest": "ab"}, False)]
    busy, quiet = tmp_path / "busy.jsonl", tmp_path / "quiet.jsonl"
    busy.write_text("".join(json.dumps(r) + "\n" for r, pref in recs if not pref))
    quiet.write_text("".join(json.dumps(r) + "\n" for r, pref in recs if pref))
    ledger = Ledger(run="L3", rows=[rejudged_line(r, preferred=p) for r, p in [recs[0], recs[2], recs[1]]])
    path = write_ledger(tmp_path / "L3.jsonl", ledger)
    from_files = table.fp32_rows([str(busy)], [str(quiet)])
    from_ledger = table.fp32_rows_from(table.ledger_records([path]))
    assert from_ledger.equals(from_files) and from_ledger.loc[0, "speedup"] == 1.4


def test_preferred_records_stand_for_their_problems(tmp_path):
    busy, quiet = tmp_path / "busy.jsonl", tmp_path / "quiet.jsonl"
    busy.write_text("".join(json.dumps(r) + "\n" for r in [
        {"problem": "L3/1", "verdict": "correct", "speedup": 2.0},  # faster, but judged beside other work
        {"problem": "L3/2", "verdict": "correct", "speedup": 1.5},
    ]))
    quiet.write_text("".join(json.dumps(r) + "\n" for r in [
        {"problem": "L3/1", "verdict": "correct", "speedup": 1.2},
        {"problem": "L3/1", "verdict": "correct", "speedup": 1.4},  # among preferred records: the fastest
    ]))
    rows = table.fp32_rows([str(busy)], [str(quiet)]).set_index("problem_id")
    assert rows.loc[1, "speedup"] == 1.4 and rows.loc[1, "preferred"]
    assert rows.loc[2, "speedup"] == 1.5 and not rows.loc[2, "preferred"]
    published = pd.DataFrame({"level": [3, 3], "problem_id": [1, 2], "name": ["a", "b"], "verdict": ["correct"] * 2,
                              "speedup": [3.0, 3.0], "speedup_vs_compile": [3.0, 3.0]})
    # nothing in TF32: the published row is the same computation; the faster correct one counts, unless preferred
    full = table.full_level(rows.reset_index(), published, {(3, 1): (), (3, 2): ()}).set_index("problem_id")
    assert full.loc[1, "speedup"] == 1.4 and full.loc[1, "source"].startswith("re-judged")
    assert full.loc[2, "speedup"] == 3.0 and full.loc[2, "source"].startswith("published")


def test_problems_the_published_page_lacks_count_once_re_judged(tmp_path):
    """A problem with no published row (no kernel when the page was made, e.g. level 3's GRUs) counts its re-judged
    record in the whole level, in problem order; a screen's folder of winners reads as such on the page."""
    rec = tmp_path / "rnn.jsonl"
    rec.write_text(json.dumps({"problem": "L3/39", "name": "39_GRU", "verdict": "correct", "speedup": 3.9,
                               "speedup_vs_compile": 4.8, "candidates": "dir:/out/picked"}) + "\n")
    rows = table.fp32_rows([str(rec)])
    assert rows.loc[0, "candidate"] == table.SCREENED
    published = pd.DataFrame({"level": [3, 3], "problem_id": [38, 43], "name": ["a", "b"], "verdict": ["correct"] * 2,
                              "speedup": [1.1, 1.3], "speedup_vs_compile": [1.0, 1.1]})
    full = table.full_level(rows, published, {(3, 38): (), (3, 43): ()})
    assert list(full["problem_id"]) == [38, 39, 43] and full.loc[1, "source"].startswith("re-judged")
    scores = table.full_scores(published, full).set_index("baselines")
    assert scores.loc["fp32 (TF32 off)", "correct"] == 3 and scores.loc["default (cuDNN TF32)", "correct"] == 2


def test_the_page_lists_each_re_judged_row_under_its_table_header(tmp_path):
    fp32_full = pd.DataFrame({"level": [3], "problem_id": [39], "name": ["39_GRU"], "verdict": ["correct"],
                              "speedup": [3.9], "speedup_vs_compile": [4.8], "kernel_median_ms": [8.5],
                              "eager_median_ms": [33.3], "compile_median_ms": [40.7], "pct_of_floor": [1.0],
                              "source": ["re-judged with fp32 baselines"]})
    table.write_page(tmp_path, pd.DataFrame({"level": [3]}), pd.DataFrame({"level": [3]}), fp32_full)
    lines = (tmp_path / "baseline_precision.md").read_text().splitlines()
    header = lines.index("## Re-judged problems")
    assert lines[header + 4].startswith("| L3/39 39_GRU | correct | 3.9 | 4.8 |")
    assert lines.index("## Short of torch.compile with fp32 baselines") > header + 4
