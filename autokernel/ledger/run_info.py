"""run.json: what each invocation of a run searched, with which budget, and how it ended.

One entry per invocation, so a resumed run shows every invocation's budget. It is a record, never a reason to
stop a run: a file of another shape is left as it is (and a missing or unreadable one is started afresh only
when an invocation starts).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

RUN_INFO = "run.json"


def update_run_info(out: str | Path, update: Callable[[dict], None], *, create: bool) -> None:
    """Read ``out``/run.json, let ``update`` change it, write it back."""
    path = Path(out) / RUN_INFO
    try:
        info = json.loads(path.read_text())
    except (OSError, ValueError):
        if not create:
            return
        info = {"invocations": []}
    try:
        update(info)
    except (LookupError, AttributeError, TypeError):
        return
    path.write_text(json.dumps(info, indent=1) + "\n")


def start_invocation(out: str | Path, *, dataset: str, config: str, entry: dict[str, Any]) -> None:
    """Note the run's problem source and a new invocation (``entry``: what it searches, its budget)."""

    def update(info: dict) -> None:
        info["dataset"] = dataset
        info["config"] = config
        info["invocations"].append({"started": _now(), **entry})

    update_run_info(out, update, create=True)


def close_invocation(out: str | Path, figures: dict[str, Any]) -> None:
    """The last invocation's outcome: devices, candidates judged, wall time, throughput."""

    def update(info: dict) -> None:
        info["invocations"][-1].update(figures, ended=_now())

    update_run_info(out, update, create=False)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")
