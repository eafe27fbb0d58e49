"""`autokernel-kb profile` and `autokernel-kb verify`: a whole model's operations ranked by what a kernel could
buy (extracting the top ones as problems), and validated kernels swapped back in and checked end to end."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from kb.cli._common import add_problem_source, default_device


def _add_model(p: argparse.ArgumentParser) -> None:
    p.add_argument("model", help="L3/44 style reference, a KernelBench-format .py file, or hf:ARCH (a transformers "
                                 "model type such as hf:gpt2 or hf:llama, built from its config with random weights)")
    p.add_argument("--device", default=None, help="cpu or cuda[:N]; default: cuda if available")
    p.add_argument("--layers", type=int, default=2, help="hf: models: decoder layers (default 2)")
    p.add_argument("--hf-set", action="append", metavar="FIELD=VALUE", default=[],
                   help="hf: models: a config field, e.g. --hf-set hidden_size=64 (repeatable)")
    p.add_argument("--batch", type=int, default=1, help="hf: models: sequences per forward (default 1)")
    p.add_argument("--seq-len", type=int, default=128, help="hf: models: tokens per sequence (default 128)")
    p.add_argument("--dtype", default="float32", choices=["float32", "float16", "bfloat16"],
                   help="hf: models: weight dtype (default float32)")
    p.add_argument("--repeats", type=int, default=None, help="profiled / timed forwards (default 5 profile, 20 verify)")
    add_problem_source(p)


def register(sub) -> None:
    p = sub.add_parser("profile", help="profile a whole model: per-operation time, floor and Amdahl bound; "
                                       "--extract writes the top operations as problems")
    _add_model(p)
    p.add_argument("--top", type=int, default=5, help="operations to list in full and to extract (default 5)")
    p.add_argument("--extract", metavar="DIR", help="write the top operations as KernelBench-format problem files")
    p.add_argument("--out", metavar="DIR", help="where profile.csv and profile.png go (default ./profile-<model>)")
    p.add_argument("--floor-gpu", help="floors against this GPU's ceilings (e.g. 'NVIDIA H200'); default: the "
                                       "device's GPU, none on the CPU")
    p.set_defaults(func=cmd_profile)

    p = sub.add_parser("verify", help="swap validated kernels into the whole model, check it end to end against "
                                      "the original, time it against eager and torch.compile")
    _add_model(p)
    p.add_argument("--kernels", required=True, metavar="RUN_DIR|EXPORT_DIR|HUB_REPO",
                   help="a run directory, an exported kernel repository folder, or a Hub kernel repository id")
    p.add_argument("--kernel-version", type=int, default=1, help="HUB_REPO: the version branch (default 1)")
    p.add_argument("--trials", type=int, default=5, help="KernelBench's seeded trials on the model (default 5)")
    p.add_argument("--no-compile", action="store_true", help="do not time torch.compile of the model")
    p.add_argument("--tolerance", default="kernelbench", help="the judge's tolerance preset (default kernelbench)")
    p.add_argument("--min-speedup", type=float, default=None, metavar="X",
                   help="swap in only kernels faster than X times eager on their own problem (default 1 on a GPU; "
                        "0, every validated kernel, on the CPU, whose interpreter times say nothing about a GPU)")
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    p.set_defaults(func=cmd_verify)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "model"


def model_source(args: argparse.Namespace):
    """The `ModelSource` the MODEL argument and its flags describe."""
    from autokernel.profile.source import HFSpec, hf_source, parse_hf, problem_source
    from kb.cli._common import resolve
    from kb.cli.starter import tunable_settings

    arch = parse_hf(args.model)
    if arch is not None:
        overrides = tunable_settings(args.hf_set)
        return hf_source(HFSpec(arch=arch, layers=args.layers, overrides=overrides, batch=args.batch,
                                seq_len=args.seq_len, dtype=args.dtype))
    problems = resolve(args, [args.model])
    if len(problems) != 1:
        raise ValueError(f"{args.model!r} names {len(problems)} problems; profile one model at a time")
    return problem_source(problems[0])


def _progress(msg: str) -> None:
    print(f"[profile] {msg}", file=sys.stderr, flush=True)


def cmd_profile(args: argparse.Namespace) -> int:
    from autokernel.profile.extract import extract
    from autokernel.profile.profile import ProfileConfig, format_table, profile_model, write_chart, write_csv

    device = args.device or default_device()
    source = model_source(args)
    config = ProfileConfig(device=device, floor_gpu=args.floor_gpu, **({"repeats": args.repeats} if args.repeats else {}))
    prof = profile_model(source, config, progress=_progress)
    print(format_table(prof, top=max(args.top, 15)))
    name = Path(args.model).stem if args.model.endswith(".py") else args.model
    out = Path(args.out or f"profile-{_slug(name)}")
    out.mkdir(parents=True, exist_ok=True)
    write_csv(prof, out / "profile.csv")
    charted = write_chart(prof, out / "profile.png", top=max(args.top, 10))
    print(f"wrote {out / 'profile.csv'}" + (f" and {out / 'profile.png'}" if charted else " (no chart: no operation took time)"))
    if args.extract:
        written, skipped = extract(prof, args.extract, top=args.top)
        for e in written:
            amd = f", Amdahl bound {e.amdahl:.3f}x" if e.amdahl is not None else ""
            print(f"extracted {e.path}: {' -> '.join(e.ops)} ({e.share_pct:.1f}% of the forward{amd}; "
                  f"from {', '.join(e.origins[:3])}{' ...' if len(e.origins) > 3 else ''})")
        for s in skipped:
            print(f"not extracted: {s}")
        print(f"next: autokernel-kb run {args.extract} --device {device}, then "
              f"autokernel-kb verify {args.model} --kernels RUN_DIR")
    return 0


def _hub_kernels(repo: str, version: int) -> Path:
    """A Hub kernel repository's provenance (branch main) and build (branch v<version>) in one local folder."""
    import tempfile

    from huggingface_hub import snapshot_download

    root = Path(tempfile.mkdtemp(prefix="autokernel-verify-"))
    snapshot_download(repo, repo_type="kernel", revision="main", local_dir=root, allow_patterns=["provenance/**"])
    snapshot_download(repo, repo_type="kernel", revision=f"v{version}", local_dir=root, allow_patterns=["build/**"])
    return root


def cmd_verify(args: argparse.Namespace) -> int:
    device = args.device or default_device()
    if device == "cpu" and "triton" not in sys.modules:
        os.environ.setdefault("TRITON_INTERPRET", "1")  # Triton kernels run in the interpreter on the CPU
    from autokernel.profile.verify import VerifyConfig, format_report, load_kernels, verify_model

    folder = Path(args.kernels)
    if not folder.exists() and re.fullmatch(r"[\w.-]+/[\w.-]+", args.kernels):
        folder = _hub_kernels(args.kernels, args.kernel_version)
    kernels, notes = load_kernels(folder)
    for n in notes:
        print(f"[verify] {n}", file=sys.stderr)
    if not kernels:
        raise ValueError(f"{args.kernels}: no validated kernels to verify")
    source = model_source(args)
    config = VerifyConfig(device=device, tolerance=args.tolerance, trials=args.trials, compile=not args.no_compile,
                          min_speedup=args.min_speedup,
                          **({"repeats": args.repeats} if args.repeats else {}))
    report = verify_model(source, kernels, config, progress=lambda m: print(f"[verify] {m}", file=sys.stderr,
                                                                             flush=True))
    print(format_report(report))
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=1, default=str) + "\n")
    failed = [k for k in report.kernels if k.status == "failed"]
    return 1 if failed else 0
