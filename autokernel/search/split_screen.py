"""A round's screen split between idle workers, each part beside its own copy of the round's controls.

A screen is one worker's job: its variants run one after another in one candidate process. While every worker
has a problem of its own that costs nothing, but a search of one problem (or a panel's last problem: on the H200
panel L3/34 kept searching long after the rest, 70-110 s a screen of 16 CUDA-graph variants) leaves the other
workers idle while the first calls, compiles and checks of its variants run in turn. Split into parts, those run
side by side; every timed loop still holds the GPU alone (the gate), so a variant's time is measured as before.

Each part screens the controls first (the problem's best kernel, and its own line's best where the round has
one), as a whole screen does, because a variant is judged against a control timed by the same process under the
same conditions. A part's variant times are then put on the first part's scale: multiplied by the first part's
control median over this part's (a part whose control was not timed keeps its own times, and the reason says so).
The parts' extra control screens are the price: a part has at least `MIN_PART` variants.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import replace

from autokernel.ledger.screens import sum_stages

MIN_PART = 4  # variants a part at least: each part screens the controls again


def parts_for(variants: int, idle: int, min_part: int = MIN_PART) -> int:
    """How many parts a screen of ``variants`` (the controls not counted) is split into with ``idle`` workers."""
    return max(1, min(idle, variants // max(1, min_part)))


def split(candidates: Sequence, lead: int, parts: int) -> list[list]:
    """The ``lead`` controls, then every ``parts``-th variant from the ``i``-th: each part gets the proposer's early
    and late variants alike (a run's stop ends a screen's later variants first)."""
    controls, variants = list(candidates[:lead]), list(candidates[lead:])
    return [controls + variants[i::parts] for i in range(parts)]


def merge(candidates: Sequence, lead: int, results: list[list]) -> list:
    """One list of `ScreenResult`s in ``candidates``' order from the parts' (`split`; a part may have fewer, its
    screen stopped): the first part's controls, carrying the other parts' control screens' stages (their seconds
    count as the screen's), and each variant's time on the first part's scale (module docstring)."""
    first = results[0][:lead]
    reference = _control_ms(results[0])
    by_digest: dict[str, object] = {}
    for k, part in enumerate(results):
        scale, note = 1.0, ""
        if k:
            own = _control_ms(part)
            if reference and own:
                scale = reference / own
                note = (f" (screened in part {k + 1} of {len(results)} beside its own control, {own:.4g} ms; "
                        f"times scaled by {scale:.4f} to the first part's control, {reference:.4g} ms)")
            else:
                note = f" (screened in part {k + 1} of {len(results)}; its control untimed: its own times)"
        for r in part[lead:]:
            if r.ok and r.median_ms is not None and scale != 1.0:
                r = replace(r, median_ms=r.median_ms * scale, reason=r.reason + note)
            elif note:
                r = replace(r, reason=r.reason + note)
            by_digest[r.digest] = r
    extra = [r for part in results[1:] for r in part[:lead] if r.stages_s]  # the other parts' control screens
    if first and extra:
        first = [replace(first[0], stages_s=sum_stages([first[0], *extra]))] + first[1:]
    variants = [by_digest[c.digest] for c in candidates[lead:] if c.digest in by_digest]
    return first + variants


def _control_ms(part: list) -> float | None:
    head = part[0] if part else None
    return head.median_ms if head is not None and head.ok and head.median_ms else None


def gather(candidates: Sequence, lead: int, futures: list[Future]) -> Future:
    """A future of `merge` over the parts' futures. A later part cancelled unstarted (a run's stop drops queued
    jobs) adds nothing: its variants were not begun, and a later round proposes them again. The first part
    cancelled, or any part failing, is the screen's outcome."""
    out: Future = Future()
    out.set_running_or_notify_cancel()
    lock, left = threading.Lock(), [len(futures)]

    def done(_fut: Future) -> None:
        with lock:
            left[0] -= 1
            if left[0]:
                return
        try:
            parts = [[] if k and f.cancelled() else f.result() for k, f in enumerate(futures)]
            out.set_result(merge(candidates, lead, parts))
        except BaseException as exc:  # noqa: BLE001 - a part's failure is the screen's, as one job's would be
            out.set_exception(exc)

    for f in futures:
        f.add_done_callback(done)
    return out
