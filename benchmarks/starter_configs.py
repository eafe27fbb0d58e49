"""Generated starters under several kernel configurations, on the GPU: latency and accuracy.

For each problem, in a process of its own: eager PyTorch (default flags, as the judge times its baseline), then
the generated starter under each configuration: the median latency (``triton.testing.do_bench``, L2 flushed between
calls) and the worst ``|out - ref| / (atol + rtol * |ref|)`` against the fp32 reference with TF32 off (at most 1
passes atol = rtol = 1e-4). The configurations are the default, the family presets and tile variants of the
tensor-core paths, or with ``--grid`` every combination of the listed tunable values (each problem takes the
tunables its starter has). This is a screen for the tuner's presets and the starters' defaults, not a verdict: the
judge's protocol (trials, secret inputs, hack checks) is not run here.

    python benchmarks/starter_configs.py --problems L1/1 L1/2 L2/12 --gpus 0 1 --out results.jsonl
    python benchmarks/starter_configs.py --problems L1/47 L1/48 --grid RED_BLOCK_INNER=64,128 RED_NUM_WARPS=4,8
    python benchmarks/starter_configs.py --problems L3/35 --grid RNN_PRECISION=fma RNN_NUM_WARPS=8,16 + RNN_PRECISION=ieee
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import time

_MM_TILES = [  # (BLOCK_M, BLOCK_N, BLOCK_K, warps, stages)
    (128, 128, 32, 8, 3), (128, 256, 32, 8, 2), (128, 64, 32, 4, 4), (64, 128, 32, 4, 4), (128, 128, 16, 8, 4),
    (256, 128, 32, 8, 2), (128, 128, 64, 8, 2),
]
_CONV_TILES = [(128, 64, 32, 8, 3), (128, 128, 32, 8, 2), (64, 64, 32, 4, 3), (128, 32, 32, 4, 3), (64, 128, 32, 4, 3)]


def parse_grid(items: list[str]) -> list[dict[str, list]]:
    """["NAME=v1,v2", ..., "+", "NAME=v3", ...] -> [{NAME: [v1, v2], ...}, {NAME: [v3]}, ...]: grids separated by
    "+" (values as Python literals where they parse, else text); empty when ``items`` is."""
    from autokernel.propose.prior import literal_or_text

    grids: list[dict[str, list]] = [{}]
    for item in items:
        if item == "+":
            grids.append({})
            continue
        name, sep, values = item.partition("=")
        if not sep or not values:
            raise ValueError(f"--grid takes NAME=v1,v2,... (grids separated by +), got {item!r}")
        grids[-1][name.strip()] = [literal_or_text(v.strip()) for v in values.split(",")]
    return [g for g in grids if g]


def configs(starter, grid: list[dict[str, list]] | None = None) -> dict[str, dict]:
    """name -> tunable overrides: the default, then either every combination of each grid's values (several grids:
    the union of their combinations) for the tunables this starter has, or the presets and tile variants of both
    tensor-core paths."""
    if grid:
        out = {"default": {}}
        for g in grid:
            names = [n for n in g if n in starter.space]
            for values in itertools.product(*(g[n] for n in names)):
                over = {n: v for n, v in zip(names, values) if v in starter.space[n]}
                out[" ".join(f"{n}={v}" for n, v in over.items()) or "default"] = over
        return _unique(starter, out)
    out = {"default": {}}
    out.update({f"preset: {k}": v for k, v in starter.presets.items()})
    t = starter.tunables
    for fam, tiles in (("MM", _MM_TILES), ("CONV", _CONV_TILES)):
        if f"{fam}_PRECISION" not in t:
            continue
        engine = {f"{fam}_ENGINE": "triton"} if f"{fam}_ENGINE" in t else {}
        if engine:
            out[f"{fam} triton, default tiles"] = dict(engine)
        for prec in ("tf32x3s", "tf32x3"):
            for bm, bn, bk, w, s in tiles if prec == "tf32x3s" else tiles[:2]:
                out[f"{fam} {prec} {bm}x{bn}x{bk} w{w} s{s}"] = {
                    **engine, f"{fam}_PRECISION": prec, f"{fam}_BLOCK_M": bm, f"{fam}_BLOCK_N": bn,
                    f"{fam}_BLOCK_K": bk, f"{fam}_NUM_WARPS": w, f"{fam}_NUM_STAGES": s}
    if "CONV_ALGO" in t:  # the tap-by-tap kernel over channels-last input
        engine = {"CONV_ENGINE": "triton"} if "CONV_ENGINE" in t else {}
        for bm, bn, bk, w, s in _CONV_TILES[:3]:
            out[f"CONV taps tf32x3s {bm}x{bn}x{bk} w{w} s{s}"] = {
                **engine, "CONV_ALGO": "taps", "CONV_PRECISION": "tf32x3s", "CONV_BLOCK_M": bm, "CONV_BLOCK_N": bn,
                "CONV_BLOCK_K": bk, "CONV_NUM_WARPS": w, "CONV_NUM_STAGES": s}
    return _unique(starter, out)


def _unique(starter, out: dict[str, dict]) -> dict[str, dict]:
    """The configurations, each set of values once (a variant equal to a preset keeps the preset's name)."""
    seen, unique = set(), {}
    for name, over in out.items():
        key = json.dumps({**starter.tunables, **over}, sort_keys=True)
        if key not in seen:
            seen.add(key)
            unique[name] = over
    return unique


def _bench(fn) -> float:
    import triton

    return float(triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median"))


def one(ref: str, grid: list[dict[str, list]] | None = None) -> list[dict]:
    """All configurations of one problem (this process owns the GPU it sees)."""
    import torch

    from autokernel.starters import generate_starter
    from autokernel.starters.check import load_module
    from kb.bridge import resolve_problems

    (problem,) = resolve_problems([ref])
    ns: dict = {}
    exec(problem.source, ns)
    torch.manual_seed(0)
    inputs = [x.cuda() if isinstance(x, torch.Tensor) else x for x in ns["get_inputs"]()]
    init = ns["get_init_inputs"]()
    torch.manual_seed(1)
    model = ns["Model"](*init).cuda().eval()
    rows = []
    with torch.no_grad():
        eager_ms = _bench(lambda: model(*inputs))  # PyTorch's default flags (cuDNN may use TF32)
        torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
        expected = model(*inputs).float()
        fp32_ms = _bench(lambda: model(*inputs))
        base = dict(problem=ref, name=problem.name, eager_ms=round(eager_ms, 4), eager_fp32_ms=round(fp32_ms, 4))
        starter = generate_starter(problem)
        for name, over in configs(starter, grid).items():
            row = dict(base, config=name)
            t0 = time.perf_counter()
            try:
                mod = load_module(generate_starter(problem, tunables=over).source)
                torch.manual_seed(1)
                new = mod.ModelNew(*init).cuda().eval()
                out = new(*inputs).float()
                torch.cuda.synchronize()
                err = ((out - expected).abs() / (1e-4 + 1e-4 * expected.abs())).max().item()
                row.update(ratio=round(err, 4), ms=round(_bench(lambda m=new: m(*inputs)), 4))
                row["speedup_eager"] = round(eager_ms / row["ms"], 3)
            except Exception as exc:  # out of shared memory, a compile error: recorded, the next config runs
                row["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
                if "illegal" in row["error"].lower():  # the context is gone: nothing else can run here
                    rows.append(row)
                    break
            row["s"] = round(time.perf_counter() - t0, 1)
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", default=[], help="problem refs, e.g. L1/1 L2/12")
    ap.add_argument("--gpus", nargs="+", default=["0"], help="one worker process at a time per GPU")
    ap.add_argument("--grid", nargs="+", default=[], metavar="NAME=V1,V2",
                    help="measure every combination of these tunable values instead of the tensor-core variants "
                         "(several grids, separated by +: the union of their combinations)")
    ap.add_argument("--out", default="starter_configs.jsonl")
    ap.add_argument("--timeout-s", type=int, default=240, help="per problem")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        grid = parse_grid(args.grid)
    except ValueError as exc:
        ap.error(str(exc))
    if args.one:
        one(args.one, grid)
        return 0
    if not args.problems:
        ap.error("give --problems")
    todo: queue.Queue = queue.Queue()
    for p in args.problems:
        todo.put(p)
    lock = threading.Lock()

    def worker(gpu: str) -> None:
        while True:
            try:
                ref = todo.get_nowait()
            except queue.Empty:
                return
            env = dict(os.environ, CUDA_VISIBLE_DEVICES=gpu)
            try:
                cmd = [sys.executable, __file__, "--one", ref] + (["--grid", *args.grid] if args.grid else [])
                res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.timeout_s)
                lines, tail = res.stdout.splitlines(), res.stderr[-600:]
            except subprocess.TimeoutExpired as exc:
                out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
                lines, tail = out.splitlines(), f"timed out after {args.timeout_s} s"
            rows = [json.loads(x) for x in lines if x.startswith("{")]
            if not rows or len(rows) < 2:
                rows.append({"problem": ref, "error": tail})
            with lock, open(args.out, "a") as fh:
                for r in rows:
                    fh.write(json.dumps(r) + "\n")
                print(f"{ref} gpu{gpu}: {len(rows)} rows", flush=True)
    threads = [threading.Thread(target=worker, args=(g,)) for g in args.gpus]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(summary(args.out, args.problems))
    return 0


def summary(path: str, problems: list[str]) -> str:
    """Per problem: eager, the default configuration and the fastest one that stays within tolerance."""
    import pandas as pd

    rows = [json.loads(line) for line in open(path)]
    df = pd.DataFrame([r for r in rows if r.get("problem") in problems and r.get("ms") is not None])
    if df.empty:
        return "no configuration ran"
    out = []
    for prob, g in df.groupby("problem", sort=False):
        ok = g[g["ratio"] <= 1.0]
        best = ok.loc[ok["ms"].idxmin()] if not ok.empty else None
        default = g[g["config"] == "default"]["ms"]
        out.append({"problem": prob, "eager_ms": g["eager_ms"].iloc[0],
                    "default_ms": default.iloc[0] if not default.empty else None,
                    "best_ms": None if best is None else best["ms"],
                    "speedup_eager": None if best is None else round(g["eager_ms"].iloc[0] / best["ms"], 3),
                    "best_config": "" if best is None else best["config"]})
    return pd.DataFrame(out).to_string(index=False)


if __name__ == "__main__":
    sys.exit(main())
