"""KernelBench scores of the same kernels against baselines in two precisions, side by side.

Input: JSON lines from ``benchmarks/eval_batch.py --candidates run:RUN_DIR --baseline-precision fp32`` (each
problem's best kernel judged again, its eager and torch.compile baselines timed with TF32 off), and the published
leaderboard's ``problems.csv`` (the same kernels against PyTorch's default flags, cuDNN in TF32). Per level: correct
kernels, problems faster than eager and than compile, and the geomeans, over the problems both sides judged.

    python benchmarks/baseline_precision_table.py --fp32 l1.jsonl l2.jsonl --published leaderboards/nvidia-h200/problems.csv
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

_KEY = re.compile(r"^L(\d+)/(\d+)$")


def fp32_rows(paths: list[str]):
    """eval_batch records as a results table (the latest record per problem; harness errors count as failed)."""
    import pandas as pd

    rows = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            m = _KEY.match(str(rec.get("problem", "")))
            if not m:
                continue
            rows[(int(m.group(1)), int(m.group(2)))] = {
                "level": int(m.group(1)), "problem_id": int(m.group(2)),
                "verdict": rec.get("verdict", "harness_error"), "speedup": rec.get("speedup"),
                "speedup_vs_compile": rec.get("speedup_vs_compile"), "quarantined": bool(rec.get("quarantined")),
            }  # fmt: skip
    return pd.DataFrame(list(rows.values()))


def compare(fp32, published):
    """One row per (level, baseline precision): the scores over the problems present in both tables."""
    import pandas as pd

    from kb.scorer import KERNELBENCH_TOTALS, score_level

    keys = set(zip(fp32["level"], fp32["problem_id"]))
    pub = published[[k in keys for k in zip(published["level"], published["problem_id"])]]
    out = []
    for level in sorted({lv for lv, _ in keys}):
        total = KERNELBENCH_TOTALS.get(level, 100)
        for name, table in (("default (cuDNN TF32)", pub), ("fp32 (TF32 off)", fp32)):
            s = score_level(table, level, total_problems=total)
            n = int((table["level"] == level).sum())
            out.append({
                "level": level, "baselines": name, "problems": n, "correct": s.correct,
                "faster_than_eager": round(s.fast_p[1.0] * total), "faster_than_compile": round(s.fast_p_vs_compile[1.0] * total),
                "geomean_vs_eager": round(s.geomean_speedup, 3), "geomean_vs_compile": round(s.geomean_speedup_vs_compile, 3),
            })  # fmt: skip
    return pd.DataFrame(out)


def main(argv=None) -> int:
    import pandas as pd

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fp32", nargs="+", required=True, help="eval_batch JSON lines judged with fp32 baselines")
    ap.add_argument("--published", required=True, help="the leaderboard's problems.csv (default baselines)")
    args = ap.parse_args(argv)
    fp32 = fp32_rows(args.fp32)
    if fp32.empty:
        print("no KernelBench records in the fp32 files", file=sys.stderr)
        return 2
    print(compare(fp32, pd.read_csv(args.published)).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
