"""The run directory: cache keys, torn rows after a crash, best kernels in git."""

from __future__ import annotations

import json
import subprocess

from autokernel.ledger import TSV_COLUMNS, Ledger, cache_key, slug
from autokernel.problem import Problem
from autokernel.propose.base import Attempt
from autokernel.records import Candidate, Verdict

SRC = (
    "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n"
    "def get_inputs():\n    return [torch.ones(4)]\ndef get_init_inputs():\n    return []\n"
)
POLICY = {"tolerance": "kernelbench", "num_correct_trials": 5}


def _attempt(
    source: str, kind: str = "correct", speedup: float | None = 1.5, idea: str = "an idea"
) -> Attempt:
    return Attempt(
        candidate=Candidate(source=source, idea=idea, proposer="test"),
        verdict=Verdict(verdict=kind, reason=f"{kind}\twith\nnewlines", speedup=speedup),
        tokens={"prompt_tokens": 3, "completion_tokens": 4},
    )


def test_cache_key_depends_on_problem_candidate_device_and_policy():
    k = cache_key("p", "c", "cpu", POLICY)
    assert k != cache_key("p", "c", "cuda", POLICY)
    assert k != cache_key("p", "c2", "cpu", POLICY)
    assert k != cache_key("p", "c", "cpu", {**POLICY, "tolerance": "legacy"})
    assert k == cache_key("p", "c", "cpu", dict(reversed(list(POLICY.items()))))


def test_rows_survive_a_torn_write_and_reload(tmp_path):
    problem = Problem.from_source(SRC, name="double it")
    ledger = Ledger(tmp_path, device="cpu", policy=POLICY)
    a, b = (
        _attempt("class ModelNew: pass\n"),
        _attempt("class ModelNew: x = 1\n", kind="incorrect", speedup=None),
    )
    ledger.record(problem, a)
    ledger.record(problem, b)
    with open(tmp_path / "results.jsonl", "a") as fh:
        fh.write('{"experiment": 3, "cache_key": "tor')  # killed mid-write
    tsv = (tmp_path / "results.tsv").read_text().splitlines()
    assert len(tsv) == 3 and all(len(line.split("\t")) == len(TSV_COLUMNS) for line in tsv)
    row = dict(zip(TSV_COLUMNS, tsv[1].split("\t")))
    assert row["correctness"] == "PASS" and row["tokens"] == "7" and row["throughput_gbps"] == ""
    assert row["reason"] == "correct with newlines"

    again = Ledger(tmp_path, device="cpu", policy=POLICY)
    assert again.count == 2 and "incomplete" in again.notes[0]
    assert again.lookup(problem, a.candidate).verdict.speedup == 1.5
    assert again.lookup(problem, b.candidate).verdict.verdict == "incorrect"
    assert Ledger(tmp_path, device="cuda", policy=POLICY).lookup(problem, a.candidate) is None
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert [json.loads(x)["experiment"] for x in lines] == [1, 2]
    again.record(problem, _attempt("class ModelNew: y = 2\n"))
    assert json.loads((tmp_path / "results.jsonl").read_text().splitlines()[-1])["experiment"] == 3


def test_best_kernels_are_git_commits_with_the_idea(tmp_path):
    problem = Problem.from_source(SRC, name="double")
    ledger = Ledger(tmp_path, device="cpu", policy=POLICY)
    first = _attempt("class ModelNew: pass\n", idea="generated starter")
    ledger.save_best(problem, first)
    ledger.save_best(problem, first)  # unchanged best: no second commit
    ledger.save_best(
        problem, _attempt("class ModelNew: z = 3\n", speedup=2.0, idea="double BLOCK_SIZE 512 -> 1024")
    )
    d = tmp_path / "problems" / slug(problem)
    assert (d / "problem.py").read_text() == SRC
    assert json.loads((d / "best.json").read_text())["quarantined"] is False
    log = subprocess.run(
        ["git", "log", "--format=%s"], cwd=tmp_path, capture_output=True, text=True
    ).stdout.splitlines()
    assert log[:2] == [
        "double: double BLOCK_SIZE 512 -> 1024 (2x, round 0)",
        "double: generated starter (1.5x, round 0)",
    ]
    assert len(log) == 3


def test_a_resumed_run_never_overwrites_a_better_best(tmp_path):
    """A resumed run replays its rounds from the starter: best.py keeps what an earlier invocation found."""
    problem = Problem.from_source(SRC, name="double")
    d = tmp_path / "problems" / slug(problem)

    def attempt(source, speedup, digest=problem.digest):
        a = _attempt(source, speedup=speedup)
        a.verdict.problem_digest = digest
        return a

    Ledger(tmp_path, device="cpu", policy=POLICY).save_best(problem, attempt("class ModelNew: best = 1\n", 2.0))
    resumed = Ledger(tmp_path, device="cpu", policy=POLICY)
    resumed.save_best(problem, attempt("class ModelNew: starter = 1\n", 1.2))
    assert "best = 1" in (d / "best.py").read_text() and json.loads((d / "best.json").read_text())["speedup"] == 2.0
    resumed.save_best(problem, attempt("class ModelNew: better = 1\n", 2.5))
    assert "better = 1" in (d / "best.py").read_text()
    # a best recorded for another version of the problem (a dataset fix) does not count
    (d / "best.json").write_text(json.dumps({"verdict": "correct", "speedup": 9.0, "problem_digest": "old"}))
    resumed.save_best(problem, attempt("class ModelNew: fixed = 1\n", 1.1))
    assert "fixed = 1" in (d / "best.py").read_text()


def test_a_best_kept_only_as_best_py_keeps_its_source_when_displaced(tmp_path):
    """A thin copy keeps a problem's best once, as best.py; a resumed search that finds a better kernel writes the
    old best to its own candidate file first, so `search_panel.py confirm` can still judge it (round 0's best)."""
    problem = Problem.from_source(SRC, name="double")

    def attempt(source, speedup):
        a = _attempt(source, speedup=speedup)
        a.verdict.problem_digest, a.verdict.candidate_digest = problem.digest, a.candidate.digest
        return a

    seed, better = attempt("class ModelNew: seed = 1\n", 1.2), attempt("class ModelNew: better = 1\n", 2.0)
    ledger = Ledger(tmp_path, device="cpu", policy=POLICY, use_git=False)
    ledger.record(problem, seed)
    ledger.save_best(problem, seed)
    ledger.source_path(problem, seed.candidate.digest).unlink()  # as a thin copy keeps it: best.py only
    resumed = Ledger(tmp_path, device="cpu", policy=POLICY, use_git=False)
    assert resumed.stored_source(problem, seed.candidate.digest) is None
    resumed.record(problem, better)
    resumed.save_best(problem, better)
    assert resumed.stored_source(problem, seed.candidate.digest) == seed.candidate.source
    assert "better = 1" in (tmp_path / "problems" / slug(problem) / "best.py").read_text()
    # a best.py that is not the recorded best (edited by hand) is not filed as a candidate
    (tmp_path / "problems" / slug(problem) / "best.py").write_text("class ModelNew: edited = 1\n")
    resumed.save_best(problem, attempt("class ModelNew: best = 3\n", 3.0))
    assert resumed.stored_source(problem, Candidate(source="class ModelNew: edited = 1\n").digest) is None


def test_slug_names():
    assert slug(Problem.from_source(SRC, name="19_ReLU", level=1, problem_id=19)) == "L1_19_19_ReLU"
    assert slug(Problem.from_source(SRC, name="a b/c")) == "a_b_c"


def test_rejudge_reuses_nothing_of_the_named_verdicts_once_per_invocation(tmp_path):
    problem = Problem.from_source(SRC, name="double it")
    first = Ledger(tmp_path, device="cpu", policy=POLICY)
    crashed = _attempt("class ModelNew: crash = 1\n", kind="runtime_error", speedup=None)
    wrong = _attempt("class ModelNew: wrong = 1\n", kind="incorrect", speedup=None)
    first.record(problem, crashed)
    first.record(problem, wrong)

    again = Ledger(tmp_path, device="cpu", policy=POLICY, rejudge={"runtime_error"})
    assert again.lookup(problem, crashed.candidate) is None  # judged again (e.g. after a harness fix)
    assert again.lookup(problem, wrong.candidate).verdict.verdict == "incorrect"  # other verdicts stand
    again.record(problem, _attempt(crashed.candidate.source, kind="runtime_error", speedup=None))
    assert again.lookup(problem, crashed.candidate).verdict.verdict == "runtime_error"  # not twice in one run

    fixed = Ledger(tmp_path, device="cpu", policy=POLICY, rejudge={"runtime_error"})
    fixed.record(problem, _attempt(crashed.candidate.source, kind="correct", speedup=1.2))
    reloaded = Ledger(tmp_path, device="cpu", policy=POLICY)
    assert reloaded.lookup(problem, crashed.candidate).verdict.verdict == "correct"  # the newest row wins
    assert reloaded.count == 2


def test_rejudge_flag_names_real_verdicts():
    import pytest

    from kb.cli.run import _rejudge

    assert _rejudge("runtime_error, timeout") == {"runtime_error", "timeout"}
    assert _rejudge("") == frozenset()
    with pytest.raises(ValueError, match="unknown verdict"):
        _rejudge("oom")


def test_every_results_tsv_row_has_a_tag_of_its_own(tmp_path):
    """An LLM round gives several ideas the same round and branch (a starter, a cheat and a broken kernel were all
    ``silu/r0b0``); the tag carries the candidate's digest, and a re-judged candidate's row its count."""
    problem = Problem.from_source(SRC, name="silu")
    ledger = Ledger(tmp_path, device="cpu", policy=POLICY)
    sources = ["class ModelNew: starter = 1\n", "class ModelNew: cheat = 1\n", "class ModelNew: broken = 1\n"]
    for src in sources:
        ledger.record(problem, _attempt(src))
    again = Ledger(tmp_path, device="cpu", policy=POLICY, rejudge={"correct"})
    again.record(problem, _attempt(sources[0]))
    tags = [dict(zip(TSV_COLUMNS, line.split("\t")))["tag"]
            for line in (tmp_path / "results.tsv").read_text().splitlines()[1:]]
    assert len(tags) == 4 and len(set(tags)) == 4, tags
    digest = Candidate(source=sources[0]).digest[:8]
    assert tags[0] == f"silu/r0b0/{digest}" and tags[3] == f"silu/r0b0/{digest}~2"


def test_tsv_short_of_the_jsonl_is_rebuilt_from_it(tmp_path):
    """A kill between the jsonl and the tsv append leaves the tsv a row short: the next open rebuilds it."""
    from autokernel.ledger import Ledger
    from autokernel.problem import Problem
    from autokernel.propose.base import Attempt
    from autokernel.records import Candidate, Verdict

    problem = Problem.from_source("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                                  "        return x\ndef get_inputs():\n    return [torch.rand(2)]\n"
                                  "def get_init_inputs():\n    return []\n", name="ident")
    ledger = Ledger(tmp_path, device="cpu", policy={}, use_git=False)
    for i in range(2):
        ledger.record(problem, Attempt(candidate=Candidate(source=f"# {i}\n", round=i),
                                       verdict=Verdict(verdict="incorrect", reason=f"r{i}")))
    tsv = (tmp_path / "results.tsv").read_text()
    (tmp_path / "results.tsv").write_text("".join(tsv.splitlines(keepends=True)[:2]))  # the last row lost
    again = Ledger(tmp_path, device="cpu", policy={}, use_git=False)
    assert (tmp_path / "results.tsv").read_text() == tsv
    assert any("rebuilt" in n for n in again.notes)


def test_kernels_rank_by_their_own_time_not_by_a_speedup_over_a_noisy_eager():
    """ShuffleNet on the H200: 1.58x at 6.71 ms (eager read 10.6 ms) against 1.36x at 6.43 ms (eager 8.7 ms)."""
    from autokernel.propose.base import best_attempt, rank_key, recorded_rank
    from autokernel.records import TimingStats
    from autokernel.search.loop import improves

    def timed(source: str, ms: float, speedup: float) -> Attempt:
        a = _attempt(source, speedup=speedup)
        a.verdict.kernel = TimingStats(median_ms=ms, mean_ms=ms, min_ms=ms, max_ms=ms, std_ms=0.0, ci95_low_ms=ms,
                                       ci95_high_ms=ms, num_trials=10, method="test")
        return a

    lucky, fast = timed("class ModelNew: lucky = 1\n", 6.707, 1.58), timed("class ModelNew: fast = 1\n", 6.43, 1.36)
    assert best_attempt([lucky, fast]) is fast and rank_key(fast) > rank_key(lucky)
    assert recorded_rank(fast.verdict.to_dict()) == rank_key(fast)
    assert improves(fast, lucky, 0.01) and not improves(lucky, fast, 0.01)
    assert not improves(timed("class ModelNew: same = 1\n", 6.40, 1.9), fast, 0.01)  # 0.5 % faster: inside min_gain
    # untimed verdicts (CPU --no-timing) still rank by speedup where they have one, and tie where they have none
    assert rank_key(_attempt("a", speedup=2.0)) > rank_key(_attempt("b", speedup=1.0))
    assert improves(_attempt("a", speedup=2.0), _attempt("b", speedup=1.0), 0.01)


def test_a_new_best_is_shown_by_its_kernel_time_beside_the_one_it_displaced():
    """The speedup alone can fall while the kernel got faster (each verdict times its own eager)."""
    from autokernel.records import TimingStats
    from autokernel.search.loop import best_line

    def stats(ms: float) -> TimingStats:
        return TimingStats(median_ms=ms, mean_ms=ms, min_ms=ms, max_ms=ms, std_ms=0.0, ci95_low_ms=ms,
                           ci95_high_ms=ms, num_trials=10, method="test")

    old, new = _attempt("a", speedup=0.00741, idea="starter"), _attempt("b", speedup=0.00327, idea="BLOCK 2048")
    old.verdict.kernel, old.verdict.eager = stats(1079.0), stats(7.99)
    new.verdict.kernel, new.verdict.eager = stats(504.9), stats(1.65)
    assert best_line(new, old) == "new best 504.9 ms (was 1079 ms), 0.00327x vs eager 1.65 ms (BLOCK 2048)"
    assert best_line(old, None) == "new best 1079 ms, 0.00741x vs eager 7.99 ms (starter)"
    assert best_line(_attempt("c", speedup=2.0, idea="i"), None) == "new best 2x vs eager (i)"  # untimed (CPU)
    assert best_line(_attempt("d", speedup=None, idea="i"), None) == "new best (i)"


def test_the_run_summary_gives_the_best_kernels_time_beside_its_speedup():
    from autokernel.records import TimingStats
    from autokernel.search.loop import ProblemOutcome, RunOutcome
    from autokernel.search.summary import format_summary

    timed = _attempt("a", speedup=0.00327)
    timed.verdict.kernel = TimingStats(median_ms=504.86, mean_ms=505.0, min_ms=500.0, max_ms=510.0, std_ms=1.0,
                                       ci95_low_ms=503.0, ci95_high_ms=506.0, num_trials=10, method="test")
    run = RunOutcome(problems=[ProblemOutcome(problem="L1/19", name="relu", best=timed),
                               ProblemOutcome(problem="L1/20", name="untimed", best=_attempt("b", speedup=2.0))],
                     proposer="tuner", device="cpu", run_dir="r", wall_s=1.0)
    table = format_summary(run).split("\n\n")[-1].splitlines()
    assert table[0].split()[:3] == ["problem", "best_ms", "best_speedup"]
    assert table[1].split()[:3] == ["L1/19", "504.9", "0.00327x"]
    assert table[2].split()[:3] == ["L1/20", "-", "2x"]
