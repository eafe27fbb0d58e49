"""The published pages regenerate byte for byte from what git keeps (compact ledgers, kept kernels, page inputs),
on a CPU, without the dataset or the network (benchmarks/leaderboard_pages.py)."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BOARD = Path("leaderboards") / "nvidia-h200"  # relative to REPO: the pages name files from there
sys.path.insert(0, str(REPO / "tests"))  # test_compact: the tiny run
from benchmark_scripts import load  # noqa: E402

pages = load("leaderboard_pages")


from kb.compact import kept_kernels, read_ledger  # noqa: E402
from kb.runs import best_rows  # noqa: E402


def _ledgers(root: Path = REPO) -> list[Path]:
    return [root / BOARD / "ledger" / name for name in pages.PageInputs.read(root / BOARD).ledgers]


def test_published_pages_regenerate_byte_identical(tmp_path, monkeypatch):
    shutil.copytree(REPO / "leaderboards", tmp_path / "leaderboards")
    monkeypatch.chdir(tmp_path)
    protocols = pages.PageInputs.read(BOARD).protocols
    assert protocols == ["kernelbench", "strict"]  # the same kernels under both, KernelBench's first
    written = pages.regenerate(BOARD)
    want = {BOARD / "README.md", BOARD / "problems.csv"} | {
        BOARD / p / name for p in protocols for name in (*pages.PROTOCOL_PAGES, *pages.PLOTS)}
    assert set(written) == want
    for path in written:
        if path.suffix != ".png":
            assert (tmp_path / path).read_bytes() == (REPO / path).read_bytes(), path
        elif pages.same_matplotlib(REPO / path):  # a plot's bytes depend on matplotlib: compared under the one
            assert (tmp_path / path).read_bytes() == (REPO / path).read_bytes(), path  # that drew it


def test_check_names_a_page_its_ledger_no_longer_matches(tmp_path, monkeypatch):
    shutil.copytree(REPO / "leaderboards", tmp_path / "leaderboards")
    monkeypatch.chdir(tmp_path)
    ledger = tmp_path / BOARD / "ledger" / "kernelbench" / "L2.jsonl"
    lines = ledger.read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        row = json.loads(line)
        if row.get("problem") == "L2/1" and row["verdict"].get("verdict") == "correct":
            row["verdict"]["verdict"] = "incorrect"  # a failure the published pages do not show
            lines[i] = json.dumps(row) + "\n"
    ledger.write_text("".join(lines))
    rescore = tmp_path / BOARD / "rescore" / "strict"  # a re-score in progress (`bench --compact-ledgers`)
    rescore.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ledger, rescore / "L2.jsonl")
    changed = pages.check(BOARD, plots=False, kernels=False)
    assert str(BOARD / "kernelbench" / "README.md") in changed and str(BOARD / "kernelbench" / "problems.csv") in changed
    assert str(BOARD / "strict" / "README.md") not in changed  # the other protocol's page reads other verdicts
    assert not [p for p in changed if "rescore" in p]


def test_every_kept_kernel_is_the_judged_code_and_named_by_a_ledger():
    kept = kept_kernels(_ledgers())  # raises if a file's code is not the judged candidate's
    named = {k.path.resolve() for k in kept}
    files = {f.resolve() for f in (REPO / BOARD / "kernels").glob("*.py")}
    assert files and files == named, f"files no ledger line names: {sorted(files - named)[:3]}"
    # each protocol's page links each problem's scored kernel, named by problem (and protocol, where the
    # protocols' best kernels differ)
    for path in (p for p in _ledgers() if ".repeat" not in p.name):  # repeats store no kernel of their own
        protocol = path.parent.name
        for (level, pid), row in best_rows(read_ledger(path).search_rows()).items():
            assert row["source_path"] in (f"../../kernels/L{level}_{pid}.py",
                                          f"../../kernels/L{level}_{pid}.{protocol}.py"), row["source_path"]


def test_every_verdict_carries_its_protocol():
    for path in _ledgers():
        ledger = read_ledger(path)
        assert ledger.rows and {r["protocol"] for r in ledger.rows} == {path.parent.name}, path
        assert {r["origin"] for r in ledger.rows} <= {"search", "rejudge"}


def test_no_work_period_labels_in_the_leaderboards():
    label = re.compile(r"[Ss]ession[ -]?[0-9]")
    hits = [str(p.relative_to(REPO)) for p in (REPO / "leaderboards").rglob("*")
            if p.is_file() and "runs" not in p.relative_to(REPO / "leaderboards").parts[:1]
            and label.search(p.read_text(errors="replace"))]  # fmt: skip
    assert not hits


@pytest.fixture
def tiny_sources(tmp_path):
    """A one-level run (two problems) and one JSON Lines file of re-judged records, as the GPU machine writes them."""
    from test_compact import _run

    run = _run(tmp_path / "runs")
    best = json.loads((run / "results.jsonl").read_text().splitlines()[1])
    rec = {**best["verdict"], "problem": "L1/19", "name": "19_ReLU", "candidate_digest": best["candidate_digest"],
           "candidates": f"run:{run}", "policy": {**best["verdict"]["policy"], "baseline_precision": "fp32"}}
    records = tmp_path / "fp32.jsonl"
    records.write_text(json.dumps(rec) + "\n")
    (tmp_path / "note.md").write_text("A note.\n")
    return run, records


def test_build_keeps_the_published_kernels_and_regenerates(tmp_path, monkeypatch, tiny_sources):
    run, records = tiny_sources
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pages.bpt, "tf32_map", lambda published, **kw: {(1, 19): (), (1, 20): ()})
    pages.build(BOARD, [str(run)], [str(records)], note=str(tmp_path / "note.md"), archive="acme/runs",
                created_at="2026-01-01T00:00:00Z")  # fmt: skip
    board = tmp_path / BOARD
    assert sorted(f.name for f in (board / "kernels").iterdir()) == ["L1_19.py", "L1_20.py"]
    assert not list((board / "fp32_kernels").glob("*.py"))  # the re-judged kernel is the page's own: one file
    page = (board / "README.md").read_text()
    assert "[kernel](kernels/L1_20.py)" in page and "`acme/runs`, to be uploaded" in page
    assert json.loads((board / "score.json").read_text())["created_at"] == "2026-01-01T00:00:00Z"
    assert "kernels/L1_19.py" in (board / "problems_fp32_baselines.csv").read_text()
    assert "A note." in (board / "baseline_precision.md").read_text()
    assert pages.check(BOARD) == []


def test_rules_fill_each_verdicts_baseline_precision_from_the_judge_cache(tmp_path, capsys):
    """Verdicts compacted before the ledgers kept `policy.baseline_rule` get it back: kernelbench's from the
    precision its protocol fixes, strict's from the judge cache that decided it (keyed by problem, tolerance and environment); a strict
    verdict the cache does not know keeps none, and untimed or already-recorded verdicts are left alone."""
    from kb.compact import Ledger, write_ledger

    env = {"gpu": "NVIDIA H200", "driver": "580", "cuda_runtime": "13.0", "torch": "2.11", "triton": "3.6"}

    def line(problem, digest, protocol, *, timed=True, rule=None):
        policy = {"atol": 1e-4, "rtol": 1e-4, "baseline_precision": "default" if protocol == "kernelbench" else "auto",
                  **({"baseline_rule": rule} if rule else {})}  # as each protocol's judge records its policy
        return {"origin": "search", "protocol": protocol, "problem": problem, "problem_digest": digest,
                "verdict": {"verdict": "correct" if timed else "incorrect", "protocol": protocol, "policy": policy,
                            "environment": env, "eager": {"median_ms": 1.0} if timed else None}}

    kept = {"precision": "default", "reason": "recorded by its judge"}
    ledger = Ledger(run="L1", rows=[line("L1/1", "d1", "strict"), line("L1/2", "d2", "strict"),
                                    line("L1/1", "d1", "kernelbench"), line("L1/3", "d3", "strict", timed=False),
                                    line("L1/4", "d4", "strict", rule=kept)])
    path = write_ledger(tmp_path / "ledger" / "strict" / "L1.jsonl", ledger)
    cache = tmp_path / "baseline_rule.json"
    cache.write_text(json.dumps({"d1|tol=0.0001|NVIDIA H200|580|2.11|3.6|13.0": {"precision": "fp32", "reason": "m"},
                                 "d2|tol=0.0001|NVIDIA A100|580|2.11|3.6|13.0": {"precision": "fp32", "reason": "m"}}))
    assert pages.main(["rules", str(tmp_path / "ledger"), "--cache", str(cache)]) == 0
    assert "filled in: 2; strict verdicts without a cached rule: 1" in capsys.readouterr().out
    rules = [r["verdict"]["policy"].get("baseline_rule") for r in read_ledger(path).rows]
    assert [r and r["precision"] for r in rules] == ["fp32", None, "default", None, "default"]
    assert rules[4] == kept
    assert pages.main(["rules", str(tmp_path / "ledger"), "--cache", str(cache)]) == 0  # nothing left to fill
    assert "filled in: 0;" in capsys.readouterr().out
