"""Evaluation: the trusted judge and the untrusted candidate process.

    from autokernel.evaluate import evaluate, EvalConfig, Evaluator

Importing this package loads neither torch nor triton (the candidate process imports it before
it sets TRITON_INTERPRET and confines itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autokernel.evaluate.config import TOLERANCE_PRESETS, EvalConfig, tolerance_for

if TYPE_CHECKING:
    from autokernel.evaluate.judge import EvaluationError, Evaluator, evaluate

__all__ = ["EvalConfig", "EvaluationError", "Evaluator", "TOLERANCE_PRESETS", "evaluate", "tolerance_for"]


def __getattr__(name: str):
    if name in ("evaluate", "Evaluator", "EvaluationError"):
        from autokernel.evaluate import judge

        return getattr(judge, name)
    raise AttributeError(name)
