"""`autokernel-kb eval`: judge one solution file against one problem."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kb.cli._common import (
    add_eval_policy,
    add_problem_source,
    check_device,
    default_device,
    eval_config_from_args,
    fit_to_device,
    resolve,
)


def register(sub) -> None:
    p = sub.add_parser("eval", help="judge one solution (ModelNew) against one problem")
    p.add_argument("problem", help="L1/19 style reference or a KernelBench-format .py file")
    p.add_argument("solution", help="a .py file defining ModelNew (Triton or CUDA C++ via load_inline)")
    p.add_argument("--json", action="store_true", help="print one JSON object (the Verdict)")
    add_problem_source(p)
    add_eval_policy(p)
    p.set_defaults(func=cmd_eval)


def cmd_eval(args: argparse.Namespace) -> int:
    from autokernel.evaluate import evaluate
    from autokernel.records import Candidate
    from autokernel.report import format_verdict

    check_device(args.device or default_device())
    config = eval_config_from_args(args)  # flag errors before the dataset is loaded
    (problem,) = fit_to_device(resolve(args, [args.problem], scale=False), args, config)
    path = Path(args.solution)
    if not path.is_file():
        raise ValueError(f"solution file {path} does not exist")
    verdict = evaluate(problem, Candidate(source=path.read_text()), config)
    if args.json:
        print(json.dumps(verdict.to_dict(), indent=1, default=str))
    else:
        print(format_verdict(verdict))
    return 0 if verdict.is_correct else 1
