"""Proposers: where candidate kernels come from (a built-in tuner, an LLM, both each round, or an external agent).

    from autokernel.propose import TunerProposer, LLMProposer, History, Attempt

An external coding agent needs no code here: it follows ``program_kb.md`` and calls
``autokernel-kb eval PROBLEM FILE --json`` to keep or revert its edits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autokernel.propose.base import Attempt, History, Proposer, best_attempt, rank_key

if TYPE_CHECKING:
    from autokernel.propose.llm import LLMConfig, LLMProposer, extract_code
    from autokernel.propose.mixed import MixedProposer
    from autokernel.propose.tuner import TunerProposer

__all__ = [
    "Attempt",
    "History",
    "LLMConfig",
    "LLMProposer",
    "MixedProposer",
    "Proposer",
    "TunerProposer",
    "best_attempt",
    "extract_code",
    "rank_key",
]


def __getattr__(name: str):
    if name in ("LLMProposer", "LLMConfig", "extract_code"):
        from autokernel.propose import llm

        return getattr(llm, name)
    if name == "MixedProposer":
        from autokernel.propose.mixed import MixedProposer

        return MixedProposer
    if name == "TunerProposer":
        from autokernel.propose.tuner import TunerProposer

        return TunerProposer
    raise AttributeError(name)
