"""`autokernel-kb archive push|pull`: full run directories to and from a Hub dataset (`kb.archive`)."""

from __future__ import annotations

import argparse
import sys


def register(sub_commands) -> None:
    parser = sub_commands.add_parser("archive", help="run directories to and from a Hugging Face dataset repository")
    sub = parser.add_subparsers(dest="archive_command", required=True)
    push = sub.add_parser("push", help="upload run directories to a Hub dataset (one folder each)")
    push.add_argument("run_dirs", nargs="+", metavar="RUN_DIR")
    push.add_argument("--repo", required=True, help="dataset repository, ORG/NAME (created if missing)")
    push.add_argument("--dry-run", action="store_true", help="list what would be uploaded; touch nothing")
    push.add_argument("--private", action="store_true", help="create the repository private")
    pull = sub.add_parser("pull", help="download run directories from a Hub dataset")
    pull.add_argument("--repo", required=True, help="dataset repository, ORG/NAME")
    pull.add_argument("--into", required=True, help="folder to write the run directories into")
    pull.add_argument("--run", action="append", default=[], help="only this folder of the dataset (repeatable)")
    pull.add_argument("--revision", default=None, help="branch, tag or commit (default: main)")
    for p in (push, pull):
        p.add_argument("--endpoint", default=None, help="another Hub (default: HF_ENDPOINT or huggingface.co)")
    parser.set_defaults(func=cmd_archive)


def cmd_archive(args: argparse.Namespace) -> int:
    """``archive push`` / ``archive pull``: run directories to and from a Hub dataset repository."""
    from kb.archive import ArchiveError, ArchivePlan, PushResult, pull_runs, push_runs

    try:
        if args.archive_command == "push":
            done = push_runs(args.run_dirs, args.repo, endpoint=args.endpoint, dry_run=args.dry_run,
                             private=args.private)  # fmt: skip
            plan = done if isinstance(done, ArchivePlan) else done.plan
            print(plan.describe())
            if isinstance(done, PushResult):
                print(f"pushed: {done.commit_url}")
        else:
            out = pull_runs(args.repo, args.into, runs=args.run, revision=args.revision, endpoint=args.endpoint)
            print(f"pulled: {args.repo} -> {out}")
    except ArchiveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
