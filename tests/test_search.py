"""The search engine end to end on CPU: tuner rounds, the ledger, resume after kill -9, hacked kernels never seeds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import CancelledError
from dataclasses import replace
from pathlib import Path

import pytest

from autokernel.ledger import TSV_COLUMNS, Ledger
from autokernel.problem import Problem
from autokernel.propose.base import History
from autokernel.records import Candidate
from autokernel.search import SearchConfig
from autokernel.search.backend import LocalBackend
from autokernel.search.loop import run_search
from autokernel.search.summary import format_summary

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"

RELU_SCALE = """
import torch
import torch.nn as nn

batch_size = 8
dim = 64


class Model(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        return torch.relu(x) * self.scale


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [3.0]
"""

# a Triton ReLU kernel that the candidates below define but never launch
UNLAUNCHED_KERNEL = """
import time
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n), 0.0), mask=offs < n)
"""

HACKED = UNLAUNCHED_KERNEL + """

class ModelNew(nn.Module):
    def forward(self, x):
        return torch.relu(x)  # the kernel above is never launched
"""


def _config():
    from autokernel.evaluate import EvalConfig

    return EvalConfig.for_device("cpu", timeout_s=120.0, num_correct_trials=2, num_perf_trials=3)


def _policy(cfg):

    return cfg.ledger_policy()


def test_tuner_search_end_to_end_and_rerun_reuses_ledger(tmp_path):
    import pandas as pd

    from autokernel.propose.tuner import TunerProposer

    problem = Problem.from_source(RELU_SCALE, name="relu_scale_tiny")
    cfg = _config()
    search = SearchConfig(rounds=1, ideas_per_round=1, branches_per_idea=1, patience=None)
    backend = LocalBackend(cfg)
    try:
        ledger = Ledger(tmp_path / "run", device="cpu", policy=_policy(cfg))
        out = run_search(
            [problem], TunerProposer(), backend, ledger, search, progress=False, log=lambda m: None
        )
        (p,) = out.problems
        assert p.evaluated == 2 and p.reused == 0
        assert p.stop_reason == "rounds exhausted (1)"
        assert p.best is not None and p.best.is_correct

        run = tmp_path / "run"
        rows = (run / "results.tsv").read_text().splitlines()
        assert rows[0].split("\t") == list(TSV_COLUMNS) and len(rows) == 3
        df = pd.read_json(run / "results.jsonl", lines=True)
        assert list(df["round"]) == [0, 1]
        assert df["verdict"].iloc[0]["verdict"] == "correct"
        second = df.iloc[1]
        assert second["parent"] == df["candidate_digest"].iloc[0]
        assert any(t in second["idea"] for t in ("EW_STREAM", "BLOCK_SIZE", "NUM_WARPS"))
        for digest in df["candidate_digest"]:
            assert (run / "candidates" / "relu_scale_tiny" / f"{digest}.py").is_file()
        best = json.loads((run / "problems" / "relu_scale_tiny" / "best.json").read_text())
        assert best["quarantined"] is False and best["verdict"] == "correct"
        assert (run / "problems" / "relu_scale_tiny" / "best.py").read_text() == p.best.candidate.source
        log = subprocess.run(["git", "log", "--format=%s"], cwd=run, capture_output=True, text=True).stdout
        assert "relu_scale_tiny: generated starter" in log

        summary = format_summary(out)
        assert "candidates_evaluated: 2" in summary and "rounds exhausted (1)" in summary

        # rerunning into the same directory answers every candidate from the ledger
        again = Ledger(run, device="cpu", policy=_policy(cfg))
        out2 = run_search(
            [problem], TunerProposer(), backend, again, search, progress=False, log=lambda m: None
        )
        assert out2.problems[0].evaluated == 0 and out2.problems[0].reused == 2
        assert len((run / "results.tsv").read_text().splitlines()) == 3
    finally:
        backend.close()


def test_a_resume_that_stops_at_once_records_why(tmp_path, monkeypatch):
    """A resumed problem whose stop rule is met by what earlier invocations judged (an H100 panel call resumed
    L1/30 with --floor-stop 90, at 90.3 % of its floor) stops without a round and records that reason: the run's
    page had kept the earlier call's "run stopped" instead."""
    from autokernel.ledger.ledger import SEARCH_STATE
    from autokernel.propose.tuner import TunerProposer
    from autokernel.search import loop

    problem = Problem.from_source(RELU_SCALE, name="relu_scale_tiny")
    cfg = _config()
    search = SearchConfig(rounds=1, ideas_per_round=1, branches_per_idea=1, patience=None)
    backend = LocalBackend(cfg)
    state = tmp_path / "run" / "problems" / "relu_scale_tiny" / SEARCH_STATE
    try:
        run_search([problem], TunerProposer(), backend, Ledger(tmp_path / "run", device="cpu", policy=_policy(cfg)),
                   search, progress=False, log=lambda m: None)
        (entry,) = json.loads(state.read_text()).values()
        assert entry["stop_reason"] == "rounds exhausted (1)"
        monkeypatch.setattr(loop, "_stop_rule", lambda *args, **kwargs: "at 93% of the roofline floor (stop at 90%)")
        out = run_search([problem], TunerProposer(), backend,
                         Ledger(tmp_path / "run", device="cpu", policy=_policy(cfg)),
                         replace(search, rounds=3), progress=False, log=lambda m: None)
    finally:
        backend.close()
    (p,) = out.problems
    assert p.evaluated == 0 and p.stop_reason == "at 93% of the roofline floor (stop at 90%)"
    (entry,) = json.loads(state.read_text()).values()
    assert entry["stop_reason"] == p.stop_reason and entry["final"] == ""  # a later policy may go on


class ScriptedProposer:
    """A real proposer with fixed answers: round 0 a hacked and an honest kernel; later rounds record the seeds."""

    name = "scripted"

    def __init__(self, honest: str):
        self.honest = honest
        self.seen_seeds: list[list[str]] = []

    def propose(self, problem, history: History, n_ideas, n_branches):
        if history.round == 0:
            return [
                Candidate(source=HACKED, proposer=self.name, idea="skip the kernel"),
                Candidate(source=self.honest, proposer=self.name, branch=1, idea="honest relu"),
            ]
        self.seen_seeds.append([a.candidate.idea for a in history.seeds])
        return []


def test_hacked_kernel_is_never_a_seed(tmp_path):
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    honest = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    cfg = _config()
    proposer = ScriptedProposer(honest)
    backend = LocalBackend(cfg)
    try:
        ledger = Ledger(tmp_path / "run", device="cpu", policy=_policy(cfg))
        out = run_search(
            [problem],
            proposer,
            backend,
            ledger,
            SearchConfig(rounds=2, patience=None),
            progress=False,
            log=lambda m: None,
        )
    finally:
        backend.close()
    (p,) = out.problems
    rows = {
        a["idea"]: a["verdict"] for a in map(json.loads, (tmp_path / "run" / "results.jsonl").read_text().splitlines())
    }
    verdicts = {idea: v["verdict"] for idea, v in rows.items()}
    assert verdicts["skip the kernel"] == "rejected"
    assert verdicts["honest relu"] == "correct", rows["honest relu"]["reason"]
    assert proposer.seen_seeds == [["honest relu"]]
    assert p.best.candidate.idea == "honest relu"
    assert p.stop_reason == "proposer has no new ideas"


def _rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_resume_after_kill_9_evaluates_nothing_twice(tmp_path):
    problem = tmp_path / "relu_scale_tiny.py"
    problem.write_text(RELU_SCALE)
    run = tmp_path / "run"
    cmd = [
        sys.executable,
        "-m",
        "kb",
        "run",
        str(problem),
        "--device",
        "cpu",
        "--rounds",
        "1",
        "--ideas",
        "2",
        "--branches",
        "1",
        "--trials",
        "2",
        "--perf-trials",
        "3",
        "--no-progress",
    ]
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    proc = subprocess.Popen(
        [*cmd, "--out", str(run)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not _rows(run / "results.jsonl") and proc.poll() is None:
            time.sleep(0.2)
        assert proc.poll() is None, (
            "the run ended before it could be killed: " + proc.stdout.read().decode()[-2000:]
        )
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its candidate process
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    first = _rows(run / "results.jsonl")
    assert len(first) == 1

    done = subprocess.run(
        [*cmd, "--resume", str(run)], cwd=REPO, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"run directory: {run}" in done.stdout
    assert "resuming: 1 candidates already evaluated" in done.stdout
    assert "candidates_from_ledger: 1" in done.stdout
    rows = _rows(run / "results.jsonl")
    digests = [r["candidate_digest"] for r in rows]
    assert len(digests) == len(set(digests)) == 3, done.stdout  # starter + 2 ideas, each evaluated once
    assert rows[0] == first[0]
    assert len((run / "results.tsv").read_text().splitlines()) == 1 + 3
    assert "rounds exhausted (1)" in done.stdout
    assert "candidates_per_device_hour:" in done.stdout and "devices: 1 (cpu)" in done.stdout
    calls = json.loads((run / "run.json").read_text())["invocations"]
    assert len(calls) == 2 and "ended" not in calls[0]  # the killed invocation never finished
    assert calls[1]["devices"] == ["cpu"] and calls[1]["candidates_evaluated"] == 2
    assert calls[1]["candidates_per_hour"] > 0 and calls[1]["wall_s"] > 0


def test_search_config_rejects_bad_values():
    with pytest.raises(ValueError, match="ideas per round"):
        SearchConfig(ideas_per_round=0)
    with pytest.raises(ValueError, match="patience"):
        SearchConfig(patience=0)


@pytest.mark.gpu
def test_gpu_search_uses_every_visible_gpu(tmp_path):
    import torch

    from autokernel.evaluate import EvalConfig
    from autokernel.propose.tuner import TunerProposer

    cfg = EvalConfig.for_device("cuda", num_correct_trials=2, baseline_compile=False)
    backend = LocalBackend(cfg)
    try:
        assert backend.devices == [f"cuda:{i}" for i in range(torch.cuda.device_count())]
        ledger = Ledger(tmp_path / "run", device=backend.device, policy=_policy(cfg))
        problem = Problem.from_source(RELU_SCALE, name="relu_scale_tiny")
        search = SearchConfig(rounds=1, ideas_per_round=2, branches_per_idea=2, patience=None)
        out = run_search(
            [problem], TunerProposer(), backend, ledger, search, progress=False, log=lambda m: None
        )
    finally:
        backend.close()
    (p,) = out.problems
    assert p.evaluated == 5 and p.best is not None
    assert p.best.verdict.device.startswith("cuda") and p.best.verdict.speedup is not None
    v = p.best.verdict  # each timing's host launch time, the candidate's and the eager baseline's
    assert 0 < v.kernel.launch_ms < v.kernel.median_ms * 100 and v.eager.launch_ms > 0


SLEEPY = UNLAUNCHED_KERNEL + """

class ModelNew(nn.Module):
    def forward(self, x):
        time.sleep(60)
        return x
"""


def test_worker_processes_share_a_device_and_survive_a_dead_worker(tmp_path):
    """Two worker processes on one device judge correctly; killing one mid-job fails that job only."""
    from autokernel.evaluate import EvaluationError

    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    honest = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    backend = LocalBackend(_config(), workers_per_device=2)
    try:
        assert backend.workers == 2
        stuck = backend.submit(problem, Candidate(source=SLEEPY))
        pool = backend._pool
        deadline = time.monotonic() + 60
        while not pool._running and time.monotonic() < deadline:
            time.sleep(0.2)
        (pid,) = pool._running
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(EvaluationError, match="worker for cpu died"):
            stuck.result(timeout=60)
        verdicts = [backend.submit(problem, Candidate(source=honest)) for _ in range(2)]
        assert [f.result(timeout=120).verdict for f in verdicts] == ["correct", "correct"]
    finally:
        backend.close()



def test_a_report_cut_off_mid_message_costs_only_that_workers_pipe():
    """Each worker reports through its own pipe: one that dies mid-message (here a truncated report, then the pipe
    closed) is dropped, and the others' verdicts still arrive. (With one queue shared by every worker, a worker
    killed while holding its write lock stops every later report; the dead-worker test above timed out once in CI
    waiting for its neighbours' verdicts.)"""
    import multiprocessing
    import pickle

    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    honest = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    backend = LocalBackend(_config(), workers_per_device=2)
    try:
        pool = backend._pool
        assert len(set(map(id, pool._outboxes.values()))) == 2  # a pipe per worker
        read, write = multiprocessing.Pipe(duplex=False)
        with pool._lock:
            pool._outboxes[-1] = read
        write.send_bytes(pickle.dumps((0, "done", {"verdict": "correct"}))[:8])
        write.close()
        verdicts = [backend.submit(problem, Candidate(source=honest)) for _ in range(2)]
        assert [f.result(timeout=120).verdict for f in verdicts] == ["correct", "correct"]
        assert -1 not in pool._outboxes and read.closed
    finally:
        backend.close()

SLOW_ONCE = UNLAUNCHED_KERNEL + """

class ModelNew(nn.Module):
    calls = 0

    def forward(self, x):
        ModelNew.calls += 1
        if ModelNew.calls == 1:
            time.sleep(4)
        return x
"""


def test_a_backend_sharing_its_device_divides_it_by_every_sharer():
    with pytest.raises(ValueError, match="cannot hold its 3 workers"):
        LocalBackend(_config(), workers_per_device=3, sharers=2)


def test_dropping_the_queue_cancels_only_what_no_worker_started(tmp_path):
    """At a deadline the jobs queued behind busy workers come back cancelled; those running finish."""
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    honest = (FIXTURES / "honest" / "relu_constexpr.py").read_text()
    backend = LocalBackend(_config(), workers_per_device=2)
    try:
        running = [backend.submit(problem, Candidate(source=SLOW_ONCE + f"# {i}\n")) for i in range(2)]
        pool = backend._pool
        deadline = time.monotonic() + 60
        while len(pool._running) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(f.running() for f in running)
        queued = [backend.submit(problem, Candidate(source=honest + f"# {i}\n")) for i in range(3)]
        assert not any(f.running() for f in queued)
        backend.drop_queued()
        assert all(f.result(timeout=120).verdict for f in running)  # finished, with whatever verdict
        for f in queued:
            with pytest.raises(CancelledError):
                f.result(timeout=60)
        assert backend.submit(problem, Candidate(source=honest)).result(timeout=120).verdict == "correct"
    finally:
        backend.close()


def test_stop_after_ends_the_run_gracefully_and_says_so(tmp_path):
    from autokernel.propose.tuner import TunerProposer

    problems = [
        Problem.from_source(RELU_SCALE, name="relu_scale_tiny"),
        Problem.from_file(FIXTURES / "problems" / "relu.py"),
    ]
    cfg = _config()
    backend = LocalBackend(cfg)
    try:
        ledger = Ledger(tmp_path / "run", device="cpu", policy=_policy(cfg))
        out = run_search(
            problems,
            TunerProposer(),
            backend,
            ledger,
            SearchConfig(rounds=2, patience=None),
            progress=False,
            log=lambda m: None,
            stop_after_s=0.0,
        )
    finally:
        backend.close()
    assert [p.stop_reason.startswith("not started: run stopped (--stop-after 0 s)") for p in out.problems] == [True,
                                                                                                              True]
    assert "resume" in out.problems[1].stop_reason


def test_stop_grace_abandons_the_evaluations_in_flight_and_the_run_still_records_its_end(tmp_path):
    """--stop-grace: a verdict still running that long after --stop-after is given up (its worker killed, nothing
    recorded), the problem says why, and run_search returns, so the session writes its summary and run.json before
    a device call's hard limit (two panel calls were cut by theirs, losing both)."""

    class Sleepy:
        name = "sleepy"

        def propose(self, problem, history, n_ideas, n_branches):
            return [Candidate(source=SLEEPY, proposer=self.name, idea="sleeps 60 s")] if history.round == 0 else []

    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    backend = LocalBackend(_config(), workers_per_device=2)
    logs: list[str] = []
    started = time.monotonic()
    try:
        ledger = Ledger(tmp_path / "run", device="cpu", policy=_policy(_config()))
        out = run_search([problem], Sleepy(), backend, ledger, SearchConfig(rounds=1, patience=None),
                         progress=False, log=logs.append, stop_after_s=1.0, stop_grace_s=2.0)
        assert time.monotonic() - started < 45  # not the candidate's 60 s
        (p,) = out.problems
        assert "--stop-after 1 s" in p.stop_reason and "abandoned" in p.stop_reason, p.stop_reason
        assert p.evaluated == 0 and not _rows(tmp_path / "run" / "results.jsonl")
        assert any("--stop-grace 2 s passed" in line for line in logs)
        late = backend.submit(problem, Candidate(source=SLEEPY, branch=9))  # closed: fails at once, never hangs
        with pytest.raises(Exception, match="closed before this candidate was judged"):
            late.result(timeout=5)
    finally:
        backend.close()  # a second close is harmless


def test_closing_the_backend_fails_the_candidates_it_holds():
    """After a second Ctrl-C the backend is closed: searches waiting on it must get an error, not hang."""
    from autokernel.evaluate import EvaluationError

    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    backend = LocalBackend(_config(), workers_per_device=2)
    futures = [backend.submit(problem, Candidate(source=SLEEPY, branch=i)) for i in range(3)]
    time.sleep(3)  # two in flight, one queued
    started = time.monotonic()
    backend.close()
    for fut in futures:
        with pytest.raises(EvaluationError, match="closed before this candidate was judged"):
            fut.result(timeout=5)
    assert time.monotonic() - started < 30


def test_pin_gpu_maps_worker_to_one_physical_gpu(monkeypatch):
    from autokernel.search.backend import pin_gpu

    # (recorded first, so the value pin_gpu writes is undone at teardown: a later Ray test saw GPU "3" otherwise)
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
    assert pin_gpu("cuda:3") == "cuda:0" and os.environ["CUDA_VISIBLE_DEVICES"] == "3"
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "4,6")  # the user already narrowed the GPUs
    assert pin_gpu("cuda:1") == "cuda:0" and os.environ["CUDA_VISIBLE_DEVICES"] == "6"
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "5")
    assert pin_gpu("cpu") == "cpu" and os.environ["CUDA_VISIBLE_DEVICES"] == "5"


def test_a_problem_near_its_roofline_floor_stops():
    """Within floor_stop_pct of the floor there is little left to gain: the search stops and says why; a verdict
    without a floor (CPU) never stops it."""
    from autokernel.propose.base import Attempt
    from autokernel.records import Verdict
    from autokernel.search.loop import ProblemOutcome, _stop_rule

    def outcome(pct):
        v = Verdict(verdict="correct", reason="", speedup=2.0, pct_of_floor=pct)
        return ProblemOutcome(problem="L1/19", name="relu", best=Attempt(candidate=Candidate(source="x"), verdict=v))

    cfg = SearchConfig(patience=None)
    assert _stop_rule(outcome(93.0), 0, cfg) == "at 93% of the roofline floor (stop at 90%)"
    assert _stop_rule(outcome(85.0), 0, cfg) == ""
    assert _stop_rule(outcome(None), 0, cfg) == ""
    assert _stop_rule(outcome(99.0), 0, SearchConfig(floor_stop_pct=None, patience=None)) == ""
    with pytest.raises(ValueError, match="floor_stop_pct"):
        SearchConfig(floor_stop_pct=0)


def test_stop_grace_needs_a_stop_after():
    from autokernel.search.session import RunConfig

    with pytest.raises(ValueError, match="--stop-grace needs --stop-after"):
        RunConfig(out=Path("unused"), stop_grace_s=30.0)
    with pytest.raises(ValueError, match="--stop-grace needs --stop-after"):
        RunConfig(out=Path("unused"), stop_after_s=60.0, stop_grace_s=-1.0)
    assert RunConfig(out=Path("unused"), stop_after_s=60.0, stop_grace_s=0.0).stop_grace_s == 0.0


def test_a_backend_closed_by_the_grace_timer_while_the_run_closes_it_too_releases_its_kernels_once(monkeypatch):
    """On the H200 the --stop-grace timer closed the backend while the run's own ``finally`` was closing it: the
    second close found the shared-kernels folder gone between its check and its use (TypeError from
    ``janitor.forget_dir(None)``) and the run ended without recording its invocation. Here the second close runs
    inside the first, at the point where the first removes the folder."""
    from autokernel.evaluate import janitor, shared_kernels
    from autokernel.search import backend as backend_mod

    backend = LocalBackend(_config())
    folder = shared_kernels.make_folder()
    backend._kernels = folder  # as a GPU backend holds one
    removed, forgotten = [], []
    real_remove = shared_kernels.remove_folder

    def remove_while_another_close_runs(path):
        backend.close()  # the timer's close, racing the run's
        removed.append(path)
        real_remove(path)

    monkeypatch.setattr(backend_mod.shared_kernels, "remove_folder", remove_while_another_close_runs)
    monkeypatch.setattr(backend_mod.janitor, "forget_dir", forgotten.append)
    backend.close()
    assert removed == [folder] and forgotten == [folder]
    assert not os.path.exists(folder) and janitor is backend_mod.janitor


def test_a_closed_in_process_backend_fails_a_late_submission_at_once():
    """The CPU backend's worker threads are gone once it is closed (by a run's --stop-grace): a search still
    submitting must get an error, not a future no worker will ever take."""
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    backend = LocalBackend(_config())
    backend.close()
    backend.close()  # closing twice is harmless
    with pytest.raises(Exception, match="closed before this candidate was judged"):
        backend.submit(problem, Candidate(source=SLEEPY)).result(timeout=5)


def test_a_second_close_from_another_thread_returns_once_the_first_has_kept_the_choices(tmp_path, monkeypatch):
    """On an H100 the --stop-grace timer's close was still keeping the autotuners' choices when the run's own close
    returned, so run.json missed `kept_choices`; a second close now waits for the first to finish."""
    import threading

    from autokernel.search import backend as backend_mod

    backend = LocalBackend(_config())
    backend._kernels, backend._keep = str(tmp_path / "shared"), tmp_path / "keep"
    Path(backend._kernels).mkdir()
    keeping, release = threading.Event(), threading.Event()

    def slow_keep(folder, keep):
        keeping.set()
        release.wait(timeout=30)
        return 7

    monkeypatch.setattr(backend_mod.shared_kernels, "keep_choices", slow_keep)
    timer = threading.Thread(target=backend.close)  # the grace timer's close
    timer.start()
    assert keeping.wait(timeout=30)
    threading.Timer(0.3, release.set).start()
    backend.close()  # the run's own close, after which it records its figures
    assert backend.kept_choices == 7
    timer.join(timeout=30)
