"""Would channels-last activations speed up a CNN's library convolutions in fp32? A probe for the next step.

torch.compile beats fp32 eager on several level-3 CNNs whose time is in cuDNN convolutions (SqueezeNet, ShuffleNet,
DenseNet blocks), which a starter keeps as library calls. Inductor converts convolution graphs to channels-last
(its layout optimisation). This times the reference model three ways on one GPU, TF32 off: eager as given, eager
with the model and inputs in channels-last memory format, and torch.compile; and checks the channels-last output
against the given one. Median of CUDA-event-timed calls with a sync between calls (no L2 flush: a probe, not the
judge).

    python benchmarks/channels_last_probe.py --problems L3/17,18,14 --out probe.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _median_ms(fn, inputs, calls: int) -> float:
    import torch

    for _ in range(3):
        fn(*inputs)
    torch.cuda.synchronize()
    times = []
    for _ in range(calls):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn(*inputs)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return round(sorted(times)[len(times) // 2], 4)


def probe(problem, calls: int) -> dict:
    import torch

    from autokernel.evaluate.reference import ReferenceSession, exact_fp32

    session = ReferenceSession.build(problem, "cuda", init_seed=0)
    model, inputs = session.model, session.make_inputs(1)
    cl = [x.contiguous(memory_format=torch.channels_last) if x.dim() == 4 else x for x in inputs]
    out = {"problem": problem.key}
    with torch.no_grad(), exact_fp32():
        ref = model(*inputs)  # training mode, as judged: batch statistics, so the running ones do not matter
        out["eager_ms"] = _median_ms(model, inputs, calls)
        model.to(memory_format=torch.channels_last)
        got = model(*cl)
        out["max_abs_diff_channels_last"] = float((got.float() - ref.float()).abs().max())
        out["eager_channels_last_ms"] = _median_ms(model, cl, calls)
        model.to(memory_format=torch.contiguous_format)
        compiled = torch.compile(model)
        out["compile_ms"] = _median_ms(compiled, inputs, calls)
    out["channels_last_speedup"] = round(out["eager_ms"] / out["eager_channels_last_ms"], 3)
    out["compile_speedup"] = round(out["eager_ms"] / out["compile_ms"], 3)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="e.g. L3/17,18")
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--out", default=None, help="append one JSON line per problem here")
    args = ap.parse_args(argv)

    import torch

    if not torch.cuda.is_available():
        print("channels_last_probe needs a CUDA GPU", file=sys.stderr)
        return 2
    from kb.bridge import resolve_problems

    for p in resolve_problems(args.problems):
        try:
            row = probe(p, args.calls)
        except Exception as exc:  # noqa: BLE001 - one problem's failure must not lose the others
            row = {"problem": p.key, "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(row), flush=True)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(row) + "\n")
        torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
