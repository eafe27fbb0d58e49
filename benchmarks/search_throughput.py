"""Search throughput on one machine: variants screened and candidates fully judged per device-hour, and where the
judge's time goes (the stages of its verdicts, ``Verdict.stages_s``).

Three phases over the problems, each timed on the wall clock with every worker busy (problems run at once, one job
each per worker):
  1. judge   each problem's generated starter (the search's round 0);
  2. screen  up to --variants tuner variants around it (`TunerProposer.propose_wide`) per problem, one screen job
             per problem (`autokernel.evaluate.screen`: one candidate process, one input set, a few timed calls);
  3. judge   the --judge - 1 fastest variants that passed the screen, per problem.
Screened per device-hour = variants screened / (phase 2 wall hours x devices); judged per device-hour = candidates
of phases 1 and 3 / (their wall hours x devices). Start-up, Triton compiles and the judge's CPU work are included:
they are what an hour of the device buys. Nothing here is recorded as a result: the figures are the harness's.

    python benchmarks/search_throughput.py --level 1 --problems 10,30,50,70,90 --variants 32 --judge 3 \
        --workers-per-device 4 --out benchmarks/results/throughput
    python benchmarks/search_throughput.py autokernel/suite/relu_scale.py --device cpu --variants 3 --judge 2 \
        --out /tmp/throughput
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGETS = {"screened_per_device_hour": 20000, "judged_per_device_hour": 1000}  # issue 21, on the H200, level 1


def _problems(args) -> list:
    from kb.cli._common import resolve

    problems = []
    if args.level is not None:
        from kb.bridge import parse_ids, select

        problems += select(args.level, parse_ids(args.problems) if args.problems else None, dataset=args.dataset,
                           config=args.dataset_config)
    if args.refs:
        problems += resolve(args, args.refs, scale=False)
    if not problems:
        raise SystemExit("no problems: give refs (L1/19, files) or --level N [--problems 1-10]")
    return problems


def _timed(fn, items: list, jobs: int) -> tuple[list, float]:
    """``fn`` over ``items`` with ``jobs`` at once; (results in order, wall seconds)."""
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(fn, items))
    return results, time.monotonic() - t0


def measure(problems: list, eval_config, *, variants: int, judge: int, workers_per_device: int,
            screen_reps: int, log=print) -> dict:
    """The three phases on ``problems`` (see the module docstring); returns the figures as a dict."""
    from autokernel.evaluate.screen import ScreenConfig
    from autokernel.propose.base import Attempt, History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.search.backend import LocalBackend

    tuner = TunerProposer()
    backend = LocalBackend(eval_config, workers_per_device=workers_per_device, screen=ScreenConfig(reps=screen_reps))
    jobs = backend.workers
    devices = len(backend.devices)
    rows = {p.key: {"problem": p.key, "name": p.name} for p in problems}
    try:
        def starter(p):
            cands = tuner.propose(p, History(device=backend.device), 1, 1)
            if not cands:
                return None
            return Attempt(candidate=cands[0], verdict=backend.submit(p, cands[0]).result())

        seeds, judge1_s = _timed(starter, problems, jobs)
        log(f"phase 1: {sum(s is not None for s in seeds)} starters judged in {judge1_s:.1f} s")

        def screen(pair):
            p, seed = pair
            if seed is None or not seed.is_correct:
                return [], []
            history = History(device=backend.device, attempts=[seed], seeds=[seed], round=1)
            cands = tuner.propose_wide(p, history, variants)
            return cands, backend.screen(p, cands).result() if cands else []

        screened, screen_s = _timed(screen, list(zip(problems, seeds)), jobs)
        n_screened = sum(len(r) for _, r in screened)
        log(f"phase 2: {n_screened} variants screened in {screen_s:.1f} s")

        def top(pair):
            p, (cands, results) = pair
            ranked = sorted((r.median_ms, i) for i, r in enumerate(results) if r.ok)
            return [(p, cands[i]) for _, i in ranked[: max(0, judge - 1)]]

        picks = [item for pair in zip(problems, screened) for item in top(pair)]
        verdicts, judge2_s = _timed(lambda pc: backend.submit(*pc).result(), picks, jobs)
        log(f"phase 3: {len(verdicts)} screened variants judged in {judge2_s:.1f} s")
    finally:
        backend.close()

    judged = [s.verdict for s in seeds if s is not None] + verdicts
    for p, seed, (_, results) in zip(problems, seeds, screened):
        ok = [r for r in results if r.ok]
        rows[p.key].update({
            "starter": seed.verdict.verdict if seed else "no starter",
            "starter_speedup": seed.verdict.speedup if seed else None,
            "variants_screened": len(results), "variants_passed": len(ok),
            "screen_fastest_ms": min((r.median_ms for r in ok), default=None),
            "screen_compile_s_median": statistics.median([r.compile_s for r in ok]) if ok else None,
            "failed_reasons": sorted({r.reason.split(":")[0][:80] for r in results if not r.ok})[:5],
        })
    for (p, _), v in zip(picks, verdicts):
        rows[p.key].setdefault("judged_variants", []).append({"verdict": v.verdict, "speedup": v.speedup})
    stages: dict[str, float] = {}
    for v in judged:
        for k, s in (v.stages_s or {}).items():
            stages[k] = stages.get(k, 0.0) + s
    judge_s = judge1_s + judge2_s
    return {
        "device": eval_config.device, "devices": devices, "workers_per_device": workers_per_device,
        "protocol": eval_config.protocol, "screen_reps": screen_reps, "problems": list(rows.values()),
        "screen": {"variants": n_screened, "wall_s": round(screen_s, 2),
                   "per_device_hour": round(n_screened * 3600 / (screen_s * devices), 1) if screen_s > 0 else None,
                   "passed": sum(r["variants_passed"] for r in rows.values())},
        "judge": {"candidates": len(judged), "wall_s": round(judge_s, 2),
                  "per_device_hour": round(len(judged) * 3600 / (judge_s * devices), 1) if judge_s > 0 else None,
                  "correct": sum(v.is_correct for v in judged),
                  "stage_s_per_candidate": {k: round(s / max(1, len(judged)), 3)
                                            for k, s in sorted(stages.items(), key=lambda kv: -kv[1])},
                  "wall_s_per_candidate_median": statistics.median([v.wall_s for v in judged]) if judged else None},
        "targets": TARGETS,
    }


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
             "judge seconds per candidate by stage: "
             + ", ".join(f"{k} {v:.2f}" for k, v in j["stage_s_per_candidate"].items())]
    for r in result["problems"]:
        lines.append(f"  {r['problem']:<28} starter {r.get('starter')}, screened {r.get('variants_screened', 0)}, "
                     f"passed {r.get('variants_passed', 0)}, fastest " + (f"{r['screen_fastest_ms']:.4g} ms" if r.get('screen_fastest_ms') else "-"))
    return "\n".join(lines)


def main(argv=None) -> int:
    from kb.cli._common import (
        add_eval_policy,
        add_problem_source,
        check_device,
        default_device,
        eval_config_from_args,
        fit_to_device,
    )

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("refs", nargs="*", help="problem refs (L1/19) or problem files")
    ap.add_argument("--level", type=int, help="a KernelBench level (with --problems, or the whole level)")
    ap.add_argument("--problems", help="problem ids of --level, e.g. 10,30,50")
    ap.add_argument("--variants", type=int, default=32, help="tuner variants screened per problem (default 32)")
    ap.add_argument("--judge", type=int, default=3,
                    help="candidates fully judged per problem: the starter and the fastest screened (default 3)")
    ap.add_argument("--workers-per-device", type=int, default=1, help="workers sharing each device (default 1)")
    ap.add_argument("--screen-reps", type=int, default=10, help="timed calls per screened variant (default 10)")
    ap.add_argument("--out", required=True, type=Path, help="folder for throughput.json (created)")
    add_problem_source(ap)
    add_eval_policy(ap)
    args = ap.parse_args(argv)
    if args.variants < 1 or args.judge < 1:
        raise SystemExit("--variants and --judge must be at least 1")
    check_device(args.device or default_device())
    config = eval_config_from_args(args)
    problems = fit_to_device(_problems(args), args, config, parallel=args.workers_per_device)
    result = measure(problems, config, variants=args.variants, judge=args.judge,
                     workers_per_device=args.workers_per_device, screen_reps=args.screen_reps,
                     log=lambda line: print(line, file=sys.stderr, flush=True))
    result.update(environment=_environment(config.device), measured_at=time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                  command=" ".join(sys.argv))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "throughput.json"
    path.write_text(json.dumps(result, indent=1, default=str) + "\n", encoding="utf-8")
    print(format_table(result))
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
