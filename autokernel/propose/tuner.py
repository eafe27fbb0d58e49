"""`TunerProposer`: the built-in proposer (no LLM). Round 0 is the generated starter; later rounds
first try the starter's presets (sets of values that only pay off together, e.g. the tensor-core path with its
tiles), then move one tunable of a seed up or down its allowed values, one idea per (tunable, direction),
one branch per step size; a `MovePrior` from the run's ledger orders the moves. Tunables that do nothing under
the seed's values (a family's knobs while its engine is the library call) are left alone, and a move whose kernel
launches are exactly its seed's (found by a dry run on the meta device, `starters.launches`) is pruned before
it is timed. For a screened search, `propose_wide` offers many variants a round: those moves, then random
combinations of several knobs."""

from __future__ import annotations

import ast
import json
import random
import re
import threading

from autokernel.problem import Problem
from autokernel.propose.base import History
from autokernel.records import Candidate


def read_tunables(source: str, names) -> dict:
    """Values of module-level ``NAME = literal`` lines for the given names (missing names left out)."""
    values = {}
    for name in names:
        m = re.search(rf"^{re.escape(name)}\s*=\s*(.+?)\s*(#.*)?$", source, re.MULTILINE)
        if m:
            try:
                values[name] = ast.literal_eval(m.group(1))
            except (ValueError, SyntaxError):
                continue
    return values


def set_tunables(source: str, values: dict) -> str:
    """The source with each module-level ``NAME = ...`` line set to the new value."""
    for name, value in values.items():
        source, n = re.subn(
            rf"^{re.escape(name)}\s*=.*$", f"{name} = {value!r}", source, count=1, flags=re.MULTILINE
        )
        if n != 1:
            raise ValueError(f"tunable {name} is not a module-level constant of this source")
    return source


def _verb(name: str, old, new) -> str:
    if isinstance(old, (int, float)) and isinstance(new, (int, float)) and old:
        if new == 2 * old:
            return "double"
        if 2 * new == old:
            return "halve"
        return "raise" if new > old else "lower"
    return "set"


class TunerProposer:
    """Varies the starter's tunables around the best seeds; deterministic, so a resumed run replays it.

    Configs already tried are cached per problem digest + device, failures included (a config that
    failed is a tried config, never retried). The cache lives in memory: a resumed run replays the
    same proposals and the ledger answers them without evaluating.
    """

    name = "tuner"

    def __init__(self, prior=None) -> None:
        self.prior = prior  # a `MovePrior`: moves that paid off elsewhere in the run are tried first
        self._starters: dict[str, object] = {}
        self._tried: dict[str, set[str]] = {}
        self.usage: dict[str, dict[str, int]] = {}
        self.notes: dict[str, str] = {}  # problem key -> why no starter
        self.pruned: dict[str, list[str]] = {}  # problem key -> ideas not timed: the same launches as their seed
        self._plans: dict[tuple[str, str], object] = {}  # (candidate digest, device) -> launch plan or None
        # Problems are searched from several threads; tracing imports parts of torch lazily, and two
        # threads importing torch._dynamo at once see it half-initialised. One generation at a time.
        self._generate = threading.Lock()

    @staticmethod
    def _config_key(values: dict) -> str:
        return json.dumps(values, sort_keys=True)

    # -- proposing ----------------------------------------------------------------------------
    def _starter(self, problem: Problem):
        with self._generate:
            return self._starter_locked(problem)

    def _starter_locked(self, problem: Problem):
        if problem.digest not in self._starters:
            from autokernel.starters import generate_starter

            try:
                starter = generate_starter(problem)
                if not getattr(starter, "has_kernel", True) or not starter.source:
                    self.notes[problem.key] = "no starter: " + "; ".join(
                        starter.fallbacks or ("no kernel generated",)
                    )
                    starter = None
            except Exception as exc:  # the generator is best-effort: any failure means "no starter"
                self.notes[problem.key] = f"no starter: {type(exc).__name__}: {exc}"
                starter = None
            self._starters[problem.digest] = starter
        return self._starters[problem.digest]

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        starter = self._starter(problem)
        if starter is None:
            return []
        space = {k: list(v) for k, v in starter.space.items() if len(v) > 1}
        tried_key = f"{problem.digest}:{history.device}"
        tried = self._tried.setdefault(tried_key, set())
        seen = set(history.digests) | history.screened
        for a in history.attempts:  # configs evaluated in this run count as tried, pass or fail
            vals = read_tunables(a.candidate.source, space)
            if vals:
                tried.add(self._config_key(vals))
        if not history.attempts:
            cand = Candidate(
                source=starter.source,
                proposer=self.name,
                round=history.round,
                branch=0,
                idea="generated starter (" + "; ".join(starter.covered) + ")",
            )
            tried.add(self._config_key(read_tunables(starter.source, space)))
            return [] if cand.digest in seen else [cand]

        out: list[Candidate] = []
        ideas = 0
        # every tunable up, then every one down, so a narrow search still touches each; with a prior, the
        # moves that helped most often on the run's other problems first (stable: ties keep this order)
        moves = [(name, step) for step in (+1, -1) for name in space]
        if self.prior is not None and len(self.prior):
            moves.sort(key=lambda m: -self.prior.score(m[0], m[1], space[m[0]]))
        for seed in history.seeds:
            base = read_tunables(seed.candidate.source, space)
            if set(base) != set(space):
                continue  # not a tunable descendant of the starter: nothing to vary
            for preset, values in starter.presets.items():
                if ideas >= n_ideas:
                    break
                cand = self._preset(problem, history, seed, base, preset, values, tried, seen)
                if cand is not None:
                    ideas += 1
                    out.append(cand)
            inert = starter.inert(base)
            for name, step in moves:
                if ideas >= n_ideas:
                    break
                if name in inert:
                    continue
                branch_cands = self._branches(
                    problem, history, seed, base, space, name, step, n_branches, tried, seen
                )
                if branch_cands:
                    ideas += 1
                    out.extend(branch_cands)
        if not out and self.pruned.get(problem.key):
            self.notes.setdefault(problem.key, f"{len(self.pruned[problem.key])} moves pruned: the same kernel "
                                               f"launches as their seed")
        return out

    def propose_wide(self, problem: Problem, history: History, width: int) -> list[Candidate]:
        """Up to ``width`` distinct variants for a screen to rank: the presets and one step along each knob of each
        seed (as `propose`), then random combinations of two or three knobs of a seed, none tried or screened
        before (by configuration and by digest), none launching exactly what its seed does. The random draws are
        seeded by the problem and the round, so a resumed run offers the same variants again."""
        if not history.attempts:
            return self.propose(problem, history, 1, 1)  # round 0: the starter alone
        out = self.propose(problem, history, width, 1)[:width]
        starter = self._starter(problem)
        if starter is None or len(out) >= width:
            return out
        space = {k: list(v) for k, v in starter.space.items() if len(v) > 1}
        tried = self._tried.setdefault(f"{problem.digest}:{history.device}", set())
        seen = set(history.digests) | history.screened | {c.digest for c in out}
        seeds = [(s, read_tunables(s.candidate.source, space)) for s in history.seeds]
        seeds = [(s, base) for s, base in seeds if space and set(base) == set(space)]
        if not seeds:
            return out
        rng = random.Random(f"{problem.digest}:{history.device}:{history.round}")
        draws = 0
        while len(out) < width and draws < 20 * width:
            draws += 1
            seed, base = rng.choice(seeds)
            names = rng.sample(sorted(space), min(len(space), rng.choice((2, 3))))
            values = {n: rng.choice([v for v in space[n] if v != base[n]]) for n in names}
            inert = starter.inert({**base, **values})
            changed = {n: v for n, v in values.items() if n not in inert}
            key = self._config_key({**base, **changed})
            if len(changed) < 2 or key in tried:
                continue
            cand = Candidate(
                source=set_tunables(seed.candidate.source, changed),
                proposer=self.name,
                round=history.round,
                branch=len(out),
                parent=seed.candidate.digest,
                idea="combine " + ", ".join(f"{n} {base[n]} -> {v}" for n, v in changed.items()),
            )
            tried.add(key)
            if cand.digest in seen:
                continue
            seen.add(cand.digest)
            if not self._same_launches(problem, history, seed, cand):
                out.append(cand)
        return out

    # -- pruning ------------------------------------------------------------------------------
    @staticmethod
    def _sm_count(device: str) -> int | None:
        """The SMs a starter's host code will see on ``device`` (None: a GPU this process cannot query)."""
        if not device.startswith("cuda"):
            return 4
        try:
            import torch

            return torch.cuda.get_device_properties(torch.device(device)).multi_processor_count
        except Exception:  # noqa: BLE001 - no answer means no pruning, never a failed proposal
            return None

    def _plan(self, problem: Problem, cand: Candidate, device: str):
        key = (cand.digest, device)
        if key not in self._plans:
            from autokernel.starters.launches import launch_plan

            sms = self._sm_count(device)
            self._plans[key] = None if sms is None else launch_plan(cand.source, problem, sm_count=sms)
        return self._plans[key]

    def _own(self, problem: Problem, source: str) -> bool:
        """Whether ``source`` is this tuner's starter with only its tunable lines changed: the dry run imports and
        runs it in this process, unconfined, so a seed from anywhere else (an LLM, an agent) is never dry-run."""
        starter = self._starter(problem)
        if starter is None:
            return False
        values = read_tunables(source, starter.space)
        try:
            return set(values) == set(starter.space) and set_tunables(starter.source, values) == source
        except ValueError:
            return False

    def _same_launches(self, problem: Problem, history: History, seed, cand: Candidate) -> bool:
        """Whether ``cand`` launches exactly the kernels its seed does (grids, arguments, block sizes, warps): the
        same kernel, so timing it would spend the GPU on nothing. A failed dry run is never a match, and only the
        tuner's own sources are dry-run (see `_own`)."""
        if not self._own(problem, seed.candidate.source):
            return False
        parent = self._plan(problem, seed.candidate, history.device)
        if parent is None or self._plan(problem, cand, history.device) != parent:
            return False
        self.pruned.setdefault(problem.key, []).append(cand.idea)
        return True

    def _preset(self, problem, history, seed, base, preset, values, tried, seen):
        changed = {k: v for k, v in values.items() if base.get(k) != v}
        key = self._config_key({**base, **values})
        if not changed or key in tried:
            return None
        cand = Candidate(
            source=set_tunables(seed.candidate.source, changed),
            proposer=self.name,
            round=history.round,
            branch=0,
            parent=seed.candidate.digest,
            idea=f"preset {preset}: " + ", ".join(f"{k} {base[k]} -> {v}" for k, v in changed.items()),
        )
        if cand.digest in seen:
            return None
        tried.add(key)
        seen.add(cand.digest)
        return None if self._same_launches(problem, history, seed, cand) else cand

    def _branches(self, problem, history, seed, base, space, name, step, n_branches, tried, seen):
        allowed = space[name]
        if base[name] not in allowed:
            return []
        i = allowed.index(base[name])
        out = []
        for k in range(1, len(allowed)):
            if len(out) >= n_branches:
                break
            j = i + step * k
            if not 0 <= j < len(allowed):
                break
            values = {**base, name: allowed[j]}
            key = self._config_key(values)
            if key in tried:
                continue
            source = set_tunables(seed.candidate.source, {name: allowed[j]})
            cand = Candidate(
                source=source,
                proposer=self.name,
                round=history.round,
                branch=len(out),
                parent=seed.candidate.digest,
                idea=f"{_verb(name, base[name], allowed[j])} {name} {base[name]} -> {allowed[j]}",
            )
            if cand.digest in seen:
                continue
            tried.add(key)
            seen.add(cand.digest)
            if self._same_launches(problem, history, seed, cand):
                continue  # a step that changes nothing: try the next step of the same move
            out.append(cand)
        return out
