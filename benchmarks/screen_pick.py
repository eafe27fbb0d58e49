"""The fastest accurate configuration of a starter screen, written as candidate files for the judge.

Reads `starter_configs.py` records (JSON lines), takes per screened problem the fastest configuration whose worst
error was within the tolerance (ratio <= 1) and writes ``<problem name>.py``, the starter generated with those
tunables, for it and for the problems it stands for (``--for L3/36=L3/35``: L3/36 takes L3/35's winner; siblings
of one model family share their kernels' best settings). `autokernel-kb bench --candidates dir:OUT` then judges them:
the screen chooses, the judge decides (its protocol, not the screen's ``do_bench``, gives the published figures).

    python benchmarks/screen_pick.py logs/starter_configs.jsonl --for L3/36=L3/35 L3/37=L3/35 --out picked
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def parse_config(name: str) -> dict:
    """``"A=1 B=x"`` -> {"A": 1, "B": "x"} (a screen's configuration name); "default" -> {}."""
    from autokernel.propose.prior import literal_or_text

    if name == "default":
        return {}
    out = {}
    for item in name.split():
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"not a grid configuration: {name!r}")
        out[key] = literal_or_text(value)
    return out


def winners(records: list[dict], *, default: bool = True) -> dict[str, dict]:
    """Problem ref -> the record of its fastest configuration within tolerance (ratio <= 1, no error); without
    ``default`` the starter's default configuration does not take part."""
    best: dict[str, dict] = {}
    for r in records:
        if "ms" not in r or r.get("error") or r.get("ratio") is None or r["ratio"] > 1:
            continue
        if r["config"] == "default" and not default:
            continue
        if "=" not in r["config"] and r["config"] != "default":
            continue  # a named preset or tile variant: not a grid point (pass it with --grid to compare)
        cur = best.get(r["problem"])
        if cur is None or r["ms"] < cur["ms"]:
            best[r["problem"]] = r
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="+", type=Path, help="starter_configs.py JSON lines")
    ap.add_argument("--for", dest="stand_for", nargs="*", default=[], metavar="REF=SCREENED",
                    help="also write REF with SCREENED's winning configuration")
    ap.add_argument("--judged", nargs="*", type=Path, default=[],
                    help="verdicts (a bench run directory or JSON lines): a winner whose source was judged there is not written "
                         "again (a second timing of the same kernel would only give the table a luckier pick)")
    ap.add_argument("--only", nargs="*", default=None, metavar="REF", help="use only these screened problems")
    ap.add_argument("--no-default", action="store_true",
                    help="the starter's default configuration is no candidate (judged already under other names)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)

    from autokernel.starters import generate_starter
    from kb.bridge import resolve_problems

    records = [json.loads(line) for f in args.records for line in f.read_text().splitlines() if line.strip()]
    records = [r for r in records if args.only is None or r.get("problem") in args.only]
    best = winners(records, default=not args.no_default)
    plan = {ref: ref for ref in best}
    for item in args.stand_for:
        ref, _, screened = item.partition("=")
        if screened in best:
            plan[ref] = screened
        else:
            print(f"{ref}: {screened} has no accurate configuration in the screen; not written")
    from kb.bench_kb import verdict_records

    judged = {rec.get("candidate_digest") for f in args.judged for rec in verdict_records(f)}
    args.out.mkdir(parents=True, exist_ok=True)
    for ref, screened in plan.items():
        (problem,) = resolve_problems([ref])
        row = best[screened]
        source = generate_starter(problem, tunables=parse_config(row["config"])).source
        note = f"{row['config']} (screened on {screened}: {row['ms']} ms, eager {row['eager_ms']} ms)"
        if hashlib.sha256(source.encode()).hexdigest()[:16] in judged:
            print(f"{ref:8} {note}: judged before, not written")
            continue
        (args.out / f"{problem.name}.py").write_text(source)
        print(f"{ref:8} {note}")
    return 0 if plan else 1


if __name__ == "__main__":
    sys.exit(main())
