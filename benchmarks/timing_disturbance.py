"""What slows a timed loop's calls: one trusted kernel and its eager reference timed in many loops under each
protocol's own loop (`EvalConfig.loop_options`: KernelBench's, with no GPU lead, and the strict one, with a 1 ms
lead), with the host quiet and beside busy processes.

A judge's timed loop holds the device alone (`gate.DeviceGate`: other candidate processes are stopped), but not
the host: the other judges go on drawing inputs on the CPU, compiling and checking. Where no GPU lead hides the
host's launch work, a launch thread that loses its core leaves the GPU idle inside the timed interval. A loop is
counted *disturbed* when its median is 10 % or more above its fastest call (`TimingStats.above_fastest`, the
search's `RECHECK_DISTURBED`): half or more of its calls were slowed.

Loads (``--load``, comma-separated; each runs for every protocol, the whole cycle ``--cycles`` times):
  none       the host quiet;
  spin:N     N processes each spinning a pure-Python loop (one core each);
  draw:N     N processes each drawing 64 MiB of random CPU tensors in a loop with torch's own threads (what a
             judge does between timings: KernelBench's trial inputs are drawn on the CPU);
  draw1:N    the same, each process on one thread (torch.set_num_threads(1)): the draws without their threads
             outnumbering the cores.

    python benchmarks/timing_disturbance.py --problem L1/40 --solution benchmarks/kernels/level1/40_LayerNorm.py \
        --load none,spin:16,draw:6,draw1:6 --loops 20 --out disturbance.json

Each loop's row keeps its start (``at_s``, seconds into the run: how long a stretch of slowed loops lasts), the
median host launch time of its slowed calls and of the rest (KernelBench's loop times the launch work wherever it
outlasts the flush queued ahead of the call), with ``--clocks`` nvidia-smi's SM and memory clocks, power,
temperature and clock-event reasons and the launching core's clock read after it, and with ``--per-call`` every
call's GPU and host times.

Not a verdict: no sandbox, no correctness check; the loop is the harness's own (`timing.time_calls`, its samples
read as the judge reads them, `timing.reported_ms`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from autokernel.search.config import RECHECK_DISTURBED as DISTURBED  # noqa: E402 - the search's own rule

# what nvidia-smi reads after each loop with --clocks (is a stretch of slowed calls the card's clocks or power?)
CLOCK_FIELDS = ("clocks.sm", "clocks.mem", "power.draw", "temperature.gpu", "clocks_event_reasons.active")
LOAD_CODE = {
    "spin": "while True:\n    pass\n",
    "draw": ("import torch\n"
             "while True:\n"
             "    torch.randn(1 << 24)\n"),
    "draw1": ("import torch\n"
              "torch.set_num_threads(1)\n"
              "while True:\n"
              "    torch.randn(1 << 24)\n"),
}


def parse_load(text: str) -> tuple[str, int]:
    """"none" or KIND:N (`LOAD_CODE`'s kinds): a clear error for anything else."""
    if text == "none":
        return "none", 0
    kind, _, n = text.partition(":")
    if kind not in LOAD_CODE or not n.isdigit() or int(n) < 1:
        raise argparse.ArgumentTypeError(f"a load is 'none' or KIND:N with KIND one of {sorted(LOAD_CODE)} and N >= 1, "
                                         f"not {text!r}")
    return kind, int(n)


class Load:
    """``n`` busy processes of ``kind`` while the block runs (started, given a second to settle, then killed)."""

    def __init__(self, kind: str, n: int):
        self.kind, self.n, self.procs = kind, n, []

    def __enter__(self):
        for _ in range(self.n):
            self.procs.append(subprocess.Popen([sys.executable, "-c", LOAD_CODE[self.kind]],
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        if self.procs:
            time.sleep(1.0)
        return self

    def __exit__(self, *exc):
        for p in self.procs:
            p.kill()
        for p in self.procs:
            p.wait()
        return False


def loop_figures(samples: list[float], host_ms: list[float] | None = None) -> dict:
    """One loop's statistics as the judge reports them, and how far its median sits above its fastest call; with
    each call's host time (``host_ms``, `RawTimes.host_ms`), the median host launch time in us of the loop, of its
    slowed calls and of the rest (does a slowed call's GPU time follow its launch work?)."""
    fastest, median = min(samples), statistics.median(samples)
    slowed = [s >= (1 + DISTURBED) * fastest for s in samples]
    out = {"mean_ms": round(statistics.fmean(samples), 5), "median_ms": round(median, 5),
           "min_ms": round(fastest, 5), "above_fastest": round(median / fastest - 1.0, 4),
           "slowed_calls": sum(slowed), "calls": len(samples)}
    if host_ms and len(host_ms) == len(samples):
        out["host_us"] = _median_us(host_ms)
        for name, pick in (("slowed", True), ("other", False)):
            part = [h for h, s in zip(host_ms, slowed) if s is pick]
            if part:
                out[f"host_us_{name}"] = _median_us(part)
    return out


def _median_us(ms: list[float]) -> float:
    return round(1e3 * statistics.median(ms), 1)


def summarize_loops(loops: list[dict]) -> dict:
    """Per condition: how many loops were disturbed, and what the loops' medians and means spread over; with
    clocks read (``--clocks``), the median SM clock after the disturbed loops and after the steady ones."""
    medians = [x["median_ms"] for x in loops]
    means = [x["mean_ms"] for x in loops]
    out = {"loops": len(loops), "disturbed": sum(1 for x in loops if x["above_fastest"] >= DISTURBED),
           "median_of_medians_ms": round(statistics.median(medians), 5),
           "medians_spread_pct": round(100 * (max(medians) / min(medians) - 1), 2),
           "median_of_means_ms": round(statistics.median(means), 5),
           "means_spread_pct": round(100 * (max(means) / min(means) - 1), 2),
           "max_above_fastest": max(x["above_fastest"] for x in loops)}
    for name, pick in (("disturbed", lambda x: x >= DISTURBED), ("steady", lambda x: x < DISTURBED)):
        clocks = [_number(x.get("gpu", {}).get("clocks.sm")) for x in loops if pick(x["above_fastest"])]
        clocks = [c for c in clocks if c is not None]
        if clocks:
            out[f"sm_mhz_{name}"] = statistics.median(clocks)
        host = [x["host_us"] for x in loops if "host_us" in x and pick(x["above_fastest"])]
        if host:
            out[f"host_us_{name}"] = statistics.median(host)
    for name in ("slowed", "other"):  # call by call: the launch work of slowed calls against the rest's
        host = [x[f"host_us_{name}"] for x in loops if f"host_us_{name}" in x]
        if host:
            out[f"host_us_{name}_calls"] = statistics.median(host)
    out.update(launch_follow(loops))
    return out


def _ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in order[i:j + 1]:
            ranks[k] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def rank_corr(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation; None for fewer than three pairs or a constant side."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    try:
        return statistics.correlation(_ranks(xs), _ranks(ys))
    except statistics.StatisticsError:
        return None


def launch_follow(loops: list[dict]) -> dict:
    """Whether a condition's readings follow the host's launch work: over its loops, the rank correlation of each
    loop's median host launch time with its median and the least-squares slope (us of median per us of launch);
    with every call kept (``--per-call``), the rank correlation of the calls' GPU and host times. A loop that times
    the launch (KernelBench's, no GPU lead) reads it: on an H100, L1/100's loops 1.00 and 0.92 us/us, its calls
    0.94; under the strict loop 0.23, 0.00 and 0.01 (docs/measurements.md)."""
    with_host = [x for x in loops if "host_us" in x]
    host, medians = [x["host_us"] for x in with_host], [1e3 * x["median_ms"] for x in with_host]
    out = {}
    if (corr := rank_corr(host, medians)) is not None:
        out["launch_rank_corr"] = round(corr, 2) + 0.0  # (no "-0")
        out["launch_slope_us_per_us"] = round(statistics.linear_regression(host, medians).slope, 2) + 0.0
    calls = [(g, h) for x in loops if len(x.get("samples_ms") or ()) == len(x.get("host_ms") or ())
             for g, h in zip(x.get("samples_ms") or (), x.get("host_ms") or ())]
    if calls and (corr := rank_corr([g for g, _ in calls], [h for _, h in calls])) is not None:
        out["calls_rank_corr"] = round(corr, 2) + 0.0
    return out


def _number(value) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None  # not read, or "[N/A]"


def read_clocks(gpu: str) -> dict:
    """nvidia-smi's `CLOCK_FIELDS` for ``gpu`` now ({} where it cannot answer), and the host's: the core this
    process last ran on and that core's clock (`host_clock`)."""
    from autokernel.hardware.calibration import query_gpu

    return {**dict(zip(CLOCK_FIELDS, query_gpu(",".join(CLOCK_FIELDS), gpu))), **host_clock()}


def host_clock(proc: Path = Path("/proc")) -> dict:
    """The CPU this process last ran on (/proc/self/stat's 39th field) and that core's "cpu MHz" in
    /proc/cpuinfo; {} where Linux does not say (a virtual machine may report a fixed clock)."""
    try:
        stat = (proc / "self" / "stat").read_text()
        cpu = int(stat[stat.rindex(")") + 2:].split()[36])
        mhz = {}
        for block in (proc / "cpuinfo").read_text().split("\n\n"):
            fields = dict(line.split(":", 1) for line in block.splitlines() if ":" in line)
            fields = {k.strip(): v.strip() for k, v in fields.items()}
            if "processor" in fields and "cpu MHz" in fields:
                mhz[int(fields["processor"])] = float(fields["cpu MHz"])
    except (OSError, ValueError, IndexError):
        return {}
    return {"cpu": cpu, "cpu_mhz": mhz[cpu]} if cpu in mhz else {"cpu": cpu}


def run(args) -> dict:
    import torch

    from autokernel.evaluate.config import EvalConfig
    from autokernel.evaluate.reference import ReferenceSession, precision_flags
    from autokernel.evaluate.timing import reported_ms, time_calls
    from kb.bridge import resolve_problems

    problem = resolve_problems([args.problem], dataset=args.dataset, config=args.dataset_config)[0]
    session = ReferenceSession.build(problem, args.device, init_seed=0)
    inputs = list(session.trial(0, extra_distributions=False).inputs)
    solution = _load_solution(args.solution)
    torch.manual_seed(session.init_seed)
    model = solution.ModelNew(*session.init_args).to(args.device)
    loads = [parse_load(x) for x in args.load.split(",")]
    rows: dict[str, list[dict]] = {}
    cuda = args.device.startswith("cuda")
    gpu = ""
    if args.clocks and cuda:
        from autokernel.hardware.calibration import smi_id

        gpu = smi_id(torch.device(args.device).index or 0)
    started = time.monotonic()
    for cycle in range(args.cycles):
        for kind, n in loads:
            label = "none" if kind == "none" else f"{kind}:{n}"
            with Load(kind, n):
                for protocol in args.protocols.split(","):
                    cfg = EvalConfig.for_device(args.device, protocol=protocol)
                    opts = cfg.loop_options()
                    for name, fn in (("kernel", model), ("eager", session.model)):
                        for _ in range(args.loops):
                            at_s = round(time.monotonic() - started, 3)
                            with torch.no_grad(), precision_flags(cfg.spec.precision_flags):
                                raw = time_calls(fn, [inputs], device=args.device, n=args.calls, warmup=cfg.warmup,
                                                 budget_s=args.budget_s, **opts)
                            samples = reported_ms(raw.event_ms, raw.fresh, opts["reuse_inputs"])
                            host = reported_ms(raw.host_ms, raw.fresh, opts["reuse_inputs"]) if raw.host_ms else None
                            row = {"cycle": cycle, "at_s": at_s, **loop_figures(samples, host)}
                            if args.per_call:
                                row["samples_ms"] = [round(x, 5) for x in samples]
                                row["host_ms"] = [round(x, 5) for x in host or []]
                            if gpu:
                                row["gpu"] = read_clocks(gpu)
                            rows.setdefault(f"{protocol} {name} {label}", []).append(row)
                    counts = ", ".join(f"{name} {summarize_loops(rows[f'{protocol} {name} {label}'][-args.loops:])['disturbed']}"
                                       f"/{args.loops} disturbed" for name in ("kernel", "eager"))
                    print(f"cycle {cycle}, load {label}, {protocol}: {counts}", flush=True)
    return {"problem": args.problem, "solution": args.solution, "calls": args.calls, "loops": args.loops,
            "cycles": args.cycles, "disturbed_at": DISTURBED, "environment": _environment(),
            "summary": {k: summarize_loops(v) for k, v in rows.items()}, "rows": rows}


def _load_solution(path: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location("solution", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--solution {path}: not a Python file; give a trusted ModelNew file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _environment() -> dict:
    import os

    import torch

    env = {"torch": torch.__version__, "cpus": os.cpu_count(), "torch_threads": torch.get_num_threads()}
    if torch.cuda.is_available():
        env["gpu"] = torch.cuda.get_device_name()
    return env


def table(result: dict) -> str:
    """The summary as a Markdown table, one line per protocol, timed function and load (with the SM clocks after
    disturbed and steady loops where they were read, and the calls' host launch times where they were kept)."""
    extra = [(k, head) for k, head in (("sm_mhz_disturbed", "SM MHz disturbed"), ("sm_mhz_steady", "SM MHz steady"),
                                        ("host_us_slowed_calls", "host us slowed calls"),
                                        ("host_us_other_calls", "host us other calls"),
                                        ("launch_rank_corr", "loops' rank corr. with launch"),
                                        ("launch_slope_us_per_us", "us per us of launch"),
                                        ("calls_rank_corr", "calls' rank corr. with launch"))
             if any(k in s for s in result["summary"].values())]
    head = ("| protocol | timed | load | loops | disturbed | median of medians ms | medians spread % | "
            "median of means ms | means spread % | most above fastest |")
    lines = [head + "".join(f" {h} |" for _, h in extra), "|---|---|---|" + "---:|" * (7 + len(extra))]
    for key, s in result["summary"].items():
        protocol, name, load = key.split()
        line = (f"| {protocol} | {name} | {load} | {s['loops']} | {s['disturbed']} | {s['median_of_medians_ms']:.4g} "
                f"| {s['medians_spread_pct']:.1f} | {s['median_of_means_ms']:.4g} | {s['means_spread_pct']:.1f} "
                f"| {100 * s['max_above_fastest']:.0f} % |")
        line += "".join(f" {s[k]:g} |" if k in s else " - |" for k, _ in extra)
        lines.append(line)
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--problem", required=True, help="L1/40 style, or a KernelBench-format file")
    ap.add_argument("--solution", required=True, help="a trusted ModelNew file")
    ap.add_argument("--protocols", default="kernelbench,strict", help="comma-separated protocol names")
    ap.add_argument("--load", default="none,spin:16,draw:6,draw1:6", help="comma-separated loads: none, spin:N, draw:N")
    ap.add_argument("--loops", type=int, default=20, help="timed loops per protocol, function and load")
    ap.add_argument("--cycles", type=int, default=2, help="times the whole set of loads is run, in turn")
    ap.add_argument("--calls", type=int, default=100, help="timed calls a loop (the judge's num_perf_trials)")
    ap.add_argument("--budget-s", type=float, default=10.0, help="wall-clock cap on one loop")
    ap.add_argument("--clocks", action="store_true",
                    help="read the GPU's clocks, power and clock-event reasons (nvidia-smi, about 50 ms a loop, "
                         "outside the timed calls) and the launching core's clock after each loop")
    ap.add_argument("--per-call", action="store_true",
                    help="keep each loop's per-call times (GPU and host) in the JSON, not only its figures")
    ap.add_argument("--device", default="cuda", help="cuda, or cpu (Triton interpreter: a smoke test only)")
    ap.add_argument("--dataset", default=None)
    ap.add_argument("--dataset-config", default="github_main")
    ap.add_argument("--out", required=True, help="a JSON file to write (its folder must exist)")
    args = ap.parse_args()
    for text in args.load.split(","):
        try:
            parse_load(text)
        except argparse.ArgumentTypeError as exc:
            ap.error(f"--load: {exc}")
    out = Path(args.out)
    if not out.parent.is_dir():
        ap.error(f"--out {out}: folder {out.parent} does not exist")
    result = run(args)
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
