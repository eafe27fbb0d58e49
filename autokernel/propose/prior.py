"""`MovePrior`: how often each kind of tuning move has paid off in a run so far, across its problems.

A move is one tunable stepped up or down its allowed values ("double BLOCK_SIZE 1024 -> 2048"). The
tuner tries one or two moves per problem and round, so their order decides what a short search ever
sees; measured outcomes on the other problems are the best guide to it. Built once per invocation from
the run's ledger, so a run stays deterministic within an invocation and learns across invocations.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# "double BLOCK_SIZE 1024 -> 2048", "set CONV_PRECISION 'ieee' -> 'tf32x3'" (the tuner's idea strings)
_MOVE = re.compile(r"^\w+ ([A-Z][A-Z0-9_]*) (.+?) -> (.+)$")
HELPED_BELOW = 0.97  # a move helped when the child's median is below this fraction of its parent's


def literal_or_text(text: str):
    """A tunable value as written in an idea string or on the command line: a Python literal, else the text."""
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def parse_move(idea: str) -> tuple[str, object, object] | None:
    """(tunable, old value, new value) of a tuner idea string, or None for anything else."""
    m = _MOVE.match(idea or "")
    if not m:
        return None
    return m.group(1), literal_or_text(m.group(2)), literal_or_text(m.group(3))


def _median_ms(row: dict) -> float | None:
    v = row.get("verdict") or {}
    k = v.get("kernel") or {}
    ms = k.get("median_ms")
    return float(ms) if v.get("verdict") == "correct" and isinstance(ms, (int, float)) and ms > 0 else None


@dataclass
class MovePrior:
    """Outcomes of recorded moves, keyed by (tunable, old value, new value): [helped, tried]."""

    counts: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0]))

    @classmethod
    def from_rows(cls, rows: Iterable[dict]) -> MovePrior:
        """From ledger rows: a move is tried when its child was judged, and helped when the child is correct
        and faster than ``HELPED_BELOW`` x its parent (a failed child counts as tried, not helped)."""
        rows = list(rows)
        ms = {(r.get("problem"), r.get("candidate_digest")): _median_ms(r) for r in rows}
        prior = cls()
        for r in rows:
            move = parse_move(r.get("idea", ""))
            if move is None or not r.get("parent"):
                continue
            parent_ms = ms.get((r.get("problem"), r["parent"]))
            if parent_ms is None:
                continue  # nothing to compare with
            child_ms = ms.get((r.get("problem"), r.get("candidate_digest")))
            c = prior.counts[(move[0], repr(move[1]), repr(move[2]))]
            c[1] += 1
            c[0] += int(child_ms is not None and child_ms < HELPED_BELOW * parent_ms)
        return prior

    def score(self, name: str, step: int, allowed: Sequence) -> float:
        """Smoothed success rate of stepping ``name`` in direction ``step`` through ``allowed`` (0.5 unseen)."""
        index = {repr(v): i for i, v in enumerate(allowed)}
        helped = tried = 0
        for (n, old, new), (h, t) in self.counts.items():
            if n == name and old in index and new in index and (index[new] - index[old]) * step > 0:
                helped, tried = helped + h, tried + t
        return (helped + 1) / (tried + 2)

    def __len__(self) -> int:
        return sum(t for _, t in self.counts.values())
