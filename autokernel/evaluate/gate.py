"""Sharing one GPU between several evaluations without spoiling a single timing.

Correctness work (reference runs, candidate trials, compiles) may overlap on one device; a timed
loop may not. A `DeviceGate` is a readers-writer lock over the device: GPU work takes it shared,
timing takes it exclusive. While a timing holds it, every other registered candidate process is
stopped (SIGSTOP), so a hostile candidate's background work cannot slow a neighbour's timing, and
its CPU threads do not compete with the timed loop's launches.

`FileGate` works across processes (``flock`` on files in one directory, which every worker for the
device opens); on a GPU that directory is the machine's for that GPU (`machine_gate_dir`), so separate
runs and `autokernel-kb eval` calls on one GPU take turns at timing too. `NullGate` is for a device
nothing else uses (the CPU interpreter).
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from autokernel.evaluate.devices import physical_gpu

# Slots a device's memory is divided into for memory-heavy evaluations (`FileGate.heavy`): a heavy evaluation takes
# as many as its estimated footprint needs (`heavy_units`), small ones go on beside them, and the heavy ones'
# CPU-side input generation (single-threaded) overlaps.
HEAVY_SLOTS = 4
HEAVY_MEMORY_SHARE = 0.8  # of the device's memory, divided among the slots: the rest for the small evaluations
SLOT_POLL_S = 0.05  # how often a judge waiting for a heavy slot looks again (evaluations holding one take minutes)
GIVE_UP_POLL_S = 1.0  # how often a blocked wait for heavy slots asks `FileGate.give_up`


class GaveUp(Exception):
    """A wait for heavy slots ended at its caller's word (`FileGate.give_up`: a bench past its ``--stop-after``):
    nothing of the evaluation was judged yet, so it is left for a rerun, never given a verdict."""


class DeviceGate(Protocol):
    def shared(self, at: str = "") -> contextlib.AbstractContextManager[None]: ...

    def exclusive(self) -> contextlib.AbstractContextManager[None]: ...

    def heavy(self, units: int = 1) -> contextlib.AbstractContextManager[None]: ...

    def alone(self) -> contextlib.AbstractContextManager[None]: ...

    def idle(self) -> contextlib.AbstractContextManager[None]: ...

    def register(self, pgid: int) -> None: ...

    def unregister(self, pgid: int) -> None: ...

    def waited_s(self) -> float: ...

    def held_s(self) -> float: ...

    def profile(self) -> dict[str, float]: ...


def heavy_units(footprint_bytes: int, device_bytes: int, slots: int) -> int:
    """Heavy slots an evaluation takes: its estimated device footprint over one slot's part of
    ``HEAVY_MEMORY_SHARE`` of the device's memory, from 1 to ``slots``. On the H200 (140 GiB, four slots of 28 GiB)
    a level-1 elementwise problem with 6.4 GB in and out (footprint about 24 GiB: the candidate's peak of 12.3 GiB
    beside the judge's inputs and expected output) takes one, the 16 GiB average pooling (its output counted as large
    as its input: about 64 GiB) three; on an 80 GB GPU they take two and all four."""
    if device_bytes <= 0:
        return 1
    per_slot = HEAVY_MEMORY_SHARE * device_bytes / slots
    return max(1, min(slots, math.ceil(footprint_bytes / per_slot)))


def machine_gate_dir(device: str) -> Path:
    """This user's gate directory for the physical GPU behind ``device`` (``cuda:N`` in this process).

    Named by the GPU's UUID, so every process that sees the GPU, whatever its CUDA_VISIBLE_DEVICES,
    opens the same lock files.
    """
    import torch

    try:
        index = int(device.split(":", 1)[1]) if ":" in device else torch.cuda.current_device()
        ident = f"gpu-{torch.cuda.get_device_properties(index).uuid}"
    except Exception:  # noqa: BLE001 - no uuid (old torch, or no GPU yet: the judge says so later): the index
        ident = f"gpu-index-{physical_gpu(device)}"
    return Path(tempfile.gettempdir()) / f"autokernel-kb-gates-{os.getuid()}" / ident


def _is_candidate(pgid: int) -> bool | None:
    """Whether process ``pgid`` is a candidate interpreter (None where /proc cannot say). A gate directory
    outlives crashed runs, and a stale entry's number may belong to an unrelated process by now."""
    try:
        with open(f"/proc/{pgid}/cmdline", "rb") as f:
            return b"autokernel.evaluate._child" in f.read()
    except FileNotFoundError:
        return False if os.path.isdir("/proc/self") else None
    except OSError:
        return None


def proc_stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (state, parent pid, ...); None where it cannot be
    read. The name is skipped by its last ``)``: it may hold spaces and parentheses."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _parent(pid: int) -> int | None:
    """The parent pid of ``pid`` (None where it cannot be read)."""
    fields = proc_stat(pid)
    try:
        return int(fields[1]) if fields else None
    except (ValueError, IndexError):
        return None


def _registrant(entry: Path) -> int | None:
    """The judge that registered a pid file (written since 2026-11-30; None for older, empty entries)."""
    try:
        return int(entry.read_text().strip() or "x")
    except (OSError, ValueError):
        return None


def _caller() -> str:
    """Where a shared section was taken (``function:line`` of the ``with`` statement, outside this module and
    contextlib), to account its hold."""
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename in (__file__, contextlib.__file__):
        f = f.f_back
    return f"{f.f_code.co_name}:{f.f_lineno}" if f is not None else "?"


class NullGate:
    """One evaluation at a time on the device: every section is free."""

    @contextlib.contextmanager
    def shared(self, at: str = "") -> Iterator[None]:
        yield

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        yield

    @contextlib.contextmanager
    def heavy(self, units: int = 1) -> Iterator[None]:
        yield

    alone = idle = exclusive

    def register(self, pgid: int) -> None:
        pass

    def unregister(self, pgid: int) -> None:
        pass

    def waited_s(self) -> float:
        return 0.0

    def held_s(self) -> float:
        return 0.0

    def profile(self) -> dict[str, float]:
        return {}


class FileGate:
    """Readers-writer lock over a device, across processes, preferring the writer.

    ``flock`` alone lets a stream of readers starve a writer, so every acquisition first passes a
    turnstile (an exclusive lock on a second file) that a waiting writer keeps until it holds the
    device. Writers also announce themselves (a shared lock on a third file, held while waiting and
    timing), and a reader that passes the turnstile while any writer is announced steps back until
    none is: queued timings then run back to back, paying one drain of the readers between them
    instead of one each (a reader slipping in between two timings made the second wait for it, and
    every other evaluation behind that). Sections nest: ``shared`` inside ``exclusive`` is free, and
    ``exclusive`` inside ``shared`` gives up the shared hold for its duration. Each thread opens the
    lock files itself (``flock`` belongs to an open file), so threads of one process exclude each
    other too.
    """

    def __init__(self, directory: str | os.PathLike, *, on_wait: Callable[[], None] | None = None,
                 heavy_slots: int = HEAVY_SLOTS):
        if heavy_slots < 1:
            raise ValueError(f"heavy slots: {heavy_slots}; a device takes at least one heavy evaluation")
        self.dir = Path(directory)
        self.on_wait = on_wait  # called before blocking, e.g. to hand cached GPU memory back to the device
        # asked while waiting for heavy slots: True ends the wait with `GaveUp` (set by a worker for its job;
        # a blocked ``flock`` is asked through a timer signal, so only in the main thread)
        self.give_up: Callable[[], bool] | None = None
        # every process sharing the device must use the same count: `alone` takes this many slots
        self.heavy_slots = heavy_slots
        (self.dir / "pids").mkdir(parents=True, exist_ok=True)
        self._local = threading.local()

    # -- state of this thread ------------------------------------------------------------------------
    def _state(self) -> dict:
        if not hasattr(self._local, "s"):
            flags = os.O_RDWR | os.O_CREAT
            self._local.s = {"shared": 0, "exclusive": 0, "heavy": 0, "own": set(), "held": 0.0,
                             "waits": {"shared": 0.0, "exclusive": 0.0, "heavy": 0.0},
                             "holds": {}, "hold_from": None, "hold_at": "",
                             "device": os.open(self.dir / "device.lock", flags, 0o600),
                             "turnstile": os.open(self.dir / "turnstile.lock", flags, 0o600),
                             "writers": os.open(self.dir / "writers.lock", flags, 0o600),
                             "heavy_fds": [os.open(self.dir / f"heavy.{i}.lock", flags, 0o600)
                                           for i in range(self.heavy_slots)]}
        return self._local.s

    @contextlib.contextmanager
    def idle(self) -> Iterator[None]:
        """CPU-only work inside a shared section (inputs drawn on the CPU, as KernelBench draws them): the shared
        hold is given up for its duration and taken again after, so a neighbour's timed loop need not wait for
        it. (Held, a 10-second CPU draw made every timing wait for it, and through the turnstile every other
        evaluation too: 250 s of gate waits per candidate with six judges on one H200.) Nothing inside may use
        the device. Inside an exclusive section, or outside any section, it changes nothing."""
        s = self._state()
        if s["exclusive"] or not s["shared"] or s.get("idle"):
            yield
            return
        self._hold_end(s)
        fcntl.flock(s["device"], fcntl.LOCK_UN)
        s["idle"] = True
        try:
            yield
        finally:
            s["idle"] = False
            self._enter_shared(s)
            self._hold_start(s, s["hold_at"])

    @contextlib.contextmanager
    def heavy(self, units: int = 1) -> Iterator[None]:
        """``units`` of the device's ``heavy_slots`` for a memory-heavy evaluation (gigabyte trials; `heavy_units`
        sizes it), the small ones going on beside.

        Independent of the device lock: holding it stops no one (an exclusive hold for a whole big evaluation
        stopped every neighbour for minutes, its CPU-side input generation included, and their candidates timed
        out frozen). Taken before any device section, so it never waits while holding one (nested, or inside
        `alone`, which holds every slot, it is free). One slot: whichever frees first. Several: the highest ones,
        in ascending order and waiting for each, as `alone` takes them all: every waiter that holds slots waits
        only for higher ones, so no cycle closes, and single-slot takers look from the lowest."""
        s = self._state()
        if s["heavy"] == 0 and not s.get("alone"):
            self._check_order("heavy")
        s["heavy"] += 1
        try:
            if s["heavy"] == 1 and not s.get("alone"):
                units = max(1, min(units, self.heavy_slots))
                s["heavy_slots_held"] = []
                if units == 1:
                    s["heavy_slots_held"].append(self._take_slot(s["heavy_fds"]))
                else:
                    self._take_slots_in_order(s["heavy_fds"][-units:], s["heavy_slots_held"])
            yield
        finally:
            s["heavy"] -= 1
            if s["heavy"] == 0:
                for fd in s.pop("heavy_slots_held", []):
                    fcntl.flock(fd, fcntl.LOCK_UN)

    @contextlib.contextmanager
    def alone(self) -> Iterator[None]:
        """The device to this evaluation alone (a problem that ran out of memory beside neighbours): every heavy
        slot, in order, then the exclusive hold; `heavy` inside it is free. The slots come first, as everywhere:
        an exclusive holder that then waited for a slot deadlocked against the slots' holders waiting for the
        device (six judges on one H200, idle for minutes)."""
        s = self._state()
        self._check_order("alone")
        if s["heavy"]:
            raise RuntimeError("gate lock order: alone() inside heavy() would wait for slots while holding one")
        taken: list[int] = []
        try:
            self._take_slots_in_order(s["heavy_fds"], taken)
            s["alone"] = True
            with self.exclusive():
                yield
        finally:
            s["alone"] = False
            for fd in taken:
                fcntl.flock(fd, fcntl.LOCK_UN)

    def _check_order(self, what: str) -> None:
        """Slots before the device: waiting for one while holding a device section can close a cycle."""
        s = self._state()
        if s["exclusive"] or (s["shared"] and not s.get("idle")):
            raise RuntimeError(f"gate lock order: {what}() inside a device section (take it before shared/exclusive)")

    def _take_slots_in_order(self, fds: list[int], taken: list[int]) -> None:
        """Each of ``fds``, in ascending order, waiting for each; onto ``taken`` as held (released by the caller,
        an interruption included). Every taker of several slots goes up the same order, so none waits for a
        slot another holds while that one waits for a lower slot."""
        for fd in fds:
            self._lock_slot(fd)
            taken.append(fd)

    def _lock_slot(self, fd: int) -> None:
        """One heavy slot, waited for (blocking: a waiter gets a freed slot before the pollers of `_take_slot`),
        the wait ended by `give_up`. A slot won just as the wait was given up is let go again."""
        self._ask_give_up()
        try:
            with self._interruptible():
                self._lock(fd, fcntl.LOCK_EX, "heavy")
        except GaveUp:
            fcntl.flock(fd, fcntl.LOCK_UN)  # held or not: nothing is kept by an evaluation that gave up
            raise

    def _ask_give_up(self) -> None:
        if self.give_up is not None and self.give_up():
            raise GaveUp("the wait for heavy slots was given up before any judging (the run's deadline passed); "
                         "the candidate is left for a rerun")

    @contextlib.contextmanager
    def _interruptible(self) -> Iterator[None]:
        """A blocking wait that `give_up` can end: a timer signal asks it every `GIVE_UP_POLL_S` and raises
        `GaveUp` from the handler, which interrupts ``flock``. Signals reach the main thread only: elsewhere, or
        without ``give_up``, the wait is as before."""
        if self.give_up is None or threading.current_thread() is not threading.main_thread():
            yield
            return

        def ask(signum, frame):
            self._ask_give_up()

        previous = signal.signal(signal.SIGALRM, ask)
        signal.setitimer(signal.ITIMER_REAL, GIVE_UP_POLL_S, GIVE_UP_POLL_S)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def _take_slot(self, fds: list[int]) -> int:
        """The first slot free, all taken: whichever frees first (polled; ``flock`` waits on one file). Waiting on
        one slot chosen by process could leave a freed slot idle while its neighbours queued on the other (on the
        H200's level 1, with two slots and six judges, heavy evaluations waited up to 306 s)."""
        waited_from = None
        try:
            while True:
                for fd in fds:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        return fd
                    except BlockingIOError:
                        continue
                self._ask_give_up()
                if waited_from is None:
                    if self.on_wait is not None:
                        self.on_wait()
                    waited_from = time.monotonic()
                time.sleep(SLOT_POLL_S)
        finally:
            if waited_from is not None:
                self._state()["waits"]["heavy"] += time.monotonic() - waited_from

    @contextlib.contextmanager
    def shared(self, at: str = "") -> Iterator[None]:
        """The device shared with other correctness work; ``at`` names the hold in `profile` (default: the
        caller's function and line)."""
        s = self._state()
        if s["exclusive"] or s["shared"]:
            s["shared"] += 1
            try:
                yield
            finally:
                s["shared"] -= 1
            return
        self._enter_shared(s)
        s["shared"] = 1
        self._hold_start(s, at or _caller())
        try:
            yield
        finally:
            s["shared"] = 0
            if not s["exclusive"]:
                self._hold_end(s)
                fcntl.flock(s["device"], fcntl.LOCK_UN)

    def _enter_shared(self, s: dict) -> None:
        """Take the device shared: through the turnstile, and only while no writer is announced."""
        while True:
            self._lock(s["turnstile"], fcntl.LOCK_EX, "shared")
            try:
                fcntl.flock(s["writers"], fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # a timing is queued or running: let the queue run back to back
                fcntl.flock(s["turnstile"], fcntl.LOCK_UN)
                self._lock(s["writers"], fcntl.LOCK_EX, "shared")
                fcntl.flock(s["writers"], fcntl.LOCK_UN)
                continue
            fcntl.flock(s["writers"], fcntl.LOCK_UN)
            self._lock(s["device"], fcntl.LOCK_SH, "shared")
            fcntl.flock(s["turnstile"], fcntl.LOCK_UN)
            return

    def _hold_start(self, s: dict, at: str) -> None:
        s["hold_from"], s["hold_at"] = time.monotonic(), at

    def _hold_end(self, s: dict) -> None:
        """Account a shared hold to where it was taken: the longest holds are what a timing waits for."""
        if s["hold_from"] is None:
            return
        spent = time.monotonic() - s["hold_from"]
        total, count = s["holds"].get(s["hold_at"], (0.0, 0))
        s["holds"][s["hold_at"]] = (total + spent, count + 1)
        s["hold_from"] = None

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        s = self._state()
        if s["exclusive"]:
            s["exclusive"] += 1
            try:
                yield
            finally:
                s["exclusive"] -= 1
            return
        held_shared = s["shared"] and not s.get("idle")
        if held_shared:
            self._hold_end(s)
            fcntl.flock(s["device"], fcntl.LOCK_UN)
        fcntl.flock(s["writers"], fcntl.LOCK_SH)  # announced: readers arriving now wait behind this timing
        try:
            self._lock(s["turnstile"], fcntl.LOCK_EX, "exclusive")
            self._lock(s["device"], fcntl.LOCK_EX, "exclusive")
        except BaseException:
            fcntl.flock(s["writers"], fcntl.LOCK_UN)
            raise
        s["exclusive"] = 1
        held_from = time.monotonic()
        stopped = self._stop_others(s["own"])
        try:
            yield
        finally:
            self._resume(stopped)
            s["exclusive"] = 0
            s["held"] += time.monotonic() - held_from
            if held_shared:
                fcntl.flock(s["device"], fcntl.LOCK_SH)  # downgrade while the turnstile holds readers back
                self._hold_start(s, s["hold_at"])
            else:
                fcntl.flock(s["device"], fcntl.LOCK_UN)
            fcntl.flock(s["turnstile"], fcntl.LOCK_UN)
            fcntl.flock(s["writers"], fcntl.LOCK_UN)

    def _lock(self, fd: int, mode: int, kind: str) -> None:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            if self.on_wait is not None:
                self.on_wait()
            t0 = time.monotonic()
            fcntl.flock(fd, mode)
            spent = time.monotonic() - t0
            s = self._state()
            s["waits"][kind] += spent

    def waited_s(self) -> float:
        """Seconds this thread has spent blocked on the gate (other evaluations held the device)."""
        return sum(self._state()["waits"].values())

    def profile(self) -> dict[str, float]:
        """This thread's gate so far, cumulative (a caller subtracts its start): seconds waited by what was asked
        for (``wait/shared``, ``wait/exclusive``, ``wait/heavy``), and the shared holds by where they were taken
        (``hold/<function>:<line>`` seconds, ``holds/<function>:<line>`` how many): what a timing queued behind
        them waits for."""
        s = self._state()
        out = {f"wait/{k}": v for k, v in s["waits"].items()}
        for at, (total, count) in s["holds"].items():
            out[f"hold/{at}"], out[f"holds/{at}"] = total, float(count)
        return out

    def held_s(self) -> float:
        """Seconds this thread has held the device alone (its timed loops, others stopped): with several
        evaluations per device, the sum of these over them is what bounds their rate."""
        return self._state()["held"]

    # -- candidate processes -------------------------------------------------------------------------
    def register(self, pgid: int) -> None:
        self._state()["own"].add(pgid)
        (self.dir / "pids" / str(pgid)).write_text(str(os.getpid()))  # the judge, for the orphan check

    def unregister(self, pgid: int) -> None:
        self._state()["own"].discard(pgid)
        with contextlib.suppress(FileNotFoundError):
            (self.dir / "pids" / str(pgid)).unlink()

    def _stop_others(self, own: set[int]) -> list[int]:
        stopped = []
        for entry in (self.dir / "pids").iterdir():
            if not entry.name.isdigit() or int(entry.name) in own:
                continue
            pgid = int(entry.name)
            if _is_candidate(pgid) is False:
                with contextlib.suppress(FileNotFoundError):
                    entry.unlink()  # stale: its judge died without unregistering
                continue
            judge = _registrant(entry)
            if judge is not None and _parent(pgid) not in (None, judge):
                # orphaned: its judge was killed (maybe while it was stopped, where its own watchdog cannot run)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pgid, signal.SIGKILL)
                with contextlib.suppress(FileNotFoundError):
                    entry.unlink()
                continue
            try:
                os.killpg(pgid, signal.SIGSTOP)
                stopped.append(pgid)
            except ProcessLookupError:
                with contextlib.suppress(FileNotFoundError):
                    entry.unlink()  # its judge died without unregistering
            except PermissionError:
                pass
        return stopped

    @staticmethod
    def _resume(stopped: list[int]) -> None:
        for pgid in stopped:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, signal.SIGCONT)

    def close(self) -> None:
        """Release this thread's registrations and lock files."""
        s = self._state()
        for pgid in list(s["own"]):
            self.unregister(pgid)
        for fd in (s["device"], s["turnstile"], s["writers"], *s["heavy_fds"]):
            with contextlib.suppress(OSError):
                os.close(fd)
        del self._local.s
