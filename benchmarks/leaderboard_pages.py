"""A GPU's published leaderboard pages, regenerated from what git keeps: its compact ledgers and kept kernels.

Run from the folder that holds ``leaderboards/`` (the repository root); no dataset, GPU or network needed:

    python benchmarks/leaderboard_pages.py regenerate leaderboards/nvidia-h200   # rewrite every page
    python benchmarks/leaderboard_pages.py check leaderboards/nvidia-h200        # exit 1 if a page would change

Inputs under ``<board>/ledger/``: ``L<level>.jsonl`` (`kb.compact`) and ``pages.json`` (levels, the score's time
stamp, the run archive, and for the fp32-baseline page its note, kernels folder and each problem's TF32 operations).
Outputs: README.md, problems.csv/.json, score.json and the two plots (`kb.leaderboard`), baseline_precision.md and
problems_fp32_baselines.csv (`benchmarks/baseline_precision_table.py`).

``build`` makes the ledgers from full run directories and re-judged verdicts (a bench run directory or JSON lines:
`kb.bench_kb.verdict_records`):
it keeps each published row's kernel (``kernels/L<level>_<id>.py`` for the page's rows; the fp32 page's other
kernels in its kernels folder), records the TF32 map (dry runs: needs the dataset), then regenerates:

    python benchmarks/leaderboard_pages.py build leaderboards/nvidia-h200 --run RUNS/L1 --run RUNS/L2 \\
        --rejudged calls/*/fp32-*.jsonl --prefer quiet/fp32-*.jsonl --note note.md --dataset KERNELBENCH \\
        --archive ORG/NAME

``publish`` replaces the board by a re-score of the same kernels under both protocols, from `autokernel-kb bench`
folders (``--protocol both --repeat 3``; one per level, or several levels):

    python benchmarks/leaderboard_pages.py publish leaderboards/nvidia-h200 --bench B1 --bench B2 --bench B3 \\
        --archive ORG/NAME

Its layout: ``ledger/<protocol>/L<level>.jsonl`` and ``L<level>.repeat<r>.jsonl`` (the repeats' verdicts, whose
spread decides ties), ``pages.json`` with ``protocols`` (KernelBench's first); ``<protocol>/`` a full
`kb.leaderboard` page each; ``README.md`` and ``problems.csv`` the side-by-side index (`kb.board`, a row per
(problem, protocol)); ``kernels/L<level>_<id>.py`` once for every protocol (``L<level>_<id>.<protocol>.py`` where
a protocol's best kernel is another one). The fp32-baseline page is not part of it (the strict protocol times a
baseline in fp32 where PyTorch's flags miss the tolerance); ``publish`` removes its files and ``check`` names any
file the layout does not account for. A pages.json without ``protocols`` is the one-page layout above, unchanged.

``reword`` changes the comments of the kept kernels only (their code digests must stay those recorded).

``ledgers`` merges bench folders' verdicts into a re-score's compact ledgers (``--compact-ledgers`` of
`autokernel-kb bench`), as each bench does when it ends: a device call that judged one level and a later call that
judged another each bring back their copy of the ledgers, and only the folders hold every verdict of both:

    python benchmarks/leaderboard_pages.py ledgers leaderboards/nvidia-h200/rescore --bench B1 --bench B3

``rules`` fills in the precision each verdict's baselines ran in (``policy.baseline_rule``: strict decides it per
problem, a protocol that fixes it, as kernelbench keeps PyTorch's flags, records that) where a ledger line lacks it, from the judge caches that decided
it (``baseline_rule.json`` under ``AUTOKERNEL_KB_CACHE``, keyed by problem digest, tolerance and environment); a
strict line with no matching cache entry stays without one (the page leaves its ``baseline_precision`` empty):

    python benchmarks/leaderboard_pages.py rules leaderboards/nvidia-h200/ledger leaderboards/nvidia-h200/rescore \
        --cache .gpu/rescore/cache/baseline_rule.json
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from autokernel.evaluate.baselines import configured_rule, rule_key  # noqa: E402
from autokernel.evaluate.protocol import PROTOCOL_NAMES  # noqa: E402
from kb.compact import (  # noqa: E402
    Ledger,
    LedgerError,
    compact_run,
    keep_kernel,
    kept_kernels,
    level_of,
    read_ledger,
    rejudged_line,
    reword_comments,
    write_ledger,
)

PAGES = ("README.md", "problems.csv", "problems.json", "score.json", "baseline_precision.md",
         "problems_fp32_baselines.csv")  # fmt: skip
PLOTS = ("speedup_distribution.png", "roofline.png")  # identical only under the matplotlib that drew them
KERNELS = "kernels"  # the page's kernels, one per problem: L<level>_<id>.py

_spec = importlib.util.spec_from_file_location("baseline_precision_table",
                                               Path(__file__).with_name("baseline_precision_table.py"))
bpt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bpt)


@dataclass
class PageInputs:
    """``ledger/pages.json``: what the pages need beside the verdicts (paths relative to the ledger folder)."""

    ledgers: list[str]
    levels: list[int]
    created_at: str  # score.json's stamp: when these scores were first written
    archive: str | None = None  # Hub dataset with the full run directories (`kb.archive`)
    archive_uploaded: bool = False
    fp32_note: str | None = None  # Markdown paragraph of the fp32-baseline page; None: no such page
    fp32_kernels: str = "../fp32_kernels"
    tf32_ops: dict[str, list[str] | None] = field(default_factory=dict)  # "L1/54" -> TF32 ops (None: unknown)
    # A published re-score (`publish`): a page per protocol, KernelBench's first, and the index beside them;
    # ledgers named <protocol>/L<level>.jsonl and <protocol>/L<level>.repeat<r>.jsonl. None: one page (the
    # layout `build` writes).
    protocols: list[str] | None = None
    totals: dict[str, int] | None = None  # problems per level (the fast_p denominators); None: KernelBench's

    @classmethod
    def read(cls, board: Path) -> PageInputs:
        return cls(**json.loads((board / "ledger" / "pages.json").read_text()))

    def write(self, board: Path) -> None:
        """Each layout writes only its own fields, so an older pages.json is written back as it was."""
        data = asdict(self)
        for key in (("fp32_note", "fp32_kernels", "tf32_ops") if self.protocols else ("protocols", "totals")):
            data.pop(key)
        (board / "ledger").mkdir(parents=True, exist_ok=True)
        (board / "ledger" / "pages.json").write_text(json.dumps(data, indent=1) + "\n")


def _relative(board: str | Path) -> Path:
    """``board`` relative to the working directory, as the pages name their files (``leaderboards/<gpu>``)."""
    rel = Path(os.path.relpath(Path(board).resolve(), Path.cwd()))
    if rel.parts[:1] == ("..",) or len(rel.parts) != 2:
        raise SystemExit(f"{board}: run from the folder that holds leaderboards/ (the pages name files from there)")
    return rel


def regenerate(board: str | Path, *, fp32_page: bool = True) -> list[Path]:
    """Write every page of ``board`` from its ledger folder; returns the files written."""
    from kb.leaderboard import write_leaderboard
    from kb.runs import run_environment, run_table

    board = _relative(board)
    inputs = PageInputs.read(board)
    if inputs.protocols:
        return _regenerate_protocols(board, inputs)
    ledgers = [board / "ledger" / name for name in inputs.ledgers]
    search = [p for p in ledgers if read_ledger(p).search_rows()]
    want_fp32 = fp32_page and inputs.fp32_note is not None
    if want_fp32 and not (board / "baseline_precision.md").exists():
        (board / "baseline_precision.md").write_text("")  # the main page links it when it exists; written below
    files = write_leaderboard([run_table(p) for p in search], run_environment(search), board.parent,
                              levels=inputs.levels, created_at=inputs.created_at, archive=inputs.archive,
                              archive_uploaded=inputs.archive_uploaded)  # fmt: skip
    if files.folder != board:
        raise LedgerError(f"the ledgers' GPU writes {files.folder}, not {board}")
    written = [files.page, files.problems_csv, files.problems_json, files.score_json, files.speedup_plot,
               files.roofline_plot]  # fmt: skip
    if want_fp32:
        written += _fp32_page(board, inputs, ledgers)
    return written


def _fp32_page(board: Path, inputs: PageInputs, ledgers: list[Path]) -> list[Path]:
    import pandas as pd

    fp32 = bpt.fp32_rows_from(bpt.ledger_records(ledgers))
    stored: dict[str, str] = {}
    for kept in kept_kernels(ledgers, verify=False):  # verified by `check` and the tests, not on every page
        stored.setdefault(kept.candidate_digest, kept.path.as_posix())
    fp32["kernel_path"] = bpt.kernel_files(fp32, stored, Path(os.path.normpath(board / "ledger" / inputs.fp32_kernels)),
                                           regenerate=False)  # fmt: skip
    published = pd.read_csv(board / "problems.csv")
    fp32_full = bpt.full_level(fp32, published, bpt.tf32_from_json(inputs.tf32_ops))
    note = (board / "ledger" / inputs.fp32_note).read_text().strip()
    bpt.write_page(board, bpt.compare(fp32, published), bpt.full_scores(published, fp32_full), fp32_full, note=note)
    return [board / "baseline_precision.md", board / "problems_fp32_baselines.csv"]


# ---------------------------------------------------------------------------------------------------------
# A published re-score: the same kernels under each protocol (`autokernel-kb bench --protocol both`)

INDEX_PAGES = ("README.md", "problems.csv")  # `kb.board.write_index`, at the board's top
PROTOCOL_PAGES = ("README.md", "problems.csv", "problems.json", "score.json")  # `kb.leaderboard`, <board>/<protocol>/
LEGACY = ("problems.json", "score.json", "baseline_precision.md", "problems_fp32_baselines.csv", *PLOTS)
# ^ the one-page layout's files that a re-score replaces (the fp32-baseline page's question is answered by the
#   strict protocol's baseline rule: fp32 only where PyTorch's default flags miss the tolerance)
_REPEAT = re.compile(r"^L(\d+)\.repeat(\d+)\.jsonl$")


def _protocol_ledgers(board: Path, inputs: PageInputs, protocol: str) -> list[tuple[Path, list[Path]]]:
    """``protocol``'s ledgers, one per level, each with its repeats' ledgers (their spread decides ties)."""
    names = [Path(n) for n in inputs.ledgers if Path(n).parts[0] == protocol]
    out = []
    for main in (n for n in names if not _REPEAT.match(n.name)):
        repeats = [n for n in names if (m := _REPEAT.match(n.name)) and f"L{m.group(1)}" == main.stem]
        out.append((board / "ledger" / main, [board / "ledger" / r for r in repeats]))
    if not out:
        raise LedgerError(f"{board}: pages.json names no ledger of the {protocol} protocol")
    return out


def _regenerate_protocols(board: Path, inputs: PageInputs) -> list[Path]:
    """Each protocol's full page under ``<board>/<protocol>/`` and the side-by-side index at the top."""
    from kb.bench_kb import page_environment
    from kb.board import write_index
    from kb.leaderboard import archive_line, gpu_slug, write_leaderboard
    from kb.runs import run_budget, run_table
    from kb.scorer import KERNELBENCH_TOTALS

    totals = {int(k): n for k, n in inputs.totals.items()} if inputs.totals else KERNELBENCH_TOTALS
    written: list[Path] = []
    for protocol in inputs.protocols:
        ledgers = _protocol_ledgers(board, inputs, protocol)
        env = page_environment([main for main, _ in ledgers], protocol)
        again = run_budget([r for _, repeats in ledgers for r in repeats])
        if again:  # the repeats that measured the spreads cost device time too: beside the first verdicts'
            env["search_budget"] = "; ".join(b for b in (env.get("search_budget"), again) if b) + (
                " (protocols and repeats judged side by side share a call's GPU time: each line counts it whole)")
        if gpu_slug(str(env["gpu"])) != board.name:
            raise LedgerError(f"the {protocol} ledgers were judged on {env['gpu']}, not the GPU of {board}")
        tables = [run_table(main, protocol=protocol, repeats=repeats) for main, repeats in ledgers]
        files = write_leaderboard(tables, env, board.parent, totals=totals, levels=inputs.levels,
                                  created_at=inputs.created_at, archive=inputs.archive,
                                  archive_uploaded=inputs.archive_uploaded, folder=board / protocol)  # fmt: skip
        written += [files.page, files.problems_csv, files.problems_json, files.score_json,
                    *(f for f in (files.speedup_plot, files.roofline_plot) if f)]  # fmt: skip
    written += write_index({p: board / p for p in inputs.protocols}, board,
                           archive=archive_line(inputs.archive, inputs.archive_uploaded),
                           notes=[_kernels_note(board, inputs)])  # fmt: skip
    return written


def _scored_kernels(board: Path, inputs: PageInputs) -> dict[str, dict[str, str]]:
    """protocol -> problem -> the kept kernel file (relative to the board) of the row that scores it."""
    from kb.runs import best_rows

    out: dict[str, dict[str, str]] = {}
    for protocol in inputs.protocols:
        for main, _ in _protocol_ledgers(board, inputs, protocol):
            for row in best_rows(read_ledger(main).search_rows()).values():
                if row.get("source_path"):
                    path = Path(os.path.normpath(main.parent / row["source_path"]))
                    out.setdefault(protocol, {})[row["problem"]] = path.relative_to(board).as_posix()
    return out


def _kernels_note(board: Path, inputs: PageInputs) -> str:
    """Which file each protocol's scored kernel is: one per problem, serving every protocol, except where the
    protocols' best kernels differ (the later protocol's kept as ``L<level>_<id>.<protocol>.py``)."""
    scored = _scored_kernels(board, inputs)
    text = ("Kernels: one file per problem, `kernels/L<level>_<id>.py`, judged under every protocol (the same "
            "kernels, stored once).")
    apart = {p: sorted((k for k, path in files.items() if path.endswith(f".{p}.py")), key=_problem_key)
             for p, files in scored.items()}
    apart = {p: keys for p, keys in apart.items() if keys}
    if not apart:
        return text
    return text + " Where a protocol's best kernel is another one, that protocol's is kept beside it as " + \
        "`kernels/L<level>_<id>.<protocol>.py`: " + \
        "; ".join(f"{p} ({len(keys)}): {', '.join(keys)}" for p, keys in apart.items()) + "."


def _problem_key(key: str) -> tuple[int, int]:
    level, pid = key[1:].split("/")
    return int(level), int(pid)


def _bench_runs(bench: Path) -> list[tuple[str, int, Path]]:
    """(protocol, repeat, run directory) of a bench folder (`kb.bench_kb`): ``<protocol>/`` is repeat 1,
    ``repeats/<r>/<protocol>/`` repeat r."""
    found = [(p, 1, bench / p) for p in PROTOCOL_NAMES if (bench / p / "results.jsonl").is_file()]
    for folder in sorted((bench / "repeats").glob("*"), key=lambda f: (not f.name.isdigit(), f.name)):
        if folder.name.isdigit():
            found += [(p, int(folder.name), folder / p) for p in PROTOCOL_NAMES
                      if (folder / p / "results.jsonl").is_file()]  # fmt: skip
    return found


def publish(board: str | Path, benches: list[str], *, archive: str | None = None, archive_uploaded: bool = False,
            created_at: str | None = None) -> list[Path]:
    """Replace ``board`` by the re-score in bench folders (one per level, or several levels, or shards of one):
    per protocol and level a compact ledger of the judged verdicts and one of each repeat's, the scored kernels
    kept once (``kernels/L<level>_<id>.py``; a protocol whose best kernel is another one gets
    ``L<level>_<id>.<protocol>.py``), pages.json, then every page. The one-page layout's files (its ledgers, the
    fp32-baseline page and its kernels, the top-level score and plots) are removed; other files (parity.md ...)
    stay."""
    from kb.bench_kb import BENCH_INFO
    from kb.board import protocol_order
    from kb.compact import split_levels
    from kb.runs import best_rows

    board = _relative(board)
    ledger_dir = board / "ledger"
    found: dict[tuple[str, int], dict[int, Ledger]] = {}
    stored: dict[str, dict[str, str]] = {}  # protocol -> candidate digest -> its stored source
    totals: dict[int, int] = {}
    for bench in map(Path, benches):
        _check_bench(bench)
        for inv in json.loads((bench / BENCH_INFO).read_text()).get("invocations", []):
            totals |= {int(k): int(n) for k, n in (inv.get("totals") or {}).items()}
        runs = _bench_runs(bench)
        if not any(repeat == 1 for _, repeat, _ in runs):
            raise LedgerError(f"{bench}: no protocol's run directory with verdicts (nothing judged yet?)")
        for protocol, repeat, run_dir in runs:
            for level, part in split_levels(compact_run(run_dir)).items():
                have = found.setdefault((protocol, repeat), {}).setdefault(level, part)
                if have is not part:  # another bench folder (a shard) of the same level
                    have.rows += part.rows
                    have.run_json["invocations"] = have.run_json.get("invocations", []) + part.run_json["invocations"]
            if repeat == 1:
                stored.setdefault(protocol, {}).update(bpt.run_candidates(run_dir))
    protocols = protocol_order({p for p, repeat in found if repeat == 1})
    levels = sorted({lv for p in protocols for lv in found[(p, 1)]})
    paths = {(p, r, lv): ledger_dir / p / (f"L{lv}.jsonl" if r == 1 else f"L{lv}.repeat{r}.jsonl")
             for (p, r), per in found.items() if p in protocols for lv in per}
    kernels = board / KERNELS
    plain: dict[tuple[int, int], str] = {}  # (level, id) -> the candidate stored as L<level>_<id>.py
    for p in protocols:
        for lv, ledger in sorted(found[(p, 1)].items()):
            for (level, pid), row in sorted(best_rows(ledger.search_rows()).items()):
                digest = row["candidate_digest"]
                if digest not in stored[p]:
                    continue
                name = f"L{level}_{pid}.py" if plain.setdefault((level, pid), digest) == digest else \
                    f"L{level}_{pid}.{p}.py"
                keep_kernel(paths[(p, 1, lv)], ledger, row["problem"], digest, stored[p][digest], kernels / name)
    _remove_layout(board, keep={path.resolve() for path in paths.values()})
    for (p, r, lv), path in sorted(paths.items()):
        write_ledger(path, found[(p, r)][lv])
    inputs = PageInputs(ledgers=[path.relative_to(ledger_dir).as_posix() for path in _ordered(paths, protocols)],
                        levels=levels, created_at=created_at or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                        archive=archive, archive_uploaded=archive_uploaded, protocols=protocols,
                        totals={str(lv): totals[lv] for lv in levels if lv in totals} or None)  # fmt: skip
    inputs.write(board)
    recorded = {k.path.resolve() for k in kept_kernels(paths.values(), verify=False)}
    for f in sorted(kernels.glob("*.py")) if kernels.is_dir() else []:  # exactly the kernels the ledgers name
        if f.resolve() not in recorded:
            f.unlink()
    return [*_ordered(paths, protocols), *regenerate(board)]


def write_ledgers(root: str | Path, benches: list[str]) -> list[Path]:
    """Merge every protocol's and repeat's verdicts of ``benches`` (bench folders) into the compact ledgers under
    ``root`` (`kb.bench_ledgers.write_back`: a verdict already there is replaced by the folder's, others stay)."""
    from kb.bench_ledgers import check_ledger_dir, write_back

    check_ledger_dir(Path(root))
    written: list[Path] = []
    for bench in map(Path, benches):
        _check_bench(bench)
        written += write_back(root, _bench_runs(bench))
    return written


def _check_bench(bench: Path) -> None:
    from kb.bench_kb import BENCH_INFO

    if not (bench / BENCH_INFO).is_file():
        raise LedgerError(f"{bench}: not a bench folder (no {BENCH_INFO}; `autokernel-kb bench --out` writes it)")


def _ordered(paths: dict[tuple[str, int, int], Path], protocols: list[str]) -> list[Path]:
    """Protocols in page order, then level, then repeat (the main ledger first)."""
    return [paths[k] for k in sorted(paths, key=lambda k: (protocols.index(k[0]), k[2], k[1]))]


def _remove_layout(board: Path, *, keep: set[Path]) -> None:
    """Every file an earlier layout of ``board`` made that a re-score does not rewrite: the ledgers (but
    ``keep``), the fp32-baseline page, its note and kernels, the one-page score and plots."""
    ledger_dir = board / "ledger"
    old = [*ledger_dir.glob("*.jsonl"), *ledger_dir.glob("*/*.jsonl"), ledger_dir / "fp32_note.md",
           *(board / n for n in LEGACY), *(board / "fp32_kernels").glob("*.py"),
           *(board / p / n for p in PROTOCOL_NAMES for n in (*PROTOCOL_PAGES, *PLOTS))]  # fmt: skip
    for f in old:
        if f.is_file() and f.resolve() not in keep:
            f.unlink()
    for folder in (board / "fp32_kernels", *(board / p for p in PROTOCOL_NAMES),
                   *(p for p in ledger_dir.glob("*") if p.is_dir())):  # fmt: skip
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def stale(board: Path, inputs: PageInputs) -> list[str]:
    """Files of a re-scored ``board`` that no page, ledger or kept kernel accounts for: the one-page layout's,
    ledgers pages.json does not name, kernels no ledger names."""
    ledger_dir = board / "ledger"
    named = {(ledger_dir / n).resolve() for n in inputs.ledgers}
    kept = {k.path.resolve() for k in kept_kernels((ledger_dir / n for n in inputs.ledgers), verify=False)}
    found = [*(board / n for n in LEGACY), ledger_dir / "fp32_note.md", *(board / "fp32_kernels").glob("*")]
    found += [f for f in (*ledger_dir.glob("*.jsonl"), *ledger_dir.glob("*/*.jsonl")) if f.resolve() not in named]
    found += [f for f in (board / KERNELS).glob("*.py") if f.resolve() not in kept]
    found += [board / p for p in PROTOCOL_NAMES if p not in inputs.protocols]  # a protocol no longer published
    return sorted(str(f) for f in found if f.exists())


@contextlib.contextmanager
def _cwd(path: Path):
    old = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def check(board: str | Path, *, plots: bool = True, kernels: bool = True) -> list[str]:
    """The pages of ``board`` that regenerating would change (empty: byte-identical), with ``kernels`` any
    kept kernel whose code is not the judged candidate's, and on a re-score every stale file (`stale`). Plots are
    compared only when the installed matplotlib is the one that drew them (their bytes depend on its version)."""
    board = _relative(board)
    inputs = PageInputs.read(board)
    problems = []
    try:
        if kernels:
            kept_kernels(board / "ledger" / name for name in inputs.ledgers)
        if inputs.protocols:
            problems += [f"stale (no page, ledger or kept kernel accounts for it): {f}" for f in stale(board, inputs)]
    except LedgerError as exc:
        problems.append(str(exc))
    if inputs.protocols:  # a re-score: each protocol's page and the index
        names = [*INDEX_PAGES, *(f"{p}/{n}" for p in inputs.protocols for n in (*PROTOCOL_PAGES, *PLOTS))]
    else:
        names = [*PAGES, *PLOTS]
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(board.parent, Path(tmp) / board.parent)
        with _cwd(Path(tmp)):
            regenerate(board)
        for name in names:
            if not plots and Path(name).name in PLOTS:
                continue
            old, new = board / name, Path(tmp) / board / name
            if not old.exists() and not new.exists():
                continue
            if Path(name).name in PLOTS and not same_matplotlib(old):
                continue
            if not (old.exists() and new.exists() and old.read_bytes() == new.read_bytes()):
                problems.append(str(old))
    return problems


def same_matplotlib(png: Path) -> bool:
    """Was ``png`` drawn by the installed matplotlib (its version is in the file's Software text)?"""
    import matplotlib

    found = re.search(rb"Matplotlib version([\w.+-]+)", png.read_bytes()[:4096]) if png.is_file() else None
    return bool(found) and found.group(1).decode() == matplotlib.__version__


def build(board: str | Path, runs: list[str], rejudged: list[str] = (), prefer: list[str] = (), *,
          candidates: list[str] = (), note: str | None = None, dataset: str | None = None,
          archive: str | None = None, archive_uploaded: bool = False, created_at: str | None = None,
          config: str = "github_main") -> list[Path]:
    """Ledgers, kept kernels and pages.json of ``board`` from run directories (one level each) and re-judged
    verdicts (``prefer``: records that stand for their problems); then every page. ``candidates``: more run
    directories whose stored candidates a re-judged record may name (default: ``runs``)."""
    import pandas as pd

    from kb.runs import best_rows

    board = _relative(board)
    ledger_dir = board / "ledger"
    if (ledger_dir / "pages.json").is_file() and PageInputs.read(board).protocols:
        raise LedgerError(f"{board} is a re-score under several protocols: replace it with `publish`")
    old = [ledger_dir / p.name for p in sorted(ledger_dir.glob("L*.jsonl"))] if ledger_dir.is_dir() else []
    known = {r["candidate_digest"]: r["code_digest"] for p in old for r in read_ledger(p).rows if r.get("code_digest")}
    ledgers: dict[int, Ledger] = {}
    run_of: dict[int, Path] = {}
    for d in runs:
        ledger = compact_run(d)
        levels = {level_of(r) for r in ledger.rows}
        if len(levels) != 1 or (level := levels.pop()) in ledgers:
            raise LedgerError(f"{d}: one run directory per level, each of one level (found {sorted(levels)})")
        ledgers[level], run_of[level] = ledger, Path(d)
    for path, preferred in [*((p, False) for p in rejudged), *((p, True) for p in prefer)]:
        for rec in bpt.read_records(path):
            if (level := level_of(rec)) is not None:
                ledgers.setdefault(level, Ledger(run=f"L{level}")).rows.append(rejudged_line(rec, preferred=preferred))
    paths = {lv: ledger_dir / f"L{lv}.jsonl" for lv in sorted(ledgers)}
    for p in old:
        p.unlink()
    kernels = board / KERNELS
    stored: dict[str, str] = {}
    for d in candidates or runs:
        stored |= bpt.run_candidates(Path(d))
    for level, ledger in ledgers.items():  # the main page's kernels: each problem's scored row
        found = bpt.run_candidates(run_of[level]) if level in run_of else {}
        for (lv, pid), row in sorted(best_rows(ledger.search_rows()).items()):
            digest = row["candidate_digest"]
            if digest in found:
                dest = keep_kernel(paths[level], ledger, row["problem"], digest, found[digest],
                                   kernels / f"L{lv}_{pid}.py")
                stored[digest] = dest.as_posix()
    inputs = PageInputs(ledgers=[p.name for p in paths.values()], levels=sorted(run_of),
                        created_at=created_at or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                        archive=archive, archive_uploaded=archive_uploaded,
                        fp32_note="fp32_note.md" if rejudged or prefer else None)  # fmt: skip
    _save(ledger_dir, paths, ledgers, inputs)
    regenerate(board, fp32_page=False)  # problems.csv: the published rows the fp32 page compares with
    if inputs.fp32_note is not None:
        _keep_fp32_kernels(board, paths, ledgers, stored, known, dataset=dataset, config=config)
        published = pd.read_csv(board / "problems.csv")
        inputs.tf32_ops = bpt.tf32_to_json(bpt.tf32_map(published, dataset=dataset, config=config))
        (ledger_dir / "fp32_note.md").write_text((Path(note).read_text().strip() if note else "") + "\n")
    recorded = {Path(os.path.normpath(ledger_dir / r["source_path"])).resolve()
                for ledger in ledgers.values() for r in ledger.rows if r.get("source_path")}
    for folder in (kernels, board / "fp32_kernels"):  # each folder holds exactly the kernels the ledgers name
        for f in sorted(folder.glob("*.py")) if folder.is_dir() else []:
            if f.resolve() not in recorded:
                f.unlink()
    _save(ledger_dir, paths, ledgers, inputs)
    return [*paths.values(), *regenerate(board)]


def _keep_fp32_kernels(board: Path, paths: dict[int, Path], ledgers: dict[int, Ledger], stored: dict[str, str],
                       known: dict[str, str], **where) -> None:
    """The fp32 page's kernels: found among ``stored`` (kept or a run's candidates), kept in the kernels folder by
    an earlier generator, or generated again; a run's candidate is copied into the kernels folder."""
    fp32_dir = board / "fp32_kernels"
    fp32 = bpt.fp32_rows_from(bpt.ledger_records(paths.values()))
    fp32["kernel_path"] = bpt.kernel_files(fp32, stored, fp32_dir, known=known, **where)
    for r in fp32.itertuples(index=False):
        if not r.kernel_path:
            continue
        src, level, problem = Path(r.kernel_path), int(r.level), f"L{r.level}/{r.problem_id}"
        inside = src.parent.resolve() in ((board / KERNELS).resolve(), fp32_dir.resolve())
        dest = src if inside else fp32_dir / f"L{level}_{r.problem_id}_{r.candidate_digest}.py"
        code = None if _judged(src, r.candidate_digest) else known.get(r.candidate_digest)  # reworded since
        keep_kernel(paths[level], ledgers[level], problem, r.candidate_digest, src, dest, code=code)


def _judged(path: Path, digest: str) -> bool:
    from kb.compact import candidate_digest

    return candidate_digest(path.read_text()) == digest


def _save(ledger_dir: Path, paths: dict[int, Path], ledgers: dict[int, Ledger], inputs: PageInputs) -> None:
    for level, path in paths.items():
        write_ledger(path, ledgers[level])
    inputs.write(ledger_dir.parent)


def reword(board: str | Path, old: str, new: str) -> list[Path]:
    """Replace ``old`` by ``new`` (a regular expression and its replacement) in the comments of every kept kernel
    of ``board``; each file's code digest is checked against the recorded one afterwards."""
    board = _relative(board)
    ledgers = [board / "ledger" / name for name in PageInputs.read(board).ledgers]
    changed = []
    for path in sorted({k.path for k in kept_kernels(ledgers)}):
        text = path.read_text()
        out = reword_comments(text, lambda comment: re.sub(old, new, comment))
        if out != text:
            path.write_text(out)
            changed.append(path)
    kept_kernels(ledgers)  # raises if a file's code changed
    return changed


def fill_rules(folders: list[str | Path], caches: list[str | Path]) -> tuple[list[Path], int, int]:
    """Add ``policy.baseline_rule`` to the timed verdicts of every compact ledger under ``folders`` that lack it
    (see the module docstring); returns the files changed, the verdicts filled and those left without a rule."""
    rules: dict[str, dict] = {}
    for cache in caches:
        rules.update({k: v for k, v in json.loads(Path(cache).read_text()).items()
                      if isinstance(v, dict) and v.get("precision") in ("default", "fp32")})
    changed, filled, missing = [], 0, 0
    for path in sorted(p for folder in folders for p in Path(folder).rglob("*.jsonl")):
        ledger, touched = read_ledger(path), False
        for row in ledger.rows:
            v = row.get("verdict") or {}
            policy = v.get("policy")
            if not v.get("eager") or not isinstance(policy, dict) or "baseline_rule" in policy:
                continue
            if policy.get("baseline_precision", "auto") != "auto":  # fixed by the protocol (kernelbench's flags)
                rule = configured_rule(policy["baseline_precision"])
            else:
                rule = rules.get(rule_key(str(row.get("problem_digest", "")), float(policy.get("atol", 0)),
                                          v.get("environment") or {}))
            if rule is None:
                missing += 1
                continue
            policy["baseline_rule"], touched, filled = dict(rule), True, filled + 1
        if touched:
            changed.append(write_ledger(path, ledger))
    return changed, filled, missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    led = sub.add_parser("ledgers", help="merge bench folders' verdicts into a re-score's compact ledgers")
    led.add_argument("ledgers", help="the compact ledgers' folder, e.g. leaderboards/nvidia-h200/rescore")
    led.add_argument("--bench", action="append", default=[], required=True, help="a bench folder (`bench --out`)")
    rul = sub.add_parser("rules", help="fill in each verdict's baseline precision from the judge caches")
    rul.add_argument("folders", nargs="+", help="folders of compact ledgers, e.g. leaderboards/nvidia-h200/ledger")
    rul.add_argument("--cache", action="append", default=[], required=True,
                     help="a judge cache's baseline_rule.json (under AUTOKERNEL_KB_CACHE)")
    for name in ("regenerate", "check", "build", "publish", "reword"):
        p = sub.add_parser(name)
        p.add_argument("board", help="a GPU's leaderboard folder, e.g. leaderboards/nvidia-h200")
        if name == "publish":
            p.add_argument("--bench", action="append", default=[], required=True,
                           help="a bench folder (`autokernel-kb bench --out`): one per level, or several levels")
            p.add_argument("--archive", default=None, help="Hub dataset with the full run directories (ORG/NAME)")
            p.add_argument("--archive-uploaded", action="store_true", help="the archive is uploaded: link it")
            p.add_argument("--created-at", default=None, help="score.json's stamp (default: now)")
        if name == "build":
            p.add_argument("--run", action="append", default=[], required=True, help="a run directory (one level)")
            p.add_argument("--rejudged", nargs="*", default=[], help="re-judged verdicts (fp32 baselines): bench run directories or JSON lines")
            p.add_argument("--prefer", nargs="*", default=[], help="re-judged verdicts that stand for their problems")
            p.add_argument("--candidates", action="append", default=[],
                           help="run directories whose stored candidates re-judged records may name (default: --run)")
            p.add_argument("--note", default=None, help="Markdown file: the fp32-baseline page's note")
            p.add_argument("--dataset", default=None, help="KernelBench for the TF32 dry runs and starter kernels")
            p.add_argument("--archive", default=None, help="Hub dataset with the full run directories (ORG/NAME)")
            p.add_argument("--archive-uploaded", action="store_true", help="the archive is uploaded: link it")
            p.add_argument("--created-at", default=None, help="score.json's stamp (default: now)")
        if name == "reword":
            p.add_argument("--old", required=True, help="regular expression, matched in comments only")
            p.add_argument("--new", required=True, help="its replacement")
    args = ap.parse_args(argv)
    if args.command == "ledgers":
        try:
            print("\n".join(str(p) for p in write_ledgers(args.ledgers, args.bench)) or "no verdicts in the folders")
        except (LedgerError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return 0
    if args.command == "rules":
        try:
            changed, filled, missing = fill_rules(args.folders, args.cache)
        except (LedgerError, OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print("\n".join(str(p) for p in changed))
        print(f"baseline rules filled in: {filled}; strict verdicts without a cached rule: {missing}")
        return 0
    board = Path(args.board).resolve()
    for key in ("run", "rejudged", "prefer", "candidates", "bench"):  # given from here; the work runs from the root
        if hasattr(args, key):
            setattr(args, key, [str(Path(p).resolve()) for p in getattr(args, key)])
    if getattr(args, "note", None):
        args.note = str(Path(args.note).resolve())
    if getattr(args, "dataset", None) and Path(args.dataset).exists():
        args.dataset = str(Path(args.dataset).resolve())
    with _cwd(board.parents[1]):
        rel = board.relative_to(board.parents[1])
        try:
            if args.command == "regenerate":
                print("\n".join(str(p) for p in regenerate(rel)))
            elif args.command == "check":
                changed = check(rel)
                print("\n".join(f"would change: {p}" for p in changed) or "pages regenerate byte-identically")
                return 1 if changed else 0
            elif args.command == "build":
                files = build(rel, args.run, args.rejudged, args.prefer, candidates=args.candidates, note=args.note,
                              dataset=args.dataset, archive=args.archive, archive_uploaded=args.archive_uploaded,
                              created_at=args.created_at)  # fmt: skip
                print("\n".join(str(p) for p in files))
            elif args.command == "publish":
                files = publish(rel, args.bench, archive=args.archive, archive_uploaded=args.archive_uploaded,
                                created_at=args.created_at)
                print("\n".join(str(p) for p in files))
            else:
                print("\n".join(str(p) for p in reword(rel, args.old, args.new)))
        except LedgerError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
