"""Write a Hub kernel repository folder: ``build/torch-<backend>/`` variants plus the card and provenance.

Follows the ``kernels`` 0.17 contract: per variant ``__init__.py`` (relative imports only), ``_ops.py``
with a namespace unique to the build (``metadata.id``), and ``metadata.json`` with a sha256 digest of
every other file.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from . import codegen
from .codegen import FunctionSpec
from .entries import KernelEntry
from .source import ExportError

RUNTIME_TEMPLATE = Path(__file__).with_name("_shipped_runtime.py")
_NAME_RE = re.compile(r"^[a-z][-a-z0-9]*[a-z0-9]$")


@dataclass(frozen=True, kw_only=True)
class Exported:
    """One kernel ready to ship: its entry and its generated API."""

    entry: KernelEntry
    spec: FunctionSpec
    doc: str  # docstring of the generated function


@dataclass(frozen=True, kw_only=True)
class VariantBuild:
    variant: str  # e.g. "torch-cuda"
    path: Path
    metadata: dict
    functions: tuple[str, ...]


def kernel_name(repo_id: str) -> str:
    """The metadata ``name`` from a repo id: ``org/My_Kernels`` -> ``my-kernels``."""
    name = re.sub(r"[^a-z0-9-]+", "-", repo_id.split("/")[-1].lower()).strip("-")
    name = re.sub(r"-{2,}", "-", name)
    if not name or not name[0].isalpha():
        name = f"k-{name}".rstrip("-")
    if not _NAME_RE.match(name):
        raise ExportError(
            f"cannot derive a kernel name from {repo_id!r}; use at least two letters, digits or '-'"
        )
    return name


def write_variant(
    out_dir: Path,
    *,
    backend: str,
    items: list[Exported],
    name: str,
    version: int,
    license: str,
    title: str,
) -> VariantBuild:
    """Write ``out_dir/build/torch-<backend>/`` for ``items`` and return its metadata."""
    variant = f"torch-{backend}"
    path = out_dir / "build" / variant
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    specs = [item.spec for item in items]
    for item in items:
        (path / f"{item.spec.module_name}.py").write_text(item.entry.solution_source)
    (path / "_runtime.py").write_text(RUNTIME_TEMPLATE.read_text())
    (path / "_functions.py").write_text(
        codegen.functions_source(specs, {i.spec.function_name: i.doc for i in items})
    )
    (path / "layers.py").write_text(codegen.layers_source(specs))
    (path / "__init__.py").write_text(codegen.init_source(specs, title=title))
    # The build id names the module and the op namespace; it hashes the sources so each build is unique.
    content_hash = _tree_hash(path)[:7]
    build_id = f"_{name.replace('-', '_')}_{backend}_{content_hash}"
    (path / "_ops.py").write_text(codegen.ops_source(build_id))
    depends = sorted({d for item in items for d in _python_depends(item)})
    metadata = {
        "name": name,
        "id": build_id,
        "version": version,
        "license": license,
        "python-depends": depends,
        "backend": {"type": backend},
        "digest": {"algorithm": "sha256", "files": file_digests(path)},
    }
    (path / "metadata.json").write_text(json.dumps(metadata, indent=2) + "\n")
    return VariantBuild(
        variant=variant, path=path, metadata=metadata, functions=tuple(s.function_name for s in specs)
    )


def write_provenance(out_dir: Path, items: list[Exported]) -> None:
    """``provenance/<function>/`` with the reference problem and the verdict (uploaded to ``main``)."""
    root = out_dir / "provenance"
    if root.exists():
        shutil.rmtree(root)
    for item in items:
        folder = root / item.spec.function_name
        folder.mkdir(parents=True, exist_ok=True)
        if item.entry.problem_source is not None:
            (folder / "problem.py").write_text(item.entry.problem_source)
        if item.entry.verdict is not None:
            (folder / "verdict.json").write_text(json.dumps(item.entry.verdict, indent=2) + "\n")


def file_digests(variant_path: Path) -> dict[str, str]:
    """base64(sha256) of every file but metadata.json, its signature and bytecode, keyed by relative path."""
    out = {}
    for file in sorted(variant_path.rglob("*")):
        rel = file.relative_to(variant_path).as_posix()
        if not file.is_file() or _excluded(rel):
            continue
        out[rel] = base64.b64encode(hashlib.sha256(file.read_bytes()).digest()).decode()
    return out


def _excluded(rel: str) -> bool:
    return (
        rel in ("metadata.json", "metadata.json.sigstore")
        or "__pycache__" in rel.split("/")
        or rel.endswith(".pyc")
    )


def _tree_hash(path: Path) -> str:
    h = hashlib.sha256()
    for rel, digest in file_digests(path).items():
        h.update(f"{rel}\0{digest}\n".encode())
    return h.hexdigest()


def _python_depends(item: Exported) -> tuple[str, ...]:
    from .source import read_solution

    return read_solution(item.entry.solution_source).python_depends
