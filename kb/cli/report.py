"""`autokernel-kb score` and `autokernel-kb leaderboard`: KernelBench metrics and pages from results."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autokernel.evaluate.protocol import PROTOCOL_NAMES
from kb.cli._common import protocol_help


def register(sub) -> None:
    p = sub.add_parser("score", help="KernelBench fast_p and geomean speedups of a run directory or results table")
    p.add_argument("--run", action="append", default=[],
                   help="an `autokernel-kb run` directory or its compact ledger (.jsonl): its best kernel per "
                        "problem, the environment from its verdicts; repeatable")
    p.add_argument("--results", help="per-problem table (.csv, .json, .jsonl, .parquet)")
    p.add_argument("--environment", default=None,
                   help="JSON with gpu, driver, cuda, torch, triton, ... (default: a run's own verdicts, or the "
                        "table's environment)")
    p.add_argument("--out", default="score.json", help="where to write the score report (JSON)")
    p.add_argument("--totals", default=None, help="problems per level, e.g. 1=100,2=100 (KernelBench's)")
    p.add_argument("--level", type=int, action="append", help="score only this level (repeatable)")
    p.add_argument("--baseline-eager", default=None, help="KernelBench baseline_time_torch.json to compare")
    p.add_argument("--baseline-compile", default=None, help="KernelBench baseline_time_torch_compile_*.json")
    p.add_argument("--protocol", choices=sorted(PROTOCOL_NAMES), default=None, help=protocol_help(None))
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("leaderboard", help="write Markdown/CSV/JSON/PNG leaderboards from results")
    p.add_argument("--results", action="append", default=[],
                   help="per-problem table (.csv, .json, .jsonl, .parquet); repeatable")
    p.add_argument("--run", action="append", default=[],
                   help="an `autokernel-kb run` directory or its compact ledger (.jsonl): its best kernel per "
                        "problem; repeatable")
    p.add_argument("--environment", default=None, help="JSON with gpu, driver, cuda, torch, triton, ...")
    p.add_argument("--out-dir", default="leaderboards", help="a folder per GPU is written under it")
    p.add_argument("--totals", default=None, help="problems per level, e.g. 1=100,2=100 (KernelBench's)")
    p.add_argument("--level", type=int, action="append", help="only this level (repeatable)")
    p.add_argument("--protocol", choices=sorted(PROTOCOL_NAMES), default=None, help=protocol_help(None))
    p.add_argument("--archive", default=None, help="Hub dataset with the full run directories (ORG/NAME)")
    p.add_argument("--archive-uploaded", action="store_true", help="link --archive (it is uploaded)")
    p.set_defaults(func=cmd_leaderboard)


def _not_a_run(tables: list[str]) -> None:
    """A results table that is a run directory or one of its files is scored with --run: say so."""
    from autokernel.ledger.folder import is_run_dir
    from kb.scorer import ScoreInputError

    for t in tables:
        path = Path(t)
        run = path if path.is_dir() else path.parent
        if is_run_dir(run) and (path.is_dir() or path.name in ("results.jsonl", "results.tsv")):
            raise ScoreInputError(f"{t} is an `autokernel-kb run` directory or one of its files: give --run {run}")


def cmd_score(args: argparse.Namespace) -> int:
    """Compute KernelBench metrics, write a self-describing JSON, print a summary."""
    from kb.runs import score_runs
    from kb.scorer import ScoreInputError, score_results

    try:
        if bool(args.run) == bool(args.results):
            raise ScoreInputError("give --run DIR (a run directory) or --results TABLE, one of the two")
        if args.run:
            if args.baseline_eager or args.baseline_compile:
                raise ScoreInputError("--baseline-eager / --baseline-compile apply to --results tables only")
            report = score_runs(args.run, protocol=args.protocol, environment=args.environment,
                                totals=args.totals, levels=args.level)
        else:
            _not_a_run([args.results])
            report = score_results(args.results, protocol=args.protocol, environment=args.environment,
                                   totals=args.totals, levels=args.level, baseline_eager=args.baseline_eager,
                                   baseline_compile=args.baseline_compile)
    except ScoreInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    path = report.write(args.out)
    print("\n".join(report.summary_lines()))
    print(f"score_file: {path}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    """Write the Markdown page, tables and plots for one GPU."""
    from kb.leaderboard import leaderboard_from
    from kb.scorer import ScoreInputError

    try:
        _not_a_run(args.results)
        files = leaderboard_from(results=args.results, runs=args.run, environment=args.environment,
                                 out_dir=args.out_dir, totals=args.totals, levels=args.level,
                                 protocol=args.protocol, archive=args.archive,
                                 archive_uploaded=args.archive_uploaded)
    except (ScoreInputError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"leaderboard: {files.page}")
    for name in ("problems_csv", "problems_json", "score_json", "speedup_plot", "roofline_plot"):
        path = getattr(files, name)
        print(f"{name}: {path if path is not None else 'not written (nothing to plot)'}")
    return 0
