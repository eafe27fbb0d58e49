"""Python source text for constants in a generated file; the emitter and the elementwise writer (`_ew`, which
the emitter calls) both write them, so the helper lives below both."""

from __future__ import annotations

import math


def num(v) -> str:
    """A float as source text that evaluates to it, non-finite values included (``repr`` gives ``nan``)."""
    v = float(v)
    if math.isnan(v):
        return 'float("nan")'
    if math.isinf(v):
        return 'float("inf")' if v > 0 else '-float("inf")'
    return repr(v)
