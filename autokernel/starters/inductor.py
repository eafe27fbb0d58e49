"""``inductor_seed``: torch inductor's Triton for a problem, as a standalone ``ModelNew`` (a round-0 seed).

PyTorch's inductor writes Triton for any model that ``torch.export`` can trace. Its code, made standalone (the
kernels and their launches in the file, no ``torch.compile`` at run time), seeds the search beside the generated
starter, so the search starts no worse than compile. Inductor runs in a child process
(`_inductor_capture`) with a time limit; `_inductor_source` rewrites what it captured. A problem that cannot be
traced or compiled gets no seed and a one-line reason, never an exception.

On a GPU the seed is inductor's CUDA code, its launch configurations autotuned at the first call as inductor does.
On the CPU inductor's Triton backend (``cpu_backend = "triton"``) writes the kernels and the Triton interpreter
runs them: a functional check of the path, not a fast kernel.

A seed has no tunables of its own, so the search's moves on inductor's code are inductor's own code-generation
settings (`VARIANTS`): the same problem captured again under one of them, kept where the code differs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ._inductor_source import SeedError, build_source

_MARK = "@@CAPTURE@@"
DEFAULT_TIMEOUT_S = 600.0


@dataclass(frozen=True)
class InductorVariant:
    """One of inductor's code-generation settings as a move on its seed: the problem captured again with
    ``options`` set, where the seed's code has what the setting acts on (``applies``), and why it may pay."""

    name: str
    options: dict = field(hash=False)
    applies: str  # "convolution": a library convolution; "reduction": a reduction kernel; "few kernels"; "any"
    why: str

    @property
    def label(self) -> str:
        return f"{self.name} ({', '.join(f'{k}={v!r}' for k, v in self.options.items())})"

    @property
    def slug(self) -> str:
        """The name in a command line (the bench's ``inductor:SLUG``) and a file name."""
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")


# Settings that change only what inductor writes (max_autotune_pointwise too: its longer config lists are timed at
# the kernels' first call, in the judge). Left out: max_autotune and coordinate_descent_tuning, which time kernels
# on the GPU while capturing, outside the device gate that keeps the other workers' timings clean.
VARIANTS: tuple[InductorVariant, ...] = (
    InductorVariant("channels-last convolutions", {"force_layout_optimization": True}, "convolution",
                    "cuDNN's tensor-core convolutions read and write channels-last; inductor chooses that layout "
                    "itself only past its heuristic's thresholds, so a model of one or two convolutions (level 2) "
                    "keeps NCHW"),
    InductorVariant("no layout optimisation", {"layout_optimization": False}, "convolution",
                    "the other way round: where inductor chose channels-last, the copies into and out of that "
                    "layout around a few convolutions can cost more than the convolutions gain"),
    InductorVariant("1x1 convolutions as matmuls", {"conv_1x1_as_mm": True}, "convolution",
                    "a pointwise convolution is a matmul; as one, inductor may fuse its neighbours around it"),
    InductorVariant("wider launch autotuning", {"max_autotune_pointwise": True}, "few kernels",
                    "inductor's longer lists of launch configurations for its pointwise and reduction kernels (tile "
                    "shapes, warps), autotuned at the first call; by default a square-tiled 2-D kernel such as a "
                    "layout copy has one. Only for a forward of a few kernels: L3/34's 258 took 93.5 s at their "
                    "first call on an H100, most of it autotuning two configurations each, and a launch-bound "
                    "forward gains nothing from each kernel's tile"),
    InductorVariant("unsplit reductions", {"split_reductions": False}, "reduction",
                    "inductor splits a long reduction into two kernels; one kernel saves a launch and a round "
                    "trip of the partial sums through memory where the rows are few"),
    InductorVariant("looped reductions", {"triton.persistent_reductions": False}, "reduction",
                    "a persistent reduction holds a whole row in registers; a loop over the row spills less on "
                    "long rows"),
    InductorVariant("aggressive fusion", {"aggressive_fusion": True}, "any",
                    "fuses kernels that share no input too: fewer launches where the forward is launch-bound "
                    "(level 3)"),
)


# settings that undo each other: a variant never sets both
_CONFLICTS = frozenset({frozenset({"force_layout_optimization", "layout_optimization"})})


def combined(variants) -> InductorVariant | None:
    """One variant with the settings of all ``variants`` (those that each beat the seed, fastest first), leaving out
    any that conflicts with one before it; None where fewer than two remain."""
    kept: list[InductorVariant] = []
    for v in variants:
        names = set(v.options)
        if not any(frozenset({a, b}) in _CONFLICTS or a == b for k in kept for a in k.options for b in names):
            kept.append(v)
    if len(kept) < 2:
        return None
    return InductorVariant(" + ".join(v.name for v in kept), {k: x for v in kept for k, x in v.options.items()},
                           "any", "settings that each made the seed faster, together")


def variant_named(slug: str) -> InductorVariant:
    """The variant of `VARIANTS` whose slug is ``slug``; ValueError naming them otherwise."""
    for v in VARIANTS:
        if v.slug == slug:
            return v
    raise ValueError(f"no inductor variant {slug!r}: one of {', '.join(v.slug for v in VARIANTS)}")


def allowed_options() -> dict:
    """Every setting a variant sets, with its value (the capture process accepts these and no others)."""
    return {k: v for variant in VARIANTS for k, v in variant.options.items()}


_CONVOLUTION = re.compile(r"\bconvolution\(")
_REDUCTION = re.compile(r"\bdef triton_(?:red|per)_")
_KERNEL = re.compile(r"^def triton_", re.MULTILINE)
FEW_KERNELS = 16  # "few kernels": at most this many Triton kernels in the seed


def applies(variant: InductorVariant, seed_source: str) -> bool:
    """Whether ``seed_source`` (inductor's seed) has what ``variant`` acts on."""
    if variant.applies == "convolution":
        return bool(_CONVOLUTION.search(seed_source))
    if variant.applies == "reduction":
        return bool(_REDUCTION.search(seed_source))
    if variant.applies == "few kernels":
        return len(_KERNEL.findall(seed_source)) <= FEW_KERNELS
    return True


def same_code(a: str, b: str) -> bool:
    """Whether two seed files launch the same code: equal past their docstrings, which name their settings."""
    def body(text: str) -> str:
        parts = text.split('"""', 2)
        return parts[2] if len(parts) == 3 else text

    return body(a) == body(b)


@dataclass(frozen=True)
class InductorSeed:
    """A seed source, or None with the reason there is none.

    Attributes:
        source: the ModelNew file (None when there is no seed).
        reason: why there is no seed; for a seed, a one-line summary.
        torch_version: the torch whose inductor wrote it.
        tied_to_torch: that version when the file imports inductor runtime helpers, else "".
        kernels: the Triton kernels it launches; library_calls: extern kernels left as torch calls.
    """

    source: str | None
    reason: str
    torch_version: str = ""
    tied_to_torch: str = ""
    kernels: tuple[str, ...] = ()
    library_calls: tuple[str, ...] = ()


def capture_problem(problem, device: str = "cpu", *, timeout_s: float = DEFAULT_TIMEOUT_S,
                    options: dict | None = None) -> dict:
    """Run inductor on ``problem`` in a child process, with ``options`` (a variant's) set; its capture (see
    `_inductor_capture`). Raises SeedError."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])  # this checkout's autokernel, not another installed copy
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
    try:
        proc = subprocess.run([sys.executable, "-m", "autokernel.starters._inductor_capture"],
                              input=json.dumps({"source": problem.source, "device": device, "options": options or {}}),
                              env=env, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired as exc:
        raise SeedError(f"inductor took more than {timeout_s:g} s") from exc
    line = next((ln for ln in reversed(proc.stdout.splitlines()) if ln.startswith(_MARK)), None)
    if line is None:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise SeedError(f"the inductor process exited with code {proc.returncode}: {tail[:200]}")
    reply = json.loads(line[len(_MARK):])
    if not reply.get("ok"):
        raise SeedError(reply.get("reason") or "inductor capture failed")
    return reply["capture"]


def seed_from_capture(capture: dict, problem) -> InductorSeed:
    """The seed a capture makes (or none, with the reason); pure text work."""
    try:
        built = build_source(capture, problem.source, title=problem.name)
    except SeedError as exc:
        return InductorSeed(None, str(exc), torch_version=capture.get("torch", ""))
    except Exception as exc:  # noqa: BLE001 - a capture this rewrite does not expect is a reason, never a crash
        return InductorSeed(None, f"the rewrite failed on inductor's output: {type(exc).__name__}: {exc}"[:300],
                            torch_version=capture.get("torch", ""))
    summary = (f"{len(built.kernels)} Triton kernel(s)"
               + (f", library calls: {', '.join(built.library_calls)}" if built.library_calls else ""))
    return InductorSeed(built.source, summary, torch_version=capture["torch"], tied_to_torch=built.tied_to_torch,
                        kernels=built.kernels, library_calls=built.library_calls)


def inductor_seed(problem, device: str = "cpu", *, timeout_s: float = DEFAULT_TIMEOUT_S,
                  options: dict | None = None) -> InductorSeed:
    """Inductor's code for ``problem`` on ``device`` as a standalone ModelNew, or none with the reason; ``options``:
    a variant's settings (`VARIANTS`)."""
    try:
        capture = capture_problem(problem, device, timeout_s=timeout_s, options=options)
    except SeedError as exc:
        return InductorSeed(None, str(exc))
    return seed_from_capture(capture, problem)
