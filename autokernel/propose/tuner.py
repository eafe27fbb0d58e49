"""`TunerProposer`: the built-in proposer (no LLM). Round 0 is the generated starter; later rounds
first try the starter's presets (sets of values that only pay off together, e.g. the tensor-core path with its
tiles), then move one tunable of a seed up or down its allowed values, one idea per (tunable, direction),
one branch per step size; a `MovePrior` from the run's ledger orders the moves. Tunables that do nothing under
the seed's values (a family's knobs while its engine is the library call) are left alone, and a move whose kernel
launches are exactly its seed's (found by a dry run on the meta device, `starters.launches`) is pruned before
it is timed. Values the run's judging protocol does not admit (`Starter.space_for`) are never offered.

With two or more seeds that are the starter with only tunable lines changed, children take each knob from one
of two parents (uniform crossover). For a screened search, `propose_wide` offers many variants a round, in shares:
single moves, crossovers, steps of two or three knobs together (ordered by the prior), random combinations."""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import itertools
import json
import math
import random
import re
import threading
from pathlib import Path

from autokernel.problem import Problem
from autokernel.propose.base import History, Lineage, rank_key
from autokernel.propose.prior import parse_moves
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


def _repair_seeds(history: History) -> list:
    """With no correct kernel yet, the tuner's own kernels that ran and were only wrong in their values (the judge's
    ``values`` check: a precision path the protocol's reference does not match, e.g. an fp32 convolution against
    KernelBench's TF32 cuDNN reference), closest first: their presets and moves may be right (the rounded TF32
    preset is, there). Never a rejected kernel, nor another proposer's: a seed is only ever a base for moves of the
    tuner's own code, and only a correct verdict ever makes a kernel count."""
    wrong = [a for a in history.attempts if a.verdict.verdict == "incorrect" and a.verdict.failed_check == "values"
             and a.candidate.proposer == TunerProposer.name]
    return sorted(wrong, key=lambda a: a.verdict.max_abs_error if a.verdict.max_abs_error is not None else math.inf)


def _line_seeds(history: History) -> list:
    """The correct kernels outside the seeds, best first: where no seed is tunable in today's code (a foreign kernel
    leads, and a template change left the tuner's earlier seeds in other code), the tuner's line goes on from its best
    kernels in today's code. Without this, today's starter judged slower than the leader was never a seed: on the H200
    panel L2/10, L2/50 and L2/90 judged it (7.47, 4.71 and 7.57 ms against inductor's 5.14, 3.77 and 5.83) and
    stopped the same round with no new ideas, every earlier seed untunable."""
    return sorted((a for a in history.attempts if a.is_correct and a not in history.seeds), key=rank_key,
                  reverse=True)


def _full_tunables(source: str, space: dict) -> dict | None:
    """``source``'s values of every tunable in ``space`` (a kernel the tuner can move in today's code), or None where
    it lacks one of them or the space is empty."""
    base = read_tunables(source, space)
    return base if space and set(base) == set(space) else None


def _carried_idea(seed_digest: str, changed: dict) -> str:
    """The idea of today's starter with a seed's settings (`TunerProposer._carried`), read back by `_carried_settings`."""
    return f"{CARRIED_IDEA} {seed_digest[:8]}{_SETTINGS}" + ", ".join(f"{k} = {v!r}" for k, v in changed.items())


def _carried_settings(idea: str) -> dict:
    """The settings a carried seed's idea names (`_carried_idea`), {} where it names none."""
    body = idea.partition(_SETTINGS)[2]
    out = {}
    for item in _CARRIED_SPLIT.split(body) if body else ():
        name, sep, value = item.partition(" = ")
        if sep:
            try:
                out[name] = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                return {}
    return out


def _verb(name: str, old, new) -> str:
    if isinstance(old, (int, float)) and isinstance(new, (int, float)) and old:
        if new == 2 * old:
            return "double"
        if 2 * new == old:
            return "halve"
        return "raise" if new > old else "lower"
    return "set"


def _changes(base: dict, changed: dict) -> str:
    return ", ".join(f"{n} {base[n]} -> {v}" for n, v in changed.items())


# propose_wide's shares of a round's width: single moves, crossovers, steps together, random combinations. A share
# a kind cannot fill goes to the kinds after it, then back to the first.
WIDE_SHARES = (("single moves", 0.5), ("crossovers", 0.125), ("steps together", 0.25), ("random combinations", 0.125))
CHILDREN_PER_PAIR = 2  # crossover children drawn per pair of parents and call
# Three-knob steps are drawn from the knobs whose best step scores highest (all of them up to this many): a whole
# model's 36 knobs make 57 000 triples a seed and seconds of proposing a round, 12 make 1 760.
TRIPLE_KNOBS = 12
# A knob setting screened in DEAD_AFTER variants of a problem or more, none of them within DEAD_RATIO x its round's
# best kernel (or all failing), is not offered again on that problem: on L2/90 the switch to the Triton convolution
# came within 3.7x of the best at most (5.8 against 21.8 ms and slower) and still filled 15 rounds of screens.
DEAD_AFTER = 8
DEAD_RATIO = 1.5
# ... and one whose every screened variant failed, from DEAD_AFTER_FAILING on: on L2/90 the channels-last library
# convolution missed the TF32 reference in each of its variants (cuDNN's NHWC kernels round differently).
DEAD_AFTER_FAILING = 3
# Seeds in an earlier generator's code whose settings are carried into today's (`TunerProposer._carried`).
CARRIED = 2
CARRIED_IDEA = "today's generator with seed"  # a carried seed's idea: "<this> 1a2b3c4d's settings: A = 1, B = 'x'"
_SETTINGS = "'s settings: "
_CARRIED_SPLIT = re.compile(r", (?=[A-Z][A-Z0-9_]* = )")
# The regime of evidence screened around a seed in an earlier generator's code: no setting of today's code is in it.
EARLIER_CODE = (("generator", "earlier"),)


MOVES_CODE = ("propose", "starters")  # the packages under autokernel/ the tuner's moves are written by


@functools.cache
def moves_code_digest() -> str:
    """A digest of the code the tuner's moves come from (`MOVES_CODE`: the proposers, the starter generator and its
    templates). A final no-new-ideas stop is keyed by it beside `TunerProposer.moves_revision`, so a resume after
    any change to that code asks again: new moves had once come without a raised revision, and the H200 panel's
    L1/90 stayed stopped with 80 variants it had never seen. An edit that changes no move costs a resume one
    proposer call per stopped problem, no device time."""
    return code_digest(Path(__file__).resolve().parents[1], MOVES_CODE)


def code_digest(root: Path, packages) -> str:
    """The SHA-256 (12 hex digits) of the Python files beneath ``root/<package>`` for each of ``packages``: their
    paths and contents, in path order."""
    digest = hashlib.sha256()
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


class TunerProposer:
    """Varies the starter's tunables around the best seeds; deterministic, so a resumed run replays it.

    Configs already tried are cached per problem digest + device, failures included (a config that
    failed is a tried config, never retried). The cache lives in memory: a resumed run replays the
    same proposals and the ledger answers them without evaluating.
    """

    name = "tuner"
    # Raised when the moves change: a problem an earlier revision had no new ideas for is asked again on resume
    # (2: CUDA graphs around other proposers' seeds, LIB_CONV_LAYOUT, repair seeds, today's starter after a change;
    # 3: dead settings left out, and inductor's seed offered late where round 0 had none, which the search wrapping
    # the tuner asks for only when it asks the tuner; 4: the convolutions' TF32 preset from L1/70's search, and
    # CUDA graphs around every correct foreign kernel, not only the seeds; 5: dead settings judged per regime, so
    # the tile shapes dead on the fp32 path are tried on the TF32 one; 6: evidence screened around an earlier
    # generator's code kills nothing in today's, and the best earlier-code seeds' settings are carried into it;
    # 7: CONV_FUSE, SCAN_STREAM, and a line behind a foreign leader moving on from its best kernel in today's code).
    # The stop's key carries the moves' code digest too (`revision`), so a change without a raise asks again.
    moves_revision = 7

    @property
    def revision(self) -> str:
        """What a final stop is keyed by (`search.loop`): the moves' revision and their code's digest."""
        return f"{self.moves_revision} (code {moves_code_digest()})"

    def __init__(self, prior=None) -> None:
        self.prior = prior  # a `MovePrior`: moves that paid off elsewhere in the run are tried first
        self._starters: dict[str, object] = {}
        self._tried: dict[str, set[str]] = {}
        self.usage: dict[str, dict[str, int]] = {}
        self.notes: dict[str, str] = {}  # problem key -> why no starter
        self.pruned: dict[str, list[str]] = {}  # problem key -> ideas not timed: the same launches as their seed
        self._dead: dict[tuple[str, int], set] = {}  # (problem digest, screen ratios seen) -> `dead_moves`
        self._configs: dict[tuple[str, str], dict | None] = {}  # (problem digest, candidate digest) -> `_config_of`
        self._plans: dict[tuple[str, str], object] = {}  # (candidate digest, device) -> launch plan or None
        self._owned: dict[tuple[str, str], bool] = {}  # (problem digest, source) -> `_own`
        # digests a screened round must judge when they pass (the search reads it): today's starter offered again
        # in a resumed run is a seed to build on, and only a verdict makes a seed
        self.judge_when_passed: set[str] = set()
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

    @staticmethod
    def _space(starter, history: History) -> dict:
        """The tunables to vary and their values admissible under the run's protocol (two values or more)."""
        return {k: list(v) for k, v in starter.space_for(history.protocol).items() if len(v) > 1}

    def _state(self, problem: Problem, history: History, space: dict) -> tuple[set, set]:
        """(configs tried, digests seen) for this problem: every configuration of today's starter code evaluated
        in this run counts as tried, pass or fail; every judged or screened digest as seen. A configuration judged
        in other code (an LLM's rewrite that kept the tunable lines, or the starter of an earlier generator in a
        resumed run) is another kernel: today's code with those values has not been tried."""
        tried = self._tried.setdefault(f"{problem.digest}:{history.device}", set())
        for a in history.attempts:
            if self._own(problem, a.candidate.source) and (vals := read_tunables(a.candidate.source, space)):
                tried.add(self._config_key(vals))
        return tried, set(history.digests) | history.screened

    @staticmethod
    def _seeds(history: History, space: dict) -> list[tuple]:
        """(seed, its tunable values) of the seeds that are tunable descendants of the starter, best first; where
        none is, the best tunable correct kernels outside them (`_line_seeds`, as many as there are seeds); where
        none is correct yet, the repair seeds (`_repair_seeds`)."""
        def tunable(attempts):
            return [(s, base) for s in attempts if (base := _full_tunables(s.candidate.source, space)) is not None]

        return (tunable(history.seeds) or tunable(_line_seeds(history))[:max(1, len(history.seeds))]
                or tunable(_repair_seeds(history)))

    def _rng(self, problem: Problem, history: History, stream: str = "") -> random.Random:
        """The draws of one kind of move, seeded by the problem and the round: a resumed run draws the same."""
        return random.Random(f"{problem.digest}:{history.device}:{history.round}{stream}")

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        starter = self._starter(problem)
        if starter is None:
            return []
        space = self._space(starter, history)
        tried, seen = self._state(problem, history, space)
        if not history.attempts:
            cand = Candidate(
                source=starter.source,
                proposer=self.name,
                round=history.round,
                branch=0,
                idea="generated starter (" + "; ".join(starter.covered) + ")",
            )
            tried.add(self._config_key(read_tunables(starter.source, space)))
            return [] if cand.digest in seen else [dataclasses.replace(cand, own_code=True)]

        # (islice: a move drawn is a move tried, so no more are drawn than are proposed)
        ideas = list(itertools.islice(self._ideas(problem, history, starter, space, n_branches, tried, seen), n_ideas))
        out: list[Candidate] = [c for idea in ideas for c in idea]
        if len(ideas) < n_ideas:  # the single moves ran out: children of two seeds
            out += itertools.islice(self._crossovers(problem, history, starter, space, tried, seen),
                                    n_ideas - len(ideas))
        if not out and self.pruned.get(problem.key):
            self.notes.setdefault(problem.key, f"{len(self.pruned[problem.key])} moves pruned: the same kernel "
                                               f"launches as their seed")
        return self._stamped(problem, history, out)

    def _ideas(self, problem, history, starter, space, n_branches, tried, seen):
        """The presets, then one idea per (tunable, direction) of each seed: every tunable up, then every one down,
        so a narrow search still touches each; with a prior, the moves that helped most often on the run's other
        problems first (stable: ties keep this order). Lazy: each idea (a list of branches) is made when asked for."""
        moves = [(name, step) for step in (+1, -1) for name in space]
        if self.prior is not None and len(self.prior):
            moves.sort(key=lambda m: -self.prior.score(m[0], m[1], space[m[0]]))
        restart = self._restart(problem, history, starter, seen)
        if restart is not None:
            yield [restart]
        for carried in self._carried(problem, history, starter, seen):
            yield [carried]
        yield from self._foreign_graphs(problem, history, seen)
        presets = starter.presets_for(history.protocol)
        for seed, base in self._seeds(history, space):
            for preset, values in presets.items():
                cand = self._preset(problem, history, seed, base, preset, values, tried, seen)
                if cand is not None:
                    yield [cand]
            inert = starter.inert(base)
            for name, step in moves:
                if name in inert:
                    continue
                branch_cands = self._branches(
                    problem, history, seed, base, space, name, step, n_branches, tried, seen
                )
                if branch_cands:
                    yield branch_cands

    def _restart(self, problem, history, starter, seen) -> Candidate | None:
        """Today's starter, where no attempt of this problem is in today's code: a resumed run whose generator
        has changed since its round 0 (a template fixed) judges today's starter, and its moves then start from
        today's code (children of earlier seeds keep the code they were judged in)."""
        if any(self._own(problem, a.candidate.source) for a in history.attempts):
            return None
        cand = Candidate(source=starter.source, proposer=self.name, round=history.round,
                         idea="generated starter, today's generator (the run's round 0 was in earlier code; "
                              + "; ".join(starter.covered) + ")")
        if cand.digest in seen:
            return None
        seen.add(cand.digest)
        self.judge_when_passed.add(cand.digest)
        return cand

    def _carried(self, problem, history, starter, seen) -> list[Candidate]:
        """Today's starter with the settings of the best seeds (up to `CARRIED`) that the tuner wrote in an earlier
        generator's code, where those differ from the defaults: a template change (a new tunable, a fixed kernel)
        makes every older seed untunable, so without this its search would start again from the defaults, and
        L3/26's fifteen rounds of moves (6.81 to 6.00 ms) would have to be found again. Settings today's space does
        not allow under the run's protocol are left at their defaults; new tunables start at theirs. Judged when
        they pass the screen, as the restart is: only a verdict makes a seed."""
        made = []
        for seed in history.seeds:
            cand = seed.candidate
            if len(made) >= CARRIED or cand.proposer != self.name or self._own(problem, cand.source):
                continue
            values = {k: v for k, v in read_tunables(cand.source, starter.space).items()
                      if v in starter.space[k] and starter.allows(k, v, history.protocol)}
            changed = {k: v for k, v in values.items() if starter.tunables.get(k) != v}
            if not changed:
                continue  # the defaults: today's starter itself
            try:
                source = set_tunables(starter.source, changed)
            except ValueError:
                continue
            made.append(Candidate(source=source, proposer=self.name, round=history.round, parent=cand.digest,
                                  idea=_carried_idea(cand.digest, changed)))
        out = []
        for carried in made:  # the best seeds' only, once each
            if carried.digest in seen:
                continue
            seen.add(carried.digest)
            self.judge_when_passed.add(carried.digest)
            out.append(carried)
        return out

    def _foreign_graphs(self, problem, history, seen):
        """For each correct kernel another proposer wrote (inductor's code, an LLM's kernel; the seeds first, then
        the rest fastest first), that kernel with its forward replayed from CUDA graphs (`starters.graph_wrap`),
        once: the one move the tuner has for a file without its tunables, and the one that pays most on a
        launch-bound forward, so not only for seeds: a foreign kernel too slow to be a seed may be slow for its
        launches alone, as L3/34's inductor forward was (27 ms, 4.2 ms in graphs); on L3/26 inductor's forward
        judged 9.1 ms against the seeds' 6.0-6.5 and was never wrapped. On a GPU only (off it the wrapper runs the
        forward as it is, the same kernel under another digest).

        The tuner's own seeds have the CUDA_GRAPH knob where the starter's forward looks launch-bound (level 3, or
        `GRAPH_MIN_STEPS` steps); where it has not, a seed whose judged reading holds its launch
        (`TimingStats.launch_counted`: under KernelBench's loop a launch of a tenth of the call) is wrapped too, once:
        on an H100 that loop's L1/100 readings rose 0.92 us for each us of launch."""
        if not history.device.startswith("cuda"):
            return
        from autokernel.starters.graph_wrap import with_cuda_graphs

        starter = self._starter(problem)
        knob = starter is not None and "CUDA_GRAPH" in starter.space
        for seed in [*history.seeds, *_line_seeds(history)]:
            own = seed.candidate.proposer == self.name or self._own(problem, seed.candidate.source)
            kernel = seed.verdict.kernel if seed.verdict is not None else None
            launch = kernel is not None and kernel.launch_counted and seed in history.seeds
            if own and (knob or not launch):
                continue  # its own lineage, in earlier code too, has the CUDA_GRAPH knob where graphs may pay
            source = with_cuda_graphs(seed.candidate.source)
            if source is None:
                continue
            d = seed.candidate.digest[:8]
            idea = (f"CUDA graphs around seed {d}'s forward, whose {kernel.launch_ms:.3g} ms launch a call its "
                    f"reading holds (CUDA_GRAPH = True)" if own else
                    f"CUDA graphs around {seed.candidate.proposer or 'a foreign'} seed {d}'s forward (CUDA_GRAPH = True)")
            cand = Candidate(source=source, proposer=self.name, round=history.round, parent=seed.candidate.digest,
                             idea=idea,
                             own_code=self.owns(problem, seed.candidate, history))  # ours if what it wraps is
            if cand.digest in seen:
                continue
            seen.add(cand.digest)
            yield [cand]

    def propose_wide(self, problem: Problem, history: History, width: int) -> list[Candidate]:
        """Up to ``width`` distinct variants for a screen to rank, none tried or screened before (by configuration
        and by digest), none launching exactly what its seed does. Each kind of move has its share of the width
        (`WIDE_SHARES`): the presets and single moves (as `propose`, one branch each), crossovers of two seeds,
        steps of two or three knobs of a seed together (ordered by the prior), random combinations of two or three
        knobs (any values: jumps the steps never make). A kind that runs short leaves its share to the others. The
        draws are seeded by the problem and the round, so a resumed run offers the same variants again."""
        if not history.attempts:
            return self.propose(problem, history, 1, 1)  # round 0: the starter alone
        starter = self._starter(problem)
        if starter is None:
            return []
        space = self._space(starter, history)
        tried, seen = self._state(problem, history, space)
        kinds = {  # lazy: a variant is made (and counted as tried) only when taken
            "single moves": itertools.chain.from_iterable(
                self._ideas(problem, history, starter, space, 1, tried, seen)),
            "crossovers": self._crossovers(problem, history, starter, space, tried, seen),
            "steps together": self._steps_together(problem, history, starter, space, tried, seen),
            "random combinations": self._random_combinations(problem, history, starter, space, width, tried, seen),
        }
        streams = [(kinds[kind], share) for kind, share in WIDE_SHARES]
        out: list[Candidate] = []

        def take(stream, n: int) -> None:
            for cand in itertools.islice(stream, max(0, min(n, width - len(out)))):
                out.append(dataclasses.replace(cand, branch=len(out)))

        for stream, share in streams:  # each kind its share (at least one), then whatever is left
            take(stream, max(1, round(share * width)))
        for stream, _ in streams:
            take(stream, width - len(out))
        if not out and self.pruned.get(problem.key):
            self.notes.setdefault(problem.key, f"{len(self.pruned[problem.key])} moves pruned: the same kernel "
                                               f"launches as their seed")
        return self._stamped(problem, history, out)

    def lineage(self, problem: Problem, history: History) -> Lineage | None:
        """The tuner's own line (`propose.base.Lineage`): its best correct tunable seed and the tunable seeds its
        moves start from; None where it has none. The search screens that best beside the problem's best kernel
        and judges a variant of the line that beats it (a stepping stone), so the line can walk towards a foreign
        seed that leads it (on L2/90 inductor's cuDNN call, 5.8 ms, against the starter's line at 7.4 ms). Its
        times are those of every verdict of a kernel tunable in today's code, in judged order (`Lineage.stale`)."""
        starter = self._starter(problem)
        if starter is None:
            return None
        space = self._space(starter, history)
        seeds = [s for s, _ in self._seeds(history, space) if s.is_correct]
        if not seeds:
            return None
        line = [a for a in history.attempts if _full_tunables(a.candidate.source, space) is not None]
        return Lineage(best=seeds[0].candidate, seeds=frozenset(s.candidate.digest for s in seeds),
                       times=tuple(a.verdict.kernel.median_ms if a.is_correct and a.verdict.kernel else None
                                   for a in line))

    def rewrite(self, problem: Problem, history: History, digests) -> dict[str, str]:
        """digest -> source of those of ``digests`` (recorded kernels a thin copy kept without their source) that
        the tuner writes again exactly: today's starter, a carried seed's settings in it, and each move of the
        lineage (``history.lineage``: parent and idea) applied to its parent's source, back to a kernel the history
        holds or to today's starter; a graph wrap of its parent. Only a source whose digest is the recorded one is
        given: an older generator's starter, or a move whose idea does not name all it changed, is not."""
        starter = self._starter(problem)
        if starter is None:
            return {}
        memo: dict[str, str | None] = {}

        def source_of(digest: str, depth: int = 0) -> str | None:
            if digest in memo:
                return memo[digest]
            memo[digest] = None  # a cycle in a damaged ledger ends here
            attempt = history.attempt(digest)
            if attempt is not None:
                memo[digest] = attempt.candidate.source
                return memo[digest]
            parent, idea = history.lineage.get(digest, (None, ""))
            try:
                if idea.startswith("generated starter"):
                    source = starter.source
                elif idea.startswith(CARRIED_IDEA):
                    source = set_tunables(starter.source, _carried_settings(idea))
                elif not parent or depth > 500 or (base := source_of(parent, depth + 1)) is None:
                    source = None
                elif idea.startswith("CUDA graphs around"):
                    from autokernel.starters.graph_wrap import with_cuda_graphs

                    source = with_cuda_graphs(base)
                else:
                    steps = parse_moves(idea, presets=True)
                    source = set_tunables(base, {n: v for n, _, v in steps}) if steps else None
            except ValueError:  # a tunable today's code does not have
                source = None
            memo[digest] = source
            return source

        out = {}
        for digest in digests:
            source = source_of(digest)
            if source is not None and Candidate(source=source).digest == digest:
                out[digest] = source
        return out

    def owns(self, problem: Problem, candidate: Candidate, history: History) -> bool:
        """Whether ``candidate`` is this package's own code (`Candidate.own_code`): the starter with only its
        tunable lines changed, inductor's captured code (proposer "inductor", written only by
        `InductorSeedProposer`), or exactly the CUDA-graph wrap of such a kernel in ``history``. Asked of kernels
        read back from a run's ledger, which does not keep the flag."""
        if candidate.own_code or candidate.proposer == "inductor" or self._own(problem, candidate.source):
            return True
        if candidate.proposer != self.name or not candidate.parent or not history.device.startswith("cuda"):
            return False
        parent = getattr(history.attempt(candidate.parent), "candidate", None)
        if parent is None or not (parent.proposer == "inductor" or self._own(problem, parent.source)):
            return False
        from autokernel.starters.graph_wrap import with_cuda_graphs

        return with_cuda_graphs(parent.source) == candidate.source

    def _stamped(self, problem: Problem, history: History, out: list[Candidate]) -> list[Candidate]:
        """``out`` with `Candidate.own_code` set where it holds (`owns`)."""
        return [c if c.own_code or not self.owns(problem, c, history) else dataclasses.replace(c, own_code=True)
                for c in out]

    def _child(self, history: History, seed, changed: dict, idea: str, *, branch: int = 0) -> Candidate:
        """``seed``'s source with ``changed`` tunables set, as this round's candidate descending from it."""
        return Candidate(source=set_tunables(seed.candidate.source, changed), proposer=self.name,
                         round=history.round, branch=branch, parent=seed.candidate.digest, idea=idea)

    def _dead_moves(self, problem: Problem, history: History) -> set:
        key = (problem.digest, len(history.screen_ratios))
        if key not in self._dead:
            starter = self._starter(problem)

            def regime(name, row):
                if len(row) > 2 and row[2] and self._in_earlier_code(problem, history, row[2]):
                    return EARLIER_CODE
                parent = self._config_of(problem, history, row[2]) if len(row) > 2 and row[2] else None
                if parent is None:
                    return None
                return starter.regime(name, {**parent, **{n: v for n, _, v in parse_moves(row[0])}})

            self._dead[key] = dead_moves(history.screen_ratios, regime if starter is not None else None)
        return self._dead[key]

    def _is_dead(self, problem: Problem, history: History, name: str, value, values: dict) -> bool:
        """Whether setting ``name`` to ``value`` is dead on this problem (`dead_moves`) in the regime of a variant
        set to ``values``."""
        dead = self._dead_moves(problem, history)
        if not dead:
            return False
        where = self._starter(problem).regime(name, values)
        return (name, repr(value), None) in dead or (name, repr(value), where) in dead

    def _in_earlier_code(self, problem: Problem, history: History, digest: str) -> bool:
        """Whether the tuner's candidate ``digest`` (a screened variant's parent) is in an earlier generator's code:
        its source (or, where a thin copy dropped it, its nearest ancestor's that the run keeps) is the tuner's and
        not today's starter with tunables changed. A variant of such a parent says nothing about today's code: the
        Triton convolution screened 42-400 ms on L2/50 before the generator fused the pool into its store, and
        that evidence kept the fused kernel from ever being screened."""
        for _ in range(500):
            attempt = history.attempt(digest)
            if attempt is not None:
                return attempt.candidate.proposer == self.name and not self._own(problem, attempt.candidate.source)
            digest = history.lineage.get(digest, (None, ""))[0]
            if not digest:
                return False
        return False

    def _config_of(self, problem: Problem, history: History, digest: str, depth: int = 0) -> dict | None:
        """The tunable values of the tuner's candidate ``digest`` (a screened variant's parent): read from its source
        where the history has it in today's starter code, else its parent's with its idea's steps applied, back to
        the generated starter (a thinned run directory keeps the lineage, not the sources). None where another
        proposer wrote it or the chain is lost."""
        key = (problem.digest, digest)
        if key in self._configs:
            return self._configs[key]
        starter = self._starter(problem)
        attempt = history.attempt(digest)
        config = None
        if attempt is not None and self._own(problem, attempt.candidate.source):
            config = read_tunables(attempt.candidate.source, starter.space)
        else:
            parent, idea = ((attempt.candidate.parent, attempt.candidate.idea) if attempt is not None
                            else history.lineage.get(digest, (None, "")))
            steps = parse_moves(idea, presets=True)
            if idea.startswith("generated starter"):
                config = dict(starter.tunables)
            elif idea.startswith(CARRIED_IDEA):
                config = {**starter.tunables, **_carried_settings(idea)}
            elif parent and steps and depth < 500:
                base = self._config_of(problem, history, parent, depth + 1)
                config = None if base is None else {**base, **{n: v for n, _, v in steps}}
        self._configs[key] = config
        return config

    def _variant(self, problem, history, seed, base, changed, idea, tried, seen, starter):
        """``seed`` with ``changed`` tunables set, or None when that configuration was tried, its digest seen, a
        setting it makes is dead on this problem (`dead_moves`), or its launches are exactly the seed's. Tunables
        that do nothing under the new values are left as they are."""
        inert = starter.inert({**base, **changed})
        changed = {n: v for n, v in changed.items() if n not in inert and base.get(n) != v}
        if not changed or any(self._is_dead(problem, history, n, v, {**base, **changed}) for n, v in changed.items()):
            return None
        key = self._config_key({**base, **changed})
        if key in tried:
            return None
        tried.add(key)
        cand = self._child(history, seed, changed, idea(changed))
        if cand.digest in seen:
            return None
        seen.add(cand.digest)
        return None if self._same_launches(problem, history, seed, cand) else cand

    def _crossovers(self, problem, history, starter, space, tried, seen):
        """Uniform crossover: for each pair of seeds that are both this tuner's starter with only tunable lines
        changed (best pairs first), up to `CHILDREN_PER_PAIR` children that take each differing knob from one
        parent or the other at random (neither parent itself; no value the protocol does not admit). The child's
        parent is the better seed, its idea lists what it takes from the other."""
        own = [(s, base) for s, base in self._seeds(history, space) if self._own(problem, s.candidate.source)]
        rng = self._rng(problem, history, ":cross")
        for (a, va), (b, vb) in itertools.combinations(own, 2):
            diff = [n for n in space if va[n] != vb[n]]
            if len(diff) < 2:
                continue  # one knob apart: every child is a parent
            made = 0
            for _ in range(4 * CHILDREN_PER_PAIR):
                taken = {n: vb[n] for n in diff if rng.random() < 0.5}
                if not taken or len(taken) == len(diff) or any(v not in space[n] for n, v in taken.items()):
                    continue
                cand = self._variant(problem, history, a, va, taken,
                                     lambda ch, b=b, va=va: f"cross with {b.candidate.digest[:8]}: {_changes(va, ch)}",
                                     tried, seen, starter)
                if cand is not None:
                    made += 1
                    yield cand
                    if made >= CHILDREN_PER_PAIR:
                        break

    def _steps_together(self, problem, history, starter, space, tried, seen):
        """Every seed's neighbours two knobs away and three knobs away (among its `TRIPLE_KNOBS` best-scoring knobs),
        each knob one step up or down its allowed values, ordered by the prior's mean score of their steps
        (`MovePrior.score_steps`), then two knobs before three, better seeds first, then a seeded shuffle (so without
        a prior the order is random but replayable). A combination in which a knob does nothing (its engine off) is
        left out: it is a smaller move made elsewhere."""
        prior = self.prior if self.prior is not None and len(self.prior) else None
        score = {(n, s): prior.score(n, s, space[n]) if prior else 0.5 for n in space for s in (+1, -1)}
        rng = self._rng(problem, history, ":steps")
        entries = []
        for rank, (seed, base) in enumerate(self._seeds(history, space)):
            names = [n for n in space if base[n] in space[n]]
            best = sorted(names, key=lambda n: -max(score[(n, +1)], score[(n, -1)]))[:TRIPLE_KNOBS]
            for k, pool in ((2, names), (3, [n for n in names if n in best])):
                for combo in itertools.combinations(pool, k):
                    for steps in itertools.product((+1, -1), repeat=k):
                        idx = [space[n].index(base[n]) + s for n, s in zip(combo, steps)]
                        if not all(0 <= i < len(space[n]) for n, i in zip(combo, idx)):
                            continue
                        values = {n: space[n][i] for n, i in zip(combo, idx)}
                        if starter.inert({**base, **values}) & set(combo):
                            continue
                        mean = sum(score[(n, s)] for n, s in zip(combo, steps)) / k
                        entries.append((-mean, k, rank, rng.random(), seed, base, values))
        entries.sort(key=lambda e: e[:4])
        for *_, seed, base, values in entries:
            cand = self._variant(problem, history, seed, base, values,
                                 lambda ch, base=base: f"step together: {_changes(base, ch)}", tried, seen, starter)
            if cand is not None:
                yield cand

    def _random_combinations(self, problem, history, starter, space, width, tried, seen):
        """Random values of two or three knobs of a random seed (up to 20 x ``width`` draws)."""
        seeds = self._seeds(history, space)
        if not seeds:
            return
        rng = self._rng(problem, history)
        for _ in range(20 * width):
            seed, base = rng.choice(seeds)
            names = rng.sample(sorted(space), min(len(space), rng.choice((2, 3))))
            values = {n: rng.choice([v for v in space[n] if v != base[n]]) for n in names}
            inert = starter.inert({**base, **values})
            if len([n for n in values if n not in inert]) < 2:
                continue
            cand = self._variant(problem, history, seed, base, values,
                                 lambda ch, base=base: f"combine {_changes(base, ch)}", tried, seen, starter)
            if cand is not None:
                yield cand

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
        key = (problem.digest, source)
        if key not in self._owned:
            values = read_tunables(source, starter.space)
            try:
                self._owned[key] = set(values) == set(starter.space) and set_tunables(starter.source, values) == source
            except ValueError:
                self._owned[key] = False
        return self._owned[key]

    def _same_launches(self, problem: Problem, history: History, seed, cand: Candidate) -> bool:
        """Whether ``cand`` launches exactly the kernels its seed does (grids, arguments, block sizes, warps): the
        same kernel, so timing it would spend the GPU on nothing. A failed dry run is never a match, and only the
        tuner's own sources are dry-run (see `_own`)."""
        if not self._own(problem, seed.candidate.source):
            return False
        blind = self._starter(problem).launch_blind  # e.g. CUDA_GRAPH: the launches are the same, the cost is not
        if blind and read_tunables(seed.candidate.source, blind) != read_tunables(cand.source, blind):
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
        cand = self._child(history, seed, changed,
                           f"preset {preset}: " + ", ".join(f"{k} {base[k]} -> {v}" for k, v in changed.items()))
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
            if key in tried or self._is_dead(problem, history, name, allowed[j], values):
                continue
            cand = self._child(history, seed, {name: allowed[j]},
                               f"{_verb(name, base[name], allowed[j])} {name} {base[name]} -> {allowed[j]}",
                               branch=len(out))
            if cand.digest in seen:
                continue
            tried.add(key)
            seen.add(cand.digest)
            if self._same_launches(problem, history, seed, cand):
                continue  # a step that changes nothing: try the next step of the same move
            out.append(cand)
        return out


def dead_moves(ratios, regime=None) -> set[tuple[str, str, tuple | None]]:
    """(tunable, repr(value), regime) settings that ``ratios`` (`History.screen_ratios`: idea, screened time / the
    round's best kernel's, parent digest) show screened in `DEAD_AFTER` variants or more without one coming within
    `DEAD_RATIO` x the best kernel, or in `DEAD_AFTER_FAILING` or more that all failed the screen. A variant that
    changed several knobs counts for each: a setting that only ever came with slow partners is dead too, which is
    what ends a family's engine switch whose every tile shape is several times slower.

    ``regime(name, row)``: the setting's regime in that row's variant (`Starter.regime`: its family's engine,
    precision path, algorithm), or None where it is unknown. Evidence counts within its regime: on L1/50 every
    Triton tile shape tried on the fp32 path was dead against cuDNN, and so would have been the same shapes on the
    TF32 path, never screened. Evidence of an unknown regime counts in every regime, and a setting dead with it
    alone comes back with regime None (dead everywhere)."""
    seen: dict[tuple[str, str], dict] = {}
    for row in ratios:
        idea, ratio = row[0], row[1]
        for name, _old, new in parse_moves(idea):
            where = regime(name, row) if regime is not None else None
            entry = seen.setdefault((name, repr(new)), {}).setdefault(where, [0, math.inf])
            entry[0] += 1
            entry[1] = min(entry[1], ratio)

    def dead(n: int, best: float) -> bool:
        return (n >= DEAD_AFTER and best >= DEAD_RATIO) or (n >= DEAD_AFTER_FAILING and best == math.inf)

    out = set()
    for (name, value), by_regime in seen.items():
        n_any, best_any = by_regime.get(None, (0, math.inf))
        for where, (n, best) in by_regime.items():
            if dead(n + (n_any if where is not None else 0), min(best, best_any)):
                out.add((name, value, where))
    return out
