"""Compact ledgers (kb.compact): a run directory reduced to what the pages read scores exactly as the directory does."""

from __future__ import annotations

import hashlib
import json

import pytest

from kb.compact import (
    STRICT,
    LedgerError,
    code_digest,
    compact_run,
    compact_verdict,
    keep_kernel,
    kept_kernels,
    read_ledger,
    rejudged_line,
    restored_verdict,
    reword_comments,
    write_ledger,
)
from kb.runs import run_environment, run_table

KERNEL = '''import torch


def forward(x):  # the fast path (2026-11-30, large inputs)
    return torch.relu(x)  # note "session" stays in strings: "# not a comment"
'''


def _stats(ms):
    return {"median_ms": ms, "mean_ms": ms, "min_ms": ms, "max_ms": ms, "std_ms": 0.0, "ci95_low_ms": ms,
            "ci95_high_ms": ms, "num_trials": 100, "method": "cuda_event+l2_flush"}  # fmt: skip


def _run(tmp_path):
    """A run directory of two problems: three verdicts, one candidate file each, a run.json with extras."""
    run = tmp_path / "L1"
    rows = []
    for n, (problem, verdict, ms) in enumerate([("L1/19", "correct", 0.5), ("L1/19", "correct", 0.4),
                                                 ("L1/20", "incorrect", None)], start=1):  # fmt: skip
        source = KERNEL + f"VARIANT = {n}\n"
        digest = hashlib.sha256(source.encode()).hexdigest()[:16]
        path = run / "candidates" / f"L1_{problem[3:]}_x" / f"{digest}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
        rows.append({
            "experiment": n, "problem": problem, "problem_name": f"{problem[3:]}_ReLU", "candidate_digest": digest,
            "source_path": path.relative_to(run).as_posix(), "proposer": "tuner", "round": 0, "branch": 0, "idea": "x",
            "cache_key": "dropped", "tokens": {}, "recorded_at": 1.0,
            "verdict": {
                "verdict": verdict, "reason": "r", "quarantined": False, "speedup": 1.0 / ms if ms else None,
                "speedup_vs_compile": 0.9 / ms if ms else None, "floor_ms": 0.1, "pct_of_floor": 10.0,
                "kernel": _stats(ms) if ms else None, "eager": _stats(1.0) if ms else None,
                "compiled": _stats(0.9) if ms else None, "device": "cuda:0",
                "policy": {"tolerance_preset": "kernelbench", "atol": 1e-4, "rtol": 1e-4, "reference_precision": "fp32",
                           "seeds": "dropped", "trials": 5},
                "environment": {"gpu": "NVIDIA H200", "driver": "580", "cuda_runtime": "13.0", "torch": "2.11",
                                "triton": "3.6", "sm_clock_max_mhz": "1980 MHz", "python": "dropped"},
                "checks": [{"name": "static", "passed": True},
                           {"name": "plausibility", "reason": "dropped", "figures": {
                               "flops": 1e9, "bytes": 8e9, "vector_tflops": 50.0, "memory_gbps": 4000.0,
                               "peak_used": "dropped: the rates are numeric", "latency_ms": 0.5}}],
                "confinement": {"dropped": True}, "stages_s": {"spawn": 1.0},
            },
        })  # fmt: skip
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (run / "run.json").write_text(json.dumps({
        "dataset": "kb", "config": "github_main", "note": "merged by hand", "host": "dropped",
        "invocations": [{"level": 1, "rounds": 1, "ideas_per_round": 2, "branches_per_idea": 1, "stop_after_s": 60,
                         "workers_per_device": 2, "devices": ["cuda:0"], "candidates_evaluated": 3, "wall_s": 9.0,
                         "candidates_per_device_hour": 1200.0, "note": "one GPU", "host_cpus": 16}]}))  # fmt: skip
    return run


def test_a_compact_ledger_scores_and_describes_the_run_exactly_as_its_directory(tmp_path):
    run = _run(tmp_path)
    ledger = compact_run(run)
    path = write_ledger(tmp_path / "board" / "ledger" / "L1.jsonl", ledger)
    assert all(r["protocol"] == STRICT and r["origin"] == "search" for r in read_ledger(path).rows)
    full, compact = run_table(run), run_table(path)
    assert compact.drop(columns="kernel_path").equals(full.drop(columns="kernel_path"))
    assert compact["kernel_path"].tolist() == ["", ""]  # no kernel kept yet: no link
    assert run_environment([path]) == run_environment([run])
    assert "L1: merged by hand" in run_environment([path])["run_notes"]  # the header names the run


def test_compact_lines_hold_only_what_the_pages_read(tmp_path):
    line = compact_run(_run(tmp_path)).rows[0]
    assert set(line) == {"origin", "protocol", "problem", "problem_name", "candidate_digest", "experiment",
                         "proposer", "round", "idea", "verdict"}  # fmt: skip
    v = line["verdict"]
    assert "confinement" not in v and "stages_s" not in v and "python" not in v["environment"]
    assert "seeds" not in v["policy"] and v["policy"]["atol"] == 1e-4
    assert v["checks"] == [{"name": "plausibility", "figures": {"flops": 1e9, "bytes": 8e9, "vector_tflops": 50.0,
                                                                  "memory_gbps": 4000.0}}]  # fmt: skip
    assert v["kernel"] == _stats(0.5)  # timing stats whole
    header = compact_run(_run(tmp_path / "again")).run_json
    assert "host" not in header and "host_cpus" not in header["invocations"][0]
    old = dict(v, checks=[{"name": "plausibility", "figures": {"flops": 1, "bytes": 2, "peak_used": "fp32 vector 5"}}])
    assert rejudged_line(old, preferred=True)["verdict"]["checks"][0]["figures"]["peak_used"] == "fp32 vector 5"
    assert line["protocol"] == STRICT  # recorded before protocols: the verdict has none
    assert rejudged_line(dict(v, protocol="kernelbench"), preferred=False)["protocol"] == "kernelbench"


def test_a_compact_line_names_its_key_and_gives_back_a_verdict_the_pages_read_alike(tmp_path):
    """A bench resuming from compact ledgers (kb/bench_ledgers.py) checks the line's key and records its verdict."""
    from autokernel.ledger import policy_digest
    from autokernel.records import Verdict

    run = _run(tmp_path)
    policy = {"protocol": "strict", "tolerance": 1e-4, "num_correct_trials": 5}
    rows = [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]
    rows = [{**r, "problem_digest": "p" * 16, "device": "cuda", "policy": policy} for r in rows]  # as a Ledger's
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    line = compact_run(run).rows[0]
    assert (line["problem_digest"], line["device"], line["policy_digest"]) == ("p" * 16, "cuda",
                                                                               policy_digest(policy))
    verdict = restored_verdict(line)  # what compacting dropped is left at its default
    assert Verdict.from_dict(verdict.to_dict()) == verdict
    assert (verdict.problem, verdict.problem_digest, verdict.candidate_digest) == ("L1/19", "p" * 16,
                                                                                  line["candidate_digest"])
    assert [(c.name, c.passed) for c in verdict.checks] == [("plausibility", True)]  # not quarantined
    assert compact_verdict(verdict.to_dict()) == {**line["verdict"], "protocol": ""}  # none recorded: strict


def test_kept_kernels_are_the_judged_code_and_comments_may_be_reworded(tmp_path):
    run = _run(tmp_path)
    ledger = compact_run(run)
    path = tmp_path / "board" / "ledger" / "L1.jsonl"
    best = next(r for r in ledger.rows if r["experiment"] == 2)
    judged = next(run.glob(f"candidates/*/{best['candidate_digest']}.py"))
    dest = keep_kernel(path, ledger, "L1/19", best["candidate_digest"], judged, tmp_path / "board" / "kernels" / "a.py")
    write_ledger(path, ledger)
    assert best["source_path"] == "../kernels/a.py" and best["code_digest"] == code_digest(judged.read_text())
    assert run_table(path)["kernel_path"].tolist()[0].endswith("board/kernels/a.py")
    with pytest.raises(LedgerError, match="not the judged text"):
        keep_kernel(path, ledger, "L1/19", "0" * 16, judged, tmp_path / "b.py")

    text = dest.read_text()
    reworded = reword_comments(text, lambda c: c.replace("2026-11-30", "a day"))
    assert "(a day, large inputs)" in reworded and '"# not a comment"' in reworded
    dest.write_text(reworded)
    assert [k.path.name for k in kept_kernels([path])] == ["a.py"]  # comments changed: still the judged code
    dest.write_text(reworded.replace("torch.relu(x)", "torch.relu(x) * 1"))
    with pytest.raises(LedgerError, match="not the judged candidate"):
        kept_kernels([path])


def test_code_digest_sees_code_not_comments():
    assert code_digest("x = 1  # a\n") == code_digest("x = 1\n# b\n")
    assert code_digest("x = 1\n") != code_digest("x = 2\n")
    assert code_digest('x = "# a"\n') != code_digest('x = "# b"\n')


def test_a_file_that_is_not_a_ledger_says_so(tmp_path):
    (tmp_path / "results.jsonl").write_text('{"experiment": 1}\n')
    with pytest.raises(LedgerError, match="not a compact ledger"):
        read_ledger(tmp_path / "results.jsonl")


def test_the_baseline_rule_is_kept_and_each_row_says_which_precision_its_baselines_ran_in(tmp_path):
    """Strict decides per problem whether its baselines run with PyTorch's flags or in fp32: the compact line keeps
    the judge's record and the pages show it per row; a timed verdict that predates the record shows nothing."""
    run = _run(tmp_path)
    rows = [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]
    rows[1]["verdict"]["policy"]["baseline_rule"] = {"precision": "fp32", "reason": "misses 1e-4 with 3e-3"}
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    ledger = compact_run(run)
    assert ledger.rows[1]["verdict"]["policy"]["baseline_rule"]["precision"] == "fp32"
    table = run_table(write_ledger(tmp_path / "L1.jsonl", ledger))
    assert table.set_index("problem_id")["baseline_precision"].to_dict() == {19: "fp32", 20: ""}  # L1/19's best kernel
