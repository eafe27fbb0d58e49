"""KernelBench parity: the same kernels judged by KernelBench's own evaluator and by ``--protocol kernelbench``.

KernelBench's ``eval_kernel_against_ref`` (its ``src/kernelbench``, fetched and carried unmodified, never
committed here) runs ``--repeats`` times per kernel, each repetition in a fresh process (its timer's run-to-run
spread is measured, not assumed); our judge runs ``--ours-repeats`` times per kernel (default once) under the
kernelbench protocol, each run after KernelBench's of the same number, and the table compares the median. Both use 5
correctness trials, 100 timed calls and fp32; the speedup compared is KernelBench's, mean over mean, against the
eager reference timed in the same evaluation.

    # on this machine: gather the kernels and problems into one folder (the published best kernels + rogues)
    python benchmarks/kb_parity.py collect --out .gpu/parity --dataset ../shared/kernelbench --config github_main
    # on the GPU machine (resumable: finished kernels are skipped; --again ours judges ours anew after a change)
    python benchmarks/kb_parity.py run --bundle .gpu/parity --kernelbench-src .gpu/kernelbench_src --repeats 3
    # the compact record (CSV) and its tables, pasted into leaderboards/nvidia-h200/parity.md
    python benchmarks/kb_parity.py table --bundle .gpu/parity=LABEL --csv leaderboards/nvidia-h200/parity.csv

KernelBench's ``utils`` imports LLM client libraries at import time (``openai``, ``litellm``, ``dotenv``); where
they are not installed the worker gives it inert stand-ins, which evaluation never calls.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import traceback
import types
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KB_TRIALS, KB_PERF_TRIALS = 5, 100
TOLERANCE_PCT = 3.0  # the issue's parity target: speedups within 3 %, or within KernelBench's own spread


# -- collect (no GPU) -------------------------------------------------------------------------------
def _header(path: Path) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].partition(":")
        if sep and key.strip().isidentifier():
            fields.setdefault(key.strip(), value.strip())
    return fields


def collect(out: Path, kernels_csv: Path, dataset: str, config: str | None, keys: list[str] | None,
            rogues: bool, kernels: dict[str, Path] | None = None) -> list[dict]:
    """The bundle: problem and kernel files side by side, and ``pairs.json`` listing them. ``kernels``: problem
    key -> kernel file (a search run's best kernels, e.g. the panel's); None: the correct rows of ``kernels_csv``."""
    import pandas as pd

    from kb.bridge import resolve_problems

    if kernels is None:
        table = pd.read_csv(kernels_csv)
        if "protocol" in table.columns:  # a re-scored board: a row per protocol, the same kernel under both; the
            table = table[table["protocol"] == "strict"]  # strict verdicts say which kernels are honest in fp32
        table = table[table["verdict"] == "correct"]
        table["key"] = "L" + table["level"].astype(str) + "/" + table["problem_id"].astype(str)
        if keys:
            table = table[table["key"].isin(keys)]
        kernels = {row.key: REPO / row.kernel_path for row in table.itertuples()}
    (out / "problems").mkdir(parents=True, exist_ok=True)
    (out / "kernels").mkdir(parents=True, exist_ok=True)
    pairs = []
    for key, path in kernels.items():
        (problem,) = resolve_problems([key], dataset=dataset, config=config)
        stem = key.replace("/", "_")
        (out / "problems" / f"{stem}.py").write_text(problem.source)
        (out / "kernels" / f"{stem}.py").write_text(Path(path).read_text())
        pairs.append({"id": stem, "key": key, "name": problem.name, "problem": f"problems/{stem}.py",
                      "kernel": f"kernels/{stem}.py", "kind": "leaderboard", "expect": "correct"})
    if rogues:
        fixtures = REPO / "tests" / "fixtures"
        for path in sorted((fixtures / "rogues").glob("*.py")):
            h = _header(path)
            if path.stem not in ROGUES or "problem" not in h:
                continue
            stem = f"rogue_{path.stem}"
            (out / "problems" / f"{stem}.py").write_text((fixtures / "problems" / h["problem"]).read_text())
            (out / "kernels" / f"{stem}.py").write_text(path.read_text())
            pairs.append({"id": stem, "key": stem, "name": h["problem"], "problem": f"problems/{stem}.py",
                          "kernel": f"kernels/{stem}.py", "kind": "rogue", "expect": h.get("expect", "")})
    (out / "pairs.json").write_text(json.dumps(pairs, indent=1) + "\n")
    return pairs


# -- KernelBench's evaluator (GPU, one process per repetition) -----------------------------------
def _stand_ins() -> None:
    """Inert modules for the LLM clients KernelBench imports at import time, where they are missing."""
    import importlib.util

    for name, attrs in (("dotenv", {"load_dotenv": lambda *a, **k: False}),
                        ("litellm", {"completion": None}), ("openai", {"OpenAI": None})):
        if importlib.util.find_spec(name) is None:
            mod = types.ModuleType(name)
            for attr, value in attrs.items():
                def refuse(*a, _n=f"{name}.{attr}", **k):
                    raise RuntimeError(f"{_n} is a stand-in in the parity runner")
                setattr(mod, attr, value if value is not None else refuse)
            sys.modules[name] = mod


def _jsonable(x):
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (int, float, str, bool)) or x is None:
        return x
    return str(x)[:400]


def kb_worker(bundle: Path, ids: list[str], repeat: int, results: Path) -> None:
    _stand_ins()
    import torch
    from kernelbench.eval import eval_kernel_against_ref

    pairs = {p["id"]: p for p in json.loads((bundle / "pairs.json").read_text())}
    for pid in ids:
        p = pairs[pid]
        t0 = time.time()
        try:
            res = eval_kernel_against_ref(
                (bundle / p["problem"]).read_text(), (bundle / p["kernel"]).read_text(), seed_num=42,
                num_correct_trials=KB_TRIALS, num_perf_trials=KB_PERF_TRIALS, measure_performance=True,
                timing_method="cuda_event", device=0, backend="triton", precision=torch.float32)
            row = {"compiled": None, "correctness": None, "retry": True} if res is None else {
                "compiled": res.compiled, "correctness": res.correctness, "runtime_ms": res.runtime,
                "ref_runtime_ms": res.ref_runtime, "runtime_stats": _jsonable(res.runtime_stats),
                "ref_runtime_stats": _jsonable(res.ref_runtime_stats), "metadata": _jsonable(res.metadata)}
        except Exception as exc:  # noqa: BLE001 - the evaluator's own failure is a result too
            row = {"compiled": None, "correctness": None, "error": f"{type(exc).__name__}: {exc}"[:600]}
        row.update(id=pid, repeat=repeat, wall_s=round(time.time() - t0, 2),
                   torch=torch.__version__, gpu=torch.cuda.get_device_name(0))
        with results.open("a") as f:
            f.write(json.dumps(row) + "\n")
        torch.cuda.empty_cache()


# -- ours ------------------------------------------------------------------------------------------
def ours_worker(bundle: Path, ids: list[str], results: Path, protocol: str, repeat: int = 0,
                device: str = "cuda") -> None:
    from autokernel.evaluate import EvalConfig, Evaluator
    from autokernel.problem import Problem
    from autokernel.records import Candidate

    pairs = {p["id"]: p for p in json.loads((bundle / "pairs.json").read_text())}
    config = EvalConfig.for_device(device, protocol=protocol, baseline_compile=False,
                                   num_correct_trials=KB_TRIALS, num_perf_trials=KB_PERF_TRIALS)
    with Evaluator(config) as judge:
        for pid in ids:
            p = pairs[pid]
            level, _, num = p["key"].partition("/")
            problem = Problem.from_source((bundle / p["problem"]).read_text(), name=p["name"],
                                          level=int(level[1:]) if num else None,
                                          problem_id=int(num) if num else None)
            v = None
            try:
                v = judge.evaluate(problem, Candidate(source=(bundle / p["kernel"]).read_text()))
            except Exception as exc:  # noqa: BLE001 - the judge's own failure (its device memory, say): recorded,
                # and the next kernels judged; the log keeps the traceback
                traceback.print_exc()
                notes = "".join(f"; {n}" for n in getattr(exc, "__notes__", []))
                row = {"id": pid, "repeat": repeat, "protocol": protocol, "verdict": "judge_error",
                       "reason": f"{type(exc).__name__}: {str(exc)[:600]}{notes[:1200]}"}
                with results.open("a") as f:
                    f.write(json.dumps(row, default=str) + "\n")
            if v is None:  # out of the handler: the error's frames held the failed evaluation's tensors
                judge.release()
                continue
            row = {"id": pid, "repeat": repeat, "protocol": protocol, "verdict": v.verdict, "reason": v.reason[:600],
                   "failed_check": v.failed_check, "extra_check": v.extra_check, "speedup": v.speedup,
                   "speedup_mean": v.speedup_mean, "kernel": v.kernel.__dict__ if v.kernel else None,
                   "eager": v.eager.__dict__ if v.eager else None,
                   "eager_judge": v.eager_judge.__dict__ if v.eager_judge else None, "max_abs_error": v.max_abs_error,
                   "wall_s": v.wall_s, "environment": v.environment}
            with results.open("a") as f:
                f.write(json.dumps(row, default=str) + "\n")


# -- orchestration ---------------------------------------------------------------------------------
ROGUE_PARALLEL = 8
ROGUES = ("h01_empty_unwritten", "h02_memo_data_ptr", "h03_batch_and_skip", "h04_side_stream",
          "h05_background_thread", "h06_lazy_torch_dispatch", "h07_patch_allclose", "h07_patch_cuda_timing",
          "h08_decoy_launch", "h08_pure_torch", "h09_fp16_compute", "h10_softmax_zeros", "h11_first_row_only",
          "h13_return_input", "h14_seed42_precompute", "h15_frame_walk", "h16_persisting_l2",
          "h17_uninit_accumulator", "h18_hardcoded_shape")  # one or two per family of tests/fixtures/rogues


def _spawn(cmd: list[str], env: dict, log: Path, timeout: float) -> None:
    """A worker in its own process, its output to ``log``; killed at ``timeout`` (KernelBench has none)."""
    with log.open("a") as f:
        try:
            subprocess.run(cmd, env=env, stdout=f, stderr=f, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            f.write(f"\n[parity] killed after {timeout:.0f} s\n")

def _ours_key(row: dict) -> tuple[str, int]:
    return row["id"], int(row.get("repeat", 0))  # lines written before repeats of ours are repeat 0


def _done(path: Path, key=lambda r: r["id"]) -> set:
    """The keys of the rows recorded in ``path``; a judge's own failure (``judge_error``) is no verdict on its
    kernel, so a rerun judges that kernel again."""
    if not path.is_file():
        return set()
    out = set()
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
            if row.get("verdict") != "judge_error":
                out.add(key(row))
        except (ValueError, KeyError, AttributeError):
            continue
    return out


def set_aside(bundle: Path, protocol: str, again: str | None) -> list[str]:
    """Rename the earlier results of ``again``'s side(s) (``ours``, ``kernelbench``, ``both``) to
    ``<name>.<UTC time>.jsonl`` (logs likewise), so a rerun judges every kernel again; returns the new names."""
    if not again:
        return []
    res = bundle / "results"
    repeats = sorted({f.stem for f in res.glob("kernelbench_*.log") if f.stem.split("_", 1)[1].isdigit()})
    stems = ([f"ours_{protocol}"] if again in ("ours", "both") else []) + (
        ["kernelbench", *repeats, "kernelbench_rogues"] if again in ("kernelbench", "both") else [])
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    moved = []
    for stem in stems:
        for suffix in (".jsonl", ".log"):
            path = res / f"{stem}{suffix}"
            if path.is_file():
                target, n = res / f"{stem}.{stamp}{suffix}", 1
                while target.exists():  # never over an earlier set-aside file
                    target, n = res / f"{stem}.{stamp}-{n}{suffix}", n + 1
                path.rename(target)
                moved.append(target.name)
    return moved


def run(bundle: Path, kb_src: Path, repeats: int, budget_s: float, protocol: str, only: str | None,
        ours_repeats: int = 1) -> None:
    """Each repetition of KernelBench's evaluator in a fresh process (a rogue alone in its own: a crash poisons
    a CUDA context), and ours, each of our repetitions after KernelBench's of the same number (so a drift of the
    machine reaches both); everything appends to ``bundle/results``, so a rerun resumes."""
    pairs = json.loads((bundle / "pairs.json").read_text())
    if only:
        pairs = [p for p in pairs if p["kind"] == only]
    res = bundle / "results"
    res.mkdir(exist_ok=True)
    kb_file, ours_file = res / "kernelbench.jsonl", res / f"ours_{protocol}.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(kb_src), str(REPO), os.environ.get("PYTHONPATH", "")])}
    start = time.time()

    def left() -> float:
        return budget_s - (time.time() - start)

    def kb_repeat(r: int) -> None:
        done = _done(kb_file, key=lambda row: (row["id"], row["repeat"]))
        honest = [p["id"] for p in pairs if (p["id"], r) not in done and p["kind"] != "rogue"]
        if honest and left() > 0:
            _spawn([sys.executable, __file__, "_kb", "--bundle", str(bundle), "--repeat", str(r),
                    "--ids", ",".join(honest)], env, res / f"kernelbench_{r}.log", max(30.0, left()))
            print(f"kernelbench repeat {r}: {len(honest)} kernels at {time.time() - start:.0f} s", flush=True)

    # Order: every kernel once by KernelBench, the rogues, every kernel by ours, then KernelBench's repetitions
    # (a budget that runs out still leaves whole comparisons).
    kb_repeat(0)
    done = _done(kb_file, key=lambda row: (row["id"], row["repeat"]))
    rogue = [p["id"] for p in pairs if p["kind"] == "rogue" and (p["id"], 0) not in done]
    if rogue and left() > 0:
        # each rogue alone (it may patch the process or poison its CUDA context), several at once: their
        # verdicts, not their times, are compared; one repetition
        procs: list[subprocess.Popen] = []
        with (res / "kernelbench_rogues.log").open("a") as log:
            for pid in rogue:
                while len([p for p in procs if p.poll() is None]) >= ROGUE_PARALLEL:
                    time.sleep(0.2)
                procs.append(subprocess.Popen([sys.executable, __file__, "_kb", "--bundle", str(bundle),
                                               "--repeat", "0", "--ids", pid], env=env, stdout=log, stderr=log))
            for p in procs:
                try:
                    p.wait(timeout=max(10.0, left()))
                except subprocess.TimeoutExpired:
                    p.kill()
        print(f"kernelbench rogues: {len(rogue)} at {time.time() - start:.0f} s", flush=True)
    def ours_repeat(r: int) -> None:
        done = _done(ours_file, key=_ours_key)
        todo = [p["id"] for p in pairs if (p["id"], r) not in done and (r == 0 or p["kind"] != "rogue")]
        if todo and left() > 0:
            _spawn([sys.executable, __file__, "_ours", "--bundle", str(bundle), "--protocol", protocol,
                    "--repeat", str(r), "--ids", ",".join(todo)], env, res / f"ours_{protocol}.log",
                   max(30.0, left()))
            print(f"ours ({protocol}) repeat {r}: {len(todo)} kernels at {time.time() - start:.0f} s", flush=True)

    ours_repeat(0)
    for r in range(1, max(repeats, ours_repeats)):
        if r < repeats:
            kb_repeat(r)
        if r < ours_repeats:
            ours_repeat(r)  # the rogues once: their verdicts, not their times, are compared
    print(f"parity run finished in {time.time() - start:.0f} s", flush=True)


# -- the page --------------------------------------------------------------------------------------
def _kb_verdict(row: dict) -> str:
    if row.get("correctness"):
        return "correct"
    if row.get("compiled") is False:
        return "compile_error"
    md = row.get("metadata") or {}
    if "runtime_error" in md:
        return "runtime_error"
    if row.get("compiled") is None:
        return "error"
    return "incorrect"


def parity_rows(bundle: Path, protocol: str = "kernelbench") -> list[dict]:
    pairs = json.loads((bundle / "pairs.json").read_text())
    kb: dict[str, list[dict]] = {}
    for line in (bundle / "results" / "kernelbench.jsonl").read_text().splitlines():
        row = json.loads(line)
        kb.setdefault(row["id"], []).append(row)
    ours: dict[str, dict[int, dict]] = {}
    path = bundle / "results" / f"ours_{protocol}.jsonl"
    for line in path.read_text().splitlines() if path.is_file() else []:
        row = json.loads(line)
        ours.setdefault(row["id"], {})[int(row.get("repeat", 0))] = row  # a repeat judged again: the later line
    out = []
    for p in pairs:
        runs, mine = kb.get(p["id"], []), list(ours.get(p["id"], {}).values())
        if not runs or not mine:
            continue
        verdicts = sorted({_kb_verdict(r) for r in runs})
        speedups = [r["ref_runtime_ms"] / r["runtime_ms"] for r in runs
                    if r.get("correctness") and (r.get("runtime_ms") or 0) > 0 and (r.get("ref_runtime_ms") or 0) > 0]
        ours_verdicts = sorted({r["verdict"] for r in mine})
        correct = [r for r in mine if r["verdict"] == "correct"]
        means = [r["speedup_mean"] for r in correct if r.get("speedup_mean")]
        medians = [r["speedup"] for r in correct if r.get("speedup")]
        named = next((r.get("extra_check") or r.get("failed_check") for r in mine
                      if r.get("extra_check") or r.get("failed_check")), "")
        row = {"kernel": p["key"], "kind": p["kind"], "kb_verdicts": "/".join(verdicts), "kb_runs": len(runs),
               "ours": "/".join(ours_verdicts), "ours_runs": len(mine), "named_check": named,
               "kb_speedup": statistics.median(speedups) if speedups else None,
               "kb_spread_pct": _spread(speedups),
               "ours_speedup_mean": statistics.median(means) if means else None,
               "ours_speedup_median": statistics.median(medians) if medians else None,
               "ours_spread_pct": _spread(means)}
        # the times behind the speedups (means, as KernelBench reports; the median over runs): where the kernel's
        # agree and the speedups do not, the difference is in the eager reference's timing (a host-bound one moves)
        ok_runs = [r for r in runs if r.get("correctness")]
        times = {"kb_kernel_ms": [r.get("runtime_ms") for r in ok_runs],
                 "kb_eager_ms": [r.get("ref_runtime_ms") for r in ok_runs],
                 "ours_kernel_ms": [(r.get("kernel") or {}).get("mean_ms") for r in correct],
                 "ours_eager_ms": [(r.get("eager") or {}).get("mean_ms") for r in correct]}
        for name, values in times.items():
            values = [v for v in values if v and v > 0]
            row[name] = statistics.median(values) if values else None
        if row["kb_kernel_ms"] and row["ours_kernel_ms"]:
            row["kernel_diff_pct"] = 100 * (row["ours_kernel_ms"] / row["kb_kernel_ms"] - 1)
        same = (verdicts == ["correct"]) == (ours_verdicts == ["correct"])
        row["same_verdict"] = same
        if row["kb_speedup"] and row["ours_speedup_mean"]:
            diff = 100 * (row["ours_speedup_mean"] / row["kb_speedup"] - 1)
            row["diff_pct"] = diff
            row["within"] = abs(diff) <= max(TOLERANCE_PCT, row["kb_spread_pct"] or 0.0)
        out.append(row)
    return out


def _spread(speedups: list[float]) -> float | None:
    """Run-to-run spread, (max - min) / median, in %; None below two runs."""
    return 100 * (max(speedups) - min(speedups)) / statistics.median(speedups) if len(speedups) > 1 else None


CSV_FIELDS = ("loop", "kernel", "kind", "kb_verdicts", "kb_runs", "ours", "ours_runs", "named_check", "same_verdict",
              "kb_speedup", "kb_spread_pct", "ours_speedup_mean", "ours_speedup_median", "ours_spread_pct",
              "diff_pct", "within", "kb_kernel_ms", "ours_kernel_ms", "kernel_diff_pct", "kb_eager_ms", "ours_eager_ms")


def write_csv(bundles: list[tuple[Path, str]], csv_path: Path) -> None:
    """The compact record of one or more parity runs (``loop`` labels each): what the page is drawn from.

    Merged into an existing CSV: a bundle's row replaces the row of the same loop and kernel, every other row
    stays, so the record grows across bundles judged on different machines (a bundle itself is run data, not
    kept). The bundles' loops come first (the page renders the newest first), then the others as they were."""
    import csv

    rows = {(r["loop"], r["kernel"]): r for r in csv.DictReader(csv_path.open())} if csv_path.is_file() else {}
    for bundle, label in bundles:
        for r in parity_rows(bundle):
            rows[(label, r["kernel"])] = {**r, "loop": label}
    order = list(dict.fromkeys([label for _, label in bundles] + [label for label, _ in rows]))  # newest first
    with csv_path.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for label in order:
            for (loop, _), r in rows.items():
                if loop == label:
                    w.writerow(r)


def render(csv_path: Path) -> str:
    """Markdown tables, one per ``loop``, and a summary line each, from the compact CSV."""
    import csv

    def num(x: str, fmt: str, unit: str = "") -> str:
        return "" if x in ("", None) else format(float(x), fmt) + unit

    rows = list(csv.DictReader(csv_path.open()))
    out = []
    for label in dict.fromkeys(r["loop"] for r in rows):
        part = [r for r in rows if r["loop"] == label]
        out += [f"### {label}", "", "| kernel | KernelBench verdict (runs) | ours (kernelbench protocol) | check named "
                "| KernelBench speedup (median of runs) | its run spread | ours (mean/mean) | ours (median) | "
                "difference | within target | kernel ms, KernelBench / ours | kernel difference | "
                "eager ms, KernelBench / ours |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in part:
            within = {"True": "yes", "False": "no"}.get(r["within"], "")
            runs = int(r.get("ours_runs") or 1)  # our own repeats (rows before them: one run, shown as before)
            ours, mean = r["ours"], num(r["ours_speedup_mean"], ".3f")
            if runs > 1:
                ours += f" ({runs})"
                if mean:  # the median of our runs' means, and their spread
                    mean += f" (spread {num(r['ours_spread_pct'], '.1f', ' %')})" if r.get("ours_spread_pct") else ""
            out.append(f"| {r['kernel']} | {r['kb_verdicts']} ({r['kb_runs']}) | {ours} | {r['named_check']} | "
                       f"{num(r['kb_speedup'], '.3f')} | {num(r['kb_spread_pct'], '.1f', ' %')} | "
                       f"{mean} | {num(r['ours_speedup_median'], '.3f')} | "
                       f"{num(r['diff_pct'], '+.1f', ' %')} | {within} | {_pair(r, 'kernel')} | "
                       f"{num(r.get('kernel_diff_pct'), '+.1f', ' %')} | {_pair(r, 'eager')} |")
        honest = [r for r in part if r["kind"] == "leaderboard"]
        timed = [r for r in honest if r["within"] in ("True", "False")]
        kernels = [float(r["kernel_diff_pct"]) for r in timed if r.get("kernel_diff_pct")]
        kernel_line = (f" Kernel times (means) within {TOLERANCE_PCT:g} % of KernelBench's on "
                       f"{sum(abs(d) <= TOLERANCE_PCT for d in kernels)} of {len(kernels)}." if kernels else "")
        out += ["", f"{len(part)} kernels ({len(honest)} leaderboard kernels, {len(part) - len(honest)} rogue "
                    f"fixtures); the same verdict on {sum(r['same_verdict'] == 'True' for r in honest)} of "
                    f"{len(honest)} leaderboard kernels; speedup within {TOLERANCE_PCT:g} % or KernelBench's own "
                    f"run-to-run spread on {sum(r['within'] == 'True' for r in timed)} of {len(timed)} correct "
                    f"under both.{kernel_line}", ""]
    return "\n".join(out)


def _pair(row: dict, what: str) -> str:
    """KernelBench's and our mean time of the kernel or the eager reference, ms ('' where either is missing)."""
    kb, ours = row.get(f"kb_{what}_ms"), row.get(f"ours_{what}_ms")
    return f"{float(kb):.4g} / {float(ours):.4g}" if kb not in ("", None) and ours not in ("", None) else ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--kernels-csv", type=Path, default=REPO / "leaderboards/nvidia-h200/problems.csv")
    c.add_argument("--dataset", default=str(REPO.parent / "shared" / "kernelbench"))
    c.add_argument("--config", default="github_main")
    c.add_argument("--keys", help="comma-separated problem keys (L1/19,...); default: every correct row")
    c.add_argument("--no-rogues", action="store_true")
    c.add_argument("--kernel", action="append", default=[], metavar="KEY=FILE",
                   help="a kernel for a problem (L2/50=runs/panel/problems/.../best.py), instead of the leaderboard's "
                        "rows (repeatable)")
    r = sub.add_parser("run")
    r.add_argument("--bundle", type=Path, required=True)
    r.add_argument("--kernelbench-src", type=Path, required=True, help="folder holding KernelBench's kernelbench/")
    r.add_argument("--repeats", type=int, default=3)
    r.add_argument("--budget-s", type=float, default=540.0)
    r.add_argument("--protocol", default="kernelbench")
    r.add_argument("--only", choices=("leaderboard", "rogue"))
    r.add_argument("--ours-repeats", type=int, default=1,
                   help="our judgments per leaderboard kernel, each in a fresh judge after KernelBench's run of the "
                        "same number (the table then compares the median of ours and shows its spread)")
    r.add_argument("--again", choices=("ours", "kernelbench", "both"),
                   help="judge again after a judge change: the earlier results of that side are set aside (renamed "
                        "with their time, never deleted) so this run records new ones")
    t = sub.add_parser("table", help="write the compact CSV of parity runs and print its tables")
    t.add_argument("--bundle", action="append", required=True, metavar="DIR=LABEL",
                   help="a bundle and the label of its timing loop (repeatable)")
    t.add_argument("--csv", type=Path, required=True)
    rd = sub.add_parser("render", help="the Markdown tables of a parity CSV")
    rd.add_argument("--csv", type=Path, required=True)
    for name in ("_kb", "_ours"):
        w = sub.add_parser(name)
        w.add_argument("--bundle", type=Path, required=True)
        w.add_argument("--ids", required=True)
        w.add_argument("--repeat", type=int, default=0)
        w.add_argument("--protocol", default="kernelbench")
    args = ap.parse_args(argv)
    if args.cmd == "collect":
        keys = [k.strip() for k in args.keys.split(",")] if args.keys else None
        kernels = dict(k.split("=", 1) for k in args.kernel if "=" in k)
        if len(kernels) != len(args.kernel):
            raise SystemExit("--kernel takes KEY=FILE, e.g. L2/50=runs/panel/problems/L2_50_.../best.py")
        pairs = collect(args.out, args.kernels_csv, args.dataset, args.config, keys, not args.no_rogues,
                        {k: Path(v) for k, v in kernels.items()} or None)
        print(f"{len(pairs)} pairs in {args.out}")
    elif args.cmd == "run":
        for name in set_aside(args.bundle, args.protocol, args.again):
            print(f"set aside: {name}")
        run(args.bundle, args.kernelbench_src, args.repeats, args.budget_s, args.protocol, args.only,
            args.ours_repeats)
    elif args.cmd == "table":
        bundles = [(Path(b.partition("=")[0]), b.partition("=")[2] or "kernelbench protocol") for b in args.bundle]
        write_csv(bundles, args.csv)
        print(render(args.csv))
    elif args.cmd == "render":
        print(render(args.csv))
    elif args.cmd == "_kb":
        kb_worker(args.bundle, args.ids.split(","), args.repeat, args.bundle / "results" / "kernelbench.jsonl")
    elif args.cmd == "_ours":
        ours_worker(args.bundle, args.ids.split(","), args.bundle / "results" / f"ours_{args.protocol}.jsonl",
                    args.protocol, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
