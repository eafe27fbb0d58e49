"""A run directory is resumed only on the GPU model its verdicts were timed on.

The search compares every candidate's time with the others' (the best seeds the next round, the screen's control is
the best kernel); an H200's 0.54 ms and an H100's 0.60 ms are not two kernels' difference. A run of lent machines
got an H100 where its run directory held only H200 verdicts; resumed there, the panel's bests and seeds would have
mixed both. `check` refuses that before anything is written and says how to go on: on the recorded GPU, or in a new
run directory seeded from this one (`--seed-from`), whose kernels are then judged on this GPU.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def recorded_gpus(rows: Iterable[dict[str, Any]]) -> Counter:
    """Verdicts per GPU model among a ledger's rows (rows without a GPU, CPU runs and thin copies, count none)."""
    seen: Counter = Counter()
    for row in rows:
        env = (row.get("verdict") or {}).get("environment") or {}
        gpu = env.get("gpu")
        if gpu and str(env.get("device", "cuda")).startswith("cuda"):
            seen[str(gpu)] += 1
    return seen


def check(rows: Iterable[dict[str, Any]], gpus: Iterable[str], out: str | Path) -> None:
    """Raise ValueError when a GPU this run would use is not one ``rows`` were timed on (``gpus``: the models of
    this invocation's devices; empty on CPU or where they are not known here, as for a Ray cluster's)."""
    here = sorted(set(gpus))
    seen = recorded_gpus(rows)
    if not here or not seen:
        return
    other = [g for g in here if g not in seen]
    if other:
        recorded = ", ".join(f"{g} ({n} verdicts)" for g, n in seen.most_common())
        raise ValueError(
            f"{out} holds verdicts timed on {recorded}; this machine has {', '.join(other)}. Timings of two GPU "
            f"models would be compared as one (bests, seeds, the screen's control). Resume it on that GPU, or start "
            f"a new run directory from its best kernels, judged here: --out NEW --seed-from {out}")


def rows_in(out: str | Path) -> list[dict[str, Any]]:
    """A run directory's recorded rows, read without opening its ledger (which writes): none for a new one."""
    from autokernel.ledger.ledger import RESULTS, read_rows

    return read_rows(Path(out) / RESULTS)[0]


def local_gpu_names(devices: Iterable[str]) -> list[str]:
    """The GPU model of each local CUDA device (none for ``cpu``), as a verdict's environment names it."""
    from autokernel.environment import fingerprint

    return [fingerprint(d)["gpu"] for d in devices if d.startswith("cuda")]
