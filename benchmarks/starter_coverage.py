"""Coverage of the starter generator over KernelBench levels 1-2, on CPU (Triton interpreter).

Each problem is scaled down (``Problem.scaled``) until its inputs and parameters are tiny, a starter
is generated, and the starter is run next to the reference (same seed, two input draws, atol=rtol=1e-4).
Prints a per-level table and writes one CSV row per problem.

    TRITON_INTERPRET=1 python benchmarks/starter_coverage.py --levels 1 2 --csv starter_coverage.csv

``--set NAME=VALUE`` sets a tunable wherever a starter has it, e.g. the generated convolutions with their fused
tails and pools instead of the library calls (``--set CONV_ENGINE=triton --only-with Conv``).
"""

from __future__ import annotations

import argparse
import csv
import os
import signal
import sys
import time

os.environ.setdefault("TRITON_INTERPRET", "1")

# bigger blocks = fewer interpreted programs = faster CPU runs; correctness does not depend on them
CPU_TUNABLES = {
    "BLOCK_SIZE": 4096,
    "RED_TILE": 4096,
    "SMX_TILE": 4096,
    "NORM_BLOCK": 4096,
    "RED_BLOCK_INNER": 128,
    "SMX_BLOCK_INNER": 128,
    "POOL_BLOCK": 1024,
    "SCAN_BLOCK": 1024,
    "CONV_BLOCK_M": 128,
    "CONV_BLOCK_N": 64,
}


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def run_one(problem, timeout_s: int, settings: dict | None = None) -> dict:
    from autokernel.starters import generate_starter
    from autokernel.starters.check import check_starter

    row = {"problem": problem.key, "name": problem.name, "scale": problem.scale}
    t0 = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout_s)
    try:
        base = generate_starter(problem)
        overrides = {k: v for k, v in {**CPU_TUNABLES, **(settings or {})}.items() if k in base.tunables}
        st = generate_starter(problem, overrides) if overrides else base
        row["covered"] = " | ".join(st.covered)
        row["fallbacks"] = " | ".join(st.fallbacks)
        res = check_starter(problem, st)
        row.update(status=res.status, launches=res.launches, max_abs_diff=res.max_abs_diff, detail=res.detail)
    except _Timeout:
        row.update(status="timeout", detail=f"over {timeout_s} s")
    except Exception as exc:
        row.update(status="error", detail=f"generate: {type(exc).__name__}: {str(exc)[:300]}")
    finally:
        signal.alarm(0)
    row["seconds"] = round(time.perf_counter() - t0, 2)
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--dataset", default="/work/shared/kernelbench")
    ap.add_argument("--config", default="default")
    ap.add_argument("--max-elements", type=int, default=100_000)
    ap.add_argument("--timeout-s", type=int, default=120)
    ap.add_argument("--ids", type=int, nargs="*", help="only these problem ids")
    ap.add_argument("--csv", default="starter_coverage.csv")
    ap.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE",
                    help="tunables set wherever a starter has them (e.g. CONV_ENGINE=triton)")
    ap.add_argument("--only-with", default=None, metavar="TEXT",
                    help="only problems whose source contains TEXT (e.g. Conv)")
    args = ap.parse_args(argv)
    from autokernel.propose.prior import literal_or_text

    settings = {}
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep:
            ap.error(f"--set {item}: write NAME=VALUE")
        settings[name] = literal_or_text(value)

    import datasets

    from autokernel.problem import Problem
    from autokernel.starters.shrink import tiny_problem

    ds = datasets.load_dataset(args.dataset, args.config)
    rows = []
    for level in args.levels:
        for r in sorted(ds[f"level_{level}"], key=lambda r: r["problem_id"]):
            if (args.ids and r["problem_id"] not in args.ids) or (args.only_with and args.only_with not in r["code"]):
                continue
            p = Problem.from_source(
                r["code"],
                name=r["name"],
                level=level,
                problem_id=r["problem_id"],
                origin=f"kernelbench:{args.dataset}@{args.config}",
            )
            row = run_one(tiny_problem(p, args.max_elements), args.timeout_s, settings)
            row["level"] = level
            rows.append(row)
            print(
                f"{row['problem']:>7} {row['status']:<12} {row['seconds']:>6}s  {row['name'][:50]:<50} "
                f"{row.get('detail', '')[:90]}",
                flush=True,
            )
    fields = [
        "level",
        "problem",
        "name",
        "scale",
        "status",
        "launches",
        "max_abs_diff",
        "seconds",
        "covered",
        "fallbacks",
        "detail",
    ]
    with open(args.csv, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    print("\nlevel  problems  pass  fraction  (status counts)")
    for level in args.levels:
        lv = [r for r in rows if r["level"] == level]
        if not lv:
            continue
        n_pass = sum(r["status"] == "pass" for r in lv)
        counts: dict = {}
        for r in lv:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        print(f"{level:>5}  {len(lv):>8}  {n_pass:>4}  {n_pass / len(lv):>8.0%}  {counts}")
    print(f"wrote {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
