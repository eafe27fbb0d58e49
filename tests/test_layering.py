"""Layering: the engine (`autokernel`) never imports the adapters (`kb`, `export`); no import cycles among the
three packages, local imports inside functions included (a local import hides a cycle from Python, not from
the design); argparse only in the CLI (`kb/cli`).

Modules are read with `ast`, never imported. ``from P import name`` depends on the submodule ``P.name`` when
there is one, else on ``P`` itself; a package's ``__init__``, run implicitly before its submodules, is not an
edge (every submodule would otherwise close a cycle with a package that re-exports it).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("autokernel", "kb", "export")
ADAPTERS = ("kb", "export")
ARGPARSE_ALLOWED = ("kb/cli/", "benchmarks/", "tests/")


def module_files(root: Path = REPO, packages=PACKAGES) -> dict[str, Path]:
    """Dotted module name -> file, for every module of ``packages`` under ``root``."""
    out = {}
    for package in packages:
        for f in sorted((root / package).rglob("*.py")):
            parts = list(f.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def _statements(module: str, source: str, *, is_package: bool):
    """Each import statement of ``source``, anywhere (module level, functions, branches), as (names, base):
    ``import a.b`` gives (["a.b"], None); ``from P import x, y`` gives (["P.x", "P.y"], "P")."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield [a.name for a in node.names], None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            yield [f"{base}.{a.name}" for a in node.names], base


def imported_names(module: str, source: str, *, is_package: bool) -> list[str]:
    """Every dotted name an import statement of ``source`` names (``from P import a``: ``P.a``)."""
    return [n for names, _ in _statements(module, source, is_package=is_package) for n in names]


def _owner(name: str, modules) -> str | None:
    """The innermost known module that ``name`` is or lies in (None: outside the packages)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of ``modules`` it imports. ``from P import a`` depends on the submodule ``P.a``
    when there is one, else on ``P``."""
    graph = {}
    for module, path in modules.items():
        deps = set()
        for names, base in _statements(module, path.read_text(encoding="utf-8"), is_package=path.name == "__init__.py"):
            targets = [_owner(n, modules) for n in names] if base is None else \
                [n if n in modules else _owner(base, modules) for n in names]  # fmt: skip
            deps.update(t for t in targets if t is not None and t != module)
        graph[module] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module, or with a module importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:  # Tarjan; the graph is a few hundred modules, recursion depth is fine
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_engine_never_imports_the_adapters():
    offenders = []
    for module, path in module_files(packages=("autokernel",)).items():
        names = imported_names(module, path.read_text(encoding="utf-8"), is_package=path.name == "__init__.py")
        offenders += [f"{module} imports {n}" for n in names if n.split(".")[0] in ADAPTERS]
    assert not offenders, "\n".join(offenders)


def test_no_import_cycles():
    found = cycles(import_graph(module_files()))
    assert not found, "import cycles (local imports included):\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_checks_see_local_imports_and_cycles(tmp_path):
    """The two checks above on a made-up tree: a cycle closed only by an import inside a function, and an
    engine module reaching the adapter from inside a function."""
    for name, text in {
        "autokernel/__init__.py": "",
        "autokernel/a.py": "from autokernel.b import f\n",
        "autokernel/b.py": "def f():\n    from autokernel import a\n    from kb.bridge import load_level\n",
        "autokernel/c.py": "from . import b\nfrom .b import f\n",
        "kb/__init__.py": "",
        "kb/bridge.py": "import autokernel\n",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    modules = module_files(tmp_path, ("autokernel", "kb"))
    graph = import_graph(modules)
    assert graph["autokernel.c"] == {"autokernel.b"} and graph["kb.bridge"] == {"autokernel"}
    assert cycles(graph) == [["autokernel.a", "autokernel.b"]]
    b = modules["autokernel.b"]
    assert "kb.bridge.load_level" in imported_names("autokernel.b", b.read_text(), is_package=False)


_ARGPARSE = re.compile(r"^\s*(import argparse\b|from argparse import)", re.MULTILINE)


def _python_files(root: Path):
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if any(part.startswith(".") or part in ("build", "dist") for part in rel.parts[:-1]):
            continue  # virtual environments (.venv, .venv-ci), caches, build output
        yield rel.as_posix(), path


def test_argparse_only_in_the_cli():
    offenders = [rel for rel, path in _python_files(REPO)
                 if not rel.startswith(ARGPARSE_ALLOWED) and _ARGPARSE.search(path.read_text(errors="replace"))]  # fmt: skip
    assert not offenders, f"argparse outside kb/cli/ (flags belong to the CLI): {offenders}"
