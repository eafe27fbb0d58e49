"""`MixedProposer` (``--proposer mixed``): every round, the tuner's moves and the LLM's ideas, judged together.

Decision: both in the same round, not alternate rounds. The two do different work: the tuner moves the numbers of a
kernel whose structure is fixed (tiles, warps, stages, presets: no tokens, deterministic), the LLM changes the
structure (fusion, algorithm, memory layout) where the tuner cannot go. In one round, the round's best from either
becomes the next round's seed for both: the tuner tunes around the best kernel it can vary (its starter's
descendants; a kernel the LLM rewrote without the tunables is left to the LLM), and the LLM's prompt carries the
tuner's verdicts and figures. Alternating would let each see the other's results only every second round, and a
dry tuner round would count against ``--patience`` while the LLM still had ideas; here a round is stale only when
neither improved, and the search stops for lack of ideas only when both have none.

Each gets the round's full ``--ideas`` x ``--branches``, so a mixed round judges up to twice a single proposer's
candidates. Round 0 is the tuner's generated starter plus the LLM's first ideas (the LLM does not propose the
starter again). Without an endpoint, ``mixed`` is refused (`autokernel.search.session.make_proposer`): a user who
asked for LLM ideas is told, rather than given a tuner-only search under a label that says otherwise.
"""

from __future__ import annotations

from autokernel.problem import Problem
from autokernel.propose.base import History, Proposer
from autokernel.propose.usage import Usage
from autokernel.records import Candidate


class MixedProposer:
    """``tuner``'s moves then ``llm``'s kernels, each round; candidates keep their own proposer's name."""

    name = "mixed"

    def __init__(self, llm: Proposer, tuner: Proposer) -> None:
        self.llm = llm
        self.tuner = tuner

    # what the search and the run log read: the LLM's tokens and events, the tuner's notes and move prior
    @property
    def usage(self) -> dict[str, dict[str, int]]:
        return getattr(self.llm, "usage", {})

    @property
    def costs(self) -> dict[str, float]:
        return getattr(self.llm, "costs", {})

    @property
    def events(self) -> list[str]:
        return getattr(self.llm, "events", [])

    @property
    def notes(self) -> dict[str, str]:
        return getattr(self.tuner, "notes", {})

    @property
    def prior(self):
        return getattr(self.tuner, "prior", None)

    @property
    def revision(self):
        return getattr(self.tuner, "revision", None)

    @property
    def judge_when_passed(self) -> set[str]:
        return getattr(self.tuner, "judge_when_passed", set())

    def lineage(self, problem: Problem, history: History):
        """The tuner's own line (`TunerProposer.lineage`): its stepping stones are the tuner's moves."""
        lineage = getattr(self.tuner, "lineage", None)
        return lineage(problem, history) if callable(lineage) else None

    def rewrite(self, problem: Problem, history: History, digests) -> dict[str, str]:
        """The tuner's kernels it writes again for a resume (`TunerProposer.rewrite`)."""
        rewrite = getattr(self.tuner, "rewrite", None)
        return rewrite(problem, history, digests) if callable(rewrite) else {}

    def owns(self, problem: Problem, candidate, history: History) -> bool:
        """The tuner's word on `Candidate.own_code` (the LLM's kernels never are)."""
        owns = getattr(self.tuner, "owns", None)
        return bool(candidate.own_code or (callable(owns) and owns(problem, candidate, history)))

    def take_usage(self, problem_key: str) -> Usage:
        take = getattr(self.llm, "take_usage", None)
        return take(problem_key) if take is not None else Usage()

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        out = list(self.tuner.propose(problem, history, n_ideas, n_branches))
        seen = {c.digest for c in out}
        out += [c for c in self.llm.propose(problem, history, n_ideas, n_branches) if c.digest not in seen]
        return out

    def propose_wide(self, problem: Problem, history: History, width: int, *, llm_ideas: int = 1) -> list[Candidate]:
        """A screened round (`run --screen-width`): the LLM's ``llm_ideas`` kernels first (one branch each), then the
        tuner's wide round fills the ``width``; the screen ranks them all and only the fastest are judged. Without
        this, the search would ask the LLM for ``width / branches`` ideas a round, a large token bill for variants
        the tuner makes for free."""
        out = list(self.llm.propose(problem, history, llm_ideas, 1))[:width]
        seen = {c.digest for c in out}
        wide = getattr(self.tuner, "propose_wide", None)
        rest = wide(problem, history, width - len(out)) if callable(wide) else self.tuner.propose(problem, history, 1, 1)
        out += [c for c in rest if c.digest not in seen]
        return out[:width]

