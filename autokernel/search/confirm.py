"""A search's gain confirmed: its round-0 best and its best judged again in turns, under the same conditions.

A search reports its gain as the fastest round-0 kernel's time over the fastest of every kernel judged since. That
best is the lowest of many readings, each judged beside the run's other workers. Where one kernel's readings move by
more than the steps between kernels (a host-bound model: L3/26's 69 verdicts on an H100 spread 6.46-7.65 ms beside
five busy workers), the lowest falls with the number of verdicts, not with the search. Judging the two kernels again
in turns (round 0 then best, then best then round 0, and so on, so neither always goes first), with the device to
themselves, reads both under the same conditions: the confirmed gain is the ratio of their medians, and the turns'
own ratios say whether it stands clear of the noise.

`judge_in_turns` judges one problem's pair (any judge: `autokernel.evaluate.Evaluator.evaluate`); `ConfirmLog`
keeps the readings in the run directory's ``confirm.jsonl`` (appended as judged, so a call cut off keeps its turns);
`confirmed` summarises them per problem and pair (`benchmarks/search_panel.py confirm` and ``table``).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from autokernel.problem import Problem
from autokernel.propose.base import recorded_rank
from autokernel.records import Candidate, Verdict
from autokernel.search.config import SearchConfig, disturbed

CONFIRM_LOG = "confirm.jsonl"
ROLES = ("round0", "best")
# a confirmed ratio this near 1 is a tie however the turns fall: the step the search itself asks of a new best by
# default; on an H100, L1/30's pair read 0.994-0.999 in three turns, the same kernel twice in effect
TIE = SearchConfig.min_gain


@dataclass(frozen=True)
class Reading:
    """One verdict of a confirmation: ``role`` round0 or best, ``turn`` counted from 0."""

    problem: str
    role: str
    candidate_digest: str
    pair: str  # "<round-0 digest>:<best digest>": the readings of one pair, as the run's bests were when judged
    turn: int
    verdict: str
    kernel_ms: float | None
    eager_ms: float | None
    reason: str
    device: str = ""
    protocol: str = ""  # the verdict's judging protocol (a table reads one protocol's readings)
    gpu: str = ""  # the GPU model (the verdict's environment), "" on CPU
    again: bool = False  # read again after a disturbed reading (`disturbed`): it stands for its turn and role


def pair_key(round0: str, best: str) -> str:
    return f"{round0}:{best}"


def compared_rows(rows: list[dict]) -> tuple[dict | None, dict | None]:
    """The two kernels a search's gain compares, of one problem's results rows (the latest per candidate, in file
    order): its fastest correct round-0 row and its fastest correct row (`recorded_rank`, the search's ranking:
    lowest kernel median; the first of equals), each None where there is none. Quarantined verdicts never count."""
    def fastest(rs: Iterable[dict]) -> dict | None:
        top = None
        for r in rs:
            if top is None or recorded_rank(r["verdict"]) > recorded_rank(top["verdict"]):
                top = r
        return top

    correct = [r for r in rows if (r.get("verdict") or {}).get("verdict") == "correct"
               and not r["verdict"].get("quarantined")]
    return fastest(r for r in correct if int(r.get("round") or 0) == 0), fastest(correct)


def judge_in_turns(problem: Problem, round0: Candidate, best: Candidate, judge: Callable[[Problem, Candidate], Verdict],
                   turns: int, *, first_turn: int = 0) -> Iterator[Reading]:
    """Judge the pair ``turns`` times each, alternating which goes first (turn 0: round 0 first; turn 1: best
    first; ...), yielding each reading as it is judged. A disturbed reading (`disturbed`: half or more of its timed
    calls slowed; KernelBench's loop slows a sub-millisecond kernel in stretches that pass) is read once more at
    once on a GPU (not on CPU, where verdicts time the interpreter), and the later reading stands for its turn and
    role (`confirmed` takes the last). ``first_turn``: the turn to start from (a resumed confirmation keeps its
    order)."""
    pair = pair_key(round0.digest, best.digest)
    for turn in range(first_turn, first_turn + turns):
        order = (("round0", round0), ("best", best)) if turn % 2 == 0 else (("best", best), ("round0", round0))
        for role, cand in order:
            v = judge(problem, cand)
            yield _reading(problem, role, cand, pair, turn, v)
            if v.device.startswith("cuda") and disturbed(v):
                yield _reading(problem, role, cand, pair, turn, judge(problem, cand), again=True)


def _reading(problem: Problem, role: str, cand: Candidate, pair: str, turn: int, v: Verdict, *,
             again: bool = False) -> Reading:
    return Reading(problem=problem.key, role=role, candidate_digest=cand.digest, pair=pair, turn=turn,
                   verdict=v.verdict, kernel_ms=_ms(v.kernel), eager_ms=_ms(v.eager), reason=v.reason,
                   device=v.device, protocol=v.protocol, gpu=str((v.environment or {}).get("gpu") or ""), again=again)


def _ms(stats) -> float | None:
    ms = getattr(stats, "median_ms", None)
    return float(ms) if isinstance(ms, (int, float)) and ms > 0 else None


class ConfirmLog:
    """``confirm.jsonl`` of a run directory: one JSON row per reading, appended as judged."""

    def __init__(self, run_dir: Path):
        self.path = Path(run_dir) / CONFIRM_LOG

    def readings(self) -> list[Reading]:
        if not self.path.is_file():
            return []
        out = []
        fields = set(Reading.__dataclass_fields__)
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a cut call
            if isinstance(row, dict) and fields - {"device", "protocol", "gpu", "again"} <= set(row):
                out.append(Reading(**{k: row[k] for k in fields if k in row}))
        return out

    def record(self, reading: Reading) -> None:
        line = json.dumps({**asdict(reading), "recorded_at": time.time()}) + "\n"
        with open(self.path, "a+b") as fh:
            fh.seek(0, 2)
            if fh.tell():  # after a line torn by a cut call: a line of its own
                fh.seek(-1, 2)
                if fh.read(1) != b"\n":
                    line = "\n" + line
            fh.write(line.encode())
            fh.flush()


@dataclass(frozen=True)
class Confirmed:
    """One problem's pair, judged in turns: medians over the turns where both kernels were correct and timed."""

    problem: str
    pair: str
    turns: int  # complete turns (both readings correct and timed)
    round0_ms: float | None  # None: no complete turn
    best_ms: float | None
    eager_ms: float | None  # the median of the turns' eager readings
    ratios: tuple[float, ...]  # each complete turn's round0 / best time
    failed: int = 0  # readings not correct (or untimed): a kernel that failed a confirmation is not confirmed

    @property
    def gain(self) -> float | None:
        """The medians' ratio; None where a reading failed (a kernel not correct every time is not confirmed)."""
        return self.round0_ms / self.best_ms if self.round0_ms and self.best_ms and not self.failed else None

    @property
    def tie(self) -> bool:
        """The ratio within `TIE` of 1: no step the search counts, whatever the turns say."""
        return self.gain is not None and abs(self.gain - 1) < TIE

    @property
    def clear(self) -> bool:
        """Two turns or more, every turn's ratio on the gain's side of 1, and not a `tie`: the gain stands clear of
        the turns' noise (one turn has no spread to judge by)."""
        gain = self.gain
        return (gain is not None and not self.tie and len(self.ratios) >= 2
                and (all(r > 1 for r in self.ratios) if gain > 1 else all(r < 1 for r in self.ratios)))

    @property
    def counted(self) -> float | None:
        """The gain a panel's median counts: 1 for a tie (within `TIE` of 1, or turns on both sides of 1), since
        the search gained nothing that stands; one turn's ratio as read (no spread to judge it by)."""
        gain = self.gain
        if gain is None:
            return None
        return 1.0 if self.tie or (len(self.ratios) >= 2 and not self.clear) else gain

    def line(self) -> str:
        if self.failed:
            return (f"{self.problem}: not confirmed, {self.failed} reading(s) not correct or untimed of "
                    f"{self.turns} complete turn(s)")
        head = f"{self.problem}: {self.gain:.3f}x ({self.round0_ms:.4g} / {self.best_ms:.4g} ms"
        if self.turns < 2:
            return f"{head}, one turn: no spread to judge it by)"
        word = ("clear of the noise" if self.clear else f"within {TIE:.0%} of 1: a tie" if self.tie
                else "inside the noise: a tie")
        return (f"{head}, medians of {self.turns} turns; each turn {min(self.ratios):.3f}-{max(self.ratios):.3f}: "
                f"{word})")


def confirmed(readings: Iterable[Reading]) -> dict[tuple[str, str], Confirmed]:
    """Per (problem, pair): the confirmation of its readings (with a complete turn, or a failed reading); of a
    turn's readings of one role, the last (a disturbed one read again)."""
    turns: dict[tuple[str, str], dict[int, dict[str, Reading]]] = {}
    for r in readings:
        turns.setdefault((r.problem, r.pair), {}).setdefault(r.turn, {})[r.role] = r
    out = {}
    for key, by_turn in turns.items():
        complete = [t for t in by_turn.values() if all(_timed(t.get(role)) for role in ROLES)]
        failed = sum(1 for t in by_turn.values() for r in t.values() if not _timed(r))
        if not complete and not failed:
            continue
        eager = [r.eager_ms for t in complete for r in t.values() if r.eager_ms]
        out[key] = Confirmed(
            problem=key[0], pair=key[1], turns=len(complete),
            round0_ms=statistics.median(t["round0"].kernel_ms for t in complete) if complete else None,
            best_ms=statistics.median(t["best"].kernel_ms for t in complete) if complete else None,
            eager_ms=statistics.median(eager) if eager else None,
            ratios=tuple(t["round0"].kernel_ms / t["best"].kernel_ms for t in complete), failed=failed)
    return out


def _timed(r: Reading | None) -> bool:
    return r is not None and r.verdict == "correct" and bool(r.kernel_ms)


def turns_done(readings: Iterable[Reading], problem: str, pair: str) -> int:
    """The next turn to judge for this pair: one past the last turn with both readings recorded."""
    seen: dict[int, set[str]] = {}
    for r in readings:
        if r.problem == problem and r.pair == pair:
            seen.setdefault(r.turn, set()).add(r.role)
    done = [t for t, roles in seen.items() if set(ROLES) <= roles]
    return max(done) + 1 if done else 0
