"""How many rounds of new variants a proposer still has for each problem of a run directory.

The search's own resume is replayed on a copy of the run directory (nothing judged, nothing screened, the directory
itself untouched), then the proposer is asked for a screen's width of variants round after round, each round's
variants counted as screened, until it has none or the limit is reached. Why: a problem whose proposer has no new
ideas stops there, and a GPU call spent on finding that out is wasted; this says which problems would stop, and
after how many rounds, on a machine without a GPU (`benchmarks/search_panel.py moves`).

What it cannot say: which variants would be judged and become seeds (only a verdict makes one), so the count is
of the moves around today's seeds; a judged stepping stone or a new best opens more. One exception: code a screened
round must judge when it passes (`judge_when_passed`: today's starter after a template change, the settings
carried into it) is counted as judged at the time of the problem's best kernel, so the moves from today's code are
counted too; without it a problem whose template changed would read as one round from the end.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from autokernel.ledger import Ledger
from autokernel.ledger.screens import ScreenLog
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History, rank_key
from autokernel.search.config import SearchConfig
from autokernel.search.loop import ProblemOutcome, _dedupe, _resume, select_seeds


@dataclass(frozen=True)
class MovesLeft:
    """One problem's replay: the next round it would search, the rounds (up to the limit) in which the proposer
    still had new variants, how many, how many the first of them had, and the proposer's note where it had none."""

    problem: str
    next_round: int
    rounds: int
    variants: int
    first: int
    note: str = ""


def _stand_ins(variants, history: History, must_judge) -> list[Attempt]:
    """The variants a screened round would judge whatever their time (``must_judge``), as attempts with the
    verdict of the problem's best kernel: a seed as good as the best, which is what they are judged to find out."""
    best = max((a for a in history.attempts if a.is_correct), key=rank_key, default=None)
    if best is None:
        return []
    must_judge = set(must_judge)
    return [Attempt(candidate=c, verdict=best.verdict) for c in variants if c.digest in must_judge]


def _problems(run: Path, rows: list[dict]) -> list[tuple[Problem, dict, str]]:
    """(problem, its latest row's policy, device) of each problem with a recorded verdict, in recording order."""
    latest: dict[str, dict] = {}
    for row in rows:
        latest[row["problem_digest"]] = row
    sources = {}  # problem digest -> (folder, source)
    for f in sorted((run / "problems").glob("*/problem.py")):
        source = f.read_text(encoding="utf-8")
        sources[Problem(name="", source=source).digest] = (f.parent, source)
    out = []
    for digest, row in latest.items():
        if digest not in sources:
            continue
        folder, source = sources[digest]
        level, _, pid = str(row.get("problem") or "").removeprefix("L").partition("/")
        problem = Problem(name=row.get("problem_name") or folder.name, source=source,
                          level=int(level) if level.isdigit() else None, problem_id=int(pid) if pid.isdigit() else None)
        out.append((problem, row["policy"], row.get("device") or "cpu"))
    return out


def moves_left(run_dir: str | Path, make_proposer: Callable[[list[dict], list[dict]], object], *, width: int = 16,
               max_rounds: int = 60, only: set[str] | None = None,
               config: SearchConfig | None = None) -> list[MovesLeft]:
    """Replay each problem of ``run_dir`` (see the module docstring). ``make_proposer(rows, screen_rows)`` builds the
    proposer from the run's ledger and screen log, as a run does (the tuner's move prior); ``only``: problem keys."""
    from autokernel.ledger.screens import screen_rows

    run = Path(run_dir)
    results = run / "results.jsonl"
    if not results.is_file():
        raise FileNotFoundError(f"{run} has no results.jsonl: not a run directory, or nothing judged yet")
    config = config or SearchConfig(rounds=max_rounds, screen_width=width)
    out = []
    with tempfile.TemporaryDirectory(prefix="akb-moves-") as tmp:
        copy = Path(tmp) / "run"
        shutil.copytree(run, copy, ignore=shutil.ignore_patterns(".git"))
        rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines() if line.strip()]
        proposer = make_proposer(rows, screen_rows(copy))
        wide = getattr(proposer, "propose_wide", None)
        for problem, policy, device in _problems(copy, rows):
            if only and problem.key not in only:
                continue
            ledger = Ledger(copy, device=device, policy=policy, use_git=False)
            screens = ScreenLog(copy, device=device, policy=policy)
            history = History(device=device, protocol=ledger.protocol, tolerance=str(policy.get("tolerance", "")))
            first, *_ = _resume(problem, ledger, config, ProblemOutcome(problem=problem.key, name=problem.name),
                                history, lambda cands: [], screens, getattr(proposer, "rewrite", None))
            counts = []
            for rnd in range(first, first + max_rounds):
                history.round = rnd
                history.seeds = select_seeds(history.attempts, config)
                proposed = (wide(problem, history, width) if callable(wide)
                            else proposer.propose(problem, history, config.ideas_per_round, config.branches_per_idea))
                # new: neither judged nor screened (a run answers a screened one from its screen log)
                variants = [c for c in _dedupe(proposed, history) if c.digest not in history.screened]
                if not variants:
                    break
                counts.append(len(variants))
                history.screened |= {c.digest for c in variants}
                history.attempts += _stand_ins(variants, history, getattr(proposer, "judge_when_passed", ()))
            note = "" if len(counts) == max_rounds else str(getattr(proposer, "notes", {}).get(problem.key)
                                                            or f"no new variants after {len(counts)} rounds")
            out.append(MovesLeft(problem.key, first, len(counts), sum(counts), counts[0] if counts else 0, note))
    return out
