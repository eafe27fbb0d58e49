"""Judge side of the candidate process: start it, talk to it, bound it in time, kill it.

The candidate runs in a fresh interpreter (`python -m autokernel.evaluate._child`) with a
minimal environment (no API keys, no secrets), a scratch directory as HOME/TMPDIR and compile
caches, and its output in a log file that is shown for debugging but never parsed.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
import weakref
from multiprocessing.connection import Connection

from autokernel.evaluate import janitor, transport
from autokernel.evaluate._child import COMPILE_BREAK_COMMANDS
from autokernel.evaluate.devices import physical_gpu
from autokernel.evaluate.gate import DeviceGate, NullGate, proc_stat
from autokernel.evaluate.shared_kernels import candidate_env as sharing_env
from autokernel.evaluate.shared_kernels import harvest_quietly

# Environment variables the candidate may see; everything else (tokens, keys, seeds) is dropped.
_ENV_KEEP = ("PATH", "LANG", "LC_ALL", "LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "NVIDIA_DRIVER_CAPABILITIES",
             "PYTHONPATH", "VIRTUAL_ENV", "CC", "CXX", "TORCH_CUDA_ARCH_LIST", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE",
             "OMP_NUM_THREADS", "MKL_NUM_THREADS")


# While a candidate compiles outside the device gate, its replies are awaited in slices this long, so the time a
# neighbour's timed loop keeps it stopped can be told apart and not charged to it.
STOP_POLL_S = 0.05


def _proc_state(pid: int) -> str | None:
    """The process state letter from /proc (None where it cannot be read)."""
    fields = proc_stat(pid)
    return fields[0] if fields else None


def _stopped(pid: int) -> bool:
    return _proc_state(pid) in ("T", "t")


def _wait_stopped(pid: int, timeout_s: float = 0.5) -> None:
    """Wait (briefly) until a SIGSTOPped process shows as stopped in /proc; where there is no /proc, return."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = _proc_state(pid)
        if state is None or state in ("T", "t", "Z", "X"):
            return
        time.sleep(0.001)


def _reap(proc: subprocess.Popen, scratch: str) -> None:
    """Kill a candidate process group nobody will talk to again, and remove its scratch directory: its
    CandidateProcess was dropped without close(), or the judge is exiting (a stopped process included, which its
    own watchdog thread could not notice). A judge that cannot run this (killed) leaves it to its janitor."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
    janitor.forget_process(proc.pid)
    shutil.rmtree(scratch, ignore_errors=True)
    janitor.forget_dir(scratch)


class CandidateDied(RuntimeError):
    """The candidate process ended without answering."""


class CandidateTimeout(RuntimeError):
    """The candidate did not answer before the deadline."""


def _pythonpath() -> str:
    """Make the autokernel package importable in the child, also from a source checkout."""
    import autokernel

    root = os.path.dirname(os.path.dirname(os.path.abspath(autokernel.__file__)))
    existing = os.environ.get("PYTHONPATH", "")
    return root + (os.pathsep + existing if existing else "")


def candidate_env(scratch: str, device: str) -> dict[str, str]:
    """The environment a candidate interpreter starts with: the few variables it may see (`_ENV_KEEP`), its caches
    and home in ``scratch``, and the one GPU it judges on (benchmarks/timing_gap.py starts its workers the same
    way)."""
    env = {k: os.environ[k] for k in _ENV_KEEP if k in os.environ}
    env.update({
        "PYTHONPATH": _pythonpath(),
        "HOME": scratch,
        "TMPDIR": scratch,
        "TRITON_CACHE_DIR": os.path.join(scratch, "triton_cache"),
        "TORCH_EXTENSIONS_DIR": os.path.join(scratch, "torch_extensions"),
        "TORCHINDUCTOR_CACHE_DIR": os.path.join(scratch, "inductor"),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
        "PYTHONHASHSEED": "random",
    })
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
        env["CUDA_VISIBLE_DEVICES"] = ""
    else:
        env["CUDA_VISIBLE_DEVICES"] = physical_gpu(device)
        env["TORCH_USE_CUDA_DSA"] = "1"
    return env


class CandidateProcess:
    """One untrusted process for one candidate, with a time budget.

    The budget is spent only while the judge waits for the candidate's answers: the judge's own work (inputs
    drawn on the CPU, references, baselines) and its waits at the device gate (when another evaluation's
    timed loop stops this process) are not the candidate's time. ``deadline`` sets the budget as a moment
    from now (``inf``: unbounded, a spare process)."""

    def __init__(self, scratch: str, *, device: str, deadline: float, extra_env: dict[str, str] | None = None,
                 confine: bool = True, memory_limit_mb: int | None = None, gate: DeviceGate | None = None,
                 shared_kernels: str | None = None):
        self.scratch = scratch
        # the backend's folder of compiled kernels (`shared_kernels`): read by this process, given its compiles
        # after it ends (`remove_scratch`) while ``own_code`` holds: it loaded nothing but our own code
        self.shared_kernels = shared_kernels if device.startswith("cuda") else None
        self.own_code = True
        self.budget_s = math.inf
        self.deadline = deadline
        self.gate = gate or NullGate()
        self.log_path = os.path.join(scratch, "candidate.log")
        env = candidate_env(scratch, device)
        env.update(sharing_env(self.shared_kernels, device))
        env.update(extra_env or {})
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        self._log = open(self.log_path, "wb")
        start = json.dumps({"device": device, "scratch": scratch, "confine": confine,
                            "memory_limit_mb": memory_limit_mb})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "autokernel.evaluate._child", str(to_child_r), str(from_child_w), start],
            pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL, stdout=self._log,
            stderr=subprocess.STDOUT, env=env, cwd=scratch, start_new_session=True,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self.tx = Connection(to_child_w, readable=False)
        self.rx = Connection(from_child_r, writable=False)
        self.gate.register(self.proc.pid)  # its own process group (start_new_session)
        janitor.watch_process(self.proc.pid)  # killed, with its scratch removed, if the judge dies first
        janitor.watch_dir(scratch)
        # poll() in _reap reaps first, so a recycled pid is never signalled
        self._reaper = weakref.finalize(self, _reap, self.proc, scratch)
        self.warm = False
        self.compile_s = 0.0  # seconds its compiles ran outside the device gate (`request`)

    @property
    def deadline(self) -> float:
        """When the budget runs out if the judge waited on the candidate from now on."""
        return time.monotonic() + self.budget_s

    @deadline.setter
    def deadline(self, when: float) -> None:
        self.budget_s = when - time.monotonic()

    def alive(self) -> bool:
        return self.proc.poll() is None

    @contextlib.contextmanager
    def paused(self):
        """Stopped (SIGSTOP to its process group) for the duration, so it takes no CPU from a timing."""
        stopped = False
        if self.alive():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGSTOP)
                stopped = True
                _wait_stopped(self.proc.pid)  # the signal lands when the process is next scheduled
        try:
            yield
        finally:
            if stopped:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.proc.pid, signal.SIGCONT)

    def wait_warm(self, timeout: float | None = None) -> bool:
        """Wait until the interpreter has imported torch and triton (its first message). Without a hold on the
        device: the imports are CPU work, and a neighbour's timed loop would wait for them (seconds, and through
        the turnstile every other evaluation too); the time a timing keeps this process stopped meanwhile is not
        charged to its budget (`_recv_unless_stopped`)."""
        if not self.warm:
            msg = self._recv_unless_stopped(timeout=timeout)
            if msg.get("event") != "warm":
                raise CandidateDied(f"the candidate process sent {msg!r} before it was ready")
            self.warm = True
        return True

    def send_json(self, obj: dict) -> None:
        self.tx.send_bytes(json.dumps(obj).encode())

    def send(self, obj: dict) -> None:
        try:
            self.tx.send_bytes(transport.dumps_for_candidate(obj))
        except (BrokenPipeError, OSError) as exc:
            raise CandidateDied(self.exit_description()) from exc

    def recv(self, *, timeout: float | None = None) -> dict:
        """The next reply, as JSON; bounded by the candidate's remaining budget (or ``timeout`` if sooner)."""
        limit = self.budget_s
        if timeout is not None:
            limit = min(limit, timeout)
        t0 = time.monotonic()
        try:
            answered = limit > 0 and self.rx.poll(limit)
        finally:
            self.budget_s -= time.monotonic() - t0
        if not answered:
            if self.proc.poll() is not None:
                raise CandidateDied(self.exit_description())
            raise CandidateTimeout("the candidate did not answer in time")
        try:
            data = self.rx.recv_bytes(maxlength=16 * 2**20)
        except (EOFError, OSError) as exc:
            raise CandidateDied(self.exit_description()) from exc
        try:
            return transport.decode_reply(data)
        except ValueError as exc:
            raise CandidateDied(f"the candidate sent a malformed reply ({exc})") from exc

    def request(self, obj: dict, *, exclusive: bool = False, **kw) -> dict:
        """Send a command and wait for its reply, holding the device shared (or alone, for timing).

        Under a shared hold the candidate's Triton compiles (`_child._CompileBreaks`) run outside it: on "compiling"
        the hold is given up (`DeviceGate.idle`) until "compiled", then taken again before the candidate may go on
        ("go"). Seconds of CPU work per new kernel then hold up no neighbour's timed loop. The compile is the
        candidate's time, less any time a neighbour's timing kept it stopped (`compile_s` adds it up)."""
        with self.gate.exclusive() if exclusive else self.gate.shared(f"candidate:{obj.get('cmd')}"):
            t0 = time.monotonic()
            breaks = not exclusive and obj.get("cmd") in COMPILE_BREAK_COMMANDS
            self.send({**obj, "compile_breaks": True} if breaks else obj)
            reply = self.recv(**kw)
            while breaks and reply.get("event") == "compiling":
                c0 = time.monotonic()
                with self.gate.idle():
                    done = self._recv_unless_stopped(**kw)
                    self.compile_s += time.monotonic() - c0
                if done.get("event") != "compiled":
                    raise CandidateDied(f"the candidate broke the compile protocol (sent {str(done)[:200]!r})")
                self.send({"cmd": "go"})
                reply = self.recv(**kw)
            self.last_wall_s = time.monotonic() - t0  # the judge's clock on the command alone
            if obj.get("cmd") != "exit":
                self.send({"cmd": "release"})  # it lets go of the shared tensors (see _child)
                self.recv(**kw)
            return reply

    def _recv_unless_stopped(self, **kw) -> dict:
        """`recv`, without charging the budget for the time this process was stopped (SIGSTOP from a neighbour's
        timed loop, which may run while the judge holds nothing): waited in short slices, a slice that began or ended
        with the process stopped is given back."""
        limit = math.inf if kw.get("timeout") is None else time.monotonic() + kw["timeout"]
        while True:
            before, stopped = self.budget_s, _stopped(self.proc.pid)
            try:
                return self.recv(timeout=max(0.0, min(STOP_POLL_S, limit - time.monotonic())))
            except CandidateTimeout:
                if stopped or _stopped(self.proc.pid):
                    self.budget_s = before
                if self.budget_s <= 0 or time.monotonic() >= limit:
                    raise

    def exit_description(self) -> str:
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "the candidate process stopped answering"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"the candidate process was killed by {name}"
        return f"the candidate process exited with code {code} before answering"

    def log_tail(self, n: int = 2000) -> str:
        try:
            with open(self.log_path, "rb") as f:
                f.seek(0, os.SEEK_END)
                size = f.tell()
                f.seek(max(0, size - n))
                return f.read().decode("utf-8", errors="replace")
        except OSError:
            return ""

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send({"cmd": "exit"})
                self.proc.wait(timeout=2)
            except Exception:  # noqa: BLE001 - it is killed below either way
                pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
            self.proc.wait()
        for c in (self.tx, self.rx):
            c.close()
        self._log.close()
        self.gate.unregister(self.proc.pid)
        janitor.forget_process(self.proc.pid)  # the scratch folder stays watched until `remove_scratch`
        self._reaper.detach()

    def loading(self, own_code: bool) -> None:
        """Say what the next ``load`` brings, before it is sent: once anything but our own code has run here, this
        process's compiles are never shared (`shared_kernels`)."""
        self.own_code = self.own_code and own_code

    def remove_scratch(self) -> None:
        """Remove the scratch folder (after `close`; the judge reads the log tail until then), first giving the
        backend's shared kernels what this process compiled, where it ran only our own code."""
        if self.own_code and self.proc.poll() is not None:
            harvest_quietly(self.scratch, self.shared_kernels)
        shutil.rmtree(self.scratch, ignore_errors=True)
        janitor.forget_dir(self.scratch)
