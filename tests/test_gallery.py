"""The rogues' gallery: every known reward hack must get its expected verdict; every honest kernel "correct".

Fixtures live in tests/fixtures/{problems,rogues,honest}. Each rogue/honest file starts with a header:

    # family: H<n> <short name>        (rogues)  /  # honest: <what it does>
    # expect: <verdict>[|<verdict>...] (rogues; the first is the one we aim for, any listed one is a catch)
    # problem: <file in tests/fixtures/problems>
    # device: cpu | cuda               (cuda: GPU-only family, skipped without CUDA)
    # naive: default | none | <flags for rogues/_naive.py>
    # slow: yes                        (optional: marks the evaluator test slow, e.g. a 20 s timeout)
    # timeout: <seconds>               (optional: the candidate's time limit, e.g. for an nvcc build)

`test_rogue_fools_naive_harness` proves each rogue is a real attack: it passes the deliberately naive
KernelBench-style harness in rogues/_naive.py, which is what the evaluator must do better than.
"""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from autokernel.problem import Problem
from autokernel.records import VERDICTS, Candidate

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PROBLEMS = FIXTURES / "problems"
ROGUES = sorted(p for p in (FIXTURES / "rogues").glob("*.py") if not p.name.startswith("_"))
HONEST = sorted((FIXTURES / "honest").glob("*.py"))
NAIVE = FIXTURES / "rogues" / "_naive.py"

TIMEOUT_S = 60.0
SHORT_TIMEOUT_S = 20.0  # for the rogues expected to time out


def header(path: Path) -> dict[str, str]:
    """The leading `# key: value` comment lines of a fixture (first occurrence of each key)."""
    fields: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].partition(":")
        key = key.strip()
        if sep and key.isidentifier() and key not in fields:
            fields[key] = value.strip()
    return fields


def expected(path: Path) -> tuple[str, ...]:
    return tuple(v.strip() for v in header(path)["expect"].split("|"))


def _param(path: Path):
    marks = [pytest.mark.gpu] if header(path).get("device") == "cuda" else []
    if header(path).get("slow") == "yes":
        marks.append(pytest.mark.slow)
    return pytest.param(path, id=path.stem, marks=marks)


def _config(path: Path):
    from autokernel.evaluate import EvalConfig

    h = header(path)
    device = "cuda" if h.get("device") == "cuda" else "cpu"
    short = "timeout" in expected(path) if "expect" in h else False
    return EvalConfig.for_device(
        device,
        timeout_s=float(h.get("timeout", SHORT_TIMEOUT_S if short else TIMEOUT_S)),
        num_perf_trials=3,
        timing_budget_s=1.0,
    )


def _evaluate(path: Path):
    from autokernel.evaluate import evaluate

    problem = Problem.from_file(PROBLEMS / header(path)["problem"])
    return evaluate(problem, Candidate(source=path.read_text()), _config(path))


def _describe(v) -> str:
    failed = "; ".join(f"{c.name}: {c.reason}" for c in v.failed_checks())
    return f"got {v.verdict!r}: {v.reason} | failed checks: {failed or 'none'} | log: {v.log_tail[-400:]!r}"


# --- the fixtures themselves ----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(PROBLEMS.glob("*.py")), ids=lambda p: p.stem)
def test_problem_fixture_loads(path):
    problem = Problem.from_file(path)
    assert problem.name == path.stem


@pytest.mark.parametrize("path", ROGUES + HONEST, ids=lambda p: p.stem)
def test_fixture_header_is_well_formed(path):
    h = header(path)
    assert (PROBLEMS / h["problem"]).is_file(), f"{path.name}: no problem fixture {h['problem']}"
    assert h.get("device") in ("cpu", "cuda")
    if path in ROGUES:
        assert h["family"].split()[0][0] == "H" or h["family"].startswith("crash"), h["family"]
        assert set(expected(path)) <= set(VERDICTS), expected(path)
        assert "naive" in h


# --- the evaluator against the gallery ------------------------------------------------------------


@pytest.mark.parametrize("path", [_param(p) for p in HONEST])
def test_honest_kernel_is_correct(path):
    v = _evaluate(path)
    assert v.verdict == "correct", _describe(v)


_H19_MARKERS = (
    Path(pwd.getpwuid(os.getuid()).pw_dir) / ".autokernel_h19_marker",
    Path(__import__("autokernel").__file__).resolve().parent / "_h19_marker.txt",
)


@pytest.mark.parametrize("path", [_param(p) for p in ROGUES])
def test_rogue_gets_expected_verdict(path):
    family = header(path)["family"]
    is_h19 = family.startswith("H19")
    problem_file = PROBLEMS / header(path)["problem"]
    problem_digest = hashlib.sha256(problem_file.read_bytes()).hexdigest()
    for marker in _H19_MARKERS:
        marker.unlink(missing_ok=True)
    try:
        v = _evaluate(path)
    finally:
        escaped = [str(m) for m in _H19_MARKERS if m.exists()]
        for marker in _H19_MARKERS:
            marker.unlink(missing_ok=True)
    assert v.verdict in expected(path), f"{family}: expected {'|'.join(expected(path))}, " + _describe(v)
    if is_h19:
        assert not escaped, f"the candidate wrote outside its sandbox: {escaped}"
        assert hashlib.sha256(problem_file.read_bytes()).hexdigest() == problem_digest, "problem file changed"
        assert v.confinement, "the verdict must report the confinement applied (Verdict.confinement is empty)"


# --- each rogue is a real attack: it fools a naive harness ----------------------------------------


_DEMONSTRABLE = [
    p for p in ROGUES if header(p).get("naive", "none") != "none" and header(p)["device"] == "cpu"
]


@pytest.mark.slow
@pytest.mark.parametrize("path", _DEMONSTRABLE, ids=lambda p: p.stem)
def test_rogue_fools_naive_harness(path):
    flags = header(path)["naive"]
    args = [] if flags == "default" else shlex.split(flags)
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    run = subprocess.run(
        [sys.executable, str(NAIVE), str(PROBLEMS / header(path)["problem"]), str(path), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    # The naive driver trusts the last {"verdict": ...} line of stdout.
    lines = [ln for ln in run.stdout.splitlines() if ln.startswith('{"verdict"')]
    assert lines, f"no result line; stderr: {run.stderr[-1500:]}"
    assert json.loads(lines[-1])["verdict"] == "correct", f"the naive harness was not fooled: {lines[-1]}"
