"""`autokernel-kb bench`: judge a generations folder (another system's outputs) or many (problem, candidate) pairs
under one or both protocols, on every visible GPU, into a resumable bench folder with leaderboard pages."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kb.cli._common import (
    add_backend,
    add_eval_policy,
    add_problem_source,
    default_device,
    eval_options_from_args,
)


def register(sub) -> None:
    p = sub.add_parser(
        "bench", help="judge a KernelBench generations folder, or (problem, candidate) pairs, at level scale",
        description="Judge every sample of a generations folder (level_{L}_problem_{N}_sample_{S}_kernel.py, "
                    "KernelBench's layout) or many (problem, candidate) pairs under each protocol; each problem "
                    "is scored by its best correct sample, and OUT/leaderboard/<protocol>/ gets the page and "
                    "problems.csv our runs get. Rerunning into the same --out judges nothing twice.")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--generations", metavar="DIR", help="a folder in KernelBench's generation layout")
    mode.add_argument("--pairs", metavar="FILE", help="lines 'PROBLEM CANDIDATE' (L1/19 kernels/relu.py, "
                                                      "L2/1-10 starter); '#' comments")
    mode.add_argument("--candidates", nargs="+", metavar="SPEC",
                      help="judged for every problem of --problems / --level: FILE.py, dir:PATH (files named "
                           "like the problem, 19_ReLU.py, or L1_19.py as a leaderboard's kernels/ folder), run:PATH (a run directory's best kernels), starter, "
                           "preset:NAME or preset:N (the starter with that preset), inductor (torch.compile's "
                           "generated Triton as a standalone ModelNew, captured once per problem into the bench "
                           "folder), inductor:VARIANT (the same under one of inductor's settings: "
                           "channels-last-convolutions, no-layout-optimisation, unsplit-reductions, ...), "
                           "wrap (the reference as "
                           "ModelNew: must be rejected), copy (a harness smoke test)")
    p.add_argument("--level", help="KernelBench level(s), e.g. 1 or 1,2 (with --generations: required)")
    p.add_argument("--problems", nargs="+", metavar="IDS_OR_REFS",
                   help="with --level: ids of that level (1-10,19); without: problem refs (L1/1-10) or files")
    p.add_argument("--out", help="the bench folder (default runs/bench-<timestamp>); a non-empty folder must be "
                                 "an earlier bench folder, which is resumed")
    p.add_argument("--workers-per-device", "--workers-per-gpu", type=int, default=1,
                   help="candidates judged at once per device (correctness overlaps, timing runs alone; default 1)")
    p.add_argument("--protocols-in-turn", action="store_true",
                   help="with --protocol both, judge one protocol after the other, and with --repeat above 2 one "
                        "repeat after the other, each with every worker (default: side by side, the workers per "
                        "device shared, when there are enough)")
    p.add_argument("--repeat", type=int, default=1,
                   help="judge every candidate N times (repeats 2..N in OUT/repeats/); prints the spread of the "
                        "medians per candidate")
    p.add_argument("--repeat-within", type=float, default=None, metavar="F",
                   help="repeats 2..N judge only the close calls: candidates whose first verdict is correct with a "
                        "speedup vs eager or vs torch.compile within F of 1x (e.g. 1.5: 0.67x-1.5x), where the "
                        "repeat spread decides a tie; the others keep their one verdict (default: repeat all)")
    p.add_argument("--shard", default="1/1", metavar="K/N",
                   help="judge every N-th problem from the K-th only (machines splitting a level, each with its "
                        "own --out)")
    p.add_argument("--rejudge", metavar="VERDICTS", default="",
                   help="judge again candidates recorded with these verdicts (comma-separated, e.g. "
                        "runtime_error,timeout after a harness fix); the new verdict replaces the old")
    p.add_argument("--stop-after", type=float, metavar="S",
                   help="start no candidate after S seconds (those at work finish, those still waiting for heavy "
                        "slots give up; pages are written), nor an inductor capture within 20 s of it; rerunning "
                        "into the same --out judges the rest")
    p.add_argument("--compact-ledgers", metavar="DIR",
                   help="keep the verdicts as compact ledgers git can hold (DIR/<protocol>/L<level>.jsonl, "
                        "L<level>.repeat<r>.jsonl; KernelBench problems only): before judging, the verdicts DIR "
                        "holds for these candidates under the same problem text, device and policy are recorded "
                        "into the run directories and not judged again (so a new --out on another machine "
                        "resumes); after judging, also when stopped or interrupted, the run directories' verdicts "
                        "are merged into DIR (its other lines stay). DIR must be new, empty or written this way")
    p.add_argument("--restore-only", action="store_true",
                   help="with --compact-ledgers: rebuild the bench folder from the verdicts DIR holds and judge "
                        "nothing (no GPU needed, whatever --device names): what `leaderboard_pages.py publish` "
                        "reads, made again on any machine from what git keeps")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_backend(p)
    diag = p.add_argument_group("timing diagnostics (GPU; docs/evaluation.md)")
    diag.add_argument("--spin-up-s", type=float, default=0.0, help="seconds of flushes before each timed loop")
    diag.add_argument("--jitter-kib", type=int, default=0, help="timed inputs placed at random offsets up to this")
    diag.add_argument("--placements", type=int, default=1, help="timed-loop groups, each on newly mapped memory")
    diag.add_argument("--l2-flush", choices=("write", "read", "kernelbench"),
                      help="how L2 is emptied (default: the protocol's: kernelbench's own, or write under strict)")
    add_problem_source(p)
    add_eval_policy(p, both=True)
    p.set_defaults(func=cmd_bench)


def _levels(text: str | None) -> list[int]:
    if text is None:
        return []
    try:
        levels = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise ValueError(f"--level {text!r}: expected a level or a list like 1,2") from None
    if not levels:
        raise ValueError("--level: no level given")
    return levels


def _shard(text: str) -> tuple[int, int]:
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise ValueError(f"--shard {text!r}: expected K/N, e.g. 2/3") from None
    return k, n


def _config(args: argparse.Namespace, levels: list[int]):
    """The `BenchConfig` the flags describe (every flag checked, nothing written yet)."""
    from autokernel.search.choice import ready
    from kb.bench_kb import BenchConfig, check_out
    from kb.bench_ledgers import check_ledger_dir
    from kb.bridge import dataset_location
    from kb.cli.run import _rejudge

    out = Path(args.out or Path("runs") / time.strftime("bench-%Y%m%d-%H%M%S"))
    check_out(out)
    ledgers = Path(args.compact_ledgers) if args.compact_ledgers else None
    if ledgers is not None:
        check_ledger_dir(ledgers)
    dataset, dataset_config = dataset_location(args.dataset, args.dataset_config)
    config = BenchConfig(
        out=out,
        protocols=("kernelbench", "strict") if args.protocol == "both" else (args.protocol,),
        device=args.device or default_device(),
        workers_per_device=args.workers_per_device,
        eval_options={**eval_options_from_args(args), "spin_up_s": args.spin_up_s, "l2_flush": args.l2_flush,
                      "placement_jitter_kib": args.jitter_kib, "placements": args.placements},
        repeat=args.repeat,
        repeat_within=args.repeat_within,
        shard=_shard(args.shard),
        rejudge=_rejudge(args.rejudge),
        dataset=dataset,
        dataset_config=dataset_config or "default",
        selection={"level": args.level, "problems": " ".join(args.problems or []) or None, "scale": args.scale},
        progress=not args.no_progress,
        stop_after_s=args.stop_after,
        backend=args.backend,
        ray_address=args.ray_address,
        ray_workers=args.ray_workers,
        compact_ledgers=ledgers,
        protocols_at_once=not args.protocols_in_turn,
        restore_only=args.restore_only,
    )
    if not config.restore_only:  # Ray installed, or the local GPU asked for visible: before anything is written
        ready(config, config.device)
    return config


def cmd_bench(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from kb.bench_kb import check_spec, judge_generations, judge_pairs, level_problems, parse_pairs
    from kb.bridge import parse_ids

    levels = _levels(args.level)
    if args.problems and args.level is not None and len(levels) != 1:
        raise ValueError("--problems with --level needs a single level")
    ids = parse_ids(",".join(args.problems)) if args.problems and levels else None
    if args.generations is not None:
        if not levels:
            raise ValueError("--generations needs --level (the level(s) its files are judged against)")
        if not Path(args.generations).is_dir():
            raise ValueError(f"--generations {args.generations}: no such folder")
    pairs_text = None
    if args.pairs is not None:
        if args.level is not None or args.problems:
            raise ValueError("--pairs names its problems itself; drop --level / --problems")
        pairs_text = Path(args.pairs).read_text(encoding="utf-8")
        for _, spec in parse_pairs(pairs_text, source=args.pairs):
            check_spec(spec)
    if args.candidates is not None:
        if not levels and not args.problems:
            raise ValueError("--candidates needs --problems (refs like L1/1-10) or --level")
        for spec in args.candidates:
            check_spec(spec)
    config = _config(args, levels)  # every flag checked before the dataset is loaded or anything written

    def fitted(problems: list) -> list:
        """On CPU, each problem at a scale that fits this machine (`--scale` checked, or the smallest that fits)."""
        from kb.cli._common import eval_config_from_args, fit_to_device

        sizing = eval_config_from_args(argparse.Namespace(**{**vars(args), "protocol": config.protocols[0]}))
        return fit_to_device(problems, args, sizing, parallel=config.workers_per_device)

    if args.generations is not None:
        problems, totals = level_problems(levels, dataset=args.dataset, dataset_config=args.dataset_config)
        problems = fitted(problems)
        result = judge_generations(args.generations, problems, replace(config, totals=totals), ids=ids,
                                   echo=lambda line: print(line, flush=True))
    else:
        from kb.cli._common import resolve

        if pairs_text is not None:
            pairs = [(problem, spec) for ref, spec in parse_pairs(pairs_text, source=args.pairs)
                     for problem in resolve(args, [ref])]
        else:
            if levels:
                problems, _ = level_problems(levels, dataset=args.dataset, dataset_config=args.dataset_config)
                problems = fitted([p for p in problems if ids is None or p.problem_id in set(ids)])
            else:
                problems = fitted(resolve(args, args.problems, scale=False))
            pairs = [(problem, spec) for problem in problems for spec in args.candidates]
        if not pairs:
            raise ValueError("no (problem, candidate) pairs selected")
        kb_levels = sorted({p.level for p, _ in pairs if p.level is not None and p.problem_id is not None})
        totals = level_problems(kb_levels, dataset=args.dataset, dataset_config=args.dataset_config)[1]
        result = judge_pairs(pairs, replace(config, totals=totals), echo=lambda line: print(line, flush=True))
    print("\n".join(result.lines()))
    return 0
