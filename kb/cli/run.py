"""`autokernel-kb run`: search problems (KernelBench refs, files, or the embedded suite) and record a run directory."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kb.cli._common import add_eval_policy, add_problem_source, eval_config_from_args, resolve


def register(sub) -> None:
    p = sub.add_parser(
        "run", help="search for faster kernels: rounds of proposals, each candidate judged and recorded"
    )
    p.add_argument(
        "refs",
        nargs="*",
        help="problem refs (L1/19), .py problem files or folders; none = the embedded suite",
    )
    p.add_argument("--level", type=int, help="a KernelBench level (with --problems, or the whole level)")
    p.add_argument("--problems", help="problem ids of --level, e.g. 1-10,19")
    p.add_argument("--rounds", type=int, default=3, help="rounds after the seed round (default 3)")
    p.add_argument("--ideas", type=int, default=None, help="ideas per round (default 3 on GPU, 2 on CPU)")
    p.add_argument(
        "--branches", type=int, default=None, help="candidates per idea (default 2 on GPU, 1 on CPU)"
    )
    p.add_argument("--time-per-problem", type=float, default=None, help="wall-clock seconds per problem")
    p.add_argument(
        "--target-speedup", type=float, default=None, help="stop a problem at this speedup vs eager"
    )
    p.add_argument("--patience", type=int, default=3, help="stop after this many rounds without improvement")
    p.add_argument(
        "--proposer",
        choices=("auto", "tuner", "llm"),
        default="auto",
        help="auto: llm when an endpoint and model are configured, else the built-in tuner",
    )
    p.add_argument("--base-url", help="OpenAI-compatible endpoint (env OPENAI_BASE_URL)")
    p.add_argument("--model", help="model name (env AUTOKERNEL_KB_MODEL)")
    p.add_argument("--api-key", help="API key (env OPENAI_API_KEY)")
    p.add_argument("--out", help="run directory (default runs/<timestamp>); rerunning into it resumes")
    p.add_argument(
        "--resume", metavar="DIR", help="resume the run in DIR: evaluated candidates are not re-run"
    )
    p.add_argument(
        "--workers-per-device",
        "--workers-per-gpu",
        type=int,
        default=1,
        help="candidates judged at once per device (correctness overlaps, timing runs alone; default 1)",
    )
    p.add_argument(
        "--jobs", type=int, default=None, help="problems searched at once (default: number of workers)"
    )
    p.add_argument(
        "--stop-after",
        type=float,
        default=None,
        metavar="SECONDS",
        help="end the run gracefully after this long (rounds in flight finish); resume it later",
    )
    p.add_argument(
        "--rejudge",
        metavar="VERDICTS",
        default="",
        help="when resuming, judge again candidates recorded with these verdicts (comma-separated, e.g. "
        "runtime_error,timeout after a harness fix); the new verdict replaces the old",
    )
    p.add_argument(
        "--seed-from",
        metavar="RUN_DIR",
        action="append",
        default=[],
        help="add each problem's best kernel from this earlier run to round 0, judged again under this run's "
        "policy (continue a search on another GPU, policy or version); repeatable, the first found is used",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    add_problem_source(p)
    add_eval_policy(p)
    p.set_defaults(func=cmd_run)


def _problems(args: argparse.Namespace) -> list:
    if args.problems and args.level is None:
        raise ValueError("--problems needs --level (e.g. --level 1 --problems 1-10,19)")
    problems = []
    if args.level is not None:
        from kb.bridge import parse_ids, select

        ids = parse_ids(args.problems) if args.problems else None
        problems += select(args.level, ids, dataset=args.dataset, config=args.dataset_config)
    elif not args.refs:
        from autokernel.suite import suite_problems

        problems = suite_problems()
    if args.scale > 1:
        problems = [p.scaled(args.scale) for p in problems]
    if args.refs:
        problems += resolve(args, args.refs)  # scales them itself
    return problems


def make_proposer(args: argparse.Namespace, rows: list | None = None):
    """The proposer the flags ask for; ``rows`` (the run's ledger so far) give the tuner its move prior."""
    from autokernel.propose.llm import LLMConfig, LLMProposer, endpoint_configured
    from autokernel.propose.prior import MovePrior
    from autokernel.propose.tuner import TunerProposer

    kind = args.proposer
    if kind == "auto":
        kind = "llm" if endpoint_configured(args.base_url, args.model) else "tuner"
    if kind == "tuner":
        proposer = TunerProposer(prior=MovePrior.from_rows(rows or []))
    else:
        proposer = LLMProposer(LLMConfig(base_url=args.base_url, model=args.model, api_key=args.api_key))
    if getattr(args, "seed_from", None):
        from autokernel.propose.seeded import SeededProposer

        proposer = SeededProposer(proposer, args.seed_from)
    return proposer


def _update_run_info(out: Path, update, *, create: bool) -> None:
    """Read run.json (one entry per invocation, so a resumed run shows every session's budget), let
    ``update`` change it, write it back. It is a record, never a reason to stop a run: a file of another
    shape is left as it is (and a missing or unreadable one is started afresh only when ``create``)."""
    import json

    path = out / "run.json"
    try:
        info = json.loads(path.read_text())
    except (OSError, ValueError):
        if not create:
            return
        info = {"invocations": []}
    try:
        update(info)
    except (LookupError, AttributeError, TypeError):
        return
    path.write_text(json.dumps(info, indent=1) + "\n")


def _start_run_info(out: Path, args: argparse.Namespace, search, config) -> None:
    """run.json: what this invocation searches and with which budget."""
    import os

    from autokernel import settings

    def update(info: dict) -> None:
        dataset = args.dataset or settings.get("AUTOKERNEL_KB_DATASET", "ScalingIntelligence/KernelBench")
        info["dataset"] = dataset if args.level is not None else "embedded suite / problem files"
        info["config"] = args.dataset_config or settings.get("AUTOKERNEL_KB_DATASET_CONFIG", "default")
        info["invocations"].append({
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "level": args.level, "problems": args.problems,
            "rounds": search.rounds, "ideas_per_round": search.ideas_per_round,
            "branches_per_idea": search.branches_per_idea, "patience": search.patience,
            "time_per_problem_s": search.time_per_problem_s, "stop_after_s": args.stop_after,
            "workers_per_device": args.workers_per_device, "proposer": args.proposer, "device": config.device,
            "compile_baseline": config.baseline_compile, "host_cpus": os.cpu_count(),
            **({"rejudge": args.rejudge} if args.rejudge else {}),
            **({"seed_from": args.seed_from} if getattr(args, "seed_from", None) else {}),
        })  # fmt: skip

    _update_run_info(out, update, create=True)


def _rejudge(text: str) -> frozenset[str]:
    from autokernel.records import VERDICTS

    kinds = frozenset(k.strip() for k in text.split(",") if k.strip())
    unknown = sorted(kinds - set(VERDICTS))
    if unknown:
        raise ValueError(f"--rejudge: unknown verdict(s) {', '.join(unknown)}; choose from {', '.join(VERDICTS)}")
    return kinds


def _close_run_info(out: Path, figures: dict) -> None:
    """The invocation's outcome in run.json: devices, candidates judged, wall time, throughput."""

    def update(info: dict) -> None:
        info["invocations"][-1].update(figures, ended=time.strftime("%Y-%m-%dT%H:%M:%S%z"))

    _update_run_info(out, update, create=False)


def cmd_run(args: argparse.Namespace) -> int:
    from autokernel.ledger import Ledger, eval_policy
    from autokernel.search import SearchConfig
    from autokernel.search.backend import LocalBackend
    from autokernel.search.loop import run_search
    from autokernel.search.summary import format_summary, throughput

    if args.resume and args.out and Path(args.resume) != Path(args.out):
        raise ValueError("give either --resume DIR or --out DIR (rerunning into --out resumes too), not both")
    if args.resume and not (Path(args.resume) / "results.jsonl").exists() and not Path(args.resume).is_dir():
        raise ValueError(f"--resume {args.resume}: no such run directory")
    problems = _problems(args)
    if not problems:
        raise ValueError("no problems selected")
    config = eval_config_from_args(args)
    on_cpu = config.device == "cpu"  # the interpreter costs seconds per candidate: narrower rounds by default
    search = SearchConfig(
        rounds=args.rounds,
        ideas_per_round=args.ideas or (2 if on_cpu else 3),
        branches_per_idea=args.branches or (1 if on_cpu else 2),
        time_per_problem_s=args.time_per_problem,
        target_speedup=args.target_speedup,
        patience=args.patience,
    )
    out = Path(args.resume or args.out or Path("runs") / time.strftime("%Y%m%d-%H%M%S"))
    device_kind = "cuda" if config.device.startswith("cuda") else "cpu"
    ledger = Ledger(out, device=device_kind, policy=eval_policy(config), rejudge=_rejudge(args.rejudge))
    proposer = make_proposer(args, ledger.rows())
    prior = getattr(proposer, "prior", None)
    if prior is not None and len(prior):
        print(f"tuner: moves ordered by {len(prior)} recorded outcomes in this run", flush=True)
    _start_run_info(out, args, search, config)
    print(f"run directory: {out}", flush=True)
    if ledger.count:
        print(f"resuming: {ledger.count} candidates already evaluated", flush=True)
    backend = LocalBackend(config, workers_per_device=args.workers_per_device)
    try:
        outcome = run_search(
            problems,
            proposer,
            backend,
            ledger,
            search,
            progress=not args.no_progress,
            jobs=args.jobs,
            stop_after_s=args.stop_after,
        )
    finally:
        backend.close()
    notes = list(ledger.notes) + list(getattr(proposer, "events", [])[-10:])
    figures = throughput(outcome, backend.devices)
    _close_run_info(out, figures)
    text = format_summary(outcome, notes=notes, throughput=figures)
    ledger.write_summary(text)
    print(text, end="")
    print(f"run directory: {out}")
    return 0
