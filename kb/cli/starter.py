"""`autokernel-kb starter` and `autokernel-kb list`: the generated Triton starter of a problem; a level's problems."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kb.cli._common import add_problem_source, resolve


def register(sub) -> None:
    p = sub.add_parser("starter", help="write the generated Triton starter (ModelNew) for one problem")
    p.add_argument("problem", help="L1/19 style reference or a KernelBench-format .py file")
    p.add_argument("-o", "--output", help="write to this file instead of stdout")
    p.add_argument("--preset", help="start from a named preset (a unique prefix is enough), e.g. '3xTF32'")
    p.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="set a tunable (repeatable), e.g. --set MM_PRECISION=tf32x3s --set MM_BLOCK_M=128")
    add_problem_source(p)
    p.set_defaults(func=cmd_starter)

    p = sub.add_parser("list", help="list the problems of a KernelBench level")
    p.add_argument("--level", type=int, required=True)
    add_problem_source(p)
    p.set_defaults(func=cmd_list)


def cmd_starter(args: argparse.Namespace) -> int:
    from autokernel.starters import configured_starter

    tunables = tunable_settings(args.set or [])
    (problem,) = resolve(args, [args.problem])
    # unknown presets, names or values: ValueError, listing the choices
    st = configured_starter(problem, preset=args.preset, tunables=tunables)
    summary = f"covered: {', '.join(st.covered) or 'nothing'}; library fallbacks: {', '.join(st.fallbacks) or 'none'}"
    choices = f"tunables: {', '.join(st.space) or 'none'}; presets: {'; '.join(st.presets) or 'none'}"
    if args.output:
        Path(args.output).write_text(st.source)
        print(f"wrote {args.output} ({summary})\n{choices}")
    else:
        print(st.source)
        print(f"# {summary}\n# {choices}", file=sys.stderr)
    return 0


def tunable_settings(items: list[str]) -> dict:
    """``NAME=VALUE`` strings as tunable values (Python literals; anything else is kept as a string)."""
    from autokernel.propose.prior import literal_or_text

    out = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--set {item!r}: write NAME=VALUE, e.g. --set MM_PRECISION=tf32x3s")
        out[name.strip()] = literal_or_text(raw.strip())
    return out


def cmd_list(args: argparse.Namespace) -> int:
    from kb.bridge import load_level

    for p in load_level(args.level, dataset=args.dataset, config=args.dataset_config):
        print(f"{p.key:8s} {p.name}")
    return 0
