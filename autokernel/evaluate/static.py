"""The static gate: cheap checks on the solution text before any process starts.

It decides the backend (a solution with no Triton or CUDA kernel of its own is rejected), finds
the kernel names the run-time check will look for, and rejects code that reaches for the
harness (frames, the garbage collector, timers, threads, other processes, the environment).
A determined attacker can hide such calls; the run-time checks are the backstop, this gate
keeps the common cases cheap and explicit.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from autokernel.records import Check

# (pattern, reason) pairs; any match rejects the solution.
_FORBIDDEN: list[tuple[str, str]] = [
    (r"\bimport\s+(threading|_thread|concurrent|multiprocessing|subprocess|socket|asyncio|signal)\b|"
     r"\bfrom\s+(threading|_thread|concurrent|multiprocessing|subprocess|socket|asyncio|signal)\b",
     "starts threads, processes or sockets (work outside the timed call, or escape attempts)"),
    (r"\bgc\s*\.\s*(get_objects|get_referrers|get_referents)\b", "walks the garbage collector's objects"),
    (r"\bsys\s*\.\s*(_getframe|modules|settrace|setprofile)\b|\binspect\s*\.\s*(currentframe|stack|getouterframes)\b"
     r"|\.f_back\b|\.f_globals\b",
     "inspects interpreter frames or loaded modules (the harness's state)"),
    (r"\bos\s*\.\s*(environ|getenv|_exit|system|fork|kill|exec\w*|spawn\w*|popen)\b",
     "reads the environment or controls processes"),
    (r"(?:^|[\n;])\s*(time|torch|builtins|triton|np|numpy)(\.\w+)+\s*=(?!=)",
     "assigns to attributes of torch, triton, time or builtins (monkeypatching timers or the harness)"),
    (r"\bsetattr\s*\(\s*(time|torch|builtins)\b", "monkeypatches torch, time or builtins"),
    (r"\bimport\s+ctypes\b|\bfrom\s+ctypes\b", "loads native code through ctypes"),
    (r"\bautokernel\b", "refers to the evaluation harness"),
]
CUDA_GRAPHS = "uses CUDA graphs"  # the warning that makes the judge's ablation run on a fresh model (judge.py)
# Allowed but reported: they are legitimate in some kernels and caught at run time when abused.
_WARNINGS: list[tuple[str, str]] = [
    (r"\btorch\.cuda\.(Stream|stream|ExternalStream)\b", "uses CUDA streams (work outside the current stream is timed by a device-wide sync)"),
    (r"\btry\s*:", "has try/except (a fallback to PyTorch is rejected at run time if no own kernel runs)"),
    (r"\bCUDAGraph\b|\bcuda\.graph\b", CUDA_GRAPHS),
    (r"\b(half|float16|bfloat16)\b", "mentions a lower precision type (outputs are checked at the problem's tolerance)"),
]


@dataclass(frozen=True)
class StaticReport:
    check: Check
    backend: str  # "triton", "cuda" or ""
    kernel_names: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default=())
    syntax_error: str | None = None
    has_model_new: bool = True
    inductor_runtime: bool = False  # imports torch._inductor (runtime helpers of inductor-generated code)


def _triton_kernels(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in node.decorator_list:
                text = ast.unparse(dec)
                if re.search(r"\b(triton\.)?(jit|autotune|heuristics)\b", text):
                    names.append(node.name)
                    break
    return names


def _cuda_kernels(source: str) -> list[str]:
    return re.findall(r"__global__\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?(?:static\s+)?void\s+(\w+)", source)


def inspect_source(source: str) -> StaticReport:
    """Classify a solution and apply the static rules."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        msg = f"the solution is not valid Python: {exc.msg} (line {exc.lineno})"
        return StaticReport(Check(name="static", passed=False, reason=msg), backend="", syntax_error=msg)
    has_model_new = any(
        (isinstance(n, ast.ClassDef) and n.name == "ModelNew")
        or (isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "ModelNew" for t in n.targets))
        or (isinstance(n, ast.ImportFrom) and any((a.asname or a.name) == "ModelNew" for a in n.names))
        for n in ast.walk(tree)
    )
    triton_names = _triton_kernels(tree) if re.search(r"\btriton\b", source) else []
    cuda_names = _cuda_kernels(source) if re.search(r"load_inline|cpp_extension", source) else []
    backend = "triton" if triton_names else ("cuda" if cuda_names else "")
    warnings = tuple(reason for pat, reason in _WARNINGS if re.search(pat, source))
    # Strip comments and strings before pattern checks, so a docstring mentioning 'gc' is no offence.
    code = _code_only(source)
    for pat, reason in _FORBIDDEN:
        m = re.search(pat, code)
        if m:
            return StaticReport(
                Check(name="static", passed=False, reason=f"rejected: the solution {reason} (`{m.group(0).strip()}`)"),
                backend=backend, warnings=warnings, has_model_new=has_model_new,
            )
    if re.search(r"\b(Stream|stream|ExternalStream)\s*\(", code) and not re.search(
            r"wait_stream|wait_event|\.synchronize\s*\(|record_stream", code):
        return StaticReport(
            Check(name="static", passed=False,
                  reason="rejected: the solution launches work on another CUDA stream and never joins it "
                         "(wait_stream / wait_event / synchronize) before returning"),
            backend=backend, warnings=warnings, has_model_new=has_model_new,
        )
    if not has_model_new:
        return StaticReport(Check(name="static", passed=False, reason="the solution defines no ModelNew class"),
                            backend=backend, has_model_new=False)
    if not backend:
        return StaticReport(
            Check(name="static", passed=False,
                  reason="rejected: no kernel of its own (no @triton.jit function, and no __global__ CUDA kernel built "
                         "with load_inline); a pure-PyTorch ModelNew is not a kernel"),
            backend="", warnings=warnings,
        )
    names = tuple(triton_names + cuda_names)
    return StaticReport(
        Check(name="static", passed=True, reason=f"{backend} kernels: {', '.join(names)}",
              figures={"warnings": list(warnings)}),
        backend=backend, kernel_names=names, warnings=warnings,
        inductor_runtime=re.search(r"\btorch\._inductor\b|\bfrom torch import\b[^\n]*\b_inductor\b", code) is not None,
    )


def _code_only(source: str) -> str:
    """The source with comments and string literals blanked (CUDA sources inside strings are kept)."""
    import io
    import tokenize

    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                continue
            if tok.type == tokenize.STRING and "__global__" not in tok.string:
                out.append('""')
                continue
            out.append(tok.string)
    except (tokenize.TokenError, IndentationError):
        return source
    return re.sub(r"\s*\.\s*", ".", " ".join(out))
