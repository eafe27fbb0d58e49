"""`Backend`: where candidates are evaluated.

`LocalBackend` runs evaluation workers on the local devices. On CPU with one worker it is a thread
owning an `Evaluator`. Otherwise each worker is a process of its own (replaced when it dies or holds
GPU memory a candidate never released), and with several per device a `FileGate` lets correctness
work overlap while every timed loop runs alone on the GPU. The same workers screen (`screen`): a batch of
variants goes to one worker, which ranks them in one candidate process (`autokernel.evaluate.screen`), or, where
asked (``split_screens``) and workers are idle, to several, each part beside its own copy of the round's controls
(`split_screen`).
"""

from __future__ import annotations

import contextlib
import faulthandler
import multiprocessing
import multiprocessing.connection
import os
import pickle
import queue
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from autokernel.environment import usable_cores
from autokernel.evaluate import janitor, shared_kernels
from autokernel.problem import Problem
from autokernel.records import Candidate, Verdict
from autokernel.search import split_screen

_CLOSE_WAIT_S = 120.0  # how long a second `LocalBackend.close` waits for the first to finish
KEEP_EVERY_S = 60.0  # how often a backend keeps its autotuners' choices before it closes (`LocalBackend`)


class Backend(Protocol):
    """Evaluates candidates asynchronously; ``device`` names the device kind (part of the cache key)."""

    device: str

    def submit(self, problem: Problem, candidate: Candidate) -> Future[Verdict]: ...

    def close(self) -> None: ...


class ScreeningBackend(Backend, Protocol):
    """A backend that also screens: ranks many variants of one problem in one candidate process (one job).
    The search screens only where the backend has ``screen``; otherwise it judges every candidate. ``lead``: how
    many of ``candidates`` are the round's controls, at the front (a backend may split the rest between idle
    workers, each part beside its own copy of them: `split_screen`)."""

    def screen(self, problem: Problem, candidates: list[Candidate], lead: int = 0) -> Future[list]: ...


def _screen_results(payload: list) -> list:
    from autokernel.evaluate.screen import ScreenResult

    return [ScreenResult.from_dict(d) for d in payload]


def local_devices(device: str) -> list[str]:
    """``cuda`` -> every visible GPU (``cuda:0`` ...); ``cuda:N`` and ``cpu`` -> themselves."""
    if device == "cuda":
        import torch

        n = torch.cuda.device_count()
        if n == 0:
            raise ValueError("--device cuda but no CUDA GPU is visible; use --device cpu")
        return [f"cuda:{i}" for i in range(n)]
    return [device]


def auto_compile_ahead(workers: int, cpus: int | None = None) -> int:
    """Compile-ahead helpers when none are asked for: one per worker, within the CPU cores the workers leave.
    Measured on an H100 (16 cores, 6 workers, level 1, `benchmarks/search_throughput.py`): six helpers took a
    screened variant's compile from 1.05 to 0.14 s and the screen phase from 5 669 to 7 517 variants an hour."""
    cpus = cpus if cpus is not None else usable_cores()
    return max(0, min(workers, cpus - workers))


class LocalBackend:
    """Evaluation workers on local devices pulling from one queue; results come back as futures.

    Args:
        config: the evaluation policy (its device: "cpu", "cuda" = every GPU, or "cuda:N").
        devices: explicit device list (overrides the config's).
        workers_per_device: evaluations judged at once on each device; above 1 each worker is a
            process and timed loops take the device alone (see `autokernel.evaluate.gate`).
        screen: how `screen` jobs screen (`ScreenConfig`; None: its defaults).
        sharers: evaluations judged at once on each device by every backend using it (None: this one's
            ``workers_per_device``); a candidate's GPU memory share and a worker's compile threads are divided
            by it, so backends side by side on one device keep within it together.
        share_kernels: on a GPU, keep one folder of compiled Triton kernels for the backend's candidate processes
            (`autokernel.evaluate.shared_kernels`: given only by processes that ran our own code), unless the
            config names one already; False: each process compiles its own, as before.
        compile_ahead: helper processes compiling our own variants' kernels into that folder as soon as a round
            is proposed (`precompile`; GPU and a shared folder only; 0: none; None: `auto_compile_ahead`).
        keep_choices: a folder the autotuners' choices made in that folder are kept in, every ``keep_every_s``
            and when the backend closes, and that a new one starts from (`shared_kernels.keep_choices`; None: not
            kept). Kept while the run goes on too, so a run killed before its close (a device call past its
            limit) loses only the last interval's choices.
        keep_every_s: seconds between those keeps (0: only when the backend closes).
        split_screens: a screen whose controls lead it is split between workers that are idle at its submission
            (`screen`, `split_screen`); off by default until timed on a GPU.
    """

    def __init__(self, config, *, devices: list[str] | None = None, workers_per_device: int = 1,
                 screen=None, sharers: int | None = None, share_kernels: bool = True,
                 compile_ahead: int | None = None, keep_choices: str | Path | None = None,
                 keep_every_s: float = KEEP_EVERY_S, split_screens: bool = False):
        if workers_per_device < 1:
            raise ValueError("workers per device must be at least 1")
        sharers = workers_per_device if sharers is None else sharers
        if sharers < workers_per_device:
            raise ValueError(f"{sharers} sharers of a device cannot hold its {workers_per_device} workers")
        if compile_ahead is not None and compile_ahead < 0:
            raise ValueError(f"compile-ahead helpers must be 0 or more, not {compile_ahead}")
        self.device = "cuda" if config.device.startswith("cuda") else "cpu"
        self.devices = devices or local_devices(config.device)
        if compile_ahead is None:
            compile_ahead = auto_compile_ahead(len(self.devices) * workers_per_device)
        self._kernels = None  # the shared kernels' folder this backend made (removed when it closes)
        self._closing = threading.Lock()
        self._closer: int | None = None  # the thread of the first `close`
        self._closed = threading.Event()  # set once the first close is done (`close`)
        if share_kernels and self.device == "cuda" and config.shared_kernels is None:
            self._kernels = shared_kernels.make_folder()
            janitor.watch_dir(self._kernels)  # removed even if this process is killed
            config = replace(config, shared_kernels=self._kernels)
        self._keep = keep_choices if self._kernels is not None else None
        self.restored_choices = self.kept_choices = 0  # what run.json records (`keep_choices`)
        with contextlib.suppress(OSError):  # kept choices are a saving: without them the first processes tune
            self.restored_choices = shared_kernels.restore_choices(self._keep, self._kernels)
        self._keeping = threading.Event()  # set: the keeper stops (`_keep_while_open`)
        self._keeper = None
        if self._keep is not None and keep_every_s > 0:
            self._keeper = threading.Thread(target=self._keep_while_open, args=(self._kernels, keep_every_s),
                                            name="autokernel-keep-choices", daemon=True)
            self._keeper.start()
        self._precompiler = None
        if compile_ahead and self.device == "cuda" and config.shared_kernels:
            from autokernel.evaluate.gate import FileGate, machine_gate_dir
            from autokernel.evaluate.precompile import Precompiler

            gates = [FileGate(machine_gate_dir(d), heavy_slots=config.heavy_slots) for d in self.devices]
            self._precompiler = Precompiler(config.shared_kernels, self.devices[0], compile_ahead, gates=gates)
        self.compile_helpers = compile_ahead if self._precompiler is not None else 0  # what run.json records
        self.split_screens = split_screens
        self.config = config
        self.workers_per_device = workers_per_device
        # GPU judges live in worker processes that can be replaced (see RECYCLE_AFTER_BYTES); on CPU
        # one evaluation at a time runs in a thread of this process.
        self._pool = (
            _ThreadPool(config, self.devices, screen)
            if workers_per_device == 1 and sharers == 1 and self.device == "cpu"
            else _ProcessPool(config, self.devices, workers_per_device, screen, sharers=sharers)
        )

    @property
    def workers(self) -> int:
        return len(self.devices) * self.workers_per_device

    def submit(self, problem: Problem, candidate: Candidate) -> Future[Verdict]:
        return self._pool.submit(problem, candidate)

    def screen(self, problem: Problem, candidates: list[Candidate], lead: int = 0) -> Future[list]:
        """`ScreenResult`s of ``candidates`` (in order; fewer where a run's stop ended the screen), screened by one
        worker in one candidate process; with ``split_screens``, ``lead`` controls at the front and workers idle,
        split between them (`split_screen`: each part screens the controls too, its variants' times put on the
        first part's scale)."""
        candidates = list(candidates)
        idle = self._pool.idle() if lead and self.split_screens else 0
        parts = split_screen.parts_for(len(candidates) - lead, idle) if idle > 1 else 1
        if parts == 1:
            return self._pool.submit(problem, candidates, kind="screen")
        futures = [self._pool.submit(problem, part, kind="screen")
                   for part in split_screen.split(candidates, lead, parts)]
        return split_screen.gather(candidates, lead, futures)

    def precompile(self, problem: Problem, candidates: list[Candidate]) -> list[Future]:
        """Compile ahead the kernels of those ``candidates`` that are our own code (`Candidate.own_code`), into the
        shared kernels, while they wait for their screen; their futures ([] without ``compile_ahead``)."""
        return self._precompiler.submit(problem, candidates) if self._precompiler is not None else []

    def drop_queued(self) -> None:
        """Cancel every job submitted so far that no worker has started: its future ends cancelled (a deadline
        stops paying for work queued behind the evaluations in flight, which finish). In worker processes, an
        evaluation still waiting for its heavy slots gives up too: its future raises `gate.GaveUp`, nothing judged
        (on the H200's level 1 such waits ran to 285 s, past a call's stop-after)."""
        self._pool.drop_queued()

    def close(self) -> None:
        """Idempotent and safe from two threads at once: a run's --stop-grace timer closes the backend while the
        run's own ``finally`` may close it too (each owned resource is taken by exactly one caller, and a second
        caller returns once the first is done, so what the run records after closing, `kept_choices`, is final)."""
        with self._closing:
            closer, first = self._closer, self._closer is None
            if first:
                self._closer = threading.get_ident()
            precompiler, self._precompiler = self._precompiler, None
            kernels, self._kernels = self._kernels, None
        if not first:
            if closer != threading.get_ident():  # called from within the first close, nothing to wait for
                self._closed.wait(timeout=_CLOSE_WAIT_S)
            return
        try:
            self._close(precompiler, kernels)
        finally:
            self._closed.set()

    def _keep_while_open(self, kernels: str, every_s: float) -> None:
        while not self._keeping.wait(every_s):
            self._keep_now(kernels)

    def _keep_now(self, kernels: str) -> None:
        with contextlib.suppress(OSError):  # a saving: a failed keep costs the next run some tuning
            self.kept_choices += shared_kernels.keep_choices(kernels, self._keep)

    def _close(self, precompiler, kernels) -> None:
        self._keeping.set()
        if self._keeper is not None:
            self._keeper.join()
        if precompiler is not None:
            precompiler.close()
        self._pool.close()
        if kernels is not None:
            if self._keep is not None:
                self._keep_now(kernels)
            shared_kernels.remove_folder(kernels)
            janitor.forget_dir(kernels)


class _ThreadPool:
    """One thread per device, each with its own in-process `Evaluator` (and `Screener`, made when first needed)."""

    def __init__(self, config, devices: list[str], screen=None):
        from autokernel.evaluate import Evaluator

        self._queue: queue.Queue = queue.Queue()
        self._closed = False
        self._threads = []
        self._evaluators = []
        self._screeners: list = []
        self._screen_config = screen
        for dev in devices:
            evaluator = Evaluator(replace(config, device=dev))
            self._evaluators.append(evaluator)
            t = threading.Thread(
                target=self._work, args=(evaluator,), name=f"autokernel-eval-{dev}", daemon=True
            )
            t.start()
            self._threads.append(t)

    def _work(self, evaluator) -> None:
        screener = None
        while True:
            item = self._queue.get()
            if item is None:
                return
            kind, problem, payload, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                if kind == "screen":
                    if screener is None:
                        from autokernel.evaluate.screen import Screener

                        screener = Screener(evaluator.config, self._screen_config, gate=evaluator.gate)
                        self._screeners.append(screener)
                    fut.set_result(screener.screen(problem, payload))
                else:
                    fut.set_result(evaluator.evaluate(problem, payload))
            except BaseException as exc:  # the future carries it to the search (e.g. EvaluationError)
                fut.set_exception(exc)

    def idle(self) -> int:
        """Workers with no job: none to share a screen with here (one thread a device, `split_screen`)."""
        return 0

    def submit(self, problem: Problem, payload, *, kind: str = "judge") -> Future:
        fut: Future = Future()
        if self._closed:  # no worker would take it
            fut.set_exception(_closed_error())
            return fut
        self._queue.put((kind, problem, payload, fut))
        return fut

    def _queued(self) -> Iterator[Future]:
        """The futures of the jobs no worker has taken, each taken off the queue."""
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not None:
                yield item[3]

    def drop_queued(self) -> None:
        for fut in self._queued():
            if fut.cancel():
                fut.set_running_or_notify_cancel()  # what wakes `wait` (cancel alone does not)

    def close(self) -> None:
        """Stop the workers; candidates still queued fail (their searches stop instead of waiting forever)."""
        if self._closed:
            return
        self._closed = True
        for fut in self._queued():
            if fut.set_running_or_notify_cancel():
                fut.set_exception(_closed_error())
        for _ in self._threads:
            self._queue.put(None)
        for t in self._threads:
            t.join(timeout=5)
        for e in [*self._evaluators, *self._screeners]:
            e.close()


def pin_gpu(device: str) -> str:
    """Make ``cuda:N`` the only GPU this process (and the candidates it starts) can see; returns ``cuda:0``.

    Called in a worker before CUDA starts. Everything then lives on device 0: a candidate that writes
    ``.cuda()`` or ``device="cuda"`` lands on the judge's GPU, and tensors shared over CUDA IPC name a
    device index that exists in the candidate process too.
    """
    if not device.startswith("cuda:"):
        return device
    from autokernel.evaluate.devices import physical_gpu

    os.environ["CUDA_VISIBLE_DEVICES"] = physical_gpu(device)
    return "cuda:0"


def _closed_error():
    from autokernel.evaluate import EvaluationError

    return EvaluationError("the evaluation backend was closed before this candidate was judged")


def _exit_with_parent(parent: int, poll_s: float = 1.0) -> None:
    """A worker never outlives the run that started it: killed outright, the run cannot send the None that ends
    the worker, which would wait on its queue forever (its candidates go with it, through its janitor)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_s)
        os._exit(70)

    threading.Thread(target=watch, name="autokernel-parent-watch", daemon=True).start()


def _worker_main(config, gate_dir: str | None, sharers: int, inbox, outbox, parent: int | None = None,
                 screen=None, dropped=None) -> None:
    """An evaluation worker process: judges (or screens) jobs from ``inbox`` until it gets None (or its parent is
    gone), and sends what became of each through ``outbox``, its own pipe to the parent. A job numbered at or below
    ``dropped`` (a shared value the parent raises) is skipped unstarted."""
    if parent is not None:
        _exit_with_parent(parent)
    # `kill -USR1 <worker>` prints every thread's stack to the run's stderr: where a stalled judge waits
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    config = replace(config, device=pin_gpu(config.device))
    # Workers share the machine's cores: inductor's compile pool would otherwise start one process per core each.
    os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", str(max(1, usable_cores() // sharers)))
    from autokernel.evaluate import Evaluator
    from autokernel.evaluate.gate import FileGate, GaveUp, machine_gate_dir

    cuda = config.device.startswith("cuda")
    gate = FileGate(gate_dir or machine_gate_dir(config.device), on_wait=_free_cached_gpu_memory if cuda else None,
                    heavy_slots=config.heavy_slots)
    from autokernel.evaluate.screen import Screener

    with Evaluator(config, gate=gate, sharers=sharers) as evaluator, \
            Screener(config, screen, gate=gate, sharers=sharers) as screener:
        while True:
            item = inbox.get()
            if item is None:
                break
            job, kind, problem, payload = item
            if dropped is not None and job <= dropped.value:
                outbox.send((job, "dropped", None))
                continue
            outbox.send((job, "started", os.getpid()))
            if dropped is not None:  # dropped while it waits for heavy slots: it gives up, unjudged
                gate.give_up = lambda job=job: job <= dropped.value
            try:
                if kind == "screen":
                    result = (job, "done", [r.to_dict() for r in screener.screen(problem, payload)])
                else:
                    result = (job, "done", evaluator.evaluate(problem, payload).to_dict())
            except GaveUp as exc:
                result = (job, "gave_up", str(exc))
            except BaseException as exc:  # noqa: BLE001 - reported to the search, the worker lives on
                result = (job, "error", error_text(exc))
            finally:
                gate.give_up = None
            if result[1] == "error":  # its error, now dropped, held the job's tensors: their memory goes back now
                evaluator.release()
            outbox.send(result)
            if _leaked_gpu_bytes(config.device) > RECYCLE_AFTER_BYTES:
                break  # the watchdog starts a fresh worker; the memory goes with this process
    gate.close()


def error_text(exc: BaseException) -> str:
    """A worker's error as the search is told it: its type, message and notes (the judge's allocator state beside
    an out-of-memory error)."""
    return "\n".join([f"{type(exc).__name__}: {exc}", *getattr(exc, "__notes__", ())])


# GPU memory a judge may still hold between evaluations before its worker is replaced. A candidate
# process that never lets go of the tensors shared with it over CUDA IPC (a crash, a kill, a hostile
# candidate) pins them in the judge for the judge's lifetime.
RECYCLE_AFTER_BYTES = 2 * 2**30


def _free_cached_gpu_memory() -> None:
    """A worker about to wait for the device hands its cached blocks back (a big problem may need them)."""
    import torch

    torch.cuda.empty_cache()


def _leaked_gpu_bytes(device: str) -> int:
    if not device.startswith("cuda"):
        return 0
    import torch

    torch.cuda.ipc_collect()
    return int(torch.cuda.memory_allocated(device))


class _ProcessPool:
    """``per_device`` worker processes per device, sharing one job queue; a dead worker is replaced and
    the job it held fails with a clear error (the rest of the run goes on).

    Each worker reports through its own pipe: a worker killed while writing to a queue shared by all of them holds
    its lock for good, and every later result waits behind it (a CPU test killing a worker just after it took a
    job once timed out in CI waiting for its neighbours' verdicts)."""

    def __init__(self, config, devices: list[str], per_device: int, screen=None, *, sharers: int | None = None):
        ctx = multiprocessing.get_context("spawn")
        self._sharers = sharers or per_device
        self._ctx = ctx
        self._config = config
        self._screen = screen
        self._per_device = per_device
        self._inbox = ctx.Queue()
        self._outboxes: dict[int, multiprocessing.connection.Connection] = {}  # pid -> the read end of its pipe
        self._futures: dict[int, tuple[Future, str]] = {}  # job -> (future, kind); pending until a worker starts it
        self._dropped = ctx.Value("q", -1)  # jobs numbered up to this one are skipped unstarted
        self._running: dict[int, int] = {}  # pid -> job
        self._lock = threading.Lock()
        self._next = 0
        self._closed = False
        self._reader_done = False
        # A GPU's gate is the machine's (other runs on that GPU take turns with this one); the CPU's is private.
        self._gate_dirs = {dev: None if dev.startswith("cuda") else tempfile.mkdtemp(prefix="akb_gate_")
                           for dev in devices}
        for d in self._gate_dirs.values():
            if d is not None:
                janitor.watch_dir(d)  # removed even if this process is killed
        self._procs: dict[int, tuple[str, multiprocessing.Process]] = {}
        for dev in devices:
            for _ in range(per_device):
                self._start(dev)
        self._reader = threading.Thread(target=self._read, name="autokernel-results", daemon=True)
        self._reader.start()
        self._watch = threading.Thread(target=self._watchdog, name="autokernel-watchdog", daemon=True)
        self._watch.start()

    def _start(self, dev: str) -> None:
        read, write = self._ctx.Pipe(duplex=False)
        p = self._ctx.Process(
            target=_worker_main,
            args=(
                replace(self._config, device=dev),
                self._gate_dirs[dev],
                self._sharers,
                self._inbox,
                write,
                os.getpid(),
                self._screen,
                self._dropped,
            ),
            name=f"autokernel-eval-{dev}",
            daemon=True,
        )
        p.start()
        write.close()  # the worker's copy stays open: its end (or its death) closes the pipe, and reading sees it
        with self._lock:
            self._outboxes[p.pid] = read
        self._procs[p.pid] = (dev, p)

    def _read(self) -> None:
        while True:
            done = self._reader_done  # set by `close` once the workers are gone: what they sent is still read
            with self._lock:
                conns = list(self._outboxes.values())
            if not conns:
                if done:
                    return
                time.sleep(0.2)
                continue
            ready = multiprocessing.connection.wait(conns, timeout=0 if done else 0.2)
            if done and not ready:
                return
            for conn in ready:
                try:
                    job, kind, payload = conn.recv()
                except (EOFError, OSError, pickle.UnpicklingError):  # the worker is gone (cut off mid-message too)
                    with self._lock:
                        self._outboxes = {pid: c for pid, c in self._outboxes.items() if c is not conn}
                    conn.close()
                    continue
                self._receive(job, kind, payload)

    def _receive(self, job: int, kind: str, payload) -> None:
        """A worker's report on ``job``: started (by that pid), dropped unstarted, given up while it waited for
        heavy slots (`GaveUp`), done or failed."""
        from autokernel.evaluate import EvaluationError
        from autokernel.evaluate.gate import GaveUp
        from autokernel.records import Verdict

        with self._lock:
            if kind == "started":
                self._running[payload] = job
                fut = self._futures.get(job, (None, ""))[0]
                if fut is not None:
                    fut.set_running_or_notify_cancel()  # False (no harm) if its caller cancelled it
                return
            self._running = {pid: j for pid, j in self._running.items() if j != job}
            fut, job_kind = self._futures.pop(job, (None, ""))
        if fut is None or fut.done():  # cancelled by its caller: the verdict has no taker
            return
        if kind == "dropped":
            if fut.cancel():
                fut.set_running_or_notify_cancel()  # what wakes `wait` (cancel alone does not)
        elif kind == "done":
            fut.set_result(_screen_results(payload) if job_kind == "screen" else Verdict.from_dict(payload))
        elif kind == "gave_up":  # dropped while it waited for heavy slots: unjudged, for a rerun
            fut.set_exception(GaveUp(payload))
        else:
            fut.set_exception(EvaluationError(payload))

    def _watchdog(self) -> None:
        from autokernel.evaluate import EvaluationError

        while not self._closed:
            time.sleep(1.0)
            for pid, (dev, p) in list(self._procs.items()):
                if p.is_alive() or self._closed:
                    continue
                with self._lock:
                    del self._procs[pid]
                    job = self._running.pop(pid, None)
                    # exit code 0: a worker that retired after its job (see RECYCLE_AFTER_BYTES); its verdict
                    # is on its way through the outbox
                    fut = self._futures.pop(job, (None, ""))[0] if job is not None and p.exitcode != 0 else None
                if fut is not None and not fut.done():
                    fut.set_exception(
                        EvaluationError(
                            f"the evaluation worker for {dev} died (exit code {p.exitcode}) while judging "
                            f"this candidate; the run goes on with a new worker"
                        )
                    )
                self._start(dev)

    def idle(self) -> int:
        """Workers neither running a job nor due one already queued (jobs submitted and not yet done)."""
        with self._lock:
            return max(0, len(self._procs) - len(self._futures))

    def submit(self, problem: Problem, payload, *, kind: str = "judge") -> Future:
        fut: Future = Future()
        if self._closed:  # a search still running when its run abandoned the work in flight
            fut.set_exception(_closed_error())
            return fut
        with self._lock:
            job = self._next
            self._next += 1
            self._futures[job] = (fut, kind)
        self._inbox.put((job, kind, problem, payload))
        return fut

    def drop_queued(self) -> None:
        with self._lock:
            self._dropped.value = self._next - 1

    def close(self) -> None:
        if self._closed:
            return  # closed already (a run that abandoned its work in flight, then its session)
        self._closed = True
        for _ in self._procs:
            self._inbox.put(None)
        deadline = time.monotonic() + 10
        for _, p in list(self._procs.values()):
            p.join(timeout=max(0.1, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
        self._reader_done = True
        self._reader.join(timeout=5)
        with self._lock:
            pending, self._futures = [f for f, _ in self._futures.values()], {}
        for fut in pending:
            if not fut.done():
                fut.set_exception(_closed_error())
        for d in self._gate_dirs.values():
            if d is not None:
                shutil.rmtree(d, ignore_errors=True)
                janitor.forget_dir(d)
        with contextlib.suppress(Exception):
            self._inbox.close()
        with self._lock:
            conns, self._outboxes = list(self._outboxes.values()), {}
        for conn in conns:
            conn.close()
