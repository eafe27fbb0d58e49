"""Which recorded stepping stones a line patience would have left out (`SearchConfig.line_patience`).

A stepping stone is a verdict bought for a line behind a foreign leader (`propose.base.Lineage`); a line gone flat
buys nothing with it. This replays a run directory's stones (each screen round's ``stepping_stones``, in order)
against the verdicts of the line's best and of the stones before it, and says which a patience of ``patience``
verdicts would have left out (once flat, a line stays so: nothing judged resets it) and whether any of those had made
its line ``min_gain`` faster: the evidence for a patience, read from the run's own ledgers on a machine without a GPU
(`benchmarks/search_panel.py stones`). The line's other verdicts (a move that beat the problem's best) are not in the
replay; on a line behind its leader they are rare.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autokernel.ledger.ledger import RESULTS, read_rows
from autokernel.ledger.screens import SCREENS
from autokernel.propose.base import Lineage
from autokernel.records import Candidate


@dataclass
class LineReplay:
    """One problem's stones: each as (round, judged ms or None, left out, a step), a step being ``min_gain`` faster
    than the line's best before it."""

    problem: str
    stones: list[tuple[int, float | None, bool, bool]] = field(default_factory=list)

    @property
    def left_out(self) -> int:
        return sum(1 for s in self.stones if s[2])

    @property
    def steps_left_out(self) -> int:
        return sum(1 for s in self.stones if s[2] and s[3])


def _kernel_ms(row: dict | None) -> float | None:
    verdict = (row or {}).get("verdict") or {}
    kernel = verdict.get("kernel")
    ms = kernel.get("median_ms") if isinstance(kernel, dict) else None
    return float(ms) if verdict.get("verdict") == "correct" and ms else None


def replay(run_dir: str | Path, *, patience: int = 3, min_gain: float = 0.01) -> list[LineReplay]:
    """Per problem with stones, in the order first met: which a patience of ``patience`` (0: never) leaves out."""
    run_dir = Path(run_dir)
    verdicts: dict[str, dict] = {}
    for row in read_rows(run_dir / RESULTS)[0]:
        verdicts.setdefault(str(row.get("candidate_digest")), row)
    out: dict[str, LineReplay] = {}
    times: dict[str, list[float | None]] = {}
    for row in read_rows(run_dir / SCREENS)[0]:
        if row.get("kind") != "round" or not row.get("stepping_stones"):
            continue
        key = str(row.get("problem"))
        line = times.setdefault(key, [_kernel_ms(verdicts.get(str(row.get("line_best"))))])
        rep = out.setdefault(key, LineReplay(key))
        for digest in row["stepping_stones"]:
            ms = _kernel_ms(verdicts.get(str(digest)))
            before = min((t for t in line if t), default=None)
            step = ms is not None and before is not None and before / ms >= 1.0 + min_gain
            flat = 0 < patience <= Lineage(best=Candidate(source=""), seeds=frozenset(), times=tuple(line)).stale(
                min_gain)
            rep.stones.append((int(row.get("round") or 0), ms, flat, step))
            if not flat:  # a stone left out is never judged: the line's verdicts stop there
                line.append(ms)
    return list(out.values())
