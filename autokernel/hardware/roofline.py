"""Per-problem roofline: the work a problem implies, the fastest it could possibly run, and a plausibility gate.

``count_work`` runs the reference model once, by default on the ``meta`` device (shapes only, no data,
so even 32768² problems cost nothing), and counts:

- matmul FLOPs (mm, bmm, convolutions, attention) with ``torch.utils.flop_counter.FlopCounterMode``;
- pointwise FLOPs: one per output element of each elementwise aten op;
- other FLOPs (reductions, softmax, norms, pooling): one per element read or written, whichever is more;
- the fewest bytes that must move: inputs, the parameters and buffers the forward reads, and outputs, once.

``roofline`` turns that into ``floor_ms = max(compute_ms, memory_ms)`` against a GPU's ceilings, using the
fastest arithmetic the problem's tolerance admits (``allow_tf32``, ``allow_half``, ``allow_fp8``; see
``admitted_arithmetic``). The floor is meant to be a *lower bound*, so every choice errs low:

- tensor-core work and vector work overlap, so compute time is the larger of the two, not the sum;
- elementwise ops count one FLOP each (exp, tanh cost more);
- a matmul with a structured operand (made by ``triu``/``tril``/``diag``/``eye``) does not bind the
  floor, because a kernel may skip the zeros (KernelBench L1 12, 14, 15), and such inputs count only
  their possibly-nonzero fraction of bytes;
- the compute floor counts direct-algorithm FLOPs; a Winograd/FFT convolution or Strassen matmul can
  beat it (Winograd F(4x4, 3x3) needs a quarter of the multiplies), so ``plausibility`` allows a
  compute-bound convolution down to a quarter of its floor (noted in ``Roofline.notes`` for convs).

The ceilings are the higher of measured and datasheet rates (``gpus.merge``), so the floor is a lower bound:
a measured median below it is physically impossible, ``plausibility`` fails and the kernel is quarantined.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from autokernel.hardware.gpus import Ceilings
from autokernel.problem import Problem, ProblemError
from autokernel.records import Check

Bound = Literal["memory", "compute"]
HALF_DTYPES = ("fp16", "bf16")

# Ops that move or create data but compute nothing (views are detected via ``OpOverload.is_view``).
_NO_WORK = frozenset({
    "clone", "_to_copy", "copy", "copy_", "contiguous", "lift_fresh", "lift_fresh_copy", "detach", "alias",
    "cat", "stack", "index", "index_select", "gather", "scatter", "slice_scatter", "select_scatter",
    "constant_pad_nd", "repeat", "flip", "roll", "fill", "fill_", "zero_", "zeros_like", "ones_like",
    "empty_like", "full_like", "new_empty", "new_zeros", "new_ones", "new_full", "embedding", "triu", "tril",
    "diag_embed", "diag", "eye", "masked_select", "nonzero", "resize_", "set_", "empty_strided",
})  # fmt: skip
# Ops whose output keeps the zero pattern of their (first) input.
_KEEPS_STRUCTURE = frozenset({
    "clone", "_to_copy", "copy", "contiguous", "lift_fresh", "lift_fresh_copy", "detach", "alias", "t",
    "transpose", "permute", "view", "_unsafe_view", "reshape", "expand", "mul", "div", "neg", "relu",
})  # fmt: skip
_STRUCTURED_DENSITY_LIMIT = 0.75  # an operand at most this dense counts as structured


class RooflineError(ValueError):
    """A problem whose work cannot be counted, or ceilings that cannot give a floor."""


@dataclass(frozen=True, kw_only=True)
class WorkCount:
    """What one forward call of a problem's reference must do, independent of the GPU."""

    matmul_flops: int  # from FlopCounterMode: matmuls, convolutions, attention (tensor-core eligible)
    structured_matmul_flops: int  # part of matmul_flops with a structured operand: does not bind the floor
    pointwise_flops: int  # one per output element of each elementwise op
    other_flops: int  # reductions, softmax, norms, pooling: one per element touched
    input_bytes: int  # inputs the forward reads (structured inputs: their possibly-nonzero part only)
    parameter_bytes: int  # parameters and buffers the forward reads
    output_bytes: int
    dtype: str  # "fp32", "fp16" or "bf16": the floating dtype the problem computes in
    has_convolution: bool = False
    notes: tuple[str, ...] = ()

    @property
    def flops(self) -> int:
        return self.matmul_flops + self.pointwise_flops + self.other_flops

    @property
    def bytes(self) -> int:
        return self.input_bytes + self.parameter_bytes + self.output_bytes


@dataclass(frozen=True, kw_only=True)
class Roofline:
    """The floor time of one problem on one GPU and how it was obtained."""

    flops: int
    bytes: int
    floor_ms: float
    bound: Bound
    peak_used: str  # human-readable: the rates the floor was computed with
    compute_ms: float
    memory_ms: float
    matmul_precision: str  # the fastest arithmetic admitted for matmuls: fp32, tf32, fp16, bf16, fp8
    matmul_tflops: float
    vector_tflops: float
    memory_gbps: float
    gpu_name: str = ""
    work: WorkCount | None = None
    notes: tuple[str, ...] = ()

    def pct_of_floor(self, latency_ms: float) -> float:
        """How close a measured latency is to the floor: ``floor_ms / latency_ms * 100`` (100 = at the floor)."""
        return pct_of_floor(latency_ms, self)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def pct_of_floor(latency_ms: float, roofline: Roofline) -> float:
    """``floor_ms / latency_ms * 100``; over 100 means faster than the floor (impossible)."""
    if latency_ms <= 0:
        raise ValueError(f"latency must be positive, got {latency_ms} ms")
    return roofline.floor_ms / latency_ms * 100


def admitted_arithmetic(dtype: str, tolerance: float) -> dict[str, bool]:
    """The fastest arithmetic a kernel may use and still pass ``atol = rtol = tolerance``.

    Generous on purpose (a floor must not quarantine honest kernels):
    - TF32 (10-bit mantissa) for fp32 problems at tolerance ≥ 1e-4; PyTorch already runs fp32
      convolutions in TF32 by default, and KernelBench's fp32 tolerance is 1e-4 (``main``) or 1e-2 (v0.1);
    - fp16/bf16 tensor cores for fp32 problems at tolerance ≥ 1e-2 (KernelBench v0.1's "generous threshold
      enabling precision changes");
    - fp8 at tolerance ≥ 1e-1 (e4m3 rounds at ~6%).
    """
    if dtype not in ("fp32", *HALF_DTYPES):
        raise ValueError(f"dtype must be fp32, fp16 or bf16, got {dtype!r}")
    return {
        "allow_tf32": dtype == "fp32" and tolerance >= 1e-4,
        "allow_half": dtype == "fp32" and tolerance >= 1e-2,
        "allow_fp8": tolerance >= 1e-1,
    }


def matmul_rate(
    ceilings: Ceilings,
    dtype: str,
    *,
    allow_tf32: bool = True,
    allow_half: bool = False,
    allow_fp8: bool = False,
) -> tuple[str, float]:
    """The fastest admitted matmul precision on this GPU and its rate in TFLOP/s.

    ``allow_tf32`` (fp32 problems): matmuls/convolutions may run in TF32; True by default because PyTorch
    runs fp32 convolutions in TF32 by default and a floor must not sit above what the reference itself does.
    ``allow_half``: fp32 problems may use fp16/bf16 tensor cores (loose tolerances only).
    ``allow_fp8``: fp8 tensor cores.
    """
    if dtype == "fp32":
        names = ["fp32"] + ["tf32"] * allow_tf32 + ["fp16", "bf16"] * allow_half
    elif dtype in HALF_DTYPES:
        names = [dtype, *(d for d in HALF_DTYPES if d != dtype)]  # on a tie, report the problem's own dtype
    else:
        raise ValueError(f"dtype must be fp32, fp16 or bf16, got {dtype!r}")
    names += ["fp8"] * allow_fp8
    rates = [(n, ceilings.rate_tflops(n)) for n in names]
    known = [(n, r) for n, r in rates if r]
    if not known:
        raise RooflineError(
            f"no matmul rate known for {dtype} on {ceilings.gpu_name} (tried {', '.join(names)}); "
            "run `autokernel-kb calibrate` on that GPU"
        )
    return max(known, key=lambda nr: nr[1])


def roofline(
    problem_or_work: Problem | WorkCount,
    ceilings: Ceilings,
    *,
    allow_tf32: bool = True,
    allow_half: bool = False,
    allow_fp8: bool = False,
    dtype: str | None = None,
) -> Roofline:
    """The floor time of a problem on the GPU described by ``ceilings``.

    ``floor_ms = max(compute_ms, memory_ms)`` with ``compute_ms`` the larger of binding matmul FLOPs at the
    fastest admitted matmul rate and the other FLOPs at the FP32 vector rate, and ``memory_ms`` the fewest
    bytes at the copy bandwidth. See the module docstring for why each choice errs low.

    Example:
        >>> from autokernel.hardware.gpus import merge, lookup
        >>> work = WorkCount(matmul_flops=2 * 4096**3, structured_matmul_flops=0, pointwise_flops=0,
        ...                  other_flops=0, input_bytes=2 * 4096**2 * 4, parameter_bytes=0,
        ...                  output_bytes=4096**2 * 4, dtype="fp32")
        >>> r = roofline(work, merge(lookup("NVIDIA H200"), None))
        >>> r.bound, r.matmul_precision, round(r.floor_ms, 3)
        ('compute', 'tf32', 0.278)
    """
    work = (
        problem_or_work
        if isinstance(problem_or_work, WorkCount)
        else count_work(problem_or_work, dtype=dtype)
    )
    if ceilings.memory_gbps is None or ceilings.fp32_tflops is None:
        raise RooflineError(
            f"{ceilings.gpu_name}: memory bandwidth or FP32 rate unknown; run `autokernel-kb calibrate` on it"
        )
    precision, mm_tflops = matmul_rate(
        ceilings, work.dtype, allow_tf32=allow_tf32, allow_half=allow_half, allow_fp8=allow_fp8
    )
    vector_tflops = ceilings.fp32_tflops
    binding_mm = work.matmul_flops - work.structured_matmul_flops
    matmul_ms = binding_mm / (mm_tflops * 1e12) * 1e3
    vector_ms = (work.pointwise_flops + work.other_flops) / (vector_tflops * 1e12) * 1e3
    compute_ms = max(matmul_ms, vector_ms)
    memory_ms = work.bytes / (ceilings.memory_gbps * 1e9) * 1e3
    bound: Bound = "compute" if compute_ms > memory_ms else "memory"
    src = ceilings.sources
    peak_used = (
        f"{precision} matmul {mm_tflops:,.1f} TFLOP/s ({src.get(f'{precision}_tflops', '?')}); "
        f"fp32 vector {vector_tflops:,.1f} TFLOP/s ({src.get('fp32_tflops', '?')}); "
        f"memory {ceilings.memory_gbps:,.0f} GB/s ({src.get('memory_gbps', '?')})"
    )
    notes = list(work.notes)
    if work.has_convolution:
        notes.append("convolution FLOPs are direct-algorithm counts; Winograd/FFT kernels may need less")
    return Roofline(
        flops=work.flops,
        bytes=work.bytes,
        floor_ms=max(compute_ms, memory_ms),
        bound=bound,
        peak_used=peak_used,
        compute_ms=compute_ms,
        memory_ms=memory_ms,
        matmul_precision=precision,
        matmul_tflops=mm_tflops,
        vector_tflops=vector_tflops,
        memory_gbps=ceilings.memory_gbps,
        gpu_name=ceilings.gpu_name,
        work=work,
        notes=tuple(notes),
    )


def roofline_at_tolerance(
    problem: Problem, ceilings: Ceilings, *, tolerance: float, dtype: str | None = None
) -> Roofline:
    """``roofline`` with the arithmetic ``admitted_arithmetic`` allows at ``atol = rtol = tolerance``.

    ``tolerance`` is what the harness checks outputs with (e.g. ``autokernel.evaluate.config.tolerance_for``);
    ``dtype`` is the precision the harness runs the problem in (None: what the problem makes).
    """
    work = count_work(problem, dtype=dtype)
    return roofline(work, ceilings, **admitted_arithmetic(work.dtype, tolerance))


# A compute-bound convolution may use a fast algorithm (Winograd, FFT) that needs fewer multiplies than the
# direct count the floor uses: allowed down to this fraction of its floor.
CONVOLUTION_SLACK = 0.25


def plausibility(latency_ms: float, roofline: Roofline, slack: float | None = None) -> Check:
    """Fail when ``latency_ms`` is below ``slack * floor_ms``: faster than physically possible.

    ``slack`` (default): 1, the floor itself (its rates are the higher of measured and datasheet, a lower
    bound on time), except a compute-bound convolution's, `CONVOLUTION_SLACK`.
    """
    if slack is None:
        conv = roofline.work is not None and roofline.work.has_convolution
        slack = CONVOLUTION_SLACK if conv and roofline.bound == "compute" else 1.0
    if not 0 < slack <= 1:
        raise ValueError(f"slack must be in (0, 1], got {slack}")
    figures = {
        "latency_ms": latency_ms,
        "floor_ms": roofline.floor_ms,
        "slack": slack,
        "bound": roofline.bound,
        "flops": roofline.flops,
        "bytes": roofline.bytes,
        "peak_used": roofline.peak_used,
        "vector_tflops": roofline.vector_tflops,
        "memory_gbps": roofline.memory_gbps,
    }
    if latency_ms <= 0:
        return Check(name="plausibility", passed=False, figures=figures,
                     reason=f"non-positive latency {latency_ms} ms: the timing is broken; quarantined")  # fmt: skip
    figures["pct_of_floor"] = roofline.pct_of_floor(latency_ms)
    limit_ms = slack * roofline.floor_ms
    if latency_ms < limit_ms:
        return Check(
            name="plausibility",
            passed=False,
            figures=figures,
            reason=(
                f"faster than physically possible: {latency_ms:.4g} ms < {slack:g} x floor "
                f"{roofline.floor_ms:.4g} ms ({roofline.bound}-bound: {roofline.flops:.4g} FLOP, "
                f"{roofline.bytes:.4g} bytes at {roofline.peak_used}); quarantined"
            ),
        )
    return Check(
        name="plausibility",
        passed=True,
        figures=figures,
        reason=f"{figures['pct_of_floor']:.1f}% of the {roofline.bound}-bound floor {roofline.floor_ms:.4g} ms",
    )


# ---------------------------------------------------------------------------------------------------------
# Counting


def _dtype_name(dtype: Any) -> str:
    import torch

    names = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16"}
    if isinstance(dtype, str):
        aliases = {"float32": "fp32", "float": "fp32", "float16": "fp16", "half": "fp16", "bfloat16": "bf16"}
        dtype = aliases.get(dtype, dtype)
        if dtype not in names.values():
            raise ValueError(f"dtype must be fp32, fp16 or bf16, got {dtype!r}")
        return dtype
    if dtype not in names:
        raise ValueError(f"dtype must be float32, float16 or bfloat16, got {dtype}")
    return names[dtype]


def _torch_dtype(name: str) -> Any:
    import torch

    return {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[name]


def exec_problem(problem: Problem) -> dict[str, Any]:
    """Execute a problem's source into a fresh namespace (the three KernelBench names must be defined)."""
    namespace: dict[str, Any] = {"__name__": f"autokernel_problem_{problem.digest}"}
    try:
        exec(compile(problem.source, f"<problem {problem.name}>", "exec"), namespace)
    except Exception as exc:  # the problem source is user input: report what broke
        raise ProblemError(
            f"{problem.name}: executing the problem source failed: {type(exc).__name__}: {exc}"
        ) from exc
    return namespace


def _triangle_density(rows: int, cols: int, diagonal: int, upper: bool) -> float:
    if rows == 0 or cols == 0:
        return 1.0
    kept = 0
    for i in range(rows):
        if upper:  # keep j >= i + diagonal
            kept += max(0, cols - max(0, i + diagonal))
        else:  # keep j <= i + diagonal
            kept += max(0, min(cols, i + diagonal + 1))
    return kept / (rows * cols)


def _make_counter(flop_registry: Mapping[Any, Any]):
    """Build the dispatch mode lazily, so importing this module never imports torch."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_leaves
    from torch.utils.weak import WeakIdKeyDictionary

    class _WorkCounter(TorchDispatchMode):
        """Counts pointwise/other FLOPs and tracks structured tensors and which tensors were read."""

        def __init__(self) -> None:
            super().__init__()
            self.counting = False
            self.pointwise_flops = 0
            self.other_flops = 0
            self.structured_matmul_flops = 0
            self.has_convolution = False
            self.density: WeakIdKeyDictionary = WeakIdKeyDictionary()
            self.read_ids: set[int] = set()
            self.notes: list[str] = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            out = func(*args, **kwargs)
            name = func._overloadpacket.__name__
            tensor_args = [a for a in tree_leaves((args, kwargs)) if isinstance(a, torch.Tensor)]
            outs = [o for o in tree_leaves(out) if isinstance(o, torch.Tensor)]
            self._track_structure(name, args, tensor_args, outs)
            if not self.counting:
                return out
            self.read_ids.update(id(t) for t in tensor_args)
            if func._overloadpacket in flop_registry:
                self.has_convolution |= "conv" in name
                dens = [self.density.get(t, 1.0) for t in tensor_args]
                if dens and min(dens) <= _STRUCTURED_DENSITY_LIMIT:
                    self.structured_matmul_flops += flop_registry[func._overloadpacket](
                        *args, **kwargs, out_val=out
                    )
                    self.notes.append(f"{name}: operand is structured (zeros a kernel may skip); not binding")
            elif (
                not tensor_args  # factories (ones, arange, full): no input, nothing computed
                or func.is_view
                or name in _NO_WORK
                or torch.Tag.nondeterministic_seeded in func.tags
            ):
                pass
            elif torch.Tag.pointwise in func.tags:
                self.pointwise_flops += sum(o.numel() for o in outs)
            else:
                self.other_flops += max((t.numel() for t in (*tensor_args, *outs)), default=0)
            return out

        def _track_structure(self, name, args, tensor_args, outs) -> None:
            if not outs:
                return
            first = tensor_args[0] if tensor_args else None
            if name in ("triu", "tril") and first is not None and first.dim() >= 2:
                diagonal = args[1] if len(args) > 1 else 0
                rows, cols = first.shape[-2], first.shape[-1]
                d = _triangle_density(rows, cols, int(diagonal), upper=name == "triu")
                self.density[outs[0]] = d * self.density.get(first, 1.0)
            elif name in ("diag", "diag_embed", "diagflat") and first is not None and outs[0].dim() >= 2:
                self.density[outs[0]] = first.numel() / max(1, outs[0].numel())
            elif name == "eye":
                self.density[outs[0]] = 1 / max(1, outs[0].shape[-1])
            elif name in _KEEPS_STRUCTURE and first is not None and first in self.density:
                self.density[outs[0]] = self.density[first]

    return _WorkCounter()


def _make_device_redirect(device: Any):
    """Send explicit devices in problem code (``device='cuda'``, ``.cuda()``) to the counting device."""
    import torch
    from torch.overrides import TorchFunctionMode

    target = torch.device(device)

    def is_device(value: Any) -> bool:
        return isinstance(value, torch.device) or (
            isinstance(value, str) and value.split(":")[0] in ("cuda", "cpu", "meta", "hip")
        )

    class _DeviceRedirect(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = dict(kwargs or {})
            if func is torch.Tensor.cuda:
                return args[0].to(target)
            if func is torch.Tensor.to:
                args = tuple(target if is_device(a) else a for a in args)
            if kwargs.get("device") is not None:
                kwargs["device"] = target
            return func(*args, **kwargs)

    return _DeviceRedirect()


_WORK_CACHE: dict[tuple[str, str, str], WorkCount] = {}


def count_work(
    problem: Problem, *, dtype: Any = None, device: str = "meta", fallback_device: str | None = "cpu"
) -> WorkCount:
    """Count the FLOPs and minimum bytes of one forward call of ``problem``'s reference.

    ``device="meta"`` (default) builds the model and inputs as shapes only: no memory, no arithmetic.
    ``device="cpu"`` really runs it (use ``problem.scaled(k)`` to keep that cheap); it gives the same counts.
    A problem that needs data (``.item()``, data-dependent shapes) fails on meta and is retried on
    ``fallback_device``. ``dtype`` casts floating inputs and parameters (``"fp32"``, ``"bf16"``,
    ``torch.float16`` ...) the way the harness does; None keeps what the problem makes. Integer inputs stay
    integer either way. Results are cached in memory per (problem digest, dtype, device).

    Example:
        >>> source = (
        ...     "import torch\\nclass Model(torch.nn.Module):\\n"
        ...     "    def forward(self, a, b):\\n        return torch.relu(a @ b)\\n"
        ...     "def get_inputs():\\n    return [torch.rand(64, 32), torch.rand(32, 16)]\\n"
        ...     "def get_init_inputs():\\n    return []\\n")
        >>> w = count_work(Problem.from_source(source, name="mm_relu"))
        >>> w.matmul_flops, w.pointwise_flops, w.bytes
        (65536, 1024, 14336)
    """
    key = (problem.digest, str(dtype), device)
    if key not in _WORK_CACHE:
        try:
            _WORK_CACHE[key] = _count_work_on(problem, dtype=dtype, device=device)
        except RooflineError:
            if fallback_device is None or fallback_device == device:
                raise
            _WORK_CACHE[key] = _count_work_on(problem, dtype=dtype, device=fallback_device)
    return _WORK_CACHE[key]


def _count_work_on(problem: Problem, *, dtype: Any, device: str, seed: int = 0) -> WorkCount:
    import torch
    from torch.utils._pytree import tree_leaves
    from torch.utils.flop_counter import FlopCounterMode, flop_registry

    namespace = exec_problem(problem)
    counter = _make_counter(flop_registry)
    target_dtype = _torch_dtype(_dtype_name(dtype)) if dtype is not None else None
    try:
        with torch.device(device), _make_device_redirect(device), counter, torch.no_grad():
            torch.manual_seed(seed)
            model = namespace["Model"](*namespace["get_init_inputs"]())
            inputs = list(namespace["get_inputs"]())
            if target_dtype is not None:
                model = model.to(target_dtype)
                inputs = [
                    x.to(target_dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                    for x in inputs
                ]
            counter.counting = True
            with FlopCounterMode(display=False) as flop_counter:
                output = model(*inputs)
            counter.counting = False
    except ProblemError:
        raise
    except Exception as exc:  # user code: say which problem and what failed
        raise RooflineError(
            f"{problem.name}: counting work on device {device!r} failed: {type(exc).__name__}: {exc}"
        ) from exc

    read = counter.read_ids
    input_tensors = _unique(t for t in tree_leaves(inputs) if isinstance(t, torch.Tensor))
    state = _unique([*model.parameters(), *model.buffers()])
    outputs = _unique(t for t in tree_leaves(output) if isinstance(t, torch.Tensor))
    input_bytes = sum(int(t.nbytes * counter.density.get(t, 1.0)) for t in input_tensors if id(t) in read)
    parameter_bytes = sum(t.nbytes for t in state if id(t) in read)
    notes = list(dict.fromkeys(counter.notes))
    unread = [t for t in input_tensors if id(t) not in read]
    if unread:
        notes.append(f"{len(unread)} input tensor(s) never read by the forward; not counted")
    floats = [t.dtype for t in (*input_tensors, *state, *outputs) if t.is_floating_point()]
    if target_dtype is not None:
        dtype_name = _dtype_name(target_dtype)
    elif torch.float32 in floats or not floats:
        dtype_name = "fp32"
    else:
        dtype_name = _dtype_name(floats[0])
    return WorkCount(
        matmul_flops=int(flop_counter.get_total_flops()),
        structured_matmul_flops=int(counter.structured_matmul_flops),
        pointwise_flops=int(counter.pointwise_flops),
        other_flops=int(counter.other_flops),
        input_bytes=input_bytes,
        parameter_bytes=parameter_bytes,
        output_bytes=sum(t.nbytes for t in outputs),
        dtype=dtype_name,
        has_convolution=counter.has_convolution,
        notes=tuple(notes),
    )


def _unique(tensors) -> list:
    seen: dict[int, Any] = {}
    for t in tensors:
        seen.setdefault(id(t), t)
    return list(seen.values())
