"""`MovePrior`: how often each kind of tuning move has paid off in a run so far, across its problems.

A move is one tunable stepped up or down its allowed values ("double BLOCK_SIZE 1024 -> 2048"); a multi-knob
variant (a crossover, a step of several knobs together, a random combination) is several such steps at once. The
tuner tries only a few of the many moves per problem and round, so their order decides what a search ever sees;
measured outcomes on the other problems are the best guide to it. Built once per invocation from the run's
ledger and its screen log, so a run stays deterministic within an invocation and learns across invocations.

Evidence, and its weight:

- A judged child (results.jsonl) counts 1: its verdict is compared with its parent's judged median.
- A screened child that was never judged (screen.jsonl) counts ``SCREEN_WEIGHT`` (0.1), compared with its parent's
  screen time from the same round, where the parent was that round's control (the best kernel, timed in the same
  process; a screen time from another process is not compared). Why less: a screen is 10 calls on one input set in
  a process shared with the round's other variants, so one screened gain is weaker evidence than a verdict's 100
  calls; and screens are 10-100x more numerous than verdicts, so at 0.1 they add about as much evidence as the
  verdicts (1-10x) instead of drowning them, while still ordering the moves where nothing was judged.
- A variant that changed k knobs credits each of its k steps with 1/k of its weight (helped and tried alike): one
  measurement of k changes is not k independent measurements.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

_ITEM = re.compile(r"^([A-Z][A-Z0-9_]*) (.+?) -> (.+)$")  # "BLOCK_SIZE 1024 -> 2048"
_SPLIT = re.compile(r", (?=[A-Z][A-Z0-9_]* )")  # between the items of a multi-knob idea
HELPED_BELOW = 0.97  # a move helped when the child's median is below this fraction of its parent's
SCREEN_WEIGHT = 0.1  # a screened (never judged) outcome's weight beside a judged one's 1 (see the module docstring)


def literal_or_text(text: str):
    """A tunable value as written in an idea string or on the command line: a Python literal, else the text."""
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def parse_moves(idea: str, *, presets: bool = False) -> list[tuple[str, object, object]]:
    """The (tunable, old value, new value) steps of a tuner idea string, [] for anything else (the starter, an
    LLM's idea). Single moves read "double BLOCK_SIZE 1024 -> 2048"; multi-knob ones "combine A 1 -> 2,
    B 3 -> 4" or "<label>: A 1 -> 2, B 3 -> 4" (crossovers, steps together, presets). A preset's steps only with
    ``presets``: as moves they are left out (the tuner tries presets first whatever the prior says), but they are
    what a preset's child was set to."""
    idea = idea or ""
    if idea.startswith("preset ") and not presets:
        return []
    head, sep, body = idea.partition(": ")
    if not sep:
        body = idea.partition(" ")[2]
    moves = []
    for item in _SPLIT.split(body):
        m = _ITEM.match(item)
        if not m:
            return []
        moves.append((m.group(1), literal_or_text(m.group(2)), literal_or_text(m.group(3))))
    return moves


def parse_move(idea: str) -> tuple[str, object, object] | None:
    """(tunable, old value, new value) of a single-move tuner idea string, or None for anything else."""
    moves = parse_moves(idea)
    return moves[0] if len(moves) == 1 else None


def _median_ms(row: dict) -> float | None:
    v = row.get("verdict") or {}
    k = v.get("kernel") or {}
    ms = k.get("median_ms")
    return float(ms) if v.get("verdict") == "correct" and isinstance(ms, (int, float)) and ms > 0 else None


def _screen_ms(row: dict) -> float | None:
    ms = row.get("median_ms")
    return float(ms) if row.get("ok") and isinstance(ms, (int, float)) and ms > 0 else None


@dataclass
class MovePrior:
    """Outcomes of recorded moves, keyed by (tunable, repr(old value), repr(new value)): [helped, tried], both
    weighted (see the module docstring). ``judged`` and ``screened``: the outcomes counted from each source."""

    counts: dict = field(default_factory=lambda: defaultdict(lambda: [0.0, 0.0]))
    judged: int = 0
    screened: int = 0

    @classmethod
    def from_rows(cls, rows: Iterable[dict], screen_rows: Iterable[dict] = ()) -> MovePrior:
        """From ledger rows (a move is tried when its child was judged, and helped when the child is correct and
        faster than ``HELPED_BELOW`` x its parent; a failed child counts as tried, not helped) and screen.jsonl
        rows (a variant never judged, against its round's control when that is its parent)."""
        from autokernel.ledger.ledger import standing_rows  # here: the ledger imports the proposers' base

        rows = standing_rows(list(rows))  # a close call judged again counts once, by its second verdict
        ms = {(r.get("problem"), r.get("candidate_digest")): _median_ms(r) for r in rows}
        prior = cls()
        for r in rows:
            moves = parse_moves(r.get("idea", ""))
            if not moves or not r.get("parent"):
                continue
            parent_ms = ms.get((r.get("problem"), r["parent"]))
            if parent_ms is None:
                continue  # nothing to compare with
            child_ms = ms.get((r.get("problem"), r.get("candidate_digest")))
            prior._count(moves, child_ms is not None and child_ms < HELPED_BELOW * parent_ms, 1.0)
            prior.judged += 1
        prior._count_screens(list(screen_rows), judged=set(ms))
        return prior

    def _count_screens(self, rows: list[dict], judged: set) -> None:
        controls = {(r.get("problem_digest"), r.get("round"), r.get("device"), r.get("candidate_digest")): r
                    for r in rows if r.get("kind") == "control"}
        for r in rows:
            if r.get("kind") != "variant" or (r.get("problem"), r.get("candidate_digest")) in judged:
                continue  # a judged variant is counted by its verdict
            moves = parse_moves(r.get("idea", ""))
            control = controls.get((r.get("problem_digest"), r.get("round"), r.get("device"), r.get("parent")))
            if not moves or control is None or _screen_ms(control) is None:
                continue
            child_ms = _screen_ms(r)
            self._count(moves, child_ms is not None and child_ms < HELPED_BELOW * _screen_ms(control), SCREEN_WEIGHT)
            self.screened += 1

    def _count(self, moves, helped: bool, weight: float) -> None:
        share = weight / len(moves)
        for name, old, new in moves:
            c = self.counts[(name, repr(old), repr(new))]
            c[0] += share * helped
            c[1] += share

    def score(self, name: str, step: int, allowed: Sequence) -> float:
        """Smoothed success rate of stepping ``name`` in direction ``step`` through ``allowed`` (0.5 unseen)."""
        index = {repr(v): i for i, v in enumerate(allowed)}
        helped = tried = 0.0
        for (n, old, new), (h, t) in self.counts.items():
            if n == name and old in index and new in index and (index[new] - index[old]) * step > 0:
                helped, tried = helped + h, tried + t
        return (helped + 1) / (tried + 2)

    def score_steps(self, steps: Iterable[tuple[str, int]], space: dict) -> float:
        """A multi-knob move's score: the mean of its steps' (tunable, direction) scores."""
        scores = [self.score(name, step, space[name]) for name, step in steps]
        return sum(scores) / len(scores) if scores else 0.5

    def __len__(self) -> int:
        return self.judged + self.screened
