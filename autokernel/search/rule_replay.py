"""What a search rule would have left out, replayed on a run directory's ledgers (no GPU, nothing judged).

Two rules decide which screened variants a round sends to the judge, and each verdict costs a worker seconds of the
GPU. The evidence for their settings is in the run's own ledgers (screen.jsonl's round rows, results.jsonl's
verdicts), read here on a machine without a GPU (`benchmarks/search_panel.py stones` and ``ties``):

- `stones`: the stepping stones a line patience (`SearchConfig.line_patience`) would have left out. Each screen
  round's ``stepping_stones``, in order, against the verdicts of the line's best and of the stones before it; once
  flat, a line stays so (a stone left out is never judged, so nothing resets it). The line's other verdicts (a
  move that beat the problem's best) are not in the replay; on a line behind its leader they are rare.
- `ties`: the variants judged for beating the best kernel's screen time (not stones, not a proposer's must-judge)
  that a screen tie (`SearchConfig.screen_tie`) would have left out, and which of them became a new best.

A step, or a new best, is a verdict ``min_gain`` faster than the fastest correct one before it (of the line, or of
the problem, in results.jsonl's order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autokernel.ledger.ledger import RESULTS, read_rows
from autokernel.ledger.screens import SCREENS
from autokernel.propose.base import stale_verdicts


@dataclass
class Replayed:
    """One problem's replayed verdicts: each as (round, screen ratio or None, judged ms or None, left out, a step)."""

    problem: str
    rows: list[tuple[int, float | None, float | None, bool, bool]] = field(default_factory=list)

    @property
    def left_out(self) -> int:
        return sum(1 for r in self.rows if r[3])

    @property
    def steps_left_out(self) -> int:
        return sum(1 for r in self.rows if r[3] and r[4])

    @property
    def steps(self) -> int:
        return sum(1 for r in self.rows if r[4])


def _kernel_ms(row: dict | None) -> float | None:
    verdict = (row or {}).get("verdict") or {}
    kernel = verdict.get("kernel")
    ms = kernel.get("median_ms") if isinstance(kernel, dict) else None
    return float(ms) if verdict.get("verdict") == "correct" and ms else None


def _ledgers(run_dir: Path) -> tuple[dict[str, dict], dict[str, int], list[dict]]:
    """(digest -> its first results row, digest -> that row's place, screen.jsonl's rows)."""
    verdicts: dict[str, dict] = {}
    order: dict[str, int] = {}
    for i, row in enumerate(read_rows(run_dir / RESULTS)[0]):
        digest = str(row.get("candidate_digest"))
        if digest not in verdicts:
            verdicts[digest], order[digest] = row, i
    return verdicts, order, read_rows(run_dir / SCREENS)[0]


def stones(run_dir: str | Path, *, patience: int = 3, min_gain: float = 0.01) -> list[Replayed]:
    """Per problem with stepping stones, in the order first met: which a patience of ``patience`` (0: never)
    leaves out (screen ratio: None)."""
    verdicts, _, screens = _ledgers(Path(run_dir))
    out: dict[str, Replayed] = {}
    times: dict[str, list[float | None]] = {}
    for row in screens:
        if row.get("kind") != "round" or not row.get("stepping_stones"):
            continue
        key = str(row.get("problem"))
        line = times.setdefault(key, [_kernel_ms(verdicts.get(str(row.get("line_best"))))])
        rep = out.setdefault(key, Replayed(key))
        for digest in row["stepping_stones"]:
            ms = _kernel_ms(verdicts.get(str(digest)))
            before = min((t for t in line if t), default=None)
            step = ms is not None and before is not None and before / ms >= 1.0 + min_gain
            flat = 0 < patience <= stale_verdicts(line, min_gain)
            rep.rows.append((int(row.get("round") or 0), None, ms, flat, step))
            if not flat:  # a stone left out is never judged: the line's verdicts stop there
                line.append(ms)
    return list(out.values())


def ties(run_dir: str | Path, *, tie: float = 0.005, min_gain: float = 0.01) -> list[Replayed]:
    """Per problem, in the order first met: each variant judged for beating the best kernel's screen time, its
    screen time over that control's, and whether a tie of ``tie`` (a variant within that fraction of the control:
    ratio >= 1 - tie) leaves it out."""
    verdicts, order, screens = _ledgers(Path(run_dir))
    variant = {(r.get("problem"), r.get("candidate_digest")): r for r in screens if r.get("kind") == "variant"}
    out: dict[str, Replayed] = {}
    for row in screens:
        control = row.get("control_ms")
        if row.get("kind") != "round" or not control:
            continue
        key = str(row.get("problem"))
        others = set(row.get("stepping_stones") or ())
        for digest in row.get("judged") or ():
            screened = (variant.get((key, digest)) or {}).get("median_ms")
            if digest in others or digest not in verdicts or not screened or screened >= control:
                continue  # a stone, never judged, or judged whatever its time (a proposer's must-judge)
            ratio = screened / control
            ms = _kernel_ms(verdicts[digest])
            before = min((t for d, i in order.items() if i < order[digest]
                          and verdicts[d].get("problem") == key and (t := _kernel_ms(verdicts[d]))), default=None)
            step = ms is not None and before is not None and before / ms >= 1.0 + min_gain
            out.setdefault(key, Replayed(key)).rows.append((int(row.get("round") or 0), ratio, ms,
                                                            ratio >= 1.0 - tie, step))
    return list(out.values())
