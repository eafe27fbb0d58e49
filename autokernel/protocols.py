"""Judging protocols: the names, what each means, and which one a recorded verdict was judged under.

``EvalConfig.protocol`` selects one; the CLI, the scorer and the Hub export read verdicts through
`verdict_protocol`, so a score or a card never mixes kernels judged two ways without saying so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PROTOCOLS: dict[str, str] = {
    "kernelbench": "KernelBench's own protocol — PyTorch's default precision flags for reference, baselines and "
                   "candidate, its tolerance, trials and seeding, CUDA-event timing with L2 flush and no GPU lead; "
                   "our anti-cheat checks stay on and may only reject more",
    "strict": "fp32 truth (TF32 off), the 1 ms GPU lead, fp32 baselines only where the default-flag reference "
              "misses the tolerance",
}  # fmt: skip
DEFAULT_PROTOCOL = "kernelbench"
# verdicts recorded before the protocol was: fp32 truth and baselines, the GPU lead, i.e. the strict way
UNRECORDED_PROTOCOL = "strict"


def verdict_protocol(verdict: Mapping[str, Any]) -> str:
    """The protocol a verdict dict records (its own ``protocol`` field, else its policy's); verdicts that record
    none were judged before protocols existed and count as `UNRECORDED_PROTOCOL`."""
    policy = verdict.get("policy") or {}
    return str(verdict.get("protocol") or (policy.get("protocol") if isinstance(policy, Mapping) else None)
               or UNRECORDED_PROTOCOL)  # fmt: skip
