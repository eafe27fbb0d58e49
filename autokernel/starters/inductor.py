"""``inductor_seed``: torch inductor's Triton for a problem, as a standalone ``ModelNew`` (a round-0 seed).

PyTorch's inductor writes Triton for any model that ``torch.export`` can trace. Its code, made standalone (the
kernels and their launches in the file, no ``torch.compile`` at run time), seeds the search beside the generated
starter, so the search starts no worse than compile. Inductor runs in a child process
(`_inductor_capture`) with a time limit; `_inductor_source` rewrites what it captured. A problem that cannot be
traced or compiled gets no seed and a one-line reason, never an exception.

On a GPU the seed is inductor's CUDA code, its launch configurations autotuned at the first call as inductor does.
On the CPU inductor's Triton backend (``cpu_backend = "triton"``) writes the kernels and the Triton interpreter
runs them: a functional check of the path, not a fast kernel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ._inductor_source import SeedError, build_source

_MARK = "@@CAPTURE@@"
DEFAULT_TIMEOUT_S = 600.0


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


def capture_problem(problem, device: str = "cpu", *, timeout_s: float = DEFAULT_TIMEOUT_S) -> dict:
    """Run inductor on ``problem`` in a child process; its capture (see `_inductor_capture`). Raises SeedError."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])  # this checkout's autokernel, not another installed copy
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
    try:
        proc = subprocess.run([sys.executable, "-m", "autokernel.starters._inductor_capture"],
                              input=json.dumps({"source": problem.source, "device": device}), env=env,
                              capture_output=True, text=True, timeout=timeout_s)
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


def inductor_seed(problem, device: str = "cpu", *, timeout_s: float = DEFAULT_TIMEOUT_S) -> InductorSeed:
    """Inductor's code for ``problem`` on ``device`` as a standalone ModelNew, or none with the reason."""
    try:
        capture = capture_problem(problem, device, timeout_s=timeout_s)
    except SeedError as exc:
        return InductorSeed(None, str(exc))
    return seed_from_capture(capture, problem)
