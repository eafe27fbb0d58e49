"""One timing loop for the reference and the candidate alike.

Per timed call, outside the interval: fresh clones of one of several input sets (so no output
cache keyed on pointers or objects survives), persisting-L2 reset and an L2 flush of at least
twice the L2 size, a device sync. Inside: CUDA events on the current stream. After: a
device-wide sync and a second end time, so work left on other streams shows up as a gap.
On CPU, ``perf_counter`` around the call.
"""

from __future__ import annotations

import ctypes
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from autokernel.records import TimingStats

_perf_counter = time.perf_counter  # bound at import, before any candidate code runs


@dataclass
class RawTimes:
    """Per-call samples in ms: ``event`` (current-stream events or host time on CPU) and
    ``device`` (events until a device-wide sync completed: includes other streams)."""

    event_ms: list[float]
    device_ms: list[float]
    method: str
    fresh: list[bool]  # per call: inputs rearranged (never seen before) rather than a verified set
    # per call on a GPU: host time until the call returned (its launch work; what a loop without a GPU lead
    # exposes when it outlasts the work queued ahead of the call)
    host_ms: list[float] = field(default_factory=list)


def _roll_plan(args: Sequence, rng) -> list:
    """Per argument, (dim, shift) to roll it by (its first dim longer than 1), or None: same work, never-seen
    inputs, so a cache keyed on pointers, objects or value fingerprints misses."""
    plan = []
    for a in args:
        dims = [d for d in range(a.ndim) if a.shape[d] > 1] if hasattr(a, "clone") and getattr(a, "ndim", 0) else []
        plan.append((dims[0], int(rng.integers(1, a.shape[dims[0]]))) if dims else None)
    return plan


def _fresh_args(args: Sequence, rng):
    """Clones with values moved (`_roll_plan`). Returns (args, rearranged?)."""
    plan = _roll_plan(args, rng)
    out = [a.roll(r[1], dims=r[0]) if r else (a.clone() if hasattr(a, "clone") else a) for a, r in zip(args, plan)]
    return out, any(plan)


def _clone_args(args: Sequence):
    return [a.clone() if hasattr(a, "clone") else a for a in args]


class _Placer:
    """Per-call copies of the inputs at a random offset inside one arena per argument position.

    A memory-bound kernel's time can depend on where its operands land (DRAM channel and page mapping):
    the caching allocator hands a loop the same addresses on every call, so one loop's median is the time
    at one placement, and another process (or loop) measures another. Drawing the offset per call makes the
    median one over placements. Offsets are multiples of 512 bytes, so alignment-specialised kernels see the
    alignment they would get from the allocator. The arena is reused across calls and input sets, so the
    memory held is one set's bytes plus ``jitter_bytes`` per tensor argument.
    """

    ALIGN = 512

    def __init__(self, jitter_bytes: int, rng):
        self.jitter = max(int(jitter_bytes) // self.ALIGN * self.ALIGN, 0)
        self.rng = rng
        self.arenas: dict[int, object] = {}

    def __call__(self, args: Sequence, plan: Sequence | None = None) -> list:
        """Placed copies of ``args``, rolled where ``plan`` (from `_roll_plan`) says so."""
        import torch

        out = []
        for j, a in enumerate(args):
            roll = plan[j] if plan else None
            if not isinstance(a, torch.Tensor) or not a.is_contiguous() or a.numel() == 0:
                out.append(a.roll(roll[1], dims=roll[0]) if roll else (a.clone() if hasattr(a, "clone") else a))
                continue
            nbytes = a.numel() * a.element_size()
            need = nbytes + self.jitter
            arena = self.arenas.get(j)
            if arena is None or arena.numel() < need or arena.device != a.device:
                self.arenas.pop(j, None)  # drop the old one before taking a larger one
                arena = self.arenas[j] = torch.empty(need, dtype=torch.uint8, device=a.device)
            off = int(self.rng.integers(0, self.jitter // self.ALIGN + 1)) * self.ALIGN
            placed = arena[off:off + nbytes].view(a.dtype).view(a.shape)
            if roll:  # written rolled in place: no full-size temporary beside the arena
                d, k = roll
                n = a.shape[d]
                placed.narrow(d, k, n - k).copy_(a.narrow(d, 0, n - k))
                placed.narrow(d, 0, k).copy_(a.narrow(d, n - k, k))
            else:
                placed.copy_(a)
            if a.requires_grad:
                placed.requires_grad_(True)
            out.append(placed)
        return out


class Relocator:
    """Moves modules' parameters and buffers to newly mapped device memory (``time_calls``' placements).

    A kernel that relies on L2 reuse (weights read by many programs, a second pass re-reading the first's
    tail) can run at a speed set by where its data landed physically, and a process keeps its first
    allocator segments: one process measures one placement. Between placement groups this hands the cached
    segments back to the driver, takes a pad of random size, and clones every parameter and buffer, so the
    next group runs on other physical memory. Opt-in: a kernel that kept raw pointers to its parameters
    would read freed memory afterwards (the judge's re-check of timed outputs would then fail it).
    """

    def __init__(self, modules: Sequence, device: str, rng=None):
        import numpy as np

        self.modules = [m for m in modules if hasattr(m, "parameters")]
        self.device = device
        self.rng = rng if rng is not None else np.random.default_rng()
        self.pad = None

    def __call__(self) -> None:
        import torch

        cuda = self.device.startswith("cuda")
        if cuda:
            torch.cuda.synchronize()
        self.pad = None
        if cuda:
            torch.cuda.empty_cache()  # cached segments back to the driver: what follows maps new memory
        self.pad = torch.empty(int(self.rng.integers(1, 512)) * 2**20 if cuda else 1, dtype=torch.uint8,
                               device=self.device)
        with torch.no_grad():
            for m in self.modules:
                for t in [*m.parameters(), *m.buffers()]:
                    t.data = t.data.clone()


L2_FLUSH_MODES = ("write", "read", "kernelbench")
KERNELBENCH_FLUSH_SHAPE = (32, 1024, 1024)  # int64: 256 MiB, allocated, filled and freed before every call


class _L2Flusher:
    """Empties L2 of the timed call's data before each call.

    ``write`` zeroes a buffer of twice the L2 (triton.testing.do_bench's way): L2 is left full of the
    buffer's dirty lines, which the timed kernel then pays to write back. ``read`` streams the buffer
    instead: it evicts (and writes back, untimed) whatever was dirty and leaves clean lines, so the timed
    call pays only for its own traffic. ``kernelbench`` is KernelBench's ``clear_l2_cache``: a 256 MiB tensor
    taken from PyTorch's caching allocator, filled, and given back before each call. The call's own
    allocations (its output) may then land in that block, on lines the fill left dirty in L2, which they
    overwrite without writing the fill back: a kernel whose output fits the block runs faster than under
    ``write`` (on an H200, 256 MiB outputs by about 40 us). The kernelbench protocol uses it, so its times are
    KernelBench's.
    """

    def __init__(self, device, mode: str = "write"):
        import torch

        if mode not in L2_FLUSH_MODES:
            raise ValueError(f"l2 flush mode must be one of {L2_FLUSH_MODES}, not {mode!r}")
        props = torch.cuda.get_device_properties(device)
        l2 = int(getattr(props, "L2_cache_size", 0) or 64 * 2**20)
        self.device = device
        self.buf = None if mode == "kernelbench" else torch.zeros(max(2 * l2, 256 * 2**20) // 4, dtype=torch.int32,
                                                                   device=device)
        self.sink = torch.zeros((), dtype=torch.int32, device=device)
        self.mode = mode
        self._cudart = _load_cudart()

    def __call__(self) -> None:
        self.reset_persisting()
        self.fill()

    def reset_persisting(self) -> None:
        if self._cudart is not None:
            # cudaLimitPersistingL2CacheSize = 0x06; then drop any persisting lines (reward_hacks.md H16)
            self._cudart.cudaDeviceSetLimit(ctypes.c_int(0x06), ctypes.c_size_t(0))
            self._cudart.cudaCtxResetPersistingL2Cache()

    def fill(self) -> None:
        """The flush itself: one kernel, queued on the current stream."""
        import torch

        if self.mode == "read":
            torch.amax(self.buf, dim=0, out=self.sink)
        elif self.mode == "kernelbench":
            dummy = torch.empty(KERNELBENCH_FLUSH_SHAPE, dtype=torch.int64, device=self.device)
            dummy.fill_(42)
            del dummy  # back to the allocator's cache, where the call's next allocation may find it
        else:
            self.buf.zero_()


def _load_cudart():
    for name in ("libcudart.so", "libcudart.so.13", "libcudart.so.12"):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    try:  # the runtime shipped with the nvidia-cuda-runtime wheel
        import glob
        import os

        import nvidia

        for base in nvidia.__path__:
            for path in glob.glob(os.path.join(base, "**", "libcudart.so*"), recursive=True):
                try:
                    return ctypes.CDLL(path)
                except OSError:
                    continue
    except ImportError:
        pass
    return None


class _GpuLead:
    """Keeps the GPU busy (``torch.cuda._sleep``) for ``lead_ms`` before a timed call's start event.

    With a sync before every call the GPU is idle when timing starts, so the start event fires at once and
    the interval also holds the host's work to launch the call (Python, the Triton launcher, allocations):
    tens of microseconds that vary with the process's CPU, a large share of a sub-millisecond kernel. With
    the GPU held busy while the host enqueues, the interval is the GPU's own time, as long as the host
    finishes launching within ``lead_ms``.
    """

    def __init__(self, lead_ms: float):
        import torch

        probe = 1_000_000
        torch.cuda._sleep(probe)  # first call loads the helper kernel
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        torch.cuda._sleep(probe)
        end.record()
        end.synchronize()
        # at least 2 GHz worth of cycles: a probe taken while the clocks still idle would otherwise give a lead
        # that shrinks once they boost
        self.cycles = max(int(2e6 * lead_ms), int(probe * lead_ms / max(start.elapsed_time(end), 1e-3)))

    def __call__(self) -> None:
        import torch

        torch.cuda._sleep(self.cycles)


def warmup_calls(warmup: int, num_sets: int) -> int:
    """Untimed calls `time_calls` makes first: every input set at least once (so no set is first seen
    timed), none when warm-up is off. The judge counts them when it checks the loop's wall time."""
    return max(warmup, num_sets) if warmup else 0


MIN_CALLS = 5  # a timed loop's fewest calls once its budget is spent, unless its caller asks for fewer


def time_calls(
    fn: Callable,
    input_sets: Sequence[Sequence],
    *,
    device: str,
    n: int,
    warmup: int,
    budget_s: float,
    after_call: Callable | None = None,
    alternate_fresh: bool = True,
    spin_up_s: float = 0.0,
    placement_jitter_bytes: int = 0,
    placements: int = 1,
    relocate: Callable | None = None,
    l2_flush: str = "write",
    gpu_lead_ms: float = 0.0,
    discard_first: int = 0,
    flush_overlaps_launch: bool = False,
    reuse_inputs: bool = False,
    grad: bool = False,
    min_calls: int = MIN_CALLS,
) -> RawTimes:
    """Time ``fn(*args)`` over up to ``n`` calls, rotating ``input_sets``.

    ``after_call(set_index, output)`` runs outside the interval (the candidate copies the
    output into the judge's buffer for that set there, so timed outputs are re-checked).
    With ``alternate_fresh`` every other call gets rearranged inputs: the two populations must
    agree in time, or the kernel caches (faster on seen inputs) or skips unchecked work.
    The loop stops early once ``budget_s`` of wall time is spent, after at least ``min_calls`` calls (a screen
    gives a variant far slower than its round's control a short budget and a low minimum: it only has to rank).
    ``spin_up_s``: on a GPU, the harness's own flushes run back to back for that long first, so the clocks
    have left their idle state before the first call (a few warm-up calls of a short kernel do not do it;
    the clocks themselves are never set).
    ``placement_jitter_bytes``: each call's inputs are copied to a random offset (up to this many
    bytes) inside a reused arena instead of a fresh clone, so the median is taken over placements (`_Placer`).
    ``placements`` > 1 with ``relocate`` (a `Relocator`): the calls (and the time budget) are split into that
    many groups; before each group after the first, ``relocate()`` moves the model to new memory, the input
    arenas are dropped (re-allocated there), and one untimed call absorbs any first-call cost.
    ``l2_flush``: how L2 is emptied before each GPU call (`_L2Flusher`: "write" or "read").
    ``gpu_lead_ms`` > 0: the GPU is kept busy that long before each start event (`_GpuLead`), so the host's
    launch work overlaps the GPU's instead of adding to it; a sample is then max(event time, host time of the
    call), the cost of the call in a steady stream of calls (host-bound work still counts in full).
    ``discard_first``: that many extra calls are timed first and dropped (KernelBench times ``n + 1`` and drops
    the first, after emptying the allocator's cache once the warm-up is done); the budget never cuts them.
    ``flush_overlaps_launch``: KernelBench's order: sync, then the flush kernel queued and the call launched
    behind it without a sync in between, so the host's launch work overlaps the flush (about 60 us for 256 MB
    on an H200) instead of starting on an idle GPU. Without it (our strict loop), the GPU is idle at the start
    event, and the call's launch work is timed in full unless a GPU lead hides it.
    ``reuse_inputs``: KernelBench's loop for the warm-up and the calls the statistic reads: each gets its input
    set's own tensors (no per-call clone), and the previous call's output is dropped only after the next call
    returns (KernelBench's ``_ = fn(*args)`` holds it), so the allocator places the flush tensor and the output as
    KernelBench's loop does: a clone per call and rearranged inputs between calls moved short kernels' times by
    25-50 % from KernelBench's on an H200 (benchmarks/timing_gap.py). The rearranged-input calls of the replay
    check (``alternate_fresh``) then run as a block of a quarter as many after the timed ones, marked in
    ``fresh``; `reported_ms` leaves them out of the statistic.
    ``grad``: autograd on for the calls, whatever the caller's mode (KernelBench times outside ``torch.no_grad``:
    torch operations on parameters then record their graph, host work a launch-bound forward pays); off, the
    calls run under ``torch.no_grad``. ``after_call`` and ``relocate`` always run without it.
    """
    import numpy as np
    import torch

    if min_calls < 1:
        raise ValueError(f"a timed loop makes at least 1 call, not {min_calls}")
    with torch.set_grad_enabled(grad):  # whatever the caller's mode; the judge's own steps below set theirs
        rng = np.random.default_rng()
        cuda = device.startswith("cuda")
        flush = _L2Flusher(device, l2_flush) if cuda else None
        lead = _GpuLead(gpu_lead_ms) if cuda and gpu_lead_ms > 0 else None
        k = len(input_sets)
        place = _Placer(placement_jitter_bytes, rng) if placement_jitter_bytes > 0 else None
        if cuda and spin_up_s > 0:
            spin_end = _perf_counter() + spin_up_s
            while _perf_counter() < spin_end:
                flush()
                torch.cuda.synchronize()
        for i in range(warmup_calls(warmup, k)):
            args = list(input_sets[i % k]) if reuse_inputs else _clone_args(input_sets[i % k])
            out = fn(*args)
            if cuda:
                torch.cuda.synchronize()
            del out, args
        if cuda and discard_first:
            torch.cuda.empty_cache()
        event_ms: list[float] = []
        device_ms: list[float] = []
        host_calls_ms: list[float] = []
        fresh: list[bool] = []
        groups = max(1, placements) if relocate is not None else 1
        per_group, group = max(1, n // groups), 0
        n += discard_first
        fresh_block = max(5, (n - discard_first) // 4) if reuse_inputs and alternate_fresh else 0
        seen_calls, prev = n, None  # (reuse_inputs) seen calls made before the fresh block; the last call's output
        loop_start = _perf_counter()
        for i in range(n + fresh_block):
            in_block = reuse_inputs and i >= seen_calls
            elapsed = _perf_counter() - loop_start
            if group + 1 < groups and (i >= (group + 1) * per_group or elapsed > (group + 1) * budget_s / groups):
                group += 1
                with torch.no_grad():
                    relocate()
                if place is not None:
                    place.arenas.clear()
                args = _clone_args(input_sets[0])
                out = fn(*args)
                if cuda:
                    torch.cuda.synchronize()
                del out, args
            s = (i % k) if reuse_inputs else (i // 2) % k
            if reuse_inputs and in_block:
                args, moved = _fresh_args(input_sets[s], rng)
            elif reuse_inputs:
                args, moved = list(input_sets[s]), False
            elif alternate_fresh and i % 2 == 1 and place is not None:
                plan = _roll_plan(input_sets[s], rng)
                args, moved = place(input_sets[s], plan), any(plan)
            elif alternate_fresh and i % 2 == 1:
                args, moved = _fresh_args(input_sets[s], rng)
            else:
                args, moved = (place or _clone_args)(input_sets[s]), False
            fresh.append(moved)
            if cuda:
                flush.reset_persisting()
                if not flush_overlaps_launch:
                    flush.fill()
                torch.cuda.synchronize()
                start = torch.cuda.Event(enable_timing=True)
                end = torch.cuda.Event(enable_timing=True)
                end_device = torch.cuda.Event(enable_timing=True)
                if flush_overlaps_launch:
                    flush.fill()  # queued: the call is launched behind it, as KernelBench does
                if lead is not None:
                    lead()
                start.record()
                t0 = _perf_counter()
                out = fn(*args)
                host_ms = (_perf_counter() - t0) * 1e3
                end.record()
                host_calls_ms.append(host_ms)
                torch.cuda.synchronize()  # device-wide: waits for every stream
                end_device.record()
                end_device.synchronize()
                # Under a lead the host's launch work overlaps the GPU's: a call costs the longer of the two.
                event_ms.append(max(start.elapsed_time(end), host_ms) if lead is not None else start.elapsed_time(end))
                device_ms.append(start.elapsed_time(end_device))
            else:
                t0 = _perf_counter()
                out = fn(*args)
                dt = (_perf_counter() - t0) * 1e3
                event_ms.append(dt)
                device_ms.append(dt)
            if after_call is not None and not moved:
                with torch.no_grad():
                    after_call(s, out)
            if reuse_inputs and not in_block:
                prev = out  # alive through the next call, as KernelBench's `_` is
            del out, args
            over_budget = i >= min_calls - 1 + discard_first and _perf_counter() - loop_start > budget_s
            if not reuse_inputs:
                if over_budget:
                    break
                continue
            if not in_block and (over_budget or i + 1 == seen_calls):  # the timed calls end; the fresh block follows
                del prev
                seen_calls = i + 1
                if over_budget and fresh_block:  # a loop cut short gets a replay block in proportion, from min_calls
                    fresh_block = min(fresh_block, max(min_calls, (seen_calls - discard_first) // 4))
            if i + 1 >= seen_calls + fresh_block:
                break
        method = "perf_counter(cpu, triton interpreter)"
        if cuda:
            placed = (f"placed_clone_per_call(jitter {place.jitter // 1024} KiB)" if place else
                      "reused_inputs" if reuse_inputs else "clone_per_call")
            flushed = "l2_flush" if l2_flush == "write" else f"l2_flush_{l2_flush}"
            flushed += "_overlapping_launch" if flush_overlaps_launch else ""
            method = (f"cuda_event+{flushed}+{placed}" + (f"+gpu_lead_{gpu_lead_ms:g}ms_max_host" if lead else "")
                      + (f"+{groups}_placements" if groups > 1 else ""))
        if grad:
            method += "+autograd"
        if discard_first:
            method += f"+discard_first_{discard_first}"
            event_ms, device_ms, fresh = event_ms[discard_first:], device_ms[discard_first:], fresh[discard_first:]
            host_calls_ms = host_calls_ms[discard_first:]
        return RawTimes(event_ms, device_ms, method, fresh, host_calls_ms)


def reported_ms(event_ms: Sequence[float], fresh: Sequence[bool], reuse_inputs: bool) -> list[float]:
    """The samples a statistic reads (``time_calls``'s ``event_ms`` and ``fresh``): with ``reuse_inputs``
    (KernelBench's loop) the calls on the input sets' own tensors, not the replay check's block of rearranged
    inputs; otherwise every call."""
    if reuse_inputs and len(fresh) == len(event_ms) and not all(fresh):
        return [t for t, f in zip(event_ms, fresh) if not f]
    return list(event_ms)


def reported_launch_ms(reply: dict, reuse_inputs: bool) -> list[float]:
    """A timing reply's host launch times (``host_ms``) of the calls `reported_ms` keeps; none where the reply has
    none, or any that is not a finite, non-negative number for each timed call (the reply crossed from the
    candidate's process: context for a reader, never a gate)."""
    host, event = reply.get("host_ms") or [], reply.get("event_ms") or []
    if len(host) != len(event) or not all(isinstance(x, (int, float)) and math.isfinite(x) and x >= 0 for x in host):
        return []
    return reported_ms([float(x) for x in host], reply.get("fresh") or [], reuse_inputs)


def summarize(samples_ms: Sequence[float], method: str, *, seed: int = 0,
              launch_ms: Sequence[float] = ()) -> TimingStats:
    """Median with a bootstrap 95% CI of the median, plus mean/min/max/std (KernelBench scores the mean), and the
    median of the same calls' host launch times (``launch_ms``) where they were measured."""
    import numpy as np

    x = np.asarray(samples_ms, dtype=np.float64)
    if x.size == 0:
        raise ValueError("no timing samples")
    rng = np.random.default_rng(seed)
    boots = np.median(rng.choice(x, size=(1000, x.size), replace=True), axis=1)
    lo, hi = np.percentile(boots, [2.5, 97.5])
    return TimingStats(
        median_ms=float(np.median(x)),
        mean_ms=float(x.mean()),
        min_ms=float(x.min()),
        max_ms=float(x.max()),
        std_ms=float(x.std(ddof=1)) if x.size > 1 else 0.0,
        ci95_low_ms=float(lo),
        ci95_high_ms=float(hi),
        num_trials=int(x.size),
        method=method,
        launch_ms=float(np.median(launch_ms)) if len(launch_ms) else None,
    )


def side_stream_gap(raw: RawTimes) -> tuple[float, float]:
    """(median event ms, median device-synced ms): a large gap means work outside the current stream."""
    import statistics

    return statistics.median(raw.event_ms), statistics.median(raw.device_ms)


def finite(x: float) -> bool:
    return x is not None and math.isfinite(x)
