"""Where a timing's spread comes from: the same kernel timed again in one process, after its parameters and
inputs are moved to new memory in that process, and in fresh processes (issue 2's repeatability target).

Each worker process builds the problem's reference and one trusted solution on the GPU (no sandbox: this is a
measurement of the timing loop, not a verdict), then times both with the harness's own loop
(`autokernel.evaluate.timing.time_calls`):
  same       R timings in a row, nothing moved;
  moved      R timings, each after the parameters and inputs are copied to new allocations (a pad tensor of
             random size is held first, so the caching allocator hands out other addresses);
  reseg      (GPU) R timings, each after `timing.Relocator` (the judge's placements option) has returned the
             allocator's cached segments to the driver, taken a pad of random size and cloned the parameters,
             and the inputs are cloned after it, so all land in newly mapped physical memory: `moved` mostly
             reuses the process's first segments, so a per-process placement effect survives it.
If `same` is tight, `moved` spreads like the between-process figure, and eager spreads too, then the spread comes
from where the data lands in memory (L2 and DRAM placement), not from the loop.

    python benchmarks/timing_spread.py --problem L1/40 --solution benchmarks/kernels/level1/40_LayerNorm.py \
        --processes 5 --repeats 3 --out spread.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kb.bench_kb import spread_pct  # noqa: E402 - the same figure as `autokernel-kb bench --repeat`


def _median_ms(fn, inputs, args, dist: list | None = None) -> float:
    """One timed loop's median; ``dist`` gets the loop's mean and 10th/90th percentiles (is it bimodal?)."""
    import numpy as np
    import torch

    from autokernel.evaluate.timing import summarize, time_calls

    with torch.no_grad():
        raw = time_calls(fn, [inputs], device=args.device, n=args.calls, warmup=3, budget_s=args.budget_s,
                         alternate_fresh=False, spin_up_s=args.spin_up_s,
                         placement_jitter_bytes=args.jitter_kib * 1024, l2_flush=args.l2_flush,
                         gpu_lead_ms=args.gpu_lead_ms)
    if dist is not None:
        x = np.asarray(raw.event_ms)
        dist.append({"mean": round(float(x.mean()), 5), "p10": round(float(np.percentile(x, 10)), 5),
                     "p90": round(float(np.percentile(x, 90)), 5), "n": int(x.size)})
    return round(summarize(raw.event_ms, raw.method).median_ms, 5)


def _move(model, inputs, rng):
    """Parameters and inputs copied to new allocations (after a pad of random size, so addresses change)."""
    import torch

    pad = torch.empty(int(rng.integers(1, 64)) * 2**20, dtype=torch.uint8, device=inputs[0].device)
    for t in [*model.parameters(), *model.buffers()]:
        t.data = t.data.clone()
    moved = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
    return moved, pad


def worker(args) -> dict:
    import importlib.util

    import numpy as np
    import torch

    from autokernel.evaluate.reference import ReferenceSession, exact_fp32
    from autokernel.evaluate.timing import Relocator
    from kb.bridge import resolve_problems

    problem = resolve_problems([args.problem], dataset=args.dataset, config=args.dataset_config)[0]
    session = ReferenceSession.build(problem, args.device, init_seed=0)
    inputs = list(session.trial(0, extra_distributions=False).inputs)
    spec = importlib.util.spec_from_file_location("solution", args.solution)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    torch.manual_seed(session.init_seed)
    model = module.ModelNew(*session.init_args).to(args.device)
    rng = np.random.default_rng()
    out = {"same_ms": [], "moved_ms": [], "eager_same_ms": [], "eager_moved_ms": [], "same_dist": []}
    with exact_fp32():  # the judge runs candidates so; eager below runs as users run it
        for _ in range(args.repeats):
            out["same_ms"].append(_median_ms(model, inputs, args, out["same_dist"]))
        pads = []
        for _ in range(args.repeats):
            moved, pad = _move(model, inputs, rng)
            pads.append(pad)
            out["moved_ms"].append(_median_ms(model, moved, args))
    del pads
    out["reseg_ms"] = []
    if args.device.startswith("cuda"):
        relocate = Relocator([model], args.device, rng)  # the judge's own mechanism (EvalConfig.placements)
        with exact_fp32():
            for _ in range(args.repeats):
                relocate()  # cached segments back to the driver, a random pad, the parameters cloned
                moved = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
                out["reseg_ms"].append(_median_ms(model, moved, args))
                del moved
    for _ in range(args.repeats):
        out["eager_same_ms"].append(_median_ms(session.model, inputs, args))
    pads = []
    for _ in range(args.repeats):
        moved, pad = _move(session.model, inputs, rng)
        pads.append(pad)
        out["eager_moved_ms"].append(_median_ms(session.model, moved, args))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--problem", required=True, help="L1/40 style, or a KernelBench-format file")
    ap.add_argument("--solution", required=True, help="a trusted ModelNew file")
    ap.add_argument("--processes", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=3, help="timings per condition in each process")
    ap.add_argument("--calls", type=int, default=100, help="timed calls per timing (median taken)")
    ap.add_argument("--budget-s", type=float, default=3.0)
    ap.add_argument("--spin-up-s", type=float, default=0.0)
    ap.add_argument("--jitter-kib", type=int, default=0, help="placement jitter of timed inputs (KiB)")
    ap.add_argument("--gpu-lead-ms", type=float, default=1.0, help="GPU busy lead before each start event (0: none)")
    ap.add_argument("--l2-flush", choices=("write", "read"), default="write", help="how L2 is emptied per call")
    ap.add_argument("--device", default="cuda", help="cuda, or cpu (Triton interpreter: a smoke test only)")
    ap.add_argument("--dataset", default=None)
    ap.add_argument("--dataset-config", default="github_main")
    ap.add_argument("--out", required=True)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args)), flush=True)
        return 0

    runs = []
    for i in range(args.processes):
        cmd = [sys.executable, __file__, *sys.argv[1:], "--worker"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            print(f"process {i} failed:\n{proc.stderr[-2000:]}", file=sys.stderr)
            return 1
        runs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(f"process {i}: {runs[-1]}")
    runs_means = [[d["mean"] for d in r["same_dist"]] for r in runs]
    summary = {"same_mean_ms": {
        "within_process_spread_pct": [spread_pct(m) for m in runs_means],
        "between_processes_spread_pct (first timing of each)": spread_pct([m[0] for m in runs_means]),
        "all_spread_pct": spread_pct([x for m in runs_means for x in m]),
    }}
    for key in ("same_ms", "moved_ms", "reseg_ms", "eager_same_ms", "eager_moved_ms"):
        if not all(r.get(key) for r in runs):
            continue
        within = [spread_pct(r[key]) for r in runs]
        summary[key] = {
            "within_process_spread_pct": within,
            "between_processes_spread_pct (first timing of each)": spread_pct([r[key][0] for r in runs]),
            "all_spread_pct": spread_pct([x for r in runs for x in r[key]]),
        }
    result = {"problem": args.problem, "solution": args.solution, "statistic": "median of timed calls",
              "calls": args.calls, "spin_up_s": args.spin_up_s,
              "jitter_kib": args.jitter_kib, "l2_flush": args.l2_flush, "gpu_lead_ms": args.gpu_lead_ms,
              "runs": runs, "summary": summary}
    Path(args.out).write_text(json.dumps(result, indent=1))
    for key, s in summary.items():
        print(f"{key:15s} {s}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
