"""Publish validated Triton kernels as a Hugging Face Hub kernel repository (``kernels.get_kernel``).

Input: one solution file (``ModelNew`` built from ``@triton.jit`` kernels, optionally with its problem
and verdict) or a run directory (``<run>/problems/<slug>/{best.py,best.json,problem.py}``). Output: a
repository folder (``build/torch-<backend>/``, ``README.md``, ``provenance/``), validated with the
``kernels`` library, and optionally uploaded.

Example:
    >>> from pathlib import Path
    >>> from export.export_hf import ExportConfig, export_kernels
    >>> result = export_kernels(ExportConfig(repo_id="me/my-kernels", out_dir=Path("out"),
    ...                                      run_dir=Path("runs/r1")))  # doctest: +SKIP
    >>> result.summary()  # doctest: +SKIP
"""

from __future__ import annotations

import datetime
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from autokernel.evaluate.protocol import protocol_of

from .entries import KernelEntry, Skipped, entries_from_run, entry_from_files
from .source import ExportError

__all__ = ["ExportConfig", "ExportResult", "export_kernels"]


@dataclass(frozen=True, kw_only=True)
class ExportConfig:
    """What to export and where. Exactly one of ``run_dir`` and ``solution`` is set."""

    repo_id: str  # "org/name" on the Hub
    out_dir: Path
    run_dir: Path | None = None
    solution: Path | None = None
    problem: Path | None = None
    verdict: Path | None = None
    name: str | None = None  # function name source for a single file (default: from the file names)
    backend: str | None = None  # None: the backend each verdict was measured on
    version: int = 1  # branch v<version>; bump on any API change
    license: str = "mit"
    dataset: str = ""
    commit: str = (
        ""  # autokernel-kb commit of the run; default: recorded in a verdict, else this checkout's HEAD
    )
    import_check: bool = True  # import each variant through kernels.get_local_kernel before upload
    upload: bool = False
    dry_run: bool = False  # print the upload plan, never push
    create_pr: bool = False
    private: bool = False
    endpoint: str | None = None  # Hub endpoint; default HF_ENDPOINT or huggingface.co
    protocol: str | None = None  # only kernels judged under this protocol (None: any; the card states each)


@dataclass(kw_only=True)
class ExportResult:
    out_dir: Path
    repo_id: str
    version: int
    exported: list[tuple[str, str, str]] = field(default_factory=list)  # (function, problem key, variant)
    skipped: list[Skipped] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    plan: str = ""
    uploaded: str = ""  # URLs, when uploaded

    def summary(self) -> str:
        lines = [f"export: {self.repo_id} v{self.version} -> {self.out_dir}"]
        lines += [f"  exported {fn} ({key}) in build/{variant}" for fn, key, variant in self.exported]
        lines += [f"  skipped {s.name}: {s.reason}" for s in self.skipped]
        if self.plan:
            lines += ["upload plan:", self.plan]
        if self.uploaded:
            lines.append(f"uploaded: {self.uploaded}")
        return "\n".join(lines)


def export_kernels(config: ExportConfig) -> ExportResult:
    """Write (and optionally upload) the kernel repository; kernels that cannot ship are skipped with reasons."""
    from .card import Provenance, render_card
    from .layout import kernel_name, write_provenance, write_variant
    from .upload import plan_upload, upload
    from .validate import check_variant, raise_on_failure

    if config.version < 1:
        raise ExportError(f"version must be a positive integer (branch v<N>), got {config.version}")
    if "/" not in config.repo_id:
        raise ExportError(f"repo id must be 'org/name', got {config.repo_id!r}")
    name = kernel_name(config.repo_id)
    entries, skipped = _collect(config)
    items, more_skipped = _prepare(entries)
    skipped += more_skipped
    if not items:
        reasons = "; ".join(f"{s.name}: {s.reason}" for s in skipped) or "no kernels found"
        raise ExportError(f"nothing to export ({reasons})")
    config.out_dir.mkdir(parents=True, exist_ok=True)
    result = ExportResult(
        out_dir=config.out_dir, repo_id=config.repo_id, version=config.version, skipped=skipped
    )
    title = f"{config.repo_id}: Triton kernels exported by autokernel-kb (see README.md)."
    for backend in sorted({i.entry.backend for i in items}):
        group = [i for i in items if i.entry.backend == backend]
        build = write_variant(
            config.out_dir,
            backend=backend,
            items=group,
            name=name,
            version=config.version,
            license=config.license,
            title=title,
        )
        raise_on_failure(check_variant(build.path, import_check=config.import_check))
        result.variants.append(build.variant)
        result.exported += [(i.spec.function_name, i.entry.problem_key, build.variant) for i in group]
    write_provenance(config.out_dir, items)
    provenance = Provenance(
        run=str(config.run_dir or config.solution or ""),
        dataset=config.dataset or _dataset(entries),
        commit=config.commit or _recorded_commit(entries) or _git_commit(Path(__file__).parent),
        exported_at=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        protocols=tuple(sorted({protocol_of(i.entry.verdict) for i in items if i.entry.verdict is not None})),
    )
    card = render_card(
        repo_id=config.repo_id,
        version=config.version,
        license=config.license,
        items=items,
        variants=result.variants,
        provenance=provenance,
        skipped=[(s.name, s.reason) for s in skipped],
    )
    (config.out_dir / "README.md").write_text(card)
    plan = plan_upload(
        config.out_dir, repo_id=config.repo_id, version=config.version, create_pr=config.create_pr
    )
    if config.dry_run or config.upload:
        result.plan = plan.describe()
    if config.upload and not config.dry_run:
        done = upload(
            config.out_dir,
            repo_id=config.repo_id,
            version=config.version,
            create_pr=config.create_pr,
            private=config.private,
            endpoint=config.endpoint,
        )
        result.uploaded = " ".join([done.repo_url, done.build_commit, done.card_commit, *done.pr_urls])
    return result


def _collect(config: ExportConfig) -> tuple[list[KernelEntry], list[Skipped]]:
    if (config.run_dir is None) == (config.solution is None):
        raise ExportError("give either a run directory or a single solution file (--solution), not both")
    if config.run_dir is not None:
        return entries_from_run(config.run_dir, backend=config.backend, protocol=config.protocol)
    assert config.solution is not None
    entry = entry_from_files(
        config.solution,
        problem=config.problem,
        verdict=config.verdict,
        backend=config.backend,
        name=config.name,
        protocol=config.protocol,
    )
    return [entry], []


def _prepare(entries: list[KernelEntry]):
    """Read each solution, run its introspection and build its API; skip the ones that cannot ship."""
    from .card import function_doc
    from .codegen import build_spec, function_name, layer_name
    from .introspect import gather_facts
    from .layout import Exported
    from .source import forward_params_of, read_solution

    items: list[Exported] = []
    skipped: list[Skipped] = []
    used: set[str] = set()
    for index, entry in enumerate(entries):
        label = f"{entry.problem_key} ({entry.origin})"
        try:
            info = read_solution(entry.solution_source, name=label)
            fn = function_name(entry.problem_name)
            if fn in used:
                fn = f"{fn}_{function_name(entry.problem_key)}"
            if fn in used:
                fn = f"{fn}_{index}"
            facts = gather_facts(
                solution_source=entry.solution_source,
                problem_source=entry.problem_source,
                init_params=info.init_params,
                tag=str(index),
            )
            reference = forward_params_of(entry.problem_source, "Model") if entry.problem_source else None
            spec = build_spec(
                fn_name=fn,
                cls_name=layer_name(entry.problem_name),
                info=info,
                facts=facts,
                reference_forward=reference,
            )
        except ExportError as exc:
            skipped.append(Skipped(name=label, reason=str(exc)))
            continue
        except Exception as exc:  # the solution or problem failed to import or construct
            skipped.append(
                Skipped(name=label, reason=f"could not load the sources: {type(exc).__name__}: {exc}")
            )
            continue
        used.add(fn)
        item = Exported(entry=entry, spec=spec, doc="")
        items.append(Exported(entry=entry, spec=spec, doc=function_doc(item)))
    _dedupe_layers(items)
    return items, skipped


def _dedupe_layers(items) -> None:
    names = [i.spec.layer_name for i in items if i.spec.layer_name]
    dupes = {n for n in names if names.count(n) > 1}
    for index, item in enumerate(items):
        if item.spec.layer_name in dupes:
            from dataclasses import replace

            items[index] = replace(item, spec=replace(item.spec, layer_name=f"{item.spec.layer_name}{index}"))


def _dataset(entries: list[KernelEntry]) -> str:
    for entry in entries:
        for key in ("dataset", "origin"):
            value = (entry.verdict or {}).get(key)
            if value:
                return str(value)
    return ""


def _recorded_commit(entries: list[KernelEntry]) -> str:
    """The autokernel-kb commit a verdict recorded in its environment, if any."""
    for entry in entries:
        env = (entry.verdict or {}).get("environment") or {}
        for key in ("autokernel_commit", "git_commit", "commit"):
            if env.get(key):
                return str(env[key])
    return ""


def _git_commit(where: Path) -> str:
    """HEAD of the git checkout holding ``where`` (the exporter's own code), or ""."""
    try:
        out = subprocess.run(
            ["git", "-C", str(where), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip()
