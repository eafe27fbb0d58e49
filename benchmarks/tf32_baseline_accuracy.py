"""Would the baseline itself pass the judge? The reference run with PyTorch's default flags (cuDNN in TF32),
compared with the judge's fp32 reference (TF32 off) at the KernelBench tolerance, on the problem's own inputs.

A baseline that misses the tolerance every candidate must meet is a different computation from the one the
candidates are held to; this measures how often that is so, problem by problem (GPU only: the CPU has no TF32).

    python benchmarks/tf32_baseline_accuracy.py --problems L1/50,54-87 L2/1-8 --out tf32_accuracy.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def check(problem, *, tol: float, seed: int = 0) -> dict:
    """One problem: max errors of the default-flag run against the fp32 run, and the judge's verdict on it."""
    import torch

    from autokernel.evaluate.compare import compare
    from autokernel.evaluate.reference import ReferenceSession
    from autokernel.evaluate.tf32 import tf32_ops

    session = ReferenceSession.build(problem, "cuda", init_seed=seed)
    inputs = session.make_inputs(seed + 1)
    expected = session.run(inputs)  # TF32 off: what candidates are compared with
    with torch.no_grad():
        default = session.model(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs])
    torch.cuda.synchronize()
    c = compare(default, expected, tol=tol)
    return {"problem": problem.key, "name": problem.name, "tf32_ops": tf32_ops(problem), "tol": tol,
            "default_flags_pass": c.passed, "max_abs_error": c.max_abs_error, "max_rel_error": c.max_rel_error,
            "rel_l2_error": c.rel_l2_error, "reason": c.reason}  # fmt: skip


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="e.g. L1/50,54-87 L2/1-8")
    ap.add_argument("--dataset", default=None)
    ap.add_argument("--dataset-config", default="github_main")
    ap.add_argument("--tol", type=float, default=1e-4, help="atol = rtol (KernelBench main's fp32 tolerance)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)

    import torch

    from kb.bridge import resolve_problems

    if not torch.cuda.is_available():
        print("needs a CUDA GPU: TF32 exists only there", file=sys.stderr)
        return 2
    problems = resolve_problems(args.problems, dataset=args.dataset, config=args.dataset_config)
    with open(args.out, "a") as out:
        for p in problems:
            t0 = time.time()
            try:
                rec = check(p, tol=args.tol)
            except Exception as exc:  # noqa: BLE001 - one problem's failure is recorded, the rest go on
                rec = {"problem": p.key, "name": p.name, "error": f"{type(exc).__name__}: {exc}"}
            rec["wall_s"] = round(time.time() - t0, 2)
            out.write(json.dumps(rec) + "\n")
            out.flush()
            print(f"{rec['problem']:7s} {p.name[:40]:40s} pass={rec.get('default_flags_pass')} "
                  f"max_abs={rec.get('max_abs_error', float('nan')):.3g} {rec.get('error', '')}", flush=True)
            torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
