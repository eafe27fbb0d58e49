"""The correctness stage's checks, done by the judge on buffers it owns (the candidate only ever reports)."""

from __future__ import annotations

import dataclasses

from autokernel.evaluate.compare import compare
from autokernel.evaluate.outcome import error_reason
from autokernel.records import Check


def check_trial(reply: dict, trial, shared, outs, index: int, tol: float, rel_l2_tol, launches: dict) -> Check:
    """One correctness trial's reply, checked by the judge: the candidate ran, its output is a plain tensor of the
    expected device, dtype and shape that aliases no input, it left its inputs unchanged, and its values match."""
    name = f"trial_{index}"
    fig = {"distribution": trial.distribution}
    if not reply.get("ok"):
        fig["verdict"] = reply.get("kind", "runtime_error")
        fig["check"] = "run"
        return Check(name=name, passed=False, reason=error_reason(reply), figures=fig)
    for k, v in (reply.get("launches") or {}).items():
        if isinstance(k, str) and isinstance(v, int):
            launches[k] = launches.get(k, 0) + v
    meta = reply.get("meta") or {}
    expected = trial.expected

    def fail(reason: str, kind: str = "incorrect", check: str = "values") -> Check:
        fig["verdict"] = kind
        fig["check"] = check
        return Check(name=name, passed=False, reason=reason, figures=fig)

    if reply.get("threads_after", 0) > reply.get("threads_before", 0):
        return fail("rejected: the forward pass left a Python thread running (work outside the call)", "rejected",
                    "threads")
    if not meta.get("is_exact_tensor"):
        return fail(f"rejected: the output is a {meta.get('type')}, not a plain torch.Tensor (subclasses and lazy "
                    f"tensors are not accepted)", "rejected", "output_type")
    if reply.get("aliases_input"):
        return fail("rejected: the output shares memory with an input (returning an input or a view of it)",
                    "rejected", "aliasing")
    exp_dev = "cpu" if expected.device.type == "cpu" else "cuda"
    if not str(meta.get("device", "")).startswith(exp_dev):
        return fail(f"the output is on {meta.get('device')}, expected {exp_dev}", check="device")
    exp_dtype = str(expected.dtype).removeprefix("torch.")
    if meta.get("dtype") != exp_dtype:
        return fail(f"the output dtype is {meta.get('dtype')}, expected {exp_dtype}", check="dtype")
    if meta.get("shape") != list(expected.shape):
        return fail(f"the output shape is {tuple(meta.get('shape') or ())}, expected {tuple(expected.shape)}",
                    check="shape")
    for i, (master, sh) in enumerate(zip(trial.inputs, shared[0])):
        if hasattr(master, "shape") and not same(master, sh):
            return fail(f"the candidate modified input {i} in place (inputs must be left unchanged)",
                        check="input_mutation")
    cmp = compare(outs[0], expected, tol=tol, rel_l2_tol=rel_l2_tol)
    fig.update(max_abs_error=cmp.max_abs_error, max_rel_error=cmp.max_rel_error, rel_l2_error=cmp.rel_l2_error)
    if not cmp.passed:
        return fail(f"wrong output on trial {index} ({trial.distribution} inputs): {cmp.reason}")
    return Check(name=name, passed=True, reason=cmp.reason, figures=fig)


def trial_check_name(check: Check, index: int, public: int) -> str:
    """The check a failed correctness trial names: the protocol's own (``values`` and ``shape`` on its
    seeded trials, a crash) or one of ours (a secret-seeded or transformed trial, mutation, aliasing...)."""
    what = check.figures.get("check", "values")
    if index >= public and what in ("values", "shape"):
        return f"secret_{check.figures.get('distribution', 'problem')}_inputs"
    return what


def arbitrate_with_float64(session, trial, out, check: Check, tol: float, rel_l2_tol) -> Check:
    """A secret trial's wrong values, judged again against the reference run in float64 on the same inputs.

    Two fp32 computations that sum in different orders can differ by more than the tolerance on a few of millions
    of elements where values cancel (signed or heavy-tailed inputs); which of the two is nearer the truth is then
    chance, and a verdict that flips from one random seed to the next. So a candidate fails one of our trials only
    if it also misses the tolerance against float64: within it, it is correct and the fp32 reference was the
    one off. KernelBench's own trials are never arbitrated (its verdict is against its fp32 reference). Where the
    float64 run cannot be made (too large to widen, or the model fails in float64) the failure stands."""
    from autokernel.evaluate.reference import conditioning_limit_bytes, input_bytes

    try:
        if input_bytes(trial.inputs) > conditioning_limit_bytes(session.device):
            return check
        truth = session.truth64(trial.inputs)
        if getattr(truth, "shape", None) != out.shape:
            return check
        truth = truth.to(out.dtype)
        mine = compare(out, truth, tol=tol, rel_l2_tol=rel_l2_tol)
        theirs = compare(trial.expected, truth, tol=tol, rel_l2_tol=rel_l2_tol)
    except Exception:  # noqa: BLE001 - no float64 run (memory, a model that cannot widen): the failure stands
        return check
    figures = {**check.figures, "max_abs_error_vs_float64": mine.max_abs_error,
               "reference_max_abs_error_vs_float64": theirs.max_abs_error}
    if not mine.passed:
        return dataclasses.replace(check, figures=figures)
    figures.pop("verdict", None)
    figures.pop("check", None)
    return Check(name=check.name, passed=True, figures={**figures, "arbitrated_by_float64": True},
                 reason=f"{check.reason.replace('wrong output on', 'output on', 1)} of the fp32 reference, but "
                        f"within it of the float64 reference (max abs error {mine.max_abs_error:.3g}; the fp32 "
                        f"reference's own there: {theirs.max_abs_error:.3g})")


def explain_conditioning(session, trial, check: Check) -> Check:
    """A wrong output on inputs where the fp32 reference itself misses the tolerance against float64:
    the verdict stays `incorrect` (nothing else can be checked), but the reason says that no kernel short
    of a bit-identical one could pass there, so a reader does not blame the candidate alone."""
    if session.conditioning.get(trial.distribution) == "":
        return check  # these transformed inputs were checked when the trial was made: the reference is fine
    kind = f"{trial.distribution} (judged)"
    if not session._ill_conditioned(kind, trial.inputs, trial.expected):
        return check
    note = session.conditioning[kind].replace(", so they cannot judge a kernel", "")
    return dataclasses.replace(
        check, reason=f"{check.reason}; the problem is ill-conditioned at this tolerance: {note} on these "
                      f"inputs, so only a kernel bit-identical to the reference could pass",
        figures={**check.figures, "reference_ill_conditioned": True})


def poison(t) -> None:
    """NaN-fill (or fill with an unlikely value) so an unwritten output can never pass."""
    import torch

    if t.is_floating_point():
        t.fill_(float("nan"))
    elif t.dtype == torch.bool:
        t.fill_(True)
    else:
        t.fill_(torch.iinfo(t.dtype).min)


def same(a, b) -> bool:
    """Bitwise equal (NaNs in the same places count as equal)."""
    import torch

    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_floating_point():
        return bool(((a == b) | (torch.isnan(a) & torch.isnan(b))).all())
    return bool(torch.equal(a, b))
