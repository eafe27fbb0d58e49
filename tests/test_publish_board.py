"""A re-score published under both protocols (benchmarks/leaderboard_pages.py publish): a bench folder made on
the CPU (`autokernel-kb bench --protocol both --repeat 2`) becomes a board with a page per protocol, the
side-by-side index, ledgers per protocol and repeat, and each kernel stored once; every page regenerates byte for
byte and `check` finds nothing stale."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # test_bench_kb: the 3-problem dataset and the generations folder
from benchmark_scripts import load  # noqa: E402

pages = load("leaderboard_pages")


from kb.compact import candidate_digest, read_ledger  # noqa: E402
from kb.runs import best_rows  # noqa: E402

SLUG = "cpu-triton-interpreter"
BOARD = Path("leaderboards") / SLUG
STAMP = "2026-01-02T03:04:05Z"
LEGACY = ("baseline_precision.md", "problems_fp32_baselines.csv", "score.json", "problems.json",
          "speedup_distribution.png", "ledger/L1.jsonl", "ledger/fp32_note.md", "fp32_kernels/L1_1_abc.py",
          "kernels/L1_99.py")  # fmt: skip


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    """Three problems judged under both protocols, twice each: ReLU has a broken, an honest and a variant sample,
    ScaleAdd only a cheat, RowSum nothing. In the strict run the sample the kernelbench protocol did not pick is
    made the faster one, so the two protocols score ReLU by different kernels."""
    from test_bench_kb import _dataset, _generations

    from kb.cli import main

    root = tmp_path_factory.mktemp("bench")
    mp = pytest.MonkeyPatch()
    mp.setenv("AUTOKERNEL_KB_CACHE", str(root / "cache"))
    try:
        out = root / "out"
        assert main(["bench", "--generations", str(_generations(root / "gens")), "--level", "1", "--out", str(out),
                     "--dataset", str(_dataset(root / "kb")), "--device", "cpu", "--trials", "1", "--perf-trials",
                     "5", "--timeout", "120", "--repeat", "2", "--no-progress"]) == 0  # fmt: skip
    finally:
        mp.undo()
    kb_best = best_rows(_results(out / "kernelbench"))[(1, 1)]["candidate_digest"]
    strict = _results(out / "strict")
    correct = [r for r in strict if r["problem"] == "L1/1" and r["verdict"]["verdict"] == "correct"]
    assert len(correct) == 2, [r["verdict"]["reason"] for r in strict]
    top = max(r["verdict"]["speedup"] for r in correct)
    for r in correct:
        if r["candidate_digest"] != kb_best:
            r["verdict"]["speedup"] = 2 * top
    (out / "strict" / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in strict))
    return out, kb_best


def _results(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines() if line.strip()]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def published(bench, tmp_path, monkeypatch):
    """The bench published into a board that still holds the one-page layout's files (and a parity page)."""
    import pandas as pd

    out, kb_best = bench
    board = tmp_path / BOARD
    for name in (*LEGACY, "parity.md"):
        (board / name).parent.mkdir(parents=True, exist_ok=True)
        (board / name).write_text("old\n")
    monkeypatch.chdir(tmp_path)
    assert pages.main(["publish", str(BOARD), "--bench", str(out), "--archive", "acme/runs", "--created-at",
                       STAMP]) == 0  # fmt: skip
    return board, kb_best, pd


def test_publish_writes_both_protocols_with_the_kernels_once(published):
    board, kb_best, pd = published
    inputs = json.loads((board / "ledger" / "pages.json").read_text())
    assert inputs["protocols"] == ["kernelbench", "strict"] and inputs["totals"] == {"1": 3}
    assert inputs["ledgers"] == ["kernelbench/L1.jsonl", "kernelbench/L1.repeat2.jsonl", "strict/L1.jsonl",
                                 "strict/L1.repeat2.jsonl"]  # fmt: skip
    assert "fp32_note" not in inputs and "tf32_ops" not in inputs
    for name in LEGACY:  # the one-page layout is gone; files it does not own stay
        assert not (board / name).exists(), name
    assert not (board / "fp32_kernels").exists() and (board / "parity.md").read_text() == "old\n"

    # kernels: ReLU's kernelbench kernel once, strict's other one beside it; ScaleAdd's one file for both
    assert sorted(f.name for f in (board / "kernels").iterdir()) == ["L1_1.py", "L1_1.strict.py", "L1_2.py"]
    scored = {}
    for protocol in ("kernelbench", "strict"):
        for (_, pid), row in best_rows(read_ledger(board / "ledger" / protocol / "L1.jsonl").search_rows()).items():
            scored[(protocol, pid)] = row["source_path"]
    assert scored == {("kernelbench", 1): "../../kernels/L1_1.py", ("strict", 1): "../../kernels/L1_1.strict.py",
                      ("kernelbench", 2): "../../kernels/L1_2.py", ("strict", 2): "../../kernels/L1_2.py"}
    assert candidate_digest((board / "kernels" / "L1_1.py").read_text()) == kb_best
    assert candidate_digest((board / "kernels" / "L1_1.strict.py").read_text()) != kb_best
    for repeat in ("kernelbench/L1.repeat2.jsonl", "strict/L1.repeat2.jsonl"):
        rows = read_ledger(board / "ledger" / repeat).search_rows()
        assert len(rows) == 4 and not any(r.get("source_path") for r in rows)

    # a full page per protocol, with the repeat spread of each scored kernel
    for protocol in ("kernelbench", "strict"):
        folder = board / protocol
        assert {"README.md", "problems.csv", "problems.json", "score.json"} <= {f.name for f in folder.iterdir()}
        page = (folder / "README.md").read_text()
        assert f"| protocol | {protocol} |" in page and "`acme/runs`, to be uploaded" in page
        assert json.loads((folder / "score.json").read_text())["created_at"] == STAMP
        csv = pd.read_csv(folder / "problems.csv")
        relu = csv[csv["problem_id"] == 1].iloc[0]
        assert relu["verdict"] == "correct" and relu["spread_pct"] >= 0
        link = "L1_1.py" if protocol == "kernelbench" else "L1_1.strict.py"
        assert relu["kernel_link"] == f"../kernels/{link}"
        assert relu["baseline_precision"] == "default"  # the CPU has no TF32: PyTorch's flags, also under strict
        budget = json.loads((folder / "score.json").read_text())["environment"]["search_budget"].split("; ")
        assert [line.split(", ")[1] for line in budget] == ["repeat 1", "repeat 2"]  # the repeats' cost beside

    # the index: KernelBench's protocol first, a row per (problem, protocol), the archive and the kernels note
    both = pd.read_csv(board / "problems.csv")
    assert list(zip(both["problem_id"], both["protocol"], strict=True)) == [
        (1, "kernelbench"), (1, "strict"), (2, "kernelbench"), (2, "strict")]
    assert both.loc[both["problem_id"] == 1, "spread_pct"].notna().all()
    assert both["kernel_link"].tolist() == ["kernels/L1_1.py", "kernels/L1_1.strict.py", "kernels/L1_2.py",
                                            "kernels/L1_2.py"]  # relative to the index's own folder
    index = (board / "README.md").read_text()
    assert "| metric | kernelbench | strict |" in index and "| correct | 1/3 | 1/3 |" in index
    assert "[kernelbench](kernelbench/README.md)" in index and "[strict](strict/README.md)" in index
    assert "`acme/runs`, to be uploaded" in index
    assert "`kernels/L<level>_<id>.<protocol>.py`: strict (1): L1/1." in index


def test_published_board_regenerates_byte_identical_and_checks_clean(published, bench):
    from kb.bench_ledgers import write_back

    board, _, _ = published
    # a re-score in progress beside the pages (`bench --compact-ledgers <board>/rescore`): no page of it, not stale
    write_back(board / "rescore", [("strict", 1, bench[0] / "strict"), ("strict", 2, bench[0] / "repeats/2/strict")])
    before = _files(board)
    written = pages.regenerate(BOARD)
    assert {p.relative_to(BOARD).as_posix() for p in written} >= {
        "README.md", "problems.csv", *(f"{p}/{n}" for p in ("kernelbench", "strict") for n in pages.PROTOCOL_PAGES)}
    after = _files(board)
    assert after.keys() == before.keys()
    for name, data in before.items():
        assert after[name] == data, name
    assert pages.check(BOARD) == []


def test_check_names_a_stale_file_and_a_changed_page(published):
    board, _, _ = published
    (board / "kernels" / "L1_3.py").write_text("# no ledger names this\n")
    (board / "baseline_precision.md").write_text("left over\n")
    page = board / "strict" / "problems.csv"
    page.write_text(page.read_text().replace("correct", "incorrect", 1))
    found = pages.check(BOARD, plots=False)
    assert any(f.endswith("kernels/L1_3.py") and f.startswith("stale") for f in found)
    assert any(f.endswith("baseline_precision.md") and f.startswith("stale") for f in found)
    assert str(BOARD / "strict" / "problems.csv") in found
    assert pages.main(["check", str(BOARD)]) == 1
    with pytest.raises(pages.LedgerError, match="replace it with `publish`"):  # not the one-page build over it
        pages.build(BOARD, [])


def test_publish_refuses_a_folder_that_is_not_a_bench(tmp_path, monkeypatch):
    (tmp_path / BOARD).mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(pages.LedgerError, match="not a bench folder"):
        pages.publish(BOARD, [str(tmp_path)])


def test_ledgers_merges_bench_folders_into_the_compact_ledgers(bench, tmp_path, capsys):
    # warm device calls each bring back their own copy of the ledgers (the checkout's, plus the level judged in
    # that call): merged from the bench folders, every verdict is kept and nothing is written twice
    out, _ = bench
    root = tmp_path / "rescore"
    (root / "strict").mkdir(parents=True)
    assert pages.main(["ledgers", str(root), "--bench", str(out)]) == 0
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.jsonl"))
    assert files == ["kernelbench/L1.jsonl", "kernelbench/L1.repeat2.jsonl", "strict/L1.jsonl",
                     "strict/L1.repeat2.jsonl"], files
    for protocol in ("kernelbench", "strict"):
        judged = {(r["problem"], r["candidate_digest"]) for r in _results(out / protocol)}
        assert {(r["problem"], r["candidate_digest"]) for r in read_ledger(root / protocol / "L1.jsonl").rows} == judged
    before = _files(root)
    assert pages.main(["ledgers", str(root), "--bench", str(out)]) == 0
    assert _files(root) == before  # merged again: the same bytes
    (root / "strict" / "notes.txt").write_text("mine\n")  # a folder the bench did not make is left alone
    assert pages.main(["ledgers", str(root), "--bench", str(out)]) == 2
    assert "not a compact ledger" in capsys.readouterr().err
    assert pages.main(["ledgers", str(tmp_path / "new"), "--bench", str(tmp_path)]) == 2
    assert "not a bench folder" in capsys.readouterr().err
