"""The trusted side of a problem: the reference model, its inputs and its outputs.

Runs in the judge, never in the candidate process. Under the strict protocol inputs are made on the device
with secret seeds and the reference runs in full fp32 (TF32 off for matmuls and cuDNN); under the kernelbench
protocol the first trials use KernelBench's seeds (inputs drawn on the CPU, then moved) and the reference runs
with PyTorch's default flags. Besides the problem's own generator, signed, large-magnitude and heavy-tailed
variants are used where the operation's domain allows (the reference stays finite on them), always with secret
seeds.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import secrets
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field

from autokernel.problem import Problem, ProblemError, validate_problem_source

REFERENCE_PRECISION = "fp32 reference with TF32 disabled (torch.backends.cuda.matmul.allow_tf32 = cudnn.allow_tf32 = False)"
REFERENCE_PRECISIONS = {
    "fp32": REFERENCE_PRECISION,
    "default": "fp32 reference with PyTorch's default flags (cuDNN convolutions and RNNs in TF32, matmuls in fp32)",
}

# Input distributions beyond the problem's own generator, applied to floating-point inputs only.
DISTRIBUTIONS = ("problem", "problem", "signed", "large", "heavy_tailed")
# After KernelBench's own trials (kernelbench protocol), our extra trials: a secret seed, then each variant once.
EXTRA_DISTRIBUTIONS = ("problem", "signed", "large", "heavy_tailed")
TRANSFORMED = frozenset(DISTRIBUTIONS + EXTRA_DISTRIBUTIONS) - {"problem"}  # each checked once against float64

# A transformed distribution is checked once per problem against a float64 run of the reference when its
# inputs are at most this large (the float64 copies double them), or on a GPU a quarter of its free memory if
# that is more; larger problems keep it unchecked.
CONDITIONING_MAX_BYTES = 4 * 2**30


def conditioning_limit_bytes(device: str) -> int:
    """Input bytes the float64 check may copy: its inputs and output in float64 take about twice the trial."""
    if device == "cpu":
        return CONDITIONING_MAX_BYTES
    import torch

    free, _ = torch.cuda.mem_get_info(torch.device(device))
    return max(CONDITIONING_MAX_BYTES, free // 4)


def _shares_memory(out, tensors: list) -> bool:
    storage = out.untyped_storage().data_ptr()
    return any(x.untyped_storage().data_ptr() == storage for x in tensors)


def load_problem_module(problem: Problem):
    """Execute the problem source as a real module (Triton and inspect need a file)."""
    validate_problem_source(problem.source, problem.name)
    tmp = tempfile.NamedTemporaryFile("w", suffix=".py", prefix="problem_", delete=False)
    with tmp:
        tmp.write(problem.source)
    name = f"_akb_problem_{problem.digest}"
    spec = importlib.util.spec_from_file_location(name, tmp.name)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise ProblemError(f"{problem.name}: the problem file fails to run: {type(exc).__name__}: {exc}") from exc
    finally:
        os.unlink(tmp.name)
    sys.modules.pop(name, None)
    return module


@contextlib.contextmanager
def _tf32(*, matmul: bool, cudnn: bool):
    """TF32 allowed or not for matmuls and for cuDNN, restored afterwards."""
    import torch

    saved = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
    torch.backends.cuda.matmul.allow_tf32 = matmul
    torch.backends.cudnn.allow_tf32 = cudnn
    try:
        yield
    finally:
        torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = saved


def exact_fp32():
    """TF32 off for matmuls and cuDNN: the strict protocol's fp32 truth."""
    return _tf32(matmul=False, cudnn=False)


def default_flags():
    """PyTorch's default precision flags (what KernelBench's evaluator runs under), whatever the process set."""
    return _tf32(matmul=False, cudnn=True)


def precision_flags(name: str):
    """The context for a protocol's precision flags: "fp32" (TF32 off) or "default" (PyTorch's)."""
    if name == "fp32":
        return exact_fp32()
    if name == "default":
        return default_flags()
    raise ValueError(f"precision flags must be 'fp32' or 'default', not {name!r}")


def run_float64(model64, inputs: list):
    """``model64`` (a float64 copy of a reference) on ``inputs`` widened to float64: the yardstick for how
    accurate an fp32 run is."""
    import torch

    wide = [x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
    with torch.no_grad(), exact_fp32():
        return model64(*wide)


def _to_device(x, device):
    import torch

    if isinstance(x, torch.Tensor):
        return x.to(device)
    return x


def transform(inputs: list, kind: str, gen) -> list:
    """Reshape the value distribution of floating inputs; integer/bool inputs stay as they are."""
    import torch

    if kind == "problem":
        return inputs
    out = []
    for x in inputs:
        if not (isinstance(x, torch.Tensor) and x.is_floating_point()):
            out.append(x)
            continue
        u = torch.rand(x.shape, generator=gen, device=x.device, dtype=torch.float32)
        sign = torch.where(torch.rand(x.shape, generator=gen, device=x.device) < 0.5, -1.0, 1.0)
        if kind == "signed":
            y = x * sign
        elif kind == "large":
            y = x * 64.0
        elif kind == "heavy_tailed":
            # Pareto(alpha=3) magnitudes with random signs: mostly O(1), occasionally O(10-50).
            y = sign * (1.0 - u).clamp_min(1e-6).pow(-1.0 / 3.0)
        else:
            raise ValueError(kind)
        out.append(y.to(x.dtype))
    return out


def _all_finite(t) -> bool:
    import torch

    return bool(torch.isfinite(t).all()) if t.is_floating_point() else True


def estimate_input_bytes(problem: Problem) -> int | None:
    """Bytes of the problem's inputs, from shapes alone (``get_inputs`` on the meta device); None if unknown."""
    import torch

    try:
        module = load_problem_module(problem)
        with torch.device("meta"):
            inputs = list(module.get_inputs())
    except Exception:  # noqa: BLE001 - a generator that insists on real tensors: the first trial tells
        return None
    return input_bytes(inputs)


def input_bytes(inputs: list) -> int:
    import torch

    return sum(x.numel() * x.element_size() for x in inputs if isinstance(x, torch.Tensor))


# The seeded CPU draws of KernelBench's trials, made ahead in threads (`ReferenceSession.prefetch_public`): torch's
# random functions that take a generator, given a private one seeded as the global one would be (the same values);
# any other random source in ``get_inputs`` stops the prefetch and the draw is made in place as before.
_TAKES_GENERATOR = frozenset({"randn", "rand", "randint", "randperm", "normal", "bernoulli", "multinomial", "poisson",
                              "normal_", "uniform_", "random_", "bernoulli_", "exponential_", "geometric_",
                              "log_normal_", "cauchy_"})  # fmt: skip
_RANDOM_WORDS = ("rand", "normal", "bernoulli", "multinomial", "poisson", "dropout", "uniform", "exponential",
                 "geometric", "cauchy", "seed", "rng_state")


class _NotPrivate(RuntimeError):
    """``get_inputs`` reaches a random source a private generator cannot stand in for."""


def _draw_private(module, seed: int) -> tuple[list, object]:
    """``get_inputs()`` as after ``torch.manual_seed(seed)``, with a private CPU generator (in a thread: torch's
    function modes are per thread); its inputs and the generator's state after the draw."""
    import torch
    from torch.overrides import TorchFunctionMode

    gen = torch.Generator().manual_seed(seed)

    class Private(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = dict(kwargs or {})
            name = getattr(func, "__name__", "")
            if name in _TAKES_GENERATOR:
                if kwargs.get("generator") is None:
                    kwargs["generator"] = gen
            elif any(w in name for w in _RANDOM_WORDS):
                raise _NotPrivate(name)
            return func(*args, **kwargs)

    with Private():
        inputs = list(module.get_inputs())
    return inputs, gen.get_state()


def _other_random_sources(source: str) -> bool:
    """Whether a problem's file may draw from numpy's or Python's generators (a private torch one cannot follow
    them; read on the whole file, since ``get_inputs`` may call its helpers)."""
    return any(w in source for w in ("numpy", "np.", "import random", "random.", "secrets"))


@dataclass
class Trial:
    seed: int
    distribution: str
    inputs: list
    expected: object  # reference output tensor


@dataclass
class InputWrites:
    """Whether a problem's reference model writes its inputs in place: None until a run has shown it."""

    seen: bool | None = None


@dataclass
class ReferenceSession:
    """The reference for one evaluation: init args, model, and a fresh secret seed per use."""

    problem: Problem
    device: str
    module: object = None
    init_args: list = field(default_factory=list)
    init_seed: int = 0
    model: object = None
    notes: list[str] = field(default_factory=list)
    # Set by the judge once the tolerance is known: transformed distributions on which the fp32 reference
    # itself misses the tolerance against float64 are not used (a candidate cannot be judged on them).
    conditioning_tol: float | None = None
    conditioning: dict[str, str] = field(default_factory=dict)  # kind -> "" (fine) or why it is not used
    flags: str = "fp32"  # precision flags the reference runs under (`precision_flags`)
    # whether the model writes its inputs: the judge's across evaluations of a problem (see `run`)
    input_writes: InputWrites = field(default_factory=lambda: InputWrites())
    # KernelBench's correctness-trial seeds (kernelbench protocol): trial i < len uses seed i, drawn on the CPU
    public_seeds: list[int] = field(default_factory=list)
    # CPU-only stretches (inputs drawn on the CPU) run inside it: the judge's gate lets neighbours time meanwhile
    cpu_section: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext
    _model64: object = None
    # seeded CPU draws made ahead (`prefetch_public`): seed -> future, the seeds still to start, the thread pool
    _ahead: dict = field(default_factory=dict)
    _ahead_todo: list = field(default_factory=list)
    _ahead_pool: object = None
    _ahead_max: int = 0

    @classmethod
    def build(cls, problem: Problem, device: str, *, init_seed: int | None = None, flags: str = "fp32",
              public_seeds: list[int] | None = None,
              cpu_section: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext,
              ) -> ReferenceSession:
        """The reference model, built after seeding with ``init_seed`` (default: a fresh secret seed). A problem
        that never names CUDA builds its module and weights on the CPU inside ``cpu_section`` (the judge's: no device
        hold, so a big model's seconds of weight init keep no neighbour's timing waiting); then it moves."""
        import torch

        on_cpu = cpu_section if "cuda" not in problem.source else contextlib.nullcontext
        init_seed = secrets.randbits(31) if init_seed is None else init_seed
        with on_cpu():
            module = load_problem_module(problem)
            torch.manual_seed(init_seed)
            init_args = list(module.get_init_inputs())
            torch.manual_seed(init_seed)
            try:
                model = module.Model(*init_args)
            except Exception as exc:
                raise ProblemError(f"{problem.name}: Model(*get_init_inputs()) fails: {type(exc).__name__}: "
                                   f"{exc}") from exc
        try:
            model = model.to(device)
        except Exception as exc:
            raise ProblemError(f"{problem.name}: Model(*get_init_inputs()).to({device!r}) fails: "
                               f"{type(exc).__name__}: {exc}") from exc
        return cls(problem=problem, device=device, module=module, init_args=init_args, init_seed=init_seed,
                   model=model, flags=flags, public_seeds=list(public_seeds or []))

    @classmethod
    def under(cls, config, problem: Problem, *,
              cpu_section: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext,
              ) -> ReferenceSession:
        """The reference under ``config``'s protocol (an `EvalConfig`): KernelBench's seed 42 for the weights and
        its trial seeds, or a secret seed; the protocol's precision flags. The judge and the screen both build it
        here, so a screened variant meets the judge's weights. ``cpu_section``: as for `build`, and kept for the
        session's CPU-drawn inputs."""
        from autokernel.evaluate.protocol import KERNELBENCH_SEED, kernelbench_trial_seeds

        if config.spec.seeding == "kernelbench":
            session = cls.build(problem, config.device, init_seed=KERNELBENCH_SEED,
                                flags=config.spec.precision_flags, cpu_section=cpu_section,
                                public_seeds=kernelbench_trial_seeds(config.num_correct_trials))
        else:
            session = cls.build(problem, config.device, flags=config.spec.precision_flags, cpu_section=cpu_section)
        session.cpu_section = cpu_section
        return session

    def make_inputs(self, seed: int, *, on_cpu: bool = False) -> list:
        """The problem's own inputs for a seed, created on the device where the generator allows; ``on_cpu``:
        drawn on the CPU and moved, as KernelBench does (the same seed gives other values on a GPU)."""
        import torch

        torch.manual_seed(seed)
        if on_cpu:
            if self.device != "cpu":
                torch.cuda.manual_seed(seed)
            with self.cpu_section():
                inputs = self._take_ahead(seed)
                if inputs is None:
                    inputs = list(self.module.get_inputs())
        else:
            with torch.device(self.device):
                inputs = list(self.module.get_inputs())
        return [_to_device(x, self.device) for x in inputs]

    def prefetch_public(self, ahead: int) -> None:
        """Draw KernelBench's seeded CPU inputs (trial 0, the timed set's seed 42, then trials 1, 2, ...) in threads,
        up to ``ahead`` at once, while the judge does other work (a big problem's judge waits for its heavy slot
        with its session built): the CPU generator is single-threaded, and a multi-GB problem's draws took most of
        its evaluation. The values are the same (a private generator seeded as the
        global one); `make_inputs` takes them and leaves the global generator where the draw would have."""
        from concurrent.futures import ThreadPoolExecutor

        from autokernel.evaluate.protocol import KERNELBENCH_SEED

        if not self.public_seeds or ahead < 1 or _other_random_sources(self.problem.source):
            return
        self._ahead_todo = [self.public_seeds[0], KERNELBENCH_SEED, *self.public_seeds[1:]]
        self._ahead_pool = ThreadPoolExecutor(max_workers=ahead, thread_name_prefix="kb-draw")
        self._ahead_max = ahead
        for _ in range(ahead):
            self._start_ahead()

    def prefetch_again(self, seed: int, *, first: bool = False) -> None:
        """Draw ``seed``'s set ahead once more, after those queued or (``first``) before them: a big problem's
        sets dropped to free device memory and needed again (trial 0 through the degeneracy probe, the timing set
        through correctness). Started once fewer than ``ahead`` sets are drawn or waiting, so no more are held at
        once than before. Nothing without a prefetch in progress."""
        if self._ahead_pool is not None and seed not in self._ahead_todo and seed not in self._ahead:
            self._ahead_todo.insert(0 if first else len(self._ahead_todo), seed)
            if len(self._ahead) < self._ahead_max:
                self._start_ahead()

    def _start_ahead(self) -> None:
        if self._ahead_todo and self._ahead_pool is not None:
            seed = self._ahead_todo.pop(0)
            self._ahead.setdefault(seed, self._ahead_pool.submit(_draw_private, self.module, seed))

    def _take_ahead(self, seed: int) -> list | None:
        """The inputs drawn ahead for ``seed`` (the global CPU generator then set as the draw leaves it), or None:
        none was made, or the draw met a random source it cannot follow."""
        import torch

        future = self._ahead.pop(seed, None)
        if future is None:
            if seed in self._ahead_todo:  # drawn in place now: not again for nothing later
                self._ahead_todo.remove(seed)
            return None
        try:
            inputs, state = future.result()
        except Exception:  # noqa: BLE001 - _NotPrivate or the problem's own error: drawn in place, as before
            self.close_prefetch()
            return None
        finally:
            self._start_ahead()
        torch.set_rng_state(state)
        return inputs

    def close_prefetch(self) -> None:
        """Stop drawing ahead (the end of an evaluation, or a draw that cannot be made privately)."""
        pool, self._ahead_pool, self._ahead_todo = self._ahead_pool, None, []
        for future in self._ahead.values():
            future.cancel()
        self._ahead.clear()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def public_trial(self, index: int) -> Trial:
        """KernelBench's correctness trial ``index``: its seed, inputs drawn on the CPU (integer inputs stay
        integer: KernelBench casts them to float, which breaks the problems that take indices, its issue 151)."""
        seed = self.public_seeds[index]
        inputs = self.make_inputs(seed, on_cpu=True)
        return Trial(seed, "kernelbench", inputs, self.run(inputs))

    def kernelbench_timing_inputs(self) -> Trial:
        """The inputs KernelBench times a kernel on: ``set_seed(42)``, then ``get_inputs()`` on the CPU."""
        from autokernel.evaluate.protocol import KERNELBENCH_SEED

        inputs = self.make_inputs(KERNELBENCH_SEED, on_cpu=True)
        return Trial(KERNELBENCH_SEED, "kernelbench", inputs, self.run(inputs))

    def run(self, inputs: list):
        """The reference's output on ``inputs``, which stay as they were: what a trial's candidate is given.

        The model runs on copies until one run has shown that it leaves its inputs alone (the copies compared with
        the inputs afterwards, so any write counts), then on the inputs themselves: a copy is a whole input set
        more at the judge's peak (6 GiB on L1/30). A write that shows later (torch's version counters) is an
        error, never a trial on changed inputs."""
        import torch

        tensors = [x for x in inputs if isinstance(x, torch.Tensor)]
        with torch.no_grad(), precision_flags(self.flags):
            if self.input_writes.seen is False:
                versions = [x._version for x in tensors]
                out = self.model(*inputs)
                if [x._version for x in tensors] != versions:
                    self.input_writes.seen = True
                    raise ProblemError(f"{self.problem.name}: the reference model wrote its inputs in place on this "
                                       f"trial but not on earlier ones; its trials cannot be trusted (run it on "
                                       f"copies of the inputs in the problem file, e.g. x = x.clone())")
                if isinstance(out, torch.Tensor) and _shares_memory(out, tensors):
                    out = out.clone()  # the expected output apart from the inputs (a view of one, say)
            else:
                copies = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
                out = self.model(*copies)
                if self.input_writes.seen is None:
                    self.input_writes.seen = not all(
                        torch.equal(c, x) for c, x in zip(copies, inputs) if isinstance(x, torch.Tensor))
                del copies
        if self.device != "cpu":
            torch.cuda.synchronize()
        if not isinstance(out, torch.Tensor):
            raise ProblemError(f"{self.problem.name}: Model.forward returns {type(out).__name__}, not one tensor")
        return out

    def trial(self, index: int, *, extra_distributions: bool) -> Trial:
        """Inputs and expected output for trial ``index``: KernelBench's seeded trial while public seeds remain
        (kernelbench protocol), else a fresh secret seed (the distributions cycle over the later trials)."""
        import torch

        if index < len(self.public_seeds):
            return self.public_trial(index)
        index -= len(self.public_seeds)
        kinds = EXTRA_DISTRIBUTIONS if self.public_seeds else DISTRIBUTIONS
        seed = secrets.randbits(63)
        inputs = self.make_inputs(seed)
        kind = kinds[index % len(kinds)] if extra_distributions else "problem"
        if kind == "problem":
            return Trial(seed, kind, inputs, self.run(inputs))
        if self.conditioning.get(kind):  # known to be ill-conditioned for this problem
            return Trial(seed, "problem", inputs, self.run(inputs))
        # One set of inputs alive at a time (KernelBench has 16 GiB inputs): the problem's own inputs are
        # dropped once transformed, and made again from their seed if the transformed ones cannot be used.
        own_finite = _all_finite(self.run(inputs))
        gen = torch.Generator(device=self.device).manual_seed(seed ^ 0x5EED)
        alt = transform(inputs, kind, gen)
        del inputs
        alt_expected = self.run(alt)
        if not _all_finite(alt_expected) and own_finite:
            note = f"{kind} inputs are outside the operation's domain (non-finite reference); used the problem's own"
        elif self._ill_conditioned(kind, alt, alt_expected):
            note = f"{kind} inputs: {self.conditioning[kind]}; used the problem's own"
        else:
            return Trial(seed, kind, alt, alt_expected)
        del alt, alt_expected
        if note not in self.notes:
            self.notes.append(note)
        inputs = self.make_inputs(seed)
        return Trial(seed, "problem", inputs, self.run(inputs))

    def perturbed(self, trial: Trial) -> Trial | None:
        """``trial``'s inputs with one element of its largest floating input changed in place (to the value at
        another position, so it stays in the input's distribution), and the reference on them. A candidate that
        memoises outputs under a fingerprint of a few input values replays the old output here; any other gets a
        trial like the rest. None when no element can change (no floating input, or all values alike)."""
        import torch

        floats = [x for x in trial.inputs if isinstance(x, torch.Tensor) and x.is_floating_point() and x.numel() > 1]
        if not floats:
            return None
        x = max(floats, key=lambda t: t.numel())
        n = x.numel()
        for _ in range(8):
            j, k = (torch.unravel_index(torch.tensor(secrets.randbelow(n)), x.shape) for _ in range(2))
            if bool(x[j] != x[k]) and bool(torch.isfinite(x[k])):
                x[j] = x[k]
                trial.expected = None  # (a multi-GB output: one alive at a time)
                return Trial(trial.seed, "perturbed", trial.inputs, self.run(trial.inputs))
        return None

    def probe_trial(self, index: int, *, extra_distributions: bool) -> Trial:
        """Trial ``index`` of the degeneracy probe: as `trial`, except that KernelBench's trials are replaced by
        the problem's own distribution drawn on the device with fresh seeds. The probe asks what trivial outputs
        pass on the trial schedule's distributions, which does not depend on the seeds; drawn on the CPU, as
        KernelBench's trials must be for the candidate, a multi-GB problem's probe took a minute."""
        if index < len(self.public_seeds):
            seed = secrets.randbits(63)
            inputs = self.make_inputs(seed)
            return Trial(seed, "problem", inputs, self.run(inputs))
        return self.trial(index, extra_distributions=extra_distributions)

    def truth64(self, inputs: list):
        """The reference in float64 on ``inputs`` (its float64 copy made once per session)."""
        import copy

        if self._model64 is None:
            self._model64 = copy.deepcopy(self.model).double()
        return run_float64(self._model64, inputs)

    def _ill_conditioned(self, kind: str, inputs: list, expected) -> bool:
        """Whether the fp32 reference misses the tolerance against its own float64 run on these inputs
        (checked once per distribution): there the reference cannot tell a right kernel from a wrong one."""

        import torch

        from autokernel.evaluate.compare import compare

        if kind in self.conditioning or self.conditioning_tol is None or not expected.is_floating_point():
            return bool(self.conditioning.get(kind))
        if input_bytes(inputs) > conditioning_limit_bytes(self.device):
            return False  # unchecked: too large to copy in float64 (left unrecorded, so it stays unchecked)
        try:
            expected64 = self.truth64(inputs)
            cmp = compare(expected, expected64.to(expected.dtype), tol=self.conditioning_tol)
        except Exception:  # noqa: BLE001 - a model that cannot run in float64: the distribution stays in use
            self.conditioning[kind] = ""
            return False
        finally:
            if self.device != "cpu":
                torch.cuda.synchronize()
        self.conditioning[kind] = "" if cmp.passed else (
            f"the fp32 reference itself misses atol=rtol={self.conditioning_tol:g} against float64 there "
            f"(max abs error {cmp.max_abs_error:.3g}), so they cannot judge a kernel")
        return not cmp.passed
