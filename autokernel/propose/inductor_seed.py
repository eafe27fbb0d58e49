"""Round 0 seeded with torch inductor's own Triton: the search starts no worse than ``torch.compile``.

`InductorSeedProposer` wraps any proposer and adds, in round 0, inductor's generated code for the problem made a
standalone ModelNew (`autokernel.starters.inductor`), judged like any candidate. It has no tunables, so the tuner
treats it as a foreign seed (its moves vary the starter); the LLM proposer sees it among the seeds. A problem
inductor cannot take gets no seed; the reason is kept in ``inductor_notes`` (the run's summary lists them).
"""

from __future__ import annotations

import threading

from autokernel.problem import Problem
from autokernel.propose.base import History, Proposer
from autokernel.records import Candidate


def wanted(enabled: bool | None, device: str) -> bool:
    """``--inductor-seed`` resolved for ``device``: None (the default) means on a GPU only. On the CPU inductor
    compiles each problem for seconds and its kernels run in the Triton interpreter: a check, not a seed that
    can win, so CPU runs ask for it explicitly."""
    return bool(enabled) if enabled is not None else device.startswith("cuda")


class InductorSeedProposer:
    """``inner``'s proposals, plus in round 0 inductor's code for the problem (where ``enabled`` for the device)."""

    def __init__(self, inner: Proposer, enabled: bool | None = None, *, timeout_s: float | None = None,
                 make_seed=None) -> None:
        self.inner = inner
        self.name = inner.name
        self.enabled = enabled
        self.timeout_s = timeout_s
        self._make_seed = make_seed  # tests pass a stand-in; None = autokernel.starters.inductor.inductor_seed
        self._seeds: dict[tuple[str, str], object] = {}
        self._lock = threading.Lock()
        self.inductor_notes: dict[str, str] = {}  # problem key -> what inductor gave (a seed, or why none)

    def __getattr__(self, name: str):  # the inner proposer's notes, usage, prior ... (read by the run)
        return getattr(self.inner, name)

    def seed(self, problem: Problem, device: str):
        """The `InductorSeed` of ``problem`` on ``device`` (made once per process; a resumed run re-makes it, and
        inductor's output for the same versions is the same source, so the ledger answers it)."""
        key = (problem.digest, device)
        with self._lock:
            if key in self._seeds:
                return self._seeds[key]
        if self._make_seed is None:
            from autokernel.starters.inductor import DEFAULT_TIMEOUT_S, inductor_seed

            seed = inductor_seed(problem, device, timeout_s=self.timeout_s or DEFAULT_TIMEOUT_S)
        else:
            seed = self._make_seed(problem, device)
        with self._lock:
            self._seeds[key] = seed
            self.inductor_notes[problem.key] = (
                f"seed from torch {seed.torch_version}: {seed.reason}"
                + (f" (imports inductor runtime helpers: tied to torch {seed.tied_to_torch})"
                   if seed.tied_to_torch else "")
                if seed.source else f"no seed: {seed.reason}")
        return seed

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        out = list(self.inner.propose(problem, history, n_ideas, n_branches))
        if history.attempts or not wanted(self.enabled, history.device):
            return out
        seed = self.seed(problem, history.device)
        if seed.source is None:
            return out
        cand = Candidate(source=seed.source, proposer="inductor", round=history.round, branch=len(out),
                         idea=f"torch inductor's generated Triton (torch {seed.torch_version}), made standalone")
        if cand.digest not in set(history.digests) | {c.digest for c in out}:
            out.append(cand)
        return out
