"""A run directory (see `autokernel.ledger`) or its compact ledger (`kb.compact`) as KernelBench's per-problem
results table.

One row per problem: its best correct, non-quarantined kernel (highest speedup over eager) among the verdicts
timed the newest way (a verdict timed under the GPU lead supersedes the problem's older ones, so a re-judged
problem is never scored by the best of two protocols), or else its last verdict, so a problem the search could not
solve still counts in the denominator.
The environment (GPU, driver, versions, tolerance, timing) comes from the verdicts themselves; a CPU run's is
"CPU, Triton interpreter". Problems outside KernelBench (the embedded suite, problem files) are scored apart, as
level `OWN_LEVEL` over the run's own problems.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autokernel.evaluate.protocol import get_protocol, protocol_of
from autokernel.ledger import RESULTS, RUN_INFO, read_rows, standing_rows
from kb.bridge import dataset_label
from kb.scorer import OWN_LEVEL, ScoreInputError

if TYPE_CHECKING:
    import pandas as pd

_KEY = re.compile(r"^L(\d+)/(\d+)$")


def run_rows(run: Path, protocol: str | None = None) -> list[dict[str, Any]]:
    """The verdict rows of a run directory, or the search rows of a compact ledger (same shape); with
    ``protocol``, only those judged under it (none left is an error)."""
    from kb.compact import is_ledger, read_ledger

    if is_ledger(run):
        rows = read_ledger(run).search_rows()
    else:
        path = run / RESULTS
        if not path.is_file():
            raise ScoreInputError(f"{run}: no results.jsonl; is this an `autokernel-kb run` directory or a compact "
                                  f"ledger?")
        rows = read_rows(path)[0]  # a row torn by a crash is skipped (the ledger drops it on resume too)
    rows = standing_rows(rows)  # a close call judged again: its second verdict only
    if protocol is None:
        return rows
    kept = [r for r in rows if protocol_of(r["verdict"]) == protocol]
    if rows and not kept:
        have = Counter(protocol_of(r["verdict"]) for r in rows)
        raise ScoreInputError(f"{run}: no verdicts judged under the {protocol} protocol (it has "
                              f"{', '.join(f'{p} ({n})' for p, n in have.most_common())})")
    return kept


def _root(run: Path) -> Path:
    """What a row's ``source_path`` is relative to: the run directory, or the ledger's folder."""
    return run.parent if run.is_file() else run


def _run_json(run: Path) -> tuple[str, dict[str, Any]] | None:
    """(the run's name, its run.json), from the run directory or the ledger's header; None without one."""
    from kb.compact import is_ledger, read_ledger

    if is_ledger(run):
        ledger = read_ledger(run)
        return ledger.run, ledger.run_json
    try:
        return run.name, json.loads((run / RUN_INFO).read_text())
    except (OSError, ValueError):
        return None


def _method(verdict: dict[str, Any]) -> str:
    """How the verdict's kernel was timed ("" when it was not)."""
    return str((verdict.get("kernel") or {}).get("method") or "")


def _timing_generation(verdict: dict[str, Any]) -> int:
    """1 for kernels timed under the GPU lead (the judge's default since 2026-11-29), 0 for the older loop."""
    return int("gpu_lead" in _method(verdict))


def _better(a: dict[str, Any], b: dict[str, Any] | None) -> bool:
    """Is attempt ``a`` a better kernel to score than ``b``?"""
    if b is None:
        return True
    va, vb = a["verdict"], b["verdict"]
    ok_a = va["verdict"] == "correct" and not va.get("quarantined")
    ok_b = vb["verdict"] == "correct" and not vb.get("quarantined")
    if ok_a != ok_b:
        return ok_a
    if ok_a and _timing_generation(va) != _timing_generation(vb):
        return _timing_generation(va) > _timing_generation(vb)
    if ok_a:
        return (va.get("speedup") or 0.0) > (vb.get("speedup") or 0.0)
    return a.get("experiment", 0) > b.get("experiment", 0)  # unsolved: the latest word


_RATE = {"vector_tflops": re.compile(r"fp32 vector ([\d,.]+) TFLOP/s"), "memory_gbps": re.compile(r"memory ([\d,.]+) GB/s")}


def fma_floor(verdict: dict[str, Any]) -> tuple[float, str] | None:
    """(ms, "compute" or "memory"): the problem's floor without tensor cores, all its FLOPs at the fp32 vector
    (FMA) rate or its bytes at the memory rate, whichever is slower, from the verdict's plausibility check
    (rates parsed from ``peak_used`` in runs that predate the numeric fields). None without such a check."""
    for check in verdict.get("checks") or []:
        if check.get("name") != "plausibility":
            continue
        fig = check.get("figures") or {}
        rates = {}
        for key, pattern in _RATE.items():
            value = fig.get(key)
            if value is None:
                m = pattern.search(str(fig.get("peak_used", "")))
                value = float(m.group(1).replace(",", "")) if m else None
            rates[key] = value
        if not (fig.get("flops") is not None and fig.get("bytes") and rates["vector_tflops"] and rates["memory_gbps"]):
            return None
        compute_ms = fig["flops"] / (rates["vector_tflops"] * 1e9)
        memory_ms = fig["bytes"] / (rates["memory_gbps"] * 1e6)
        return (compute_ms, "compute") if compute_ms > memory_ms else (memory_ms, "memory")
    return None


def best_rows(rows: list[dict[str, Any]]) -> dict[tuple[int, int], dict[str, Any]]:
    """(level, id) -> the row that scores the problem (see the module docstring). Problems outside KernelBench
    get level `OWN_LEVEL` and ids 1..N in the order of their names."""
    best: dict[tuple[int, int | str], dict[str, Any]] = {}
    for row in rows:
        problem = str(row.get("problem", ""))
        m = _KEY.match(problem)
        key = (int(m.group(1)), int(m.group(2))) if m else (OWN_LEVEL, problem)
        if _better(row, best.get(key)):
            best[key] = row
    own = sorted(k[1] for k in best if k[0] == OWN_LEVEL)
    ids = {name: i for i, name in enumerate(own, 1)}
    return {(lv, ids[k] if lv == OWN_LEVEL else k): row for (lv, k), row in best.items()}


def _scores_mean(protocol: str) -> bool:
    """Whether the protocol's own statistic is the mean (KernelBench's); an unknown protocol scores medians."""
    try:
        return get_protocol(protocol).statistic == "mean"
    except ValueError:
        return False


def speedup_keys(verdict: dict[str, Any]) -> tuple[str, str]:
    """The verdict's speedups (vs eager, vs torch.compile) in its protocol's own statistic: KernelBench's mean under
    ``kernelbench`` (where the verdict recorded it), the median otherwise; the median is always kept beside."""
    if _scores_mean(protocol_of(verdict)) and isinstance(verdict.get("speedup_mean"), (int, float)):
        return "speedup_mean", "speedup_vs_compile_mean"
    return "speedup", "speedup_vs_compile"


def _statistic_text(protocol: str) -> str:
    return ("mean of timed calls (KernelBench's statistic; the median of the same calls beside it in problems.csv)"
            if _scores_mean(protocol) else "median of timed calls")


def baseline_precision(verdict: dict[str, Any]) -> str:
    """The precision a verdict's baselines ran in ("default": PyTorch's flags, "fp32": TF32 off), as its judge
    decided it (`policy.baseline_rule`); "" where the verdict predates that record or was not timed."""
    rule = (verdict.get("policy") or {}).get("baseline_rule")
    return str(rule.get("precision") or "") if isinstance(rule, dict) and verdict.get("eager") else ""


def repeat_spread(row: dict[str, Any], repeats: list[list[dict[str, Any]]]) -> float | None:
    """The repeat spread of a scoring row's speedups, in %: (max - min) / median over the row and the same candidate
    judged again in each repeat run (its baselines re-timed there), the larger of the spreads vs eager and vs
    torch.compile. None when no repeat judged that candidate correct."""
    import statistics

    again = [v for v in _judged_again(row, repeats) if v.get("verdict") == "correct"]
    if not again:
        return None
    spreads = []
    for key in speedup_keys(row["verdict"]):
        values = [v[key] for v in (row["verdict"], *again) if isinstance(v.get(key), (int, float)) and v[key] > 0]
        if len(values) > 1:
            spreads.append(100 * (max(values) - min(values)) / statistics.median(values))
    return round(max(spreads), 2) if spreads else None


REPEAT_FAILURES = ("incorrect", "rejected")  # the candidate's own doing on any trial: no harness fault


def repeat_failure(row: dict[str, Any], repeats: list[list[dict[str, Any]]]) -> dict[str, Any] | None:
    """The first verdict of a repeat run that judged a scoring row's candidate wrong (`REPEAT_FAILURES`), if any: a
    kernel correct once but wrong on another judgment's inputs is not correct (correctness gates every speedup)."""
    return next((v for v in _judged_again(row, repeats) if v.get("verdict") in REPEAT_FAILURES), None)


def _judged_again(row: dict[str, Any], repeats: list[list[dict[str, Any]]]) -> Iterator[dict[str, Any]]:
    """The verdicts the repeat runs gave a scoring row's candidate on its problem, in run order."""
    digest, problem = row.get("candidate_digest"), row.get("problem")
    return (r["verdict"] for rows in repeats for r in rows
            if r.get("candidate_digest") == digest and r.get("problem") == problem)


def repeat_band(repeats: Sequence[str | Path]) -> float | None:
    """The ``bench --repeat-within`` factor the repeat runs were made with (the widest, if invocations differ): the
    kernels they left out are at least that far from 1x. None where no invocation recorded one (every kernel was
    to be judged again)."""
    bands = []
    for r in repeats:
        found = _run_json(Path(r))
        for inv in (found[1].get("invocations", []) if found else []):
            if isinstance(inv.get("repeat_within"), (int, float)):
                bands.append(float(inv["repeat_within"]))
    return max(bands) if bands else None


def run_table(run_dir: str | Path, *, protocol: str | None = None,
              repeats: Sequence[str | Path] = ()) -> pd.DataFrame:
    """The per-problem table of one run directory or compact ledger (KernelBench problems by their level and id,
    others as level `OWN_LEVEL`); with ``protocol``, of the verdicts judged under it only. ``repeats``: run
    directories that judged the same candidates again; each scoring row then gets its ``spread_pct``
    (`repeat_spread`), which decides ties."""
    import pandas as pd

    run = Path(run_dir)
    root = _root(run)
    rows = run_rows(run, protocol)
    again = [run_rows(Path(r), protocol) for r in repeats]
    mixed = Counter(protocol_of(r["verdict"]) for r in rows)
    if protocol is None and len(mixed) > 1:  # a problem is never scored by the best of two protocols
        raise ScoreInputError(f"{run}: its verdicts were judged under several protocols "
                              f"({', '.join(f'{p}: {n}' for p, n in mixed.most_common())}); pick one with "
                              f"--protocol (a page per protocol)")
    best = best_rows(rows)
    band = repeat_band(repeats)
    records = []
    for (level, pid), row in sorted(best.items()):
        v = row["verdict"]
        failed = repeat_failure(row, again) if v.get("verdict") == "correct" else None
        if failed is not None:  # scored as its failing repeat, said in the reason; its timings stay for a reader
            v = {**v, "verdict": failed["verdict"], "reason": f"correct once, then on a repeat judgment: "
                                                              f"{failed.get('reason', '')}"}
        timing = {k: (v.get(k) or {}).get("median_ms") for k in ("kernel", "eager", "compiled")}
        floor = fma_floor(v) or (None, None)
        keys = speedup_keys(v)
        records.append({
            "level": level, "problem_id": pid, "name": row.get("problem_name", ""), "verdict": v["verdict"],
            "speedup": v.get(keys[0]), "speedup_vs_compile": v.get(keys[1]),
            "statistic": "mean" if keys[0] == "speedup_mean" else "median",
            "speedup_median": v.get("speedup"), "speedup_vs_compile_median": v.get("speedup_vs_compile"),
            "kernel_median_ms": timing["kernel"], "eager_median_ms": timing["eager"],
            "compile_median_ms": timing["compiled"], "floor_ms": v.get("floor_ms"),
            "pct_of_floor": v.get("pct_of_floor"),
            "fma_floor_ms": floor[0], "fma_bound": floor[1],
            "quarantined": bool(v.get("quarantined")),
            "kernel_path": Path(os.path.normpath(root / row["source_path"])).as_posix() if row.get("source_path") else "",
            "timing_method": _method(v),
            "eager_method": str((v.get("eager") or {}).get("method") or ""),
            "baseline_precision": baseline_precision(v),
            "protocol": protocol_of(v),
            "reason": v.get("reason", ""),
            **({"spread_pct": repeat_spread(row, again), "repeat_band": band} if repeats else {}),
        })  # fmt: skip
    if not records:
        raise ScoreInputError(f"{run}: no verdicts to score")
    return pd.DataFrame.from_records(records)


def with_own_problems(totals: dict[int, int], table: pd.DataFrame) -> dict[int, int]:
    """``totals`` plus the count of the runs' problems outside KernelBench (level `OWN_LEVEL`), if any."""
    own = int((table["level"] == OWN_LEVEL).sum())
    return {**totals, OWN_LEVEL: own} if own else dict(totals)


def score_runs(runs: list[str | Path], *, protocol: str | None = None, environment: str | Path | None = None,
               totals: str | None = None, levels=None):
    """The `ScoreReport` of run directories or compact ledgers: their best kernel per problem, the environment
    from their verdicts (or ``environment``, a JSON file), KernelBench's totals (``"1=100,..."``) and the runs'
    own problem count for problems outside KernelBench."""
    import pandas as pd

    from kb.scorer import make_report, parse_totals, read_environment

    if not runs:
        raise ScoreInputError("give --run DIR (a run directory)")
    table = pd.concat([run_table(d, protocol=protocol) for d in runs], ignore_index=True)
    env = read_environment(environment) if environment else run_environment(runs, protocol=protocol)
    return make_report(table, env, totals=with_own_problems(parse_totals(totals), table), levels=levels)


def _run_info(run_dirs: list[str | Path]) -> dict[str, str]:
    """Dataset, config and search budget from each run's run.json (written by `autokernel-kb run`)."""
    info: dict[str, str] = {}
    budgets: list[str | tuple] = []  # lines, or a bench key whose calls are summed below
    notes: list[str] = []  # what a reader must know about a run (merges, re-runs, known contamination)
    benches: dict[tuple, list[dict[str, Any]]] = {}  # a bench's calls, summed per level, candidates, repeat
    for d in run_dirs:
        found = _run_json(Path(d))
        if found is None:
            continue
        name, data = found
        info["dataset"] = dataset_label(str(data.get("dataset", "")))
        info["config"] = str(data.get("config", ""))
        if data.get("note"):
            notes.append(f"{name}: {data['note']}")
        for inv in data.get("invocations", []):
            on_cpu = inv.get("devices") == ["cpu"] or str(inv.get("device", "")).startswith("cpu")
            if inv.get("mode") in ("generations", "pairs"):  # `autokernel-kb bench`: judged, not searched
                what = inv.get("generations") or ", ".join(inv.get("candidates") or [])
                key = (inv.get("level"), inv["mode"], what, inv.get("repeat"), on_cpu)
                if key not in benches:
                    budgets.append(key)  # its place among the budgets; summed below
                benches.setdefault(key, []).append(inv)
            else:
                level = inv.get("level")
                budget = (
                    f"{f'L{level}' if level is not None else 'suite/files'}: rounds={inv.get('rounds')}, "
                    f"ideas={inv.get('ideas_per_round')}, branches={inv.get('branches_per_idea')}, "
                    f"stop_after_s={inv.get('stop_after_s')}, "
                    f"workers_per_{'device' if on_cpu else 'gpu'}={inv.get('workers_per_device')}"
                )
                if inv.get("devices"):
                    where = "device=cpu" if on_cpu else f"gpus={len(inv['devices'])}"
                    per = "/h" if on_cpu else "/h per GPU"
                    budget += (f", {where}, judged={inv.get('candidates_evaluated')} in "
                               f"{inv.get('wall_s')} s ({inv.get('candidates_per_device_hour')}{per})")
                budgets.append(budget)
            if inv.get("note"):
                notes.append(f"{name} ({inv.get('started', 'invocation')}): {inv['note']}")
    budgets = [b if isinstance(b, str) else _bench_budget(b, benches[b]) for b in budgets]
    if budgets:
        info["search_budget"] = "; ".join(budgets)
    if notes:
        info["run_notes"] = " · ".join(notes)
    return info


def run_budget(run_dirs: list[str | Path]) -> str:
    """The search or bench budget of ``run_dirs`` in one line per level, candidates and repeat ("" if none)."""
    return _run_info(run_dirs).get("search_budget", "")


def _bench_budget(key: tuple, calls: list[dict[str, Any]]) -> str:
    """A bench's calls of one level, candidate source and repeat in one line: what they judged in all and how
    fast (calls that resumed one another, each with its own --stop-after, are one budget to a reader)."""
    level, mode, what, repeat, on_cpu = key
    workers = sorted({c.get("workers_per_device") for c in calls if c.get("workers_per_device") is not None})
    text = (f"{f'L{level}: ' if level else ''}bench {mode} ({what}), repeat {repeat}, "
            f"workers_per_{'device' if on_cpu else 'gpu'}={'/'.join(map(str, workers)) or '?'}, "
            f"{len(calls)} call{'s' if len(calls) != 1 else ''}")
    timed = [c for c in calls if c.get("devices") and c.get("wall_s")]
    if timed:
        judged = sum(int(c.get("candidates_evaluated") or 0) for c in timed)
        device_s = sum(float(c["wall_s"]) * len(c["devices"]) for c in timed)
        gpus = max(len(c["devices"]) for c in timed)
        where = "device=cpu" if on_cpu else f"gpus={gpus}"
        rate = f"{judged / device_s * 3600:.1f}/h{'' if on_cpu else ' per GPU'}" if device_s > 0 else "-"
        text += f", {where}, judged={judged} in {device_s:.1f} {'device' if on_cpu else 'GPU'}-s ({rate})"
        if any(c not in timed and c.get("candidates_evaluated") != 0 for c in calls):
            # interrupted calls record no time (nor what they judged): their verdicts are not in the sum
            text += f" over the {len(timed)} calls that recorded their time"
    return text


def _correct_verdicts(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The verdicts of every correct row."""
    return [row["verdict"] for row in rows if row["verdict"].get("verdict") == "correct"]


def _timing_methods(verdicts: list[dict[str, Any]]) -> str:
    """Every timing method behind the runs' correct verdicts, with counts (runs resumed across harness
    versions mix them; kernel and baselines inside one verdict are always timed alike)."""
    methods = Counter(_method(v) for v in verdicts)
    methods.pop("", None)
    if len(methods) <= 1:
        return next(iter(methods), "")
    return "; ".join(f"{m} ({n} verdicts)" for m, n in methods.most_common())


def _baseline_precision(verdicts: list[dict[str, Any]]) -> str:
    """How the runs' baselines ran fp32 matmuls and convolutions (verdicts before the option: PyTorch's defaults).
    One page, one policy: speedups against TF32 and against fp32 baselines are different numbers."""
    from autokernel.evaluate.config import BASELINE_PRECISIONS

    # CPU verdicts do not count: the CPU has no TF32, so both precisions time the same computation there
    found = {(v.get("policy") or {}).get("baseline_precision") or "default" for v in verdicts
             if v.get("device") != "cpu"}
    if verdicts and not found:
        return "either: CPU runs (no TF32 there, so both baseline precisions are the same computation)"
    if len(found) > 1:
        raise ScoreInputError(f"these runs mix baseline precisions ({', '.join(sorted(found))}); score runs judged "
                              f"with --baseline-precision fp32 on a page of their own")
    key = next(iter(found), "default")
    return f"{key}: {BASELINE_PRECISIONS.get(key, 'unknown')}"


def _protocols(verdicts: list[dict[str, Any]], protocol: str | None) -> str:
    """The protocol behind the runs' correct verdicts (each with its count where they mix)."""
    found = Counter(protocol_of(v) for v in verdicts)
    if len(found) <= 1:
        return next(iter(found), protocol or "")
    return "; ".join(f"{p} ({n} verdicts)" for p, n in found.most_common())


_SCALED = re.compile(r"^scaled down by (\d+)")


def _problem_sizes(rows: list[dict[str, Any]]) -> str:
    """Which of the rows' problems ran scaled down (``--scale``, CPU runs), and by what; "" when none did."""
    scaled: dict[int, set[str]] = {}
    for row in rows:
        for note in (row["verdict"].get("policy") or {}).get("problem_notes") or []:
            m = _SCALED.match(str(note))
            if m:
                scaled.setdefault(int(m.group(1)), set()).add(str(row.get("problem", "")))
    return "; ".join(f"divided by {k} (--scale {k}): {', '.join(sorted(keys))}" for k, keys in sorted(scaled.items()))


def _hardware(verdict: dict[str, Any]) -> dict[str, str]:
    """GPU, driver, CUDA and clock of a verdict's environment; a CPU verdict says it ran in the interpreter."""
    env = verdict.get("environment") or {}
    if str(verdict.get("device") or env.get("device") or "").startswith("cuda") or (
            env.get("gpu") and not str(env.get("gpu")).startswith("none")):
        return {"gpu": env.get("gpu", ""), "driver": env.get("driver", ""), "cuda": env.get("cuda_runtime", ""),
                "sm_clock_max": env.get("sm_clock_max_mhz", "")}
    cpu = env.get("cpu") or "unknown processor"
    return {"gpu": CPU_DEVICE, "cpu": cpu, "driver": "none (CPU run)", "cuda": "none (CPU run)"}


# what a CPU run's pages and plots name as their device (kernels run in Triton's interpreter, far below 1x)
CPU_DEVICE = "CPU, Triton interpreter"


def run_environment(run_dirs: list[str | Path], *, protocol: str | None = None) -> dict[str, Any]:
    """What the published numbers rest on, read from the runs' own verdicts (the first correct one, else the first
    that reached the judge); with ``protocol``, from the verdicts judged under it only."""
    rows = [row for d in run_dirs for row in run_rows(Path(d), protocol)]
    judged = [r for r in rows if r["verdict"].get("environment")]
    chosen = next((r for r in judged if r["verdict"]["verdict"] == "correct"), judged[0] if judged else None)
    if chosen is None:
        raise ScoreInputError("no verdict in these runs reached the judge (every candidate failed the static gate): "
                              "nothing records the machine; pass --environment env.json")
    v = chosen["verdict"]
    env, policy, kernel = v["environment"], v.get("policy") or {}, v.get("kernel") or {}
    correct = _correct_verdicts(rows)
    hw = _hardware(v)
    return {
        "gpu": hw["gpu"], "driver": hw["driver"], "cuda": hw["cuda"], "torch": env.get("torch", ""),
        "triton": env.get("triton", ""), **({"sm_clock_max": hw["sm_clock_max"]} if "sm_clock_max" in hw else {}),
        **({"cpu": hw["cpu"]} if "cpu" in hw else {}),
        "dataset": "ScalingIntelligence/KernelBench", "config": "see run notes",
        "tolerance_preset": f"{policy.get('tolerance_preset', '')} (atol=rtol={policy.get('atol', '')})",
        "reference_precision": policy.get("reference_precision", ""),
        **({"problem_sizes": sizes} if (sizes := _problem_sizes(rows)) else {}),
        "protocol": _protocols(correct, protocol) or protocol_of(v),
        "baseline_precision": _baseline_precision(correct),
        "timing_method": _timing_methods(correct) or kernel.get("method", "") or "not timed (no correct kernel)",
        "statistic": _statistic_text(protocol or protocol_of(v)),
        "repetitions": f"up to {kernel.get('num_trials', '')} timed calls (capped by the timing budget)"
        if kernel else "none (no correct kernel was timed)",
        "proposer": chosen.get("proposer", ""), **_run_info(run_dirs),
    }  # fmt: skip
