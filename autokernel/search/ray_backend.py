"""`RayBackend`: candidates judged by actors of a Ray cluster, one per GPU (or per CPU slot), verdicts
streamed back to the driver, which alone writes the ledger.

Each actor owns the same confined judge as a local worker (`Evaluator`), pinned by Ray to its GPU
(``num_gpus=1``, or ``1/k`` for k judges per GPU) and holding that physical GPU's machine gate, so runs
sharing a GPU still take turns at timing. A candidate whose actor dies mid-judgement (the process
killed, its node lost) goes back to the queue once per death and is judged by another actor; its
future resolves once, so the ledger records it once. Ray is imported only when a backend is made.

The driver side is one dispatcher thread: submissions wait in a queue, each idle actor gets the next
candidate, and ``ray.wait`` hands back whichever verdict is ready first. A screen (`screen`: many variants of one
problem ranked in one candidate process, `autokernel.evaluate.screen`) is one job like a candidate, re-queued the
same way when its actor dies.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shutil
import socket
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path

from autokernel.environment import usable_cores
from autokernel.problem import Problem
from autokernel.records import Candidate, Verdict

INSTALL_HINT = 'the Ray backend needs Ray: pip install -e ".[ray]" (or pip install "ray>=2.40")'


def import_ray():
    """``ray``, or a ValueError that says how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ValueError(INSTALL_HINT) from exc
    return ray


@dataclass(frozen=True, kw_only=True)
class RayConfig:
    """Where and how many judges run.

    Attributes:
        address: the cluster (``auto``: the one ``ray start`` made on this machine; ``ray://host:10001``: a
            remote head); None starts a private Ray instance on this machine (or joins ``RAY_ADDRESS``).
        workers: judges to start; default one per GPU of the cluster times ``workers_per_device`` (device
            cuda) or one per CPU (device cpu, each judge holding one CPU: the Triton interpreter).
        workers_per_device: judges sharing one GPU (each asks Ray for ``1/k`` of it; timing still runs alone).
        max_requeues: deaths a candidate may outlive; one more and it fails (it may be what kills its judges).
        report_every_s: seconds between the per-node progress lines.
        placement_warn_s: a judge Ray has not started after this long is said so once, with the cluster's free
            resources (another job's actors may hold its GPUs: candidates wait for judges meanwhile).
    """

    address: str | None = None
    workers: int | None = None
    workers_per_device: int = 1
    max_requeues: int = 3
    report_every_s: float = 60.0
    placement_warn_s: float = 60.0

    def __post_init__(self) -> None:
        if self.workers is not None and self.workers < 1:
            raise ValueError("--ray-workers must be at least 1")
        if self.workers_per_device < 1:
            raise ValueError("workers per device must be at least 1")


class RayJudge:
    """The actor: one `Evaluator` on the GPU Ray gave this process (or on the CPU)."""

    def __init__(self, config, sharers: int, run_token: str, omp_threads: str | None = None):
        # Ray sets OMP_NUM_THREADS (to 1 for an actor holding less than one CPU, as ours do) where the driver did
        # not: the judge and its candidates' CPU work (KernelBench draws inputs on the CPU) would then run on one
        # thread, unlike the local pool's workers. The driver's setting, or none, is restored before torch loads.
        if omp_threads is None:
            os.environ.pop("OMP_NUM_THREADS", None)
        else:
            os.environ["OMP_NUM_THREADS"] = omp_threads
        import ray

        from autokernel.evaluate import Evaluator
        from autokernel.evaluate.gate import FileGate, machine_gate_dir
        from autokernel.search.backend import _free_cached_gpu_memory

        self.cuda = config.device.startswith("cuda")
        # Ray sets CUDA_VISIBLE_DEVICES to this actor's GPU: it is cuda:0 here, and physical_gpu names it.
        self.config = replace(config, device="cuda:0" if self.cuda else "cpu")
        # The run's judges on one node share their compiled kernels (`shared_kernels`), in a folder of the run's.
        self.kernels = None
        if self.cuda and config.shared_kernels is None:
            self.kernels = Path(tempfile.gettempdir()) / f"autokernel-kb-kernels-{os.getuid()}" / run_token
            self.kernels.mkdir(parents=True, exist_ok=True)
            self.config = replace(self.config, shared_kernels=str(self.kernels))
        os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", str(max(1, usable_cores() // sharers)))
        # A GPU's gate is the machine's (other runs on it take turns with this one); CPU judges of this run on
        # one node share a gate of their own, so a timed loop never runs beside a neighbour's candidate.
        if self.cuda:
            self.gate = FileGate(machine_gate_dir(self.config.device), on_wait=_free_cached_gpu_memory,
                                 heavy_slots=self.config.heavy_slots)
        else:
            self.gate = FileGate(Path(tempfile.gettempdir()) / f"autokernel-kb-gates-{os.getuid()}"
                                 / f"ray-cpu-{run_token}")  # fmt: skip
        self.evaluator = Evaluator(self.config, gate=self.gate, sharers=sharers)
        self.screener = None  # made by the first screen
        ctx = ray.get_runtime_context()
        self.info = {
            "node_id": ctx.get_node_id(),
            "node": f"{socket.gethostname()} ({ray.util.get_node_ip_address()})",
            "pid": os.getpid(),
            "gpu": self._physical_gpu() if self.cuda else None,
            "gate": str(self.gate.dir),
            "omp_num_threads": os.environ.get("OMP_NUM_THREADS"),
        }

    @staticmethod
    def _physical_gpu() -> str:
        from autokernel.evaluate.devices import physical_gpu

        return physical_gpu("cuda:0")

    def hello(self) -> dict:
        return self.info

    def judge(self, problem: Problem, candidate: Candidate) -> tuple[str, object, bool]:
        """(``done``, the verdict as a dict, retire) or (``error``, the message, retire); retire: this judge
        holds GPU memory a candidate never released and should be replaced (see `RECYCLE_AFTER_BYTES`)."""
        return self._outcome(lambda: self.evaluator.evaluate(problem, candidate).to_dict())

    def screen(self, problem: Problem, candidates: list[Candidate]) -> tuple[str, object, bool]:
        """As `judge`, for a screen: (``done``, the `ScreenResult` dicts, retire) or (``error``, message, retire)."""
        from autokernel.evaluate.screen import Screener

        if self.screener is None:
            self.screener = Screener(self.config, gate=self.gate, sharers=self.evaluator.sharers)
        return self._outcome(lambda: [r.to_dict() for r in self.screener.screen(problem, candidates)])

    def _outcome(self, work: Callable[[], object]) -> tuple[str, object, bool]:
        """``work()`` as (``done``, its result, retire) or (``error``, the message, retire)."""
        from autokernel.search.backend import RECYCLE_AFTER_BYTES, _leaked_gpu_bytes, error_text

        try:
            outcome: tuple[str, object] = ("done", work())
        except Exception as exc:  # noqa: BLE001 - reported to the search; the judge lives on
            outcome = ("error", error_text(exc))
        if outcome[0] == "error":  # its error, now dropped, held the job's tensors: their memory goes back now
            self.evaluator.release()
        return (*outcome, _leaked_gpu_bytes(self.config.device) > RECYCLE_AFTER_BYTES)

    def close(self) -> None:
        if self.screener is not None:
            self.screener.close()
        self.evaluator.close()
        self.gate.close()
        if not self.cuda:  # the run's own CPU gate (close() comes at the end of the run, to every judge)
            shutil.rmtree(self.gate.dir, ignore_errors=True)
        if self.kernels is not None:  # the run's shared kernels on this node, likewise
            shutil.rmtree(self.kernels, ignore_errors=True)


@dataclass(eq=False)
class _Job:
    problem: Problem
    candidate: Candidate | list[Candidate]  # a list: a screen's variants
    future: Future
    deaths: int = 0
    kind: str = "judge"  # or "screen"


@dataclass(eq=False)
class _Slot:
    """One judge: its actor handle and, once it said hello, where it runs."""

    index: int
    handle: object = None
    info: dict = field(default_factory=dict)
    starts: int = 0
    asked_at: float = 0.0  # when Ray was last asked to start it (monotonic)


@dataclass
class NodeTally:
    judges: int = 0
    judged: int = 0
    requeued: int = 0
    gpus: set = field(default_factory=set)


class RayBackend:
    """Judges on a Ray cluster behind the `Backend` protocol (``submit`` -> a future of the verdict).

    Args:
        config: the evaluation policy; its device kind (``cuda*`` or ``cpu``) picks GPU or CPU judges.
        ray_config: the cluster and the number of judges.
        log: gets events (a judge lost, a candidate re-queued) and the per-node progress lines.
    """

    def __init__(self, config, ray_config: RayConfig | None = None, *, log: Callable[[str], None] | None = None):
        ray = import_ray()
        self._ray = ray
        self.config = config
        self.ray_config = rc = ray_config or RayConfig()
        self.device = "cuda" if config.device.startswith("cuda") else "cpu"
        self._log = log or (lambda line: None)
        self.owns_ray = not ray.is_initialized()
        if self.owns_ray:
            ray.init(address=rc.address, **({"include_dashboard": False} if rc.address is None else {}))
        try:
            self.workers, options = self._plan(ray.cluster_resources())
        except BaseException:
            self._shutdown_ray()
            raise
        # Baselines are keyed by GPU model and versions: a cache folder every node mounts serves them all.
        judge_config = config
        if config.cache_dir is None and os.environ.get("AUTOKERNEL_KB_CACHE"):
            judge_config = replace(config, cache_dir=os.environ["AUTOKERNEL_KB_CACHE"])
        self._actor_class = ray.remote(max_restarts=0, max_task_retries=0, **options)(RayJudge)
        self._judge_args = (judge_config, rc.workers_per_device, uuid.uuid4().hex[:12],
                            os.environ.get("OMP_NUM_THREADS"))
        self._inbox: queue.Queue[_Job] = queue.Queue()
        self._pending: collections.deque[_Job] = collections.deque()
        self._idle: list[_Slot] = []
        self._starting: dict = {}  # ObjectRef of hello() -> slot
        self._running: dict = {}  # ObjectRef of judge() -> (slot, job)
        self._lock = threading.Lock()  # guards _running for readers outside the dispatcher (in_flight)
        self._closed = False  # no more submissions (set by close, or by a failed dispatcher)
        self._shut = False  # close() has run
        self._last_error = ""
        self.nodes: dict[str, NodeTally] = collections.defaultdict(NodeTally)
        self.requeued = 0
        self.judges_lost = 0
        self._slots = [_Slot(i) for i in range(self.workers)]
        for slot in self._slots:
            self._start(slot)
        self._last_report = time.monotonic()
        self._placement_warned = False
        self._thread = threading.Thread(target=self._dispatch, name="autokernel-ray", daemon=True)
        self._thread.start()

    # -- plan ---------------------------------------------------------------------------------
    def _plan(self, resources: dict) -> tuple[int, dict]:
        """How many judges and the resources each asks of Ray; refuses what the cluster cannot place."""
        rc = self.ray_config
        if self.device == "cuda":
            gpus = int(resources.get("GPU", 0))
            if gpus == 0:
                raise ValueError("--device cuda but the Ray cluster has no GPU; use --device cpu, or join a "
                                 "cluster with GPUs (--ray-address)")  # fmt: skip
            capacity, options = gpus * rc.workers_per_device, {"num_gpus": 1.0 / rc.workers_per_device,
                                                               "num_cpus": 0}  # fmt: skip
            unit = f"{gpus} GPU(s) x {rc.workers_per_device} per GPU"
        else:
            capacity, options = int(resources.get("CPU", 0)), {"num_cpus": 1}
            unit = f"{capacity} CPU(s), one per CPU judge"
        workers = rc.workers or capacity
        if workers < 1 or workers > capacity:
            raise ValueError(f"the Ray cluster has room for {capacity} judge(s) ({unit}); {workers} asked")
        return workers, options

    # -- public -------------------------------------------------------------------------------
    @property
    def devices(self) -> list[str]:
        """Where judges run: ``host (ip)/gpuN`` per GPU (judges sharing a GPU count once), or one entry per CPU
        judge; a judge that has not said hello yet is named by its slot."""
        names = []
        for s in self._slots:
            node = s.info.get("node")
            if node is None:
                names.append(f"ray-judge-{s.index}")
            elif s.info.get("gpu") is not None:
                names.append(f"{node}/gpu{s.info['gpu']}")
            else:
                names.append(f"{node}/cpu-judge-{s.index}")
        return list(dict.fromkeys(names))

    @property
    def judges(self) -> list[dict]:
        """Where each judge that has started runs: node, pid, physical GPU, gate folder."""
        return [dict(s.info) for s in self._slots if s.info]

    def submit(self, problem: Problem, candidate: Candidate) -> Future[Verdict]:
        fut: Future[Verdict] = Future()
        fut.set_running_or_notify_cancel()
        with self._lock:  # close() drains the inbox under this lock: nothing is put after it
            if not self._closed:
                self._inbox.put(_Job(problem, candidate, fut))
                return fut
        fut.set_exception(_closed_error())
        return fut

    def screen(self, problem: Problem, candidates: list[Candidate], lead: int = 0) -> Future[list]:
        """`ScreenResult`s of ``candidates`` (in order), screened by one judge in one candidate process (``lead``,
        the controls at the front, is not used: a screen is never split between the cluster's judges)."""
        fut: Future[list] = Future()
        fut.set_running_or_notify_cancel()
        with self._lock:
            if not self._closed:
                self._inbox.put(_Job(problem, list(candidates), fut, kind="screen"))
                return fut
        fut.set_exception(_closed_error())
        return fut

    def in_flight(self) -> list[tuple[object, Candidate]]:
        """(actor handle, candidate) for each candidate being judged now."""
        with self._lock:
            return [(slot.handle, job.candidate) for slot, job in self._running.values() if job.kind == "judge"]

    def node_report(self) -> list[str]:
        """One line per node: its judges and what they have judged (a candidate re-queued counts where it
        was finally judged)."""
        return [f"{node}: {t.judges} judge(s)" + (f" on GPU {','.join(sorted(t.gpus))}" if t.gpus else "")
                + f", {t.judged} candidate(s) judged" + (f", {t.requeued} re-queued after a lost judge"
                                                         if t.requeued else "")
                for node, t in sorted(dict(self.nodes).items())]  # fmt: skip

    def close(self) -> None:
        """Stop the judges; candidates not yet judged fail (their searches stop instead of waiting)."""
        with self._lock:
            if self._shut:
                return
            self._shut = self._closed = True
        self._thread.join(timeout=10)
        jobs = list(self._pending) + [job for _, job in self._running.values()]
        while True:
            try:
                jobs.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        for job in jobs:
            _fail(job.future, _closed_error())
        slots = [s for s in self._slots if s.handle is not None]
        closing = []
        for s in slots:
            with contextlib.suppress(Exception):
                closing.append(s.handle.close.remote())
        with contextlib.suppress(Exception):
            self._ray.wait(closing, num_returns=len(closing), timeout=10)
        for s in slots:
            with contextlib.suppress(Exception):
                self._ray.kill(s.handle)
        self._shutdown_ray()

    # -- dispatcher ---------------------------------------------------------------------------
    def _start(self, slot: _Slot) -> None:
        slot.starts += 1
        slot.info = {}
        slot.handle = self._actor_class.remote(*self._judge_args)
        slot.asked_at = time.monotonic()
        self._starting[slot.handle.hello.remote()] = slot

    def _dispatch(self) -> None:
        """The dispatcher thread; should it fail, every candidate it holds fails with the reason (a search
        waiting on a verdict must not wait forever), and so does every later one."""
        from autokernel.evaluate import EvaluationError

        try:
            self._dispatch_loop()
        except Exception as exc:  # noqa: BLE001 - reported through the futures
            error = f"the Ray backend stopped: {_short(exc)}"
            self._log(f"ray: {error}")
            with self._lock:
                self._closed = True
                jobs = [job for _, job in self._running.values()]
                self._running.clear()
            while True:
                try:
                    jobs.append(self._inbox.get_nowait())
                except queue.Empty:
                    break
            for job in [*self._pending, *jobs]:
                _fail(job.future, EvaluationError(error))
            self._pending.clear()

    def _dispatch_loop(self) -> None:
        ray = self._ray
        while not self._closed:
            while True:
                try:
                    self._pending.append(self._inbox.get_nowait())
                except queue.Empty:
                    break
            while self._pending and self._idle:
                job, slot = self._pending.popleft(), self._idle.pop()
                if job.future.done():
                    self._idle.append(slot)
                    continue
                method = slot.handle.screen if job.kind == "screen" else slot.handle.judge
                ref = method.remote(job.problem, job.candidate)
                with self._lock:
                    self._running[ref] = (slot, job)
            refs = list(self._starting) + list(self._running)
            if not refs:
                if self._pending and not self._live():
                    self._fail_pending("no Ray judge is left to run candidates" + self._last_error)
                with contextlib.suppress(queue.Empty):
                    self._pending.append(self._inbox.get(timeout=0.2))
                continue
            ready, _ = ray.wait(refs, num_returns=1, timeout=0.05)
            for ref in ready:
                if ref in self._starting:
                    self._started(ref, self._starting.pop(ref))
                else:
                    with self._lock:
                        slot, job = self._running.pop(ref)
                    self._finished(ref, slot, job)
            self._report()

    def _live(self) -> bool:
        return bool(self._idle or self._starting or self._running)

    def _started(self, ref, slot: _Slot) -> None:
        try:
            slot.info = self._ray.get(ref)
        except Exception as exc:  # noqa: BLE001 - the judge could not start (its node, its GPU, an import)
            self._last_error = f" (last start failure: {_short(exc)})"
            self._log(f"ray: judge {slot.index} failed to start (attempt {slot.starts}): {_short(exc)}")
            with contextlib.suppress(Exception):
                self._ray.kill(slot.handle)
            if slot.starts < 3:
                self._start(slot)
            else:
                slot.handle = None
            return
        tally = self.nodes[slot.info["node"]]
        tally.judges += 1
        if slot.info.get("gpu") is not None:
            tally.gpus.add(str(slot.info["gpu"]))
        self._idle.append(slot)

    def _finished(self, ref, slot: _Slot, job: _Job) -> None:
        from autokernel.evaluate import EvaluationError

        ray = self._ray
        try:
            kind, payload, retire = ray.get(ref)
        except _lost_judge_errors(ray) as exc:
            self._lost(slot, job, exc)
            return
        except Exception as exc:  # noqa: BLE001 - a Ray error that is not a lost judge: this candidate fails
            kind, payload, retire = "error", f"Ray could not judge this candidate: {_short(exc)}", False
        self.nodes[slot.info["node"]].judged += 1
        if kind == "done" and job.kind == "screen":
            from autokernel.search.backend import _screen_results

            _resolve(job.future, _screen_results(payload))
        elif kind == "done":
            _resolve(job.future, Verdict.from_dict(payload))
        else:
            _fail(job.future, EvaluationError(payload))
        if retire:
            self._retire(slot)
        else:
            self._idle.append(slot)

    def _lost(self, slot: _Slot, job: _Job, exc: Exception) -> None:
        """A judge died with ``job`` in hand: the job goes back to the front of the queue (once per death,
        up to ``max_requeues``) and a new judge takes the slot."""
        from autokernel.evaluate import EvaluationError

        self.judges_lost += 1
        node = slot.info.get("node", "?")
        self.nodes[node].judges -= 1
        self._last_error = f" (last judge lost: {_short(exc)})"
        job.deaths += 1
        if job.deaths <= self.ray_config.max_requeues:
            self.requeued += 1
            self.nodes[node].requeued += 1
            self._pending.appendleft(job)
            self._log(f"ray: the judge on {node} was lost mid-candidate ({_short(exc)}); the candidate is "
                      f"re-queued ({job.deaths} of {self.ray_config.max_requeues})")  # fmt: skip
        else:
            _fail(job.future, EvaluationError(
                f"{job.deaths} Ray judges died while judging this candidate (the last: {_short(exc)}); "
                "it is not judged again"))  # fmt: skip
        with contextlib.suppress(Exception):
            self._ray.kill(slot.handle)
        slot.starts = 0
        self._start(slot)

    def _retire(self, slot: _Slot) -> None:
        self.nodes[slot.info["node"]].judges -= 1
        with contextlib.suppress(Exception):
            self._ray.get(slot.handle.close.remote(), timeout=10)
        with contextlib.suppress(Exception):
            self._ray.kill(slot.handle)
        slot.starts = 0
        self._start(slot)

    def _fail_pending(self, message: str) -> None:
        from autokernel.evaluate import EvaluationError

        while self._pending:
            _fail(self._pending.popleft().future, EvaluationError(message))

    def _report(self) -> None:
        self._warn_unplaced()
        if time.monotonic() - self._last_report < self.ray_config.report_every_s:
            return
        self._last_report = time.monotonic()
        for line in self.node_report():
            self._log(f"ray: {line}")

    def _warn_unplaced(self) -> None:
        """Say once when judges wait for Ray to place them (the cluster's resources held elsewhere), instead of
        leaving the run silent."""
        if self._placement_warned:
            return
        now = time.monotonic()
        waiting = [s for s in self._starting.values() if now - s.asked_at > self.ray_config.placement_warn_s]
        if not waiting:
            return
        self._placement_warned = True
        try:
            available = self._ray.available_resources()
            free = ", ".join(f"{available.get(k, 0):g} {k}" for k in ("GPU", "CPU"))
        except Exception:  # noqa: BLE001 - the message goes without the figure
            free = "unknown resources"
        self._log(f"ray: {len(waiting)} judge(s) not started after {self.ray_config.placement_warn_s:g} s; the "
                  f"cluster has {free} free (actors of another job may hold its GPUs); candidates wait for them")

    def _shutdown_ray(self) -> None:
        if self.owns_ray:
            with contextlib.suppress(Exception):
                self._ray.shutdown()


def _lost_judge_errors(ray) -> tuple:
    """What ``ray.get`` raises when the judge, its worker or its node went away (not the candidate's doing)."""
    e = ray.exceptions
    return (e.RayActorError, e.ObjectLostError, e.NodeDiedError, e.WorkerCrashedError, e.LocalRayletDiedError)


def _resolve(fut: Future, value) -> None:
    if not fut.done():
        fut.set_result(value)


def _fail(fut: Future, exc: BaseException) -> None:
    if not fut.done():
        fut.set_exception(exc)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]


def _closed_error():
    from autokernel.search.backend import _closed_error as closed

    return closed()
