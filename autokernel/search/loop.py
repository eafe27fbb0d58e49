"""`run_search`: per problem, round 0 seeds from the proposer, then rounds of ideas x branches around
the best correct kernels, every candidate judged by the backend and recorded in the ledger."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed, wait
from dataclasses import dataclass, field

from autokernel.ledger import Ledger
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History, Proposer, rank_key, usage_of
from autokernel.records import Candidate
from autokernel.search.backend import Backend
from autokernel.search.config import SearchConfig


@dataclass(kw_only=True)
class ProblemOutcome:
    """How one problem's search went and why it stopped."""

    problem: str
    name: str
    best: Attempt | None = None
    rounds_used: int = 0
    stop_reason: str = ""
    evaluated: int = 0  # evaluated in this process
    reused: int = 0  # answered from the ledger (resumed run)
    correct: int = 0
    faster: int = 0  # correct and speedup > 1
    tokens: int = 0
    wall_s: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def best_speedup(self) -> float | None:
        return self.best.verdict.speedup if self.best else None


@dataclass(kw_only=True)
class RunOutcome:
    problems: list[ProblemOutcome]
    proposer: str
    device: str
    run_dir: str
    wall_s: float


def select_seeds(attempts: Sequence[Attempt], config: SearchConfig) -> list[Attempt]:
    """Best correct kernels first, then a bank of the next good ones. Only correct kernels are seeds."""
    correct = sorted((a for a in attempts if a.is_correct), key=rank_key, reverse=True)
    return correct[: config.seeds_per_round + config.bank_size]


def improves(new: Attempt, old: Attempt | None, min_gain: float) -> bool:
    if not new.is_correct:
        return False
    if old is None:
        return True
    a, b = new.verdict, old.verdict
    if a.speedup is not None and b.speedup is not None:
        return a.speedup > b.speedup * (1.0 + min_gain)
    if a.kernel and b.kernel:
        return a.kernel.median_ms < b.kernel.median_ms * (1.0 - min_gain)
    return False


def _stderr(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run_search(
    problems: Sequence[Problem],
    proposer: Proposer,
    backend: Backend,
    ledger: Ledger,
    config: SearchConfig,
    *,
    progress: bool = True,
    log: Callable[[str], None] = _stderr,
    jobs: int | None = None,
    stop_after_s: float | None = None,
) -> RunOutcome:
    """Search every problem; returns what happened (the ledger holds every row).

    ``jobs`` problems are searched at once (default: the backend's worker count), so every worker
    has candidates to judge even when one problem's round is narrower than the pool.
    ``stop_after_s`` ends the run gracefully (no new round starts after it; rounds in flight finish),
    so a run fits a time slot and resumes later. Ctrl-C does the same; a second Ctrl-C aborts.
    """
    from tqdm import tqdm

    started = time.monotonic()
    jobs = max(1, jobs or getattr(backend, "workers", 1))
    stop = threading.Event()
    if stop_after_s is not None:
        timer = threading.Timer(stop_after_s, stop.set)
        timer.daemon = True
        timer.start()
    bar = tqdm(total=len(problems), desc="problems", unit="problem", disable=not progress, file=sys.stderr)

    def one(problem: Problem) -> ProblemOutcome:
        if stop.is_set():
            return ProblemOutcome(problem=problem.key, name=problem.name, stop_reason=_STOPPED + " before it started")
        out = _search_problem(
            problem, proposer, backend, ledger, config, progress=progress and jobs == 1, log=log, stop=stop
        )
        bar.set_postfix_str(problem.key)
        bar.update(1)
        return out

    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="autokernel-search")
    futures = [pool.submit(one, p) for p in problems]
    try:
        try:
            wait(futures)
        except KeyboardInterrupt:
            log("interrupted: finishing the rounds in flight (Ctrl-C again to abort)")
            stop.set()
            wait(futures)
    finally:
        # a second Ctrl-C leaves without waiting; closing the backend then fails the candidates in flight
        pool.shutdown(wait=False, cancel_futures=True)
        if stop_after_s is not None:
            timer.cancel()
    outcomes = [f.result() for f in futures]
    bar.close()
    return RunOutcome(
        problems=outcomes,
        proposer=getattr(proposer, "name", type(proposer).__name__),
        device=backend.device,
        run_dir=str(ledger.root),
        wall_s=time.monotonic() - started,
    )


_STOPPED = "run stopped (time limit or Ctrl-C); resume the run directory to continue"


def _search_problem(
    problem: Problem,
    proposer: Proposer,
    backend: Backend,
    ledger: Ledger,
    config: SearchConfig,
    *,
    progress: bool,
    log: Callable[[str], None],
    stop: threading.Event | None = None,
) -> ProblemOutcome:
    from tqdm import tqdm

    out = ProblemOutcome(problem=problem.key, name=problem.name)
    started = time.monotonic()
    history = History(device=backend.device)
    ledger.save_problem(problem)
    stale = 0
    bar = tqdm(desc=problem.key, unit="cand", disable=not progress, file=sys.stderr, leave=False)
    try:
        for rnd in range(config.rounds + 1):
            if stop is not None and stop.is_set():
                out.stop_reason = _STOPPED
                break
            if (
                rnd > 0
                and config.time_per_problem_s is not None
                and time.monotonic() - started > config.time_per_problem_s
            ):
                out.stop_reason = f"time budget spent ({config.time_per_problem_s:g} s per problem)"
                break
            history.round = rnd
            history.seeds = select_seeds(history.attempts, config)
            try:
                proposed = proposer.propose(
                    problem, history, config.ideas_per_round, config.branches_per_idea
                )
            except Exception as exc:  # a proposer failure ends this problem, not the run
                out.stop_reason = f"proposer failed: {type(exc).__name__}: {exc}"
                break
            candidates = _dedupe(proposed, history)
            if not candidates:
                note = getattr(proposer, "notes", {}).get(problem.key) if hasattr(proposer, "notes") else None
                out.stop_reason = "proposer has no new ideas" + (f" ({note})" if note else "")
                break
            bar.total = (bar.total or 0) + len(candidates)
            bar.refresh()
            try:
                attempts = _evaluate_round(problem, candidates, proposer, backend, ledger, out, bar)
            except Exception as exc:  # a harness failure ends this problem; the rows so far are kept
                out.stop_reason = f"evaluation failed: {type(exc).__name__}: {exc}"
                log(f"{problem.key}: {out.stop_reason}")
                break
            history.attempts.extend(attempts)
            out.rounds_used = rnd
            round_best = max((a for a in attempts if a.is_correct), key=rank_key, default=None)
            if round_best is not None and improves(round_best, out.best, config.min_gain):
                out.best = round_best
                ledger.save_best(problem, round_best)
                stale = 0
                sp = round_best.verdict.speedup
                log(
                    f"{problem.key} round {rnd}: new best {sp:.3g}x ({round_best.candidate.idea})"
                    if sp is not None
                    else f"{problem.key} round {rnd}: new best ({round_best.candidate.idea})"
                )
            elif rnd > 0:
                stale += 1
            if (
                config.target_speedup is not None
                and out.best_speedup is not None
                and out.best_speedup >= config.target_speedup
            ):
                out.stop_reason = f"target speedup {config.target_speedup:g}x reached"
                break
            if config.patience is not None and stale >= config.patience:
                out.stop_reason = f"no improvement for {config.patience} rounds"
                break
        else:
            out.stop_reason = f"rounds exhausted ({config.rounds})"
    finally:
        bar.close()
        out.wall_s = time.monotonic() - started
    return out


def _dedupe(candidates: Sequence[Candidate], history: History) -> list[Candidate]:
    seen = set(history.digests)
    unique = []
    for c in candidates:
        if c.digest not in seen:
            seen.add(c.digest)
            unique.append(c)
    return unique


def _evaluate_round(
    problem, candidates, proposer, backend, ledger, out: ProblemOutcome, bar
) -> list[Attempt]:
    """Judge a round's candidates (ledger hits are not evaluated again); rows are recorded as each finishes."""
    results: dict[str, Attempt] = {}
    futures = {}
    for c in candidates:
        known = ledger.lookup(problem, c)
        if known is not None:
            results[c.digest] = known
            out.reused += 1
            bar.update(1)
        else:
            futures[backend.submit(problem, c)] = c
    try:
        for fut in as_completed(futures):
            c = futures[fut]
            attempt = Attempt(candidate=c, verdict=fut.result(), tokens=usage_of(proposer, c))
            ledger.record(problem, attempt)
            results[c.digest] = attempt
            out.evaluated += 1
            bar.update(1)
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    attempts = [results[c.digest] for c in candidates]
    for a in attempts:
        out.correct += a.is_correct
        out.faster += bool(a.is_correct and a.verdict.speedup is not None and a.verdict.speedup > 1.0)
        out.tokens += sum(a.tokens.values())
    return attempts
