"""The bench's ``inductor`` candidate: torch inductor's own generated Triton for a problem, made a standalone
ModelNew (`autokernel.starters.inductor`, the seed the search judges in round 0), judged like any candidate. It
answers what ``torch.compile``'s code scores as a KernelBench submission, and gives a protocol whose reference
runs convolutions in TF32 a correct kernel where fp32 ones fail.

Inductor compiles each problem for seconds to minutes, so the captures run in parallel child processes and are
kept in the bench folder (``inductor/<problem>.json``, one per problem, with the torch version and device kind
that wrote it): a resumed bench judges the same file, which its ledger knows, and compiles nothing again.

``inductor:SLUG`` is the same with one of inductor's code-generation settings changed
(`autokernel.starters.inductor.VARIANTS`, the search's moves on the seed), kept beside it
(``inductor/<problem>_<digest>.<slug>.json``), so a bench judges the seed and its variants side by side.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from autokernel.environment import usable_cores
from autokernel.problem import Problem

SPEC = "inductor"  # the bench's candidate spec
CAPTURES = "inductor"  # the bench folder's subfolder


@dataclass(frozen=True)
class InductorCandidate:
    """A problem's captured seed: ``source`` (None when inductor gave none) and ``label``, or the reason there is
    none."""

    source: str | None
    label: str

    def to_dict(self) -> dict:
        return {"source": self.source, "label": self.label}


def device_kind(device: str) -> str:
    """What a capture depends on: ``cuda`` for any GPU of the machine, else ``cpu``."""
    return "cuda" if device.startswith("cuda") else "cpu"


def variant_of(spec: str):
    """The `InductorVariant` an ``inductor:SLUG`` spec names, None for ``inductor``; ValueError for another."""
    if spec == SPEC:
        return None
    if not spec.startswith(SPEC + ":"):
        raise ValueError(f"not an inductor candidate: {spec!r}")
    from autokernel.starters.inductor import variant_named

    return variant_named(spec[len(SPEC) + 1:])


def is_spec(spec: str) -> bool:
    """Whether ``spec`` is ``inductor`` or ``inductor:SLUG`` (a variant's slug, checked by `variant_of`)."""
    return spec == SPEC or spec.startswith(SPEC + ":")


def _path(out: Path, problem: Problem, variant=None) -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", problem.key).strip("_") or "problem"
    return out / CAPTURES / f"{name}_{problem.digest}{'.' + variant.slug if variant else ''}.json"


def only_captures(folder: Path) -> bool:
    """Whether ``folder`` holds nothing but captures this module wrote (a bench stopped after capturing, before
    its first verdict): a bench folder of ours, to resume."""
    entries = list(folder.iterdir())
    if [e.name for e in entries] != [CAPTURES] or not entries[0].is_dir():
        return False
    return all(re.fullmatch(r"[A-Za-z0-9_.-]+_[0-9a-f]{16}(\.[a-z0-9-]+)?\.json", f.name)
               for f in entries[0].iterdir())


def _load(path: Path, torch_version: str, kind: str) -> InductorCandidate | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("torch") != torch_version or data.get("device") != kind:
        return None  # another torch writes other code: captured again
    source = data.get("source")
    return InductorCandidate(source if isinstance(source, str) else None, str(data.get("label", "")))


def inductor_candidates(problems: Sequence[Problem], device: str, out: str | Path, *, capture_ok: bool = True,
                        jobs: int | None = None, timeout_s: float | None = None, make_seed=None,
                        variant=None, echo: Callable[[str], None] = print,
                        time_left: Callable[[], float] | None = None) -> dict[str, InductorCandidate]:
    """Problem key -> its inductor candidate, from ``out``'s captures where this torch and device kind wrote them,
    else captured now (``jobs`` at once; default: half the cores, at most 8) and kept there. ``capture_ok``
    False (a bench that judges nothing) captures nothing: a problem without a kept capture gets the reason.
    ``variant``: an `InductorVariant` (`variant_of`), captured with its settings. ``make_seed(problem, device)``
    (``options=`` too for a variant) stands in for `autokernel.starters.inductor.inductor_seed` in tests.
    ``time_left()``: seconds before the bench's --stop-after; a capture runs no longer, and none starts with less
    than `MIN_CAPTURE_S` left. A capture that gave no code for the machine's or the run's reason (a time limit, a
    crash, the stop: `inductor_seed.lasting`) is not kept: the next invocation captures it again."""
    import torch

    from autokernel.propose.inductor_seed import MIN_CAPTURE_S, STOPPING, lasting
    from autokernel.starters.inductor import DEFAULT_TIMEOUT_S, inductor_seed

    kind, version = device_kind(device), torch.__version__
    out = Path(out)
    found: dict[str, InductorCandidate] = {}
    todo = []
    for p in problems:
        kept = _load(_path(out, p, variant), version, kind)
        if kept is not None:
            found[p.key] = kept
        elif capture_ok:
            todo.append(p)
        else:
            found[p.key] = InductorCandidate(None, "not captured: this invocation compiles nothing (the bench "
                                                   "folder that judged it kept the capture)")
    if not todo:
        return found
    options = {"options": dict(variant.options)} if variant else {}
    limit = timeout_s or DEFAULT_TIMEOUT_S
    echo(f"inductor: capturing {len(todo)} problem(s) with torch {version} on {kind}"
         + (f", {variant.label}" if variant else ""))
    (out / CAPTURES).mkdir(parents=True, exist_ok=True)
    setting = f" with {variant.label}" if variant else ""

    def capture(p: Problem) -> tuple[str, InductorCandidate]:
        left = time_left() if time_left is not None else math.inf
        if left < MIN_CAPTURE_S:
            return p.key, InductorCandidate(None, f"not captured: {STOPPING}: no capture started within "
                                                  f"{MIN_CAPTURE_S:g} s of --stop-after")
        seed = (make_seed(p, kind, **options) if make_seed is not None
                else inductor_seed(p, kind, timeout_s=min(limit, left), **options))
        got = (InductorCandidate(seed.source, f"torch inductor's generated Triton (torch {seed.torch_version})"
                                              f"{setting}, made standalone")
               if seed.source else InductorCandidate(None, f"inductor gave no seed{setting}: {seed.reason}"))
        if seed.source is not None or lasting(seed.reason):
            kept = {"problem": p.key, "torch": version, "device": kind, **got.to_dict()}
            _path(out, p, variant).write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
        return p.key, got

    workers = jobs or max(1, min(8, usable_cores() // 2))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="inductor-capture") as pool:
        found.update(pool.map(capture, todo))
    return found
