"""The screen: many variants of one round through ONE confined candidate process, each checked on one input set and
timed with a few calls, so the search can rank dozens of variants for the price of judging one.

A screen ranks; it never scores. Its `ScreenResult` never becomes a `Verdict`: nothing it measures enters
results.jsonl, best kernels, seeds or leaderboards. Only the round's top few go to the full judge (`judge.py`).

Same trust boundary as the judge: the process is a `CandidateProcess` (confined, scrubbed environment, its own
scratch folder) driven with the judge's own `_child` commands (``load``, ``call``, ``time``); the judge side owns the
reference, the inputs and the output buffers and compares them itself, and the candidate never sees an expected value.
The input set and output buffer are shared once for the variants a process runs, and shared afresh after a variant
changed its inputs (compared with the judge's own copy after each variant).
What the screen gives up for speed: one input set instead of the judge's trials, no degeneracy probe, no ablation or
profile check, no baselines, 10 timed calls instead of 100, and variants share one process, so a hostile variant could
tamper with the timing of the ones after it. That can only change which variants reach the judge, never a score.

A variant that crashes or hangs ends the process: it is recorded as failed, a fresh process (started ahead, as the
judge's spare) takes over, and the screen goes on with the next variant. Timed loops hold the device gate
exclusively, as the judge's do, so neighbours on the GPU never overlap a timing.
"""

from __future__ import annotations

import contextlib
import math
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from autokernel.evaluate.checks import check_trial, poison
from autokernel.evaluate.compare import compare
from autokernel.evaluate.config import EvalConfig, tolerance_for
from autokernel.evaluate.gate import DeviceGate, NullGate
from autokernel.evaluate.outcome import error_reason
from autokernel.evaluate.reference import ReferenceSession, estimate_input_bytes, input_bytes
from autokernel.evaluate.sandbox import CandidateDied, CandidateProcess, CandidateTimeout
from autokernel.evaluate.static import inspect_source
from autokernel.evaluate.timing import MIN_CALLS
from autokernel.evaluate.transport import empty_shared, share
from autokernel.problem import Problem
from autokernel.records import Candidate


@dataclass(frozen=True, kw_only=True)
class ScreenResult:
    """One variant's screen: ``ok`` (right output on the screen's input set, timed) with its median time of a few
    calls in ms, or why not. ``compile_s``: wall seconds to import, build and first call it (Triton compiles there).
    ``stages_s``: the screen's wall seconds on this variant by step (`STAGES`), so a slow screen says where its time
    went; the first variant of a screen also carries the screen's setup. Entries with a slash, and ``gate_wait``,
    are parts of the steps, not steps: ``gate_wait``, the wait for the device gate (neighbours' sections);
    ``call/compile``, the first call's Triton compiles, which run outside the gate but stop (SIGSTOP) while any
    neighbour times; ``time/...``, the timed step's wait for its exclusive hold, its command and the process's own
    setup and loop within it (`_time_parts`)."""

    digest: str
    ok: bool
    reason: str
    median_ms: float | None = None
    compile_s: float | None = None
    stages_s: dict[str, float] | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> ScreenResult:
        stages = data.get("stages_s")
        return cls(digest=str(data["digest"]), ok=bool(data["ok"]), reason=str(data.get("reason", "")),
                   median_ms=data.get("median_ms"), compile_s=data.get("compile_s"),
                   stages_s=dict(stages) if isinstance(stages, dict) else None)


# The steps of a screen, in order: the wait for the device's heavy slots (a multi-GB problem's, or all of them for a
# screen alone), the reference session, its input set and the candidate process (once a screen, and again after a
# crash); then per variant the inputs shared with it (once a process, again after a variant wrote
# them) and its output buffer poisoned, import and build, the checked first call (Triton compiles), the check, the
# timed calls (with the wait for the exclusive gate), the timed output's comparison, freeing what it shared.
# `ScreenResult.stages_s` also has parts of them: ``gate_wait`` and those named with a slash (``call/compile``;
# the setup's ``setup/reference``, the problem's module and model, ``setup/inputs``, its input set and reference
# output, and ``setup/process``, the candidate process taken ready or waited for: the rest of ``setup`` is the wait
# for the device's shared hold).
STAGES = ("slots", "setup", "share", "load", "call", "check", "time", "compare", "release")


class _Stopwatch:
    """Wall seconds by stage, and the gate's waits over the variant's own spans, for one variant: from its start to
    its result, less the spans `pause` leaves out (a batch's other variants' steps, between its own)."""

    def __init__(self, gate) -> None:
        self.gate = gate
        self.seconds: dict[str, float] = {}
        self._waited = 0.0
        self._since: float | None = gate.waited_s()

    @contextlib.contextmanager
    def stage(self, name: str):
        t0 = time.monotonic()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.monotonic() - t0

    def pause(self) -> None:
        """Stop counting the gate's waits (until `resume`)."""
        if self._since is not None:
            self._waited += max(0.0, self.gate.waited_s() - self._since)
            self._since = None

    def resume(self, waited_s: float = 0.0) -> None:
        """Count the gate's waits again, with ``waited_s`` seconds waited on this variant's behalf meanwhile."""
        self._waited += waited_s
        if self._since is None:
            self._since = self.gate.waited_s()

    def result(self) -> dict[str, float]:
        self.pause()
        out = {k: round(v, 4) for k, v in self.seconds.items()}
        out["gate_wait"] = round(self._waited, 4)
        return out


# said after a variant's reason where its screen had the device to itself, stopping every neighbour meanwhile
ALONE_NOTE = " (screened alone: the problem's screen ran out of device memory beside neighbours)"

KERNELS_IN_TIMEOUT = 20  # kernels a file may define within `ScreenConfig.variant_timeout_s` (a starter has a few)


@dataclass(frozen=True, kw_only=True)
class ScreenConfig:
    """How cheaply a variant is screened.

    Attributes:
        reps: timed calls per variant (the judge makes 100); the median ranks.
        warmup: untimed calls before them (the checked call has already compiled the kernels).
        budget_s: wall-clock cap on one variant's timed loop (at least 5 calls are made).
        variant_timeout_s: one variant's import, build, checked call and timing; then its process is killed.
        per_kernel_s: added to it for each kernel the file defines beyond `KERNELS_IN_TIMEOUT`: its first call
            compiles them all (inductor's code for L3/34 defines 258 and did not finish its screen in 60 s).
        start_timeout_s: a fresh process's start (interpreter, torch import, confinement).
        stop_at: wall-clock time (``time.time()``) after which a screen begins no further variant (a run's
            ``--stop-after``): the variants screened so far are returned, the rest left for a later round. A round of
            L3/34 (inductor's 258 kernels compiled in each variant) outlasted a call's limit by minutes and lost all
            it had screened when the call was killed.
        cut: a variant's timed loop gets at most this many times the wall time the screen's first candidate (a
            round's control) took for its own, after at least ``cut_min_calls`` calls; 0: every variant gets
            ``budget_s``. A variant that much slower than the control only has to rank behind it; timed in full,
            such variants ran 898 of the 1 241 s of timed calls in the H200 panel's screens, with the device
            held from every other worker meanwhile.
        cut_min_calls: the fewest timed calls of a cut loop (its median ranks it).
        batch: variants of a screen loaded, called and checked one after another in its process, then timed back
            to back in one exclusive hold of the device (each kept under its own name there until then); 1: each
            timed after its own check. Every exclusive hold waits for the neighbours' shared holds to drain; on an
            H100 screening level 1's light problems with six workers that wait took 0.2 s a variant, its timed
            loop 0.07 s. Batches of 8 there halved the gate's waits and screened as fast (a tie: their first calls
            compiled more, ahead of the compile helpers; docs/measurements.md). A multi-GB problem, or one screened
            alone, is screened one variant at a time.
    """

    reps: int = 10
    warmup: int = 1
    budget_s: float = 2.0
    variant_timeout_s: float = 60.0
    per_kernel_s: float = 1.0
    start_timeout_s: float = 180.0
    stop_at: float | None = None
    cut: float = 3.0
    cut_min_calls: int = 3
    batch: int = 1

    def timeout_for(self, kernels: int) -> float:
        """One variant's time limit for a file defining ``kernels`` kernels."""
        return self.variant_timeout_s + self.per_kernel_s * max(0, kernels - KERNELS_IN_TIMEOUT)

    def __post_init__(self) -> None:
        if self.reps < 1 or self.warmup < 0:
            raise ValueError("a screen needs at least 1 timed call and 0 or more warm-up calls")
        if min(self.budget_s, self.variant_timeout_s, self.start_timeout_s) <= 0 or self.per_kernel_s < 0:
            raise ValueError("screen budgets and timeouts must be positive seconds")
        if self.batch < 1:
            raise ValueError(f"a screen's batch is 1 or more variants, not {self.batch}")
        if self.cut < 0 or (self.cut and self.cut < 1) or self.cut_min_calls < 1:
            raise ValueError("a screen's cut is 0 (off) or at least 1 (times the control's loop), with at least "
                             "1 call")

    def loop_budget(self, control_wall_s: float | None) -> tuple[float, int]:
        """A variant's timed-loop budget (seconds) and fewest calls, given the wall seconds of the round's control's
        timed loop (None: not timed, so no cut)."""
        if not self.cut or control_wall_s is None:
            return self.budget_s, MIN_CALLS
        return min(self.budget_s, self.cut * control_wall_s), self.cut_min_calls


class _Failed(Exception):
    """A variant's screen ends here (``reason``); the process is still usable."""


class Screener:
    """Screens variants of a problem on one device; one candidate process serves a whole `screen` call.

    ``gate`` and ``sharers`` as for `Evaluator` (a GPU's default gate is the machine's, so timings never overlap
    another run's). ``prespawn`` keeps a started process ready, which also replaces a crashed one at once.
    """

    def __init__(self, config: EvalConfig | None = None, screen: ScreenConfig | None = None, *,
                 gate: DeviceGate | None = None, sharers: int = 1, prespawn: bool = True):
        self.config = config or EvalConfig()
        self.screen_config = screen or ScreenConfig()
        if gate is None and self.config.is_cuda:
            from autokernel.evaluate.gate import FileGate, machine_gate_dir

            gate = FileGate(machine_gate_dir(self.config.device), heavy_slots=self.config.heavy_slots)
        self.gate = gate or NullGate()
        self.sharers = max(1, sharers)
        self.prespawn = prespawn
        self._spare: CandidateProcess | None = None
        self._lock = threading.Lock()
        self._alone: set[str] = set()  # problems whose screen ran out of memory beside neighbours: screened alone
        self._input_bytes: dict[str, int | None] = {}  # per problem digest, from shapes
        self.restarts = 0  # processes replaced after a variant crashed or hung (all calls)

    def screen(self, problem: Problem, candidates: Sequence[Candidate | str]) -> list[ScreenResult]:
        """One `ScreenResult` per candidate, in order; fewer once `ScreenConfig.stop_at` has passed (the first
        candidate, a round's control, is always screened; the ones not begun are left out). Raises only for the
        harness's own failures (no GPU, a problem whose reference cannot run): a variant's failure is its result."""
        from autokernel.evaluate.judge import _out_of_memory_error, _release_ipc

        cands = [Candidate(source=c) if isinstance(c, str) else c for c in candidates]
        results: list[ScreenResult] = []
        with self._lock:
            again, alone = False, problem.digest in self._alone
            try:
                self._screen(problem, cands, results, alone=alone)
            except Exception as exc:  # noqa: BLE001 - the screen's own work ran out of memory beside neighbours
                if self.sharers == 1 or alone or not _out_of_memory_error(exc):
                    raise
                again = True  # out of the handler first: the error's frames hold what the attempt drew
            first = 0  # the first result screened alone
            if again:
                # as the judge does: the rest of this screen, and this problem's later ones, with the device to
                # itself (six screens of multi-GB problems on an H100 drew their input sets side by side)
                self._alone.add(problem.digest)
                with self.gate.shared():
                    _release_ipc(self.config, empty_cache=True)
                first = len(results)
                self._screen(problem, cands[first:], results, alone=True)
            if again or alone:
                results[first:] = [replace(r, reason=r.reason + ALONE_NOTE) for r in results[first:]]
        return results

    def close(self) -> None:
        with self._lock:
            if self._spare is not None:
                _discard(self._spare)
                self._spare = None

    def __enter__(self) -> Screener:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- processes ----------------------------------------------------------------------------
    def _spawn(self) -> CandidateProcess:
        cfg = self.config
        return CandidateProcess(tempfile.mkdtemp(prefix="akb_screen_"), device=cfg.device, deadline=math.inf,
                                extra_env=cfg.extra_env, confine=cfg.confine, memory_limit_mb=cfg.memory_limit_mb,
                                gate=self.gate, shared_kernels=cfg.shared_kernels)

    def _start(self, share_gpu: int) -> CandidateProcess:
        """A ready process (the spare if it lives), set up like the judge's; the next spare starts behind it."""
        proc, self._spare = self._spare, None
        if proc is None or not proc.alive():
            if proc is not None:
                _discard(proc)
            proc = self._spawn()
        if self.prespawn:
            self._spare = self._spawn()
        proc.deadline = time.monotonic() + self.screen_config.start_timeout_s
        try:
            proc.wait_warm()
            proc.send_json({"gpu_memory_fraction": self.config.gpu_memory_fraction / share_gpu,
                            "precision_flags": self.config.spec.precision_flags})
            ready = proc.recv()
        except (CandidateDied, CandidateTimeout) as exc:
            log = proc.log_tail()
            _discard(proc)
            raise RuntimeError(f"the screen's candidate process did not start: {exc}; log: {log[-500:]}") from exc
        if ready.get("event") != "ready":
            _discard(proc)
            raise RuntimeError(f"the screen's candidate process sent {ready!r} instead of ready")
        return proc

    def _spare_paused(self) -> contextlib.AbstractContextManager:
        return self._spare.paused() if self._spare is not None else contextlib.nullcontext()

    # -- the screen -----------------------------------------------------------------------------
    def _screen(self, problem: Problem, cands: list[Candidate], results: list[ScreenResult], *,
                alone: bool = False) -> None:
        """Screens ``cands`` onto ``results`` (what is on it stays when this raises). ``alone``: with the device to
        itself throughout (every heavy slot, then the exclusive hold)."""
        from autokernel.evaluate.judge import BIG_TRIAL_BYTES, EvaluationError, _release_ipc
        from autokernel.evaluate.memory import trial_heavy_units

        cfg = self.config
        if not cands:
            return
        if cfg.is_cuda:
            import torch

            if not torch.cuda.is_available():
                raise EvaluationError("no CUDA GPU is visible to PyTorch; run with --device cpu")
        sharing = self.sharers > 1 and not alone

        def slots(trial_bytes: int) -> contextlib.AbstractContextManager:
            big = sharing and trial_bytes > BIG_TRIAL_BYTES
            return self.gate.heavy(trial_heavy_units(trial_bytes, cfg)) if big else contextlib.nullcontext()

        if problem.digest not in self._input_bytes:
            self._input_bytes[problem.digest] = estimate_input_bytes(problem)
        shapes = self._input_bytes[problem.digest]
        with contextlib.ExitStack() as held:
            setup = _Stopwatch(self.gate)
            # A problem of gigabytes per input set takes the device's heavy slots by its footprint, as the judge
            # does, sized from shapes (inputs and an output as large) before its input set is drawn: drawn first,
            # six screens' sets met on an H100 and one ran out of memory. Where shapes cannot be read, the drawn
            # set sizes them.
            with setup.stage("slots"):
                if alone:
                    held.enter_context(self.gate.alone())
                elif shapes:
                    held.enter_context(slots(2 * shapes))
            with setup.stage("setup"), self.gate.shared():
                with setup.stage("setup/reference"):
                    session = ReferenceSession.under(cfg, problem, cpu_section=self.gate.idle)
                # one set of the problem's own inputs, drawn on the device (a seed past KernelBench's CPU-drawn
                # trials: a screen ranks, it does not reproduce KernelBench's inputs, and gigabytes drawn on the CPU
                # take seconds), and the reference's output on it
                with setup.stage("setup/inputs"):
                    trial = session.trial(len(session.public_seeds), extra_distributions=False)
            trial_bytes = input_bytes([*trial.inputs, trial.expected])
            share_gpu = 1 if alone or trial_bytes > BIG_TRIAL_BYTES else self.sharers
            if not shapes:
                with setup.stage("slots"):
                    held.enter_context(slots(trial_bytes))
            tol = tolerance_for(cfg.tolerance, str(trial.expected.dtype))
            # A batch of variants is loaded, called and checked one by one (each under the slot of its index in
            # the process), then timed back to back in one exclusive hold: each exclusive hold waits for the
            # neighbours' shared holds to drain, once a batch instead of once a variant. Heavy or alone: one by one
            # (their models would sit beside gigabytes of inputs).
            size = 1 if share_gpu == 1 else self.screen_config.batch
            st = _ScreenState(setup=setup, sharing=sharing)
            todo = list(range(len(cands)))  # indices not yet screened, in order; a crash sends a batch's rest back
            base = len(results)  # (a screen gone alone goes on from there)
            try:
                while todo and not st.stopped:
                    ready = self._prepare_batch(session, trial, tol, cands, todo, size, share_gpu, st)
                    self._time_batch(trial, tol, cands, ready, todo, size, st)
                    _flush(st.done, results, base)
            finally:
                _flush(st.done, results, base)  # what is screened so far, in order, stays when this raises
                if st.proc is not None:
                    _discard(st.proc)
                del session, trial, st
                with self.gate.shared():
                    _release_ipc(cfg, empty_cache=True)

    def _prepare_batch(self, session, trial, tol, cands, todo: list[int], size: int, share_gpu: int,
                       st: _ScreenState) -> list[tuple[int, _Stopwatch, _Prepared]]:
        """Take up to ``size`` variants off ``todo`` and load, call and check each; returns those ready to time.
        A failure is its variant's result (in ``st.done``); a crash also sends the batch's ready ones back."""
        ready: list[tuple[int, _Stopwatch, _Prepared]] = []
        while todo and len(ready) < size:
            i = todo[0]
            if i and self.screen_config.stop_at is not None and time.time() >= self.screen_config.stop_at:
                st.stopped = True  # the run's stop: what is screened is kept, the rest waits for a later round
                break
            todo.pop(0)
            cand = cands[i]
            watch = st.setup if i == 0 else _Stopwatch(self.gate)  # the setup counts with the first variant
            watch.resume()  # (the first variant's, paused if a crash beside it sent it through again)
            static = inspect_source(cand.source)
            if static.syntax_error or not static.has_model_new or not static.check.passed:
                st.done[i] = ScreenResult(digest=cand.digest, ok=False, reason=static.check.reason,
                                          stages_s=watch.result())
                continue
            if st.proc is None:
                with watch.stage("setup"), watch.stage("setup/process"):
                    st.proc = self._start(share_gpu)
            if st.io is None:
                with watch.stage("share"), self.gate.shared():
                    st.io = _SharedIO.make(trial, st.proc.scratch)
            try:
                prepared = self._prepare(st.proc, session, trial, tol, cand, static, i, watch, st.io,
                                         slot=i if size > 1 else None)
            except _Failed as exc:
                self._failed(st, i, cand, watch, str(exc), trial)
            except (CandidateDied, CandidateTimeout) as exc:
                self._crashed(st, i, cand, self.screen_config.timeout_for(len(static.kernel_names)), watch, exc,
                              trial)
                todo[:0] = [j for j, _, _ in ready]  # they were loaded in the process that died
                ready = []
            else:
                ready.append((i, watch, prepared))
                watch.pause()  # the batch's other steps are not this variant's
                if prepared.wrote_inputs:
                    st.io = None  # the next one gets fresh copies
        return ready

    def _time_batch(self, trial, tol, cands, ready, todo: list[int], size: int, st: _ScreenState) -> None:
        """Time the ``ready`` variants back to back, in one exclusive hold when there are several, each output
        compared as it comes; a crash sends the untimed rest back to ``todo``."""
        if not ready:
            return
        waited0 = self.gate.waited_s()
        with self.gate.exclusive() if len(ready) > 1 else contextlib.nullcontext():
            batch_wait = self.gate.waited_s() - waited0  # counted with the batch's first timing
            for n, (i, watch, prepared) in enumerate(ready):
                cand = cands[i]
                watch.resume(batch_wait if n == 0 else 0.0)
                if st.io is None:
                    with watch.stage("share"), self.gate.shared():
                        st.io = _SharedIO.make(trial, st.proc.scratch)
                try:
                    timed = self._time(st.proc, prepared, watch, st.io, st.control,
                                       batch_wait if n == 0 else 0.0)
                except _Failed as exc:
                    self._failed(st, i, cand, watch, str(exc), trial)
                    continue
                except (CandidateDied, CandidateTimeout) as exc:
                    self._crashed(st, i, cand, prepared.timeout_s, watch, exc, trial)
                    todo[:0] = [j for j, _, _ in ready[n + 1:]]
                    return
                if i == 0:
                    st.control = timed
                # one hold for the timed output's comparison and the release: each hold waits behind the
                # neighbours' timed loops
                with self.gate.shared():
                    with watch.stage("compare"):
                        result = timed.compared(st.io.out, trial.expected, tol)
                    self._release(st, trial, watch)
                st.done[i] = replace(result, stages_s=watch.result())
            if size > 1 and st.proc is not None:
                with self.gate.shared():
                    st.proc.request({"cmd": "forget"})

    def _failed(self, st: _ScreenState, i: int, cand: Candidate, watch: _Stopwatch, reason: str, trial) -> None:
        """A variant's own failure; beside neighbours, running out of memory sends the screen alone instead."""
        from autokernel.evaluate.judge import EvaluationError
        from autokernel.evaluate.memory import mentions_out_of_memory

        if st.sharing and mentions_out_of_memory(reason):
            # beside neighbours, perhaps theirs: this variant and the rest are screened alone (recorded as its
            # failure, L1/30's 17 variants all failed so on an H100 in 25 screens)
            raise EvaluationError(f"a variant ran out of device memory beside neighbours: {reason}") from None
        self._failure(st, i, cand, watch, reason, trial)

    def _crashed(self, st: _ScreenState, i: int, cand: Candidate, limit: float, watch: _Stopwatch, exc,
                 trial) -> None:
        """A variant that crashed or hung (its time limit ``limit`` seconds): its process is replaced."""
        what = (f"did not finish within {limit:g} s (hang or far too slow)"
                if isinstance(exc, CandidateTimeout) else f"crashed: {exc}")
        _discard(st.proc)
        st.proc, st.io = None, None  # a CPU share lives in the process's scratch folder
        self.restarts += 1
        self._failure(st, i, cand, watch, f"the variant {what}; its process was replaced", trial)

    def _failure(self, st: _ScreenState, i: int, cand: Candidate, watch: _Stopwatch, reason: str, trial) -> None:
        """A failed variant's release (in a shared hold) and its result."""
        with self.gate.shared():
            self._release(st, trial, watch)
        st.done[i] = ScreenResult(digest=cand.digest, ok=False, reason=reason, stages_s=watch.result())

    def _release(self, st: _ScreenState, trial, watch: _Stopwatch) -> None:
        """After a variant (in a shared hold): fresh copies for the next if it wrote its inputs; the IPC blocks
        freed."""
        from autokernel.evaluate.judge import _release_ipc

        with watch.stage("release"):
            if st.io is not None and not st.io.intact(trial):
                st.io = None  # the variant wrote its inputs: the next one gets fresh copies
            _release_ipc(self.config)

    def _prepare(self, proc: CandidateProcess, session, trial, tol: float, cand: Candidate, static, index: int,
                 watch: _Stopwatch, io: _SharedIO, slot: int | None = None) -> _Prepared:
        """Import, build and call the variant once, checked; raises `_Failed` with the reason. ``watch`` takes each
        step's wall seconds; ``io`` holds the inputs and output buffer it is given; ``slot``: the name its model is
        kept under in the process, for a batch's timing (None: the process's one model)."""
        sc = self.screen_config
        path = os.path.join(proc.scratch, f"variant_{index}_{cand.digest}.py")
        Path(path).write_text(cand.source)
        proc.loading(cand.own_code)
        limit = sc.timeout_for(len(static.kernel_names))
        proc.deadline = time.monotonic() + limit
        started = time.monotonic()
        shared, handles, out, out_handle = io.shared, io.handles, io.out, io.out_handle
        slotted = {} if slot is None else {"slot": slot}
        # Two shared holds up to the timing, where there were four: each hold waits behind the neighbours' timed
        # loops (on an H100 screening 25 level-1 problems at once, the sharing, import, first call and check took
        # 0.61 s a variant besides compiling; L1/10's, with nothing beside it, 0.08 s). The requests' own holds nest
        # in them, free; Triton's compiles in the import and the first call still give the hold up
        # (`CandidateProcess.request`).
        with self.gate.shared():
            with watch.stage("share"):  # the process sees ``out`` only in its call
                _, init_args = _share_inputs(session.init_args, proc.scratch)
                poison(out)
            with watch.stage("load"):
                reply = proc.request({"cmd": "load", "path": path, "init_seed": session.init_seed,
                                      "init_args": init_args, **slotted})
        if not reply.get("ok"):
            raise _Failed(error_reason(reply))
        compiled0 = proc.compile_s
        launches: dict[str, int] = {}
        with self.gate.shared():
            with watch.stage("call"):
                reply = proc.request({"cmd": "call", "inputs": handles, "out": out_handle, **slotted})
            watch.seconds["call/compile"] = proc.compile_s - compiled0  # of it, Triton compiling outside the gate
            compile_s = round(time.monotonic() - started, 3)
            with watch.stage("check"):
                check = check_trial(reply, trial, [shared], [out], 0, tol, None, launches)
                if check.passed:
                    poison(out)  # the timed calls must write it again
            # in a batch the next variant is called before this one is timed: a write to the inputs is seen now
            wrote = slot is not None and not io.intact(trial)
        if not check.passed:
            raise _Failed(check.reason)
        if static.backend == "triton" and not launches:
            raise _Failed(f"none of the variant's own kernels ({', '.join(static.kernel_names)}) ran")
        return _Prepared(digest=cand.digest, compile_s=compile_s, slot=slot, wrote_inputs=wrote, timeout_s=limit,
                         time_left_s=limit - (time.monotonic() - started))

    def _time(self, proc: CandidateProcess, prepared: _Prepared, watch: _Stopwatch, io: _SharedIO,
              control: _Timed | None, waited_before_s: float = 0.0) -> _Timed:
        """The variant's timed loop, bounded by the round's ``control`` (`ScreenConfig.loop_budget`); raises
        `_Failed`. ``waited_before_s``: the wait for a batch's exclusive hold, counted with its first timing."""
        cfg, sc = self.config, self.screen_config
        budget_s, min_calls = sc.loop_budget(None if control is None else control.wall_s)
        proc.deadline = time.monotonic() + prepared.time_left_s
        slotted = {} if prepared.slot is None else {"slot": prepared.slot}
        waited0 = self.gate.waited_s()
        if prepared.slot is not None:  # a batch's outputs share one buffer: each timing must write it again
            with self.gate.shared():
                poison(io.out)
        with watch.stage("time"), self._spare_paused():
            reply = proc.request({"cmd": "time", "sets": [io.handles], "outs": [io.out_handle], "n": sc.reps,
                                  "warmup": sc.warmup, "budget_s": budget_s, "min_calls": min_calls,
                                  "spin_up_s": 0.0, "loop": cfg.loop_options(), **slotted}, exclusive=True)
            wall_ms = proc.last_wall_s * 1e3
        _time_parts(watch.seconds, reply, wall_ms / 1e3, waited_before_s + self.gate.waited_s() - waited0)
        if not reply.get("ok"):
            raise _Failed(error_reason(reply))
        samples = reply.get("event_ms")
        if (not isinstance(samples, list) or not samples
                or not all(isinstance(x, (int, float)) and math.isfinite(x) and x > 0 for x in samples)):
            raise _Failed("the timed loop reported no valid times")
        if sum(samples) > wall_ms * 1.05 + 1.0:  # its claims, bounded by the judge's clock on the command
            raise _Failed(f"reported {sum(samples):.4g} ms of calls in {wall_ms:.4g} ms of wall time")
        cut = control is not None and budget_s < sc.budget_s and len(samples) < control.calls  # fewer than its loop
        return _Timed(digest=prepared.digest, median_ms=statistics.median(samples), calls=len(samples),
                      compile_s=prepared.compile_s, wall_s=wall_ms / 1e3, cut=cut)


@dataclass(frozen=True)
class _Prepared:
    """A variant loaded, called and checked, waiting for its timed loop."""

    digest: str
    compile_s: float
    slot: int | None  # the name its model is kept under in the process (a batch), or None
    timeout_s: float  # its time limit (`ScreenConfig.timeout_for`)
    time_left_s: float  # of it, for the timed loop
    wrote_inputs: bool = False  # its checked call changed the shared inputs (seen in a batch only)


@dataclass
class _ScreenState:
    """One screen's moving parts: its process and shared input set (remade after a crash or a write), the round's
    control, the results by index, and whether the run's stop came."""

    setup: _Stopwatch
    sharing: bool
    proc: CandidateProcess | None = None
    io: _SharedIO | None = None
    control: _Timed | None = None  # the first candidate's timing, whose loop bounds the others'
    done: dict = field(default_factory=dict)  # index -> ScreenResult
    stopped: bool = False


def _flush(done: dict, results: list, base: int) -> None:
    """Move the results that continue ``results`` in order out of ``done`` (by index in a screen whose first
    result is ``results[base]``): what a screen returns is a prefix of its candidates."""
    while len(results) - base in done:
        results.append(done.pop(len(results) - base))


def _time_parts(seconds: dict[str, float], reply: dict, command_s: float, gate_wait_s: float) -> None:
    """The parts of a variant's ``time`` step, beside it in ``seconds``: ``time/gate_wait`` (the wait for the
    exclusive hold), ``time/command`` (the command on the judge's clock, from send to reply), and of that the
    process's own ``time/setup`` (opening and copying the input set) and ``time/loop`` (the timed loop, warm-up and
    replay block included). What the step holds beyond the wait and the command is the release after it. The process's
    two figures are its own word, so they are bounded by the judge's clock: they place the step's time, never rank."""
    seconds["time/gate_wait"] = max(0.0, gate_wait_s)
    seconds["time/command"] = command_s
    for key in ("setup", "loop"):
        value = reply.get(f"{key}_s")
        if isinstance(value, (int, float)) and math.isfinite(value):
            seconds[f"time/{key}"] = min(max(0.0, float(value)), command_s)


@dataclass(frozen=True)
class _Timed:
    """A variant right on its checked call and timed; its result waits for the timed output's comparison."""

    digest: str
    median_ms: float
    calls: int
    compile_s: float
    wall_s: float = 0.0  # the timed loop's command, on the judge's clock
    cut: bool = False  # its loop ended at the control's bound (`ScreenConfig.cut`)

    def compared(self, out, expected, tol: float) -> ScreenResult:
        timed = compare(out, expected, tol=tol)
        if not timed.passed:
            return ScreenResult(digest=self.digest, ok=False, reason=f"a timed call's output is wrong ({timed.reason})")
        return ScreenResult(digest=self.digest, ok=True, median_ms=self.median_ms, compile_s=self.compile_s,
                            reason=f"right on 1 input set; {self.median_ms:.4g} ms median of {self.calls} calls"
                                   + (" (loop cut: far slower than the round's control)" if self.cut else ""))


@dataclass
class _SharedIO:
    """The screen's input set and output buffer as shared with a candidate process: made once for the variants that
    process runs, not once a variant (copying a problem's gigabytes of inputs for every variant cost 11 % of the
    screens' time on the H200), and made again after a variant changed its inputs (`intact`)."""

    shared: list
    handles: list
    out: object
    out_handle: object

    @classmethod
    def make(cls, trial, scratch: str) -> _SharedIO:
        shared, handles = _share_inputs(trial.inputs, scratch)
        out, out_handle = empty_shared(trial.expected.shape, trial.expected.dtype, trial.expected.device, scratch)
        return cls(shared=shared, handles=handles, out=out, out_handle=out_handle)

    def intact(self, trial) -> bool:
        """Whether the shared inputs still hold the trial's values (NaN where NaN), compared on the device."""
        import torch

        for s, x in zip(self.shared, trial.inputs):
            if not isinstance(x, torch.Tensor) or torch.equal(s, x):
                continue
            if not (x.dtype.is_floating_point or x.dtype.is_complex):
                return False
            if not bool(((s == x) | (s.isnan() & x.isnan())).all()):
                return False
        return True


def _share_inputs(inputs: list, scratch: str) -> tuple[list, list]:
    """Judge-owned copies of the inputs shared with the process, and their handles (plain values as they are)."""
    import torch

    shared, handles = [], []
    for x in inputs:
        if isinstance(x, torch.Tensor):
            s, h = share(x, scratch)
            shared.append(s)
            handles.append(h)
        else:
            shared.append(x)
            handles.append(x)
    return shared, handles


def _discard(proc: CandidateProcess) -> None:
    proc.close()
    proc.remove_scratch()
