"""A candidate process never outlives its judge: not when the judge exits with it stopped (as while a neighbour is
timed), nor when the judge is killed outright while the candidate is busy (its own session would otherwise keep it
running, or stopped, forever)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

JUDGE_EXITS_WHILE_PAUSED = textwrap.dedent(
    """
    import tempfile, time
    from autokernel.evaluate.sandbox import CandidateProcess

    cp = CandidateProcess(tempfile.mkdtemp(), device="cpu", deadline=time.monotonic() + 120, confine=False)
    cp.wait_warm(timeout=120)
    pause = cp.paused()
    pause.__enter__()  # stopped, and the judge exits before continuing it
    print(cp.proc.pid, flush=True)
    """
)

# the watchdog alone: a "candidate" busy in its own code (no pipe read that could see EOF) whose judge is SIGKILLed
JUDGE_KILLED_WHILE_BUSY = textwrap.dedent(
    """
    import os, subprocess, sys
    busy = "from autokernel.evaluate._child import _exit_with_judge; _exit_with_judge(0.1); import time; time.sleep(60)"
    child = subprocess.Popen([sys.executable, "-c", busy], start_new_session=True)
    print(child.pid, flush=True)
    import time; time.sleep(1.0)
    os.kill(os.getpid(), 9)
    """
)


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


@pytest.mark.parametrize("script", [JUDGE_EXITS_WHILE_PAUSED, JUDGE_KILLED_WHILE_BUSY], ids=["paused", "killed"])
def test_candidate_process_dies_with_its_judge(script):
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=240)
    assert res.stdout.strip(), res.stderr[-2000:]
    pid = int(res.stdout.split()[0])
    try:
        assert _gone(pid, 10.0), f"candidate process {pid} outlived its judge"
    finally:
        subprocess.run(["kill", "-9", str(pid)], capture_output=True)
