"""Which folders a run may write into: a new or empty one, or a run directory of its own.

A run appends rows, writes files and commits best kernels; into someone else's folder that would mix its rows
under a foreign ``results.tsv`` header, or commit onto the user's branch (their staged files included). So a run
adopts only a folder that does not exist yet, an empty one, or one that already holds a run's own records, and it
commits only into a git repository that a run created (its first commit is ours).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

# file names a run directory holds (see `autokernel.ledger.ledger` and `run_info`)
_RESULTS, _RESULTS_TSV, _RUN_INFO = "results.jsonl", "results.tsv", "run.json"
_TSV_HEAD = "experiment\ttag\tkernel_type\t"  # how our results.tsv header begins (`ledger.TSV_COLUMNS`)
GIT_NAME, GIT_EMAIL = "autokernel-kb", "autokernel-kb@localhost"
FIRST_COMMIT = "autokernel-kb run directory"


class RunDirError(ValueError):
    """A folder a run must not write into; the message says which folder to give instead."""


def is_run_dir(path: str | Path) -> bool:
    """Does ``path`` hold a run's own records (run.json with its invocations, or results rows of our shape)?"""
    root = Path(path)
    try:
        info = json.loads((root / _RUN_INFO).read_text())
        if isinstance(info, dict) and isinstance(info.get("invocations"), list):
            return True
    except (OSError, ValueError):
        pass
    try:
        with open(root / _RESULTS, encoding="utf-8") as fh:
            first = fh.readline()
        row = json.loads(first)
        if isinstance(row, dict) and {"cache_key", "verdict", "problem"} <= set(row):
            return True
    except (OSError, ValueError):
        pass
    try:
        with open(root / _RESULTS_TSV, encoding="utf-8") as fh:
            return fh.readline().startswith(_TSV_HEAD)
    except OSError:
        return False


def check_run_dir(path: str | Path) -> None:
    """Raise `RunDirError` unless a run may write into ``path``: new, empty, or a run directory (resumed)."""
    root = Path(path)
    if not root.exists():
        return
    if not root.is_dir():
        raise RunDirError(f"{root} is a file, not a folder; give a new folder for the run directory")
    entries = sorted(p.name for p in root.iterdir())
    if not entries or is_run_dir(root):
        return
    shown = ", ".join(entries[:5]) + (f" and {len(entries) - 5} more" if len(entries) > 5 else "")
    raise RunDirError(f"{root} is a folder with other files in it ({shown}), not an autokernel-kb run directory; "
                      f"a run writes only into a new or empty folder, or into its own run directory to resume it")


def own_repository(root: str | Path) -> bool | None:
    """Whether ``root`` is the top of a git repository a run created (its first commit is ours); None when
    ``root`` holds no repository of its own (``.git``)."""
    root = Path(root)
    if not (root / ".git").exists():
        return None
    try:
        res = subprocess.run(["git", "log", "--max-parents=0", "--format=%ae%x09%s", "HEAD"], cwd=root,
                             capture_output=True, text=True, timeout=30)
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True, text=True,
                             timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    if res.returncode != 0 or top.returncode != 0 or Path(top.stdout.strip()).resolve() != root.resolve():
        return False
    return res.stdout.strip().splitlines() == [f"{GIT_EMAIL}\t{FIRST_COMMIT}"]
