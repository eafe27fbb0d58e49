"""Facts kept across processes (a resumed run, another worker on the same GPU): small JSON files under the cache
folder, each written with a locked read-modify-write."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def default_cache_dir() -> Path:
    return Path(os.environ.get("AUTOKERNEL_KB_CACHE", Path.home() / ".cache" / "autokernel-kb"))


def update_json(path: Path, key: str, value, merge: Callable[[Any, Any], Any] | None = None) -> None:
    """Set one key of a JSON cache file shared by several worker processes (locked read-modify-write); with
    ``merge``, the key becomes ``merge(old, value)`` where it was there."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = read_json(path)
        data[key] = merge(data[key], value) if merge is not None and key in data else value
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1))
        tmp.replace(path)


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
