"""Judge-side comparisons: candidate output vs reference, and trivial outputs vs reference."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Comparison:
    passed: bool
    max_abs_error: float
    max_rel_error: float
    rel_l2_error: float
    reason: str
    elements_outside: int = 0  # elements that failed: beyond the tolerance, or NaN/Inf where the reference differs


_CHUNK = 1 << 25  # elements per float64 chunk (256 MB): GB-sized outputs are compared without copies of them


def compare(out, expected, *, tol: float, rel_l2_tol: float | None = None) -> Comparison:
    """``allclose(atol=rtol=tol)`` with NaN/Inf parity; plus a relative L2 bound on degenerate problems.

    Works chunk by chunk in float64, so comparing a 6 GB output needs a few hundred MB extra.
    """
    import torch

    if out.shape != expected.shape:
        return Comparison(False, float("inf"), float("inf"), float("inf"),
                          f"output shape {tuple(out.shape)} != expected {tuple(expected.shape)}")
    if not expected.is_floating_point() and not expected.is_complex():
        equal = bool(torch.equal(out, expected))
        bad = int((out != expected).sum())
        return Comparison(equal, 0.0 if equal else float("inf"), 0.0 if equal else float("inf"),
                          0.0 if equal else float("inf"),
                          "exact match" if equal else f"{bad} of {expected.numel()} integer elements differ")
    o_flat, e_flat = out.reshape(-1), expected.reshape(-1)
    max_abs = max_rel = 0.0
    sq_diff = sq_ref = 0.0
    n_bad = n_nan = n_inf = 0
    for start in range(0, e_flat.numel(), _CHUNK):
        o = o_flat[start:start + _CHUNK].double()
        e = e_flat[start:start + _CHUNK].double()
        nan_o, nan_e = torch.isnan(o), torch.isnan(e)
        n_nan += int((nan_o != nan_e).sum())
        inf_e = torch.isinf(e)
        n_inf += int((torch.isinf(o) != inf_e).sum()) + int((o[inf_e] != e[inf_e]).sum())
        finite = torch.isfinite(e) & torch.isfinite(o)
        diff = (o - e).abs()[finite]
        ref = e.abs()[finite]
        if diff.numel():
            max_abs = max(max_abs, float(diff.max()))
            max_rel = max(max_rel, float((diff / ref.clamp_min(1e-12)).max()))
            sq_diff += float((diff * diff).sum())
            sq_ref += float((ref * ref).sum())
            n_bad += int((diff > tol + tol * ref).sum())
        del o, e, diff, ref, finite, nan_o, nan_e, inf_e
    rel_l2 = (sq_diff ** 0.5) / (sq_ref ** 0.5) if sq_ref > 0 else (0.0 if max_abs == 0 else float("inf"))
    if n_nan:
        return Comparison(False, float("nan"), float("nan"), float("nan"), f"NaN positions differ at {n_nan} elements",
                          n_nan)
    if n_inf:
        return Comparison(False, float("inf"), float("inf"), float("inf"),
                          f"Inf positions or signs differ at {n_inf} elements", n_inf)
    if n_bad:
        return Comparison(False, max_abs, max_rel, rel_l2,
                          f"{n_bad} of {expected.numel()} elements outside atol=rtol={tol:g} (max abs error {max_abs:.3g})",
                          n_bad)
    if rel_l2_tol is not None and rel_l2 > rel_l2_tol:
        return Comparison(False, max_abs, max_rel, rel_l2,
                          f"relative L2 error {rel_l2:.3g} > {rel_l2_tol:g} (this problem's outputs are so small that "
                          f"trivial outputs pass atol, so it is judged by relative error)")
    return Comparison(True, max_abs, max_rel, rel_l2, f"within atol=rtol={tol:g} (max abs error {max_abs:.3g})")


@dataclass(frozen=True)
class Degeneracy:
    """Whether trivial outputs pass a problem's tolerance, and how that problem must then be judged."""

    trivial_passes: tuple[str, ...]  # e.g. ("zeros", "copy of input 0")
    constant_output: bool  # the reference's output does not depend on the input at all
    nondeterministic: bool  # the reference disagrees with itself on the same inputs

    @property
    def degenerate(self) -> bool:
        return bool(self.trivial_passes)

    def describe(self) -> str:
        parts = []
        if self.trivial_passes:
            parts.append(f"trivial outputs pass the tolerance ({', '.join(self.trivial_passes)})")
        if self.constant_output:
            parts.append("the reference output is constant")
        if self.nondeterministic:
            parts.append("the reference is not deterministic (e.g. active Dropout)")
        return "; ".join(parts) or "not degenerate"


def probe_degeneracy(make_trial, num_trials: int, *, tol: float, rerun) -> Degeneracy:
    """Try zeros, a constant (the output mean) and copies of same-shaped inputs against the same trial
    schedule candidates face (one trial in memory at a time). ``make_trial(i)`` builds trial ``i``."""
    import torch

    alive: dict[str, bool] | None = None
    first = None
    constant = True
    nondeterministic = False
    for i in range(num_trials):
        t = make_trial(i)
        e = t.expected
        fill = e.double().mean().item() if e.is_floating_point() else 0
        trivial = {"zeros": torch.zeros_like(e), "constant": torch.full_like(e, fill)}
        for j, x in enumerate(t.inputs):
            if isinstance(x, torch.Tensor) and x.shape == e.shape:
                trivial[f"copy of input {j}"] = x.to(e.dtype)
        passed = {name: compare(o, e, tol=tol).passed for name, o in trivial.items()}
        alive = passed if alive is None else {k: v and passed.get(k, False) for k, v in alive.items()}
        if first is None:
            first = e
            nondeterministic = not compare(rerun(t.inputs), e, tol=tol).passed
        else:
            constant = constant and first.shape == e.shape and bool(torch.equal(first, e))
        del t, trivial
    uniform = first is not None and (first.numel() <= 1 or bool((first == first.flatten()[0]).all()))
    passes = tuple(k for k, v in (alive or {}).items() if v)
    return Degeneracy(passes, constant and uniform and num_trials > 1, nondeterministic)
