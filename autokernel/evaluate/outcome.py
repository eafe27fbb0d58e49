"""How a judging stage ends an evaluation early: an `Outcome` (verdict, reason, the check that decided it)."""

from __future__ import annotations

from dataclasses import dataclass


class EvaluationError(RuntimeError):
    """The evaluation itself cannot run (no GPU, broken problem): not the candidate's fault."""


@dataclass
class Outcome(Exception):
    """Raised by a stage to end the evaluation with ``verdict``; ``check`` names the check that decided it ("" for
    the protocol's own failures: build, run, values), so a verdict can say which of our checks rejected it."""

    verdict: str
    reason: str
    check: str = ""


def error_reason(reply: dict) -> str:
    """A candidate process's failure reply as one line: what failed, in which stage."""
    stage = {"import": "importing the solution", "init": "building ModelNew", "call": "the forward pass",
             "time": "timing", "profile": "profiling"}.get(str(reply.get("stage")), str(reply.get("stage")))
    msg = str(reply.get("message", ""))[:600]
    return f"{reply.get('type', 'error')} in {stage}: {msg}"
