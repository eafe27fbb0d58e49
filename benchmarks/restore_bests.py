"""Point each problem's best.py / best.json in a run directory back at its best recorded row.

Before the fix in `Ledger.save_best`, a resumed run replaying its rounds from the starter overwrote
best.py with whatever it re-found first; a run stopped at a time limit could leave a worse kernel there
(results.jsonl, which the leaderboard reads, was never affected; the Hub export reads best.py). This
rewrites best.py / best.json from results.jsonl wherever the recorded best row ranks higher.

    python benchmarks/restore_bests.py leaderboards/runs/h200-2026-11-29/L1 [more runs]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def restore(run: Path) -> list[str]:
    from autokernel.ledger.ledger import read_rows
    from autokernel.propose.base import recorded_rank  # the ranking the ledger's save_best uses

    rows, _ = read_rows(run / "results.jsonl")
    best: dict[str, dict] = {}
    for r in rows:  # the latest row per candidate wins (a re-judged candidate), as in the ledger
        v = r["verdict"]
        if v.get("verdict") != "correct" or v.get("quarantined"):
            continue
        cur = best.get(r["problem"])
        if cur is None or recorded_rank(v) > recorded_rank(cur["verdict"]):
            best[r["problem"]] = r
    changed = []
    for r in best.values():
        source = run / r["source_path"]
        folder = run / "problems" / Path(r["source_path"]).parent.name
        bj = folder / "best.json"
        try:
            old = json.loads(bj.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            old = {}
        same_problem = old.get("problem_digest") == r["verdict"].get("problem_digest")
        if same_problem and old.get("verdict") == "correct" and recorded_rank(old) >= recorded_rank(r["verdict"]):
            continue
        if not source.is_file() or not folder.is_dir():
            continue
        (folder / "best.py").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
        data = {**r["verdict"], "quarantined": False, "problem_name": r.get("problem_name"), "idea": r.get("idea"),
                "round": r.get("round"), "proposer": r.get("proposer")}
        bj.write_text(json.dumps(data, indent=1, default=str) + "\n", encoding="utf-8")
        changed.append(f"{r['problem']}: {old.get('speedup') if old else '-'} -> {r['verdict'].get('speedup')}x "
                       f"({r.get('idea')})")
    return changed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", type=Path)
    args = ap.parse_args()
    for run in args.runs:
        changed = restore(run)
        print(f"{run}: {len(changed)} best kernels restored")
        for line in changed:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
