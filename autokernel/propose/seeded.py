"""Round 0 seeded with other runs' best kernels: a search continued under a new policy, GPU or software version.

A run directory's verdicts are tied to the evaluation policy they were judged under (baseline precision, timing
options, tolerance): a run under another policy judges everything again. `SeededProposer` wraps any proposer and
adds, in round 0, each problem's best kernel from the given run directories, so it is judged again under this
run's policy and, if it holds up, seeds the rounds after it, instead of the search starting over from the starter.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from autokernel.ledger.ledger import slug
from autokernel.problem import Problem
from autokernel.propose.base import History, Proposer
from autokernel.records import Candidate


@dataclass(frozen=True)
class Seed:
    source: str
    origin: str  # the run directory it came from


def best_kernel(run_dir: Path, problem: Problem) -> Seed | None:
    """``problem``'s best kernel in ``run_dir`` (None when it has none, or its best.json names another version of
    the problem: a kernel for different sizes or code is no seed)."""
    folder = Path(run_dir) / "problems" / slug(problem)
    best = folder / "best.py"
    if not best.is_file():
        return None
    try:
        digest = json.loads((folder / "best.json").read_text()).get("problem_digest")
    except (OSError, ValueError):
        digest = None
    if digest is not None and digest != problem.digest:
        return None
    return Seed(source=best.read_text(encoding="utf-8"), origin=str(run_dir))


class SeededProposer:
    """``inner``'s proposals, plus in round 0 the best kernel of each problem found in ``run_dirs`` (first found)."""

    def __init__(self, inner: Proposer, run_dirs: list[str | Path]) -> None:
        missing = [str(d) for d in run_dirs if not (Path(d) / "problems").is_dir()]
        if missing:
            raise ValueError(f"--seed-from: not a run directory (no problems/ folder): {', '.join(missing)}")
        self.inner = inner
        self.name = inner.name
        self.run_dirs = [Path(d) for d in run_dirs]

    def __getattr__(self, name: str):  # the inner proposer's notes, usage, prior ... (read by the run)
        return getattr(self.inner, name)

    def seed(self, problem: Problem) -> Seed | None:
        return next((s for d in self.run_dirs if (s := best_kernel(d, problem)) is not None), None)

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        out = list(self.inner.propose(problem, history, n_ideas, n_branches))
        if history.attempts:
            return out
        seed = self.seed(problem)
        if seed is None:
            return out
        cand = Candidate(source=seed.source, proposer=self.name, round=history.round, branch=len(out),
                         idea=f"best kernel of {seed.origin}, judged again under this run's policy")
        if cand.digest not in set(history.digests) | {c.digest for c in out}:
            out.append(cand)
        return out
