"""`SearchConfig`: how long and how wide the search runs, and when it stops."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autokernel.records import Verdict

RECHECK_GPU = 0.05  # `SearchConfig.recheck` on a GPU by default
# a close call's second reading whose median is this far above its fastest call is read once more: on an H100 the
# steady readings of L1/40 and L1/95 sat 1-4 % above theirs, three disturbed second readings 12-31 %; KernelBench's
# loop slows in stretches that pass (benchmarks/timing_disturbance.py), so a later reading is the answer
RECHECK_DISTURBED = 0.10


def disturbed(verdict: Verdict) -> bool:
    """A correct reading whose median is `RECHECK_DISTURBED` or more above its fastest call: half or more of its
    timed calls were slowed, so the median reads the disturbance, not the kernel; a later reading is the answer."""
    return verdict.is_correct and verdict.kernel is not None and verdict.kernel.above_fastest >= RECHECK_DISTURBED


@dataclass(frozen=True, kw_only=True)
class SearchConfig:
    """Search budget and stop rules (each stop is reported with its reason).

    Attributes:
        rounds: rounds after round 0 (the seed round); 0 evaluates the seeds only.
        ideas_per_round: ideas asked of the proposer per round.
        branches_per_idea: candidates per idea (neighbouring values / variants).
        time_per_problem_s: wall-clock budget per problem (checked between rounds); None = unlimited.
        target_speedup: stop a problem once a correct kernel reaches this speedup; None = never.
        patience: stop after this many rounds without improving the best; None = never.
        floor_stop_pct: stop a problem once its best kernel runs at this % of its roofline floor or closer (floor /
            median x 100: little is left to gain there); None = never. Verdicts without a floor (CPU) never stop it.
        seeds_per_round: best correct kernels the next round builds on.
        bank_size: further good earlier kernels kept as seeds (so one lucky path does not narrow the search).
        min_gain: relative speedup gain that counts as an improvement (timing noise is not progress).
        screen_width: variants asked of the proposer per round and ranked by the screen (`evaluate.screen`: one
            process, one input set, a few timed calls each) before the judge sees any; 0 judges every candidate.
        judge_top: with a screen, the variants of a round that go to the full judge: the fastest that beat the
            best kernel's screen time (screened beside them) by more than ``screen_tie``. A round where none beat it
            counts toward ``patience`` without judging anything.
        screen_tie: with a screen, a variant whose screen time is within this fraction of the best kernel's (the
            control, screened beside it) ties with it and is not judged for beating it: on the recorded panels none
            of the 27 variants judged within 0.5 % of their control became a new best (`search.rule_replay.ties`).
            0: any variant faster than the control is judged.
        stepping_stones: with a screen, variants of a round also judged because they beat, by ``min_gain``, the
            best kernel of the proposer's own line where that is not the problem's best (`propose.base.Lineage`):
            the steps by which a line that starts behind a foreign seed can overtake it. 0: off.
        recheck: a round's fastest kernel that beats the best by ``min_gain`` but by less than this fraction is
            judged once more before it leads, and that second reading stands (its row the latest): the fastest of
            many readings is the luckiest, and a re-judged winner is not picked among them. On an H100, L1/50's
            3.5 % "new best" was a tie judged again in turns (0.980-1.069); the seed's own code read up to 1.7 %
            apart. 0: off. None (the default): `RECHECK_GPU` on a GPU, off on CPU, where verdicts time the Triton
            interpreter and a close call says nothing a second reading could settle.
        line_patience: with stepping stones, a line whose latest verdicts, this many in a row, did not make it
            faster by ``min_gain`` (`Lineage.stale`) gets no more: it has gone flat behind the leader. Its variants
            are still judged when they beat the problem's best. 0: never.
    """

    rounds: int = 3
    ideas_per_round: int = 3
    branches_per_idea: int = 2
    time_per_problem_s: float | None = None
    target_speedup: float | None = None
    patience: int | None = 3
    floor_stop_pct: float | None = 90.0
    seeds_per_round: int = 2
    bank_size: int = 2
    min_gain: float = 0.01
    screen_width: int = 0
    judge_top: int = 2
    screen_tie: float = 0.005
    stepping_stones: int = 1
    line_patience: int = 3
    recheck: float | None = None

    def recheck_on(self, device: str) -> float:
        """The recheck band a search on ``device`` ("cuda" or "cpu") uses: ``recheck``, else its device default."""
        if self.recheck is not None:
            return self.recheck
        return RECHECK_GPU if device != "cpu" else 0.0

    def __post_init__(self) -> None:
        if self.rounds < 0:
            raise ValueError("rounds must be >= 0")
        if self.ideas_per_round < 1 or self.branches_per_idea < 1:
            raise ValueError("ideas per round and branches per idea must be at least 1")
        if self.time_per_problem_s is not None and self.time_per_problem_s <= 0:
            raise ValueError("time per problem must be positive seconds")
        if self.floor_stop_pct is not None and not 0 < self.floor_stop_pct <= 100:
            raise ValueError("floor_stop_pct must be in (0, 100]")
        if self.patience is not None and self.patience < 1:
            raise ValueError("patience must be at least 1 round")
        if self.screen_width < 0 or self.judge_top < 1:
            raise ValueError("screen width must be 0 (no screen) or more, and judge_top at least 1")
        if not 0 <= self.screen_tie < 1:
            raise ValueError("screen tie must be a fraction in [0, 1)")
        if self.stepping_stones < 0:
            raise ValueError("stepping stones must be 0 (off) or more")
        if self.line_patience < 0:
            raise ValueError("line patience must be 0 (never) or more verdicts")
        if self.recheck is not None and not 0 <= self.recheck < 1:
            raise ValueError("recheck must be a fraction in [0, 1) (0: off)")
