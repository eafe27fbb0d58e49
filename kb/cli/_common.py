"""Flags several subcommands share: where problems come from and how a candidate is judged."""

from __future__ import annotations

import argparse
import re
import sys

from autokernel.evaluate.config import BASELINE_PRECISIONS, TOLERANCE_PRESETS
from autokernel.evaluate.protocol import DEFAULT_PROTOCOL, PROTOCOL_NAMES, describe


def protocol_help(default: str | None) -> str:
    """The ``--protocol`` help: each protocol and what it means, the default first."""
    names = sorted(PROTOCOL_NAMES, key=lambda n: n != default)
    text = ". ".join(f"{n}{' (default)' if n == default else ''}: {describe(n)}" for n in names)
    return text if default else f"only verdicts judged under this protocol (default: all present); {text}"


def scale_factor(text: str) -> int:
    """``--scale``: a whole number of 1 or more (0 or less would divide sizes by nothing, or flip their sign)."""
    try:
        k = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if k < 1:
        raise argparse.ArgumentTypeError(f"{k} is below 1; the scale divides the problem's sizes (1 = full size)")
    return k


def add_problem_source(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dataset", help="KernelBench dataset: Hub id or local folder (env AUTOKERNEL_KB_DATASET; "
                                     "default ScalingIntelligence/KernelBench)")
    p.add_argument("--dataset-config", help="dataset config, e.g. github_main (env AUTOKERNEL_KB_DATASET_CONFIG)")
    p.add_argument("--scale", type=scale_factor, default=None, metavar="K",
                   help="divide the problem's size constants by K (1 or more; reported as scaled). On CPU the "
                        "default is the smallest power of two whose memory and time fit this machine (a meta-device "
                        "dry run, said and recorded in each verdict); a K that does not fit is refused")


def add_eval_policy(p: argparse.ArgumentParser, *, both: bool = False) -> None:
    """The judging flags; ``both``: ``--protocol`` also takes ``both`` (its default), each protocol in turn."""
    p.add_argument("--device", default=None, help="cpu (Triton interpreter) or cuda[:N]; default: cuda if available")
    if both:
        p.add_argument("--protocol", choices=[*sorted(PROTOCOL_NAMES), "both"], default="both",
                       help="both (default): judge under each protocol, one run directory apiece; "
                            + protocol_help(DEFAULT_PROTOCOL))
    else:
        p.add_argument("--protocol", choices=sorted(PROTOCOL_NAMES), default=DEFAULT_PROTOCOL,
                       help=protocol_help(DEFAULT_PROTOCOL))
    p.add_argument("--timeout", type=float, default=None, help="seconds for the whole candidate (default 180 GPU, 120 CPU)")
    p.add_argument("--tolerance", default="kernelbench", choices=sorted(TOLERANCE_PRESETS),
                   help="kernelbench: fp32 1e-4, fp16/bf16 1e-2 (KernelBench main); legacy: 1e-2 everywhere (v0.1)")
    p.add_argument("--trials", type=int, default=5, help="correctness trials: KernelBench's seeded ones under --protocol kernelbench (ours, secret-seeded, "
                        "follow them), secret-seeded under strict (default 5)")
    p.add_argument("--perf-trials", type=int, default=None, help="timed calls (default 100 on GPU, 5 on CPU)")
    p.add_argument("--no-timing", action="store_true", help="check correctness only")
    p.add_argument("--no-compile-baseline", action="store_true", help="skip timing torch.compile of the reference")
    p.add_argument("--baseline-precision", choices=sorted(BASELINE_PRECISIONS), default=None,
                   help="--protocol strict only: how eager and torch.compile run fp32 matmuls and convolutions: "
                        "auto (the default) = PyTorch's flags where that reference passes the tolerance against "
                        "float64, TF32 off where it misses it; fp32 = TF32 off; default = PyTorch's flags. The "
                        "kernelbench protocol always runs PyTorch's default flags")
    p.add_argument("--gpu-lead-ms", type=float, default=None,
                   help="GPU: keep the GPU busy this long before each timed call, so the host's launch work overlaps "
                        "it (a call costs max(GPU time, host time)); 0 times the launch gap too (default: the "
                        "protocol's, 1 under strict, 0 under kernelbench)")
    p.add_argument("--prefetch-inputs", action=argparse.BooleanOptionalAction, default=None,
                   help="kernelbench protocol: draw KernelBench's seeded CPU inputs ahead in threads while the judge "
                        "works (the same values; a multi-GB problem spends most of its evaluation on these draws; "
                        "at most 16 GiB and half the free host memory; default: on)")
    p.add_argument("--heavy-slots", type=int, default=None, metavar="N",
                   help="GPU: slots 80%% of a device's memory is divided into for multi-GB problems, each taking "
                        "as many as its footprint needs (default 4; every run sharing a GPU must give the same)")
    p.add_argument("--paired-eager", action=argparse.BooleanOptionalAction, default=None,
                   help="time the eager reference in the candidate's process, before its code is loaded, and take "
                        "the speedup from that pair, as KernelBench times both in one process (default: the "
                        "protocol's: on under both)")
    p.add_argument("--no-confine", action="store_true",
                   help="do not apply Landlock / network namespace to the candidate (reported in the verdict)")


def add_backend(p: argparse.ArgumentParser) -> None:
    """--backend, --ray-address, --ray-workers: where candidates are judged (`autokernel.search.choice`)."""
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where candidates are judged: local (this machine's devices) or ray (one judge per GPU of "
                        'a Ray cluster; needs pip install -e ".[ray]")')
    p.add_argument("--ray-address", metavar="ADDR",
                   help="the Ray cluster for --backend ray (auto: the one 'ray start' made here; ray://HOST:10001: "
                        "a remote head); default: a Ray instance started on this machine")
    p.add_argument("--ray-workers", type=int, metavar="N",
                   help="judges on the Ray cluster (default: one per GPU x --workers-per-device, or one per CPU)")


def default_device() -> str:
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def check_device(device: str) -> str:
    """``device`` if this machine has it; a flag error before anything is loaded or written otherwise."""
    if device != "cpu" and not re.fullmatch(r"cuda(:\d+)?", device):
        raise ValueError(f"--device {device}: give cpu, cuda or cuda:N")
    if device.startswith("cuda"):
        import torch

        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0:
            raise ValueError(f"--device {device}: no CUDA GPU is visible to PyTorch on this machine; use --device cpu "
                             f"(Triton interpreter)")
        if ":" in device and int(device.split(":")[1]) >= count:
            raise ValueError(f"--device {device}: this machine shows {count} GPU(s) (cuda:0 .. cuda:{count - 1})")
    return device


def eval_config_from_args(args: argparse.Namespace):
    """The `EvalConfig` the eval-policy flags describe (`check_device` says whether this machine has its device)."""
    from autokernel.evaluate import EvalConfig

    return EvalConfig.for_device(args.device or default_device(), protocol=args.protocol, **eval_options_from_args(args))


def eval_options_from_args(args: argparse.Namespace) -> dict:
    """The `EvalConfig` fields the eval-policy flags set, beside the device and the protocol."""
    kw = {"tolerance": args.tolerance, "num_correct_trials": args.trials,
          "measure": not args.no_timing, "confine": not args.no_confine}
    if args.timeout:
        kw["timeout_s"] = args.timeout
    if args.perf_trials:
        kw["num_perf_trials"] = args.perf_trials
    if args.no_compile_baseline:
        kw["baseline_compile"] = False
    if args.baseline_precision is not None:
        if args.protocol != "strict":
            raise ValueError(f"--baseline-precision applies to --protocol strict only, not {args.protocol}; the "
                             "kernelbench protocol always runs the baselines under PyTorch's default precision flags")
        kw["baseline_precision"] = args.baseline_precision
    if args.paired_eager is not None:
        kw["paired_eager"] = args.paired_eager
    if getattr(args, "heavy_slots", None) is not None:
        if args.heavy_slots < 1:
            raise ValueError(f"--heavy-slots {args.heavy_slots}: give 1 or more")
        kw["heavy_slots"] = args.heavy_slots
    if getattr(args, "prefetch_inputs", None) is not None:
        kw["prefetch_inputs"] = args.prefetch_inputs
    if args.gpu_lead_ms is not None:
        if args.gpu_lead_ms < 0:
            raise ValueError("--gpu-lead-ms must be 0 or more")
        kw["gpu_lead_ms"] = args.gpu_lead_ms
    return kw


def resolve(args: argparse.Namespace, refs: list[str], *, scale: bool = True) -> list:
    """Problem references (``L1/19``, files, folders) as problems, scaled by ``--scale`` when given (``scale``
    False: as they are, for `fit_to_device`)."""
    from kb.bridge import resolve_problems

    problems = resolve_problems(refs, dataset=args.dataset, config=args.dataset_config)
    return [p.scaled(args.scale) for p in problems] if scale and args.scale and args.scale > 1 else problems


def add_level_and_refs(p: argparse.ArgumentParser) -> None:
    """Problem refs (positional) and ``--level N --problems IDS``: how the benchmark scripts name problems
    (`level_and_refs` reads them)."""
    p.add_argument("refs", nargs="*", help="problem refs (L1/19) or problem files")
    p.add_argument("--level", type=int, help="a KernelBench level (with --problems, or the whole level)")
    p.add_argument("--problems", help="problem ids of --level, e.g. 10,30,50")


def level_and_refs(args: argparse.Namespace) -> list:
    """The problems of ``--level N [--problems IDS]``, then of the refs (``args.refs``: ``L1/19``, files) as they
    are; the benchmark scripts that take either. A SystemExit says what to give when neither names one."""
    problems = []
    if args.level is not None:
        from kb.bridge import parse_ids, select

        problems += select(args.level, parse_ids(args.problems) if args.problems else None, dataset=args.dataset,
                           config=args.dataset_config)
    if args.refs:
        problems += resolve(args, args.refs, scale=False)
    if not problems:
        raise SystemExit("no problems: give refs (L1/19, files) or --level N [--problems 1-10]")
    return problems


def fit_to_device(problems: list, args: argparse.Namespace, config, *, parallel: int = 1,
                  echo=lambda line: print(line, file=sys.stderr, flush=True)) -> list:
    """The problems at the scale they are judged at. On a GPU: ``--scale`` or full size. On CPU: ``--scale K``
    checked against this machine (refused when its memory does not fit), or else the smallest scale that fits
    (`autokernel.evaluate.budget.fit_scale`); the choice is said and kept in each problem's notes (so in every
    verdict). ``parallel``: evaluations sharing the machine's memory."""
    if config.device != "cpu":
        return [p.scaled(args.scale) for p in problems] if args.scale and args.scale > 1 else problems
    from dataclasses import replace

    from autokernel.evaluate.budget import fit_scale

    fitted = []
    for p in problems:
        fit = fit_scale(p, timeout_s=config.timeout_s, scale=args.scale, parallel=parallel)
        q = p.scaled(fit.scale) if fit.scale > 1 else p
        if fit.note:
            echo(f"{p.key}: {fit.note}")
            q = replace(q, notes=(*q.notes, fit.note))
        fitted.append(q)
    return fitted
