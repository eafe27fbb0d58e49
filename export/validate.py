"""Checks a written variant against the ``kernels`` contract before anything is uploaded.

Uses the library's own parser and digest code (``kernels.Metadata``, ``Digest``), so a folder that
passes here is one ``kernels`` accepts.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from .source import ExportError


@dataclass(frozen=True, kw_only=True)
class VariantCheck:
    variant: str
    passed: bool
    reason: str = ""


def check_variant(variant_path: Path, *, import_check: bool = True) -> list[VariantCheck]:
    """Metadata, digest, import style and (optionally) a real import through ``kernels.get_local_kernel``."""
    from kernels._rust import Digest, Metadata

    name = variant_path.name
    checks: list[VariantCheck] = []
    try:
        metadata = Metadata.read_from_file(str(variant_path / "metadata.json"))
    except ValueError as exc:
        return [VariantCheck(variant=name, passed=False, reason=f"metadata.json rejected by kernels: {exc}")]
    checks.append(VariantCheck(variant=name, passed=True, reason=f"metadata ok (id {metadata.id})"))
    if "triton" in metadata.python_depends:
        checks.append(VariantCheck(variant=name, passed=False, reason="python-depends lists triton"))
    if metadata.digest is None:
        checks.append(VariantCheck(variant=name, passed=False, reason="metadata has no digest"))
    else:
        try:
            metadata.digest.validate(Digest.hash_variant(metadata.digest.algorithm, str(variant_path)))
            checks.append(VariantCheck(variant=name, passed=True, reason="digest matches the files"))
        except Exception as exc:  # DigestValidationError lists each violation
            checks.append(VariantCheck(variant=name, passed=False, reason=f"digest mismatch: {exc}"))
    bad = _absolute_self_imports(variant_path)
    checks.append(
        VariantCheck(
            variant=name,
            passed=not bad,
            reason="imports between kernel files are relative"
            if not bad
            else f"absolute self-imports: {bad}",
        )
    )
    if import_check:
        checks.append(_import_check(variant_path))
    return checks


def raise_on_failure(checks: list[VariantCheck]) -> None:
    failed = [c for c in checks if not c.passed]
    if failed:
        raise ExportError("; ".join(f"{c.variant}: {c.reason}" for c in failed))


def _absolute_self_imports(variant_path: Path) -> list[str]:
    local = {p.stem for p in variant_path.glob("*.py")}
    found = []
    for file in variant_path.glob("*.py"):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            found += [f"{file.name}:{node.lineno} {r}" for r in roots if r in local]
    return found


def _import_check(variant_path: Path) -> VariantCheck:
    name = variant_path.name
    try:
        import kernels

        module = kernels.get_local_kernel(variant_path)
    except Exception as exc:
        return VariantCheck(
            variant=name, passed=False, reason=f"get_local_kernel failed: {type(exc).__name__}: {exc}"
        )
    missing = [n for n in getattr(module, "__all__", []) if not hasattr(module, n)]
    if missing or not hasattr(module, "layers"):
        return VariantCheck(
            variant=name, passed=False, reason=f"__all__ names missing after import: {missing}"
        )
    return VariantCheck(variant=name, passed=True, reason="imports through kernels.get_local_kernel")
