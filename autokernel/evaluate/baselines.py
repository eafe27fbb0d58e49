"""The baselines a speedup is taken against: eager PyTorch and ``torch.compile`` of the reference, timed in the same
loop as the candidate, under the precision flags the protocol's rule picks for the problem; cached per GPU and
software versions."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from autokernel.evaluate.caches import read_json, update_json
from autokernel.evaluate.compare import compare
from autokernel.evaluate.config import EvalConfig
from autokernel.evaluate.gate import DeviceGate
from autokernel.evaluate.reference import (
    ReferenceSession,
    conditioning_limit_bytes,
    input_bytes,
    precision_flags,
)
from autokernel.records import TimingStats


@contextlib.contextmanager
def codegen_outside_hold(gate: DeviceGate, cuda: bool) -> Iterator[None]:
    """Inductor's code generation without the device hold: `GraphLowering.compile_to_module` (scheduling, the
    generated code, the Triton compiles it waits for) is seconds to a minute of CPU per problem, and under a shared
    hold every neighbour's timed loop waited for it, and through the gate every evaluation behind that loop. The
    hold is given up for it (`DeviceGate.idle`) and taken again after; tracing, the graph passes (inductor may
    benchmark on the GPU there: pad_mm) and the run itself stay under it. Inside, only this thread's own calls of
    the method are affected; where inductor has no such method, nothing changes."""
    try:
        from torch._inductor.graph import GraphLowering
    except ImportError:  # a torch without inductor: the compile baseline fails on its own
        yield
        return
    original = GraphLowering.__dict__.get("compile_to_module")
    if original is None:
        yield
        return
    owner = threading.get_ident()

    def compile_to_module(self, *args, **kwargs):
        if threading.get_ident() != owner:
            return original(self, *args, **kwargs)
        if cuda:
            import torch

            torch.cuda.synchronize()  # what this thread queued runs under the hold
        with gate.idle():
            return original(self, *args, **kwargs)

    GraphLowering.compile_to_module = compile_to_module
    try:
        yield
    finally:
        GraphLowering.compile_to_module = original


def configured_rule(precision: str) -> dict:
    """The baseline rule a verdict records when the protocol or configuration fixes the precision (not "auto")."""
    return {"precision": precision, "reason": "set by the protocol / configuration"}


def rule_key(problem_digest: str, tol: float, environment: dict[str, str]) -> str:
    """The cache key of a problem's decided baseline rule (``baseline_rule.json``): keyed like the baselines,
    because another GPU or torch version may round differently."""
    from autokernel.environment import environment_key

    return f"{problem_digest}|tol={tol:g}|{environment_key(environment)}"


class Baselines:
    """Baseline precision decisions and timings for one `Evaluator` (``pause`` stops its spare interpreter while
    something is timed; ``gate`` orders device use with other evaluators)."""

    def __init__(self, config: EvalConfig, cache_dir: Path, gate: DeviceGate,
                 pause: Callable[[], contextlib.AbstractContextManager], *, facts_dir: Path | None = None):
        self.config = config
        self._cache_dir = cache_dir  # the timings
        self._facts_dir = facts_dir or cache_dir  # the baseline rule: a fact of the problem (`EvalConfig.facts_dir`)
        self.gate = gate
        self.pause = pause

    def precision(self, session: ReferenceSession, state, timing_sets, tol: float) -> str:
        """The precision flags the baselines run under: the configured ones, or (rule "auto", the strict protocol)
        PyTorch's defaults where that reference passes the tolerance against float64 on the timing inputs and
        TF32 off where it misses it: a baseline must itself be an admissible solution. Decided once per problem
        (cached per environment); the reason goes into the verdict."""
        cfg = self.config
        if cfg.baseline_precision != "auto":
            state.baseline_rule = configured_rule(cfg.baseline_precision)
            return cfg.baseline_precision
        if state.baseline_rule is None:
            cached = self._cached_rule(session, tol)
            if cached is not None:
                state.baseline_rule = cached
            else:
                with self.gate.shared():
                    state.baseline_rule = self._decide(session, timing_sets[0].inputs, tol)
                if cfg.is_cuda:
                    update_json(self._facts_dir / "baseline_rule.json", self._rule_key(session, tol),
                                state.baseline_rule)
        return state.baseline_rule["precision"]

    def pending(self, session: ReferenceSession, state, tol: float) -> bool:
        """Whether `precision` and `time` still have device work to do for this problem (nothing cached): the
        judge then holds a big problem's memory slot through them, as through its own timing."""
        cfg = self.config
        precision = cfg.baseline_precision
        if precision == "auto":
            rule = state.baseline_rule or self._cached_rule(session, tol)
            if rule is None:
                return True
            precision = rule["precision"]
        kinds = ("eager", "compile") if cfg.baseline_compile else ("eager",)
        return any(self._cached(state, self._key(session, kind, precision)) is None for kind in kinds)

    def _cached(self, state, key: str) -> TimingStats | None:
        """A baseline timed before: in this evaluator, or (GPU) in the cache file other workers and runs share."""
        if key in state.baselines:
            return state.baselines[key]
        if not self.config.is_cuda:
            return None
        cached = read_json(self._cache_dir / "baselines.json")
        if key not in cached:
            return None
        state.baselines[key] = TimingStats(**cached[key])
        return state.baselines[key]

    def _rule_key(self, session: ReferenceSession, tol: float) -> str:
        from autokernel.environment import fingerprint

        return rule_key(session.problem.digest, tol, fingerprint(self.config.device))

    def _cached_rule(self, session: ReferenceSession, tol: float) -> dict | None:
        if not self.config.is_cuda:
            return None
        cached = read_json(self._facts_dir / "baseline_rule.json").get(self._rule_key(session, tol))
        return cached if isinstance(cached, dict) and cached.get("precision") in ("default", "fp32") else None

    def _key(self, session: ReferenceSession, kind: str, precision: str) -> str:
        from autokernel.environment import environment_key, fingerprint

        cfg = self.config
        return f"{session.problem.digest}|{kind}|{environment_key(fingerprint(cfg.device))}{cfg.baseline_key(precision)}"

    def _decide(self, session: ReferenceSession, inputs: list, tol: float) -> dict:
        import torch

        if not self.config.is_cuda:
            return {"precision": "default", "reason": "CPU: no TF32, PyTorch's flags compute in fp32"}
        from autokernel.evaluate.tf32 import tf32_ops

        with precision_flags("default"):
            ops = tf32_ops(session.problem)
        if ops == ():
            return {"precision": "default", "reason": "no operation runs in TF32 under PyTorch's flags"}
        if input_bytes(inputs) > conditioning_limit_bytes(self.config.device):
            return {"precision": "fp32", "reason": "the default-flag reference could not be checked against float64 "
                                                   "(inputs too large for a float64 copy): TF32 off, the safe side"}
        with torch.no_grad(), precision_flags("default"):
            out = session.model(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs])
        try:
            truth = session.truth64(inputs)
        except Exception as exc:  # noqa: BLE001 - e.g. an LSTM whose h0 is a plain attribute, left fp32 by .double()
            del out
            return {"precision": "fp32", "reason": f"the default-flag reference could not be checked against float64 "
                                                   f"({type(exc).__name__}: {str(exc)[:120]}): TF32 off, the safe side"}
        cmp = compare(out, truth.to(out.dtype), tol=tol)
        del truth, out
        torch.cuda.synchronize()
        what = ", ".join(ops) if ops else "unknown operations (the dry run failed)"
        if cmp.passed:
            return {"precision": "default", "reason": f"PyTorch's flags ({what} in TF32) pass atol=rtol={tol:g} "
                                                      f"against float64 (max abs error {cmp.max_abs_error:.3g})"}
        return {"precision": "fp32", "reason": f"PyTorch's flags ({what} in TF32) miss atol=rtol={tol:g} against "
                                               f"float64 (max abs error {cmp.max_abs_error:.3g}): timed with TF32 off"}

    def time(self, session: ReferenceSession, state, timing_sets, kind: str, precision: str) -> TimingStats | None:
        """Eager or torch.compile time of the reference, same loop, under ``precision``'s flags (PyTorch's
        defaults, or TF32 off for compiling and timing alike); cached."""
        from autokernel.evaluate.timing import Relocator, reported_ms, summarize, time_calls

        cfg = self.config
        key = self._key(session, kind, precision)
        stats = self._cached(state, key)
        if stats is not None:
            return stats
        cache_file = self._cache_dir / "baselines.json"
        import torch

        model = session.model
        sets = [t.inputs for t in timing_sets]
        with torch.no_grad(), precision_flags(precision):
            if kind == "compile":
                # Compiling takes seconds of CPU: done before the device is taken alone for timing.
                torch._dynamo.reset()
                try:
                    model = torch.compile(session.model)
                    with self.gate.shared(), codegen_outside_hold(self.gate, cfg.is_cuda):
                        model(*sets[0])
                        if cfg.is_cuda:
                            torch.cuda.synchronize()
                except Exception:  # noqa: BLE001 - compile failing is a fact about the baseline, not an error
                    return None
            try:
                with self.gate.exclusive(), self.pause():
                    raw = time_calls(model, sets, device=cfg.device, n=cfg.num_perf_trials,
                                     warmup=max(cfg.baseline_warmup, 3 if kind == "compile" else 0),
                                     budget_s=cfg.timing_budget_s, spin_up_s=cfg.spin_up_s,
                                     relocate=Relocator([session.model], cfg.device),
                                     **{**cfg.loop_options(), "grad": False})  # as KernelBench's baseline scripts
            except Exception:  # noqa: BLE001
                if kind == "compile":
                    return None
                raise
        reuse = cfg.loop_options()["reuse_inputs"]
        stats = summarize(reported_ms(raw.event_ms, raw.fresh, reuse), raw.method,
                          launch_ms=reported_ms(raw.host_ms, raw.fresh, reuse))
        state.baselines[key] = stats
        if cfg.is_cuda:
            update_json(cache_file, key, stats.to_dict())
        return stats
