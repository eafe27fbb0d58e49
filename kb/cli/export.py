"""`autokernel-kb export`: validated kernels as a Hugging Face Hub kernel repository."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from autokernel.evaluate.protocol import DEFAULT_PROTOCOL, PROTOCOL_NAMES
from kb.cli._common import protocol_help


def register(sub) -> None:
    from export.entries import GPU_BACKENDS

    p = sub.add_parser("export", help="package validated kernels as a Hub kernel repository (kernels.get_kernel)")
    p.add_argument("run_dir", nargs="?", type=Path, help="run directory (<run>/problems/<slug>/best.py ...)")
    p.add_argument("--solution", type=Path, help="a single solution file defining ModelNew (instead of a run)")
    p.add_argument("--problem", type=Path, help="the solution's problem file (Model, get_inputs, get_init_inputs)")
    p.add_argument("--verdict", type=Path, help="the solution's verdict JSON")
    p.add_argument("--name", help="name of a single kernel, e.g. 19_ReLU (gives the function relu)")
    p.add_argument("--repo", required=True, help="Hub repository id, org/name")
    p.add_argument("--out", type=Path, help="output folder (default: export-<name>)")
    p.add_argument("--version", type=int, default=1, help="kernel version: branch v<N> (default 1)")
    p.add_argument("--backend", choices=GPU_BACKENDS,
                   help="variant to emit; default: the backend each verdict was measured on")
    p.add_argument("--license", default="mit", help="license in metadata.json and the card (default mit)")
    p.add_argument("--dataset", default="", help="dataset the problems came from, for the card")
    p.add_argument("--commit", default="", help="autokernel-kb commit of the run (default: git HEAD)")
    p.add_argument("--upload", action="store_true", help="upload to the Hub after writing the folder")
    p.add_argument("--dry-run", action="store_true", help="write the folder and print what would be uploaded")
    p.add_argument("--create-pr", action="store_true", help="open pull requests instead of pushing")
    p.add_argument("--private", action="store_true", help="create the repository as private")
    p.add_argument("--endpoint", help="Hub URL (default: HF_ENDPOINT or https://huggingface.co)")
    p.add_argument("--no-import-check", action="store_true", help="skip importing the variants (no triton here)")
    p.add_argument("--protocol", choices=sorted(PROTOCOL_NAMES), default=DEFAULT_PROTOCOL,
                   help="export only kernels whose verdict was judged under this protocol (the card states it); "
                        + protocol_help(DEFAULT_PROTOCOL))
    p.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    """Prints a summary, returns the exit status."""
    from export.export_hf import ExportConfig, export_kernels
    from export.source import ExportError

    out = args.out or Path(f"export-{args.repo.split('/')[-1]}")
    config = ExportConfig(
        repo_id=args.repo, out_dir=out, run_dir=args.run_dir, solution=args.solution, problem=args.problem,
        verdict=args.verdict, name=args.name, backend=args.backend, version=args.version, license=args.license,
        dataset=args.dataset, commit=args.commit, import_check=not args.no_import_check, upload=args.upload,
        dry_run=args.dry_run, create_pr=args.create_pr, private=args.private, endpoint=args.endpoint,
        protocol=args.protocol,
    )  # fmt: skip
    try:
        result = export_kernels(config)
    except ExportError as exc:
        print(f"export failed: {exc}", file=sys.stderr)
        return 2
    print(result.summary())
    if not config.upload and not config.dry_run:
        print(
            f"not uploaded; add --upload (or --dry-run to see the plan). Load locally with "
            f"LOCAL_KERNELS={config.repo_id}={out.resolve()}"
        )
    print(json.dumps({"exported": len(result.exported), "skipped": len(result.skipped)}))
    return 0
