"""Evaluate many (problem, candidate) pairs and write one JSON line per verdict.

Used on the GPU machine for the harness's acceptance runs. Candidate sources:
  wrap        the reference itself renamed to ModelNew (pure PyTorch): must be `rejected`
  copy        the reference's forward followed by a Triton copy of the output: a harness smoke test
              (it is "correct" but does no real work; never counted as a result)
  dir:PATH    files in PATH named like the problem (``19_ReLU.py``)
  run:PATH    each problem's best kernel in an `autokernel-kb run` directory (problems/L<level>_<id>_*/best.py)
  starter     the generated starter kernel (autokernel.starters)
  preset:N    the starter with its N-th preset applied (1-based; problems whose starter has fewer are skipped)

    python benchmarks/eval_batch.py --problems L1/1-100 --candidates run:leaderboards/runs/h200-2026-11-29/L1 \
        --compile-baseline --baseline-precision fp32 --out l1-fp32-baselines.jsonl

Example:
    python benchmarks/eval_batch.py --problems L1/1-100 --candidates wrap --no-timing --out verdicts.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

COPY_KERNEL = '''
import triton
import triton.language as tl


@triton.jit
def _copy_out_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(Model):
    def forward(self, *args):
        out = super().forward(*args).contiguous()
        dst = torch.empty_like(out)
        n = out.numel()
        _copy_out_kernel[(triton.cdiv(n, 4096),)](out, dst, n, BLOCK=4096)
        return dst
'''




def wrap_candidate(problem) -> str:
    src = re.sub(r"\bclass Model\b", "class ModelNew", problem.source)
    return re.sub(r"super\(Model, self\)", "super(ModelNew, self)", src)


def copy_candidate(problem) -> str:
    return problem.source + "\n" + COPY_KERNEL


def candidate_for(kind: str, problem) -> str | None:
    if kind == "wrap":
        return wrap_candidate(problem)
    if kind == "copy":
        return copy_candidate(problem)
    if kind == "starter":
        from autokernel.starters import generate_starter

        return generate_starter(problem).source
    if kind.startswith(("dir:", "run:")):
        path = candidate_path(kind, problem)
        return path.read_text() if path is not None else None
    if kind.startswith("preset:"):
        found = preset_for(kind, problem)
        return found[1] if found else None
    raise SystemExit(f"unknown candidate kind {kind}")


def generate_starter_with_preset(problem, preset: str) -> str | None:
    """The starter generated with its preset named ``preset`` (None if it has no such preset)."""
    from autokernel.starters import generate_starter

    values = generate_starter(problem).presets.get(preset)
    return None if values is None else generate_starter(problem, tunables=values).source


def preset_for(kind: str, problem) -> tuple[str, str] | None:
    """``preset:N``: (the preset's name, the starter generated with it), or None if the starter has no N-th preset."""
    from autokernel.starters import generate_starter

    presets = list(generate_starter(problem).presets.items())
    n = int(kind.split(":", 1)[1])
    if not 1 <= n <= len(presets):
        return None
    name, values = presets[n - 1]
    return name, generate_starter(problem, tunables=values).source


def candidate_path(kind: str, problem) -> Path | None:
    """The file a ``dir:`` or ``run:`` candidate source holds for this problem (None: no such file)."""
    root = Path(kind[4:])
    if kind.startswith("dir:"):
        found = [root / f"{problem.name}.py"]
    else:
        found = sorted(root.glob(f"problems/L{problem.level}_{problem.problem_id}_*/best.py"))
    return next((f for f in found if f.is_file()), None)


def spread_pct(values: list[float]) -> float | None:
    """(max - min) / median, in %: issue 2's repeatability figure (target 2 % or less)."""
    import statistics

    if not values:
        return None
    return round(100 * (max(values) - min(values)) / statistics.median(values), 2)


def repeat_summary(records: list[dict]) -> list[dict]:
    """Per problem: the median kernel time of each repeat, their spread ((max - min) / median of the
    medians, in %), the same for the mean, and the median wall time per evaluation (compile, correctness,
    timing, baselines)."""
    import statistics

    by_problem: dict[str, list[dict]] = {}
    for rec in records:
        by_problem.setdefault(rec.get("problem", "?"), []).append(rec)
    rows = []
    for problem, recs in by_problem.items():
        medians = [r["kernel"]["median_ms"] for r in recs if r.get("verdict") == "correct" and r.get("kernel")]
        means = [r["kernel"]["mean_ms"] for r in recs if r.get("verdict") == "correct" and r.get("kernel")]
        walls = [r["eval_wall_s"] for r in recs if isinstance(r.get("eval_wall_s"), (int, float))]
        rows.append({
            "problem": problem, "repeats": len(recs), "correct": len(medians),
            "median_ms": [round(m, 4) for m in medians],
            "spread_pct": spread_pct(medians),
            "mean_spread_pct": spread_pct(means),
            "median_wall_s": round(statistics.median(walls), 2) if walls else None,
        })  # fmt: skip
    return rows


def main() -> int:
    from autokernel.evaluate.config import BASELINE_PRECISIONS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="e.g. L1/1-100 L2/1-10 or files")
    ap.add_argument("--candidates", required=True)
    ap.add_argument("--dataset", default=None)
    ap.add_argument("--dataset-config", default="github_main")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--workers", type=int, default=1, help="concurrent evaluations (timing is only clean with 1)")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--compile-baseline", action="store_true")
    ap.add_argument("--baseline-precision", choices=sorted(BASELINE_PRECISIONS), default="fp32",
                    help="eager/compile baselines with TF32 off (the reference's precision, the harness default) "
                         "or with PyTorch's flags (default: cuDNN in TF32)")
    ap.add_argument("--scale", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--spin-up-s", type=float, default=0.0, help="GPU: seconds of flushes before each timed loop")
    ap.add_argument("--jitter-kib", type=int, default=0, help="GPU: placement jitter of timed inputs (KiB)")
    ap.add_argument("--l2-flush", choices=("write", "read"), default="write", help="GPU: how L2 is emptied")
    ap.add_argument("--gpu-lead-ms", type=float, default=1.0, help="GPU: busy lead before each start event (0: none)")
    ap.add_argument("--placements", type=int, default=1, help="GPU: timed-loop groups on newly mapped memory")
    ap.add_argument("--repeat", type=int, default=1, help="evaluate each pair this many times (repeatability)")
    ap.add_argument("--shard", default="1/1", metavar="K/N",
                    help="judge every N-th problem from the K-th: N processes on one GPU compile side by side and "
                         "take turns at timing (the machine's device gate); pass --sharers N to each")
    ap.add_argument("--sharers", type=int, default=1, help="processes judging on this GPU at once (memory shares)")
    ap.add_argument("--tf32-sensitive", action="store_true",
                    help="only problems whose reference runs an operation in TF32 under PyTorch's defaults "
                         "(cuDNN convolutions and RNNs), or where that cannot be told: the problems whose "
                         "baselines differ between the two --baseline-precision settings")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    try:
        k, n = (int(x) for x in args.shard.split("/"))
    except ValueError:
        k = n = 0
    if not 1 <= k <= n:
        ap.error(f"--shard {args.shard}: expected K/N with 1 <= K <= N, e.g. 2/3")

    from autokernel.evaluate import EvalConfig, Evaluator
    from kb.bridge import resolve_problems

    problems = resolve_problems(args.problems, dataset=args.dataset, config=args.dataset_config)
    if args.scale > 1:
        problems = [p.scaled(args.scale) for p in problems]
    cfg = EvalConfig.for_device(args.device, measure=not args.no_timing, baseline_compile=args.compile_baseline,
                                timeout_s=args.timeout, spin_up_s=args.spin_up_s,
                                placement_jitter_kib=args.jitter_kib, placements=args.placements,
                                l2_flush=args.l2_flush, gpu_lead_ms=args.gpu_lead_ms,
                                baseline_precision=args.baseline_precision)
    evaluators = [Evaluator(cfg, sharers=args.sharers) for _ in range(args.workers)]
    if args.candidates.startswith(("dir:", "run:")):  # only the problems that have a file there
        problems = [p for p in problems if candidate_path(args.candidates, p) is not None]
    tf32 = {}
    if args.tf32_sensitive:
        from autokernel.evaluate.tf32 import tf32_ops

        tf32 = {p.key: tf32_ops(p) for p in problems}
        problems = [p for p in problems if tf32[p.key] != ()]
    problems = problems[k - 1 :: n]
    presets = {}
    if args.candidates.startswith("preset:"):  # only the problems whose starter has that preset (this shard's)
        presets = {p.key: preset_for(args.candidates, p) for p in problems}
        problems = [p for p in problems if presets[p.key]]
    jobs = [(p, r) for p in problems for r in range(args.repeat)]
    out = open(args.out, "a")
    t_start = time.time()

    def run(i, p, r):
        ev = evaluators[i % len(evaluators)]
        t0 = time.time()
        try:
            src = presets[p.key][1] if p.key in presets else candidate_for(args.candidates, p)
            v = ev.evaluate(p, src)
            rec = v.to_dict()
            rec.pop("log_tail", None) if v.is_correct else None
        except Exception as exc:  # noqa: BLE001 - a harness failure is exactly what this run counts
            import traceback

            rec = {"problem": p.key, "harness_error": f"{type(exc).__name__}: {exc}",
                   "traceback": traceback.format_exc()[-2000:]}
        rec.update(name=p.name, repeat=r, eval_wall_s=round(time.time() - t0, 2), candidates=args.candidates)
        if p.key in presets:
            rec["preset"] = presets[p.key][0]
        if p.key in tf32:
            rec["tf32_ops"] = tf32[p.key]  # None: the dry run could not tell
        return rec

    from tqdm import tqdm

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = [pool.submit(run, i, p, r) for i, (p, r) in enumerate(jobs)]
        for f in tqdm(as_completed(futs), total=len(futs), desc=args.candidates, file=sys.stdout, mininterval=5):
            rec = f.result()
            out.write(json.dumps(rec, default=str) + "\n")
            out.flush()
            v = rec.get("verdict", "HARNESS_ERROR")
            sp = rec.get("speedup")
            print(f"{rec['problem']:7s} {rec['name'][:40]:40s} {v:14s} {sp if sp else '':>8} {rec['eval_wall_s']:6.1f}s "
                  f"{(rec.get('reason') or rec.get('harness_error') or '')[:110]}", flush=True)
    print(f"done {len(jobs)} in {time.time() - t_start:.0f}s")
    if args.repeat > 1:
        print("repeatability (same kernel judged again, fresh process and compile each time):")
        for row in repeat_summary([json.loads(line) for line in open(args.out) if line.strip()]):
            print("  " + "  ".join(f"{k}={v}" for k, v in row.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
