"""KernelBench scores of the same kernels against baselines in two precisions, side by side.

Input: the verdicts of ``autokernel-kb bench --candidates run:RUN_DIR --protocol strict --baseline-precision fp32``
(its run directory ``OUT/strict``, or JSON lines of flat verdict records: `kb.bench_kb.verdict_records`; each
problem's best kernel judged again, its eager and torch.compile baselines timed with TF32 off), and the published
leaderboard's ``problems.csv`` (the same kernels against PyTorch's default flags, cuDNN in TF32). Per level: correct
kernels, problems faster than eager and than compile, and the geomeans, over the problems both sides judged.

With ``--full-level`` it also scores whole levels with fp32 baselines: a problem re-judged with them counts its new
record; a problem whose reference runs nothing in TF32 under PyTorch's defaults (`autokernel.evaluate.tf32`) keeps
its published record where that is faster (both baseline precisions are then the same computation); a problem
without a correct published kernel keeps its failure; anything else is missing (counted as failed) and listed.
``--prefer`` names record files that stand for their problems whatever else holds (a quiet machine's, baselines
measured beside them). ``--out-dir`` writes the tables and the per-problem rows (``baseline_precision.md``,
``problems_fp32_baselines.csv``).

    python benchmarks/baseline_precision_table.py --fp32 l1.jsonl l2.jsonl --published leaderboards/nvidia-h200/problems.csv

The published page is regenerated from its compact ledgers (every record below, `kb.compact`) with
``benchmarks/leaderboard_pages.py`` (see leaderboards/README.md). From fresh records, ``--runs`` links each row to
its kernel (the run's stored candidate; starter and preset kernels are regenerated, or kept from an earlier
generator, checked against the judged digest, in ``--kernels-dir``, which then holds exactly the page's kernels; a
screen's winners, judged from a folder, are kept there by digest):

    python benchmarks/baseline_precision_table.py --fp32 RECORDS.jsonl... --prefer QUIET_RECORDS.jsonl... \
        --published leaderboards/nvidia-h200/problems.csv --out-dir leaderboards/nvidia-h200 --runs RUNS_DIR \
        --kernels-dir leaderboards/nvidia-h200/fp32_kernels --note "$(cat NOTE.md)"

RECORDS are the ``--baseline-precision fp32`` verdicts of the H200 device calls of 2026-11-30 and 2026-12-01 (JSON
lines, from the judging script `autokernel-kb bench` replaced), QUIET_RECORDS those judged again one process per
GPU, RUNS_DIR the run directories (``autokernel-kb archive pull``); the exact paths are in this docstring at commit e18eb25.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

_KEY = re.compile(r"^L(\d+)/(\d+)$")
RUN_BEST = "the run's best kernel"  # the candidate label of a record judged from a run directory
SCREENED = "starter, settings from a screen"  # a record judged from a folder of files (screen_pick.py's winners)

from kb import bench_kb  # noqa: E402 - after the path set-up


def _counts(row) -> bool:
    """Correct and not quarantined (a published row's empty quarantined cell reads as NaN: not quarantined)."""
    q = row.get("quarantined")
    return row.get("verdict") == "correct" and not (q is not None and q == q and bool(q))


def _faster_correct(new, held) -> bool:
    """The fastest-correct rule: ``new`` counts (correct, not quarantined) and ``held`` does not, or is slower."""
    return _counts(new) and (not _counts(held) or (new.get("speedup") or 0) > (held.get("speedup") or 0))


def fp32_rows(paths: list[str], preferred: list[str] = ()):
    """Re-judged verdicts (`read_records`) as a results table, one row per problem: its fastest correct record (several candidates,
    such as a run's best kernel and a starter preset, are a search's choice), else its latest record (harness
    errors count as failed). Records from ``preferred`` files (e.g. judged on a quiet machine, baselines measured
    again beside them) stand for their problems whatever the other files hold."""
    return fp32_rows_from((rec, path in preferred) for path in [*paths, *preferred] for rec in read_records(path))


def read_records(path) -> list[dict]:
    """The re-judged verdicts of a bench run directory or a JSON Lines file (`kb.bench_kb.verdict_records`)."""
    return bench_kb.verdict_records(path)


def ledger_records(ledger_paths):
    """(record, preferred) of every re-judged line of compact ledgers (`kb.compact`), in recorded order, in the flat
    shape `kb.bench_kb.verdict_records` gives."""
    from kb.compact import read_ledger

    for path in ledger_paths:
        for line in read_ledger(path).rejudge_rows():
            rec = {**line["verdict"], "problem": line["problem"], "name": line.get("problem_name", ""),
                   "candidate_digest": line.get("candidate_digest", "")}
            rec |= {k: line[k] for k in ("candidates", "preset") if k in line}
            yield rec, bool(line.get("preferred"))


def fp32_rows_from(records):
    """`fp32_rows` over (record, preferred) pairs in the order they were recorded (preferred ones last)."""
    import pandas as pd

    rows = {}
    for rec, first_choice in records:
        m = _KEY.match(str(rec.get("problem", "")))
        if not m:
            continue
        key = (int(m.group(1)), int(m.group(2)))
        held = rows.get(key)
        if held and held["preferred"] and not first_choice:
            continue
        if held and held["preferred"] == first_choice and _counts(held) and not _faster_correct(rec, held):
            continue
        rows[key] = {
            "level": int(m.group(1)), "problem_id": int(m.group(2)), "name": rec.get("name", ""),
            "verdict": rec.get("verdict", "harness_error"), "speedup": rec.get("speedup"),
            "speedup_vs_compile": rec.get("speedup_vs_compile"), "quarantined": bool(rec.get("quarantined")),
            "kernel_median_ms": (rec.get("kernel") or {}).get("median_ms"),
            "eager_median_ms": (rec.get("eager") or {}).get("median_ms"),
            "compile_median_ms": (rec.get("compiled") or {}).get("median_ms"),
            "floor_ms": rec.get("floor_ms"), "pct_of_floor": rec.get("pct_of_floor"),
            "timing_method": (rec.get("kernel") or {}).get("method", ""),
            "candidate": rec.get("preset") or _candidate_label(str(rec.get("candidates", ""))),
            "candidate_digest": rec.get("candidate_digest", ""), "preferred": first_choice,
        }  # fmt: skip
    return pd.DataFrame(list(rows.values()))


def _candidate_label(kind: str) -> str:
    """What a record's ``candidates`` source reads as on the page."""
    if kind.startswith("run:"):
        return RUN_BEST
    return SCREENED if kind.startswith("dir:") else kind


BASELINES = ("default (cuDNN TF32)", "fp32 (TF32 off)")


def _scores(level: int, tables, *, problems=None) -> list[dict]:
    """One row per (baseline precision, table) for ``level``: KernelBench's counts and geomeans over the level's
    total, and torch.compile's own geomean over eager; ``problems`` is the row count shown (default: the table's)."""
    from kb.scorer import KERNELBENCH_TOTALS, score_level

    total = KERNELBENCH_TOTALS.get(level, 100)
    out = []
    for name, table in zip(BASELINES, tables):
        s = score_level(table, level, total_problems=total)
        out.append({
            "level": level, "baselines": name,
            "problems": problems if problems is not None else int((table["level"] == level).sum()), "correct": s.correct,
            "faster_than_eager": round(s.fast_p[1.0] * total), "faster_than_compile": round(s.fast_p_vs_compile[1.0] * total),
            "geomean_vs_eager": round(s.geomean_speedup, 3), "geomean_vs_compile": round(s.geomean_speedup_vs_compile, 3),
            "compile_geomean_vs_eager": compile_geomean(table, level),
        })  # fmt: skip
    return out


def compare(fp32, published):
    """One row per (level, baseline precision): the scores over the problems present in both tables."""
    import pandas as pd

    keys = set(zip(fp32["level"], fp32["problem_id"]))
    pub = published[[k in keys for k in zip(published["level"], published["problem_id"])]]
    return pd.DataFrame([row for level in sorted({lv for lv, _ in keys}) for row in _scores(int(level), (pub, fp32))])


def run_candidates(runs: Path) -> dict[str, str]:
    """candidate digest -> the stored source file, over every run directory under ``runs``."""
    return {f.stem: str(f) for f in Path(runs).glob("**/candidates/*/*.py")}


def kernel_files(fp32, stored: dict[str, str], out_dir: Path, *, known: dict[str, str] | None = None,
                 regenerate: bool = True, dataset=None, config="github_main") -> list[str]:
    """The source file of each record's kernel: ``stored[digest]`` (a run's stored candidate, or a kernel a compact
    ledger keeps), or, for a starter or a starter preset, the file kept in ``out_dir`` by an earlier generator or
    the starter generated again (checked against the digest, then written to ``out_dir``; only with
    ``regenerate``, which needs the dataset). A kept file counts when its text has the judged digest, or when its
    code digest (`kb.compact.code_digest`: comments reworded since) equals ``known[digest]``.
    Returns one path per row ("" where nothing matches: that row has no file to show)."""
    import hashlib

    from kb.bridge import resolve_problems
    from kb.compact import code_digest

    known = known or {}
    presets = fp32[~fp32["candidate_digest"].isin(stored) & fp32["candidate"].astype(bool)
                   & ~fp32["candidate"].isin([RUN_BEST, SCREENED])]
    refs = [f"L{lv}/{','.join(str(int(i)) for i in rows['problem_id'])}" for lv, rows in presets.groupby("level")]
    problems = ({(p.level, p.problem_id): p for p in resolve_problems(refs, dataset=dataset, config=config)}
                if regenerate and refs else {})
    paths = []
    for r in fp32.itertuples(index=False):
        digest = r.candidate_digest
        if digest in stored:
            paths.append(str(stored[digest]))
            continue
        path = ""
        kept = out_dir / f"L{r.level}_{r.problem_id}_{digest}.py"
        problem = problems.get((int(r.level), int(r.problem_id)))
        raw = kept.read_bytes() if digest and kept.is_file() else None
        if raw is not None and (hashlib.sha256(raw).hexdigest()[:16] == digest
                                or (digest in known and code_digest(raw.decode()) == known[digest])):
            path = str(kept)  # written before, e.g. by an earlier version of the generator that was judged
        elif problem is not None and r.candidate != SCREENED:  # a screen's files are kept (above) or missing
            found = (bench_kb.candidate_source("starter", problem) if r.candidate == "starter"
                     else bench_kb.preset_source(f"preset:{r.candidate}", problem))
            source = found and (found[0] if r.candidate == "starter" else found[1])
            if source and hashlib.sha256(source.encode()).hexdigest()[:16] == digest:
                out_dir.mkdir(parents=True, exist_ok=True)
                kept.write_text(source)
                path = str(kept)
        paths.append(path)
    return paths


def full_level(fp32, published, tf32_of: dict):
    """Every published problem with fp32 baselines: its re-judged row, or its published row where that is the
    same computation (``tf32_of[(level, id)] == ()``) or a failure either way; ``source`` says which. Where both
    exist and are the same computation, the faster correct one counts (as among several re-judged records).
    Re-judged problems the published page has no row for (no kernel when it was made) follow, as re-judged."""
    import pandas as pd

    judged = {(int(r.level), int(r.problem_id)): r._asdict() for r in fp32.itertuples(index=False)}
    rows = []
    for r in published.itertuples(index=False):
        key = (int(r.level), int(r.problem_id))
        same = tf32_of.get(key) == ()
        if key in judged and not (same and not judged[key].get("preferred")
                                  and _faster_correct(r._asdict(), judged[key])):
            rows.append({**judged[key], "name": r.name, "source": "re-judged with fp32 baselines"})
        elif same:
            rows.append({**r._asdict(), "source": "published (nothing in TF32: the same baselines)"})
        elif r.verdict != "correct":
            rows.append({**r._asdict(), "source": f"published ({r.verdict} either way)"})
        else:
            rows.append({"level": key[0], "problem_id": key[1], "name": r.name, "verdict": "missing",
                         "source": f"missing: runs {', '.join(tf32_of.get(key) or ['unknown'])} and not re-judged"})
    shown = {(int(r["level"]), int(r["problem_id"])) for r in rows}
    rows += [{**row, "source": "re-judged with fp32 baselines"} for key, row in sorted(judged.items())
             if key not in shown and int(row["level"]) in set(published["level"].astype(int))]
    return pd.DataFrame(rows).sort_values(["level", "problem_id"], kind="stable").reset_index(drop=True)


def full_scores(published, fp32_full):
    """Whole-level scores (KernelBench totals) of the published page and of its fp32-baseline counterpart."""
    import pandas as pd

    from kb.scorer import KERNELBENCH_TOTALS

    levels = sorted(int(lv) for lv in set(published["level"]))
    return pd.DataFrame([row for lv in levels
                         for row in _scores(lv, (published, fp32_full), problems=KERNELBENCH_TOTALS.get(lv, 100))])


def compile_geomean(table, level: int) -> float | None:
    """torch.compile's own geomean speedup over eager (eager_ms / compile_ms) over the level's rows that time
    both: the bar the issue sets for a search's geomean over eager."""
    import numpy as np

    if not {"eager_median_ms", "compile_median_ms"} <= set(table.columns):
        return None
    rows = table[(table["level"] == level) & table["eager_median_ms"].notna() & table["compile_median_ms"].notna()]
    ratios = (rows["eager_median_ms"].astype(float) / rows["compile_median_ms"].astype(float)).to_numpy()
    return round(float(np.exp(np.log(ratios).mean())), 3) if len(ratios) else None


def tf32_map(published, dataset=None, config="github_main") -> dict:
    """(level, id) -> the reference's TF32 operations, for every published problem (a dry run each; None where
    the dry run fails). `tf32_to_json` / `tf32_from_json` keep it beside a compact ledger."""
    from autokernel.evaluate.tf32 import tf32_ops
    from kb.bridge import resolve_problems

    out = {}
    for level in sorted(set(published["level"])):
        ids = ",".join(str(int(i)) for i in sorted(published.loc[published["level"] == level, "problem_id"]))
        for p in resolve_problems([f"L{int(level)}/{ids}"], dataset=dataset, config=config):
            out[(p.level, p.problem_id)] = tf32_ops(p)
    return out


def tf32_to_json(tf32_of: dict) -> dict:
    return {f"L{lv}/{pid}": (list(ops) if ops is not None else None) for (lv, pid), ops in sorted(tf32_of.items())}


def tf32_from_json(data: dict) -> dict:
    out = {}
    for key, ops in data.items():
        m = _KEY.match(key)
        out[(int(m.group(1)), int(m.group(2)))] = tuple(ops) if ops is not None else None
    return out


def _num(x) -> str:
    return f"{x:.3g}" if isinstance(x, (int, float)) and x == x else "-"


def _md(df) -> str:
    """A DataFrame as a Markdown table (numbers right-aligned)."""
    head = "| " + " | ".join(df.columns) + " |"
    rule = "|" + "|".join("---:" if df[c].dtype.kind in "if" else "---" for c in df.columns) + "|"
    return "\n".join([head, rule] + ["| " + " | ".join(str(v) for v in row) + " |" for row in df.itertuples(index=False)])


def write_page(out_dir: Path, subset, full, fp32_full, *, note: str = "") -> None:
    """baseline_precision.md (both tables, how to read them) and problems_fp32_baselines.csv."""
    out_dir.mkdir(parents=True, exist_ok=True)
    fp32_full.to_csv(out_dir / "problems_fp32_baselines.csv", index=False)
    missing = fp32_full[fp32_full["verdict"] == "missing"]
    lines = [
        "# The same kernels against baselines in two precisions", "",
        "Candidates are held to fp32 (atol = rtol = 1e-4 against a reference with TF32 off). The published page",
        "times eager and `torch.compile` with PyTorch's defaults, which run cuDNN convolutions and RNNs in TF32;",
        "here they are timed with TF32 off, the precision the candidates must reach. Only problems whose reference",
        "runs a TF32 operation under the defaults differ (`autokernel/evaluate/tf32.py`); the others keep their",
        "published rows.", "", note, "",
        "## Whole levels (KernelBench totals; a problem without a row counts as failed)", "",
        _md(full), "",
        "## Only the re-judged problems", "", _md(subset), "",
        f"Rows: [problems_fp32_baselines.csv](problems_fp32_baselines.csv). Missing (counted as failed): "
        f"{', '.join(f'L{r.level}/{r.problem_id}' for r in missing.itertuples()) or 'none'}.", "",
        "## Re-judged problems", "",
        "| problem | verdict | vs eager | vs compile | kernel (ms) | eager fp32 (ms) | compile fp32 (ms) | kernel |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]  # fmt: skip
    judged = fp32_full[fp32_full["source"].str.startswith("re-judged")].sort_values(["level", "problem_id"])
    for r in judged.itertuples(index=False):
        path = getattr(r, "kernel_path", "")
        link = f"[{getattr(r, 'candidate', '') or 'kernel'}]({os.path.relpath(path, out_dir)})" if isinstance(path, str) and path else ""
        lines.append(f"| L{r.level}/{r.problem_id} {r.name} | {r.verdict} | {_num(r.speedup)} | {_num(r.speedup_vs_compile)} | "
                     f"{_num(r.kernel_median_ms)} | {_num(r.eager_median_ms)} | {_num(r.compile_median_ms)} | {link} |")
    lines.append("")
    lines += ["## Short of torch.compile with fp32 baselines", ""]
    for level, rows in fp32_full.sort_values(["level", "problem_id"]).groupby("level"):
        ok = rows["verdict"] == "correct"
        slow = rows[ok & ~(rows["speedup_vs_compile"].astype(float) > 1)]
        failed = rows[~ok]
        lines.append(f"- level {level}: {len(slow)} correct but not faster than compile (speedup vs compile, the "
                     "kernel's share of its roofline floor): " + ", ".join(
            f"L{level}/{r.problem_id} {_num(r.speedup_vs_compile)}× ({_num(r.pct_of_floor)} %)"
            for r in slow.itertuples()) + "; "
            f"{len(failed)} without a correct kernel: " + (", ".join(f"L{level}/{r.problem_id} {r.name} ({r.verdict})"
                                                                   for r in failed.itertuples()) or "none"))
    lines += ["", "Why, per problem, for the default baselines: the leaderboard page ([README.md](README.md)).", ""]
    (out_dir / "baseline_precision.md").write_text("\n".join(lines))


def main(argv=None) -> int:
    import pandas as pd

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fp32", nargs="+", required=True, help="verdicts judged with fp32 baselines: bench run directories or JSON lines")
    ap.add_argument("--prefer", nargs="*", default=[],
                    help="verdicts (run directories or JSON lines) that stand for their problems (e.g. a quiet machine's)")
    ap.add_argument("--published", required=True, help="the leaderboard's problems.csv (default baselines)")
    ap.add_argument("--full-level", action="store_true", help="also score whole levels (see above)")
    ap.add_argument("--dataset", default=None, help="KernelBench for the TF32 dry runs (default: the configured one)")
    ap.add_argument("--out-dir", default=None, help="write baseline_precision.md and problems_fp32_baselines.csv")
    ap.add_argument("--note", default="", help="a paragraph for the page: GPU, versions, commands")
    ap.add_argument("--runs", default=None, help="run directories' root: link each re-judged row to its kernel")
    ap.add_argument("--kernels-dir", default=None, help="where starter-preset kernels are written (with --runs)")
    args = ap.parse_args(argv)
    fp32 = fp32_rows(args.fp32, args.prefer)
    if fp32.empty:
        print("no KernelBench records in the fp32 files", file=sys.stderr)
        return 2
    published = pd.read_csv(args.published)
    if args.runs:
        fp32["kernel_path"] = kernel_files(fp32, run_candidates(Path(args.runs)),
                                           Path(args.kernels_dir or "fp32_kernels"), dataset=args.dataset)
    subset = compare(fp32, published)
    print(subset.to_string(index=False))
    if args.full_level or args.out_dir:
        fp32_full = full_level(fp32, published, tf32_map(published, dataset=args.dataset))
        full = full_scores(published, fp32_full)
        print("\nwhole levels:\n" + full.to_string(index=False))
        if args.out_dir:
            write_page(Path(args.out_dir), subset, full, fp32_full, note=args.note)
        if args.out_dir and args.runs:  # the kernels dir holds the written page's kernels: drop files no row
            shown = {Path(p).name for p in fp32_full.get("kernel_path", pd.Series(dtype=str)).dropna() if p}
            for f in Path(args.kernels_dir or "fp32_kernels").glob("L*_*_*.py"):  # links (a record that lost to
                if f.name not in shown:  # its published row)
                    f.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
