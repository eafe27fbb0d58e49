"""Compile generated starters' kernels for a GPU without one: every launch of a dry run, ahead of time.

For each problem and each configuration (the default and the family presets), the starter's launches are found
on the meta device (`autokernel.starters.launches`), then each distinct launch is compiled with ``triton.compile``
for the target (default sm_90, the H200) under the Triton found first on ``--triton-path`` (install the GPU
machine's version there: ``pip install triton==3.6.0 --target /tmp/t36``). Failures print one line each; a
compiler that rejects a kernel on the GPU machine rejects it here too, so no device time goes to finding it.
Argument types follow Triton's launch-time specialisation roughly (tensors: fp32 pointers aligned to 16 bytes;
integers equal to 1 become constants, multiples of 16 are marked so); the kernel is not run.

    python benchmarks/aot_compile.py --triton-path /tmp/t36 --problems L1/54-87 L2/1-10 --presets
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _signature(fn, launch):
    """(signature, constexprs, attrs) of ``fn`` for one recorded launch."""
    names = fn.arg_names
    options = dict(launch.options)
    sig, consts, attrs = {}, {}, {}
    positional = [n for n in names if n not in options]
    for name, arg in zip(positional, launch.args):
        i = (names.index(name),)
        if isinstance(arg, tuple) and arg and arg[0] == "tensor":
            dtype = arg[3].removeprefix("torch.")
            sig[name] = "*" + {"float32": "fp32", "float16": "fp16", "bfloat16": "bf16", "int64": "i64",
                               "int32": "i32", "bool": "i1", "int8": "i8", "float64": "fp64"}.get(dtype, "fp32")
            attrs[i] = [["tt.divisibility", 16]]
        elif isinstance(arg, bool):
            sig[name] = "i1"
        elif isinstance(arg, int):
            if arg == 1:
                sig[name], consts[i] = "constexpr", 1
            else:
                sig[name] = "i64" if abs(arg) >= 2**31 else "i32"
                if arg % 16 == 0:
                    attrs[i] = [["tt.divisibility", 16]]
        elif isinstance(arg, float):
            sig[name] = "fp32"
        else:  # None or an object: a pointer the kernel does not read under its constexprs
            sig[name] = "*fp32"
    for name, value in options.items():
        if name in names:
            sig[name], consts[(names.index(name),)] = "constexpr", value
    return sig, consts, attrs


def compile_launches(module, launches, target) -> list[str]:
    """Compile each distinct launch of ``module``; returns one line per failure."""
    import triton
    from triton.compiler import ASTSource

    failures, done = [], set()
    for launch in launches:
        key = (launch.kernel, tuple(a if not isinstance(a, tuple) else a[3] for a in launch.args), launch.options)
        if key in done:
            continue
        done.add(key)
        fn = getattr(module, launch.kernel)
        sig, consts, attrs = _signature(fn, launch)
        opts = {k: v for k, v in dict(launch.options).items() if k in ("num_warps", "num_stages")}
        try:
            triton.compile(ASTSource(fn, sig, constexprs=consts, attrs=attrs), target=target, options=opts)
        except Exception as exc:  # noqa: BLE001 - a compile failure is what this script reports
            first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ""
            failures.append(f"{launch.kernel}: {type(exc).__name__}: {first}")
    return failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="refs such as L1/54-87 L2/1")
    ap.add_argument("--presets", action="store_true", help="also every family preset of each starter")
    ap.add_argument("--triton-path", help="a folder holding the Triton to compile with (first on sys.path)")
    ap.add_argument("--arch", type=int, default=90, help="CUDA compute capability, e.g. 90 for the H100/H200")
    ap.add_argument("--sm-count", type=int, default=132, help="SMs the host code plans for (H200: 132)")
    args = ap.parse_args(argv)
    if args.triton_path:
        sys.path.insert(0, args.triton_path)
    import triton
    from triton.backends.compiler import GPUTarget

    from autokernel.starters import generate_starter
    from autokernel.starters.check import load_module
    from autokernel.starters.launches import launch_plan
    from kb.bridge import resolve_problems

    problems = resolve_problems(args.problems)
    target = GPUTarget("cuda", args.arch, 32)
    print(f"triton {triton.__version__} -> sm_{args.arch}, {len(problems)} problems", flush=True)
    bad = 0
    for p in problems:
        try:
            starter = generate_starter(p)
        except Exception as exc:  # noqa: BLE001
            print(f"{p.key}: no starter ({type(exc).__name__})", flush=True)
            continue
        configs = {"default": {}, **({f"preset {k}": v for k, v in starter.presets.items()} if args.presets else {})}
        for name, values in configs.items():
            t0 = time.time()
            src = generate_starter(p, tunables=values).source if values else starter.source
            plan = launch_plan(src, p, sm_count=args.sm_count)
            if plan is None:
                print(f"{p.key} {name}: no dry run (host code needs data)", flush=True)
                continue
            failures = compile_launches(load_module(src, keep_file=False), plan, target)
            bad += bool(failures)
            status = "FAILED " + " | ".join(failures) if failures else "ok"
            print(f"{p.key} {name}: {len(plan)} launches, {status} ({time.time() - t0:.1f} s)", flush=True)
    print(f"configurations with a compile failure: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
