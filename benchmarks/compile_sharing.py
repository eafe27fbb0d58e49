"""What a variant's first call costs under each way of compiling its Triton kernels, measured on one device.

Per problem, the tuner's generated starter (A) and one of its variants (B), each screened in a candidate process of
its own (`autokernel.evaluate.screen`, one process at a time, nothing else running):

  cold     A in a process with no shared kernels: its first call compiles every kernel;
  shared   A again, after the first process's compiles went to a shared folder (`shared_kernels`: a process that
           ran only our own code gives them when it ends): its first call should find them;
  ahead    B after a helper compiled it into a fresh folder (`precompile`, `--compile-ahead`), on a GPU only;
  cold B   B in a process with no shared kernels, for comparison.

The figure is the screen's ``compile_s``: wall seconds to import, build and first-call the variant (compiles
included). On the CPU the Triton interpreter compiles nothing, so the shared legs change nothing there and "ahead" is
skipped. Prints a table and writes compile_sharing.json.

    python benchmarks/compile_sharing.py --level 1 --problems 10,30,90 --out benchmarks/results/compile_sharing
    python benchmarks/compile_sharing.py autokernel/suite/relu_scale.py --device cpu --out /tmp/compile_sharing
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LEGS = ("cold", "shared", "ahead", "cold_b")


def _screen_one(config, problem, candidate, reps: int):
    from autokernel.evaluate.screen import ScreenConfig, Screener

    with Screener(config, ScreenConfig(reps=reps), prespawn=False) as screener:
        (result,) = screener.screen(problem, [candidate])
    return result


def measure_problem(problem, config, *, reps: int = 3) -> dict:
    """The four legs on ``problem`` (see the module docstring): {leg: {"compile_s", "ok", "reason"}}."""
    from autokernel.evaluate import shared_kernels
    from autokernel.propose.base import Attempt, History
    from autokernel.propose.tuner import TunerProposer
    from autokernel.records import Verdict

    tuner = TunerProposer()
    history = History(device=config.device, protocol=config.protocol, tolerance=config.tolerance)
    starters = tuner.propose(problem, history, 1, 1)
    if not starters:
        return {"skipped": "no generated starter"}
    a = starters[0]
    seed = Attempt(candidate=a, verdict=Verdict(verdict="correct", reason="benchmark seed, unjudged"))
    seeded = History(device=config.device, attempts=[seed], seeds=[seed], round=1, protocol=config.protocol,
                     tolerance=config.tolerance)
    variants = tuner.propose_wide(problem, seeded, 1)
    b = variants[0] if variants else None
    out: dict = {"variant_b": b.idea if b else None}

    def row(result) -> dict:
        return {"compile_s": result.compile_s, "ok": result.ok, "reason": result.reason[:160]}

    folder = shared_kernels.make_folder()
    try:
        cold_config = replace(config, shared_kernels=None)
        shared_config = replace(config, shared_kernels=folder)
        out["cold"] = row(_screen_one(shared_config, problem, a, reps))  # compiles, then gives them to the folder
        out["shared"] = row(_screen_one(shared_config, problem, a, reps))
        if b is not None:
            if config.is_cuda:
                from autokernel.evaluate.precompile import Precompiler

                ahead = shared_kernels.make_folder()
                try:
                    pre = Precompiler(ahead, config.device, 1)
                    try:
                        (fut,) = pre.submit(problem, [b])
                        out["ahead_helper"] = fut.result(timeout=600)
                    finally:
                        pre.close()
                    out["ahead"] = row(_screen_one(replace(config, shared_kernels=ahead), problem, b, reps))
                finally:
                    shared_kernels.remove_folder(ahead)
            out["cold_b"] = row(_screen_one(cold_config, problem, b, reps))
    finally:
        shared_kernels.remove_folder(folder)
    return out


def format_table(rows: dict) -> str:
    lines = [f"{'problem':<28}" + "".join(f"{leg:>10}" for leg in LEGS) + "   (first-call seconds)"]
    for key, r in rows.items():
        cells = []
        for leg in LEGS:
            got = r.get(leg)
            cells.append("-" if not got or got.get("compile_s") is None else
                         f"{got['compile_s']:.2f}" + ("" if got["ok"] else "!"))
        note = f"  {r['skipped']}" if "skipped" in r else ""
        lines.append(f"{key:<28}" + "".join(f"{c:>10}" for c in cells) + note)
    lines.append("! : the variant failed its screen (the reason is in the JSON)")
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
    ap.add_argument("--reps", type=int, default=3,
                    help="timed calls per screen (default 3: the timing is not the point)")
    ap.add_argument("--out", required=True, type=Path, help="folder for compile_sharing.json (created)")
    add_problem_source(ap)
    add_eval_policy(ap)
    args = ap.parse_args(argv)
    check_device(args.device or default_device())
    config = eval_config_from_args(args)
    problems = fit_to_device(level_and_refs(args), args, config)
    args.out.mkdir(parents=True, exist_ok=True)
    rows: dict = {}
    result = {"device": config.device, "protocol": config.protocol, "command": " ".join(sys.argv), "problems": rows}
    path = args.out / "compile_sharing.json"
    for problem in problems:
        t0 = time.monotonic()
        rows[problem.key] = measure_problem(problem, config, reps=args.reps)
        rows[problem.key]["wall_s"] = round(time.monotonic() - t0, 1)
        result["measured_at"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        path.write_text(json.dumps(result, indent=1, default=str) + "\n", encoding="utf-8")  # kept after each
        print(f"{problem.key}: done in {rows[problem.key]['wall_s']} s", file=sys.stderr, flush=True)
    print(format_table(rows))
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
