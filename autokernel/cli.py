"""`autokernel-kb`: thin subcommands, each parsing flags into a config and calling one library function.

This is the composition root: the only engine module that reaches into the adapters (`kb`,
`export`), and only inside the subcommand that needs them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _add_problem_source(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dataset", help="KernelBench dataset: Hub id or local folder (env AUTOKERNEL_KB_DATASET; "
                                     "default ScalingIntelligence/KernelBench)")
    p.add_argument("--dataset-config", help="dataset config, e.g. github_main (env AUTOKERNEL_KB_DATASET_CONFIG)")
    p.add_argument("--scale", type=int, default=1,
                   help="divide the problem's size constants by this factor (CPU smoke runs; reported as scaled)")


def _add_eval_policy(p: argparse.ArgumentParser) -> None:
    from autokernel.evaluate.config import BASELINE_PRECISIONS, TOLERANCE_PRESETS

    p.add_argument("--device", default=None, help="cpu (Triton interpreter) or cuda[:N]; default: cuda if available")
    p.add_argument("--timeout", type=float, default=None, help="seconds for the whole candidate (default 180 GPU, 120 CPU)")
    p.add_argument("--tolerance", default="kernelbench", choices=sorted(TOLERANCE_PRESETS),
                   help="kernelbench: fp32 1e-4, fp16/bf16 1e-2 (KernelBench main); legacy: 1e-2 everywhere (v0.1)")
    p.add_argument("--trials", type=int, default=5, help="correctness trials with fresh secret-seeded inputs")
    p.add_argument("--perf-trials", type=int, default=None, help="timed calls (default 100 on GPU, 5 on CPU)")
    p.add_argument("--no-timing", action="store_true", help="check correctness only")
    p.add_argument("--no-compile-baseline", action="store_true", help="skip timing torch.compile of the reference")
    p.add_argument("--baseline-precision", choices=sorted(BASELINE_PRECISIONS), default="fp32",
                   help="how eager and torch.compile run fp32 matmuls and convolutions: fp32 (the default) = TF32 "
                        "off, the precision of the reference the candidate is held to; default = PyTorch's flags "
                        "(cuDNN in TF32: faster convolutions that often miss the 1e-4 check)")
    p.add_argument("--gpu-lead-ms", type=float, default=None,
                   help="GPU: keep the GPU busy this long before each timed call, so the host's launch work overlaps "
                        "it (a call costs max(GPU time, host time)); 0 times the launch gap too (default 1)")
    p.add_argument("--no-confine", action="store_true",
                   help="do not apply Landlock / network namespace to the candidate (reported in the verdict)")


def _default_device() -> str:
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def eval_config_from_args(args: argparse.Namespace):
    from autokernel.evaluate import EvalConfig

    device = args.device or _default_device()
    kw = {"tolerance": args.tolerance, "num_correct_trials": args.trials, "measure": not args.no_timing,
          "confine": not args.no_confine}
    if args.timeout:
        kw["timeout_s"] = args.timeout
    if args.perf_trials:
        kw["num_perf_trials"] = args.perf_trials
    if args.no_compile_baseline:
        kw["baseline_compile"] = False
    kw["baseline_precision"] = args.baseline_precision
    if args.gpu_lead_ms is not None:
        if args.gpu_lead_ms < 0:
            raise ValueError("--gpu-lead-ms must be 0 or more")
        kw["gpu_lead_ms"] = args.gpu_lead_ms
    return EvalConfig.for_device(device, **kw)


def _resolve(args: argparse.Namespace, refs: list[str]):
    from kb.bridge import resolve_problems

    problems = resolve_problems(refs, dataset=args.dataset, config=args.dataset_config)
    return [p.scaled(args.scale) for p in problems] if args.scale > 1 else problems


# -- eval -----------------------------------------------------------------------------------------
def cmd_eval(args: argparse.Namespace) -> int:
    from autokernel.evaluate import evaluate
    from autokernel.records import Candidate
    from autokernel.report import format_verdict

    (problem,) = _resolve(args, [args.problem])
    path = Path(args.solution)
    if not path.is_file():
        raise ValueError(f"solution file {path} does not exist")
    verdict = evaluate(problem, Candidate(source=path.read_text()), eval_config_from_args(args))
    if args.json:
        print(json.dumps(verdict.to_dict(), indent=1, default=str))
    else:
        print(format_verdict(verdict))
    return 0 if verdict.is_correct else 1


# -- starter --------------------------------------------------------------------------------------
def cmd_starter(args: argparse.Namespace) -> int:
    from autokernel.starters import generate_starter

    (problem,) = _resolve(args, [args.problem])
    st = generate_starter(problem)
    tunables = {}
    if args.preset:
        names = [n for n in st.presets if n.lower().startswith(args.preset.lower())]
        if len(names) != 1:
            have = "; ".join(repr(n) for n in st.presets) or "none for this problem"
            raise ValueError(f"--preset {args.preset!r} matches {len(names)} presets; presets: {have}")
        tunables.update(st.presets[names[0]])
    tunables.update(_tunable_settings(args.set or []))
    if tunables:
        st = generate_starter(problem, tunables=tunables)  # unknown names or values: ValueError, listing the choices
    summary = f"covered: {', '.join(st.covered) or 'nothing'}; library fallbacks: {', '.join(st.fallbacks) or 'none'}"
    choices = f"tunables: {', '.join(st.space) or 'none'}; presets: {'; '.join(st.presets) or 'none'}"
    if args.output:
        Path(args.output).write_text(st.source)
        print(f"wrote {args.output} ({summary})\n{choices}")
    else:
        print(st.source)
        print(f"# {summary}\n# {choices}", file=sys.stderr)
    return 0


def _tunable_settings(items: list[str]) -> dict:
    """``NAME=VALUE`` strings as tunable values (Python literals; anything else is kept as a string)."""
    from autokernel.propose.prior import literal_or_text

    out = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--set {item!r}: write NAME=VALUE, e.g. --set MM_PRECISION=tf32x3s")
        out[name.strip()] = literal_or_text(raw.strip())
    return out


# -- list -----------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    from kb.bridge import load_level

    for p in load_level(args.level, dataset=args.dataset, config=args.dataset_config):
        print(f"{p.key:8s} {p.name}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="autokernel-kb", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("eval", help="judge one solution (ModelNew) against one problem")
    p.add_argument("problem", help="L1/19 style reference or a KernelBench-format .py file")
    p.add_argument("solution", help="a .py file defining ModelNew (Triton or CUDA C++ via load_inline)")
    p.add_argument("--json", action="store_true", help="print one JSON object (the Verdict)")
    _add_problem_source(p)
    _add_eval_policy(p)
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser("starter", help="write the generated Triton starter (ModelNew) for one problem")
    p.add_argument("problem", help="L1/19 style reference or a KernelBench-format .py file")
    p.add_argument("-o", "--output", help="write to this file instead of stdout")
    p.add_argument("--preset", help="start from a named preset (a unique prefix is enough), e.g. '3xTF32'")
    p.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="set a tunable (repeatable), e.g. --set MM_PRECISION=tf32x3s --set MM_BLOCK_M=128")
    _add_problem_source(p)
    p.set_defaults(func=cmd_starter)

    p = sub.add_parser("list", help="list the problems of a KernelBench level")
    p.add_argument("--level", type=int, required=True)
    _add_problem_source(p)
    p.set_defaults(func=cmd_list)

    for name, module, help_text in _ADAPTER_COMMANDS:
        p = sub.add_parser(name, help=help_text)
        mod = __import__(module, fromlist=["_"])
        getattr(mod, f"add_{name}_arguments")(p)
        p.set_defaults(func=_lazy(module, f"cli_{name}"))
    for register in _optional_commands():
        register(sub)
    return parser


# (subcommand, module defining add_<name>_arguments and cli_<name>, help)
_ADAPTER_COMMANDS = [
    ("calibrate", "autokernel.hardware.calibrate", "measure this GPU's copy bandwidth and matmul rates (cached)"),
    ("score", "kb.scorer", "KernelBench fast_p and geomean speedups for a results table or folder"),
    ("leaderboard", "kb.leaderboard", "write Markdown/CSV/JSON/PNG leaderboards from results"),
    ("export", "export.export_hf", "package validated kernels as a Hub kernel repository (kernels.get_kernel)"),
]


def _lazy(module: str, func: str):
    def call(args):
        return getattr(__import__(module, fromlist=["_"]), func)(args)

    return call


def _optional_commands():
    """Subcommands defined next to the code they drive (each module exposes ``register(subparsers)``)."""
    import importlib

    for name in ("autokernel.cli_run", "autokernel.cli_more"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        yield module.register


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from autokernel.evaluate.judge import EvaluationError
    from autokernel.problem import ProblemError

    try:
        return int(args.func(args) or 0)
    except (ProblemError, EvaluationError, ValueError) as exc:
        print(f"autokernel-kb {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted; results recorded so far are kept", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
