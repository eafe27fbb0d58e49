"""Leaderboard pages: per GPU, a Markdown page, per-problem CSV/JSON, the score report and two plots.

Layout written by ``write_leaderboard`` under ``<out_dir>/<gpu slug>/``::

    README.md                 environment, then per level: fast_p vs eager and vs torch.compile, geomeans,
                              coverage, the problems that fall short, the quarantined ones
    problems.csv, .json       one row per problem: speedups, % of floor, verdict, link to the kernel file
    score.json                the ScoreReport (self-describing)
    speedup_distribution.png  speedup vs eager of correct kernels, per level (log x)
    roofline.png              kernel time against its physical floor (iso-lines = % of floor)

A plot with nothing to show (no correct timed kernel; no kernel with a floor, as on CPU) is not written, and the
page does not link it.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.scorer import (
    COLUMNS,
    ENVIRONMENT_KEYS,
    KERNELBENCH_TOTALS,
    OWN_LEVEL,
    LevelScore,
    ScoreInputError,
    counted_correct,
    level_label,
    make_report,
    normalise_results,
    parse_totals,
    read_environment,
    read_results,
    select_protocol,
    speedup_text,
)

if TYPE_CHECKING:
    import pandas as pd

PROBLEM_COLUMNS = (*COLUMNS, "kernel_link")
# beside the scored speedups (the protocol's statistic: KernelBench's mean under kernelbench), the medians
STATISTIC_COLUMNS = ("statistic", "speedup_median", "speedup_vs_compile_median")
# the precision each row's baselines ran in (strict decides it per problem: `kb.runs.baseline_precision`)
RULE_COLUMNS = ("baseline_precision",)


@dataclass(frozen=True, kw_only=True)
class LeaderboardFiles:
    """Paths of everything one ``write_leaderboard`` call wrote."""

    folder: Path
    page: Path
    problems_csv: Path
    problems_json: Path
    score_json: Path
    speedup_plot: Path | None  # None: nothing to plot (not written)
    roofline_plot: Path | None


def gpu_slug(gpu_name: str) -> str:
    """Folder name for a GPU: ``"NVIDIA H100 80GB HBM3"`` -> ``"nvidia-h100-80gb-hbm3"``."""
    slug = re.sub(r"[^a-z0-9]+", "-", gpu_name.lower()).strip("-")
    if not slug:
        raise ValueError(f"GPU name {gpu_name!r} gives an empty folder name")
    return slug


def write_leaderboard(
    results: pd.DataFrame | Sequence[pd.DataFrame],
    environment: Mapping[str, Any],
    out_dir: str | Path,
    *,
    totals: Mapping[int, int] = KERNELBENCH_TOTALS,
    levels: Iterable[int] | None = None,
    created_at: str | None = None,
    archive: str | None = None,
    archive_uploaded: bool = False,
    folder: str | Path | None = None,
) -> LeaderboardFiles:
    """Write the leaderboard of one GPU (``environment["gpu"]``) under ``out_dir/<gpu slug>/`` (or ``folder``:
    a published board keeps a page per protocol, ``<board>/<protocol>/``).

    ``created_at`` stamps score.json (default: now; a page regenerated from the same data passes the recorded
    stamp, so it comes out byte-identical). ``archive``: the Hub dataset holding the full run directories
    (`kb.archive`), linked from the page once ``archive_uploaded``, named as to be uploaded before."""
    import pandas as pd

    frames = [results] if isinstance(results, pd.DataFrame) else list(results)
    if not frames:
        raise ScoreInputError("no results tables given")
    table = normalise_results(pd.concat(frames, ignore_index=True))
    report = make_report(table, environment, totals=totals, levels=levels)
    if created_at:
        report.created_at = created_at
    table = table[table["level"].isin(list(report.levels))]
    folder = Path(folder) if folder is not None else Path(out_dir) / gpu_slug(str(environment["gpu"]))
    folder.mkdir(parents=True, exist_ok=True)

    problems = _problem_table(table, folder)
    title = str(environment["gpu"])
    files = LeaderboardFiles(
        folder=folder,
        page=folder / "README.md",
        problems_csv=folder / "problems.csv",
        problems_json=folder / "problems.json",
        score_json=folder / "score.json",
        speedup_plot=plot_speedups(table, report.levels, folder / "speedup_distribution.png", title=title),
        roofline_plot=plot_roofline(table, folder / "roofline.png", title=title),
    )
    problems.to_csv(files.problems_csv, index=False)
    records = json.loads(problems.to_json(orient="records"))  # NaN -> null
    files.problems_json.write_text(
        json.dumps({"environment": dict(environment), "rows": records}, indent=2) + "\n"
    )
    report.write(files.score_json)
    files.page.write_text(_markdown(table, report.levels, environment, files,
                                    archive=archive_line(archive, archive_uploaded)))
    return files


def _problem_table(table: pd.DataFrame, folder: Path) -> pd.DataFrame:
    out = table.sort_values(["level", "problem_id"]).reset_index(drop=True)
    out["kernel_link"] = [_link(p, folder) for p in out["kernel_path"]]
    return out[list(PROBLEM_COLUMNS) + [c for c in (*STATISTIC_COLUMNS, *RULE_COLUMNS) if c in out]]


def _link(path: str, folder: Path) -> str:
    if not path or re.match(r"^[a-z]+://", path):
        return path
    return Path(os.path.relpath(Path(path).resolve(), folder.resolve())).as_posix()


# ---------------------------------------------------------------------------------------------------------
# Markdown


def _fmt(x: Any, spec: str = ".2f", suffix: str = "") -> str:
    return f"{x:{spec}}{suffix}" if isinstance(x, (int, float)) and math.isfinite(x) else "-"


def _speed(x: Any) -> str:
    """A speedup cell: two decimals, or two significant digits below 0.01 (CPU interpreter speedups)."""
    return f"{speedup_text(x, 2)}×" if isinstance(x, (int, float)) and math.isfinite(x) else "-"


def archive_line(repo: str | None, uploaded: bool) -> str:
    """Where the full run directories are (every candidate, verdict and cache), or "" without an archive."""
    if not repo:
        return ""
    what = "Full run directories (every candidate, its verdict, the caches): Hugging Face dataset"
    if uploaded:
        return f"{what} [{repo}](https://huggingface.co/datasets/{repo})."
    return (f"{what} `{repo}`, to be uploaded (`autokernel-kb archive push`); the page's own inputs are its "
            "compact ledgers (`ledger/`).")


def _markdown(
    table: pd.DataFrame,
    scores: Mapping[int, LevelScore],
    environment: Mapping[str, Any],
    files: LeaderboardFiles,
    *,
    archive: str = "",
) -> str:
    gpu = environment["gpu"]
    lines = [f"# KernelBench results on {gpu}", "", "## How these numbers were obtained", ""]
    lines += ["| | |", "|---|---|"]
    keys = [*ENVIRONMENT_KEYS, *(k for k in environment if k not in ENVIRONMENT_KEYS)]
    lines += [f"| {k} | {environment[k]} |" for k in keys if k in environment]
    lines += [
        "",
        "Metrics as KernelBench defines them: fast_p = problems that are correct **and** faster than p× the "
        "baseline (strict `>`) divided by **all** problems of the level (a problem without a result counts as "
        "failed); geomean over correct kernels (0 if none), over correct kernels faster than 1×, and over all "
        "problems with a failed or missing one counted as 1× (PyTorch kept there). A kernel whose speedup is within "
        "its problem's measured repeat spread of 1× is a tie, not a win; one at least `bench --repeat-within`'s "
        "factor from 1× against both baselines is judged once and decided by its speedup (no repeat spread comes "
        "near that band). "
        "Quarantined kernels (faster than their physical floor, or otherwise disqualified) never count.",
        "",
        f"Per-problem data: [problems.csv]({files.problems_csv.name}), [problems.json]({files.problems_json.name}); "
        f"score report: [score.json]({files.score_json.name}).",
        "",
    ]
    if archive:
        lines += [archive, ""]
    if (files.folder / "baseline_precision.md").exists():  # written by benchmarks/baseline_precision_table.py
        lines += ["The same kernels scored with the baselines timed in fp32 (TF32 off, the precision candidates are "
                  "held to): [baseline_precision.md](baseline_precision.md).", ""]
    plots = [f"![speedup distribution]({files.speedup_plot.name})" if files.speedup_plot else "",
             f"![kernels against their floor]({files.roofline_plot.name})" if files.roofline_plot else ""]
    if any(plots):
        lines += [*(p for p in plots if p), ""]
    for level, s in sorted(scores.items()):
        rows = table[table["level"] == level].sort_values("problem_id")
        lines += [f"## {level_label(level)}", ""]
        lines += [
            f"- coverage: {s.evaluated}/{s.total_problems} problems evaluated; correct: {s.correct} "
            f"({s.correct_rate:.0%}); quarantined: {s.quarantined}",
            f"- geomean speedup vs eager: {speedup_text(s.geomean_speedup)}× over correct kernels, "
            f"{speedup_text(s.geomean_speedup_correct_and_faster)}× over correct and faster ones, "
            f"{speedup_text(s.geomean_speedup_failures_as_1x)}× over all {s.total_problems} with failures as 1×",
            f"- geomean speedup vs torch.compile: {speedup_text(s.geomean_speedup_vs_compile)}× over correct kernels "
            f"({s.timed_vs_compile} timed), {speedup_text(s.geomean_speedup_vs_compile_correct_and_faster)}× over "
            f"correct and faster ones, {speedup_text(s.geomean_speedup_vs_compile_failures_as_1x)}× over all with "
            "failures as 1×",
            f"- correct kernels vs eager: {_outcome_text(s.vs_eager)}; vs torch.compile: {_outcome_text(s.vs_compile)}",
            f"- median % of floor (correct kernels): {_fmt(s.median_pct_of_floor, '.1f', '%')}",
            "",
            "| p | fast_p vs eager | fast_p vs torch.compile |",
            "|---:|---:|---:|",
        ]
        lines += [
            f"| {p:g} | {s.fast_p[p]:.3f} | {s.fast_p_vs_compile[p]:.3f} |" for p in s.fast_p
        ]  # fmt: skip
        lines += ["", *_shortfalls(rows, s.total_problems, files.folder), ""]
    return "\n".join(lines)


def _outcome_text(counts: Mapping[str, int]) -> str:
    """"12 faster, 3 ties (within the problem's repeat spread), 5 slower" (+ those without a measured spread)."""
    parts = [f"{counts.get('faster', 0)} faster", f"{counts.get('tie', 0)} ties (within the problem's repeat spread)",
             f"{counts.get('slower', 0)} slower"]
    unmeasured = counts.get("faster_spread_unmeasured", 0) + counts.get("slower_spread_unmeasured", 0)
    if unmeasured:
        parts.append(f"{unmeasured} without a measured spread ({counts.get('faster_spread_unmeasured', 0)} faster, "
                     f"{counts.get('slower_spread_unmeasured', 0)} slower by the speedup alone)")
    return ", ".join(parts)


def _shortfalls(rows: pd.DataFrame, total: int, folder: Path) -> list[str]:
    """The problems that fall short: no result, not correct, quarantined, or not faster than eager."""
    counted = counted_correct(rows)
    present = set(rows["problem_id"])
    missing = [i for i in range(1, total + 1) if i not in present]
    failing = rows[~counted & ~rows["quarantined"]]
    quarantined = rows[rows["quarantined"]]
    slow = rows[counted & ~(rows["speedup"] > 1)]
    behind_compile = rows[counted & (rows["speedup"] > 1) & (rows["speedup_vs_compile"] <= 1)]
    out = ["### Problems that fall short", ""]
    if missing:
        out += [f"- no result ({len(missing)}): {_ranges(missing)}"]
    if failing.empty and slow.empty and behind_compile.empty and quarantined.empty and not missing:
        return [*out, "None: every problem has a correct kernel faster than eager and torch.compile.", ""]
    out += [""]
    if not failing.empty or not slow.empty or not behind_compile.empty:
        out += ["Why, from what the run measured: the verdict's reason, or the kernel against its floor without tensor "
                "cores (all FLOPs at the fp32 FMA rate, or all bytes at the memory rate), or a baseline already "
                "faster than that floor (cuDNN in TF32).", "",
                "| problem | verdict | speedup vs eager | vs compile | % of floor | kernel | why |",
                "|---|---|---:|---:|---:|---|---|"]  # fmt: skip
        for r in failing.itertuples():
            out.append(_row(r, r.verdict or "no verdict", folder))
        for r in slow.itertuples():
            out.append(_row(r, "correct, not faster", folder))
        for r in behind_compile.itertuples():
            out.append(_row(r, "faster than eager, not compile", folder))
        out.append("")
    if not quarantined.empty:
        out += ["### Quarantined (never counted)", "", "| problem | verdict | speedup vs eager | % of floor | kernel |",
                "|---|---|---:|---:|---|"]  # fmt: skip
        for r in quarantined.itertuples():
            link = _link(r.kernel_path, folder)
            out.append(
                f"| {_problem_name(r)} | {r.verdict} | {_speed(r.speedup)} | "
                f"{_fmt(r.pct_of_floor, '.0f', '%')} | {f'[kernel]({link})' if link else '-'} |"
            )
        out.append("")
    return out


def _row(r: Any, what: str, folder: Path) -> str:
    link = _link(r.kernel_path, folder)
    return (
        f"| {_problem_name(r)} | {what} | {_speed(r.speedup)} | "
        f"{_speed(r.speedup_vs_compile)} | {_fmt(r.pct_of_floor, '.0f', '%')} | "
        f"{f'[kernel]({link})' if link else '-'} | {_why(r)} |"
    )


def _problem_name(r: Any) -> str:
    """``L1/19 19_ReLU``, or the name alone for a problem outside KernelBench."""
    return str(r.name) if r.level == OWN_LEVEL else f"L{r.level}/{r.problem_id} {r.name}"


def _why(r: Any) -> str:
    """One line on why a problem falls short, from what the run measured (see `_shortfalls`)."""
    if r.verdict != "correct":
        reason = str(getattr(r, "reason", "") or "").replace("|", "/")
        if "ill-conditioned" in reason:
            return "the fp32 reference itself misses the tolerance against float64 on these inputs"
        reason = reason.split(": ", 1)[1] if reason.startswith("wrong output on trial") else reason
        return reason[:100] + ("…" if len(reason) > 100 else "")
    floor = getattr(r, "fma_floor_ms", None)
    if floor is None or not floor > 0 or not r.kernel_median_ms > 0:
        return "-"
    beaten_by = r.compile_median_ms if r.speedup > 1 else r.eager_median_ms
    name = "torch.compile" if r.speedup > 1 else "eager"
    bound = getattr(r, "fma_bound", None) or "no-tensor-core"
    ratio = beaten_by / floor if beaten_by is not None and beaten_by > 0 else math.inf
    if ratio < 0.9 and bound == "compute":
        return (f"{name} ({beaten_by:.3g} ms) is under the no-tensor-core floor ({floor:.3g} ms): it uses tensor "
                "cores (TF32); only fp32-accurate tensor-core math could win")
    if ratio < 1.1:
        return f"{name} ({beaten_by:.3g} ms) runs at the {bound} floor ({floor:.3g} ms): little left to win"
    return f"kernel at {100 * floor / r.kernel_median_ms:.0f}% of the {bound} floor ({floor:.3g} ms)"


def _ranges(ids: list[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` -> ``"1-3, 7, 9-10"``."""
    parts = []
    start = prev = ids[0]
    for cur in [*ids[1:], None]:
        if cur is not None and cur == prev + 1:
            prev = cur
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if cur is not None:
            start = prev = cur
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------------------
# Plots (matplotlib's object API with the Agg canvas: no pyplot, no global backend switch)


def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def plot_speedups(
    table: pd.DataFrame, scores: Mapping[int, LevelScore], path: Path, *, title: str = ""
) -> Path | None:
    """Histogram of speedups vs eager of counted-correct kernels, one panel per level, log x; None (nothing
    written) without a correct timed kernel."""
    import numpy as np

    counted = table[counted_correct(table) & (table["speedup"] > 0)]
    if counted.empty:
        return None
    levels = sorted(scores)
    fig = _figure(8, 1.9 * max(1, len(levels)) + 0.6)
    axes = fig.subplots(max(1, len(levels)), 1, sharex=True, squeeze=False)[:, 0]
    values = counted["speedup"].to_numpy(dtype=float)
    lo = min(0.1, values.min() / 1.2) if values.size else 0.1
    hi = max(10.0, values.max() * 1.2) if values.size else 10.0
    bins = np.geomspace(lo, hi, 40)
    for ax, level in zip(axes, levels, strict=False):
        s = scores[level]
        v = counted.loc[counted["level"] == level, "speedup"].to_numpy(dtype=float)
        ax.hist(v, bins=bins, color="#4C72B0", edgecolor="white")
        ax.axvline(1.0, color="black", linewidth=1, linestyle="--")
        ax.set_xscale("log")
        ax.set_ylabel("kernels")
        ax.set_title(
            f"{level_label(level)}: {s.correct}/{s.total_problems} correct, fast_1 = {s.fast_p[1.0]:.2f}, "
            f"geomean {speedup_text(s.geomean_speedup, 2)}×",
            fontsize=10,
        )
    axes[-1].set_xlabel("speedup vs eager PyTorch (log scale; dashed line = 1×)")
    fig.suptitle(f"Speedup distribution of correct kernels — {title}", fontsize=11)
    fig.savefig(path)
    return path


def plot_roofline(table: pd.DataFrame, path: Path, *, title: str = "") -> Path | None:
    """Kernel median time against its floor, log-log; diagonal iso-lines mark 100/50/10/1 % of floor. None
    (nothing written) when no kernel has both a floor and a timing (CPU runs have no floor)."""
    import numpy as np

    ok = table[(table["floor_ms"] > 0) & (table["kernel_median_ms"] > 0)]
    if ok.empty:
        return None
    fig = _figure(7, 6)
    ax = fig.subplots()
    x_all = ok["floor_ms"].to_numpy(dtype=float)
    y_all = ok["kernel_median_ms"].to_numpy(dtype=float)
    lo = min(x_all.min(), y_all.min()) / 2
    hi = max(x_all.max(), y_all.max()) * 2
    line = np.geomspace(lo, hi, 10)
    for pct, style in ((100, "-"), (50, "--"), (10, "-."), (1, ":")):
        ax.plot(line, line * 100 / pct, color="grey", linestyle=style, linewidth=1)
        ax.annotate(f"{pct}% of floor", (line[1], line[1] * 100 / pct), fontsize=8, color="grey")
    colors = ["#4C72B0", "#DD8452", "#55A868", "#8172B3"]
    counted = counted_correct(ok)
    for i, level in enumerate(sorted(ok["level"].unique())):
        sel = ok[(ok["level"] == level) & counted]
        ax.scatter(sel["floor_ms"], sel["kernel_median_ms"], s=18, color=colors[i % len(colors)],
                   label=f"level {level} (correct)")  # fmt: skip
    other = ok[~counted & ~ok["quarantined"]]
    if not other.empty:
        ax.scatter(other["floor_ms"], other["kernel_median_ms"], s=14, facecolors="none", edgecolors="grey",
                   label="not correct")  # fmt: skip
    quarantined = ok[ok["quarantined"]]
    if not quarantined.empty:
        ax.scatter(quarantined["floor_ms"], quarantined["kernel_median_ms"], s=40, marker="x", color="red",
                   label="quarantined")  # fmt: skip
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_xlabel("floor: fewest bytes / bandwidth or FLOPs / peak (ms)")
    ax.set_ylabel("kernel median time (ms)")
    ax.set_title(f"Kernels against their physical floor — {title}", fontsize=11)
    fig.savefig(path)
    return path


# ---------------------------------------------------------------------------------------------------------
# From files


def leaderboard_from(
    *,
    results: Sequence[str | Path] = (),
    runs: Sequence[str | Path] = (),
    environment: str | Path | None = None,
    out_dir: str | Path = "leaderboards",
    totals: str | None = None,
    levels: Iterable[int] | None = None,
    protocol: str | None = None,
    archive: str | None = None,
    archive_uploaded: bool = False,
    repeats: Sequence[str | Path] = (),
) -> LeaderboardFiles:
    """The leaderboard of results tables and run directories (their best kernel per problem). The environment
    comes from ``environment`` (a JSON file) or the first table when tables are given, else from the runs'
    verdicts; ``totals`` as in `parse_totals`; ``protocol``: only verdicts judged under it (None: all);
    ``archive``: the Hub dataset holding the full run directories (linked once ``archive_uploaded``);
    ``repeats``: run directories that judged the runs' candidates again (their spread decides ties)."""
    import pandas as pd

    from kb.runs import run_environment, run_table, with_own_problems

    if not results and not runs:
        raise ScoreInputError("give --run DIR (a run directory) or --results TABLE")
    frames = [select_protocol(read_results(p), protocol, source=str(p)) for p in results]
    frames += [run_table(d, protocol=protocol, repeats=repeats) for d in runs]
    if environment or results:
        env = read_environment(environment, (list(results) or [None])[0])
        if protocol is not None:
            env = {**env, "protocol": protocol}
    else:
        env = run_environment(list(runs), protocol=protocol)
    counts = with_own_problems(parse_totals(totals), pd.concat(frames, ignore_index=True))
    return write_leaderboard(frames, env, out_dir, totals=counts, levels=levels, archive=archive,
                             archive_uploaded=archive_uploaded)
