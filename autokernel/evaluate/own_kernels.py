"""The judge's own-kernel stage: the solution's own kernels ran and computed the output.

A correct output proves nothing about who computed it: a solution can launch a decoy kernel and let PyTorch do the
work. Triton launches are counted in the candidate's process and then skipped (the ablation: the output must then
be wrong); CUDA C++ launches are not counted there, so the GPU profile shows whose kernels ran.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from autokernel.evaluate.compare import compare
from autokernel.evaluate.config import EvalConfig
from autokernel.evaluate.gate import DeviceGate
from autokernel.evaluate.outcome import Outcome, error_reason
from autokernel.evaluate.static import CUDA_GRAPHS
from autokernel.records import Check, Verdict


@dataclass
class OwnKernelChecks:
    """The stage, given what it needs of its judge: the device gate, how input sets are shared with the candidate's
    process (``share_sets(trials, scratch) -> (kept, handles, outs, out_handles)``) and a session's trial count."""

    config: EvalConfig
    gate: DeviceGate
    share_sets: Callable[[list, str], tuple]
    num_trials: Callable[[Any], int]

    def check(self, proc, session, static, launches: dict[str, int], tol: float, rel_l2_tol: float | None,
              verdict: Verdict, stages) -> None:
        """Raises `Outcome` ("rejected") when the solution's own kernels did not run or did not compute the
        output; records the launches and the passed check on ``verdict``."""
        verdict.own_kernel_launches = launches
        if static.backend == "triton" and not launches:
            raise Outcome("rejected", f"none of the solution's own kernels ({', '.join(static.kernel_names)}) ran "
                                       f"during the forward pass; PyTorch did all the work (a fallback is not a kernel)",
                           "own_kernels")
        with stages("own_kernels"):
            if static.backend == "triton":
                self._ablation(proc, session, static, tol, rel_l2_tol, verdict)
            if self.config.is_cuda and static.backend != "triton":
                # CUDA C++ launches are not counted in the process: the GPU profile shows whose kernels ran.
                # (Triton launches are counted, and the ablation above proves they compute the output.)
                self._profile(proc, session, static, verdict)
        verdict.checks.append(Check(name="own_kernels", passed=True,
                                    reason=f"own kernels launched: {launches or 'see GPU profile'}"))

    def _ablation(self, proc, session, static, tol, rel_l2_tol, verdict) -> None:
        """The forward with the solution's own Triton launches skipped must get the output wrong.

        A solution that uses CUDA graphs (`static.CUDA_GRAPHS`) replays its own kernels from a graph, which skipping
        Python launches cannot reach: its loaded model would replay a graph captured on earlier calls and be
        rejected for an output its kernels computed, and a graph captured during the ablation would stay in its
        cache for the timed calls. So the ablation takes a fresh ModelNew (same seed and arguments), calls it as
        often as the loaded model was called in the correctness trials (on one input set held alive), then makes
        the ablated call on another input set held alive beside it: a graph keyed on its addresses must be
        captured then, with the launches skipped. Work that runs only in a model's first calls is thereby still
        caught, as on the loaded model; the fresh model is dropped afterwards."""
        fresh = CUDA_GRAPHS in static.warnings
        # secret seeds drawn on the device: KernelBench's seeded sets are drawn on the CPU, which took 8-12 s of a
        # multi-GB level-1 problem's heavy slot on the H200 for inputs the ablation does not need
        first = len(session.public_seeds)
        with self.gate.shared():
            trial = session.trial(first, extra_distributions=False)
            _, handles, outs, out_handles = self.share_sets([trial], proc.scratch)
            msg = {"cmd": "ablate", "inputs": handles[0], "out": out_handles[0]}
            if fresh:
                warm_set = session.trial(first + 1, extra_distributions=False)
                warm_shared, warm_handles, _, _ = self.share_sets([warm_set], proc.scratch)
                msg.update(fresh_calls=self.num_trials(session), warm_inputs=warm_handles[0])
        reply = proc.request(msg)
        if not reply.get("ok"):
            raise Outcome(reply.get("kind", "runtime_error"), error_reason(reply))
        if fresh:
            del warm_shared, warm_set
        with self.gate.shared():
            still_right = bool(reply.get("copied")) and compare(outs[0], trial.expected, tol=tol,
                                                                 rel_l2_tol=rel_l2_tol).passed
        verdict.checks.append(Check(name="own_kernels_contribute", passed=not still_right,
                                    reason="output wrong without the solution's own kernels, as it must be"
                                    if not still_right else "output right without them"))
        if still_right:
            raise Outcome("rejected", f"the output is still correct when the solution's own kernels "
                                       f"({', '.join(static.kernel_names)}) are skipped: they do not compute it "
                                       f"(a decoy launch; PyTorch does the work)", "own_kernels_contribute")

    def _profile(self, proc, session, static, verdict) -> None:
        """CUDA C++: the GPU profile of one forward must show the solution's own kernels; their share of the GPU
        time is recorded (`Verdict.own_gpu_time_pct`)."""
        with self.gate.shared():
            trial = session.trial(0, extra_distributions=False)
            _, handles, _, _ = self.share_sets([trial], proc.scratch)
        reply = proc.request({"cmd": "profile", "inputs": handles[0]})
        if not reply.get("ok"):
            raise Outcome(reply.get("kind", "runtime_error"), error_reason(reply))
        kernels = {str(k): float(v) for k, v in (reply.get("kernels_us") or {}).items()
                   if isinstance(v, (int, float))}
        own = {k: v for k, v in kernels.items() if any(n in k for n in static.kernel_names)}
        total = sum(kernels.values())
        if not own:
            raise Outcome("rejected", f"none of the solution's own kernels ({', '.join(static.kernel_names)}) ran on "
                                       f"the GPU; kernels seen: {', '.join(list(kernels)[:6]) or 'none'}",
                           "own_kernels")
        verdict.own_gpu_time_pct = round(100.0 * sum(own.values()) / total, 1) if total > 0 else None
        verdict.own_kernel_launches = verdict.own_kernel_launches or {k: 1 for k in own}
