"""The README's CPU quick start: the CPU-only torch install, and a real KernelBench problem at a --scale that fits
the reference CPU machine (24 GB, the 120 s candidate limit) as the CLI's own estimate judges it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text()
GIB = 2**30


def _block(title: str) -> list[str]:
    """The commands of the first bash block after the heading ``title``."""
    section = README.split(f"## {title}", 1)[1]
    body = section.split("```bash", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in body.splitlines() if line.split("#", 1)[0].strip()]


def test_the_install_names_the_cpu_build_of_torch():
    commands = _block("Install")
    torch_line = next(c for c in commands if c.startswith("pip install torch"))
    assert "--index-url https://download.pytorch.org/whl/cpu" in torch_line
    assert commands.index(torch_line) < commands.index('pip install -e ".[dev]"')


def test_the_cpu_quick_start_runs_a_kernelbench_problem_at_a_scale_that_fits(kernelbench_dir):
    from autokernel.evaluate.budget import fit_scale
    from kb.bridge import resolve_problems

    runs = [shlex.split(c) for c in _block("Quick start on a CPU") if " --level " in c]
    assert runs, "the CPU quick start shows no KernelBench problem"
    argv = runs[0]
    level, ids, scale = (int(argv[argv.index(flag) + 1]) for flag in ("--level", "--problems", "--scale"))
    assert argv[argv.index("--device") + 1] == "cpu"
    (problem,) = resolve_problems([f"L{level}/{ids}"], dataset=str(kernelbench_dir), config="github_main")
    fit = fit_scale(problem, timeout_s=120.0, scale=scale, memory_bytes=int(0.7 * 24 * GIB))  # refuses a misfit
    assert fit.estimate.seconds <= 60.0, fit.note  # within half the limit, as the CLI's own pick would be
    picked = fit_scale(problem, timeout_s=120.0, memory_bytes=int(0.7 * 24 * GIB))
    assert picked.scale == scale, f"the README says --scale {scale}; the CLI would pick {picked.scale}"
    run_dir = argv[argv.index("--out") + 1]
    later = _block("Quick start on a CPU")
    assert any(re.search(rf"score --run {re.escape(run_dir)}\b", c) for c in later)
    assert any(re.search(rf"leaderboard --run {re.escape(run_dir)}\b", c) for c in later)


def test_the_readme_stays_short():
    assert len(README.splitlines()) <= 200
