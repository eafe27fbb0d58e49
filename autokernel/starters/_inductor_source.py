"""A capture of inductor's output (`_inductor_capture`) -> a standalone ``ModelNew`` source.

Pure text work (``ast``), so it is tested on stored GPU captures on a machine with no GPU. What changes:

- each ``async_compile.triton(...)`` kernel becomes a plain ``@triton.jit`` function (inductor's heuristics
  decorator dropped); with several launch configurations on a GPU they become a ``@triton.autotune`` list, as
  inductor autotunes them at the first call;
- ``kernel.run(..., stream=...)`` becomes ``kernel[grid](..., XBLOCK=..., num_warps=..., num_stages=...)`` with
  the grid inductor's launcher computes (`GridExpr`), folded to constants where the sizes are;
- inductor's Triton helpers (``triton_helpers.maximum`` ...) are copied into the file; ``extern_kernels.mm``
  and the like become the torch functions they are; the dynamo guard helpers become plain torch calls
  (``empty_strided``, ``as_strided``), and size/stride assertions are dropped;
- on the CPU (the Triton interpreter, which has no libdevice) ``libdevice.f`` becomes ``tl.math.f`` or a short
  ``tl`` expression.

Whatever has no standalone equivalent raises `SeedError` with the reason; a helper or extern kernel that is not
a plain function is imported from ``torch._inductor`` instead, and the file then says which torch it is tied to.
"""

from __future__ import annotations

import ast
import builtins
import copy
import keyword
import re
from dataclasses import dataclass

from ._emit import split_problem


class SeedError(ValueError):
    """Inductor's output cannot be made a standalone ModelNew; the message is the one-line reason."""


@dataclass(frozen=True)
class SeedSource:
    source: str
    kernels: tuple[str, ...]
    library_calls: tuple[str, ...]
    tied_to_torch: str  # "" when the file imports nothing from torch._inductor
    autotuned: tuple[str, ...]  # kernels that carry inductor's several launch configurations


# ---------------------------------------------------------------- libdevice on the Triton interpreter
_TL_MATH = frozenset({"abs", "ceil", "cos", "erf", "exp", "exp2", "floor", "fma", "log", "log2", "rsqrt", "sin",
                      "sqrt"})
# libdevice functions the interpreter lacks, written with tl ops (CPU seeds only; a GPU file keeps libdevice)
_CPU_LIBDEVICE = {
    "tanh": "e = tl.exp(-2.0 * tl.abs(x))\n    t = (1.0 - e) / (1.0 + e)\n    return tl.where(x >= 0, t, -t)",
    "log1p": "return tl.log(1.0 + x)",
    "expm1": "return tl.exp(x) - 1.0",
    "isnan": "return x != x",
    "isinf": "return tl.abs(x) == float('inf')",
    "trunc": "return tl.where(x >= 0, tl.floor(x), tl.ceil(x))",
    "log10": "return tl.log(x) * 0.4342944819032518",
    "sinh": "return 0.5 * (tl.exp(x) - tl.exp(-x))",
    "cosh": "return 0.5 * (tl.exp(x) + tl.exp(-x))",
    "tan": "return tl.sin(x) / tl.cos(x)",
    "nearbyint": "r = tl.floor(x + 0.5)\n    return tl.where((r - x == 0.5) & (r - 2.0 * tl.floor(r * 0.5) != 0), r - 1.0, r)",
}
_CPU_LIBDEVICE_2 = {
    "copysign": "return tl.where(y < 0, -tl.abs(x), tl.abs(x))",
    "fmod": "q = x / y\n    return x - tl.where(q >= 0, tl.floor(q), tl.ceil(q)) * y",
    "pow": ("m = tl.exp(y * tl.log(tl.abs(x)))\n    whole = tl.floor(y) == y\n"
            "    odd = whole & (y - 2.0 * tl.floor(y * 0.5) != 0)\n"
            "    r = tl.where((x < 0) & odd, -m, m)\n    r = tl.where((x < 0) & (~whole), float('nan'), r)\n"
            "    return tl.where(y == 0, 1.0, r)"),
}


def _cpu_libdevice_helper(name: str) -> str:
    if name in _CPU_LIBDEVICE:
        return f"@triton.jit\ndef _ld_{name}(x):\n    {_CPU_LIBDEVICE[name]}\n"
    return f"@triton.jit\ndef _ld_{name}(x, y):\n    {_CPU_LIBDEVICE_2[name]}\n"


# ---------------------------------------------------------------- kernels and helpers
class _KernelRewrite(ast.NodeTransformer):
    """``triton_helpers.f`` -> ``_th_f`` (copied helpers), ``libdevice.f`` on CPU -> tl.math / ``_ld_f``."""

    def __init__(self, *, cpu: bool, copied: set[str], helper_names: set[str] = frozenset()):
        self.cpu = cpu
        self.copied = copied
        self.helper_names = helper_names  # inside a copied helper: bare names of other helpers
        self.used_helpers: set[str] = set()
        self.imported_helpers: set[str] = set()
        self.libdevice: set[str] = set()  # GPU: names kept; CPU: the _ld_ helpers needed
        self.errors: list[str] = []

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if isinstance(node.value, ast.Name):
            base, attr = node.value.id, node.attr
            if base == "triton_helpers":
                if attr in self.copied:
                    self.used_helpers.add(attr)
                    return ast.copy_location(ast.Name(id=f"_th_{attr}", ctx=node.ctx), node)
                self.imported_helpers.add(attr)
            elif base == "libdevice":
                if not self.cpu:
                    self.libdevice.add(attr)
                elif attr in _TL_MATH:
                    return ast.copy_location(ast.Attribute(value=ast.Name(id="tl_math", ctx=ast.Load()),
                                                           attr=attr, ctx=node.ctx), node)
                elif attr in _CPU_LIBDEVICE or attr in _CPU_LIBDEVICE_2:
                    self.libdevice.add(attr)
                    return ast.copy_location(ast.Name(id=f"_ld_{attr}", ctx=node.ctx), node)
                else:
                    self.errors.append(f"libdevice.{attr} has no Triton-interpreter equivalent")
        return node

    def visit_Name(self, node):
        if node.id in self.helper_names:
            self.used_helpers.add(node.id)
            return ast.copy_location(ast.Name(id=f"_th_{node.id}", ctx=node.ctx), node)
        if node.id == "math" and self.helper_names:  # triton_helpers' `math` is triton.language.math
            return ast.copy_location(ast.Name(id="tl_math", ctx=node.ctx), node)
        return node


def _is_jit(dec: ast.expr) -> bool:
    return re.fullmatch(r"(triton\.)?jit", ast.unparse(dec)) is not None


def _kernel_functions(name: str, src: str) -> tuple[ast.FunctionDef, list[ast.FunctionDef]]:
    """The kernel ``name`` of a kernel source, and the @triton.jit functions it defines beside it (a scan's
    combine function), renamed ``_<kernel>_<function>`` so that two kernels' helpers never collide."""
    tree = ast.parse(src)
    fns = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef)):
            continue
        text = ast.unparse(node)
        if not re.fullmatch(r"triton_helpers\.set_driver_to_(cpu|gpu)\(\)", text):
            raise SeedError(f"kernel {name}: module-level code in its source ({text[:80]})")
    main = [f for f in fns if f.name == name]
    if len(main) != 1:
        raise SeedError(f"kernel {name}: its source does not define it once")
    for fn in fns:
        if not any(_is_jit(d) for d in fn.decorator_list):
            raise SeedError(f"kernel {name}: {fn.name} is not a @triton.jit function")
        fn.decorator_list = [ast.parse("triton.jit", mode="eval").body]
    local = {f.name: f"_{name}_{f.name}" for f in fns if f.name != name}

    class Rename(ast.NodeTransformer):
        def visit_Name(self, node):
            if node.id in local:
                node.id = local[node.id]
            return node

    helpers = []
    for fn in fns:
        Rename().visit(fn)
        if fn.name in local:
            fn.name = local[fn.name]
            helpers.append(fn)
    return main[0], helpers


def _autotune_decorator(info: dict, mutated: list[str]) -> ast.expr:
    configs = []
    for c in info["configs"]:
        extra = "".join(f", {k}={c[k]!r}" for k in ("num_ctas", "maxnreg") if k in c)
        kwargs = {k: v for k, v in c["kwargs"].items() if k in info["arg_names"]}
        configs.append(f"triton.Config({kwargs!r}, num_warps={c['num_warps']}, "
                       f"num_stages={c['num_stages']}{extra})")
    key = [a for a in ("xnumel", "ynumel", "znumel", "r0_numel", "r1_numel") if a in info["arg_names"]]
    text = f"triton.autotune(configs=[{', '.join(configs)}], key={key!r}"
    if mutated:
        # autotuning runs the kernel once per config: arguments it writes in place are put back after each
        text += f", restore_value={mutated!r}"
    return ast.parse(text + ")", mode="eval").body


def _written_args(fn: ast.FunctionDef) -> list[str]:
    """Parameters a kernel stores through (tl.store / atomics on ``param + offset``)."""
    params = [a.arg for a in fn.args.args]
    out = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                node.func.attr == "store" or node.func.attr.startswith("atomic_")) and node.args:
            names = {n.id for n in ast.walk(node.args[0]) if isinstance(n, ast.Name)}
            out += [p for p in params if p in names and p not in out]
    return out


# ---------------------------------------------------------------- the wrapper's call()
_DROP_CALLS = re.compile(r"(assert_size_stride|assert_alignment|start_graph|end_graph|torch\.cuda\.set_device|"
                         r"args\.clear|run_intermediate_hooks)$")
_EMPTY = re.compile(r"empty_strided_(cpu|cuda|xpu)$")
_MODULE_NAMES = {
    "aten": "aten = torch.ops.aten",
    "inductor_ops": "inductor_ops = torch.ops.inductor",
    "prims": "prims = torch.ops.prims",
    "inf": "inf = math.inf",
    "nan": "nan = math.nan",
    "device": "device = torch.device",
    "empty_strided": "empty_strided = torch.empty_strided",
}


class _CallRewrite:
    def __init__(self, capture: dict, kernels: dict[str, dict], autotuned: set[str]):
        self.capture = capture
        self.kernels = kernels
        self.autotuned = autotuned
        self.cpu = capture["device"] == "cpu"
        self.device = "cpu" if self.cpu else "cuda"
        self.library: list[str] = []
        self.extern_imported = False
        self.copied_externs: dict[str, dict] = {}  # extern kernels that are plain Python over torch, copied in
        self.needs_reinterpret = False
        self.launched: list[str] = []

    # statements
    def body(self, stmts: list[ast.stmt]) -> list[ast.stmt]:
        out = []
        for s in stmts:
            out += self.stmt(s)
        return out

    def stmt(self, s: ast.stmt) -> list[ast.stmt]:
        if isinstance(s, ast.With) and all("DeviceGuard" in ast.unparse(i.context_expr) or
                                           "device(" in ast.unparse(i.context_expr) for i in s.items):
            return self.body(s.body)  # the judge runs on the current device already
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and _DROP_CALLS.search(
                ast.unparse(s.value.func)):
            return []
        if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and re.fullmatch(
                r"get_raw_stream", ast.unparse(s.value.func)):
            return []  # a plain launch runs on the current stream
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Attribute) \
                and s.value.func.attr == "run" and isinstance(s.value.func.value, ast.Name) \
                and s.value.func.value.id in self.kernels:
            return self.launch(s.value)
        if isinstance(s, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
            raise SeedError(f"inductor's wrapper has control flow this rewrite does not follow "
                            f"({ast.unparse(s).splitlines()[0][:80]})")
        return [self.expr_rewrite(s)]

    def expr_rewrite(self, s: ast.stmt) -> ast.stmt:
        outer = self

        class T(ast.NodeTransformer):
            def visit_Call(self, node):
                self.generic_visit(node)
                fn = ast.unparse(node.func)
                m = _EMPTY.fullmatch(fn)
                if m:
                    if len(node.args) != 3 or node.keywords:
                        raise SeedError(f"unexpected allocation: {ast.unparse(node)[:80]}")
                    size, stride, dtype = node.args
                    return ast.copy_location(ast.Call(
                        func=ast.parse("torch.empty_strided", mode="eval").body, args=[size, stride],
                        keywords=[ast.keyword(arg="dtype", value=dtype),
                                  ast.keyword(arg="device", value=ast.Constant(outer.device))]), node)
                if fn == "reinterpret_tensor":
                    outer.needs_reinterpret = True
                    node.func = ast.Name(id="_reinterpret", ctx=ast.Load())
                return node

            def visit_Attribute(self, node):
                self.generic_visit(node)
                if isinstance(node.value, ast.Name) and node.value.id == "extern_kernels":
                    how = outer.capture["externs"].get(node.attr) or {}
                    if node.attr not in outer.library:
                        outer.library.append(node.attr)
                    if "torch" in how:
                        return ast.copy_location(ast.parse(how["torch"], mode="eval").body, node)
                    if "source" in how:
                        outer.copied_externs[node.attr] = how
                        return ast.copy_location(ast.Name(id=f"_ext_{node.attr}", ctx=node.ctx), node)
                    outer.extern_imported = True
                return node

        return T().visit(s)

    def launch(self, call: ast.Call) -> list[ast.stmt]:
        name = call.func.value.id
        info = self.kernels[name]
        if call.keywords and any(k.arg != "stream" for k in call.keywords):
            raise SeedError(f"kernel {name} is launched with keywords {[k.arg for k in call.keywords]}")
        config0 = info["configs"][0]
        positional = [a for a in info["arg_names"] if a not in config0["kwargs"]]
        if len(positional) != len(call.args):
            raise SeedError(f"kernel {name}: {len(call.args)} launch arguments for parameters {positional}")
        args = [self.expr_rewrite(ast.Expr(a)).value for a in call.args]
        bound = dict(zip(positional, args))
        kernel = ast.Name(id=name, ctx=ast.Load())
        self.launched.append(name)
        pre: list[ast.stmt] = []
        if name in self.autotuned:
            grid = info["meta_grid"]
            dims = [_substitute(grid[d], bound) for d in "xyz"]
            grid_expr = ast.parse(f"lambda META: ({', '.join(ast.unparse(d) for d in dims)},)", mode="eval").body
            keywords = []
        else:
            grid = info["grids"][0]
            scope = {}
            for i, line in enumerate(grid["prefix"]):
                target, value = line.split("=", 1)
                folded = _fold(_substitute(value.strip(), {**bound, **scope}))
                if isinstance(folded, ast.Constant):
                    scope[target.strip()] = folded
                else:
                    tmp = f"_{name}_g{i}"
                    pre.append(ast.Assign(targets=[ast.Name(id=tmp, ctx=ast.Store())], value=folded, lineno=0))
                    scope[target.strip()] = ast.Name(id=tmp, ctx=ast.Load())
            dims = [_fold(_substitute(grid[d], {**bound, **scope})) for d in "xyz"]
            grid_expr = ast.Tuple(elts=dims, ctx=ast.Load())
            keywords = [ast.keyword(arg=k, value=ast.Constant(v)) for k, v in config0["kwargs"].items()
                        if k in info["arg_names"]]  # a config value with no kernel parameter only sizes the grid
            keywords += [ast.keyword(arg=k, value=ast.Constant(config0[k]))
                         for k in ("num_warps", "num_stages", "num_ctas", "maxnreg") if k in config0]
            if info.get("options", {}).get("enable_fp_fusion") is False:
                keywords.append(ast.keyword(arg="enable_fp_fusion", value=ast.Constant(False)))
        launch = ast.Call(func=ast.Subscript(value=kernel, slice=grid_expr, ctx=ast.Load()), args=args,
                          keywords=keywords)
        return [*pre, ast.Expr(launch)]


def _substitute(expr: str, names: dict[str, ast.expr]) -> ast.expr:
    tree = ast.parse(str(expr), mode="eval").body

    class T(ast.NodeTransformer):
        def visit_Name(self, node):
            return copy.deepcopy(names[node.id]) if node.id in names else node

    return T().visit(tree)


_ARITH = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod,
          ast.USub, ast.UAdd, ast.Call, ast.Name, ast.Load, ast.Div)


def _fold(node: ast.expr) -> ast.expr:
    """An integer constant when ``node`` is arithmetic on constants (and max/min); else ``node``."""
    for n in ast.walk(node):
        if not isinstance(n, _ARITH) or (isinstance(n, ast.Name) and n.id not in ("max", "min")) or (
                isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in ("max", "min"))):
            return node
        if isinstance(n, ast.Constant) and not isinstance(n.value, int):
            return node
    expr = ast.fix_missing_locations(ast.Expression(copy.deepcopy(node)))
    value = eval(compile(expr, "<grid>", "eval"), {"__builtins__": {}, "max": max, "min": min})  # noqa: S307 - integer arithmetic on constants only (checked above)
    return ast.Constant(int(value))


# ---------------------------------------------------------------- the file
def _attr_path(root: str, path: str) -> str:
    expr = root
    for part in path.split("."):
        expr = f"{expr}.{part}" if part.isidentifier() and not keyword.iskeyword(part) else f"getattr({expr}, {part!r})"
    return expr


def _forward_params(problem_source: str, n_inputs: int) -> list[str] | None:
    for node in ast.parse(problem_source).body:
        if isinstance(node, ast.ClassDef) and node.name == "Model":
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "forward":
                    a = item.args
                    names = [p.arg for p in a.posonlyargs + a.args][1:]
                    if a.vararg or a.kwarg or a.kwonlyargs or len(names) != n_inputs:
                        return None
                    return names
    return None


def _find_call(tree: ast.Module) -> ast.FunctionDef:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "call":
            return node
        if isinstance(node, ast.ClassDef) and node.name == "Runner":
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "call":
                    return item
    raise SeedError("inductor's wrapper has no call() function")


def _kernel_sources(tree: ast.Module) -> dict[str, str]:
    out = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        fn = ast.unparse(node.value.func)
        if not fn.startswith("async_compile."):
            continue
        if fn != "async_compile.triton":
            raise SeedError(f"inductor generated a non-Triton kernel ({fn})")
        name = node.targets[0].id
        src = node.value.args[1]
        if not (isinstance(src, ast.Constant) and isinstance(src.value, str)):
            raise SeedError(f"kernel {name}: its source is not a string literal")
        out[name] = src.value
    return out


def _free_names(fn: ast.FunctionDef) -> set[str]:
    bound = {a.arg for a in fn.args.args}
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            bound.add(n.id)
        elif isinstance(n, ast.Lambda):
            bound |= {a.arg for a in n.args.args}
    return {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound


def build_source(capture: dict, problem_source: str, *, title: str) -> SeedSource:
    """The standalone ModelNew of ``capture`` (see `_inductor_capture`) for the problem whose source is given."""
    cpu = capture["device"] == "cpu"
    tree = ast.parse(capture["wrapper"])
    kernel_srcs = _kernel_sources(tree)
    if not kernel_srcs:
        raise SeedError("inductor generated no Triton kernel (library calls only)")
    missing_info = sorted(set(kernel_srcs) - set(capture["kernels"]))
    if missing_info:
        raise SeedError(f"no launch configuration captured for {', '.join(missing_info)}")

    copied = set(capture["helpers"]) | set(capture["helper_constants"])
    kernel_defs, autotuned, used_helpers, imported_helpers, libdevice, errors = [], set(), set(), set(), set(), []
    for name, src in kernel_srcs.items():
        fn, local_helpers = _kernel_functions(name, src)
        rw = _KernelRewrite(cpu=cpu, copied=copied)
        fn = rw.visit(fn)
        local_helpers = [rw.visit(h) for h in local_helpers]
        known = {"tl", "triton", "tl_math", "libdevice", "triton_helpers", *dir(builtins),
                 *(h.name for h in local_helpers)}
        for f in (fn, *local_helpers):
            unknown = sorted(n for n in _free_names(f) if n not in known and not n.startswith(("_th_", "_ld_")))
            if unknown:
                raise SeedError(f"kernel {name} reads {', '.join(unknown)} from inductor's kernel module")
        kernel_defs += [ast.unparse(h) for h in local_helpers]
        used_helpers |= rw.used_helpers
        imported_helpers |= rw.imported_helpers
        libdevice |= rw.libdevice
        errors += rw.errors
        info = capture["kernels"][name]
        # autotune where every config value is a kernel parameter (triton.autotune passes them all)
        if not cpu and len(info["configs"]) > 1 and "meta_grid" in info and all(
                k in info["arg_names"] for c in info["configs"] for k in c["kwargs"]):
            mutated = [a for a in _written_args(fn) if a in info["arg_names"]]
            mutated += [a for a in info["mutated"] if a not in mutated]
            fn.decorator_list.insert(0, _autotune_decorator(info, mutated))
            autotuned.add(name)
        kernel_defs.append(ast.unparse(fn))

    # helpers the kernels call, and the helpers those call, copied as _th_<name>
    helper_defs, seen, todo = [], set(), sorted(used_helpers)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in capture["helper_constants"]:
            helper_defs.append(f"_th_{name} = tl.constexpr({capture['helper_constants'][name]!r})")
            continue
        hfn = ast.parse(capture["helpers"][name]).body[0]
        hfn.name = f"_th_{name}"
        rw = _KernelRewrite(cpu=cpu, copied=copied, helper_names=copied | set(capture["helper_constants"]))
        hfn = rw.visit(hfn)
        libdevice |= rw.libdevice
        imported_helpers |= rw.imported_helpers
        errors += rw.errors
        todo += sorted(rw.used_helpers - seen)
        helper_defs.append(ast.unparse(hfn))
    if errors:
        raise SeedError(errors[0])

    call_fn = _find_call(tree)
    rw = _CallRewrite(capture, capture["kernels"], autotuned)
    body = rw.body(call_fn.body)
    unpack = next((s for s in body if isinstance(s, ast.Assign) and ast.unparse(s.value) == "args"), None)
    if unpack is None:
        raise SeedError("inductor's call() does not unpack its arguments")
    targets = unpack.targets[0]
    n_args = len(targets.elts) if isinstance(targets, ast.Tuple) else 1
    if n_args != len(capture["inputs"]):
        raise SeedError(f"inductor's call() takes {n_args} arguments for {len(capture['inputs'])} graph inputs")
    ret = body[-1] if body and isinstance(body[-1], ast.Return) else None
    n_ret = len(ret.value.elts) if ret is not None and isinstance(ret.value, ast.Tuple) else -1
    if n_ret != capture["n_outputs"]:
        raise SeedError(f"inductor's call() returns {n_ret} values for {capture['n_outputs']} outputs")
    new_call = copy.deepcopy(call_fn)
    new_call.name, new_call.body, new_call.decorator_list = "_inductor_call", body, []
    if new_call.args.args and new_call.args.args[0].arg == "self":  # a method of inductor's Runner
        new_call.args.args = new_call.args.args[1:]
    ast.fix_missing_locations(new_call)

    module_names = []
    allowed = set(kernel_srcs) | {"torch", "triton", "tl", "math", "_reinterpret", "extern_kernels"} | set(
        dir(builtins)) | {f"_ext_{n}" for n in rw.copied_externs}
    for name in sorted(_free_names(new_call)):
        if name in _MODULE_NAMES:
            module_names.append(_MODULE_NAMES[name])
        elif name not in allowed:
            raise SeedError(f"inductor's call() uses {name}, which has no standalone equivalent here")

    tied = ""
    imports = ["import math", "", "import torch", "import torch.nn as nn", "import triton", "import triton.language as tl",
               "from triton.language import math as tl_math"]
    if libdevice and not cpu:
        imports.append("from triton.language.extra import libdevice")
    if imported_helpers:
        imports.append("from torch._inductor.runtime import triton_helpers")
        tied = capture["torch"]
    if rw.extern_imported:
        imports.append("from torch._inductor.select_algorithm import extern_kernels")
        tied = capture["torch"]

    globals_src, class_src = split_problem(problem_source)
    names = _forward_params(problem_source, sum(1 for s in capture["inputs"] if s["kind"] == "user_input"))
    sig = ", ".join(["self", *names]) if names is not None else "self, *inputs"
    arg_exprs = []
    for spec in capture["inputs"]:
        if spec["kind"] == "user_input":
            arg_exprs.append(names[spec["index"]] if names is not None else f"inputs[{spec['index']}]")
        else:
            arg_exprs.append(_attr_path("self", spec["target"]))
    result = "out[0]" if capture["returns"] == "tensor" else (
        "tuple(out)" if capture["returns"] == "tuple" else "list(out)")
    forward = (f"    def forward({sig}):\n"
               f"        with torch.no_grad():  # inductor's inference graph (out= library calls need it)\n"
               f"            out = _inductor_call([{', '.join(arg_exprs)}])\n"
               f"        return {result}\n")

    launched = tuple(dict.fromkeys(rw.launched))
    doc = [f'"""Seed ModelNew for {title}: torch inductor\'s generated Triton, made standalone by autokernel-kb.',
           "",
           f"Generated by torch {capture['torch']} (Triton {capture['triton']}) for {capture.get('device_name') or capture['device']}.",
           "Triton kernels: " + ", ".join(launched),
           "Library calls kept: " + (", ".join(rw.library) if rw.library else "none"),
           "The kernels and their launches are in this file: no torch.compile and no inductor runtime run here.",
           ]
    baked = [f"{names[s['index']] if names else 'input ' + str(s['index'])}={s['traced_value']!r}"
             for s in capture["inputs"] if "traced_value" in s]
    if baked:
        doc.append("Numbers passed to forward are constants of the traced graph: " + ", ".join(baked) + ".")
    if autotuned:
        doc.append("Kernels with several launch configurations autotune at the first call, as inductor does.")
    if capture.get("options"):
        doc.append("Inductor settings beside its defaults: "
                   + ", ".join(f"{k}={v!r}" for k, v in sorted(capture["options"].items())) + ".")
    if cpu:
        doc.append("Written for the Triton interpreter (CPU): libdevice calls are tl.math or tl expressions.")
    if tied:
        doc.append(f"It imports inductor runtime helpers: tied to torch {tied}.")
    doc.append('"""')
    parts = ["\n".join(doc)]
    if tied:
        parts.append(f"# tied_to_torch: {tied}")
    parts += ["\n".join(imports), ""]
    if globals_src.strip():
        parts += ["# ---- the problem's module-level definitions (used by __init__) ----", globals_src, ""]
    if module_names:
        parts += ["\n".join(module_names), ""]
    if cpu and libdevice:
        parts += [_cpu_libdevice_helper(n) for n in sorted(libdevice)]
    parts += [h + "\n" for h in reversed(helper_defs)]
    parts += [k + "\n" for k in kernel_defs]
    for name, how in sorted(rw.copied_externs.items()):
        fdef = ast.parse(how["source"]).body[0]
        fdef.name = f"_ext_{name}"
        parts.append(ast.unparse(fdef) + "\n")
    if rw.needs_reinterpret:
        parts.append("def _reinterpret(t, size, stride, offset):\n"
                     "    \"\"\"A view of t's storage (inductor's reinterpret_tensor: the offset adds to t's).\"\"\"\n"
                     "    return t.as_strided(size, stride, t.storage_offset() + offset)\n")
    parts.append(ast.unparse(new_call) + "\n")
    parts.append(class_src.rstrip() + "\n\n" + forward)
    source = "\n\n".join(p.rstrip("\n") for p in parts) + "\n"
    try:
        ast.parse(source)
    except SyntaxError as exc:  # a bug in this rewrite, reported as the reason rather than a broken seed
        raise SeedError(f"the rewritten source does not parse: {exc.msg} (line {exc.lineno})") from exc
    return SeedSource(source=source, kernels=launched, library_calls=tuple(rw.library), tied_to_torch=tied,
                      autotuned=tuple(sorted(autotuned)))
