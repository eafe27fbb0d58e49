"""The search panel: a fixed set of problems searched for many rounds, to measure what the search itself gains over
its round-0 seeds (the generated starter and any other seed), not what the starters already give.

The panel (``plan``): KernelBench levels 1 and 2, problems 10, 30, 50, 70, 90 of each, and two level-3 problems
picked by `LEVEL3_RULE` from a published leaderboard's problems.csv (default leaderboards/nvidia-h200/problems.csv;
its kernelbench protocol rows where it has them, the panel's own protocol): the two level-3 problems whose
published kernel is correct (verdict "correct", not quarantined, a speedup recorded) with the lowest speedup vs
eager, ties to the lower problem id. They are where the published kernels leave the most room, so a search that
works shows it there.

``run`` searches the panel with the normal search (`autokernel.search.session.run`, what ``autokernel-kb run``
calls) under the kernelbench protocol by default: --rounds (default 50) rounds after round 0, a screen of
--screen-width variants a round of which --judge-top go to the judge, stop rules off unless asked (--patience,
--floor-stop), so each problem gets its rounds unless its proposer runs dry. The panel is stored in the run
directory's run.json at the first invocation; a later ``run`` with the same --out continues where the last stopped
(the search's own resume: recorded candidates are never judged again, screened variants never screened again), so
a GPU machine lent in short calls runs it with --stop-after a little under the call's length, and --stop-grace so
the verdicts still running are abandoned (their variants queued for the next call) before the call's hard limit.

``table`` reads the run directory and writes ``leaderboards/<gpu>/search_panel.csv`` (columns `COLUMNS`), a plot
``search_panel.png`` (the fastest correct kernel so far against candidates judged, as a speedup over the problem's
median eager time, one line per problem) and ``search_panel.md``
(the notes: the panel's rule, each column's definition, the median gain), and prints the median gain:

- round0_speedup: eager_ms / round0_ms, the fastest correct round-0 candidate's (lowest kernel median, as the search
  ranks);
- best_speedup, best_speedup_vs_compile: eager_ms / best_ms and compile_ms / best_ms, the problem's fastest correct
  kernel's (of all its judged candidates, not only the gains over 1 % that the search keeps as best.json); a
  verdict's own speedup where verdicts carry no times;
- round0_ms, best_ms: the fastest kernel median (the verdict's ``kernel.median_ms``) of the correct round-0
  candidates, and of all the problem's correct candidates;
- eager_ms, compile_ms: the medians of the problem's correct verdicts' eager and torch.compile medians. One
  reference time per problem: a verdict's own eager reading moved 8.3-12.1 ms on L3/26 beside busy workers, and
  the fastest kernel's own speedup read 1.80x where the median gives 1.35x;
- gain: round0_ms / best_ms per problem (best_speedup / round0_speedup where a verdict has no kernel time); the
  median over the problems that have both (target >= 1.15). Kernel times, not speedups: each verdict times its own
  eager, and on a host-bound problem those eager times move by a third between verdicts (ShuffleNet: 7.7-10.6 ms),
  which a ratio of the highest speedups would count as the search's gain;
- confirmed_gain, confirmed_turns: from ``confirm`` (below), where it judged the row's round0 and best kernels;
- round0_pct_of_floor, gain_ceiling: the best round-0 kernel's roofline floor as % of its time, and 100 / that,
  the most any kernel could gain over round 0 (the notes name the problems whose ceiling is under the target);
- device_seconds: the judge's verdict ``wall_s`` summed over every row judged for the problem (re-judged rows too),
  plus each screen job's own seconds (the sum of screen.jsonl round rows' ``stages_s``, the screen's steps timed
  inside the job; rounds recorded before those were kept count their ``screen_s``, timed from submission, so a wait
  for a free worker is in it). Job seconds, not the device's: several workers per device overlap. The notes add
  run.json's invocation wall times (the time the search held its devices, start-up included).

    python benchmarks/search_panel.py plan
    python benchmarks/search_panel.py run --out runs/panel --dataset KERNELBENCH --stop-after 420 \
        --stop-grace 60                                           # repeat; in a call of 540 s
    python benchmarks/search_panel.py table runs/panel            # leaderboards/nvidia-h200/search_panel.*
    python benchmarks/search_panel.py run tests/fixtures/problems/relu.py --device cpu --rounds 2 \
        --screen-width 3 --judge-top 1 --out /tmp/panel           # any problems instead of the panel
    python benchmarks/search_panel.py table /tmp/panel --board /tmp/panel-board

``confirm`` judges each problem's fastest round-0 kernel and its fastest kernel again, in turns (round 0 first, then
the best first, ...), with the device to themselves (`autokernel.search.confirm`), into the run directory's
confirm.jsonl; ``table`` then gives each pair's confirmed gain (the ratio of their medians) beside the gain. The gain
divides by the lowest of every reading the search took, which on a noisy problem falls with the number of verdicts
alone; the confirmation reads both kernels under the same conditions. The gains nearest the panel's median go first
(they decide the confirmed median); a disturbed reading (half or more of its timed calls slowed) is read once more and
the later stands; a resumed confirm judges only the turns still missing; a best that changed since is confirmed
afresh; a GPU model other than the run's is refused:

    python benchmarks/search_panel.py confirm runs/panel --turns 3 --protocol kernelbench

``moves`` replays a run directory's resume on a copy and counts the rounds of new variants the tuner still has per
problem around today's seeds (`autokernel.search.headroom`), so a problem about to stop with no new ideas is known
before a GPU call is spent on it:

    python benchmarks/search_panel.py moves leaderboards/nvidia-h200/search_panel_state

``stones`` and ``ties`` replay a run directory's verdicts and say which a rule would have left out, and whether any
of those was a step (`autokernel.search.rule_replay`): the stepping stones a line patience leaves out
(`--line-patience`), the variants a screen tie does (`--screen-tie`):

    python benchmarks/search_panel.py stones leaderboards/nvidia-h100/search_panel_state
    python benchmarks/search_panel.py ties leaderboards/nvidia-h200/search_panel_state

``thin`` keeps a panel that spans several lent machines: the run directory thinned (`autokernel.search.thin`) to
what resuming it needs (every verdict and screen row, trimmed; the sources round 0, the best's lineage and the
fastest correct kernels), carried to the next machine and copied back to a run directory there; with
``--ledger-only``, the copy committed beside the page (its ledgers and each problem's best.py):

    python benchmarks/search_panel.py thin .gpu/panel .gpu/panel-thin
    python benchmarks/search_panel.py thin .gpu/panel-thin leaderboards/nvidia-h200/search_panel_state --ledger-only

``benchmarks/panel_call.sh`` is one lent machine's share of it: resume, confirm if asked, thin into $OUT/panel.tgz:

    bash benchmarks/panel_call.sh .gpu/panel --stop-after 300 --confirm 120   # in a call of 590 s, .gpu/panel carried
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

PANEL_IDS = {1: (10, 30, 50, 70, 90), 2: (10, 30, 50, 70, 90)}
LEVEL3_PICKS = 2
LEVEL3_RULE = (f"the {LEVEL3_PICKS} level-3 problems whose published kernel is correct (problems.csv: verdict "
               f"correct, not quarantined, a speedup recorded) with the lowest speedup vs eager, ties to the lower id")
PANEL_RULE = f"levels 1 and 2: problems {', '.join(map(str, PANEL_IDS[1]))} of each; {LEVEL3_RULE}"
DEFAULT_BOARD_CSV = REPO / "leaderboards" / "nvidia-h200" / "problems.csv"
COLUMNS = ("problem", "rounds", "candidates", "round0_speedup", "best_speedup", "best_speedup_vs_compile",
           "round0_ms", "best_ms", "eager_ms", "compile_ms", "gain", "confirmed_gain", "confirmed_turns",
           "device_seconds", "screened", "round0_pct_of_floor", "gain_ceiling", "best_root_round", "stop_reason")
TARGET_GAIN = 1.15
GAIN_DEFINITION = ("gain = round0_ms / best_ms per problem (the fastest correct round-0 kernel's median time over the "
                   "fastest correct kernel's, both as the judge timed them; not the ratio of speedups, whose eager "
                   "times are each verdict's own and move between verdicts); the median over the panel problems "
                   "with both")


# ---------------------------------------------------------------------------------------------------------------
# plan


@dataclass(frozen=True)
class PanelEntry:
    ref: str  # L1/10
    name: str  # from problems.csv ("" when the page has no row for it)
    why: str


def plan(problems_csv: Path = DEFAULT_BOARD_CSV) -> list[PanelEntry]:
    """The panel from a leaderboard's problems.csv (a row per problem, or per problem and protocol: then the
    kernelbench protocol's rows where there are any)."""
    with open(problems_csv, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    if rows and "protocol" in rows[0] and any(r["protocol"] == "kernelbench" for r in rows):
        rows = [r for r in rows if r["protocol"] == "kernelbench"]
    by_id = {(int(r["level"]), int(r["problem_id"])): r for r in rows}
    entries = [PanelEntry(f"L{level}/{i}", by_id.get((level, i), {}).get("name", ""), f"level {level}: fixed id")
               for level, ids in PANEL_IDS.items() for i in ids]
    counted = []
    for r in rows:
        if int(r["level"]) != 3 or r.get("verdict") != "correct" or r.get("quarantined", "").lower() == "true":
            continue
        try:
            counted.append((float(r["speedup"]), int(r["problem_id"]), r))
        except (KeyError, ValueError):
            continue  # correct without a timing: no speedup to rank by
    if len(counted) < LEVEL3_PICKS:
        raise ValueError(f"{problems_csv}: {len(counted)} level-3 problems with a correct, timed kernel; the panel "
                         f"needs {LEVEL3_PICKS}")
    for speedup, pid, r in sorted(counted, key=lambda t: t[:2])[:LEVEL3_PICKS]:
        entries.append(PanelEntry(f"L3/{pid}", r.get("name", ""),
                                  f"level 3: {speedup:.4g}x vs eager on the page, among the {LEVEL3_PICKS} lowest of "
                                  f"{len(counted)} correct"))
    return entries


def cmd_plan(args: argparse.Namespace) -> int:
    entries = plan(args.problems_csv)
    if args.refs:
        print(" ".join(e.ref for e in entries))
        return 0
    print(f"panel from {args.problems_csv} ({len(entries)} problems): {PANEL_RULE}")
    width = max(len(e.name) for e in entries)
    for e in entries:
        print(f"  {e.ref:<6} {e.name:<{width}}  {e.why}")
    return 0


# ---------------------------------------------------------------------------------------------------------------
# run


@dataclass(frozen=True)
class Panel:
    """A run directory's panel, as its first invocation recorded it in run.json."""

    refs: list[str]  # as given (resolved again by each invocation)
    problems: list[str]  # the problem keys they resolved to (L1/10, or a file problem's name)
    rule: str


def panel_of(run_dir: Path) -> Panel | None:
    """The panel recorded in ``run_dir``'s run.json by its first invocation, or None."""
    from autokernel.ledger.run_info import RUN_INFO

    try:
        info = json.loads((Path(run_dir) / RUN_INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for inv in info.get("invocations", []) if isinstance(info, dict) else []:
        if isinstance(inv, dict) and isinstance(inv.get("panel"), list):
            refs = [str(r) for r in inv["panel"]]
            return Panel(refs=refs, problems=[str(k) for k in inv.get("panel_problems") or refs],
                         rule=str(inv.get("panel_rule", "")))
    return None


def panel_refs(args: argparse.Namespace) -> tuple[list[str], str]:
    """What this invocation searches: the run directory's recorded panel (a resume), else the refs given, else the
    panel `plan` picks. Refs that differ from a recorded panel are refused (one run directory, one panel)."""
    from autokernel.ledger.run_info import RUN_INFO

    recorded = panel_of(args.out)
    if recorded is None and (args.out / RUN_INFO).exists():
        raise ValueError(f"{args.out} is the run directory of another search (its run.json names no panel); give a "
                         f"new --out for the panel")
    if recorded is not None:
        if args.refs and list(args.refs) != recorded.refs:
            raise ValueError(f"{args.out} holds the panel {' '.join(recorded.refs)}; leave out the problems to "
                             f"resume it, or give a new --out")
        return recorded.refs, recorded.rule
    if args.refs:
        return list(args.refs), "the problems given on the command line"
    return [e.ref for e in plan(args.problems_csv)], PANEL_RULE


def only(problems: list, keys: list[str]) -> list:
    """The panel's problems named in ``keys`` (``--only``), in panel order; a key not on the panel is refused."""
    known = {p.key for p in problems}
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise ValueError(f"--only {' '.join(unknown)}: not on this panel ({' '.join(sorted(known))})")
    return [p for p in problems if p.key in set(keys)]


def cmd_run(args: argparse.Namespace) -> int:
    from autokernel.ledger.folder import check_run_dir
    from autokernel.search import SearchConfig
    from autokernel.search.session import ProposerConfig, RunConfig, run
    from kb.bridge import dataset_location
    from kb.cli._common import check_device, default_device, eval_config_from_args, fit_to_device, resolve

    check_device(args.device or default_device())
    eval_config = eval_config_from_args(args)
    on_cpu = eval_config.device == "cpu"
    check_run_dir(args.out)
    refs, rule = panel_refs(args)
    search = SearchConfig(rounds=args.rounds, ideas_per_round=args.ideas or (2 if on_cpu else 3),
                          branches_per_idea=args.branches or (1 if on_cpu else 2), patience=args.patience or None,
                          floor_stop_pct=args.floor_stop or None, screen_width=args.screen_width,
                          judge_top=args.judge_top, screen_tie=args.screen_tie,
                          stepping_stones=args.stepping_stones, line_patience=args.line_patience,
                          recheck=args.recheck)  # fmt: skip
    problems = fit_to_device(resolve(args, refs, scale=False), args, eval_config, parallel=args.workers_per_device)
    selection = {"panel": refs, "panel_problems": [p.key for p in problems], "panel_rule": rule}
    if args.only:
        problems = only(problems, args.only)
        selection["only"] = [p.key for p in problems]
    dataset, config = dataset_location(args.dataset, args.dataset_config)
    if all(Path(r).exists() for r in refs):
        dataset, config = "problem files", None
    run_config = RunConfig(
        out=args.out, search=search, workers_per_device=args.workers_per_device, jobs=args.jobs or len(problems),
        proposer=ProposerConfig(kind=args.proposer, base_url=args.base_url, model=args.model),
        stop_after_s=args.stop_after, stop_grace_s=args.stop_grace, compile_ahead=args.compile_ahead,
        split_screens=args.split_screens,
        progress=not args.no_progress and sys.stderr.isatty(),
        dataset=dataset, dataset_config=config or "default", selection=selection,
    )  # fmt: skip
    text = run(problems, eval_config, run_config, echo=lambda line: print(line, flush=True))
    print(text, end="")
    print(f"run directory: {args.out} (run again with the same --out to continue; then: search_panel.py table "
          f"{args.out})")
    return 0


# ---------------------------------------------------------------------------------------------------------------
# table


@dataclass
class PanelRow:
    """One problem's line of search_panel.csv, and its curve (candidates judged, best speedup so far)."""

    problem: str
    rounds: int = 0
    candidates: int = 0
    round0_speedup: float | None = None
    best_speedup: float | None = None
    best_speedup_vs_compile: float | None = None
    round0_ms: float | None = None  # the fastest correct round-0 kernel's median time
    best_ms: float | None = None  # the fastest correct kernel's median time
    eager_ms: float | None = None  # the median of the correct verdicts' eager medians: the speedups' numerator
    compile_ms: float | None = None  # and of their torch.compile medians
    round0_digest: str = ""  # the candidates behind round0_ms and best_ms (a confirmation is of these two)
    best_digest: str = ""
    confirmed: Any = None  # `autokernel.search.confirm.Confirmed` of those two, where confirm judged them
    device_seconds: float = 0.0
    screened: int = 0
    round0_pct_of_floor: float | None = None  # the best round-0 kernel's roofline floor as % of its time
    first_round: int | None = None  # without a correct round-0 kernel: the round of the first correct one
    first_ms: float | None = None  # and that round's fastest correct kernel time
    best_root_round: int | None = None  # the round of the first kernel of the best's lineage (its parents' chain)
    best_root: str = ""  # that kernel's idea and time, where it is not a round-0 seed
    stop_reason: str = ""
    curve: list[tuple[int, float]] = field(default_factory=list)

    @property
    def gain(self) -> float | None:
        """round0_ms / best_ms; the speedups' ratio only where the verdicts carry no kernel time."""
        if self.round0_ms and self.best_ms:
            return self.round0_ms / self.best_ms
        if self.round0_speedup and self.best_speedup is not None:
            return self.best_speedup / self.round0_speedup
        return None

    @property
    def gain_ceiling(self) -> float | None:
        """The most any kernel could gain over round 0: its floor is a lower bound on the time (100 / % of floor)."""
        return 100.0 / self.round0_pct_of_floor if self.round0_pct_of_floor else None

    def cells(self) -> list[str]:
        def num(x: float | None, spec: str) -> str:
            return "" if x is None else format(x, spec)

        return [self.problem, str(self.rounds), str(self.candidates), num(self.round0_speedup, ".4g"),
                num(self.best_speedup, ".4g"), num(self.best_speedup_vs_compile, ".4g"), num(self.round0_ms, ".4g"),
                num(self.best_ms, ".4g"), num(self.eager_ms, ".4g"), num(self.compile_ms, ".4g"),
                num(self.gain, ".4g"), num(self.confirmed.gain if self.confirmed else None, ".4g"),
                str(self.confirmed.turns) if self.confirmed else "",
                num(self.device_seconds, ".1f"), str(self.screened), num(self.round0_pct_of_floor, ".4g"),
                num(self.gain_ceiling, ".3g" if (self.gain_ceiling or 0) < 1000 else ".0f"),
                "" if self.best_root_round is None else str(self.best_root_round), self.stop_reason]


@dataclass
class PanelTable:
    run_dir: Path
    protocol: str
    rule: str
    rows: list[PanelRow]
    skipped: int  # results rows judged under another protocol
    gpus: list[str]
    invocations: int
    held_s: float  # run.json: sum of invocation wall_s x devices
    unclosed: int  # invocations without a recorded wall time (cut off)
    untimed_screens: int  # screen rounds without screen_s (recorded before it was)
    screen_stages: dict[str, float] = field(default_factory=dict)  # the rounds' stages_s summed (job seconds)
    staged_rounds: int = 0  # screen rounds that recorded their stages
    screen_rounds: int = 0
    timed_calls_s: tuple[float, float] = (0.0, 0.0)  # `timed_call_seconds`: all, and over the cut x its control

    def median_gain(self) -> tuple[float | None, int]:
        gains = [r.gain for r in self.rows if r.gain is not None]
        return (statistics.median(gains) if gains else None), len(gains)

    def confirmed_gains(self) -> tuple[list[float], list[str]]:
        """The gains `confirm` measured, one per problem with a gain (1 where the best is round 0's own kernel or
        the confirmed gain is a tie, `Confirmed.counted`), and the problems with a gain whose pair was not confirmed
        (or failed a confirmation)."""
        gains, missing = [], []
        for r in self.rows:
            if r.gain is None:
                continue
            if r.best_digest and r.best_digest == r.round0_digest:
                gains.append(1.0)
            elif r.confirmed is not None and r.confirmed.counted is not None:
                gains.append(r.confirmed.counted)
            else:
                missing.append(r.problem)
        return gains, missing


_CALLS = re.compile(r"median of (\d+) calls")


def _screen_cut() -> float:
    """`ScreenConfig.cut`'s default: the notes count the timed calls of variants that much slower than the control."""
    from autokernel.evaluate.screen import ScreenConfig

    return ScreenConfig().cut


def timed_call_seconds(screens: list[dict], cut: float | None = None) -> tuple[float, float]:
    """Seconds the screens' timed calls ran (median x calls of each passing variant and control, from its
    reason; the loops' own overheads not counted), and of them the calls of variants over ``cut`` (default:
    `ScreenConfig.cut`'s) times their round's control median: what the screen's loop cut bounds. Rows without a call
    count are left out."""
    cut = _screen_cut() if cut is None else cut
    control = {(s.get("problem"), s.get("round")): s.get("control_ms") for s in screens if s.get("kind") == "round"}
    total = slow = 0.0
    for s in screens:
        found = _CALLS.search(str(s.get("reason", "")))
        ms = s.get("median_ms")
        if s.get("kind") not in ("variant", "control") or not found or not isinstance(ms, (int, float)):
            continue
        seconds = ms * int(found.group(1)) / 1e3
        total += seconds
        ref = control.get((s.get("problem"), s.get("round")))
        if s.get("kind") == "variant" and isinstance(ref, (int, float)) and ms > cut * ref:
            slow += seconds
    return total, slow


def _counted(verdict: dict) -> bool:
    return verdict.get("verdict") == "correct" and not verdict.get("quarantined")


def _median_ms(verdicts: list[dict], timed: str) -> float | None:
    """The median of the verdicts' ``timed`` (eager, compiled) medians: one time per problem for its speedups."""
    times = [ms for v in verdicts if (ms := _kernel_ms(v, timed)) is not None]
    return statistics.median(times) if times else None


def _over(reference_ms: float | None, ms: float | None, own: object) -> float | None:
    """reference_ms / ms, else the verdict's ``own`` speedup (untimed verdicts)."""
    if reference_ms and ms:
        return reference_ms / ms
    return float(own) if isinstance(own, (int, float)) else None


def _kernel_ms(verdict: dict, timed: str = "kernel") -> float | None:
    """The verdict's kernel (or ``timed``: ``eager``) median time in ms, or None (untimed: --no-timing, or recorded
    without it)."""
    ms = (verdict.get(timed) or {}).get("median_ms")
    return float(ms) if isinstance(ms, (int, float)) and ms > 0 else None


def _curve(bests: list[tuple[int, dict]], correct: list[dict]) -> list[tuple[int, float]]:
    """The plot's points: after each candidate judged, the fastest correct kernel so far against one eager time,
    the median of the problem's correct verdicts' eager medians, so the line never falls. Each verdict's own
    speedup divides by its own eager time, which moves between verdicts (L3/26's read 8.4 to 10.9 ms on an H100): a
    faster kernel could plot lower. Without kernel and eager times (untimed verdicts), the verdicts' speedups."""
    reference = _median_ms(correct, "eager")
    points = []
    for n, best in bests:
        ms = _kernel_ms(best)
        if reference is not None and ms is not None:
            points.append((n, reference / ms))
        elif best.get("speedup") is not None:
            points.append((n, float(best["speedup"])))
    return points


def _folders(run_dir: Path, key: str) -> list[Path]:
    """The problems/<slug> folders of problem ``key`` (`autokernel.ledger.ledger.slug`: ``L1_10_<name>`` for a
    KernelBench problem, the sanitised name otherwise)."""
    base = run_dir / "problems"
    if not base.is_dir():
        return []
    m = re.fullmatch(r"L(\d+)/(\d+)", key)
    if m:
        prefix = f"L{m.group(1)}_{m.group(2)}_"
        return sorted(p for p in base.iterdir() if p.name.startswith(prefix))
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", key).strip("_")
    return [base / name] if (base / name).is_dir() else []


def _stop_reasons(run_dir: Path, key: str, judged: int | None = None) -> list[str]:
    """Why the problem's search last stopped, from its search.json. With ``judged`` (the candidates judged now), a
    stop recorded when fewer had been judged says so: a later invocation judged more and was cut off before it
    recorded its own stop (its "no correct kernel" would otherwise stand beside a correct one). Not in a thinned
    run directory whose stop counted only the candidates with sources (a key without `UNSOURCED_NOTE`, written
    before keys counted the others): there the count says nothing of a cut-off."""
    from autokernel.ledger.ledger import SEARCH_STATE
    from autokernel.search.loop import UNSOURCED_NOTE
    from autokernel.search.thin import THIN_MARK

    thinned = (run_dir / THIN_MARK).is_file()

    reasons: list[str] = []
    for folder in _folders(run_dir, key):
        try:
            state = json.loads((folder / SEARCH_STATE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for entry in state.values() if isinstance(state, dict) else []:
            reason = str(entry.get("stop_reason", "")) if isinstance(entry, dict) else ""
            history = str(entry.get("history", ""))
            counted_all = not thinned or UNSOURCED_NOTE in history
            then = re.match(r"(\d+) candidates", history) if reason and counted_all else None
            if then and judged is not None and int(then.group(1)) < judged:
                reason += (f" (recorded after {then.group(1)} candidates; the invocation that judged the other "
                           f"{judged - int(then.group(1))} was cut off before recording its stop)")
            if reason and reason not in reasons:
                reasons.append(reason)
    return reasons


def _step(stage: str) -> bool:
    """A step of the screen's (`autokernel.evaluate.screen.STAGES`), not a part of one (``gate_wait``,
    ``call/compile``)."""
    return stage != "gate_wait" and "/" not in stage


def _screen_job_s(round_row: dict) -> float:
    """A screen round's job seconds: its steps' sum (``stages_s``; ``gate_wait`` is inside them), else its
    ``screen_s`` from submission (rows recorded before the steps were)."""
    stages = round_row.get("stages_s")
    if isinstance(stages, dict) and stages:
        return sum(float(v) for k, v in stages.items() if _step(k) and isinstance(v, (int, float)))
    return float(round_row.get("screen_s") or 0.0)


def _problem_row(run_dir: Path, key: str, results: list[dict], screens: list[dict]) -> tuple[PanelRow, int]:
    """``results``: the problem's results.jsonl rows under the table's protocol, in file order; ``screens``: its
    screen.jsonl rows. Returns the row and the screen rounds without a recorded time."""
    from autokernel.propose.base import recorded_rank
    from autokernel.search.confirm import compared_rows
    from autokernel.search.thin import latest_rows

    row = PanelRow(problem=key)
    latest = latest_rows(results)  # a re-judged candidate's new verdict stands, first-seen order
    row.device_seconds += sum(float((r.get("verdict") or {}).get("wall_s") or 0.0) for r in results)
    rounds = [s for s in screens if s.get("kind") == "round"]
    row.device_seconds += sum(_screen_job_s(s) for s in rounds)
    untimed = sum(1 for s in rounds if s.get("screen_s") is None and s.get("screened"))
    row.screened = len({s["key"] for s in screens if s.get("kind") == "variant"})
    row.candidates = len(latest)
    row.rounds = max([int(r.get("round") or 0) for r in latest] + [int(s["round"]) for s in rounds],
                     default=0)
    so_far = None  # the fastest correct kernel so far (the search's `recorded_rank`)
    bests: list[tuple[int, dict]] = []  # after each candidate judged, the fastest so far
    for n, r in enumerate(latest, 1):
        v = r["verdict"]
        if _counted(v) and (so_far is None or recorded_rank(v) > recorded_rank(so_far)):
            so_far = v
        if so_far is not None:
            bests.append((n, so_far))
    round0_row, best_row = compared_rows(list(latest))  # the pair the gain compares (the last of `bests`)
    round0 = round0_row["verdict"] if round0_row is not None else None
    best = best_row["verdict"] if best_row is not None else None
    correct = [r for r in latest if _counted(r["verdict"])]
    verdicts = [r["verdict"] for r in correct]
    row.curve = _curve(bests, verdicts)
    row.eager_ms = _median_ms(verdicts, "eager")
    row.compile_ms = _median_ms(verdicts, "compiled")
    if round0 is not None:
        row.round0_ms = _kernel_ms(round0)
        row.round0_speedup = _over(row.eager_ms, row.round0_ms, round0.get("speedup"))
        pct = round0.get("pct_of_floor")
        row.round0_pct_of_floor = float(pct) if isinstance(pct, (int, float)) and pct > 0 else None
    if best is not None:
        row.best_ms = _kernel_ms(best)
        row.best_speedup = _over(row.eager_ms, row.best_ms, best.get("speedup"))
        row.best_speedup_vs_compile = _over(row.compile_ms, row.best_ms, best.get("speedup_vs_compile"))
        row.best_digest = str(best_row.get("candidate_digest") or "")
        row.round0_digest = str(round0_row.get("candidate_digest") or "") if round0_row is not None else ""
        root = _lineage_root(latest, best)
        row.best_root_round = int(root.get("round") or 0)
        if row.best_root_round > 0:
            ms = _kernel_ms(root["verdict"])
            idea = str(root.get("idea") or "a kernel").split(" (")[0][:100]  # not the starter's list of ops
            row.best_root = idea + (f", {ms:.4g} ms" if ms else "")
    if round0 is None and correct:  # no gain to divide: say where the search's first correct kernel came
        row.first_round = min(int(r.get("round") or 0) for r in correct)
        firsts = [r["verdict"] for r in correct if int(r.get("round") or 0) == row.first_round]
        row.first_ms = _kernel_ms(max(firsts, key=recorded_rank))
    reasons = _stop_reasons(run_dir, key, judged=row.candidates)
    row.stop_reason = " | ".join(reasons) or ("not started" if not latest and not rounds else
                                              "no stop recorded (the invocation was cut off)")
    return row, untimed


def _lineage_root(rows, best: dict) -> dict:
    """The first kernel of ``best``'s lineage: its parents followed through the judged rows to one whose parent was
    not judged (a seed: round 0's, or code judged later as a seed, today's starter after a template change)."""
    rows = list(rows)
    by_digest = {r.get("candidate_digest"): r for r in rows if r.get("candidate_digest")}
    node = next(r for r in rows if r["verdict"] is best)
    seen = {id(node)}
    while node.get("parent") in by_digest and id(by_digest[node["parent"]]) not in seen:
        node = by_digest[node["parent"]]
        seen.add(id(node))
    return node


def _root_lines(table: PanelTable) -> list[str]:
    """A line naming the problems whose best kernel descends from code judged after round 0, if any."""
    later = [f"{r.problem} (from round {r.best_root_round}: {r.best_root}; round 0's best {r.round0_ms:.4g} ms)"
             if r.round0_ms else f"{r.problem} (from round {r.best_root_round}: {r.best_root})"
             for r in table.rows if r.best_root_round]
    if not later:
        return []
    return ["Bests that descend from a kernel judged after round 0 rather than from a round-0 seed (where the "
            f"generator changed between calls, its gain includes the change): {', '.join(later)}.", ""]


def collect(run_dir: Path, *, protocol: str = "kernelbench") -> PanelTable:
    """The panel's rows from ``run_dir`` (every problem of its recorded panel, in panel order; problems searched
    there beyond it after them). Verdicts judged under another protocol are left out and counted."""
    from autokernel.ledger.ledger import RESULTS, read_rows, row_protocol
    from autokernel.ledger.run_info import RUN_INFO
    from autokernel.ledger.screens import SCREENS, sum_stages
    from autokernel.search.confirm import ConfirmLog, confirmed, pair_key

    run_dir = Path(run_dir)
    if not (run_dir / RUN_INFO).is_file():
        raise ValueError(f"{run_dir} holds no run.json: not a run directory")
    results, _ = read_rows(run_dir / RESULTS)
    screens, _ = read_rows(run_dir / SCREENS)
    recorded = panel_of(run_dir)
    keys = list(recorded.problems) if recorded else []
    keys += [k for k in dict.fromkeys(r["problem"] for r in results) if k not in keys]
    kept = [r for r in results if row_protocol(r) == protocol]
    rows, untimed = [], 0
    confirmations = confirmed(r for r in ConfirmLog(run_dir).readings() if r.protocol == protocol)
    for key in keys:
        row, n = _problem_row(run_dir, key, [r for r in kept if r["problem"] == key],
                              [s for s in screens if s.get("problem") == key])
        row.confirmed = confirmations.get((key, pair_key(row.round0_digest, row.best_digest)))
        rows.append(row)
        untimed += n
    info = json.loads((run_dir / RUN_INFO).read_text(encoding="utf-8"))
    invocations = [i for i in info.get("invocations", []) if isinstance(i, dict)]
    closed = [i for i in invocations if isinstance(i.get("wall_s"), (int, float))]
    gpus = sorted({str((r.get("verdict") or {}).get("environment", {}).get("gpu", "")) for r in kept} - {""})
    staged = [s for s in screens if s.get("kind") == "round" and isinstance(s.get("stages_s"), dict)]
    return PanelTable(run_dir=run_dir, protocol=protocol, rule=recorded.rule if recorded else "", rows=rows,
                      skipped=len(results) - len(kept), gpus=gpus, invocations=len(invocations),
                      held_s=sum(float(i["wall_s"]) * max(1, len(i.get("devices") or [])) for i in closed),
                      unclosed=len(invocations) - len(closed), untimed_screens=untimed,
                      screen_stages=sum_stages(staged), staged_rounds=len(staged),
                      screen_rounds=sum(1 for s in screens if s.get("kind") == "round"),
                      timed_calls_s=timed_call_seconds(screens))  # fmt: skip


def write_csv(table: PanelTable, path: Path) -> Path:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(COLUMNS)
        w.writerows(r.cells() for r in table.rows)
    return path


def plot(table: PanelTable, path: Path, *, title: str = "") -> Path | None:
    """The fastest correct kernel so far against candidates judged, as a speedup over the problem's median eager time
    (`_curve`), a step line per problem, log y (dashed: 1x); None
    (nothing written) when no problem has a timed correct kernel. matplotlib's object API on the Agg canvas, as
    `kb.leaderboard` draws."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    drawn = [r for r in table.rows if r.curve]
    if not drawn:
        return None
    fig = Figure(figsize=(8, 5), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    styles = ("-", "--", ":", "-.")
    for i, r in enumerate(drawn):
        xs, ys = zip(*r.curve)
        ax.step(xs, ys, where="post", linestyle=styles[(i // 10) % len(styles)], linewidth=1.4, label=r.problem)
    ax.axhline(1.0, color="black", linewidth=1, linestyle="--")
    ax.set_yscale("log")
    ax.set_xlabel("candidates judged (results.jsonl order)")
    ax.set_ylabel("fastest correct kernel so far: speedup vs\nthe problem's median eager time (log)")
    ax.legend(fontsize=7, ncol=2, loc="best")
    ax.set_title(f"Search panel: best speedup by candidates judged{' — ' + title if title else ''}", fontsize=10)
    fig.savefig(path)
    return path


def gain_line(table: PanelTable) -> str:
    median, n = table.median_gain()
    value = f"{median:.3f}x" if median is not None else "none"
    verdict = "" if median is None else (" (target met)" if median >= TARGET_GAIN else " (target not met)")
    return (f"median best/round-0 gain: {value} over {n} of {len(table.rows)} problems, target >= {TARGET_GAIN}"
            f"{verdict}; {GAIN_DEFINITION}")


def confirmed_line(table: PanelTable) -> str:
    """The median of the gains `confirm` measured, or which problems it has still to judge."""
    gains, missing = table.confirmed_gains()
    own = sum(1 for r in table.rows if r.gain is not None and r.best_digest and r.best_digest == r.round0_digest)
    ties = sum(1 for r in table.rows if r.gain is not None and r.best_digest != r.round0_digest
               and r.confirmed is not None and r.confirmed.counted == 1.0 and r.confirmed.gain != 1.0)
    counted_1 = " and ".join(part for part in (
        f"the {own} whose best is round 0's own kernel" if own else "",
        f"the {ties} whose confirmed gain is a tie" if ties else "") if part)
    if missing:
        judged = len(gains) - own
        so_far = (f" (median {statistics.median(gains):.3f}x" + (f", {counted_1} counted 1" if counted_1 else "")
                  + ")" if judged else "")
        return (f"confirmed gain: {judged} of {judged + len(missing)} problems whose best is not round 0's kernel "
                f"judged again in turns{so_far}; not yet: {', '.join(missing)} (`search_panel.py confirm RUN_DIR` "
                f"on the GPU)")
    if not gains:
        return "confirmed gain: none (no problem with a gain)"
    median = statistics.median(gains)
    verdict = " (target met)" if median >= TARGET_GAIN else " (target not met)"
    return (f"median confirmed gain: {median:.3f}x over {len(gains)} problems, target >= {TARGET_GAIN}{verdict}; "
            f"each problem's round-0 best and best judged again in turns (`search_panel.py confirm`), the ratio of "
            f"their medians" + (f"; 1 for {counted_1}" if counted_1 else ""))


def _confirmed_lines(table: PanelTable) -> list[str]:
    """The confirmation's line per problem, where `confirm` judged one."""
    done = [r.confirmed.line() for r in table.rows if r.confirmed is not None]
    if not done:
        return [confirmed_line(table) + ".", ""]
    return [confirmed_line(table) + ":", "", *(f"- {line}" for line in done), ""]


def _ceiling_lines(table: PanelTable) -> list[str]:
    """A line naming the problems whose round-0 kernel is too near its floor for the target gain, if any."""
    capped = [f"{r.problem} (round 0 at {r.round0_pct_of_floor:.0f} % of its floor: at most {r.gain_ceiling:.2f}x)"
              for r in table.rows if r.gain_ceiling is not None and r.gain_ceiling < TARGET_GAIN]
    if not capped:
        return []
    return [f"Cannot reach the target gain whatever the search finds: {', '.join(capped)}.", ""]


def _no_round0_lines(table: PanelTable) -> list[str]:
    """A line naming the problems the median leaves out because round 0 had no correct kernel, if any."""
    found = [f"{r.problem} (the search's first correct kernel in round {r.first_round}"
             + (f", {r.first_ms:.4g} ms; its best {r.best_ms:.4g} ms, {r.first_ms / r.best_ms:.2f}x faster"
                if r.first_ms and r.best_ms else "") + ")"
             for r in table.rows if r.first_round is not None]
    if not found:
        return []
    return [f"No correct round-0 kernel, so no gain in the median: {', '.join(found)}.", ""]


def notes(table: PanelTable, *, csv_name: str, png_name: str | None) -> str:
    """search_panel.md: where the CSV comes from and what each column means."""
    screens = (f"; {table.untimed_screens} screen rounds recorded without their time are not in it"
               if table.untimed_screens else "")
    lines = [
        "# Search panel",
        "",
        f"Generated by `python benchmarks/search_panel.py table {table.run_dir}` from that run directory "
        f"({table.invocations} invocation(s)), verdicts of the {table.protocol} protocol"
        + (f" (device: {', '.join(table.gpus)})" if table.gpus else "")
        + (f" ({table.skipped} rows of another protocol left out)" if table.skipped else "") + ".",
        "",
        f"Panel: {table.rule or 'not recorded (a run directory made without this tool)'}.",
        "",
        gain_line(table) + ".",
        "",
        *_confirmed_lines(table),
        *_ceiling_lines(table),
        *_no_round0_lines(table),
        *_root_lines(table),
        f"Device time the search held (run.json: invocation wall seconds x devices, start-up included): "
        f"{table.held_s:.0f} s" + (f"; {table.unclosed} invocation(s) cut off before recording theirs"
                                   if table.unclosed else "") + ".",
        "",
        f"[{csv_name}]({csv_name}) columns:",
        "",
        "- `problem`: the problem's reference;",
        "- `rounds`: the last round recorded, judged or screened (round 0 = the seeds: generated starter and others);",
        "- `candidates`: distinct candidates judged;",
        "- `round0_speedup`: the speedup vs eager (`eager_ms` / `round0_ms`) of the fastest correct round-0 "
        "candidate;",
        "- `best_speedup`, `best_speedup_vs_compile`: of the fastest correct kernel (lowest median time, as the search "
        "ranks): `eager_ms` / `best_ms` and `compile_ms` / `best_ms`;",
        "- `round0_ms`, `best_ms`: the fastest median kernel time (ms, the verdict's `kernel.median_ms`) of the "
        "correct round-0 candidates and of all correct candidates; `gain`: round0_ms / best_ms (kernel times, "
        "because each verdict times its own eager, which moves between verdicts on host-bound problems);",
        "- `eager_ms`, `compile_ms`: the medians of the correct verdicts' eager and torch.compile medians, one time "
        "per problem for its speedups (a verdict's own speedup divides by its own eager reading, which on L3/26 "
        "moved 8.3-12.1 ms between verdicts on an H100; the ledger keeps those);",
        "- `confirmed_gain`, `confirmed_turns`: the round-0 best and the best judged again in turns "
        "(`search_panel.py confirm`): the ratio of their medians over that many turns (empty: not confirmed, or "
        "the best has changed since);",
        "- `device_seconds`: the judge's verdict `wall_s` summed over every row judged for the problem, plus each "
        "screen job's own seconds (screen.jsonl round rows' `stages_s` summed; rounds recorded without them count "
        f"`screen_s`, timed from submission, so a wait for a free worker is in it){screens}; job seconds, which "
        "overlap when several workers share a device;",
        "- `screened`: distinct variants screened (the best kernel screened as the round's control not counted);",
        "- `round0_pct_of_floor`: the best round-0 kernel's roofline floor as % of its time (the verdict's "
        "`pct_of_floor`); `gain_ceiling`: 100 / that, the most any kernel could gain over round 0, the floor being a "
        "lower bound on the time;",
        "- `best_root_round`: the round of the first kernel of the best's lineage (its parents followed back to a "
        "seed): 0 for a round-0 seed; later for code judged as a seed after round 0 (today's starter after a "
        "template change);",
        "- `stop_reason`: why its search last stopped (`not started`: the run stopped before it began).",
    ]
    if table.staged_rounds:
        stages = table.screen_stages
        total = sum(v for k, v in stages.items() if _step(k))
        split = ", ".join(f"{k} {v:.0f} s ({100 * v / total:.0f} %)" for k, v in
                          sorted(stages.items(), key=lambda kv: -kv[1]) if _step(k) and total)
        compiling = (f", {stages['call/compile']:.0f} s of the calls compiling outside the gate"
                     if "call/compile" in stages else "")
        lines += ["", f"Where the screens' time went ({table.staged_rounds} of {table.screen_rounds} screen rounds "
                      f"recorded their steps; job seconds): {split}; of it {stages.get('gate_wait', 0):.0f} s "
                      f"waiting for the device gate{compiling}."]
    every, slow = table.timed_calls_s
    if every:
        cut = _screen_cut()
        lines += ["", f"The screens' timed calls (median x calls, each passing variant and control) ran {every:.0f} s, "
                      f"{slow:.0f} s ({100 * slow / every:.0f} %) of it on variants over {cut:g}x their round's "
                      f"control, whose loops the screen now ends at {cut:g}x the control's (`ScreenConfig.cut`)."]
    if png_name:
        lines += ["", "The plot: after each candidate judged, the fastest correct kernel so far as a speedup over the "
                      "problem's median eager time (the median of its correct verdicts' eager medians), so a line "
                      "never falls; the table's speedups are each best verdict's own.",
                  "", f"![best speedup by candidates judged]({png_name})"]
    return "\n".join(lines) + "\n"


def cmd_table(args: argparse.Namespace) -> int:
    table = collect(args.run_dir, protocol=args.protocol)
    board = args.board or Path("leaderboards") / args.gpu
    board.mkdir(parents=True, exist_ok=True)
    csv_path = write_csv(table, board / "search_panel.csv")
    title = f"{', '.join(table.gpus) or args.gpu}, {table.protocol} protocol"
    png = plot(table, board / "search_panel.png", title=title)
    if png is None:  # no stale plot beside a new table
        (board / "search_panel.png").unlink(missing_ok=True)
    (board / "search_panel.md").write_text(notes(table, csv_name=csv_path.name, png_name=png.name if png else None),
                                           encoding="utf-8")
    with open(csv_path, encoding="utf-8") as fh:
        print(fh.read(), end="")
    print(gain_line(table))
    print(confirmed_line(table))
    print(f"written: {csv_path}, {board / 'search_panel.md'}" + (f", {png}" if png else " (no plot: no timed "
                                                                                       "correct kernel)"))
    return 0


def confirm_pairs(run_dir: Path, *, protocol: str, only: list[str] | None = None) -> list[tuple[dict, dict]]:
    """Per problem of ``run_dir`` (``only``: these), the results rows of the two kernels the table's gain compares
    under ``protocol`` (its `round0_digest` and `best_digest`), where they are two candidates (a best that is round
    0's own kernel has nothing to confirm). The gains nearest the panel's median first: they decide the confirmed
    median, so a call that ends early has judged those (on both panels the median is L3/26's, the last in panel
    order)."""
    from autokernel.ledger.ledger import RESULTS, read_rows, row_protocol

    table = collect(run_dir, protocol=protocol)
    known = [r.problem for r in table.rows]
    unknown = [k for k in only or [] if k not in known]
    if unknown:
        raise ValueError(f"--only {' '.join(unknown)}: not in {run_dir} ({' '.join(known)})")
    rows = {(r["problem"], r["candidate_digest"]): r for r in read_rows(Path(run_dir) / RESULTS)[0]
            if row_protocol(r) == protocol}  # a re-judged candidate's newest row
    median, _ = table.median_gain()

    def distance(row: PanelRow) -> float:
        return abs(math.log(row.gain / median)) if row.gain and median else math.inf

    chosen = [r for r in table.rows if (not only or r.problem in only) and r.round0_digest and r.best_digest
              and r.round0_digest != r.best_digest]
    return [(rows[(r.problem, r.round0_digest)], rows[(r.problem, r.best_digest)])
            for r in sorted(chosen, key=distance)]  # stable: panel order among equals


def _problem_of(run_dir: Path, row: dict):
    """The problem a results row was judged on, from the run directory's problems/<slug>/problem.py (its digest
    checked against the row's): no dataset needed where the run directory travels."""
    from autokernel.problem import Problem

    path = Path(run_dir) / "problems" / Path(row["source_path"]).parent.name / "problem.py"
    if not path.is_file():
        raise ValueError(f"{path}: missing; {run_dir} is not the run directory that judged {row['problem']}")
    m = re.fullmatch(r"L(\d+)/(\d+)", row["problem"])
    problem = Problem(name=str(row.get("problem_name") or row["problem"]), source=path.read_text(encoding="utf-8"),
                      level=int(m[1]) if m else None, problem_id=int(m[2]) if m else None, origin=str(path))
    if problem.key != row["problem"] or problem.digest != row.get("problem_digest"):
        raise ValueError(f"{path}: not the problem {row['problem']} was judged on (digest {problem.digest}, the "
                         f"ledger's {row.get('problem_digest')})")
    return problem


def _candidate_of(run_dir: Path, row: dict):
    """The candidate a results row judged, from where the run directory keeps its source (`kept_source`)."""
    from autokernel.ledger.ledger import kept_source
    from autokernel.ledger.packed import PackedSources
    from autokernel.records import Candidate

    run_dir, path = Path(run_dir), Path(row["source_path"])
    source = kept_source(run_dir, row["source_path"], row["candidate_digest"], packed=PackedSources(run_dir),
                         best=run_dir / "problems" / path.parent.name / "best.py")
    if source is None:
        raise ValueError(f"{run_dir / path}: the source of {row['problem']}'s candidate {row['candidate_digest']} is "
                         f"not kept here (a thin copy keeps only some); confirm on the run directory that judged it")
    cand = Candidate(source=source, backend=str(row.get("backend") or "auto"),
                     proposer=str(row.get("proposer") or "user"), round=int(row.get("round") or 0),
                     idea=str(row.get("idea") or ""))
    if cand.digest != row["candidate_digest"]:
        raise ValueError(f"{run_dir / path}: its digest {cand.digest} is not the ledger's {row['candidate_digest']}")
    return cand


def cmd_confirm(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from autokernel.evaluate.judge import Evaluator
    from autokernel.search.confirm import ConfirmLog, confirmed, judge_in_turns, pair_key, turns_done
    from kb.cli._common import check_device, default_device, eval_config_from_args

    if args.turns < 1:
        raise ValueError(f"--turns {args.turns}: give 1 or more")
    pairs = confirm_pairs(args.run_dir, protocol=args.protocol, only=args.only)
    log = ConfirmLog(args.run_dir)
    readings = [r for r in log.readings() if r.protocol == args.protocol]
    todo = []
    for round0, best in pairs:
        pair = pair_key(round0["candidate_digest"], best["candidate_digest"])
        done = turns_done(readings, round0["problem"], pair)
        if done < args.turns:
            todo.append((round0, best, done))
    print(f"{len(pairs)} problem(s) of {args.run_dir} with a best that is not round 0's kernel; "
          f"{len(todo)} to judge in turns ({args.turns} a pair)")
    failed = 0
    if todo:
        check_device(args.device or default_device())
        config = eval_config_from_args(args)
        _check_gpu(args.run_dir, [b for _, b, _ in todo], config.device)
        policy = config.ledger_policy()
        moved = sorted(k for k, v in (todo[0][1].get("policy") or {}).items() if policy.get(k) != v)
        if moved:
            print(f"note: judged under another policy than the run's ({', '.join(moved)} differ); the gain compares "
                  f"the two kernels under this one")
        evaluator = Evaluator(config, sharers=1)
        total = sum(2 * (args.turns - done) for *_, done in todo)
        deadline = None if args.stop_after is None else time.monotonic() + args.stop_after
        try:
            with tqdm(total=total, desc="confirming", unit="verdict",
                      disable=args.no_progress or not sys.stderr.isatty()) as bar:
                for round0, best, done in todo:
                    try:  # a problem whose code is not here is named; the others are judged
                        problem = _problem_of(args.run_dir, best)
                        kernels = _candidate_of(args.run_dir, round0), _candidate_of(args.run_dir, best)
                    except ValueError as exc:
                        print(f"error: {best['problem']} not confirmed: {exc}", file=sys.stderr)
                        failed = 2
                        bar.update(2 * (args.turns - done))
                        continue
                    for reading in judge_in_turns(problem, *kernels, evaluator.evaluate, args.turns - done,
                                                  first_turn=done):
                        log.record(reading)
                        readings.append(reading)
                        if reading.again:  # a disturbed reading read again: one verdict more than planned
                            bar.total += 1
                        bar.update(1)
                        if _past(deadline):
                            break
                    if _past(deadline):
                        print(f"stopped: --stop-after {args.stop_after:g} s passed; run again to judge the turns "
                              f"still missing")
                        break
        finally:
            evaluator.close()
    for c in confirmed(readings).values():
        if any(pair_key(r0["candidate_digest"], b["candidate_digest"]) == c.pair for r0, b in pairs):
            print(c.line())
    print(f"written: {log.path}; then: search_panel.py table {args.run_dir}")
    return failed


def _check_gpu(run_dir: Path, rows: list[dict], device: str) -> None:
    """ValueError where this machine's GPU is not the one the run's kernels were timed on: a gain judged on another
    card is not the run's (`autokernel.search.same_gpu`)."""
    from autokernel.search.same_gpu import local_gpu_names, recorded_gpus

    here, seen = local_gpu_names([device]), recorded_gpus(rows)
    if here and seen and here[0] not in seen:
        raise ValueError(f"{run_dir}'s kernels were timed on {', '.join(seen)}; this machine has {here[0]}: confirm "
                         f"them on that GPU (a gain judged on another card is not this run's)")


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() > deadline


def cmd_thin(args: argparse.Namespace) -> int:
    from autokernel.search.thin import thin_copy

    report = thin_copy(args.run_dir, args.dest, keep=args.keep, ledger_only=args.ledger_only)
    print(f"thin copy: {args.dest} ({report.bytes / 1e6:.2f} MB): {report.rows} verdicts, {report.screen_rows} "
          f"screen rows, {report.sources_kept} sources kept, {report.sources_dropped} left out, "
          f"{report.choices} autotuner choices; resume with "
          f"`cp -r {args.dest} RUN` and `run --out RUN`")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    from autokernel.search.headroom import moves_left
    from autokernel.search.session import ProposerConfig, make_proposer

    def tuner(rows, screen_rows):
        return make_proposer(ProposerConfig(kind="tuner", inductor_seed=False), rows, screen_rows)

    try:
        left = moves_left(args.run_dir, tuner, width=args.width, max_rounds=args.rounds,
                          only=set(args.only) if args.only else None)
    except FileNotFoundError as exc:
        raise ValueError(str(exc)) from exc
    print(f"the tuner's new variants per problem, {args.width} a round for up to {args.rounds} rounds, around "
          f"today's seeds ({args.run_dir}; the directory itself is not changed):")
    print(f"{'problem':<10} {'next round':>10} {'rounds':>7} {'variants':>9} {'first':>6}  note")
    for m in left:
        print(f"{m.problem:<10} {m.next_round:>10} {m.rounds:>7} {m.variants:>9} {m.first:>6}  {m.note}")
    return 0


def _print_replay(title: str, problems: list, what: str) -> None:
    """A rule replay's table (`autokernel.search.rule_replay`): per problem its verdicts as ``rROUND:MS``, ``+`` a
    step (``min_gain`` faster than the fastest before it), ``x`` left out by the rule; ``@RATIO`` the screen's."""
    print(title)
    for p in problems:
        marks = " ".join(f"r{r}{'' if ratio is None else f'@{ratio:.3f}'}:{'-' if ms is None else f'{ms:.3f}'}"
                         f"{'+' if step else ''}{'x' if out else ''}" for r, ratio, ms, out, step in p.rows)
        print(f"{p.problem:<8} {len(p.rows):>3} {what}, {p.left_out:>2} left out ({p.steps_left_out} of them steps)  "
              f"{marks}")
    print(f"all: {sum(len(p.rows) for p in problems)} {what}, {sum(p.left_out for p in problems)} left out, "
          f"{sum(p.steps_left_out for p in problems)} of them steps, {sum(p.steps for p in problems)} steps in all")


def _screened_run(run_dir: Path) -> Path:
    if not (run_dir / "screen.jsonl").is_file():
        raise ValueError(f"{run_dir} has no screen.jsonl: give a screened run directory (search_panel.py run)")
    return run_dir


def cmd_stones(args: argparse.Namespace) -> int:
    from autokernel.search.rule_replay import stones

    lines = stones(_screened_run(args.run_dir), patience=args.line_patience, min_gain=args.min_gain)
    _print_replay(f"stepping stones of {args.run_dir} left out by a line patience of {args.line_patience} (a step: "
                  f"{args.min_gain:.0%} faster than the line's best before it)", lines, "stones")
    return 0


def cmd_ties(args: argparse.Namespace) -> int:
    from autokernel.search.rule_replay import ties

    judged = ties(_screened_run(args.run_dir), tie=args.screen_tie, min_gain=args.min_gain)
    _print_replay(f"variants of {args.run_dir} judged for beating the best kernel's screen time, left out by a "
                  f"screen tie of {args.screen_tie:g} (@: screen time over the control's; a step: a new best "
                  f"{args.min_gain:.0%} faster)", judged, "judged")
    return 0


# ---------------------------------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    from kb.cli._common import add_eval_policy, add_problem_source

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("plan", help="print the panel and why each problem is on it")
    p.add_argument("--problems-csv", type=Path, default=DEFAULT_BOARD_CSV,
                   help="the leaderboard problems.csv the level-3 rule reads (default: the H200's)")
    p.add_argument("--refs", action="store_true", help="print the refs alone, on one line")
    p.set_defaults(func=cmd_plan)

    p = sub.add_parser("run", help="search the panel into a run directory (again with the same --out: continue)")
    p.add_argument("refs", nargs="*", help="problems instead of the panel (refs, files; a new run directory only)")
    p.add_argument("--out", type=Path, required=True, help="the run directory (created; rerunning into it resumes)")
    p.add_argument("--problems-csv", type=Path, default=DEFAULT_BOARD_CSV, help="as for plan")
    p.add_argument("--rounds", type=int, default=50, help="rounds after round 0 (default 50)")
    p.add_argument("--screen-width", type=int, default=16, metavar="N",
                   help="variants a round screened (default 16; 0: judge every candidate)")
    p.add_argument("--judge-top", type=int, default=2, metavar="K",
                   help="variants a round judged: the fastest screened that beat the best kernel (default 2)")
    p.add_argument("--screen-tie", type=float, default=0.005, metavar="F",
                   help="a variant within this fraction of the best kernel's screen time is not judged for beating "
                        "it (default 0.005; 0: any faster one is)")
    p.add_argument("--recheck", type=float, default=None, metavar="F",
                   help="a round's fastest kernel that beats the best by 1 %% but by less than this fraction is "
                        "judged again, its second verdict standing (default 0.05 on a GPU, off on CPU; 0: off)")
    p.add_argument("--stepping-stones", type=int, default=1, metavar="K",
                   help="variants a round also judged: the fastest that beat the tuner's own best kernel where a "
                        "foreign seed leads it (default 1; 0: off)")
    p.add_argument("--line-patience", type=int, default=3, metavar="N",
                   help="no more stepping stones for a line whose last N verdicts did not make it 1%% faster "
                        "(default 3; 0: never)")
    p.add_argument("--ideas", type=int, default=None, help="ideas per round without a screen (default 3, CPU 2)")
    p.add_argument("--branches", type=int, default=None, help="candidates per idea (default 2, CPU 1)")
    p.add_argument("--patience", type=int, default=0,
                   help="stop a problem after this many rounds without a gain (default 0: off)")
    p.add_argument("--floor-stop", type=float, default=0.0, metavar="PCT",
                   help="stop a problem at this %% of its roofline floor (default 0: off)")
    p.add_argument("--stop-after", type=float, default=None, metavar="SECONDS",
                   help="end gracefully after this long (no round starts after it, a screen in flight begins no "
                        "further variant and keeps what it screened; give a device call's length minus a variant's "
                        "screen, two verdicts and start-up)")
    p.add_argument("--stop-grace", type=float, default=None, metavar="SECONDS",
                   help="with --stop-after: abandon the evaluations still in flight this long after it, so the run "
                        "records its invocation before the call's hard limit (abandoned variants a screen chose are "
                        "judged on resume)")
    p.add_argument("--workers-per-device", type=int, default=1, help="jobs at once per device (default 1)")
    p.add_argument("--compile-ahead", type=int, default=None, metavar="N",
                   help="helper processes compiling the tuner's variants ahead of their screens (`autokernel-kb run "
                        "--compile-ahead`; default: one per worker within the cores left; 0: none)")
    p.add_argument("--split-screens", action="store_true",
                   help="a round's screen split between idle workers (`autokernel-kb run --split-screens`): the "
                        "panel's last problems")
    p.add_argument("--jobs", type=int, default=None,
                   help="problems searched at once (default: every problem, their jobs queued for the workers, so "
                        "each call advances the whole panel; with one per worker the first ones held the workers "
                        "and the level-3 problems never started)")
    p.add_argument("--only", nargs="+", default=None, metavar="KEY",
                   help="search only these of the panel's problems this time (e.g. L3/34: a problem whose round "
                        "needs the whole device for one call); the others resume later as they were")
    p.add_argument("--proposer", choices=("tuner", "llm", "mixed", "auto"), default="tuner",
                   help="default tuner (no endpoint needed)")
    p.add_argument("--base-url", help="OpenAI-compatible endpoint for llm / mixed (env OPENAI_BASE_URL)")
    p.add_argument("--model", help="model for llm / mixed (env AUTOKERNEL_KB_MODEL)")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    add_problem_source(p)
    add_eval_policy(p)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("table", help="search_panel.csv, .png and .md from a panel run directory")
    p.add_argument("run_dir", type=Path)
    p.add_argument("--gpu", default="nvidia-h200", help="the leaderboard folder's name (default nvidia-h200)")
    p.add_argument("--board", type=Path, default=None, help="the folder written (default leaderboards/<gpu>)")
    p.add_argument("--protocol", default="kernelbench", help="verdicts of this protocol only (default kernelbench)")
    p.set_defaults(func=cmd_table)

    p = sub.add_parser("confirm", help="judge each problem's round-0 best and best again, in turns, alone on the "
                                       "device (autokernel.search.confirm), for the table's confirmed gain")
    p.add_argument("run_dir", type=Path)
    p.add_argument("--turns", type=int, default=3, help="verdicts of each kernel (default 3)")
    p.add_argument("--stop-after", type=float, default=None, metavar="SECONDS",
                   help="start no verdict after this long (the readings so far are kept; run again to go on)")
    p.add_argument("--only", nargs="+", default=None, metavar="KEY", help="these problems only")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_eval_policy(p)
    p.set_defaults(func=cmd_confirm)

    p = sub.add_parser("thin", help="the run directory thinned to what resuming it needs, to keep in git between "
                                    "machines (autokernel.search.thin)")
    p.add_argument("run_dir", type=Path)
    p.add_argument("dest", type=Path, help="written whole (new, empty, or an earlier thin copy)")
    p.add_argument("--keep", type=int, default=8, help="fastest correct sources kept per problem, beyond round 0 "
                                                      "and the best's lineage (default 8)")
    p.add_argument("--ledger-only", action="store_true",
                   help="no candidate sources but each problem's best.py: the copy to commit beside the page (the "
                        "full thin copy, with the seeds a resume builds on, stays with the run data)")
    p.set_defaults(func=cmd_thin)

    p = sub.add_parser("moves", help="how many rounds of new variants the tuner still has per problem of a run "
                                     "directory (a replay on a copy: nothing judged or screened; "
                                     "autokernel.search.headroom)")
    p.add_argument("run_dir", type=Path)
    p.add_argument("--width", type=int, default=16, help="variants a round (the panel's --screen-width, default 16)")
    p.add_argument("--rounds", type=int, default=60, help="rounds replayed at most (default 60)")
    p.add_argument("--only", nargs="+", default=None, metavar="KEY", help="these problems only")
    p.set_defaults(func=cmd_moves)

    for name, what, flag, kind, default, func in (
            ("stones", "stepping stones a line patience", "--line-patience", int, 3, cmd_stones),
            ("ties", "verdicts a screen tie", "--screen-tie", float, 0.005, cmd_ties)):
        p = sub.add_parser(name, help=f"which recorded {what} would have left out (a replay of the ledgers; "
                                      "autokernel.search.rule_replay)")
        p.add_argument("run_dir", type=Path)
        p.add_argument(flag, type=kind, default=default, help=f"as for run (default {default})")
        p.add_argument("--min-gain", type=float, default=0.01, help="a step's relative gain (default 0.01)")
        p.set_defaults(func=func)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as exc:  # flag and folder errors (RunDirError, ProblemError are ValueErrors too)
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
