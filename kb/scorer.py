"""KernelBench metrics, exactly as KernelBench defines them, and self-describing score files.

Definitions (KernelBench ``src/kernelbench/score.py`` and ``scripts/benchmark_eval_analysis.py``):

- speedup = baseline time / kernel time;
- ``fast_p`` = (problems that are correct **and** have speedup ``> p``, strictly) / (**every** problem of
  the level); a problem with no row counts as failed. ``fast_0`` is the correctness rate;
- geometric-mean speedup over correct kernels (0 if none), and over correct-and-faster kernels
  (speedup > 1; 0 if none).

Our additions, never changing those numbers for honest rows: a ``quarantined`` row (faster than its
physical floor, or otherwise disqualified) never counts as correct; scores are given against eager
PyTorch and against ``torch.compile``; a ``ScoreReport`` carries the environment that produced it.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autokernel.evaluate.protocol import LEGACY_PROTOCOL, PAIRED_EAGER_MARK, PROTOCOL_NAMES

if TYPE_CHECKING:
    import pandas as pd

FAST_P_THRESHOLDS: tuple[float, ...] = (0.0, 0.5, 0.8, 1.0, 1.5, 2.0)
KERNELBENCH_TOTALS: dict[int, int] = {1: 100, 2: 100, 3: 50, 4: 20}
# the "level" of a run's problems outside KernelBench (the embedded suite, problem files): scored over their count
OWN_LEVEL = 0
COLUMNS: tuple[str, ...] = (
    "level", "problem_id", "name", "verdict", "speedup", "speedup_vs_compile", "kernel_median_ms",
    "eager_median_ms", "compile_median_ms", "floor_ms", "pct_of_floor", "kernel_path", "quarantined", "timing_method",
    "spread_pct", "repeat_band",
)  # fmt: skip
REQUIRED_COLUMNS: tuple[str, ...] = ("level", "problem_id", "verdict")
_TEXT_COLUMNS = ("name", "kernel_path", "timing_method")  # filled with "" when a results table lacks them
# What a published number must state (the list); values are free-form strings.
ENVIRONMENT_KEYS: tuple[str, ...] = (
    "gpu", "driver", "cuda", "torch", "triton", "dataset", "config", "tolerance_preset", "timing_method",
    "statistic", "repetitions",
)  # fmt: skip


class ScoreInputError(ValueError):
    """A results table or environment that cannot be scored; the message says what to fix."""


@dataclass(frozen=True, kw_only=True)
class LevelScore:
    """KernelBench metrics for one level, against eager PyTorch and against torch.compile."""

    level: int
    total_problems: int  # the denominator of every fast_p: all problems of the level
    evaluated: int  # problems with a row
    correct: int  # verdict "correct" and not quarantined
    quarantined: int
    fast_p: dict[float, float]  # vs eager, p -> fraction of total_problems
    fast_p_vs_compile: dict[float, float]
    geomean_speedup: float  # vs eager, over correct kernels; 0 if none
    geomean_speedup_correct_and_faster: float  # over correct kernels with speedup > 1; 0 if none
    geomean_speedup_vs_compile: float
    geomean_speedup_vs_compile_correct_and_faster: float
    timed_vs_compile: int  # correct kernels that have a speedup against torch.compile
    median_pct_of_floor: float | None  # over correct kernels with a floor
    # over all problems of the level, a failed or missing one counted as 1x (the user keeps PyTorch's op there)
    geomean_speedup_failures_as_1x: float = 0.0
    geomean_speedup_vs_compile_failures_as_1x: float = 0.0
    # correct kernels against the baseline, a difference within the problem's measured repeat spread a tie
    # (`outcomes`); kernels without a measured spread are counted by the speedup alone, and counted apart
    vs_eager: dict[str, int] = field(default_factory=dict)
    vs_compile: dict[str, int] = field(default_factory=dict)

    @property
    def coverage(self) -> float:
        return self.evaluated / self.total_problems

    @property
    def correct_rate(self) -> float:
        return self.correct / self.total_problems

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["fast_p"] = {str(p): v for p, v in self.fast_p.items()}
        data["fast_p_vs_compile"] = {str(p): v for p, v in self.fast_p_vs_compile.items()}
        data["coverage"], data["correct_rate"] = self.coverage, self.correct_rate
        return data


@dataclass(kw_only=True)
class ScoreReport:
    """Scores plus everything needed to reproduce them: a published number states how it was obtained."""

    environment: dict[str, Any]
    levels: dict[int, LevelScore]
    created_at: str = field(default_factory=lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    baseline: str = "eager and torch.compile timed in the same worker as the kernel"
    definitions: str = (
        "fast_p: correct and speedup > p (strict) over all problems of the level, missing = failed; "
        "geomean: over correct kernels (0 if none), over correct kernels with speedup > 1, and over all problems "
        "with a failed or missing one counted as 1x; a speedup within the problem's measured repeat spread of 1 is "
        "a tie; quarantined rows never count"
    )

    def to_dict(self) -> dict[str, Any]:
        return {
            "environment": self.environment,
            "created_at": self.created_at,
            "baseline": self.baseline,
            "definitions": self.definitions,
            "levels": {str(k): v.to_dict() for k, v in sorted(self.levels.items())},
        }

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=2, sort_keys=False, default=str) + "\n")
        return path

    def summary_lines(self) -> list[str]:
        """Greppable ``key: value`` lines, one block per level."""
        lines = [f"{k}: {self.environment[k]}" for k in (*ENVIRONMENT_KEYS, "protocol") if k in self.environment]
        for level, s in sorted(self.levels.items()):
            lines += [
                f"level{level}_coverage: {s.evaluated}/{s.total_problems}",
                f"level{level}_correct: {s.correct}/{s.total_problems}",
                f"level{level}_quarantined: {s.quarantined}",
                *(f"level{level}_fast_{p:g}: {v:.3f}" for p, v in s.fast_p.items()),
                f"level{level}_geomean_speedup: {speedup_text(s.geomean_speedup)}",
                f"level{level}_geomean_speedup_correct_and_faster: {speedup_text(s.geomean_speedup_correct_and_faster)}",
                f"level{level}_geomean_speedup_failures_as_1x: {speedup_text(s.geomean_speedup_failures_as_1x)}",
                *(f"level{level}_fast_{p:g}_vs_compile: {v:.3f}" for p, v in s.fast_p_vs_compile.items()),
                f"level{level}_geomean_speedup_vs_compile: {speedup_text(s.geomean_speedup_vs_compile)}",
                f"level{level}_geomean_speedup_vs_compile_failures_as_1x: "
                f"{speedup_text(s.geomean_speedup_vs_compile_failures_as_1x)}",
                f"level{level}_vs_compile: " + " ".join(f"{k}={v}" for k, v in s.vs_compile.items() if v),
            ]
        return lines


def level_label(level: int) -> str:
    """``Level 1``, or what level `OWN_LEVEL` holds."""
    return "Problems outside KernelBench (suite or files)" if level == OWN_LEVEL else f"Level {level}"


def speedup_text(x: float, digits: int = 3) -> str:
    """A speedup with ``digits`` decimals, or ``digits`` significant digits below 0.01 (a CPU interpreter's
    0.0023x geomean is not "0.000")."""
    if not math.isfinite(x):
        return "-"
    return f"{x:.{digits}f}" if x == 0 or abs(x) >= 0.01 else f"{x:.{digits}g}"


# ---------------------------------------------------------------------------------------------------------
# Metrics (pure functions over arrays, as KernelBench defines them)


def fast_p(correct: Iterable[bool], speedups: Iterable[float], total: int, p: float) -> float:
    """Fraction of ``total`` problems that are correct and have speedup strictly greater than ``p``."""
    if total <= 0:
        raise ValueError(f"total problems must be positive, got {total}")
    hits = sum(1 for ok, s in zip(correct, speedups, strict=True) if ok and _finite(s) and s > p)
    return hits / total


def geomean_speedup(
    correct: Iterable[bool], speedups: Iterable[float], *, faster_only: bool = False
) -> float:
    """Geometric mean of the speedups of correct kernels (only those > 1 if ``faster_only``); 0 if none."""
    chosen = [s for ok, s in zip(correct, speedups, strict=True) if ok and _finite(s) and s > 0]
    if faster_only:
        chosen = [s for s in chosen if s > 1]
    if not chosen:
        return 0.0
    return math.exp(sum(math.log(s) for s in chosen) / len(chosen))


def geomean_failures_as_1x(correct: Iterable[bool], speedups: Iterable[float], total: int) -> float:
    """Geometric mean over all ``total`` problems, each correct kernel at its speedup and every other problem
    (failed, missing, untimed) at 1x: what a user gets keeping PyTorch wherever no kernel passed."""
    if total <= 0:
        raise ValueError(f"total problems must be positive, got {total}")
    logs = [math.log(s) for ok, s in zip(correct, speedups, strict=True) if ok and _finite(s) and s > 0]
    return math.exp(sum(logs) / total)


TIE_OUTCOMES = ("faster", "tie", "slower", "faster_spread_unmeasured", "slower_spread_unmeasured")


def outcomes(correct: Iterable[bool], speedups: Iterable[float], spreads: Iterable[float],
             bands: Iterable[float] | None = None) -> dict[str, int]:
    """Correct kernels against one baseline: faster, tie (|speedup - 1| within the problem's repeat spread, in %),
    slower. Without a measured spread: a speedup at least its row's ``bands`` factor away from 1x (``bench
    --repeat-within``: only kernels inside that band were judged again, since no repeat spread comes near it) is
    faster or slower by itself; any other is counted apart, by the speedup alone."""
    counts = dict.fromkeys(TIE_OUTCOMES, 0)
    spreads = list(spreads)
    bands = [math.nan] * len(spreads) if bands is None else list(bands)
    for ok, s, spread, band in zip(correct, speedups, spreads, bands, strict=True):
        if not ok or not _finite(s):
            continue
        if not _finite(spread) and _finite(band) and float(band) > 1 and not 1 / float(band) < s < float(band):
            counts["faster" if s > 1 else "slower"] += 1
        elif not _finite(spread):
            counts["faster_spread_unmeasured" if s > 1 else "slower_spread_unmeasured"] += 1
        elif abs(s - 1) * 100 <= spread:
            counts["tie"] += 1
        else:
            counts["faster" if s > 1 else "slower"] += 1
    return counts


def _finite(x: Any) -> bool:
    try:
        return math.isfinite(float(x))
    except (TypeError, ValueError):
        return False


# ---------------------------------------------------------------------------------------------------------
# Tables


def normalise_results(df: pd.DataFrame) -> pd.DataFrame:
    """A copy with every column of ``COLUMNS`` (missing optional ones filled), typed, speedups derived.

    A missing ``speedup`` is derived from ``eager_median_ms / kernel_median_ms`` (and likewise against
    compile); ``quarantined`` defaults to False.
    """
    import numpy as np
    import pandas as pd

    missing = [c for c in REQUIRED_COLUMNS if c not in df.columns]
    if missing:
        raise ScoreInputError(
            f"results table lacks column(s) {', '.join(missing)}; expected {', '.join(COLUMNS)}"
        )
    out = df.copy()
    for col in COLUMNS:
        if col not in out.columns:
            out[col] = False if col == "quarantined" else ("" if col in _TEXT_COLUMNS else np.nan)
    out["level"] = out["level"].astype(int)
    out["problem_id"] = out["problem_id"].astype(int)
    out["verdict"] = out["verdict"].fillna("").astype(str)
    out["quarantined"] = out["quarantined"].map(_as_bool).astype(bool)
    for col in _TEXT_COLUMNS:
        out[col] = out[col].fillna("").astype(str)
    for col in ("speedup", "speedup_vs_compile", "kernel_median_ms", "eager_median_ms", "compile_median_ms",
                "floor_ms", "pct_of_floor", "spread_pct", "repeat_band"):  # fmt: skip
        out[col] = pd.to_numeric(out[col], errors="coerce")
    kernel = out["kernel_median_ms"].where(out["kernel_median_ms"] > 0)
    out["speedup"] = out["speedup"].fillna(out["eager_median_ms"] / kernel)
    out["speedup_vs_compile"] = out["speedup_vs_compile"].fillna(out["compile_median_ms"] / kernel)
    out["pct_of_floor"] = out["pct_of_floor"].fillna(out["floor_ms"] / kernel * 100)
    dupes = out[out.duplicated(["level", "problem_id"], keep=False)]
    if not dupes.empty:
        keys = sorted({f"L{r.level}/{r.problem_id}" for r in dupes.itertuples()})
        raise ScoreInputError(
            f"more than one row for {', '.join(keys[:10])}: KernelBench scores one kernel per problem "
            "(sample 0); keep the one to score"
        )
    return out


def _as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    try:
        return bool(value) and not (isinstance(value, float) and math.isnan(value))
    except (TypeError, ValueError):
        return False


def counted_correct(df: pd.DataFrame) -> pd.Series:
    """Rows that count as correct: verdict ``correct`` and not quarantined."""
    return (df["verdict"] == "correct") & ~df["quarantined"]


def score_level(df: pd.DataFrame, level: int, total_problems: int) -> LevelScore:
    """KernelBench metrics for one level; ``total_problems`` is the denominator (missing rows = failed).

    Example:
        >>> import pandas as pd
        >>> rows = pd.DataFrame({"level": [1, 1], "problem_id": [1, 2], "verdict": ["correct", "incorrect"],
        ...                      "speedup": [2.0, 5.0]})
        >>> s = score_level(rows, 1, total_problems=4)
        >>> s.fast_p[1.0], s.fast_p[2.0], s.geomean_speedup
        (0.25, 0.0, 2.0)
    """
    if total_problems <= 0:
        raise ScoreInputError(f"level {level}: total_problems must be positive, got {total_problems}")
    table = normalise_results(df)
    rows = table[table["level"] == level]
    bad_ids = sorted(int(i) for i in rows["problem_id"] if not 1 <= i <= total_problems)
    if bad_ids:
        raise ScoreInputError(
            f"level {level}: problem id(s) {bad_ids[:10]} outside 1..{total_problems}; pass the right total"
        )
    correct = counted_correct(rows).tolist()
    eager = rows["speedup"].tolist()
    compiled = rows["speedup_vs_compile"].tolist()
    floor_pct = rows.loc[counted_correct(rows), "pct_of_floor"].dropna()
    return LevelScore(
        level=level,
        total_problems=total_problems,
        evaluated=len(rows),
        correct=sum(correct),
        quarantined=int(rows["quarantined"].sum()),
        fast_p={p: fast_p(correct, eager, total_problems, p) for p in FAST_P_THRESHOLDS},
        fast_p_vs_compile={p: fast_p(correct, compiled, total_problems, p) for p in FAST_P_THRESHOLDS},
        geomean_speedup=geomean_speedup(correct, eager),
        geomean_speedup_correct_and_faster=geomean_speedup(correct, eager, faster_only=True),
        geomean_speedup_vs_compile=geomean_speedup(correct, compiled),
        geomean_speedup_vs_compile_correct_and_faster=geomean_speedup(correct, compiled, faster_only=True),
        timed_vs_compile=sum(1 for ok, s in zip(correct, compiled, strict=True) if ok and _finite(s)),
        median_pct_of_floor=float(floor_pct.median()) if not floor_pct.empty else None,
        geomean_speedup_failures_as_1x=geomean_failures_as_1x(correct, eager, total_problems),
        geomean_speedup_vs_compile_failures_as_1x=geomean_failures_as_1x(correct, compiled, total_problems),
        vs_eager=outcomes(correct, eager, rows["spread_pct"].tolist(), rows["repeat_band"].tolist()),
        vs_compile=outcomes(correct, compiled, rows["spread_pct"].tolist(), rows["repeat_band"].tolist()),
    )


def score_all(
    df: pd.DataFrame, totals: Mapping[int, int] = KERNELBENCH_TOTALS, *, levels: Iterable[int] | None = None
) -> dict[int, LevelScore]:
    """``score_level`` for each level present in ``df`` (or each of ``levels``), with KernelBench totals."""
    table = normalise_results(df)
    chosen = sorted(set(levels) if levels is not None else set(table["level"].unique()))
    unknown = [lv for lv in chosen if lv not in totals]
    if unknown:
        raise ScoreInputError(f"no problem count for level(s) {unknown}; pass --totals LEVEL=COUNT")
    return {int(lv): score_level(table, int(lv), totals[lv]) for lv in chosen}


def make_report(
    df: pd.DataFrame,
    environment: Mapping[str, Any],
    *,
    totals: Mapping[int, int] = KERNELBENCH_TOTALS,
    levels: Iterable[int] | None = None,
    baseline: str | None = None,
) -> ScoreReport:
    """Score ``df`` and attach ``environment``, which must state every key of ``ENVIRONMENT_KEYS``."""
    missing = [k for k in ENVIRONMENT_KEYS if k not in environment or environment[k] in (None, "")]
    if missing:
        raise ScoreInputError(
            f"environment lacks {', '.join(missing)}: a published score must state how it was obtained "
            f"({', '.join(ENVIRONMENT_KEYS)})"
        )
    report = ScoreReport(environment=dict(environment), levels=score_all(df, totals, levels=levels))
    baseline = baseline or eager_timing_statement(df)
    if baseline:
        report.baseline = baseline
    return report


def eager_timing_statement(df: pd.DataFrame) -> str | None:
    """Where the eager baselines of ``df``'s timed kernels were timed, when its ``eager_method`` column says some
    were paired with their kernel (timed in the kernel's own process); None otherwise (the default statement)."""
    if "eager_method" not in df.columns:
        return None
    methods = [str(m) for m in df["eager_method"].fillna("") if str(m)]
    paired = sum(m.endswith(PAIRED_EAGER_MARK) for m in methods)
    if not paired:
        return None
    where = ("eager timed in each kernel's own process before its code was loaded, in the kernel's loop (KernelBench "
             "times both in one process); torch.compile in the judge's worker, its speedup taken through the "
             "judge's own eager timing")
    if paired == len(methods):
        return where
    return f"{paired} of {len(methods)} kernels: {where}; the others: eager and torch.compile in the judge's worker"


# ---------------------------------------------------------------------------------------------------------
# KernelBench's published baselines


def load_baseline(path: str | Path) -> pd.DataFrame:
    """One row per problem from a KernelBench baseline JSON (``results/timing/<hw>/baseline_time_*.json``).

    Columns: ``level``, ``problem_id``, ``name`` (without ``.py``), ``mean_ms``, ``std_ms``, ``min_ms``,
    ``max_ms``, ``num_trials``, ``hardware``, ``device``, ``kind`` (``eager`` or ``compile``), ``source``.
    The files' keys carry ``.py`` while the dataset's names do not; that suffix is removed here.
    """
    import pandas as pd

    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise ScoreInputError(f"cannot read baseline {path}: {exc}") from exc
    kind = "compile" if "compile" in path.stem else "eager"
    rows = []
    for level_key, problems in data.items():
        if not level_key.startswith("level"):
            raise ScoreInputError(f"{path}: unexpected top-level key {level_key!r} (want level1, level2 ...)")
        for file_name, stats in problems.items():
            name = file_name.removesuffix(".py")
            rows.append({
                "level": int(level_key.removeprefix("level")),
                "problem_id": int(name.split("_", 1)[0]),
                "name": name,
                "mean_ms": float(stats["mean"]),
                "std_ms": float(stats.get("std", math.nan)),
                "min_ms": float(stats.get("min", math.nan)),
                "max_ms": float(stats.get("max", math.nan)),
                "num_trials": int(stats.get("num_trials", 0)),
                "hardware": stats.get("hardware", ""),
                "device": stats.get("device", ""),
                "kind": kind,
                "source": str(path),
            })  # fmt: skip
    return pd.DataFrame(rows).sort_values(["level", "problem_id"]).reset_index(drop=True)


def with_published_baselines(
    df: pd.DataFrame, eager: pd.DataFrame, compiled: pd.DataFrame | None = None
) -> pd.DataFrame:
    """``df`` with speedups recomputed against published baseline times (e.g. KernelBench's H100 files).

    ``speedup = published eager mean / our kernel_median_ms`` (likewise against compile). Rows are matched
    on (level, name); a problem the baseline lacks gets NaN and so never counts as faster. Our own measured
    baselines are kept as ``own_eager_median_ms`` / ``own_compile_median_ms``. State in the report that the
    baseline statistic is KernelBench's mean on its hardware and torch version, not ours.
    """
    out = normalise_results(df)
    out["own_eager_median_ms"], out["own_compile_median_ms"] = (
        out["eager_median_ms"],
        out["compile_median_ms"],
    )
    for table, time_col, speed_col in ((eager, "eager_median_ms", "speedup"),
                                       (compiled, "compile_median_ms", "speedup_vs_compile")):  # fmt: skip
        if table is None:
            out[time_col] = math.nan
            out[speed_col] = math.nan
            continue
        lookup = table.set_index(["level", "name"])["mean_ms"]
        keys = list(zip(out["level"], out["name"], strict=True))
        out[time_col] = [lookup.get(k, math.nan) for k in keys]
        kernel = out["kernel_median_ms"].where(out["kernel_median_ms"] > 0)
        out[speed_col] = out[time_col] / kernel
        hardware = ", ".join(sorted(set(table["hardware"])))
        out[f"{time_col.split('_')[0]}_baseline_source"] = f"{table['source'].iloc[0]} ({hardware})"
    return out


# ---------------------------------------------------------------------------------------------------------
# Files and CLI


def read_results(path: str | Path) -> pd.DataFrame:
    """A per-problem results table from CSV, JSON (records, or ``{"rows": [...]}``), JSON Lines or Parquet."""
    import pandas as pd

    path = Path(path)
    if not path.is_file():
        raise ScoreInputError(f"results file {path} does not exist")
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return pd.read_csv(path)
    if suffix == ".jsonl":
        return pd.read_json(path, lines=True)
    if suffix == ".parquet":
        return pd.read_parquet(path)
    if suffix == ".json":
        data = json.loads(path.read_text())
        return pd.DataFrame(data["rows"] if isinstance(data, dict) else data)
    raise ScoreInputError(
        f"{path}: unsupported results format {suffix!r}; use .csv, .json, .jsonl or .parquet"
    )


def read_environment(path: str | Path | None, results_path: str | Path | None = None) -> dict[str, Any]:
    """The environment from a JSON file, or from ``{"environment": ...}`` inside a JSON results file."""
    if path is not None:
        return dict(json.loads(Path(path).read_text()))
    if results_path is not None and Path(results_path).suffix.lower() == ".json":
        data = json.loads(Path(results_path).read_text())
        if isinstance(data, dict) and "environment" in data:
            return dict(data["environment"])
    raise ScoreInputError(
        "no environment given: pass --environment env.json (GPU, driver, versions, timing ...)"
    )


def parse_totals(text: str | None) -> dict[int, int]:
    """``"1=100,2=100"`` -> {1: 100, 2: 100}; None -> KernelBench's totals."""
    if not text:
        return dict(KERNELBENCH_TOTALS)
    try:
        pairs = (part.split("=") for part in text.split(",") if part.strip())
        return {int(k): int(v) for k, v in pairs}
    except ValueError as exc:
        raise ScoreInputError(f"--totals {text!r}: write it as 1=100,2=100,3=50") from exc


def select_protocol(df: pd.DataFrame, protocol: str | None, *, source: str = "results") -> pd.DataFrame:
    """The rows judged under ``protocol`` (their ``protocol`` column; rows without one were judged before
    protocols were recorded: `LEGACY_PROTOCOL`); None keeps every row. No row left is an error."""
    if protocol is None:
        return df
    if protocol not in PROTOCOL_NAMES:
        raise ScoreInputError(f"unknown protocol {protocol!r}; choose one of {', '.join(PROTOCOL_NAMES)}")
    recorded = row_protocols(df)
    kept = df[recorded == protocol]
    if kept.empty:
        have = ", ".join(f"{p} ({n} rows)" for p, n in recorded.value_counts().items()) or "no rows"
        raise ScoreInputError(f"{source}: no rows judged under the {protocol} protocol (it has {have})")
    return kept


def row_protocols(df: pd.DataFrame) -> pd.Series:
    """Each row's protocol (`LEGACY_PROTOCOL` where the table records none)."""
    import pandas as pd

    if "protocol" not in df.columns:
        return pd.Series(LEGACY_PROTOCOL, index=df.index)
    return df["protocol"].fillna("").astype(str).str.strip().replace("", LEGACY_PROTOCOL)


def score_results(
    results: str | Path,
    *,
    protocol: str | None = None,
    environment: str | Path | None = None,
    totals: str | None = None,
    levels: Iterable[int] | None = None,
    baseline_eager: str | Path | None = None,
    baseline_compile: str | Path | None = None,
) -> ScoreReport:
    """The score report of a results table: its environment (a JSON file, or the table's own), KernelBench
    totals (``"1=100,2=100"``; None: KernelBench's), optionally against published KernelBench baselines;
    ``protocol``: only rows judged under it (see `select_protocol`), stated in the report's environment."""
    df = select_protocol(read_results(results), protocol, source=str(results))
    env = read_environment(environment, results)
    if protocol is not None:
        env = {**env, "protocol": protocol}
    baseline = None
    if baseline_eager or baseline_compile:
        eager = load_baseline(baseline_eager) if baseline_eager else None
        compiled = load_baseline(baseline_compile) if baseline_compile else None
        if eager is None:
            raise ScoreInputError("--baseline-compile needs --baseline-eager as well")
        df = with_published_baselines(df, eager, compiled)
        baseline = "published KernelBench baselines (mean): " + ", ".join(
            str(p) for p in (baseline_eager, baseline_compile) if p
        )
    return make_report(df, env, totals=parse_totals(totals), levels=levels, baseline=baseline)
