"""The README.md model card of an exported kernel repository (front matter ``library_name: kernels``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autokernel.evaluate.protocol import describe

from .layout import Exported
from .source import method_source


@dataclass(frozen=True, kw_only=True)
class Provenance:
    run: str = ""
    dataset: str = ""
    commit: str = ""
    exported_at: str = ""  # ISO date-time
    exporter: str = "autokernel-kb"
    protocols: tuple[str, ...] = ()  # the judging protocols of the exported kernels' verdicts
    extra: dict[str, str] = field(default_factory=dict)


def function_doc(item: Exported) -> str:
    """Docstring of a generated function: what it computes, which arguments are what."""
    entry, spec = item.entry, item.spec
    lines = [f"Forward of the validated kernel for {entry.problem_key} ({entry.problem_name})."]
    if entry.problem_source:
        lines.append("Computes what the reference `Model.forward` of that problem computes (see README.md).")
    if spec.state_args:
        lines.append("")
        lines.append("State tensors (keyword-only; shapes as validated):")
        lines += [f"    {s.arg}: {s.kind} `{s.state}`, {list(s.shape)} {s.dtype}" for s in spec.state_args]
    if spec.init_args:
        lines.append("")
        lines.append("Constructor arguments of the model (keyword-only; defaults are the validated values):")
        lines += [
            f"    {i.name}" + (f" = {i.default}" if i.default is not None else "") for i in spec.init_args
        ]
    return "\n".join(lines)


def render_card(
    *,
    repo_id: str,
    version: int,
    license: str,
    items: list[Exported],
    variants: list[str],
    provenance: Provenance,
    skipped: list[tuple[str, str]],
) -> str:
    org = repo_id.split("/")[0]
    first = items[0].spec
    example_args = ", ".join(p.name for p in first.forward_params if p.kind == "positional")
    out = [
        "---",
        "library_name: kernels",
        f"license: {license}",
        "tags:",
        "- kernels",
        "- triton",
        "- kernelbench",
        "- autokernel-kb",
        "---",
        "",
        f"# {repo_id}",
        "",
        f"Triton kernels found and validated by {provenance.exporter} on KernelBench-format problems. "
        f"Each function below runs one kernel that matched its PyTorch reference within tolerance "
        f"and was timed against eager PyTorch and `torch.compile`. Build variants: "
        f"{', '.join(f'`{v}`' for v in variants)}.",
        "",
        *_protocol_lines(provenance.protocols),
        "## Load",
        "",
        "```python",
        "import torch",
        "from kernels import get_kernel",
        "",
        f'kernel = get_kernel("{repo_id}", version={version}, trust_remote_code=True)',
        f"out = kernel.{first.function_name}({example_args})  # tensors on the GPU",
        "```",
        "",
        f"`trust_remote_code=True` is required: `{org}` is not a trusted kernel publisher, so `kernels` "
        "refuses the repository otherwise. `version=1` follows the `v1` branch; pin `revision=<commit sha>` "
        "for a fixed build. The kernels need a GPU build of torch with Triton "
        f"({', '.join(variants)}); there is no CPU variant.",
        "",
        "## Functions",
        "",
    ]
    for item in items:
        out += _function_section(item)
    out += _benchmark_table(items)
    layered = [i for i in items if i.spec.layer_name]
    if layered:
        out += _layer_section(repo_id, version, layered[0])
    out += [
        "## Limits",
        "",
        "- Forward only: the kernels define no backward (`has_backward = False` on the layers).",
        "- Each call runs with TF32 off for PyTorch's own matmuls and convolutions, the numerics it was "
        "validated with (against an fp32 reference at the tolerance above); the caller's flags are restored "
        "after the call.",
        "- Functions are not registered as `torch.library` custom ops (`can_torch_compile` is off).",
        "- Shapes and dtypes other than the validated ones were not measured; the kernels were validated "
        "on the problem's inputs only.",
        "- With `kernels` 0.17.2, do not set `HF_HUB_DISABLE_TELEMETRY=1` (or `DISABLE_TELEMETRY`, "
        "`DO_NOT_TRACK`) while loading: it produces an invalid User-Agent header and Hub calls fail. Offline, "
        "a cache filled by `get_kernel` is not reused with huggingface_hub >= 1.22: download the branch with "
        "`hf download <repo> --repo-type kernel --revision v<N> --local-dir <dir>` and set "
        "`LOCAL_KERNELS=<repo>=<dir>`.",
        "",
        "## Provenance",
        "",
    ]
    facts = {
        "exporter": provenance.exporter,
        "run": provenance.run,
        "dataset": provenance.dataset,
        "autokernel-kb commit": provenance.commit,
        "exported at": provenance.exported_at,
        "judging protocol": ", ".join(provenance.protocols),
        **provenance.extra,
    }
    out += [f"- {k}: `{v}`" for k, v in facts.items() if v]
    out += [
        "- Per function, `provenance/<function>/problem.py` (the reference) and `verdict.json` "
        "(the full evaluation record) are on the `main` branch.",
    ]
    if skipped:
        out += ["", "Not exported from the run:", ""]
        out += [f"- `{name}`: {reason}" for name, reason in skipped]
    return "\n".join(out).rstrip() + "\n"


def _protocol_lines(protocols: tuple[str, ...]) -> list[str]:
    """What the kernels were judged under: a speedup means nothing without its protocol."""
    if not protocols:
        return ["No kernel here has a verdict: none was judged by autokernel-kb.", ""]
    if len(protocols) > 1:
        lines = ["The kernels were judged under different protocols (each function's verdict says which):", ""]
        return lines + [f"- `{p}`: {describe(p)}." for p in protocols] + [""]
    (p,) = protocols
    return [f"Judging protocol: `{p}` — {describe(p)}.", ""]


def _function_section(item: Exported) -> list[str]:
    entry, spec = item.entry, item.spec
    out = [f"### `{spec.function_name}`", "", "```python", spec.signature(), "```", ""]
    out.append(f"Problem {entry.problem_key} (`{entry.problem_name}`), backend `{entry.backend}`.")
    tied = (entry.verdict or {}).get("tied_to_torch")
    if tied:
        out.append(f"**Tied to torch {tied}:** it imports inductor's runtime helpers (`torch._inductor`, a private "
                   f"API that changes between releases); it was judged under torch {tied}.")
    for note in entry.notes:
        out.append(f"**Note:** {note}.")
    if entry.problem_source:
        forward = method_source(entry.problem_source, "Model", "forward")
        out += ["", "Validated against this reference (`Model.forward`):", "", "```python", forward, "```"]
    if spec.state_args:
        out += ["", "Pass the model's tensors as keyword arguments (validated shapes):", ""]
        out += [
            f"- `{s.arg}`: {s.kind} `{s.state}`, shape {list(s.shape)}, {s.dtype}" for s in spec.state_args
        ]
    if spec.init_args:
        out += [
            "",
            "Constructor arguments (keyword-only; defaults are the values it was validated with):",
            "",
        ]
        out += [
            f"- `{i.name}`" + (f" = `{i.default}`" if i.default is not None else " (required)")
            for i in spec.init_args
        ]
    if spec.layer_name:
        out += [
            "",
            f"Layer: `layers.{spec.layer_name}`" + (f" ({spec.layer_note})." if spec.layer_note else "."),
        ]
        read = [*spec.layer_state_map.values()] if spec.layer_state_map else []
        read += [
            expr.removeprefix("self.")
            for expr in (spec.layer_init or {}).values()
            if expr.startswith("self.")
        ]
        if read:
            out.append(
                "It reads " + ", ".join(f"`self.{path}`" for path in read) + " from the module it replaces."
            )
    elif spec.layer_note:
        out += ["", f"No layer: {spec.layer_note.removeprefix('no layer: ')}."]
    return [*out, ""]


def _benchmark_table(items: list[Exported]) -> list[str]:
    out = [
        "## Benchmarks",
        "",
        "Median latency over timed calls, from each kernel's verdict (`provenance/<function>/verdict.json`).",
        "",
        "| function | GPU | kernel ms | eager ms | compile ms | speedup vs eager | speedup vs compile "
        "| tolerance | versions |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for item in items:
        v = item.entry.verdict
        if v is None:
            out.append(f"| `{item.spec.function_name}` | not measured (no verdict) | | | | | | | |")
            continue
        out.append(
            f"| `{item.spec.function_name}` | {_gpu(v)} | {_ms(v.get('kernel'))} | {_ms(v.get('eager'))} "
            f"| {_ms(v.get('compiled'))} | {_x(v.get('speedup'))} | {_x(v.get('speedup_vs_compile'))} "
            f"| {_tolerance(v.get('policy') or {})} | {_versions(v.get('environment') or {})} |"
        )
    return [*out, ""]


def _layer_section(repo_id: str, version: int, item: Exported) -> list[str]:
    spec = item.spec
    assert spec.layer_name is not None
    return [
        "## Use as a layer (`kernels.kernelize`)",
        "",
        "```python",
        "from kernels import LayerRepository, Mode, kernelize, use_kernel_forward_from_hub, use_kernel_mapping",
        "",
        f'@use_kernel_forward_from_hub("{spec.layer_name}")',
        "class MyModule(torch.nn.Module):  # same attributes and forward as the problem's Model",
        "    ...",
        "",
        "repo = LayerRepository(",
        f'    "{repo_id}", layer_name="{spec.layer_name}", version={version}, trust_remote_code=True',
        ")",
        f'with use_kernel_mapping({{"{spec.layer_name}": {{"cuda": repo}}}}):',
        '    model = kernelize(model, mode=Mode.INFERENCE, device="cuda")',
        "```",
        "",
    ]


def _gpu(v: dict[str, Any]) -> str:
    env = v.get("environment") or {}
    for key in ("gpu", "gpu_name", "device_name"):
        if env.get(key):
            return str(env[key])
    return str(v.get("device") or "?")


def _ms(stats: dict[str, Any] | None) -> str:
    if not stats or stats.get("median_ms") is None:
        return "–"
    return f"{stats['median_ms']:.4g}"


def _x(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}×"


def _tolerance(policy: dict[str, Any]) -> str:
    keys = [k for k in ("tolerance", "preset", "atol", "rtol") if k in policy]
    if not keys:
        return "–"
    return ", ".join(f"{k}={policy[k]}" for k in keys)


def _versions(env: dict[str, Any]) -> str:
    keys = [
        k for k in env if any(t in k.lower() for t in ("torch", "triton", "cuda", "hip", "rocm", "driver"))
    ]
    return ", ".join(f"{k} {env[k]}" for k in keys) or "–"
