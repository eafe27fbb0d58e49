"""Where a kernel's time under ``--protocol kernelbench`` parts from KernelBench's own timer (GPU only).

The parity table (leaderboards/nvidia-h200/parity.md) found our kernel times above KernelBench's on short kernels
and on one many-launch model while the eager times agree. This times one kernel, in one process, on the same
model and inputs, by each loop in turn, so the difference is pinned to one of our loop's departures:

  kb           KernelBench's ``time_execution_with_cuda_event`` (its ``src`` carried, never committed here);
  ours         ``timing.time_calls`` with the kernelbench protocol's loop options (KernelBench's loop: the same
               input tensors each call, the last output held; the replay check's block after, not counted);
  ours_clone   the loop as it was before: every call on a fresh clone of the input set;
  ours_clone_fresh  the same with every other call on rearranged inputs (``alternate_fresh``);
  ours_counted ``ours`` with the child's Triton launch counter installed (as in the candidate process);
  ours_capped  the same with the child's per-process GPU memory cap (0.9) set;
  judge        ``Evaluator.evaluate`` under the kernelbench protocol (the candidate confined in its own process),
  judge_open   the same with confinement off (no Landlock, no network namespace);
  eager_judge  the eager reference the judge's speedup is taken from (in the candidate's process, before its code
               is loaded: ``EvalConfig.paired_eager``), and ``eager_judge_own_process``, the judge's own timing.

With ``--process-variants``, ``kb`` and ``ours`` are timed again in a worker started as a candidate interpreter is
(its environment, `sandbox.candidate_env`, in a new session: ``env_kb``, ``env_ours``) and in one that is also
confined at start (`confine.confine`: ``confined_kb``, ``confined_ours``): what is left between those and ``judge``
is the judge's own protocol with the candidate (inputs handed over CUDA IPC, copied once into the candidate's memory
under KernelBench's loop; the ablation; the counter).

Each in-process loop runs ``--rounds`` times; the figure is the mean of its means (ms), beside the
eager reference timed by ``kb`` and ``ours``. ``--fresh-processes N`` times KernelBench's loop in N fresh
processes and reports the spread of the kernel and eager means and of their ratio, read within one process and
across two (why the kernelbench protocol pairs its eager timing with the kernel's, `EvalConfig.paired_eager`).

    python benchmarks/timing_gap.py --bundle .gpu/parity2 --kernelbench-src .gpu/kernelbench_src \
        --ids L3_28,L1_12,L1_88 --out gap.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

PERF_TRIALS = 100
LOOPS = ("kb", "ours", "ours_clone", "ours_clone_fresh", "ours_counted", "ours_capped")


def _build(problem_src: str, kernel_src: str, tag: str):
    """Reference, candidate and timed inputs on the GPU as the judge builds them under the kernelbench protocol
    (`ReferenceSession.under`: KernelBench's seed 42, its inputs drawn on the CPU)."""
    import importlib.util

    import torch

    from autokernel.evaluate.config import EvalConfig
    from autokernel.evaluate.reference import ReferenceSession
    from autokernel.problem import Problem

    session = ReferenceSession.under(EvalConfig.for_device("cuda", protocol="kernelbench"),
                                     Problem.from_source(problem_src, name=tag))
    path = Path(tempfile.gettempdir()) / f"akb_gap_{tag}.py"  # Triton's JIT needs the kernel's source in a file
    path.write_text(kernel_src)
    spec = importlib.util.spec_from_file_location(f"gap_new_{tag}", path)
    new = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = new
    spec.loader.exec_module(new)
    torch.manual_seed(session.init_seed)  # as the candidate process builds ModelNew
    model_new = new.ModelNew(*session.init_args).cuda()
    inputs = session.kernelbench_timing_inputs().inputs
    torch.cuda.synchronize()
    return session.model, model_new, inputs


def _ours(fn, inputs, *, clone: bool = False, fresh: bool = True) -> float:
    import torch

    from autokernel.evaluate.config import EvalConfig
    from autokernel.evaluate.timing import reported_ms, time_calls

    loop = {**EvalConfig.for_device("cuda", protocol="kernelbench").loop_options(), **({"reuse_inputs": False}
                                                                                       if clone else {})}
    with torch.no_grad():
        raw = time_calls(fn, [inputs], device="cuda", n=PERF_TRIALS, warmup=3, budget_s=60.0,
                         alternate_fresh=fresh, **loop)
    return statistics.fmean(reported_ms(raw.event_ms, raw.fresh, loop["reuse_inputs"]))


def _kb(fn, inputs) -> float:
    import contextlib
    import io

    import torch
    from kernelbench.timing import time_execution_with_cuda_event

    with torch.no_grad(), contextlib.redirect_stdout(io.StringIO()):
        times = time_execution_with_cuda_event(fn, inputs, num_trials=PERF_TRIALS, verbose=False, device=0)
    return statistics.fmean(times)


def in_process(bundle: Path, pid: str, rounds: int, loops: tuple[str, ...] = LOOPS) -> dict:
    """The in-process ``loops`` on one kernel, each ``rounds`` times (mean of means, ms)."""
    import torch

    from autokernel.evaluate._child import _LaunchCounter

    pair = next(p for p in json.loads((bundle / "pairs.json").read_text()) if p["id"] == pid)
    model, model_new, inputs = _build((bundle / pair["problem"]).read_text(), (bundle / pair["kernel"]).read_text(),
                                      pid)
    got: dict[str, list[float]] = {k: [] for k in (*LOOPS, "eager_kb", "eager_ours")}
    counter = capped = None
    for loop in loops:  # the counter and the cap cannot be taken back: they come last, in this order
        for _ in range(rounds):
            if loop == "kb":
                got["kb"].append(_kb(model_new, inputs))
                got["eager_kb"].append(_kb(model, inputs))
            elif loop == "ours":
                got["ours"].append(_ours(model_new, inputs))
                got["eager_ours"].append(_ours(model, inputs))
            elif loop == "ours_clone":
                got[loop].append(_ours(model_new, inputs, clone=True, fresh=False))
            elif loop == "ours_clone_fresh":
                got[loop].append(_ours(model_new, inputs, clone=True))
            else:
                if loop == "ours_counted" and counter is None:
                    counter = _LaunchCounter()
                if loop == "ours_capped" and capped is None:
                    torch.cuda.set_per_process_memory_fraction(0.9)
                    capped = True
                got[loop].append(_ours(model_new, inputs))
    out = {k: round(statistics.fmean(v), 5) for k, v in got.items() if v}
    out["counted_launches_per_round"] = sum(counter.snapshot().values()) // rounds if counter else None
    return out


def judged(bundle: Path, pid: str, confine: bool) -> dict:
    """The judge's kernel and eager means (ms) under the kernelbench protocol."""
    from autokernel.evaluate import EvalConfig, Evaluator
    from autokernel.problem import Problem
    from autokernel.records import Candidate

    pair = next(p for p in json.loads((bundle / "pairs.json").read_text()) if p["id"] == pid)
    config = EvalConfig.for_device("cuda", protocol="kernelbench", baseline_compile=False, confine=confine,
                                   num_correct_trials=5, num_perf_trials=PERF_TRIALS)
    with Evaluator(config) as judge:
        v = judge.evaluate(Problem.from_source((bundle / pair["problem"]).read_text(), name=pair["name"]),
                           Candidate(source=(bundle / pair["kernel"]).read_text()))
    return {"kernel": round(v.kernel.mean_ms, 5) if v.kernel else None,
            "eager": round(v.eager.mean_ms, 5) if v.eager else None,  # paired: in the candidate's process
            "eager_own": round(v.eager_judge.mean_ms, 5) if v.eager_judge else None,
            "verdict": v.verdict if v.is_correct else f"{v.verdict}: {v.reason[:300]}"}


def process_spread(runs: list[dict]) -> dict:
    """Per-process kernel and eager means (KernelBench's loop) and what they say about pairing: the speedup read
    within one process (eager and kernel timed side by side) against one read across two processes."""
    runs = [r for r in runs if "kb" in r and "eager_kb" in r]
    kernel, eager = [r["kb"] for r in runs], [r["eager_kb"] for r in runs]
    within = [e / k for k, e in zip(kernel, eager)]
    across = [eager[i] / kernel[j] for i in range(len(runs)) for j in range(len(runs)) if i != j]

    def spread(x: list[float]) -> dict:
        return {"min": round(min(x), 5), "median": round(statistics.median(x), 5), "max": round(max(x), 5),
                "cv_pct": round(100 * statistics.pstdev(x) / statistics.fmean(x), 2)} if x else {}

    return {"processes": len(runs), "kernel_ms": spread(kernel), "eager_ms": spread(eager),
            "speedup_within_process": spread(within), "speedup_across_processes": spread(across),
            "runs": [{"kernel_ms": k, "eager_ms": e} for k, e in zip(kernel, eager)]}


def _worker(args) -> int:
    """One kernel's loops in this process (started by `_run_worker`); the result on stdout after ``GAP ``."""
    if args.confine:  # as a candidate interpreter confines itself, before torch is imported
        from autokernel.evaluate.confine import confine

        confine(tempfile.gettempdir(), device="cuda", memory_limit_mb=None)
    sys.path.insert(0, str(args.kernelbench_src))
    sys.path.insert(0, str(REPO / "benchmarks"))
    from kb_parity import _stand_ins

    _stand_ins()  # KernelBench's package imports LLM clients at import time
    loops = tuple(x for x in args.loops.split(",") if x)
    print("GAP " + json.dumps(in_process(args.bundle, args.ids, args.rounds, loops)), flush=True)
    return 0


def _run_worker(args, pid: str, loops: tuple[str, ...], *, candidate_like: bool = False,
                confine: bool = False) -> dict:
    """A worker for one kernel: a plain child, or (``candidate_like``) one started as the judge starts a
    candidate interpreter (`sandbox.candidate_env` in a scratch folder, a new session), optionally confined."""
    import os

    from autokernel.evaluate.sandbox import candidate_env

    cmd = [sys.executable, str(Path(__file__).resolve()), "--one", "--bundle", str(args.bundle.resolve()),
           "--kernelbench-src", str(args.kernelbench_src.resolve()), "--ids", pid, "--rounds", str(args.rounds),
           "--loops", ",".join(loops), "--out", "-"] + (["--confine"] if confine else [])
    with tempfile.TemporaryDirectory(prefix="akb_gap_") as scratch:
        env = {**candidate_env(scratch, "cuda:0"), "PYTHONPATH": os.pathsep.join(
            [str(REPO), os.environ.get("PYTHONPATH", "")])} if candidate_like else None
        run = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env, cwd=scratch,
                             start_new_session=candidate_like)
    found = [line[4:] for line in run.stdout.splitlines() if line.startswith("GAP ")]
    return json.loads(found[-1]) if found else {"error": run.stderr[-800:]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", type=Path, required=True, help="a kb_parity.py bundle (pairs.json, problems, kernels)")
    ap.add_argument("--kernelbench-src", type=Path, required=True, help="folder holding KernelBench's kernelbench/")
    ap.add_argument("--ids", required=True, help="bundle ids, comma-separated (e.g. L3_28,L1_12)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-judge", action="store_true", help="in-process loops only")
    ap.add_argument("--process-variants", action="store_true",
                    help="also time kb and ours in a worker started like a candidate interpreter, unconfined and "
                         "confined")
    ap.add_argument("--fresh-processes", type=int, default=0, metavar="N",
                    help="also time KernelBench's loop (kernel and eager) in N fresh processes: the spread of each "
                         "time and of their ratio within a process versus across processes")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a worker: one id, JSON on stdout
    ap.add_argument("--loops", default=",".join(LOOPS), help=argparse.SUPPRESS)
    ap.add_argument("--confine", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        return _worker(args)
    rows = []
    for pid in args.ids.split(","):
        t0 = time.time()
        # a process per kernel: the launch counter and the memory cap cannot be taken back
        row = {"id": pid, **_run_worker(args, pid, LOOPS)}
        if args.process_variants:
            for prefix, confined in (("env", False), ("confined", True)):
                got = _run_worker(args, pid, ("kb", "ours"), candidate_like=True, confine=confined)
                row.update({f"{prefix}_{k}": v for k, v in got.items()})
        if args.fresh_processes:
            row["fresh_processes"] = process_spread(
                [_run_worker(args, pid, ("kb",)) for _ in range(args.fresh_processes)])
        if not args.no_judge:
            for name, confined in (("judge", True), ("judge_open", False)):
                got = judged(args.bundle, pid, confine=confined)
                row[name], row[f"eager_{name}"] = got["kernel"], got["eager"]
                row[f"eager_{name}_own_process"] = got["eager_own"]
                row[f"{name}_verdict"] = got["verdict"]  # why a time is missing
        row["wall_s"] = round(time.time() - t0, 1)
        rows.append(row)
        print(json.dumps(row), flush=True)
        args.out.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
