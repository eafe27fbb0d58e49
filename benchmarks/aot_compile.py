"""Compile generated starters' kernels for a GPU without one: every launch of a dry run, ahead of time.

For each problem and each configuration (the default and the family presets), the starter's launches are found
on the meta device (`autokernel.starters.launches`), then each distinct launch is compiled with ``triton.compile``
for the target (default sm_90, the H200) under the Triton found first on ``--triton-path`` (install the GPU
machine's version there: ``pip install triton==3.6.0 --target /tmp/t36``). Failures print one line each; a
compiler that rejects a kernel on the GPU machine rejects it here too, so no device time goes to finding it.
Argument types follow Triton's launch-time specialisation roughly (tensors: fp32 pointers aligned to 16 bytes;
integers equal to 1 become constants, multiples of 16 are marked so); the kernel is not run.

    python benchmarks/aot_compile.py --triton-path /tmp/t36 --problems L1/54-87 L2/1-10 --presets

``--resources`` adds each launch's shared memory, registers per thread and spill bytes (the bundled ``ptxas -v``):
a kernel that spills or holds so many registers that few warps fit an SM is slow before it is timed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


_DTYPES = {"float32": "fp32", "float16": "fp16", "bfloat16": "bf16", "int64": "i64", "int32": "i32", "bool": "i1",
           "int8": "i8", "float64": "fp64"}


def _is_constexpr(fn, index: int) -> bool:
    """Whether ``fn``'s parameter ``index`` is a ``tl.constexpr`` (a stand-in without parameters: every keyword is)."""
    params = getattr(fn, "params", None)
    return True if params is None else bool(params[index].is_constexpr)


def _signature(fn, launch, module=None):
    """(signature, constexprs, attrs) of ``fn`` for one recorded launch. Keyword arguments are what the launch
    passed by name: a tensor is a pointer argument, a ``("fn", name)`` record the module's ``@triton.jit`` function
    of that name (an epilogue passed as a constexpr), anything else a constexpr."""
    names = fn.arg_names
    options = {k: v for k, v in dict(launch.options).items() if k in names}
    sig, consts, attrs = {}, {}, {}
    positional = [n for n in names if n not in options]
    given = list(zip(positional, launch.args)) + list(options.items())
    for name, arg in given:
        i = (names.index(name),)
        is_kw = name in options
        if isinstance(arg, tuple) and arg and arg[0] == "tensor":
            sig[name] = "*" + _DTYPES.get(arg[3].removeprefix("torch."), "fp32")
            attrs[i] = [["tt.divisibility", 16]]
        elif isinstance(arg, tuple) and len(arg) == 2 and arg[0] == "fn" and module is not None:
            sig[name], consts[i] = "constexpr", getattr(module, arg[1])
        elif is_kw and (_is_constexpr(fn, i[0]) or not isinstance(arg, (int, float))):
            sig[name], consts[i] = "constexpr", arg
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
    return sig, consts, attrs


def ptx_resources(ptx: str, arch: int) -> dict:
    """Registers per thread and spill bytes of one kernel's PTX, as the ptxas bundled with Triton reports them
    (``ptxas -v``; no GPU needed): {"registers", "spill_stores", "spill_loads"}, or {} where ptxas is missing."""
    import os
    import re
    import subprocess
    import tempfile

    import triton

    ptxas = Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "ptxas"
    if not ptxas.is_file():
        return {}
    suffix = "a" if arch >= 90 else ""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "k.ptx")
        Path(src).write_text(ptx)
        out = subprocess.run([str(ptxas), "-v", f"--gpu-name=sm_{arch}{suffix}", src, "-o", os.path.join(tmp, "k.o")],
                             capture_output=True, text=True)
    text = out.stdout + out.stderr
    regs = re.search(r"Used (\d+) registers", text)
    spill = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", text)
    if regs is None:
        return {}
    return {"registers": int(regs.group(1)), "spill_stores": int(spill.group(1)) if spill else 0,
            "spill_loads": int(spill.group(2)) if spill else 0}


def compile_launches(module, launches, target, resources: list | None = None) -> list[str]:
    """Compile each distinct launch of ``module``; returns one line per failure. With ``resources`` (a list), one
    line per compiled launch is appended to it: kernel, warps, stages, the launch's block constexprs, shared
    memory, registers and spills."""
    import triton
    from triton.compiler import ASTSource

    failures, done = [], set()
    for launch in launches:
        key = (launch.kernel, tuple(a if not isinstance(a, tuple) else a[3] for a in launch.args), launch.options)
        if key in done:
            continue
        done.add(key)
        fn = getattr(module, launch.kernel)
        sig, consts, attrs = _signature(fn, launch, module)
        opts = {k: v for k, v in dict(launch.options).items() if k in ("num_warps", "num_stages")}
        try:
            compiled = triton.compile(ASTSource(fn, sig, constexprs=consts, attrs=attrs), target=target, options=opts)
        except Exception as exc:  # noqa: BLE001 - a compile failure is what this script reports
            first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ""
            failures.append(f"{launch.kernel}: {type(exc).__name__}: {first}")
            continue
        if resources is not None:
            use = ptx_resources(compiled.asm.get("ptx", ""), target.arch)
            blocks = ", ".join(f"{k}={v}" for k, v in dict(launch.options).items()
                               if k.isupper() and isinstance(v, int) and not isinstance(v, bool))
            resources.append(f"  {launch.kernel} [{blocks}] warps {opts.get('num_warps', 4)} stages "
                             f"{opts.get('num_stages', 3)}: shared {compiled.metadata.shared} B, registers "
                             f"{use.get('registers', '?')}, spills {use.get('spill_stores', '?')} B stored / "
                             f"{use.get('spill_loads', '?')} B loaded")
    return failures


def _literal(item: str) -> tuple[str, object]:
    """``NAME=VALUE`` -> (NAME, the value as a Python literal, else the text itself)."""
    import ast

    name, sep, text = item.partition("=")
    if not name or not sep:
        raise SystemExit(f"--set {item}: write NAME=VALUE, e.g. CONV_ENGINE=triton")
    try:
        return name, ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return name, text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="refs such as L1/54-87 L2/1")
    ap.add_argument("--presets", action="store_true", help="also every family preset of each starter")
    ap.add_argument("--triton-path", help="a folder holding the Triton to compile with (first on sys.path)")
    ap.add_argument("--arch", type=int, default=90, help="CUDA compute capability, e.g. 90 for the H100/H200")
    ap.add_argument("--sm-count", type=int, default=132, help="SMs the host code plans for (H200: 132)")
    ap.add_argument("--resources", action="store_true",
                    help="print each compiled launch's shared memory, registers and spills (ptxas -v)")
    ap.add_argument("--set", nargs="+", default=[], metavar="NAME=VALUE",
                    help="also this configuration of each starter (tunables as Python literals)")
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
        if args.set:
            chosen = dict(_literal(item) for item in args.set)
            configs[", ".join(args.set)] = {k: v for k, v in chosen.items() if k in starter.space}
        for name, values in configs.items():
            t0 = time.time()
            src = generate_starter(p, tunables=values).source if values else starter.source
            plan = launch_plan(src, p, sm_count=args.sm_count)
            if plan is None:
                print(f"{p.key} {name}: no dry run (host code needs data)", flush=True)
                continue
            resources: list[str] | None = [] if args.resources else None
            failures = compile_launches(load_module(src, keep_file=False), plan, target, resources)
            bad += bool(failures)
            status = "FAILED " + " | ".join(failures) if failures else "ok"
            print(f"{p.key} {name}: {len(plan)} launches, {status} ({time.time() - t0:.1f} s)", flush=True)
            for line in resources or ():
                print(line, flush=True)
    print(f"configurations with a compile failure: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
