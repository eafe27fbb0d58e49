"""How much would a knob around the library calls buy? Times a problem's reference forward under each knob.

A starter or inductor's code keeps convolutions (and some matmuls) as library calls; what can still move their time
is how they are called: channels-last memory format (inductor's layout optimisation), cuDNN's benchmark mode (it
times every algorithm once per shape instead of taking its heuristic's pick), and CUDA graphs for forwards of many
small launches. This times the reference model on one GPU under the chosen precision flags, each leg a median of
CUDA-event-timed calls with a sync between calls (no L2 flush: a probe, not the judge), and gives each leg's largest
difference from the plain eager output, since a different cuDNN algorithm may round differently:

- ``eager``: as given; ``channels_last``: 4-D and 5-D parameters and inputs in channels-last (3-D) format;
- ``cudnn_benchmark``, ``channels_last_cudnn_benchmark``: the same inside ``torch.backends.cudnn.flags(benchmark=True)``;
- ``cuda_graph``: the eager forward captured once in a CUDA graph and replayed (inputs at fixed addresses);
- ``compile``: ``torch.compile`` with its defaults.

    python benchmarks/library_knobs_probe.py --problems L1/50 L2/10,50,90 L3/26,34 --precision default --out knobs.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LEGS = ("eager", "channels_last", "cudnn_benchmark", "channels_last_cudnn_benchmark", "cuda_graph", "compile")


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


def _graphed(model, inputs):
    """``model`` on ``inputs`` as one CUDA graph replay (a warm-up on a side stream, then the capture)."""
    import torch

    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        model(*inputs)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = model(*inputs)

    def replay(*_):
        graph.replay()
        return out

    return replay


def _channels_last(x):
    """``x`` in channels-last format (channels-last-3d for 5-D), other tensors and values as they are."""
    import torch

    if isinstance(x, torch.Tensor) and x.dim() in (4, 5):
        return x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)
    return x


def _set_layout(model, channels_last: bool) -> None:
    """Every 4-D and 5-D parameter of ``model`` in channels-last format, or back in the contiguous one."""
    for p in model.parameters():
        if p.dim() in (4, 5):
            p.data = _channels_last(p.data) if channels_last else p.data.contiguous()


def _leg(name: str, model, inputs, cl_inputs):
    """(callable, its inputs, context) of one leg; the model's memory format is set by the caller."""
    import torch

    bench = torch.backends.cudnn.flags(enabled=True, benchmark=True, deterministic=False,
                                       allow_tf32=torch.backends.cudnn.allow_tf32)
    return {
        "eager": (model, inputs, contextlib.nullcontext()),
        "channels_last": (model, cl_inputs, contextlib.nullcontext()),
        "cudnn_benchmark": (model, inputs, bench),
        "channels_last_cudnn_benchmark": (model, cl_inputs, bench),
    }[name]


def _diff(got, ref) -> float:
    import torch

    if isinstance(got, torch.Tensor):
        return float((got.float() - ref.float()).abs().max())
    return max(_diff(g, r) for g, r in zip(got, ref))


def probe(problem, calls: int, precision: str, legs=LEGS) -> dict:
    import torch

    from autokernel.evaluate.reference import ReferenceSession, precision_flags

    session = ReferenceSession.build(problem, "cuda", init_seed=0)
    model, inputs = session.model, session.make_inputs(1)
    cl = [_channels_last(x) for x in inputs]
    out = {"problem": problem.key, "precision": precision, "calls": calls}
    with torch.no_grad(), precision_flags(precision):
        ref = model(*inputs)  # training mode, as judged: batch statistics, so the running ones do not matter
        for leg in legs:
            try:
                if leg in ("channels_last", "channels_last_cudnn_benchmark"):
                    _set_layout(model, True)
                if leg == "cuda_graph":
                    fn, args, ctx = _graphed(model, inputs), inputs, contextlib.nullcontext()
                elif leg == "compile":
                    fn, args, ctx = torch.compile(model), inputs, contextlib.nullcontext()
                else:
                    fn, args, ctx = _leg(leg, model, inputs, cl)
                with ctx:
                    out[f"{leg}_max_abs_diff"] = _diff(fn(*args), ref)
                    out[f"{leg}_ms"] = _median_ms(fn, args, calls)
            except Exception as exc:  # noqa: BLE001 - one leg's failure (a forward that cannot be graphed) is a row
                out[f"{leg}_error"] = f"{type(exc).__name__}: {exc}"[:300]
            finally:
                _set_layout(model, False)
    for leg in legs[1:]:
        if out.get(f"{leg}_ms"):
            out[f"{leg}_speedup"] = round(out["eager_ms"] / out[f"{leg}_ms"], 3)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", nargs="+", required=True, help="e.g. L3/17,18")
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--precision", choices=("fp32", "default"), default="default",
                    help="default: PyTorch's flags (cuDNN in TF32), as the kernelbench protocol; fp32: TF32 off (strict)")
    ap.add_argument("--legs", nargs="+", choices=LEGS, default=list(LEGS), help="which legs (eager always first)")
    ap.add_argument("--out", default=None, help="append one JSON line per problem here")
    args = ap.parse_args(argv)

    import torch

    if not torch.cuda.is_available():
        print("library_knobs_probe needs a CUDA GPU", file=sys.stderr)
        return 2
    from kb.bridge import resolve_problems

    legs = ("eager", *[leg for leg in args.legs if leg != "eager"])
    for p in resolve_problems(args.problems):
        try:
            row = probe(p, args.calls, args.precision, legs)
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
