"""Runs torch inductor on a problem's reference and records what it generated, in a process of its own.

``python -m autokernel.starters._inductor_capture`` reads ``{"source", "device", "options"}`` as JSON on stdin
(``options``: inductor settings of `autokernel.starters.inductor.VARIANTS`, none by default) and writes a
capture (JSON) to stdout: inductor's wrapper code, each Triton kernel's launch configurations and grids, the
graph's inputs (which parameter, buffer or forward argument each is), and the source of the inductor Triton
helpers the kernels call. `autokernel.starters._inductor_source` turns a capture into a standalone ModelNew;
nothing here runs a kernel, so the GPU is used only for device properties and Triton's compiler.

A process of its own because inductor's configuration is global state (``cpu_backend``), a compile can take
minutes or crash, and on a machine with no GPU Triton has no active driver: inductor asks the driver for a cache
key during code generation, so this process gives it a fixed stand-in (only the key; no kernel is compiled for
a CPU target, the Triton interpreter runs them).
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import json
import os
import sys
import tempfile
import traceback


class CaptureError(Exception):
    """The reference cannot be captured; the message is the one-line reason recorded for the missing seed."""


def _problem_objects(source: str, device: str):
    import torch

    namespace: dict = {"__name__": "inductor_seed_problem"}
    exec(compile(source, "<problem>", "exec"), namespace)  # noqa: S102 - the problem's own reference code
    torch.manual_seed(0)
    init = namespace["get_init_inputs"]()
    model = namespace["Model"](*init).to(device)
    inputs = list(namespace["get_inputs"]())
    if not all(isinstance(x, (torch.Tensor, int, float, bool)) for x in inputs):
        raise CaptureError("get_inputs returns a value that is neither a tensor nor a number")
    # a number is traced as the constant it is here (export specialises it), as torch.compile does
    return model, [x.to(device) if isinstance(x, torch.Tensor) else x for x in inputs]


def _export(model, inputs):
    import torch

    try:
        with torch.no_grad():
            ep = torch.export.export(model, tuple(inputs), strict=False)
    except Exception as exc:  # noqa: BLE001 - any tracing failure means "no seed", with its reason
        raise CaptureError(f"torch.export cannot trace the reference: {type(exc).__name__}: "
                           f"{str(exc).splitlines()[0] if str(exc) else ''}") from exc
    specs = []
    user = 0
    params = dict(model.named_parameters(remove_duplicate=False))
    buffers = dict(model.named_buffers(remove_duplicate=False))
    flat = []
    for spec in ep.graph_signature.input_specs:
        kind = spec.kind.name.lower()
        if kind == "user_input":
            value = inputs[user]
            specs.append({"kind": kind, "index": user,
                          **({} if isinstance(value, torch.Tensor) else {"traced_value": value})})
            flat.append(inputs[user])
            user += 1
        elif kind == "parameter" and spec.target in params:
            specs.append({"kind": kind, "target": spec.target})
            flat.append(params[spec.target])
        elif kind == "buffer" and spec.target in buffers:
            specs.append({"kind": kind, "target": spec.target})
            flat.append(buffers[spec.target])
        else:
            raise CaptureError(f"the traced graph reads a {kind} ({spec.target}) that is not a parameter or buffer "
                               f"of Model (a tensor made in forward would be a baked constant)")
    out_spec = ep.call_spec.out_spec if hasattr(ep, "call_spec") else ep.module_call_graph[0].signature.out_spec
    if out_spec.is_leaf():
        returns = "tensor"
    elif out_spec.type in (tuple, list) and all(c.is_leaf() for c in out_spec.children_specs):
        returns = out_spec.type.__name__
    else:
        raise CaptureError(f"forward returns a nested structure ({out_spec.type.__name__}); only a tensor or a "
                           f"flat tuple is rebuilt")
    n_out = sum(1 for s in ep.graph_signature.output_specs if s.kind.name == "USER_OUTPUT")
    if n_out != len(ep.graph_signature.output_specs):
        raise CaptureError("the traced graph returns buffer mutations as outputs")
    return ep, flat, specs, returns, n_out


def _compile(ep, flat, device: str, options: dict | None = None):
    """inductor's compiled module of the exported graph (code generated and loaded; nothing run), under inductor's
    defaults and ``options`` (settings only a variant may change: `allowed_options`)."""
    from unittest import mock

    import torch
    import torch._inductor.config as inductor_config
    from torch._inductor.compile_fx import compile_fx
    from torch._inductor.graph import GraphLowering

    modules = []
    original = GraphLowering.compile_to_module

    def record(self, *args, **kwargs):
        mod = original(self, *args, **kwargs)
        modules.append(mod)
        return mod

    patches = {"force_disable_caches": True, "compile_threads": 1, **checked_options(options)}
    if device == "cpu":
        patches["cpu_backend"] = "triton"
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.object(GraphLowering, "compile_to_module", record))
        stack.enter_context(inductor_config.patch(patches))
        if device == "cpu":
            import torch.utils._triton as torch_triton

            # No GPU, so no active Triton driver: inductor only needs a stable cache key from it during codegen.
            stack.enter_context(mock.patch.object(torch_triton, "triton_hash_with_backend", lambda: "0" * 64))
        try:
            with torch.no_grad():
                compile_fx(ep.graph_module, [t.detach() if isinstance(t, torch.Tensor) else t for t in flat])
        except Exception as exc:  # noqa: BLE001 - a compile failure means "no seed", with its reason
            msg = str(exc).strip().splitlines()
            raise CaptureError(f"inductor failed: {type(exc).__name__}: {msg[0] if msg else ''}"[:300]) from exc
    if len(modules) != 1:
        raise CaptureError(f"inductor produced {len(modules)} compiled graphs (one expected)")
    return modules[0]


def _config(cfg) -> dict:
    out = {"kwargs": dict(cfg.kwargs), "num_warps": cfg.num_warps, "num_stages": cfg.num_stages}
    if getattr(cfg, "num_ctas", 1) not in (None, 1):
        out["num_ctas"] = cfg.num_ctas
    if getattr(cfg, "maxnreg", None) is not None:
        out["maxnreg"] = cfg.maxnreg
    return out


def _grid(inductor_meta: dict, meta: dict) -> dict:
    from torch._inductor.runtime.triton_heuristics import GridExpr

    grid = GridExpr.from_meta(inductor_meta, meta)
    return {"prefix": list(grid.prefix), "x": str(grid.x_grid), "y": str(grid.y_grid), "z": str(grid.z_grid)}


def launch_configs(autotuner) -> list:
    """A kernel's launch configurations. Inductor drops ``configs`` once it has compiled them (on a GPU it may do so
    while loading the module), keeping each one on its compile result or launcher."""
    if autotuner.configs:
        return list(autotuner.configs)
    done = getattr(autotuner, "compile_results", None) or getattr(autotuner, "launchers", None) or []
    return [r.config for r in done]


def _kernels(module) -> dict:
    from torch._inductor.runtime.triton_heuristics import CachingAutotuner

    out = {}
    for name, obj in vars(module).items():
        if not isinstance(obj, CachingAutotuner):
            continue
        meta = dict(obj.inductor_meta or {})
        configs = [_config(c) for c in launch_configs(obj)]
        if not configs:
            raise CaptureError(f"kernel {name} has no launch configuration")
        entry = {
            "grid_type": meta.get("grid_type", ""),
            "mutated": list(meta.get("mutated_arg_names") or ()),
            "arg_names": list(obj.fn.arg_names),
            "configs": configs,
            "grids": [],
            "options": {k: obj.triton_meta[k] for k in ("enable_fp_fusion",) if k in obj.triton_meta},
        }
        try:
            entry["grids"] = [_grid(meta, dict(c["kwargs"])) for c in configs]
            if len(configs) > 1 and entry["grid_type"] in ("Grid1D", "Grid2D", "Grid3D"):
                # one grid for every config, in META (triton.autotune's argument to a grid function)
                keys = sorted({k for c in configs for k in c["kwargs"]})
                entry["meta_grid"] = _grid(meta, {k: f"META['{k}']" for k in keys})
        except Exception as exc:  # noqa: BLE001
            raise CaptureError(f"kernel {name}: no grid for its launch ({type(exc).__name__}: {exc})") from exc
        out[name] = entry
    return out


def _helpers(used: set[str]) -> tuple[dict, dict, list]:
    """Source of the inductor Triton helpers ``used`` (and the helpers they call): {name: source},
    {name: constant value}, [names that are not plain @triton.jit functions]."""
    from torch._inductor.runtime import triton_helpers

    module_names = set(vars(triton_helpers))
    sources, constants, missing = {}, {}, []
    todo = sorted(used)
    while todo:
        name = todo.pop()
        if name in sources or name in constants or name in missing:
            continue
        obj = getattr(triton_helpers, name, None)
        if inspect.isfunction(getattr(obj, "fn", None)):  # @triton.jit (an InterpretedFunction under TRITON_INTERPRET)
            src = inspect.getsource(obj.fn)
            sources[name] = src
            tree = ast.parse(src)
            refs = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            todo += sorted(r for r in refs if r in module_names and r not in ("tl", "triton", "math", "libdevice"))
        elif hasattr(obj, "value") and type(obj).__name__ == "constexpr" and isinstance(obj.value, (int, float)):
            constants[name] = obj.value
        elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
            constants[name] = obj
        else:
            missing.append(name)
    return sources, constants, sorted(missing)


def _externs(wrapper: str) -> dict:
    """``extern_kernels.NAME`` -> {"torch": "torch.NAME"} when it is that public torch function, {"source": ...} when
    it is a plain Python function over torch (copied into the file), {} when it is neither (imported from inductor)."""
    import builtins
    import re
    import textwrap

    import torch
    from torch._inductor.select_algorithm import extern_kernels

    out = {}
    for name in sorted(set(re.findall(r"\bextern_kernels\.(\w+)", wrapper))):
        fn = getattr(extern_kernels, name, None)
        fn_name = getattr(fn, "__name__", "")
        if fn is not None and getattr(torch, fn_name, None) is fn:
            out[name] = {"torch": f"torch.{fn_name}"}
            continue
        out[name] = {}
        try:
            src = textwrap.dedent(inspect.getsource(fn))
            tree = ast.parse(src)
        except (TypeError, OSError, SyntaxError):
            continue
        if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef) or tree.body[0].decorator_list:
            continue
        fdef = tree.body[0]
        bound = {a.arg for a in ast.walk(fdef.args) if isinstance(a, ast.arg)}
        bound |= {n.id for n in ast.walk(fdef) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        free = {n.id for n in ast.walk(fdef) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound
        if free <= {"torch"} | set(dir(builtins)):
            out[name] = {"source": src, "function": fdef.name}
    return out


def checked_options(options: dict | None) -> dict:
    """``options`` if each is a setting a variant may change, with a value of its type; else CaptureError. The
    request crosses a process boundary: nothing else of inductor's global configuration is set from it."""
    from autokernel.starters.inductor import allowed_options

    allowed = allowed_options()
    out = {}
    for name, value in (options or {}).items():
        if name not in allowed or type(value) is not type(allowed[name]):
            raise CaptureError(f"inductor option {name}={value!r} is not one a variant sets "
                               f"({', '.join(sorted(allowed))})")
        out[name] = value
    return out


def capture(source: str, device: str, options: dict | None = None) -> dict:
    import re

    import torch
    import triton

    options = checked_options(options)
    model, inputs = _problem_objects(source, device)
    ep, flat, specs, returns, n_out = _export(model, inputs)
    module = _compile(ep, flat, device, options)
    path = getattr(module, "__file__", None)
    if not path:
        raise CaptureError("inductor's compiled module has no source file")
    with open(path, encoding="utf-8") as f:
        wrapper = f.read()
    # set_driver_to_* are module-level calls of the kernel files, which the standalone file leaves out
    used = set(re.findall(r"\btriton_helpers\.(\w+)", wrapper)) - {"set_driver_to_cpu", "set_driver_to_gpu"}
    sources, constants, missing = _helpers(used)
    return {
        "torch": torch.__version__,
        "triton": triton.__version__,
        "device": device,
        "device_name": torch.cuda.get_device_name() if device.startswith("cuda") else "cpu",
        "wrapper": wrapper,
        "kernels": _kernels(module),
        "inputs": specs,
        "returns": returns,
        "n_outputs": n_out,
        "helpers": sources,
        "helper_constants": constants,
        "helpers_missing": missing,
        "externs": _externs(wrapper),
        "options": options,
    }


def main() -> int:
    request = json.loads(sys.stdin.read())
    with tempfile.TemporaryDirectory(prefix="akb-inductor-") as cache:
        # inductor's caches go to a folder this process made (and removes), never a shared one
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = cache
        os.environ["TRITON_CACHE_DIR"] = os.path.join(cache, "triton")
        try:
            out = {"ok": True, "capture": capture(request["source"], request["device"], request.get("options"))}
        except CaptureError as exc:
            out = {"ok": False, "reason": str(exc)}
        except Exception as exc:  # noqa: BLE001 - reported as the reason, never a crash of the search
            last = traceback.extract_tb(exc.__traceback__)[-1]
            where = f" (at {os.path.basename(last.filename)}:{last.lineno}, {last.name})"
            out = {"ok": False, "reason": f"{type(exc).__name__}: {exc}"[:240] + where,
                   "traceback": traceback.format_exc()[-2000:]}
    sys.stdout.flush()
    print("\n@@CAPTURE@@" + json.dumps(out, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
