"""`autokernel-kb run`: search problems (KernelBench refs, files, or the embedded suite) and record a run directory."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from kb.cli._common import (
    add_backend,
    add_eval_policy,
    add_problem_source,
    check_device,
    default_device,
    eval_config_from_args,
    fit_to_device,
    resolve,
)


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
    p.add_argument("--floor-stop", type=float, default=90.0, metavar="PCT",
                   help="stop a problem once its best kernel reaches this %% of its roofline floor (default 90; "
                        "0 never stops on it)")
    p.add_argument("--screen-width", type=int, default=0, metavar="N",
                   help="screen, then judge: ask the proposer for N variants a round, rank them by a cheap screen (one "
                        "process, one input set, 10 timed calls each) and judge only the fastest (default 0: judge "
                        "every candidate)")
    p.add_argument("--judge-top", type=int, default=2, metavar="K",
                   help="with --screen-width: variants of a round judged, the fastest that beat the best kernel's "
                        "screen time (default 2)")
    p.add_argument("--screen-tie", type=float, default=0.005, metavar="F",
                   help="with --screen-width: a variant within this fraction of the best kernel's screen time ties "
                        "with it and is not judged for beating it (default 0.005; 0: any faster one is)")
    p.add_argument("--recheck", type=float, default=None, metavar="F",
                   help="a round's fastest kernel that beats the best by 1 %% but by less than this fraction is "
                        "judged again and its second verdict stands (a third where the second was disturbed): the "
                        "fastest of many readings is the luckiest (default 0.05 on a GPU, off on CPU; 0: off)")
    p.add_argument("--stepping-stones", type=int, default=1, metavar="K",
                   help="with --screen-width: variants of a round also judged because they beat the tuner's own best "
                        "kernel where that is not the problem's best, so its line can overtake a foreign seed "
                        "(default 1; 0: off)")
    p.add_argument("--line-patience", type=int, default=3, metavar="N",
                   help="with --stepping-stones: no more stones for a line whose last N verdicts did not make it "
                        "1%% faster (default 3; 0: never)")
    p.add_argument("--no-screen", action="store_true", help="judge every candidate (the same as --screen-width 0)")
    p.add_argument(
        "--proposer",
        choices=("auto", "tuner", "llm", "mixed"),
        default="auto",
        help="auto: llm when an endpoint and model are configured, else the built-in tuner; mixed: the tuner's "
        "moves and the LLM's ideas in every round (refused without an endpoint)",
    )
    p.add_argument("--base-url", help="OpenAI-compatible endpoint (env OPENAI_BASE_URL)")
    p.add_argument("--model", help="model name (env AUTOKERNEL_KB_MODEL)")
    p.add_argument("--api-key", help="API key (env OPENAI_API_KEY)")
    p.add_argument("--price-per-mtok-in", type=float, metavar="USD",
                   help="US dollars per million prompt tokens (with --price-per-mtok-out): the summary states each "
                        "problem's cost; without prices the cost is stated as unknown")
    p.add_argument("--price-per-mtok-out", type=float, metavar="USD",
                   help="US dollars per million completion tokens (with --price-per-mtok-in)")
    p.add_argument("--no-starter", action="store_true",
                   help="--proposer llm: judge the model's kernels alone (no generated starter in round 0)")
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
    add_backend(p)
    p.add_argument(
        "--jobs", type=int, default=None, help="problems searched at once (default: number of workers)"
    )
    p.add_argument(
        "--stop-after",
        type=float,
        default=None,
        metavar="SECONDS",
        help="end the run gracefully after this long (no round starts after it; a screen in flight begins no "
             "further variant, keeping what it screened); resume it later",
    )
    p.add_argument(
        "--stop-grace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --stop-after: how long the evaluations in flight may take after it; then they are abandoned "
             "(nothing recorded for them; a screen's chosen variants are judged on resume) and the run records "
             "its summary (default: wait for them)",
    )
    p.add_argument(
        "--compile-ahead",
        type=int,
        default=None,
        metavar="N",
        help="on a GPU, N helper processes (no GPU, no candidate code but ours) compile the tuner's variants' "
             "kernels while they wait for their screen, into the kernels shared by the run's candidate processes "
             "(default: one per worker, within the CPU cores the workers leave; 0: each variant compiles at its "
             "first call)",
    )
    p.add_argument(
        "--split-screens",
        action="store_true",
        help="split a round's screen between idle local workers, each part beside its own copy of the round's "
             "controls (a search of one problem, a panel's last problems; default: one worker a screen)",
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
    p.add_argument(
        "--inductor-seed",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="add torch inductor's generated Triton, made a standalone ModelNew, to round 0 (judged like any "
        "candidate, so the search starts no worse than torch.compile); default: on for GPUs, off on the CPU, "
        "where inductor's kernels run in the Triton interpreter",
    )
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bars (they are shown only when stderr is a terminal)")
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
    if args.refs:
        problems += resolve(args, args.refs, scale=False)
    return problems


def _rejudge(text: str) -> frozenset[str]:
    from autokernel.records import VERDICTS

    kinds = frozenset(k.strip() for k in text.split(",") if k.strip())
    unknown = sorted(kinds - set(VERDICTS))
    if unknown:
        raise ValueError(f"--rejudge: unknown verdict(s) {', '.join(unknown)}; choose from {', '.join(VERDICTS)}")
    return kinds


def run_config_from_args(args: argparse.Namespace, *, on_cpu: bool):
    """The `RunConfig` the flags describe (on CPU, where the interpreter costs seconds per candidate, narrower
    rounds by default)."""
    from autokernel.search import SearchConfig
    from autokernel.search.session import ProposerConfig, RunConfig
    from kb.bridge import dataset_location

    search = SearchConfig(
        rounds=args.rounds,
        ideas_per_round=args.ideas or (2 if on_cpu else 3),
        branches_per_idea=args.branches or (1 if on_cpu else 2),
        time_per_problem_s=args.time_per_problem,
        target_speedup=args.target_speedup,
        patience=args.patience,
        floor_stop_pct=args.floor_stop or None,
        screen_width=0 if args.no_screen else args.screen_width,
        judge_top=args.judge_top,
        screen_tie=args.screen_tie,
        stepping_stones=args.stepping_stones,
        line_patience=args.line_patience,
        recheck=args.recheck,
    )
    proposer = ProposerConfig(kind=args.proposer, base_url=args.base_url, model=args.model, api_key=args.api_key,
                              seed_from=tuple(args.seed_from or ()), price_per_mtok_in=args.price_per_mtok_in,
                              price_per_mtok_out=args.price_per_mtok_out, starter=not args.no_starter,
                              inductor_seed=args.inductor_seed)  # fmt: skip
    dataset, config = dataset_location(args.dataset, args.dataset_config)
    return RunConfig(
        out=Path(args.resume or args.out or Path("runs") / time.strftime("%Y%m%d-%H%M%S")),
        search=search,
        proposer=proposer,
        workers_per_device=args.workers_per_device,
        backend=args.backend,
        ray_address=args.ray_address,
        ray_workers=args.ray_workers,
        jobs=args.jobs,
        stop_after_s=args.stop_after,
        stop_grace_s=args.stop_grace,
        compile_ahead=args.compile_ahead,
        split_screens=args.split_screens,
        rejudge=_rejudge(args.rejudge),
        progress=not args.no_progress and sys.stderr.isatty(),  # bars redrawn into a file or pipe are noise
        dataset=dataset if args.level is not None else "embedded suite / problem files",
        dataset_config=config or "default",
        selection={"level": args.level, "problems": args.problems},
    )


def cmd_run(args: argparse.Namespace) -> int:
    from autokernel.ledger.folder import check_run_dir
    from autokernel.search.session import run

    if args.resume and args.out and Path(args.resume) != Path(args.out):
        raise ValueError("give either --resume DIR or --out DIR (rerunning into --out resumes too), not both")
    if args.resume and not Path(args.resume).is_dir():
        raise ValueError(f"--resume {args.resume}: no such run directory")
    # every flag is checked before the dataset is loaded or anything is written
    check_device(args.device or default_device())
    eval_config = eval_config_from_args(args)
    config = run_config_from_args(args, on_cpu=eval_config.device == "cpu")
    config.proposer.resolved_kind()  # llm / mixed without an endpoint: refused here
    check_run_dir(config.out)
    problems = _problems(args)
    if not problems:
        raise ValueError("no problems selected")
    # on CPU, each at a scale that fits this machine (workers judging at once share its memory)
    problems = fit_to_device(problems, args, eval_config, parallel=config.workers_per_device)
    text = run(problems, eval_config, config, echo=lambda line: print(line, flush=True))
    print(text, end="")
    print(f"run directory: {config.out}")
    return 0
