"""Where the judge's time went: the stages of recorded verdicts (``Verdict.stages_s``), as a table.

Reads the ``results.jsonl`` of run directories or bench folders (searched below each path given) and prints, per
stage, the median and mean seconds over the evaluations that recorded it, then the device gate's part: waits by what
was asked for (``gate_wait/shared``, ``gate_wait/exclusive``, ``gate_wait/heavy``) and the shared holds by where
they were taken (``gate_hold/<where>``, ``gate_holds/<where>`` how many), the longest first. A timed loop waits for
every shared hold in progress, so the holds that are long or many are what to shorten. Several ``--runs`` give
columns side by side (``LABEL=PATH``).

    python benchmarks/judge_stages.py --runs .gpu/rescore/L2/kernelbench --runs repeat=.gpu/rescore/L2/repeats/2
    python benchmarks/judge_stages.py --runs .gpu/rescore/L2 --last 31 --holds 12
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

# the stages a reader looks for first, in the judge's order; any other recorded stage follows, by name
ORDER = ("spawn", "reference", "degeneracy_probe", "timing_sets", "timing_overhead", "paired_eager",
         "paired_eager/loop", "load", "candidate_compile", "correctness", "correctness/inputs", "correctness/share",
         "correctness/call", "correctness/check", "own_kernels", "timing", "timing/setup", "timing/loop", "baselines",
         "roofline", "gate_wait", "gate_wait/shared", "gate_wait/exclusive", "gate_wait/heavy", "gate_exclusive")


def verdicts(path: Path, last: int | None = None) -> list[dict]:
    """The verdicts recorded under ``path`` (a results.jsonl, or a folder searched for them), oldest first."""
    files = [path] if path.is_file() else sorted(path.rglob("results.jsonl"))
    rows = []
    for f in files:
        for line in f.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut off by a killed run
            v = row.get("verdict") if isinstance(row.get("verdict"), dict) else row
            if isinstance(v.get("stages_s"), dict):
                rows.append({"at": row.get("recorded_at") or 0, "wall_s": v.get("wall_s"), "stages": v["stages_s"]})
    rows.sort(key=lambda r: r["at"])
    return rows[-last:] if last else rows


def stage_table(rows: list[dict]) -> dict[str, tuple[float, float, int]]:
    """stage -> (median, mean, evaluations that recorded it), the whole evaluation as ``wall``."""
    keys = [k for k in ORDER if any(k in r["stages"] for r in rows)]
    keys += sorted({k for r in rows for k in r["stages"] if k not in ORDER and not k.startswith("gate_hold")})
    out = {}
    for k in keys:
        vals = [r["stages"][k] for r in rows if k in r["stages"]]
        out[k] = (statistics.median(vals), statistics.fmean(vals), len(vals))
    walls = [r["wall_s"] for r in rows if r["wall_s"] is not None]
    if walls:
        out["wall"] = (statistics.median(walls), statistics.fmean(walls), len(walls))
    return out


def hold_table(rows: list[dict]) -> list[tuple[str, float, float, float]]:
    """(where, seconds held per evaluation, holds per evaluation, mean seconds per hold), most held first."""
    total: dict[str, float] = {}
    count: dict[str, float] = {}
    for r in rows:
        for k, s in r["stages"].items():
            if k.startswith("gate_hold/"):
                total[k[10:]] = total.get(k[10:], 0.0) + s
            elif k.startswith("gate_holds/"):
                count[k[11:]] = count.get(k[11:], 0.0) + s
    n = max(1, len(rows))
    out = [(at, s / n, count.get(at, 0.0) / n, s / count[at] if count.get(at) else float("nan"))
           for at, s in total.items()]
    return sorted(out, key=lambda x: -x[1])


def render(columns: list[tuple[str, list[dict]]], holds: int) -> str:
    tables = [(label, stage_table(rows)) for label, rows in columns]
    rank = {k: i for i, k in enumerate(ORDER)}
    keys = sorted(dict.fromkeys(k for _, t in tables for k in t),
                  key=lambda k: (k == "wall", rank.get(k, len(ORDER)), k))
    head = " | ".join(f"{label} median | mean" for label, _ in tables)
    lines = [f"| stage (s) | {head} |", "|---|" + "---:|---:|" * len(tables)]
    for k in keys:
        cells = []
        for _, t in tables:
            med, mean, _n = t.get(k, (None, None, 0))
            cells += ["" if med is None else f"{med:.1f}", "" if mean is None else f"{mean:.1f}"]
        lines.append(f"| {k} | " + " | ".join(cells) + " |")
    lines.append("| evaluations | " + " | ".join(f"{len(rows)} | {len(rows)}" for _, rows in columns) + " |")
    for label, rows in columns:
        table = hold_table(rows)[:holds]
        if not table:
            continue
        lines += ["", f"Shared holds by where they were taken ({label}; per evaluation):", "",
                  "| where | seconds held | holds | seconds per hold |", "|---|---:|---:|---:|"]
        lines += [f"| {at} | {s:.2f} | {c:.1f} | {m:.3f} |" for at, s, c, m in table]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", action="append", required=True, metavar="[LABEL=]PATH",
                    help="a run directory, bench folder or results.jsonl (repeatable: columns side by side)")
    ap.add_argument("--last", type=int, default=None, help="only the last N verdicts of each (by recorded time)")
    ap.add_argument("--holds", type=int, default=10, help="how many shared-hold places to list (0: none)")
    args = ap.parse_args(argv)
    columns = []
    for spec in args.runs:
        label, _, path = spec.rpartition("=") if "=" in spec else ("", "", spec)
        rows = verdicts(Path(path), args.last)
        if not rows:
            print(f"{path}: no verdicts with stages (is it a run directory or bench folder?)", file=sys.stderr)
            return 2
        columns.append((label or path, rows))
    print(render(columns, args.holds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
