"""Write the standalone ``ModelNew`` source from a plan.

The file holds: imports (torch, triton, math only), tunables as module constants, the problem's
module-level constants, the kernel families used, one generated kernel + wrapper per fused
elementwise group, and ``ModelNew`` whose ``__init__`` is the reference's own (same submodules, same
order, same RNG draws -> identical weights under the same seed) and whose ``forward`` is emitted
node by node.
"""

from __future__ import annotations

import ast
import copy
import math
import operator

from . import _templates as T
from ._ew import bn_epilogue, conv_chains, emit_bn_group, emit_conv_epilogue, emit_group
from ._literals import num
from ._ops import Op, function_name

_INFIX = {
    "add": "+",
    "sub": "-",
    "mul": "*",
    "truediv": "/",
    "floordiv": "//",
    "mod": "%",
    "pow": "**",
    "matmul": "@",
    "and_": "&",
    "or_": "|",
    "xor": "^",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "eq": "==",
    "ne": "!=",
    "lshift": "<<",
    "rshift": ">>",
}
_RESERVED = {"torch", "nn", "F", "triton", "tl", "math", "self", "_promote", "_bcast_operand", "_cdiv", "_next_pow2",
             "_bshape", "_sub"}


# kinds whose generated code also runs another kind's kernel (a recurrent layer's input projection is the
# generated matmul, so the MM_* tunables act even where other matmuls are library calls by default)
_RUNS_TOO = {"rnn": ("linear",)}


class EmitError(ValueError):
    """The graph holds something that cannot be written as standalone source."""


class Emitter:
    """Accumulates the generated file; one instance per starter."""

    def __init__(self, plan, gm, tunables: dict, model=None):
        self.plan = plan
        self.gm = gm
        self.model = model if model is not None else gm
        self.tunables = tunables
        self.families: list[str] = []
        self.kernels: list[str] = []
        self.covered: list[str] = []
        self.fallbacks: list[str] = []
        self.switches: list[str] = []  # engine tunables of heavy ops written both ways (see _plan.make_plan)
        self.direct_kinds: set[str] = set()  # kinds of the ops that always run their generated kernel
        self.chains = 0  # convolutions written with their tails and pool fused (`_chain_lines`): CONV_FUSE acts
        self.bn_epilogues: dict = {}  # body lines -> name of the batch-norm epilogue written with them (_ew)
        self.names: dict = {}
        taken = set(_RESERVED)
        for n in gm.graph.nodes:
            name = n.name
            while name in taken or not name.isidentifier():
                name = f"{name}_v" if name.isidentifier() else f"v_{abs(hash(name))}"
            taken.add(name)
            self.names[n] = name

    # ---------------------------------------------------------------- formatting of fx arguments
    def fmt(self, a) -> str:
        import torch
        import torch.fx

        if isinstance(a, torch.fx.Node):
            return self.names[a]
        if isinstance(a, tuple):
            inner = ", ".join(self.fmt(x) for x in a)
            return f"({inner},)" if len(a) == 1 else f"({inner})"
        if isinstance(a, list):
            return "[" + ", ".join(self.fmt(x) for x in a) + "]"
        if isinstance(a, dict):
            return "{" + ", ".join(f"{self.fmt(k)}: {self.fmt(v)}" for k, v in a.items()) + "}"
        if isinstance(a, slice):
            return f"slice({self.fmt(a.start)}, {self.fmt(a.stop)}, {self.fmt(a.step)})"
        if isinstance(a, bool) or a is None or isinstance(a, (int, str)):
            return repr(a)
        if isinstance(a, float):
            return num(a)
        if a is Ellipsis:
            return "..."
        if isinstance(a, torch.dtype):
            return str(a)
        if isinstance(a, torch.device):
            return f"torch.device({str(a)!r})"
        if isinstance(a, torch.memory_format):
            return str(a)
        if isinstance(a, torch.layout):
            return str(a)
        raise EmitError(f"cannot write argument {a!r} ({type(a).__name__}) as source")

    def call_args(self, args, kwargs) -> str:
        parts = [self.fmt(a) for a in args] + [f"{k}={self.fmt(v)}" for k, v in kwargs.items()]
        return ", ".join(parts)

    def module_expr(self, path: str) -> str:
        if all(p.isidentifier() for p in path.split(".")):
            return f"self.{path}"
        return f"_sub(self, {path!r})"

    def attr_expr(self, path: str) -> str:
        mod, _, attr = path.rpartition(".")
        if not mod:
            return f"self.{attr}" if attr.isidentifier() else f"getattr(self, {attr!r})"
        return (
            f"getattr({self.module_expr(mod)}, {attr!r})"
            if not all(p.isidentifier() for p in path.split("."))
            else f"self.{path}"
        )

    # ---------------------------------------------------------------- library code for one node
    def library_expr(self, n) -> str:
        if n.op == "get_attr":
            # the tracer stores tensors created in forward as ``_tensor_constant<i>`` attributes
            frozen = n.target.rpartition(".")[2].startswith("_tensor_constant")
            return (
                self.constant_expr(n)
                if frozen or not _has_path(self.model, n.target)
                else self.attr_expr(n.target)
            )
        if n.op == "call_module":
            return f"{self.module_expr(n.target)}({self.call_args(n.args, n.kwargs)})"
        if n.op == "call_method":
            obj, *rest = n.args
            return f"{self.fmt(obj)}.{n.target}({self.call_args(rest, n.kwargs)})"
        if n.op == "call_function":
            t = n.target
            if t is operator.getitem:
                return f"{self.fmt(n.args[0])}[{self.fmt(n.args[1])}]"
            if t is getattr:
                return f"{self.fmt(n.args[0])}.{n.args[1]}"
            if (
                getattr(operator, getattr(t, "__name__", ""), None) is t
                and t.__name__ in _INFIX
                and not n.kwargs
            ):
                a, b = n.args
                return f"({self.fmt(a)} {_INFIX[t.__name__]} {self.fmt(b)})"
            if t is operator.neg:
                return f"(-{self.fmt(n.args[0])})"
            return f"{self.func_name(t)}({self.call_args(n.args, n.kwargs)})"
        raise EmitError(f"unexpected node {n.op}")

    def conv_library_expr(self, n) -> str | None:
        """A 2-D or 3-D convolution module's library call through `_conv_library` (its LIB_CONV_LAYOUT knob), or None
        for any other node (a functional convolution, a 1-D one, a call with more than its input)."""
        import torch.nn as nn

        if n.op != "call_module" or len(n.args) != 1 or n.kwargs:
            return None
        mod = n.graph.owning_module.get_submodule(n.target)
        if type(mod) not in (nn.Conv2d, nn.Conv3d, nn.ConvTranspose2d, nn.ConvTranspose3d):
            return None
        return f"_conv_library({self.module_expr(n.target)}, {self.fmt(n.args[0])})"

    def constant_expr(self, n) -> str:
        """A tensor the tracer froze into the graph (e.g. ``torch.tensor(c)`` in forward), as a literal."""
        import torch

        if not _has_path(self.gm, n.target):  # e.g. a forward that assigns to its own attributes while traced
            raise EmitError(f"traced constant {n.target} is not kept by the graph")
        value = _get_path(self.gm, n.target)
        if not isinstance(value, torch.Tensor) or value.numel() > 1024 or value.device.type == "meta":
            raise EmitError(f"traced constant {n.target} cannot be written as a literal")
        tensors = [p for p in self.gm.graph.nodes if p.op == "placeholder"]
        device = f"{self.names[tensors[0]]}.device" if tensors else '"cpu"'
        return f"torch.tensor({value.tolist()!r}, dtype={value.dtype}, device={device})"

    def func_name(self, t) -> str:
        import builtins

        import torch
        import torch.nn.functional as F

        name = getattr(t, "__name__", None)
        if name:
            if getattr(torch, name, None) is t:
                return f"torch.{name}"
            if getattr(F, name, None) is t:
                return f"F.{name}"
            for sub in ("special", "linalg", "fft"):
                if getattr(getattr(torch, sub), name, None) is t:
                    return f"torch.{sub}.{name}"
            if getattr(math, name, None) is t:
                return f"math.{name}"
            if getattr(builtins, name, None) is t:
                return name
            mod = getattr(t, "__module__", "") or ""
            if mod.startswith("torch") and name.isidentifier():
                return f"{mod}.{name}"
        raise EmitError(f"function {t!r} has no importable name in a standalone file")

    # ---------------------------------------------------------------- covered single ops
    def covered_expr(self, n, op: Op) -> str:
        x = self.fmt(op.operands[0]) if op.operands else ""
        m = self.module_expr(op.module) if op.module else None
        self.use(*T.families_for(op.kind, op.name))
        if op.kind == "reduce":
            dims = None if op.params["dims"] is None else tuple(op.params["dims"])
            return f"_reduce({x}, {dims!r}, {op.params['keepdim']}, {op.name!r}, with_idx={op.params['with_idx']})"
        if op.kind == "softmax":
            return f"_softmax({x}, {op.params['dim']}, log={op.name == 'log_softmax'})"
        if op.kind == "rmsdim":
            pr = op.params
            return f"_rms_dim({x}, {pr['dim']}, {num(pr['eps'])}, rsqrt={pr['rsqrt']})"
        if op.kind == "scan":
            extra = "".join(f", {k}=True" for k in ("reverse", "exclusive") if op.params.get(k))
            if op.params.get("mul"):
                extra += f", mul={self.fmt(op.operands[1])}"
            return f"_scan({x}, {op.params['dim']}, prod={op.name == 'cumprod'}{extra})"
        if op.kind == "batchnorm":
            return f"_batch_norm({x}, {m})"
        if op.kind == "rnn":
            return f"_rnn({x}, {self.fmt(op.operands[1])}, {m})"
        if op.kind == "matmul":
            return f"_{'gemv' if op.name == 'gemv' else 'matmul'}({x}, {self.fmt(op.operands[1])})"
        if op.kind == "linear":
            if m:
                return f"_linear({x}, {m}.weight, {m}.bias)"
            return f"_linear({x}, {self.fmt(op.operands[1])}, {self.fmt(op.operands[2])})"
        if op.kind == "conv":
            return f"_conv({x}, {m})"
        if op.kind == "attention":
            q, k, v = (self.fmt(o) for o in op.operands)
            scale = op.params["scale"]
            return f"_sdpa({q}, {k}, {v}, {None if scale is None else num(scale)})"
        if op.kind == "loss":
            a = ", ".join(self.fmt(o) for o in op.operands)
            pr = op.params
            if op.name == "cross_entropy":
                return f"_cross_entropy({a}, {pr['reduction']!r}, {pr['ignore_index']})"
            if op.name == "triplet_margin_loss":
                return (
                    f"_triplet_margin_loss({a}, {num(pr['margin'])}, {num(pr['eps'])}, {pr['reduction']!r})"
                )
            return f"_pointwise_loss({a}, {op.name!r}, {pr['reduction']!r}, {num(pr['beta'])})"
        if op.kind == "pool":
            return f"_pool({x}, {m}, {op.params['nd']})"
        if op.kind == "rownorm":
            if op.name == "layer_norm":
                if m:
                    return f"_layer_norm({x}, {op.params['normalized_ndim']}, {m}.weight, {m}.bias, {m}.eps)"
                w, b = (self.fmt(v) for v in op.operands[1:])
                return f"_layer_norm({x}, {op.params['normalized_ndim']}, {w}, {b}, {num(op.params['eps'])})"
            if op.name == "group_norm":
                if m:
                    return f"_group_norm({x}, {m}.num_groups, {m}.weight, {m}.bias, {m}.eps)"
                w, b = (self.fmt(v) for v in op.operands[1:])
                return f"_group_norm({x}, {op.params['num_groups']}, {w}, {b}, {num(op.params['eps'])})"
            return f"_instance_norm({x}, {m}.weight, {m}.bias, {m}.eps)"
        raise AssertionError(op.kind)

    def _switched(self, n, op: Op) -> tuple[str, str]:
        """(engine tunable, library expression) of a heavy op written both ways, its tunable and reason recorded."""
        from ._plan import engine_tunable

        engine = engine_tunable(op)
        if engine not in self.switches:
            self.switches.append(engine)
        self.fallbacks.append(self.plan.switched[n])
        library = self.conv_library_expr(n) if engine == "CONV_ENGINE" else None
        if library is not None:
            self.use("convlayout")
        return engine, library or self.library_expr(n)

    def use(self, *families: str) -> None:
        for f in families:
            if f not in self.families:
                self.families.append(f)

    # ---------------------------------------------------------------- forward body
    def forward_source(self) -> str:

        graph = self.gm.graph
        # elementwise tails run inside their batch norm's kernel: the group's unit calls it, the batch norm's
        # own unit is skipped (the group comes later, after every tensor its tail reads)
        bn_tails = {id(u): info for u in self.plan.units if (info := bn_epilogue(self, u)) is not None}
        tail_bns = {info[0] for info in bn_tails.values()}
        # a convolution and what its generated kernel's store takes in (`_ew.ConvChain`): the units of the chain
        # are written as they are under the library call, held until the last, which writes both paths
        chains = conv_chains(self)  # (a batch norm's tail reads a full tensor: never a convolution's tail too)
        unit_of = {n: u for u in self.plan.units for n in u.nodes}
        held: dict[int, tuple] = {}  # id(unit) -> (chain, its lines so far)
        for c in chains:
            members = [unit_of[c.conv], c.pre, unit_of.get(c.pool), c.post]
            box: list[str] = []
            for u in members:
                if u is not None:
                    held[id(u)] = (c, box)
        params = []
        for n in graph.nodes:
            if n.op == "placeholder":
                name = self.names[n]
                if n.args:
                    params.append(f"{name}={self.fmt(n.args[0])}")
                elif str(n.target).startswith("*"):
                    params.append(f"*{name}")
                else:
                    params.append(name)
        lines = [f"    def forward(self, {', '.join(params)}):" if params else "    def forward(self):"]
        for u in self.plan.units:
            if id(u) in held:
                chain, box = held[id(u)]
                box += self._unit_lines(u, bn_tails, tail_bns, chain=chain)
                if u is unit_of[chain.last]:
                    lines += self._chain_lines(chain, box)
            else:
                lines += self._unit_lines(u, bn_tails, tail_bns)
        return "\n".join(lines) + "\n"

    def _unit_lines(self, u, bn_tails, tail_bns, chain=None) -> list[str]:
        """The forward lines of one unit (as a chain's convolution under the library call: the call alone)."""
        if id(u) in bn_tails:
            call, epilogue_src, label = emit_bn_group(self, u, len(self.kernels), *bn_tails[id(u)])
            self.use("batchnorm")
            self.direct_kinds.add("batchnorm")
            if epilogue_src is not None:
                self.kernels.append(epilogue_src)
            self.covered.append(label)
            return [f"        {call}"]
        if u.is_group:
            emitted = emit_group(self, u, len(self.kernels))
            if emitted is None:
                return []
            self.use("elementwise", *(("reduce",) if u.reduce is not None else ()))
            call, kernel_src, label = emitted
            self.kernels.append(kernel_src)
            self.covered.append(label)
            return [f"        {call}"]
        (n,) = u.nodes
        if n.op == "placeholder" or n in tail_bns:
            return []
        if n.op == "output":
            return [f"        return {self.fmt(n.args[0])}"]
        if u.op is not None and n in self.plan.switched:  # library call by default, kernel a tunable away
            engine, library = self._switched(n, u.op)
            if chain is not None and n is chain.conv:  # the chain's tails and pool follow in kernels of their own
                return [f"        {self.names[n]} = {self.covered_expr(n, u.op)} if {engine} == 'triton' and "
                        f"CONV_FUSE == 'apart' else {library}"]
            return [f"        {self.names[n]} = {self.covered_expr(n, u.op)} if {engine} == 'triton' else {library}"]
        if u.op is not None:
            self.direct_kinds.update((u.op.kind, *_RUNS_TOO.get(u.op.kind, ())))
            expr = self.covered_expr(n, u.op)
            self.covered.append(_label(u.op))
            return [f"        {self.names[n]} = {expr}"]
        if n.op != "get_attr" and u.reason and not _trivial(n):
            self.fallbacks.append(u.reason)
        return [f"        {self.names[n]} = {self.library_expr(n)}"]

    def _chain_lines(self, chain, library_lines: list[str]) -> list[str]:
        """A `_ew.ConvChain`'s forward lines: with the generated kernel (CONV_ENGINE "triton") one launch that
        takes the tails and the pool into its store; with the library call, or the generated kernel storing the
        convolution's own output (CONV_FUSE "apart", the fusion boundary moved back), ``library_lines``."""
        self.chains += 1
        conv_op = self.plan.ops[chain.conv]
        args = []
        if chain.pre is not None or chain.post is not None:
            ext = ", ".join(self.names[e] for e in chain.extras)
            ext = f"({ext},)" if len(chain.extras) == 1 else f"({ext})"
            pre = "None"
            if chain.pre is not None:
                pre, src = emit_conv_epilogue(self, chain.pre, len(self.kernels), chain.conv, chain.extras)
                self.kernels.append(src)
            args += [pre, ext]
        if chain.pool is not None:
            pool = self.gm.get_submodule(chain.pool.target)
            nd = len(self.gm.get_submodule(chain.conv.target).kernel_size)
            k = pool.kernel_size if isinstance(pool.kernel_size, (tuple, list)) else (pool.kernel_size,) * nd
            window = (1,) * (3 - nd) + tuple(k)
            args.append(f"pool=({'Max' in type(pool).__name__}, {window!r})")
            if chain.post is not None:
                post, src = emit_conv_epilogue(self, chain.post, len(self.kernels), chain.pool, chain.extras)
                self.kernels.append(src)
                args.append(f"post={post}")
        fused = self.covered_expr(chain.conv, conv_op)  # _conv(x, m)
        fused = f"{fused[:-1]}, {', '.join(args)})"
        return ["        if CONV_ENGINE == 'triton' and CONV_FUSE == 'store':",
                f"            {self.names[chain.last]} = {fused}",
                "        else:",
                *("    " + line for line in library_lines)]

def _get_path(root, path: str):
    obj = root
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def _has_path(root, path: str) -> bool:
    try:
        _get_path(root, path)
    except AttributeError:
        return False
    return True


def _label(op: Op) -> str:
    kind = {
        "reduce": "reduction",
        "rownorm": "normalisation",
        "rmsdim": "normalisation",
        "batchnorm": "normalisation",
        "scan": "scan",
        "softmax": "softmax",
        "matmul": "matmul",
        "linear": "matmul",
        "conv": "convolution",
        "pool": "pooling",
        "loss": "loss",
        "attention": "attention",
        "rnn": "recurrent layer",
    }[op.kind]
    return f"{kind}: {op.name}"


def _trivial(n) -> bool:
    """Shape/metadata plumbing that is not compute (no kernel expected)."""
    import operator as _op

    if n.op == "call_method" and n.target in (
        "size",
        "view",
        "reshape",
        "flatten",
        "unsqueeze",
        "squeeze",
        "contiguous",
        "permute",
        "transpose",
        "t",
        "expand",
        "dim",
        "numel",
        "view_as",
        "expand_as",
        "type_as",
    ):
        return True
    if n.op == "call_function":
        if n.target in (_op.getitem, getattr):
            return True
        name = function_name(n.target)
        if name in ("flatten", "reshape", "unsqueeze", "squeeze", "transpose", "permute", "t"):
            return True
        import torch

        v = n.meta.get("ak_val")
        if not isinstance(v, torch.Tensor) and name in _INFIX:  # arithmetic on sizes
            return True
    if n.op == "call_module":
        import torch.nn as nn

        mod_t = type(n.graph.owning_module.get_submodule(n.target))
        return mod_t in (nn.Flatten, nn.Identity, nn.Unflatten)
    return False


# ---------------------------------------------------------------- the reference's __init__ and globals
class _SuperFix(ast.NodeTransformer):
    """``super(Model, self)`` -> ``super()`` and other ``Model`` references -> ``ModelNew``."""

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "super" and node.args:
            node.args = []
        return node

    def visit_Name(self, node):
        if node.id == "Model":
            node.id = "ModelNew"
        return node


def split_problem(source: str) -> tuple[str, str]:
    """(module-level code to keep, ModelNew class header + non-forward methods) from a problem source."""
    tree = ast.parse(source)
    keep: list[str] = []
    cls_src = ""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Model":
            body = [
                b
                for b in node.body
                if not (isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) and b.name == "forward")
            ]
            body = [b for b in body if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]
            new = copy.deepcopy(node)
            new.name = "ModelNew"
            new.body = copy.deepcopy(body) or ast.parse("def __init__(self):\n    super().__init__()").body
            new = _SuperFix().visit(new)
            ast.fix_missing_locations(new)
            cls_src = ast.unparse(new)
            continue
        if isinstance(node, ast.FunctionDef) and node.name in ("get_inputs", "get_init_inputs"):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if all(m.split(".")[0] in ("torch", "math") for m in mods):
                keep.append(ast.get_source_segment(source, node) or ast.unparse(node))
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # module docstring
        keep.append(ast.get_source_segment(source, node) or ast.unparse(node))
    return "\n".join(keep), cls_src


def assemble(
    *,
    title: str,
    covered,
    fallbacks,
    tunables: dict,
    problem_globals: str,
    families: list[str],
    kernels: list[str],
    class_src: str,
    forward_src: str,
) -> str:
    doc = [f'"""Starter ModelNew for {title}, generated from the reference by autokernel-kb.', ""]
    doc.append("Generated Triton kernels: " + (", ".join(covered) if covered else "none"))
    doc.append("Library calls kept: " + ("; ".join(fallbacks) if fallbacks else "none"))
    doc.append("Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.")
    doc.append('"""')
    out = ["\n".join(doc), "", T.HEADER]
    if tunables:
        out.append("# ---- tunables (the search varies these) ----")
        out += [f"{k} = {v!r}" for k, v in tunables.items()]
        out.append("")
    if problem_globals.strip():
        out.append("# ---- the problem's module-level definitions (used by __init__) ----")
        out.append(problem_globals)
    out.append(T.COMMON)
    for f in families:
        src = T.FAMILIES[f].source
        if src:
            out.append(src)
    out += kernels
    out.append("")
    cls_lines = class_src.rstrip().splitlines()
    out.append("\n".join(cls_lines))
    out.append("")
    out.append(forward_src)
    out += [T.FAMILIES[f].footer for f in families if T.FAMILIES[f].footer]
    return "\n".join(out)
