"""Whole models end to end on a GPU: profile -> extract -> run -> verify per model, and the page that records them.

``run`` takes each ``--model`` (a CLI model argument with its flags, e.g. ``L3/44`` or ``"hf:llama --layers 2
--hf-set hidden_size=2048"``) through the four commands of docs/models.md, each a child ``python -m kb`` process:

1. ``profile MODEL --top N --extract DIR/ext --out DIR/profile``;
2. ``run DIR/ext --out DIR/run`` (the search, under --protocol; ``--stop-after`` from the model's share of the budget);
3. ``verify MODEL --kernels DIR/run --json DIR/verify.json`` (kernels faster than eager on their problem swapped in).

Every step's output is kept in the model's folder with its log (``steps.json``: command, exit status, seconds). A
second ``run`` with the same ``--out`` resumes: a step whose output exists is skipped, and the search resumes its
run directory (so a GPU lent in short calls finishes the pipeline over several); ``--redo-verify`` checks and times
the models again with the kernels found (after a change to ``verify``).

``page`` keeps what a reader and a re-check need under ``--to`` (e.g. leaderboards/nvidia-h200/models): per model the
profile table and chart, ``verify.json``, and the validated kernels as a run directory's ``problems/<name>/``
(``problem.py``, ``best.py``, ``best.json``: ``autokernel-kb verify MODEL --kernels <that folder>`` re-checks them),
and a README.md with the end-to-end table (eager, torch.compile, with kernels, Amdahl's prediction).

    python benchmarks/model_pipeline.py run --out runs/models --budget-s 480 --model L3/1 --model L3/44 \
        --model "hf:llama --layers 2 --hf-set hidden_size=2048 --hf-set intermediate_size=5632 --batch 4 --seq-len 256"
    python benchmarks/model_pipeline.py page runs/models --to leaderboards/nvidia-h200/models
    python benchmarks/model_pipeline.py run --device cpu --model tests/fixtures/models/tiny_mlp.py --rounds 0 \
        --out /tmp/models                                     # the same on the CPU (Triton interpreter)
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

PROFILE_ROWS = 8  # profile rows shown per model on the page


def slug(spec: str) -> str:
    """A folder name for a model argument: ``L3/44`` -> ``L3_44``, ``hf:llama --layers 2`` -> ``hf_llama_layers_2``."""
    return re.sub(r"[^A-Za-z0-9.]+", "_", spec.replace("--", "")).strip("_")[:80] or "model"


def _model_args(spec: str) -> list[str]:
    return shlex.split(spec)


def _step(folder: Path, name: str, argv: list[str], *, timeout: float | None) -> dict:
    """Run one ``python -m kb`` command, its output to ``folder/<name>.log``; the record of what it did."""
    log = folder / f"{name}.log"
    t0 = time.monotonic()
    cmd = [sys.executable, "-m", "kb", *argv]
    print(f"[models] {folder.name}: {shlex.join(cmd[2:])}", file=sys.stderr, flush=True)
    with log.open("a") as out:
        try:
            rc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, timeout=timeout, check=False).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    return {"step": name, "command": shlex.join(["autokernel-kb", *argv]), "rc": rc,
            "seconds": round(time.monotonic() - t0, 1)}


def run_pipeline(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    before = json.loads((out / "pipeline.json").read_text()) if (out / "pipeline.json").is_file() else {}
    models = [*before.get("models", []), *(m for m in args.model if m not in before.get("models", []))]
    (out / "pipeline.json").write_text(json.dumps({"models": models, "device": args.device, "top": args.top,
                                                   "rounds": args.rounds, "protocol": args.protocol,
                                                   "out": str(out)}, indent=1) + "\n")
    start = time.monotonic()
    failed = 0
    for i, spec in enumerate(args.model):
        folder = out / slug(spec)
        folder.mkdir(exist_ok=True)
        steps_file = folder / "steps.json"
        steps = json.loads(steps_file.read_text()) if steps_file.is_file() else []
        (folder / "model.txt").write_text(spec + "\n")
        model, common = _model_args(spec), (["--device", args.device] if args.device else [])
        left = args.budget_s - (time.monotonic() - start) if args.budget_s else None
        share = left / (len(args.model) - i) if left is not None else None
        if share is not None and share < 60:
            print(f"[models] {folder.name}: {left:.0f} s of the budget left; resume later with the same --out",
                  file=sys.stderr)
            failed += 1
            continue
        if not (folder / "profile" / "profile.csv").is_file():
            steps.append(_step(folder, "profile", ["profile", *model, *common, "--top", str(args.top), "--extract",
                                                   str(folder / "ext"), "--out", str(folder / "profile")],
                               timeout=share))
        if not any((folder / "ext").glob("*.py")):
            steps_file.write_text(json.dumps(steps, indent=1) + "\n")
            print(f"[models] {folder.name}: nothing extracted (see profile.log)", file=sys.stderr)
            failed += 1
            continue
        if args.redo_verify and (folder / "verify.json").is_file():
            (folder / "verify.json").rename(folder / "verify.previous.json")  # kept beside, never lost
        if not (folder / "verify.json").is_file():
            used = sum(s["seconds"] for s in steps[-1:] if s["step"] == "profile")
            search_s = None if share is None else max(30.0, share - used - args.verify_s)
            steps.append(_step(folder, "run", ["run", str(folder / "ext"), *common, "--out", str(folder / "run"),
                                               "--rounds", str(args.rounds), "--protocol", args.protocol,
                                               "--no-progress", *shlex.split(args.run_args),
                                               *(["--stop-after", f"{search_s:.0f}"] if search_s else [])],
                               timeout=None if search_s is None else search_s + 120))
            if any((folder / "run" / "problems").glob("*/best.py")):
                steps.append(_step(folder, "verify", ["verify", *model, *common, "--kernels", str(folder / "run"),
                                                      "--json", str(folder / "verify.json")],
                                   timeout=None if share is None else max(args.verify_s, 60) + 120))
            else:
                print(f"[models] {folder.name}: the search validated no kernel (see run.log)", file=sys.stderr)
        steps_file.write_text(json.dumps(steps, indent=1) + "\n")
        failed += not (folder / "verify.json").is_file()
    print(f"[models] {len(args.model) - failed} of {len(args.model)} model(s) verified; pages: "
          f"python benchmarks/model_pipeline.py page {out} --to DIR", file=sys.stderr)
    return 1 if failed else 0


# ---------------------------------------------------------------------------------------------------------------
# The page


def _x(v) -> str:
    return "-" if v is None else f"{v:.3f}x"


def _ms(v) -> str:
    return "-" if v is None else f"{v:.4g}"


def _environment(run_dir: Path) -> dict:
    for line in (run_dir / "results.jsonl").read_text().splitlines() if (run_dir / "results.jsonl").is_file() else []:
        env = json.loads(line).get("verdict", {}).get("environment")
        if env:
            return env
    return {}


def _copy_kernels(run_dir: Path, dest: Path) -> list[str]:
    names = []
    for d in sorted((run_dir / "problems").glob("*")) if (run_dir / "problems").is_dir() else []:
        meta = d / "best.json"
        if not (d / "best.py").is_file() or not meta.is_file():
            continue
        verdict = json.loads(meta.read_text())
        if verdict.get("verdict") != "correct" or verdict.get("quarantined"):
            continue
        (dest / d.name).mkdir(parents=True, exist_ok=True)
        for f in ("problem.py", "best.py", "best.json"):
            shutil.copyfile(d / f, dest / d.name / f)
        names.append(d.name)
    return names


def write_page(src: Path, to: Path, note: str = "") -> Path:
    """Copy each model's compact results from the pipeline folder ``src`` to ``to`` and write ``to/README.md``."""
    to.mkdir(parents=True, exist_ok=True)
    settings = json.loads((src / "pipeline.json").read_text()) if (src / "pipeline.json").is_file() else {}
    summary, sections, env = [], [], {}
    for folder in sorted(p for p in src.iterdir() if (p / "model.txt").is_file()):
        spec = (folder / "model.txt").read_text().strip()
        dest = to / folder.name
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir()
        for f in ("profile/profile.csv", "profile/profile.png", "verify.json", "steps.json", "model.txt"):
            if (folder / f).is_file():
                shutil.copyfile(folder / f, dest / Path(f).name)
        kernels = _copy_kernels(folder / "run", dest / "problems")
        env = env or _environment(folder / "run")
        report = json.loads((folder / "verify.json").read_text()) if (folder / "verify.json").is_file() else None
        steps = json.loads((folder / "steps.json").read_text()) if (folder / "steps.json").is_file() else []
        lines = [f"## `{spec}`", ""]
        if report:
            kept = sum(k["status"] == "kept" for k in report["kernels"])
            summary.append(f"| `{spec}` | {_ms(report['eager_ms'])} | "
                           f"{_ms(report['compile_ms'])} | {_ms(report['swapped_ms'])} | {_x(report['speedup'])} | "
                           f"{_x(report['speedup_vs_compile'])} | {_x(report['predicted_speedup'])} | "
                           f"{kept} of {len(report['kernels'])} |")
            lines.append(f"{report['model']}; checked on {len(report['trials'])} trials "
                         f"({', '.join(report['trials'])}).")
            lines += ["", "| kernel | status | calls replaced | their time in the forward (ms) | the kernel's time in "
                      "the model (ms) | own speedup vs eager | why |", "|---|---|---:|---:|---:|---:|---|"]
            for k in report["kernels"]:
                link = f"[{k['name']}](problems/{k['name']}/best.py)" if k["name"] in kernels else k["name"]
                lines.append(f"| {link} | {k['status']} | {k['calls']} | {k['profiled_ms']:.4g} | "
                             f"{_ms(k.get('in_model_ms'))} | {_x(k['speedup'])} | {k['reason'] or ''} |")
            lines += [""] + [f"- {n}" for n in report.get("notes", [])]
        else:
            summary.append(f"| `{spec}` | - | - | - | - | - | - | not verified |")
            lines.append("Not verified: " + "; ".join(f"{s['step']} exited {s['rc']}" for s in steps) + ".")
        if (dest / "profile.csv").is_file():
            with (dest / "profile.csv").open() as fh:
                rows = list(csv.DictReader(fh))[:PROFILE_ROWS]
            lines += ["", f"Profile, the top {len(rows)} operations ([profile.csv]({folder.name}/profile.csv), "
                      f"[chart]({folder.name}/profile.png)):", "",
                      "| # | op | shapes | calls | ms | share % | floor ms | % of floor | Amdahl bound |",
                      "|---:|---|---|---:|---:|---:|---:|---:|---:|"]
            lines += [f"| {r['rank']} | {r['op']} | {r['shapes']} | {r['calls']} | {float(r['time_ms']):.4g} | "
                      f"{r['share_pct']} | {r['floor_ms'] or '-'} | {r['pct_of_floor'] or '-'} | "
                      f"{r['amdahl_speedup'] or '-'} |" for r in rows]
        if steps:
            where = settings.get("out") or str(src)
            lines += ["", "Steps: " + "; ".join(f"`{s['command'].replace(where, 'OUT')}` ({s['seconds']} s, "
                                                 f"exit {s['rc']})" for s in steps) + "."]
        sections.append("\n".join(lines).replace("](problems/", f"]({folder.name}/problems/"))
    env_line = ", ".join(f"{k} {env[k]}" for k in ("gpu", "driver", "torch", "triton", "python") if env.get(k))
    page = ["# Whole models: profile, extract, search, verify", "",
            f"Each model went through `profile -> extract -> run -> verify` ([docs/models.md](../../../docs/models.md)) "
            f"with `benchmarks/model_pipeline.py` (top {settings.get('top', '?')} operations extracted, "
            f"{settings.get('rounds', '?')} search rounds, protocol {settings.get('protocol', '?')}). "
            f"Environment: {env_line or 'not recorded'}. Times are medians of timed forwards (ms); a kernel is "
            "swapped in only where the judge found it correct and faster than eager on its own problem, and the whole "
            "model is then checked against the original with the judge's tolerance.", "",
            *([note, ""] if note else []),
            "| model | eager ms | torch.compile ms | with kernels ms | vs eager | vs compile | Amdahl's prediction "
            "| kernels kept |", "|---|---:|---:|---:|---:|---:|---:|---:|", *summary, "", *sections, ""]
    (to / "README.md").write_text("\n".join(page))
    return to / "README.md"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="profile, extract, search and verify each model")
    r.add_argument("--model", action="append", required=True,
                   help="a model argument with its flags, quoted (repeatable): L3/44, a .py file, 'hf:llama --layers 2'")
    r.add_argument("--out", required=True, help="the pipeline folder (rerun with the same --out to resume)")
    r.add_argument("--device", default=None, help="cpu or cuda[:N] (default: cuda if available)")
    r.add_argument("--top", type=int, default=3, help="operations extracted per model (default 3)")
    r.add_argument("--rounds", type=int, default=2, help="search rounds after the seed round (default 2)")
    r.add_argument("--protocol", default="kernelbench", choices=("kernelbench", "strict"))
    r.add_argument("--budget-s", type=float, default=None, help="seconds for all models (shared out evenly)")
    r.add_argument("--verify-s", type=float, default=120.0, help="seconds kept back per model for verify")
    r.add_argument("--run-args", default="", help="more flags for `run`, quoted, e.g. '--workers-per-device 4'")
    r.add_argument("--redo-verify", action="store_true",
                   help="verify again models already verified (the last report kept as verify.previous.json)")
    p = sub.add_parser("page", help="the compact results and README.md of a pipeline folder")
    p.add_argument("src")
    p.add_argument("--to", required=True, help="e.g. leaderboards/nvidia-h200/models")
    p.add_argument("--note", default="", help="a paragraph for the page (e.g. why these models)")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        return run_pipeline(args)
    print(write_page(Path(args.src), Path(args.to), args.note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
