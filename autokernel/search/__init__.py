"""The search: rounds of proposals around the best correct kernels, evaluated through a `Backend`.

from autokernel.search import SearchConfig, LocalBackend, run_search
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autokernel.search.config import SearchConfig

if TYPE_CHECKING:
    from autokernel.search.backend import Backend, LocalBackend
    from autokernel.search.loop import ProblemOutcome, RunOutcome, run_search
    from autokernel.search.summary import format_summary

__all__ = [
    "Backend",
    "LocalBackend",
    "ProblemOutcome",
    "RunOutcome",
    "SearchConfig",
    "format_summary",
    "run_search",
]


def __getattr__(name: str):
    if name in ("Backend", "LocalBackend"):
        from autokernel.search import backend

        return getattr(backend, name)
    if name in ("ProblemOutcome", "RunOutcome", "run_search"):
        from autokernel.search import loop

        return getattr(loop, name)
    if name == "format_summary":
        from autokernel.search.summary import format_summary

        return format_summary
    raise AttributeError(name)
