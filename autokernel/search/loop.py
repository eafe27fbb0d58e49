"""`run_search`: per problem, round 0 seeds from the proposer, then rounds of ideas x branches around
the best correct kernels, every candidate judged by the backend and recorded in the ledger.

With ``SearchConfig.screen_width`` a round asks the proposer for that many variants, the backend's screen ranks
them in one process (`autokernel.evaluate.screen`), and only the ``judge_top`` fastest that beat the best kernel's
screen time (by more than a tie, ``screen_tie``) go to the judge; the screen's records go to screen.jsonl
(`ScreenLog`), never to the ledger."""

from __future__ import annotations

import math
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed, wait
from dataclasses import dataclass, field, replace

from autokernel.ledger import Ledger
from autokernel.ledger.screens import ScreenLog, ratio_bar, sum_stages
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History, Proposer, cost_of, rank_key, usage_of
from autokernel.propose.usage import Usage
from autokernel.records import Candidate, Verdict
from autokernel.search.backend import Backend
from autokernel.search.config import SearchConfig, disturbed


@dataclass(kw_only=True)
class ProblemOutcome:
    """How one problem's search went and why it stopped."""

    problem: str
    name: str
    best: Attempt | None = None
    rounds_used: int = 0
    stop_reason: str = ""
    evaluated: int = 0  # judged by this invocation
    screened: int = 0  # variants screened by this invocation (the best kernel screened as a control not counted)
    screen_reused: int = 0  # variants whose screen an earlier invocation recorded (screen.jsonl)
    rechecked: int = 0  # close calls judged a second time (`SearchConfig.recheck`), beside ``evaluated``
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
    def best_ms(self) -> float | None:
        return self.best.kernel_ms if self.best else None

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


def best_line(new: Attempt, old: Attempt | None) -> str:
    """A new best as the search ranked it: its kernel time beside the one it displaced, then its speedup over its
    own verdict's eager time. The speedups alone can fall while the kernel got faster (each verdict times its own
    eager: on a busy CPU one L1/19 run read 8.0 ms and then 1.65 ms), which read as a worse "best"."""
    v, ms, was = new.verdict, new.kernel_ms, old.kernel_ms if old else None
    parts = [f"{ms:.4g} ms" + (f" (was {was:.4g} ms)" if was else "")] if ms else []
    if v.speedup is not None:
        parts.append(f"{v.speedup:.3g}x vs eager {v.eager.median_ms:.4g} ms" if v.eager and v.eager.median_ms
                     else f"{v.speedup:.3g}x vs eager")
    return f"new best {', '.join(parts)} ({new.candidate.idea})" if parts else f"new best ({new.candidate.idea})"


def improves(new: Attempt, old: Attempt | None, min_gain: float) -> bool:
    if not new.is_correct:
        return False
    if old is None:
        return True
    a, b = new.verdict, old.verdict  # kernel times first, as `rank_key` ranks (each verdict's eager is its own)
    if a.kernel and b.kernel and a.kernel.median_ms and b.kernel.median_ms:
        return a.kernel.median_ms < b.kernel.median_ms * (1.0 - min_gain)
    if a.speedup is not None and b.speedup is not None:
        return a.speedup > b.speedup * (1.0 + min_gain)
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
    stop_grace_s: float | None = None,
) -> RunOutcome:
    """Search every problem; returns what happened (the ledger holds every row).

    ``jobs`` problems are searched at once (default: the backend's worker count), so every worker
    has candidates to judge even when one problem's round is narrower than the pool.
    ``stop_after_s`` ends the run gracefully (no new round starts after it; rounds in flight finish, but a round
    whose screen was running leaves its chosen variants queued for the next invocation instead of judging them),
    so a run fits a time slot and resumes later. Ctrl-C does the same; a second Ctrl-C aborts.
    ``stop_grace_s``: how long after ``stop_after_s`` the work in flight may take; then it is abandoned (the backend
    is closed: its evaluations fail, nothing is recorded for them, a queued variant is judged on resume) and the run
    returns its outcome, so a caller's hard time limit never cuts the record of the invocation.
    """
    from tqdm import tqdm

    started = time.monotonic()
    jobs = max(1, jobs or getattr(backend, "workers", 1))
    screens = None
    if config.screen_width:
        if callable(getattr(backend, "screen", None)):
            screens = ScreenLog(ledger.root, device=ledger.device, policy=ledger.policy)
        else:
            log(f"the {type(backend).__name__} backend does not screen: every candidate is judged "
                f"(--screen-width ignored)")
    stop = _Stop()
    timers: list[threading.Timer] = []
    if stop_after_s is not None:
        timers.append(threading.Timer(stop_after_s, stop.set, args=(f"--stop-after {stop_after_s:g} s",)))
        if stop_grace_s is not None:
            timers.append(threading.Timer(stop_after_s + stop_grace_s, _abandon,
                                          args=(stop, backend, log, stop_after_s, stop_grace_s)))
    for timer in timers:
        timer.daemon = True
        timer.start()
    bar = tqdm(total=len(problems), desc="problems", unit="problem", disable=not progress, file=sys.stderr)

    def one(problem: Problem) -> ProblemOutcome:
        if stop.is_set():
            return ProblemOutcome(problem=problem.key, name=problem.name, started=False,
                                  stop_reason=f"not started: {stop.message()}")
        try:
            out = _search_problem(
                problem, proposer, backend, ledger, config, progress=progress and jobs == 1, log=log, stop=stop,
                screens=screens,
            )
        except Exception:
            if not stop.abandoned:
                raise
            # abandoned while resuming (judging its queue): nothing of it recorded, all of it done again on resume
            out = ProblemOutcome(problem=problem.key, name=problem.name, stop_reason=stop.message())
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
        for timer in timers:
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
    """The run's stop signal, with what gave it (the time limit or Ctrl-C); ``abandoned`` once the work in flight
    was given up (`_abandon`)."""

    def __init__(self) -> None:
        super().__init__()
        self.cause = ""
        self.abandoned = False

    def set(self, cause: str = "") -> None:  # type: ignore[override]
        if not self.is_set():
            self.cause = cause
        super().set()

    def message(self) -> str:
        left = "; the evaluations in flight were abandoned" if self.abandoned else ""
        return f"run stopped ({self.cause or 'stop requested'}{left}); resume the run directory to continue"


def _abandon(stop: _Stop, backend: Backend, log: Callable[[str], None], after_s: float, grace_s: float) -> None:
    """--stop-grace ran out: give up the work in flight (closing the backend fails its futures; the searches
    waiting on them stop and record why) so the run ends and records its invocation."""
    stop.set(f"--stop-after {after_s:g} s")
    stop.abandoned = True
    log(f"--stop-grace {grace_s:g} s passed: abandoning the evaluations in flight (nothing recorded for them; "
        f"the variants a screen chose are judged on resume)")
    backend.close()


def _failed(stop: threading.Event | None, what: str) -> str:
    """A problem's stop reason after its screen or judge raised: the run's stop if the run abandoned its work."""
    return stop.message() if isinstance(stop, _Stop) and stop.abandoned else what


def _resume(problem: Problem, ledger: Ledger, config: SearchConfig, out: ProblemOutcome, history: History,
            rejudge, screens: ScreenLog | None = None, rewrite=None) -> tuple[int, int, int, Attempt | None]:
    """Start from what the run directory holds for ``problem``: its recorded candidates become the history, the
    best and the rounds without improvement are replayed from them (as the search computed them), and the next
    round is the one after the last recorded. Candidates recorded with a verdict named by ``--rejudge`` are judged
    again first, and so are the variants earlier screen rounds queued for the judge that have no verdict yet
    (``rejudge``: judges a list of candidates; `_queued`). With ``screens``, rounds that screened (judging
    nothing, maybe) are replayed too, and the screened variants join the history. Rows kept without their source
    (a thinned run directory, `autokernel.search.thin`) count, join the history as known digests (never proposed
    or judged again) and date their rounds; the best and the stale rounds are replayed from the kept sources,
    which hold every candidate that ever became the best; ``rewrite`` (the proposer's, `_rewritten`) gives back
    the sources it can write again. Returns (next round, rounds without improvement, of those the last rounds in a
    row where no screened variant beat the best, the best before the last round)."""
    unsourced: list[dict] = []
    recorded = ledger.attempts(problem, unsourced=unsourced)
    if unsourced and callable(rewrite) and _rewritten(problem, ledger, rewrite, recorded, unsourced):
        unsourced = []
        recorded = ledger.attempts(problem, unsourced=unsourced)  # in recording order, as a full run's
    again = [a.candidate for a in recorded if a.verdict.verdict in ledger.rejudge]
    queued = _queued(problem, ledger, screens, {a.candidate.digest for a in recorded}
                     | {str(r.get("candidate_digest")) for r in unsourced})
    if again or queued:
        fresh = {a.candidate.digest: a for a in rejudge(again + queued)}
        # a queued variant the rejudge left without a verdict (a replay judges nothing) stays queued
        recorded = [fresh.get(a.candidate.digest, a) for a in recorded] + [fresh[c.digest] for c in queued
                                                                              if c.digest in fresh]
    out.reused = len(recorded) - len(again) - len(queued) + len(unsourced)
    history.attempts.extend(recorded)
    history.screened |= {str(r.get("candidate_digest")) for r in unsourced}
    history.lineage.update({str(r.get("candidate_digest")): (r.get("parent"), str(r.get("idea") or ""))
                            for r in unsourced})
    history.unsourced_correct = sum(Verdict.from_dict(r["verdict"]).is_correct for r in unsourced)
    screened_rounds = screens.rounds(problem) if screens is not None else {}
    if screens is not None:
        history.screened |= screens.screened(problem)
        history.screen_ratios = screens.ratios(problem)
    best, stale, screen_stale, last, before = None, 0, 0, -1, None
    rounds = {a.candidate.round for a in recorded} | {int(r.get("round") or 0) for r in unsourced}
    for rnd in sorted(rounds | set(screened_rounds)):
        before = best
        round_best = max((a for a in recorded if a.candidate.round == rnd and a.is_correct), key=rank_key,
                         default=None)
        if round_best is not None and improves(round_best, best, config.min_gain):
            best, stale, screen_stale = round_best, 0, 0
        elif rnd > 0:
            stale += 1
            beat = screened_rounds.get(rnd, {}).get("beat_best")
            screen_stale = screen_stale + 1 if beat == 0 else 0
        last = rnd
    kept = ledger.best_digest(problem)  # best.json, if an earlier invocation recorded a better one
    on_file = next((a for a in recorded if a.candidate.digest == kept and a.is_correct), None)
    if on_file is not None and (best is None or rank_key(on_file) > rank_key(best)):
        best = on_file
    if best is not None:
        out.best = best
        ledger.save_best(problem, best)  # a kill between a row and its best.json: best.json catches up
    counted = [(a.verdict, a.tokens) for a in recorded]
    counted += [(Verdict.from_dict(r["verdict"]), r.get("tokens") or {}) for r in unsourced]
    for verdict, tokens in counted:
        out.correct += verdict.is_correct
        out.faster += bool(verdict.is_correct and verdict.speedup is not None and verdict.speedup > 1.0)
        out.tokens += sum(tokens.values())
    out.rounds_used = max(last, 0)
    return last + 1, stale, screen_stale, before


def _rewritten(problem: Problem, ledger: Ledger, rewrite, recorded: list[Attempt], unsourced: list[dict]) -> int:
    """Save the sources of the rows of ``unsourced`` whose kernel the proposer writes again exactly (``rewrite(problem,
    history, digests)`` -> digest: source; `TunerProposer.rewrite`: today's starter and the moves its lineage
    names) where the rows name them; how many. A run kept as its ledgers alone (a ledger-only thin copy, the one in
    git) then goes on from its own line in today's code, where it would otherwise have no tunable kernel to move
    from and stop with no new ideas."""
    rows = {str(r.get("candidate_digest")): r for r in unsourced}
    view = History(attempts=list(recorded),
                   lineage={d: (r.get("parent"), str(r.get("idea") or "")) for d, r in rows.items()})
    saved = 0
    for digest, source in rewrite(problem, view, list(rows)).items():
        cand = Candidate(source=source)
        if digest in rows and cand.digest == digest:  # the proposer's word is checked, not taken
            ledger.save_source(problem, cand)
            saved += 1
    return saved


UNSOURCED_NOTE = "without source"  # in a history key: candidates a thinned run directory kept without their source


def _history_key(history: History, proposer=None) -> str:
    """What a final stop was decided on: the candidates and how many were correct, and the proposer's ``revision``
    of its moves where it has one (a proposer that has learnt new moves is asked again). The candidates recorded
    without their source (a thinned run directory) count too: the key says how many the problem had judged."""
    unsourced = len(history.lineage)  # rows kept without their source (`_resume`), as ``unsourced_correct`` counts
    correct = sum(a.is_correct for a in history.attempts) + history.unsourced_correct
    kept = f" ({unsourced} {UNSOURCED_NOTE})" if unsourced else ""
    key = f"{len(history.attempts) + unsourced} candidates{kept}, {correct} correct"
    revision = getattr(proposer, "revision", None)
    return key + (f", moves revision {revision}" if revision else "")


def _stop_rule(out: ProblemOutcome, stale: int, config: SearchConfig, screen_stale: int = 0) -> str:
    """The search's own reason to stop after a round (target reached, patience spent), or "". ``screen_stale``:
    the last rounds in a row whose screen found no variant faster than the best kernel."""
    if config.target_speedup is not None and out.best_speedup is not None and out.best_speedup >= config.target_speedup:
        return f"target speedup {config.target_speedup:g}x reached"
    pct = out.best.verdict.pct_of_floor if out.best is not None else None
    if config.floor_stop_pct is not None and pct is not None and pct >= config.floor_stop_pct:
        return f"at {pct:.3g}% of the roofline floor (stop at {config.floor_stop_pct:g}%)"
    if config.patience is not None and stale >= config.patience:
        if screen_stale >= config.patience:
            return f"no screened variant beat the best kernel's screen time for {config.patience} rounds"
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
    screens: ScreenLog | None = None,
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
        def rejudge(cands: list[Candidate]) -> list[Attempt]:
            return _evaluate_round(problem, _own_marked(problem, cands, proposer, ledger, history), proposer, backend,
                                   ledger, out, bar, count=False)

        first, stale, screen_stale, before = _resume(problem, ledger, config, out, history, rejudge, screens,
                                                     getattr(proposer, "rewrite", None))
        try:
            after = _recheck_resumed(problem, history, out, backend, ledger, config, bar, before, first - 1, stale)
            stale, screen_stale = after, (0 if after == 0 else screen_stale)  # the last round improves after all
        except Exception as exc:  # its first reading stands, as in a round
            out.notes.append(f"a close call was not judged again: {type(exc).__name__}: {exc}")
        earlier = ledger.final_stop(problem, proposer_name, _history_key(history, proposer))
        out.stop_reason = earlier or (_stop_rule(out, stale, config, screen_stale) if history.attempts else "")
        if out.stop_reason:
            if not earlier:  # a stop rule met on what earlier invocations judged (or this one's rules): recorded,
                # so the run's pages say why it stopped now, not why an earlier invocation did
                ledger.save_stop(problem, proposer_name, out.stop_reason, final=False,
                                 history=_history_key(history, proposer))
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
            width = config.screen_width if screens is not None and history.attempts else 0
            try:
                proposed = _propose(proposer, problem, history, config, width)
            except Exception as exc:  # a proposer failure ends this problem, not the run
                out.stop_reason = f"proposer failed: {type(exc).__name__}: {exc}"
                break
            finally:  # what the round's requests cost, kept before anything is judged (a kill loses no spend)
                _account(problem, proposer, ledger, out)
            candidates = _dedupe(proposed, history)
            if not candidates:
                out.stop_reason, final = _nothing_proposed(problem, proposer, history), True
                break
            if width and len(candidates) > config.judge_top:
                try:
                    candidates = _screen_round(problem, rnd, candidates, backend, screens, config, out, history,
                                               ledger, must_judge=getattr(proposer, "judge_when_passed",
                                                                          frozenset()),
                                               owns=getattr(proposer, "owns", None),
                                               lineage=getattr(proposer, "lineage", None))
                except Exception as exc:  # a harness failure ends this problem; the rows so far are kept
                    out.stop_reason = _failed(stop, f"screen failed: {type(exc).__name__}: {exc}")
                    log(f"{problem.key}: {out.stop_reason}")
                    break
                if candidates and stop is not None and stop.is_set():
                    # the run's stop came during the screen: its chosen wait, queued, for the next invocation
                    out.rounds_used = rnd
                    out.stop_reason = stop.message() if isinstance(stop, _Stop) else "run stopped; resume to continue"
                    break
                screen_stale = 0 if candidates else screen_stale + 1
                if not candidates:  # nothing beat the best: the round judges nothing and counts as stale
                    stale += 1
                    out.rounds_used = rnd
                    out.stop_reason = _stop_rule(out, stale, config, screen_stale)
                    if out.stop_reason:
                        break
                    continue
            else:
                screen_stale = 0
            bar.total = (bar.total or 0) + len(candidates)
            bar.refresh()
            try:
                attempts = _evaluate_round(problem, candidates, proposer, backend, ledger, out, bar)
            except Exception as exc:  # a harness failure ends this problem; the rows so far are kept
                out.stop_reason = _failed(stop, f"evaluation failed: {type(exc).__name__}: {exc}")
                log(f"{problem.key}: {out.stop_reason}")
                break
            try:
                attempts = _recheck_close_calls(problem, attempts, out, backend, ledger, config, bar)
            except Exception as exc:  # its first reading stands; the rows so far are kept
                out.notes.append(f"a close call was not judged again: {type(exc).__name__}: {exc}")
            history.attempts.extend(attempts)
            out.rounds_used = rnd
            round_best = max((a for a in attempts if a.is_correct), key=rank_key, default=None)
            if round_best is not None and improves(round_best, out.best, config.min_gain):
                log(f"{problem.key} round {rnd}: {best_line(round_best, out.best)}")
                out.best = round_best
                ledger.save_best(problem, round_best)
                stale = screen_stale = 0
            elif rnd > 0:
                stale += 1
            out.stop_reason = _stop_rule(out, stale, config, screen_stale)
            if out.stop_reason:
                break
        else:
            out.stop_reason = f"rounds exhausted ({config.rounds})"
        ledger.save_stop(problem, proposer_name, out.stop_reason, final=final,
                         history=_history_key(history, proposer))
    finally:
        bar.close()
        out.wall_s = time.monotonic() - started
    return out


def _own_marked(problem: Problem, cands: list[Candidate], proposer, ledger: Ledger, history: History) -> list:
    """``cands`` (read back from a run directory, which does not keep `Candidate.own_code`) with the flag set where
    the proposer's `owns` says so, against the problem's recorded attempts (a CUDA-graph wrap is ours when what it
    wraps is): a variant queued by a screen and judged on resume gives its compiles to the shared kernels too."""
    owns = getattr(proposer, "owns", None)
    if not callable(owns) or not cands:
        return cands
    known = replace(history, attempts=ledger.attempts(problem))
    return [c if c.own_code or not owns(problem, c, known) else replace(c, own_code=True) for c in cands]


def _account(problem: Problem, proposer: Proposer, ledger: Ledger, out: ProblemOutcome) -> None:
    """Add the endpoint usage of the proposer's latest requests for ``problem`` to the run directory."""
    take = getattr(proposer, "take_usage", None)
    if take is None:
        return
    spent = take(problem.key)
    if spent.requests:
        out.usage = ledger.add_usage(problem, spent)


def _propose(proposer: Proposer, problem: Problem, history: History, config: SearchConfig,
             width: int) -> list[Candidate]:
    """The round's candidates: ideas x branches, or with a screen ``width`` variants (a proposer's
    ``propose_wide`` where it has one, else as many ideas as make ``width`` with the configured branches)."""
    if not width:
        return proposer.propose(problem, history, config.ideas_per_round, config.branches_per_idea)
    wide = getattr(proposer, "propose_wide", None)
    if callable(wide):
        return list(wide(problem, history, width))[:width]
    ideas = max(config.ideas_per_round, -(-width // config.branches_per_idea))
    return list(proposer.propose(problem, history, ideas, config.branches_per_idea))[:width]


def _screen_round(problem: Problem, rnd: int, candidates: list[Candidate], backend, screens: ScreenLog,
                  config: SearchConfig, out: ProblemOutcome, history: History, ledger: Ledger,
                  must_judge=frozenset(), owns=None, lineage=None) -> list[Candidate]:
    """Rank a round's variants by the screen and return those for the judge: the ``judge_top`` fastest of the
    variants that passed it and beat the best kernel by more than ``config.screen_tie``, the best screened beside
    them as the control (same process, same conditions); without a best kernel (or if the control fails), the
    fastest that passed. Variants screened by an earlier invocation are answered from screen.jsonl, not screened
    again. ``must_judge``: digests the
    proposer needs judged whenever they pass (a seed to build on, such as today's starter in a resumed run:
    only a verdict makes a seed), beside the fastest. ``owns``: the proposer's `owns`, which marks a control read
    back from the ledger as our own code (`Candidate.own_code`), so the screen's compiles may be shared.
    ``lineage``: the proposer's `lineage` (`propose.base.Lineage`); where its line's best is not the problem's
    best, that kernel is screened too, and up to ``config.stepping_stones`` of the fastest variants descending
    from the line's seeds that beat it by ``config.min_gain`` (and not the best) are judged as well, until the line
    has gone flat (``config.line_patience`` of its verdicts in a row without a ``min_gain`` step)."""
    control = out.best.candidate if out.best is not None else None
    if control is not None and not control.own_code and callable(owns) and owns(problem, control, history):
        control = replace(control, own_code=True)
    line = lineage(problem, history) if callable(lineage) and config.stepping_stones and control is not None else None
    if line is not None and line.best.digest == control.digest:
        line = None
    if line is not None and not line.best.own_code and callable(owns) and owns(problem, line.best, history):
        line = replace(line, best=replace(line.best, own_code=True))
    known = {c.digest: screens.lookup(problem, c.digest) for c in candidates}
    fresh = [c for c in candidates if known[c.digest] is None]
    controls = [c for c in (control, line.best if line is not None else None) if c is not None]
    ctls = {c.digest: screens.control(problem, c.digest, rnd) for c in controls}
    lead = [c for c in controls if ctls[c.digest] is None]  # the controls this round has not screened yet
    batch = lead + fresh
    precompile = getattr(backend, "precompile", None)
    if callable(precompile):  # our own variants' kernels built in helpers while the screen starts (`precompile`)
        precompile(problem, batch)
    started = time.monotonic()
    # a resumed round that screened a control already leads with fewer than all of them: one worker's screen
    results = backend.screen(problem, batch, lead=len(lead) if len(lead) == len(controls) else 0).result() \
        if batch else []
    screen_s = time.monotonic() - started  # from submission: a wait for a free worker is included
    by_digest = {r.digest: r for r in results}  # fewer results: the run's stop came mid-screen
    for c in controls:
        if ctls[c.digest] is None and c.digest in by_digest:
            ctls[c.digest] = by_digest[c.digest]
            screens.record(problem, rnd, ctls[c.digest], candidate=c, control=True)
    ctl = ctls.get(control.digest) if control is not None else None
    left = [c for c in fresh if c.digest not in by_digest]  # not begun: proposed again in a later round
    fresh = [c for c in fresh if c.digest in by_digest]
    candidates = [c for c in candidates if c not in left]
    for c in fresh:
        known[c.digest] = by_digest[c.digest]
        screens.record(problem, rnd, known[c.digest], candidate=c)
    out.screened += len(fresh)
    out.screen_reused += len(candidates) - len(fresh)
    history.screened |= {d for d, r in known.items() if r is not None}
    bar_ms = ctl.median_ms if ctl is not None and ctl.ok else None
    line_ctl = ctls.get(line.best.digest) if line is not None else None
    step_ms = line_ctl.median_ms if line_ctl is not None and line_ctl.ok and line_ctl.median_ms else None
    if bar_ms:
        seeds = line.seeds if line is not None else ()
        history.screen_ratios += [
            (c.idea, known[c.digest].median_ms / ratio_bar(c.parent, bar_ms, step_ms, seeds)
             if known[c.digest].ok and known[c.digest].median_ms else math.inf, c.parent) for c in fresh]
    passed = [(known[c.digest].median_ms, i, c) for i, c in enumerate(candidates) if known[c.digest].ok]
    beat = [p for p in passed if bar_ms is None or p[0] < bar_ms * (1.0 - config.screen_tie)]  # a tie is no win
    chosen = [c for _, _, c in sorted(beat, key=lambda p: (p[0], p[1]))[: config.judge_top]]
    chosen += [c for _, _, c in passed if c.digest in must_judge and c not in chosen]
    steps = [c for ms, _, c in sorted(passed, key=lambda p: (p[0], p[1]))
             if step_ms and ms < step_ms * (1.0 - config.min_gain) and c.parent in line.seeds and c not in chosen]
    stale = line.stale(config.min_gain) if line is not None else 0
    flat = 0 < config.line_patience <= stale
    steps = [] if flat else steps[: config.stepping_stones]  # a line gone flat is still screened (its ratios)
    chosen += steps
    for c in chosen:  # a run stopped or cut off before judging them judges them on resume (`_queued`)
        ledger.save_source(problem, c)
    screens.record_round(problem, rnd, screened=len(fresh), reused=len(candidates) - len(fresh),
                         passed=len(passed), control=control.digest if control is not None else None,
                         control_ms=bar_ms, beat_best=len(beat),
                         **({"line_best": line.best.digest, "line_ms": step_ms, "line_seeds": sorted(line.seeds),
                             "stepping_stones": [c.digest for c in steps],
                             **({"line_flat": stale} if flat else {})}
                            if line is not None else {}),
                         judged=[c.digest for c in chosen], queued=[_queue_entry(c) for c in chosen],
                         screen_s=round(screen_s, 3),
                         stages_s=sum_stages(results), **({"left_by_stop": len(left)} if left else {}))
    return chosen


def _queue_entry(c: Candidate) -> dict:
    """What a queued candidate's results row will name, less its source (saved in ``candidates/``)."""
    return {"candidate_digest": c.digest, "backend": c.backend, "proposer": c.proposer, "branch": c.branch,
            "parent": c.parent, "idea": c.idea}


def _queued(problem: Problem, ledger: Ledger, screens: ScreenLog | None, known: set[str]) -> list[Candidate]:
    """The candidates earlier screen rounds sent to the judge that have no verdict (not in ``known``): the run
    stopped between the screen and the judge, or was cut off while judging. Those whose source is gone (a thin
    copy made without it) stay unjudged, as every screened variant is never proposed again."""
    out: list[Candidate] = []
    for q in screens.queued(problem) if screens is not None else []:
        digest = str(q["candidate_digest"])
        if digest in known:
            continue
        source = ledger.stored_source(problem, digest)
        if source is None:
            continue
        cand = Candidate(source=source, backend=q.get("backend") or "auto", proposer=q.get("proposer") or "",
                         round=int(q.get("round") or 0), branch=int(q.get("branch") or 0), parent=q.get("parent"),
                         idea=q.get("idea") or "")
        if cand.digest == digest:  # a source edited since is not the screened variant
            known.add(digest)
            out.append(cand)
    return out


def _dedupe(candidates: Sequence[Candidate], history: History) -> list[Candidate]:
    seen = set(history.digests)
    unique = []
    for c in candidates:
        if c.digest not in seen:
            seen.add(c.digest)
            unique.append(c)
    return unique


def _recheck_close_calls(problem, attempts: list[Attempt], out: ProblemOutcome, backend, ledger,
                         config: SearchConfig, bar, done: frozenset[str] | set[str] = frozenset()) -> list[Attempt]:
    """The round's ``attempts``, where its fastest correct kernel beat the best by ``min_gain`` but by less than
    the recheck band (`SearchConfig.recheck_on`), with that kernel judged once more: the second verdict is recorded
    (the ledger's latest row for it, which resumes, seeds and tables read) and stands. The first reading of the
    round's fastest is the lowest of several, its luck picked with it; the second is not picked. Each candidate
    once (``done``: those judged again already); another of the round that then leads and is close is judged again
    in its turn. A second reading that was disturbed (`disturbed`) is read a third time, and the third stands.
    Where nothing is judged again, ``attempts`` itself is returned."""
    band = config.recheck_on(getattr(backend, "device", "cpu"))
    if not band or out.best is None:
        return attempts
    rechecked: set[str] = set(done)
    while True:
        lead = max((a for a in attempts if a.is_correct), key=rank_key, default=None)
        if (lead is None or lead.candidate.digest in rechecked or not improves(lead, out.best, config.min_gain)
                or improves(lead, out.best, band)):
            return attempts
        rechecked.add(lead.candidate.digest)
        again = _read_again(problem, lead, out, backend, ledger, bar)
        if disturbed(again.verdict):  # a second reading that was disturbed is read once more, and the third stands
            again = _read_again(problem, again, out, backend, ledger, bar)
        attempts = [again if a is lead else a for a in attempts]


def _read_again(problem, attempt: Attempt, out: ProblemOutcome, backend, ledger, bar) -> Attempt:
    """``attempt``'s candidate judged once more, recorded as a later reading (the ledger's latest row: it stands),
    with the outcome's counts following it, as a resume's do."""
    bar.total = (bar.total or 0) + 1
    verdict = backend.submit(problem, attempt.candidate).result()
    again = Attempt(candidate=attempt.candidate, verdict=verdict, tokens=attempt.tokens, cost_usd=attempt.cost_usd)
    ledger.record(problem, again, recheck=True)
    out.rechecked += 1
    bar.update(1)
    out.correct += int(again.is_correct) - int(attempt.is_correct)
    out.faster += _faster(again) - _faster(attempt)
    return again


def _recheck_resumed(problem, history: History, out: ProblemOutcome, backend, ledger, config: SearchConfig, bar,
                     before: Attempt | None, last: int, stale: int) -> int:
    """A run stopped inside a close call's readings (its grace spent, the evaluation abandoned) kept what it had. Cut
    before the second, the round made the first reading its best; cut before a third (the second disturbed), the
    second stands in the ledger while the round took the first. The resume reads what the round would have read,
    and the best and best.json follow the standing verdicts. Returns the rounds without improvement after it
    (``stale``: before it)."""
    if not config.recheck_on(getattr(backend, "device", "cpu")) or out.best is None or before is None or last <= 0:
        return stale
    lead = out.best
    done = ledger.rechecked(problem)
    readings = ledger.readings(problem) if done else {}
    round_attempts = [a for a in history.attempts if a.candidate.round == last]
    owed = [a for a in round_attempts  # a disturbed second reading whose third was cut
            if a.candidate.digest in done and readings.get(a.candidate.digest) == 2 and disturbed(a.verdict)]
    if not owed and (lead.candidate.round != last or lead.candidate.digest in done):
        return stale
    out.best = before  # the round's close calls are those over the best it started from
    try:
        third = {id(a): _read_again(problem, a, out, backend, ledger, bar) for a in owed}
        current = [third.get(id(a), a) for a in round_attempts]
        checked = _recheck_close_calls(problem, current, out, backend, ledger, config, bar, done)
    except BaseException:
        out.best = lead
        raise
    if not owed and checked is current:  # nothing judged again: the round's win was clear
        out.best = lead
        return stale
    swap = {id(a): b for a, b in zip(round_attempts, checked)}
    history.attempts = [swap.get(id(a), a) for a in history.attempts]
    round_best = max((a for a in checked if a.is_correct), key=rank_key, default=None)
    held = round_best is not None and improves(round_best, before, config.min_gain)
    out.best = round_best if held else before
    ledger.save_best(problem, out.best, supersede=True)
    if held:
        return 0
    return stale + 1 if lead.candidate.round == last else stale  # a round counted as improving no longer does


def _faster(a: Attempt) -> int:
    return int(a.is_correct and a.verdict.speedup is not None and a.verdict.speedup > 1.0)


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
            out.faster += _faster(a)
            out.tokens += sum(a.tokens.values())
    return attempts
