"""Run the rogues' gallery and the honest set on a device; print expected vs actual verdicts.

    python benchmarks/gallery_run.py --device cuda --out gallery.jsonl

Each rogue's header names its expected verdict (``# expect: rejected``), problem and device.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FIX = ROOT / "tests" / "fixtures"


def header(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines()[:12]:
        m = re.match(r"#\s*(family|expect|problem|device):\s*(.+)", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def cases(include_cpu_only: bool = True):
    for f in sorted((FIX / "rogues").glob("*.py")):
        h = header(f)
        if "expect" in h and "problem" in h:
            yield f, h
    for f in sorted((FIX / "honest").glob("*.py")):
        h = header(f)
        h.setdefault("expect", "correct")
        if "problem" in h:
            yield f, h


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default="", help="regex on file names")
    args = ap.parse_args()
    from autokernel.evaluate import EvalConfig, Evaluator
    from autokernel.problem import Problem

    cfg = EvalConfig.for_device(args.device, timeout_s=60.0, baseline_compile=False, num_perf_trials=30,
                                timing_budget_s=1.0)
    ev = Evaluator(cfg)
    rows = []
    with open(args.out, "a") as out:
        for f, h in cases():
            if args.only and not re.search(args.only, f.name):
                continue
            if h.get("device") == "cuda" and args.device == "cpu":
                continue
            problem = Problem.from_file(FIX / "problems" / h["problem"])
            t0 = time.time()
            try:
                v = ev.evaluate(problem, f.read_text())
                got, reason = v.verdict, v.reason
                rec = v.to_dict()
            except Exception as exc:  # noqa: BLE001 - a harness failure is a finding
                got, reason, rec = "HARNESS_ERROR", f"{type(exc).__name__}: {exc}", {}
            ok = got in h["expect"].split("|")
            rec.update(fixture=f.name, expected=h["expect"], got=got, ok=ok, wall_s=round(time.time() - t0, 2))
            out.write(json.dumps(rec, default=str) + "\n")
            rows.append((f.name, h["expect"], got, ok, reason))
            print(f"{'ok ' if ok else 'BAD'} {f.name:38s} expect={h['expect']:13s} got={got:13s} {reason[:100]}",
                  flush=True)
    bad = [r for r in rows if not r[3]]
    print(f"{len(rows) - len(bad)} passed, {len(bad)} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
