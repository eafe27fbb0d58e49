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
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from autokernel.evaluate.devices import physical_gpu

# Memory-heavy evaluations a device takes at once (`FileGate.heavy`): two multi-gigabyte problems fit an 80-141 GB
# GPU with small ones beside them, and their CPU-side input generation (single-threaded) overlaps.
HEAVY_SLOTS = 2


class DeviceGate(Protocol):
    def shared(self) -> contextlib.AbstractContextManager[None]: ...

    def exclusive(self) -> contextlib.AbstractContextManager[None]: ...

    def heavy(self) -> contextlib.AbstractContextManager[None]: ...

    def alone(self) -> contextlib.AbstractContextManager[None]: ...

    def idle(self) -> contextlib.AbstractContextManager[None]: ...

    def register(self, pgid: int) -> None: ...

    def unregister(self, pgid: int) -> None: ...

    def waited_s(self) -> float: ...

    def held_s(self) -> float: ...


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


def _parent(pid: int) -> int | None:
    """The parent pid of ``pid`` from /proc (None where it cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _registrant(entry: Path) -> int | None:
    """The judge that registered a pid file (written since 2026-11-30; None for older, empty entries)."""
    try:
        return int(entry.read_text().strip() or "x")
    except (OSError, ValueError):
        return None


class NullGate:
    """One evaluation at a time on the device: every section is free."""

    @contextlib.contextmanager
    def shared(self) -> Iterator[None]:
        yield

    exclusive = heavy = alone = idle = shared

    def register(self, pgid: int) -> None:
        pass

    def unregister(self, pgid: int) -> None:
        pass

    def waited_s(self) -> float:
        return 0.0

    def held_s(self) -> float:
        return 0.0


class FileGate:
    """Readers-writer lock over a device, across processes, preferring the writer.

    ``flock`` alone lets a stream of readers starve a writer, so every acquisition first passes a
    turnstile (an exclusive lock on a second file) that a waiting writer keeps until it holds the
    device. Sections nest: ``shared`` inside ``exclusive`` is free, and ``exclusive`` inside
    ``shared`` gives up the shared hold for its duration. Each thread opens the lock files itself
    (``flock`` belongs to an open file), so threads of one process exclude each other too.
    """

    def __init__(self, directory: str | os.PathLike, *, on_wait: Callable[[], None] | None = None,
                 heavy_slots: int = HEAVY_SLOTS):
        if heavy_slots < 1:
            raise ValueError(f"heavy slots: {heavy_slots}; a device takes at least one heavy evaluation")
        self.dir = Path(directory)
        self.on_wait = on_wait  # called before blocking, e.g. to hand cached GPU memory back to the device
        # every process sharing the device must use the same count: `alone` takes this many slots
        self.heavy_slots = heavy_slots
        (self.dir / "pids").mkdir(parents=True, exist_ok=True)
        self._local = threading.local()

    # -- state of this thread ------------------------------------------------------------------------
    def _state(self) -> dict:
        if not hasattr(self._local, "s"):
            flags = os.O_RDWR | os.O_CREAT
            self._local.s = {"shared": 0, "exclusive": 0, "heavy": 0, "own": set(), "waited": 0.0, "held": 0.0,
                             "device": os.open(self.dir / "device.lock", flags, 0o600),
                             "turnstile": os.open(self.dir / "turnstile.lock", flags, 0o600),
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
        fcntl.flock(s["device"], fcntl.LOCK_UN)
        s["idle"] = True
        try:
            yield
        finally:
            s["idle"] = False
            self._lock(s["turnstile"], fcntl.LOCK_EX)
            self._lock(s["device"], fcntl.LOCK_SH)
            fcntl.flock(s["turnstile"], fcntl.LOCK_UN)

    @contextlib.contextmanager
    def heavy(self) -> Iterator[None]:
        """At most ``heavy_slots`` memory-heavy evaluations (gigabyte trials) on the device at once, the others going
        on beside them.

        Independent of the device lock: holding it stops no one (an exclusive hold for a whole big evaluation
        stopped every neighbour for minutes, its CPU-side input generation included, and their candidates timed
        out frozen). Taken before any device section, so it never waits while holding one (inside `alone`, which
        holds every slot, it is free)."""
        s = self._state()
        if s["heavy"] == 0 and not s.get("alone"):
            self._check_order("heavy")
        s["heavy"] += 1
        try:
            if s["heavy"] == 1 and not s.get("alone"):
                s["heavy_slot"] = self._take_slot(s["heavy_fds"])
            yield
        finally:
            s["heavy"] -= 1
            if s["heavy"] == 0 and "heavy_slot" in s:
                fcntl.flock(s.pop("heavy_slot"), fcntl.LOCK_UN)

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
            for fd in s["heavy_fds"]:
                self._lock(fd, fcntl.LOCK_EX)
                taken.append(fd)
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

    def _take_slot(self, fds: list[int]) -> int:
        for fd in fds:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                continue
        fd = fds[os.getpid() % len(fds)]  # all taken: wait for one (spread over the slots by process)
        self._lock(fd, fcntl.LOCK_EX)
        return fd

    @contextlib.contextmanager
    def shared(self) -> Iterator[None]:
        s = self._state()
        if s["exclusive"] or s["shared"]:
            s["shared"] += 1
            try:
                yield
            finally:
                s["shared"] -= 1
            return
        self._lock(s["turnstile"], fcntl.LOCK_EX)
        self._lock(s["device"], fcntl.LOCK_SH)
        fcntl.flock(s["turnstile"], fcntl.LOCK_UN)
        s["shared"] = 1
        try:
            yield
        finally:
            s["shared"] = 0
            if not s["exclusive"]:
                fcntl.flock(s["device"], fcntl.LOCK_UN)

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
        held_shared = s["shared"]
        if held_shared:
            fcntl.flock(s["device"], fcntl.LOCK_UN)
        self._lock(s["turnstile"], fcntl.LOCK_EX)
        self._lock(s["device"], fcntl.LOCK_EX)
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
            else:
                fcntl.flock(s["device"], fcntl.LOCK_UN)
            fcntl.flock(s["turnstile"], fcntl.LOCK_UN)

    def _lock(self, fd: int, mode: int) -> None:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            if self.on_wait is not None:
                self.on_wait()
            t0 = time.monotonic()
            fcntl.flock(fd, mode)
            self._state()["waited"] += time.monotonic() - t0

    def waited_s(self) -> float:
        """Seconds this thread has spent blocked on the gate (other evaluations held the device)."""
        return self._state()["waited"]

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
        for fd in (s["device"], s["turnstile"], *s["heavy_fds"]):
            with contextlib.suppress(OSError):
                os.close(fd)
        del self._local.s
