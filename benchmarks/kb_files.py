"""KernelBench levels written as repository files (``KernelBench/level1/19_ReLU.py`` ...), from any place the
dataset loads from (the Hub, a local ``datasets`` copy, or files).

A lent GPU machine has no ``datasets`` and no network; `kb.bridge.load_level` reads a repository checkout's layout
without either, so a copy in that layout is what travels there (``AUTOKERNEL_KB_DATASET`` pointing at it). The
problems' text, hence their digests and every ledger key built on them, is the dataset's own.

    python benchmarks/kb_files.py --dataset ../shared/kernelbench --config github_main --out .gpu/kb
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def write_levels(levels: list[int], out: Path, *, dataset: str | None, config: str | None) -> dict[int, int]:
    """Each level's problems as ``out/KernelBench/level<L>/<name>.py``; returns the problem count per level.
    Refuses a folder that holds anything but such a copy (it writes only into one it made or made before)."""
    from kb.bridge import load_level

    root = out / "KernelBench"
    foreign = [p for p in out.iterdir() if p != root] if out.is_dir() else []
    if foreign:
        raise SystemExit(f"--out {out}: holds {foreign[0].name}, not a KernelBench copy; give a new or empty folder")
    counts = {}
    for level in levels:
        folder = root / f"level{level}"
        folder.mkdir(parents=True, exist_ok=True)
        problems = load_level(level, dataset=dataset, config=config)
        for p in problems:
            (folder / f"{p.name}.py").write_text(p.source, encoding="utf-8")
        counts[level] = len(problems)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", help="where the dataset loads from (default: AUTOKERNEL_KB_DATASET, else the Hub)")
    ap.add_argument("--config", help="the dataset's config (e.g. github_main)")
    ap.add_argument("--levels", default="1,2,3", help="comma-separated levels (default 1,2,3)")
    ap.add_argument("--out", type=Path, required=True, help="the folder written (new, empty, or an earlier copy)")
    args = ap.parse_args(argv)
    counts = write_levels([int(x) for x in args.levels.split(",") if x.strip()], args.out, dataset=args.dataset,
                          config=args.config)
    for level, n in counts.items():
        print(f"level {level}: {n} problems in {args.out / 'KernelBench' / f'level{level}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
