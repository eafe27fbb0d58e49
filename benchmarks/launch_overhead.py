"""Host time per launch: where a forward call's Python and launch time goes (GPU only).

Level 3's CNN starters spend about the reference's GPU time per call, yet return several times later on the host
(benchmarks/profile_kernel.py on an H200, 2026-11-30). This measures, without the profiler's own overhead:
- a Triton launch through the JIT dispatcher (few and many arguments), a launch of the compiled kernel
  directly, and one aten op, each as host microseconds per launch (many launches, no sync between them);
- for each problem, the host time of one forward call of the reference and of the starter, and a cProfile of
  the starter's forward (the Python functions that take the host time).

    python benchmarks/launch_overhead.py --problems L3/19,9 --out results.json
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _per_launch_us(fn, n: int = 2000) -> float:
    """Median over 5 batches of host microseconds per call of `fn` (n calls each, synchronised between batches)."""
    import torch

    for _ in range(20):
        fn()
    torch.cuda.synchronize()
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - t0) / n * 1e6)
        torch.cuda.synchronize()
    return round(sorted(runs)[2], 2)


def synthetic() -> dict:
    """Host µs per launch: a Triton kernel of 3 and of 16 arguments through the dispatcher, the compiled kernel
    called directly, and torch.relu_ on the same 1024 floats."""
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def few(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0, mask=offs < n)

    @triton.jit
    def many(x_ptr, a_ptr, b_ptr, c_ptr, d_ptr, n, c1, c2, c3, c4, c5, f1, f2,
             A: tl.constexpr, B: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + f1, mask=offs < n)

    x = torch.zeros(1024, device="cuda")
    ck = few[(1,)](x, 1024, BLOCK=1024)
    direct = ck[(1, 1, 1)]
    return {
        "triton_3_args_us": _per_launch_us(lambda: few[(1,)](x, 1024, BLOCK=1024)),
        "triton_16_args_us": _per_launch_us(lambda: many[(1,)](x, x, x, x, x, 1024, 1, 2, 3, 4, 5, 1.0, 2.0,
                                                             A=True, B=False, BLOCK=1024, num_warps=4)),
        "triton_compiled_direct_us": _per_launch_us(lambda: direct(x, 1024, 1024)),
        "torch_relu_us": _per_launch_us(lambda: x.relu_()),
        "torch_empty_us": _per_launch_us(lambda: torch.empty((4, 64), device="cuda")),
    }


def _host_ms(model, inputs, calls: int = 30) -> float:
    """Median host milliseconds until forward returns (a sync after each call, outside the interval)."""
    import torch

    times = []
    for _ in range(calls):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        model(*inputs)
        times.append((time.perf_counter() - t0) * 1e3)
    torch.cuda.synchronize()
    return round(sorted(times)[len(times) // 2], 3)


def problem_overhead(problem, source: str, *, calls: int, top: int) -> dict:
    import torch
    from profile_kernel import _load_pair

    from autokernel.evaluate.reference import exact_fp32

    ref, cand, inputs = _load_pair(problem, source, "cuda")
    with torch.no_grad(), exact_fp32():
        for m in (ref, cand):
            for _ in range(3):
                m(*inputs)
        out = {"problem": problem.key, "reference_host_ms": _host_ms(ref, inputs, calls),
               "candidate_host_ms": _host_ms(cand, inputs, calls)}
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(10):
            cand(*inputs)
        prof.disable()
        torch.cuda.synchronize()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
    out["cprofile_tottime_10_calls"] = buf.getvalue()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="*", default=[], help="e.g. L3/19,9")
    ap.add_argument("--candidates", default="starter", help="as `autokernel-kb bench --candidates` (default: starter)")
    ap.add_argument("--calls", type=int, default=30)
    ap.add_argument("--top", type=int, default=30, help="cProfile rows")
    ap.add_argument("--out", default=None, help="write the results here as JSON lines")
    args = ap.parse_args(argv)

    import torch

    if not torch.cuda.is_available():
        print("launch_overhead needs a CUDA GPU", file=sys.stderr)
        return 2
    from kb.bench_kb import candidate_source
    from kb.bridge import resolve_problems

    rows = [{"synthetic": synthetic()}]
    print(json.dumps(rows[0]), flush=True)
    for problem in resolve_problems(args.problems) if args.problems else []:
        found = candidate_source(args.candidates, problem)
        source = found[0] if found else None
        if source is None:
            print(f"{problem.key}: no candidate from {args.candidates}", flush=True)
            continue
        try:
            row = problem_overhead(problem, source, calls=args.calls, top=args.top)
        except Exception as exc:  # noqa: BLE001 - one problem's failure must not lose the others
            row = {"problem": problem.key, "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps({k: v for k, v in row.items() if k != "cprofile_tottime_10_calls"}), flush=True)
        print(row.get("cprofile_tottime_10_calls", ""), flush=True)
        rows.append(row)
        torch.cuda.empty_cache()
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
