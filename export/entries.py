"""Which kernels to export: read a single solution file or a run directory, skip what is not publishable.

Run directory layout: ``<run>/problems/<slug>/{best.py, best.json, problem.py}``, where ``best.json`` is
the ``Verdict`` of ``best.py`` (optionally with ``"quarantined": true``). Only kernels whose verdict is
``correct``, that are not quarantined and that were validated on a GPU backend are exported.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autokernel.evaluate.protocol import protocol_of

from .source import ExportError

# Hub variant backends a Triton kernel can be validated on (build/torch-<backend>/).
GPU_BACKENDS = ("cuda", "rocm", "xpu")


@dataclass(frozen=True, kw_only=True)
class KernelEntry:
    """One kernel to publish."""

    problem_name: str  # e.g. "19_ReLU"
    problem_key: str  # e.g. "L1/19"
    solution_source: str
    problem_source: str | None
    verdict: dict[str, Any] | None
    backend: str  # one of GPU_BACKENDS
    origin: str  # path of the solution file
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True, kw_only=True)
class Skipped:
    """A kernel left out, and why."""

    name: str
    reason: str


def entry_from_files(
    solution: Path,
    *,
    problem: Path | None = None,
    verdict: Path | None = None,
    backend: str | None = None,
    name: str | None = None,
    protocol: str | None = None,
) -> KernelEntry:
    """A single solution file (optionally with its problem and verdict); raises ExportError if unpublishable
    (``protocol``: its verdict must have been judged under it)."""
    if not solution.is_file():
        raise ExportError(f"solution file {solution} does not exist")
    if problem is not None and not problem.is_file():
        raise ExportError(f"problem file {problem} does not exist")
    verdict_data = _read_verdict(verdict) if verdict is not None else None
    problem_name = name or _file_name(verdict_data, problem, solution)
    problem_key = (verdict_data or {}).get("problem") or problem_name
    notes: tuple[str, ...] = ()
    if verdict_data is None:
        notes = ("no verdict supplied: not validated by autokernel-kb",)
    reason = publish_refusal(verdict_data, quarantined=bool((verdict_data or {}).get("quarantined")),
                             protocol=protocol)  # fmt: skip
    if reason:
        raise ExportError(f"{solution}: {reason}")
    return KernelEntry(
        problem_name=problem_name,
        problem_key=problem_key,
        solution_source=solution.read_text(),
        problem_source=problem.read_text() if problem is not None else None,
        verdict=verdict_data,
        backend=_choose_backend(verdict_data, backend, str(solution)),
        origin=str(solution),
        notes=notes,
    )


def entries_from_run(
    run_dir: Path, *, backend: str | None = None, protocol: str | None = None
) -> tuple[list[KernelEntry], list[Skipped]]:
    """Every publishable ``best.py`` under ``<run>/problems/``, plus the ones skipped with reasons
    (``protocol``: only kernels whose verdict was judged under it)."""
    problems_dir = run_dir / "problems"
    if not problems_dir.is_dir():
        raise ExportError(f"{run_dir} is not a run directory: {problems_dir} is missing")
    entries: list[KernelEntry] = []
    skipped: list[Skipped] = []
    for folder in sorted(p for p in problems_dir.iterdir() if p.is_dir()):
        best, verdict_path, problem = folder / "best.py", folder / "best.json", folder / "problem.py"
        if not best.is_file():
            skipped.append(Skipped(name=folder.name, reason="no best.py (no kernel found)"))
            continue
        if not verdict_path.is_file():
            skipped.append(Skipped(name=folder.name, reason="no best.json verdict"))
            continue
        try:
            verdict = _read_verdict(verdict_path)
        except ExportError as exc:
            skipped.append(Skipped(name=folder.name, reason=str(exc)))
            continue
        reason = publish_refusal(verdict, quarantined=bool(verdict.get("quarantined")), protocol=protocol)
        if reason:
            skipped.append(Skipped(name=folder.name, reason=reason))
            continue
        try:
            chosen = _choose_backend(verdict, backend, str(best))
        except ExportError as exc:
            skipped.append(Skipped(name=folder.name, reason=str(exc)))
            continue
        problem_source = problem.read_text() if problem.is_file() else None
        entries.append(
            KernelEntry(
                problem_name=_problem_name(verdict, folder.name),
                problem_key=verdict.get("problem") or folder.name,
                solution_source=best.read_text(),
                problem_source=problem_source,
                verdict=verdict,
                backend=chosen,
                origin=str(best),
            )
        )
    return entries, skipped


def publish_refusal(verdict: dict[str, Any] | None, *, quarantined: bool, protocol: str | None = None) -> str:
    """Why a kernel must not be published, or "" if it may (``protocol``: the one its verdict must record)."""
    if verdict is None:
        return ""
    if quarantined:
        return "quarantined (flagged as a suspected reward hack or unstable result)"
    if verdict.get("verdict") != "correct":
        return f"verdict is {verdict.get('verdict')!r}, not 'correct': {verdict.get('reason', '')}".rstrip(
            ": "
        )
    if protocol is not None and protocol_of(verdict) != protocol:
        judged = protocol_of(verdict)
        return f"judged under the {judged} protocol, not {protocol} (export it with --protocol {judged})"
    return ""


def validated_backend(verdict: dict[str, Any]) -> str | None:
    """The GPU backend a verdict was measured on (from its device and environment); None for CPU or unknown."""
    env = {str(k).lower(): str(v).lower() for k, v in (verdict.get("environment") or {}).items()}
    device = str(verdict.get("device") or env.get("device") or "").lower()
    gpu = env.get("gpu", "")
    if not device or device.startswith(("cpu", "meta")):
        return None
    if device.startswith("xpu"):
        return "xpu"
    names = f"{device} {gpu}"
    if not (device.startswith("cuda") or re.search(r"\b(nvidia|amd|instinct|radeon|mi\d{3})", names)):
        return None
    rocm = "rocm" in env.get("torch", "") or any(
        env.get(k) not in (None, "", "none") for k in ("hip", "torch_hip")
    )
    if rocm or re.search(r"\b(amd|instinct|radeon|mi\d{3})", names):
        return "rocm"
    return "cuda"


def _choose_backend(verdict: dict[str, Any] | None, requested: str | None, where: str) -> str:
    if requested is not None and requested not in GPU_BACKENDS:
        raise ExportError(
            f"backend {requested!r} is not exportable for Triton kernels; choose one of {', '.join(GPU_BACKENDS)} "
            "(a torch-cpu variant importing triton fails on CPU torch)"
        )
    measured = validated_backend(verdict) if verdict is not None else None
    if verdict is not None and measured is None:
        raise ExportError(
            f"{where}: the verdict does not show a GPU backend (device {verdict.get('device')!r}); only kernels "
            "validated on a GPU are published"
        )
    if requested is not None and measured is not None and requested != measured:
        raise ExportError(
            f"{where}: validated on {measured}, not {requested}; only validated variants are emitted"
        )
    return measured or requested or "cuda"


def _read_verdict(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ExportError(f"cannot read verdict {path}: {exc}") from exc
    if not isinstance(data, dict) or "verdict" not in data:
        raise ExportError(f"{path} is not a verdict (no 'verdict' field)")
    return data


def _file_name(verdict: dict[str, Any] | None, problem: Path | None, solution: Path) -> str:
    """A human name for a single file: the verdict's, else a non-generic file stem."""
    for key in ("problem_name", "name"):
        if (verdict or {}).get(key):
            return str(verdict[key])  # type: ignore[index]
    generic = {"problem", "reference", "ref", "solution", "best", "kernel", "model"}
    for path in (problem, solution):
        if path is not None and path.stem.lower() not in generic:
            return path.stem
    return "kernel"


def _problem_name(verdict: dict[str, Any], slug: str) -> str:
    """A human name: the verdict's problem_name/name if present, else the slug without its level/id prefix."""
    for key in ("problem_name", "name"):
        if verdict.get(key):
            return str(verdict[key])
    # run folders are named L<level>_<id>_<KernelBench file stem>, and the stem starts with the id again
    match = re.match(r"^(?:L\d+[_-])?(?:\d+[_-])*([A-Za-z].*)$", slug)
    return match.group(1) if match else slug
