"""A thinned run directory (`autokernel.search.thin`) resumes as the full one would: the same candidates in the
same rounds, nothing judged twice, the same best; what it keeps feeds the move prior as the full one does."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil

import pytest
from test_resume import POLICY, SRC, _rows, _search

from autokernel.ledger.packed import PACKED, PackedSources, apply, edits
from autokernel.ledger.screens import SCREENS
from autokernel.problem import Problem
from autokernel.propose.base import recorded_rank
from autokernel.propose.prior import MovePrior
from autokernel.records import Candidate
from autokernel.search import SearchConfig
from autokernel.search.thin import THIN_MARK, check_dest, kept_digests, thin_copy

SPEEDS = (1.0, 1.5, 1.2, 2.0, 1.1, 1.3, 0.9, 1.4, 1.6, 1.05, 2.2, 0.8, 1.7, 1.25, 2.1, 1.15)


class PoolIdeas:
    """As the tuner: a fixed pool of variants, each round the first ones not tried (judged or screened)."""

    name = "pool"

    def __init__(self, shared_lines: int = 0):
        shared = "".join(f"# a line every variant has ({j})\n" for j in range(shared_lines))
        self.pool = [Candidate(source=f"class ModelNew: pass\n{shared}# speedup {s}\n# variant {i}\n",
                               proposer=self.name, idea=f"variant {i}") for i, s in enumerate(SPEEDS)]

    def propose(self, problem, history, n_ideas, n_branches):
        if history.round > 0 and not history.seeds:
            return []
        tried = history.digests | history.screened
        fresh = [c for c in self.pool if c.digest not in tried][: 1 if history.round == 0 else n_ideas]
        return [dataclasses.replace(c, round=history.round, branch=i) for i, c in enumerate(fresh)]


def _config(rounds):
    return SearchConfig(rounds=rounds, ideas_per_round=2, branches_per_idea=1, patience=None)


@pytest.mark.parametrize("shared_lines", [0, 200], ids=["small sources kept whole", "near-identical ones packed"])
def test_a_thin_copy_resumes_as_the_full_run_directory_would(tmp_path, shared_lines):
    problem = Problem.from_source(SRC, name="a")
    whole, _ = _search(tmp_path / "whole", [problem], PoolIdeas(shared_lines), _config(6))
    _search(tmp_path / "part", [problem], PoolIdeas(shared_lines), _config(3))
    report = thin_copy(tmp_path / "part", tmp_path / "thin", keep=2)
    assert report.sources_dropped > 0 and report.rows == len(_rows(tmp_path / "part"))
    assert (tmp_path / "thin" / THIN_MARK).is_file() and not (tmp_path / "thin" / ".git").exists()
    files = list((tmp_path / "thin" / "candidates").rglob("*.py"))
    assert report.sources_kept == 1 + len(files) + report.sources_packed  # 1: the best, as best.py
    if shared_lines:  # one whole file, the others as its edits (how many are kept depends on the order a round's
        # verdicts were recorded in: the best's lineage)
        assert len(files) == 1 and report.sources_packed >= 1 and (tmp_path / "thin" / PACKED).is_file()
    else:  # edits as long as the file: kept whole
        assert report.sources_packed == 0 and not (tmp_path / "thin" / PACKED).exists()
    from autokernel.ledger import Ledger

    read = Ledger(tmp_path / "thin", device="cpu", policy=POLICY, use_git=False).attempts(problem)
    assert len(read) == report.sources_kept  # each kept source read back: whole, packed or as best.py

    out, backend = _search(tmp_path / "thin", [problem], PoolIdeas(shared_lines), _config(6))
    tsv = (tmp_path / "thin" / "results.tsv").read_text().splitlines()  # the human view rebuilt, then appended
    assert len(tsv) == 1 + len(_rows(tmp_path / "thin"))
    done = sorted((r["round"], r["candidate_digest"]) for r in _rows(tmp_path / "whole"))  # (a round's verdicts
    assert sorted((r["round"], r["candidate_digest"]) for r in _rows(tmp_path / "thin")) == done  # in any order)
    assert len(_rows(tmp_path / "thin")) == len(done)  # nothing judged twice
    assert sorted(backend.judged) == sorted(r["idea"] for r in _rows(tmp_path / "whole") if r["round"] > 3)
    (p,), (w,) = out.problems, whole.problems
    assert p.best.verdict.speedup == w.best.verdict.speedup and p.correct == w.correct and p.rounds_used == 6
    assert p.reused == len(_rows(tmp_path / "part"))


@pytest.mark.parametrize("shared_lines", [0, 200])
def test_thinning_again_keeps_the_sources_an_earlier_copy_holds(tmp_path, shared_lines):
    problem = Problem.from_source(SRC, name="a")
    _search(tmp_path / "run", [problem], PoolIdeas(shared_lines), _config(3))
    thin_copy(tmp_path / "run", tmp_path / "thin", keep=2)

    def kept(root):
        stored = PackedSources(root)
        return {f.relative_to(root).as_posix(): f.read_text() for f in (root / "candidates").rglob("*.py")} | {
            path: stored.read(path) for path in stored.records}

    before = kept(tmp_path / "thin")
    assert len(before) >= 2 and all(before.values())
    for f in (tmp_path / "run" / "candidates").rglob("*.py"):
        f.unlink()  # a run directory restored from the thin copy, then searched on: its old sources are gone
    thin_copy(tmp_path / "run", tmp_path / "thin", keep=2)
    assert kept(tmp_path / "thin") == before


def test_packed_edits_rebuild_the_source_exactly_and_a_changed_base_reads_as_missing(tmp_path):
    base = "".join(f"BLOCK_{i} = {i}\n" for i in range(100)) + "no newline at the end"
    text = base.replace("BLOCK_7 = 7\n", "BLOCK_7 = 14\n").replace("BLOCK_90 = 90\n", "") + "\n# added\n"
    assert apply(base, edits(base, text)) == text and apply(base, edits(base, base)) == base
    (tmp_path / "candidates").mkdir()
    (tmp_path / "candidates" / "base.py").write_text(base)
    (tmp_path / PACKED).write_text(json.dumps({"version": 1, "sources": {"candidates/v.py": {
        "base": "candidates/base.py", "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "edits": edits(base, text)}}}))
    assert PackedSources(tmp_path).read("candidates/v.py") == text
    assert PackedSources(tmp_path).read("candidates/other.py") is None
    (tmp_path / "candidates" / "base.py").write_text(base.replace("BLOCK_3 = 3", "BLOCK_3 = 6"))
    assert PackedSources(tmp_path).read("candidates/v.py") is None  # never another text under its name
    (tmp_path / PACKED).write_text(json.dumps({"version": 99, "sources": {}}))
    with pytest.raises(ValueError, match="version 99"):
        PackedSources(tmp_path)


def test_kept_sources_are_round_0_the_lineage_of_the_best_and_the_fastest():
    def row(n, rnd, speedup, verdict="correct"):
        return {"cache_key": f"k{n}", "problem_digest": "p", "candidate_digest": f"c{n}", "round": rnd,
                "verdict": {"verdict": verdict, "speedup": speedup}}

    rows = [row(0, 0, 1.0), row(1, 1, 1.2), row(2, 1, 0.5), row(3, 2, 3.0, "incorrect"), row(4, 2, 1.1),
            row(5, 3, 1.21), row(6, 4, 1.5)]
    assert kept_digests(rows, keep=1) == {"c0", "c1", "c5", "c6"}  # c5 beat c1 by under 1 %: lineage all the same
    assert kept_digests(rows, keep=3) == {"c0", "c1", "c5", "c6"}  # the three fastest are already in
    assert kept_digests(rows, keep=4) == {"c0", "c1", "c4", "c5", "c6"}
    # after a template change: the restarts (wrong ones too: repair seeds) and the fastest correct since the latest
    restart = [{**row(7, 5, 0.9), "idea": "generated starter, today's generator (...)"},
               {**row(8, 5, 0.2, "incorrect"), "idea": "today's generator with seed c6's settings: ..."},
               row(9, 6, 1.0), row(10, 6, 0.8), row(11, 3, 1.19)]
    assert kept_digests(rows + restart, keep=1) == {"c0", "c1", "c5", "c6", "c7", "c8", "c9"}


def test_a_folder_that_is_not_a_thin_copy_is_refused(tmp_path):
    (tmp_path / "mine.txt").write_text("x")
    with pytest.raises(ValueError, match="not a thin copy"):
        check_dest(tmp_path)
    with pytest.raises(ValueError, match="not a search's run directory"):
        thin_copy(tmp_path / "nothing", tmp_path / "dest")
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]


def test_the_move_prior_reads_the_thin_copy_as_the_full_run(tmp_path):
    run = tmp_path / "run"
    problem = Problem.from_source(SRC, name="a")
    _search(run, [problem], PoolIdeas(), _config(1))
    rows = _rows(run)
    parent = rows[0]["candidate_digest"]
    for r in rows:  # give the judged variants tuner moves and a timed kernel, as a tuner run has
        if r["round"]:
            r.update(parent=parent, idea="double BLOCK 128 -> 256")
        r["verdict"]["kernel"] = {"median_ms": 1.0 / r["verdict"]["speedup"]}
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    control = {"kind": "control", "problem": problem.key, "problem_digest": problem.digest, "round": 1,
               "device": "cpu", "candidate_digest": parent, "ok": True, "median_ms": 1.0, "reason": "timed"}
    variants = [{**control, "kind": "variant", "candidate_digest": f"v{i}", "parent": parent, "median_ms": ms,
                 "idea": "halve BLOCK 128 -> 64", "reason": "right on 1 input set", "recorded_at": 1.0}
                for i, ms in enumerate((0.5, 2.0))]
    (run / SCREENS).write_text("".join(json.dumps(r) + "\n" for r in [control, *variants]))
    thin_copy(run, tmp_path / "thin")

    def prior(folder):
        read = [json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()]
        screens = [json.loads(line) for line in (folder / SCREENS).read_text().splitlines()]
        p = MovePrior.from_rows(read, screens)
        return dict(p.counts), p.judged, p.screened

    assert prior(tmp_path / "thin") == prior(run) and prior(run)[1] > 0 and prior(run)[2] == 2


def test_the_best_kernel_is_kept_once_as_best_py_and_resumes_from_there(tmp_path):
    """The best kernel's source is its problem's best.py: the thin copy keeps it there only (L3/34's 6 778-line
    graph-wrapped forward was stored twice), and the ledger reads it back from best.py when its own file is gone."""
    from autokernel.ledger import Ledger

    problem = Problem.from_source(SRC, name="a")
    _search(tmp_path / "run", [problem], PoolIdeas(), _config(3))
    report = thin_copy(tmp_path / "run", tmp_path / "thin", keep=1)
    (folder,) = (tmp_path / "thin" / "problems").iterdir()
    best = Candidate(source=(folder / "best.py").read_text()).digest
    assert best in {r["candidate_digest"] for r in _rows(tmp_path / "run")}
    assert not list((tmp_path / "thin" / "candidates").glob(f"*/{best}.py"))
    assert report.sources_kept == 1 + sum(1 for _ in (tmp_path / "thin" / "candidates").rglob("*.py"))
    ledger = Ledger(tmp_path / "thin", device="cpu", policy=POLICY, use_git=False)
    (found,) = [a for a in ledger.attempts(problem) if a.candidate.digest == best]
    assert found.candidate.source == (folder / "best.py").read_text()
    (folder / "best.py").write_text("class ModelNew: pass\n# edited\n")  # no longer that candidate: not read
    assert best not in {a.candidate.digest for a in Ledger(tmp_path / "thin", device="cpu", policy=POLICY,
                                                           use_git=False).attempts(problem)}


def test_a_ledger_only_copy_keeps_only_the_two_kernels_the_gain_compares_and_resumes_without_judging_again(tmp_path):
    """``ledger_only``: the copy committed beside the panel page, run data left out: its ledgers, each problem's
    best.py and the fastest round-0 kernel's source (the two a gain compares, judged again by `search_panel.py
    confirm`), from which a resume builds (the other rows count and are never judged again)."""
    from autokernel.ledger import Ledger

    problem = Problem.from_source(SRC, name="a")
    _search(tmp_path / "run", [problem], PoolIdeas(200), _config(3))
    report = thin_copy(tmp_path / "run", tmp_path / "thin", ledger_only=True)
    rows = _rows(tmp_path / "run")
    round0 = max((r for r in rows if r["round"] == 0), key=lambda r: recorded_rank(r["verdict"]))  # its fastest
    kept = [p.relative_to(tmp_path / "thin").as_posix() for p in (tmp_path / "thin" / "candidates").rglob("*.py")]
    assert kept == [round0["source_path"]] and not (tmp_path / "thin" / PACKED).exists()
    assert report.sources_kept == 2 and report.rows == len(rows)
    assert json.loads((tmp_path / "thin" / THIN_MARK).read_text())["ledger_only"] is True
    attempts = Ledger(tmp_path / "thin", device="cpu", policy=POLICY, use_git=False).attempts(problem)
    best = max(rows, key=lambda r: recorded_rank(r["verdict"]))
    assert best["round"] > 0 and {a.candidate.digest for a in attempts} == {round0["candidate_digest"],
                                                                            best["candidate_digest"]}
    best_py = next((tmp_path / "thin" / "problems").glob("*/best.py")).read_text()
    assert Candidate(source=best_py).digest == best["candidate_digest"]
    out, backend = _search(tmp_path / "thin", [problem], PoolIdeas(200), _config(4))
    judged = {r["candidate_digest"] for r in _rows(tmp_path / "run")}
    again = [r for r in _rows(tmp_path / "thin") if r["round"] <= 3]
    assert len(again) == len(judged) and out.problems[0].reused == len(judged)  # nothing judged twice
    # its stop's history counts every candidate judged, those kept without their source too
    (stop,) = json.loads(next((tmp_path / "thin" / "problems").glob("*/search.json")).read_text()).values()
    rows = _rows(tmp_path / "thin")
    unsourced = len(judged) - 2  # the earlier run's, less its best and round 0's (the new round's have sources)
    assert stop["history"].startswith(f"{len(rows)} candidates ({unsourced} without source), {len(rows)} correct")


class HashBackend:
    """Any kernel correct, its time drawn from its digest (the tuner's kernels carry no scripted speedup)."""

    device = "cpu"
    workers = 1

    def submit(self, problem, candidate):
        from concurrent.futures import Future

        from autokernel.records import TimingStats, Verdict

        ms = 0.5 + int(candidate.digest[:4], 16) / 65536
        t = TimingStats(median_ms=ms, mean_ms=ms, min_ms=ms, max_ms=ms, std_ms=0.0, ci95_low_ms=ms, ci95_high_ms=ms,
                        num_trials=3, method="scripted")
        fut: Future = Future()
        fut.set_result(Verdict(verdict="correct", reason="", speedup=1.0 / ms, kernel=t))
        return fut

    def close(self) -> None:
        pass


def test_a_ledger_only_copy_resumes_the_tuners_line_from_the_kernels_it_writes_again(tmp_path):
    """A ledger-only copy keeps the best's source alone; the tuner writes its other kernels again from their lineage
    (`TunerProposer.rewrite`), so the resumed search has the same history as the full run directory and goes on
    with the same moves, where it would otherwise have only the best (or, behind a foreign leader, nothing) to move
    from. The restored sources are saved where their rows name them; nothing is judged twice."""
    from autokernel.ledger import Ledger
    from autokernel.propose.tuner import TunerProposer
    from autokernel.search.loop import run_search

    src = SRC.replace("x * 2", "torch.relu(x) + 1.0")
    problem = Problem.from_source(src, name="relu_add")

    def search(run, rounds):
        ledger = Ledger(run, device="cpu", policy=POLICY, use_git=False)
        config = SearchConfig(rounds=rounds, ideas_per_round=3, branches_per_idea=1, patience=None)
        return run_search([problem], TunerProposer(), HashBackend(), ledger, config, progress=False,
                          log=lambda m: None)

    search(tmp_path / "run", 3)
    thin_copy(tmp_path / "run", tmp_path / "thin", ledger_only=True)
    judged = _rows(tmp_path / "run")
    full = Ledger(tmp_path / "run", device="cpu", policy=POLICY, use_git=False).attempts(problem)
    assert len(full) == len(judged) > 4
    shutil.copytree(tmp_path / "run", tmp_path / "full")
    search(tmp_path / "full", 4)
    out = search(tmp_path / "thin", 4)
    assert out.problems[0].reused == len(judged)
    new = [r for r in _rows(tmp_path / "thin") if r["round"] == 4]
    assert new and {r["candidate_digest"] for r in new} == {r["candidate_digest"] for r in _rows(tmp_path / "full")
                                                             if r["round"] == 4}  # (recorded as they finish)
    restored = Ledger(tmp_path / "thin", device="cpu", policy=POLICY, use_git=False).attempts(problem)
    assert {a.candidate.digest for a in restored} >= {a.candidate.digest for a in full}


def test_the_confirmation_readings_travel_with_the_copy_and_an_earlier_copys_stay(tmp_path):
    from autokernel.search.confirm import CONFIRM_LOG, ConfirmLog, Reading

    problem = Problem.from_source(SRC, name="a")
    _search(tmp_path / "run", [problem], PoolIdeas(), _config(2))

    def reading(turn, role, ms):
        return Reading(problem="a", role=role, candidate_digest=role * 4, pair="r0:best", turn=turn,
                       verdict="correct", kernel_ms=ms, eager_ms=2.0, reason="")

    log = ConfirmLog(tmp_path / "run")
    log.record(reading(0, "round0", 1.0))
    log.record(reading(0, "best", 0.5))
    thin_copy(tmp_path / "run", tmp_path / "thin", ledger_only=True)
    assert ConfirmLog(tmp_path / "thin").readings() == log.readings()

    (tmp_path / "run" / CONFIRM_LOG).unlink()  # a run directory restored without it, then confirmed on
    log.record(reading(1, "best", 0.6))
    thin_copy(tmp_path / "run", tmp_path / "thin", ledger_only=True)
    kept = ConfirmLog(tmp_path / "thin").readings()
    assert [(r.turn, r.role, r.kernel_ms) for r in kept] == [(1, "best", 0.6), (0, "round0", 1.0), (0, "best", 0.5)]


def test_the_autotuners_choices_travel_with_a_thin_copy_but_not_a_ledger_only_one(tmp_path):
    """A resumed call would time every autotuned kernel's configs again without them (L3/34: a minute)."""
    problem = Problem.from_source(SRC, name="a")
    _search(tmp_path / "run", [problem], PoolIdeas(), _config(1))

    def entry(root, model, key, name, text):
        folder = root / "autotune" / model / key
        folder.mkdir(parents=True)
        (folder / name).write_text(text)

    record = json.dumps({"key": [1], "configs_timings": [[{"BLOCK": 64}, [0.1]]]})
    entry(tmp_path / "run", "NVIDIA_H200", "k1", "k.autotune.json", record)
    entry(tmp_path / "run", "NVIDIA_H200", "k2", "k.cubin", "a compile")  # never travels
    entry(tmp_path / "run", "NVIDIA_H100_80GB_HBM3", "k3", "k.autotune.json", record)
    report = thin_copy(tmp_path / "run", tmp_path / "thin")
    thin = tmp_path / "thin" / "autotune"
    assert report.choices == 2 and json.loads((tmp_path / "thin" / THIN_MARK).read_text())["choices"] == 2
    assert (thin / "NVIDIA_H200" / "k1" / "k.autotune.json").read_text() == record
    assert not (thin / "NVIDIA_H200" / "k2").exists() and (thin / "NVIDIA_H100_80GB_HBM3" / "k3").is_dir()

    shutil.rmtree(tmp_path / "run" / "autotune")  # a run directory restored without them, then searched on
    entry(tmp_path / "run", "NVIDIA_H200", "k4", "k.autotune.json", record)
    assert thin_copy(tmp_path / "run", tmp_path / "thin").choices == 3  # the earlier copy's stay beside the new
    assert {p.name for p in (thin / "NVIDIA_H200").iterdir()} == {"k1", "k4"}
    assert thin_copy(tmp_path / "run", tmp_path / "ledger", ledger_only=True).choices == 0
    assert not (tmp_path / "ledger" / "autotune").exists()
