"""`Problem`: one reference model in KernelBench format, whatever its source.

A problem is the source text of a module defining ``Model``, ``get_inputs`` and
``get_init_inputs``. Factories build it from a file or from a dataset row (see
``kb.bridge``); ``scaled`` shrinks its module-level size constants for CPU smoke runs.
"""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

REQUIRED_NAMES = ("Model", "get_inputs", "get_init_inputs")

# Module-level integer constants whose names say they are sizes; ``scaled`` divides these.
_SIZE_NAME = re.compile(
    r"(batch|size|dim|len|length|channels|features|height|width|depth|rows|cols|^[MNKLBHWDSTC]$|"
    r"^n_|^num_|hidden|seq|vocab|embed|_h$|_w$|_d$)",
    re.IGNORECASE,
)
# Names that look like sizes but are structural (kernel sizes, strides, groups ...).
_STRUCTURAL = re.compile(r"(kernel|stride|pad|dilation|group|head|layers|output_padding|axis|reduce)",
                         re.IGNORECASE)


class ProblemError(ValueError):
    """A problem source that cannot be used; the message says what to fix."""


@dataclass(frozen=True, kw_only=True)
class Problem:
    """A reference model to beat.

    Attributes:
        name: human name, e.g. ``19_ReLU``.
        source: the problem file's text (defines Model, get_inputs, get_init_inputs).
        level: KernelBench level, or None for a user file.
        problem_id: KernelBench id within the level, or None.
        origin: where it came from (``kernelbench:<dataset>@<config>``, a file path, ``suite``).
        scale: 1 for the original sizes; ``k`` when size constants were divided by ``k``.
    """

    name: str
    source: str
    level: int | None = None
    problem_id: int | None = None
    origin: str = ""
    scale: int = 1
    notes: tuple[str, ...] = field(default=())

    @property
    def key(self) -> str:
        """Short stable reference: ``L1/19`` for KernelBench, else the name."""
        if self.level is not None and self.problem_id is not None:
            return f"L{self.level}/{self.problem_id}"
        return self.name

    @property
    def digest(self) -> str:
        """Content hash of the source (sha256, 16 hex), so results are tied to the exact problem text."""
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]

    @classmethod
    def from_source(cls, source: str, *, name: str, **kw) -> Problem:
        validate_problem_source(source, name)
        return cls(name=name, source=source, **kw)

    @classmethod
    def from_file(cls, path: str | Path) -> Problem:
        path = Path(path)
        if not path.is_file():
            raise ProblemError(f"problem file {path} does not exist")
        return cls.from_source(path.read_text(), name=path.stem, origin=str(path))

    def size_constants(self) -> dict[str, int]:
        """Module-level integer constants that look like tensor sizes."""
        return dict(_size_assignments(self.source))

    def scaled(self, factor: int, *, min_size: int = 2) -> Problem:
        """A copy whose size constants are divided by ``factor`` (at least ``min_size`` each).

        Only module-level ``NAME = <int>`` assignments with size-like names change; kernel
        sizes, strides and the like are kept, so the operation stays the same.
        """
        if factor <= 1:
            return self
        tree = ast.parse(self.source)
        lines = self.source.splitlines(keepends=True)
        changed = []
        for node in tree.body:
            target = _int_assignment(node)
            if target is None:
                continue
            name, value = target
            if not _is_size_name(name) or value < min_size or node.value.lineno != node.value.end_lineno:
                continue
            new = max(min_size, value // factor)
            i = node.value.lineno - 1
            line = lines[i]
            lines[i] = line[: node.value.col_offset] + str(new) + line[node.value.end_col_offset :]
            changed.append(f"{name} {value}->{new}")
        if not changed:
            return self
        note = f"scaled down by {factor}: " + ", ".join(changed)
        return replace(self, source="".join(lines), scale=self.scale * factor, notes=(*self.notes, note))


def validate_problem_source(source: str, name: str = "problem") -> None:
    """Raise ProblemError unless ``source`` parses and defines the three KernelBench names."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ProblemError(f"{name}: not valid Python ({exc.msg}, line {exc.lineno})") from exc
    defined = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    defined |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    missing = [n for n in REQUIRED_NAMES if n not in defined]
    if missing:
        raise ProblemError(
            f"{name}: a KernelBench problem must define {', '.join(REQUIRED_NAMES)}; missing {', '.join(missing)}"
        )


def _is_size_name(name: str) -> bool:
    return bool(_SIZE_NAME.search(name)) and not _STRUCTURAL.search(name)


def _const_int(node: ast.expr) -> int | None:
    """The value of an integer constant expression such as ``2048 * 2`` (None otherwise)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Pow)):
        a, b = _const_int(node.left), _const_int(node.right)
        if a is None or b is None or (isinstance(node.op, ast.Pow) and b > 64):
            return None
        ops = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}
        if isinstance(node.op, ast.FloorDiv):
            return a // b if b else None
        if isinstance(node.op, ast.Pow):
            return a**b
        return ops[type(node.op)]
    return None


def _int_assignment(node: ast.stmt) -> tuple[str, int] | None:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        value = _const_int(node.value)
        if value is not None:
            return node.targets[0].id, value
    return None


def _size_assignments(source: str):
    for node in ast.parse(source).body:
        target = _int_assignment(node)
        if target and _is_size_name(target[0]):
            yield target
