"""Where two protocols' scores of the same kernels part: a board's kernels correct under both, grouped by the kind
of operation their problem names (convolution, matmul, other), with the geomean speedup under each and the ratio
of the timings behind it (eager kernelbench / eager strict, kernel kernelbench / kernel strict, medians).

A speedup changes between protocols only through those two ratios: where the kernel's time falls more than eager's,
its speedup rises. Reads the published pages only (``<board>/<protocol>/problems.csv``); no GPU:

    python benchmarks/protocol_gap.py leaderboards/nvidia-h200 --level 2
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KINDS = (("convolution", re.compile(r"conv", re.I)),
         ("matmul", re.compile(r"gemm|matmul|matrix_mult|linear|bmm|einsum", re.I)))  # fmt: skip


def kind_of(name: str) -> str:
    """The operation a KernelBench problem's name leads with: the first kind it names, else "other"."""
    return next((kind for kind, pattern in KINDS if pattern.search(name)), "other")


def _geomean(values) -> float:
    """The scorer's geomean (`kb.scorer.geomean_speedup`) of values that are all kept."""
    from kb.scorer import geomean_speedup

    values = [float(v) for v in values]
    return geomean_speedup([True] * len(values), values)


def gap_table(board: str | Path, level: int, protocols: tuple[str, str] = ("kernelbench", "strict")):
    """One row per kind (and "all"): kernels correct under both protocols, their geomean speedups and timing ratios."""
    import pandas as pd

    a, b = (pd.read_csv(Path(board) / p / "problems.csv") for p in protocols)
    both = a.merge(b, on=["level", "problem_id"], suffixes=("_a", "_b"))
    both = both[(both.level == level) & (both.verdict_a == "correct") & (both.verdict_b == "correct")]
    if both.empty:
        raise ValueError(f"{board}: no level-{level} problem has a correct kernel under both {' and '.join(protocols)}")
    both = both.assign(kind=[kind_of(str(n)) for n in both.name_a])
    rows = []
    for kind, part in [*sorted(both.groupby("kind")), ("all", both)]:
        median_a = part.speedup_median_a if "speedup_median_a" in part else part.speedup_a
        rows.append({
            "kind": kind, "kernels": len(part),
            f"{protocols[0]} speedup": _geomean(part.speedup_a), f"{protocols[0]} speedup (medians)": _geomean(median_a),
            f"{protocols[1]} speedup": _geomean(part.speedup_b),
            "eager time ratio": _geomean(part.eager_median_ms_a / part.eager_median_ms_b),
            "kernel time ratio": _geomean(part.kernel_median_ms_a / part.kernel_median_ms_b),
        })  # fmt: skip
    return pd.DataFrame(rows)


def markdown(table) -> str:
    head = "| " + " | ".join(table.columns) + " |"
    rule = "|---|" + "---:|" * (len(table.columns) - 1)
    body = ["| " + " | ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in row) + " |"
            for row in table.itertuples(index=False)]
    return "\n".join([head, rule, *body])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", help="a GPU's leaderboard folder, e.g. leaderboards/nvidia-h200")
    ap.add_argument("--level", type=int, required=True)
    ap.add_argument("--protocols", nargs=2, default=("kernelbench", "strict"), metavar=("A", "B"))
    args = ap.parse_args(argv)
    try:
        table = gap_table(args.board, args.level, tuple(args.protocols))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(markdown(table))
    print(f"\nratios: {args.protocols[0]} time / {args.protocols[1]} time, geomeans of medians; speedups: each "
          f"page's scored statistic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
