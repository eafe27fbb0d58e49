"""A search's run directory thinned to what resuming it needs, small enough to keep in git between machines.

A long search (the search panel's 50+ rounds a problem) outlives one lent GPU machine, and its run directory
(every candidate's source, full verdicts, logs: tens of MB) is run data that stays out of git. Thinned, it is a
run directory still: ``autokernel-kb run`` / ``search_panel.py run`` resume in (a copy of) it as in the full one.
It keeps:

- every results.jsonl row, with the verdict trimmed of what a resume does not read (logs, stage times, the
  confinement report, the checks' reasons and figures but the plausibility floor's, the policy's long texts);
- every screen.jsonl row (what the move prior and the stop rules read), without the variants' failure texts;
- each problem's folder (problem.py, best.py, best.json, search.json, usage.json);
- the sources a resumed search builds on: round 0's, every candidate that became its problem's best (so the
  best and the stale rounds replay as they happened), and the ``keep`` fastest correct candidates (the seeds and
  the bank), the best one once, as its problem's best.py (`Ledger` reads it from there). Rows without a source
  count and are never proposed or judged again (`autokernel.search.loop`);
- the sources of variants a screen round queued for the judge that have no verdict yet (a resume judges them);
- confirm.jsonl, the readings `search_panel.py confirm` took of the compared kernels (measured on the GPU; the
  page's confirmed gains come from them), an earlier copy's lines kept where the run directory lacks them;
- autotune/, the autotuners' choices the run's processes made on each GPU model (`shared_kernels.keep_choices`: a
  few hundred bytes each, and the first process of each resumed call would time them all again: L3/34's inductor
  kernels benchmarked their configs for a minute), an earlier copy's kept beside the run directory's. Not in a
  ledger-only copy, which no search resumes on a GPU without timing anew.

A kept source that is a few lines away from another kept one of its problem (a tuner's variant of its seed, a
CUDA-graphs wrapper) is stored as those line edits (`autokernel.ledger.packed`); the ledger reads it back. The
bases are candidate files, never best.py, which a resumed search rewrites. Screen rows drop their per-step
seconds (each round's row keeps their sum).

Thinning again merges: an earlier thin copy's sources stay where the newer run directory lacks them.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autokernel.ledger import packed
from autokernel.ledger.ledger import RESULTS, read_rows, row_protocol
from autokernel.ledger.screens import SCREENS
from autokernel.propose.base import recorded_rank
from autokernel.records import Candidate
from autokernel.search.confirm import CONFIRM_LOG, compared_rows

THIN_MARK = "thin.json"
KEEP = 8  # correct candidates kept per problem beyond round 0 and the best's lineage: more than a search seeds from
_PROBLEM_FILES = ("problem.py", "best.py", "best.json", "search.json", "usage.json")
_VERDICT_DROP = ("log_tail", "stages_s", "confinement")
_SCREEN_DROP = ("recorded_at",)
_SCREEN_VARIANT_DROP = ("stages_s",)  # a variant's or control's steps; the round row keeps their sum
# the judge's policy as a verdict states it, less the protocol's long description (the ledger row keeps its key)
_POLICY_KEEP = ("tolerance_preset", "atol", "rtol", "reference_precision", "baseline_precision", "baseline_rule")


@dataclass
class ThinReport:
    """What a thin copy holds."""

    rows: int = 0
    screen_rows: int = 0
    sources_kept: int = 0
    sources_packed: int = 0  # of those kept, stored as line edits of a sibling (`autokernel.ledger.packed`)
    sources_dropped: int = 0
    choices: int = 0  # autotuners' choices kept (autotune/), over every GPU model
    bytes: int = 0


def check_dest(dest: str | Path) -> None:
    """ValueError unless ``dest`` is missing, empty or an earlier thin copy: thinning writes no other folder."""
    path = Path(dest)
    if path.exists() and (not path.is_dir() or (any(path.iterdir()) and not (path / THIN_MARK).is_file())):
        raise ValueError(f"{dest}: not a thin copy of a run directory (no {THIN_MARK}); give a new or empty "
                         f"folder, or one an earlier thinning wrote")


def thin_copy(run_dir: str | Path, dest: str | Path, *, keep: int = KEEP, ledger_only: bool = False) -> ThinReport:
    """Write the thin copy of ``run_dir`` to ``dest`` (replaced whole, through a temporary folder beside it).
    ``ledger_only``: of the candidate sources, only the two each problem's gain compares (`compared_digests`) and
    its best.py, the copy to keep in git beside a page (its ledgers regenerate the page and its gain can be judged
    again; a resume from it builds on those alone, the other rows still counting)."""
    src, dest = Path(run_dir), Path(dest)
    if not (src / RESULTS).is_file():
        raise ValueError(f"{run_dir}: not a search's run directory (no {RESULTS})")
    check_dest(dest)
    rows = read_rows(src / RESULTS)[0]
    wanted = compared_digests(rows) if ledger_only else kept_digests(rows, keep=keep)
    report = ThinReport(rows=len(rows))
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    try:
        _write_jsonl(tmp / RESULTS, (_thin_row(r) for r in rows))
        screens = read_rows(src / SCREENS)[0]
        report.screen_rows = len(screens)
        if screens:
            _write_jsonl(tmp / SCREENS, (_thin_screen_row(r) for r in screens))
        if (src / "run.json").is_file():
            shutil.copy2(src / "run.json", tmp / "run.json")
        _merge_lines([src / CONFIRM_LOG, dest / CONFIRM_LOG], tmp / CONFIRM_LOG)
        if not ledger_only:
            report.choices = _keep_choices([src, dest], tmp)
        for folder in sorted((src / "problems").glob("*")) if (src / "problems").is_dir() else []:
            for name in _PROBLEM_FILES:
                if (folder / name).is_file():
                    (tmp / "problems" / folder.name).mkdir(parents=True, exist_ok=True)
                    shutil.copy2(folder / name, tmp / "problems" / folder.name / name)
        in_best_py = _bests(tmp)
        origins = [(src, packed.PackedSources(src)), (dest, packed.PackedSources(dest))]
        for r in rows:
            path = r.get("source_path") or ""
            target = tmp / path
            if r.get("candidate_digest") not in wanted or not path or target.exists():
                continue
            if in_best_py.get(Path(path).parent.name) == r.get("candidate_digest"):
                continue  # kept once, as the problem's best.py (the ledger reads it from there)
            _copy_source(path, origins, target)  # the run directory's, else an earlier thin copy's
        judged = {r.get("candidate_digest") for r in rows}
        for digest in sorted(() if ledger_only else _queued_digests(screens) - judged):  # a resume judges them
            for root, stored in origins:
                found = sorted(p.relative_to(root).as_posix() for p in (root / "candidates").glob(f"*/{digest}.py"))
                found += sorted(p for p in stored.records if Path(p).name == f"{digest}.py"
                                and Path(p).parts[0] == "candidates")
                if found:
                    _copy_source(found[0], origins, tmp / found[0])
                    break
        records = _pack(tmp)
        missing = [path for path in {r.get("source_path") for r in rows if r.get("source_path")}
                   if not (tmp / path).is_file() and path not in records]
        as_best = sum(1 for path in missing if in_best_py.get(Path(path).parent.name) == Path(path).stem)
        files = sum(1 for _ in (tmp / "candidates").rglob("*.py")) if (tmp / "candidates").is_dir() else 0
        report.sources_kept, report.sources_dropped = files + len(records) + as_best, len(missing) - as_best
        report.sources_packed = len(records)
        (tmp / THIN_MARK).write_text(json.dumps({"thinned_from": str(src), "keep": keep, "ledger_only": ledger_only,
                                                 "rows": report.rows,
                                                 "sources_kept": report.sources_kept,
                                                 "sources_packed": report.sources_packed,
                                                 "choices": report.choices}, indent=1) + "\n")
        report.bytes = sum(f.stat().st_size for f in tmp.rglob("*") if f.is_file())
        if dest.exists():
            old = dest.with_name(f".{dest.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            dest.rename(old)
            tmp.rename(dest)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report


def _keep_choices(roots: list[Path], tmp: Path) -> int:
    """The autotuners' choices under each of ``roots``' autotune/<GPU model>/ (the run directory's first, then an
    earlier thin copy's it lacks) copied into ``tmp``; returns how many. Only whole choice records travel
    (`shared_kernels.choices_only`), never a compile."""
    from autokernel.evaluate.shared_kernels import CHOICES_DIR, choices_only, harvest

    kept = 0
    for root in roots:
        for model in sorted(p for p in (root / CHOICES_DIR).glob("*") if p.is_dir()):
            (tmp / CHOICES_DIR / model.name).mkdir(parents=True, exist_ok=True)
            kept += harvest(model, tmp / CHOICES_DIR / model.name, only=choices_only)
    return kept


def _merge_lines(sources: list[Path], target: Path) -> None:
    """The lines of ``sources`` (those that exist) into ``target``, each once, in the order first seen: readings
    are appended, never rewritten, so a line the run directory and an earlier copy share is the same reading."""
    seen: dict[str, None] = {}
    for path in sources:
        if path.is_file():
            seen.update(dict.fromkeys(line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()))
    if seen:
        target.write_text("".join(line + "\n" for line in seen), encoding="utf-8")


def _copy_source(path: str, origins: list, target: Path) -> None:
    """The source at ``path`` (relative to a run directory) from the first origin holding it, as a file or packed
    edits, written to ``target``; nothing where none holds it."""
    for root, stored in origins:
        origin = root / path
        text = origin.read_text(encoding="utf-8") if origin.is_file() else stored.read(path)
        if text is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            return


def _pack(root: Path) -> dict[str, dict]:
    """Pack the candidate files under ``root`` that a sibling of their problem comes near (`packed.entry`): their
    edits go to ``packed_sources.json`` and the files are removed. Per problem the largest files are tried first
    as bases, so the files kept whole are the ones the others are made from."""
    records: dict[str, dict] = {}
    for folder in sorted(p for p in (root / "candidates").glob("*") if p.is_dir()):
        files = sorted(folder.glob("*.py"), key=lambda p: (-p.stat().st_size, p.name))
        bases: list[tuple[str, str]] = []  # (path, text) of the files kept whole, each read once
        for f in files:
            rel, text = f.relative_to(root).as_posix(), f.read_text(encoding="utf-8")
            near = [e for base, base_text in bases if (e := packed.entry(base, base_text, text)) is not None]
            if near:
                records[rel] = min(near, key=lambda e: e[1])[0]  # the base with the fewest edits
            else:
                bases.append((rel, text))
    for rel in records:
        (root / rel).unlink()
    packed.write(root, records)
    return records


def _thin_screen_row(row: dict[str, Any]) -> dict[str, Any]:
    drop = _SCREEN_DROP + (_SCREEN_VARIANT_DROP if row.get("kind") in ("variant", "control") else ())
    return {k: v for k, v in row.items() if k not in drop}


def _bests(root: Path) -> dict[str, str]:
    """Problem folder name -> the candidate digest of its best.py (the source the ledger falls back to)."""
    return {best.parent.name: Candidate(source=best.read_text(encoding="utf-8")).digest
            for best in sorted((root / "problems").glob("*/best.py"))}


def _queued_digests(screen_rows: Iterable[dict[str, Any]]) -> set[str]:
    """Digests the screen rounds queued for the judge (`ScreenLog.queued`)."""
    return {str(q["candidate_digest"]) for r in screen_rows if r.get("kind") == "round"
            for q in r.get("queued") or [] if isinstance(q, dict) and q.get("candidate_digest")}


# ideas of the tuner's kernels in today's generated code after a template change: the starter judged again, and the
# earlier seeds' settings carried into it (`TunerProposer._restart`, `_carried`)
RESTART_IDEAS = ("generated starter", "today's generator")


def compared_digests(rows: Iterable[dict[str, Any]]) -> set[str]:
    """Per problem and protocol: the two kernels its gain compares (`autokernel.search.confirm.compared_rows`), the
    sources a ledger-only copy keeps so the gain can be judged again from it (`search_panel.py confirm`)."""
    parts: dict[tuple[str, str], list[dict]] = {}
    for r in latest_rows(rows):  # per problem as the table names it (`search_panel.py table`), and protocol
        parts.setdefault((str(r.get("problem")), row_protocol(r)), []).append(r)
    return {r["candidate_digest"] for part in parts.values() for r in compared_rows(part) if r is not None}


def latest_rows(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The newest row per candidate (``cache_key``: a re-judged candidate's latest verdict stands), first-seen order."""
    latest: dict[str, dict] = {}
    for r in rows:
        latest[r["cache_key"]] = r
    return list(latest.values())


def kept_digests(rows: Iterable[dict[str, Any]], *, keep: int = KEEP) -> set[str]:
    """Per problem: round 0's candidates, every correct one that beat all before it (the lineage of the best,
    whatever the search's own minimum gain), and the ``keep`` fastest correct ones; and after a template change,
    the restarts (`RESTART_IDEAS`, correct or not) and the ``keep`` fastest correct ones judged since the latest,
    the line a resumed tuner moves on from where a foreign kernel leads (on the H200 panel, L3/26's today's starter at
    6.83 ms was not among its 8 fastest, all in earlier code, and L1/50's, wrong only in its values, is its repair
    seed)."""
    by_problem: dict[str, list[dict]] = {}
    for r in latest_rows(rows):
        by_problem.setdefault(str(r.get("problem_digest")), []).append(r)
    def rnd(r: dict) -> int:
        return int(r.get("round") or 0)

    def fastest(rs: list[dict]) -> set[str]:
        return {r["candidate_digest"] for r in sorted(rs, key=lambda r: recorded_rank(r["verdict"]), reverse=True)[:keep]}

    out: set[str] = set()
    for part in by_problem.values():
        correct = [r for r in part if (r.get("verdict") or {}).get("verdict") == "correct"]
        out |= {r["candidate_digest"] for r in part if rnd(r) == 0}
        best = None
        for r in sorted(correct, key=rnd):  # stable: recording order in a round
            if best is None or recorded_rank(r["verdict"]) > recorded_rank(best["verdict"]):
                best = r
                out.add(r["candidate_digest"])
        out |= fastest(correct)
        restarts = [r for r in part if rnd(r) > 0 and str(r.get("idea") or "").startswith(RESTART_IDEAS)]
        if restarts:
            since = max(map(rnd, restarts))
            out |= {r["candidate_digest"] for r in restarts} | fastest([r for r in correct if rnd(r) >= since])
    return out


def _thin_row(row: dict[str, Any]) -> dict[str, Any]:
    v = {k: x for k, x in (row.get("verdict") or {}).items() if k not in _VERDICT_DROP}
    if isinstance(v.get("policy"), dict):
        v["policy"] = {k: v["policy"][k] for k in _POLICY_KEEP if k in v["policy"]}
    v["checks"] = [{"name": c.get("name", ""), "passed": bool(c.get("passed")),
                    **({"figures": c.get("figures") or {}} if c.get("name") == "plausibility" else {})}
                   for c in v.get("checks") or []]
    return {**row, "verdict": v}


def _write_jsonl(path: Path, rows: Iterable[dict]) -> None:
    path.write_text("".join(json.dumps(r, default=str) + "\n" for r in rows), encoding="utf-8")
