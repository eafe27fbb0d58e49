"""Coverage of the starter generator over KernelBench levels 1-2, on CPU (Triton interpreter).

Each problem is scaled down (``Problem.scaled``) until its inputs and parameters are tiny, a starter
is generated, and the starter is run next to the reference (same seed, two input draws, atol=rtol=1e-4).
Prints a per-level table and writes one CSV row per problem.

    TRITON_INTERPRET=1 python benchmarks/starter_coverage.py --levels 1 2 --csv starter_coverage.csv
"""

from __future__ import annotations

import argparse
import csv
import os
import re
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


def scale_source(source: str, k: int, min_size: int = 4, keep: str = "") -> str:
    """Divide every module-level size constant by ``k`` (kept >= ``min_size``; smaller ones untouched).

    Batch sizes go straight to 2. Names matching the regex ``keep`` are left alone.
    Wider than ``Problem.scaled``: also folds int expressions (``N = 2048 * 2``), chained and tuple
    targets (``height = width = 128``, ``d, h, w = 16, 32, 32``) and size tuples (``shape = (4096,)``),
    so sizes that must stay equal are divided alike.
    """
    import ast

    from autokernel.problem import _is_size_name

    def fold(node):
        try:
            v = eval(compile(ast.Expression(node), "<size>", "eval"), {"__builtins__": {}})
        except Exception:
            return None
        return v if type(v) is int else None

    def shrink(v: int) -> int:
        return v if v <= min_size else max(min_size, v // k)

    tree = ast.parse(source)
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            names = [target] if isinstance(target, ast.Name) else list(getattr(target, "elts", []))
            values = [node.value] if isinstance(target, ast.Name) else list(getattr(node.value, "elts", []))
            if len(names) != len(values) or not all(isinstance(n, ast.Name) for n in names):
                continue
            for i, (name, value) in enumerate(zip(names, values)):
                if not _is_size_name(name.id) or (keep and re.search(keep, name.id, re.IGNORECASE)):
                    continue
                if (v := fold(value)) is not None:
                    # the batch never constrains other sizes: take it down to 2 at once
                    new = ast.Constant(min(v, 2) if "batch" in name.id.lower() else shrink(v))
                elif isinstance(value, ast.Tuple) and all(fold(e) is not None for e in value.elts):
                    new = ast.Tuple([ast.Constant(shrink(fold(e))) for e in value.elts], ast.Load())
                else:
                    continue
                if isinstance(target, ast.Name):
                    node.value = new
                else:
                    node.value.elts[i] = new
        # chained targets share one value: split so each name keeps its own
    return ast.unparse(tree)


def work_elements(problem) -> int | None:
    """Sum of the sizes of all values the reference computes (traced on meta); None if it fails."""
    import torch

    from autokernel.starters._trace import TraceError, trace_problem

    try:
        traced = trace_problem(problem.source)
    except (TraceError, Exception):
        return None
    total = sum(p.numel() for p in traced.model.parameters())
    for n in traced.gm.graph.nodes:
        v = n.meta.get("ak_val")
        if isinstance(v, torch.Tensor):
            total += v.numel()
    return total


def tiny_scale(problem, max_elements: int):
    """The least scale (power of two) whose traced work is at most ``max_elements`` values."""
    from dataclasses import replace

    # channel counts can be tied to unscaled group counts: if scaling them breaks the model, keep them
    for keep in ("", "channel|feature|hidden|embed"):
        chosen = None
        for k in (2**i for i in range(1, 17)):
            p = replace(
                problem,
                source=scale_source(problem.source, k, keep=keep),
                scale=k,
                notes=(
                    *problem.notes,
                    f"sizes divided by {k} (min 4{', kept ' + keep if keep else ''}) for CPU",
                ),
            )
            work = work_elements(p)
            if work is None:
                continue
            chosen = p
            if work <= max_elements:
                return p
        if chosen is not None:
            return chosen
    return problem


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def run_one(problem, timeout_s: int) -> dict:
    from autokernel.starters import generate_starter
    from autokernel.starters.check import check_starter

    row = {"problem": problem.key, "name": problem.name, "scale": problem.scale}
    t0 = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout_s)
    try:
        base = generate_starter(problem)
        overrides = {k: v for k, v in CPU_TUNABLES.items() if k in base.tunables}
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
    args = ap.parse_args(argv)

    import datasets

    from autokernel.problem import Problem

    ds = datasets.load_dataset(args.dataset, args.config)
    rows = []
    for level in args.levels:
        for r in sorted(ds[f"level_{level}"], key=lambda r: r["problem_id"]):
            if args.ids and r["problem_id"] not in args.ids:
                continue
            p = Problem.from_source(
                r["code"],
                name=r["name"],
                level=level,
                problem_id=r["problem_id"],
                origin=f"kernelbench:{args.dataset}@{args.config}",
            )
            row = run_one(tiny_scale(p, args.max_elements), args.timeout_s)
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
