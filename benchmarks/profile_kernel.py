"""Where a kernel's time goes, beside its reference: launches per call and, on a GPU, time per kernel.

Two views of one forward call:
- a census from a dry run on the meta device (any machine, no memory, nothing computed): the Triton kernels a
  candidate launches and the other aten operations its forward runs (library calls, bookkeeping), against the
  operations of the reference. A forward that issues several times the reference's launches is host-bound
  once the kernels are short: each launch costs microseconds of Python and driver time;
- on a GPU, `torch.profiler` over a few calls of each: GPU time per kernel name, and the host time a call
  takes to return (its launch cost).

It runs the candidate in this process, outside the judge's sandbox: use it on kernels you trust, such as your
own runs' best kernels.

    python benchmarks/profile_kernel.py --problems L3/19,20 --candidates run:leaderboards/runs/h200-2026-11-29/L3
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.bench_kb import candidate_source, check_spec  # noqa: E402 - after the path set-up


def census(problem, source: str) -> dict:
    """Launches per forward call from meta-device dry runs: the candidate's Triton kernels and other aten kernel
    operations, the reference's aten kernel operations (None where a dry run fails)."""
    from autokernel.starters.launches import kernel_ops, launch_plan, reference_ops

    ops: list[str] = []
    plan = launch_plan(source, problem, ops=ops)
    ref = reference_ops(problem)
    cand_ops = Counter(kernel_ops(ops)) if plan is not None else None
    ref_ops = Counter(kernel_ops(ref[1])) if ref is not None else None
    return {
        "problem": problem.key,
        "triton_launches": None if plan is None else len(plan),
        "triton_kernels": None if plan is None else dict(Counter(launch.kernel for launch in plan).most_common()),
        "candidate_aten_ops": None if cand_ops is None else sum(cand_ops.values()),
        "candidate_aten_top": None if cand_ops is None else dict(cand_ops.most_common(8)),
        "reference_aten_ops": None if ref_ops is None else sum(ref_ops.values()),
        "reference_aten_top": None if ref_ops is None else dict(ref_ops.most_common(8)),
    }


def _load_pair(problem, source: str, device: str, seed: int = 0):
    """The reference and the candidate built under the same seed (the same weights), and the problem's inputs."""
    import torch

    from autokernel.evaluate.reference import ReferenceSession
    from autokernel.starters.check import load_module

    session = ReferenceSession.build(problem, device, init_seed=seed)
    mod = load_module(source, "ak_profiled")
    torch.manual_seed(seed)
    candidate = mod.ModelNew(*session.init_args).to(device)
    return session.model, candidate, session.make_inputs(seed + 1)


def gpu_profile(model, inputs, *, calls: int = 5, top: int = 8) -> dict:
    """GPU time per call, host time per call (until forward returns), and the kernels taking the most GPU time."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    from autokernel.evaluate.reference import exact_fp32

    with torch.no_grad(), exact_fp32():
        for _ in range(2):  # compile and autotune outside the profile
            model(*inputs)
        torch.cuda.synchronize()
        host = []
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(calls):
                t0 = time.perf_counter()
                model(*inputs)
                host.append(time.perf_counter() - t0)
                torch.cuda.synchronize()
    kernels: Counter = Counter()
    counts: Counter = Counter()
    for e in prof.key_averages():
        gpu_us = getattr(e, "device_time_total", None) or getattr(e, "cuda_time_total", 0)
        if gpu_us:
            kernels[e.key] += gpu_us / calls
            counts[e.key] += e.count / calls
    return {
        "gpu_ms_per_call": round(sum(kernels.values()) / 1000, 4),
        "host_ms_per_call": round(1000 * sorted(host)[len(host) // 2], 4),
        "kernel_launches_per_call": round(sum(counts.values()), 1),
        "top_kernels_us": {k[:60]: round(v, 1) for k, v in kernels.most_common(top)},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="e.g. L3/19,20")
    ap.add_argument("--candidates", required=True, help="as `autokernel-kb bench --candidates`: FILE.py, run:DIR, dir:DIR, starter, preset:NAME or N")
    ap.add_argument("--dataset", default=None)
    ap.add_argument("--dataset-config", default="github_main")
    ap.add_argument("--calls", type=int, default=5, help="GPU: profiled calls of each model")
    ap.add_argument("--no-gpu", action="store_true", help="the census only, even where a GPU is present")
    ap.add_argument("--out", default=None, help="append one JSON line per problem here")
    args = ap.parse_args(argv)
    check_spec(args.candidates)

    import torch

    from kb.bridge import resolve_problems

    gpu = torch.cuda.is_available() and not args.no_gpu
    out = open(args.out, "a") if args.out else None
    for p in resolve_problems(args.problems, dataset=args.dataset, config=args.dataset_config):
        found = candidate_source(args.candidates, p)
        source = found[0] if found else None
        if source is None:
            print(f"{p.key}: no candidate from {args.candidates}", flush=True)
            continue
        rec = census(p, source)
        if gpu:
            try:
                ref, cand, inputs = _load_pair(p, source, "cuda")
                rec["reference_gpu"] = gpu_profile(ref, inputs, calls=args.calls)
                rec["candidate_gpu"] = gpu_profile(cand, inputs, calls=args.calls)
            except Exception as exc:  # noqa: BLE001 - one problem's failure is reported, the rest go on
                rec["gpu_error"] = f"{type(exc).__name__}: {exc}"
            torch.cuda.empty_cache()
        print(json.dumps(rec, indent=1), flush=True)
        if out:
            out.write(json.dumps(rec) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
