"""Search throughput on one machine: variants screened and candidates fully judged per device-hour, and where the
judge's time goes (the stages of its verdicts, ``Verdict.stages_s``).

Two phases over the problems, each timed on the wall clock with every worker busy (problems run at once, one job
each per worker):
  1. screen  each problem's generated starter and up to --variants tuner variants around it
             (`TunerProposer.propose_wide`), one screen job per problem (`autokernel.evaluate.screen`: one candidate
             process, one input set, a few timed calls each);
  2. judge   the starter and the fastest variants that passed the screen, --judge per problem (0: no judging).
             With --starters-first the starters are judged first, in a phase of their own ("round 0", as a search's
             round 0 judges its seeds): each problem's first verdict times its baselines (eager, torch.compile) and
             probes it, cached for every later verdict, so the judge phase then measures what a search's later rounds
             buy and round 0's rate is reported beside it.
Screened per device-hour = variants screened / (phase 1 wall hours x devices); judged per device-hour = candidates
judged / (phase 2 wall hours x devices). Start-up, Triton compiles, the judge's CPU work and its baselines (cached
per problem and GPU after the first candidate) are included: they are what an hour of the device buys. Nothing here
is recorded as a result: the figures are the harness's. throughput.json is written after the screen phase and after
each verdict (a call cut off while judging keeps a judged rate, its in-flight verdicts' seconds counted: a lower
bound).

    python benchmarks/search_throughput.py --level 1 --problems 10,30,50,70,90 --variants 32 --judge 3 \
        --workers-per-device 4 --out benchmarks/results/throughput
    python benchmarks/search_throughput.py --level 1 --problems $(seq -s, 2 4 98) --variants 16 --judge 3 \
        --starters-first --workers-per-device 6 --out DIR     # a quarter of level 1, its rounds after round 0
    python benchmarks/search_throughput.py autokernel/suite/relu_scale.py --device cpu --variants 3 --judge 2 \
        --out /tmp/throughput
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGETS = {"screened_per_device_hour": 20000, "judged_per_device_hour": 1000}  # issue 21, on the H200, level 1


def _brief(text: str, head: int = 200, tail: int = 1200) -> str:
    """A long error's start and end: an out-of-memory error lists every process first and ends with what the
    allocator held (allocated, and reserved but unallocated), then the judge's note of its pools and pinned segments
    (`memory.allocator_summary`), which say whose memory the allocation could not use."""
    return text if len(text) <= head + tail + 5 else f"{text[:head]} ... {text[-tail:]}"


def _timed(fn, items: list, jobs: int) -> tuple[list, float]:
    """``fn`` over ``items`` with ``jobs`` at once; (results in order, wall seconds)."""
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(fn, items))
    return results, time.monotonic() - t0


def measure(problems: list, eval_config, *, variants: int, judge: int, workers_per_device: int,
            screen_reps: int, rounds: int = 1, share_kernels: bool = True, compile_ahead: int | None = None,
            screen_cut: float | None = None, starters_first: bool = False, screen_batch: int | None = None,
            split: bool = False, log=print, checkpoint=None) -> dict:
    """The two phases on ``problems`` (see the module docstring); returns the figures as a dict. ``checkpoint``
    gets the figures so far after the screen phase and after each verdict (a run cut short keeps them).
    ``rounds``: screen jobs per problem, one after another, each with the starter again as the round's control and
    ``variants`` new ones, as the search's rounds do. ``share_kernels``: the backend's shared compiled kernels
    (`autokernel.evaluate.shared_kernels`; False: each candidate process compiles its own). ``compile_ahead``:
    helper processes compiling each screen's variants before their candidate process reaches them
    (`autokernel.evaluate.precompile`). ``starters_first``: the starters judged in a round-0 phase before the judge
    phase (see the module docstring). ``split``: the starter leads each screen as its control, so a screen is split
    between idle workers (`autokernel.search.split_screen`), as a search's is."""
    from autokernel.evaluate.screen import ScreenConfig
    from autokernel.propose.base import Attempt, History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.records import Verdict
    from autokernel.search.backend import LocalBackend

    tuner = TunerProposer()
    screen_cfg = ScreenConfig(reps=screen_reps, **({} if screen_cut is None else {"cut": screen_cut}),
                              **({} if screen_batch is None else {"batch": screen_batch}))
    backend = LocalBackend(eval_config, workers_per_device=workers_per_device, screen=screen_cfg,
                           share_kernels=share_kernels, compile_ahead=compile_ahead, split_screens=split)
    jobs = backend.workers
    devices = len(backend.devices)
    ends: list[float] = []  # seconds into the judge phase at which each verdict came, in that order
    errors: list = []  # (problem, the harness's error) where a judgment failed: a search judges it again later
    round0: dict | None = None  # the starters' phase (``starters_first``), once done

    def figures(judged: list, judge_s: float, planned: int) -> dict:
        """The figures so far (`_figures`), with the compile-ahead helpers that ran (None asked: the default's),
        the screen's loop cut and the round-0 phase."""
        return {**_figures(problems, screened, judged, screen_s, judge_s, devices, eval_config, workers_per_device,
                           screen_reps, planned=planned, ends=list(ends), workers=jobs, errors=list(errors)),
                "compile_ahead": backend.compile_helpers, "screen_cut": screen_cfg.cut,
                "screen_batch": screen_cfg.batch, "split": split,
                **({"round0": round0} if round0 is not None else {})}

    t0 = time.monotonic()
    try:
        # the protocol, as a run's history names it: some presets are offered only under one (the TF32 conv presets
        # under kernelbench's TF32 reference; without it every L1/50 and L1/70 variant failed)
        judged_under = {"protocol": eval_config.protocol, "tolerance": eval_config.tolerance}

        def screen(p):
            cands = tuner.propose(p, History(device=backend.device, **judged_under), 1, 1)  # the generated starter
            if not cands:
                return [], []
            # The starter stands in as the seed before it is judged: the tuner reads only its source. This
            # verdict is never recorded or reported.
            seed = Attempt(candidate=cands[0], verdict=Verdict(verdict="correct", reason="benchmark seed, unjudged"))
            history = History(device=backend.device, attempts=[seed], seeds=[seed], round=1, **judged_under)
            out, results = [], []
            for rnd in range(1, rounds + 1):
                history.round = rnd
                # round 1: the starter and its variants; later rounds: the starter again, as the control
                batch = (cands if rnd == 1 else cands[:1]) + tuner.propose_wide(p, history, variants)
                backend.precompile(p, batch)  # (nothing without --compile-ahead)
                try:
                    got = backend.screen(p, batch, lead=1 if split else 0).result()
                except Exception as exc:  # noqa: BLE001 - a harness failure ends this problem's screens, not the run
                    log(f"{time.monotonic() - t0:7.1f} s  {p.key}: round {rnd}: the screen failed: {exc}"[:400])
                    break
                history.screened |= {c.digest for c in batch}
                out += batch
                results += got
                log(f"{time.monotonic() - t0:7.1f} s  {p.key}: round {rnd}: {sum(r.ok for r in got)} of {len(got)} "
                    f"passed the screen")
            return out, results

        screened, screen_s = _timed(screen, problems, jobs)
        n_screened = sum(len(r) for _, r in screened)
        log(f"screen: {n_screened} variants (starters included) in {screen_s:.1f} s")

        def top(pair):  # the starter, then the fastest variants that passed
            p, (cands, results) = pair
            ranked = sorted((r.median_ms, i) for i, r in enumerate(results[1:], 1)
                            if r.ok and cands[i].digest != cands[0].digest)  # (later rounds' controls are it)
            return [(p, c) for c in ([cands[0]] if cands else []) + [cands[i] for _, i in ranked]][:judge]

        # one problem's picks beside the others' in turn, as a search round judges each problem's picks at once
        # (in problem order, the six workers all judged L1/10 first and the heavy problems last, one at a time)
        picks = [item for group in itertools.zip_longest(*(top(pair) for pair in zip(problems, screened)))
                 for item in group if item is not None]
        if checkpoint is not None:  # the screen's figures, whatever comes after
            checkpoint(figures([], 0.0, len(picks)))
        lock = threading.Lock()

        def verdict_of(pc, phase: str = "") -> tuple:
            """(the verdict, None), or (None, the harness's error: no verdict, the run goes on); logged either way."""
            try:
                verdict = backend.submit(*pc).result()
            except Exception as exc:  # noqa: BLE001 - the harness's failure, counted in its phase
                error = _brief(str(exc))
                log(f"{time.monotonic() - t0:7.1f} s  {pc[0].key}: {phase}harness error: {error}")
                return None, error
            log(f"{time.monotonic() - t0:7.1f} s  {pc[0].key}: {phase}judged {verdict.verdict} in "
                f"{verdict.wall_s:.1f} s")
            return verdict, None

        r0_done: list = []  # round 0's (problem, verdict or None, error or None) as they come

        def starter(pc):  # a round-0 verdict, the phase's figures written after each (a call cut off keeps them)
            nonlocal round0
            got = (pc[0], *verdict_of(pc, "round 0: "))
            with lock:
                r0_done.append(got)
                round0 = _round0(r0_done, time.monotonic() - r0, devices, planned=len(starters))
                if checkpoint is not None:
                    checkpoint(figures([], 0.0, len(picks)))

        if starters_first:
            seen: set[str] = set()
            starters, rest = [], []
            for pc in picks:  # each problem's first pick is its starter
                (rest if pc[0].key in seen else starters).append(pc)
                seen.add(pc[0].key)
            picks = rest
            r0 = time.monotonic()
            _, r0_s = _timed(starter, starters, jobs)
            round0 = _round0(r0_done, r0_s, devices, planned=len(starters))
            log(f"round 0: {round0['candidates']} starters judged in {round0['wall_s']:.1f} s")
            if checkpoint is not None:
                checkpoint(figures([], 0.0, len(picks)))
        done: list = []
        j0 = time.monotonic()

        def judge_one(pc):
            verdict, error = verdict_of(pc)
            with lock:  # the figures so far after every verdict: a call cut off mid-phase keeps a judged rate
                if verdict is None:
                    errors.append((pc[0], error))
                    return None
                done.append((pc[0], verdict))
                ends.append(time.monotonic() - j0)
                if checkpoint is not None:
                    checkpoint(figures(list(done), time.monotonic() - j0, len(picks)))
            return pc[0], verdict

        judged, judge_s = _timed(judge_one, picks, jobs)
        judged = [pv for pv in judged if pv is not None]
        log(f"judge: {len(judged)} candidates in {judge_s:.1f} s")
    finally:
        backend.close()
    return figures(judged, judge_s, len(picks))


def _figures(problems, screened, judged, screen_s, judge_s, devices, eval_config, workers_per_device,
             screen_reps, planned: int = 0, ends: list[float] | None = None, workers: int = 1,
             errors: list | None = None) -> dict:
    """The figures as a dict. ``planned``: the judge phase's candidates; fewer judged means a phase still under way
    (a checkpoint), whose rate counts the seconds of the verdicts in flight too (a lower bound). ``ends``: when
    each verdict came (seconds into the phase, in order), for the rate once every worker is warm (`warm_rate`)."""
    from autokernel.evaluate.screen import ALONE_NOTE
    from autokernel.ledger.screens import sum_stages

    rows = {p.key: {"problem": p.key, "name": p.name} for p in problems}
    n_screened = sum(len(r) for _, r in screened)
    for p, (_, results) in zip(problems, screened):
        ok = [r for r in results if r.ok]
        rows[p.key].update({
            "starter_screen": (results[0].reason if results else "no starter"),
            "variants_screened": len(results), "variants_passed": len(ok),
            "screened_alone": sum(ALONE_NOTE in r.reason for r in results),
            "screen_fastest_ms": min((r.median_ms for r in ok), default=None),
            "screen_compile_s_median": statistics.median([r.compile_s for r in ok]) if ok else None,
            "failed_reasons": sorted({r.reason.split(":")[0][:80] for r in results if not r.ok})[:5],
        })
    for p, v in judged:
        rows[p.key].setdefault("judged", []).append({"verdict": v.verdict, "speedup": v.speedup,
                                                     "wall_s": v.wall_s,
                                                     "judge_peak_memory_mb": v.judge_peak_memory_mb,
                                                     # the stages where the judge's reserved memory grew
                                                     "judge_peak_steps_mb": v.judge_peak_steps_mb,
                                                     # after running out of memory beside neighbours: why; a
                                                     # big problem's trial 0 dropped for want of room: how much
                                                     **{k: v.policy[k] for k in ("judged_alone", "trial_0_made_again")
                                                        if k in v.policy}})
    for p, error in errors or []:
        rows[p.key].setdefault("harness_errors", []).append(error)
    judged = [v for _, v in judged]
    screen_stages = sum_stages([r for _, results in screened for r in results])
    stages = sum_stages(judged)
    return {
        "device": eval_config.device, "devices": devices, "workers_per_device": workers_per_device,
        "protocol": eval_config.protocol, "screen_reps": screen_reps, "problems": list(rows.values()),
        "screen": {"variants": n_screened, "wall_s": round(screen_s, 2),
                   "per_device_hour": round(n_screened * 3600 / (screen_s * devices), 1) if screen_s > 0 else None,
                   "passed": sum(r["variants_passed"] for r in rows.values()),
                   # summed over every screen job, so with several workers they exceed the phase's wall time
                   "stage_s_per_variant": {k: round(s / max(1, n_screened), 3)
                                           for k, s in sorted(screen_stages.items(), key=lambda kv: -kv[1])}},
        "judge": {"candidates": len(judged), "planned": planned,
                  "complete": len(judged) + len(errors or []) >= planned, "harness_errors": len(errors or []),
                  "wall_s": round(judge_s, 2),
                  "per_device_hour": round(len(judged) * 3600 / (judge_s * devices), 1) if judge_s > 0 else None,
                  "correct": sum(v.is_correct for v in judged),
                  "stage_s_per_candidate": {k: round(s / max(1, len(judged)), 3)
                                            for k, s in sorted(stages.items(), key=lambda kv: -kv[1])},
                  "wall_s_per_candidate_median": statistics.median([v.wall_s for v in judged]) if judged else None,
                  **warm_rate(ends or [], workers, devices)},
        "targets": TARGETS,
    }


def _round0(results: list, wall_s: float, devices: int, planned: int) -> dict:
    """The starters' phase (``starters_first``): ``results`` as (problem, verdict or None, error or None) so far,
    the phase's wall seconds so far, ``planned`` starters in all. Its verdicts paid each problem's baselines and
    probes, so its rate is a search's round 0, not its later rounds."""
    from autokernel.ledger.screens import sum_stages

    verdicts = [v for _, v, _ in results if v is not None]
    return {"candidates": len(verdicts), "planned": planned, "complete": len(results) >= planned,
            "wall_s": round(wall_s, 2),
            "per_device_hour": round(len(verdicts) * 3600 / (wall_s * devices), 1) if wall_s > 0 else None,
            "correct": sum(v.is_correct for v in verdicts),
            "harness_errors": [f"{p.key}: {e}" for p, _, e in results if e],
            "wall_s_per_candidate_median": statistics.median([v.wall_s for v in verdicts]) if verdicts else None,
            "baselines_s_median": statistics.median([(v.stages_s or {}).get("baselines", 0.0) for v in verdicts])
            if verdicts else None,
            "stage_s_per_candidate": {k: round(t / max(1, len(verdicts)), 3) for k, t in
                                      sorted(sum_stages(verdicts).items(), key=lambda kv: -kv[1])}}


def warm_rate(ends: list[float], workers: int, devices: int) -> dict:
    """Verdicts per device-hour after the first ``workers`` verdicts came (about one a worker: its first pays the
    interpreter's start, the problem's baselines and roofline, cached after it), over the span from that verdict to
    the last; nothing when fewer than two came after it. A phase's first verdicts say what a start costs, the later
    ones what a long run's hour buys."""
    ends = sorted(ends)
    if len(ends) < workers + 2:
        return {}
    start, later = ends[workers - 1], ends[workers:]
    span = later[-1] - start
    if span <= 0:
        return {}
    return {"warm_candidates": len(later), "warm_wall_s": round(span, 2),
            "warm_per_device_hour": round(len(later) * 3600 / (span * devices), 1)}


def _environment(device: str) -> dict:
    import platform

    import torch
    import triton

    env = {"torch": torch.__version__, "triton": triton.__version__, "python": platform.python_version(),
           "host_cpus": os.cpu_count()}
    if device.startswith("cuda"):
        env["gpu"] = torch.cuda.get_device_name(0)
    return env


def format_table(result: dict) -> str:
    """The figures as a few aligned lines (the JSON file holds everything)."""
    s, j = result["screen"], result["judge"]
    lines = [f"device {result['device']} x{result['devices']}, {result['workers_per_device']} worker(s) per device, "
             f"protocol {result['protocol']}, {len(result['problems'])} problems",
             f"{'phase':<8}{'count':>8}{'wall_s':>10}{'per_device_hour':>18}{'target':>10}",
             f"{'screen':<8}{s['variants']:>8}{s['wall_s']:>10.1f}{s['per_device_hour'] or 0:>18.0f}"
             f"{TARGETS['screened_per_device_hour']:>10}",
             f"{'judge':<8}{j['candidates']:>8}{j['wall_s']:>10.1f}{j['per_device_hour'] or 0:>18.0f}"
             f"{TARGETS['judged_per_device_hour']:>10}",
             *([f"{'round 0':<8}{result['round0']['candidates']:>8}{result['round0']['wall_s']:>10.1f}"
                f"{result['round0']['per_device_hour'] or 0:>18.0f}{'':>10}   (the starters: baselines timed)"]
               if result.get("round0") else []),
             *([f"{'  warm':<8}{j['warm_candidates']:>8}{j['warm_wall_s']:>10.1f}{j['warm_per_device_hour']:>18.0f}"
                f"{TARGETS['judged_per_device_hour']:>10}   (after each worker's first verdict)"]
               if j.get("warm_candidates") else []),
             "screen seconds per variant by stage (job seconds: workers overlap): "
             + ", ".join(f"{k} {v:.2f}" for k, v in s.get("stage_s_per_variant", {}).items()),
             "judge seconds per candidate by stage: "
             + ", ".join(f"{k} {v:.2f}" for k, v in j["stage_s_per_candidate"].items())]
    for r in result["problems"]:
        lines.append(f"  {r['problem']:<28} screened {r.get('variants_screened', 0)}, "
                     f"passed {r.get('variants_passed', 0)}, fastest " + (f"{r['screen_fastest_ms']:.4g} ms" if r.get('screen_fastest_ms') else "-"))
    return "\n".join(lines)


def main(argv=None) -> int:
    from kb.cli._common import (
        add_eval_policy,
        add_level_and_refs,
        add_problem_source,
        check_device,
        default_device,
        eval_config_from_args,
        fit_to_device,
        level_and_refs,
    )

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_level_and_refs(ap)
    ap.add_argument("--variants", type=int, default=32, help="tuner variants screened per problem (default 32)")
    ap.add_argument("--judge", type=int, default=3,
                    help="candidates fully judged per problem: the starter and the fastest screened (default 3; 0: "
                         "screen only)")
    ap.add_argument("--workers-per-device", type=int, default=1, help="workers sharing each device (default 1)")
    ap.add_argument("--screen-reps", type=int, default=10, help="timed calls per screened variant (default 10)")
    ap.add_argument("--screen-cut", type=float, default=None, metavar="X",
                    help="a variant's timed loop ends at X times its control's (`ScreenConfig.cut`; default 3; 0: off)")
    ap.add_argument("--screen-batch", type=int, default=None, metavar="N",
                    help="variants checked, then timed back to back in one exclusive hold (`ScreenConfig.batch`; "
                         "default 1: each timed after its own check)")
    ap.add_argument("--split", action="store_true",
                    help="the starter leads each screen as its control, so a screen is split between idle workers "
                         "(`split_screen`), as a search's is (default: one worker a screen)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="screen rounds per problem, each re-screening the starter as its control beside --variants "
                         "new variants (default 1)")
    ap.add_argument("--compile-ahead", type=int, default=None, metavar="N",
                    help="helper processes compiling our own variants' kernels ahead of their screens (default: one "
                         "per worker within the cores left, `auto_compile_ahead`; 0: none)")
    ap.add_argument("--no-shared-kernels", action="store_true",
                    help="each candidate process compiles its own kernels (default: a GPU backend shares the "
                         "kernels compiled by processes that ran only our own code)")
    ap.add_argument("--starters-first", action="store_true",
                    help="judge each problem's starter first, in a round-0 phase of its own (its baselines and probes, "
                         "cached after it), so the judge phase measures later rounds")
    ap.add_argument("--out", required=True, type=Path, help="folder for throughput.json (created)")
    add_problem_source(ap)
    add_eval_policy(ap)
    args = ap.parse_args(argv)
    if args.variants < 1 or args.judge < 0 or args.rounds < 1:
        raise SystemExit("--variants and --rounds must be at least 1 and --judge 0 or more")
    check_device(args.device or default_device())
    config = eval_config_from_args(args)
    problems = fit_to_device(level_and_refs(args), args, config, parallel=args.workers_per_device)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "throughput.json"
    context = {"environment": _environment(config.device), "command": " ".join(sys.argv), "rounds": args.rounds,
               "shared_kernels": config.device.startswith("cuda") and not args.no_shared_kernels}

    def write(result: dict) -> None:
        result.update(context, measured_at=time.strftime("%Y-%m-%dT%H:%M:%S%z"))
        path.write_text(json.dumps(result, indent=1, default=str) + "\n", encoding="utf-8")

    result = measure(problems, config, variants=args.variants, judge=args.judge,
                     workers_per_device=args.workers_per_device, screen_reps=args.screen_reps, rounds=args.rounds,
                     screen_cut=args.screen_cut, starters_first=args.starters_first, screen_batch=args.screen_batch,
                     split=args.split, share_kernels=not args.no_shared_kernels, compile_ahead=args.compile_ahead,
                     log=lambda line: print(line, file=sys.stderr, flush=True), checkpoint=write)
    write(result)
    print(format_table(result))
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
