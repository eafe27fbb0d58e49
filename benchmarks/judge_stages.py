"""Where the judge's time went: the stages of recorded verdicts (``Verdict.stages_s``), as a table.

Reads the ``results.jsonl`` of run directories or bench folders (searched below each path given) and prints, per
stage, the median and mean seconds over the evaluations that recorded it, then the device gate's part: waits by what
was asked for (``gate_wait/shared``, ``gate_wait/exclusive``, ``gate_wait/heavy``) and the shared holds by where
they were taken (``gate_hold/<where>``, ``gate_holds/<where>`` how many), the longest first. A timed loop waits for
every shared hold in progress, so the holds that are long or many are what to shorten. Several ``--runs`` give
columns side by side (``LABEL=PATH``).

    python benchmarks/judge_stages.py --runs .gpu/rescore/L2/kernelbench --runs repeat=.gpu/rescore/L2/repeats/2
    python benchmarks/judge_stages.py --runs .gpu/rescore/L2 --last 31 --holds 12
    python benchmarks/judge_stages.py --paired --runs first=.gpu/rescore/L2/kernelbench \
        --runs again=.gpu/rescore/L2/repeats/2/kernelbench --last 31     # the same kernels, problem by problem

``--memory`` lists instead the multi-GB evaluations (those that waited for or were given heavy slots, or were judged
alone after running out of memory), one row each: the slots asked for and what sized them
(``policy["heavy_slots"]``), the judge's and the candidate's peak GPU memory (and the stages in which the judge's
grew), the wait for the slots and the time
held (wall seconds less every wait), so slot sizes are read against what the two processes took:

    python benchmarks/judge_stages.py --memory --runs .gpu/rescore/L1
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
                rows.append({"at": row.get("recorded_at") or 0, "wall_s": v.get("wall_s"), "stages": v["stages_s"],
                             "problem": row.get("problem") or v.get("problem"), "policy": v.get("policy") or {},
                             "protocol": v.get("protocol") or "", "verdict": v.get("verdict") or "",
                             "judge_mb": v.get("judge_peak_memory_mb"), "candidate_mb": v.get("peak_memory_mb"),
                             "judge_steps": v.get("judge_peak_steps_mb") or []})
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


def paired_table(before: list[dict], after: list[dict]) -> tuple[int, dict[str, tuple[float, float, float]]]:
    """The problems judged in both (each one's latest verdict): (how many, stage -> (median before, median after,
    median of the per-problem differences after - before)), ``wall`` included; a stage missing on one side counts
    as 0 there. The same kernels judged twice, so what changed between the two is the harness, not the work."""
    a = {r["problem"]: r for r in before if r["problem"]}
    b = {r["problem"]: r for r in after if r["problem"]}
    both = sorted(set(a) & set(b))
    if not both:
        return 0, {}
    keys = [k for k in ORDER if any(k in a[p]["stages"] or k in b[p]["stages"] for p in both)]
    out = {}
    for k in [*keys, "wall"]:
        def get(r, k=k):
            return (r["wall_s"] or 0.0) if k == "wall" else r["stages"].get(k, 0.0)
        x, y = [get(a[p]) for p in both], [get(b[p]) for p in both]
        out[k] = (statistics.median(x), statistics.median(y), statistics.median(j - i for i, j in zip(x, y)))
    return len(both), out


def render_paired(labels: tuple[str, str], before: list[dict], after: list[dict]) -> str:
    n, table = paired_table(before, after)
    if not n:
        return "no problem judged in both"
    lines = [f"{n} problems judged in both; medians, and the median of the per-problem differences:", "",
             f"| stage (s) | {labels[0]} | {labels[1]} | difference |", "|---|---:|---:|---:|"]
    lines += [f"| {k} | {x:.1f} | {y:.1f} | {d:+.1f} |" for k, (x, y, d) in table.items()]
    return "\n".join(lines)


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


def render_memory(rows: list[dict]) -> str:
    """One row per multi-GB evaluation: slots asked for and why, both processes' peaks, wait and hold."""
    def gib(mb):
        return "" if mb is None else f"{mb / 1024:.1f}"

    big = [r for r in rows if "gate_wait/heavy" in r["stages"] or "heavy_slots" in r["policy"]
           or "judged_alone" in r["policy"]]
    if not big:
        return "no multi-GB evaluation among these verdicts"
    lines = ["| problem | protocol | verdict | heavy slots | judge GiB | judge's peak grew in (GiB) | candidate GiB | "
             "wait s | held s | alone |", "|---|---|---|---|---:|---|---:|---:|---:|---|"]
    for r in big:
        wait = r["stages"].get("gate_wait/heavy", 0.0)
        held = (r["wall_s"] or 0.0) - r["stages"].get("gate_wait", 0.0)
        grew = ", ".join(f"{step[0]} {gib(step[1])}" + (f" ({gib(step[2])} in tensors)" if len(step) > 2 else "")
                         for step in r.get("judge_steps", []))
        lines.append(f"| {r['problem']} | {r['protocol']} | {r['verdict']} | {r['policy'].get('heavy_slots', '')} | "
                     f"{gib(r['judge_mb'])} | {grew} | {gib(r['candidate_mb'])} | {wait:.0f} | {held:.0f} | "
                     f"{'yes' if 'judged_alone' in r['policy'] else ''} |")
    waits = [r["stages"].get("gate_wait/heavy", 0.0) for r in big]
    alone = sum("judged_alone" in r["policy"] for r in big)
    lines += ["", f"{len(big)} multi-GB evaluations of {len(rows)}: waited {sum(waits):.0f} s for slots in all "
              f"(at most {max(waits):.0f} s), {alone} judged alone after running out of memory"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", action="append", required=True, metavar="[LABEL=]PATH",
                    help="a run directory, bench folder or results.jsonl (repeatable: columns side by side)")
    ap.add_argument("--last", type=int, default=None,
                    help="only the last N verdicts of each (by recorded time; with --paired, of the second only)")
    ap.add_argument("--holds", type=int, default=10, help="how many shared-hold places to list (0: none)")
    ap.add_argument("--memory", action="store_true",
                    help="one row per multi-GB evaluation: heavy slots and why, both processes' peaks, wait, hold")
    ap.add_argument("--paired", action="store_true",
                    help="two --runs of the same kernels: compare them problem by problem (differences' medians)")
    args = ap.parse_args(argv)
    columns = []
    for i, spec in enumerate(args.runs):
        label, _, path = spec.rpartition("=") if "=" in spec else ("", "", spec)
        rows = verdicts(Path(path), None if args.paired and i == 0 else args.last)
        if not rows:
            print(f"{path}: no verdicts with stages (is it a run directory or bench folder?)", file=sys.stderr)
            return 2
        columns.append((label or path, rows))
    if args.paired:
        if len(columns) != 2:
            print("--paired compares exactly two --runs", file=sys.stderr)
            return 2
        print(render_paired((columns[0][0], columns[1][0]), columns[0][1], columns[1][1]))
        return 0
    if args.memory:
        print("\n\n".join(f"{label}:\n\n{render_memory(rows)}" for label, rows in columns))
        return 0
    print(render(columns, args.holds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
