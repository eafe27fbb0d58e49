"""CUDA graphs around a foreign kernel file: a seed the generator did not write (inductor's code made standalone, an
LLM's or an agent's ModelNew) gets the starters' CUDA_GRAPH machinery (`_templates.graph`) appended, so the tuner
can try graph replay on it as it does on its own starters. A launch-bound forward pays the host's launch work once
per call instead of once per kernel: the reference of L3/34 (a 256-step RNN cell loop) ran in 3.49 ms from one
graph against 41.8 ms eager on the H200 (`benchmarks/library_knobs_probe.py`)."""

from __future__ import annotations

import re

from ._templates.graph import GRAPH

_MODEL_NEW = re.compile(r"^class ModelNew\b", re.MULTILINE)
_KNOB = re.compile(r"^CUDA_GRAPH\s*=", re.MULTILINE)


def with_cuda_graphs(source: str, on: bool = True) -> str | None:
    """``source`` with its ModelNew's forward replayed from CUDA graphs (``CUDA_GRAPH = on``), or None where that
    does not apply: no module-level ModelNew, or the file has a CUDA_GRAPH knob or the graph helpers already."""
    if not _MODEL_NEW.search(source) or _KNOB.search(source) or "_graphed(" in source or "class _Graphs" in source:
        return None
    return (source.rstrip("\n") + "\n\n\n# CUDA graphs around the forward above: see _Graphs\nimport torch\n\n"
            + f"CUDA_GRAPH = {on!r}" + GRAPH.source + GRAPH.footer)
