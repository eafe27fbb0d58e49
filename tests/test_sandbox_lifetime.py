"""A candidate process never outlives its judge: not when the judge drops it unclosed while it is stopped (as
while a neighbour is timed, when it cannot see its pipe close), nor when the judge is killed outright while the
candidate runs its own code (its own session would otherwise keep it running, or stopped, forever)."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _gone(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                    return True
        except (FileNotFoundError, ProcessLookupError):
            return True
        time.sleep(0.1)
    return False


def test_a_stopped_candidate_process_dropped_unclosed_is_killed_with_its_scratch(tmp_path):
    from autokernel.evaluate.sandbox import CandidateProcess

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    cp = CandidateProcess(str(scratch), device="cpu", deadline=time.monotonic() + 120, confine=False)
    pid = cp.proc.pid
    try:
        cp.wait_warm(timeout=120)
        os.killpg(pid, signal.SIGSTOP)  # as a neighbour's timing stops it: it cannot notice anything now
        del cp
        gc.collect()
        assert _gone(pid, 10.0), f"candidate process {pid} outlived its dropped CandidateProcess"
        assert not scratch.exists()
    finally:
        subprocess.run(["kill", "-9", str(pid)], capture_output=True)


# the watchdog alone: a "candidate" busy in its own code (no pipe read that could see EOF) whose judge is SIGKILLed
JUDGE_KILLED_WHILE_BUSY = textwrap.dedent(
    """
    import os, subprocess, sys
    busy = ("from autokernel.evaluate._child import _exit_with_judge; _exit_with_judge(0.1); print('armed', flush=True)"
            "; import time; time.sleep(60)")
    child = subprocess.Popen([sys.executable, "-c", busy], start_new_session=True, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "armed"
    print(child.pid, flush=True)
    os.kill(os.getpid(), 9)
    """
)


def test_a_busy_candidate_process_exits_when_its_judge_is_killed():
    res = subprocess.run([sys.executable, "-c", JUDGE_KILLED_WHILE_BUSY], capture_output=True, text=True, timeout=120)
    assert res.stdout.strip(), res.stderr[-2000:]
    pid = int(res.stdout.split()[0])
    try:
        assert _gone(pid, 10.0), f"candidate process {pid} outlived its judge"
    finally:
        subprocess.run(["kill", "-9", str(pid)], capture_output=True)


def test_the_budget_is_spent_only_waiting_on_the_candidate(tmp_path):
    """The judge's own work between commands (CPU-drawn inputs, references, gate waits) is not the candidate's
    time: a candidate with a 3 s budget survives 4 s of judge work and then answers."""
    from autokernel.evaluate.sandbox import CandidateProcess, CandidateTimeout

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    cp = CandidateProcess(str(scratch), device="cpu", deadline=time.monotonic() + 120, confine=False)
    try:
        cp.wait_warm(timeout=120)
        cp.deadline = time.monotonic() + 3.0
        time.sleep(4.0)  # the judge busy with its own work
        assert 2.9 < cp.budget_s <= 3.0
        cp.send_json({"gpu_memory_fraction": None, "precision_flags": "fp32"})
        assert cp.recv()["event"] == "ready"
        assert 0 < cp.budget_s < 3.0
        cp.budget_s = 0.5
        with pytest.raises(CandidateTimeout):
            cp.recv()  # nothing to say: the half second is spent waiting
        assert cp.budget_s <= 0
    finally:
        cp.close()
