"""Static reading of a KernelBench solution: is it shippable as a Hub kernel, and what is its API?

Everything here works on source text (``ast``), so it is cheap and never runs candidate code.
A Hub kernel module is imported by ``kernels`` under a generated package name, so the solution
may only import the standard library, torch, triton and the dependencies the Hub allows.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from dataclasses import dataclass

# Top-level modules a shipped solution may import. triton comes with CUDA/ROCm/XPU torch wheels and must
# never be listed in python-depends; einops is on the Hub's allow-list (kernels/python_depends.json).
_ALWAYS_AVAILABLE = frozenset({"torch", "triton"})
_HUB_PYTHON_DEPENDS = frozenset({"einops"})


class ExportError(ValueError):
    """A kernel that cannot be exported; the message says why and what to change."""


@dataclass(frozen=True, kw_only=True)
class Param:
    """One parameter of a signature, as source text (annotation and default kept verbatim)."""

    name: str
    kind: str  # "positional" (positional-or-keyword) or "keyword" (keyword-only)
    annotation: str | None = None
    default: str | None = None  # source text of the default, None if required


@dataclass(frozen=True, kw_only=True)
class SolutionInfo:
    """What the exporter needs from a solution's source."""

    init_params: tuple[Param, ...]
    forward_params: tuple[Param, ...]
    forward_returns: str | None
    python_depends: tuple[str, ...]


def read_solution(source: str, *, name: str = "solution") -> SolutionInfo:
    """Check a Triton ``ModelNew`` solution can ship as a Hub module and read its signatures."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ExportError(f"{name}: not valid Python ({exc.msg}, line {exc.lineno})") from exc
    if "load_inline" in source or "cpp_extension" in source:
        raise ExportError(
            f"{name}: uses CUDA C++ (torch.utils.cpp_extension); only Triton kernels are exported, "
            "compiled kernels need a kernel-builder build"
        )
    if not _has_triton_jit(tree):
        raise ExportError(f"{name}: defines no @triton.jit kernel; nothing to publish")
    depends = _check_imports(tree, name)
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelNew"), None)
    if cls is None:
        raise ExportError(f"{name}: no top-level `class ModelNew`")
    methods = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
    if "forward" not in methods:
        raise ExportError(f"{name}: ModelNew has no forward method")
    init = methods.get("__init__")
    init_params = _params(init, f"{name}: ModelNew.__init__") if init else ()
    forward = methods["forward"]
    return SolutionInfo(
        init_params=init_params,
        forward_params=_params(forward, f"{name}: ModelNew.forward"),
        forward_returns=ast.unparse(forward.returns) if forward.returns else None,
        python_depends=depends,
    )


def forward_params_of(source: str, class_name: str) -> tuple[Param, ...]:
    """Forward parameters of ``class_name`` in ``source`` (used for the reference ``Model``)."""
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "forward":
                    return _params(item, f"{class_name}.forward")
    raise ExportError(f"no {class_name}.forward in the problem source")


def class_docstring(source: str, class_name: str) -> str:
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return ast.get_docstring(node) or ""
    return ""


def method_source(source: str, class_name: str, method: str) -> str:
    """Source text of ``class_name.method`` (for the card), or empty."""
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == method:
                    start = item.decorator_list[0].lineno if item.decorator_list else item.lineno
                    lines = source.splitlines()[start - 1 : item.end_lineno]
                    return textwrap.dedent("\n".join(lines))
    return ""


def _has_triton_jit(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for dec in node.decorator_list:
                text = ast.unparse(dec)
                if text.startswith(("triton.jit", "jit", "triton.autotune", "triton.heuristics")):
                    return True
    return False


def _check_imports(tree: ast.Module, name: str) -> tuple[str, ...]:
    depends = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                raise ExportError(
                    f"{name}: relative import on line {node.lineno}; a solution must be one file"
                )
            roots = [(node.module or "").split(".")[0]]
        else:
            continue
        for root in roots:
            if root in _HUB_PYTHON_DEPENDS:
                depends.add(root)
            elif root not in _ALWAYS_AVAILABLE and root not in sys.stdlib_module_names:
                raise ExportError(
                    f"{name}: imports {root!r} (line {node.lineno}); a Hub kernel may import only the standard "
                    f"library, torch, triton and {', '.join(sorted(_HUB_PYTHON_DEPENDS))}"
                )
    return tuple(sorted(depends))


def _params(fn: ast.FunctionDef, where: str) -> tuple[Param, ...]:
    args = fn.args
    if args.vararg or args.kwarg or args.posonlyargs:
        raise ExportError(f"{where}: *args, **kwargs and positional-only parameters cannot be exported")
    positional = args.args[1:]  # drop self
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    out = [_param(a, d, "positional") for a, d in zip(positional, defaults)]
    out += [_param(a, d, "keyword") for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return tuple(out)


def _param(arg: ast.arg, default: ast.expr | None, kind: str) -> Param:
    return Param(
        name=arg.arg,
        kind=kind,
        annotation=ast.unparse(arg.annotation) if arg.annotation else None,
        default=ast.unparse(default) if default is not None else None,
    )
