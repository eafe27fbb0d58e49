"""Judging at level scale: every sample of a generations folder, or many (problem, candidate) pairs, under one or
both protocols, on every visible GPU, into resumable run directories and the leaderboard pages our runs get.

A researcher with their own agent scores its outputs here: KernelBench's generation layout
(``level_{L}_problem_{N}_sample_{S}_kernel.py``, as its ``scripts/generate_samples.py`` writes and
``eval_from_generations.py`` reads) is judged sample by sample, and each problem is scored by its best correct,
non-quarantined sample (`kb.runs`), a problem without one counting as failed over the whole level.

Layout under ``out``::

    bench.json                     marks the folder as ours; each invocation's selection, skips and throughput
    <protocol>/                    an ordinary run directory (`autokernel.ledger`): rerunning resumes, and
                                   ``autokernel-kb leaderboard --run OUT/<protocol>`` reads it
    repeats/<r>/<protocol>/        with ``repeat`` above 1: the run directory of repeat r (2..N)
    leaderboard/<protocol>/        `kb.leaderboard` pages (``<gpu slug>/README.md``, ``problems.csv`` ...) and
                                   the environment they state (``environment.json``)

With `BenchConfig.compact_ledgers` the verdicts are also kept as compact ledgers that git can hold, and a bench
folder started afresh elsewhere resumes from them (`kb.bench_ledgers`).

Judging goes through the backend `BenchConfig.backend` names (`autokernel.search.choice`): the local pool (every
visible GPU, ``workers_per_device`` each; one in-process worker on CPU) or judges on a Ray cluster. Every verdict is recorded as it arrives; a candidate already recorded under the
same problem, device and policy is never judged again.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from autokernel.evaluate.protocol import PROTOCOL_NAMES
from autokernel.problem import Problem
from autokernel.records import Candidate
from kb.bench_inductor import SPEC, InductorCandidate, inductor_candidates, only_captures, variant_of
from kb.bench_inductor import is_spec as is_inductor

BENCH_INFO = "bench.json"
_N = r"(0|[1-9][0-9]*)"  # as KernelBench formats an int: no sign, no leading zero (problem_01 would alias problem_1)
GENERATION_NAME = re.compile(rf"^level_{_N}_problem_{_N}_sample_{_N}_kernel\.py$")
GENERATIONS_PROPOSER = "generations"


# ---------------------------------------------------------------------------------------------------------
# Configuration and results


@dataclass(frozen=True, kw_only=True)
class BenchConfig:
    """One bench invocation.

    Attributes:
        out: the bench folder (see the module docstring); rerunning into it resumes.
        protocols: judged under each, one run directory apiece.
        device: "cpu", "cuda" (every visible GPU) or "cuda:N".
        workers_per_device: candidates judged at once per device (timed loops still run alone).
        eval_options: `EvalConfig` fields over ``EvalConfig.for_device``'s defaults (timeout_s, num_perf_trials ...).
        repeat: judge every candidate this many times (repeats 2..N in run directories of their own), for the
            repeatability figures of `repeat_summary`.
        repeat_within: repeats 2..N judge only the candidates whose first verdict is correct with a speedup (vs
            eager or vs torch.compile) within this factor of 1x, where a repeat's spread can make a win a tie; a
            candidate judged incorrect, or 3x faster, gains nothing from a second judgment. None: every candidate.
        shard: (k, n): judge every n-th problem from the k-th only (several machines splitting one level, each
            into its own ``out``).
        rejudge: verdict kinds whose recorded candidates are judged again (after a harness fix).
        totals: problems per level, the fast_p denominators (a problem without a correct sample counts as failed).
        dataset, dataset_config, selection: what each run.json records about the problems.
        stop_after_s: no candidate starts after this many seconds of the invocation (those in flight finish and
            are recorded, pages are written), counted from its start (inductor's captures before the judging
            included; none starts within 20 s of the stop); rerunning resumes with the rest. None: judge everything.
        backend, ray_address, ray_workers: where candidates are judged (`autokernel.search.choice`): this
            machine's devices, or judges on a Ray cluster.
        compact_ledgers: a folder of compact ledgers (`kb.bench_ledgers`): the verdicts it holds for this
            invocation's jobs are recorded before judging, and the run directories' verdicts merged into it after
            (also when stopped or interrupted), so a bench folder lost with its machine is not judged again.
        restore_only: record what ``compact_ledgers`` holds and judge nothing (every other job is left, as by
            ``stop_after_s``): the bench folder rebuilt without a device, e.g. for publishing on another machine.
        protocols_at_once: with several protocols, local workers in their own processes and at least one per
            protocol, the protocols are judged side by side, ``workers_per_device`` shared among them (`shares`),
            so one protocol's start-up and last candidates overlap the other's work instead of idling the
            device; likewise a protocol's repeats 2..N (`_repeat_shares`), once its first verdicts are in.
            False: one protocol, and one repeat, after the other, each with every worker.
    """

    out: Path
    protocols: tuple[str, ...] = ("kernelbench", "strict")
    device: str = "cpu"
    workers_per_device: int = 1
    eval_options: Mapping[str, Any] = field(default_factory=dict)
    repeat: int = 1
    repeat_within: float | None = None
    shard: tuple[int, int] = (1, 1)
    rejudge: frozenset[str] = frozenset()
    totals: Mapping[int, int] = field(default_factory=dict)
    dataset: str = ""
    dataset_config: str = "default"
    selection: Mapping[str, Any] = field(default_factory=dict)
    progress: bool = True
    stop_after_s: float | None = None
    backend: str = "local"
    ray_address: str | None = None
    ray_workers: int | None = None
    compact_ledgers: Path | None = None
    protocols_at_once: bool = True
    device_sharers: int | None = None  # set for each protocol's share: evaluations at once per device in all
    restore_only: bool = False

    def __post_init__(self) -> None:
        from autokernel.search.choice import check_choice

        check_choice(self)
        if not self.protocols:
            raise ValueError("no protocol to judge under")
        unknown = [p for p in self.protocols if p not in PROTOCOL_NAMES]
        if unknown:
            raise ValueError(f"unknown protocol(s) {', '.join(unknown)}; choose from {', '.join(PROTOCOL_NAMES)}")
        if len(set(self.protocols)) != len(self.protocols):
            raise ValueError(f"protocols named twice: {', '.join(self.protocols)}")
        if self.stop_after_s is not None and self.stop_after_s <= 0:
            raise ValueError("--stop-after must be positive seconds")
        if self.repeat < 1:
            raise ValueError("--repeat must be at least 1")
        if self.restore_only and self.compact_ledgers is None:
            raise ValueError("--restore-only rebuilds a bench folder from compact ledgers: give --compact-ledgers DIR")
        if self.repeat_within is not None and self.repeat_within <= 1:
            raise ValueError(f"--repeat-within {self.repeat_within:g}: give a factor above 1 (e.g. 1.5: speedups "
                             f"between 0.67x and 1.5x are judged again)")
        k, n = self.shard
        if not 1 <= k <= n:
            raise ValueError(f"shard {k}/{n}: expected K/N with 1 <= K <= N")
        for p in self.protocols:
            self.eval_config(p)  # a bad option for any protocol fails before anything is written

    def shares(self) -> list[int] | None:
        """Workers per device for each protocol judged side by side (`protocols_at_once`), or None: in turn."""
        n, w = len(self.protocols), self.workers_per_device
        if not self.protocols_at_once or n < 2 or w < n or self.backend != "local":
            return None  # (with w >= n >= 2 each backend is told of the others and its workers are processes)
        return [w // n + (i < w % n) for i in range(n)]

    def eval_config(self, protocol: str, repeat: int = 1):
        """The judge's policy; repeats after the first keep their baselines apart (a cache folder per repeat), so
        eager and torch.compile are timed again and the repeat spread of a speedup covers both of its timings."""
        from autokernel.evaluate.caches import default_cache_dir
        from autokernel.evaluate.config import EvalConfig

        options = dict(self.eval_options)
        if repeat > 1:
            base = Path(options.get("cache_dir") or default_cache_dir())
            options["cache_dir"] = str(base / f"repeat-{repeat}")
            options.setdefault("facts_dir", str(base))  # memory peaks, degeneracy, baseline rule: no timing
        return EvalConfig.for_device(self.device, protocol=protocol, **options)

    def run_dir(self, protocol: str, repeat: int = 1) -> Path:
        return Path(self.out) / protocol if repeat == 1 else Path(self.out) / "repeats" / str(repeat) / protocol


@dataclass(frozen=True)
class Job:
    """One candidate for one problem; ``label`` says where it came from (a file name, ``starter`` ...)."""

    problem: Problem
    candidate: Candidate
    label: str


@dataclass(frozen=True)
class Skipped:
    """Something that was not judged, and why."""

    what: str
    why: str


@dataclass(kw_only=True)
class ProtocolOutcome:
    """What one protocol's run directory holds after this invocation."""

    protocol: str
    run_dir: Path
    judged: int = 0  # judged by this invocation (all repeats)
    reused: int = 0  # found recorded, not judged again
    restored: int = 0  # of those, recorded from the compact ledgers by this invocation (all repeats)
    failed: list[str] = field(default_factory=list)  # harness errors (nothing recorded: a rerun judges them)
    left: int = 0  # not started before --stop-after (a rerun judges them)
    not_repeated: int = 0  # repeats left out by --repeat-within (first verdict no close call)
    problems: int = 0  # problems of the selection
    solved: int = 0  # problems with a correct, non-quarantined candidate
    leaderboard: Path | None = None  # the page, when one was written
    note: str = ""  # why there is no page
    wall_s: float = 0.0
    devices: list[str] = field(default_factory=list)

    @property
    def per_device_hour(self) -> float:
        """Candidates judged per device-hour of this invocation's wall time (start-up included)."""
        return self.judged * 3600.0 / self.wall_s / max(1, len(self.devices)) if self.wall_s > 0 else 0.0


@dataclass(kw_only=True)
class BenchResult:
    out: Path
    jobs: int
    outcomes: list[ProtocolOutcome]
    skipped: list[Skipped]
    repeats: list[dict] = field(default_factory=list)  # `repeat_summary` rows, with repeat > 1
    index: Path | None = None  # the side-by-side page of the protocols (`kb.board`), when more than one has a page

    def lines(self) -> list[str]:
        """The closing report: per protocol what was judged, solved and written, with its throughput."""
        out = [f"bench folder: {self.out}", f"candidates: {self.jobs} per protocol and repeat"]
        if self.skipped:
            out.append(f"skipped: {len(self.skipped)} (listed in {Path(self.out) / BENCH_INFO})")
            out += [f"  {s.what}: {s.why}" for s in self.skipped[:20]]
            if len(self.skipped) > 20:
                out.append(f"  ... and {len(self.skipped) - 20} more")
        for o in self.outcomes:
            kind = "GPU" if any(d.startswith("cuda") for d in o.devices) else "device"
            out.append(f"{o.protocol}: {o.solved}/{o.problems} problems with a correct kernel; judged {o.judged}, "
                       f"recorded before {o.reused}"
                       + (f" ({o.restored} from the compact ledgers)" if o.restored else "")
                       + f", harness errors {len(o.failed)}"
                       + (f", left by --stop-after {o.left}" if o.left else "")
                       + (f", not repeated (no close call) {o.not_repeated}" if o.not_repeated else "")
                       + f"; run directory {o.run_dir}")
            out.append(f"{o.protocol}: throughput {o.per_device_hour:.0f} judged per {kind}-hour ({o.judged} in "
                       f"{o.wall_s:.0f} s on {len(o.devices)} {kind}(s): {', '.join(o.devices) or '-'})")
            out += [f"  harness error: {f}" for f in o.failed[:10]]
            out.append(f"{o.protocol}: leaderboard {o.leaderboard}" if o.leaderboard else
                       f"{o.protocol}: no leaderboard page ({o.note})")
        if self.index:
            out.append(f"protocols side by side: {self.index}")
        for row in self.repeats:
            out.append("repeat: " + "  ".join(f"{k}={v}" for k, v in row.items()))
        return out


# ---------------------------------------------------------------------------------------------------------
# Generations folders


@dataclass(frozen=True)
class Sample:
    level: int
    problem_id: int
    sample_id: int
    path: Path


def scan_generations(gen_dir: str | Path, problems: Sequence[Problem], *, levels: Iterable[int],
                     ids: Iterable[int] | None = None) -> tuple[list[Sample], list[Skipped]]:
    """The samples of a generations folder for ``problems`` (the levels' problems), and every other file with why.

    A file is judged only when its name is exactly KernelBench's (``level_1_problem_19_sample_0_kernel.py``), its
    level is one asked for, the level has that problem, the problem is selected (``ids``), and it reads as UTF-8."""
    root = Path(gen_dir)
    if not root.is_dir():
        raise ValueError(f"--generations {gen_dir}: no such folder")
    levels = set(levels)
    known = {(p.level, p.problem_id) for p in problems}
    wanted = set(ids) if ids is not None else None
    samples, skipped = [], []
    for path in sorted(root.iterdir(), key=lambda p: _natural(p.name)):
        m = GENERATION_NAME.match(path.name)
        if not path.is_file():
            skipped.append(Skipped(path.name, "not a file"))
        elif not m:
            skipped.append(Skipped(path.name, "name is not level_{L}_problem_{N}_sample_{S}_kernel.py"))
        else:
            level, pid, sample = (int(g) for g in m.groups())
            if level not in levels:
                skipped.append(Skipped(path.name, f"level {level} is not judged here (levels {sorted(levels)})"))
            elif (level, pid) not in known:
                skipped.append(Skipped(path.name, f"level {level} has no problem {pid}"))
            elif wanted is not None and pid not in wanted:
                skipped.append(Skipped(path.name, f"problem {pid} is not selected"))
            else:
                try:
                    path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError) as exc:
                    skipped.append(Skipped(path.name, f"unreadable: {type(exc).__name__}: {exc}"))
                    continue
                samples.append(Sample(level, pid, sample, path))
    return samples, skipped


def _natural(name: str) -> list:
    """Sort key that puts problem 2 before problem 10."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def generation_jobs(samples: Sequence[Sample], problems: Sequence[Problem]) -> list[Job]:
    by_key = {(p.level, p.problem_id): p for p in problems}
    return [Job(by_key[(s.level, s.problem_id)],
                Candidate(source=s.path.read_text(encoding="utf-8"), proposer=GENERATIONS_PROPOSER,
                          branch=s.sample_id, idea=s.path.name),
                s.path.name) for s in samples]  # fmt: skip


def judge_generations(gen_dir: str | Path, problems: Sequence[Problem], config: BenchConfig, *,
                      ids: Iterable[int] | None = None, echo: Callable[[str], None] = print) -> BenchResult:
    """Judge every sample of ``gen_dir`` for ``problems`` (whole levels, as loaded; ``ids`` narrows them)
    under each protocol of ``config``; see the module docstring for what is written."""
    ids = set(ids) if ids is not None else None
    levels = sorted({p.level for p in problems if p.level is not None})
    if not levels:
        raise ValueError("no KernelBench problems (with a level and an id) to judge generations against")
    samples, skipped = scan_generations(gen_dir, problems, levels=levels, ids=ids)
    chosen = [p for p in problems if ids is None or p.problem_id in ids]
    entry = {"mode": "generations", "generations": str(Path(gen_dir).resolve()), "samples": len(samples)}
    return _bench(chosen, generation_jobs(samples, problems), skipped, config, entry, echo)


# ---------------------------------------------------------------------------------------------------------
# (problem, candidate) pairs


CANDIDATE_SPECS = ("FILE.py", "dir:PATH", "run:PATH", "starter", "preset:NAME", "preset:N", "inductor",
                   "inductor:VARIANT", "wrap", "copy")

# `copy`: the reference's forward, then a Triton copy of its output: a harness smoke test ("correct" without
# doing the work; never a result)
COPY_KERNEL = '''
import triton
import triton.language as tl


@triton.jit
def _copy_out_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(Model):
    def forward(self, *args):
        out = super().forward(*args).contiguous()
        dst = torch.empty_like(out)
        n = out.numel()
        _copy_out_kernel[(triton.cdiv(n, 4096),)](out, dst, n, BLOCK=4096)
        return dst
'''


def check_spec(spec: str) -> None:
    """ValueError unless ``spec`` is one of `CANDIDATE_SPECS` (a file or folder that exists)."""
    if spec in ("starter", "wrap", "copy") or (spec.startswith("preset:") and spec[7:]):
        return
    if is_inductor(spec):
        variant_of(spec)  # ValueError naming the variants
        return
    if spec.startswith(("dir:", "run:")):
        if not Path(spec[4:]).is_dir():
            raise ValueError(f"candidate {spec!r}: no such folder")
        return
    if spec.endswith(".py"):
        if not Path(spec).is_file():
            raise ValueError(f"candidate {spec!r}: no such file")
        return
    raise ValueError(f"candidate {spec!r}: expected one of {', '.join(CANDIDATE_SPECS)}")


def candidate_path(spec: str, problem: Problem) -> Path | None:
    """The file a ``dir:`` or ``run:`` spec holds for ``problem`` (``dir:``: ``<name>.py``, or ``L<level>_<id>.py``
    as a leaderboard's ``kernels/`` folder names them; ``run:``: the run's ``problems/L<level>_<id>_*/best.py``);
    None when there is none."""
    root = Path(spec[4:])
    if spec.startswith("dir:"):
        found = [root / f"{problem.name}.py"]
        if problem.level is not None and problem.problem_id is not None:
            found.append(root / f"L{problem.level}_{problem.problem_id}.py")
    else:
        found = sorted(root.glob(f"problems/L{problem.level}_{problem.problem_id}_*/best.py"))
    return next((f for f in found if f.is_file()), None)


def preset_source(spec: str, problem: Problem) -> tuple[str, str] | None:
    """``preset:N`` (1-based) or ``preset:NAME`` (a unique prefix): (the preset's name, the starter generated
    with it), or None when the problem's starter has no such preset."""
    from autokernel.starters import generate_starter

    presets = list(generate_starter(problem).presets.items())
    key = spec.split(":", 1)[1]
    if key.isdigit():
        n = int(key)
        found = [presets[n - 1]] if 1 <= n <= len(presets) else []
    else:  # the preset of that name, else the one it is a unique prefix of
        found = [(name, values) for name, values in presets if name == key] or [
            (name, values) for name, values in presets if name.lower().startswith(key.lower())]
    if len(found) != 1:
        return None
    name, values = found[0]
    return name, generate_starter(problem, tunables=values).source


def candidate_source(spec: str, problem: Problem) -> tuple[str, str] | None:
    """(source, label) of candidate ``spec`` for ``problem``; None when the spec has none for it."""
    if spec == "wrap":  # the reference renamed: pure PyTorch, must be rejected
        src = re.sub(r"\bclass Model\b", "class ModelNew", problem.source)
        return re.sub(r"super\(Model, self\)", "super(ModelNew, self)", src), "wrap"
    if spec == "copy":
        return problem.source + "\n" + COPY_KERNEL, "copy"
    if spec == "starter":
        from autokernel.starters import generate_starter

        return generate_starter(problem).source, "starter"
    if spec.startswith("preset:"):
        found = preset_source(spec, problem)
        return (found[1], f"preset:{found[0]}") if found else None
    if spec.startswith(("dir:", "run:")):
        path = candidate_path(spec, problem)
        return (path.read_text(encoding="utf-8"), str(path)) if path else None
    return Path(spec).read_text(encoding="utf-8"), spec


def parse_pairs(text: str, *, source: str = "pairs") -> list[tuple[str, str]]:
    """A pairs file: one ``PROBLEM CANDIDATE`` per line (``L1/19 kernels/relu.py``, ``L2/1-10 starter``);
    ``#`` starts a comment."""
    pairs = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{source} line {n}: expected 'PROBLEM CANDIDATE', got {line!r}")
        pairs.append((parts[0], parts[1]))
    return pairs


def pair_jobs(pairs: Sequence[tuple[Problem, str]],
              inductor: Mapping[tuple[str, str], InductorCandidate] | None = None,
              ) -> tuple[list[Job], list[Skipped]]:
    """The jobs of (problem, spec) pairs, and the pairs with no candidate; ``inductor``: (problem key, spec) -> the
    captured inductor candidate (`kb.bench_inductor`), for the ``inductor`` and ``inductor:VARIANT`` specs. A
    variant whose code is the seed's (benched beside it) is skipped: its readings would measure only the judge's
    noise (on an H100, 12 of 18 variants of three problems were the seed's code)."""
    from autokernel.starters.inductor import same_code

    jobs, skipped = [], []
    for problem, spec in pairs:
        if is_inductor(spec):
            seed = (inductor or {}).get((problem.key, spec))
            plain = (inductor or {}).get((problem.key, SPEC)) if spec != SPEC else None
            if seed is None or seed.source is None:
                skipped.append(Skipped(f"{problem.key} {spec}", seed.label if seed else "not captured"))
            elif plain is not None and plain.source is not None and same_code(seed.source, plain.source):
                skipped.append(Skipped(f"{problem.key} {spec}", "inductor wrote the seed's code under this setting "
                                                                 "(judged as `inductor`)"))
            else:
                jobs.append(Job(problem, Candidate(source=seed.source, proposer="inductor", idea=seed.label,
                                                   own_code=True), spec))
            continue
        found = candidate_source(spec, problem)
        if found is None:
            skipped.append(Skipped(f"{problem.key} {spec}", "no such candidate for this problem"))
            continue
        source, label = found
        own = spec == "starter" or spec.startswith("preset:")  # our generator's code: its compiles may be shared
        jobs.append(Job(problem, Candidate(source=source, proposer=spec, idea=label, own_code=own), label))
    return jobs, skipped


def judge_pairs(pairs: Sequence[tuple[Problem, str]], config: BenchConfig, *,
                echo: Callable[[str], None] = print) -> BenchResult:
    """Judge each (problem, candidate spec) pair (`CANDIDATE_SPECS`) under each protocol of ``config``."""
    started = _clock()  # --stop-after counts from here: the captures before the judging are the invocation's too
    deadline = started + config.stop_after_s if config.stop_after_s is not None else None
    problems = list({p.key: p for p, _ in pairs}.values())
    inductor: dict[tuple[str, str], InductorCandidate] = {}
    kinds = list(dict.fromkeys(spec for _, spec in pairs if is_inductor(spec)))  # the seed, then each variant
    if kinds:
        check_out(config.out)  # the captures are kept in the bench folder: never in a folder not ours
    for kind in kinds:
        wanted = list({p.key: p for p, spec in pairs if spec == kind}.values())
        found = inductor_candidates(wanted, config.device, config.out, capture_ok=not config.restore_only,
                                    variant=variant_of(kind), echo=echo,
                                    time_left=(lambda: deadline - _clock()) if deadline is not None else None)
        inductor.update({(key, kind): cand for key, cand in found.items()})
    jobs, skipped = pair_jobs(pairs, inductor)
    entry = {"mode": "pairs", "candidates": sorted({spec for _, spec in pairs})}
    return _bench(problems, jobs, skipped, config, entry, echo, started=started)


# ---------------------------------------------------------------------------------------------------------
# The folder


def check_out(out: str | Path) -> None:
    """ValueError unless ``out`` is missing, empty, or a bench folder (it holds `BENCH_INFO`, or only the inductor
    captures of a bench stopped before its first verdict)."""
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise ValueError(f"--out {out}: not a folder")
    if path.is_dir() and any(path.iterdir()) and not (path / BENCH_INFO).is_file() and not only_captures(path):
        raise ValueError(f"--out {out}: a non-empty folder that is not a bench folder (no {BENCH_INFO}); "
                         "give a new or empty folder, or an earlier bench folder to resume")


def _bench(problems: Sequence[Problem], jobs: list[Job], skipped: list[Skipped], config: BenchConfig,
           entry: dict, echo: Callable[[str], None], *, started: float | None = None) -> BenchResult:
    """``started``: the invocation's start on `_clock` (--stop-after counts from it), where work came before."""
    check_out(config.out)
    if config.compact_ledgers is not None:
        from kb.bench_ledgers import check_ledger_dir

        check_ledger_dir(config.compact_ledgers)
    start = _clock() if started is None else started
    deadline = start + config.stop_after_s if config.stop_after_s is not None else float("inf")
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    k, n = config.shard
    keep = {p.key for p in problems[k - 1::n]}
    problems = [p for p in problems if p.key in keep]
    jobs = [j for j in jobs if j.problem.key in keep]
    info = _read_info(out)
    info["invocations"].append({"started": _now(), **entry, **dict(config.selection), "shard": f"{k}/{n}",
                                "protocols": list(config.protocols), "repeat": config.repeat,
                                "device": config.device, "workers_per_device": config.workers_per_device,
                                "totals": {str(lv): n for lv, n in sorted(config.totals.items())},
                                "skipped": [[s.what, s.why] for s in skipped],
                                "compact_ledgers": config.compact_ledgers and str(config.compact_ledgers)})  # fmt: skip
    _write_info(out, info)
    echo(f"bench folder: {out} ({len(jobs)} candidates for {len(problems)} problems, {len(skipped)} skipped)")
    outcomes = [ProtocolOutcome(protocol=p, run_dir=config.run_dir(p), problems=len(problems))
                for p in config.protocols]
    if config.compact_ledgers is not None:
        _restore(jobs, config, outcomes, echo)
    def protocol(outcome: ProtocolOutcome, share: BenchConfig) -> None:
        args = {**entry, **dict(config.selection)}
        _judge(jobs, problems, share, outcome.protocol, 1, args, outcome, echo, deadline)
        later = list(range(2, config.repeat + 1))
        split = _repeat_shares(share, [_repeat_pending(jobs, share, outcome.protocol, r) for r in later])
        if split is None:
            for r in later:
                _judge(jobs, problems, share, outcome.protocol, r, args, outcome, echo, deadline)
        else:
            for r in (r for r, w in zip(later, split, strict=True) if not w):  # nothing to judge: recorded at once
                _judge(jobs, problems, share, outcome.protocol, r, args, outcome, echo, deadline)
            busy = [(r, w) for r, w in zip(later, split, strict=True) if w]
            echo(f"{outcome.protocol}: judging repeats {', '.join(str(r) for r, _ in busy)} at once, workers per "
                 "device: " + ", ".join(f"repeat {r} {w}" for r, w in busy))
            _repeats_side_by_side(outcome, share, [w for _, w in busy], [r for r, _ in busy], lambda r, part, cfg:
                                  _judge(jobs, problems, cfg, outcome.protocol, r, args, part, echo, deadline))
        outcome.solved = _solved(outcome.run_dir, problems)

    shares = config.shares()
    started = time.monotonic()
    try:
        if shares is None:
            for outcome in outcomes:
                protocol(outcome, config)
                _page(outcome, config, out)
        else:
            each = ", ".join(f"{o.protocol} {w}" for o, w in zip(outcomes, shares, strict=True))
            echo(f"judging the protocols at once, workers per device: {each}")
            _side_by_side([(protocol, (o, replace(config, workers_per_device=w,
                                                  device_sharers=config.workers_per_device)))
                           for o, w in zip(outcomes, shares, strict=True)])
            for outcome in outcomes:  # the pages once every protocol is judged, in this thread
                _page(outcome, config, out)
    finally:  # an interrupted bench still keeps what it recorded
        if config.compact_ledgers is not None and not config.restore_only:
            _write_back(config, echo)
    wall = time.monotonic() - started  # judging and pages: what the protocols' own wall times add up to in turn
    index = _index(outcomes, out)
    result = BenchResult(out=out, jobs=len(jobs), outcomes=outcomes, skipped=skipped,
                         repeats=repeat_summary(config, problems) if config.repeat > 1 else [], index=index)
    devices = max((len(o.devices) for o in outcomes), default=1)
    info["invocations"][-1].update(ended=_now(), protocols_at_once=shares is not None, wall_s=round(wall, 1),
                                   judged_per_device_hour=round(sum(o.judged for o in outcomes) * 3600.0 / wall
                                                                / max(1, devices), 1) if wall > 0 else 0.0,
                                   outcomes=[{
        "protocol": o.protocol, "run_dir": str(o.run_dir.relative_to(out)), "judged": o.judged, "reused": o.reused,
        "restored": o.restored,
        "harness_errors": o.failed, "left_by_stop_after": o.left, "not_repeated": o.not_repeated, "problems": o.problems, "solved": o.solved, "wall_s": round(o.wall_s, 1),
        "devices": o.devices, "judged_per_device_hour": round(o.per_device_hour, 1),
        "leaderboard": str(o.leaderboard.relative_to(out)) if o.leaderboard else None, "note": o.note,
    } for o in outcomes])  # fmt: skip
    _write_info(out, info)
    return result


def _repeat_shares(share: BenchConfig, pending: Sequence[int]) -> list[int] | None:
    """Workers for each later repeat judged side by side within one protocol's share, given the candidates each has
    left to judge (``pending``), or None: in turn. Side by side, a repeat whose light candidates are left is not
    held up behind another's multi-GB ones, each waiting for heavy slots (level 1 on the H200: a whole call's
    workers waited on them while a repeat's light close calls queued behind). A repeat with nothing left gets none;
    the others one each and the rest by what they have left (split evenly, a repeat with 1 candidate held 2 of 3
    workers while the other's 32 had one)."""
    w = share.workers_per_device
    busy = [i for i, n in enumerate(pending) if n > 0]
    if len(busy) < 2 or w < len(busy) or share.backend != "local" or not share.protocols_at_once:
        return None
    split = [1 if n > 0 else 0 for n in pending]
    total, spare = sum(pending[i] for i in busy), w - len(busy)
    exact = {i: spare * pending[i] / total for i in busy}
    for i in busy:
        split[i] += int(exact[i])
    for i in sorted(busy, key=lambda i: (-(exact[i] - int(exact[i])), i))[:spare - sum(int(x) for x in exact.values())]:
        split[i] += 1  # largest remainders
    return split


def _repeat_pending(jobs: list[Job], config: BenchConfig, protocol: str, repeat: int) -> int:
    """How many candidates `_judge` would judge for this repeat now: not recorded in it yet, and (with
    ``repeat_within``) a close call in the first repeat."""
    pending, _ = _unrecorded(jobs, _ledger(config, protocol, repeat, rejudge=config.rejudge))
    if config.repeat_within is None or not pending:
        return len(pending)
    first, within = _ledger(config, protocol, 1), config.repeat_within
    return sum(_is_close(first.lookup(j.problem, j.candidate), within) for j in pending)


def _unrecorded(jobs: list[Job], ledger) -> tuple[list[Job], int]:
    """The jobs ``ledger`` holds no verdict for, identical samples once, and how many jobs it does hold."""
    pending = [j for j in jobs if ledger.lookup(j.problem, j.candidate) is None]
    return list({ledger.key(j.problem, j.candidate): j for j in pending}.values()), len(jobs) - len(pending)


def _is_close(attempt, within: float) -> bool:
    """A correct first verdict within ``within``x of 1x vs eager or compile (None: no first verdict yet)."""
    if attempt is None or not attempt.is_correct:
        return False
    v = attempt.verdict
    return any(s and 1 / within < s < within for s in (v.speedup, v.speedup_vs_compile))


def _repeats_side_by_side(outcome: ProtocolOutcome, share: BenchConfig, split: list[int], repeats: list[int],
                          judge: Callable[[int, ProtocolOutcome, BenchConfig], None]) -> None:
    """``judge(r, part, config)`` for every repeat at once, each with its workers and an outcome of its own (merged
    into ``outcome`` after: counts add up, the wall time is the longest part's)."""
    sharers = share.device_sharers or share.workers_per_device
    parts = [ProtocolOutcome(protocol=outcome.protocol, run_dir=outcome.run_dir, problems=outcome.problems)
             for _ in repeats]
    try:
        _side_by_side([(judge, (r, part, replace(share, workers_per_device=w, device_sharers=sharers)))
                       for r, part, w in zip(repeats, parts, split, strict=True)])
    finally:
        for part in parts:
            outcome.judged += part.judged
            outcome.reused += part.reused
            outcome.restored += part.restored
            outcome.failed += part.failed
            outcome.left += part.left
            outcome.not_repeated += part.not_repeated
            outcome.devices = part.devices or outcome.devices
        outcome.wall_s += max((part.wall_s for part in parts), default=0.0)


def _side_by_side(calls: list[tuple[Callable, tuple]]) -> None:
    """Run each ``fn(*args)`` in a thread of its own and wait for all; the first exception is raised once all
    have ended. Daemon threads: a killed bench (SIGTERM, --stop-after's device limit) does not wait for them."""
    errors: list[BaseException] = []

    def run(fn: Callable, args: tuple) -> None:
        try:
            fn(*args)
        except BaseException as exc:  # noqa: BLE001 - carried to the caller's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=call, daemon=True, name=f"bench-protocol-{i}")
               for i, call in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        while t.is_alive():
            t.join(timeout=0.5)  # a short join keeps the main thread's signal handlers responsive
    if errors:
        raise errors[0]


def _judge(jobs: list[Job], problems: Sequence[Problem], config: BenchConfig, protocol: str, repeat: int,
           entry: dict, outcome: ProtocolOutcome, echo: Callable[[str], None], deadline: float) -> None:
    """One protocol, one repeat: record a verdict for every job not recorded yet, starting none after
    ``deadline`` (monotonic seconds). At most two candidates per worker are queued at a time; at the deadline
    those no worker has started are taken back, and those still waiting for heavy slots give up (worker
    processes), so only the evaluations at work finish, and the rest of the queue stays unjudged for a rerun."""
    from tqdm import tqdm

    from autokernel.evaluate.gate import GaveUp
    from autokernel.ledger.run_info import close_invocation, start_invocation
    from autokernel.propose.base import Attempt
    from autokernel.search.backend import local_devices
    from autokernel.search.choice import make_backend, record

    eval_config = config.eval_config(protocol, repeat)
    run_dir = config.run_dir(protocol, repeat)
    ledger = _ledger(config, protocol, repeat, rejudge=config.rejudge)
    if not config.restore_only:  # (restoring, the run.json holds the restored verdicts' invocations only)
        start_invocation(run_dir, dataset=config.dataset, config=config.dataset_config, entry={
            **entry, "protocol": protocol, "repeat": repeat, "device": config.device,
            "workers_per_device": config.workers_per_device, "compile_baseline": eval_config.baseline_compile,
            **({"repeat_within": config.repeat_within} if repeat > 1 and config.repeat_within else {}),
            **record(config)})
    for p in problems:
        ledger.save_problem(p)
    pending, recorded = _unrecorded(jobs, ledger)
    outcome.reused += recorded
    if repeat > 1 and config.repeat_within is not None and pending:
        pending = _close_calls(pending, config, protocol, outcome, echo)
    if repeat > 1 and pending:
        pending = _heavy_between_light(pending, _ledger(config, protocol, 1))
    if config.restore_only:  # what the compact ledgers do not hold waits for a bench that judges
        outcome.left += len(pending)
        if pending:
            where = f"{protocol}" + (f" repeat {repeat}" if config.repeat > 1 else "")
            echo(f"{where}: {len(pending)} candidates not in the compact ledgers, left unjudged (--restore-only)")
        return
    started = time.monotonic()
    devices = local_devices(eval_config.device) if config.backend == "local" else [f"ray ({eval_config.device})"]
    judged = 0
    if pending:
        where = f"{protocol}" + (f" repeat {repeat}" if config.repeat > 1 else "")
        echo(f"{where}: judging {len(pending)} candidates on {', '.join(devices)} ({len(jobs) - len(pending)} "
             f"recorded before) into {run_dir}")
        backend = make_backend(eval_config, config, echo=echo)
        try:
            queue = list(reversed(pending))
            futures: dict = {}
            window = 2 * backend.workers
            bar = tqdm(total=len(pending), desc=where, unit="cand", disable=not config.progress, file=sys.stderr)
            dropped = False
            try:
                while queue or futures:
                    while queue and len(futures) < window and _clock() < deadline:
                        job = queue.pop()
                        futures[backend.submit(job.problem, job.candidate)] = job
                    if not futures:
                        break  # past the deadline with nothing in flight
                    until_deadline = None if dropped or deadline == float("inf") else max(0.0, deadline - _clock())
                    done, _ = wait(futures, timeout=until_deadline, return_when=FIRST_COMPLETED)
                    if not dropped and _clock() >= deadline and hasattr(backend, "drop_queued"):
                        backend.drop_queued()  # what no worker has started waits for the rerun
                        dropped = True
                    for fut in done:
                        job = futures.pop(fut)
                        if fut.cancelled():
                            queue.append(job)
                            continue
                        try:
                            verdict = fut.result()
                        except GaveUp:  # past the deadline, still waiting for heavy slots: left for a rerun
                            queue.append(job)
                            continue
                        except Exception as exc:  # noqa: BLE001 - a dead worker fails one job; the rest go on
                            bar.update(1)
                            outcome.failed.append(f"{job.problem.key} {job.label}: {type(exc).__name__}: {exc}")
                            continue
                        bar.update(1)
                        attempt = Attempt(candidate=job.candidate, verdict=verdict)
                        ledger.record(job.problem, attempt)
                        judged += 1
                        if not config.progress:  # a log's progress, line by line (no bar to watch)
                            speed = f" {verdict.speedup:.3g}x" if verdict.speedup else ""
                            echo(f"{where}: {job.problem.key} {verdict.verdict}{speed} in {verdict.wall_s:.0f} s "
                                 f"({judged}/{len(pending)})")
                        if attempt.is_correct:
                            ledger.save_best(job.problem, attempt)  # kept only when it beats the recorded best
            finally:
                bar.close()
            if queue:
                outcome.left += len(queue)
                echo(f"{where}: --stop-after reached; {len(queue)} candidates left for a rerun")
        finally:
            devices = backend.devices  # a Ray judge names its node and GPU once it has started
            backend.close()
    wall = time.monotonic() - started
    outcome.judged += judged
    outcome.wall_s += wall
    outcome.devices = list(devices)
    per_hour = judged * 3600.0 / wall if wall > 0 else 0.0
    close_invocation(run_dir, {"devices": list(devices), "candidates_evaluated": judged, "wall_s": round(wall, 1),
                               "candidates_per_hour": round(per_hour, 1),
                               "candidates_per_device_hour": round(per_hour / max(1, len(devices)), 1)})
    for note in ledger.notes:
        echo(f"{protocol}: note: {note}")


def _ledger(config: BenchConfig, protocol: str, repeat: int, *, rejudge: frozenset[str] = frozenset()):
    """The ledger of one protocol's repeat (its run directory, device kind and judging policy)."""
    from autokernel.ledger import Ledger

    eval_config = config.eval_config(protocol, repeat)
    return Ledger(config.run_dir(protocol, repeat), device="cuda" if eval_config.is_cuda else "cpu",
                  policy=eval_config.ledger_policy(), rejudge=rejudge)


def _restore(jobs: list[Job], config: BenchConfig, outcomes: Sequence[ProtocolOutcome],
             echo: Callable[[str], None]) -> None:
    """Record the verdicts the compact ledgers hold for ``jobs`` into each protocol's and repeat's run directory,
    so they are not judged again (`kb.bench_ledgers.restore`)."""
    from kb.bench_ledgers import ledger_files, restore

    root, foreign = config.compact_ledgers, 0
    for outcome in outcomes:
        for r in range(1, config.repeat + 1):
            if files := ledger_files(root, outcome.protocol, r):
                done = restore(_ledger(config, outcome.protocol, r), jobs, files, rejudge=config.rejudge)
                outcome.restored += done.recorded
                foreign += done.foreign
    echo(f"compact ledgers: {sum(o.restored for o in outcomes)} verdicts recorded from {root} ("
         + ", ".join(f"{o.protocol} {o.restored}" for o in outcomes) + ")")
    if foreign:
        echo(f"compact ledgers: {foreign} verdicts in {root} not for this invocation's policy (or problem text, "
             f"or device): judged again")


def _write_back(config: BenchConfig, echo: Callable[[str], None]) -> None:
    """Merge every run directory's verdicts into the compact ledgers (`kb.bench_ledgers.write_back`)."""
    from kb.bench_ledgers import write_back

    runs = [(p, r, config.run_dir(p, r)) for p in config.protocols for r in range(1, config.repeat + 1)]
    written = write_back(config.compact_ledgers, runs)
    echo(f"compact ledgers: {len(written)} files written under {config.compact_ledgers}"
         + (f" ({', '.join(str(p.relative_to(config.compact_ledgers)) for p in written)})" if written else ""))


def _close_calls(pending: list[Job], config: BenchConfig, protocol: str, outcome: ProtocolOutcome,
                 echo: Callable[[str], None]) -> list[Job]:
    """The repeat's jobs whose first verdict is a close call (`BenchConfig.repeat_within`); a job whose first
    verdict is not recorded yet waits for it (a later invocation repeats it if it is close)."""
    first = _ledger(config, protocol, 1)
    within = config.repeat_within
    keep, waiting, clear = [], 0, 0
    for job in pending:
        attempt = first.lookup(job.problem, job.candidate)
        if attempt is None:
            waiting += 1
            continue
        if _is_close(attempt, within):
            keep.append(job)
        else:
            clear += 1
    outcome.not_repeated += clear
    echo(f"{protocol}: repeating the {len(keep)} close calls (a correct first verdict within {within:g}x of 1x "
         f"vs eager or compile); {clear} not repeated" + (f", {waiting} awaiting their first verdict" if waiting
                                                          else ""))
    return keep


def _heavy_between_light(jobs: list[Job], first) -> list[Job]:
    """A repeat's jobs, heaviest and lightest alternating by the judge's peak memory in their first verdict: the
    multi-GB problems wait for the device's heavy slots one after another, and in problem order they came in runs
    that left every worker waiting (level 1: 8 verdicts in 390 s on 6 workers); between light ones, the light
    ones are judged while a heavy one waits. Jobs without a first verdict keep their order, after the rest."""
    weighed, unknown = [], []
    for job in jobs:
        attempt = first.lookup(job.problem, job.candidate)
        peak = attempt.verdict.judge_peak_memory_mb if attempt is not None else None
        (weighed if peak is not None else unknown).append((peak or 0.0, job))
    weighed.sort(key=lambda pair: -pair[0])  # stable: equal weights keep the problem order
    order, low, high = [], 0, len(weighed) - 1
    while low <= high:
        order.append(weighed[low][1])
        if low != high:
            order.append(weighed[high][1])
        low, high = low + 1, high - 1
    return order + [job for _, job in unknown]


def _solved(run_dir: Path, problems: Sequence[Problem]) -> int:
    """Of ``problems`` (KernelBench's or a file's), those whose scoring row is correct and not quarantined."""
    from autokernel.ledger import RESULTS, read_rows
    from kb.runs import best_rows

    keys = {p.key for p in problems}  # a results row names its problem by key; a file's has no (level, id)
    best = best_rows(read_rows(run_dir / RESULTS)[0])
    return sum(1 for row in best.values() if row.get("problem") in keys and row["verdict"]["verdict"] == "correct"
               and not row["verdict"].get("quarantined"))


# ---------------------------------------------------------------------------------------------------------
# Pages


def _page(outcome: ProtocolOutcome, config: BenchConfig, out: Path) -> None:
    """The leaderboard of one protocol's run directory under ``out/leaderboard/<protocol>/``."""
    from kb.leaderboard import leaderboard_from
    from kb.scorer import ScoreInputError

    folder = out / "leaderboard" / outcome.protocol
    levels = sorted(config.totals)
    if not levels:
        outcome.note = "no KernelBench level among the problems"
        return
    try:
        env = page_environment(outcome.run_dir, outcome.protocol)
    except ScoreInputError as exc:
        outcome.note = str(exc)
        return
    folder.mkdir(parents=True, exist_ok=True)
    env_path = folder / "environment.json"
    env_path.write_text(json.dumps(env, indent=1) + "\n")
    totals = ",".join(f"{lv}={n}" for lv, n in sorted(config.totals.items()))
    try:
        repeats = [config.run_dir(outcome.protocol, r) for r in range(2, config.repeat + 1)]
        files = leaderboard_from(runs=[outcome.run_dir], environment=env_path, out_dir=folder, totals=totals,
                                 levels=levels, protocol=outcome.protocol,
                                 repeats=[r for r in repeats if (r / "results.jsonl").is_file()])
    except ScoreInputError as exc:
        outcome.note = str(exc)
        return
    outcome.leaderboard = files.page


def _index(outcomes: Sequence[ProtocolOutcome], out: Path) -> Path | None:
    """``out/leaderboard/<gpu slug>/``: the protocols' pages side by side (`kb.board`), KernelBench's first."""
    from kb.board import write_index

    pages = {o.protocol: o.leaderboard.parent for o in outcomes if o.leaderboard}
    if len(pages) < 2:
        return None
    slug = next(iter(pages.values())).name
    return write_index(pages, out / "leaderboard" / slug)[0]


# what a page states for an environment field its verdicts leave empty (the CPU has no driver or GPU clock)
_NOT_APPLICABLE = "n/a (CPU, Triton interpreter)"


def page_environment(runs: Path | Sequence[Path], protocol: str) -> dict[str, Any]:
    """The environment a page states: `kb.runs.run_environment` of the runs' correct verdicts (run directories or
    compact ledgers), or, when no sample is correct, the environment of any verdict (a level with nothing correct
    still gets its page: all failed). Fields a CPU run leaves empty say so."""
    from kb.runs import run_environment, run_rows
    from kb.scorer import ENVIRONMENT_KEYS, ScoreInputError

    runs = [Path(runs)] if isinstance(runs, (str, Path)) else [Path(r) for r in runs]
    try:
        env = run_environment(runs, protocol=protocol)
    except ScoreInputError:
        rows = [r for run in runs for r in run_rows(run) if r["verdict"].get("environment")]
        if not rows:
            names = ", ".join(str(r) for r in runs)
            raise ScoreInputError(f"{names}: no verdict records an environment (nothing judged yet?)") from None
        v = rows[0]["verdict"]
        e, policy = v["environment"], v.get("policy") or {}
        env = {"gpu": e.get("gpu", ""), "driver": e.get("driver", ""), "cuda": e.get("cuda_runtime", ""),
               "torch": e.get("torch", ""), "triton": e.get("triton", ""),
               "dataset": "ScalingIntelligence/KernelBench", "config": "see run notes",
               "tolerance_preset": f"{policy.get('tolerance_preset', '')} (atol=rtol={policy.get('atol', '')})",
               "protocol": protocol, "timing_method": "none: no correct kernel was timed",
               "statistic": "median of timed calls", "repetitions": "-"}  # fmt: skip
    for key in ENVIRONMENT_KEYS:
        if env.get(key) in (None, "", "None"):
            env[key] = _NOT_APPLICABLE
    return env


# ---------------------------------------------------------------------------------------------------------
# Repeatability


def spread_pct(values: list[float]) -> float | None:
    """(max - min) / median, in %: the repeatability figure (target 2 % or less)."""
    if not values:
        return None
    return round(100 * (max(values) - min(values)) / statistics.median(values), 2)


def repeat_records(config: BenchConfig, protocol: str) -> list[dict]:
    """Every verdict of every repeat of ``protocol``, flat: the verdict's fields beside ``problem`` and
    ``candidate_digest``."""
    from autokernel.ledger import RESULTS, read_rows

    records = []
    for r in range(1, config.repeat + 1):
        for row in read_rows(config.run_dir(protocol, r) / RESULTS)[0]:
            records.append({**row["verdict"], "problem": row["problem"], "candidate_digest": row["candidate_digest"],
                            "repeat": r})
    return records


def repeat_summary(config: BenchConfig, problems: Sequence[Problem]) -> list[dict]:
    """Per protocol, problem and candidate: the median kernel time of each repeat and their spread
    ((max - min) / median of the medians, in %), the same for the mean, and the median wall time of one
    evaluation (compile, correctness, timing, baselines)."""
    keys = {p.key for p in problems}
    rows = []
    for protocol in config.protocols:
        groups: dict[tuple[str, str], list[dict]] = {}
        for rec in repeat_records(config, protocol):
            if rec["problem"] in keys:
                groups.setdefault((rec["problem"], rec["candidate_digest"]), []).append(rec)
        for (problem, digest), recs in groups.items():
            rows.append({"protocol": protocol, "problem": problem, "candidate": digest, **summarise_repeats(recs)})
    return rows


def summarise_repeats(records: list[dict]) -> dict:
    """The repeatability figures of one candidate's verdicts (see `repeat_summary`)."""
    timed = [r for r in records if r.get("verdict") == "correct" and r.get("kernel")]
    medians = [r["kernel"]["median_ms"] for r in timed]
    means = [r["kernel"]["mean_ms"] for r in timed]
    walls = [r["wall_s"] for r in records if isinstance(r.get("wall_s"), (int, float)) and r["wall_s"] > 0]
    return {"repeats": len(records), "correct": len(medians), "median_ms": [round(m, 4) for m in medians],
            "spread_pct": spread_pct(medians), "mean_spread_pct": spread_pct(means),
            "median_wall_s": round(statistics.median(walls), 2) if walls else None}  # fmt: skip


# ---------------------------------------------------------------------------------------------------------
# Flat verdict records


def verdict_records(path: str | Path) -> list[dict]:
    """Verdicts in the flat shape the re-judging tools read (`benchmarks/baseline_precision_table.py`,
    `benchmarks/leaderboard_pages.py`, `kb.compact.rejudged_line`): each verdict's fields beside ``problem``,
    ``name``, ``candidate_digest``, ``candidates`` (the candidate spec) and ``preset`` (its name, for a preset).

    ``path``: a run directory a bench wrote (``OUT/<protocol>``), or a JSON Lines file of such records (the
    re-judged records stored under ``leaderboards/`` were written that way)."""
    from autokernel.ledger import RESULTS, read_rows

    path = Path(path)
    if not path.is_dir():
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    records = []
    for row in read_rows(path / RESULTS)[0]:
        rec = {**row["verdict"], "problem": row["problem"], "name": row.get("problem_name", ""),
               "candidate_digest": row.get("candidate_digest", ""), "candidates": row.get("proposer", "")}
        idea = str(row.get("idea") or "")
        if idea.startswith("preset:"):
            rec["preset"] = idea.split(":", 1)[1]
        records.append(rec)
    return records


# ---------------------------------------------------------------------------------------------------------
# Problems


def level_problems(levels: Sequence[int], *, dataset: str | None, dataset_config: str | None,
                   scale: int = 1) -> tuple[list[Problem], dict[int, int]]:
    """Every problem of ``levels`` (scaled by ``scale``) and each level's problem count (its highest id: the
    fast_p denominator)."""
    from kb.bridge import load_level

    problems, totals = [], {}
    for level in levels:
        found = load_level(level, dataset=dataset, config=dataset_config)
        if not found:
            raise ValueError(f"level {level} has no problems in this dataset")
        totals[level] = max(p.problem_id for p in found)
        problems += [p.scaled(scale) for p in found] if scale and scale > 1 else found
    return problems, totals


# ---------------------------------------------------------------------------------------------------------
# bench.json


def _read_info(out: Path) -> dict:
    try:
        info = json.loads((out / BENCH_INFO).read_text())
    except (OSError, ValueError):
        info = {}
    if not isinstance(info, dict) or not isinstance(info.get("invocations"), list):
        info = {"invocations": []}
    info["kind"] = "autokernel-kb bench"
    return info


def _write_info(out: Path, info: dict) -> None:
    tmp = out / (BENCH_INFO + ".tmp")
    tmp.write_text(json.dumps(info, indent=1, default=str) + "\n")
    tmp.replace(out / BENCH_INFO)


def _clock() -> float:
    """The clock --stop-after is measured on (a seam: tests move it without moving the judge's)."""
    return time.monotonic()


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")
