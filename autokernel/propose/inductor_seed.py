"""Round 0 seeded with torch inductor's own Triton: the search starts no worse than ``torch.compile``.

`InductorSeedProposer` wraps any proposer and adds, in round 0, inductor's generated code for the problem made a
standalone ModelNew (`autokernel.starters.inductor`), judged like any candidate. It has no tunables, so the tuner
treats it as a foreign seed (its moves vary the starter); the LLM proposer sees it among the seeds. A problem
inductor cannot take gets no seed; the reason is kept in ``inductor_notes`` (the run's summary lists them).

A resumed run whose problem has no inductor verdict yet (its round 0 made no seed: a capture that failed or timed
out on the machine of that call, or an earlier version of this code) offers the seed again, once per invocation, in
its next round; a screened round judges it whenever it passes the screen (``judge_when_passed``: only a verdict
makes a seed). Where inductor gave no seed for the same problem, device kind and torch, the judge cache
(`autokernel.evaluate.caches`, ``inductor_seeds.json``) remembers why, so resumes do not capture it again.
The H200 search panel's ShuffleNet (L3/26) ran 11 rounds without one.

After round 0, where the seed was judged correct, each round offers one variant of it: the problem captured again
under one of inductor's own code-generation settings (`autokernel.starters.inductor.VARIANTS`: channels-last
convolutions, unsplit reductions, ...), where the seed has what the setting acts on and the code differs from the
seed's. The seed led the tuner's line on the H100 panel's L1/50, L2/10 and L2/90, whose searches gained nothing:
the tuner's only move on a file without its tunables is CUDA graphs. A variant that made the seed's code again, or
none, is remembered in the judge cache (``inductor_variants.json``) beside the seeds'.
"""

from __future__ import annotations

import functools
import threading
import time

from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History, Proposer
from autokernel.records import Candidate

SEED_IDEA = "torch inductor's generated Triton"
VARIANT_IDEA = "inductor setting: "
CAPTURES_PER_ROUND = 2  # variant captures a round at most (each a compile of the problem: seconds to a minute)
VARIANT_TIMEOUT_S = 300.0  # a variant's capture at most; less where the run stops sooner (``stop_at``)
MIN_CAPTURE_S = 20.0  # no capture starts with less time than this left before the run stops
STOPPING = "the run stops"  # the reason of a capture not started for it (never remembered)
# reasons that are the machine's or the run's, not the problem's: asked again next invocation
_NOT_THE_PROBLEMS = ("took more than", "exited with code", STOPPING)


def lasting(reason: str) -> bool:
    """Whether a capture's reason for giving no code will hold next time (inductor's own verdict on the problem),
    not the machine's or the run's (a time limit, a crashed capture, the run's stop): only such are remembered."""
    return not any(r in reason for r in _NOT_THE_PROBLEMS)


def wanted(enabled: bool | None, device: str) -> bool:
    """``--inductor-seed`` resolved for ``device``: None (the default) means on a GPU only. On the CPU inductor
    compiles each problem for seconds and its kernels run in the Triton interpreter: a check, not a seed that
    can win, so CPU runs ask for it explicitly."""
    return bool(enabled) if enabled is not None else device.startswith("cuda")


class InductorSeedProposer:
    """``inner``'s proposals, plus in round 0 inductor's code for the problem (where ``enabled`` for the device)."""

    def __init__(self, inner: Proposer, enabled: bool | None = None, *, timeout_s: float | None = None,
                 make_seed=None, stop_at: float | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.enabled = enabled
        self.timeout_s = timeout_s
        self._make_seed = make_seed  # tests pass a stand-in; None = autokernel.starters.inductor.inductor_seed
        self.stop_at = stop_at  # epoch seconds: the run's --stop-after, which no variant capture may pass
        self._seeds: dict[tuple[str, str], object] = {}
        self._lock = threading.Lock()
        self.inductor_notes: dict[str, str] = {}  # problem key -> what inductor gave (a seed, or why none)
        self._late: set[str] = set()  # problem digests offered a seed after round 0 in this process
        self._variants_done: set[tuple[str, str, str]] = set()  # (problem, device, variant) captured or passed
        self._must_judge: set[str] = set()

    @property
    def judge_when_passed(self) -> set[str]:
        """The inner proposer's, and a seed offered after round 0 (read by the search's screened rounds)."""
        return set(getattr(self.inner, "judge_when_passed", ()) or ()) | self._must_judge

    def __getattr__(self, name: str):  # the inner proposer's notes, usage, prior ... (read by the run)
        if name == "propose_wide" and callable(getattr(self.inner, "propose_wide", None)):
            return self._propose_wide  # only where the inner proposer screens wide: the search asks getattr
        return getattr(self.inner, name)

    def seed(self, problem: Problem, device: str):
        """The `InductorSeed` of ``problem`` on ``device`` (made once per process; a resumed run re-makes it, and
        inductor's output for the same versions is the same source, so the ledger answers it)."""
        from autokernel.starters.inductor import DEFAULT_TIMEOUT_S, InductorSeed

        key = (problem.digest, device)
        with self._lock:
            if key in self._seeds:
                return self._seeds[key]
        limit = self._time_left(self.timeout_s or DEFAULT_TIMEOUT_S)
        if limit is None:  # not kept: the run's stop, not the problem's
            seed = InductorSeed(None, f"{STOPPING}: no capture started within {MIN_CAPTURE_S:g} s of --stop-after")
            self.inductor_notes[problem.key] = f"no seed: {seed.reason}"
            return seed
        seed = self._capture(problem, device, None, limit)
        with self._lock:
            self._seeds[key] = seed
            self.inductor_notes[problem.key] = (
                f"seed from torch {seed.torch_version}: {seed.reason}"
                + (f" (imports inductor runtime helpers: tied to torch {seed.tied_to_torch})"
                   if seed.tied_to_torch else "")
                if seed.source else f"no seed: {seed.reason}")
        return seed

    def owns(self, problem: Problem, candidate: Candidate, history: History) -> bool:
        """`Candidate.own_code` of a kernel read back from the ledger: inductor's seed is, and the inner
        proposer answers for the rest."""
        owns = getattr(self.inner, "owns", None)
        return bool(candidate.own_code or candidate.proposer == "inductor"
                    or (callable(owns) and owns(problem, candidate, history)))

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        out = list(self.inner.propose(problem, history, n_ideas, n_branches))
        seed = self._seed_candidate(problem, history, branch=len(out))
        for cand in (seed, self._variant_candidate(problem, history, branch=len(out) + 1,
                                                   alone=not out and seed is None)):
            if cand is not None and cand.digest not in {c.digest for c in out}:
                out.append(cand)
        return out

    def _propose_wide(self, problem: Problem, history: History, width: int) -> list[Candidate]:
        own = [c for c in (self._seed_candidate(problem, history, branch=0),
                           self._variant_candidate(problem, history, branch=1)) if c is not None]
        out = list(self.inner.propose_wide(problem, history, width - len(own)))
        if not own and not out:  # the round has nothing else: capture on, rather than stop with variants untried
            own = [c for c in (self._variant_candidate(problem, history, branch=1, alone=True),) if c is not None]
        digests = {c.digest for c in out}
        return [c for c in own if c.digest not in digests] + out

    def _seed_candidate(self, problem: Problem, history: History, *, branch: int) -> Candidate | None:
        """Round 0's seed; after round 0, the seed once per invocation where no inductor candidate was judged."""
        if not wanted(self.enabled, history.device):
            return None
        late = bool(history.attempts)
        if late:
            if problem.digest in self._late or any(a.candidate.proposer == "inductor" for a in history.attempts):
                return None
            self._late.add(problem.digest)
            known = _no_seed(problem, history.device)
            if known is not None:
                self.inductor_notes.setdefault(problem.key, f"no seed (an earlier invocation): {known}")
                return None
        seed = self.seed(problem, history.device)
        if seed.source is None:
            _remember_no_seed(problem, history.device, seed.reason)
            return None
        idea = f"{SEED_IDEA} (torch {seed.torch_version}), made standalone"
        cand = Candidate(source=seed.source, proposer="inductor", round=history.round, branch=branch, own_code=True,
                         idea=idea + (" (round 0 had no inductor seed)" if late else ""))
        if cand.digest in set(history.digests) | history.screened:
            return None
        if late:
            self._must_judge.add(cand.digest)
        return cand

    def _variant_candidate(self, problem: Problem, history: History, *, branch: int,
                           alone: bool = False) -> Candidate | None:
        """After round 0, the next variant of a correct seed (`VARIANTS`, in order, then the settings of those that
        beat the seed together) not tried in this run: one a round, capturing at most `CAPTURES_PER_ROUND` to find
        it (a variant whose code is the seed's, or that gives none, is passed over and remembered). ``alone``: the
        round has no other candidate, so capture until one is found (or the stop nears): an empty round ends the
        search, and the H100 panel's L2/90 stopped so after two captures had made the seed's code, three left."""
        if not history.attempts or not wanted(self.enabled, history.device):
            return None
        seed = _judged_seed(history)
        if seed is None:
            return None
        from autokernel.starters.inductor import VARIANTS, applies, combined, same_code

        tried = {_variant_name(a.candidate.idea) for a in history.attempts} - {None}
        known = history.digests | history.screened
        together = combined(_gainers(history, seed))
        captures = 0
        for variant in (*VARIANTS, *([together] if together else [])):
            key = (problem.digest, history.device, variant.name)
            if (variant.name in tried or key in self._variants_done
                    or not applies(variant, seed.candidate.source)):
                continue
            remembered = _variant_outcome(problem, history.device, variant.name)
            if remembered and not remembered.startswith("digest "):
                self._variants_done.add(key)
                continue
            if remembered and remembered.removeprefix("digest ") in known:
                self._variants_done.add(key)  # screened in an earlier invocation and not judged: lost its screen
                continue
            timeout = self._time_left(VARIANT_TIMEOUT_S)
            if (captures >= CAPTURES_PER_ROUND and not alone) or timeout is None:
                return None
            captures += 1
            self._variants_done.add(key)
            made = self._capture(problem, history.device, variant.options, timeout)
            if made.source is None:
                _remember_variant(problem, history.device, variant.name, f"no code: {made.reason}")
                continue
            if same_code(made.source, seed.candidate.source):
                _remember_variant(problem, history.device, variant.name, "the seed's code")
                continue
            cand = Candidate(source=made.source, proposer="inductor", round=history.round, branch=branch,
                             own_code=True, parent=seed.candidate.digest,
                             idea=f"{VARIANT_IDEA}{variant.label}, inductor's seed "
                                  f"{seed.candidate.digest[:8]} captured again (torch {made.torch_version})")
            if cand.digest in known:
                continue
            _remember_variant(problem, history.device, variant.name, f"digest {cand.digest}")
            return cand
        return None

    def _time_left(self, limit: float) -> float | None:
        """A capture's time limit: ``limit``, or less where the run stops sooner (``stop_at``); None where less
        than `MIN_CAPTURE_S` is left, so no capture holds the run past its --stop-after."""
        if self.stop_at is not None:
            limit = min(limit, self.stop_at - time.time())
        return limit if limit >= MIN_CAPTURE_S else None

    def _capture(self, problem: Problem, device: str, options: dict | None, timeout_s: float):
        """The seed's capture (``options`` None) or a variant's, within ``timeout_s`` (one that runs out is asked
        again by the next invocation)."""
        settings = {"options": options} if options else {}
        if self._make_seed is None:
            from autokernel.starters.inductor import inductor_seed

            return inductor_seed(problem, device, timeout_s=timeout_s, **settings)
        return self._make_seed(problem, device, **settings)


def _gainers(history: History, seed: Attempt) -> list:
    """The variants (`VARIANTS`) judged correct and faster than ``seed``, fastest first."""
    from autokernel.starters.inductor import VARIANTS

    by_name = {v.name: v for v in VARIANTS}
    bar = seed.verdict.kernel.median_ms if seed.verdict.kernel else None
    faster = [(a.verdict.kernel.median_ms, by_name[name]) for a in history.attempts
              if a.is_correct and a.verdict.kernel and bar and a.verdict.kernel.median_ms < bar
              and (name := _variant_name(a.candidate.idea)) in by_name]
    return [v for _, v in sorted(faster, key=lambda t: t[0])]


def _variant_name(idea: str) -> str | None:
    """The variant a candidate's idea names (``inductor setting: NAME (settings), ...``), None if it is none."""
    return idea[len(VARIANT_IDEA):].split(" (", 1)[0] if idea.startswith(VARIANT_IDEA) else None


def _judged_seed(history: History) -> Attempt | None:
    """The round's inductor seed judged correct, with its source (a thin copy may have left it out), or None."""
    return next((a for a in history.attempts if a.candidate.proposer == "inductor" and a.is_correct
                 and a.candidate.idea.startswith(SEED_IDEA) and a.candidate.source), None)


_NO_SEED = "inductor_seeds.json"  # the judge cache's file of problems inductor gave no seed, and why
_VARIANTS = "inductor_variants.json"  # ... and of each variant: the seed's code, no code (why), or what it made


def _no_seed_key(problem: Problem, device: str) -> str:
    """Problem, device kind, torch, and the code that captures and rewrites (a fix there asks again)."""
    import torch

    kind = "cuda" if device.startswith("cuda") else "cpu"
    return f"{problem.digest}:{kind}:{torch.__version__}:{_capture_code()}"


@functools.cache
def _capture_code() -> str:
    """The digest of the code that captures and rewrites (read once a process: the variants ask every round)."""
    import hashlib
    from pathlib import Path

    here = Path(__file__).resolve().parents[1] / "starters"
    code = hashlib.sha256(b"".join((here / f).read_bytes() for f in ("_inductor_capture.py", "_inductor_source.py")))
    return code.hexdigest()[:12]


def _no_seed(problem: Problem, device: str) -> str | None:
    """Why inductor gave no seed for this problem, device kind and torch in an earlier process, or None."""
    from autokernel.evaluate.caches import default_cache_dir, read_json

    reason = read_json(default_cache_dir() / _NO_SEED).get(_no_seed_key(problem, device))
    return str(reason) if reason else None


def _remember_no_seed(problem: Problem, device: str, reason: str) -> None:
    """A reason that will hold next time (inductor's own verdict on the problem); a time limit is not remembered."""
    if not lasting(reason):
        return  # the machine's, not the problem's: try again on the next invocation
    from autokernel.evaluate.caches import default_cache_dir, update_json

    update_json(default_cache_dir() / _NO_SEED, _no_seed_key(problem, device), reason)


def _variant_outcome(problem: Problem, device: str, name: str) -> str | None:
    from autokernel.evaluate.caches import default_cache_dir, read_json

    outcome = read_json(default_cache_dir() / _VARIANTS).get(f"{_no_seed_key(problem, device)}:{name}")
    return str(outcome) if outcome else None


def _remember_variant(problem: Problem, device: str, name: str, outcome: str) -> None:
    """What capturing a variant gave; a time limit or a crashed capture is the machine's, not remembered."""
    if not lasting(outcome):
        return
    from autokernel.evaluate.caches import default_cache_dir, update_json

    update_json(default_cache_dir() / _VARIANTS, f"{_no_seed_key(problem, device)}:{name}", outcome)
