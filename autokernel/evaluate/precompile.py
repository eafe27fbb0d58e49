"""Compile ahead: our own variants' Triton kernels built in helper processes with no GPU, into the shared kernels.

A screen runs its variants one after another in one candidate process, and each variant's first call compiles its
kernels there: on the H200 search panel 70 % of a screen's job seconds, slowed further because a candidate process
is stopped (SIGSTOP) whenever a neighbour times. A `Precompiler` compiles the variants of our own code
(`records.Candidate.own_code`) in helper processes as soon as a round is proposed, into the backend's shared kernels
folder (`shared_kernels`), so the candidate process finds them there instead of compiling.

A helper never touches the GPU: it sees no device (``CUDA_VISIBLE_DEVICES`` empty), runs the variant's forward on the
meta device with every Triton kernel replaced by a warm-up call (``JITFunction.run(..., warmup=True)``: specialise
and compile, launch nothing), and Triton's driver is a stand-in that only names the GPU's target (architecture and
warp size, from the backend's device). Its kernels are keyed as the candidate process's will be: same source, same
specialisation (a meta tensor's address is its offset, so alignment specialises as on the GPU), same options and
compiler. Only our own code runs here, unconfined, as the tuner's own dry runs do (`starters.launches`); a variant
whose forward cannot run on the meta device is left to compile in its candidate process, as before.

Helpers are stopped while anything is timed, as candidate processes are, so a timing meets no more CPU work than
before; what they buy is compiles in parallel, begun before the screen reaches them: on an H100 (16 cores, 6 workers,
level 1) six helpers took a screened variant's first call from 1.16 to 0.25 s and the screen phase from 5 669 to
7 517 variants an hour (`benchmarks/search_throughput.py`), so a local GPU backend starts one per worker by default.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass

from autokernel.evaluate import janitor

_READY = "@@PRECOMPILE-READY@@"


@dataclass(frozen=True)
class Target:
    """What Triton compiles for: the GPU's backend, architecture and warp size (``GPUTarget``'s fields)."""

    backend: str = "cuda"
    arch: int = 90
    warp_size: int = 32

    @classmethod
    def of(cls, device: str) -> Target:
        """The target of a local CUDA ``device`` (``cuda:N``)."""
        import torch

        major, minor = torch.cuda.get_device_capability(torch.device(device))
        return cls("cuda", major * 10 + minor, 32)


def _sm_count(device: str) -> int:
    import torch

    return int(torch.cuda.get_device_properties(torch.device(device)).multi_processor_count)


def helper_env(folder: str, scratch: str) -> dict[str, str]:
    """A helper's environment: a candidate's (minimal, no secrets; HOME and TMPDIR in ``scratch``) with the shared
    folder as its Triton cache and no GPU to see."""
    from autokernel.evaluate.sandbox import candidate_env

    env = candidate_env(scratch, "cpu")
    env.pop("TRITON_INTERPRET", None)  # compile for the GPU's target, do not interpret
    env.update({"TRITON_CACHE_DIR": folder, "CUDA_VISIBLE_DEVICES": ""})
    return env


class _Helper:
    """One helper process, fed one request at a time (`Precompiler` threads own one each)."""

    def __init__(self, folder: str, target: Target, sm_count: int):
        start = json.dumps({"target": [target.backend, target.arch, target.warp_size], "sm_count": sm_count})
        self.scratch = tempfile.mkdtemp(prefix="akb_precompile_")
        janitor.watch_dir(self.scratch)  # removed if the judge dies first (a helper ends when its stdin closes)
        self.proc = subprocess.Popen([sys.executable, "-m", "autokernel.evaluate.precompile", start],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=helper_env(folder, self.scratch), cwd=self.scratch, text=True,
                                     start_new_session=True)
        line = self.proc.stdout.readline()
        if not line.startswith(_READY):
            self.close()
            raise RuntimeError("the compile-ahead helper did not start")

    def ask(self, request: dict) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the compile-ahead helper ended")
        return json.loads(line)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.wait(timeout=5)
        shutil.rmtree(self.scratch, ignore_errors=True)
        janitor.forget_dir(self.scratch)


class Precompiler:
    """``processes`` helpers compiling our own variants into ``folder`` for ``device``'s target, in the order they
    were submitted; each candidate digest once. `submit` returns at once (the futures say what each helper did:
    kernels compiled, seconds, or why not); a helper that dies is replaced. Each helper is registered with
    ``gates`` (the devices' `gate.FileGate`s), so a timed loop on any of them stops it as it stops candidate
    processes: the helpers add no CPU work beside a timing, only compiles in parallel while nothing is timed."""

    def __init__(self, folder: str, device: str, processes: int, *, target: Target | None = None,
                 sm_count: int | None = None, gates=()):
        if processes < 1:
            raise ValueError("compile-ahead needs at least 1 helper process")
        self.folder = folder
        self.target = target or Target.of(device)
        self.sm_count = sm_count if sm_count is not None else _sm_count(device)
        self._queue: queue.Queue = queue.Queue()
        self._seen: set[str] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._helpers: set[_Helper] = set()
        self.gates = list(gates)
        self._threads = [threading.Thread(target=self._work, daemon=True, name=f"precompile-{i}")
                         for i in range(processes)]
        for t in self._threads:
            t.start()

    def submit(self, problem, candidates) -> list[Future]:
        """Queue ``candidates`` that are our own code and not queued before; their futures, in order."""
        out = []
        with self._lock:
            for cand in candidates:
                if self._closed or not cand.own_code or cand.digest in self._seen:
                    continue
                self._seen.add(cand.digest)
                fut: Future = Future()
                self._queue.put((problem.source, cand.source, fut))
                out.append(fut)
        return out

    def _work(self) -> None:
        helper = None
        while True:
            item = self._queue.get()
            if item is None:
                break
            problem_source, source, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                if helper is None:
                    helper = _Helper(self.folder, self.target, self.sm_count)
                    with self._lock:
                        self._helpers.add(helper)
                    for gate in self.gates:
                        gate.register(helper.proc.pid)  # its own process group (start_new_session)
                fut.set_result(helper.ask({"problem": problem_source, "source": source}))
            except Exception as exc:  # noqa: BLE001 - the candidate compiles its own kernels then, as before
                if helper is not None:
                    self._drop(helper)
                    helper = None
                fut.set_result({"ok": False, "reason": f"{type(exc).__name__}: {exc}"[:300]})
        if helper is not None:
            self._drop(helper)

    def _drop(self, helper: _Helper) -> None:
        with self._lock:
            self._helpers.discard(helper)
        helper.close()
        for gate in self.gates:
            gate.unregister(helper.proc.pid)

    def close(self) -> None:
        """Stop taking work, cancel what no helper has begun, end the helpers (a compile under way included)."""
        with self._lock:
            self._closed = True
            helpers = list(self._helpers)
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[2].cancel()
        for _ in self._threads:
            self._queue.put(None)
        for helper in helpers:
            helper.close()  # a thread waiting on it gets its answer at once: none
        for t in self._threads:
            t.join(timeout=30)


# -- the helper process --------------------------------------------------------------------------------------------

class _CompileOnlyDriver:
    """Triton's driver in a helper: it names the target and device 0 and has nothing to launch on."""

    def __init__(self, target):
        self.target = target

    def is_active(self) -> bool:
        return True

    def get_current_target(self):
        return self.target

    def get_current_device(self) -> int:
        return 0

    def get_current_stream(self, device=None) -> int:
        return 0

    def set_current_device(self, device) -> None:
        pass


class _Warmer:
    """Stands in for a kernel of the variant: ``kernel[grid](...)`` compiles it (each of an autotuner's
    configurations) and launches nothing."""

    def __init__(self, kernel, counter: list):
        self.kernel, self.counter = kernel, counter

    def __getitem__(self, grid):
        def warm(*args, **kwargs):
            fn, configs = self.kernel, [None]
            if type(fn).__name__ == "Autotuner":
                fn, configs = fn.fn, list(fn.configs)
            for cfg in configs:
                extra = {} if cfg is None else cfg.all_kwargs()
                fn.run(*args, grid=grid, warmup=True, **{**kwargs, **extra})
                self.counter.append(1)

        return warm


def _is_kernel(obj) -> bool:
    return type(obj).__name__ in ("JITFunction", "Autotuner") and hasattr(obj, "__getitem__")


def _on_meta():
    """A torch function mode that puts on the meta device what the code asks for on a GPU (inductor's files
    allocate with ``device='cuda'``; a ``.to("cuda")`` too), so such a forward dry-runs as the starters' do."""
    import torch
    from torch.overrides import TorchFunctionMode

    def gpu(value) -> bool:
        return isinstance(value, (str, torch.device)) and torch.device(value).type == "cuda"

    class OnMeta(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = dict(kwargs or {})
            if gpu(kwargs.get("device")):
                kwargs["device"] = "meta"
            args = tuple("meta" if gpu(a) else a for a in args)
            return func(*args, **kwargs)

    return OnMeta()


def compile_variant(problem_source: str, source: str, sm_count: int) -> dict:
    """Compile every kernel ``source``'s ModelNew launches on the problem's inputs, on the meta device."""
    from autokernel.starters.launches import dry_run

    t0 = time.monotonic()
    compiled: list = []
    dry_run(problem_source, source, lambda name, kernel: _Warmer(kernel, compiled), sm_count=sm_count,
            is_kernel=_is_kernel, mode=_on_meta())
    return {"ok": True, "kernels": len(compiled), "seconds": round(time.monotonic() - t0, 3)}


def main(argv: list[str]) -> int:
    start = json.loads(argv[0])
    from triton.backends.compiler import GPUTarget
    from triton.runtime.driver import driver

    driver.set_active(_CompileOnlyDriver(GPUTarget(*start["target"])))
    out = sys.stdout
    sys.stdout = sys.stderr  # what a variant prints never reaches the protocol
    out.write(_READY + "\n")
    out.flush()
    for line in sys.stdin:
        req = json.loads(line)
        try:
            reply = compile_variant(req["problem"], req["source"], int(start["sm_count"]))
        except Exception as exc:  # noqa: BLE001 - a variant whose forward cannot run on the meta device
            first = str(exc).splitlines()[0] if str(exc) else ""
            reply = {"ok": False, "reason": f"{type(exc).__name__}: {first}"[:300]}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
