"""A big problem's device memory: how many heavy slots its evaluation takes, the peaks it measured, and what an
out-of-memory error says.

Sharing a GPU, a problem of gigabytes per trial is judged in the device's heavy slots (`gate.FileGate.heavy`), as
many as its footprint needs (`gate.heavy_units`). Before a problem has been judged on a GPU model, the footprint
comes from shapes: twice a trial's inputs + output (the judge's copies beside the candidate's), twice that again
for a judge's first evaluation of the problem (its float64 checks and baselines copy the trial again). Shapes
over-count some problems and under-count others: the output is taken as large as the inputs, so level 1's 8.6 GB
reductions (2 MB of output) count as 17 GB trials and a first evaluation as three of the H200's four slots (its
heavy evaluations then ran one at a time and waited 6-285 s each), and a judge's float64 work copies the inputs,
not the output.

Once a correct evaluation of the problem has run, its verdict holds what the two processes took
(`judge_peak_memory_mb`, what the judge's allocator reserved; `peak_memory_mb`, the candidate's). `record` keeps
the largest seen per problem, protocol, GPU model and kind of evaluation (first in its judge, or later) in the
facts folder's ``footprints.json`` (`EvalConfig.facts_dir`), and `slots` sizes the next evaluation of that kind
from them. The candidate's figure comes from its own process (hostile code), so it only ever raises the size: the
candidate's part is at least the problem's inputs (its process copies them), whatever it reports. An evaluation
that ran out of memory beside neighbours records the device's whole heavy share under its key
(`record_out_of_memory`): every judge then gives that kind of evaluation all the slots. A problem too small by
shapes for heavy slots whose evaluation ran out beside neighbours all the same (a model's activations, a process's
workspaces beyond its share of the memory) is recorded as one to judge alone (`record_alone`): every judge then
judges it alone from the start, instead of each losing an attempt to learn it.
"""

from __future__ import annotations

import os
from pathlib import Path

from autokernel.evaluate.caches import read_json, update_json
from autokernel.evaluate.config import EvalConfig
from autokernel.evaluate.devices import device_memory_bytes
from autokernel.evaluate.gate import HEAVY_MEMORY_SHARE, heavy_units

FILE = "footprints.json"
ALONE_FILE = "judged_alone.json"  # problems every judge takes alone (`record_alone`)
MARGIN = 1.25  # over the measured peaks: allocator fragmentation, another candidate's larger workspace
PROCESS_BYTES = 2 * 2**30  # the two processes' CUDA contexts and what their allocators keep beyond the peak


# -- heavy slots ---------------------------------------------------------------------------------
def trial_heavy_units(trial_bytes: int, config: EvalConfig) -> int:
    """The heavy slots a problem of ``trial_bytes`` per trial (inputs + output) takes, judged or screened, from
    shapes: its footprint is about twice that, the judge's inputs and expected output beside the candidate's copy
    and output."""
    return heavy_units(2 * trial_bytes, device_memory_bytes(config.device), config.heavy_slots)


def slots(config: EvalConfig, folder: Path, at: str, input_bytes: int, first: bool) -> tuple[int, str]:
    """Heavy slots for an evaluation of a big problem, and what sized them: the peaks recorded under ``at``
    (`key`) in ``folder`` on a GPU, else shapes (inputs + an output taken as large; twice that for a first one)."""
    measured = footprint_bytes(folder, at, input_bytes) if config.is_cuda else None
    if measured is None:
        trial_bytes = 2 * input_bytes
        return trial_heavy_units(2 * trial_bytes if first else trial_bytes, config), "shapes"
    units = heavy_units(measured, device_memory_bytes(config.device), config.heavy_slots)
    return units, f"measured peaks ({measured / 2**30:.1f} GiB)"


# -- measured peaks ------------------------------------------------------------------------------
def key(problem_digest: str, protocol: str, gpu: str, first: bool) -> str:
    return f"{problem_digest}|{protocol}|{gpu}|{'first' if first else 'later'}"


def record(folder: Path, at: str, judge_mb: float | None, candidate_mb: float | None) -> None:
    """Keep one evaluation's peaks (MiB) under ``at`` (`key`), each the largest seen; a missing figure is skipped."""
    if judge_mb is None:
        return
    value = {"judge_mb": float(judge_mb), "candidate_mb": float(candidate_mb or 0.0)}

    def larger(old, new):
        if not isinstance(old, dict):
            return new
        return {k: max(float(old.get(k) or 0.0), new[k]) for k in new}

    update_json(folder / FILE, at, value, merge=larger)


def record_out_of_memory(folder: Path, at: str, device_bytes: int) -> None:
    """An evaluation under ``at`` (`key`) ran out of device memory beside neighbours: its footprint is taken as the
    device's whole heavy share from now on, so every judge sharing ``folder`` gives such evaluations all the slots.
    A judge's own retry alone came too late for the others: on an H100 (80 GB) the evaluations of L1/30 (a 6 GiB
    input set, its slots sized from shapes) ran out of memory in three judges within a minute, and again alone."""
    if device_bytes > 0:
        record(folder, at, HEAVY_MEMORY_SHARE * device_bytes / 2**20, None)


def alone_key(problem_digest: str, protocol: str, gpu: str) -> str:
    return f"{problem_digest}|{protocol}|{gpu}"


def record_alone(folder: Path, at: str, why: str) -> None:
    """A problem (``at``: `alone_key`) ran out of device memory beside neighbours with no heavy slots to size
    again: every judge sharing ``folder`` judges it alone from now on. On an H100, L3/26's candidates (3.7 GB at
    their peak alone) ran out at their process's sixth of the memory in four judges of one call, 15-18 s lost
    each, and again in the next call's."""
    update_json(folder / ALONE_FILE, at, {"why": why[:300]})


def judged_alone_before(folder: Path, at: str) -> str:
    """Why an earlier evaluation of the problem (`alone_key`) had to be judged alone, or "" (never)."""
    entry = read_json(folder / ALONE_FILE).get(at)
    return str(entry.get("why") or "ran out of device memory beside neighbours") if isinstance(entry, dict) else ""


def footprint_bytes(folder: Path, at: str, input_bytes: int) -> int | None:
    """The device bytes an evaluation under ``at`` takes, from the peaks recorded there (None: none yet): the
    judge's peak plus the candidate's (at least ``input_bytes``: it copies the inputs), with `MARGIN` and
    `PROCESS_BYTES` on top."""
    entry = read_json(folder / FILE).get(at)
    if not isinstance(entry, dict):
        return None
    try:
        judge = float(entry["judge_mb"]) * 2**20
        candidate = max(float(entry.get("candidate_mb") or 0.0) * 2**20, float(input_bytes))
    except (KeyError, TypeError, ValueError):
        return None
    return int(MARGIN * (judge + candidate)) + PROCESS_BYTES


IDLE_CACHE_BYTES = 2**30  # cached in a judge between evaluations, beyond which it is given back first


def cached_bytes(device: str) -> int:
    """What this process's allocator reserves beyond its tensors: cache its neighbours cannot use. An evaluation
    ends by giving it back, but one that raised did not (its tensors lived on in the traceback): on an H100 a judge
    began its next evaluation holding 12 GiB of L1/30's."""
    import torch

    dev = torch.device(device)
    return torch.cuda.memory_reserved(dev) - torch.cuda.memory_allocated(dev)


TIMING_SET_ROOM = 2.5  # a big problem's timing set, as trials of its size: see `Evaluator._room_for_timing_set`


def room_bytes(device: str) -> int | None:
    """Device memory this process could take now: what the driver has free and what its own allocator caches (None
    off a GPU)."""
    if not device.startswith("cuda"):
        return None
    import torch

    free, _ = torch.cuda.mem_get_info(torch.device(device))
    return int(free) + cached_bytes(device)


def reset_peak(device: str) -> None:
    """Start this process's peak count afresh (an evaluation's own peak, not an earlier one's)."""
    import torch

    torch.cuda.reset_peak_memory_stats(torch.device(device))


def peak_reserved_mb(device: str) -> float:
    """The most memory this process's allocator reserved since `reset_peak`, in MiB."""
    return peaks_mb(device)[0]


def peaks_mb(device: str) -> tuple[float, float]:
    """The most memory this process's allocator reserved, and the most its tensors held, since `reset_peak`, in
    MiB: reserved far above allocated is cache that neighbours cannot use (`torch.cuda.empty_cache` frees it)."""
    import torch

    dev = torch.device(device)
    return (round(torch.cuda.max_memory_reserved(dev) / 2**20, 1),
            round(torch.cuda.max_memory_allocated(dev) / 2**20, 1))


def available_host_bytes() -> int:
    """Host memory free now (Linux's MemAvailable; elsewhere the free pages), for the inputs drawn ahead."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 0


# -- out-of-memory errors ------------------------------------------------------------------------
def memory_line(text: str) -> str:
    """The part of an out-of-memory message that says what ran out and who held the memory, shortened."""
    at = max(text.find("CUDA out of memory"), 0)
    return " ".join(text[at:].split())[:600]


def mentions_out_of_memory(text: str) -> bool:
    return "OutOfMemoryError" in text or "CUDA out of memory" in text


# -- what the allocator holds --------------------------------------------------------------------
SHOWN_POOLS = 4  # the largest pools named one by one; the rest summed
PINNED_FREE_BYTES = 64 * 2**20  # free space in a segment worth naming: a segment with a tensor in it stays reserved


def allocator_summary(device: str) -> str:
    """What this process's caching allocator holds on ``device``, by pool (`summarize_segments`): said beside an
    out-of-memory error, it tells whose reserved-but-unallocated memory the allocation could not use."""
    import torch

    index = torch.device(device).index
    index = torch.cuda.current_device() if index is None else index
    return summarize_segments([s for s in torch.cuda.memory_snapshot() if s.get("device", index) == index])


def summarize_segments(segments: list[dict]) -> str:
    """One line per pool from the allocator's segments (``torch.cuda.memory_snapshot``): segments, reserved, in
    tensors, whole free segments (given back by ``empty_cache``, and on out-of-memory, except a live private pool's),
    and segments that a tensor pins with free space beside it (never given back while it lives), with what pins the
    largest. Reserved far above allocated is one of these two."""
    pools: dict[str, list[dict]] = {}
    for seg in segments:
        pool = tuple(seg.get("segment_pool_id") or (0, 0))
        pools.setdefault("default pool" if pool == (0, 0) else f"pool {pool[0]}.{pool[1]}", []).append(seg)
    lines = []
    ranked = sorted(pools.items(), key=lambda kv: -sum(s.get("total_size", 0) for s in kv[1]))
    for name, segs in ranked[:SHOWN_POOLS]:
        total = sum(s.get("total_size", 0) for s in segs)
        used = sum(s.get("allocated_size", 0) for s in segs)
        whole = [s for s in segs if not s.get("allocated_size")]
        pinned = sorted((s for s in segs if s.get("allocated_size")
                         and s.get("total_size", 0) - s["allocated_size"] >= PINNED_FREE_BYTES),
                        key=lambda s: s["allocated_size"] - s["total_size"])
        line = (f"{name}: {_count(len(segs), 'segment')}, {_gib(total)} reserved, {_gib(used)} in tensors; "
                f"{len(whole)} whole free ({_gib(sum(s.get('total_size', 0) for s in whole))})")
        if pinned:
            free = sum(s["total_size"] - s["allocated_size"] for s in pinned)
            shown = ", ".join(f"{_gib(s['total_size'])} by {_blocks(s)}" for s in pinned[:3])
            line += f"; {len(pinned)} pinned with {_gib(free)} free ({shown}{', ...' if len(pinned) > 3 else ''})"
        lines.append(line)
    if len(ranked) > SHOWN_POOLS:
        rest = [seg for _, segs in ranked[SHOWN_POOLS:] for seg in segs]
        lines.append(f"{_count(len(ranked) - SHOWN_POOLS, 'more pool')}: {_count(len(rest), 'segment')}, "
                     f"{_gib(sum(s.get('total_size', 0) for s in rest))} reserved")
    return "; ".join(lines) if lines else "no segments"


def _blocks(seg: dict) -> str:
    sizes = sorted((b.get("size", 0) for b in seg.get("blocks", []) if b.get("state") == "active_allocated"),
                   reverse=True)
    return "+".join(_gib(s) for s in sizes[:3]) + ("+..." if len(sizes) > 3 else "")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _gib(n: float) -> str:
    return f"{n / 2**30:.2f} GiB" if n >= 2**28 else f"{n / 2**20:.1f} MiB"
