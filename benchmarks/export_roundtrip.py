"""Issue 6 in one run: a run's kernels, exported, published and loaded back with ``kernels.get_kernel``,
give the same results and speed as in the run.

Steps: take the runs' publishable kernels (verdict ``correct``, not quarantined, validated on a GPU), export
them all into one repository with the project's exporter, upload the folder with the project's upload code to a loopback Hub
(``tests/fakehub.py``, selected through ``HF_ENDPOINT``), then, in a fresh interpreter with a fresh Hub
cache, load them with ``kernels.get_kernel(repo, version=N, trust_remote_code=True)``. For each of the first
``--limit`` exported kernels (round robin over the runs, in problem order), the
reference ``Model`` and the run's ``ModelNew`` are built with one seed, as the judge builds them; the Hub
function runs on the same inputs and is compared with both (atol = rtol from the tolerance preset, 1e-4 for
fp32), then timed with the judge's loop (``time_calls``: CUDA events, L2 flush, fresh clones) next to
``ModelNew`` timed the same way now and to the run's recorded ``kernel.median_ms``. ``ModelNew`` runs with
TF32 off, as the judge ran it; the Hub function runs under the process's default flags, since it sets the
validated numerics itself (see ``export/_shipped_runtime.py``).

On CPU (``--device cpu``, for tests) problems are shrunk (``tiny_problem``), Triton runs in its interpreter,
and ``torch.version.cuda`` is set in the loading process so ``kernels`` picks the ``torch-cuda`` variant as
on a CUDA build; speeds are not compared there (the run's medians are GPU figures).

Writes ``OUT/export_roundtrip.json`` and prints a table. Exit status: 0 all agree (and, on CUDA, no kernel
is slower than ``--speed-tol`` allows); 1 a kernel disagrees or failed to load or run; 2 nothing to check
(no publishable kernel, export or upload failed); 3 results agree but a kernel is slower than allowed.

    python benchmarks/export_roundtrip.py --run leaderboards/runs/h200-2026-11-29/L1 \
        --run leaderboards/runs/h200-2026-11-29/L2 --out /tmp/roundtrip --limit 8
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

# Environment variables the loading process must not inherit: they bypass the Hub (LOCAL_KERNELS, offline
# mode), point at another cache, carry a real token, or break kernels 0.17.2 Hub calls (the telemetry
# opt-outs, docs/export.md, known pitfalls).
_CHILD_ENV_DROPPED = (
    "LOCAL_KERNELS",
    "HF_HUB_OFFLINE",
    "TRANSFORMERS_OFFLINE",
    "KERNELS_CACHE",
    "HF_HUB_CACHE",
    "HF_TOKEN",
    "HUGGING_FACE_HUB_TOKEN",
    "HF_TOKEN_PATH",
    "HF_HUB_DISABLE_TELEMETRY",
    "DISABLE_TELEMETRY",
    "DO_NOT_TRACK",
)
_KEY_RE = re.compile(r"L(\d+)/(\d+)$")
# Work folders under OUT, replaced on each run (names no source folder has, so --out . is harmless).
STAGED_RUN = "roundtrip_run"
EXPORT_DIR = "roundtrip_export"


@dataclass(frozen=True, kw_only=True)
class RoundtripConfig:
    """What to check and how."""

    runs: tuple[Path, ...]
    out_dir: Path
    device: str = "cuda"  # "cuda[:N]" or "cpu"
    limit: int = 8  # kernels checked (all publishable ones are exported)
    problems: tuple[str, ...] = ()  # keys (L1/19) or folder names; empty: all
    repo_id: str = "autokernel-kb/h200-roundtrip"
    version: int = 1
    tolerance: str = "kernelbench"  # preset of autokernel.evaluate.config.TOLERANCE_PRESETS
    trials: int = 2  # correctness draws per kernel (seeds seed+1 ...)
    seed: int = 0  # init seed of Model and ModelNew (fixed, unlike the judge's secret one: reruns agree)
    scale: int = 0  # 0: full size on CUDA, tiny_problem on CPU; k > 1: Problem.scaled(k)
    cpu_max_elements: int = 4096  # tiny_problem's budget on CPU
    speed_tol: float = 0.10  # allowed slowdown vs the run and vs ModelNew now (CUDA only)
    speed_gate: bool = True
    child_timeout_s: float = 3000.0


@dataclass(frozen=True, kw_only=True)
class Selected:
    """A run kernel chosen for the round trip."""

    key: str  # e.g. "L1/19"
    run_dir: Path
    folder: Path  # <run>/problems/<slug>
    staged: Path  # the copy the exporter reads
    verdict: dict[str, Any] = field(repr=False)


# -- parent: select, export, publish ------------------------------------------------------------------


def collect_kernels(config: RoundtripConfig) -> tuple[list[Selected], list[dict[str, str]]]:
    """Every publishable kernel of the runs (one per problem key, in problem order), plus the skipped ones."""
    from export.entries import entries_from_run

    selected: list[Selected] = []
    skipped: list[dict[str, str]] = []
    seen: dict[str, str] = {}
    names: set[str] = set()
    staged_root = config.out_dir / STAGED_RUN / "problems"
    for run in config.runs:
        entries, skips = entries_from_run(run)
        skipped += [{"name": f"{run.name}:{s.name}", "reason": s.reason} for s in skips]
        for entry in sorted(entries, key=lambda e: _key_order(e.problem_key)):
            folder = Path(entry.origin).parent
            if config.problems and not {entry.problem_key, folder.name} & set(config.problems):
                continue
            if entry.problem_key in seen:
                skipped.append(
                    {
                        "name": entry.origin,
                        "reason": f"{entry.problem_key} already taken from {seen[entry.problem_key]}",
                    }
                )
                continue
            seen[entry.problem_key] = entry.origin
            name = folder.name if folder.name not in names else f"r{len(selected)}_{folder.name}"
            names.add(name)
            selected.append(
                Selected(
                    key=entry.problem_key,
                    run_dir=run,
                    folder=folder,
                    staged=staged_root / name,
                    verdict=entry.verdict or {},
                )
            )
    return selected, skipped


def first_of_each_run(keys: list[str], selected: list[Selected], limit: int) -> list[str]:
    """Up to ``limit`` of ``keys``, taken round robin over the runs (problem order within a run)."""
    queues: dict[Path, list[str]] = {}
    for item in selected:
        if item.key in keys:
            queues.setdefault(item.run_dir, []).append(item.key)
    chosen: list[str] = []
    while len(chosen) < limit and any(queues.values()):
        for queue in queues.values():
            if queue and len(chosen) < limit:
                chosen.append(queue.pop(0))
    return chosen


def stage(selected: list[Selected], out_dir: Path) -> Path:
    """Copy the publishable problem folders into one run directory, ``OUT/roundtrip_run``, for the exporter."""
    run = out_dir / STAGED_RUN
    if run.exists():
        shutil.rmtree(run)
    for item in selected:
        item.staged.mkdir(parents=True)
        for name in ("best.py", "best.json", "problem.py"):
            if (item.folder / name).is_file():
                shutil.copy(item.folder / name, item.staged / name)
    return run


def _key_order(key: str) -> tuple:
    match = _KEY_RE.search(key)
    return (int(match.group(1)), int(match.group(2)), key) if match else (1 << 30, 0, key)


def _load_fakehub():
    """``tests/fakehub.py``, the loopback Hub the export tests use (not part of the installed package)."""
    import importlib.util

    path = REPO / "tests" / "fakehub.py"
    spec = importlib.util.spec_from_file_location("_autokernel_roundtrip_fakehub", path)
    if spec is None or spec.loader is None:
        raise FileNotFoundError(f"{path} is missing: the round trip needs the fake Hub from the test suite")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is created
    spec.loader.exec_module(module)
    return module


def missing_dependencies() -> str:
    """Why the round trip cannot run here ("" if it can): it needs kernels and huggingface_hub >= 2.3."""
    import importlib.util

    absent = [
        name for name in ("kernels", "huggingface_hub", "torch") if importlib.util.find_spec(name) is None
    ]
    if absent:
        return f"missing packages: {', '.join(absent)} (pip install 'kernels>=0.15' 'huggingface_hub>=2.3')"
    from importlib.metadata import version

    hub = version("huggingface_hub")
    if tuple(int(p) for p in hub.split(".")[:2] if p.isdigit()) < (2, 3):
        return f"huggingface_hub {hub} cannot upload kernel repositories; install huggingface_hub>=2.3"
    return ""


def child_env(*, endpoint: str, hf_home: Path, device: str) -> dict[str, str]:
    """The loading process's environment: the loopback Hub, a fresh cache, nothing that bypasses the Hub."""
    env = {k: v for k, v in os.environ.items() if k not in _CHILD_ENV_DROPPED}
    env["HF_ENDPOINT"] = endpoint
    env["HF_HOME"] = str(hf_home)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
    else:
        env.pop("TRITON_INTERPRET", None)
    return env


def run_roundtrip(config: RoundtripConfig) -> tuple[dict[str, Any], int]:
    """Do every step; returns the report and the exit status."""
    out = config.out_dir
    out.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {
        "issue": 6,
        "config": {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(config).items()},
        "runs": [str(r) for r in config.runs],
    }
    report["config"]["runs"] = [str(r) for r in config.runs]
    missing = missing_dependencies()
    if missing:
        report["error"] = missing
        return report, 2
    selected, skipped = collect_kernels(config)
    report["skipped"] = skipped
    if not selected:
        report["error"] = "no publishable kernel in the run(s)"
        return report, 2
    run_dir = stage(selected, out)

    fakehub = _load_fakehub()
    token = "hf_roundtrip_" + secrets.token_hex(8)
    hub = fakehub.FakeHub(token=token).start()
    try:
        # huggingface_hub reads HF_ENDPOINT once, on import: set it before the exporter imports kernels.
        os.environ["HF_ENDPOINT"] = hub.url
        records, status = _export_publish_load(config, selected, run_dir, hub, token, report)
    finally:
        hub.stop()
    report["kernels"] = records
    report["ok"] = status == 0
    return report, status


def _export_publish_load(config, selected, run_dir, hub, token, report) -> tuple[list[dict], int]:
    from export.export_hf import ExportConfig, export_kernels
    from export.source import ExportError
    from export.upload import upload

    out = config.out_dir
    export_dir = out / EXPORT_DIR
    if export_dir.exists():
        shutil.rmtree(export_dir)
    started = time.perf_counter()
    try:
        result = export_kernels(
            ExportConfig(repo_id=config.repo_id, out_dir=export_dir, run_dir=run_dir, version=config.version)
        )
        done = upload(
            export_dir, repo_id=config.repo_id, version=config.version, endpoint=hub.url, token=token
        )
    except ExportError as exc:
        report["error"] = f"export or upload failed: {exc}"
        return [], 2
    report["skipped"] += [{"name": s.name, "reason": s.reason} for s in result.skipped]
    by_key = {item.key: item for item in selected}
    exported = {key: (function, variant) for function, key, variant in result.exported}
    chosen = first_of_each_run(list(exported), selected, config.limit)
    report["exported_not_checked_over_limit"] = sorted(set(exported) - set(chosen), key=_key_order)
    plan_kernels = []
    for key in chosen:
        (function, variant), item = exported[key], by_key[key]
        plan_kernels.append(
            {
                "key": key,
                "function": function,
                "variant": variant,
                "run_dir": str(item.run_dir),
                "folder": str(item.staged),
                "slug": item.folder.name,
                "verdict_policy": item.verdict.get("policy") or {},
                "run_kernel": item.verdict.get("kernel") or {},
                "run_device": str(
                    (item.verdict.get("environment") or {}).get("gpu") or item.verdict.get("device")
                ),
            }
        )
    branch_sha = hub.repos[config.repo_id].branches[f"v{config.version}"]
    report["export"] = {
        "out_dir": str(export_dir),
        "variants": result.variants,
        "exported": [list(e) for e in result.exported],
        "uploaded": [done.repo_url, done.build_commit, done.card_commit],
        "export_and_upload_s": round(time.perf_counter() - started, 3),
    }
    # a fresh, empty Hub cache for the loading process (outside OUT: the cache is mostly symlinks)
    hf_home = Path(tempfile.mkdtemp(prefix="akb-roundtrip-hf-home-"))
    try:
        return _load_and_check(config, report, hub, hf_home, plan_kernels, branch_sha)
    finally:
        shutil.rmtree(hf_home, ignore_errors=True)


def _load_and_check(config, report, hub, hf_home: Path, plan_kernels: list, branch_sha: str):
    """Run the loading process, then add what the Hub saw (requests, files) and the speed verdicts."""
    out = config.out_dir
    plan = {
        "repo_id": config.repo_id,
        "version": config.version,
        "device": config.device,
        "hf_home": str(hf_home),
        "branch_sha": branch_sha,
        "kernels": plan_kernels,
        **{k: getattr(config, k) for k in ("tolerance", "trials", "seed", "scale", "cpu_max_elements")},
    }
    plan_path, results_path = out / "child_plan.json", out / "child_results.json"
    plan_path.write_text(json.dumps(plan, indent=1))
    results_path.unlink(missing_ok=True)
    before = len(hub.requests)
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(plan_path)]
    try:
        proc = subprocess.run(
            [*command, "--child-out", str(results_path)],
            env=child_env(endpoint=hub.url, hf_home=hf_home, device=config.device),
            cwd=REPO,
            timeout=config.child_timeout_s,
            check=False,
        )
        returncode = proc.returncode
    except subprocess.TimeoutExpired:
        returncode = -1
        report["timed_out_after_s"] = config.child_timeout_s
    requests = hub.requests[before:]
    prefix = f"/kernels/{config.repo_id}/resolve/"
    downloaded = sorted({r.split(prefix, 1)[1] for r in requests if r.startswith("GET ") and prefix in r})
    child = json.loads(results_path.read_text()) if results_path.is_file() else {}
    report["hub"] = {
        "endpoint": hub.url,
        "repo_id": config.repo_id,
        "version": config.version,
        "branch_sha": branch_sha,
        "loading_requests": len(requests),
        "files_downloaded": downloaded,
        "child_exit_status": returncode,
        **(child.get("load") or {}),
    }
    records = child.get("kernels") or []
    if returncode != 0 or not records or "error" in (child.get("load") or {}):
        load_error = (child.get("load") or {}).get("error")
        report["error"] = load_error or f"loading process exited {returncode}"
        return records, 1
    for record in records:
        _judge_speed(record, config)
    if not all(r["ok"] for r in records):
        return records, 1
    if config.device != "cpu" and config.speed_gate and not all(r.get("speed_ok", True) for r in records):
        return records, 3
    return records, 0


def _judge_speed(record: dict, config: RoundtripConfig) -> None:
    """Speed verdicts (CUDA only): the Hub function no slower than the run's median and than ModelNew now."""
    hub = (record.get("hub_timing") or {}).get("median_ms")
    now = (record.get("model_new_timing") or {}).get("median_ms")
    run = record.get("run_median_ms")
    record["ratio_vs_model_new_now"] = round(hub / now, 4) if hub and now else None
    if config.device == "cpu":  # interpreter times against GPU medians mean nothing
        record["ratio_vs_run"] = None
        record["speed_ok"] = None
        return
    record["ratio_vs_run"] = round(hub / run, 4) if hub and run else None
    limit = 1.0 + config.speed_tol
    record["speed_ok"] = bool(
        record["ratio_vs_run"] is not None
        and record["ratio_vs_run"] <= limit
        and record["ratio_vs_model_new_now"] is not None
        and record["ratio_vs_model_new_now"] <= limit
    )


# -- child: load through the Hub, compare, time ---------------------------------------------------------


def child_main(plan_path: Path, results_path: Path) -> int:
    """In a fresh interpreter (HF_ENDPOINT set before import): get_kernel, then check every kernel."""
    plan = json.loads(plan_path.read_text())
    import torch

    if plan["device"] == "cpu":
        # CPU torch makes kernels pick the cpu backend and reject build/torch-cuda; kernels reads the backend
        # from torch.version.cuda, so this makes variant selection behave as on a CUDA build.
        torch.version.cuda = "12.8"
    import kernels

    load: dict[str, Any] = {"kernels_version": getattr(kernels, "__version__", "")}
    results: dict[str, Any] = {"load": load, "kernels": []}
    started = time.perf_counter()
    try:
        module = kernels.get_kernel(plan["repo_id"], version=plan["version"], trust_remote_code=True)
    except Exception as exc:  # report it: the load through the Hub is what is being checked
        load["error"] = f"get_kernel failed: {type(exc).__name__}: {exc}"
        results_path.write_text(json.dumps(results, indent=1))
        return 1
    # the snapshot path (snapshots/<sha>/build/<variant>/__init__.py) links into the cache's blobs
    loaded_from = Path(os.path.abspath(module.__file__))
    hf_home = Path(plan["hf_home"]).resolve()
    load.update(
        load_s=round(time.perf_counter() - started, 3),
        loaded_from=str(loaded_from),
        variant_loaded=loaded_from.parent.name,
        loaded_from_fresh_hub_cache=hf_home in loaded_from.resolve().parents,
        pinned_commit_in_path=plan["branch_sha"] in loaded_from.parts,
        functions=sorted(n for n in getattr(module, "__all__", []) if n not in ("layers", "ops")),
    )
    _log(f"loaded {plan['repo_id']} v{plan['version']} from {loaded_from}")
    for index, item in enumerate(plan["kernels"]):
        _log(f"[{index + 1}/{len(plan['kernels'])}] {item['key']} -> {item['function']}")
        record = evaluate_kernel(module, item, plan, index)
        if not (load["loaded_from_fresh_hub_cache"] and load["pinned_commit_in_path"]):
            record["ok"] = False
            record.setdefault("error", "the module was not loaded from the Hub download of the pinned commit")
        results["kernels"].append(record)
        results_path.write_text(json.dumps(results, indent=1))  # partial results survive a crash
        _release(plan["device"])
    results_path.write_text(json.dumps(results, indent=1))
    return 0


def evaluate_kernel(module, item: dict, plan: dict, index: int) -> dict[str, Any]:
    """Hub function vs the run's ModelNew vs the reference Model on the same inputs; then both timed."""
    import torch

    from autokernel.evaluate.compare import compare
    from autokernel.evaluate.config import tolerance_for
    from autokernel.evaluate.reference import exact_fp32

    device = plan["device"]
    run_kernel = item["run_kernel"]
    record: dict[str, Any] = {
        "problem": item["key"],
        "slug": item["slug"],
        "run_dir": item["run_dir"],
        "hub_repo": plan["repo_id"],
        "hub_version": plan["version"],
        "variant": item["variant"],
        "function": item["function"],
        "device": device,
        "run_device": item["run_device"],
        "run_median_ms": run_kernel.get("median_ms"),
        "run_timing_method": run_kernel.get("method"),
        "ok": False,
    }
    try:
        problem = _problem(item, plan)
        record["problem_scale"] = problem.scale
        record["problem_notes"] = list(problem.notes)
        session = _reference_session(problem, device, plan["seed"])
        model_new = _model_new(Path(item["folder"]) / "best.py", session, index)
        fn = getattr(module, item["function"])
        kwargs = hub_kwargs(fn, model_new, session.init_args)
        record["hub_call"] = f"{item['function']}(*inputs, {', '.join(sorted(kwargs))})"
        # the exporter ships the run's file unchanged as _k_<function>.py next to __init__.py
        shipped = Path(module.__file__).parent / f"_k_{item['function']}.py"
        run_file = Path(item["folder"]) / "best.py"
        record["hub_source_is_run_source"] = (
            shipped.is_file() and shipped.read_bytes() == run_file.read_bytes()
        )
        preset = plan["tolerance"]
        rel_l2_tol = item["verdict_policy"].get("relative_l2_tol")  # set for degenerate problems
        worst = {"vs_model_new": [0.0, 0.0], "vs_reference": [0.0, 0.0], "model_new_vs_reference": [0.0, 0.0]}
        passed, bitwise, reasons = True, True, []
        for trial in range(plan["trials"]):
            inputs = session.make_inputs(plan["seed"] + 1 + trial)
            expected = session.run(inputs)
            with torch.no_grad():
                with exact_fp32():  # ModelNew as the judge ran it; the Hub function sets this itself
                    out_new = model_new(*_clones(inputs))
                out_hub = fn(*_clones(inputs), **kwargs)
            _sync(device)
            tol = tolerance_for(preset, str(expected.dtype))
            record["atol"] = record["rtol"] = tol
            checks = {
                "vs_model_new": compare(out_hub, out_new, tol=tol),
                "vs_reference": compare(out_hub, expected, tol=tol, rel_l2_tol=rel_l2_tol),
                "model_new_vs_reference": compare(out_new, expected, tol=tol, rel_l2_tol=rel_l2_tol),
            }
            bitwise = bitwise and out_hub.shape == out_new.shape and bool(torch.equal(out_hub, out_new))
            for name, cmp in checks.items():
                worst[name] = [max(worst[name][0], cmp.max_abs_error), max(worst[name][1], cmp.max_rel_error)]
                if name != "model_new_vs_reference" and not cmp.passed:
                    passed = False
                    reasons.append(f"trial {trial} {name}: {cmp.reason}")
            del inputs, expected, out_new, out_hub
        for name, (abs_err, rel_err) in worst.items():
            record[f"max_abs_error_{name}"] = abs_err
            record[f"max_rel_error_{name}"] = rel_err
        record["bitwise_equal_to_model_new"] = bitwise
        record["trials"] = plan["trials"]
        record["reasons"] = reasons
        record.update(_time_both(fn, kwargs, model_new, session, plan))
        record["ok"] = passed
    except Exception as exc:  # a kernel that cannot be built or run is a failed round trip, reported as such
        import traceback

        record["error"] = f"{type(exc).__name__}: {exc}"
        record["traceback"] = traceback.format_exc()[-3000:]
    return record


def hub_kwargs(fn, model_new, init_args: list) -> dict[str, Any]:
    """Keyword arguments of an exported function: ModelNew's state tensors and constructor values, by name.

    The exporter names state arguments after ModelNew's parameters and buffers (dots as underscores) and
    constructor arguments after ``ModelNew.__init__``'s parameters; both are keyword-only.
    """
    import inspect

    state = {
        name.replace(".", "_"): tensor.detach()
        for name, tensor in [*model_new.named_parameters(), *model_new.named_buffers()]
    }
    bound = inspect.signature(type(model_new)).bind(*init_args).arguments
    params = [p for p in inspect.signature(fn).parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY]
    names = {p.name for p in params}
    kwargs: dict[str, Any] = {}
    for param in params:
        # a state tensor named like a constructor argument is exported as `<name>_state` (export/codegen.py)
        base = param.name
        while base.endswith("_state") and base not in state:
            base = base[: -len("_state")]
        if param.name in bound and (param.name not in state or param.name + "_state" in names):
            kwargs[param.name] = bound[param.name]
        elif base in state:
            kwargs[param.name] = state[base]
        elif param.name in bound:
            kwargs[param.name] = bound[param.name]
        elif param.default is inspect.Parameter.empty:
            raise ValueError(
                f"{fn.__name__} needs {param.name!r}, which is neither a ModelNew state tensor nor a constructor "
                f"argument (state: {sorted(state)}; constructor: {sorted(bound)})"
            )
    return kwargs


def _problem(item: dict, plan: dict):
    from autokernel.problem import Problem
    from autokernel.starters.shrink import tiny_problem

    source = (Path(item["folder"]) / "problem.py").read_text()
    match = _KEY_RE.search(item["key"])
    level, pid = (int(match.group(1)), int(match.group(2))) if match else (None, None)
    problem = Problem.from_source(
        source, name=item["slug"], level=level, problem_id=pid, origin=item["folder"]
    )
    if plan["scale"] > 1:
        return problem.scaled(plan["scale"])
    if plan["scale"] == 0 and plan["device"] == "cpu":
        return tiny_problem(problem, plan["cpu_max_elements"])
    return problem


def _reference_session(problem, device: str, seed: int):
    """The judge's ReferenceSession, with a chosen init seed instead of a secret one (reruns agree)."""
    from autokernel.evaluate.reference import ReferenceSession

    return ReferenceSession.build(problem, device, init_seed=seed)


def _model_new(path: Path, session, index: int):
    """The run's ModelNew, built as the judge builds it: same init seed and init values as the reference."""
    import importlib.util

    import torch

    name = f"_autokernel_roundtrip_solution_{index}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    torch.manual_seed(session.init_seed)
    return module.ModelNew(*session.init_args).to(session.device)


def _time_both(fn, kwargs: dict, model_new, session, plan: dict) -> dict[str, Any]:
    """The Hub function and ModelNew through the judge's timing loop, on the judge's number of input sets."""
    import torch

    from autokernel.evaluate.candidate_timing import NUM_TIMING_SETS
    from autokernel.evaluate.config import EvalConfig
    from autokernel.evaluate.judge import BIG_TRIAL_BYTES
    from autokernel.evaluate.timing import summarize, time_calls

    device = plan["device"]
    cfg = EvalConfig.for_device("cpu" if device == "cpu" else device)
    first = session.make_inputs(plan["seed"] + 1000)
    big = sum(x.numel() * x.element_size() for x in first if isinstance(x, torch.Tensor)) > BIG_TRIAL_BYTES
    sets = [first] + [
        session.make_inputs(plan["seed"] + 1000 + k) for k in range(1, 1 if big else NUM_TIMING_SETS)
    ]
    out: dict[str, Any] = {"timing_input_sets": len(sets)}
    from autokernel.evaluate.reference import exact_fp32

    # the Hub function under the caller's default flags (it sets the validated ones itself);
    # ModelNew under the judge's (TF32 off), as in the run
    calls = {"hub": (lambda *a: fn(*a, **kwargs), contextlib.nullcontext), "model_new": (model_new, exact_fp32)}
    for label, (call, precision) in calls.items():
        with torch.no_grad(), precision():
            raw = time_calls(
                call,
                sets,
                device=device,
                n=cfg.num_perf_trials,
                warmup=cfg.warmup,
                budget_s=cfg.timing_budget_s,
                **cfg.loop_options(),
            )
        out[f"{label}_timing"] = summarize(raw.event_ms, raw.method).to_dict()
    del sets, first
    return out


def _clones(inputs: list) -> list:
    return [x.clone() if hasattr(x, "clone") else x for x in inputs]


def _sync(device: str) -> None:
    if device != "cpu":
        import torch

        torch.cuda.synchronize()


def _release(device: str) -> None:
    import gc

    gc.collect()
    if device != "cpu":
        import torch

        torch.cuda.empty_cache()


def _log(message: str) -> None:
    print(f"[export_roundtrip] {message}", file=sys.stderr, flush=True)


# -- report ---------------------------------------------------------------------------------------------


def format_table(report: dict[str, Any]) -> str:
    """A readable summary: one row per kernel."""
    rows = [
        (
            "problem",
            "function",
            "max|d| ModelNew",
            "max|d| ref",
            "hub ms",
            "ModelNew ms",
            "run ms",
            "hub/run",
            "ok",
        )
    ]
    for r in report.get("kernels", []):
        hub = (r.get("hub_timing") or {}).get("median_ms")
        now = (r.get("model_new_timing") or {}).get("median_ms")
        ok = "ok" if r.get("ok") else "FAIL"
        if r.get("ok") and r.get("speed_ok") is False:
            ok = "SLOW"
        rows.append(
            (
                r["problem"],
                r["function"][:40],
                _num(r.get("max_abs_error_vs_model_new")),
                _num(r.get("max_abs_error_vs_reference")),
                _num(hub),
                _num(now),
                _num(r.get("run_median_ms")),
                _num(r.get("ratio_vs_run")),
                ok,
            )
        )
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(row, widths)) for row in rows]
    hub = report.get("hub") or {}
    lines.append(
        f"hub: {hub.get('repo_id')} v{hub.get('version')} @ {str(hub.get('branch_sha', ''))[:12]} via "
        f"{hub.get('endpoint')}; {len(hub.get('files_downloaded') or [])} files downloaded; "
        f"loaded from the fresh Hub cache: {hub.get('loaded_from_fresh_hub_cache')}"
    )
    for r in report.get("kernels", []):
        if r.get("error") or r.get("reasons"):
            lines.append(f"{r['problem']}: {r.get('error') or '; '.join(r['reasons'])}")
    no_kernel = [s for s in report.get("skipped", []) if s["reason"].startswith("no best.py")]
    if no_kernel:
        lines.append(f"skipped {len(no_kernel)} problems without a kernel (no best.py)")
    for s in report.get("skipped", []):
        if s not in no_kernel:
            lines.append(f"skipped {s['name']}: {s['reason']}")
    if report.get("exported_not_checked_over_limit"):
        lines.append(
            f"exported but not checked (--limit): {', '.join(report['exported_not_checked_over_limit'])}"
        )
    if report.get("error"):
        lines.append(f"error: {report['error']}")
    return "\n".join(lines)


def _num(x) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


# -- command line ---------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", type=Path, action="append", default=[], help="run directory (repeatable)")
    parser.add_argument(
        "--device", default="cuda", help="cuda[:N] (default) or cpu (tiny shapes, interpreter)"
    )
    parser.add_argument(
        "--out", type=Path, required=False, help="output folder (export_roundtrip.json and work files)"
    )
    parser.add_argument(
        "--limit", type=int, default=8, help="check at most this many exported kernels (default 8)"
    )
    parser.add_argument(
        "--problem", action="append", default=[], help="only this problem (L1/19 or folder name)"
    )
    parser.add_argument("--repo", default="autokernel-kb/h200-roundtrip", help="Hub repository id, org/name")
    parser.add_argument("--version", type=int, default=1, help="kernel version, branch v<N> (default 1)")
    parser.add_argument(
        "--tolerance", default="kernelbench", help="tolerance preset (kernelbench: 1e-4 fp32)"
    )
    parser.add_argument(
        "--trials", type=int, default=2, help="correctness input draws per kernel (default 2)"
    )
    parser.add_argument("--seed", type=int, default=0, help="init seed of Model and ModelNew (default 0)")
    parser.add_argument(
        "--scale", type=int, default=0, help="divide problem sizes by K; 0: full on CUDA, tiny on CPU"
    )
    parser.add_argument("--cpu-max-elements", type=int, default=4096, help="tiny_problem budget on CPU")
    parser.add_argument(
        "--speed-tol", type=float, default=0.10, help="allowed slowdown (default 0.10 = 10%%)"
    )
    parser.add_argument("--no-speed-gate", action="store_true", help="report speed, never fail on it")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--child-out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is None:
        if not args.run or args.out is None:
            parser.error("--run and --out are required")
        if not (args.device == "cpu" or args.device.startswith("cuda")):
            parser.error(f"--device must be cuda[:N] or cpu, not {args.device!r}")
        if args.limit < 1 or args.trials < 1 or args.scale < 0:
            parser.error("--limit and --trials must be >= 1, --scale >= 0")
        for run in args.run:
            if not (run / "problems").is_dir():
                parser.error(f"{run} is not a run directory ({run}/problems is missing)")
        from autokernel.evaluate.config import TOLERANCE_PRESETS

        if args.tolerance not in TOLERANCE_PRESETS:
            parser.error(f"--tolerance must be one of {sorted(TOLERANCE_PRESETS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child is not None:
        return child_main(args.child, args.child_out)
    if args.device == "cpu":
        os.environ.setdefault("TRITON_INTERPRET", "1")  # before the exporter imports triton
    config = RoundtripConfig(
        runs=tuple(args.run),
        out_dir=args.out,
        device=args.device,
        limit=args.limit,
        problems=tuple(args.problem),
        repo_id=args.repo,
        version=args.version,
        tolerance=args.tolerance,
        trials=args.trials,
        seed=args.seed,
        scale=args.scale,
        cpu_max_elements=args.cpu_max_elements,
        speed_tol=args.speed_tol,
        speed_gate=not args.no_speed_gate,
    )
    report, status = run_roundtrip(config)
    report["exit_status"] = status
    path = config.out_dir / "export_roundtrip.json"
    path.write_text(json.dumps(report, indent=1, default=str))
    print(format_table(report))
    print(f"wrote {path}; exit status {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
