"""`run_search`: per problem, round 0 seeds from the proposer, then rounds of ideas x branches around
the best correct kernels, every candidate judged by the backend and recorded in the ledger."""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed, wait
from dataclasses import dataclass, field

from autokernel.ledger import Ledger
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History, Proposer, cost_of, rank_key, usage_of
from autokernel.propose.usage import Usage
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
    evaluated: int = 0  # judged by this invocation
    reused: int = 0  # recorded by earlier invocations (a resumed run starts from them), or answered by the ledger
    correct: int = 0  # of all evaluated + reused candidates
    faster: int = 0  # correct and speedup > 1
    started: bool = True  # False: the run stopped before this problem's search began
    tokens: int = 0  # of the requests that wrote the candidates recorded for it (their rows' ``tokens``)
    usage: Usage | None = None  # the endpoint's usage for it, all invocations (None: no request ever made)
    wall_s: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def best_speedup(self) -> float | None:
        return self.best.verdict.speedup if self.best else None

    @property
    def tokens_spent(self) -> int:
        """Every token spent for this problem: the endpoint's count, which also holds requests that wrote no
        candidate (no code, a duplicate); the rows' sum where the run directory predates that count."""
        return max(self.tokens, self.usage.tokens if self.usage else 0)


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
    stop = _Stop()
    if stop_after_s is not None:
        timer = threading.Timer(stop_after_s, stop.set, args=(f"--stop-after {stop_after_s:g} s",))
        timer.daemon = True
        timer.start()
    bar = tqdm(total=len(problems), desc="problems", unit="problem", disable=not progress, file=sys.stderr)

    def one(problem: Problem) -> ProblemOutcome:
        if stop.is_set():
            return ProblemOutcome(problem=problem.key, name=problem.name, started=False,
                                  stop_reason=f"not started: {stop.message()}")
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
            stop.set("Ctrl-C")
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


class _Stop(threading.Event):
    """The run's stop signal, with what gave it (the time limit or Ctrl-C)."""

    def __init__(self) -> None:
        super().__init__()
        self.cause = ""

    def set(self, cause: str = "") -> None:  # type: ignore[override]
        if not self.is_set():
            self.cause = cause
        super().set()

    def message(self) -> str:
        return f"run stopped ({self.cause or 'stop requested'}); resume the run directory to continue"


def _resume(problem: Problem, ledger: Ledger, config: SearchConfig, out: ProblemOutcome, history: History,
            rejudge) -> tuple[int, int]:
    """Start from what the run directory holds for ``problem``: its recorded candidates become the history, the
    best and the rounds without improvement are replayed from them (as the search computed them), and the next
    round is the one after the last recorded. Candidates recorded with a verdict named by ``--rejudge`` are judged
    again first (``rejudge``: judges a list of candidates). Returns (next round, rounds without improvement)."""
    recorded = ledger.attempts(problem)
    again = [a.candidate for a in recorded if a.verdict.verdict in ledger.rejudge]
    if again:
        fresh = {a.candidate.digest: a for a in rejudge(again)}
        recorded = [fresh.get(a.candidate.digest, a) for a in recorded]
    out.reused = len(recorded) - len(again)
    history.attempts.extend(recorded)
    best, stale, last = None, 0, -1
    for rnd in sorted({a.candidate.round for a in recorded}):
        round_best = max((a for a in recorded if a.candidate.round == rnd and a.is_correct), key=rank_key,
                         default=None)
        if round_best is not None and improves(round_best, best, config.min_gain):
            best, stale = round_best, 0
        elif rnd > 0:
            stale += 1
        last = rnd
    kept = ledger.best_digest(problem)  # best.json, if an earlier invocation recorded a better one
    on_file = next((a for a in recorded if a.candidate.digest == kept and a.is_correct), None)
    if on_file is not None and (best is None or rank_key(on_file) > rank_key(best)):
        best = on_file
    if best is not None:
        out.best = best
        ledger.save_best(problem, best)  # a kill between a row and its best.json: best.json catches up
    for a in recorded:
        out.correct += a.is_correct
        out.faster += bool(a.is_correct and a.verdict.speedup is not None and a.verdict.speedup > 1.0)
        out.tokens += sum(a.tokens.values())
    out.rounds_used = max(last, 0)
    return last + 1, stale


def _history_key(history: History) -> str:
    """What a final stop was decided on: the candidates and how many were correct."""
    return f"{len(history.attempts)} candidates, {sum(a.is_correct for a in history.attempts)} correct"


def _stop_rule(out: ProblemOutcome, stale: int, config: SearchConfig) -> str:
    """The search's own reason to stop after a round (target reached, patience spent), or ""."""
    if config.target_speedup is not None and out.best_speedup is not None and out.best_speedup >= config.target_speedup:
        return f"target speedup {config.target_speedup:g}x reached"
    pct = out.best.verdict.pct_of_floor if out.best is not None else None
    if config.floor_stop_pct is not None and pct is not None and pct >= config.floor_stop_pct:
        return f"at {pct:.3g}% of the roofline floor (stop at {config.floor_stop_pct:g}%)"
    if config.patience is not None and stale >= config.patience:
        return f"no improvement for {config.patience} rounds"
    return ""


def _nothing_proposed(problem: Problem, proposer: Proposer, history: History) -> str:
    """Why a round has no candidates: without a correct kernel there is nothing to build on (say what the
    candidates got, so a timeout is not blamed on the proposer); else the proposer has no new ideas."""
    note = getattr(proposer, "notes", {}).get(problem.key) if hasattr(proposer, "notes") else None
    if history.attempts and not any(a.is_correct for a in history.attempts):
        counts = Counter(a.verdict.verdict for a in history.attempts)
        reason = "no correct kernel to build on (" + ", ".join(f"{n} {k}" for k, n in counts.most_common()) + ")"
        if counts.get("timeout"):
            reason += "; a timeout means too slow at this size: a larger --scale (smaller sizes) or a longer --timeout"
        return reason
    return "proposer has no new ideas" + (f" ({note})" if note else "")


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
    history = History(device=backend.device, protocol=ledger.protocol,
                      tolerance=str(ledger.policy.get("tolerance", "")))
    ledger.save_problem(problem)
    out.usage = ledger.usage(problem)
    proposer_name = getattr(proposer, "name", type(proposer).__name__)
    bar = tqdm(desc=problem.key, unit="cand", disable=not progress, file=sys.stderr, leave=False)
    final = False
    try:
        first, stale = _resume(problem, ledger, config, out, history,
                               lambda cands: _evaluate_round(problem, cands, proposer, backend, ledger, out, bar,
                                                             count=False))
        out.stop_reason = (ledger.final_stop(problem, proposer_name, _history_key(history))
                           or (_stop_rule(out, stale, config) if history.attempts else ""))
        if out.stop_reason:
            return out  # finished by an earlier invocation: a resume asks nothing more of it
        for rnd in range(first, config.rounds + 1):
            if stop is not None and stop.is_set():
                out.stop_reason = stop.message() if isinstance(stop, _Stop) else "run stopped; resume to continue"
                break
            if (
                rnd > first
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
            finally:  # what the round's requests cost, kept before anything is judged (a kill loses no spend)
                _account(problem, proposer, ledger, out)
            candidates = _dedupe(proposed, history)
            if not candidates:
                out.stop_reason, final = _nothing_proposed(problem, proposer, history), True
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
            out.stop_reason = _stop_rule(out, stale, config)
            if out.stop_reason:
                break
        else:
            out.stop_reason = f"rounds exhausted ({config.rounds})"
        ledger.save_stop(problem, proposer_name, out.stop_reason, final=final, history=_history_key(history))
    finally:
        bar.close()
        out.wall_s = time.monotonic() - started
    return out


def _account(problem: Problem, proposer: Proposer, ledger: Ledger, out: ProblemOutcome) -> None:
    """Add the endpoint usage of the proposer's latest requests for ``problem`` to the run directory."""
    take = getattr(proposer, "take_usage", None)
    if take is None:
        return
    spent = take(problem.key)
    if spent.requests:
        out.usage = ledger.add_usage(problem, spent)


def _dedupe(candidates: Sequence[Candidate], history: History) -> list[Candidate]:
    seen = set(history.digests)
    unique = []
    for c in candidates:
        if c.digest not in seen:
            seen.add(c.digest)
            unique.append(c)
    return unique


def _evaluate_round(
    problem, candidates, proposer, backend, ledger, out: ProblemOutcome, bar, *, count: bool = True
) -> list[Attempt]:
    """Judge a round's candidates (ledger hits are not evaluated again); rows are recorded as each finishes.
    ``count``: add the attempts to the problem's correct / faster / token counts (a re-judged candidate of an
    earlier invocation is counted where it was loaded)."""
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
            attempt = Attempt(candidate=c, verdict=fut.result(), tokens=usage_of(proposer, c),
                              cost_usd=cost_of(proposer, c))
            ledger.record(problem, attempt)
            results[c.digest] = attempt
            out.evaluated += 1
            bar.update(1)
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    attempts = [results[c.digest] for c in candidates]
    if count:
        for a in attempts:
            out.correct += a.is_correct
            out.faster += bool(a.is_correct and a.verdict.speedup is not None and a.verdict.speedup > 1.0)
            out.tokens += sum(a.tokens.values())
    return attempts
