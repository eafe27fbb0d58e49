"""The proposer plug point and the history it reads: earlier candidates with their verdicts."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

from autokernel.problem import Problem
from autokernel.records import Candidate, Verdict


@dataclass(frozen=True, kw_only=True)
class Attempt:
    """One evaluated candidate: what was tried, what the harness said, what it cost in tokens (and in US dollars,
    when the proposer knew its prices)."""

    candidate: Candidate
    verdict: Verdict
    tokens: dict[str, int] = field(default_factory=dict)
    cost_usd: float | None = None

    @property
    def is_correct(self) -> bool:
        return self.verdict.is_correct

    @property
    def speedup(self) -> float | None:
        return self.verdict.speedup

    @property
    def kernel_ms(self) -> float | None:
        """The kernel's median time as judged (what the search ranks by); None where it was not timed."""
        kernel = self.verdict.kernel
        return kernel.median_ms if kernel is not None and kernel.median_ms else None


@dataclass(kw_only=True)
class History:
    """What a proposer sees for one problem: every attempt so far, and the seeds to build on (best first).

    Seeds are chosen by the search (best correct kernels plus a bank of good earlier ones); only
    correct candidates are ever seeds, so a rejected (hacked) kernel never propagates. ``protocol`` and
    ``tolerance`` name the judging protocol and tolerance preset the run judges under ("" when unknown), so a
    proposer can say which precision is admissible before any verdict exists. ``screened``: digests of
    variants the screen has already ranked (judged or not), which a proposer need not offer again.
    ``screen_ratios``: (idea, screened time / its round's best-kernel time, parent digest) of each screened variant
    of a round that had a best kernel (inf for one that failed the screen), so a proposer can stop offering a move
    that never came near the best. ``lineage``: digest -> (parent digest, idea) of recorded candidates kept without
    their source (a thinned run directory), so a proposer can still tell what a variant of theirs was set to;
    ``unsourced_correct``: how many of those were correct.
    """

    attempts: list[Attempt] = field(default_factory=list)
    seeds: list[Attempt] = field(default_factory=list)
    device: str = "cpu"
    round: int = 0
    protocol: str = ""
    tolerance: str = ""
    screened: set[str] = field(default_factory=set)
    screen_ratios: list[tuple] = field(default_factory=list)
    lineage: dict[str, tuple] = field(default_factory=dict)
    unsourced_correct: int = 0  # of the candidates in ``lineage``, those judged correct
    _index: tuple = field(default=(None, 0, {}), init=False, repr=False, compare=False)

    @property
    def digests(self) -> set[str]:
        return {a.candidate.digest for a in self.attempts}

    def attempt(self, digest: str) -> Attempt | None:
        """The first attempt of candidate ``digest``, or None. An index rebuilt when ``attempts`` is replaced or grows:
        a proposer walking lineages asks this once per screened row and ancestor, hundreds of times a round."""
        ident, n, index = self._index
        if ident is not self.attempts or n != len(self.attempts):
            index = {}
            for a in self.attempts:
                index.setdefault(a.candidate.digest, a)
            self._index = (self.attempts, len(self.attempts), index)
        return index.get(digest)


@dataclass(frozen=True)
class Lineage:
    """A proposer's own line of kernels where its best is not the problem's best (`TunerProposer.lineage`).

    A screened round judges only variants faster than the problem's best kernel, so a line that starts behind a
    foreign seed (the starter's Triton convolution behind inductor's cuDNN call) could never take a step: its
    improvements are judged nowhere and never become seeds. The search also screens ``best`` and judges the fastest
    variant descending from ``seeds`` that beats it (a stepping stone, `SearchConfig.stepping_stones`).

    A line can also go flat: on the H100 panel L2/10's line sat a third behind inductor's kernel (6.4 ms), and its
    eleven stepping stones judged 8.60-8.73 ms against its starter's 8.71, none a 1 % step. `stale` counts such
    verdicts; from `SearchConfig.line_patience` of them on, the search judges no more stones for the line (it still
    screens the line's best, the bar its variants' ratios are read against).

    Attributes:
        best: the line's best judged kernel, the stepping stones' bar (screened in the same process).
        seeds: digests of the line's seeds: a stepping stone descends from one of them.
        times: the line's verdicts' kernel medians (ms) in judged order; None for one not correct or not timed.
    """

    best: Candidate
    seeds: frozenset[str]
    times: tuple[float | None, ...] = ()

    def stale(self, min_gain: float) -> int:
        """`stale_verdicts` of the line's times."""
        return stale_verdicts(self.times, min_gain)


def stale_verdicts(times, min_gain: float) -> int:
    """The latest of ``times`` (kernel medians in judged order, None for a verdict not correct or untimed) in a row
    that were not ``min_gain`` (relative) faster than every one before them: timing noise is no step. A verdict
    that fails or has no time counts as one."""
    best, stale = None, 0
    for ms in times:
        if ms is not None and ms > 0 and (best is None or best / ms >= 1.0 + min_gain):
            stale = 0
        else:
            stale += 1
        if ms is not None and ms > 0:
            best = ms if best is None else min(best, ms)
    return stale


class Proposer(Protocol):
    """Makes candidates for the next round. Returning [] means "no new ideas" (the search stops there).

    Optional, read with ``getattr`` by the search: ``usage`` (candidate digest -> tokens), ``costs`` (candidate
    digest -> US dollars), ``take_usage(problem_key)`` (a `autokernel.propose.usage.Usage` of the endpoint since
    the last call), ``events`` and ``notes`` (for the run log), ``rewrite(problem, history, digests)`` (digest ->
    source of recorded kernels kept without their source that it writes again exactly, read by a resume)."""

    name: str

    def propose(
        self, problem: Problem, history: History, n_ideas: int, n_branches: int
    ) -> list[Candidate]: ...


def rank_key(attempt: Attempt) -> tuple[float, float]:
    """Sort key, higher is better: lower kernel latency, then speedup. Latency first because the verdicts ranked are
    one problem's on one device, and each times its own eager beside the kernel: on a host-bound model that eager
    moved by a third between verdicts (ShuffleNet 7.7-10.6 ms on the H200), so the highest speedup was the luckiest
    eager reading, not the fastest kernel (1.58x at 6.71 ms over 1.36x at 6.43 ms). Untimed verdicts tie."""
    v = attempt.verdict
    return _rank(v.speedup, v.kernel.median_ms if v.kernel else None)


def recorded_rank(verdict: dict) -> tuple[float, float]:
    """`rank_key` of a verdict as stored (a ledger row's or best.json's dict)."""
    latency = (verdict.get("kernel") or {}).get("median_ms")
    speedup = verdict.get("speedup")
    return _rank(speedup if isinstance(speedup, (int, float)) else None,
                 latency if isinstance(latency, (int, float)) else None)


def _rank(speedup: float | None, latency_ms: float | None) -> tuple[float, float]:
    return (-float(latency_ms) if latency_ms is not None else -math.inf, float(speedup) if speedup is not None else 0.0)


def best_attempt(attempts: list[Attempt]) -> Attempt | None:
    correct = [a for a in attempts if a.is_correct]
    return max(correct, key=rank_key) if correct else None


def usage_of(proposer: Any, candidate: Candidate) -> dict[str, int]:
    """Token usage a proposer recorded for a candidate (empty for proposers that spend none)."""
    return dict(getattr(proposer, "usage", {}).get(candidate.digest, {}))


def cost_of(proposer: Any, candidate: Candidate) -> float | None:
    """US dollars a proposer recorded for a candidate (None: it spent nothing, or its prices are unknown)."""
    return getattr(proposer, "costs", {}).get(candidate.digest)
