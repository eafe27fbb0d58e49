"""The Ray backend on a real local Ray cluster (2 CPUs, 2 fake GPUs): the ledger it writes equals the local
pool's on the same problems, a judge killed mid-candidate has its candidate re-queued and recorded once, GPU
judges are placed one per GPU with that GPU's gate, and without Ray ``--backend ray`` says how to install it."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from autokernel.ledger import Ledger
from autokernel.problem import Problem
from autokernel.propose.base import History
from autokernel.records import Candidate
from autokernel.search import SearchConfig
from autokernel.search.loop import run_search

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HONEST = {"relu": "relu_constexpr.py", "scale_add": "scale_add_masked.py"}
ROGUES = ("basic_wrong_values.py", "crash_syntax_error.py")
# long enough at import to be killed while it is judged; then an honest kernel
SLOW_PREFIX = "import time\ntime.sleep(4)\n"
_RAY_MARKS = ("ray::", "raylet", "gcs_server", "ray/_private", "ray/dashboard")


def _config():
    """Correctness only: on a shared 2-core machine the interpreter's timings (and the timing-based replay check)
    are noise, and a verdict that flips with them would say nothing about the backend."""
    from autokernel.evaluate import EvalConfig

    return EvalConfig.for_device("cpu", timeout_s=120.0, num_correct_trials=2, measure=False)


def _source(path: str) -> str:
    return (FIXTURES / path).read_text()


class FixedProposer:
    """Round 0: the listed candidates for each problem (by problem name); nothing after."""

    name = "fixed"

    def __init__(self, by_problem: dict[str, list[Candidate]]):
        self.by_problem = by_problem

    def propose(self, problem, history: History, n_ideas, n_branches):
        return list(self.by_problem[problem.name]) if history.round == 0 else []


def _search(backend, problems, proposer, run_dir: Path):
    ledger = Ledger(run_dir, device="cpu", policy=_config().ledger_policy())
    out = run_search(problems, proposer, backend, ledger, SearchConfig(rounds=0, patience=None), progress=False,
                     log=lambda m: None)  # fmt: skip
    rows = [json.loads(line) for line in (run_dir / "results.jsonl").read_text().splitlines()]
    return out, rows


def _verdicts(rows) -> dict[tuple[str, str], str]:
    """(problem, candidate digest) -> verdict; fails on a candidate recorded twice."""
    keys = [(r["problem"], r["candidate_digest"]) for r in rows]
    assert len(keys) == len(set(keys)), "a candidate is recorded twice"
    return {(r["problem"], r["candidate_digest"]): r["verdict"]["verdict"] for r in rows}


def _pids(marks, cwd_under: str | None = None) -> set[int]:
    """Live processes whose command line holds one of ``marks`` (or whose cwd lies under ``cwd_under``)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
            cwd = os.readlink(f"/proc/{entry}/cwd") if cwd_under else ""
        except OSError:
            continue
        if state not in ("Z", "X") and (any(m in cmd for m in marks) or (cwd_under and cwd.startswith(cwd_under))):
            found.add(int(entry))
    return found


@dataclass
class Cluster:
    ray: Any
    scratch: str  # where the judges' candidate processes work (the teardown looks there for leftovers)


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory):
    """A private Ray instance: 2 CPUs and 2 fake GPUs; candidate scratch folders under a folder of its own so
    the teardown can tell its processes from anyone else's."""
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc")
    ray = pytest.importorskip("ray")
    scratch = str(tmp_path_factory.mktemp("ray_scratch"))
    before = _pids(_RAY_MARKS)
    ray.init(num_cpus=2, num_gpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"TMPDIR": scratch}})  # fmt: skip
    try:
        yield Cluster(ray, scratch)
    finally:
        ray.shutdown()
        deadline = time.monotonic() + 30
        while (left := (_pids(_RAY_MARKS) - before) | _pids((), cwd_under=scratch)) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not left, f"processes left behind by the Ray cluster: {sorted(left)}"


@pytest.fixture(scope="module")
def cpu_backend(ray_cluster):
    """Two CPU judges, shared by the tests below (a judge takes seconds to start on 2 cores)."""
    from autokernel.search.ray_backend import RayBackend, RayConfig

    events: list[str] = []
    backend = RayBackend(_config(), RayConfig(workers=2), log=events.append)
    backend.events = events
    try:
        yield backend
    finally:
        backend.close()
    assert ray_cluster.ray.is_initialized()  # a cluster the backend joined is not its to shut down


def test_ray_ledger_equals_the_local_pools_and_resumes(tmp_path, ray_cluster, cpu_backend):
    from autokernel.search.backend import LocalBackend

    problems = [Problem.from_file(FIXTURES / "problems" / f"{name}.py") for name in HONEST]
    proposer = FixedProposer({
        p.name: [Candidate(source=_source(f"honest/{HONEST[p.name]}"), proposer="fixed", idea="honest"),
                 *(Candidate(source=_source(f"rogues/{r}"), proposer="fixed", branch=i + 1, idea=r)
                   for i, r in enumerate(ROGUES))]
        for p in problems
    })  # fmt: skip

    local = LocalBackend(_config())
    try:
        _, local_rows = _search(local, problems, proposer, tmp_path / "local")
    finally:
        local.close()
    backend = cpu_backend
    assert backend.workers == 2
    judged = sum(t.judged for t in backend.nodes.values())
    out, ray_rows = _search(backend, problems, proposer, tmp_path / "ray")
    expected = _verdicts(local_rows)
    assert len(expected) == 6 and len(set(expected.values())) >= 3  # correct, incorrect, errors
    assert _verdicts(ray_rows) == expected
    assert sum(p.evaluated for p in out.problems) == 6
    assert sum(t.judged for t in backend.nodes.values()) - judged == 6
    report = backend.node_report()
    assert len(report) == 1 and "2 judge(s)" in report[0] and "candidate(s) judged" in report[0]
    assert len(backend.devices) == 2 and all("/cpu-judge-" in d for d in backend.devices)
    # the judges' candidate processes work where the teardown looks for leftovers (a spare waits there now)
    assert any(Path(ray_cluster.scratch).glob("akb_eval_*"))

    # resume is unchanged: rerunning into the run directory judges nothing again
    again, rows = _search(backend, problems, proposer, tmp_path / "ray")
    assert [p.evaluated for p in again.problems] == [0, 0] and [p.reused for p in again.problems] == [3, 3]
    assert len(rows) == 6


def test_a_killed_judge_has_its_candidate_requeued_and_recorded_once(tmp_path, ray_cluster, cpu_backend):
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    honest = _source("honest/relu_constexpr.py")
    slow = Candidate(source=SLOW_PREFIX + honest, proposer="fixed", idea="slow")
    others = [Candidate(source=honest + f"\n# variant {i}\n", proposer="fixed", branch=i + 1, idea=f"v{i}")
              for i in range(3)]  # fmt: skip
    backend = cpu_backend
    judged, lost, requeued = sum(t.judged for t in backend.nodes.values()), backend.judges_lost, backend.requeued
    killed, pids = [], []

    def kill_the_slow_candidates_judge():
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not killed:
            for handle, candidate in backend.in_flight():
                if candidate.digest == slow.digest:
                    time.sleep(1.5)  # well inside its judgement (4 s asleep at import)
                    pids.append({j["pid"] for j in backend.judges})
                    ray_cluster.ray.kill(handle)
                    killed.append(handle)
                    return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_the_slow_candidates_judge, daemon=True)
    killer.start()
    out, rows = _search(backend, [problem], FixedProposer({problem.name: [slow, *others]}), tmp_path / "run")
    killer.join(timeout=5)
    assert killed, "the slow candidate was never seen in flight"
    verdicts = _verdicts(rows)
    assert verdicts == {(problem.key, c.digest): "correct" for c in (slow, *others)}
    assert out.problems[0].evaluated == 4 and out.problems[0].stop_reason == "rounds exhausted (0)"
    assert (backend.judges_lost - lost, backend.requeued - requeued) == (1, 1)
    assert sum(t.judged for t in backend.nodes.values()) - judged == 4  # the killed judgement never came back
    assert any("lost mid-candidate" in e and "re-queued (1 of 3)" in e for e in backend.events)
    assert "1 re-queued after a lost judge" in backend.node_report()[0]
    # the slot is filled again: a new judge beside the one that lived
    deadline = time.monotonic() + 60
    while len(backend.judges) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    now = {j["pid"] for j in backend.judges}
    assert len(pids[0]) == len(now) == 2 and len(pids[0] & now) == 1


def test_a_ray_judge_screens_variants_in_one_job(ray_cluster, cpu_backend):
    problem = Problem.from_file(FIXTURES / "problems" / "relu.py")
    honest = _source("honest/relu_constexpr.py")
    wrong = honest.replace("tl.maximum(x, 0.0)", "tl.maximum(x, 0.5)")
    judged = sum(t.judged for t in cpu_backend.nodes.values())
    results = cpu_backend.screen(problem, [Candidate(source=honest), Candidate(source=wrong)]).result(timeout=180)
    assert [r.ok for r in results] == [True, False], [r.reason for r in results]
    assert results[0].digest == Candidate(source=honest).digest and results[0].median_ms > 0
    assert sum(t.judged for t in cpu_backend.nodes.values()) - judged == 1  # one job for the whole screen
    assert cpu_backend.in_flight() == []


def test_gpu_judges_are_placed_one_per_gpu_with_that_gpus_gate(ray_cluster):
    """On the fake-GPU cluster (nothing is judged: no CUDA here), each GPU judge gets one GPU from Ray and
    opens the gate of that physical GPU; two judges per GPU share it."""
    from autokernel.evaluate import EvalConfig
    from autokernel.search.ray_backend import RayBackend, RayConfig

    backend = RayBackend(EvalConfig.for_device("cuda"), RayConfig(workers_per_device=2))
    try:
        assert backend.workers == 4
        deadline = time.monotonic() + 60
        while len(backend.judges) < 4 and time.monotonic() < deadline:
            time.sleep(0.2)
        judges = backend.judges
        assert sorted(j["gpu"] for j in judges) == ["0", "0", "1", "1"]
        gates = {j["gpu"]: set() for j in judges}
        for j in judges:
            gates[j["gpu"]].add(j["gate"])
        assert all(len(g) == 1 for g in gates.values()) and gates["0"] != gates["1"]
        assert len(backend.devices) == 2 and all("/gpu" in d for d in backend.devices)
        # Ray would force OMP_NUM_THREADS=1 on an actor asking for no CPU; the driver's setting (or none) holds
        assert {j["omp_num_threads"] for j in judges} == {os.environ.get("OMP_NUM_THREADS")}
    finally:
        backend.close()
    with pytest.raises(ValueError, match="room for 4 judge"):
        RayBackend(EvalConfig.for_device("cuda"), RayConfig(workers=5, workers_per_device=2))


def test_judges_waiting_for_gpus_held_elsewhere_are_said_so(ray_cluster):
    """Another job's actor holds the cluster's GPUs: the backend says its judges wait, with the free resources,
    instead of staying silent; they start once the GPUs are free."""
    from autokernel.evaluate import EvalConfig
    from autokernel.search.ray_backend import RayBackend, RayConfig

    ray = ray_cluster.ray

    @ray.remote(num_gpus=2, num_cpus=0)
    class Holder:
        def ping(self):
            return True

    holder = Holder.remote()
    ray.get(holder.ping.remote())
    events: list[str] = []
    backend = RayBackend(EvalConfig.for_device("cuda"), RayConfig(placement_warn_s=0.5), log=events.append)
    try:
        deadline = time.monotonic() + 30
        while not any("not started" in e for e in events) and time.monotonic() < deadline:
            time.sleep(0.1)
        line = next(e for e in events if "not started" in e)
        assert "2 judge(s) not started" in line and "has 0 GPU," in line
        ray.kill(holder)
        deadline = time.monotonic() + 60
        while len(backend.judges) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(backend.judges) == 2
    finally:
        backend.close()


def test_without_ray_backend_ray_says_how_to_install_it(monkeypatch, tmp_path, capsys):
    from kb.cli import main

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    problem = FIXTURES / "problems" / "relu.py"
    assert main(["run", str(problem), "--device", "cpu", "--backend", "ray", "--out", str(tmp_path / "r"),
                 "--no-progress"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert 'pip install -e ".[ray]"' in err
    assert not (tmp_path / "r").exists()  # refused before the run directory was made
    assert main(["run", str(problem), "--device", "cpu", "--ray-address", "auto", "--no-progress"]) == 2
    assert "--ray-address and --ray-workers need --backend ray" in capsys.readouterr().err
    assert main(["run", str(problem), "--device", "cpu", "--backend", "ray", "--ray-workers", "0"]) == 2
    assert "--ray-workers must be at least 1" in capsys.readouterr().err
    assert main(["run", str(problem), "--device", "cpu", "--backend", "ray", "--compile-ahead", "2"]) == 2
    assert "--compile-ahead must be 0 or more, and is for the local backend only" in capsys.readouterr().err
    assert main(["run", str(problem), "--device", "cpu", "--compile-ahead", "-1"]) == 2
    assert "--compile-ahead must be 0 or more" in capsys.readouterr().err

