"""Where a whole model comes from: a KernelBench-format problem (its ``Model`` and ``get_inputs``), or a
``transformers`` architecture built from its config class with random weights (nothing downloaded).

A `ModelSource` builds the model on a device under a seed and draws its inputs for a seed, the way the judge
does for a problem (``torch.manual_seed(seed)`` then ``get_inputs()``), so ``verify`` can replay the judge's
trials on the whole model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autokernel.problem import Problem, ProblemError

INSTALL_HINT = 'transformers models need the optional extra: pip install "autokernel-kb[models]" (or pip install transformers)'


@dataclass(frozen=True, kw_only=True)
class ModelSource:
    """A model to profile or verify.

    Attributes:
        name: what tables and extracted problems call it (``L3/44``, ``hf:gpt2 (2 layers)``).
        build: ``build(device)`` -> the model on ``device`` (the caller seeds the RNG first).
        make_inputs: ``make_inputs(device)`` -> the forward's inputs (the caller seeds the RNG first).
        eval_mode: call ``model.eval()`` after building (transformers models: dropout off); KernelBench problems
            run as the judge runs them, in training mode.
        notes: how the model was made (config values, scaling).
    """

    name: str
    build: Callable[[str], Any]
    make_inputs: Callable[[str], list]
    eval_mode: bool = False
    notes: tuple[str, ...] = field(default=())

    def instantiate(self, device: str, *, seed: int = 42):
        """The model (seeded with ``seed``, as the judge seeds ``Model(...)``) on ``device``."""
        import torch

        torch.manual_seed(seed)
        model = self.build(device)
        if self.eval_mode:
            model.eval()
        return model

    def inputs(self, device: str, *, seed: int) -> list:
        """Inputs for ``seed``, drawn on the CPU and moved to ``device`` (as KernelBench draws them)."""
        import torch

        torch.manual_seed(seed)
        return [x.to(device) if isinstance(x, torch.Tensor) else x for x in self.make_inputs("cpu")]


def problem_source(problem: Problem) -> ModelSource:
    """A KernelBench-format problem as a whole model."""
    from autokernel.hardware.roofline import exec_problem

    namespace = exec_problem(problem)

    def build(device: str):
        return namespace["Model"](*namespace["get_init_inputs"]()).to(device)

    def make_inputs(device: str) -> list:
        return list(namespace["get_inputs"]())

    return ModelSource(name=problem.key, build=build, make_inputs=make_inputs, notes=problem.notes)


@dataclass(frozen=True, kw_only=True)
class HFSpec:
    """A ``transformers`` architecture built from its config class (``AutoConfig.for_model``), random weights.

    ``arch``: the model type (``gpt2``, ``llama``, ``mistral``, ``qwen2`` ...); ``layers``: decoder layers;
    ``overrides``: config fields (``hidden_size=64``); ``batch`` x ``seq_len`` random token ids as input.
    """

    arch: str
    layers: int = 2
    overrides: dict = field(default_factory=dict)
    batch: int = 1
    seq_len: int = 128
    dtype: str = "float32"


def parse_hf(ref: str) -> str | None:
    """``hf:gpt2`` -> ``gpt2``; None for anything else."""
    return ref[3:] if ref.startswith("hf:") and len(ref) > 3 else None


def hf_source(spec: HFSpec) -> ModelSource:
    """A causal language model from its config, returning the logits (one tensor, as a problem returns)."""
    try:
        import transformers
    except ImportError as exc:
        raise ProblemError(INSTALL_HINT) from exc
    import torch

    try:
        config = transformers.AutoConfig.for_model(spec.arch, **spec.overrides)
    except ValueError as exc:
        raise ProblemError(f"hf:{spec.arch}: not a transformers model type ({exc})") from exc
    config.num_hidden_layers = spec.layers
    for key in ("attn_pdrop", "resid_pdrop", "embd_pdrop", "attention_dropout", "hidden_dropout",
                "hidden_dropout_prob", "attention_probs_dropout_prob", "dropout"):
        if hasattr(config, key) and isinstance(getattr(config, key), float):
            setattr(config, key, 0.0)
    vocab = int(getattr(config, "vocab_size", 0) or 0)
    if vocab <= 0:
        raise ProblemError(f"hf:{spec.arch}: its config has no vocab_size; only token-in models are supported")
    dtype = getattr(torch, spec.dtype)

    class CausalLM(torch.nn.Module):
        """The model's logits for token ids (KV cache off: one full forward)."""

        def __init__(self):
            super().__init__()
            try:
                self.model = transformers.AutoModelForCausalLM.from_config(config, dtype=dtype)
            except ValueError:
                self.model = transformers.AutoModel.from_config(config, dtype=dtype)

        def forward(self, input_ids):
            out = self.model(input_ids=input_ids, use_cache=False)
            return out.logits if hasattr(out, "logits") else out.last_hidden_state

    def build(device: str):
        return CausalLM().to(device)

    def make_inputs(device: str) -> list:
        return [torch.randint(0, vocab, (spec.batch, spec.seq_len))]

    fields = ", ".join(f"{k}={v}" for k, v in sorted(spec.overrides.items()))
    name = f"hf:{spec.arch} ({spec.layers} layers{', ' + fields if fields else ''})"
    notes = (f"{type(config).__name__} with random weights (no download), {spec.layers} layers, "
             f"{spec.dtype}, input {spec.batch} x {spec.seq_len} token ids; dropout 0; eval mode",)
    return ModelSource(name=name, build=build, make_inputs=make_inputs, eval_mode=True, notes=notes)
