"""Nothing outlives a judge: no candidate process (stopped ones included) and no scratch folder after Ctrl-C,
SIGTERM or ``kill -9`` of the command, of a bare judge, or of a run with worker processes. Each case runs in a
process of its own with a private TMPDIR, so what it leaves is its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"

SLEEPY = textwrap.dedent('''
    import time
    import torch.nn as nn
    import triton
    import triton.language as tl


    @triton.jit
    def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out_ptr + i, tl.maximum(tl.load(x_ptr + i, mask=i < n), 0.0), mask=i < n)


    class ModelNew(nn.Module):
        def forward(self, x):
            time.sleep(120)
            return x
    ''')


def _env(tmp: Path) -> dict[str, str]:
    tmp.mkdir(exist_ok=True)
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "TMPDIR": str(tmp), "PYTHONPATH": path, "TRITON_INTERPRET": "1"}


def _processes_naming(text: str) -> list[int]:
    """Processes whose command line names ``text`` (a candidate's names its scratch folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if text.encode() in cmdline and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def _left_behind(tmp: Path, timeout_s: float = 60.0) -> tuple[list[int], list[str]]:
    """What is still there after ``timeout_s`` (generous, so that a loaded machine's slower janitor is not
    read as a leak; when nothing is left it returns at once): processes naming ``tmp`` and folders in it (but PyTorch's own
    per-user inductor cache, ``torchinductor_<user>``, which importing ``torch._inductor.config`` makes in TMPDIR
    for every program that uses torch.compile: not a judge's scratch)."""
    deadline = time.monotonic() + timeout_s
    while True:
        procs = _processes_naming(str(tmp))
        dirs = sorted(p.name for p in tmp.iterdir() if not p.name.startswith("torchinductor_"))
        if (not procs and not dirs) or time.monotonic() > deadline:
            return procs, dirs
        time.sleep(0.2)


def _wait_for(predicate, timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


def _kill_all(pids) -> None:
    for pid in pids:
        subprocess.run(["kill", "-9", str(pid)], capture_output=True)


def test_a_killed_judge_leaves_no_stopped_candidate_and_no_scratch(tmp_path):
    """A candidate stopped while a neighbour is timed cannot notice its judge die; the janitor kills it."""
    tmp = tmp_path / "tmp"
    script = textwrap.dedent("""
        import os, signal, tempfile, time
        from autokernel.evaluate.sandbox import CandidateProcess

        scratch = tempfile.mkdtemp(prefix="akb_eval_")
        cp = CandidateProcess(scratch, device="cpu", deadline=time.monotonic() + 120, confine=False)
        cp.wait_warm(timeout=120)
        os.killpg(cp.proc.pid, signal.SIGSTOP)
        print(cp.proc.pid, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """)
    res = subprocess.run([sys.executable, "-c", script], env=_env(tmp), capture_output=True, text=True, timeout=180)
    assert res.stdout.strip(), res.stderr[-2000:]
    procs, dirs = _left_behind(tmp)
    _kill_all(procs)
    assert not procs and not dirs, (procs, dirs)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_eval_interrupted_mid_candidate_leaves_nothing(tmp_path, sig):
    tmp = tmp_path / "tmp"
    solution = tmp_path / "sleepy.py"
    solution.write_text(SLEEPY)
    cmd = [sys.executable, "-m", "kb", "eval", str(FIXTURES / "problems" / "relu.py"), str(solution), "--device",
           "cpu", "--trials", "1", "--perf-trials", "1", "--timeout", "300"]
    # as a command in a terminal's foreground: a job started in the background of a non-interactive shell (a CI
    # script run with `&`) inherits SIGINT ignored, and Python then leaves it ignored (no KeyboardInterrupt)
    proc = subprocess.Popen(cmd, cwd=REPO, env=_env(tmp), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # the candidate runs its own code once the judge has written its solution into the scratch folder
        _wait_for(lambda: list(tmp.glob("akb_eval_*/solution.py")), 120, "the candidate to load")
        time.sleep(2.0)
        proc.send_signal(sig)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    procs, dirs = _left_behind(tmp)
    _kill_all(procs)
    assert not procs and not dirs, (sig.name, procs, dirs, proc.stderr.read().decode()[-2000:])
    if sig == signal.SIGTERM:
        assert proc.returncode == 128 + signal.SIGTERM


def test_worker_processes_and_their_candidates_end_with_a_killed_run(tmp_path):
    tmp = tmp_path / "tmp"
    script = textwrap.dedent(f"""
        import os, signal, sys, time
        from autokernel.evaluate import EvalConfig
        from autokernel.problem import Problem
        from autokernel.records import Candidate
        from autokernel.search.backend import LocalBackend

        backend = LocalBackend(EvalConfig.for_device("cpu", num_correct_trials=1, timeout_s=300.0),
                               workers_per_device=2)
        backend.submit(Problem.from_file({str(FIXTURES / "problems" / "relu.py")!r}),
                       Candidate(source=open({str(tmp_path / "sleepy.py")!r}).read()))
        pool = backend._pool
        deadline = time.monotonic() + 150
        while not pool._running and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(3.0)
        print(" ".join(str(pid) for pid in pool._procs), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """)
    (tmp_path / "sleepy.py").write_text(SLEEPY)
    res = subprocess.run([sys.executable, "-c", script], env=_env(tmp), capture_output=True, text=True, timeout=240)
    workers = [int(p) for p in res.stdout.split()]
    assert len(workers) == 2, res.stderr[-2000:]
    deadline = time.monotonic() + 60
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    alive = [w for w in workers if Path(f"/proc/{w}").exists()]
    procs, dirs = _left_behind(tmp)
    _kill_all(alive + procs)
    assert not alive and not procs and not dirs, (alive, procs, dirs)
