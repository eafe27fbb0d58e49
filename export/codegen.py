"""Source text of one Hub build variant: functions, layers, ``_ops.py`` and ``__init__.py``.

Each kernel ships as its validated solution file, unchanged (``_k_<function>.py``); the generated
``_functions.py`` gives it a plain signature and ``layers.py`` a kernelize-compatible layer class.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass

from .introspect import ModelFacts, literal_source
from .source import ExportError, Param, SolutionInfo


@dataclass(frozen=True, kw_only=True)
class StateArg:
    arg: str  # keyword argument of the function
    state: str  # ModelNew attribute path
    shape: tuple[int, ...]
    dtype: str
    kind: str


@dataclass(frozen=True, kw_only=True)
class InitArg:
    name: str
    default: str | None  # source text; None when required
    validated: str | None  # the value it was validated with (source text), if known


@dataclass(frozen=True, kw_only=True)
class FunctionSpec:
    """The public API of one exported kernel."""

    function_name: str
    layer_name: str | None  # None when no layer is offered
    module_name: str  # the shipped solution module, e.g. "_k_relu_scale"
    forward_params: tuple[Param, ...]
    state_args: tuple[StateArg, ...]
    init_args: tuple[InitArg, ...]
    returns: str | None
    layer_forward_params: tuple[Param, ...] = ()
    layer_state_map: dict[str, str] | None = None  # state arg -> reference attribute path
    layer_init: dict[str, str] | None = None  # init arg -> expression used by the layer
    layer_note: str = ""

    def signature(self) -> str:
        return _signature_text(self)


# Activation names whose capitals are not word boundaries (ReLU is one word, not "Re" + "LU").
_WORDS = ("PReLU", "ReLU", "SiLU", "SwiGLU", "GeLU")
_TOKEN = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+(?:\d+[A-Za-z]?)?|[A-Z]+\d*|\d+[A-Za-z]*")


def function_name(problem_name: str) -> str:
    """``19_ReLU`` -> ``relu``; ``KLDivLoss`` -> ``kl_div_loss``; ``Conv2d_ReLU_BiasAdd`` -> ``conv2d_relu_bias_add``."""
    name = re.sub(r"^\d+[_-]*", "", problem_name)
    tokens = []
    for chunk in re.split(r"[^0-9a-zA-Z]+", name):
        for word in _WORDS:
            chunk = chunk.replace(word, f"_{word.lower()}_")
        for part in chunk.split("_"):
            tokens += [t.lower() for t in _TOKEN.findall(part)] if part and not part.islower() else [part]
    name = "_".join(t for t in tokens if t) or "kernel"
    if name[0].isdigit() or keyword.iskeyword(name):
        name = f"k_{name}"
    return name


def layer_name(problem_name: str) -> str:
    """``19_ReLU`` -> ``ReLU``; ``conv2d_relu`` -> ``Conv2dRelu`` (a class name)."""
    name = re.sub(r"^\d+[_-]*", "", problem_name)
    parts = [p for p in re.split(r"[^0-9a-zA-Z]+", name) if p]
    text = "".join(p[0].upper() + p[1:] for p in parts) or "Kernel"
    return f"K{text}" if text[0].isdigit() else text


def build_spec(
    *,
    fn_name: str,
    cls_name: str,
    info: SolutionInfo,
    facts: ModelFacts,
    reference_forward: tuple[Param, ...] | None,
) -> FunctionSpec:
    init_args = []
    for p in info.init_params:
        validated = literal_source(facts.init_values[p.name]) if p.name in facts.init_values else None
        init_args.append(InitArg(name=p.name, default=validated or p.default, validated=validated))
    # A weight may be named like a constructor argument (KernelBench L2/3: `sum_weight` is both): the
    # weight's keyword then becomes `<name>_state`, so the function keeps every input.
    taken = {p.name for p in info.forward_params} | {i.name for i in init_args}
    state_args = []
    for s in facts.state:
        arg = s.name.replace(".", "_")
        while arg in taken:
            arg += "_state"
        taken.add(arg)
        state_args.append(StateArg(arg=arg, state=s.name, shape=s.shape, dtype=s.dtype, kind=s.kind))
    state_args = tuple(state_args)
    names = [p.name for p in info.forward_params] + [s.arg for s in state_args] + [i.name for i in init_args]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ExportError(f"forward inputs, state tensors and constructor arguments share names: {dupes}")
    reserved = {"torch", "_run_model", "_attr_path", f"_k_{fn_name}"}
    if reserved & set(names):
        raise ExportError(f"parameter names clash with generated names: {sorted(reserved & set(names))}")
    spec = FunctionSpec(
        function_name=fn_name,
        layer_name=None,
        module_name=f"_k_{fn_name}",
        forward_params=info.forward_params,
        state_args=state_args,
        init_args=tuple(init_args),
        returns=info.forward_returns,
    )
    layer, note = _layer_plan(spec, facts, reference_forward)
    if layer is None:
        return FunctionSpec(**{**spec.__dict__, "layer_note": note})
    ref_params, state_map, init_map = layer
    return FunctionSpec(
        **{
            **spec.__dict__,
            "layer_name": cls_name,
            "layer_forward_params": ref_params,
            "layer_state_map": state_map,
            "layer_init": init_map,
            "layer_note": note,
        }
    )


def _layer_plan(spec: FunctionSpec, facts: ModelFacts, reference_forward: tuple[Param, ...] | None):
    if reference_forward is None:
        return None, "no layer: no problem source to say which module it replaces"
    if facts.layer_state_map is None:
        return None, "; ".join(facts.notes) or "no layer: state could not be mapped"
    if [p.kind for p in reference_forward] != [p.kind for p in spec.forward_params]:
        return None, "no layer: reference Model.forward and ModelNew.forward take different parameters"
    state_map = {s.arg: facts.layer_state_map[s.state] for s in spec.state_args}
    init_map: dict[str, str] = {}
    fixed = []
    for arg in spec.init_args:
        if arg.name in facts.reference_attrs:
            path = facts.reference_attrs[arg.name]
            init_map[arg.name] = f"self.{path}" if "." not in path else f'_attr_path(self, "{path}")'

        elif arg.validated is not None:
            init_map[arg.name] = arg.validated
            fixed.append(f"{arg.name}={arg.validated}")
        elif arg.default is not None:
            init_map[arg.name] = arg.default
            fixed.append(f"{arg.name}={arg.default}")
        else:
            return None, f"no layer: constructor argument {arg.name!r} is neither stored on Model nor known"
    note = f"state mapped by {facts.layer_map_method}" if state_map else ""
    if fixed:
        note = "; ".join(
            filter(None, [note, "constructor arguments fixed to the validated values: " + ", ".join(fixed)])
        )
    return (reference_forward, state_map, init_map), note


def _param_text(p: Param) -> str:
    text = p.name
    if p.annotation:
        text += f": {p.annotation}"
    if p.default is not None:
        text += f" = {p.default}" if p.annotation else f"={p.default}"
    return text


def _signature_text(spec: FunctionSpec) -> str:
    positional = [_param_text(p) for p in spec.forward_params if p.kind == "positional"]
    keyword = [_param_text(p) for p in spec.forward_params if p.kind == "keyword"]
    keyword += [f"{s.arg}: torch.Tensor" for s in spec.state_args]
    keyword += [f"{i.name}={i.default}" if i.default is not None else i.name for i in spec.init_args]
    parts = positional + (["*", *keyword] if keyword else [])
    returns = f" -> {spec.returns}" if spec.returns else ""
    return f"{spec.function_name}({', '.join(parts)}){returns}"


def functions_source(specs: list[FunctionSpec], docs: dict[str, str]) -> str:
    lines = [
        '"""Plain-function API: each function runs one validated kernel (see README.md on the Hub)."""',
        "",
        "from __future__ import annotations",
        "",
        "import torch",
        "",
        "from ._runtime import run_model as _run_model",
    ]
    lines += [f"from . import {s.module_name}" for s in specs]
    lines.append("")
    for spec in specs:
        args = ", ".join(p.name for p in spec.forward_params if p.kind == "positional")
        kwargs = ", ".join(f'"{p.name}": {p.name}' for p in spec.forward_params if p.kind == "keyword")
        init = ", ".join(f'"{i.name}": {i.name}' for i in spec.init_args)
        state = ", ".join(f'"{s.state}": {s.arg}' for s in spec.state_args)
        lines += [
            "",
            f"def {spec.signature()}:",
            _indent(f'"""{_doc_text(docs.get(spec.function_name, ""))}\n"""'),
            f"    return _run_model({spec.module_name}.ModelNew, {{{init}}}, ({args}{',' if args else ''}), "
            f"{{{kwargs}}}, {{{state}}})",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def layers_source(specs: list[FunctionSpec]) -> str:
    lines = [
        '"""Layers for kernels.kernelize: each replaces the forward of a module shaped like the problem\'s Model."""',
        "",
        "from __future__ import annotations",
        "",
        "import torch",
        "from torch import nn",
        "",
        "from ._functions import " + ", ".join(s.function_name for s in specs if s.layer_name)
        if any(s.layer_name for s in specs)
        else "",
        "from ._runtime import attr_path as _attr_path",
        "",
    ]
    names = []
    for spec in specs:
        if spec.layer_name is None:
            continue
        names.append(spec.layer_name)
        assert spec.layer_state_map is not None and spec.layer_init is not None
        ref_names = [p.name for p in spec.layer_forward_params]
        call = [n for p, n in zip(spec.forward_params, ref_names) if p.kind == "positional"]
        call += [f"{p.name}={n}" for p, n in zip(spec.forward_params, ref_names) if p.kind == "keyword"]
        call += [f'{arg}=_attr_path(self, "{path}")' for arg, path in spec.layer_state_map.items()]
        call += [f"{name}={expr}" for name, expr in spec.layer_init.items()]
        params = ["self"]
        positional = [_param_text(p) for p in spec.layer_forward_params if p.kind == "positional"]
        keyword = [_param_text(p) for p in spec.layer_forward_params if p.kind == "keyword"]
        params += positional + (["*", *keyword] if keyword else [])
        doc = f"Forward of `{spec.function_name}` on a module shaped like the reference Model."
        if spec.layer_note:
            doc += f" ({spec.layer_note})"
        lines += [
            "",
            f"class {spec.layer_name}(nn.Module):",
            _indent(f'"""{_doc_text(doc)}"""'),
            "",
            "    has_backward = False  # forward-only Triton kernels: no autograd formula",
            "",
            f"    def forward({', '.join(params)}):",
            f"        return {spec.function_name}({', '.join(call)})",
            "",
        ]
    lines += ["", f"__all__ = {names!r}"]
    return "\n".join(lines).rstrip() + "\n"


def init_source(specs: list[FunctionSpec], *, title: str) -> str:
    names = sorted(s.function_name for s in specs)
    return "\n".join(
        [
            f'"""{title}"""',
            "",
            "from . import layers",
            f"from ._functions import {', '.join(names)}",
            "from ._ops import add_op_namespace_prefix, ops",
            "",
            f"__all__ = {[*names, 'layers', 'ops', 'add_op_namespace_prefix']!r}",
            "",
        ]
    )


def ops_source(op_namespace: str) -> str:
    return "\n".join(
        [
            '"""Torch-ops namespace of this build: unique per build, so two builds never clash."""',
            "",
            "import torch",
            "",
            f"ops = getattr(torch.ops, {op_namespace!r})",
            "",
            "",
            "def add_op_namespace_prefix(op_name: str) -> str:",
            '    """Prefix ``op_name`` with this build\'s namespace (for torch.library.custom_op)."""',
            f'    return f"{op_namespace}::{{op_name}}"',
            "",
        ]
    )


def _doc_text(text: str) -> str:
    """Text that is safe inside a triple-quoted docstring."""
    return text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _indent(text: str) -> str:
    return "\n".join(("    " + line) if line else line for line in text.splitlines())
