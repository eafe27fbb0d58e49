"""``generate_starter``: a problem's reference ``Model`` -> a standalone, readable ``ModelNew`` source.

The starter is the first candidate of a search: generated Triton kernels for what the generator
covers (fused elementwise chains and epilogues, reductions, softmax, normalisations, matmul,
convolution, pooling, scans), library calls for the rest, each one listed with its reason.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from . import _templates as T

HEAVY_CHOICES = ("auto", "library", "kernel")


@dataclass(frozen=True, kw_only=True)
class Starter:
    """A generated starting kernel.

    Attributes:
        source: the ModelNew file (imports only torch, triton, triton.language, math).
        covered: operations turned into generated Triton kernels, e.g. ``fused elementwise: relu,mul``.
        fallbacks: operations left to PyTorch library calls, each with its reason.
        tunables: the values used, by module-constant name (e.g. ``BLOCK_SIZE``).
        space: allowed values per tunable, for the search to vary.
        notes: how the reference was traced (fallback steps taken).
        engines: engine tunables (``MM_ENGINE``, ``CONV_ENGINE``: "library" or "triton") mapped to the prefix of
            the tunables that act only when the engine is "triton" (empty prefix when other ops use them too).
        presets: named sets of tunable values the tuner tries as one move (see ``Family.presets``).
        admissible: tunable -> {value: judging protocols under which the search may try it} (``Family.admissible``);
            `space_for` and `presets_for` apply it.
        launch_blind: tunables whose effect a dry run's launch list cannot show (``Family.launch_blind``).
    """

    source: str
    covered: tuple[str, ...]
    fallbacks: tuple[str, ...]
    tunables: dict = field(default_factory=dict)
    space: dict = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    engines: dict = field(default_factory=dict)
    presets: dict = field(default_factory=dict)
    admissible: dict = field(default_factory=dict)
    launch_blind: tuple = ()

    def allows(self, name: str, value, protocol: str) -> bool:
        """Whether the search may set ``name`` to ``value`` under judging protocol ``protocol`` ("" when unknown:
        only values admissible under every protocol)."""
        protocols = self.admissible.get(name, {}).get(value)
        return protocols is None or protocol in protocols

    def space_for(self, protocol: str) -> dict:
        """``space`` without the values the protocol does not admit."""
        return {k: [v for v in vs if self.allows(k, v, protocol)] for k, vs in self.space.items()}

    def presets_for(self, protocol: str) -> dict:
        """``presets`` without those that set a value the protocol does not admit."""
        return {name: values for name, values in self.presets.items()
                if all(self.allows(k, v, protocol) for k, v in values.items())}

    def inert(self, values: dict) -> set[str]:
        """Tunables that change nothing under ``values``: a family's knobs while its engine is the library, and the
        library call's knobs (``LIB_`` + the family's prefix, e.g. LIB_CONV_LAYOUT) while it is the generated kernel."""
        return {name for engine, prefix in self.engines.items() if prefix
                for name in self.space
                if (values.get(engine) == "library" and name.startswith(prefix) and name != engine)
                or (values.get(engine) == "triton" and name.startswith("LIB_" + prefix))}

    def regime(self, name: str, values: dict) -> tuple:
        """The settings that decide which code the tunable ``name`` tunes, under ``values``: its family's
        categorical tunables (a string or a bool: engine, precision path, algorithm, layout), itself left out, as
        sorted (name, value) pairs. A tile shape that never came near the best kernel on one precision path may on
        another (the fp32 convolution's tiles against the TF32 one's), so the tuner judges a setting dead per
        regime."""
        family = _family_of(name)
        return tuple(sorted((k, values[k]) for k in self.space
                            if k != name and isinstance(values.get(k), (str, bool)) and _family_of(k) == family))

    @property
    def has_kernel(self) -> bool:
        """True when ModelNew launches at least one generated kernel."""
        return bool(self.covered)


def generate_starter(problem, tunables: dict | None = None, *, heavy: str = "auto") -> Starter:
    """Generate the starter ModelNew of ``problem`` (an ``autokernel.problem.Problem``).

    ``tunables`` overrides default values (keys from ``Starter.tunables``; values from ``Starter.space``);
    unknown keys or values raise ValueError. ``heavy`` says what to do with matmul/linear/conv:
    ``auto`` (library call when lighter ops are covered, else a generated kernel), ``library`` or ``kernel``.

    Example:
        >>> from autokernel.problem import Problem
        >>> src = '''
        ... import torch
        ... class Model(torch.nn.Module):
        ...     def forward(self, x):
        ...         return torch.relu(x) * 2.0
        ... def get_inputs():
        ...     return [torch.rand(4, 5)]
        ... def get_init_inputs():
        ...     return []
        ... '''
        >>> st = generate_starter(Problem.from_source(src, name="relu_mul"))
        >>> st.covered
        ('fused elementwise: relu,mul',)
    """
    from ._emit import EmitError, Emitter, assemble, split_problem
    from ._plan import ENGINE_KINDS, make_plan
    from ._trace import TraceError, trace_problem

    if heavy not in HEAVY_CHOICES:
        raise ValueError(f"heavy={heavy!r}: choose one of {', '.join(HEAVY_CHOICES)}")
    try:
        traced = trace_problem(problem.source)
    except TraceError as exc:
        return _layer_starter(problem, f"whole model: tracing failed ({exc})", tunables)
    plan = make_plan(traced.gm, heavy)
    # first pass: find the families used, so that only their tunables exist
    try:
        probe = Emitter(plan, traced.gm, {}, traced.model)
        probe_forward = probe.forward_source()
    except EmitError as exc:
        return _layer_starter(problem, f"whole model: {exc}", tunables)
    if not probe.covered:  # nothing in the traced graph has a kernel: maybe its layers do, called as written
        reason = "; ".join(_dedupe(probe.fallbacks)) or "no op covered"
        layered = _layer_starter(problem, reason, tunables, model=traced.model)
        if layered.has_kernel:
            return layered
    engines = {e: "" if ENGINE_KINDS[e] & probe.direct_kinds else e.split("_")[0] + "_" for e in probe.switches}
    steps = _forward_steps(probe_forward)
    families = [*probe.families, *(["graph"] if probe.covered and _launch_bound(problem, steps) else [])]
    values, space = _family_tunables(families, tunables, engines)
    space = _search_space(space, traced.model, probe.chains)
    globals_src, class_src = split_problem(problem.source)
    source = assemble(
        title=problem.name,
        covered=probe.covered,
        fallbacks=_dedupe(probe.fallbacks),
        tunables=values,
        problem_globals=globals_src,
        families=families,
        kernels=probe.kernels,
        class_src=class_src,
        forward_src=probe_forward,
    )
    return Starter(
        source=source,
        covered=tuple(probe.covered),
        fallbacks=tuple(_dedupe(probe.fallbacks)),
        tunables=values,
        space=space,
        notes=tuple(traced.notes),
        engines=engines,
        presets=_presets(families, space),
        admissible=_admissible(families, space),
        launch_blind=_launch_blind(families, space),
    )


# A forward of this many steps (kernel launches and library calls) or more is offered CUDA graphs (CUDA_GRAPH): its
# host launch work is what a graph saves. KernelBench's level 3 (whole models) always is.
GRAPH_MIN_STEPS = 8


def _forward_steps(forward: str) -> int:
    """Kernel launches and library calls of a generated forward, the way the library call runs it: a fused
    convolution's generated path (the lines under ``if CONV_ENGINE == 'triton':``) and the ``if``/``else`` lines
    themselves are not counted, so fusing does not make a forward look longer than it runs."""
    steps, fused = 0, False
    for line in forward.splitlines()[1:]:
        text = line.strip()
        if text.startswith("if ") and text.endswith(":"):
            fused = True
        elif text == "else:":
            fused = False
        elif not fused and text and not text.startswith("return"):
            steps += 1
    return steps


def _launch_bound(problem, steps: int) -> bool:
    """Whether a model may be launch-bound: a level-3 problem, or a forward of `GRAPH_MIN_STEPS` steps or more."""
    return getattr(problem, "level", None) == 3 or steps >= GRAPH_MIN_STEPS


def _launch_blind(families, space: dict) -> tuple:
    """The tunables (of those varied) whose effect a dry run's launch list cannot show (``Family.launch_blind``)."""
    return tuple(name for f in families for name in T.FAMILIES[f].launch_blind if name in space)


# Tunables the search reaches last: they change nothing for most problems of their family (split-K only
# acts when the output has too few tiles for the GPU).
_LATE_TUNABLES = ("MM_SPLIT_K",)
# ... and first: CUDA graphs change a launch-bound model's cost as a whole, and a library convolution's format the
# cost of the call that is most of a convolution model's time, where one kernel's knob changes a part
_EARLY_TUNABLES = ("CUDA_GRAPH", "LIB_CONV_LAYOUT")


def _search_space(space: dict, model, chains: int = 0) -> dict:
    """The tunables worth varying for this problem, in the order the tuner tries them: the depthwise
    ones only where a depthwise convolution is generated, the implicit GEMM's only where another
    convolution is, the fusion boundary (CONV_FUSE) only where ``chains`` convolutions have tails or a pool fused,
    CUDA graphs and the library convolution's format first, split-K last (a change that does nothing would cost an
    evaluation)."""
    from torch import nn

    convs = [m for m in (model.modules() if model is not None else ()) if isinstance(m, nn.modules.conv._ConvNd)]
    depthwise = [m for m in convs if not m.transposed and m.groups == m.in_channels]
    if not depthwise:
        drop = {"CONV_DEPTHWISE", "CONV_DW_BLOCK"}
    elif len(depthwise) == len(convs):  # only the direct kernel runs (by default): the GEMM's tiles do nothing
        drop = {"CONV_PRECISION", "CONV_ALGO", "CONV_BLOCK_M", "CONV_BLOCK_N", "CONV_BLOCK_K", "CONV_NUM_STAGES",
                "CONV_TILE_ORDER"}
    else:
        drop = set()
    if not chains:
        drop.add("CONV_FUSE")
    if "CONV_FMA_BELOW" in space:  # only thresholds above some generated convolution's channels a group change it
        gemm = [m.in_channels // m.groups for m in convs if m not in depthwise]
        fma = [v for v in space["CONV_FMA_BELOW"] if v == 0 or any(c < v for c in gemm)]
        space = {**space, "CONV_FMA_BELOW": fma}
        if len(fma) < 2:
            drop.add("CONV_FMA_BELOW")
    kept = {k: space[k] for k in _EARLY_TUNABLES if k in space}
    kept.update({k: v for k, v in space.items() if k not in drop and k not in _LATE_TUNABLES})
    kept.update({k: space[k] for k in _LATE_TUNABLES if k in space})
    return kept


def _dedupe(items) -> list:
    return list(dict.fromkeys(items))


def _apply_overrides(values: dict, space: dict, overrides: dict | None) -> dict:
    values = dict(values)
    for key, value in (overrides or {}).items():
        if key not in values:
            known = ", ".join(sorted(values)) or "none (no generated kernel)"
            raise ValueError(f"unknown tunable {key!r} for this starter; known: {known}")
        if value not in space[key]:
            raise ValueError(f"tunable {key}={value!r} not allowed; choose one of {space[key]}")
        values[key] = value
    return values


ENGINE_CHOICES = ["library", "triton"]  # values of the engine tunables (_plan.ENGINE_KINDS); the first is the default


@functools.cache
def _family_of(name: str) -> str | None:
    """The template family a tunable belongs to; an engine switch (``CONV_ENGINE``) belongs to the family whose
    knobs it switches on (``CONV_*``)."""
    if name.endswith("_ENGINE"):
        prefix = name[: -len("ENGINE")]
        name = next((k for f in T.FAMILIES.values() for k in f.space if k.startswith(prefix)), name)
    return next((f.name for f in T.FAMILIES.values() if name in f.space or name in f.defaults), None)


def _family_tunables(families, tunables: dict | None, engines=()) -> tuple[dict, dict]:
    """(values, allowed values) of the tunables of these template families and engine switches, with the
    caller's overrides."""
    values, space = {}, {}
    for engine in engines:
        values[engine], space[engine] = ENGINE_CHOICES[0], list(ENGINE_CHOICES)
    for f in families:
        values.update(T.FAMILIES[f].defaults)
        space.update(T.FAMILIES[f].space)
    return _apply_overrides(values, space, tunables), space


def configured_starter(problem, *, preset: str | None = None, tunables: dict | None = None) -> Starter:
    """The starter of ``problem`` from a named preset (a unique case-insensitive prefix of one of
    ``Starter.presets``) with ``tunables`` on top; ValueError naming the choices when either does not fit."""
    st = generate_starter(problem)
    values: dict = {}
    if preset:
        names = [n for n in st.presets if n.lower().startswith(preset.lower())]
        if len(names) != 1:
            have = "; ".join(repr(n) for n in st.presets) or "none for this problem"
            raise ValueError(f"--preset {preset!r} matches {len(names)} presets; presets: {have}")
        values.update(st.presets[names[0]])
    values.update(tunables or {})
    return generate_starter(problem, tunables=values) if values else st


def _presets(families, space: dict) -> dict:
    """The families' presets, each cut to the tunables this starter varies (kept when all its values are allowed).
    A preset that sets a tunable this starter does not vary to other than its default is left out: that setting
    is what it is for (the CUDA-core convolution for few channels, where every convolution has many)."""
    out = {}
    for f in families:
        family = T.FAMILIES[f]
        for name, values in family.presets.items():
            if any(k not in space and k in family.defaults and v != family.defaults[k] for k, v in values.items()):
                continue
            kept = {k: v for k, v in values.items() if k in space}
            if kept and all(v in space[k] for k, v in kept.items()):
                out[name] = kept
    return out


def _admissible(families, space: dict) -> dict:
    """The families' protocol-restricted values (``Family.admissible``) of the tunables this starter varies."""
    out: dict = {}
    for f in families:
        for name, values in T.FAMILIES[f].admissible.items():
            if name in space:
                out.setdefault(name, {}).update(values)
    return out


def _layer_starter(problem, reason: str, tunables: dict | None, *, model=None) -> Starter:
    """When the whole model cannot be generated: ``ModelNew(Model)`` with the reference's forward as written and
    its supported layers switched to kernel-backed subclasses (``_swap``); the library starter if it has none.
    ``model``: the reference already built (on any device), else it is built here."""
    from . import _swap
    from ._emit import assemble

    if model is None:
        model = _swap.build_model(problem.source)
    types = _swap.swappable_types(model) if model is not None else {}
    if not types:
        return _library_starter(problem, reason, tunables)
    families = _dedupe(f for name in types for f in T.KIND_FAMILIES[_swap.SWAPS[name].kind])
    if _launch_bound(problem, sum(1 for _ in model.modules()) - 1):  # steps unknown: a step per submodule
        families.append("graph")
    values, space = _family_tunables(families, tunables)
    labels = _dedupe(_swap.SWAPS[name].kind for name in types)
    covered = tuple(
        f"{kind} layers: " + ", ".join(f"{name} x{n}" for name, n in types.items() if _swap.SWAPS[name].kind == kind)
        for kind in labels
    )
    fallbacks = (f"{reason}; the reference's forward runs as written, its other operations in PyTorch",)
    source = assemble(
        title=problem.name,
        covered=covered,
        fallbacks=fallbacks,
        tunables=values,
        problem_globals=_swap.problem_code(problem.source),
        families=families,
        kernels=[],
        class_src="",
        forward_src=_swap.class_source(types),
    )
    space = _search_space(space, model)
    return Starter(source=source, covered=covered, fallbacks=fallbacks, tunables=values, space=space,
                   notes=(reason,), presets=_presets(families, space), admissible=_admissible(families, space),
                   launch_blind=_launch_blind(families, space))


def _library_starter(problem, reason: str, tunables: dict | None) -> Starter:
    """The reference itself as ModelNew (no generated kernel): the last step of the fallback chain."""
    import ast

    _apply_overrides({}, {}, tunables)
    tree = ast.parse(problem.source)
    lines = problem.source.splitlines()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Model":
            lines[node.lineno - 1] = lines[node.lineno - 1].replace("class Model", "class ModelNew", 1)
    src = "\n".join(lines).replace("super(Model, self)", "super(ModelNew, self)")
    header = f'"""Starter for {problem.name}: no generated kernel ({reason}); library code only."""\n'
    return Starter(source=header + src + "\n", covered=(), fallbacks=(reason,), tunables={}, space={})
